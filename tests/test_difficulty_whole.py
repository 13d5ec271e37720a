"""Difficulty by technique for the whole language (count and maker statements, rules beyond
m): the shipped puzzles' grades, the refuting technique checked against brute force, and the
thesis language's ratings unchanged."""

from __future__ import annotations

import re
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings

from portia_tui.core.io import formats
from portia_tui.core.explain.difficulty import (BY_KEY, KIND_TECHNIQUE, LADDER, RULE_TECHNIQUE, STEP,
                                        Rater, WholeRater, possible_levels, rate)
from portia_tui.core.solve.engine import covers
from portia_tui.core.language.model import Puzzle
from portia_tui.core.language.rules import RULE_KINDS, conditions
from portia_tui.core.solve.semantics import holds
from portia_tui.core.language.vocabulary import KINDS
from portia_tui.core.language.vocabulary import Statement as S

from .conftest import REPO
from .strategies import full_puzzles

PUZZLES = REPO / "puzzles"

#: every shipped puzzle beyond the thesis: (level, technique, the casket whose ruling out
#: needs it), each justified
SHIPPED = {
    # Smullyan's first casket under "at most 1 true": with the portrait in gold or lead two
    # portrait statements are true already
    "portia1-at-most-one": ("gentle", "suppose", "gold"),
    # gold: all three portrait statements false (none true); lead: all true (none false)
    "portia1-true-and-false": ("gentle", "suppose", "gold"),
    # with the portrait in silver, lead's "not in this casket" is true, so silver's "the
    # statements on the lead casket are false" is false beside "in the gold casket" (false):
    # silver lies twice, but only once lead's count of gold's false statements is judged
    "portia2-two-lids": ("steady", "tally", "silver"),
    # gold: lead's "in the gold casket" is true beside "in the silver casket" (false), a mixed
    # casket neither Bellini nor Cellini made
    "portia3-bellini-cellini": ("steady", "makers", "gold"),
    "portia3-who-made-what": ("steady", "makers", "gold"),
    # "exactly 1 casket bears only true statements": ruling out gold counts the honest lids
    "one-honest-lid": ("tricky", "caskets", "gold"),
    # Mackinnon's clue is a count of caskets by their true counts
    "mackinnon-clue": ("tricky", "caskets", "gold"),
    # lead counts all the statements, itself included: a loop of one, split into cases
    "self-count": ("tricky", "split", "lead"),
}


def _load(stem: str) -> Puzzle:
    return formats.load(PUZZLES / f"{stem}.toml")


@pytest.mark.parametrize("stem", sorted(SHIPPED))
def test_shipped_whole_puzzles_are_graded_by_technique(stem):
    puzzle = _load(stem)
    assert not covers(puzzle)
    r = rate(puzzle)
    level, technique, where = SHIPPED[stem]
    assert (r.level, r.technique, puzzle.names[r.placement]) == (level, technique, where)
    assert r.why(puzzle).startswith(f"Difficulty: {level}.")
    assert r.level == BY_KEY[r.technique].level
    assert rate(puzzle) == r  # deterministic


def test_every_shipped_puzzle_beyond_the_thesis_is_pinned():
    beyond = {p.stem for p in PUZZLES.glob("*.toml") if not covers(formats.load(p))}
    assert beyond == set(SHIPPED)


def test_at_most_one_is_as_gentle_as_smullyans_first_casket():
    first, at_most = rate(_load("smullyan-first")), rate(_load("portia1-at-most-one"))
    assert (at_most.technique, at_most.score) == (first.technique, first.score) == ("suppose", 1.06)


def test_every_kind_and_rule_has_a_technique():
    assert set(KINDS) <= set(KIND_TECHNIQUE)
    assert set(RULE_KINDS) == set(RULE_TECHNIQUE)
    assert "rulebook" not in BY_KEY


def test_a_count_on_its_own_casket_is_split_and_on_another_is_tallied():
    # gold's count reads silver's statement, judged by the supposition: tallied
    other = Puzzle.build({"gold": [S("count", "silver", op="exactly", k=1, value=True)],
                          "silver": [S("in", "silver")], "lead": [S("in", "gold")]}, m=1)
    assert WholeRater(other).need[0] == STEP["tally"]
    # "exactly 1 statement on this casket is true" speaks of itself: a split
    own = Puzzle.build({"gold": [S("count", "gold", op="exactly", k=1, value=True)],
                        "silver": [S("in", "silver")], "lead": [S("in", "gold")]}, m=1)
    assert WholeRater(own).need[0] == STEP["split"]


