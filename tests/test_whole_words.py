"""The step-by-step words for the whole language (count and maker statements, Portia's rules
beyond m): exact, and every rule and statement worded from its one home."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from . import brute
from portia_tui.core.explain.deduction import WholeDeducer, WholeStory, deducer, explain
from portia_tui.core.solve.engine import covers

from .strategies import full_puzzles
from .test_hints import check_hints
from .test_stories import _checked_words  # here: imported inside a @given test, it fails nested_given


@settings(max_examples=60, deadline=None)
@given(full_puzzles(max_statements=7))
def test_whole_words_keep_exactly_the_consistent_worlds(puzzle):
    """Every case the story keeps is a consistent world and every consistent world is kept
    (brute force); the placements it says fit are the solutions; each loop it reaches is a
    paradox / undetermined exactly where the analysis says so."""
    truth = brute.analyse(puzzle)
    told = deducer(puzzle)
    assert isinstance(told, WholeDeducer) != covers(puzzle)
    if covers(puzzle):
        told = WholeDeducer(puzzle)
    reports = {r.statements: r for r in truth.loops}
    stories = [told.story(p) for p in range(len(puzzle.caskets))]
    for p, story in enumerate(stories):
        assert isinstance(story, WholeStory)
        if story.too_large:
            continue
        worlds = {tuple(sorted(w.items())) for w in brute._worlds(puzzle, p)}
        assert {tuple(sorted(w.items())) for w in story.cases} == worlds
        assert len(story.cases) == len(worlds) == story.worlds
        assert story.found == truth.true_counts[p] == story.counts
        assert story.text(puzzle).endswith("fits.") == (p in truth.solutions())
        for loop, kind in story.loop_kinds.items():
            report = reports[loop]
            want = ("paradox" if p in report.paradox_in
                    else "undetermined" if p in report.undetermined_in else "determined")
            assert kind == want
    text = explain(puzzle)
    fits = truth.solution_names()
    if len(fits) == 1:
        assert f"Only the {fits[0]} casket fits: the portrait is in the {fits[0]} casket." in text
    elif not fits:
        assert "the puzzle has no solution" in text
    else:
        assert f"{len(fits)} caskets fit ({', '.join(fits)})" in text
    # the first of Portia's other rules is checked, in its own words, wherever the statements
    # leave a case
    from portia_tui.core.language.rules import rule_sentence

    reached = [s for s in stories if "paradox" not in s.loop_kinds.values()]
    if puzzle.side_rules and reached and not any(s.too_large for s in stories):
        first = rule_sentence(puzzle.side_rules[0], puzzle.layout)
        assert f'The rule "{first}"' in text


# --------------------------------------------------------------------------- hints
@settings(max_examples=40, deadline=None)
@given(full_puzzles(max_statements=7))
def test_hint_ladder_on_the_whole_language(puzzle):
    """Judging and every hint step agree with brute force; hint 1's casket is chosen from the
    statements alone (the same under other rules); hint 2 gives the story's key lines."""
    from portia_tui.core.explain.hints import Coach
    from portia_tui.core.language.rules import Rule

    truth = brute.analyse(puzzle)
    sols = truth.solutions()
    coach = Coach(puzzle)
    for i in range(len(puzzle.caskets)):
        assert coach.counts(i) == truth.true_counts[i]
        assert coach.judge(i).correct == (len(sols) == 1 and sols == (i,))
        assert coach.judge(i).text
    # where to start: chosen from the statements alone, never the rules
    start = coach.first_placement()
    keep = tuple(r for r in puzzle.rules if r.kind == "makers")
    other = puzzle.replace(rules=keep + (Rule("total", "at least", 0, True),))
    assert Coach(other).first_placement() == start
    if puzzle.side_rules:
        assert "check Portia's rule" in coach.start_text(start)
    # the ladder teaches, never tells (the same checks as the thesis language's)
    check_hints(puzzle, coach, sols)
    for h in coach.ladder[1:-1]:
        if h.rules_out and not covers(puzzle):
            story = coach.story(h.placement)
            if story is not None and not story.too_large and story.key:
                assert story.key[-1][1:] in h.text


