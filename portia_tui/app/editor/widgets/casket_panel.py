"""One panel per casket: a numbered slot per statement; enter or a click opens its menu.

A slot is a single light widget (number, marks, the sentence wrapped on two lines) rather
than a Select: a Textual Select is six widgets with its own option list, and 120 of them (12
caskets x 10 statements) made every layout pass slow. All slots share one menu screen
(screens/menu.py) that lists the sentences the core allows there.
"""

from __future__ import annotations

import textwrap

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget

from portia_tui.core.language.vocabulary import Statement

from ...selected import with_selection
from ..messages import Navigate, SlotFocused, SlotMenuRequested

#: the symbol that marks a statement in a loop (the analysis panel explains it in words)
LOOP_MARK = "⟳"
VALUE_MARK: dict[bool | str | None, str] = {True: "T", False: "F", None: "?"}
LABEL_WIDTH = 6
#: what an empty slot shows
EMPTY_TEXT = "— choose a statement —"


class Slot(Widget, can_focus=True):
    """One statement: its global number, ⟳ when in a loop, T/F/? when values are shown."""

    BINDINGS = [
        Binding("enter,space", "menu", "Menu", show=False),
        Binding("up", "move(0, -1)", "Up", show=False),
        Binding("down", "move(0, 1)", "Down", show=False),
        Binding("left", "move(-1, 0)", "Left", show=False),
        Binding("right", "move(1, 0)", "Right", show=False),
    ]

    DEFAULT_CSS = """
    Slot { height: 2; width: 1fr; }
    """

    def __init__(self, casket: int, position: int, number: int, statement: Statement,
                 sentence: str) -> None:
        super().__init__(classes="slot")
        self.casket = casket
        self.position = position
        self.number = number
        self.statement = statement
        self.sentence = sentence
        self.loop = False
        #: True/False/None (varies) under the solution, or "" when values are not shown
        self.value: bool | None | str = ""
        self._wrap_key: tuple | None = None
        self._wrap_lines: list[str] = []
        #: the lines drawn (render_line), and what they were drawn for
        self._strips_key: tuple | None = None
        self._strips: list[Strip] = []

    # --------------------------------------------------------------- state from the screen
    def show(self, number: int, statement: Statement, sentence: str) -> None:
        if (number, statement, sentence) != (self.number, self.statement, self.sentence):
            self.number, self.statement, self.sentence = number, statement, sentence
            self.refresh()

    def set_marks(self, loop: bool, value: bool | None | str) -> None:
        if (loop, value) != (self.loop, self.value):
            # colours are drawn in render(), not by CSS classes: a class change
            # restyles the node, and 120 of them made every analysis slow to show
            self.loop, self.value = loop, value
            self.refresh()

    @property
    def label(self) -> str:
        """'  3⟳T ': number, loop mark, value mark (spaces when absent)."""
        loop_mark = LOOP_MARK if self.loop else " "
        value_mark = " " if self.value == "" else VALUE_MARK[self.value]
        return f"{self.number:>3}{loop_mark}{value_mark} "

    def _lines(self) -> list[Content]:
        """The slot's lines: number, marks and the sentence's first line, then the sentence's
        other lines under it (indented past the label)."""
        rows = max(self.size.height, 1)
        # narrow panels (three lines a slot): a two-digit number and no ▼, so that the
        # longest sentences still fit whole
        narrow = rows >= 3
        digits = 2 if narrow and self.number < 100 else 3
        label = digits + 3
        width = max(self.size.width - label - (0 if narrow else 2), 10)
        lines = self._wrapped(width, rows, narrow)
        styles: dict[bool | str | None, str] = {True: "bold $success", False: "bold $error"}
        value_style = styles.get(self.value, "bold")
        text_style = "" if self.sentence else "italic $text-muted"
        first = Content.assemble(
            (f"{self.number:>{digits}}", "bold"),
            (LOOP_MARK if self.loop else " ", "bold $warning"),
            (" " if self.value == "" else VALUE_MARK[self.value], value_style),
            " ",
            (lines[0], text_style),
        )
        indent = " " * label
        return [first] + [Content.assemble(indent, (line, text_style)) for line in lines[1:]]

    def render(self) -> Content:
        return Content("\n").join(self._lines())

    def render_line(self, y: int) -> Strip:
        """Textual's line API: the slot's lines drawn straight from its Contents (their text
        is wrapped here already), kept while the slot's text, marks, size and style stay. The
        default path (render() through a Visual, wrapped again) cost about 0.6 ms a slot, and
        an opening 12 x 10 draws 60-odd slots (see benchmarks/bench_editor.py)."""
        width, height = self.size
        style = self.visual_style
        # a mouse selection over the slot (Textual's public selection API: text_selection,
        # and the screen's "screen--selection" style, as Content.render_strips applies them;
        # selection_updated refreshes the slot): part of the key, so the kept lines stay
        # as cheap as before when nothing is selected
        selection = self.text_selection
        key = (self.number, self.sentence, self.loop, self.value, width, height, style,
               self.app.theme, selection)
        if key != self._strips_key:
            lines = self._lines()[:max(height, 1)]
            if selection is not None:
                lines = with_selection(self, lines, selection)
            self._strips = [Strip(line.render_segments(style), line.cell_length)
                            for line in lines]
            self._strips_key = key
        if 0 <= y < len(self._strips):
            return self._strips[y]
        return Strip.blank(width, style.rich_style)

    def _wrapped(self, width: int, rows: int, narrow: bool) -> list[str]:
        """The sentence's lines, kept while the sentence and the size stay (a change of
        marks, focus or colours repaints the slot without wrapping its text again)."""
        key = (self.sentence, width, rows, narrow)
        if self._wrap_key != key:
            lines = textwrap.wrap(self.sentence or EMPTY_TEXT, width) or [""]
            if len(lines) > rows:
                rest = textwrap.shorten(" ".join(lines[rows - 1:]), width, placeholder="…")
                lines = lines[: rows - 1] + [rest]
            if not narrow:
                lines[-1] += " ▼"
            self._wrap_key, self._wrap_lines = key, lines
        return list(self._wrap_lines)

    # --------------------------------------------------------------- input
    # the screen acts at once (not by a message): the next key of a burst must find the menu
    # open, or the focus moved, as a key typed slowly would
    def action_menu(self) -> None:
        opener = getattr(self.screen, "open_menu", None)
        if opener is not None:
            opener(self.casket, self.position)
        else:
            self.post_message(SlotMenuRequested(self.casket, self.position))

    def action_move(self, dx: int, dy: int) -> None:
        mover = getattr(self.screen, "navigate", None)
        if mover is not None:
            mover(self.casket, self.position, dx, dy)
        else:
            self.post_message(Navigate(self.casket, self.position, dx, dy))

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.focus()
        self.action_menu()

    def on_focus(self) -> None:
        self.post_message(SlotFocused(self.casket, self.position))


