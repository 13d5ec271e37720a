"""The tricky search's grader asks less (filters7), with the same verdicts.

- rate_as(..., followed=...): the wrong caskets the search's first look (FollowLook) ruled
  out are taken as ruled out from FOLLOW on, and the others are asked to count first
  (cannot_be's `unfollowed`: the two looks are or-ed, so the order changes no verdict).
  Checked against rate_as without it, and against the full rating, on the candidates the
  tricky and fiendish searches draw, near misses included.
- contradictory_pairs passes over two statements that read more than PAIR_SCOPE statements
  at once: the same pairs as a count of every pair (difficulty._count_locally).
- _one_count remembers a lid or pair also under its statements renumbered in order
  (difficulty._renumbered): met again on other statements, in this puzzle or another, it
  is read back, and agrees with a fresh count.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from portia_tui.core.explain import difficulty
from portia_tui.core.explain.difficulty import (FOLLOW, LID_SCOPE, PAIR_SCOPE, Grader, cannot_be,
                                                contradictory_pairs, rate, rate_as)
from portia_tui.core.language.vocabulary import FreeMeaning
from portia_tui.core.packs.generator import Settings, generate, search
from portia_tui.core.packs.generator.sampler import (CodedWorlds, FollowLook, Sampler,
                                                     to_puzzle)
from portia_tui.core.packs.generator.search import unique_solutions

from .conftest import examples
from .strategies import full_puzzles, puzzles


def _candidates(n: int, level: str, count: int):
    """(puzzle with m open, m, its one answer, the wrong caskets FollowLook rules out) for
    drawn candidates with a unique m."""
    st = Settings(n=n, difficulty=level, loops=True, seed=3).check()
    sampler = Sampler(st, random.Random(n))
    for _ in range(count):
        cands, _order = sampler.draw()
        if cands is None:
            continue
        solutions = unique_solutions(CodedWorlds(cands, st.caskets).totals())
        look = FollowLook(cands)
        for m, answer in solutions.items():
            followed = {p for p in range(st.caskets) if p != answer and look.refutes(p, m)}
            yield to_puzzle(cands, st.names, None), m, answer, followed


def test_the_tricky_search_gets_the_verdicts_of_the_grader_asked_in_full(monkeypatch):
    """Every rate_as the search asks with `followed`: the same answer without it, and when
    it rates, the full rating."""
    seen: list = []
    inner = search.rate_as

    def spied(want, puzzle, m=None, engine=None, solutions=None, near=None, followed=None):
        got = inner(want, puzzle, m, engine, solutions, near, followed)
        seen.append((want, puzzle, m, solutions, followed, got))
        return got

    monkeypatch.setattr(search, "rate_as", spied)
    generate(Settings(n=3, difficulty="tricky", count=1, seed=5))
    told = sum(1 for *_x, got in seen if got is not None)
    assert told and any(f for *_x, f, _g in seen) and len(seen) >= 20
    for want, puzzle, m, fits, followed, got in seen:
        assert followed is not None
        assert rate_as(want, puzzle, m, solutions=fits) == got
        if got is not None:
            assert got == rate(puzzle, m, solutions=fits)


def test_followed_caskets_change_no_verdict():
    """On raw draws (tricky and fiendish asked of each), near misses told alike."""
    asked = 0
    for n in (3, 4):
        for puzzle, m, answer, followed in _candidates(n, "tricky", examples(60, 600)):
            for level in ("tricky", "fiendish"):  # (fiendish: the near misses told alike)
                near: list = []
                plain_near: list = []
                got = rate_as(level, puzzle, m, solutions=(answer,), near=near,
                              followed=followed)
                plain = rate_as(level, puzzle, m, solutions=(answer,), near=plain_near)
                assert got == plain, (puzzle, m)
                assert len(near) == len(plain_near)
            asked += bool(followed)
    assert asked  # (the look ruled some casket out)


@settings(max_examples=examples(30, 300), deadline=None)
@given(puzzles(max_statements=9))
def test_counting_first_where_following_failed_is_the_same_look(puzzle):
    wrong = [p for p, need in enumerate(rate(puzzle).needs) if need is not None]
    refutes = Grader(puzzle, puzzle.m).refutes
    want = cannot_be("tricky", wrong, refutes)
    for unfollowed in (wrong, wrong[:1], [p for p in wrong if not refutes(p, FOLLOW)]):
        assert cannot_be("tricky", wrong, Grader(puzzle, puzzle.m).refutes,
                         unfollowed) == want


@settings(max_examples=examples(40, 400), deadline=None)
@given(puzzles(max_statements=9))
def test_pairs_passed_over_at_once_are_no_pairs(puzzle):
    meanings, k = puzzle.meanings, len(puzzle.caskets)
    every = [(a, b) for a in range(len(meanings)) for b in range(a + 1, len(meanings))
             if not isinstance(meanings[a], FreeMeaning)
             and not isinstance(meanings[b], FreeMeaning)
             and difficulty._count_locally(meanings, (a, b), k, PAIR_SCOPE) == {1}]
    assert [b.statements for b in contradictory_pairs(puzzle)] == every


@settings(max_examples=examples(15, 150), deadline=None)
@given(st.lists(st.one_of(puzzles(max_statements=9), full_puzzles(max_statements=7)),
                min_size=2, max_size=4))
def test_lids_and_pairs_read_back_renumbered_are_counted_afresh(batch):
    difficulty._ONE.clear()
    for _round in range(2):  # (the second round reads everything back)
        for puzzle in batch:
            meanings, k = puzzle.meanings, len(puzzle.caskets)
            groups = [(tuple(puzzle.layout.group(c)), LID_SCOPE) for c in range(k)]
            groups += [((a, b), PAIR_SCOPE) for a in range(len(meanings))
                       for b in range(a + 1, len(meanings))]
            for group, most in groups:
                if any(isinstance(meanings[i], FreeMeaning) for i in group):
                    continue
                every = difficulty._count_locally(meanings, group, k, most)
                want = next(iter(every)) if every is not None and len(every) == 1 else None
                assert difficulty._one_count(meanings, group, k, most) == want, group


def test_a_lid_on_other_statements_is_read_back():
    from portia_tui.core.language.vocabulary import GroupMeaning, PortraitMeaning

    difficulty._ONE.clear()
    # "the next statement is true" beside "in A": on statements 0 and 1, and on 3 and 4
    first = [GroupMeaning((2,), True), PortraitMeaning(0, True), PortraitMeaning(1, True)]
    second = [PortraitMeaning(1, True)] * 3 + first
    second[3] = GroupMeaning((5,), True)
    assert difficulty._renumbered(second, (3, 4)) == (first[:2] + [None], (0, 1))
    got = difficulty._one_count(first, (0, 1), 2, LID_SCOPE)
    size = len(difficulty._ONE)
    assert difficulty._one_count(second, (3, 4), 2, LID_SCOPE) == got
    assert len(difficulty._ONE) == size + 1  # (its own key, read back under the shape's)
    assert got == difficulty._one_count(second, (3, 4), 2, LID_SCOPE)
