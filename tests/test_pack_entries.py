"""One entry of a pack without building the others (issue 21: every command takes a pack up
to the cap, 100,000 puzzles, and any id): `--id` reads the pack's head and that entry alone,
`pack list` reads one entry at a time. What they give is what the whole read gives."""

from __future__ import annotations

import pytest

from portia_tui.cli import main
from portia_tui.core.errors import FormatError
from portia_tui.core.io import formats
from portia_tui.core.packs import pack as packs
from portia_tui.core.packs.pack import Pack, PackPuzzle, dumps_pack, loads_entry, loads_pack

from .conftest import REPO

SHIPPED = sorted((REPO / "puzzles").glob("*.toml"))
#: ids the README allows: any string (a slash, quotes, spaces, a hash, non-ASCII)
ODD_IDS = ["x/y", "it's", 'say "hi"', "a # b", "café", "[[puzzles]]", " ", "0001", "back\\slash"]


def _pack(ids) -> Pack:
    puzzles = [formats.load(path) for path in SHIPPED]
    return Pack("Odd ids", tuple(PackPuzzle(pid, puzzles[i % len(puzzles)], "steady", 1.0,
                                            None) for i, pid in enumerate(ids)), "someone")


@pytest.fixture(scope="module")
def odd():
    return dumps_pack(_pack(ODD_IDS))


def test_each_id_gives_the_entry_the_whole_read_gives(odd, monkeypatch):
    """Only the chosen entry is built (the whole read built 100,455 at the cap: 133 s)."""
    whole = loads_pack(odd, "p.toml")
    built = []
    real = packs._casket_entry
    monkeypatch.setattr(packs, "_casket_entry", lambda *a: built.append(a[1]) or real(*a))
    for pid in ODD_IDS:
        built.clear()
        one, ids = loads_entry(odd, "p.toml", pid)
        assert one.puzzles == (whole.by_id(pid),) and ids == tuple(ODD_IDS)
        assert (one.title, one.author) == (whole.title, whole.author)
        assert built == [pid]
    assert loads_entry(odd, "p.toml", "nobody")[0].puzzles == ()


HAND = '''format = 1
type = "pack"
title = "By hand"

[[puzzles]]
title = "No id: it is 001"
m = 1
[[puzzles.caskets]]
name = "gold"
statements = ["The portrait is in this casket"]
[[puzzles.caskets]]
name = "silver"
statements = ["The portrait is not in this casket"]

[[ puzzles ]]   # an id that is a number, not first
m = 1
id = 7
[[puzzles.caskets]]
name = "gold"
statements = ["The portrait is not in this casket"]
[[puzzles.caskets]]
name = "silver"
statements = ["The portrait is not in the gold casket"]

[[puzzles]]
'id' = 'lit\\eral'
m = 1
[[puzzles.caskets]]
name = "gold"
statements = ["The portrait is in the silver casket"]
[[puzzles.caskets]]
name = "silver"
statements = ["The portrait is in this casket"]
'''


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_entries_written_by_hand(newline):
    text = HAND.replace("\n", newline)
    whole = loads_pack(text, "h.toml")
    assert [p.id for p in whole.puzzles] == ["001", "7", "lit\\eral"]
    for entry in whole.puzzles:
        assert loads_entry(text, "h.toml", entry.id)[0].puzzles == (entry,)
    head, entries = packs.iter_entries(text, "h.toml")
    assert tuple(entries) == whole.puzzles and head.title == "By hand"


def _error(text: str, pid: str | None) -> str:
    with pytest.raises(FormatError) as got:
        if pid is None:
            loads_pack(text, "p.toml")
        else:
            loads_entry(text, "p.toml", pid)
    return str(got.value)


@pytest.mark.parametrize("old, new", [("rating = 1.0", "rating = -1.0"),
                                      ('"The ', '"Thee '), ("name = ", "nome = ")])
def test_a_bad_entry_gives_the_line_the_whole_read_gives(odd, old, new):
    start = odd.index('id = "caf')
    stop = odd.index("[[puzzles]]", start)
    bad = odd[:start] + odd[start:stop].replace(old, new, 1) + odd[stop:]
    said = _error(bad, "café")
    assert said == _error(bad, None) and said.startswith("p.toml:")
    assert int(said.split(":")[1]) > odd.count("\n", 0, start)  # a line of that entry


def test_two_entries_with_one_id_and_a_broken_table(odd):
    twice = odd.replace('id = "0001"', 'id = "x/y"')
    assert _error(twice, "café") == _error(twice, None)
    broken = odd.replace('title = "Odd ids"', 'title = "Odd ids', 1)
    assert _error(broken, "café").startswith("p.toml:3:")


def test_solve_takes_any_id_and_refuse_an_unknown_one(tmp_path, odd, capsys):
    path = tmp_path / "odd.toml"
    path.write_text(odd)
    for pid in ("[[puzzles]]", 'say "hi"', "a # b"):
        assert main(["solve", str(path), "--id", pid]) in (0, 1)
        assert "Traceback" not in capsys.readouterr().err
    assert main(["solve", str(path), "--id", "nobody"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no puzzle with id 'nobody'" in err and "x/y" in err


def test_pack_list_prints_nothing_but_the_line_for_a_bad_entry(tmp_path, odd, capsys):
    path = tmp_path / "odd.toml"
    path.write_text(odd.replace("rating = 1.0", "rating = -1.0"))
    assert main(["pack", "list", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"{path}:") and "rating must be" in err
    path.write_text(odd)
    assert main(["pack", "list", str(path)]) == 0
    assert capsys.readouterr().out.count("\n") == len(ODD_IDS) + 1


def test_a_command_that_takes_one_puzzle_names_the_ids_without_building_them(
        tmp_path, odd, capsys, monkeypatch):
    path = tmp_path / "odd.toml"
    path.write_text(odd)
    built = []
    real = packs._casket_entry
    monkeypatch.setattr(packs, "_casket_entry", lambda *a: built.append(a[1]) or real(*a))
    for command in (["code"], ["repair"], ["assist", "--slot", "1"]):
        assert main([*command, str(path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "--id" in err and "x/y, it's" in err
    assert len(built) <= 3  # the first entry, read to check the pack is one
