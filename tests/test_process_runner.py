"""The child process the editor's analysis, marks and repairs run in (app/process.py): a job
that polls stop_asked() ends as soon as its call is cancelled, in the same child (no kill, no
new process); a stop asked for one call never stops the next."""

from __future__ import annotations

import threading
import time

import pytest

from portia_tui.app.process import Cancelled, ProcessRunner, stop_asked

from .jobs_for_process import pid, wait_for_stop

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
