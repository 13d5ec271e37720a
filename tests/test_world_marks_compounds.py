"""The truth editor's marks count the compounds of the other slots' menus (issue 20: the menus
include "and/or/if" of two simpler statements): checked against a brute force that tries
every filling of the other empty slots with each entry and each compound a sentence says
(world_menus.compound words them; each complete puzzle solved by tests/world_brute.py,
which shares no meaning code with the engines)."""

from __future__ import annotations

from itertools import product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from portia_tui.core.author import world_editing as we
from portia_tui.core.author import world_marks as mk
from portia_tui.core.author import world_menus as wm

from .conftest import examples
from .test_world_marks import brute_marks

SHAPES = [("knights-knaves", 3, 1), ("werewolves", 2, 1), ("lady-tiger", 3, 1),
          ("labyrinth", 3, 1)]


def with_compounds(draft, sid, menu):
    """The entries of `menu` and every compound of them a sentence says, as a user builds
    them in the editor (the menus' own wording code, no meaning code)."""
    out = list(menu)
    for conn in wm.CONNECTIVES:
        pairs = [(a, None) for a in menu] if conn == "not" else product(menu, menu)
        for a, b in pairs:
            try:
                f = wm.compound(draft, sid, conn, a, b).formula
            except ValueError:
                continue
            if f not in out:
                out.append(f)
    return out


@st.composite
def cases(draw):
    family, size, per = draw(st.sampled_from(SHAPES))
    draft = we.blank(family, size, statements=per)
    slots = [s.id for s in draft.slots]
    sid = draw(st.sampled_from(slots))
    empties = {sid}
    for other in slots:
        if other != sid:
            if len(empties) < 3 and draw(st.booleans()):
                empties.add(other)
            else:
                draft = draft.with_statement(
                    other, draw(st.sampled_from(wm.slot_menu(draft, other))).formula)
    if len(empties) == 1:  # at least one other slot to fill
        other = next(s for s in slots if s != sid)
        draft = draft.with_cleared(other)
        empties.add(other)
    menus = {}
    for other in sorted(empties - {sid}):
        menu = wm.slot_menu(draft, other)
        menus[other] = [e.formula for e in draw(st.lists(st.sampled_from(menu), min_size=1,
                                                         max_size=2, unique=True))]
    menu = wm.slot_menu(draft, sid)
    entries = [e.formula for e in draw(st.lists(st.sampled_from(menu), min_size=1,
                                                 max_size=4, unique=True))]
    target = draw(st.sampled_from(mk.targets(draft)))
    return draft, sid, target, entries, menus


