"""The Algorithm 2 assistant: a target casket and m, the running count of true statements."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.widgets import Button, Input, Select, Static

from portia_tui.core.assistant import EXCEEDED, PARADOX, REACHED, SHORT, SKIPPED
from portia_tui.core.model import Puzzle
from portia_tui.core.words import numbers, plural

from ..analysis import Report, counts_text, names
from ..messages import MChosen


class AssistantChanged(Message):
    def __init__(self, target: int, m: int) -> None:
        super().__init__()
        self.target = target
        self.m = m


class AssistantPanel(VerticalScroll):
    def __init__(self) -> None:
        super().__init__(id="assistant")
        self.border_title = "Algorithm 2 assistant"
        self.target = Select[int]([], allow_blank=True, compact=True, id="target",
                                  prompt="casket")
        self.m_input = Input(type="integer", id="target-m", compact=True)
        self.status = Static("", id="assistant-status")
        self._names: tuple[str, ...] = ()

    def compose(self) -> ComposeResult:
        with Horizontal(id="assistant-controls"):
            yield Static("Target ", classes="label")
            yield self.target
            yield Static(" m = ", classes="label")
            yield self.m_input
            yield Button("use as m", id="use-m", compact=True)
        yield self.status

    def sync(self, puzzle: Puzzle, target: int, m: int) -> None:
        if puzzle.names != self._names:
            self._names = puzzle.names
            self.target.set_options((name, i) for i, name in enumerate(puzzle.names))
        if self.target.value != target:
            self.target.value = target
        if not self.m_input.has_focus and self.m_input.value != str(m):
            self.m_input.value = str(m)

    def show(self, report: Report) -> None:
        a = report.assistant
        if a is None:
            return
        puzzle = report.analysis.puzzle
        name = puzzle.names[a.target]
        lines = []
        counts = a.counts
        standing = a.standing
        if standing == PARADOX:
            lines.append(
                f"With the portrait in {name} no consistent truth values exist "
                "(a paradox): ✘ target unreachable."
            )
        else:
            lines.append(
                f"With the portrait in {name}: {counts_text(counts)} true "
                f"statement{'s' if max(counts) != 1 else ''} (target m = {a.m})."
            )
            lines.append({
                REACHED: f"✔ Target reached: exactly {a.m} can be true.",
                EXCEEDED: f"✘ WARNING: exceeded by {a.excess}: make a true statement false.",
                SHORT: f"… Not yet: {plural(a.missing, 'more true statement')} needed.",
                SKIPPED: f"✘ {a.m} lies between the possible counts: a loop jumps over it.",
            }[standing])
        if a.values is not None:
            true = [i for i, v in enumerate(a.values) if v is True]
            false = [i for i, v in enumerate(a.values) if v is False]
            vary = [i for i, v in enumerate(a.values) if v is None]
            parts = [f"true: {numbers(true) or 'none'}"]
            if vary:
                parts.append(f"varies: {numbers(vary)}")
            if len(false) > 12:
                parts.append("false: the others" if true or vary else "false: all")
            else:
                parts.append(f"false: {numbers(false) or 'none'}")
            lines.append(f"Statements under {name}: " + "; ".join(parts) + ".")
        if a.unique:
            lines.append(f"✔ Unique: with m = {a.m} only {name} fits (live analysis).")
        elif a.fits:
            lines.append(f"✘ Not unique: with m = {a.m} also {names(puzzle, a.rivals)} fit.")
        else:
            lines.append(f"✘ With m = {a.m} {name} does not fit yet.")
        lines.append(f"Menus: ✓ keeps {name} reachable with exactly {a.m} true, ✗ does not.")
        self.status.update("\n".join(lines))

    def _post(self) -> None:
        target = self.target.value
        try:
            m = int(self.m_input.value)
        except ValueError:
            return
        if isinstance(target, int):
            self.post_message(AssistantChanged(target, m))

    @on(Select.Changed, "#target")
    def _target(self, event: Select.Changed) -> None:
        event.stop()
        self._post()

    @on(Input.Submitted, "#target-m")
    def _m(self, event: Input.Submitted) -> None:
        event.stop()
        self._post()

    @on(Input.Changed, "#target-m")
    def _m_typed(self, event: Input.Changed) -> None:
        event.stop()
        if self.m_input.has_focus:
            self._post()

    @on(Button.Pressed, "#use-m")
    def _use_m(self, event: Button.Pressed) -> None:
        event.stop()
        try:
            self.post_message(MChosen(int(self.m_input.value)))
        except ValueError:
            pass
