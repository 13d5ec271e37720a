"""Packs end to end: generate -o, pack check, export to every format, read back."""

from __future__ import annotations

import json
import re

import pytest

from portia_tui.cli import main
from portia_tui.core.io import formats
from portia_tui.core.solve import sat
from portia_tui.core.explain.difficulty import DIFFICULTIES
from portia_tui.core.packs.export import export_pack, to_html, to_markdown
from portia_tui.core.packs.generator import Settings, generate
from portia_tui.core.packs.pack import build_pack
from portia_tui.core.packs.pack import (canonical_key, check_pack, dumps_pack, load_pack, loads_pack,
                                  save_pack)


@pytest.fixture
def pack_file(tmp_path):
    path = tmp_path / "pack.toml"
    assert main(["generate", "-n", "3", "--count", "8", "--seed", "11", "-o", str(path),
                 "--title", "Eight <caskets> & more", "--author", "Tester"]) == 0
    return path


def test_pack_holds_everything(pack_file):
    pack = load_pack(pack_file)
    text = pack_file.read_text()
    assert pack.title == "Eight <caskets> & more" and pack.author == "Tester"
    assert re.match(r"\d{4}-\d\d-\d\dT", pack.created)
    assert pack.generator["seed"] == 11 and pack.generator["n"] == 3
    assert len(pack.puzzles) == 8
    for e in pack.puzzles:
        assert e.puzzle.n == 3 and e.difficulty in DIFFICULTIES
        assert e.title == f"Puzzle {e.id}"
        assert sat.analyse(e.puzzle).solution_names() == [e.solution]
        # the answer is not written in clear next to the puzzle
        assert f'solution = "{e.solution}"' not in text
    assert len({canonical_key(e.puzzle) for e in pack.puzzles}) == 8


