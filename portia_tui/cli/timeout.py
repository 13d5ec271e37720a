"""`--timeout SECONDS` for the commands that analyse (solve, check, assist, repair): a
budget for each puzzle, through the core's cooperative budget (core/solve/budget.py). On
expiry the command says, in one line, that the file is too large to analyse within the
budget, and exits 3."""

from __future__ import annotations

import argparse

from portia_tui.core.solve.budget import Budget, OutOfTime

#: the range of --timeout, in seconds (a day at most)
LOWEST, HIGHEST = 0.1, 86400.0
#: the exit status when the budget runs out
TOO_LARGE = 3


def add_timeout(p: argparse.ArgumentParser, default: float | None = None,
                what: str = "each puzzle's analysis") -> None:
    from portia_tui.cli import seconds_arg

    now = "none" if default is None else f"{default:g} s"
    p.add_argument("--timeout", type=seconds_arg(LOWEST, HIGHEST), default=default,
                   metavar="SECONDS",
                   help=f"stop {what} after SECONDS ({LOWEST:g} to {HIGHEST:g}; default "
                        f"{now}) and exit {TOO_LARGE}, saying the file is too large")


class TooLarge(Exception):
    """A file's analysis ran past --timeout: `line` is what to print."""

    def __init__(self, name: str, limit: float, part: str | None = None):
        self.line = f"{name}: too large to analyse within {limit:g} s" + (
            f" ({part})" if part else "")
        super().__init__(self.line)


class budget:
    """``with budget(limit, name):`` runs the body under a budget of `limit` seconds (None: no
    limit) and raises TooLarge, naming `name`, when it runs out. (A class, not contextlib:
    `portia solve` imports as little as it can.)"""

    def __init__(self, limit: float | None, name: str):
        self.limit = limit
        self.name = name
        self._budget: Budget | None = None

    def __enter__(self) -> "budget":
        if self.limit is not None:
            self._budget = Budget(seconds=self.limit).__enter__()
        return self

    def __exit__(self, kind, exc, tb) -> None:
        if self._budget is None:
            return
        self._budget.__exit__(kind, exc, tb)
        if isinstance(exc, OutOfTime):
            assert self.limit is not None
            raise TooLarge(self.name, self.limit, exc.part) from None
