"""The statement menu every slot shares: the sentences the core allows on that casket.

One MenuScreen serves the whole editor: it is installed once and filled anew for each slot
(:meth:`MenuScreen.show`), so opening a menu does not compose, mount and style new widgets.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static

from portia_tui.core.vocabulary import Statement

from ..analysis import MARK_SYMBOLS
from .dialogs import Dialog


class MenuScreen(Dialog):
    """Choose a statement (enter or click); escape keeps the current one.

    Once the marks arrive (a worker computes them; the menu never waits), each entry starts
    with ★ (valid), ✓ (reachable), ✗ (impossible) or ? (undecided); the legend says so.
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self) -> None:
        super().__init__(classes="dialog-screen")
        self.casket = -1
        self.position = -1
        self.title_text = ""
        self.options: tuple[tuple[str, Statement], ...] = ()
        self.current: Statement | None = None
        self.marks: tuple[str, ...] | None = None
        self.legend = ""

    def show(self, casket: int, position: int, title: str,
             options: tuple[tuple[str, Statement], ...], current: Statement,
             marks: tuple[str, ...] | None = None, legend: str = "") -> "MenuScreen":
        """Fill the menu for one slot (before it is pushed)."""
        self.answered = False
        self.casket, self.position = casket, position
        self.title_text, self.options, self.current = title, options, current
        self.marks, self.legend = marks, legend
        if self.is_mounted:
            self._fill(highlight=True)
        return self

    def _prompt(self, index: int) -> str:
        sentence, st = self.options[index]
        mark = "" if self.marks is None else MARK_SYMBOLS[self.marks[index]] + " "
        return mark + sentence + ("   ◀ current" if st == self.current else "")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog menu-dialog"):
            yield Static("", id="menu-title", classes="question", markup=False)
            yield Static("", id="menu-legend", classes="hint", markup=False)
            yield OptionList(id="menu")

    def on_mount(self) -> None:
        self._fill(highlight=True)

    def _fill(self, highlight: bool) -> None:
        """Show the title, the legend and every entry; `highlight`: put the cursor on the
        current statement (else it stays where it is)."""
        self.query_one("#menu-title", Static).update(self.title_text)
        legend = self.query_one("#menu-legend", Static)
        legend.update(self.legend)
        legend.display = bool(self.legend)
        menu = self.query_one("#menu", OptionList)
        keep = menu.highlighted
        menu.set_options(self._prompt(i) for i in range(len(self.options)))
        if highlight:
            keep = next((i for i, (_s, st) in enumerate(self.options) if st == self.current),
                        None)
        if keep is not None and self.options:
            menu.highlighted = min(keep, len(self.options) - 1)
        menu.focus()

    def set_marks(self, marks: tuple[str, ...] | None, legend: str = "") -> None:
        """The assistant's marks arrived (or were cleared): every entry in one pass."""
        self.marks, self.legend = marks, legend
        if self.is_mounted:
            self._fill(highlight=False)

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(OptionList.OptionSelected, "#menu")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.options[event.option_index][1])
