"""The editor answers keys whatever its analysis is doing.

The fake analysis below holds the GIL for minutes inside one C call (a regular expression
that backtracks), as python-sat's solve() does on a puzzle too large for it. Analysed in a
thread, no key would be handled until it returned; the editor analyses in a child process,
shows how long it has been checking, and escape stops it. (How fast keys are answered is
measured in benchmarks/bench_editor.py, not here.)
"""

from __future__ import annotations

import re
import time

import pytest
from textual.widgets import Static

import portia_tui.app.editor.workers as workers
from portia_tui.app.editor.analysis import compute as real_compute
from portia_tui.app.editor.app import EditorApp
from portia_tui.app.editor.widgets.analysis_panel import AnalysisPanel
from portia_tui.core.author.editing import EditorModel
from portia_tui.core.io import formats
from portia_tui.core.io.recovery import RecoveryStore
from portia_tui.core.language.model import default_puzzle

#: these children are started as the apps start them, with spawn (the other app tests' come
#: from the tests' forkserver, tests/conftest.py)
pytestmark = pytest.mark.spawn


def stuck_compute(request):
    re.fullmatch(r"(a+)+b", "a" * 34)  # minutes in one C call that never lets the GIL go
    return real_compute(request)


async def until(pilot, condition, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "not in time: the app did not answer"
        await pilot.pause(0.05)


async def test_keys_answer_while_the_analysis_is_stuck(tmp_path, monkeypatch):
    monkeypatch.setattr(workers, "compute", stuck_compute)
    monkeypatch.setattr(AnalysisPanel, "LONG_AFTER", 0.3)
    path = tmp_path / "p.toml"
    formats.save(default_puzzle(), path)
    app = EditorApp(EditorModel.opened(formats.load(path), path),
                    store=RecoveryStore(tmp_path / "rec"))
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.editor.query_one(AnalysisPanel)
        await until(pilot, lambda: "esc stops" in panel.status)
        await pilot.press("plus")  # an edit while the analysis is stuck
        await until(pilot, lambda: app.model.puzzle.m == 2)
        await pilot.press("u")
        await until(pilot, lambda: not app.model.dirty)
        await until(pilot, lambda: "esc stops" in panel.status)
        await pilot.press("escape")  # stop it: the panel says so
        await until(pilot, lambda: panel.status == "stopped")
        body = str(app.editor.query_one("#analysis-body", Static).render())
        assert "stopped after" in body
        await pilot.press("plus")  # the next edit checks again
        await until(pilot, lambda: "checking" in panel.status)
        await pilot.press("u", "q")  # clean again: q quits at once
        await until(pilot, lambda: not app.is_running)
    assert app.return_code == 0


async def test_escape_leaves_the_m_field(tmp_path):
    app = EditorApp(store=RecoveryStore(tmp_path / "rec"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        second = app.editor.slot_at(1, 0)
        second.focus()
        await pilot.press("m")
        await until(pilot, lambda: app.editor.focused is app.editor.query_one("#m-input"))
        await pilot.press("escape")
        await until(pilot, lambda: app.editor.focused is second)


def stuck_coach(job):
    re.fullmatch(r"(a+)+b", "a" * 34)  # as the analysis of a puzzle too big for the engine
    raise AssertionError("never reached")


async def test_the_player_checks_big_puzzles_aside_and_q_quits(tmp_path, monkeypatch):
    import portia_tui.app.play.app as play_app
    from portia_tui.app.play import PlayApp
    from portia_tui.app.play.screens import PackScreen
    from portia_tui.core.packs.pack import load_pack

    from .test_play_support import make_pack

    monkeypatch.setattr(play_app, "CHECK_AT_ONCE", 0)  # every puzzle counts as big
    monkeypatch.setattr(play_app, "TRY_HERE_SECONDS", 0)  # checked in the child process
    path = tmp_path / "pack.toml"
    make_pack(path)
    app = PlayApp(load_pack(path))  # the real check, in the child process
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, play_app.CheckingScreen)
        await until(pilot, lambda: isinstance(app.screen, PackScreen))
        await pilot.press("enter", "2")  # the first puzzle: silver
        await until(pilot, lambda: app.screen.session.record.status == "solved")
    monkeypatch.setattr(play_app, "make_coach", stuck_coach)
    app = PlayApp(load_pack(path))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.5)
        assert isinstance(app.screen, play_app.CheckingScreen)
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running)
    assert app.return_code == 0


async def test_play_from_the_editor_checks_a_big_puzzle_aside(tmp_path, monkeypatch):
    import portia_tui.app.play.app as play_app
    from portia_tui.app.play import PlayPuzzleScreen

    monkeypatch.setattr(play_app, "CHECK_AT_ONCE", 0)
    monkeypatch.setattr(play_app, "TRY_HERE_SECONDS", 0)  # checked in the child process
    app = EditorApp(store=RecoveryStore(tmp_path / "rec"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, PlayPuzzleScreen))
        assert app.screen.session.coach.solution == 1  # silver


