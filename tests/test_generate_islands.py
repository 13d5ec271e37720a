"""portia generate --family knights-knaves|werewolves|lady-tiger (cli/generate_islands.py):
a puzzle file or a pack, the levels tricky and fiendish reachable, the filters of issue 19
holding in its packs, and every bad argument one line with exit 2."""

from __future__ import annotations

from collections import Counter

import pytest

from portia_tui.cli import main
from portia_tui.core.explain.reasoning import grade
from portia_tui.core.io.formats import load_any
from portia_tui.core.language.world import WorldPuzzle
from portia_tui.core.packs.islands import (IslandSettings, _constant, _symmetric, _wasted,
                                           generate_named, motif)
from portia_tui.core.packs.pack import check_pack, load_pack
from portia_tui.core.solve.general import solve


def _run(capsys, argv):
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_one_puzzle_is_a_puzzle_file(tmp_path, capsys):
    path = tmp_path / "kk.toml"
    code, out, err = _run(capsys, ["generate", "--family", "knights-knaves", "--people", "5",
                                   "--seed", "4", "-o", str(path)])
    assert code == 0 and out == "" and "1 puzzle (" in err and "seed 4" in err
    puzzle = load_any(path)
    assert isinstance(puzzle, WorldPuzzle) and len(puzzle.entities) == 5
    assert solve(puzzle).unique
    assert puzzle.entities[0] != "P1"  # people have names


def test_a_json_puzzle_file_too(tmp_path, capsys):
    path = tmp_path / "lt.json"
    code, _out, _err = _run(capsys, ["generate", "--family", "lady-tiger", "--rooms", "4",
                                     "--seed", "2", "-o", str(path), "-q"])
    assert code == 0
    puzzle = load_any(path)
    assert isinstance(puzzle, WorldPuzzle) and puzzle.entities == ("I", "II", "III", "IV")


@pytest.mark.parametrize("family, size", [("knights-knaves", "--people"),
                                          ("werewolves", "--people"), ("lady-tiger", "--rooms")])
def test_several_make_a_pack_that_checks(tmp_path, capsys, family, size):
    path = tmp_path / "p.toml"
    code, _out, err = _run(capsys, ["generate", "--family", family, size, "3", "--count", "6",
                                    "--seed", "9", "-o", str(path)])
    assert code == 0, err
    pack = load_pack(path)
    assert len(pack.puzzles) == 6 and all(e.is_truth for e in pack.puzzles)
    assert all(r.ok for r in check_pack(pack)), [r.line() for r in check_pack(pack)]
    assert pack.generator["family"] == family and pack.generator["seed"] == 9


def test_the_same_seed_gives_the_same_output(capsys, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764028800")  # the same 'created' both times
    argv = ["generate", "--family", "werewolves", "--people", "4", "--count", "3", "--seed",
            "11"]
    first = _run(capsys, argv)[1]
    assert first and first == _run(capsys, argv)[1]
    assert "created" in first  # a pack on standard output


def test_without_output_one_puzzle_prints_its_toml_or_text(capsys):
    code, out, _err = _run(capsys, ["generate", "--family", "knights-knaves", "--seed", "1"])
    assert code == 0 and out.startswith("format = 3\n") and "[[entities]]" in out
    code, out, _err = _run(capsys, ["generate", "--family", "lady-tiger", "--seed", "1",
                                    "--print", "text"])
    assert code == 0 and "Answer: the lady is in room" in out and "Room I:" in out


def test_a_printed_pack_says_each_heading_once(capsys):
    code, out, _err = _run(capsys, ["generate", "--family", "knights-knaves", "--people", "3",
                                    "--count", "2", "--seed", "1", "--print", "text"])
    assert code == 0
    lines = out.split("\n")
    heads = [line for line in lines if line.startswith("# ")]
    assert [h.split(":")[0] for h in heads] == ["# 001", "# 002"]
    assert all("Puzzle 00" in h and "(" in h for h in heads)  # id, title and level in one line
    assert not any(line.startswith("Puzzle 00") for line in lines)  # not said a second time


@pytest.mark.parametrize("argv, said", [
    (["--family", "lady-tiger", "--people", "3"], "lady-tiger takes --rooms"),
    (["--family", "knights-knaves", "--rooms", "3"], "takes --people"),
    (["--family", "werewolves", "-n", "3"], "-n is not for"),
    (["--family", "knights-knaves", "--caskets", "4"], "--caskets is not for"),
    (["--family", "knights-knaves", "--allow-echoes"], "--allow-echoes is not for"),
    (["--people", "4"], "--people is only for truth puzzles"),
    (["--family", "portia2", "--depth", "2"], "--depth is only for truth puzzles"),
    (["--family", "knights-knaves", "--people", "13"], "out of range: 2 to 12"),
    (["--family", "lady-tiger", "--rooms", "10"], "out of range: 2 to 9"),
    (["--family", "knights-knaves", "--depth", "4"], "out of range: 1 to 3"),
    (["--family", "knights-knaves", "--width", "1"], "out of range: 2 to 3"),
])
def test_bad_arguments_are_one_line(capsys, argv, said):
    code, out, err = _run(capsys, ["generate", *argv])
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and said in err, err


@pytest.mark.parametrize("name, count, said", [("x.txt", "1", "unknown file type"),
                                                ("x.json", "3", "make a pack, which is TOML")])
def test_an_output_it_cannot_write_is_refused_before_the_work(tmp_path, capsys, name, count,
                                                             said):
    code, out, err = _run(capsys, ["generate", "--family", "knights-knaves", "--count", count,
                                   "-o", str(tmp_path / name)])
    assert code == 2 and out == "" and said in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / name).exists()


