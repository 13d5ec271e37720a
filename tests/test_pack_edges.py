"""Packs at the edges (issue 21): read in linear time, accepted by every command that takes a
puzzle (with --id) up to the pack cap, and any id."""

from __future__ import annotations

import pytest

from portia_tui.core.io import formats
from portia_tui.core.io.formats import common
from portia_tui.core.packs.pack import Pack, PackPuzzle, dumps_pack, loads_pack

from .conftest import REPO

SHIPPED = sorted((REPO / "puzzles").glob("*.toml"))


def _pack(count: int, ids=None, classic: bool = False) -> Pack:
    puzzles = [formats.load(path) for path in SHIPPED]
    puzzles = [p for p in puzzles if p.thesis_only or not classic]
    ids = ids or [f"{i + 1:04d}" for i in range(count)]
    return Pack("Many", tuple(PackPuzzle(pid, puzzles[i % len(puzzles)], "steady", 1.0)
                              for i, pid in enumerate(ids[:count])))


class _Counted(tuple):
    """A text's lines that count how many times a line is looked at."""

    looked = 0

    def __getitem__(self, index):
        _Counted.looked += 1
        return super().__getitem__(index)


def test_reading_a_pack_looks_at_each_line_a_bounded_number_of_times(monkeypatch):
    """Reading a pack was quadratic: each puzzle without a `rules` key looked for one down to
    the end of the pack (4,000 puzzles took 36 s)."""
    text = dumps_pack(_pack(300, classic=True))  # no `rules` key anywhere
    lines = text.count("\n") + 1
    counted = _Counted(text.split("\n"))
    real = common.lines_of
    monkeypatch.setattr(common, "lines_of", lambda t: counted if t is text else real(t))
    _Counted.looked = 0
    back = loads_pack(text)
    assert len(back.puzzles) == 300
    assert _Counted.looked <= 8 * lines, (_Counted.looked, lines)


def test_reading_a_copy_of_the_same_pack_again_is_as_quick():
    """The lines of the last text were cached by equality: reading a second copy of a pack
    compared the whole text with the first at each of thousands of look-ups (a pack read
    twice in one process took five times as long the second time)."""
    compared = []

    class Text(str):
        def __eq__(self, other):
            compared.append(1)
            return str.__eq__(self, other)

        __hash__ = str.__hash__

    text = dumps_pack(_pack(300, classic=True))
    loads_pack(Text(text))
    loads_pack(Text(text))  # an equal copy, as a second read of the file gives
    assert len(compared) < 10


def test_a_pack_read_in_outline_shows_what_the_full_reading_shows():
    """`pack list` reads each puzzle's outline (caskets, counts, rules, m, metadata; no
    sentence): everything the list shows equals what the full reading gives, rules and
    Bellini/Cellini puzzles included."""
    text = dumps_pack(_pack(len(SHIPPED) * 2))
    full, outline = loads_pack(text), loads_pack(text, sentences=False)
    assert len(outline.puzzles) == len(full.puzzles) == len(SHIPPED) * 2
    for a, b in zip(full.puzzles, outline.puzzles):
        assert (a.id, a.title, a.difficulty, a.rating, a.solution) == \
            (b.id, b.title, b.difficulty, b.rating, b.solution)
        assert (a.puzzle.layout, a.puzzle.rules, a.puzzle.shape, a.puzzle.rules_said) == \
            (b.puzzle.layout, b.puzzle.rules, b.puzzle.shape, b.puzzle.rules_said)
        assert b.puzzle.empty_slots == tuple(range(b.puzzle.size))  # no sentence was read


def test_pack_list_reads_no_sentence_and_pack_check_reads_them_all(tmp_path, capsys):
    """A statement no one can read: `pack list` (which shows no statement) lists the pack;
    `pack check` and `solve` point at the sentence's line."""
    text = dumps_pack(_pack(3, classic=True))
    first = next(line for line in text.splitlines() if line.strip().startswith('"The'))
    bad = text.replace(first, '    "The portrait is under the sofa",', 1)
    path = tmp_path / "pack.toml"
    path.write_text(bad)
    assert main(["pack", "list", str(path)]) == 0
    assert capsys.readouterr().out.count("Portia-") == 3
    line = bad.splitlines().index('    "The portrait is under the sofa",') + 1
    for argv in (["pack", "check", str(path)], ["solve", str(path)]):
        assert main(argv) == 2
        assert f"pack.toml:{line}: unknown statement" in _one_line(capsys)


# --------------------------------------------------------------------------- every command
from portia_tui.cli import main  # noqa: E402
from portia_tui.core.io.files import SMALL_LIMIT  # noqa: E402
from portia_tui.core.io.formats.code import encode  # noqa: E402


@pytest.fixture(scope="module")
def big_pack(tmp_path_factory):
    """A pack over the puzzle cap (1 MiB), whose ids include 'x/y'."""
    ids = ["x/y"] + [f"{i:04d}" for i in range(1, 9000)]
    per_puzzle = len(dumps_pack(_pack(100, ids)).encode()) / 100
    text = dumps_pack(_pack(int(SMALL_LIMIT / per_puzzle * 1.2), ids))
    assert len(text.encode()) > SMALL_LIMIT
    path = tmp_path_factory.mktemp("big") / "big.toml"
    path.write_text(text)
    return path


