"""The tricky trials' steered draw (core/packs/islands.py, branch trials6): a ring of signs
planted to settle a claim either way (`_either_way_ring`), the count of suppositions that
refute at the start the pool walk steers by (`reasoning.refutable`), the walk that goes on
from a tricky candidate, and a hard trials' pack whose shape rule stands in for the opening
motif (whose signs' ids are now blurred)."""

from __future__ import annotations

import random

from portia_tui.core.explain.reasoning import Solver, grade, refutable
from portia_tui.core.language.formulas import thaw
from portia_tui.core.packs import islands as I

from .world_brute import worlds


def _planted(seed: int) -> tuple[list[str], list, I.WorldPuzzle]:
    rng = random.Random(seed)
    fam = I.FAMILIES["lady-tiger"]
    ents = fam.entities(4)
    says = [fam.atom(rng, ents, e, 0.5) for e in ents]  # of rooms only: no other ring
    I._either_way_ring(fam, rng, ents, says, I.HARD_SHARE)
    shell = fam.shell(ents, [], rng, True)
    return ents, says, shell


def test_the_planted_ring_settles_its_claim_either_way_by_the_brute_force():
    assert sum(_settled(seed) for seed in range(12)) >= 6


def _settled(seed: int) -> bool:
    """Whatever the rooms' rules and the other signs, in every world where the signs say
    what they say (rules lifted, so that both cases have worlds), the claim X of "X if and
    only if sign b is right" has one value, and sign a is right in some worlds and wrong in
    others: a split on sign a whose two cases agree on X."""
    ents, says, shell = _planted(seed)
    ids = [f"s{j + 1}" for j in range(4)]

    def ref(g):
        return g[0] in ("true", "false") and g[1] in ids

    # sign a: "X iff sign b is right (wrong)"; sign b: "Sign a is right (wrong)" alone
    (a, b), = [(i, ids.index(g[1])) for i, f in enumerate(says) if f[0] == "iff"
               for g in f[1:] if ref(g) and ref(says[ids.index(g[1])])
               and says[ids.index(g[1])][1] == ids[i]][:1]
    assert sorted([a, b]) in I._rings(says), says
    rings = [[a, b]]
    free = {v: "free" for v in ("lady", "tiger", "empty")}
    puzzle, _t = I._assemble(I.FAMILIES["lady-tiger"], ents, says, shell)
    lifted = puzzle.replace(mode_overrides={e: free for e in ents})
    ring_ids = {f"s{i + 1}" for i in rings[0]}
    (x,) = [g for g in thaw(lifted.statements[a].says)[1:]
            if not (g[0] in ("true", "false") and g[1] in ring_ids)]
    seen_x, seen_a = set(), set()
    for w in worlds(lifted):
        seen_x.add(w.holds(x, {"speaker": ents[a], "this": f"s{a + 1}", "bound": {}}))
        seen_a.add(w.truth[f"s{a + 1}"])
    # no world at all when X can never take the value the ring forces ("at most three
    # tigers" is true, and the ring says it is false): the filters drop such a draw
    assert len(seen_x) <= 1 and seen_a in (set(), {True, False}), (says, seen_x, seen_a)
    return bool(seen_x)


def test_refutable_counts_the_suppositions_that_refute_at_the_start():
    """The hand trials that rated tricky leave two suppositions that refute at the start (of
    a sign's truth) before their case split; the steady ones four or eight ("suppose the
    lady is in room I", ...)."""
    from .test_reasoning import HAND_TRIALS

    for name, p, _felt, _lady in HAND_TRIALS:
        left = refutable(Solver(p))
        assert (left <= 2) if grade(p).level == "tricky" else (left >= 4), (name, left)


def test_the_tricky_walk_goes_on_from_a_tricky_candidate_and_the_fiendish_starts_afresh():
    from .test_reasoning import HAND_TRIALS

    trials = {name: p for name, p, _felt, _lady in HAND_TRIALS}
    p = trials["trials5 tricky seed 2"]
    says = [thaw(s.says) for s in p.statements]
    ents = list(p.entities)
    says = [I._renamed(f, {"self": e}) for f, e in zip(says, ents)]
    for level, kept in (("tricky", True), ("fiendish", False)):
        walk = I._PoolWalk(level)
        walk.found(ents, says, p, grade(p))
        assert (walk.says is not None) is kept


def test_a_hard_trials_pack_caps_shapes_not_openings_and_the_opening_blurs_sign_ids():
    """Three puzzles of one opening are admitted in a pack of 8 hard trials when their shapes
    differ (the shape rule is the one home of the trials' sameness there); the opening motif
    reads "Sign # is right" whichever sign it names."""
    settings = I.IslandSettings(family="lady-tiger", size=4, count=8, difficulty="tricky",
                                grammar="rich")
    variety = I._Variety(settings, 4)
    assert all(variety.admits({"where": [str(n)]}, False, None, "one opening", f"shape {n}")
               for n in range(3))
    steady = I.IslandSettings(family="lady-tiger", size=4, count=8, difficulty="steady")
    variety = I._Variety(steady, 4)
    assert [variety.admits({"where": [str(n)]}, False, None, "one opening")
            for n in range(3)] == [True, True, False]
    from .test_reasoning import HAND_TRIALS

    trials = {name: p for name, p, _felt, _lady in HAND_TRIALS}
    p = trials["trials5 tricky seed 2"]
    told = I.motif(p, grade(p))
    assert "s1" not in told and "s2" not in told and "s3" not in told
