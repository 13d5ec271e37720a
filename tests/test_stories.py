"""What a deduction story reports without its words (core/explain/deduction.py, public Deducer)."""

from __future__ import annotations

from hypothesis import given, settings

from portia_tui.core.explain.deduction import Deducer
from portia_tui.core.language.model import Puzzle
from portia_tui.core.language.vocabulary import Statement as S

from .strategies import puzzles

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
    from portia_tui.core.explain.deduction import explain

    text = explain(LOOPY)
    # gold's statements 2 and 3 contradict each other, so gold is never all true: silver's
    # statement 4 is false at once, said once up front, and the loop needs no case split
    assert text.startswith("Whatever the placement, the gold casket's statements can never "
                           "all be true: statements 2 and 3 contradict each other; so "
                           'statement 4 ("The statements on the gold casket are true") is '
                           "false.\n")
    assert ("Statement 4 is false, because the gold casket's statements are never all true "
            "(said above); so statement 2 is false, because statement 4 is false, and "
            "statement 2 says the silver casket's statements are true") in text
    assert "try each case" not in text


def test_a_false_statement_with_a_statement_left_to_break_it_is_no_contradiction():
    from portia_tui.core.explain.deduction import explain

    puzzle = Puzzle.build({"gold": [S("in", "gold"), S("false", "lead")],
                           "silver": [S("true", "lead"), S("in", "lead")],
                           "lead": [S("other_true"), S("false", "gold")]}, m=1)
    text = explain(puzzle)
    assert "would have to be false and true" not in text
    # (the pair 2 and 5 is said once up front; the loop's cases are listed, not split)
    assert "case 2: statements 5 and 6 are true, statement 2 is false" in text
    assert ("Statements 2, 5 and 6 speak of each other in a loop; as said above, exactly 1 "
            "of statements 2 and 5 is true.") in text


# --- mutation run 6 (docs/mutation.md): words and counts no test pinned ----------------------

def test_a_statement_forced_true_by_its_group_names_itself():
    from portia_tui.core.explain.deduction import explain

    assert ("statement 3 is true, because statement 4 is false, as statement 3 says. So "
            in explain(LOOPY))


def test_an_explained_story_counts_every_case_tried():
    from portia_tui.core.explain.deduction import WholeDeducer

    # the start and one per guess: 2 true, 2 false for the loop's narrator; the whole-language
    # one also tries 3 true and 3 false under 2 true
    assert Deducer(LOOPY).story(0).splits == 3
    assert WholeDeducer(LOOPY).story(0).splits == 5


def _makers_loop() -> Puzzle:
    from portia_tui.core.language.model import Casket
    from portia_tui.core.language.rules import Rule

    return Puzzle([Casket("gold", (S("true", "silver"), S("in", "gold"))),
                   Casket("silver", (S("true", "gold"),)),
                   Casket("lead", (S("not_in", "lead"),))], rules=[Rule("makers")])


def test_the_makers_rule_names_a_mixed_casket_and_the_makers_of_the_one_case_left():
    from portia_tui.core.explain.deduction import explain

    text = explain(_makers_loop())
    assert ('rules out case B: the gold casket bears true and false statements, so neither '
            'Bellini nor Cellini made it.') in text
    assert ("Case A keeps every rule: Bellini made the gold, silver and lead caskets, Cellini "
            "no casket.") in text


def test_a_makers_statement_about_itself_is_settled_by_the_caskets_it_cannot_count():
    from portia_tui.core.explain.deduction import explain
    from portia_tui.core.language.model import Casket

    puzzle = Puzzle([Casket("gold", (S("makers", op="exactly", k=1, value=False),)),
                     Casket("silver", (S("in", "silver"),)),
                     Casket("lead", (S("not_in", "lead"),))])
    text = explain(puzzle)
    assert ("Case 1 true: statement 1 would have to be false (0 caskets bear only false "
            "statements, so Cellini made no casket) and true: impossible.") in text
    assert ("Case 1 false: statement 1 would have to be true (1 casket bears only false "
            "statements (gold), so Cellini made 1 casket) and false: impossible.") in text


def test_a_count_statement_is_judged_by_the_statements_it_counts():
    from portia_tui.core.explain.deduction import explain
    from portia_tui.core.language.model import Puzzle
    from portia_tui.core.language.vocabulary import Statement as S

    p = Puzzle.build({"gold": [S("count", "silver", op="exactly", k=2, value=True)],
                      "silver": [S("not_in", "lead"), S("not_in", "gold"), S("in", "silver")],
                      "lead": [S("in", "gold")]}, 3)
    text = explain(p)
    assert "is false: the silver casket bears 1 true statement (statement 2)." in text
    assert "is false: the silver casket bears 3 true statements." in text
    assert "is false: the silver casket bears 1 true statement (statement 3)." in text


# --- issue 19: explanations a person would write -------------------------------------------

def test_an_invariant_is_said_once_before_the_placements():
    from portia_tui.core.explain.deduction import explain
    from portia_tui.core.io import formats

    from .conftest import REPO

    text = explain(formats.load(REPO / "puzzles" / "two-liars-loop.toml"))
    head, _, rest = text.partition("Suppose the portrait is in the gold casket.")
    assert "Whatever the placement, exactly one of statements 1 and 2 is true" in head
    # the loop goes the same way under every placement: told once, up front
    assert head.count("speak of each other in a loop") == 1
    assert "speak of each other" not in rest


def test_a_forced_case_is_not_tried_and_a_failure_says_why():
    from portia_tui.core.explain.deduction import explain

    text = explain(LOOPY)
    assert "try each case" not in text  # every loop here has one case only
    assert "but what is known settles them:" in text and "Case forced" not in text
    assert "3 true statements: too many for exactly 1" in text
    assert "its statements" not in text


# --- the words of two and of several cases ----------------------------------------------------

RE = __import__("re")


def _checked_words(text: str, puzzle: Puzzle) -> None:
    """What every explanation keeps: "both" of two statements, never "all" (of statements
    named, or of a casket that bears two); one heading for the steps that go the same way
    under every placement."""
    from portia_tui.core.explain.deduction import SAME_WAY

    assert not RE.search(r"statements \d+ and \d+ are all", text), text
    sizes = {c.name: len(c.statements) for c in puzzle.caskets}
    for name in RE.findall(r"\bthe (\w+) casket.s statements (?:are|can) never all", text):
        assert sizes[name] > 2, text
    assert text.count(SAME_WAY) <= 1, text


def test_two_statements_are_both_and_several_are_all():
    from portia_tui.core.explain.deduction import explain
    from portia_tui.core.io import formats

    from .conftest import REPO

    puzzle = formats.load(REPO / "tests" / "golden" / "examples" / "undetermined-3.toml")
    text = explain(puzzle)
    assert "statements 1 and 3 are both false, as statement 2 says" in text
    _checked_words(text, puzzle)
    text = explain(formats.load(REPO / "tests" / "golden" / "examples" / "paradox-2.toml"))
    assert "the gold casket's statements can never both be true" in text
    assert "are never both true (said above)" in text


def test_only_statement_numbers_are_read_as_statements():
    from portia_tui.core.explain.deduction import _statement_numbers

    line = ("statement 5 is true: 2 of all the statements are true, and statements 1, 3 and 4 "
            "are false; Statement 7 is false")
    assert _statement_numbers(line) == {"5", "1", "3", "4", "7"}


@given(puzzles(max_statements=9))
@settings(max_examples=40, deadline=None)
def test_explanations_say_both_of_two_and_one_heading(puzzle):
    from portia_tui.core.explain.deduction import explain

    _checked_words(explain(puzzle), puzzle)
