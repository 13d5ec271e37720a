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


# --------------------------------------------------------------------------- hints
@settings(max_examples=40, deadline=None)
@given(full_puzzles(max_statements=7))
def test_hint_ladder_on_the_whole_language(puzzle):
    """Judging and every hint step agree with brute force; hint 1's casket is chosen from the
    statements alone (the same under other rules); hint 2 gives the story's key lines."""
    from portia_tui.core.hints import Coach
    from portia_tui.core.rules import Rule

    truth = brute.analyse(puzzle)
    sols = truth.solutions()
    coach = Coach(puzzle)
    for i in range(len(puzzle.caskets)):
        assert coach.counts(i) == truth.true_counts[i]
        assert coach.judge(i).correct == (len(sols) == 1 and sols == (i,))
        assert coach.judge(i).text
    h1 = coach.hint(1)
    keep = tuple(r for r in puzzle.rules if r.kind == "makers")
    other = puzzle.with_rules(keep + (Rule("total", "at least", 0, True),))
    assert Coach(other).hint(1).placement == h1.placement
    if puzzle.side_rules:
        assert "check Portia's rule" in h1.text
    h2 = coach.hint(2)
    story = coach.story(h2.placement)
    if not covers(puzzle) and not story.too_large:
        assert " ".join(story.key) in h2.text
        assert h2.text.endswith("fits.") == (h2.placement in sols)
    lines = coach.hint(3).text.splitlines()[1:]
    assert len(lines) == len(puzzle.caskets)
    for i, line in enumerate(lines):
        assert line.strip().startswith(f"{i + 1} {puzzle.names[i]}:")
        assert line.endswith("- fits") == (i in sols)
