"""The grader of island and door puzzles (core/explain/reasoning.py) against puzzles solved
by hand here, each with the level it felt (1 = at a glance, 2 = one supposition followed to a
contradiction, 3 = reasoning by cases, 4 = suppositions inside suppositions)."""

from __future__ import annotations

from pathlib import Path

import pytest

from portia_tui.core.explain.reasoning import explain, grade
from portia_tui.core.io.formats import world_toml
from portia_tui.core.language.world import WorldPuzzle, WorldStatement

KK = {"attributes": {"type": ("knight", "knave")}, "speaker_attr": "type",
      "modes": {"knight": "true", "knave": "false"}}


def kk(*said: tuple[str, list]) -> WorldPuzzle:
    names = sorted({who for who, _f in said} | {"A", "B"})
    return WorldPuzzle(entities=names, statements=[WorldStatement(f"s{i}", who, f)
                                                   for i, (who, f) in enumerate(said)], **KK)


def knave(x):
    return ["is", x, "type", "knave"]


def knight(x):
    return ["is", x, "type", "knight"]


# (name, puzzle, felt level, the answer found by hand)
HAND = [
    # A: "I am a knave or B is a knight."  B: "A is a knight."  A knave would make A's
    # statement true: impossible, so A is a knight, and then B is a knight. At a glance.
    ("settles itself", kk(("A", ["or", knave("self"), knight("B")]), ("B", knight("A"))),
     "gentle", {"A": "knight", "B": "knight"}),
    # A: "We are both knaves." A knight cannot say it; so A is a knave, the statement is false,
    # and B is a knight. At a glance.
    ("both knaves", kk(("A", ["and", knave("self"), knave("B")])), "gentle",
     {"A": "knave", "B": "knight"}),
    # A: "B is a knave." B: "C is a knave." C: "A and B are both knaves." Suppose A is a
    # knight: B is a knave, C a knight, so A is a knave: a contradiction. So A is a knave, B a
    # knight, C a knave. One supposition.
    ("a chain", kk(("A", knave("B")), ("B", knave("C")),
                   ("C", ["and", knave("A"), knave("B")])), "steady",
     {"A": "knave", "B": "knight", "C": "knave"}),
    # A: "B is a knight if and only if I am a knight." B: "A is a knave."  Smullyan's trick:
    # whatever A is, B is a knight (a knight's true statement, or a knave's false one, both
    # make B a knight). Then B's word makes A a knave. Seen at a glance once the trick is
    # known: the statement settles B by itself.
    ("same kind", kk(("A", ["iff", knight("B"), knight("self")]), ("B", knave("A"))),
     "gentle", {"A": "knave", "B": "knight"}),
]


@pytest.mark.parametrize("name, puzzle, felt, answer", HAND, ids=[h[0] for h in HAND])
def test_levels_match_the_hand_sample(name, puzzle, felt, answer):
    g = grade(puzzle)
    assert g.solved and g.level == felt, (name, g.as_dict(), explain(puzzle, g))
    lines = explain(puzzle, g)
    last_facts = " ".join(lines)
    for who, kind in answer.items():
        assert f"{who} is a {kind}" in last_facts


TRIALS = Path(__file__).resolve().parents[1] / "puzzles" / "truth"


@pytest.mark.parametrize("name, felt", [("trial-1.toml", "gentle"), ("trial-2.toml", "gentle"),
                                        ("trial-4.toml", "gentle"),
                                        ("werewolves-2.toml", "steady")])
def test_shipped_puzzles_rate_as_they_feel(name, felt):
    puzzle = world_toml.loads((TRIALS / name).read_text(), name)
    g = grade(puzzle)
    assert g.solved and g.level == felt


def test_a_puzzle_with_several_answers_is_not_solved():
    puzzle = kk(("A", knight("B")), ("B", knight("A")))
    assert not grade(puzzle).solved
