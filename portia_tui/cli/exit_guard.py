"""A bound on the time from an app's closing to the process's end (issue 21: one `portia new`
burst run of 51 left its process running over 30 s after the screen closed; not reproduced).

Where a process can stay after its screen is gone: Textual's ``App.run`` is
``asyncio.run(...)``, whose end waits for every thread of the default executor (the apps'
thread workers) with no bound on Python 3.11; then the interpreter's exit joins the
``multiprocessing`` children and the executor threads. A worker that does not stop keeps the
process there with nothing on the screen.

:func:`watch` starts a daemon thread when an app is run: once the app has run and stopped
(``is_running``, Textual's public property) and `bound` seconds pass without the process
ending or the run returning to portia, it says so in one line on stderr, dumps every
thread's stack there (faulthandler) and ends the process with status 1. :func:`at_exit`
keeps the same bound over the interpreter's exit after an app. No textual here.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import Any, Callable

#: seconds the process may take to end once the app has closed
EXIT_BOUND = 10.0
#: seconds between two looks at the app
POLL = 0.1
#: the status of a process ended by the guard
HUNG = 1


def _report(bound: float, where: str) -> None:
    import faulthandler

    out = sys.__stderr__ or sys.stderr
    try:
        out.write(f"portia: still running {bound:g} s after the app closed ({where}); "
                  "ending it. The threads' stacks follow.\n")
        out.flush()
        faulthandler.dump_traceback(file=out, all_threads=True)
    except (OSError, ValueError):
        pass  # no stderr to write to: end all the same


class Watch:
    """The guard over one app's run (see the module's docstring)."""

    def __init__(self, app: Any, bound: float, before: Callable[[], None] | None,
                 end: Callable[[int], Any]):
        self.app = app
        self.bound = bound
        self.before = before
        self.end = end
        self.returned = threading.Event()
        self.thread = threading.Thread(target=self._run, name="portia-exit-guard", daemon=True)

    def _run(self) -> None:
        seen = False
        while not self.returned.wait(POLL):  # the run returned: nothing to guard
            running = bool(getattr(self.app, "is_running", False))
            seen = seen or running
            if seen and not running:
                break
        else:
            return
        if self.returned.wait(self.bound):
            return
        _report(self.bound, "the app's run did not return: a worker that does not stop")
        if self.before is not None:
            try:
                self.before()
            except Exception:  # noqa: BLE001 - the process ends whatever happens here
                pass
        self.end(HUNG)

    def done(self) -> None:
        """The app's run returned to portia."""
        self.returned.set()


def watch(app: Any, bound: float = EXIT_BOUND, before: Callable[[], None] | None = None,
          end: Callable[[int], Any] = os._exit) -> Watch:
    """Start guarding `app`'s run; call ``done()`` on the result when the run returns.
    `before` runs just before a hung process is ended (the editor keeps its unsaved work)."""
    guard = Watch(app, bound, before, end)
    guard.thread.start()
    _ran.append(guard)
    return guard


#: the guards started in this process (at_exit guards its end only after an app)
_ran: list[Watch] = []


def at_exit(code: int, bound: float = EXIT_BOUND,
            end: Callable[[int], Any] = os._exit) -> threading.Thread | None:
    """After an app has run, bound the interpreter's exit (the joins of the executor's
    threads and the child processes) by `bound` seconds: a daemon thread ends the process
    with status `code` past it, after the one line and the stacks. None when no app ran."""
    if not _ran:
        return None

    def guard() -> None:
        time.sleep(bound)
        _report(bound, "the process's exit did not finish: a thread or a child process "
                "that does not stop")
        end(code or HUNG)

    thread = threading.Thread(target=guard, name="portia-exit-guard", daemon=True)
    thread.start()
    return thread
