"""Every puzzle shipped in puzzles/ is checked: its answer, its shape, its loops."""

from __future__ import annotations

import pytest

from portia_tui.core import engine, formats, sat

from .conftest import REPO

EXPECTED = {
    # file: (n, solution, unique m values, loop kinds)
    "smullyan-first.toml": (1, "silver", (1,), []),
    "thesis-example-1.toml": (2, "silver", (1, 3, 4), []),
    "two-liars-loop.toml": (1, "gold", (1,), ["undetermined"]),
    "three-by-three.toml": (3, "silver", (2, 3, 7), []),
    "six-a-side.toml": (6, "gold", (4, 5, 7), []),
    "copper-casket.toml": (2, "silver", (2, 3), []),
}


def test_every_shipped_puzzle_is_listed():
    assert sorted(p.name for p in (REPO / "puzzles").glob("*.toml")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_shipped_puzzle(name):
    n, solution, unique, loops = EXPECTED[name]
    puzzle = formats.load(REPO / "puzzles" / name)
    assert puzzle.n == n and puzzle.title
    for analysis in (sat.analyse(puzzle), engine.analyse(puzzle)):
        assert analysis.solution_names() == [solution]
        assert analysis.unique_m == unique
        assert [loop.kind for loop in analysis.loops] == loops