@settings(max_examples=examples(8, 60), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(case=cases(), witness=st.sampled_from([mk.WITNESS_TARGETS, 0]))
def test_marks_with_compounds_in_the_other_slots_equal_the_brute_force(case, witness):
    """With the greedy witness of compounds (:class:`world_marks._Witness`) and without it
    (WITNESS_TARGETS 0: the first pass, then the compounds' classes)."""
    from unittest import mock

    draft, sid, target, entries, menus = case
    with mock.patch.object(mk, "WITNESS_TARGETS", witness):
        marks = mk.mark_slot(draft, sid, target, entries, menus=menus, compounds=True)
    full = {o: with_compounds(draft, o, fs) for o, fs in menus.items()}
    assert marks == brute_marks(draft, sid, target, entries, full)


def test_the_default_menus_take_their_compounds():
    """With no menus given the other slots' menus are the user's, compounds included: the
    same marks as those menus with compounds=True."""
    from .test_readme_examples import K

    draft = we.loads(K)
    target = {"A.type": "knave", "B.type": "knight", "C.type": "knave"}
    entries = [e.formula for e in wm.slot_menu(draft, "B")]
    menus = {"C": [e.formula for e in wm.slot_menu(draft, "C")]}
    assert mk.mark_slot(draft, "B", target, entries) == mk.mark_slot(
        draft, "B", target, entries, menus=menus, compounds=True)


@settings(max_examples=examples(4, 30), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(case=cases())
def test_past_the_worlds_listed_a_check_is_unsure_and_the_rest_exact(case):
    """By SAT alone (MAX_WORLDS 0, as for nine rooms with two signs) the compounds of two
    entries are not tried: ✗ is the brute force's, a ✓ shows as `?` with its reason, and a
    ★ that needs a compound of two is `?` too (never ✓)."""
    from unittest import mock

    draft, sid, target, entries, menus = case
    with mock.patch.object(mk, "MAX_WORLDS", 0):
        marks = mk.mark_slot(draft, sid, target, entries, menus=menus, compounds=True)
    full = {o: with_compounds(draft, o, fs) for o, fs in menus.items()}
    want = brute_marks(draft, sid, target, entries, full)
    for got, mark in zip(marks, want):
        assert got == mark or (got == "undecided" and mark != "impossible")
    assert ("not tried" in marks.why) == ("undecided" in marks)


def _one_other(case):
    draft, sid, target, entries, menus = case
    first = sorted(menus)[0]
    for o in sorted(menus)[1:]:  # one other slot open: the brute force stays small
        draft = draft.with_statement(o, menus[o][0])
    return draft, sid, target, entries[:2], {first: menus[first]}


@settings(max_examples=examples(3, 20), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(case=cases(), connective=st.sampled_from(["and", "or", "if", "iff", "neither"]))
def test_a_compounds_first_step_counts_the_other_slots_compounds(case, connective):
    from .test_world_marks import brute_first

    draft, sid, target, parts, menus = _one_other(case)
    marks = mk.mark_first_parts(draft, sid, target, connective, parts, menus=menus,
                                compounds=True)
    full = {o: with_compounds(draft, o, fs) for o, fs in menus.items()}
    assert marks == brute_first(draft, sid, target, connective, parts, full)


@settings(max_examples=examples(3, 20), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(case=cases(), data=st.data())
def test_rule_marks_count_the_slots_compounds(case, data):
    from .test_world_marks import brute_rules

    draft, sid, target, entries, menus = _one_other(case)
    draft = draft.with_statement(sid, entries[0])  # one empty slot: its compounds
    offered = [e.formula for e in wm.rule_menu(draft)]
    rules = data.draw(st.lists(st.sampled_from(offered), min_size=1, max_size=3, unique=True))
    marks = mk.mark_rules(draft, target, rules, menus=menus, compounds=True)
    full = {o: with_compounds(draft, o, fs) for o, fs in menus.items()}
    assert marks == brute_rules(draft, target, rules, full)


def test_past_the_compounds_budget_a_check_is_undecided():
    """With no room for the compounds of two entries (CLOSURE_WORDS 0; no greedy witness
    first, WITNESS_TARGETS 0: it finds every ★ of this page) the first pass's ✓ (each entry
    and its "not" in the other slots) shows as `?`, saying why; ★ and ✗ stay."""
    from unittest import mock

    from .test_readme_examples import K

    draft = we.loads(K)
    target = {"A.type": "knave", "B.type": "knight", "C.type": "knave"}
    entries = [e.formula for e in wm.slot_menu(draft, "B")]
    exact = mk.mark_slot(draft, "B", target, entries)
    with mock.patch.object(mk, "CLOSURE_WORDS", 0), mock.patch.object(mk, "WITNESS_TARGETS", 0):
        cut = mk.mark_slot(draft, "B", target, entries)
    assert "undecided" in cut and "too many" in cut.why
    assert all(c == m or (c == "undecided" and m != "impossible") for c, m in zip(cut, exact))


def test_nine_rooms_with_alike_second_signs_leave_no_mark_undecided():
    """bench_marks_menu's page "9 x 2, room 3, 2nd signs alike" (13,689 worlds that can
    stand, six other signs open): 33 of sign 3.1's entries were `?` within the editor's
    budget; the greedy witness with compounds (world_marks._Witness) finds a ★ for each
    (about 1 s of CPU). ✗ is exact (each entry and its "not" in the other slots); a ★ is a
    filling found (the brute-force tests above hold the witness to it on small pages)."""
    from portia_tui.app.world_editor.analysis import MARKS_STEPS

    from .test_marks_steps import _alike_page

    draft, target = _alike_page()
    marks = mk.mark_slot(draft, "3.1", target, wm.slot_menu(draft, "3.1"), steps=MARKS_STEPS)
    assert "undecided" not in marks, marks.why
    assert (marks.count("valid"), marks.count("impossible")) == (172, 46)