def test_possible_levels_know_the_new_kinds_and_rules():
    assert possible_levels(False, ("in", "not_in", "in_one_of"), 1, rules=("total",)) == ("gentle",)
    assert "steady" in possible_levels(False, ("in", "not_in"), 2, rules=("each",))
    assert "tricky" in possible_levels(False, ("in", "not_in"), 2, rules=("bearing",))
    assert "tricky" in possible_levels(False, ("in", "count_all"), 1)
    assert "steady" in possible_levels(False, ("in", "made_by"), 1, rules=("makers",))


# ------------------------------------------------------------------ against brute force
def _ruled_out(puzzle: Puzzle, p: int, m: int | None, judged: set[int], rules) -> bool:
    """Brute force: no world (any truth values for the statements not judged) fits the judged
    statements, the rules given and m."""
    meanings = puzzle.meanings
    conds = conditions(rules, puzzle.layout)
    for values in product((False, True), repeat=puzzle.size):
        if m is not None and sum(values) != m:
            continue
        if all(values[i] == holds(meanings[i], p, values, values[i]) for i in judged) \
                and all(holds(c, p, values) for c in conds):
            return False
    return True


@settings(max_examples=40, deadline=None)
@given(full_puzzles(max_statements=7))
def test_the_refuting_technique_really_refutes(puzzle):
    if covers(puzzle):
        return  # the thesis's language: tests/test_difficulty.py and the golden files
    r = rate(puzzle)
    assert rate(puzzle) == r  # deterministic
    rater = WholeRater(puzzle)
    step = STEP[r.technique]
    judged = {i for i, q in enumerate(rater.need) if q <= step}
    rules = [x for x in puzzle.side_rules if STEP[RULE_TECHNIQUE[x.kind]] <= step]
    everything = set(range(puzzle.size))
    wrong = [p for p in range(len(puzzle.caskets))
             if _ruled_out(puzzle, p, puzzle.m, everything, puzzle.side_rules)]
    for p in wrong:
        assert _ruled_out(puzzle, p, puzzle.m, judged, rules), (p, r)
    if wrong:
        assert r.placement in wrong
        # the hardest placement needs that step: one step lower does not rule it out
        # (unless a loop's cases or a near miss raised it)
        lower = [q for q in sorted(set(rater.steps)) if q < step]
        if lower and r.technique not in ("chain", "count"):
            below = lower[-1]
            judged = {i for i, q in enumerate(rater.need) if q <= below}
            rules = [x for x in puzzle.side_rules if STEP[RULE_TECHNIQUE[x.kind]] <= below]
            assert not _ruled_out(puzzle, r.placement, puzzle.m, judged, rules)
    else:
        assert r.placement is None and r.technique == LADDER[0].key


# ------------------------------------------------------------------ the thesis's language
GOLDEN = REPO / "tests" / "golden"


def _golden_ratings() -> list[tuple[Path, str]]:
    out = []
    for text_file in sorted((GOLDEN / "out").glob("*.txt")):
        text = text_file.read_text()
        got = re.search(r"^== rating\n(.*)$", text, re.M)
        if not got:
            continue
        folder, _, stem = text_file.stem.partition("-")
        source = (PUZZLES if folder == "puzzles" else GOLDEN / "examples") / f"{stem}.toml"
        if source.exists():
            out.append((source, got.group(1)))
    return out


def test_classic_ratings_are_the_stored_ones():
    stored = _golden_ratings()
    assert len(stored) >= 20
    for source, line in stored:
        puzzle = formats.load(source)
        assert covers(puzzle)
        assert rate(puzzle).describe() == line, source
        assert Rater(puzzle).rate(puzzle.m) == rate(puzzle)


def test_family_packs_are_graded_by_technique():
    from portia_tui.core.packs.generator import Settings, generate
    from portia_tui.core.packs.generator.families import family_defaults, family_levels

    for family, seed in (("portia1", 3), ("portia2", 3), ("portia3", 3)):
        settings = Settings(family=family, count=12, seed=seed, **family_defaults(family))
        made = generate(settings)
        levels = {g.rating.level for g in made}
        assert levels <= set(family_levels(settings)), family
        for g in made:
            assert g.rating == rate(g.puzzle)
    # the first generation reads portrait statements against a count: always gentle; the
    # second always checks a casket rule (lids) or counts caskets
    assert {g.rating.technique for g in generate(Settings(
        family="portia2", count=12, seed=3, **family_defaults("portia2")))} <= {"lids", "caskets"}
