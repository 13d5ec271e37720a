"""The hard trials' signs (core/packs/islands.py, branch trials5): the odd compound forms the
trivial filter refuses ("if" and "if and only if" as well as "and" and "or"), a draw that does
not make them (no count true in every world, no compound of one claim and itself or its
denial), and the quick look's wasted-sign judgement for signs in a ring, which must say what
the full filter (`_wasted`) says."""

from __future__ import annotations

import random

import pytest

from portia_tui.core.explain.reasoning import Solver
from portia_tui.core.language.world import WorldStatement
from portia_tui.core.packs import islands as I

ROOMS = ["I", "II", "III", "IV"]
TIGERS = {"content": "tiger"}
#: the other three signs of the four-room trial each form below is hung on (room I)
REST = [["is", "III", "content", "tiger"], ["is", "I", "content", "empty"],
        ["isnot", "IV", "content", "lady"]]

#: compound signs that read oddly: each is refused (the form, why)
ODD = [
    (["implies", ["true", "s2"], ["false", "s2"]],
     "if sign II is right then sign II is wrong: says only that sign II is wrong"),
    (["implies", ["false", "s3"], ["true", "s3"]], "if III is wrong then III is right"),
    (["iff", ["false", "s3"], ["count", "all", TIGERS, "<=", 3]],
     "a part true in every world: at most three tigers beside the lady"),
    (["implies", ["count", "all", TIGERS, ">=", 4], ["true", "s2"]],
     "a part false in every world: if is then vacuous"),
    (["iff", ["count", "all", TIGERS, "==", 3], ["count", "all", TIGERS, "==", 2]],
     "parts that never hold together: means neither"),
    (["iff", ["isnot", "I", "content", "lady"], ["isnot", "II", "content", "lady"]],
     "parts that never fail together: means both"),
    (["implies", ["is", "II", "content", "lady"], ["isnot", "III", "content", "lady"]],
     "true in every world: one lady"),
    (["or", ["true", "s2"], ["false", "s2"]], "an 'or' of a claim and its denial"),
    (["and", ["is", "II", "content", "lady"], ["isnot", "III", "content", "lady"]],
     "an 'and' whose second part follows from the first"),
]
#: compound signs of the same shapes that read plainly: kept
FAIR = [
    ["iff", ["false", "s3"], ["is", "II", "content", "lady"]],
    ["implies", ["is", "I", "content", "empty"], ["true", "s2"]],
    ["iff", ["count", "all", TIGERS, "==", 2], ["true", "s4"]],
    ["implies", ["count", "all", TIGERS, ">=", 2], ["false", "s3"]],
]


def _trial(first):
    says = [first, *REST]
    statements = [WorldStatement(f"s{i + 1}", r, f) for i, (r, f) in enumerate(zip(ROOMS, says))]
    return I.FAMILIES["lady-tiger"].shell(ROOMS, statements, random.Random(0))


@pytest.mark.parametrize("form,why", ODD, ids=[w for _f, w in ODD])
def test_an_odd_compound_sign_is_refused(form, why):
    assert I._constant(_trial(form)), why


@pytest.mark.parametrize("form", FAIR, ids=repr)
def test_a_plain_compound_sign_is_kept(form):
    assert not I._constant(_trial(form))


@pytest.mark.parametrize("rooms", range(3, 10))
def test_the_hard_draw_never_counts_a_sure_thing(rooms):
    """Counts of tigers or empty rooms: k - 1 rooms beside the lady's, so 0 to k - 1 of
    either; no count drawn is true for every number or for none."""
    fam, ents = I.FAMILIES["lady-tiger"], I.ROMAN[:rooms]
    rng = random.Random(rooms)
    seen = 0
    for _ in range(600):
        a = fam.atom(rng, list(ents), "I", I.HARD_SHARE)
        if a[0] != "count":
            continue
        seen += 1
        op, n = a[3], a[4]
        holds = [{"==": m == n, ">=": m >= n, "<=": m <= n}[op] for m in range(rooms)]
        assert any(holds) and not all(holds), a
    assert seen > 50