async def test_the_player_says_too_large_for_hints_and_q_stops_the_hint_work(tmp_path,
                                                                              monkeypatch):
    """A puzzle past the hint ladder's budget: h says so under the caskets (the work runs in
    a worker). A ladder that never ends: q quits, and the worker's work stops at its next
    step instead of keeping the process alive."""
    import portia_tui.app.play.app as play_app
    from portia_tui.app.play import PlayApp
    from portia_tui.app.play.app import single_pack
    from portia_tui.core.explain import hints
    from portia_tui.core.io.progress import ProgressStore
    from portia_tui.core.solve.budget import Budget, check

    from .test_analysis_budget import lopsided_ring

    monkeypatch.setattr(play_app, "CHECK_AT_ONCE", 1_000)  # no child process here
    monkeypatch.setattr(hints, "RATE_STEPS", 1_000)
    puzzle = lopsided_ring(40)
    app = PlayApp(single_pack(puzzle), single=True, store=ProgressStore(tmp_path / "p.json"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        feedback = app.screen.query_one("#feedback-text", Static)
        await until(pilot, lambda: "too large for hints" in str(feedback.render()))
        await pilot.press("h")  # again: said at once, no work
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running)
    assert app.return_code == 0

    stopped: list[bool] = []

    def endless(self):
        try:
            with Budget():  # no work budget (a nested one counts its own steps)
                while True:
                    check()
        finally:
            stopped.append(True)

    monkeypatch.setattr(hints.Coach, "_make_ladder", endless)
    app = PlayApp(single_pack(puzzle), single=True, store=ProgressStore(tmp_path / "q.json"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        feedback = app.screen.query_one("#feedback-text", Static)
        await until(pilot, lambda: "Working out the hint" in str(feedback.render()))
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running)
    for _ in range(200):
        if stopped:
            break
        time.sleep(0.05)
    assert stopped and app.return_code == 0


def wide_puzzle(k: int = 12, n: int = 10):
    """k caskets of n statements: 'not in this casket' everywhere, but 'in' on the first."""
    from portia_tui.core.language.model import Puzzle
    from portia_tui.core.language.vocabulary import Statement

    names = [f"c{i}" for i in range(k)]
    table = {name: [Statement("not_in", name)] * n for name in names}
    table[names[0]] = [Statement("in", names[0])] + [Statement("not_in", names[0])] * (n - 1)
    return Puzzle.build(table, m=1 + (k - 1) * n)


async def test_the_player_checks_a_quick_big_puzzle_in_a_thread(tmp_path, monkeypatch):
    """A 12 x 10 whose analysis takes milliseconds opens without the child process (its
    start took most of the opening) and without the checking screen (it is checked before
    the app's first frame, see the next test)."""
    import portia_tui.app.play.app as play_app
    from portia_tui.app.play import PlayApp, PlayPuzzleScreen
    from portia_tui.app.play.app import single_pack
    from portia_tui.core.io.progress import ProgressStore

    checking: list[object] = []
    monkeypatch.setattr(play_app.CheckingScreen, "on_mount", lambda screen: checking.append(1))
    puzzle = wide_puzzle()
    assert puzzle.size > play_app.CHECK_AT_ONCE
    app = PlayApp(single_pack(puzzle), single=True, store=ProgressStore(tmp_path / "p.json"))
    called: list[object] = []
    monkeypatch.setattr(app.runner, "call", lambda *a, **k: called.append(a))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PlayPuzzleScreen))
        assert app.screen.session.coach.solution == 0
        await pilot.press("1")
        await until(pilot, lambda: app.screen.session.record.status == "solved")
    assert called == [] and checking == []


async def test_a_quick_single_puzzle_is_the_apps_first_screen_and_escape_ends_it(tmp_path):
    """A 12 x 10 checked within CHECK_BEFORE_FIRST_FRAME is the app's first screen (no blank
    screen before it, nothing under it); a burst that marks, leaves (escape) and presses one
    more key ends the app cleanly with the mark saved."""
    import portia_tui.app.play.app as play_app
    from portia_tui.app.play import PlayApp, PlayPuzzleScreen
    from portia_tui.app.play.app import single_pack
    from portia_tui.core.io.progress import ProgressStore, pack_key

    pack = single_pack(wide_puzzle())
    store = ProgressStore(tmp_path / "p.json")
    app = PlayApp(pack, single=True, store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, PlayPuzzleScreen) and len(app.screen_stack) == 1
        assert not app.workers  # no check worker: it was checked before the first frame
        assert app.screen.session.coach.solution == 0
        await pilot.press("s", "t", "escape", "down")
        await until(pilot, lambda: not app.is_running)
    assert app.return_code == 0
    again = ProgressStore(tmp_path / "p.json").pack(pack_key(pack), pack.title)
    assert again.record("1").marks, "the mark made before escape was saved"
    assert play_app.CHECK_BEFORE_FIRST_FRAME <= 0.1  # a bound a user never feels


async def test_a_big_puzzle_not_checked_in_time_goes_to_the_child_process(tmp_path,
                                                                          monkeypatch):
    """Past TRY_HERE_SECONDS the thread stops at its budget's next check, the checking
    screen comes up, and the child process works the puzzle out."""
    import portia_tui.app.play.app as play_app
    from portia_tui.app.play import PlayApp, PlayPuzzleScreen
    from portia_tui.app.play.app import single_pack
    from portia_tui.core.io.progress import ProgressStore
    from portia_tui.core.solve.budget import check

    class EndlessCoach(play_app.Coach):
        def __init__(self, *args):
            while True:
                check()

    monkeypatch.setattr(play_app, "Coach", EndlessCoach)  # in this process only
    monkeypatch.setattr(play_app, "TRY_HERE_SECONDS", 0.05)
    checking: list[object] = []  # (the child may answer between two looks at the screen)
    mount = play_app.CheckingScreen.on_mount
    monkeypatch.setattr(play_app.CheckingScreen, "on_mount",
                        lambda screen: checking.append(1) or mount(screen))
    app = PlayApp(single_pack(wide_puzzle()), single=True,
                  store=ProgressStore(tmp_path / "p.json"))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PlayPuzzleScreen), timeout=60)
        assert checking == [1]
        assert app.screen.session.coach.solution == 0
