"""The Algorithm 2 marks' budget counts steps of work, not seconds (core/author/world_marks.py,
world_marks_sat.py; the world editor's MARKS_STEPS): the same page gets the same marks on any
machine, however loaded. Checked with a slowed clock (every reading of the clock an hour
later than the one before), and against the brute force (tests/world_brute.py, which shares
no meaning code) on random pages of every family, by the enumerating marker and by SAT
alone."""

from __future__ import annotations

import itertools
import time
from contextlib import contextmanager
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from portia_tui.app.world_editor.analysis import MARKS_STEPS, MarksRequest, compute_marks
from portia_tui.core.author import world_editing as we
from portia_tui.core.author import world_marks as mk
from portia_tui.core.author import world_menus as wm

from .conftest import HEAVY, examples
from .test_world_marks import SMALL, brute_marks, cases


@contextmanager
def slow_clock(hour: float = 3600.0):
    """Every reading of the clock (monotonic, perf_counter, time) an hour after the last:
    a wall-time budget would run out at its first look."""
    ticks = itertools.count(1)
    real = time.monotonic, time.perf_counter, time.time
    with mock.patch("time.monotonic", lambda: real[0]() + hour * next(ticks)), \
            mock.patch("time.perf_counter", lambda: real[1]() + hour * next(ticks)), \
            mock.patch("time.time", lambda: real[2]() + hour * next(ticks)):
        yield


def _hard_page():
    """bench_marks_menu's hard menu (labyrinth seed 1, room 3, six other signs open), with
    two counting signs that need the search (✓ and ★) and four the quick looks decide."""
    draft = we.blank("labyrinth", 9).with_statement("1", "Sign 9 is right").with_statement(
        "2", "There is no tiger in room 3")
    menu = {e.sentence: e for e in wm.slot_menu(draft, "3")}
    names = ["All of the signs are true", "At least eight of the signs are true",
             "A lady is in room 4", "This sign is false", "Sign 9 is wrong",
             "At most two of the signs are true"]
    return draft, {"where content=lady": ["3"]}, [menu[n] for n in names]


def test_a_slowed_clock_changes_no_mark_and_stops_no_job_early():
    """The hard menu with a budget that ends mid-search (20,000 steps: the two counting
    signs left `?`, the others decided): the same marks and reason whether the clock runs
    or jumps an hour at each reading; the slowed clock does bite a wall-time budget (the
    old `seconds`: every mark the search needs is then `?`). With the editor's budget the
    menu is decided (✓ and ★: test_world_marks pins them against the kinds of world)."""
    from .test_world_marks import _singles

    draft, target, entries = _hard_page()
    menus = _singles(draft, "3")  # the other signs' single statements: the search needed
    cut = mk.mark_slot(draft, "3", target, entries, steps=20_000, menus=menus)
    with slow_clock():
        slowed = mk.mark_slot(draft, "3", target, entries, steps=20_000, menus=menus)
    assert (list(slowed), slowed.why) == (list(cut), cut.why)
    assert list(cut) == ["undecided", "undecided", "impossible", "impossible", "valid", "valid"]
    assert cut.why == "not decided within 20,000 steps"
    with slow_clock():
        timed = mk.mark_slot(draft, "3", target, entries, seconds=8.0, menus=menus)
    assert timed[:2] == ["undecided"] * 2 and "8 s" in timed.why


def test_the_editors_marks_read_no_clock():
    """The world editor's job (compute_marks: MARKS_STEPS, a cancel, no seconds) on a page of
    nine rooms with two signs, marked by SAT alone: the same under a slowed clock."""
    big = we.blank("labyrinth", 9, statements=2)
    target = (("where content=lady", ("7",)),)
    formulas = tuple(e.formula for e in wm.slot_menu(big, "1.1"))[100:106]
    request = MarksRequest(1, big, "1.1", target, formulas)
    marks, why = compute_marks(request)
    with slow_clock():
        assert compute_marks(request) == (marks, why)
    assert "undecided" not in marks and not why


