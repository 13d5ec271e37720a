"""The list of repairs (f): every single change that makes a finished, invalid puzzle valid,
nearest the cursor first; enter applies one as an undoable edit (issue 21, item 9)."""

from __future__ import annotations

from portia_tui.app.editor.analysis import (ANOTHER_M, RepairsRequest, nearest_first,
                                            repair_entries, repairs)
from portia_tui.app.editor.app import EditorApp
from portia_tui.app.editor.screens.menu import MenuScreen
from portia_tui.core import analyse
from portia_tui.core.author.assistant import Repair
from portia_tui.core.author.assistant import repairs as core_repairs
from portia_tui.core.author.editing import EditorModel
from portia_tui.core.io import formats
from portia_tui.core.io.recovery import RecoveryStore
from portia_tui.core.language.model import blank_puzzle, default_puzzle

from .test_app_bursts import burst, calm

SIZE = (100, 30)


def invalid():
    """Smullyan's first casket with m = 2: gold and silver both fit; 13 statement changes
    and m = 1 repair it."""
    return default_puzzle().with_m(2)


def test_nearest_first_orders_by_caskets_and_rows_from_the_cursor():
    p = blank_puzzle(4, 3)  # slot numbers: casket c, row r -> 3 c + r
    assert nearest_first(p, 4, range(12))[:5] == [4, 1, 3, 5, 7]  # itself, then one step
    assert nearest_first(p, 0, [11, 6, 1, 0]) == [0, 1, 6, 11]


def test_entries_list_every_repair_nearest_the_cursor_first_and_m_last():
    p = invalid()
    found = core_repairs(p)
    entries = repair_entries(analyse(p), found, cursor=2)  # on the lead casket
    assert len(entries) == len(found.statements) + len(found.m) == 14
    slots = [value.index for _h, _t, value in entries if isinstance(value, Repair)]
    assert slots == sorted(slots, key=lambda i: abs(i - 2))  # 2, then 1, then 0
    assert slots[0] == 2 and slots[-1] == 0
    heading, text, value = entries[-1]
    assert heading == ANOTHER_M and value == ("m", 1) and text.startswith("m = 1")
    assert entries[0][0].startswith("Statement 3 on the lead casket, now: ")
    # without a cursor: statement order
    plain = [v.index for _h, _t, v in repair_entries(analyse(p), found, None)
             if isinstance(v, Repair)]
    assert plain == sorted(plain)


def test_the_search_starts_at_the_cursor_so_a_short_budget_keeps_the_nearest():
    p = invalid()
    everything = core_repairs(p)
    near = repairs(RepairsRequest(0, p, cursor=2), budget=None)
    assert set(near.statements) == set(everything.statements)  # the same repairs
    assert near.statements[0].index == 2  # found in the order tried
    stopped = repairs(RepairsRequest(0, p, cursor=2), cancelled=lambda: True)
    assert not stopped.complete


async def open_on(tmp_path, puzzle):
    path = tmp_path / "p.toml"
    formats.save(puzzle, path, force=True)
    return EditorApp(EditorModel.opened(formats.load(path), path),
                     store=RecoveryStore(tmp_path / "rec"))


async def repairs_in(app, pilot) -> None:
    for _ in range(400):
        await calm(app, pilot)
        if app.editor._repairs_found is not None:
            return
    raise AssertionError("no repairs in time")


async def test_enter_applies_the_repair_nearest_the_cursor_and_u_undoes_it(tmp_path):
    puzzle = invalid()
    app = await open_on(tmp_path, puzzle)
    async with app.run_test(size=SIZE) as pilot:
        app.editor.slot_at(2, 0).focus()  # the lead casket's statement
        await repairs_in(app, pilot)
        await pilot.press("f")
        await calm(app, pilot)
        assert isinstance(app.screen, MenuScreen)
        shown = app.screen.shown
        assert len(shown) == 14  # every repair, not a few
        first = app.screen.options[shown[0]][1]
        assert isinstance(first, Repair) and first.index == 2
        await pilot.press("enter")
        await calm(app, pilot)
        assert app.screen is app.editor
        assert app.model.puzzle.flat[2][1] == first.statement
        assert analyse(app.model.puzzle).solutions() == (first.solution,)
        assert app.model.dirty
        await pilot.press("u")
        await calm(app, pilot)
        assert app.model.puzzle == puzzle


