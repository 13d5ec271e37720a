"""The tricky target's walk (branch tricky9): a candidate the grader was asked about and did
not rate tricky is a near miss, and the next candidates are drawn around it, one casket's
statements drawn again (search.TRICKY_NEAR_TRIES); every candidate of the walk is judged by
every check and the unchanged grader."""

from __future__ import annotations

from portia_tui.core.explain.difficulty import rate
from portia_tui.core.packs.generator import Settings, Stats
from portia_tui.core.packs.generator.quality import Keeper
from portia_tui.core.packs.generator.search import TRICKY_NEAR_TRIES, _Search


def _search(difficulty: str) -> _Search:
    s = Settings(n=3, count=5, seed=3, difficulty=difficulty).check()
    return _Search(s, Stats(), set(), Keeper(s, s.count, s.caskets))


def test_a_near_miss_is_walked_around_one_casket_at_a_time():
    search = _search("tricky")
    for _ in range(3000):
        if search.candidate() is None and search.near is not None:
            break
    else:
        raise AssertionError("no near miss in 3000 candidates")
    near = [list(row) for row in search.near]
    assert search.near_left == TRICKY_NEAR_TRIES
    # the near miss was rated and is not tricky, but following alone left a casket open
    drawn, _order, _why = search._draw()
    assert drawn is not None
    assert sum(row != old for row, old in zip(drawn, near)) <= 1
    assert search.near_left == TRICKY_NEAR_TRIES - 1


def test_other_levels_do_not_walk():
    search = _search("steady")
    for _ in range(100):
        search.candidate()
        assert search.near is None


def test_the_walk_keeps_only_tricky_puzzles():
    search = _search("tricky")
    found = []
    while len(found) < 3:
        offer = search.candidate()
        if offer is not None:
            found.append(offer.generated)
            search.seen.add(offer.key)
    assert search.stats.attempts < 3000
    for g in found:
        assert rate(g.puzzle).level == "tricky"
