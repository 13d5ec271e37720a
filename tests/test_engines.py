"""The SAT engine and brute force agree, loops included; examples pinned on every engine.
(The casket engine's property tests are in test_casket_engine.py.)"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver

from . import brute, tables
from .brute import consistent
from portia_tui.core.explain import deduction
from portia_tui.core.solve import engine
from portia_tui.core.solve import sat
from benchmarks import sat_legacy
from portia_tui.core.io.formats import dimacs
from portia_tui.core.language.model import Puzzle, default_puzzle
from portia_tui.core.solve.semantics import find_loops
from portia_tui.core.language.vocabulary import Statement as S

from .conftest import examples
from .strategies import puzzles


def same(a, b):
    assert a.true_counts == b.true_counts
    assert [(r.statements, r.undetermined_in, r.paradox_in) for r in a.loops] == [
        (r.statements, r.undetermined_in, r.paradox_in) for r in b.loops
    ]


@settings(max_examples=150)
@given(puzzles(max_statements=10, empty=True))
def test_sat_equals_brute(puzzle):
    got = sat.analyse(puzzle)
    same(got, brute.analyse(puzzle))
    tables.check(got)


@settings(max_examples=40)
@given(puzzles(max_statements=9))
def test_legacy_sat_equals_brute_on_complete_puzzles(puzzle):
    """The old SAT analysis (kept for the benchmark) on complete puzzles: it assumed one value
    per statement outside undetermined loops, which an empty slot breaks."""
    same(sat_legacy.analyse(puzzle), brute.analyse(puzzle))


@settings(max_examples=100)
@given(puzzles(max_statements=8), st.data())
def test_values_match_every_consistent_assignment(puzzle, data):
    from itertools import product

    placement = data.draw(st.integers(0, len(puzzle.caskets) - 1))
    oracle = sat.SatEngine(puzzle)
    got = oracle.values(placement, puzzle.m)
    models = [
        v for v in product((False, True), repeat=puzzle.size)
        if sum(v) == puzzle.m and consistent(puzzle, placement, v)
    ]
    if not models:
        assert got is None
        return
    want = tuple(
        models[0][i] if all(mod[i] == models[0][i] for mod in models) else None
        for i in range(puzzle.size)
    )
    assert got == want


@settings(max_examples=100)
@given(puzzles(max_statements=10, empty=True), st.data())
def test_dimacs_models_are_exactly_the_solutions(puzzle, data):
    """Any SAT solver reading our DIMACS finds exactly the solution caskets."""
    m = data.draw(st.integers(0, puzzle.size))
    puzzle = puzzle.with_m(m)
    clauses, _top = dimacs.clauses(puzzle)
    found = set()
    with Solver(name="cadical195", bootstrap_with=clauses) as solver:
        for k in range(len(puzzle.caskets)):
            if solver.solve(assumptions=[k + 1]):
                found.add(k)
    assert found == set(brute.analyse(puzzle).solutions(m))


def test_dimacs_text_is_well_formed():
    text = dimacs.dumps(default_puzzle())
    header = [line for line in text.splitlines() if line.startswith("p cnf")]
    assert len(header) == 1
    _, _, nv, nc = header[0].split()
    body = [line for line in text.splitlines() if line and line[0] not in "cp"]
    assert len(body) == int(nc)
    assert all(line.endswith(" 0") for line in body)
    assert max(abs(int(x)) for line in body for x in line.split()) <= int(nv)
    assert "c var 1: the portrait is in the gold casket" in text
    assert 'statement 3 (lead) is true: The portrait is not in the gold casket' in text


# ----------------------------------------------------------------------------- examples
def example_1() -> Puzzle:
    return Puzzle.build(
        {
            "gold": [S("not_in", "lead"), S("in", "silver")],
            "silver": [S("true", "gold"), S("not_in", "gold")],
            "lead": [S("other_true"), S("in", "gold")],
        },
        m=4,
    )


def test_smullyan_first_casket():
    a = engine.analyse(default_puzzle())
    assert [sorted(c) for c in a.true_counts] == [[2], [1], [2]]
    assert a.solution_names() == ["silver"]
    assert a.valid()
    assert a.unique_m == (1,)
    assert a.loops == ()


def test_thesis_example_1_unique_m():
    a = engine.analyse(example_1())
    assert [sorted(c) for c in a.true_counts] == [[3], [4], [1]]
    assert a.unique_m == (1, 3, 4)
    assert a.solution_names(4) == ["silver"]


def test_same_count_everywhere_is_invalid():
    # Fig. 2.2 style: each casket says the portrait is in it
    p = Puzzle.build({c: [S("in", c)] for c in ("gold", "silver", "lead")}, m=1)
    a = sat.analyse(p)
    assert a.solutions() == (0, 1, 2)
    assert not a.valid()
    assert 1 not in a.unique_m


def test_fig_2_4_loop_is_undetermined():
    p = Puzzle.build(
        {"gold": [S("true", "silver")], "silver": [S("true", "gold")], "lead": [S("in", "lead")]},
        m=1,
    )
    a = sat.analyse(p)
    assert len(a.loops) == 1
    assert a.loops[0].statements == (0, 1)
    assert a.loops[0].kind == "undetermined"
    assert a.loops[0].undetermined_in == (0, 1, 2)
    assert [sorted(c) for c in a.true_counts] == [[0, 2], [0, 2], [1, 3]]
    assert a.solution_names(1) == ["lead"]


def test_other_true_beside_other_false_is_a_paradox():
    p = Puzzle.build(
        {
            "gold": [S("other_true"), S("other_false")],
            "silver": [S("in", "silver"), S("not_in", "lead")],
            "lead": [S("in", "gold"), S("not_in", "silver")],
        },
        m=2,
    )
    for module in (sat, engine, brute):
        a = module.analyse(p)
        assert a.loops[0].kind == "paradox"
        assert a.loops[0].paradox_in == (0, 1, 2)
        assert all(not c for c in a.true_counts)
        assert a.solutions() == ()


def test_loop_depending_on_paradox_is_not_blamed():
    # statements 3,4 (silver) loop on each other and on gold's paradox loop
    p = Puzzle.build(
        {
            "gold": [S("other_true"), S("other_false")],
            "silver": [S("other_true"), S("other_true")],
            "lead": [S("in", "lead"), S("true", "gold")],
        },
        m=0,
    )
    a = sat.analyse(p)
    kinds = {r.statements: r.kind for r in a.loops}
    assert kinds[(0, 1)] == "paradox"
    assert kinds[(2, 3)] == "undetermined"
    same(a, brute.analyse(p))


def test_loops_are_found_in_dependency_order():
    p = Puzzle.build(
        {"gold": [S("true", "silver")], "silver": [S("true", "gold")], "lead": [S("true", "gold")]},
        m=0,
    )
    assert find_loops(p) == [(0, 1)]


def test_big_puzzle_is_fast_enough_to_analyse_at_all():
    """n well past 10 and many caskets: the SAT engine answers (speed is in benchmarks/)."""
    import random

    from portia_tui.core.language.vocabulary import Layout, options

    rng = random.Random(5)
    names = tuple(f"c{i}" for i in range(12))
    layout = Layout(names, (10,) * 12)
    caskets = {n: [rng.choice(options(layout, i)) for _ in range(10)] for i, n in enumerate(names)}
    a = sat.analyse(Puzzle.build(caskets, m=60))
    assert len(a.true_counts) == 12


def test_explanation_reads_like_the_issue():
    text = deduction.explain(default_puzzle())
    assert "Suppose the portrait is in the gold casket." in text
    assert "2 true statements: too many for exactly 1" in text
    assert "Only the silver casket fits" in text


@settings(max_examples=examples(40, 100))
@given(puzzles(max_statements=9), st.data())
def test_reachable_choices_match_substituting_each_choice(puzzle, data):
    index = data.draw(st.integers(0, puzzle.size - 1))
    placement = data.draw(st.integers(0, len(puzzle.caskets) - 1))
    m = data.draw(st.integers(0, puzzle.size))
    owner = puzzle.owner(index)
    position = index - puzzle.layout.offset(owner)
    choices = puzzle.options(owner)
    got = sat_legacy.reachable_choices(puzzle, index, choices, placement, m)
    want = tuple(
        m in brute.analyse(puzzle.with_statement(owner, position, c)).true_counts[placement]
        for c in choices
    )
    assert got == want