def test_a_search_that_finds_nothing_gives_up_in_one_line(capsys):
    code, out, err = _run(capsys, ["generate", "--family", "lady-tiger", "--rooms", "5",
                                   "--difficulty", "tricky", "--attempts", "50", "--seed", "1"])
    assert code == 2 and out == "" and "gave up after 50 candidates" in err


@pytest.mark.parametrize("family, size, level, fewest", [
    ("knights-knaves", "2", "fiendish", "3"), ("knights-knaves", "4", "tricky", "5"),
    ("lady-tiger", "2", "fiendish", "4"), ("lady-tiger", "3", "fiendish", "4"),
    ("lady-tiger", "2", "tricky", "4"), ("lady-tiger", "3", "tricky", "4")])
def test_a_level_impossible_at_that_size_is_refused_up_front(capsys, family, size, level,
                                                             fewest):
    """Below the fewest people (rooms) a level needs (island_ranges.FEWEST, argued there),
    or at a size where nothing the generator draws is of the level (island_ranges.UNDRAWN,
    none at present), the answer is one line at once, with no search
    (--attempts 1 would give up otherwise with another message)."""
    flag = "--rooms" if family == "lady-tiger" else "--people"
    code, out, err = _run(capsys, ["generate", "--family", family, flag, size, "--difficulty",
                                   level, "--attempts", "1"])
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert f"needs {flag} {fewest} or more" in err and "gave up" not in err


@pytest.mark.parametrize("level", ["tricky", "fiendish"])
def test_four_room_hard_trials_need_compound_signs(capsys, level):
    """Four rooms, one claim a sign (--depth 1): every quadruple the draw can make was graded
    (tools/island_census.py lady-tiger-4), none tricky or fiendish (island_ranges.DEPTH)."""
    code, out, err = _run(capsys, ["generate", "--family", "lady-tiger", "--rooms", "4",
                                   "--difficulty", level, "--depth", "1", "--attempts", "1"])
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "needs --depth 2" in err and "gave up" not in err


def test_a_level_that_needs_deeper_statements_is_refused_up_front(capsys):
    """Werewolves fiendish with two people needs --depth 3 (island_ranges.DEPTH: an
    exhaustive count of every pair of meanings within depth 2 found none)."""
    code, out, err = _run(capsys, ["generate", "--family", "werewolves", "--people", "2",
                                   "--difficulty", "fiendish", "--attempts", "1"])
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "needs --depth 3" in err and "gave up" not in err


def test_three_knights_and_knaves_need_compounds_for_fiendish(capsys):
    """Three islanders, one claim each (--depth 1): every triple of meanings was graded
    (tools/island_census.py knights-knaves), none fiendish: refused at once, not after 20,000
    candidates (it used to give up). --depth 2 makes one."""
    code, out, err = _run(capsys, ["generate", "--family", "knights-knaves", "--people", "3",
                                   "--difficulty", "fiendish", "--depth", "1",
                                   "--attempts", "1"])
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "needs --depth 2" in err and "gave up" not in err


@pytest.mark.parametrize("family, size, level", [("knights-knaves", 6, "tricky"),
                                                 ("knights-knaves", 6, "fiendish"),
                                                 ("werewolves", 4, "fiendish")])
def test_tricky_and_fiendish_are_reachable(family, size, level):
    """The rich grammar (counts, likeness) and the either-way pairs reach the levels the
    tuple grammar almost never does; the grader agrees on re-grading."""
    (island,) = generate_named(IslandSettings(family=family, size=size, count=1, seed=5,
                                              grammar="rich", difficulty=level))
    assert grade(island.puzzle).level == level
    assert solve(island.puzzle).unique


def test_the_dataset_keeps_the_tuple_grammar():
    settings = IslandSettings(size=4, count=5, seed=2)
    assert settings.grammar == "tuple"
    for island in generate_named(settings):
        assert island.tuples is not None


@pytest.fixture(scope="module")
def packs():
    out = {}
    for family, size in (("knights-knaves", 5), ("werewolves", 4), ("lady-tiger", 4)):
        out[family] = list(generate_named(IslandSettings(family=family, size=size, count=12,
                                                         seed=3, grammar="rich")))
    return out


