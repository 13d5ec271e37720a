"""The casket engine's fast paths (core/solve/engine.py) against its general walk: the rows every
placement at once (`quick_all`: caskets on their own, cycles of caskets split into groups of
placements alike, caskets set aside from a cycle's search), and the casket graph's units by
bit masks (peeling, the one-unit check, Warshall) against Tarjan's search.

About 500 random cases a run: 210 puzzles, 300 graphs.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from portia_tui.core.solve import engine
from portia_tui.core.solve.engine import ALL, MIXED, CasketEngine, Walk
from portia_tui.core.language.model import Puzzle
from portia_tui.core.solve.semantics import strong_components
from portia_tui.core.language.vocabulary import Statement as S

from .strategies import puzzles


def _walked(e: CasketEngine, p: int) -> None:
    """Where the rows say one state, the walk agrees on the total and on every casket's
    (fixed statements true, counts)."""
    quick = e._quick[p]
    walk = Walk(e.plan, p)
    if quick is None:
        return
    assert quick == walk.total
    if not walk.total:
        return
    for unit, steps in zip(e.plan.units, walk.steps):
        assert len(steps) == 1, (unit, steps)
        for c, (_sig, a, kmask) in zip(unit, steps[0][2]):
            assert (e._rows_a[c][p], e._rows_m[c][p]) == (a, kmask), (c, p)


@settings(max_examples=150)
@given(puzzles(max_statements=40, max_caskets=8, max_per_casket=6, empty=True))
def test_rows_every_placement_at_once_are_the_walk(puzzle):
    e = CasketEngine(puzzle)
    for p in range(e.k):
        _walked(e, p)


@settings(max_examples=60)
@given(puzzles(max_statements=60, max_caskets=8, max_per_casket=8, caskets=8))
def test_rows_of_cycles_are_the_walk(puzzle):
    """Eight caskets, many statements: cycles of caskets, some aside under a placement."""
    e = CasketEngine(puzzle)
    for p in range(e.k):
        _walked(e, p)


def test_a_cycle_with_caskets_aside_and_a_search():
    """Gold and silver speak of each other and can each show NONE under some placements (only
    "in" statements), lead only "not in" (ALL where none names it); copper's portrait
    statements are mixed under most placements (aside there)."""
    puzzle = Puzzle.build({
        "gold": [S("in", "lead"), S("in", "copper"), S("true", "silver")],
        "silver": [S("in", "gold"), S("false", "gold"), S("true", "copper")],
        "lead": [S("not_in", "gold"), S("true", "silver"), S("false", "copper")],
        "copper": [S("in", "silver"), S("not_in", "lead"), S("true", "lead")],
    }, 0)
    e = CasketEngine(puzzle)
    assert any(len(u) > 1 for u in e.plan.units)
    for p in range(e.k):
        _walked(e, p)
    from portia_tui.core.solve import sat

    got, want = engine.analyse(puzzle), sat.analyse(puzzle)
    assert got.true_counts == want.true_counts and got.loops == want.loops


def test_open_masks():
    """Where none / all of a casket's portrait statements are true."""
    puzzle = Puzzle.build({
        "gold": [S("in", "silver"), S("not_in", "lead"), S("other_true")],
        "silver": [S("in", "gold"), S("in", "gold")],
        "lead": [S("not_in", "gold"), S("not_in", "silver")],
        "copper": [S("true", "gold"), S("other_false")],
    }, 0)
    caskets = engine.compile_caskets(puzzle)
    k = 4
    every = 0b1111
    # gold: "in silver", "not in lead": none true under lead, both under silver
    assert engine._open_masks(caskets[0], k) == (0b0100, 0b0010)
    # silver: twice "in gold": all true under gold, none under the others
    assert engine._open_masks(caskets[1], k) == (every & ~0b0001, 0b0001)
    # lead: "not in gold", "not in silver": all true under lead and copper
    assert engine._open_masks(caskets[2], k) == (0, 0b1100)
    # copper: no portrait statement
    assert engine._open_masks(caskets[3], k) == (every, every)
    for c in caskets:
        none, full = engine._open_masks(c, k)
        for p in range(k):
            a = c.at.get(p, c.base)
            assert (none >> p & 1, full >> p & 1) == (a == 0, a == c.portrait)


def test_split():
    assert engine._split([0b1111], 0b0011) == [0b0011, 0b1100]
    assert engine._split([0b1111], 0b1111) == [0b1111]
    assert engine._split([0b0011, 0b1100], 0b0110, 0b0001) == [0b0010, 0b0001, 0b0100, 0b1000]
    assert engine._split([], 0b1) == []


def test_a_group_with_every_casket_aside():
    """No casket of the unit searched: one solution, each aside."""
    puzzle = Puzzle.build({
        "gold": [S("in", "gold"), S("not_in", "gold"), S("true", "silver")],
        "silver": [S("in", "silver"), S("not_in", "silver"), S("true", "gold")],
    }, 0)
    caskets = engine.compile_caskets(puzzle)
    env = [ALL, ALL]
    got = engine._group_solutions(caskets, (0, 1), [0, 0], env, 0)
    assert got == [(engine._ASIDE, engine._ASIDE)]
    assert env == [MIXED, MIXED]  # (the caskets aside read as MIXED by those that read them)


