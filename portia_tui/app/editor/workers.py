"""The editor's workers: the analysis of every edit, the marks of an open menu, the repairs of
an invalid puzzle.

Each job is started by a thread worker (exclusive in its group, so a newer request cancels the
older one) that hands it to a child process and answers by message: the analysis to one child,
the marks and the repairs to another (python-sat's solve() holds the GIL, so a solver in a
thread of the app would hold its keys back). Marks come before repairs: a menu's marks stop the
repairs running, which are looked for again once the marks are in. Every answer carries its request; :class:`Workers`
remembers the latest request of each kind and says whether an answer is still wanted
(``is_current``), so the screen never shows a result computed for an older edit, another
slot or another target.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from textual.dom import DOMNode
from textual.worker import get_current_worker

from ..process import Cancelled, ProcessRunner, Stopped
from .analysis import (MarksRequest, RepairsRequest, Request, compute, marks, marks_job,
                       repairs, repairs_job)
from .messages import AnalysisReady, AnalysisStopped, MarksReady, RepairsReady


#: how much lower the helper process's CPU priority is than the app's (os.nice)
HELPER_NICE = 5


class Workers:
    """Starts the jobs on `owner` (a widget or screen) and posts their answers to it."""

    def __init__(self, owner: DOMNode, runner: ProcessRunner | None = None) -> None:
        self.owner = owner
        #: the child process the analyses run in; None: in the worker thread itself (tests
        #: that hold an analysis back with a fake compute)
        self.runner = runner if runner is not None else ProcessRunner()
        #: the child process the marks and repairs run in (None: in the worker threads)
        #: (at a lower CPU priority: the author waits on no mark or repair, but on keys)
        self.helper: ProcessRunner | None = ProcessRunner("portia-assistant", nice=HELPER_NICE)
        #: repairs were stopped for a menu's marks: look for them again after
        self.repairs_put_off = False
        self.analysis: Request | None = None
        self.marks: MarksRequest | None = None
        self.repairs: RepairsRequest | None = None
        #: answers that arrived for an older request and were dropped (tests read it)
        self.stale_dropped = 0

    # ----------------------------------------------------------------- starting
    def analyse(self, request: Request) -> None:
        self.analysis = request
        self.owner.run_worker(partial(self._analyse, request), thread=True, exclusive=True,
                              group="analysis")

    def mark(self, request: MarksRequest) -> bool:
        """Start marking a menu unless the same request is running or answered already."""
        if request == self.marks:
            return False
        self.marks = request
        if self.repairs is not None and self._running("repairs"):
            # one helper process: the menu's marks first, the repairs again after them
            self.forget_repairs()
            self.repairs_put_off = True
        self.owner.run_worker(partial(self._mark, request), thread=True, exclusive=True,
                              group="marks")
        return True

    def repair(self, request: RepairsRequest) -> bool:
        """Start looking for repairs unless they are looked for (or found) for this puzzle
        already: the cursor having moved since does not start them again."""
        if self.repairs is not None and replace(request, cursor=None) == replace(
                self.repairs, cursor=None):
            return False
        self.repairs = request
        self.owner.run_worker(partial(self._repair, request), thread=True, exclusive=True,
                              group="repairs")
        return True

    def analysing(self) -> bool:
        """True while an analysis worker runs."""
        return self._running("analysis")

    def _running(self, group: str) -> bool:
        return any(w.group == group and w.is_running for w in self.owner.workers
                   if w.node is self.owner)

    def stop_analysis(self) -> None:
        """Cancel the analysis running (a long one's process is stopped): it answers
        nothing."""
        self.owner.workers.cancel_group(self.owner, "analysis")

    def close(self) -> None:
        for runner in (self.runner, self.helper):
            if runner is not None:
                runner.close()

    def forget_marks(self) -> None:
        """An edit, another target or another m: the marks being worked out are void."""
        self.marks = None
        self.owner.workers.cancel_group(self.owner, "marks")

    def forget_repairs(self) -> None:
        self.repairs = None
        self.owner.workers.cancel_group(self.owner, "repairs")

    # ----------------------------------------------------------------- in the threads
    def _analyse(self, request: Request) -> None:
        # in a child process: python-sat holds the GIL while it solves, which would stop
        # the app answering keys. A cancelled (superseded) run that still answers reports
        # too: the handler drops what is stale.
        worker = get_current_worker()
        if self.runner is None:
            report = compute(request)
        else:
            try:
                report = self.runner.call(compute, request,
                                          cancelled=lambda: worker.is_cancelled)
            except Cancelled:
                return
            except Stopped as exc:
                self.owner.post_message(AnalysisStopped(request, str(exc)))
                return
        self.owner.post_message(AnalysisReady(report))

    def _in_helper(self, job, local, request):
        """`job(request)` in the helper process (`local` in this thread when there is none);
        None when cancelled or the process stopped."""
        worker = get_current_worker()
        if self.helper is None:
            return local(request, cancelled=lambda: worker.is_cancelled)
        try:
            return self.helper.call(job, request, cancelled=lambda: worker.is_cancelled)
        except (Cancelled, Stopped):
            return None

    def _mark(self, request: MarksRequest) -> None:
        found = self._in_helper(marks_job, marks, request)
        if found is not None and not get_current_worker().is_cancelled:
            self.owner.post_message(MarksReady(request, found))

    def _repair(self, request: RepairsRequest) -> None:
        found = self._in_helper(repairs_job, repairs, request)
        if found is not None and not get_current_worker().is_cancelled:
            self.owner.post_message(RepairsReady(request, found))

    # ----------------------------------------------------------------- answers
    def is_current(self, request: object) -> bool:
        """True when `request` is the latest of its kind (its answer may be shown)."""
        current = {Request: self.analysis, MarksRequest: self.marks,
                   RepairsRequest: self.repairs}.get(type(request))
        # equal, not the same object: an analysis comes back from its process as a copy
        if current is not None and request == current:
            return True
        self.stale_dropped += 1
        return False
