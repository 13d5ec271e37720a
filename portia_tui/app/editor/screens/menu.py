"""The statement menu every slot shares: the sentences the core allows on that casket.

One MenuScreen serves the whole editor: it is installed once and filled anew for each slot
(:meth:`MenuScreen.show`), so opening a menu does not compose, mount and style new widgets.
The rules menu is another MenuScreen (entries are any values; a statement or a rule).

Entries come in groups (the statement families, the rule kinds), each under a heading (a
disabled line). Typing narrows the entries to those whose sentence holds every typed word;
backspace widens again; the title shows the filter.
"""

from __future__ import annotations

import re
from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..analysis import MARK_SYMBOLS
from .dialogs import Dialog


def _words(sentence: str) -> list[str]:
    return re.findall(r"[^\W_]+", sentence.lower())


def matches(sentence: str, query: str) -> bool:
    """True when every word typed starts a word of the sentence (any letter case, any
    order): "in this" finds "The portrait is in this casket", not "...made by Cellini"."""
    words = _words(sentence)
    return all(any(w.startswith(typed) for w in words) for typed in _words(query))


def rank(sentence: str, query: str) -> int:
    """0 when every word typed is a whole word of the sentence, else 1 (shown after)."""
    words = set(_words(sentence))
    return 0 if all(typed in words for typed in _words(query)) else 1


