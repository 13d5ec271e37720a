"""The title line (file, Portia-n, m, unsaved marker) and the toolbar (m, rows, undo)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.geometry import Offset
from textual.markup import escape
from textual.widget import Widget
from textual.widgets import Input, Static

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


#: the toolbar's items, left to right: (id, label, the screen's action); each is a clickable
#: region of one widget (eight Buttons brought about 60 CSS rules and eight more nodes to
#: style and lay out, which was a third of the editor's opening time past a minimal app)
ITEMS: tuple[tuple[str, str, str], ...] = (
    ("m-down", "m −", "m_down"),
    ("m-up", "m +", "m_up"),
    ("row-add", "+ row", "add_row"),
    ("row-remove", "− row", "remove_row"),
    ("undo", "↶ undo", "undo"),
    ("redo", "↷ redo", "redo"),
    ("values", "values", "toggle_values"),
    ("vocabulary", "classic", "next_vocabulary"),
)
#: the gap between two items
GAP = 1


class ToolbarActions(Widget):
    """The toolbar's items in one line of one widget: each runs its screen action on a click
    (a `@click` region of the line's Content); an item with nothing to do (undo with no
    history) is dim and not clickable. `offset_of(id)` says where an item is."""

    DEFAULT_CSS = """
    ToolbarActions {
        width: 1fr;
        height: 1;
        link-style: bold;
        link-color: $text;
        link-background: $surface;
        link-style-hover: bold;
        link-color-hover: $text;
        link-background-hover: $primary;
    }
    """

    def __init__(self) -> None:
        super().__init__(id="toolbar-actions")
        self.tooltip = ("Click an item, or press its key: -/+ m, a/d rows, u/r undo and "
                        "redo, v values, w the statement kinds the menus offer")
        self.labels: dict[str, str] = {key: label for key, label, _ in ITEMS}
        self.enabled: dict[str, bool] = {key: True for key, _, _ in ITEMS}

    def set_item(self, key: str, *, label: str | None = None,
                 enabled: bool | None = None) -> None:
        """Change one item's label or whether it can be clicked (repainted only on a change;
        the line keeps its size, so no layout)."""
        changed = False
        if label is not None and self.labels[key] != label:
            self.labels[key], changed = label, True
        if enabled is not None and self.enabled[key] != enabled:
            self.enabled[key], changed = enabled, True
        if changed:
            self.refresh()

    def offset_of(self, key: str) -> Offset:
        """The middle of an item, in this widget's cells (what a test or a user clicks)."""
        x = 0
        for item, _, _ in ITEMS:
            width = len(self.labels[item]) + 2
            if item == key:
                return Offset(x + width // 2, 0)
            x += width + GAP
        raise KeyError(key)

    def render(self) -> Content:
        parts: list = []
        for key, _, action in ITEMS:
            if parts:
                parts.append(" " * GAP)
            text = f" {self.labels[key]} "
            if self.enabled[key]:
                parts.append(Content.from_markup(f"[@click=screen.{action}]{escape(text)}[/]"))
            else:
                parts.append((text, "bold dim $text on $surface"))
        return Content.assemble(*parts)


class Toolbar(Horizontal):
    """Mouse-friendly items for what the keys do; the m field takes a number and enter."""

    def __init__(self, model: EditorModel | None = None) -> None:
        super().__init__(id="toolbar")
        self.m_input = Input(type="integer", id="m-input", compact=True, placeholder="open")
        self.m: int | None = None
        #: what sync() last put in the m field (a blur that changed nothing sets nothing)
        self._shown: str | None = None
        self.actions = ToolbarActions()
        if model is not None:
            # the model's state before the widgets are mounted: set afterwards, each value
            # restyled and repainted its widget once more while the editor opened
            self.sync(model)

    def compose(self) -> ComposeResult:
        yield Static("m =", classes="label")
        yield self.m_input
        yield self.actions

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
        self.actions.set_item("undo", enabled=model.can_undo)
        self.actions.set_item("redo", enabled=model.can_redo)
        self.actions.set_item("vocabulary", label=model.vocabulary)

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
