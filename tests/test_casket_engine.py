"""The casket engine (core/solve/engine.py) against brute force and SAT, on every shape: 1-8 caskets,
unequal counts, empty slots, loops of every kind; its local case rules against enumeration;
pinned examples; and the command line never importing pysat when the engine answers.

About 2,300 random puzzles a run under PORTIA_HEAVY=1: 700 against brute force (exponential,
so small), 250 more for values, 1,000 against SAT (larger), 350 for the order of loops, 150
for the casket graph's units. make test draws about 820 (250, 100, 250, 120, 150).
"""

from __future__ import annotations

import subprocess
import sys
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from portia_tui.core import analyse
from . import brute, tables
from .brute import consistent
from portia_tui.core.solve import engine
from portia_tui.core.solve import sat
from portia_tui.core.solve.engine import ALL, MIXED, NONE, Casket, CasketEngine
from portia_tui.core.language.model import Puzzle
from portia_tui.core.solve.semantics import find_loops
from portia_tui.core.language.vocabulary import EMPTY
from portia_tui.core.language.vocabulary import Statement as S

from .conftest import REPO, examples
from .strategies import puzzles


def same(a, b):
    assert a.true_counts == b.true_counts
    assert a.loops == b.loops


# ----------------------------------------------------------------------------- properties
@settings(max_examples=examples(150, 450))
@given(puzzles(max_statements=9, empty=True, max_caskets=8))
def test_engine_equals_brute_any_shape(puzzle):
    got = engine.analyse(puzzle)
    same(got, brute.analyse(puzzle))
    tables.check(got)


@settings(max_examples=examples(100, 250))
@given(puzzles(max_statements=9, equal=True, caskets=3))
def test_engine_equals_brute_classic(puzzle):
    got = engine.analyse(puzzle)
    same(got, brute.analyse(puzzle))
    tables.check(got)


@settings(max_examples=examples(100, 250))
@given(puzzles(max_statements=8, empty=True, max_caskets=5), st.data())
def test_values_are_what_every_consistent_world_agrees_on(puzzle, data):
    placement = data.draw(st.integers(0, len(puzzle.caskets) - 1))
    m = data.draw(st.sampled_from([None, puzzle.m, 0, puzzle.size]))
    got = engine.analyse(puzzle).values(placement, m)
    worlds = [v for v in product((False, True), repeat=puzzle.size)
              if (m is None or sum(v) == m) and consistent(puzzle, placement, v)]
    if not worlds:
        assert got is None
        return
    want = tuple(worlds[0][i] if all(w[i] == worlds[0][i] for w in worlds) else None
                 for i in range(puzzle.size))
    assert got == want
    # and the number of worlds the stories count
    if m is None:
        assert CasketEngine(puzzle).worlds(placement) == len(worlds)


@settings(max_examples=examples(250, 1000))
@given(puzzles(max_statements=24, empty=True, max_caskets=8, max_per_casket=5))
def test_engine_equals_sat_on_larger_puzzles(puzzle):
    same(engine.analyse(puzzle), sat.analyse(puzzle))


@settings(max_examples=examples(120, 350))
@given(puzzles(max_statements=40, max_caskets=8, max_per_casket=8))
def test_loops_come_in_the_order_find_loops_gives(puzzle):
    assert [r.statements for r in engine.analyse(puzzle).loops] == find_loops(puzzle)


def test_loop_order_when_a_statement_reaches_a_casket_already_being_searched():
    # found by hypothesis: lead's "true gold" reaches gold while gold's statements are still
    # being searched; the statement-level search then goes on to gold's "true silver" (and
    # the silver loop) before iron's loop. A search through one node per casket put the iron
    # loop first.
    from portia_tui.core.language.vocabulary import Statement as S

    e = S("")
    puzzle = Puzzle.build({
        "gold": [S("false", "copper"), e, S("true", "tin"), S("true", "silver")],
        "silver": [S("other_true"), S("other_true"), e, e],
        "lead": [S("true", "gold"), S("false", "iron"), e, e],
        "copper": [S("true", "gold"), e, e, e],
        "iron": [S("other_false"), S("other_true"), e, e],
        "tin": [e, e, e, S("true", "lead")],
    }, 0)
    want = [(4, 5), (16, 17), (0, 2, 8, 12, 23)]
    assert find_loops(puzzle) == want
    assert [r.statements for r in engine.analyse(puzzle).loops] == want


