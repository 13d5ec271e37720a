"""The hand-solved sample (tests/data/hand_sample.toml): its answers are the engine's, the
quality filters reject every puzzle found dull for the reason noted, and the puzzles made
with the filters on pass every hard filter."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from portia_tui.core.io.formats import native
from portia_tui.core.packs.generator.quality import FILTERS, faults
from portia_tui.core.solve import sat

SAMPLE = tomllib.loads((Path(__file__).parent / "data" / "hand_sample.toml").read_text())["sample"]
HARD = [name for name, f in FILTERS.items() if f.acts == "hard"]


def test_the_sample_is_plain_data_of_about_ten_puzzles():
    assert len(SAMPLE) >= 10
    for s in SAMPLE:
        assert 1 <= s["felt"] <= 5 and isinstance(s["dull"], bool)
        assert set(s["why"]) <= set(FILTERS)
        assert s["dull"] == bool(s["why"])


@pytest.mark.parametrize("s", SAMPLE, ids=[s["id"] for s in SAMPLE])
def test_the_hand_answer_is_the_engines(s):
    puzzle = native.loads(s["puzzle"])
    assert sat.analyse(puzzle).solution_names() == [s["answer"]]


@pytest.mark.parametrize("s", SAMPLE, ids=[s["id"] for s in SAMPLE])
def test_the_filters_reject_the_dull_ones_for_the_reason_found(s):
    puzzle = native.loads(s["puzzle"])
    found = faults(puzzle)
    for why in s["why"]:
        assert found[why] == 1.0, (s["id"], why)
    if s["filters"]:  # made with the filters on: every hard filter passes
        assert all(found[name] == 0.0 for name in HARD), (s["id"], found)
