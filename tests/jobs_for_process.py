"""Jobs the process tests hand to a ProcessRunner's child (importable by it)."""

from __future__ import annotations

import os
import time

from portia_tui.app.process import stop_asked


def wait_for_stop(seconds: float) -> tuple[str, int]:
    """Poll stop_asked() as the assistant's budgeted loops do; ('stopped', pid) once asked."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if stop_asked():
            return "stopped", os.getpid()
        time.sleep(0.005)
    return "ran out", os.getpid()


def pid(_arg: object) -> int:
    return os.getpid()


def nap(seconds: float) -> int:
    """A job that never looks at its stop (as the editor's analysis)."""
    time.sleep(seconds)
    return os.getpid()


def stops_waiting(_arg: object) -> bool:
    """True when a stop is still unread in the child's pipe as a job starts."""
    from portia_tui.app import process

    stops = process._Job.stops
    return stops is not None and stops.poll()


def slow_job(_request: object) -> None:
    """A marks or repairs job that takes long and never looks at its stop."""
    time.sleep(30)


def slow_job_marked(_request: object) -> None:
    """slow_job that first creates the file named by $PORTIA_TEST_STARTED: the test knows the
    child is running it (not still being spawned, which a close cannot stop)."""
    with open(os.environ["PORTIA_TEST_STARTED"], "w"):
        pass
    time.sleep(30)
