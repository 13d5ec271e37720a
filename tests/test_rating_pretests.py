"""The rating's cheap looks (filters5) are sound: they never change a verdict.

- A tricky search asks rate_as about thousands of candidates. Its first look
  (difficulty.cannot_be) stops at a wrong casket that following alone rules out, before any
  lid or pair is sought. Every candidate a tricky (and a steady) search rates gets the verdict
  the full rating gives it.
- A fixed lid and a contradictory pair are found by a search that stops at a second count
  (difficulty._one_count). It finds exactly the lids and pairs the full count finds
  (difficulty._local_counts, which lists every count).
"""

from __future__ import annotations

from hypothesis import given, settings

from portia_tui.core.explain import difficulty
from portia_tui.core.explain.difficulty import (COUNT, FOLLOW, LID_SCOPE, PAIR_SCOPE, Grader,
                                                cannot_be, rate)
from portia_tui.core.language.vocabulary import FreeMeaning
from portia_tui.core.packs.generator import Settings, generate
from portia_tui.core.packs.generator import search

from .conftest import examples
from .strategies import full_puzzles, puzzles


def _watched(monkeypatch) -> list:
    """Every (level wanted, puzzle, m, answer, verdict) rate_as gives the generator."""
    seen: list = []
    inner = search.rate_as

    def rate_as(want, puzzle, m=None, engine=None, solutions=None, near=None, followed=None):
        got = inner(want, puzzle, m, engine, solutions, near, followed)
        seen.append((want, puzzle, m, solutions, got))
        return got

    monkeypatch.setattr(search, "rate_as", rate_as)
    return seen


def test_every_candidate_a_tricky_search_rates_gets_the_full_verdict(monkeypatch):
    seen = _watched(monkeypatch)
    made = generate(Settings(n=3, difficulty="tricky", count=1, seed=5))
    assert made[0].rating.level == "tricky"
    assert len(seen) >= 20
    levels = set()
    for want, puzzle, m, fits, got in seen:
        full = rate(puzzle, m, solutions=fits)
        levels.add(full.level)
        assert (got is not None) == (full.level == want)
        if got is not None:
            assert got == full
    assert {"steady", "tricky"} <= levels  # (steady ones were turned away)


def _lids_and_pairs(puzzle) -> list[tuple[tuple[int, ...], int]]:
    meanings = puzzle.meanings
    out = [(tuple(puzzle.layout.group(c)), LID_SCOPE) for c in range(len(puzzle.caskets))
           if len(puzzle.layout.group(c)) >= 2]
    out += [((a, b), PAIR_SCOPE) for a in range(len(meanings)) for b in range(a + 1, len(meanings))]
    return [(g, most) for g, most in out
            if not any(isinstance(meanings[i], FreeMeaning) for i in g)]


def _agree(puzzle) -> None:
    meanings, k = puzzle.meanings, len(puzzle.caskets)
    for group, most in _lids_and_pairs(puzzle):
        every = difficulty._count_locally(meanings, group, k, most)
        want = next(iter(every)) if every is not None and len(every) == 1 else None
        difficulty._ONE.clear()
        assert difficulty._one_count(meanings, group, k, most) == want, group


@settings(max_examples=examples(40, 400), deadline=None)
@given(puzzles(max_statements=9))
def test_a_search_stopping_at_a_second_count_finds_the_same_lids_and_pairs(puzzle):
    _agree(puzzle)


@settings(max_examples=examples(25, 300), deadline=None)
@given(full_puzzles(max_statements=7))
def test_the_same_lids_and_pairs_in_the_whole_language(puzzle):
    _agree(puzzle)


@settings(max_examples=examples(40, 400), deadline=None)
@given(puzzles(max_statements=9))
def test_a_casket_following_rules_out_never_needs_a_split(puzzle):
    """The reason the first look may stop at following: the ladder stops there too, so a
    puzzle whose wrong caskets all fall to following or counting is not tricky (nor
    fiendish), and the look says no at least wherever it said no when it counted at once."""
    r = rate(puzzle)
    grader = Grader(puzzle, puzzle.m)
    wrong = [p for p, need in enumerate(r.needs) if need is not None]
    for p in wrong:
        if grader.refutes(p, FOLLOW):
            assert grader.need(p)[0] <= FOLLOW
    no = cannot_be("tricky", wrong, Grader(puzzle, puzzle.m).refutes)
    if no:
        assert r.level in ("gentle", "steady")
    if all(Grader(puzzle, puzzle.m).refutes(p, COUNT) for p in wrong):
        assert no


def test_a_remembered_meaning_is_the_meaning_and_a_list_field_is_still_read():
    from portia_tui.core.language import vocabulary as voc

    layout = voc.Layout(("gold", "silver", "lead"), (1, 1, 1))
    st = voc.Statement("false", "silver")
    first = voc.meaning(st, layout, 0, 0)
    assert voc.meaning(st, layout, 0, 0) == first == voc.kind_of(st).meaning(st, layout, 0, 0)
    assert voc.meaning(st, layout, 2, 2) == voc.kind_of(st).meaning(st, layout, 2, 2)
    # a layout built with lists cannot be remembered (not hashable): made afresh, the same
    listed = voc.Layout(["gold", "silver", "lead"], [1, 1, 1])  # type: ignore[arg-type]
    assert voc.meaning(st, listed, 0, 0) == first
