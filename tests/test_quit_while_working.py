"""The editor's child processes closed while a worker waits on one (issue 21 point 8): what
the screen does as it goes (on_unmount closes the runners) must end the waiting worker
quietly. The pipe closed under the call raised ConnectionResetError(104), EOFError or
OSError in the worker: a WorkerFailed traceback as the editor quit."""

from __future__ import annotations

import asyncio

from textual.worker import WorkerState

from portia_tui.core.io import formats
from portia_tui.core.io.recovery import RecoveryStore
from portia_tui.core.language.model import blank_puzzle

from .test_app_bursts import burst, calm, editor_on


async def test_children_closed_under_a_waiting_worker_end_it_quietly(tmp_path, monkeypatch):
    from portia_tui.app.editor import workers

    from .jobs_for_process import slow_job_marked

    started = tmp_path / "started"
    monkeypatch.setenv("PORTIA_TEST_STARTED", str(started))  # before the child is spawned
    monkeypatch.setattr(workers, "marks_job", slow_job_marked)  # still waiting when closed
    path = tmp_path / "p.toml"
    formats.save(blank_puzzle(3, 10), path, force=True)
    app = editor_on(path, RecoveryStore(tmp_path / "rec"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        jobs = app.editor.jobs
        # the focused slot's marks are worked out in the helper process at once
        for _ in range(1000):
            running = [w for w in app.editor.workers if w.group == "marks" and w.is_running]
            if running:
                break
            await asyncio.sleep(0.01)
        assert running, [(w.group, w.state) for w in app.workers]
        # a running worker may still be spawning the child (a close then has nothing to
        # stop, and the job would run its 30 s): wait until the child runs the job
        for _ in range(2000):
            if started.exists():
                break
            await asyncio.sleep(0.01)
        assert started.exists()
        jobs.close()  # as on_unmount does, from the app's thread
        for _ in range(500):
            if not running[0].is_running:
                break
            await asyncio.sleep(0.01)
        assert running[0].state in (WorkerState.CANCELLED, WorkerState.SUCCESS)
        assert app.is_running
        burst(app, ["q"])
        await calm(app, pilot)
    assert app.return_code == 0