@settings(max_examples=150)
@given(puzzles(max_statements=40, max_caskets=8, max_per_casket=8))
def test_the_structure_by_bit_masks_is_the_graph_search(puzzle):
    """The loops are read off `structure` (reachability by bit masks); it finds the units a
    graph search of the same casket graph finds."""
    caskets = engine.compile_caskets(puzzle)
    units = engine.structure(caskets)
    assert sorted(units) == sorted(engine.casket_units(caskets))
    # in dependency order, and refined into the live graph's units, still in that order
    for edges, got in ((lambda c: caskets[c].targets, units),
                       (lambda c: [t for t, _x, _y in caskets[c].live],
                        engine.walk_units(caskets, units))):
        place = {c: j for j, unit in enumerate(got) for c in unit}
        assert all(place[t] <= place[c] for c in place for t in edges(c))
    assert sorted(engine.walk_units(caskets, units)) == sorted(
        engine.casket_units(caskets, live=True))


# ----------------------------------------------------------------------------- local rules
def _casket(fixed: int, free: int, ot: int, of: int) -> Casket:
    c = Casket(0, fixed + free + ot + of, 0)
    c.fixed, c.free, c.ot, c.of = fixed, free, ot, of
    return c


LOCAL = [(fixed, free, ot, of) for fixed in range(4) for free in range(3) for ot in range(3)
         for of in range(3) if 1 <= fixed + free + ot + of <= 6 and (ot + of == 0
                                                                      or fixed + free + ot + of >= 2)]


@pytest.mark.parametrize("shape", LOCAL, ids=[f"f{a}e{b}t{c}o{d}" for a, b, c, d in LOCAL])
def test_local_cases_match_enumerating_one_casket(shape):
    """Counts, multiplicities and value sets of one casket, for every number a of its fixed
    statements true, against trying every assignment of its free and "other" statements."""
    fixed, free, ot, of = shape
    c = _casket(fixed, free, ot, of)
    n = c.n
    for a in range(fixed + 1):
        found: dict[int, list[tuple[bool, ...]]] = {}
        for rest in product((False, True), repeat=free + ot + of):
            values = (True,) * a + (False,) * (fixed - a) + rest
            ok = True
            for j in range(ot):
                i = fixed + free + j
                if values[i] != all(values[t] for t in range(n) if t != i):
                    ok = False
            for j in range(of):
                i = fixed + free + ot + j
                if values[i] != (not any(values[t] for t in range(n) if t != i)):
                    ok = False
            if ok:
                found.setdefault(sum(values), []).append(values)
        assert c.counts(a) == sum(1 << k for k in found), (a, found)
        for k in range(n + 1):
            assert c.multiplicity(a, k) == len(found.get(k, [])), (a, k)
            if k not in found:
                continue

            def vset(i, worlds=found[k]):
                return (1 if any(not w[i] for w in worlds) else 0) | (
                    2 if any(w[i] for w in worlds) else 0)
            free_v, ot_v, of_v = c.category_values(a, k)
            if free:
                assert free_v == vset(fixed), (a, k)
            if ot:
                assert ot_v == vset(fixed + free), (a, k)
            if of:
                assert of_v == vset(fixed + free + ot), (a, k)


def test_signals_read_all_false_not_not_all_true():
    """'The statements on the gold casket are false' needs every one false: a MIXED gold
    makes it false, as it makes 'are true' false."""
    p = Puzzle.build({"gold": [S("in", "gold"), S("in", "silver")],
                      "silver": [S("false", "gold")], "lead": [S("true", "gold")]}, m=1)
    a = analyse(p)
    # gold: gold's statements 1 true, 2 false (MIXED): silver's and lead's are false
    assert a.values(0) == (True, False, False, False)
    # lead: both of gold's false (NONE): silver's statement true, lead's false
    assert a.values(2) == (False, False, True, False)
    assert [sorted(c) for c in a.true_counts] == [[1], [1], [1]]