@pytest.mark.parametrize("family", ["knights-knaves", "werewolves", "lady-tiger"])
def test_no_wasted_speaker_no_symmetry_no_trivial_statement(packs, family):
    for island in packs[family]:
        p = island.puzzle
        assert not _wasted(p) and not _symmetric(p) and not _constant(p)
        for s in p.statements:  # silencing any one speaker leaves several answers
            rest = tuple(t for t in p.statements if t.id != s.id)
            assert not solve(p.replace(statements=rest)).unique


@pytest.mark.parametrize("family", ["knights-knaves", "werewolves", "lady-tiger"])
def test_a_pack_varies(packs, family):
    made = packs[family]
    answers = Counter(repr(i.answer) for i in made)
    assert max(answers.values()) <= 4  # a third of 12
    motifs = Counter(motif(i.puzzle, i.grade) for i in made)
    assert max(motifs.values()) <= 3  # twice in 8: at most 12 // 4
    speaker = made[0].puzzle.speaker_attr
    alike = sum(len({i.solution[e][speaker] for e in i.puzzle.entities}) == 1 for i in made)
    assert alike <= 1
    if family == "knights-knaves":
        knights = Counter(sum(v["type"] == "knight" for v in i.solution.values()) for i in made)
        assert max(knights.values()) <= 6


def test_a_statement_the_promises_settle_is_trivial():
    """Where one room holds the lady, "If two rooms hold ladies then ..." is true whatever
    happens: the trivial filter judges statements under the narrator's promises."""
    import random

    from portia_tui.core.language.world import WorldStatement
    from portia_tui.core.packs.islands import FAMILIES

    rooms = ["I", "II", "III"]
    vacuous = ["implies", ["count", "all", {"content": "lady"}, ">=", 2],
               ["is", "I", "content", "empty"]]
    said = [vacuous, ["is", "III", "content", "tiger"], ["is", "I", "content", "empty"]]
    statements = [WorldStatement(f"s{i}", r, f) for i, (r, f) in enumerate(zip(rooms, said))]
    puzzle = FAMILIES["lady-tiger"].shell(rooms, statements, random.Random(0))
    assert _constant(puzzle)
    fair = puzzle.replace(statements=(WorldStatement("s0", "I", said[1]), *statements[1:]))
    assert not _constant(fair)


def test_a_part_that_adds_nothing_is_trivial():
    """'At most one of us is a knave and at least one of us is a knight': the second part
    follows from the first, so a person wonders why it is said."""
    import random

    from portia_tui.core.language.world import WorldStatement
    from portia_tui.core.packs.islands import FAMILIES

    idle = ["and", ["count", "all", {"type": "knave"}, "<=", 1],
            ["count", "all", {"type": "knight"}, ">=", 1]]
    both = ["and", ["count", "all", {"type": "knave"}, "<=", 1], ["is", "B", "type", "knight"]]
    rest = [WorldStatement("s1", "B", ["is", "A", "type", "knight"]),
            WorldStatement("s2", "C", ["is", "B", "type", "knave"])]
    shell = FAMILIES["knights-knaves"].shell
    assert _constant(shell(["A", "B", "C"], [WorldStatement("s0", "A", idle), *rest],
                           random.Random(0)))
    assert not _constant(shell(["A", "B", "C"], [WorldStatement("s0", "A", both), *rest],
                               random.Random(0)))


def test_two_people_alike_in_meaning_are_a_symmetry():
    """Ann: "Ben is a knave"; Ben: "Ann is not a knight": worded apart, alike once the two
    swap names, so they are of one type and a person needs no logic to see it."""
    import random

    from portia_tui.core.language.world import WorldStatement
    from portia_tui.core.packs.islands import FAMILIES

    shell = FAMILIES["knights-knaves"].shell
    cy = WorldStatement("c", "Cy", ["same", "Ann", "Ben", "type"])
    alike = shell(["Ann", "Ben", "Cy"], [WorldStatement("a", "Ann", ["is", "Ben", "type", "knave"]),
                                        WorldStatement("b", "Ben", ["isnot", "Ann", "type",
                                                                    "knight"]), cy],
                  random.Random(0))
    assert _symmetric(alike)
    apart = alike.replace(statements=(alike.statements[0],
                                      WorldStatement("b", "Ben", ["is", "Ann", "type", "knight"]),
                                      cy))
    assert not _symmetric(apart)


def test_two_rooms_with_their_filters_lifted(capsys):
    code, out, _err = _run(capsys, ["generate", "--family", "lady-tiger", "--rooms", "2",
                                    "--seed", "1", "--allow-trivial", "--allow-wasted",
                                    "--print", "text"])
    assert code == 0 and "Room II:" in out and "Room III" not in out
