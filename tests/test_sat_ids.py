"""The casket SAT engines' own variable ids (core/solve/sat.py's SatEngine, engine.py's count
vectors): python-sat's ITotalizer is given ``top_id`` from the engine's one counter, which
already covers CardEnc's auxiliaries (the sequential counter that says "one placement"
past 32 caskets). marks5 found a clash of this kind in a totalizer path of its own; these
tests pin that the casket engines have none: every totalizer's auxiliaries are new
variables, disjoint from the encoding's and from each other's, and the counts read
through them are those a plain enumeration of the encoding's models gives."""

from __future__ import annotations

import random
from unittest import mock

import pytest
from pysat import card
from pysat.solvers import Solver

from portia_tui.core.language.model import Puzzle
from portia_tui.core.language.vocabulary import Layout, options
from portia_tui.core.solve import engine, sat


def _variables(clauses) -> set[int]:
    return {abs(x) for c in clauses for x in c}


def _puzzle(caskets: int, seed: int) -> Puzzle:
    """Many caskets (past 32: "one placement" by CardEnc's sequential counter, with its
    auxiliaries), three caskets with several statements (a casket's counter over one
    statement has no auxiliary), the others one each."""
    rng = random.Random(seed)
    names = tuple(f"c{i}" for i in range(caskets))
    sizes = (3, 3, 2) + (1,) * (caskets - 3)
    layout = Layout(names, sizes)
    return Puzzle.build({n: [rng.choice(options(layout, i)) for _ in range(size)]
                         for i, (n, size) in enumerate(zip(names, sizes))}, m=None)


def _counts_by_enumeration(clauses, puzzle: Puzzle, placement: int,
                           everything: list[int]) -> frozenset[int]:
    """Every number of true statements among the models of the encoding under the
    placement, by enumerating them (projected on the statements; no totalizer)."""
    k, size = len(puzzle.caskets), puzzle.size
    statements = list(range(k + 1, k + size + 1))
    found = set()
    with Solver(name="minisat22", bootstrap_with=clauses) as s:
        while s.solve(assumptions=[sat.placement_var(placement)] + everything):
            model = s.get_model()
            values = [model[v - 1] for v in statements]
            found.add(sum(1 for v in values if v > 0))
            s.add_clause([-v for v in values])
    return frozenset(found)


@pytest.mark.parametrize("order", ["bounds first", "vectors first"])
@pytest.mark.parametrize("caskets, seed", [(34, 34), (40, 21)])  # loops: two counts each
def test_the_totalizers_auxiliaries_never_clash_with_cardencs(caskets, seed, order):
    puzzle = _puzzle(caskets, seed)
    built: list = []
    real = sat.Solver

    def spy(*args, **kwargs):
        built.append([list(c) for c in kwargs.get("bootstrap_with", ())])
        return real(*args, **kwargs)

    sat.Solver = spy  # the clauses the engine starts with (CardEnc's included)
    try:
        oracle = sat.SatEngine(puzzle)
    finally:
        sat.Solver = real
    base = built[0]
    base_vars = _variables(base)
    k = len(puzzle.caskets)
    assert max(base_vars) > k + puzzle.size  # CardEnc's auxiliaries are there
    assert len(oracle.counted) > 2  # statements the bounds' totalizers count
    assert oracle.top >= max(base_vars)
    made: list[set[int]] = []  # each totalizer's own variables (its auxiliaries)

    class Spy(card.ITotalizer):
        def __init__(self, lits, ubound, top_id):
            super().__init__(lits=lits, ubound=ubound, top_id=top_id)
            made.append(_variables(self.cnf.clauses) - {abs(x) for x in lits})

    statements = set(range(k + 1, k + puzzle.size + 1))
    steps = [lambda: oracle._bounds_for(0, 0),
             lambda: engine._casket_counters(oracle, list(puzzle.layout.counts))]
    with mock.patch.object(sat, "ITotalizer", Spy), mock.patch.object(card, "ITotalizer", Spy):
        for step in steps if order == "bounds first" else steps[::-1]:
            step()
    assert len(made) == 2 + 2 * k  # up and down for the bounds, and for each casket
    owned = [aux - statements for aux in made]
    for i, aux in enumerate(owned):
        assert not aux & base_vars, "a totalizer reuses the encoding's variables"
        for other in owned[i + 1:]:
            assert not aux & other, "two totalizers share an auxiliary"
    fresh = oracle.top + 1  # what a walk or a loop's blocking literal takes next
    assert all(fresh > v for aux in owned for v in aux)
    for placement in (0, k // 2, k - 1):
        assert oracle.counts(placement) == _counts_by_enumeration(base, puzzle, placement,
                                                                 oracle.everything)