@pytest.fixture(scope="module")
def big_read(big_pack) -> Pack:
    """The big pack as read (once: a frozen Pack), for the puzzles a command should pick."""
    return loads_pack(big_pack.read_text())


def _one_line(capsys) -> str:
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.mark.parametrize("command", [
    ["solve"], ["solve", "--json"], ["check"], ["code"], ["cnf"], ["repair"], ["hint"],
    ["clue"], ["assist", "--slot", "1", "--target", "gold"]])
def test_every_command_takes_one_puzzle_of_a_pack_over_the_puzzle_cap(big_pack, capsys,
                                                                       command):
    assert main([*command, str(big_pack), "--id", "x/y"]) in (0, 1)
    out, err = capsys.readouterr()
    assert out and "Traceback" not in err


def test_convert_takes_one_puzzle_of_a_pack(big_pack, big_read, tmp_path, capsys):
    out = tmp_path / "one.toml"
    assert main(["convert", str(big_pack), "--id", "0003", str(out)]) == 0
    assert formats.load(out).caskets == big_read.by_id("0003").puzzle.caskets


@pytest.mark.parametrize("command", [["code"], ["cnf"], ["repair"], ["convert"]])
def test_a_pack_without_an_id_is_one_line_naming_a_few_ids(big_pack, tmp_path, capsys,
                                                           command):
    args = [*command, str(big_pack)] + ([str(tmp_path / "o.json")] if command == ["convert"]
                                        else [])
    assert main(args) == 2
    line = _one_line(capsys)
    assert "--id" in line and "in all" in line and len(line) < 300


def test_an_id_on_one_puzzle_is_one_line(capsys):
    assert main(["solve", str(SHIPPED[0]), "--id", "1"]) == 2
    assert "not a pack" in _one_line(capsys)


def test_edit_a_pack_puzzle_whose_id_has_a_slash(big_pack, monkeypatch):
    """`portia edit PACK --id "x/y"` raised ValueError from Path.with_name."""
    from portia_tui.app.editor.app import EditorApp

    opened = []
    monkeypatch.setattr(EditorApp, "run", lambda self: opened.append(self.model.source))
    assert main(["edit", str(big_pack), "--id", "x/y"]) == 0
    assert opened == [big_pack.with_name("big-x-y.toml")]


def test_play_one_puzzle_of_a_pack(big_pack, big_read, monkeypatch):
    from portia_tui.app.play import PlayApp

    played = []
    monkeypatch.setattr(PlayApp, "run", lambda self: played.append(self.pack))
    assert main(["play", str(big_pack), "--id", "0002"]) == 0
    assert [e.puzzle.caskets for e in played[0].puzzles] == [big_read.by_id("0002").puzzle.caskets]


@pytest.mark.parametrize("command", [["solve"], ["check"], ["solve", "--json"], ["hint"],
                                     ["clue"], ["cnf"], ["repair"]])
def test_solve_and_check_take_a_share_code(capsys, command):
    shared = encode(formats.load(REPO / "puzzles" / "smullyan-first.toml"))
    assert main([*command, shared]) == 0
    out = capsys.readouterr().out
    assert "silver" in out or command in (["cnf"], ["repair"], ["clue"]) and "Traceback" not in out


# --------------------------------------------------------------------------- drafts
DRAFT = ('m = 0\n[[caskets]]\nname = "gold"\nstatements = ["The portrait is in this casket"]\n'
         '[[caskets]]\nname = "silver"\nstatements = [""]\n[[caskets]]\nname = "lead"\n'
         'statements = ["The portrait is in this casket"]\n')


def test_a_draft_is_never_valid_in_json(tmp_path, capsys):
    """Its empty slot left one casket fitting, and `solve --json` said "valid": true."""
    import json

    path = tmp_path / "draft.toml"
    path.write_text(DRAFT)
    assert main(["solve", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["valid"] is False and data["complete"] is False


@pytest.mark.parametrize("as_code", [False, True])
def test_the_player_refuses_a_draft_in_one_line(tmp_path, capsys, monkeypatch, as_code):
    from portia_tui.app.play import PlayApp

    played = []
    monkeypatch.setattr(PlayApp, "run", lambda self: played.append(self))
    path = tmp_path / "draft.toml"
    path.write_text(DRAFT)
    arg = encode(formats.load(path)) if as_code else str(path)
    assert main(["play", arg]) == 2
    assert not played
    line = _one_line(capsys)
    assert line.startswith(f"{arg}: a draft (incomplete: 1 empty slot) cannot be played")


def test_the_player_refuses_a_pack_holding_a_draft(tmp_path, capsys, monkeypatch):
    from portia_tui.app.play import PlayApp

    monkeypatch.setattr(PlayApp, "run", lambda self: None)
    draft = formats.loads(DRAFT, "native")
    path = tmp_path / "pack.toml"
    path.write_text(dumps_pack(Pack("p", (PackPuzzle("001", formats.load(SHIPPED[0])),
                                          PackPuzzle("002", draft)))))
    assert main(["play", str(path)]) == 2
    assert "puzzle 002 is a draft" in _one_line(capsys)