async def test_bursts_browse_filter_and_apply_in_order(tmp_path):
    puzzle = invalid()
    app = await open_on(tmp_path, puzzle)
    async with app.run_test(size=SIZE) as pilot:
        app.editor.slot_at(2, 0).focus()
        await repairs_in(app, pilot)
        entries = repair_entries(analyse(puzzle), app.editor._repairs_found, cursor=2)
        burst(app, ["f", "down", "down", "enter"])  # the third entry
        await calm(app, pilot)
        third = entries[2][2]
        assert app.screen is app.editor
        assert app.model.puzzle == puzzle.with_statement(2, 0, third.statement)
        burst(app, ["u"])
        await repairs_in(app, pilot)
        assert app.model.puzzle == puzzle
        # escape closes a list unapplied; typing narrows the next: 'm 1' keeps the m change
        burst(app, ["f", "down", "escape", "f", "m", "space", "1", "enter"])
        await calm(app, pilot)
        assert app.screen is app.editor
        assert app.model.puzzle == puzzle.with_m(1)
        burst(app, ["u"])
        await repairs_in(app, pilot)
        burst(app, ["f", "end", "enter"])  # the last entry: m = 1 again
        await calm(app, pilot)
        assert app.model.puzzle == puzzle.with_m(1)


async def test_f_says_why_there_is_no_list(tmp_path):
    app = await open_on(tmp_path, default_puzzle())  # valid
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await calm(app, pilot)
        await pilot.press("f")
        await calm(app, pilot)
        assert app.screen is app.editor
        assert any("valid: nothing to repair" in n.message for n in app._notifications)


async def test_f_with_the_panel_hidden_opens_the_list_once_the_repairs_are_in(tmp_path):
    app = await open_on(tmp_path, invalid())
    async with app.run_test(size=SIZE) as pilot:
        await calm(app, pilot)
        await pilot.press("g")  # Algorithm 2 hidden: no repairs are looked for
        for _ in range(20):
            await calm(app, pilot)
        assert app.editor._repairs_found is None and not app.model.assistant
        await pilot.press("f")
        for _ in range(400):
            await calm(app, pilot)
            if isinstance(app.screen, MenuScreen):
                break
        assert isinstance(app.screen, MenuScreen) and len(app.screen.shown) == 14


async def test_the_repairs_found_stay_when_only_the_cursor_moved(tmp_path):
    app = await open_on(tmp_path, invalid())
    async with app.run_test(size=SIZE) as pilot:
        await repairs_in(app, pilot)
        found = app.editor._repairs_found
        await pilot.press("right", "v")  # another slot, and a new analysis (values shown)
        for _ in range(20):
            await calm(app, pilot)
        assert app.editor._repairs_found is found  # not looked for again
        await pilot.press("f")
        await calm(app, pilot)
        first = app.screen.options[app.screen.shown[0]][1]
        assert first.index == app.editor._cursor_slot() == 1  # sorted for the cursor now


def test_the_casket_jobs_read_the_stop_pipe_through_the_poller():
    """The casket editor's marks and repairs jobs check their stop on every step: they read
    the stop pipe (process.stop_asked) through stop_poller, at most once per
    process.STOP_POLL s, with the same answers; a cancel is still seen (the first check
    reads it)."""
    from unittest import mock

    from portia_tui.app import process
    from portia_tui.app.editor import analysis
    from portia_tui.core.language.model import blank_puzzle

    reads: list[int] = []
    asked = [False]

    def fake_stop_asked():
        reads.append(1)
        return asked[0]

    checks: list[int] = []
    real = analysis.mark_choices

    def counting(*args, cancelled, **kwargs):  # how often the job looks at its stop
        def look():
            checks.append(1)
            return cancelled()
        return real(*args, cancelled=look, **kwargs)

    marks_request = analysis.MarksRequest(0, blank_puzzle(3, 1, m=1), 0, 0, 0)
    repairs_request = RepairsRequest(0, invalid(), cursor=2)
    with mock.patch.object(process, "stop_asked", fake_stop_asked), \
            mock.patch.object(process.time, "monotonic", lambda: 100.0), \
            mock.patch.object(analysis, "mark_choices", counting):
        assert analysis.marks_job(marks_request) == analysis.marks(marks_request)
        assert len(checks) > 3 and len(reads) == 1  # the clock stands still: one read
        reads.clear()
        found = analysis.repairs_job(repairs_request)
        assert found.statements == repairs(repairs_request).statements and len(reads) == 1
        asked[0] = True  # the parent cancels: a new job sees it at its first check
        assert analysis.marks_job(marks_request) is None
