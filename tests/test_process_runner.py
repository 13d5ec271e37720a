"""The child process the editor's analysis, marks and repairs run in (app/process.py): a job
that polls stop_asked() ends as soon as its call is cancelled, in the same child (no kill, no
new process); a stop asked for one call never stops the next."""

from __future__ import annotations

import threading
import time

import pytest

from portia_tui.app.process import Cancelled, ProcessRunner, stop_asked

from .jobs_for_process import nap, pid, stops_waiting, wait_for_stop

#: the runner as the apps start it, with spawn (other tests' children come from a forkserver)
pytestmark = pytest.mark.spawn


def test_stop_asked_is_false_outside_a_child():
    assert stop_asked() is False


def test_a_cancelled_job_that_polls_stops_at_once_in_the_same_child():
    runner = ProcessRunner("portia-test")
    try:
        first = runner.call(pid, None)
        flag = threading.Event()
        threading.Timer(0.2, flag.set).start()
        start = time.monotonic()
        with pytest.raises(Cancelled):
            runner.call(wait_for_stop, 30.0, cancelled=flag.is_set)
        assert time.monotonic() - start < 10  # not the 30 s the job would run
        # the child answered the stop itself: it was not killed and is reused
        assert runner.call(pid, None) == first
        # the next call is not stopped by the stop meant for the one before
        assert runner.call(wait_for_stop, 0.3) == ("ran out", first)
    finally:
        runner.close()


def test_stop_poller_reads_the_pipe_at_most_once_per_interval_and_sees_a_stop_by_its_end():
    """A marks job checks its stop thousands of times a menu: stop_poller reads the pipe
    (stop_asked) at most once per `every` seconds of the clock, so a cancel is seen at most
    `every` later (STOP_POLL, well under the 100 ms a cancel may take), and once seen it
    stays seen without another read."""
    from unittest import mock

    from portia_tui.app import process

    clock = [100.0]
    reads = []
    asked = [False]

    def fake_stop_asked():
        reads.append(clock[0])
        return asked[0]

    with mock.patch.object(process, "stop_asked", fake_stop_asked), \
            mock.patch.object(process.time, "monotonic", lambda: clock[0]):
        poll = process.stop_poller(0.01)
        assert not any(poll() for _ in range(1000))  # one read for the first interval
        assert reads == [100.0]
        asked[0] = True  # the parent cancels
        clock[0] += 0.005
        assert poll() is False and len(reads) == 1  # inside the interval: not read yet
        clock[0] += 0.006
        assert poll() is True and len(reads) == 2  # past it: read, and seen
    assert process.STOP_POLL <= 0.05


def test_the_stops_of_calls_that_never_looked_do_not_pile_up_in_the_pipe():
    """A job that never looks at its stop (the analysis), cancelled while young, answers and
    is dropped; its stop stayed in the pipe, one per call, until 11,455 filled it (measured) and the
    parent's next stop blocked for good (a worker that never ended, and a hung exit). The
    child reads them as the next job starts."""
    runner = ProcessRunner("portia-test")
    try:
        first = runner.call(pid, None)
        for _ in range(3):
            looks = iter([False] + [True] * 1000)  # cancelled once the job was sent
            with pytest.raises(Cancelled):
                runner.call(nap, 0.1, cancelled=looks.__next__)
        assert runner.call(pid, None) == first  # young calls: answered, not killed
        assert runner.call(stops_waiting, None) is False
    finally:
        runner.close()


def test_a_close_while_a_call_waits_ends_it_as_cancelled():
    """The app closes (close() from its thread) while a worker's call waits on the child:
    the call ends with Cancelled, whichever moment the close comes at (it raised
    ConnectionResetError, EOFError or OSError, a worker's traceback as the editor quit)."""
    runner = ProcessRunner("portia-test")
    outcomes = []
    try:
        for step in range(4):
            runner.call(pid, None)  # a child ready
            got: list[object] = []

            def wait(got: list[object] = got) -> None:
                try:
                    got.append(runner.call(nap, 0.05))
                except Exception as exc:  # noqa: BLE001 - the outcome is asserted
                    got.append(exc)

            thread = threading.Thread(target=wait)
            thread.start()
            time.sleep(0.015 * step)
            runner.close()
            thread.join(10)
            assert not thread.is_alive()
            outcomes.append(got[0])
    finally:
        runner.close()
    assert all(isinstance(x, (Cancelled, int)) for x in outcomes), outcomes
