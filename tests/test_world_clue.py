"""The missing clue: the labyrinth's punchline pinned, and on random puzzles every fact the
search returns leaves exactly one answer by brute force, every fact it leaves out does not,
and the SAT search finds the same clues as the masks."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings

from portia_tui.core.author import clue as clue_module
from portia_tui.core.author.clue import clues, menu
from portia_tui.core.io.formats import structured
from portia_tui.core.language.world import WorldError
from tests.world_brute import brute, count_worlds
from tests.world_strategies import world_puzzles

DATA = Path(__file__).parent / "data"


def _labyrinth():
    return structured.loads((DATA / "labyrinth.json").read_text(), "labyrinth.json")


def test_the_labyrinth_room_8_not_empty_is_a_clue_and_the_reply_no_is_deduced():
    report = clues(_labyrinth(), question=["is", "8", "content", "empty"])
    assert report.answers == 5
    facts = [c.fact for c in report.clues]
    assert ("isnot", "8", "content", "empty") in facts
    lady_7 = {"where content=lady": ["7"]}
    assert next(c for c in report.clues
                if c.fact == ("isnot", "8", "content", "empty")).answer == lady_7
    # "room 7 holds the lady" is a clue too, but a trivial one: ranked last
    trivial = [c.fact for c in report.clues if c.trivial]
    assert ("is", "7", "content", "lady") in trivial
    assert facts[-len(trivial):] == trivial
    assert report.deduced is not None
    assert report.deduced.reply is False and report.deduced.answer == lady_7
    data = report.as_dict()
    assert data["deduced"]["reply"] == "no"
    assert {"fact": ["isnot", "8", "content", "empty"], "answers": [lady_7],
            "trivial": False} in data["clues"]


def test_given_facts_may_read_truth_values():
    report = clues(_labyrinth(), facts=[["false", "3"], ["true", "3"], ["const", True]])
    assert report.tested == 3
    for c in report.clues:
        assert len(structured_answers(_labyrinth().with_constraint(c.fact))) == 1


def structured_answers(puzzle):
    from portia_tui.core.solve.general import solve

    return solve(puzzle).answers


def test_a_bad_fact_is_refused_with_data():
    with pytest.raises(WorldError) as err:
        clues(_labyrinth(), facts=[["is", "10", "content", "lady"]])
    assert err.value.problem == "unknown-entity" and err.value.at == "fact 1"


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(world_puzzles(max_entities=3, max_statements=3))
def test_clues_are_exactly_the_facts_that_leave_one_answer(puzzle):
    assume(count_worlds(puzzle) <= 1500)
    report = clues(puzzle)
    found = {c.fact: c for c in report.clues}
    assert report.answers == len(brute(puzzle)["answers"])
    before = set(brute(puzzle)["solutions"])
    for fact in menu(puzzle):
        after = brute(puzzle.with_constraint(fact))
        already = set(after["solutions"]) == before  # menu facts read no truth values
        is_clue = len(after["answers"]) == 1 and not already
        assert (fact in found) == is_clue, fact
        if is_clue:
            assert {repr(found[fact].answer)} == after["answers"]


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(world_puzzles(max_entities=3, max_statements=3))
def test_the_sat_search_finds_the_same_clues(puzzle):
    masks = clues(puzzle, question=("is", puzzle.entities[0],
                                    *next(iter((a, v[0]) for a, v in
                                               puzzle.attributes.items()))))
    saved = clue_module.MASK_WORLDS
    clue_module.MASK_WORLDS = -1
    try:
        sat = clues(puzzle, question=("is", puzzle.entities[0],
                                      *next(iter((a, v[0]) for a, v in
                                                 puzzle.attributes.items()))))
    finally:
        clue_module.MASK_WORLDS = saved
    assert masks.answers == sat.answers
    assert [(c.fact, c.trivial) for c in masks.clues] == [(c.fact, c.trivial) for c in sat.clues]
    assert [repr(c.answer) for c in masks.clues] == [repr(c.answer) for c in sat.clues]
    assert (masks.deduced is None) == (sat.deduced is None)
    if masks.deduced:
        assert masks.deduced.reply == sat.deduced.reply
