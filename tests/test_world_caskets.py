"""Portia's casket puzzles are one family of the world model: from_casket's puzzle, solved by
the general engine (and by SAT), puts the portrait exactly where the casket engine does, for
random puzzles of every statement kind and every rule (Bellini and Cellini as a mode)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from portia_tui.core.language.world import from_casket
from portia_tui.core.solve.engine import analyse
from portia_tui.core.solve.general import solve
from tests.strategies import full_puzzles, puzzles
from tests.test_world_engines import _agree
from tests.world_brute import count_worlds


def _places(result) -> set[str]:
    return {name for a in result.answers for name in a["where portrait=yes"]}


def _check(puzzle) -> None:
    want = set(analyse(puzzle).solution_names())
    world = from_casket(puzzle).validate()
    masks = solve(world, engine="masks")
    assert _places(masks) == want
    assert all(len(a["where portrait=yes"]) == 1 for a in masks.answers)
    assert _places(solve(world, engine="sat")) == want


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(full_puzzles())
def test_every_rule_and_kind(puzzle):
    _check(puzzle)


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(puzzles(empty=True))
def test_thesis_puzzles_with_loops_and_empty_slots(puzzle):
    _check(puzzle)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(full_puzzles(max_statements=5, max_caskets=3))
def test_masks_sat_and_brute_force_agree_on_caskets(puzzle):
    world = from_casket(puzzle).validate()
    if count_worlds(world) <= 5000:
        _agree(world)


def test_a_puzzle_with_m_open_and_no_rule_has_no_solution_yet():
    from portia_tui.core.language.model import Casket, Puzzle
    from portia_tui.core.language.vocabulary import Statement

    p = Puzzle((Casket("gold", (Statement("in", "gold"),)),
                Casket("silver", (Statement("not_in", "gold"),))))
    assert analyse(p).solution_names() == []
    assert solve(from_casket(p)).answers == []


CASKET_FILES = ("copper-casket", "mackinnon-clue", "one-honest-lid", "portia1-at-most-one",
                "portia1-true-and-false", "portia2-two-lids", "portia3-bellini-cellini",
                "portia3-who-made-what", "self-count", "six-a-side", "smullyan-first",
                "thesis-example-1", "three-by-three", "two-liars-loop")


def test_every_casket_puzzle_of_the_collection_through_the_world_model():
    from pathlib import Path

    from portia_tui.core.io import formats

    folder = Path(__file__).resolve().parents[1] / "puzzles"
    for name in CASKET_FILES:
        _check(formats.load(folder / f"{name}.toml"))
