"""The general engine (bit masks), the SAT encoding and a brute force written from the
language page alone agree on random puzzles of every family: solutions, each solution's
statement truth values (None where its fixed points disagree) and answers. Paradoxes, several
answers, no answer, unknown wordings and silent entities all come up."""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, assume, find, given, settings
from hypothesis.errors import NoSuchExample
from hypothesis import strategies as st

from portia_tui.core.solve.general import Evaluation, solve, world_count
from tests.world_brute import brute, count_worlds, worlds
from tests.world_strategies import FAMILIES, world_puzzles


def _view(result) -> dict:
    return {
        "solutions": {repr((s["entities"], s["choices"])): t
                      for s, t in zip(result.solutions, result.truths)},
        "answers": {repr(a) for a in result.answers},
    }


def _agree(puzzle) -> dict:
    assume(count_worlds(puzzle) <= 3000)
    assert world_count(puzzle) == Evaluation(puzzle).size
    masks = solve(puzzle, engine="masks", limit=10**6)
    sat = solve(puzzle, engine="sat", limit=10**6)
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


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(world_puzzles(), st.sampled_from(["masks", "sat"]))
def test_a_cut_listing_still_has_every_answer(puzzle, engine):
    assume(count_worlds(puzzle) <= 3000)
    want = brute(puzzle)
    result = solve(puzzle, engine=engine, limit=2)
    assert len(result.solutions) <= 2  # at most 2 worlds listed
    assert result.complete == (len(list(worlds(puzzle))) <= 2)
    got = {repr(a) for a in result.answers}
    if len(want["answers"]) <= 2:
        assert result.answers_complete and got == want["answers"]
        assert result.unique == (len(want["answers"]) == 1)
    else:
        assert not result.answers_complete and len(got) == 2 and got <= want["answers"]
        assert not result.unique


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(world_puzzles("doors", max_entities=3, max_statements=3))
def test_atoms_read_column_wise_agree(puzzle):
    from portia_tui.core.solve import general

    saved = general.COLUMN_ROWS
    general.COLUMN_ROWS = 0
    try:
        _agree(puzzle)
    finally:
        general.COLUMN_ROWS = saved


CASES = ("answers 0", "answers 1", "answers 2", "unknown wording", "silent entity", "loop",
         "fixed points disagree", "paradox")


def test_the_random_puzzles_cover_every_case():
    """The strategies above meet paradoxes, several answers, no answer, one answer, unknown
    wordings, silent entities, loops and fixed points that disagree (a fixed sample)."""
    from collections import Counter

    from portia_tui.core.solve.general import loop_statements

    seen: Counter[str] = Counter()

    def every_case_met(puzzle) -> bool:
        result = solve(puzzle)
        seen[f"answers {min(len(result.answers), 2)}"] += 1
        seen["unknown wording"] += any(s.unknown for s in puzzle.statements)
        seen["silent entity"] += any(not puzzle.by(e) for e in puzzle.entities)
        seen["loop"] += bool(loop_statements(puzzle)[0])
        seen["fixed points disagree"] += any(v is None for t in result.truths
                                             for v in t.values())
        seen["paradox"] += bool(loop_statements(puzzle)[0]) and not result.solutions
        return all(seen[case] for case in CASES)

    # the draws stop once every case was met (47 of the 300 in the fixed sample): drawing
    # the rest, as @given did, changed nothing and took 4/5 of the time
    try:
        find(st.sampled_from(FAMILIES).flatmap(lambda f: world_puzzles(f)), every_case_met,
             settings=settings(max_examples=300, derandomize=True, database=None,
                               deadline=None, phases=[Phase.generate],
                               suppress_health_check=list(HealthCheck)))
    except NoSuchExample:
        pass  # the case missed is named below
    for case in CASES:
        assert seen[case] > 0, case