class CasketPanel(Vertical):
    """A casket's statements, top to bottom (the caskets view keeps `slots` in line)."""

    def __init__(self, casket: int, name: str, slots: list[Slot]) -> None:
        super().__init__(classes="casket-panel")
        self.casket = casket
        self.border_title = f"{name} casket"
        self.slots = slots

    def compose(self) -> ComposeResult:
        yield from self.slots

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The slots' fixed heights added up (2 rows each, 3 in narrow panels), without
        arranging them: the row asks every panel for its height in each layout pass, and a
        vertical arrange of 10 slots per panel for 12 panels was most of that pass. Any slot
        whose height is not a plain number of cells (or with a vertical margin) falls back
        to Textual's own measure."""
        total = 0
        for slot in self.slots:
            if not slot.display:
                continue
            height = slot.styles.height
            margin = slot.styles.margin
            if height is None or not height.is_cells or margin.top or margin.bottom:
                return super().get_content_height(container, viewport, width)
            total += int(height.value)
        return total

    def resize_to(self, want: int, make_slot) -> tuple[list[Slot], list[Slot]]:
        """Grow or shrink the slot list to `want` slots: (new slots, slots to remove).
        `make_slot(position)` builds a new one; the caller mounts and removes them."""
        gone: list[Slot] = []
        while len(self.slots) > want:
            gone.append(self.slots.pop())
        new = [make_slot(pos) for pos in range(len(self.slots), want)]
        self.slots.extend(new)
        return new, gone
