"""Status marks: a symbol and a word for each status, so colour is never the only cue."""

from __future__ import annotations

from rich.text import Text

from portia_tui.core.io.progress import STATUSES

#: each status as people read it (the progress file stores the keys)
STATUS_WORDS = {"unsolved": "unsolved", "solved": "solved", "hinted": "solved with hints",
                "revealed": "revealed", "invalid": "invalid puzzle"}
assert set(STATUSES) < set(STATUS_WORDS)

#: status -> (symbol, style)
STATUS_MARKS = {
    "unsolved": ("○", ""),
    "solved": ("●", "bold green"),
    "hinted": ("◐", "green"),
    "revealed": ("◌", "yellow"),
    "invalid": ("⚠", "bold red"),
}


def status_label(status: str) -> Text:
    """'● solved', '◐ solved with hints', '⚠ invalid puzzle'..."""
    symbol, style = STATUS_MARKS[status]
    return Text(f"{symbol} {STATUS_WORDS[status]}", style=style)
