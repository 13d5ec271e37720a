"""Hand-made puzzles and packs for the play, hint and progress tests (checked here)."""

from __future__ import annotations

from pathlib import Path

import pytest

from portia_tui.core.solve import sat
from portia_tui.core.language.model import Puzzle, default_puzzle
from portia_tui.core.packs.pack import Pack, PackPuzzle, save_pack
from portia_tui.core.language.vocabulary import Statement as S


def thesis_example() -> Puzzle:
    """Portia-2, no loop, m = 4: the portrait is in the silver casket."""
    return Puzzle.build({
        "gold": [S("not_in", "lead"), S("in", "silver")],
        "silver": [S("true", "gold"), S("not_in", "gold")],
        "lead": [S("other_true", None), S("in", "gold")],
    }, m=4, title="Thesis example")


def loop_puzzle() -> Puzzle:
    """Portia-2 with an undetermined loop under gold, m = 1: the portrait is in gold."""
    return Puzzle.build({
        "gold": [S("not_in", "gold"), S("false", "silver")],
        "silver": [S("false", "gold"), S("in", "lead")],
        "lead": [S("false", "silver"), S("in", "silver")],
    }, m=1, title="A loop")


def paradox_puzzle() -> Puzzle:
    """Portia-2 whose loop is a paradox under gold and silver, m = 2: lead."""
    return Puzzle.build({
        "gold": [S("not_in", "lead"), S("false", "silver")],
        "silver": [S("false", "lead"), S("true", "gold")],
        "lead": [S("false", "silver"), S("not_in", "lead")],
    }, m=2, title="A paradox")


def no_solution_puzzle() -> Puzzle:
    return default_puzzle().with_m(3).with_meta(title="No solution")


def two_solution_puzzle() -> Puzzle:
    return default_puzzle().with_m(2).with_meta(title="Two solutions")


#: (puzzle maker, the casket that holds the portrait)
VALID = [
    (default_puzzle, "silver"),
    (thesis_example, "silver"),
    (loop_puzzle, "gold"),
    (paradox_puzzle, "lead"),
]


def make_pack(path: Path, title: str = "Test pack") -> Pack:
    """Three valid puzzles of three difficulties, saved to path."""
    pack = Pack(title=title, author="tests", puzzles=(
        PackPuzzle("001", default_puzzle(), "gentle", 1.0, "silver"),
        PackPuzzle("002", thesis_example(), "steady", 2.5, "silver"),
        PackPuzzle("003", loop_puzzle(), "tricky", 4.0, "gold"),
    ))
    save_pack(pack, path)
    return pack


@pytest.mark.parametrize("make, answer", VALID)
def test_hand_made_puzzles_are_valid(make, answer):
    analysis = sat.analyse(make())
    assert analysis.valid()
    assert analysis.solution_names() == [answer]


def test_invalid_puzzles_are_invalid():
    assert sat.analyse(no_solution_puzzle()).solutions() == ()
    assert len(sat.analyse(two_solution_puzzle()).solutions()) == 2


def test_loop_and_paradox_puzzles_have_their_loops():
    assert [lp.kind for lp in sat.analyse(loop_puzzle()).loops] == ["undetermined"]
    assert [lp.kind for lp in sat.analyse(paradox_puzzle()).loops] == ["paradox"]
