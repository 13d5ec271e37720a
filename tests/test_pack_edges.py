"""Packs at the edges (issue 21): read in linear time, accepted by every command that takes a
puzzle (with --id) up to the pack cap, and any id."""

from __future__ import annotations

import pytest

from portia_tui.core.io import formats
from portia_tui.core.io.formats import common
from portia_tui.core.packs.pack import Pack, PackPuzzle, dumps_pack, loads_pack

from .conftest import REPO

SHIPPED = sorted((REPO / "puzzles").glob("*.toml"))


def _pack(count: int, ids=None, classic: bool = False) -> Pack:
    puzzles = [formats.load(path) for path in SHIPPED]
    puzzles = [p for p in puzzles if p.thesis_only or not classic]
    ids = ids or [f"{i + 1:04d}" for i in range(count)]
    return Pack("Many", tuple(PackPuzzle(pid, puzzles[i % len(puzzles)], "steady", 1.0)
                              for i, pid in enumerate(ids[:count])))


class _Counted(tuple):
    """A text's lines that count how many times a line is looked at."""

    looked = 0

    def __getitem__(self, index):
        _Counted.looked += 1
        return super().__getitem__(index)


def test_reading_a_pack_looks_at_each_line_a_bounded_number_of_times(monkeypatch):
    """Reading a pack was quadratic: each puzzle without a `rules` key looked for one down to
    the end of the pack (4,000 puzzles took 36 s)."""
    text = dumps_pack(_pack(300, classic=True))  # no `rules` key anywhere
    lines = text.count("\n") + 1
    real = common.lines_of.__wrapped__
    monkeypatch.setattr(common, "lines_of", lambda t: _Counted(real(t)))
    _Counted.looked = 0
    back = loads_pack(text)
    assert len(back.puzzles) == 300
    assert _Counted.looked <= 8 * lines, (_Counted.looked, lines)
