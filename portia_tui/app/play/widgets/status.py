"""Status marks: a symbol and a word for each status, so colour is never the only cue."""

from __future__ import annotations

from rich.text import Text

from portia_tui.core.progress import STATUS_WORDS

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
    words = "invalid puzzle" if status == "invalid" else STATUS_WORDS[status]
    return Text(f"{symbol} {words}", style=style)
