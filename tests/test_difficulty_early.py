"""rate_as, the generator's test for a difficulty target, stops early (difficulty.cannot_be)
but must agree with the full rating: a rating of the level wanted, or None exactly when the
puzzle rates otherwise. Checked on puzzles of every level, filters lifted so dull ones come
too."""

from __future__ import annotations

import os

import pytest

from portia_tui.core.explain.difficulty import DIFFICULTIES, rate, rate_as
from portia_tui.core.packs.generator import Settings, generate
from portia_tui.core.packs.generator.quality import FILTERS

LIFTED = {f.setting: True for f in FILTERS.values() if f.setting.startswith("allow")}


@pytest.mark.parametrize("n, loops", [(2, True), (3, True), (3, False), (4, True)])
def test_rate_as_agrees_with_rate(n, loops):
    made = generate(Settings(n=n, loops=loops, count=40, seed=n, repeats="allow", **LIFTED))
    seen = set()
    for g in made:
        full = rate(g.puzzle)
        seen.add(full.level)
        for level in DIFFICULTIES:
            got = rate_as(level, g.puzzle)
            assert (got is not None) == (full.level == level)
            if got is not None:
                assert got == full
    assert len(seen) >= 2  # more than one level met


#: fiendish comes from the full vocabulary (the classic one has no split inside a case once a
#: lid never all false is read): rare, minutes under load, so with PORTIA_HEAVY only
heavy = pytest.mark.skipif(not os.environ.get("PORTIA_HEAVY"),
                           reason="fiendish generation takes minutes: PORTIA_HEAVY=1")


@heavy
def test_portia3_fiendish_is_made():
    # a real nested split exists with 3 statements a casket under the quality filters; the
    # search walks uphill on the grader's closeness to find it (families.Walk; a lean copy
    # runs by default in test_fiendish_walk.py)
    from portia_tui.core.explain.difficulty import Grader
    from portia_tui.core.packs.generator.quality import repeated, symmetric_pair, portrait_masks
    from portia_tui.core.packs.generator.search import iter_generate

    made = list(iter_generate(Settings(n=3, difficulty="fiendish", count=1, seed=3, vocabulary="full").check(),
                              patience=None))
    p = made[0].puzzle
    assert made[0].rating.level == "fiendish" and made[0].rating.technique == "nested"
    assert repeated(p) == [] and symmetric_pair(portrait_masks(p), 3) is None
    # the wrong casket it names falls to no single split, but to splits inside a split
    grader = Grader(p, p.m)
    where = made[0].rating.placement
    assert not grader.refutes(where, 6) and grader.refutes(where, 7)


@heavy
def test_a_fiendish_pack_does_not_repeat_its_caskets():
    # the walk starts afresh after each puzzle: two puzzles of a pack share no casket's
    # statements wholesale more than chance would
    from portia_tui.core.packs.generator.search import iter_generate

    made = list(iter_generate(Settings(n=4, difficulty="fiendish", count=3, seed=2, vocabulary="full").check(),
                              patience=None))
    rows = [{tuple(c.statements) for c in g.puzzle.caskets} for g in made]
    assert all(len(rows[i] & rows[j]) <= 1 for i in range(3) for j in range(i + 1, 3))
