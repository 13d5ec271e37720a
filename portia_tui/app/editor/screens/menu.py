"""The statement menu every slot shares: the sentences the core allows on that casket."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static

from portia_tui.core.vocabulary import Statement


class MenuScreen(ModalScreen[Statement | None]):
    """Choose a statement (enter or click); escape keeps the current one.

    With the assistant on, each entry starts with ✓ (keeps the target reachable) or ✗.
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, casket: int, position: int, title: str,
                 options: tuple[tuple[str, Statement], ...], current: Statement,
                 marks: tuple[bool, ...] | None = None, legend: str = "") -> None:
        super().__init__(classes="dialog-screen")
        self.casket = casket
        self.position = position
        self.title_text = title
        self.options = options
        self.current = current
        self.marks = marks
        self.legend = legend

    def _prompt(self, index: int) -> str:
        sentence, st = self.options[index]
        mark = "" if self.marks is None else ("✓ " if self.marks[index] else "✗ ")
        return mark + sentence + ("   ◀ current" if st == self.current else "")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog menu-dialog"):
            yield Static(self.title_text, classes="question", markup=False)
            yield Static(self.legend, id="menu-legend", classes="hint", markup=False)
            yield OptionList(*(self._prompt(i) for i in range(len(self.options))), id="menu")

    def on_mount(self) -> None:
        menu = self.query_one("#menu", OptionList)
        for index, (_sentence, st) in enumerate(self.options):
            if st == self.current:
                menu.highlighted = index
        menu.focus()
        self.query_one("#menu-legend").display = bool(self.legend)

    def set_marks(self, marks: tuple[bool, ...] | None, legend: str = "") -> None:
        self.marks = marks
        menu = self.query_one("#menu", OptionList)
        for index in range(len(self.options)):
            menu.replace_option_prompt_at_index(index, self._prompt(index))
        self.legend = legend
        legend_widget = self.query_one("#menu-legend", Static)
        legend_widget.update(legend)
        legend_widget.display = bool(legend)

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(OptionList.OptionSelected, "#menu")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.options[event.option_index][1])
