"""What a deduction story reports without its words (core/deduction.py, public Deducer)."""

from __future__ import annotations

from portia_tui.core.deduction import Deducer
from portia_tui.core.model import Puzzle
from portia_tui.core.vocabulary import Statement as S

CHAIN = Puzzle.build({"gold": [S("true", "silver")], "silver": [S("false", "lead")],
                      "lead": [S("in", "gold")]}, m=1)
LOOPY = Puzzle.build({"gold": [S("not_in", "silver"), S("true", "silver"), S("false", "silver")],
                      "silver": [S("true", "gold")], "lead": [S("in", "gold")]}, m=1)


def test_a_chain_of_statements_about_statements_has_its_length_as_depth():
    for p in range(3):
        story = Deducer(CHAIN).story(p, explain=False)
        assert (story.depth, story.splits) == (2, 0)


def test_a_story_counts_each_loop_once():
    story = Deducer(LOOPY).story(0, explain=False)
    assert (story.depth, story.splits) == (3, 1)  # a loop of 3 statements, split once
