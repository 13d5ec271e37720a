"""Every puzzle shipped in puzzles/ is checked: its answer, its shape, its loops."""

from __future__ import annotations

import pytest

from portia_tui.core.solve import engine
from portia_tui.core.io import formats
from portia_tui.core.solve import sat

from .conftest import REPO

EXPECTED = {
    # file: (n, solution, unique m values, loop kinds)
    "smullyan-first.toml": (1, "silver", (1,), []),
    "thesis-example-1.toml": (2, "silver", (1, 3, 4), []),
    "two-liars-loop.toml": (1, "gold", (1,), ["undetermined"]),
    "three-by-three.toml": (3, "silver", (2, 3, 7), []),
    "six-a-side.toml": (6, "gold", (4, 5, 7), []),
    "copper-casket.toml": (2, "silver", (2, 3), []),
}


#: the rulebook's puzzles: (rules, solution, true counts per placement, loop kinds)
RULEBOOK = {
    "portia1-at-most-one.toml": (["At most 1 statement is true"], "silver",
                                 ((), (1,), ()), []),
    "portia1-true-and-false.toml": (["At least 1 statement is true",
                                     "At least 1 statement is false"], "silver",
                                    ((), (2,), ()), []),
    "portia2-two-lids.toml": (["On every casket, at most 1 statement is false"], "gold",
                              ((4,), (), ()), []),
    "portia3-bellini-cellini.toml": (["Every casket was made by Bellini or by Cellini"], "lead",
                                     ((), (), (0,)), ["determined"]),
    "portia3-who-made-what.toml": (["Every casket was made by Bellini or by Cellini"], "lead",
                                   ((), (), (2,)), ["undetermined"]),
    "one-honest-lid.toml": (["Exactly 1 casket bears only true statements"], "silver",
                            ((), (4,), ()), []),
    "mackinnon-clue.toml": (["Exactly 1 casket bears exactly 2 true statements",
                             "Exactly 2 caskets bear exactly 1 true statement"], "lead",
                            ((), (), (4,)), []),
    "self-count.toml": (["Exactly 1 statement is true"], "silver", ((2,), (1,), ()),
                        ["paradox"]),
}


def test_every_shipped_puzzle_is_listed():
    assert sorted(p.name for p in (REPO / "puzzles").glob("*.toml")) == sorted(
        [*EXPECTED, *RULEBOOK])


@pytest.mark.parametrize("name", sorted(RULEBOOK))
def test_rulebook_puzzle(name):
    from . import brute

    rules, solution, counts, loops = RULEBOOK[name]
    puzzle = formats.load(REPO / "puzzles" / name)
    assert puzzle.rule_sentences() == rules and puzzle.title
    for analysis in (sat.analyse(puzzle), brute.analyse(puzzle)):
        assert analysis.solution_names() == [solution]
        assert tuple(tuple(sorted(c)) for c in analysis.true_counts) == counts
        assert [loop.kind for loop in analysis.loops] == loops


def test_every_rule_kind_and_family_is_shipped():
    from portia_tui.core.language.rules import RULE_KINDS
    from portia_tui.core.language.vocabulary import FAMILIES, KINDS

    puzzles = [formats.load(REPO / "puzzles" / name) for name in RULEBOOK]
    assert {r.kind for p in puzzles for r in p.rules} == set(RULE_KINDS)
    assert {KINDS[st.kind].family for p in puzzles for _ci, st in p.flat} == set(FAMILIES)


@pytest.mark.parametrize("name, makers", [
    ("portia3-bellini-cellini.toml", ("Cellini", "Cellini", "Cellini")),
    ("portia3-who-made-what.toml", ("Cellini", "Bellini", "Cellini")),
])
def test_bellini_cellini_makers_follow_from_the_statements(name, makers):
    from .brute import _worlds

    puzzle = formats.load(REPO / "puzzles" / name)
    found = {tuple("Bellini" if all(w[i] for i in g) else "Cellini"
                   for g in puzzle.layout.groups)
             for w in _worlds(puzzle, puzzle.names.index("lead"))}
    assert found == {makers}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_shipped_puzzle(name):
    n, solution, unique, loops = EXPECTED[name]
    puzzle = formats.load(REPO / "puzzles" / name)
    assert puzzle.n == n and puzzle.title
    for analysis in (sat.analyse(puzzle), engine.analyse(puzzle)):
        assert analysis.solution_names() == [solution]
        assert analysis.unique_m == unique
        assert [loop.kind for loop in analysis.loops] == loops


def test_rows_added_and_removed_keep_every_casket_and_m():
    from portia_tui.core.language.model import default_puzzle

    p = default_puzzle()
    wider = p.with_row_added()
    back = wider.with_row_removed(1)
    assert wider.n == 2 and back is not None and back.n == 1 and back.m == p.m
    assert [c.statements for c in back.caskets] == [c.statements for c in p.caskets]


def test_classic_means_gold_silver_lead_and_one_n():
    from portia_tui.core.language.model import Casket, default_puzzle

    p = default_puzzle()
    assert p.is_classic
    renamed = p.replace(caskets=(Casket("tin", p.caskets[0].statements), *p.caskets[1:]))
    assert not renamed.is_classic  # one n, other names
    uneven = p.with_row_added().with_statement(0, 1, p.caskets[0].statements[0])
    lopsided = uneven.replace(caskets=(uneven.caskets[0], *p.caskets[1:]))
    assert lopsided.n is None and not lopsided.is_classic  # the names, but no single n


def test_a_bad_statement_is_named_by_its_number():
    from portia_tui.core.language.model import Casket, PuzzleError, default_puzzle
    from portia_tui.core.language.vocabulary import Statement

    p = default_puzzle()
    bad = p.replace(caskets=(p.caskets[0], Casket("silver", (Statement("true", target="tin"),)),
                             p.caskets[2]))
    with pytest.raises(PuzzleError, match=r"^statement 2: unknown casket 'tin'"):
        bad.validate()


def test_thesis_only_needs_m_classic_kinds_and_no_side_rule():
    """Mutation run 6: each of the three conditions of Puzzle.thesis_only matters."""
    from portia_tui.core.language.model import Puzzle, default_puzzle
    from portia_tui.core.language.rules import Rule
    from portia_tui.core.language.vocabulary import Statement as S

    smullyan = default_puzzle()
    assert smullyan.thesis_only
    assert not smullyan.replace(rules=smullyan.rules + (Rule("makers"),)).thesis_only
    assert not Puzzle(smullyan.caskets).thesis_only  # no m
    counted = Puzzle.build({"gold": [S("count_all", op="at least", k=1, value=True)],
                            "silver": [S("in", "silver")], "lead": [S("in", "gold")]}, m=1)
    assert not counted.thesis_only
