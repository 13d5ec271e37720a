"""The truth generator's levels by size (README 'Levels by size'): for each family and size,
a puzzle of every level promised there is generated, grades to that level, and is well
posed by the brute force of tests/world_brute.py (which shares no meaning code with the
engine). Each search is bounded by the generator's own budget (--attempts)."""

from __future__ import annotations

import pytest

from portia_tui.core.explain.reasoning import grade
from portia_tui.core.packs.islands import IslandSettings, _constant, _symmetric, _wasted, generate

from .world_brute import brute

#: (family, size, level, seed): the smallest size each level is promised at, and a few more
PROMISED = [
    ("knights-knaves", 2, "gentle", 0), ("knights-knaves", 2, "steady", 0),
    ("knights-knaves", 3, "fiendish", 0), ("knights-knaves", 4, "fiendish", 1),
    ("knights-knaves", 5, "tricky", 3), ("knights-knaves", 4, "steady", 0),
    ("werewolves", 2, "steady", 0), ("werewolves", 3, "gentle", 0),
    ("werewolves", 3, "tricky", 0), ("werewolves", 3, "fiendish", 2),
    ("lady-tiger", 2, "gentle", 0), ("lady-tiger", 2, "steady", 0),
    ("lady-tiger", 3, "steady", 0), ("lady-tiger", 4, "fiendish", 1),
]


@pytest.mark.parametrize("family, size, level, seed", PROMISED,
                         ids=[f"{f}-{s}-{lv}" for f, s, lv, _ in PROMISED])
def test_a_promised_level_is_made_graded_and_well_posed(family, size, level, seed):
    (island,) = generate(IslandSettings(family=family, size=size, difficulty=level, seed=seed,
                                        grammar="rich", attempts=20_000))
    p = island.puzzle
    assert grade(p).level == level
    found = brute(p)
    assert len(found["answers"]) == 1  # well posed, by a second engine
    (answer,) = found["answers"]
    assert answer == repr(island.answer)
    assert not _wasted(p) and not _symmetric(p) and not _constant(p)
