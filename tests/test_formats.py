"""Reading and writing puzzles; every kind of bad input gets one clear line."""

from __future__ import annotations

import json

import pytest

from portia_tui.cli import main
from portia_tui.core.io import formats
from portia_tui.core.errors import FormatError
from portia_tui.core.language.model import default_puzzle

SMULLYAN = """Portia 1, There are 1 true statements
The portrait is in this casket
The portrait is not in this casket
The portrait is not in the gold casket
"""


def write(tmp_path, name, text, mode="w"):
    path = tmp_path / name
    if mode == "wb":
        path.write_bytes(text)
    else:
        path.write_text(text)
    return path


def one_error(capsys, path, *extra):
    code = main(["solve", str(path), *extra])
    out = capsys.readouterr()
    assert code == 2
    assert out.out == ""
    lines = out.err.strip().splitlines()
    assert len(lines) == 1, out.err
    assert "Traceback" not in out.err
    return lines[0]


# ----------------------------------------------------------------------------- accepted
def test_text_format_reads_smullyan(tmp_path):
    p = formats.load(write(tmp_path, "s.txt", SMULLYAN))
    assert p.names == ("gold", "silver", "lead") and p.m == 1 and p.n == 1
    assert p.caskets == default_puzzle().caskets


def test_text_format_is_forgiving(tmp_path):
    text = ("\r\n\r\nPORTIA 1, there is 1 TRUE statement\r\n\r\n"
            "the portrait is IN this casket.\r\n  The portrait is not in  this casket \r\n\r\n"
            "The portrait is not in the Gold casket\r\n\r\n")
    p = formats.load(write(tmp_path, "s.txt", text))
    assert p.caskets == default_puzzle().caskets and p.m == 1


def test_singular_and_plural_both_read(tmp_path):
    text = ("Portia 2, There are 2 true statements\n"
            "The statement on the silver casket is true\nThe other statements on this casket are false\n"
            "The statements on the lead casket is false\nThe portrait is in this casket\n"
            "The other statement on this casket is true\nThe portrait is not in the gold casket\n")
    p = formats.load(write(tmp_path, "p.txt", text))
    # written back in the grammatical form
    assert p.sentence(0) == "The statements on the silver casket are true"
    assert p.sentence(1) == "The other statement on this casket is false"


def test_export_writes_the_header_the_toolkit_reads(tmp_path):
    p = default_puzzle()
    assert formats.dumps(p, "text").splitlines()[0] == "Portia 1, There are 1 true statements"


@pytest.mark.parametrize("ext", [".toml", ".txt", ".json"])
def test_round_trip(tmp_path, ext):
    p = default_puzzle()
    formats.save(p, tmp_path / f"x{ext}")
    q = formats.load(tmp_path / f"x{ext}")
    assert q.caskets == p.caskets and q.m == p.m


def test_native_keeps_metadata(tmp_path):
    p = default_puzzle().with_meta(title='A "quoted" title', notes="two\nlines")
    formats.save(p, tmp_path / "x.toml")
    assert formats.load(tmp_path / "x.toml") == p


def test_native_reads_any_caskets_and_unequal_counts(tmp_path):
    text = """format = 1
m = 2
[[caskets]]
name = "Copper"
statements = ["The portrait is in this casket", "The other statement on this casket is false"]
[[caskets]]
name = "tin"
statements = ["The statements on the copper casket are true"]
[[caskets]]
name = "iron"
statements = ["The portrait is not in the tin casket"]
[[caskets]]
name = "zinc"
statements = ["The statement on the iron casket is false"]
"""
    p = formats.load(write(tmp_path, "x.toml", text))
    assert p.names == ("copper", "tin", "iron", "zinc") and p.layout.counts == (2, 1, 1, 1)
    assert p.n is None
    with pytest.raises(FormatError, match="gold, silver and lead"):
        formats.save(p, tmp_path / "x.txt")


def test_thesis_json_matches_the_toolkit_shape(tmp_path):
    data = json.loads(formats.dumps(default_puzzle(), "thesis_json"))
    assert data == {
        "portia": 1,
        "true_statements": 1,
        "caskets": {
            "gold": [{"contains_portrait": True, "mentioned_casket": "gold"}],
            "silver": [{"contains_portrait": False, "mentioned_casket": "silver"}],
            "lead": [{"contains_portrait": False, "mentioned_casket": "gold"}],
        },
    }


def test_saves_never_overwrite_without_force(tmp_path):
    path = write(tmp_path, "keep.toml", "precious")
    with pytest.raises(FormatError, match="already exists"):
        formats.save(default_puzzle(), path)
    assert path.read_text() == "precious"
    formats.save(default_puzzle(), path, force=True)
    assert formats.load(path) == default_puzzle()
    assert [p.name for p in tmp_path.iterdir()] == ["keep.toml"]  # no temporary left


