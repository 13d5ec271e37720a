"""Every engine path is polynomial or bounded (issue 21, item 4).

- The time bombs of issue 21 (a count over all statements, a maker count, a ring of 500
  caskets, a side rule over portrait statements), generated here, finish within a work
  counter (the budget's checks: core/solve/budget.py) and agree with SAT.
- The whole-language engine's SAT path (taken when the count vectors are too many to try)
  agrees with brute force, as its enumeration does.
- Random puzzles up to 12 caskets x 8 statements from the whole language finish within a
  generous budget (no wall-clock assert: the budget stops a runaway analysis and fails).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from portia_tui.core.language.model import Casket, Puzzle, casket_names
from portia_tui.core.language.rules import Rule, rule_options
from portia_tui.core.language.vocabulary import VOCABULARIES, Layout, Statement, options
from portia_tui.core.solve import engine, sat
from portia_tui.core.solve.budget import Budget, OutOfTime, check, part

from . import brute
from .strategies import full_puzzles


# --------------------------------------------------------------------------- the time bombs
def _portrait_puzzle(k: int, n: int, first: Statement | None = None, rules=(), seed: int = 0
                     ) -> Puzzle:
    """k caskets of n portrait statements each (drawn from a fixed seed); `first` replaces
    the first casket's first statement; m = 1 unless `rules` are given."""
    rng = random.Random(seed)
    names = casket_names(k)
    caskets = []
    for c in range(k):
        sts = [Statement(rng.choice(("in", "not_in")), rng.choice(names)) for _ in range(n)]
        if c == 0 and first is not None:
            sts[0] = first
        caskets.append(Casket(names[c], tuple(sts)))
    return Puzzle(tuple(caskets), m=None if rules else 1, rules=rules).validate()


def _mixed_puzzle(k: int, n: int, first: Statement, rules=(), seed: int = 0) -> Puzzle:
    """k caskets of n statements drawn from the whole language's menus (a fixed seed), the
    first casket's first statement `first`: many count vectors, so SAT answers. m = 1 unless
    `rules` are given."""
    rng = random.Random(seed)
    names = casket_names(k)
    layout = Layout(names, (n,) * k)
    kinds = {r.kind for r in rules}
    caskets = []
    for c in range(k):
        menus = [m for m in (options(layout, c, [key], kinds) for key in VOCABULARIES["full"])
                 if m]
        sts = [rng.choice(rng.choice(menus)) for _ in range(n)]
        if c == 0:
            sts[0] = first
        caskets.append(Casket(names[c], tuple(sts)))
    return Puzzle(tuple(caskets), m=None if rules else 1, rules=rules).validate()