def test_other_true_and_other_false_differ():
    """[other true, portrait true] and [other false, portrait true] on one casket."""
    here = {"silver": [S("in", "silver")], "lead": [S("in", "lead")]}
    ot = analyse(Puzzle.build({"gold": [S("other_true"), S("in", "gold")], **here}, m=0))
    of = analyse(Puzzle.build({"gold": [S("other_false"), S("in", "gold")], **here}, m=0))
    assert ot.values(0) == (True, True, False, False)
    assert of.values(0) == (False, True, False, False)
    assert ot.values(1) == (False, False, True, False)
    assert of.values(1) == (True, False, True, False)


def test_signals_are_distinct_bits():
    assert len({ALL, NONE, MIXED}) == 3 and ALL & NONE == ALL & MIXED == NONE & MIXED == 0


# ----------------------------------------------------------------------------- examples
def loop_on_paradox() -> Puzzle:
    return Puzzle.build(
        {
            "gold": [S("other_true"), S("other_false")],
            "silver": [S("other_true"), S("other_true"), S("true", "gold")],
            "lead": [S("in", "lead")],
        },
        m=1,
    )


def test_a_loop_that_depends_on_a_paradox():
    """Gold's loop admits nothing under any placement: a paradox. Silver's loop speaks of
    gold, so its closure has no consistent assignment either, but neither has what it refers
    to outside itself: it is not blamed (determined)."""
    p = loop_on_paradox()
    for module in (engine, sat, brute):
        a = module.analyse(p)
        assert [(r.statements, r.kind, r.paradox_in, r.undetermined_in) for r in a.loops] == [
            ((0, 1), "paradox", (0, 1, 2), ()),
            ((2, 3), "determined", (), ()),
        ]
        assert a.true_counts == (frozenset(),) * 3
        assert a.unique_m == ()
    assert analyse(p).values(2) is None


def test_undetermined_loop_beside_a_settled_one():
    # silver's two "other true" statements are true together or false together
    p = Puzzle.build({"gold": [S("in", "gold"), S("not_in", "lead")],
                      "silver": [S("other_true"), S("other_true")],
                      "lead": [S("false", "silver")]}, m=2)
    a = analyse(p)
    assert a.loops[0].statements == (2, 3) and a.loops[0].undetermined_in == (0, 1, 2)
    assert [sorted(c) for c in a.true_counts] == [[3, 4], [2, 3], [1, 2]]
    assert a.values(0) == (True, True, None, None, None)
    assert a.values(0, 3) == (True, True, False, False, True)
    assert a.values(0, 4) == (True, True, True, True, False)


def test_empty_slots_count_either_way():
    p = Puzzle.build({"gold": [EMPTY], "silver": [S("in", "silver")],
                      "lead": [S("true", "gold")]}, m=None)
    a = analyse(p)
    assert [sorted(c) for c in a.true_counts] == [[0, 2], [1, 3], [0, 2]]
    assert a.solutions() == ()
    assert a.values(1) == (None, True, None)


# ----------------------------------------------------------------------------- no pysat
@pytest.mark.parametrize("argv", [
    ["solve", "six-a-side.toml", "--json"],
    ["solve", "two-liars-loop.toml", "--explain"],
    ["check", "six-a-side.toml", "two-liars-loop.toml"],
])
def test_solve_and_check_never_import_pysat(argv):
    argv = [a if not a.endswith(".toml") else str(REPO / "puzzles" / a) for a in argv]
    code = (
        "import sys, io, contextlib\n"
        "from portia_tui.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main({argv!r})\n"
        "print([m for m in sys.modules if m.split('.')[0] == 'pysat'])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# --------------------------------------------------------------------------- the whole language
@settings(max_examples=40, deadline=None)
@given(puzzles(max_statements=9, empty=True, max_caskets=5))
def test_count_vectors_agree_with_the_signal_walk_on_the_thesis_language(puzzle):
    """WholeEngine (the whole language's path) = CasketEngine on the six kinds and empty
    slots: counts, loops (same order), values and world counts."""
    from portia_tui.core.solve.engine import WholeEngine

    a, b = WholeEngine(puzzle), CasketEngine(puzzle)
    assert a.true_counts() == b.true_counts()
    assert a.loops() == b.loops()
    for p in range(len(puzzle.caskets)):
        assert a.values(p) == b.values(p)
        assert a.worlds(p) == b.worlds(p)
