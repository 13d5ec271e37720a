"""The step-by-step words for the whole language (count and maker statements, Portia's rules
beyond m): exact, and every rule and statement worded from its one home."""

from __future__ import annotations

from hypothesis import given, settings

from portia_tui.core import brute
from portia_tui.core.deduction import WholeDeducer, WholeStory, deducer, explain
from portia_tui.core.engine import covers

from .strategies import full_puzzles


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
    from portia_tui.core.rules import rule_sentence

    reached = [s for s in stories if "paradox" not in s.loop_kinds.values()]
    if puzzle.side_rules and reached and not any(s.too_large for s in stories):
        first = rule_sentence(puzzle.side_rules[0], puzzle.layout)
        assert f'The rule "{first}"' in text
