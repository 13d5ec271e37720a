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


def test_a_candidate_below_the_level_is_tried_with_its_other_m():
    search = _search("tricky")
    tried: list[tuple[object, int]] = []
    with_m = search._with_m

    def spy(d, m):
        tried.append((d, m))  # (the draw held: its id stays its own)
        return with_m(d, m)

    search._with_m = spy  # type: ignore[method-assign]
    for _ in range(1000):
        search.candidate()
    by_draw: dict[int, list[int]] = {}
    for d, m in tried:
        by_draw.setdefault(id(d), []).append(m)
    several = [ms for ms in by_draw.values() if len(ms) > 1]
    assert several, "no candidate was tried with a second m"
    assert all(len(set(ms)) == len(ms) for ms in several)  # each m once


def test_an_m_policy_is_kept_to():
    s = Settings(n=3, count=5, seed=3, difficulty="tricky", m_policy="smallest").check()
    search = _Search(s, Stats(), set(), Keeper(s, s.count, s.caskets))
    with_m = search._with_m
    seen: list = []

    def spy(d, m):
        seen.append(m == min(d.solutions))
        return with_m(d, m)

    search._with_m = spy  # type: ignore[method-assign]
    for _ in range(300):
        search.candidate()
    assert seen and all(seen)
