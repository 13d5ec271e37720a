"""Quality filters: exact negations, echoes and twins, defined over every world, on by default,
each one can be switched off."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import product

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from portia_tui.cli import main
from portia_tui.core.packs.generator import Settings, Stats, generate
from portia_tui.core.packs.generator.quality import FILTERS, echo_pairs, negation_pairs
from portia_tui.core.packs.generator.search import GaveUpError
from portia_tui.core.language.model import Casket, Puzzle
from portia_tui.core.packs.pack import check_pack, loads_pack
from portia_tui.core.packs.twins import brute_key, twin_key
from portia_tui.core.language.vocabulary import GroupMeaning, PortraitMeaning, Statement

from .strategies import puzzles


def _puzzle(*caskets, m=1):
    names = ("gold", "silver", "lead", "copper", "iron", "tin")
    return Puzzle(tuple(Casket(names[i], tuple(Statement(*s) for s in sts))
                        for i, sts in enumerate(caskets)), m).validate()


def test_exact_negations_and_echoes_by_example():
    p = _puzzle([("in", "gold"), ("not_in", "gold")], [("in", "lead"), ("not_in", "gold")],
                [("true", "gold"), ("false", "gold")])
    assert negation_pairs(p) == [(0, 1)]  # "in this" beside "not in this" (silver's and lead's pairs are not)
    assert echo_pairs(p) == []
    # the statement on a one-statement casket: "is true" / "is false" are negations
    q = Puzzle((Casket("gold", (Statement("true", "silver"), Statement("false", "silver"))),
                Casket("silver", (Statement("in", "gold"),))), 1).validate()
    assert negation_pairs(q) == [(0, 1)]
    # two caskets: "in the gold" is the negation of "in the silver" and says what "not in the
    # silver" says; "other" statements speak of different groups
    two = _puzzle([("in", "gold"), ("in", "silver"), ("not_in", "silver")],
                  [("other_true",), ("other_false",), ("other_true",)])
    assert negation_pairs(two) == [(0, 1), (1, 2)]
    assert echo_pairs(two) == [(0, 2)]
    rep = _puzzle([("in", "gold"), ("in", "gold")], [("in", "lead"), ("in", "lead")],
                  [("in", "lead"), ("other_true",)])
    assert echo_pairs(rep) == [] and echo_pairs(rep, repeats=True) == [(0, 1), (2, 3)]


def _truth(meaning, placement, values):
    if isinstance(meaning, PortraitMeaning):
        return (placement == meaning.casket) == meaning.positive
    assert isinstance(meaning, GroupMeaning)
    return all(values[i] == meaning.value for i in meaning.group)


@settings(max_examples=60, deadline=None)
@given(puzzles(max_statements=7))
def test_negations_and_echoes_agree_with_every_world(p):
    """A pair is a negation (echo) exactly when the two meanings differ (agree) in every
    world: every placement with every truth value of every statement."""
    k, meanings = len(p.caskets), p.meanings
    worlds = [(a, vals) for a in range(k) for vals in product((False, True), repeat=p.size)]
    flat = p.flat
    negations, echoes = set(), set()
    for c in range(k):
        group = p.layout.group(c)
        for x, i in enumerate(group):
            for j in group[x + 1:]:
                same = [_truth(meanings[i], a, v) == _truth(meanings[j], a, v)
                        for a, v in worlds]
                if not any(same):
                    negations.add((i, j))
                if all(same) and flat[i][1] != flat[j][1]:
                    echoes.add((i, j))
    assert set(negation_pairs(p)) == negations
    assert set(echo_pairs(p)) == echoes


def _shuffled(p: Puzzle, rng: random.Random) -> Puzzle:
    """The same puzzle with the caskets renamed and each casket's statements reordered."""
    names = list(p.names)
    new = dict(zip(names, rng.sample(names, len(names))))
    caskets = []
    for c in p.caskets:
        sts = [Statement(s.kind, new.get(s.target) if s.target else None) for s in c.statements]
        rng.shuffle(sts)
        caskets.append(Casket(new[c.name], tuple(sts)))
    caskets.sort(key=lambda c: names.index(c.name))
    return Puzzle(tuple(caskets), p.m).validate()


@settings(max_examples=80, deadline=None)
@given(st.sampled_from([2, 3, 5]).flatmap(
    lambda k: st.tuples(puzzles(max_statements=10, caskets=k), puzzles(max_statements=10,
                                                                         caskets=k))),
       st.integers(0, 2**32 - 1))
def test_twin_key_is_a_canonical_form(pair, seed):
    # checked against trying every relabelling (five caskets: the refinement search)
    a, b = pair
    rng = random.Random(seed)
    assert twin_key(_shuffled(a, rng)) == twin_key(a)
    assert (twin_key(a) == twin_key(b)) == (brute_key(a) == brute_key(b))
    assert twin_key(a) == twin_key(a.with_m(a.m)) != twin_key(a.with_m((a.m or 0) + 1))


def test_twin_key_on_symmetric_puzzles():
    # a cycle of caskets, each speaking of the next: rotations are the same puzzle
    k = 6
    names = ("gold", "silver", "lead", "copper", "iron", "tin")
    cycle = Puzzle(tuple(Casket(names[i], (Statement("in", names[i]),
                                           Statement("true", names[(i + 1) % k])))
                         for i in range(k)), 1).validate()
    assert twin_key(cycle) == twin_key(_shuffled(cycle, random.Random(1)))
    two = Puzzle(tuple(Casket(names[i], (Statement("in", names[i]),
                                         Statement("true", names[i ^ 1])))
                       for i in range(k)), 1).validate()  # three 2-cycles: not a 6-cycle
    assert twin_key(two) != twin_key(cycle)
    assert twin_key(two) == twin_key(_shuffled(two, random.Random(2)))


