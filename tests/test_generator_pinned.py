"""Same seed and settings, same pack: the puzzles a seed produces are pinned.

Each case's puzzles (statements, m, solution, rating, unique m) and the search's counts
(attempts, rejects, SAT re-verifications) are hashed; a change of any of them (a speed-up that
draws or judges differently) fails here. Regenerate the digests only when a change of the
packs is meant, and say so.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict

import pytest

from portia_tui.core.packs.generator import Settings, Stats, generate

PINNED = [
    (dict(n=3, count=60, seed=11), "a1807934ed6ff8b9"),
    (dict(n=10, count=20, seed=12, repeats="allow"), "eaec5542a516edd1"),
    (dict(n=1, count=20, seed=13), "2767f4dbe76b5aa9"),
    # loops and tricky at n = 3: rewritten when the grader read a lid never all true with the
    # statements that say so (branch grader4): seed 14's first puzzle rates steady (was
    # tricky), the same puzzles; seed 16's tricky pack draws 3474 candidates (was 1722).
    # Rewritten when the wide never-all glance took one step further (branch grader6): seed
    # 16's tenth puzzle (with the portrait in gold, "if lead's were all false, gold's 'lead
    # false' would be true, so its 'others true' true, and lead's 'gold true' true") rates
    # steady, so the pack's tenth is another; the first nine are the same
    (dict(n=3, count=20, seed=14, loops=True), "9a6c6d05e30a8e91"),
    (dict(n=4, caskets=5, count=10, seed=15), "b6238789906b6b79"),
    # Rewritten when the tricky target walked around its near misses and tried a candidate's
    # other unique m (branch tricky9: search.TRICKY_NEAR_TRIES, _Search._other_m): other
    # puzzles, each still graded tricky by the same grader, from 1506 candidates (was 3584)
    (dict(n=3, count=10, seed=16, difficulty="tricky"), "0934420ea15799c7"),
    (dict(n=2, caskets=6, count=5, seed=17), "1026e875c15994b1"),
    (dict(n=5, count=10, seed=18, m_policy="random", allow_negations=True), "95cec6f5bc42ff11"),
    # the wasted-statement preference (gentle) and the hard echo with loops (tricky at n = 2),
    # pinned on main before their checks were made cheaper (filtercost): the same packs.
    # Rewritten on branch gentle9: the same puzzles, but 8 of the last casket's redraws that
    # the level's look refused are now refused first by the wasted-statement preference's
    # test read off the counts (search._surely_wasted), so stats.redrawn counts them under
    # "wasted" (88, was 80) instead of "level" (25, was 33)
    (dict(n=3, count=10, seed=19, difficulty="gentle"), "8f77953111cc6204"),
    # (tricky at n = 2 was pinned here, "4a4aba01659337a2"; since echoes are read over every
    # consistent world it is refused up front on three caskets: every such puzzle has one.
    # The hard echo with loops at n = 2, read exactly, taken on branch filters2)
    (dict(n=2, count=10, seed=20, loops=True), "2fb18ba773adb7c1"),
    # gentle at n = 2 built backwards from the answer (branch gentle2: the last casket drawn
    # among the statement sets that fit the level), taken on that branch
    (dict(n=2, count=10, seed=22, difficulty="gentle"), "f51a8d7979703d0f"),
]


def digest(settings: dict) -> str:
    stats = Stats()
    h = hashlib.sha256()
    for g in generate(Settings(**settings), stats=stats):
        p = g.puzzle
        h.update(repr((p.m, [(c.name, [(s.kind, s.target) for s in c.statements])
                             for c in p.caskets],
                       g.solution, g.rating, g.unique_m)).encode())
    counts = {k: v for k, v in asdict(stats).items() if k != "notices"}
    h.update(repr(sorted(counts.items())).encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize("settings, pinned", PINNED)
def test_a_seed_makes_the_same_pack(settings, pinned):
    assert digest(settings) == pinned
