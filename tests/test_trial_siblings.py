"""Near siblings in a hard trials' pack (core/packs/islands.py, branch trials7): the tricky
walk finds its trials in bursts of neighbours one sign (or one room's rule) apart; two of
them in one pack feel alike, though they pass the twins filter and the shape rule. The pack
keeps them apart (`near_siblings`), checked here by a renaming of the test's own."""

from __future__ import annotations

import os
import random
from itertools import combinations, permutations

import pytest

from portia_tui.core.language.formulas import thaw
from portia_tui.core.packs import islands as I

_ORDERLESS = {"and", "or", "iff", "same", "differ"}


def _norm(f, names):
    """f with names replaced and the parts of an orderless connective sorted (the test's
    own reading: no code of the generator's)."""
    if isinstance(f, str):
        return names.get(f, f)
    if isinstance(f, dict):
        return tuple(sorted((k, _norm(v, names)) for k, v in f.items()))
    if isinstance(f, (list, tuple)):
        parts = [_norm(g, names) for g in f]
        if parts and parts[0] in _ORDERLESS:
            return (parts[0], *sorted(parts[1:], key=repr))
        return tuple(parts)
    return f


def _rooms(p, order):
    """Room (renamed by `order`) -> (its sign, its rule)."""
    to = dict(zip(p.entities, order))
    names = {**to, **{s.id: "#" + to[s.by] for s in p.statements}}
    rules = {e: tuple(sorted(dict(m).items())) for e, m in p.mode_overrides.items()}
    return {to[s.by]: (_norm(thaw(s.says), {**names, "self": to[s.by]}), rules.get(s.by))
            for s in p.statements}


def _apart(a, b) -> int:
    """The fewest rooms whose sign or rule differ, over every renaming of a's rooms."""
    mine = _rooms(b, b.entities)
    return min(sum(_rooms(a, order)[e] != mine[e] for e in b.entities)
               for order in permutations(a.entities))


def _puzzle(says, reversed_rooms=(), order=None):
    fam = I.FAMILIES["lady-tiger"]
    ents = fam.entities(4)
    shell = fam.shell(ents, [], random.Random(0), False)
    shell = shell.replace(mode_overrides={e: I.REVERSED for e in reversed_rooms})
    p, _t = I._assemble(fam, ents, says, shell)
    return p


BASE = [["true", "s2"], ["iff", ["true", "s1"], ["is", "IV", "content", "lady"]],
        ["isnot", "II", "content", "empty"], ["count", "all", {"content": "tiger"}, ">=", 2]]
# BASE with rooms I and III swapped (their signs' ids too)
SWAPPED = [["isnot", "II", "content", "empty"],
           ["iff", ["is", "IV", "content", "lady"], ["true", "s3"]],
           ["true", "s2"], ["count", "all", {"content": "tiger"}, ">=", 2]]


@pytest.mark.parametrize("other, reversed_rooms, near", [
    (SWAPPED, ("I",), True),  # renamed rooms: twins
    (SWAPPED[:3] + [["is", "I", "content", "tiger"]], ("I",), True),  # one sign apart
    (SWAPPED, ("I", "II"), True),  # one room's rule apart
    (SWAPPED[:3] + [["is", "I", "content", "tiger"]], ("I", "II"), False),  # two rooms
    ([["false", "s3"]] + SWAPPED[1:3] + [["is", "I", "content", "tiger"]], ("I",), False),
])
def test_near_siblings_are_one_sign_or_rule_apart_up_to_renaming_rooms(other, reversed_rooms,
                                                                       near):
    a = _puzzle(BASE, ("III",))
    b = _puzzle(other, reversed_rooms)
    assert (_apart(a, b) <= 1) is near
    assert I.near_siblings(a, b) is near
    assert I.near_siblings(b, a) is near


#: seeds 2 and 5 gave up at 5 of 8 at the default attempts until branch trials8 (a find's
#: lady moved to the room the pack names least, and the walk restarting from the pack's own
#: trials of a shape not yet full: islands._lady_moved, _PoolWalk.resume)
PACKS = [(1, 3)] + ([(seed, 8) for seed in (1, 2, 3, 4, 5)]
                    if os.environ.get("PORTIA_HEAVY") else [])


