"""The title line (file, Portia-n, m, unsaved marker) and the toolbar (m, rows, undo)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, Input, Static

from ..messages import MChosen
from ..model import EditorModel


def title_text(model: EditorModel) -> str:
    puzzle = model.puzzle
    n = puzzle.n
    shape = f"Portia-{n}" if n is not None else "mixed " + "/".join(map(str, puzzle.layout.counts))
    mark = " * unsaved" if model.dirty else ""
    name = f" — {puzzle.title}" if puzzle.title else ""
    return (
        f"{model.display_name}{mark} — {shape}, m = {puzzle.m}, "
        f"{len(puzzle.caskets)} caskets, {puzzle.size} statements{name}"
    )


class TitleBar(Static):
    def __init__(self) -> None:
        super().__init__("", id="title-bar", markup=False)

    def sync(self, model: EditorModel) -> None:
        self.update(title_text(model), layout=False)


class Toolbar(Horizontal):
    """Mouse-friendly buttons for what the keys do; the m field takes a number and enter."""

    def __init__(self) -> None:
        super().__init__(id="toolbar")
        self.m_input = Input(type="integer", id="m-input", compact=True)
        self.m = 0

    def compose(self) -> ComposeResult:
        yield Static("m =", classes="label")
        yield self.m_input
        yield Button("m −", id="m-down", compact=True, action="screen.m_down")
        yield Button("m +", id="m-up", compact=True, action="screen.m_up")
        yield Button("+ row", id="row-add", compact=True, action="screen.add_row")
        yield Button("− row", id="row-remove", compact=True, action="screen.remove_row")
        yield Button("↶ undo", id="undo", compact=True, action="screen.undo")
        yield Button("↷ redo", id="redo", compact=True, action="screen.redo")
        yield Button("values", id="values", compact=True, action="screen.toggle_values")
        yield Button("assistant", id="assistant-toggle", compact=True,
                     action="screen.toggle_assistant")

    def sync(self, model: EditorModel) -> None:
        self.m = model.puzzle.m
        if not self.m_input.has_focus or not self.m_input.value:
            self.m_input.value = str(model.puzzle.m)
        self.query_one("#undo", Button).disabled = not model.can_undo
        self.query_one("#redo", Button).disabled = not model.can_redo

    def _submit(self) -> None:
        try:
            m = int(self.m_input.value)
        except ValueError:
            self.m_input.value = str(self.m)
            return
        if m != self.m:
            self.post_message(MChosen(m))

    @on(Input.Submitted, "#m-input")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._submit()

    @on(Input.Blurred, "#m-input")
    def _blurred(self, event: Input.Blurred) -> None:
        event.stop()
        self._submit()