def test_pack_check_passes_and_fails(pack_file, tmp_path, capsys):
    assert main(["pack", "check", str(pack_file)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 8 and all(": ok," in line for line in out)
    # tamper: change the first puzzle's m so it loses its unique solution or its answer
    pack = load_pack(pack_file)
    first = pack.puzzles[0]
    bad_m = next(m for m in range(first.puzzle.size + 1)
                 if sat.analyse(first.puzzle).solution_names(m) != [first.solution])
    from dataclasses import replace

    broken = replace(pack, puzzles=(replace(first, puzzle=first.puzzle.with_m(bad_m)),)
                     + pack.puzzles[1:] + (pack.puzzles[1],))
    broken = replace(broken, puzzles=broken.puzzles[:-1]
                     + (replace(pack.puzzles[1], id="999"),))
    bad = tmp_path / "bad.toml"
    save_pack(broken, bad)
    assert main(["pack", "check", str(bad)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert "FAIL" in lines[0]
    assert "FAIL" in lines[-1] and "same puzzle as 002" in lines[-1]
    assert sum("FAIL" in line for line in lines) == 2


def test_export_every_format_round_trip(pack_file, tmp_path, capsys):
    pack = load_pack(pack_file)
    md, html = tmp_path / "p.md", tmp_path / "p.html"
    for fmt, out in (("md", md), ("html", html)):
        assert main(["pack", "export", str(pack_file), "--format", fmt, "--out", str(out),
                     "--solutions", "full", "--order", "pack"]) == 0
    md_text, html_text = md.read_text(), html.read_text()
    # puzzles first, then solutions with explanations
    assert md_text.index("## Solutions") > md_text.index("## 8. Puzzle 008")
    assert "Suppose the portrait is in the gold casket." in md_text
    for e in pack.puzzles:
        assert f"The portrait is in the **{e.solution}** casket." in md_text
        assert e.puzzle.sentence(0) in md_text
    assert "<style>" in html_text and "@media print" in html_text
    assert "Eight &lt;caskets&gt; &amp; more" in html_text
    assert "<caskets>" not in html_text
    assert html_text.index('id="solutions"') > html_text.index('id="p008"')
    for fmt in ("txt", "json"):
        folder = tmp_path / fmt
        assert main(["pack", "export", str(pack_file), "--format", fmt, "--out",
                     str(folder)]) == 0
        files = sorted(folder.iterdir())
        assert [f.name for f in files] == [f"{e.id}.{fmt}" for e in pack.puzzles]
        for e, f in zip(pack.puzzles, files):
            back = formats.load(f)
            assert canonical_key(back) == canonical_key(e.puzzle)
            assert sat.analyse(back).solution_names() == [e.solution]
        if fmt == "json":
            assert json.loads(files[0].read_text())["portia"] == 3


def test_export_refuses_to_overwrite(pack_file, tmp_path, capsys):
    out = tmp_path / "p.md"
    assert main(["pack", "export", str(pack_file), "--format", "md", "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["pack", "export", str(pack_file), "--format", "md", "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "already exists" in err[0]
    assert main(["pack", "export", str(pack_file), "--format", "md", "--out", str(out),
                 "--force"]) == 0
    folder = tmp_path / "t"
    assert main(["pack", "export", str(pack_file), "--format", "txt", "--out", str(folder)]) == 0
    assert main(["pack", "export", str(pack_file), "--format", "txt", "--out", str(folder)]) == 2
    assert main(["pack", "export", str(pack_file), "--format", "txt", "--out", str(folder),
                 "--force"]) == 0


def test_thesis_exports_skip_what_the_thesis_formats_cannot_hold(tmp_path):
    # the thesis text and JSON hold gold, silver and lead only (issue 11: json wrote copper)
    s = Settings(n=2, caskets=4, count=3, seed=1).check()
    pack = build_pack(generate(s), s)
    for fmt in ("txt", "json"):
        with pytest.raises(Exception, match="no puzzle of this pack fits"):
            export_pack(pack, fmt, tmp_path / fmt)
        assert not (tmp_path / fmt).exists()


def test_generate_output_refuses_overwrite(pack_file, capsys):
    assert main(["generate", "--seed", "1", "-o", str(pack_file)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "already exists" in err[0]


def test_same_seed_same_output(capsys, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    args = ["generate", "-n", "4", "--count", "5", "--seed", "99", "--difficulty", "steady"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first
    assert main(args[:-1] + ["gentle"]) == 0
    assert capsys.readouterr().out != first
    pack = loads_pack(first)
    assert pack.created.startswith("2023-11-14")
    assert all(e.difficulty == "steady" for e in pack.puzzles)


def test_stdout_text(capsys):
    assert main(["generate", "--seed", "3", "--print", "text", "--count", "2"]) == 0
    out = capsys.readouterr().out
    assert out.count("Portia 3, There ") == 2


@pytest.mark.parametrize("args", [
    ["-n", "11", "--no-repeats"],
    ["--solution", "tin"],
    ["-n", "1", "--difficulty", "fiendish"],
    ["--m", "10"],
    ["--caskets", "1"],
    ["--caskets", "100000", "-n", "1"],  # once ran for minutes
    ["-n", "100000", "--caskets", "2"],  # once ran out of memory
    ["-n", "1", "--vocabulary", "portrait", "--count", "400", "--attempts", "500"],
])
def test_cli_impossible_settings_exit_2_one_line(args, capsys):
    try:
        code = main(["generate", "--seed", "1", *args])
    except SystemExit as exc:  # outside an option's range: argparse's one line
        code = exc.code
    assert code == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(("portia: ", "portia generate: error: "))
    assert captured.out == ""


def test_n20_works(capsys):
    assert main(["generate", "-n", "20", "--seed", "5", "--count", "2"]) == 0
    captured = capsys.readouterr()
    assert "may repeat" in captured.err
    pack = loads_pack(captured.out)
    assert all(e.puzzle.n == 20 for e in pack.puzzles)
    assert all(r.ok for r in check_pack(pack))


def test_dumps_loads_round_trip():
    s = Settings(n=3, count=4, seed=8, loops=True).check()
    pack = build_pack(generate(s), s, title="T", created="2026-01-01T00:00:00+00:00")
    back = loads_pack(dumps_pack(pack))
    assert back == pack
    assert to_markdown(back) == to_markdown(pack)
    assert to_html(back).count('<article class="puzzle"') == 4


@pytest.mark.parametrize("fmt", ["md", "txt"])
def test_export_onto_an_unusable_path_is_one_line(pack_file, tmp_path, capsys, fmt):
    taken = tmp_path / "folder"
    taken.mkdir()
    target = taken if fmt == "md" else pack_file  # md onto a folder, txt onto a file
    code = main(["pack", "export", str(pack_file), "--format", fmt, "--out", str(target),
                 "--force"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and err[0].startswith(f"{target}: ")


def test_cnf_and_convert_onto_a_folder_exit_2(tmp_path, capsys):
    folder = tmp_path / "x.toml"
    folder.mkdir()
    from portia_tui.core.language.model import default_puzzle

    src = str(tmp_path / "src.toml")
    formats.save(default_puzzle(), src)
    for argv in (["convert", src, str(folder), "--force"],
                 ["cnf", src, "-o", str(folder), "--force"]):
        assert main(argv) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "is a folder" in err[0]


def test_stored_solutions_keep_their_format():
    """Packs written earlier must still read: the token is the first 12 hex digits."""
    import hashlib

    from portia_tui.core.packs.pack import decode_solution, encode_solution

    token = encode_solution("a1", "gold")
    assert token == hashlib.sha256(b"portia:a1:gold").hexdigest()[:12]
    assert decode_solution("a1", token, ("gold", "silver")) == "gold"
    assert decode_solution("a2", token, ("gold", "silver")) is None


def test_an_inline_puzzles_array_is_reported_on_line_one():
    from portia_tui.core.errors import FormatError

    with pytest.raises(FormatError) as info:  # no [[puzzles]] header to point at
        loads_pack('type = "pack"\nformat = 1\npuzzles = [1]\n', "p.toml")
    assert info.value.line == 1 and "must be a table" in str(info.value)


def test_packs_store_each_puzzles_n():
    s = Settings(n=2, count=2, seed=3).check()
    text = dumps_pack(build_pack(generate(s), s, title="T", created="2026-01-01T00:00:00+00:00"))
    import tomllib

    assert [entry["n"] for entry in tomllib.loads(text)["puzzles"]] == [2, 2]
    head, tail = text.split("[[puzzles]]", 1)
    wrong = head + "[[puzzles]]" + tail.replace("\nn = 2\n", "\nn = 5\n", 1)
    from portia_tui.core.errors import FormatError

    with pytest.raises(FormatError, match=r"n = 5, but its caskets hold \(2, 2, 2\)"):
        loads_pack(wrong, "p.toml")
