"""The loop-free levels' draw made cheaper (branch gentle9), with the same packs.

- search._surely_wasted: the wasted-statement preference read off the true counts alone,
  before the level's look. It says "wasted" only where the exact count
  (_share_at_most) says every m wastes more than the preferred share: checked on the
  last casket's tries of gentle and steady searches.
- The rating of a loop-free candidate is deferred until its offer is to be kept
  (quality.Offer.make): the same packs as rating at once, and a deferred rating is never
  refused (every wrong casket falls to following; the masks' first look tells the level).
"""

from __future__ import annotations

import pytest

from portia_tui.core.packs.generator import Settings, Stats, generate, search


@pytest.mark.parametrize("n, level", [(3, "gentle"), (4, "gentle"), (3, "steady")])
def test_surely_wasted_says_so_only_where_the_exact_count_does(monkeypatch, n, level):
    said: list = []
    inner = search._Search._whole_check

    def spied(self, cands, order, masks, tries):
        got = inner(self, cands, order, masks, tries)
        portrait, _true, counts = self._sums(cands, order, masks)
        solutions = {m: p for m, p in search.unique_solutions([1 << c for c in counts]).items()
                     if not search.giveaway_m(m, self.size)}
        if solutions and self._surely_wasted(cands, counts, solutions):
            said.append(not any(self._share_at_most(cands, order, masks, solutions, counts)))
        return got

    monkeypatch.setattr(search._Search, "_whole_check", spied)
    generate(Settings(n=n, count=4, seed=7, difficulty=level))
    assert said and all(said)


@pytest.mark.parametrize("n, level", [(2, "gentle"), (3, "gentle"), (3, "steady"),
                                      (3, None)])
def test_a_deferred_rating_makes_the_pack_of_a_rating_at_once(monkeypatch, n, level):
    def pack(defer: bool) -> tuple:
        monkeypatch.setattr(search._Search, "_rates_later", lambda self, d: defer and
                            d.order is not None and self.s.difficulty not in search.SPLIT_LEVELS)
        stats = Stats()
        got = generate(Settings(n=n, count=6, seed=5, difficulty=level), stats=stats)
        return [(g.puzzle, g.solution, g.rating, g.unique_m) for g in got], stats.filtered

    assert pack(True) == pack(False)


def test_a_deferred_rating_is_made_once_and_only_for_what_is_kept(monkeypatch):
    made: list = []
    inner = search._Search._rating

    def spied(self, puzzle, solution, m):
        got = inner(self, puzzle, solution, m)
        made.append(got)
        return got

    monkeypatch.setattr(search._Search, "_rating", spied)
    stats = Stats()
    got = generate(Settings(n=3, count=8, seed=3, difficulty="gentle"), stats=stats)
    assert len(made) == len(got) and all(r is not None and r.level == "gentle" for r in made)
    assert stats.filtered.get("wasted", 0) > 0  # (held candidates were dropped unrated)
