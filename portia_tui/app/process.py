"""Heavy work in a child process, so the apps answer keys whatever it is doing.

A thread worker cannot keep the apps responsive on its own: python-sat's ``solve()`` holds
the GIL for as long as it runs, and a CPU-bound thread makes every hop of a key through the
event loop wait for the GIL. :class:`ProcessRunner` keeps one child process (started on first
use, with the standard library's ``spawn`` start method: a fork of a threaded app is unsafe)
and runs one call at a time in it. The thread worker that called :meth:`ProcessRunner.call`
only waits on a pipe, which releases the GIL.

Cancelling is cooperative first and certain after: when a call's ``cancelled()`` turns true,
the runner says so on a second pipe, which a job that polls :func:`stop_asked` (the
assistant's marks and repairs) reads at once; a call that does not poll is left to finish when
it is young (its answer is dropped: starting a new process costs more than a short analysis),
and the child is killed once it has run longer than ``KILL_AFTER`` seconds, then started again
on the next call.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import time
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Callable

#: seconds a cancelled call may keep running before its process is killed
KILL_AFTER = 0.3
#: seconds between two looks at cancelled() while waiting
POLL = 0.02
#: seconds between two reads of the stop pipe by a job polling through :func:`stop_poller`
#: (a read is a system call, about 26 us under load, and a marks job checks its stop some
#: 6,000 times a menu; a cancel then waits at most this much longer)
STOP_POLL = 0.01


class Cancelled(Exception):
    """The call was cancelled before it answered."""


class Stopped(Exception):
    """The child process ended without an answer (killed from outside, out of memory)."""


class _Job:
    """In the child: the number of the call running and the pipe its stop comes on."""

    stops: Connection | None = None
    number = 0
    stopped = False


def stop_asked() -> bool:
    """In a job run by :class:`ProcessRunner`: True once the parent cancelled the call (a
    ``cancelled`` callable for the core's budgeted loops). False outside a child."""
    stops = _Job.stops
    try:
        while not _Job.stopped and stops is not None and stops.poll():
            _Job.stopped = stops.recv() == _Job.number  # an older call's stop is stale
    except (EOFError, OSError):
        _Job.stopped = True  # the parent is gone
    return _Job.stopped


def stop_poller(every: float = STOP_POLL) -> Callable[[], bool]:
    """:func:`stop_asked` for a job that checks its stop on every step: the pipe is read at
    most once per `every` seconds (a monotonic clock read in between, a few hundred times
    cheaper), so a cancel is seen at most `every` seconds later than by reading it each time.
    The marks' results do not depend on it: a stop only ends the job."""
    due = [0.0]

    def asked() -> bool:
        if _Job.stopped:
            return True
        now = time.monotonic()
        if now < due[0]:
            return False
        due[0] = now + every
        return stop_asked()

    return asked


def _serve(conn, stops=None, nice: int = 0) -> None:
    """The child: run each (function, argument, number) received, send back (ok, value)."""
    _Job.stops = stops
    if nice and hasattr(os, "nice"):
        os.nice(nice)  # background work: the app's own process comes first for the CPU
    # the child shares the app's terminal: nothing it might print may reach the screen
    sys.stdout = sys.stderr = open(os.devnull, "w")
    while True:
        try:
            func, arg, _Job.number = conn.recv()
        except (EOFError, OSError):
            return
        _Job.stopped = False
        # the stops of older calls are read now: a job that never looks at its stop (the
        # analysis) left one in the pipe for each call cancelled while young, and the pipe
        # (64 KiB) was full after 11,455 of them (measured): the parent's next stop blocked
        # for good, holding the runner's lock
        stop_asked()
        try:
            conn.send((True, func(arg)))
        except Exception as exc:  # noqa: BLE001 - the parent re-raises it
            conn.send((False, exc))


class ProcessRunner:
    """One child process; :meth:`call` runs a picklable top-level function in it."""

    def __init__(self, name: str = "portia-analysis", nice: int = 0) -> None:
        """`nice`: how much lower the child's CPU priority is (0 to 19; POSIX only), for
        work the author does not wait on, so that it never slows the keys down."""
        self._context = multiprocessing.get_context("spawn")
        self._lock = threading.Lock()
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        #: the pipe a stop is sent on, and the number of the last call
        self._stops: Connection | None = None
        self._number = 0
        self.name = name
        self.nice = nice
        #: how many times close() ran: a call whose pipe breaks after a close was cancelled
        self._closes = 0

    def _start(self) -> None:
        parent, child = self._context.Pipe()
        stops_in, stops_out = self._context.Pipe(duplex=False)
        process = self._context.Process(target=_serve, args=(child, stops_in, self.nice),
                                        daemon=True,
                                        name=self.name)
        # Textual 8.2 replaces sys.stdout and sys.stderr while an app runs with objects whose
        # fileno() is -1, which multiprocessing passes on to the child ("bad value(s) in
        # fds_to_keep"): the real ones are put back while the child starts
        captured = sys.stdout, sys.stderr
        if sys.__stdout__ is not None and sys.__stderr__ is not None:
            sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
        try:
            process.start()
        finally:
            sys.stdout, sys.stderr = captured
        child.close()
        stops_in.close()
        self._process, self._conn, self._stops = process, parent, stops_out

    def call(self, func: Callable[[Any], Any], arg: Any,
             cancelled: Callable[[], bool] = lambda: False) -> Any:
        """func(arg) in the child process; raises Cancelled when cancelled() turned true
        first (one call at a time: a second caller waits for the first)."""
        with self._lock:
            if cancelled():
                raise Cancelled
            if self._process is None or not self._process.is_alive():
                self._start()
            process, conn, stops = self._process, self._conn, self._stops
            assert process is not None and conn is not None and stops is not None
            self._number += 1
            closes = self._closes
            try:
                conn.send((func, arg, self._number))
                started = time.monotonic()
                asked = False
                while not conn.poll(POLL):
                    if not process.is_alive():
                        if self._closes != closes:
                            raise Cancelled  # close() killed it
                        self._process = None
                        raise Stopped("the analysis process stopped")
                    if cancelled():
                        if not asked:  # a job that polls stop_asked() ends at once
                            asked = True
                            stops.send(self._number)
                        if time.monotonic() - started > KILL_AFTER:
                            self._kill()
                            raise Cancelled
                ok, value = conn.recv()
            except (OSError, EOFError) as exc:
                # the pipe broke under the call: close() from the app's thread killed the
                # child (the app is closing: ConnectionResetError, EOFError or a closed
                # handle here, which stopped the app's worker with a traceback as the editor
                # quit), or the child died
                if self._closes != closes or cancelled():
                    raise Cancelled from None
                self._kill()
                raise Stopped(f"the analysis process stopped ({exc})") from None
            if cancelled():
                raise Cancelled
            if not ok:
                raise value
            return value

    def _kill(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            process.kill()
            process.join(1.0)
        for conn in (self._conn, self._stops):
            if conn is not None:
                conn.close()
        self._conn = self._stops = None

    def close(self) -> None:
        """Stop the child (the app is closing); safe to call at any time, from any thread: a
        call waiting on it ends with Cancelled (a later call starts a new child)."""
        self._closes += 1
        self._kill()


def make_coach(job: tuple) -> object:
    """The player's job for the child: the Coach of (puzzle, stored solution)."""
    from portia_tui.core.explain.hints import Coach

    puzzle, stored = job
    return Coach(puzzle, stored)
