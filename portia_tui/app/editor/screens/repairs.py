"""The list of repairs: every single change that makes a complete, invalid puzzle valid.

The core finds them (core/author/assistant.py ``repairs``, in the editor's helper process);
this is the list an author browses: one heading per statement, the statements nearest the
cursor first, every other m last. It is a MenuScreen like the statement menus, so it scrolls,
and typing narrows it to the entries holding the words typed. Enter applies the entry chosen
as an ordinary edit (u undoes it).
"""

from __future__ import annotations

from portia_tui.core.language.words import plural

from ..analysis import repair_entries
from .menu import MenuScreen


def repairs_menu(analysis, found, cursor: int | None) -> MenuScreen | None:
    """The list for the core's Repairs `found` of `analysis`'s puzzle, nearest the cursor's
    statement first (a number, or None); None when there is no repair to list."""
    entries = repair_entries(analysis, found, cursor)
    if not entries:
        return None
    count = len(entries)
    verb = "makes" if count == 1 else "make"
    near = "" if cursor is None else f", nearest statement {cursor + 1} first"
    title = (f"Repairs: {plural(count, 'single change')} {verb} it valid{near}. "
             "Enter applies one (u undoes it), escape closes")
    legend = "Each entry: the statement's number, its new sentence, where the portrait is then."
    if not found.complete:
        legend += (f" Not every change was tried in time: the {found.tried} statements "
                   "nearest the cursor were.")
    return MenuScreen().show(
        -1, -1, title, tuple((text, value) for _heading, text, value in entries), None,
        legend=legend, groups=tuple(heading for heading, _text, _value in entries))
