"""Tests for the mutants an independent mutation audit left alive (issue 21, item 11). Each
test names its mutant; each was checked to fail with the mutant applied by hand. They assert
behaviour through public functions (files read and written, menus, reports, ratings, the
player's coach), not internals. ("in the X, the Y or the Z casket" forgetting Z is pinned in
test_tables.py.)"""

from __future__ import annotations

import re

import pytest

from portia_tui.core.author.assistant import (EXCEEDED, PARADOX, REACHED, SHORT, SKIPPED,
                                              AssistantReport, assess)
from portia_tui.core.errors import FormatError
from portia_tui.core.explain.difficulty import rate
from portia_tui.core.explain.hints import Coach
from portia_tui.core.io.formats import native
from portia_tui.core.language.model import Casket, Puzzle
from portia_tui.core.language.rules import Rule, rule_options, rule_sentence
from portia_tui.core.language.vocabulary import EMPTY, Layout
from portia_tui.core.language.vocabulary import Statement as S
from portia_tui.core.solve.engine import analyse

from . import tables


# ------------------------------------------------------------------------ formats/native
def test_a_partial_classic_puzzle_is_written_as_format_1():
    """Mutant: a partial puzzle always written as format 2 (an empty slot taken for a kind
    beyond the six)."""
    puzzle = Puzzle((Casket("gold", (S("in", "gold"), EMPTY)),
                     Casket("silver", (S("not_in", "silver"), S("true", "gold")))), 1)
    text = native.dumps(puzzle)
    assert text.startswith("format = 1\n") and "m = 1" in text and "rules" not in text
    assert native.loads(text) == puzzle


def test_m_true_is_refused_not_read_as_1():
    """Mutant: `m = true` read as 1 (bool is an int to Python)."""
    text = ('format = 1\nm = true\n[[caskets]]\nname = "gold"\n'
            'statements = ["The portrait is in this casket"]\n')
    with pytest.raises(FormatError) as err:
        native.loads(text, "p.toml")
    assert err.value.line == 2 and "whole number" in err.value.message


def test_a_bad_sentence_is_reported_on_its_own_line():
    """Mutant: a bad sentence reported on the `statements` line instead of its own."""
    text = ('format = 1\nm = 1\n[[caskets]]\nname = "gold"\nstatements = [\n'
            '    "The portrait is in this casket",\n'
            '    "The portrait is under the lid",\n'
            ']\n[[caskets]]\nname = "silver"\nstatements = ["The portrait is in this casket"]\n')
    with pytest.raises(FormatError) as err:
        native.loads(text, "p.toml")
    assert err.value.line == 7, str(err.value)


# ------------------------------------------------------------------------------- rules
def test_the_every_casket_menu_counts_up_to_the_largest_casket():
    """Mutant: `Each.options` stopping at the smallest casket."""
    layout = Layout(("gold", "silver"), (1, 3))
    said = {rule_sentence(r, layout) for r in rule_options(layout, ["each"])}
    assert "On every casket, exactly 3 statements are true" in said
    assert "On every casket, at least 2 statements are false" in said
    assert "On every casket, at most 2 statements are true" in said


# --------------------------------------------------------------------------- assistant
@pytest.mark.parametrize("counts, m, standing, missing, excess", [
    ({2}, 2, REACHED, 0, 0),
    ({2}, 3, SHORT, 1, 0),       # the boundary: one past the largest count
    ({0, 2}, 3, SHORT, 1, 0),    # missing counts from the largest count, not the smallest
    ({0, 2}, 5, SHORT, 3, 0),
    ({0, 2}, 1, SKIPPED, 0, 0),
    ({2, 3}, 1, EXCEEDED, 0, 1),
    (set(), 1, PARADOX, 0, 0),
])
def test_the_assistant_standing_at_its_boundaries(counts, m, standing, missing, excess):
    """Mutants: the SHORT/REACHED boundary; "missing" using the minimum count."""
    report = AssistantReport(0, m, frozenset(counts), None)
    assert (report.standing, report.missing, report.excess) == (standing, missing, excess)


