"""The general engine (bit masks), the SAT encoding and a brute force written from the
language page alone agree on random puzzles of every family: solutions, each solution's
statement truth values (None where its fixed points disagree) and answers. Paradoxes, several
answers, no answer, unknown wordings and silent entities all come up."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from portia_tui.core.solve.general import solve
from tests.world_brute import brute, count_worlds
from tests.world_strategies import FAMILIES, world_puzzles


def _view(result) -> dict:
    return {
        "solutions": {repr((s["entities"], s["choices"])): t
                      for s, t in zip(result.solutions, result.truths)},
        "answers": {repr(a) for a in result.answers},
    }


def _agree(puzzle) -> dict:
    assume(count_worlds(puzzle) <= 3000)
    masks = solve(puzzle, engine="masks")
    sat = solve(puzzle, engine="sat")
    want = brute(puzzle)
    assert masks.complete and sat.complete
    assert _view(masks) == want
    assert _view(sat) == want
    assert masks.unique == (len(want["answers"]) == 1) == sat.unique
    return want


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(FAMILIES).flatmap(lambda f: world_puzzles(f)))
def test_engines_agree_with_brute_force(puzzle):
    _agree(puzzle)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(world_puzzles("knights", max_entities=3, max_statements=3))
def test_knights_and_knaves(puzzle):
    _agree(puzzle)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(world_puzzles("doors", max_entities=3, max_statements=3))
def test_doors_with_modes_and_overrides(puzzle):
    _agree(puzzle)