@st.composite
def graphs(draw):
    size = draw(st.integers(1, 10))
    nodes = sorted(draw(st.sets(st.integers(0, size - 1), min_size=1)))
    density = draw(st.sampled_from((0.1, 0.3, 0.6)))
    edges = [[t for t in nodes if t != c and draw(st.floats(0, 1)) < density]
             if c in nodes else [] for c in range(size)]
    return size, nodes, edges


@settings(max_examples=300)
@given(graphs())
def test_mask_units_are_the_strong_components(graph):
    size, nodes, edges = graph
    reach = [0] * size
    for c in nodes:
        for t in edges[c]:
            reach[c] |= 1 << t
    got = engine._mask_units(list(reach), nodes)
    want = strong_components(edges, nodes)
    assert sorted(got) == sorted(want)
    place = {c: j for j, unit in enumerate(got) for c in unit}
    assert all(place[t] <= place[c] for c in nodes for t in edges[c])
    assert sorted(engine._warshall(list(reach), nodes)) == sorted(want)


def test_only_a_lone_pair_of_other_statements_has_no_count_among_caskets_never_all_or_none():
    """`_quick_mixed` leans on this: with an "other false" statement, a casket has some
    consistent count for every number of its fixed statements true, but for "the other is
    true" beside "the other is false" alone (no fixed statement)."""
    from portia_tui.core.solve.engine import Casket

    empty = []
    for n in range(2, 9):
        for fixed in range(n + 1):
            for free in range(n + 1 - fixed):
                for ot in range(n + 1 - fixed - free):
                    of = n - fixed - free - ot
                    if not of:
                        continue
                    c = Casket(0, n, 0)
                    c.fixed, c.free, c.ot, c.of = fixed, free, ot, of
                    if any(not c.counts(a) for a in range(fixed + 1)):
                        empty.append((n, fixed, free, ot, of))
    assert empty == [(2, 0, 0, 1, 1)]


def test_the_lone_pair_of_other_statements_is_left_to_the_walk():
    puzzle = Puzzle.build({
        "gold": [S("other_true"), S("other_false")],
        "silver": [S("in", "gold"), S("not_in", "lead")],
        "lead": [S("true", "silver"), S("in", "lead")],
    }, 0)
    e = CasketEngine(puzzle)
    assert e._quick == [None, None, None]
    assert e.true_counts() == (frozenset(), frozenset(), frozenset())


def test_more_caskets_than_the_bit_masks_take():
    """Beyond 24 caskets the units come from the graph search: a ring of 26 caskets, each
    saying the next one's statement is true (or false), one naming where the portrait is."""
    from portia_tui.core.solve import sat
    from portia_tui.core.language.model import casket_names

    names = casket_names(26)
    build = {name: [S("true" if i % 3 else "false", names[(i + 1) % 26])]
             for i, name in enumerate(names)}
    build[names[5]].append(S("in", names[7]))
    puzzle = Puzzle.build(build, 13)
    caskets = engine.compile_caskets(puzzle)
    units = engine.structure(caskets)
    assert len(units) == 1 and len(units[0]) == 26
    assert sorted(units) == sorted(engine.casket_units(caskets))
    assert sorted(engine.walk_units(caskets, units)) == sorted(
        engine.casket_units(caskets, live=True))
    got, want = engine.analyse(puzzle), sat.analyse(puzzle)
    assert got.true_counts == want.true_counts and got.loops == want.loops


@settings(max_examples=60)
@given(puzzles(max_statements=12, max_caskets=5, empty=True))
def test_total_is_the_bit_set_of_the_true_counts(puzzle):
    """Mutation run 8: CasketEngine.total(p), read by the narrators and raters, is the bit set
    of the analysis's true counts under p (brute force's, for these small puzzles)."""
    from . import brute

    e = CasketEngine(puzzle)
    counts = brute.analyse(puzzle).true_counts
    for p in range(len(puzzle.caskets)):
        assert e.total(p) == sum(1 << t for t in counts[p])


def test_no_world_has_a_negative_number_of_true_statements():
    """Mutation run 8: values under an m below 0 are None (no world), not those under m = 0."""
    puzzle = Puzzle.build({"gold": [S("not_in", "gold")], "silver": [S("not_in", "gold")]},
                          None)
    e = CasketEngine(puzzle)
    assert e.values(0, 0) is not None  # (both statements false with the portrait in gold)
    assert e.values(0, -1) is None


def test_the_six_kinds_under_m_take_the_casket_engine_and_the_rest_the_whole_one():
    """Mutation run 8: `covers` sends Definition 1's puzzles (empty slots too) to the signal
    walk and anything else to the whole-language engine (both exact: only speed tells them
    apart, so the choice is pinned here)."""
    from portia_tui.core.solve.engine import WholeEngine, covers, evaluator

    classic = Puzzle.build({"gold": [S("in", "gold"), S("other_true")], "silver": [S("")]}, 1)
    wider = Puzzle.build({"gold": [S("in_one_of", caskets=("gold", "silver"))],
                          "silver": [S("not_in", "gold")]}, 1)
    assert covers(classic) and isinstance(evaluator(classic), CasketEngine)
    assert not covers(wider) and isinstance(evaluator(wider), WholeEngine)
