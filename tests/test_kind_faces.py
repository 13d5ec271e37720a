"""Each kind's faces agree with its meaning: what other modules read off a kind (its reading,
placements, what it reads, share-code tag, least statements) says the same as the meaning the
engines interpret, on every menu entry of a few layouts."""

from __future__ import annotations

import pytest

from portia_tui.core.language.rules import RULE_KINDS, Rule, conditions, rule_options
from portia_tui.core.language.vocabulary import (KINDS, READ_OTHER, READ_PORTRAIT, READ_TRUTH,
                                                 READINGS, AnyOfMeaning, GroupMeaning, Layout,
                                                 PortraitMeaning, Reading, evaluate, meaning,
                                                 refers_to, with_reading)

LAYOUTS = [Layout(("gold", "silver", "lead"), (1, 1, 1)),
           Layout(("gold", "silver", "lead"), (2, 2, 2)),
           Layout(("a", "b", "c", "d"), (3, 1, 2, 2))]


def entries(layout: Layout):
    """(kind, statement, owner, index) for every menu entry of every slot."""
    for owner in range(len(layout.names)):
        for index in layout.group(owner):
            for kind in KINDS.values():
                for st in kind.options(layout, owner):
                    yield kind, st, owner, index


@pytest.mark.parametrize("layout", LAYOUTS)
def test_reading_says_the_meaning(layout):
    for kind, st, owner, index in entries(layout):
        mn = meaning(st, layout, owner, index)
        r = kind.reading
        if r is None:
            continue
        if r.shape == READ_PORTRAIT:
            assert mn == PortraitMeaning(layout.index(st.target), r.sense)
        elif r.shape == READ_TRUTH:
            assert isinstance(mn, GroupMeaning) and mn.value == r.sense
            assert mn.group == layout.group(layout.index(st.target)) and owner != layout.index(st.target)
        else:
            assert r.shape == READ_OTHER
            assert mn == GroupMeaning(tuple(i for i in layout.group(owner) if i != index), r.sense)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_placements_say_where_the_meaning_holds(layout):
    for kind, st, owner, index in entries(layout):
        mn = meaning(st, layout, owner, index)
        mask = kind.placements(st, layout)
        if isinstance(mn, (PortraitMeaning, AnyOfMeaning)):
            assert mask == sum(1 << p for p in range(len(layout.names)) if evaluate(mn, p, {}))
        else:
            assert mask is None


@pytest.mark.parametrize("layout", LAYOUTS)
def test_reads_says_which_truth_values_the_meaning_reads(layout):
    itself = {key: False for key in KINDS}
    for kind, st, owner, index in entries(layout):
        read = set(refers_to(meaning(st, layout, owner, index)))
        if not kind.reads:
            assert not read
        elif kind.reads == "own":
            assert read and read <= set(layout.group(owner))
        assert kind.reads_itself or index not in read
        itself[kind.key] |= index in read
    assert all(itself[key] for key, kind in KINDS.items() if kind.reads_itself)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_least_is_where_the_menu_starts(layout):
    for kind in KINDS.values():
        for owner, count in enumerate(layout.counts):
            if count < kind.least:
                assert kind.options(layout, owner) == []


def test_tags_and_readings_are_one_each():
    tags = [k.tag for k in KINDS.values() if k.tag]
    assert len(tags) == len(set(tags)) and set(READINGS) == {k for k, kind in KINDS.items() if kind.tag}
    assert len(set(READINGS.values())) == len(READINGS)
    for key, r in READINGS.items():
        assert with_reading(r, "gold").kind == key
    assert with_reading(Reading(READ_OTHER, True), "gold").target is None


@pytest.mark.parametrize("layout", LAYOUTS)
def test_rule_faces(layout):
    ids = [str(i + 1) for i in range(layout.size)]
    for rule in rule_options(layout):
        kind = RULE_KINDS[rule.kind]
        said = kind.formulas(rule, layout, ids)
        if kind.speaker is not None:
            assert said == ()
        elif kind.is_m(rule):
            assert said == (("count_true", "all", "==", rule.k),)
        else:
            assert said == tuple(mn.formula(layout.names, ids) for mn in conditions([rule], layout))
        if kind.reads_sum:  # its conditions read only the total count of true statements
            for t in range(layout.size + 1):
                worlds = [[i < t for i in range(layout.size)],
                          [i >= layout.size - t for i in range(layout.size)]]
                assert len({all(evaluate(c, 0, w) for c in conditions([rule], layout))
                            for w in worlds}) == 1
    assert RULE_KINDS["total"].is_m(Rule("total", "exactly", 1, True))