# ----------------------------------------------------------------------------- rejected
BAD_TEXT = [
    ("empty", "", ":1: the file is empty"),
    ("blank", "\n\n  \n", ":1: the file is empty"),
    ("header", "Portia one, There are 1 true statements\nx\n", ":1: bad header"),
    ("few", SMULLYAN.rsplit("\n", 2)[0] + "\n", ":3: too few statements"),
    ("many", SMULLYAN + "The portrait is in this casket\n", ":5: too many statements"),
    ("sentence", SMULLYAN.replace("The portrait is not in this casket", "Silver is shiny"),
     ":3: unknown statement 'Silver is shiny'"),
    ("casket", SMULLYAN.replace("not in the gold", "not in the brass"),
     ":4: unknown casket 'brass'"),
    ("own", SMULLYAN.replace("The portrait is not in this casket",
                             "The statement on the silver casket is true"),
     ":3: a statement on the silver casket may not speak of its own casket"),
    ("other1", SMULLYAN.replace("The portrait is in this casket",
                                "The other statement on this casket is true"),
     ":2: 'the other statements' needs two or more statements on the gold casket"),
    ("m", SMULLYAN.replace("There are 1", "There are 4"), ":1: m = 4 is out of range"),
    ("n0", "Portia 0, There are 0 true statements\n", ":1: n = 0"),
]


@pytest.mark.parametrize("name,text,want", BAD_TEXT, ids=[b[0] for b in BAD_TEXT])
def test_bad_text_files(tmp_path, capsys, name, text, want):
    path = write(tmp_path, f"{name}.txt", text)
    line = one_error(capsys, path)
    assert line.startswith(str(path) + ":")
    assert want in line


BAD_TOML = [
    ("syntax", "format = 1\nm = \n", ":2: TOML syntax"),
    ("type", 'format = 1\nm = "one"\n[[caskets]]\nname="gold"\nstatements=["The portrait is in this casket"]\n',
     ":2: m must be a whole number"),
    ("range", 'm = 3\n[[caskets]]\nname="gold"\nstatements=["The portrait is in this casket"]\n'
              '[[caskets]]\nname="lead"\nstatements=["The portrait is in this casket"]\n',
     ":1: m = 3 is out of range"),
    ("unknown", 'm = 0\n[[caskets]]\nname="gold"\nstatements=["The portrait is in this casket"]\n'
                '[[caskets]]\nname="lead"\nstatements=["The statements on the tin casket are true"]\n',
     ":7: unknown casket 'tin'"),
    ("empty-casket", 'm = 0\n[[caskets]]\nname="gold"\nstatements=[]\n', ":4: the gold casket holds no statement"),
    ("key", 'm = 0\ncolour = "red"\n', ":2: unknown key 'colour'"),
    ("version", 'format = 9\nm = 0\n', ":1: unsupported format"),
    # the reader names every format portia reads (it said "format = 1 or 2", not 3)
    ("version-3", 'format = "3"\nm = 0\n', "reads format = 1 or 2 (caskets) or 3 (truth "),
    ("dup", 'm = 0\n[[caskets]]\nname="gold"\nstatements=["The portrait is in this casket"]\n'
            '[[caskets]]\nname="Gold"\nstatements=["The portrait is in this casket"]\n',
     ":6: two caskets are named 'gold'"),
]


@pytest.mark.parametrize("name,text,want", BAD_TOML, ids=[b[0] for b in BAD_TOML])
def test_bad_toml_files(tmp_path, capsys, name, text, want):
    path = write(tmp_path, f"{name}.toml", text)
    assert want in one_error(capsys, path)


def test_bad_json(tmp_path, capsys):
    assert ":2: JSON syntax" in one_error(capsys, write(tmp_path, "a.json", "{\n,}"))
    data = json.loads(formats.dumps(default_puzzle(), "thesis_json"))
    data["caskets"]["lead"] = []
    assert "the lead casket holds 0 statements" in one_error(
        capsys, write(tmp_path, "b.json", json.dumps(data, indent=2)))


def test_binary_missing_and_unknown_files(tmp_path, capsys):
    assert one_error(capsys, write(tmp_path, "b.txt", b"\x00\x01\x02", "wb")).endswith(
        "binary file, not a puzzle")
    assert one_error(capsys, tmp_path / "nope.toml") == f"{tmp_path / 'nope.toml'}: no such file"
    assert "unknown file type '.pdf'" in one_error(capsys, write(tmp_path, "x.pdf", "x"))
    assert "not UTF-8" in one_error(capsys, write(tmp_path, "l.txt", b"Portia 1\n\xff\xfe", "wb"))


