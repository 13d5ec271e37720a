"""The title line (file, Portia-n, m, unsaved marker) and the toolbar (m, rows, undo)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, Input, Static

from ..messages import MChosen
from portia_tui.core.author.editing import EditorModel
from portia_tui.core.language.model import Puzzle
from portia_tui.core.language.words import plural


def display_name(model: EditorModel) -> str:
    """The puzzle as the title line and the dialogs name it: its file, an import, or untitled."""
    if model.path is not None:
        return model.path.name
    if model.source is not None:
        return f"{model.source.name} (imported)"
    return "untitled"


def m_text(puzzle: Puzzle) -> str:
    """The puzzle's condition on the title line: 'm = 1', 'm = 1 + 1 rule', '2 rules' (a
    puzzle solved by its rules: no m), or 'm open' (no rule at all yet)."""
    m, others = puzzle.m, len(puzzle.side_rules)
    rules = plural(others, "rule") if others else ""
    if m is None:
        return rules or "m open"
    return f"m = {m}" + (f" + {rules}" if rules else "")


def title_text(model: EditorModel) -> str:
    puzzle = model.puzzle
    mark = " * unsaved" if model.dirty else ""
    name = f" — {puzzle.title}" if puzzle.title else ""
    empty = len(puzzle.empty_slots)
    todo = f", {empty} empty" if empty else ""
    return (f"{display_name(model)}{mark} — {puzzle.shape}, {m_text(puzzle)}, "
            f"{len(puzzle.caskets)} caskets{todo}{name}")


class TitleBar(Static):
    def __init__(self, model: EditorModel | None = None) -> None:
        # the text before the widget is mounted (set afterwards it repainted the line again)
        text = "" if model is None else title_text(model)
        super().__init__(text, id="title-bar", markup=False)
        self._text = text

    def sync(self, model: EditorModel) -> None:
        # an unchanged title is not repainted: a refresh of this top line would make the
        # next frame repaint everything from it down to whatever else changed
        text = title_text(model)
        if text != self._text:
            self._text = text
            self.update(text, layout=False)


class Toolbar(Horizontal):
    """Mouse-friendly buttons for what the keys do; the m field takes a number and enter."""

    def __init__(self, model: EditorModel | None = None) -> None:
        super().__init__(id="toolbar")
        self.m_input = Input(type="integer", id="m-input", compact=True, placeholder="open")
        self.m: int | None = None
        #: what sync() last put in the m field (a blur that changed nothing sets nothing)
        self._shown: str | None = None
        self._undo = Button("↶ undo", id="undo", compact=True, action="screen.undo")
        self._redo = Button("↷ redo", id="redo", compact=True, action="screen.redo")
        self._vocabulary = Button(
            "classic", id="vocabulary", compact=True, action="screen.next_vocabulary",
            tooltip="The statement kinds the menus offer (w: the next vocabulary)")
        if model is not None:
            # the model's state before the widgets are mounted: set afterwards, each value
            # restyled and repainted its widget once more while the editor opened
            self.sync(model)

    def compose(self) -> ComposeResult:
        yield Static("m =", classes="label")
        yield self.m_input
        yield Button("m −", id="m-down", compact=True, action="screen.m_down")
        yield Button("m +", id="m-up", compact=True, action="screen.m_up")
        yield Button("+ row", id="row-add", compact=True, action="screen.add_row")
        yield Button("− row", id="row-remove", compact=True, action="screen.remove_row")
        yield self._undo
        yield self._redo
        yield Button("values", id="values", compact=True, action="screen.toggle_values")
        yield self._vocabulary

    def sync(self, model: EditorModel) -> None:
        self.m = model.puzzle.m
        untouched = self.m_input.value == (self._shown or "")
        self._shown = "" if self.m is None else str(self.m)
        # a puzzle solved by its rules has no m to open: the empty field says "none"
        placeholder = "none" if model.puzzle.rules else "open"
        if self.m_input.placeholder != placeholder:
            self.m_input.placeholder = placeholder
        if (untouched or not self.m_input.has_focus) and self.m_input.value != self._shown:
            self.m_input.value = self._shown
        if self._undo.disabled != (not model.can_undo):
            self._undo.disabled = not model.can_undo
        if self._redo.disabled != (not model.can_redo):
            self._redo.disabled = not model.can_redo
        if str(self._vocabulary.label) != model.vocabulary:
            self._vocabulary.label = model.vocabulary

    def _submit(self) -> None:
        text = self.m_input.value.strip()
        if self._shown is None or text == self._shown:
            return
        try:
            m = int(text) if text else None
        except ValueError:
            self.m_input.value = "" if self.m is None else str(self.m)
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