def test_the_assistant_on_a_puzzle_one_true_statement_short():
    """The same boundary read off a real analysis: with the portrait in gold, one statement
    is true (gold's); m = 2 is one short, m = 1 reached."""
    puzzle = Puzzle((Casket("gold", (S("in", "gold"),)), Casket("silver", (S("in", "silver"),)),
                     Casket("lead", (S("in", "silver"),))), 2)
    a = analyse(puzzle)
    assert assess(a, 0, 2).standing == SHORT and assess(a, 0, 2).missing == 1
    assert assess(a, 0, 1).standing == REACHED and assess(a, 0, 1).missing == 0


# -------------------------------------------------------------------------- difficulty
def test_a_loop_leaving_exactly_three_cases_needs_a_nested_split():
    """Mutant: the nested-split threshold (three cases under one placement need a split
    inside a split: "chain", fiendish). Found by search, pinned here."""
    puzzle = Puzzle((
        Casket("gold", (S("in", "gold"), S("other_true"), S("false", "silver"))),
        Casket("silver", (S("other_true"), S("other_true"), S("false", "gold"))),
        Casket("lead", (S("in", "gold"), S("true", "silver"), S("true", "silver"))),
    ), 4)
    w = tables.worlds(puzzle)
    assert sum(1 for t in range(1 << w.size) if w.consistent(1, t)) == 3  # at the threshold
    rating = rate(puzzle)
    assert (rating.technique, rating.level, rating.placement) == ("chain", "fiendish", 1)


# ------------------------------------------------------------------------------- hints
def _refs_first():
    """No portrait statement: hint 1 starts from the statement most others speak of, gold's
    count of all the statements, which also speaks of itself."""
    return Puzzle((
        Casket("gold", (S("count_all", op="at least", k=1, value=True),)),
        Casket("silver", (S("true", "gold"),)),
        Casket("lead", (S("false", "gold"),)),
    ), 1)


def test_hint_1_never_lists_a_statement_among_its_own_speakers():
    """Mutant: hint 1 lists the statement to read first among those that speak of it."""
    text = Coach(_refs_first()).hint(1, 0).text
    assert "Read statement 1 " in text
    follow = re.search(r"then statements? ([\d, and]+), which speak", text)
    assert follow is not None, text
    assert re.findall(r"\d+", follow.group(1)) == ["2", "3"]


def test_the_verdict_follows_the_engine_when_the_story_disagrees():
    """Mutant: the verdict trusts the deduction story when its counts disagree with the exact
    analysis. A coach handed another placement's story must still word this placement's
    counts."""
    puzzle = Puzzle((Casket("gold", (S("in", "gold"),)), Casket("silver", (S("in", "gold"),)),
                     Casket("lead", (S("not_in", "lead"),))), 1)
    honest = Coach(puzzle)
    sentences = {p: honest.verdict_sentence(p) for p in range(3)}
    assert len(set(sentences.values())) > 1

    class Confused(Coach):
        def story(self, placement):
            return super().story((placement + 1) % 3)

    confused = Confused(puzzle)
    for p in range(3):
        if confused.story(p).counts != honest.counts(p):
            assert confused.verdict_sentence(p) == sentences[p]


def test_no_paradox_is_blamed_when_the_rules_rule_a_placement_out():
    """Mutant: the paradox wording used under side rules. With the portrait in gold the
    statements are consistent (two true); the rule "At most 1 statement is true" rules it out,
    which is no paradox."""
    puzzle = Puzzle((Casket("gold", (S("in", "gold"),)),
                     Casket("silver", (S("not_in", "gold"),)),
                     Casket("lead", (S("not_in", "lead"),))),
                    rules=(Rule("total", "at most", 1, True),))
    coach = Coach(puzzle)
    assert not coach.counts(0) and coach.counts(2)
    for text in (coach.verdict_sentence(0), coach.judge(0).text, coach.hint(2, 0).text):
        assert "paradox" not in text, text