# --------------------------------------------------------------------------- shipped puzzles
#: each rulebook puzzle in puzzles/: its solution and the key lines of its explanation (each
#: line as the explanation prints it, indentation aside)
KEY_LINES = {
    "portia1-at-most-one.toml": ("silver", [
        'The rule "At most 1 statement is true" fails: 2 of the 3 statements are true, too '
        "many for 'at most 1'.",
        'The rule "At most 1 statement is true" holds: 1 of the 3 statements is true.',
        "The statements and every rule can all hold: the silver casket fits.",
    ]),
    "portia1-true-and-false.toml": ("silver", [
        'The rule "At least 1 statement is true" fails: 0 of the 3 statements are true, too '
        "few for 'at least 1'.",
        'The rule "At least 1 statement is false" fails: 0 of the 3 statements are false, too '
        "few for 'at least 1'.",
        "The statements and the rules cannot all hold: the portrait is not in the lead casket.",
    ]),
    "portia2-two-lids.toml": ("gold", [
        "So statements 1, 3, 5 and 6 are true, statements 2 and 4 are false: gold bears 1 true "
        "statement, silver 1, lead 2.",
        'Statement 5 (lead: "At least 1 statement on the gold casket is false") is true: the '
        "gold casket bears 1 false statement (statement 2).",
        'The rule "On every casket, at most 1 statement is false" holds: gold bears 1 false '
        "statement, silver 1, lead 0.",
        'The rule "On every casket, at most 1 statement is false" fails: the silver casket '
        "bears 2 false statements, too many for 'at most 1'.",
        'The rule "On every casket, at most 1 statement is false" fails: the gold casket '
        "bears 2 false statements; the silver casket bears 2 false statements, each too many "
        "for 'at most 1'.",
    ]),
    "one-honest-lid.toml": ("silver", [
        'The rule "Exactly 1 casket bears only true statements" fails: 0 caskets bear only '
        "true statements, too few for 'exactly 1'.",
        'The rule "Exactly 1 casket bears only true statements" holds: 1 casket bears only '
        "true statements (silver).",
    ]),
    "mackinnon-clue.toml": ("lead", [
        'The rule "Exactly 2 caskets bear exactly 1 true statement" fails: 1 casket bears '
        "exactly 1 true statement (gold), too few for 'exactly 2'.",
        'The rule "Exactly 2 caskets bear exactly 1 true statement" holds: 2 caskets bear '
        "exactly 1 true statement (gold and silver).",
    ]),
    "portia3-bellini-cellini.toml": ("lead", [
        'The rule "Every casket was made by Bellini or by Cellini" fails: the silver and lead '
        "caskets bear true and false statements, so neither Bellini nor Cellini made them.",
        'The rule "Every casket was made by Bellini or by Cellini" holds: Bellini made no '
        "casket, Cellini the gold, silver and lead caskets.",
        "Bellini made no casket, Cellini the gold, silver and lead caskets.",
    ]),
    "portia3-who-made-what.toml": ("lead", [
        "Statements 1, 5 and 6 speak of each other in a loop: try each case.",
        "The loop is undetermined here: it can be settled 2 ways.",
        'The rule "Every casket was made by Bellini or by Cellini" rules out case A: the gold '
        "casket bears true and false statements, so neither Bellini nor Cellini made it.",
        "Case B keeps every rule: Bellini made the silver casket, Cellini the gold and lead "
        "caskets.",
        "Bellini made the silver casket, Cellini the gold and lead caskets.",
    ]),
    "self-count.toml": ("silver", [
        'Statement 3 (lead: "At least 2 of all the statements are false") speaks of itself, '
        "but what is known settles it:",
        "Statement 3 is true, because 2 of all the statements are false (statements 1 and 2).",
        "No case is consistent: the loop is a paradox here.",
        "1 true statement, as the puzzle says: the silver casket fits.",
    ]),
}


def test_every_rule_kind_has_a_pinned_puzzle():
    from portia_tui.core.io import formats
    from portia_tui.core.language.rules import RULE_KINDS

    from .conftest import REPO

    puzzles = [formats.load(REPO / "puzzles" / name) for name in KEY_LINES]
    kinds = {r.kind for p in puzzles for r in p.side_rules} | {"total"}
    assert kinds == set(RULE_KINDS)
    ops = {r.op for p in puzzles for r in p.side_rules if r.kind == "total"}
    assert {"at most", "at least"} <= ops