@pytest.mark.parametrize("by_sat", [False, True], ids=["enumerated", "sat alone"])
@settings(max_examples=examples(12, 80), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(case=cases(), steps=st.integers(1, 3000))
def test_a_cut_budget_leaves_the_same_marks_with_any_clock(by_sat, case, steps):
    """Random pages of every family (SMALL) and a budget that may end anywhere: the marks
    (and the `?` among them) are the same with a slowed clock, and each decided mark is
    the brute force's."""
    draft, sid, target, entries, menus = case
    with mock.patch.object(mk, "MAX_WORLDS", 0 if by_sat else mk.MAX_WORLDS):
        marks = mk.mark_slot(draft, sid, target, entries, menus=menus, steps=steps)
        with slow_clock():
            slowed = mk.mark_slot(draft, sid, target, entries, menus=menus, steps=steps)
    assert (list(slowed), slowed.why) == (list(marks), marks.why)
    want = brute_marks(draft, sid, target, entries, menus)
    assert all(m in (w, "undecided") for m, w in zip(marks, want))
    assert ("undecided" in marks) == bool(marks.why)


@pytest.mark.parametrize("shape", SMALL)
@pytest.mark.parametrize("by_sat", [False, True], ids=["enumerated", "sat alone"])
@settings(max_examples=examples(3, 20), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_the_editors_budget_decides_every_family_as_the_brute_force(shape, by_sat, data):
    """Each family and shape of SMALL, with the editor's budget (MARKS_STEPS): every mark
    decided, and each the brute force's."""
    draft, sid, target, entries, menus = data.draw(cases(shape))
    with mock.patch.object(mk, "MAX_WORLDS", 0 if by_sat else mk.MAX_WORLDS):
        marks = mk.mark_slot(draft, sid, target, entries, menus=menus, steps=MARKS_STEPS)
    assert list(marks) == brute_marks(draft, sid, target, entries, menus) and not marks.why


def test_an_entry_sat_cannot_settle_leaves_the_others_decided():
    """By SAT alone (MAX_WORLDS 0, as on the 9 x 2 pages), "All of the signs are true" (✓,
    which only the kinds of world refute) comes first and could take the whole budget:
    the first pass gives each entry FIRST_EFFORT counterexamples, so "Sign 9 is wrong"
    after it is still decided (★, as the enumerating marker says) within 40,000 steps;
    the ✓ is left `?`, never guessed."""
    draft, target, entries = _hard_page()
    picked = [entries[0], entries[4]]
    with mock.patch.object(mk, "MAX_WORLDS", 0):
        marks = mk.mark_slot(draft, "3", target, picked, steps=40_000)
    assert list(marks) == ["undecided", "valid"]
    assert mk.mark_slot(draft, "3", target, picked[1:], steps=40_000) == ["valid"]


def test_the_editors_marks_job_stops_at_once_when_cancelled():
    """The job polls the runner's stop (app/process.stop_asked): a newer edit ends it at its
    next step, every mark `?` (the screen drops the answer anyway: test_world_marks_app)."""
    draft, target, entries = _hard_page()
    request = MarksRequest(1, draft, "3", (("where content=lady", ("3",)),),
                           tuple(e.formula for e in entries))
    with mock.patch("portia_tui.app.process.stop_asked", lambda: True):
        marks, why = compute_marks(request)
    assert set(marks) == {"undecided"} and why == "stopped"


def _alike_page():
    """bench_marks_menu's "two-hard": nine rooms with two signs, every second sign "There is
    no tiger in this room", 1.1 "Sign 9.1 is right", 2.1 "There is no tiger in room 3",
    toward room 3 (its worlds listed: 294,912, the six other first signs open)."""
    draft = we.blank("labyrinth", 9, statements=2)
    for s in draft.slots:
        if s.id.endswith(".2"):
            draft = draft.with_statement(s.id, "There is no tiger in this room")
    draft = draft.with_statement("1.1", "Sign 9.1 is right").with_statement(
        "2.1", "There is no tiger in room 3")
    return draft, {"where content=lady": ["3"]}


@pytest.mark.skipif(not HEAVY, reason="a whole 9 x 2 menu: about 6 s of CPU (PORTIA_HEAVY=1)")
def test_the_second_short_search_decides_witnesses_a_few_thousand_nodes_deep():
    """The page whose sign 3.1 menu ended with 63 `?` at MARKS_STEPS (the SAT encoding took
    the whole budget on the entries the 400-step search left): a second pass of the
    exhaustive search (SECOND_SEARCH steps an entry) finds 30 more ★ first ("There is no
    tiger in room 2", "Exactly ten of the signs are true", ...), so at most 33 are left `?`,
    the rest decided as before."""
    draft, target = _alike_page()
    menu = wm.slot_menu(draft, "3.1")
    marks = mk.mark_slot(draft, "3.1", target, menu, steps=MARKS_STEPS)
    said = dict(zip((e.sentence for e in menu), marks))
    assert marks.count("undecided") <= 33
    assert marks.count("impossible") == 46 and "reachable" not in marks
    assert said["There is no tiger in room 2"] == said["Exactly ten of the signs are true"] \
        == "valid"
    with mock.patch.object(mk, "SECOND_SEARCH", 0):
        before = mk.mark_slot(draft, "3.1", target, menu, steps=MARKS_STEPS)
    assert before.count("undecided") == 63
    assert all(b in ("undecided", m) for b, m in zip(before, marks))
