"""A cooperative budget for every analysis: a deadline and/or a cancel callable.

The engines' loops call :func:`check` between steps (a walk's unit, a vector, a SAT call, a
candidate statement). With no budget in force it returns at once; inside ``with
Budget(seconds=..., cancel=..., steps=...):`` it raises :class:`OutOfTime` once the deadline
has passed, ``cancel()`` is true or more than `steps` checks were made (a work budget: the
same puzzle stops at the same step on any machine, as the rating and the explanations of
`portia solve` do by default). Nothing is interrupted from outside (no signals, no threads): the
work stops at the next check, so a check sits in every loop whose length grows with the
puzzle.

The budget in force is held in a context variable, so each thread (an app's worker, the
command line) has its own, and the engines need no extra argument: a caller sets it around
any core call. Budgets nest; an inner one never extends an outer deadline.

Plain Python (the standard library's ``time`` and ``contextvars``).
"""

from __future__ import annotations

import contextvars
import time
from collections.abc import Callable

#: how many checks pass between two readings of the clock (and calls of `cancel`)
_STRIDE = 64


class OutOfTime(Exception):
    """An analysis stopped at its budget. ``seconds`` is the budget's length (None when a
    cancel callable stopped it); ``part`` names what was being analysed when it stopped, where
    the caller said (see :func:`part`); ``steps`` the work budget when that stopped it (else
    None)."""

    def __init__(self, seconds: float | None, part: str | None = None,
                 steps: int | None = None):
        self.seconds = seconds
        self.part = part
        self.steps = steps
        what = (f"over the budget of {steps:,} steps" if steps is not None else
                "cancelled" if seconds is None else f"over the budget of {seconds:g} s")
        super().__init__(what if part is None else f"{part}: {what}")


_CURRENT: contextvars.ContextVar[Budget | None] = contextvars.ContextVar(
    "portia_budget", default=None)


class Budget:
    """A deadline `seconds` from entering (None: no deadline), a `cancel` callable and/or a
    number of `steps` (checks made inside it, not counting those of budgets nested in it);
    ``checks`` counts the checks made inside it (the work done, for tests and benchmarks)."""

    def __init__(self, seconds: float | None = None,
                 cancel: Callable[[], bool] | None = None, steps: int | None = None):
        if seconds is not None and not seconds > 0:
            raise ValueError(f"a budget must be positive, not {seconds!r}")
        if steps is not None and not steps > 0:
            raise ValueError(f"a work budget must be positive, not {steps!r}")
        self.seconds = seconds
        self.cancel = cancel
        self.steps = steps
        self._most = float("inf") if steps is None else steps
        self.deadline = float("inf")
        self.checks = 0
        self._clock = _STRIDE  # the check count at which the clock is read next
        self.part: str | None = None
        self._outer: Budget | None = None
        self._token: contextvars.Token | None = None

    def __enter__(self) -> "Budget":
        self._outer = _CURRENT.get()
        if self.seconds is not None:
            self.deadline = time.monotonic() + self.seconds
        if self._outer is not None:
            self.deadline = min(self.deadline, self._outer.deadline)
        self._token = _CURRENT.set(self)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._token is not None:
            _CURRENT.reset(self._token)
            self._token = None

    def check(self, work: int = 1) -> None:
        """Raise OutOfTime when the deadline has passed, cancel() says so or the steps are
        spent (the clock is read once per few checks). `work`: how many steps this one
        counts for (a step that tries 2^k cases counts 2^k)."""
        self.checks += work
        if self.checks > self._most:
            raise OutOfTime(None, self.part, self.steps)
        if self.checks < self._clock:
            return
        self._clock = self.checks + _STRIDE
        self.now()

    def now(self) -> None:
        """The check without the stride: read the clock (and cancel) at once."""
        if self.checks > self._most:
            raise OutOfTime(None, self.part, self.steps)
        if self.cancel is not None and self.cancel():
            raise OutOfTime(None, self.part)
        if time.monotonic() >= self.deadline:
            seconds = self.seconds
            outer = self._outer
            while seconds is None and outer is not None:
                seconds, outer = outer.seconds, outer._outer
            raise OutOfTime(seconds, self.part)
        if self._outer is not None:
            self._outer.now()

    def remaining(self) -> float | None:
        """Seconds left before the deadline (None without one)."""
        if self.deadline == float("inf"):
            return None
        return max(0.0, self.deadline - time.monotonic())


def check(work: int = 1) -> None:
    """One step of work (or `work` steps): raise OutOfTime if the budget in force has run
    out."""
    budget = _CURRENT.get()
    if budget is not None:
        budget.check(work)


def expired() -> bool:
    """Whether the budget in force has run out (without raising): for loops that stop
    cleanly with a partial answer, as the authoring assistant's do."""
    budget = _CURRENT.get()
    if budget is None:
        return False
    try:
        budget.now()
    except OutOfTime:
        return True
    return False


def current() -> Budget | None:
    """The budget in force in this context, or None."""
    return _CURRENT.get()


class part:
    """``with part("the rules"):`` names what is being analysed, for the OutOfTime raised
    inside (the outermost name wins: it is what a person asked about)."""

    def __init__(self, name: str):
        self.name = name
        self._set = False

    def __enter__(self) -> "part":
        budget = _CURRENT.get()
        if budget is not None and budget.part is None:
            budget.part = self.name
            self._set = True
        return self

    def __exit__(self, *exc: object) -> None:
        budget = _CURRENT.get()
        if self._set and budget is not None:
            budget.part = None
