"""Issue 11, bad input: every reader is bounded and total (one line `FILE[:LINE]: message`,
exit 2, never a traceback or a hang), and the thesis formats refuse what they cannot hold."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from portia_tui.cli import main
from portia_tui.core.io import formats
from portia_tui.core.errors import FormatError
from portia_tui.core.language.model import default_puzzle
from portia_tui.core.packs.pack import Pack, PackPuzzle, dumps_pack

TOML = formats.dumps(default_puzzle(), "native")
JSON = formats.dumps(default_puzzle(), "thesis_json")
TEXT = formats.dumps(default_puzzle(), "text")


def run(capsys, *argv: str) -> tuple[int, list[str], list[str]]:
    """main() in process: (exit code, stdout lines, stderr lines); SystemExit is a code."""
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 2
    out, err = capsys.readouterr()
    return code, out.splitlines(), err.splitlines()


def one_line(capsys, *argv: str) -> str:
    code, _out, err = run(capsys, *argv)
    assert code == 2 and len(err) == 1, err
    return err[0]


# --------------------------------------------------------------------------- special files
@pytest.mark.parametrize("ext", [".toml", ".txt", ".json"])
def test_a_fifo_is_refused_not_waited_on(tmp_path, capsys, ext):
    fifo = tmp_path / f"pipe{ext}"
    os.mkfifo(fifo)
    for command in ("solve", "check", "play"):
        line = one_line(capsys, command, str(fifo))
        assert line.startswith(f"{fifo}: ") and "named pipe" in line


def test_a_symlink_to_dev_zero_is_refused(tmp_path, capsys):
    link = tmp_path / "zero.toml"
    link.symlink_to("/dev/zero")
    assert "is a device" in one_line(capsys, "solve", str(link))
    assert "is a device" in one_line(capsys, "pack", "list", str(link))


def test_a_huge_file_is_refused_by_its_size(tmp_path, capsys):
    big = tmp_path / "big.toml"
    big.write_text(TOML + "#" * (1 << 20))
    assert "too large" in one_line(capsys, "solve", str(big))


# --------------------------------------------------------------------------- deep, huge
HOSTILE = {
    "deep.toml": "m = 1\nx = " + "[" * 500 + "]" * 500 + "\n",
    "digits.toml": "m = " + "7" * 5000 + "\n",
    "deep.json": "[" * 1000 + "]" * 1000,
    "digits.json": '{"portia": ' + "7" * 5000 + "}",
    "digits.txt": "Portia " + "7" * 5000 + ", There are 1 true statements\n",
    "nan.json": JSON.replace('"true_statements": 1', '"true_statements": NaN'),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_deep_nesting_and_huge_numbers_are_one_line(tmp_path, capsys, name):
    path = tmp_path / name
    path.write_text(HOSTILE[name])
    line = one_line(capsys, "solve", str(path))
    assert line.startswith(f"{path}:") and "Traceback" not in line


def test_check_goes_on_past_a_bad_file(tmp_path, capsys):
    good = tmp_path / "a.toml"
    good.write_text(TOML)
    bad = tmp_path / "bad.toml"
    bad.write_text(HOSTILE["deep.toml"])
    last = tmp_path / "c.toml"
    last.write_text(TOML)
    code, out, err = run(capsys, "check", str(good), str(bad), str(last))
    assert code == 2
    assert [line.split(":")[0] for line in out] == [str(good), str(last)]
    assert len(err) == 1 and err[0].startswith(f"{bad}:")


# --------------------------------------------------------------------------- packs
def pack_text(rating: str) -> str:
    text = dumps_pack(Pack("p", (PackPuzzle("001", default_puzzle(), "gentle", 2.0, "lead"),)))
    return text.replace("rating = 2.0", f"rating = {rating}")


@pytest.mark.parametrize("rating", ["9" * 400, "inf", "nan", "-1.0"])
def test_a_pack_rating_out_of_range_is_one_line(tmp_path, capsys, rating):
    path = tmp_path / "p.toml"
    path.write_text(pack_text(rating))
    for argv in (["pack", "list"], ["pack", "check"], ["pack", "export", "--format", "md",
                                                          "--out", str(tmp_path / "o.md")],
                 ["play"]):
        line = one_line(capsys, *argv, str(path))
        assert line.startswith(f"{path}:") and "rating must be a number" in line


# --------------------------------------------------------------------------- lines, formats
def test_statements_before_name_points_at_its_own_casket(tmp_path):
    text = ('format = 1\nm = 1\n\n[[caskets]]\nname = "gold"\nstatements = ["The portrait is '
            'in this casket"]\n\n[[caskets]]\nstatements = ["The portrait is in the tin '
            'casket"]\nname = "silver"\n\n[[caskets]]\nname = "lead"\nstatements = ["The '
            'portrait is not in the gold casket"]\n')
    with pytest.raises(FormatError) as err:
        formats.loads(text, "native", "s.toml")
    assert err.value.line == 9 and "silver" in err.value.message
    bad_type = text.replace('statements = ["The portrait is in the tin casket"]',
                            'statements = "oops"')
    with pytest.raises(FormatError) as err:
        formats.loads(bad_type, "native", "s.toml")
    assert err.value.line == 9


def test_thesis_json_refuses_a_casket_given_twice(tmp_path):
    data = json.loads(JSON)
    gold = json.dumps(data["caskets"]["gold"])
    text = JSON.replace('"silver":', f'"gold": {gold},\n        "silver":', 1)
    assert len(json.loads(text)["caskets"]) == 3  # what json.loads alone would accept
    with pytest.raises(FormatError, match="given twice") as err:
        formats.loads(text, "thesis_json", "d.json")
    assert err.value.line == text.split("\n").index('        "gold": ' + gold + ",") + 1


def test_thesis_json_export_refuses_other_caskets(tmp_path):
    from portia_tui.core.packs.generator import Settings, generate
    from portia_tui.core.packs.pack import build_pack

    s = Settings(n=1, caskets=4, seed=3).check()
    puzzle = build_pack(generate(s), s).puzzles[0].puzzle
    with pytest.raises(FormatError, match="only gold, silver and lead"):
        formats.save(puzzle, tmp_path / "x.json")
    assert not (tmp_path / "x.json").exists()


# --------------------------------------------------------------------------- argparse
@pytest.mark.parametrize("argv", [["solve"], ["frob"], ["generate", "-n", "x"],
                                  ["pack", "export", "p.toml"], ["solve", "a", "--m", "9" * 5000]])
def test_usage_errors_are_one_line(capsys, argv):
    line = one_line(capsys, *argv)
    assert line.startswith("portia") and ": error: " in line


# --------------------------------------------------------------------------- settings, themes
def test_settings_that_cannot_be_read_fall_back_with_a_notice(cfg):
    from portia_tui.app.settings import Settings

    cfg.mkdir()
    for text in ("theme = " + "[" * 500 + "]" * 500, "theme = " + "1" * 5000):
        (cfg / "settings.toml").write_text(text)
        settings = Settings.load()
        assert settings.theme is None and settings.problem is not None
        assert "\n" not in str(settings.problem) and "settings.toml" in str(settings.problem)
    (cfg / "settings.toml").unlink()
    os.mkfifo(cfg / "settings.toml")
    assert "named pipe" in str(Settings.load().problem)


def test_theme_files_that_cannot_be_read_are_skipped_with_a_problem(tmp_path):
    from portia_tui.app.themes import load_themes

    (tmp_path / "deep.toml").write_text('name = "x"\nv = ' + "[" * 500 + "]" * 500)
    (tmp_path / "huge.toml").write_text('name = "y"\nv = ' + "1" * 5000)
    (tmp_path / "zero.toml").symlink_to("/dev/zero")
    found = load_themes(None, Path(tmp_path), use_defaults=False)
    assert not found.themes
    assert sorted(Path(p.path).name for p in found.problems) == ["deep.toml", "huge.toml"]


def test_a_pack_or_progress_file_is_capped_at_64_mib(tmp_path):
    """Mutation run 6: the large cap is 64 MiB, checked by size before reading (a sparse file
    costs nothing here)."""
    from portia_tui.core.io.files import LARGE_LIMIT, read_bytes

    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate((64 << 20) + 1)
    with pytest.raises(FormatError, match=r"too large .*at most 64 MiB"):
        read_bytes(big, LARGE_LIMIT)


def test_a_file_of_exactly_the_cap_is_read_whole_and_sizes_are_worded(tmp_path):
    """Mutation run 8: the reader takes one byte more than the cap (to see a file that grew),
    so a file of exactly the cap is read whole; sizes over a MiB are said in MiB."""
    from portia_tui.core.io.files import read_bytes

    exact = tmp_path / "exact.toml"
    exact.write_bytes(b"x" * 10)
    assert read_bytes(exact, 10) == b"x" * 10
    big = tmp_path / "big.toml"
    with open(big, "wb") as fh:
        fh.truncate(3 << 20)
    with pytest.raises(FormatError, match=r"too large .*\(3 MiB; at most 1 MiB\)"):
        read_bytes(big, 1 << 20)


def test_the_line_of_a_long_number_or_a_word_json_refuses(tmp_path):
    """Mutation run 8: the line named for a number too long to read (TOML) and for NaN at the
    very start of a JSON text."""
    from portia_tui.core.io.files import parse_json, parse_toml

    with pytest.raises(FormatError) as caught:
        parse_toml("m = 1\nk = " + "9" * 4400 + "\n", "x.toml")
    assert caught.value.line == 2
    with pytest.raises(FormatError) as caught:
        parse_json("NaN", "x.json")
    assert caught.value.line == 1


HUGE = "9" * 5000


@pytest.mark.parametrize("where, line", [
    (f'statements = ["At least {HUGE} of all the statements are true"]', 6),
    (f'statements = ["The portrait is in this casket"]\nrules = ["At most {HUGE} statements '
     'are true"]', None),
])
def test_a_number_of_5000_digits_in_a_sentence_is_one_short_located_line(tmp_path, capsys,
                                                                          where, line):
    """It reached int() and Python's own message came out (issue 21 point 7: "Exceeds the
    limit (4300 digits) for integer string conversion ... use sys.set_int_max_str_digits()",
    with no line): now the sentence is not one portia reads, said with a short excerpt."""
    path = tmp_path / "huge.toml"
    rules, _, statements = where.partition("\nrules")
    head = f"format = 1\nm = 1{chr(10) + 'rules' + statements if statements else ''}\n"
    body = rules if statements else where
    path.write_text(f'{head}\n[[caskets]]\nname = "gold"\n{body}\n\n[[caskets]]\nname = "silver"\n'
                    'statements = ["The portrait is not in this casket"]\n')
    code, _, err = run(capsys, "solve", str(path))
    assert code == 2 and len(err) == 1 and len(err[0]) < 300, err
    assert "int_max_str_digits" not in err[0] and "unknown" in err[0]
    if line is not None:
        assert err[0].startswith(f"{path}:{line}:")
