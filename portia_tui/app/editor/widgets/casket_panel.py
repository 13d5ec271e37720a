"""One panel per casket: a numbered row per statement, each with a menu of sentences."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Select, Static

from portia_tui.core.vocabulary import Statement

from ..messages import Navigate, SlotFocused, StatementPicked

#: the symbol that marks a statement in a loop (the analysis panel explains it in words)
LOOP_MARK = "⟳"
VALUE_MARK = {True: "T", False: "F", None: "?"}


class StatementSelect(Select[Statement]):
    """A slot's menu. Arrow keys move between slots; enter or space opens the menu."""

    BINDINGS = [
        Binding("enter,space", "show_overlay", "Menu", show=False),
        Binding("up", "move(0, -1)", "Up", show=False),
        Binding("down", "move(0, 1)", "Down", show=False),
        Binding("left", "move(-1, 0)", "Left", show=False),
        Binding("right", "move(1, 0)", "Right", show=False),
    ]

    def __init__(self, casket: int, position: int, options, value: Statement, **kw) -> None:
        super().__init__(options, value=value, allow_blank=False, compact=True, **kw)
        self.casket = casket
        self.position = position
        #: the plain prompts, to restore after the assistant's marks
        self.prompts: list[str] = [p for p, _ in options]
        self.choices: list[Statement] = [v for _, v in options]
        self.menu = options
        self.marked = False

    def action_move(self, dx: int, dy: int) -> None:
        self.post_message(Navigate(self.casket, self.position, dx, dy))

    def on_focus(self) -> None:
        self.post_message(SlotFocused(self.casket, self.position))

    def show(self, options: list[tuple[str, Statement]], value: Statement) -> None:
        """Show these options and this value, touching only what changed."""
        if options is not self.menu:
            self.menu = options
            prompts = [p for p, _ in options]
            choices = [v for _, v in options]
            if prompts != self.prompts or choices != self.choices:
                self.prompts = prompts
                self.choices = choices
                self.marked = False
                self.set_options(options)
        if self.value != value:
            self.value = value

    def set_marks(self, marks: tuple[bool, ...] | None) -> None:
        """Prefix each menu entry with ✓ (keeps the target reachable) or ✗, or clear them."""
        if marks is None and not self.marked:
            return
        overlay = self.query_one(OptionList)
        for index, prompt in enumerate(self.prompts):
            if marks is None:
                text = prompt
            else:
                text = ("✓ " if marks[index] else "✗ ") + prompt
            overlay.replace_option_prompt_at_index(index, text)
        self.marked = marks is not None


class StatementRow(Horizontal):
    """The statement's global number, its marks (loop, truth value) and its menu."""

    def __init__(self, casket: int, position: int, number: int, options, value) -> None:
        super().__init__(classes="statement-row")
        self.casket = casket
        self.position = position
        self._marks = (number, False, "")
        self.label = Static(self._label(*self._marks), classes="statement-label")
        self.select = StatementSelect(casket, position, options, value)

    def compose(self) -> ComposeResult:
        yield self.label
        yield self.select

    @staticmethod
    def _label(number: int, loop: bool, value: bool | None | str) -> str:
        loop_mark = LOOP_MARK if loop else " "
        value_mark = " " if value == "" else VALUE_MARK[value]
        return f"{number:>3}{loop_mark}{value_mark} "

    def set_marks(self, number: int, loop: bool, value: bool | None | str) -> None:
        """value: True/False/None (varies) or "" (not shown)."""
        if (number, loop, value) == self._marks:
            return
        self._marks = (number, loop, value)
        self.label.update(self._label(number, loop, value))
        self.set_class(loop, "-loop")
        self.set_class(value is True, "-true")
        self.set_class(value is False, "-false")

    @on(Select.Changed)
    def _changed(self, event: Select.Changed) -> None:
        event.stop()
        # Select.Changed also fires on mount and after set_options; only a value the
        # select still holds counts (the screen ignores it when the model already has it)
        if event.value is Select.NULL or event.value != self.select.value:
            return
        self.post_message(StatementPicked(self.casket, self.position, event.value))


class CasketPanel(Vertical):
    """A casket's statements, top to bottom."""

    def __init__(self, casket: int, name: str, rows: list[StatementRow]) -> None:
        super().__init__(classes="casket-panel")
        self.casket = casket
        self.border_title = f"{name} casket"
        self.rows = rows

    def compose(self) -> ComposeResult:
        yield from self.rows