@pytest.mark.parametrize("seed, count", PACKS)
def test_a_tricky_four_room_pack_holds_no_near_siblings(seed, count):
    settings = I.IslandSettings(family="lady-tiger", size=4, count=count, seed=seed,
                                difficulty="tricky", grammar="rich")
    pack = [island.puzzle for island in I.generate(settings)]
    assert len(pack) == count
    for a, b in combinations(pack, 2):
        assert _apart(a, b) >= 2


def _spare_by_brute(p) -> set[int]:
    """The signs that can go with one answer left, by the brute force: a sign another sign
    speaks of stays, its room's rule lifted (every content free); any other is left out."""
    from .world_brute import brute

    read = set().union(*(I._mentions(s.says) for s in p.statements))
    spare = set()
    for i, s in enumerate(p.statements):
        if s.id in read:
            free = {v: "free" for v in p.attributes["content"]}
            q = p.replace(mode_overrides={**p.mode_overrides, s.by: free})
        else:
            q = p.replace(statements=tuple(t for t in p.statements if t is not s))
        if len(brute(q)["answers"]) == 1:
            spare.add(i)
    return spare


def test_the_walk_knows_the_wasted_signs_as_the_brute_force_does():
    """A tricky walk at a candidate of the level with a wasted sign draws another sign again
    (drawing a wasted one never mends it): the signs it takes for wasted are the brute
    force's."""
    from portia_tui.core.explain.reasoning import Solver

    from .world_brute import brute

    settings = I.IslandSettings(family="lady-tiger", size=4, count=8, difficulty="tricky",
                                grammar="rich")
    fam = I.FAMILIES["lady-tiger"]
    rng = random.Random(5)
    looked, some = 0, 0
    while looked < 6:
        ents, says = I._says(settings, rng)
        p, _t = I._assemble(fam, ents, says, fam.shell(ents, [], rng, True))
        if len(brute(p)["answers"]) != 1:
            continue
        looked += 1
        spare = set(I._Screen(None, False).needless_signs(Solver(p)))
        assert spare == _spare_by_brute(p)
        some += bool(spare)
    assert some >= 2


def test_a_crowded_walk_moves_to_no_candidate_of_a_full_shape():
    from portia_tui.core.explain.reasoning import grade

    from .test_reasoning import HAND_TRIALS

    trials = {name: p for name, p, _felt, _lady in HAND_TRIALS}
    p = trials["trials5 tricky seed 2"]  # a planted ring alone: "ring of 2: claim, iff"
    ents = list(p.entities)
    says = [I._renamed(thaw(s.says), {"self": e}) for s, e in zip(p.statements, ents)]
    assert I._ring_shape(says) == I._PLANTED
    walk = I._PoolWalk("tricky")
    walk.crowded.add(I._PLANTED)
    walk.found(ents, says, p, grade(p))
    assert walk.says is None
    walk.crowded.clear()
    walk.found(ents, says, p, grade(p))
    assert walk.says is not None


def test_two_rooms_swapped_make_the_same_trial_with_the_lady_moved():
    """A find whose lady's room the pack is full of is taken with two rooms' names swapped
    (islands._swapped, branch trials8): the same trial up to renaming rooms, by the test's
    own renaming, the lady in the other room by the brute force."""
    from .test_reasoning import HAND_TRIALS
    from .world_brute import brute

    for _name, p, _felt, lady in HAND_TRIALS:
        for other in (e for e in p.entities if e != lady):
            q = I._swapped(p, lady, other)
            assert _apart(p, q) == 0
            assert brute(q)["answers"] == {repr({"where content=lady": [other]})}
            assert I.near_siblings(p, q) and I._ring_shape(
                [thaw(t.says) for t in q.statements]) == I._ring_shape(
                [thaw(t.says) for t in p.statements])
