"""A process whose app has closed ends within a bound (issue 21: one `portia new` burst run
left its process running over 30 s after the screen closed): a run that does not return is
ended with one line and the threads' stacks on stderr, status 1."""

from __future__ import annotations

import threading
import time

from portia_tui.cli import exit_guard


class _App:
    is_running = False


def test_a_run_that_hangs_after_the_app_closed_is_ended_and_said(capfd):
    app, ended, kept = _App(), threading.Event(), []
    codes = []
    guard = exit_guard.watch(app, bound=0.2, before=lambda: kept.append(1),
                             end=lambda code: codes.append(code) or ended.set())
    app.is_running = True
    time.sleep(3 * exit_guard.POLL)
    app.is_running = False  # the screen closed; the run does not return (no done())
    assert ended.wait(5)
    assert codes == [exit_guard.HUNG] and kept == [1]
    err = capfd.readouterr().err
    assert "still running 0.2 s after the app closed" in err and "most recent call first" in err
    guard.done()


def test_a_run_that_returns_is_left_alone():
    app, codes = _App(), []
    guard = exit_guard.watch(app, bound=0.2, end=codes.append)
    app.is_running = True
    time.sleep(2 * exit_guard.POLL)
    app.is_running = False
    guard.done()
    guard.thread.join(2)
    assert not guard.thread.is_alive() and codes == []


def test_a_thread_worker_that_does_not_stop_holds_app_run_after_the_app_closed():
    """Where such a hang comes from: App.run is asyncio.run, whose end waits (no bound on
    Python 3.11) for the executor's threads, the apps' thread workers. The guard sees the
    app stopped and the run not returned, and ends it (here: lets the worker go)."""
    from textual.app import App

    release = threading.Event()

    class Stuck(App):
        def on_mount(self) -> None:
            self.run_worker(lambda: release.wait(30), thread=True)  # never polls cancel
            self.set_timer(0.2, self.exit)

    app, codes = Stuck(), []
    guard = exit_guard.watch(app, bound=0.3, end=lambda code: codes.append(code) or release.set())
    started = time.monotonic()
    app.run(headless=True)
    guard.done()
    assert codes == [exit_guard.HUNG] and time.monotonic() - started < 20
