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


def test_a_loops_cases_name_the_statements_they_settle():
    from portia_tui.core.deduction import explain

    text = explain(LOOPY)
    assert "Case 2 true: statement 4 is true: statement 2 is true and says so" in text
    assert ("Case 2 false: statement 4 is false: statement 2 is false, so one of its "
            "statements is not true, and only this one is left") in text


def test_a_false_statement_with_a_statement_left_to_break_it_is_no_contradiction():
    from portia_tui.core.deduction import explain

    puzzle = Puzzle.build({"gold": [S("in", "gold"), S("false", "lead")],
                           "silver": [S("true", "lead"), S("in", "lead")],
                           "lead": [S("other_true"), S("false", "gold")]}, m=1)
    text = explain(puzzle)
    assert "would have to be false and true" not in text
    assert "Consistent: statements 5 and 6 are true, statement 2 is false." in text