class MenuScreen(Dialog):
    """Choose an entry (enter or click); escape keeps the current one.

    Once the marks arrive (a worker computes them; the menu never waits), each entry starts
    with ★ (valid), ✓ (reachable), ✗ (impossible) or ? (undecided); the legend says so.
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self) -> None:
        super().__init__(classes="dialog-screen")
        self.casket = -1
        self.position = -1
        self.title_text = ""
        self.options: tuple[tuple[str, Any], ...] = ()
        #: the heading of each entry's group (parallel to options); "" for none
        self.groups: tuple[str, ...] = ()
        self.current: Any = None
        self.marks: tuple[str, ...] | None = None
        self.legend = ""
        #: a note after an entry's sentence (parallel to options; "" for none), and the line
        #: under the legend that explains the notes; typing never matches a note
        self.notes: tuple[str, ...] = ()
        self.note_legend = ""
        #: the words typed to narrow the menu
        self.filter = ""
        #: the entry (index into options) of each line of the list; None for a heading
        self._lines: list[int | None] = []

    def show(self, casket: int, position: int, title: str,
             options: tuple[tuple[str, Any], ...], current: Any,
             marks: tuple[str, ...] | None = None, legend: str = "",
             groups: tuple[str, ...] | None = None, notes: tuple[str, ...] | None = None,
             note_legend: str = "") -> "MenuScreen":
        """Fill the menu for one slot (before it is pushed); the filter starts empty."""
        self.answered = False
        self.notes = notes if notes is not None else ("",) * len(options)
        self.note_legend = note_legend
        self.casket, self.position = casket, position
        self.title_text, self.options, self.current = title, options, current
        self.groups = groups if groups is not None else ("",) * len(options)
        self.marks, self.legend = marks, legend
        self.filter = ""
        if self.is_mounted and self.query("#menu-title"):  # (see set_marks)
            self._fill(highlight=True)
        return self

    def _prompt(self, index: int) -> str:
        sentence, value = self.options[index]
        marks = self.marks
        # entries past the marks (those that add a rule) are not marked
        mark = ("" if marks is None else
                MARK_SYMBOLS[marks[index]] + " " if index < len(marks) else "  ")
        note = f"  {self.notes[index]}" if index < len(self.notes) and self.notes[index] else ""
        return mark + sentence + note + ("   ◀ current" if value == self.current else "")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog menu-dialog"):
            yield Static("", id="menu-title", classes="question", markup=False)
            yield Static("", id="menu-legend", classes="hint", markup=False)
            yield OptionList(id="menu")

    def on_mount(self) -> None:
        self._fill(highlight=True)

    @property
    def shown(self) -> list[int]:
        """The entries the filter lets through (indices into options), in menu order."""
        return [i for i in self._lines if i is not None]

    def _title(self) -> str:
        if not self.filter:
            return self.title_text + "  (type to filter)"
        found = len(self.shown)
        return f"{self.title_text}  filter: {self.filter}▏ ({found} of {len(self.options)})"

    def _fill(self, highlight: bool, first: bool = False) -> None:
        """Show the title, the legend and the entries the filter keeps, under their headings;
        `highlight`: put the cursor on the current entry (else on the same entry as before);
        `first`: on the first entry shown (the best match, once the filter changed)."""
        legend = self.query_one("#menu-legend", Static)
        text = "\n".join(line for line in (self.legend, self.note_legend) if line)
        legend.update(text)
        legend.display = bool(text)
        menu = self.query_one("#menu", OptionList)
        before = menu.highlighted
        keep = (self._lines[before] if before is not None and before < len(self._lines)
                else None)
        if highlight:
            keep = next((i for i, (_s, v) in enumerate(self.options) if v == self.current), None)
        if first:
            keep = None
        lines: list[int | None] = []
        prompts: list[Option] = []
        heading = None
        several = len(set(self.groups)) > 1
        order = list(range(len(self.options)))
        if self.filter:
            # the matches alone, whole words first: without headings (a group may come twice)
            order = sorted((i for i in order if matches(self.options[i][0], self.filter)),
                           key=lambda i: rank(self.options[i][0], self.filter))
            several = False
        for i in order:
            if several and self.groups[i] != heading:
                heading = self.groups[i]
                lines.append(None)
                prompts.append(Option(f"── {heading} ──", disabled=True))
            lines.append(i)
            prompts.append(Option(self._prompt(i), id=f"entry-{i}"))
        self._lines = lines
        # the title counts the entries just kept (before, it counted the key before's)
        self.query_one("#menu-title", Static).update(self._title())
        menu.set_options(prompts)
        if keep is not None and keep in lines:
            menu.highlighted = lines.index(keep)
        elif self.shown:
            menu.highlighted = lines.index(self.shown[0])
        menu.focus()

    def set_marks(self, marks: tuple[str, ...] | None, legend: str = "") -> None:
        """The assistant's marks arrived (or were cleared): every entry in one pass."""
        self.marks, self.legend = marks, legend
        # the marks can come back while the menu is mounted but its widgets are not there (it
        # is being composed, or taken down after a dismiss): keep them; on_mount fills them in
        # (a burst found NoMatches '#menu-title' here, Textual 8.2)
        if self.is_mounted and self.query("#menu-title"):
            self._fill(highlight=False)

    def on_key(self, event: events.Key) -> None:
        """Letters, digits and spaces narrow the menu; backspace widens it; enter chooses.

        Enter is answered here, while the key is still travelling: Textual 8.2 runs
        OptionList's enter binding only once the key has reached the app, and the
        OptionSelected message it posts climbs back down to this screen after the next key
        of a burst was handed on, to this menu (a letter meant for the editor narrowed a
        menu already answered). Answered here, the dialog's answer holds the next keys back
        in time (Dialog.hold_token). A menu already answered takes no more keys."""
        if self.answered:
            return
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            at = self.query_one("#menu", OptionList).highlighted
            entry = self._lines[at] if at is not None and at < len(self._lines) else None
            if entry is not None:
                self.dismiss(self.options[entry][1])
            return
        if event.key == "backspace":
            if self.filter:
                self.filter = self.filter[:-1]
                self._fill(highlight=False, first=True)
            event.stop()
        elif event.character and (event.character.isalnum() or event.character == " ") \
                and event.is_printable:
            if event.character == " " and not self.filter:
                return
            self.filter += event.character
            self._fill(highlight=False, first=True)
            event.stop()
            event.prevent_default()

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(OptionList.OptionSelected, "#menu")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        # the option carries its entry: the list may have been filled anew (the marks
        # arrived) between the highlight and this message, so its index may be another's
        ident = event.option.id or ""
        if ident.startswith("entry-"):
            index = int(ident.removeprefix("entry-"))
            if index < len(self.options):
                self.dismiss(self.options[index][1])