def ring(k: int = 500) -> Puzzle:
    """k caskets, one truth statement each, each about the next (a ring)."""
    names = casket_names(k)
    caskets = [Casket(names[c], (Statement("true" if c % 3 else "false", names[(c + 1) % k]),))
               for c in range(k)]
    return Puzzle(tuple(caskets), m=k // 2).validate()


AT_LEAST_ONE_TRUE = Statement("count_all", op="at least", k=1)
A_CELLINI = Statement("makers", op="at least", k=1, value=False)
MAKERS = Rule("makers")
SIDE_RULES = {
    "each": Rule("each", "at most", 1, False),
    "pure": Rule("pure", "exactly", 1),
    "bearing": Rule("bearing", "exactly", 2, True, 1),
}


def time_bombs() -> dict[str, Puzzle]:
    """Issue 21's time bombs, by name (also the `make bench` rows: benchmarks/bench_core)."""
    out = {}
    for k, n in ((6, 8), (7, 4), (10, 2)):
        out[f"count over all {k}x{n}"] = _portrait_puzzle(k, n, AT_LEAST_ONE_TRUE)
        out[f"count over all, mixed {k}x{n}"] = _mixed_puzzle(k, n, AT_LEAST_ONE_TRUE)
    for k, n in ((8, 4), (6, 6)):
        out[f"a Cellini casket {k}x{n}"] = _portrait_puzzle(k, n, A_CELLINI, [MAKERS])
        out[f"a Cellini casket, mixed {k}x{n}"] = _mixed_puzzle(k, n, A_CELLINI, [MAKERS])
    out["ring of 500"] = ring(500)
    out["ring of 500 under a side rule"] = ring(500).replace(
        rules=[Rule("total", "exactly", 250), Rule("each", "at most", 1, True)])
    for k, n in ((10, 4), (8, 8), (12, 8)):
        for name, rule in SIDE_RULES.items():
            out[f"{name} rule {k}x{n}"] = _portrait_puzzle(k, n, rules=[rule])
    return out


def _full_analysis(puzzle: Puzzle):
    """Everything `portia solve` asks: counts, loops, and the values under every placement."""
    got = engine.analyse(puzzle)
    for p in range(len(puzzle.caskets)):
        got.values(p, puzzle.m)
    return got


BOMBS = time_bombs()


@pytest.mark.parametrize("name", sorted(BOMBS))
def test_time_bombs_finish_within_a_work_bound(name):
    """Each bomb takes a bounded number of budget checks (vectors tried, walk steps, SAT
    calls), far below what enumeration took (6 x 8 tried 9^6 vectors per placement), and
    agrees with SAT."""
    puzzle = BOMBS[name]
    with Budget(seconds=120) as budget:
        got = _full_analysis(puzzle)
    assert budget.checks <= 10 * engine.ENUMERATION_LIMIT, budget.checks
    truth = sat.analyse(puzzle)
    assert got.true_counts == truth.true_counts
    assert got.loops == truth.loops


def test_the_enumeration_is_kept_where_it_is_small():
    """A small puzzle is still answered by its count vectors; a large one by SAT."""
    small = engine.WholeEngine(BOMBS["count over all 6x8"])
    large = engine.WholeEngine(BOMBS["count over all, mixed 6x8"])
    assert small.small and not large.small
    assert large.work > engine.ENUMERATION_LIMIT


# --------------------------------------------------------------------------- SAT path = brute
def _same(a, b):
    assert a.true_counts == b.true_counts
    assert [(r.statements, r.undetermined_in, r.paradox_in) for r in a.loops] == [
        (r.statements, r.undetermined_in, r.paradox_in) for r in b.loops]


@settings(max_examples=60, deadline=None)
@given(full_puzzles())
def test_the_sat_path_equals_brute_force(puzzle):
    """The whole-language engine forced onto its SAT path (limit 0) = brute force: counts,
    loops, values under every placement (any m and the puzzle's m), and the enumeration."""
    forced = engine.WholeEngine(puzzle, limit=0)
    enumerated = engine.WholeEngine(puzzle, limit=10**9)
    assert not forced.small and enumerated.small
    truth = brute.analyse(puzzle)
    _same(forced.analyse(), truth)
    _same(enumerated.analyse(), truth)
    for p in range(len(puzzle.caskets)):
        for m in {None, puzzle.m}:
            assert forced.values(p, m) == enumerated.values(p, m)
        # the vectors SAT walks one model at a time are the enumeration's, worlds counted alike
        assert sorted(K for K, _T, _f in forced.vectors(p)) == sorted(
            K for K, _T, _f in enumerated.vectors(p))
        assert forced.worlds(p) == enumerated.worlds(p)
        members = set(range(0, puzzle.size, 2))
        assert forced.assignments(p, members, 3) == enumerated.assignments(p, members, 3)


@settings(max_examples=30, deadline=None)
@given(full_puzzles(), st.data())
def test_the_sat_path_with_free_statements_and_no_rules(puzzle, data):
    """The engines the loop classification builds (some statements free, rules aside) agree
    on both paths."""
    free = frozenset(data.draw(st.sets(st.integers(0, puzzle.size - 1))))
    rules = data.draw(st.booleans())
    forced = engine.WholeEngine(puzzle, free, rules=rules, limit=0)
    enumerated = engine.WholeEngine(puzzle, free, rules=rules, limit=10**9)
    for p in range(len(puzzle.caskets)):
        assert forced.total(p) == enumerated.total(p)
        assert forced.values(p) == enumerated.values(p)


# --------------------------------------------------------------------------- bounded analysis
@st.composite
def large_full_puzzles(draw, max_caskets: int = 12, max_per_casket: int = 8):
    """A valid puzzle of up to 12 caskets x 8 statements from the whole language, with one
    or two rules (the Bellini/Cellini rule among them or not)."""
    k = draw(st.integers(2, max_caskets))
    n = draw(st.integers(1, max_per_casket))
    names = casket_names(k)
    layout = Layout(names, (n,) * k)
    rules = [draw(st.sampled_from(rule_options(layout)))]
    if draw(st.booleans()):
        rules.append(MAKERS)
    kinds = {r.kind for r in rules}
    caskets = []
    for c in range(k):
        menus = [m for m in (options(layout, c, [key], kinds) for key in VOCABULARIES["full"])
                 if m]
        caskets.append(Casket(names[c], tuple(draw(st.sampled_from(draw(st.sampled_from(menus))))
                                              for _ in range(n))))
    return Puzzle(tuple(caskets), rules=rules).validate()


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(large_full_puzzles())
def test_large_whole_language_puzzles_finish_within_the_budget(puzzle):
    """Up to 12 x 8 from the whole language: the analysis (counts, loops, values) ends within
    a generous budget. (Seconds here, not a timing: a runaway engine raises OutOfTime.)"""
    with Budget(seconds=60):
        _full_analysis(puzzle)


# --------------------------------------------------------------------------- the budget itself
def test_a_budget_stops_at_its_deadline_and_names_the_part():
    with Budget(seconds=0.01) as budget, part("the lead casket"):
        with pytest.raises(OutOfTime) as err:
            while True:
                check()
    assert err.value.seconds == 0.01 and err.value.part == "the lead casket"
    assert budget.checks > 0


def test_a_cancel_callable_stops_the_engine():
    """The apps pass a cancel callable: the engine stops at one of its next checks."""
    asked = []

    def cancel():
        asked.append(1)
        return True

    with Budget(cancel=cancel) as budget, pytest.raises(OutOfTime) as err:
        _full_analysis(BOMBS["count over all, mixed 7x4"])
    assert err.value.seconds is None and asked == [1] and budget.checks == 64


def test_no_budget_no_checks_and_nested_budgets_keep_the_outer_deadline():
    check()  # no budget: nothing happens
    with Budget(seconds=0.01) as outer, Budget(seconds=100) as inner:
        assert inner.deadline == outer.deadline
    with pytest.raises(ValueError):
        Budget(seconds=0)


def test_a_cancel_callable_stops_the_signal_walk_too():
    """The six kinds' engine (a ring of 500 caskets, one walk) checks the budget as well."""
    with Budget(cancel=lambda: True), pytest.raises(OutOfTime):
        engine.CasketEngine(ring(500)).analyse()