def test_the_hard_draw_never_joins_a_claim_to_itself_or_its_denial():
    settings = I.IslandSettings(family="lady-tiger", size=4, difficulty="tricky",
                                grammar="rich")
    rng = random.Random(3)

    def compounds(f):
        if isinstance(f, list) and f and f[0] in I._TWO_PART:
            yield f
        if isinstance(f, list):
            for g in f[1:]:
                yield from compounds(g)

    joined = 0
    for _ in range(400):
        _ents, says = I._says(settings, rng)
        for f in says:
            for c in compounds(f):
                joined += 1
                parts = c[1:]
                assert not any(I._same_claim(p, q) for i, p in enumerate(parts)
                               for q in parts[i + 1:]), c
    assert joined > 200


def test_the_quick_look_judges_a_ring_s_wasted_sign_as_the_filter_does():
    """Signs in a ring get the puzzle's own Evaluation; the quick look's wasted judgement
    there (`_needless_whole`) must agree with `_wasted` on every candidate it reaches."""
    settings = I.IslandSettings(family="lady-tiger", size=4, difficulty="tricky",
                                grammar="rich")
    fam = I.FAMILIES["lady-tiger"]
    rng = random.Random(5)
    screen = I._Screen(None, True, allow_wasted=False)
    verdicts = set()
    for _ in range(2500):
        ents, says, shell = I._drawn(settings, rng, screen)
        if not I._ringed(says):
            continue
        puzzle, _t = I._assemble(fam, ents, says, shell)
        solver = Solver(puzzle)
        if not screen._judge(solver):
            continue
        quick = screen._needless_whole(solver)
        assert quick == I._wasted(puzzle), [s.says for s in puzzle.statements]
        verdicts.add(quick)
    assert verdicts == {True, False}


def test_a_pack_of_hard_trials_takes_one_shape_at_most_half_the_time():
    settings = I.IslandSettings(family="lady-tiger", size=4, count=8, difficulty="tricky",
                                grammar="rich")
    variety = I._Variety(settings, 4)
    shape = "cases on a sign in a ring; ring of 2: claim, iff"
    admitted = [variety.admits({"where": [str(n)]}, False, None, f"opening {n}", shape)
                for n in range(6)]
    assert admitted == [True] * 4 + [False] * 2
    assert variety.admits({"where": ["x"]}, False, None, "another", "cases on a room; no ring")


def test_the_shape_names_the_split_and_the_rings():
    from portia_tui.core.explain.reasoning import grade

    from .test_reasoning import HAND_TRIALS

    trials = {name: p for name, p, _felt, _lady in HAND_TRIALS}
    two, four = trials["trials5 tricky seed 2"], trials["trials5 tricky seed 3"]
    assert I.trial_motif(two, grade(two)) == "cases on a sign in a ring; ring of 2: claim, iff"
    assert I.trial_motif(four, grade(four)) == ("cases on a sign in a ring; ring of 4: iff, "
                                                "iff, implies, implies")
    assert I._rings([["true", "s2"], ["false", "s3"], ["true", "s1"], ["is", "I", "content",
                                                                         "lady"]]) == [[0, 1, 2]]


@pytest.mark.skipif(not __import__("os").environ.get("PORTIA_HEAVY"),
                    reason="a pack of 8 takes 20-40 s of CPU: PORTIA_HEAVY=1")
@pytest.mark.parametrize("level", ["tricky", "fiendish"])
def test_a_pack_of_eight_hard_four_room_trials_at_the_default_attempts(level):
    from collections import Counter

    made = list(I.generate(I.IslandSettings(family="lady-tiger", size=4, count=8, seed=1,
                                            difficulty=level, grammar="rich")))
    assert len(made) == 8
    shapes = Counter(I.trial_motif(i.puzzle, i.grade) for i in made)
    assert max(shapes.values()) <= 4 and len(shapes) >= 2
    assert all(i.grade.level == level and not I._constant(i.puzzle) for i in made)
