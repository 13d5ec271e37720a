"""A background writer that keeps only the latest state: the player's progress is saved off
the interface's thread, after each key, without a key ever waiting for a disk.

One thread writes, one item at a time, in the order they were handed over. An item handed
over while another is being written replaces any item still waiting (a burst of keys makes one
write of its last state, never an older state after a newer one). :meth:`LatestWriter.flush`
waits until everything handed over is written (the app calls it when it quits);
:meth:`LatestWriter.close` flushes and ends the thread; :meth:`LatestWriter.when_written` calls
back once everything handed over so far is written (an event loop waits on it without a
thread of its own and without polling).

Plain Python (threading), so the core's tests drive it without an app.
"""

from __future__ import annotations

import threading
from typing import Callable, Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class LatestWriter(Generic[T, R]):
    """``write(item)`` in a thread of its own for the latest item handed over; ``done(result)``
    in that thread after each write (it must not wait for the caller's thread)."""

    def __init__(self, write: Callable[[T], R], done: Callable[[R], None] | None = None,
                 name: str = "portia-writer") -> None:
        self._write = write
        self._done = done
        self._cond = threading.Condition()
        self._item: T | None = None
        self._waiting = False
        #: items handed over, and items written or replaced by a later one (flush waits for
        #: the second to reach the first)
        self._given = 0
        self._settled = 0
        #: items in place: settled, or renamed over the old file while its folder's fsync
        #: runs (placed()); what when_written waits for
        self._placed = 0
        #: the count of the item being written (placed() marks it)
        self._current = 0
        self._closed = False
        self._thread: threading.Thread | None = None
        self._name = name
        #: callbacks waiting for the items handed over before them: (count, callback)
        self._watchers: list[tuple[int, Callable[[], None]]] = []
        #: writes made (a burst coalesces into few)
        self.writes = 0
        #: the last exception a write or `done` raised (the thread goes on)
        self.error: Exception | None = None

    def submit(self, item: T) -> None:
        """Hand over the latest state; returns at once. Ignored once closed."""
        with self._cond:
            if self._closed:
                return
            self._item, self._waiting = item, True
            self._given += 1
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything handed over so far is written; False on a timeout."""
        with self._cond:
            want = self._given
            return self._cond.wait_for(lambda: self._settled >= want or self._thread is None,
                                       timeout)

    def when_written(self, callback: Callable[[], None]) -> None:
        """Call `callback()` once everything handed over so far is in place (written, or
        marked by the write with :meth:`placed`; or replaced by a later item, or the writer
        has ended): at once, here, when that is already so; otherwise in the writer's thread
        (it must not wait for the caller's thread)."""
        with self._cond:
            want = self._given
            if not (self._placed >= want or self._thread is None):
                self._watchers.append((want, callback))
                return
        callback()

    def _wake(self, ended: bool = False) -> None:
        """Call the watchers whose items are written (every one when the thread ends)."""
        with self._cond:
            due = [cb for want, cb in self._watchers if ended or self._placed >= want]
            self._watchers = [] if ended else [(w, cb) for w, cb in self._watchers
                                               if self._placed < w]
        for callback in due:
            try:
                callback()
            except Exception as exc:  # noqa: BLE001 - the thread goes on
                self.error = exc

    def placed(self) -> None:
        """Called by the write function, in the writer's thread, once its item is safe from
        a kill of the process (a file renamed over the old one; the folder's fsync, which
        only a power cut needs, may follow): the when_written callbacks waiting for it run
        now, not after the fsync. flush() and busy still wait for the whole write."""
        with self._cond:
            self._placed = max(self._placed, self._current)
        self._wake()

    def close(self, timeout: float | None = None) -> bool:
        """Flush, then end the thread; later submits are ignored. False on a timeout."""
        flushed = self.flush(timeout)
        with self._cond:
            self._closed = True
            self._cond.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
        return flushed

    @property
    def busy(self) -> bool:
        """Whether a write is waiting or running."""
        with self._cond:
            return self._settled < self._given

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._waiting or self._closed)
                ended = not self._waiting  # closed, nothing left
                if ended:
                    self._thread = None
                    self._cond.notify_all()
                else:
                    item, given = self._item, self._given
                    self._item, self._waiting = None, False
                    self._current = given
            if ended:
                self._wake(ended=True)
                return
            try:
                result = self._write(item)  # type: ignore[arg-type]
                self.writes += 1
                if self._done is not None:
                    self._done(result)
            except Exception as exc:  # noqa: BLE001 - the thread goes on for the next item
                self.error = exc
            finally:
                with self._cond:
                    self._settled = given
                    self._placed = max(self._placed, given)
                    self._cond.notify_all()
                self._wake()
