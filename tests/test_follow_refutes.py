"""The tricky search's cheap first look (filters6): following alone, read off the coded
candidate (sampler.follow_refutes), says "ruled out" only where the grader's own following
does, so a candidate it turns away is one the grader would have turned away (same verdict,
same packs, without building the grader)."""

from __future__ import annotations

import random

import pytest

from portia_tui.core.explain.difficulty import COUNT, FOLLOW, SPLIT, Grader, cannot_be, rate_as
from portia_tui.core.packs.generator import Settings, generate
from portia_tui.core.packs.generator import search
from portia_tui.core.packs.generator.sampler import (CodedWorlds, Sampler, follow_refutes,
                                                     to_puzzle)

from .conftest import examples

#: (n, level, repeats allowed): the draws of the tricky search, with and without its filters
CASES = [(3, "tricky", False), (4, "tricky", False), (3, "tricky", True), (2, "steady", True)]


@pytest.mark.parametrize("n,level,repeats", CASES)
def test_follow_refutes_only_where_the_grader_follows_to_a_contradiction(n, level, repeats):
    st = Settings(n=n, difficulty=level, loops=True, seed=1,
                  repeats="allow" if repeats else "auto").check()
    rng = random.Random(n * 10 + repeats)
    sampler = Sampler(st, rng)
    size = n * st.caskets
    said = 0
    for _ in range(examples(30, 400)):
        cands, _order = sampler.draw()
        if cands is None:
            continue
        totals = CodedWorlds(cands, st.caskets).totals()
        puzzle = to_puzzle(cands, st.names, None)
        for m in rng.sample(range(size + 1), 3):
            grader = Grader(puzzle, m)
            for p in range(st.caskets):
                if not follow_refutes(cands, p, m):
                    continue
                said += 1
                assert not totals[p] >> m & 1, (cands, p, m)  # truly no world: sound
                assert grader.refutes(p, FOLLOW), (cands, p, m)  # and the grader's too
                if said % 7 == 0:  # (the ranks above follow first: spot-checked)
                    assert grader.refutes(p, COUNT) and grader.refutes(p, SPLIT)
    assert said  # (the look says something in these draws)


def test_the_search_turns_away_only_what_the_grader_would():
    """Each candidate the tricky search turns away by the first look: the grader's own first
    look (cannot_be) and rate_as say no too."""
    seen = 0
    original = search._Search._no_split

    def spied(self, d, m):
        got = original(self, d, m)
        if got:
            nonlocal seen
            seen += 1
            puzzle = d.bare(self)
            grader = Grader(puzzle, m)
            wrong = [p for p in range(self.s.caskets) if p != d.solutions[m]]
            assert cannot_be("tricky", wrong, grader.refutes)
            assert rate_as("tricky", puzzle, m, solutions=(d.solutions[m],)) is None
        return got

    try:
        search._Search._no_split = spied  # type: ignore[method-assign]
        generate(Settings(n=3, difficulty="tricky", count=1, seed=4))
    finally:
        search._Search._no_split = original  # type: ignore[method-assign]
    assert seen


def test_packs_are_those_of_the_grader_alone(monkeypatch):
    """The first look changes no pack: the same settings and seed give the same puzzles with
    it switched off (every candidate then rated by the grader)."""
    def make():
        return [(repr(g.puzzle), g.solution, g.rating)
                for g in generate(Settings(n=3, difficulty="tricky", count=2, seed=2))]

    fast = make()
    monkeypatch.setattr(search._Search, "_no_split", lambda self, d, m: False)
    assert make() == fast