def test_generated_caskets_carry_no_negation_or_echo_by_default():
    for s in (Settings(n=3, count=15, seed=1), Settings(n=2, caskets=4, count=8, seed=1),
              Settings(n=4, count=10, seed=2, loops=True),
              Settings(n=3, count=10, seed=3, difficulty="tricky")):
        for g in generate(s):
            assert negation_pairs(g.puzzle) == [] and echo_pairs(g.puzzle) == []


def test_each_filter_can_be_switched_off():
    plain = Settings(n=3, count=30, seed=4)
    assert any(negation_pairs(g.puzzle) for g in generate(
        Settings(**{**plain.__dict__, "allow_negations": True})))
    # two caskets, two portrait statements each, every other filter lifted: "in the gold"
    # beside "not in the silver" say the same; with the echo filter on, each such puzzle has
    # an echo (within a casket or across the two), so none is made
    two = Settings(n=2, caskets=2, count=10, seed=4, vocabulary="portrait", repeats="allow",
                   **{f.setting: True for f in FILTERS.values() if f.setting.startswith("allow")})
    assert any(echo_pairs(g.puzzle) for g in generate(two))
    with pytest.raises(GaveUpError):
        generate(replace(two, allow_echoes=False, attempts=3000))


def test_no_twins_in_a_pack_unless_allowed():
    # portrait statements, n = 1: 62 puzzles up to renaming the caskets, 12 of them pass the
    # quality filters
    s = Settings(n=1, vocabulary="portrait", count=12, seed=1)
    stats = Stats()
    keys = {twin_key(g.puzzle) for g in generate(s, stats=stats)}
    assert len(keys) == 12 and stats.duplicates > 0
    twins = generate(Settings(**{**s.__dict__, "allow_twins": True}))
    assert len({twin_key(g.puzzle) for g in twins}) < 12
    assert len({(g.puzzle.m, g.puzzle.caskets) for g in twins}) == 12  # never exact copies


def test_cli_flags_and_pack_check_of_twins(capsys):
    args = ["generate", "-n", "1", "--vocabulary", "portrait", "--count", "12", "--seed", "1"]
    assert main(args + ["--allow-twins"]) == 0
    text = capsys.readouterr().out
    pack = loads_pack(text)
    assert pack.generator["allow_twins"] is True
    assert all(r.ok for r in check_pack(pack))  # twins were allowed: only copies fail
    strict = type(pack)(pack.title, pack.puzzles, generator={})
    bad = [r for r in check_pack(strict) if not r.ok]
    assert bad and all("renaming the caskets" in r.message for r in bad)
    assert main(["generate", "--seed", "2", "--count", "5", "--allow-negations",
                 "--allow-echoes", "--vocabulary", "classic"]) == 0
    assert loads_pack(capsys.readouterr().out).generator["allow_negations"] is True


def test_twin_key_when_every_casket_looks_alike():
    # a 3-cycle: every casket says and hears the same, so no signature orders them; each of
    # the six namings (both directions of the cycle) is one puzzle
    from itertools import permutations

    names = ("gold", "silver", "lead")
    keys = set()
    for order in permutations(range(3)):
        nxt = {order[i]: order[(i + 1) % 3] for i in range(3)}
        p = Puzzle(tuple(Casket(names[i], (Statement("true", names[nxt[i]]),))
                         for i in range(3)), 1).validate()
        keys.add(twin_key(p))
        assert twin_key(p) == brute_key(p)
    assert len(keys) == 1


def test_three_casket_key_is_the_general_key():
    # the unrolled key of three caskets (twins._three) against the general signature order
    from portia_tui.core.packs.twins import _in_order, _matrix, _signature, _three

    rng = random.Random(7)
    ties = 0
    for _ in range(3000):
        n = rng.randint(1, 4)
        coded = [[(rng.randrange(6), rng.choice((-1, 0, 1, 2))) for _ in range(n)]
                 for _ in range(3)]
        table = _matrix(coded)
        sigs = [_signature(table, c) for c in range(3)]
        if len(set(sigs)) < 3:
            ties += 1
            assert _three(table) is None
        else:
            assert _three(table) == _in_order(table, sorted(range(3), key=sigs.__getitem__))
    assert 0 < ties < 3000


def test_twin_key_sees_a_tie_between_neighbours_in_signature_order():
    """Mutation run 6: four caskets where two tie next to each other in the signature order
    (the tie must send the key to the search, not to the first order found)."""
    def build(caskets):
        return Puzzle(tuple(Casket(name, tuple(Statement(kind, t) for kind, t in sts))
                            for name, sts in caskets), 1).validate()

    a = build([("gold", [("true", "copper"), ("in", "silver")]), ("silver", [("true", "lead")]),
               ("lead", [("in", "copper")]), ("copper", [("in", "lead")])])
    b = build([("gold", [("in", "silver")]), ("silver", [("in", "gold")]),
               ("lead", [("true", "silver")]), ("copper", [("in", "lead"), ("true", "gold")])])
    assert twin_key(a) == twin_key(b) == twin_key(_shuffled(a, random.Random(3)))
