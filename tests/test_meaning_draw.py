"""The small hard cells of the islands generator (issue #20, point 3): knights and knaves
fiendish at 3 people and werewolves tricky at 2 people are drawn meaning first among the
meanings that may pass the quick look (islands._Screen.by_meaning), so a pack of 10 is made
(it gave up at 2-4 and at 0 of 10); islanders' trivial judgement reads the shell's kept
Evaluation (islands._bare) and says what a fresh one says; the walks move through one
_Walk._move. Packs of 10 for seeds 1-5: PORTIA_HEAVY=1."""

from __future__ import annotations

import os
import random

import pytest

from portia_tui.core.packs import islands as I
from portia_tui.core.solve.general import solve

CELLS = [dict(family="knights-knaves", size=3, difficulty="fiendish", depth=2),
         dict(family="werewolves", size=2, difficulty="tricky", depth=3)]


@pytest.mark.parametrize("cell", CELLS, ids=lambda c: c["family"])
def test_a_meaning_first_draw_leaves_one_answer_and_no_needless_statement(cell):
    settings = I.IslandSettings(**cell, grammar="rich", seed=1)
    fam = I.FAMILIES[settings.family]
    screen = I._Screen(settings.difficulty, True, False, False)
    rng = random.Random(1)
    for _ in range(25):
        ents, says, shell = I._drawn(settings, rng, screen)
        puzzle, _tuples = I._assemble(fam, ents, says, shell)
        assert solve(puzzle, limit=2).unique  # the solver, not the masks the draw read
        assert not I._wasted(puzzle)


@pytest.mark.parametrize("family", ["knights-knaves", "werewolves"])
def test_the_kept_evaluation_judges_as_a_fresh_one(family):
    rng = random.Random(7)
    said = []
    for size, depth in ((3, 2), (5, 3)):
        settings = I.IslandSettings(family=family, size=size, depth=depth, grammar="rich")
        for _ in range(60):
            puzzle, _tuples = I.candidate(settings, rng)
            said.append(I._constant(puzzle))
            assert said[-1] == I._constant_fresh(puzzle, False)  # a fresh Evaluation
    assert any(said) and not all(said)


def test_the_walks_move_to_a_place_no_farther_and_count_the_stall_afresh_when_nearer():
    walk = I._WideWalk()
    shell = I.FAMILIES["werewolves"].shell(["P1", "P2"], [], random.Random(1))
    walk.offer_at(["P1"], ["a"], shell, (-3, 0, 0.0))
    walk.stall = 5
    walk.offer_at(["P1"], ["b"], shell, (-4, 0, 0.0))  # farther: stays
    assert walk.says == ["a"] and walk.stall == 5
    walk.offer_at(["P1"], ["c"], shell, (-3, 0, 0.0))  # as near: moves, the stall goes on
    assert walk.says == ["c"] and walk.stall == 5
    walk.offer_at(["P1"], ["d"], shell, None)  # no distance: never
    assert walk.says == ["c"]
    walk.offer_at(["P1"], ["e"], shell, (-2, 0, 0.0))  # nearer: the stall afresh
    assert walk.says == ["e"] and walk.stall == 0 and walk.distance == (-2, 0, 0.0)
    assert I._Walk.stall_limit == I.STALL and I._WideWalk.stall_limit == I.WIDE_STALL


@pytest.mark.skipif(not os.environ.get("PORTIA_HEAVY"), reason="packs of 10: PORTIA_HEAVY=1")
@pytest.mark.parametrize("cell", CELLS, ids=lambda c: c["family"])
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_pack_of_ten_is_made(cell, seed):
    made = list(I.generate(I.IslandSettings(**cell, grammar="rich", count=10, seed=seed)))
    assert len(made) == 10 and all(i.grade.level == cell["difficulty"] for i in made)