@pytest.mark.parametrize("name", sorted(KEY_LINES))
def test_shipped_rulebook_puzzle_explained(name):
    from portia_tui.core.io import formats

    from .conftest import REPO

    solution, lines = KEY_LINES[name]
    puzzle = formats.load(REPO / "puzzles" / name)
    text = explain(puzzle)
    said = [line.strip() for line in text.splitlines()]
    for line in lines:
        assert line in said, line
    assert f"Only the {solution} casket fits: the portrait is in the {solution} casket." in said
    assert brute.analyse(puzzle).solution_names() == [solution]


# --------------------------------------------------------------------------- as a person writes
SAME_LOOP = """
format = 2
rules = ["Every casket was made by Bellini or by Cellini", "At most 2 statements are false"]
[[caskets]]
name = "gold"
statements = ["Both statements on the silver casket are true", "The portrait is in this casket"]
[[caskets]]
name = "silver"
statements = ["The other statement on this casket is true",
              "At most 1 statement on this casket is false"]
[[caskets]]
name = "lead"
statements = ["Exactly 1 casket was made by Bellini", "The portrait is in this casket"]
"""


def test_whole_language_says_what_never_changes_once():
    # silver's loop and gold's statement about it go the same way under every placement:
    # told once, up front, not once a placement
    from portia_tui.core.io import formats

    text = explain(formats.loads(SAME_LOOP, "native"))
    lines = [line.strip() for line in text.splitlines()]
    loop = "Statements 3 and 4 speak of each other in a loop: try each case."
    assert lines.count(loop) == 1
    assert lines.index("Whatever the placement, these steps go the same way:") < lines.index(loop)
    assert lines.index(loop) < lines.index("Suppose the portrait is in the gold casket.")
    assert sum(1 for x in lines if x.startswith("Statement 1 (gold")) == 1
    # a loop whose value is forced in each case so far is not 'tried'
    assert ('Statement 5 (lead: "Exactly 1 casket was made by Bellini") speaks of itself, but '
            "in each case so far only one way holds:") in lines
    # a failure in plain words
    assert ('The rule "At most 2 statements are false" rules out case B: 6 of the 6 statements '
            "are false, too many for 'at most 2'.") in lines


@given(full_puzzles())
@settings(max_examples=40, deadline=None)
def test_whole_language_words_as_a_person_writes(puzzle):
    text = explain(puzzle)
    lines = text.splitlines()
    for k, line in enumerate(lines):
        if line.endswith("try each case."):  # a case tried: more than one, or none holds
            cases = []
            for nxt in lines[k + 1:]:
                if not nxt.startswith("      "):
                    break
                cases.append(nxt.strip())
            # (a forced case is told as a plain chain, without "Case")
            assert not cases or not all(not c.startswith("Case ") for c in cases), text
        assert "Case forced" not in line
        assert "consistent assignment" not in line and "No assignment keeps" not in line
        assert "its statements" not in line or "casket bears exactly" in line


def test_several_cases_so_far_each_say_their_label():
    # with the portrait in the lead casket, silver's loop has left cases A and B: statement
    # 5's loop is told under each case's label, not as four bare "Case 5 ..." lines
    from portia_tui.core.io import formats

    text = explain(formats.loads(SAME_LOOP, "native"))
    lead = text.split("Suppose the portrait is in the lead casket.")[1]
    lines = [line.strip() for line in lead.splitlines()]
    a, b = lines.index("In case A:"), lines.index("In case B:")
    assert a < b
    assert lines[a + 1].startswith("Case 5 true:") and lines[b + 1].startswith("Case 5 true:")
    gold = text.split("Suppose the portrait is in the gold casket.")[1].split("Suppose")[0]
    assert "In case A:" in gold and "In case B:" in gold


@given(full_puzzles())
@settings(max_examples=30, deadline=None)
def test_whole_language_says_both_and_one_heading(puzzle):
    _checked_words(explain(puzzle), puzzle)
