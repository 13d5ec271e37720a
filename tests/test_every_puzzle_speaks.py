"""Every shipped puzzle, whatever its rules and statement kinds, can be judged, hinted,
explained and rated: the step-by-step words cover the whole language (never a traceback)."""

from __future__ import annotations

import pytest

from portia_tui.core import analyse
from portia_tui.core.io import formats
from portia_tui.core.explain.deduction import explain
from portia_tui.core.explain.difficulty import BY_KEY, rate
from portia_tui.core.solve.engine import covers
from portia_tui.core.explain.hints import Coach

from .conftest import REPO

PUZZLES = sorted((REPO / "puzzles").glob("*.toml"))


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.stem)
def test_judge_hint_explain_and_rate(path):
    puzzle = formats.load(path)
    coach = Coach(puzzle)
    fits = analyse(puzzle).solution_names()
    for i in range(len(puzzle.caskets)):
        assert coach.judge(i).correct == (fits == [puzzle.names[i]])
    for level in (1, 2, 3):
        assert coach.hint(level).text
    text = explain(puzzle)
    if len(fits) == 1:
        assert f"Only the {fits[0]} casket fits: the portrait is in the {fits[0]} casket." in \
            text.splitlines()
    assert text.count("Suppose the portrait is in the") == len(puzzle.caskets)
    if puzzle.m is not None or not covers(puzzle):
        rating = rate(puzzle)  # the whole language by technique too (test_difficulty_whole.py)
        assert rating.level == BY_KEY[rating.technique].level
        assert rating.why(puzzle).startswith(f"Difficulty: {rating.level}.")