def test_m_option_out_of_range(tmp_path, capsys):
    path = write(tmp_path, "s.txt", SMULLYAN)
    assert "--m 9 is out of range" in one_error(capsys, path, "--m", "9")


from hypothesis import given  # noqa: E402

from .strategies import puzzles  # noqa: E402


@given(puzzles(max_statements=12, equal=True, caskets=3))
def test_random_classic_puzzles_round_trip_every_format(puzzle):
    assert puzzle.is_classic  # the strategy names three caskets gold, silver, lead
    for fmt in ("native", "text", "thesis_json"):
        text = formats.dumps(puzzle, fmt)
        again = formats.loads(text, fmt)
        assert again.caskets == puzzle.caskets and again.m == puzzle.m


@given(puzzles(max_statements=12))
def test_random_puzzles_of_any_shape_round_trip_toml(puzzle):
    assert formats.loads(formats.dumps(puzzle, "native"), "native") == puzzle


def test_save_onto_a_folder_is_one_error_even_with_force(tmp_path):
    folder = tmp_path / "taken.toml"
    folder.mkdir()
    for force in (False, True):
        with pytest.raises(FormatError, match="is a folder"):
            formats.save(default_puzzle(), folder, force=force)
    assert list(folder.iterdir()) == []


def test_a_refused_write_is_a_format_error_and_leaves_no_temporary(tmp_path, monkeypatch):
    import errno
    import os

    def refuse(*_args):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(os, "replace", refuse)
    monkeypatch.setattr(os, "link", refuse)
    for force in (False, True):
        with pytest.raises(FormatError, match="cannot write: Read-only file system"):
            formats.save(default_puzzle(), tmp_path / "p.toml", force=force)
        assert list(tmp_path.iterdir()) == []


def test_quoted_toml_keys_are_located_too(tmp_path):
    text = formats.dumps(default_puzzle(), "native").replace("m = 1", '"m" = "one"')
    with pytest.raises(FormatError) as err:
        formats.loads(text, "native", "q.toml")
    assert err.value.line == text.split("\n").index('"m" = "one"') + 1


def test_partial_puzzle_round_trips_in_toml_only(tmp_path):
    from portia_tui.core.io.formats import dumps, loads
    from portia_tui.core.language.model import blank_puzzle
    from portia_tui.core.language.vocabulary import Statement

    draft = blank_puzzle(3, n=2).with_statement(1, 0, Statement("true", "gold"))
    text = dumps(draft, "native")
    assert 'statements = [\n    "",' in text or '""' in text
    assert "m =" not in text  # m still open
    again = loads(text, "native")
    assert again == draft and again.empty_slots == (0, 1, 3, 4, 5)
    for fmt in ("text", "thesis_json", "dimacs"):
        with pytest.raises(FormatError, match="incomplete: 5 empty slots and m is open"):
            dumps(draft, fmt)


def test_line_of_counts_from_one_and_reaches_the_last_line():
    from portia_tui.core.io.formats.common import line_of

    text = "alpha\nbeta\ngamma"
    assert line_of(text, "alpha") == 1  # the default start is the first line
    assert line_of(text, "gamma") == 3 and line_of(text, "gamma", 3) == 3
    assert line_of(text, "alpha", 2) is None and line_of(text, "delta") is None
    assert line_of(text, "gamma", 0) == 3  # a start before the first line is the first line


def test_key_line_finds_bare_and_quoted_keys_to_the_last_line():
    from portia_tui.core.io.formats.common import key_line

    text = 'title = "x"\n"m" = 2\n[[caskets]]\nname = "gold"'
    assert key_line(text, "title") == 1 and key_line(text, "m") == 2
    assert key_line(text, "name") == 4 and key_line(text, "name", 0) == 4
    assert key_line(text, "title", 2) is None


def test_a_target_names_one_of_the_caskets():
    from portia_tui.core.errors import FormatError

    good = formats.dumps(default_puzzle(), "native").replace("m = ", 'target = "Lead"\nm = ', 1)
    assert formats.loads(good, "native").target == "lead"
    again = formats.dumps(formats.loads(good, "native"), "native")  # the target is written back
    assert 'target = "lead"' in again and formats.loads(again, "native").target == "lead"
    bad = good.replace('"Lead"', '"tin"')
    with pytest.raises(FormatError, match="target 'tin' is not one of the caskets"):
        formats.loads(bad, "native")
