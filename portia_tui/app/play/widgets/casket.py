"""A casket card: its number, name and numbered statements (one line widget each, so the board
can scroll any statement into view); click it to pick it. Pencil marks show as letters (T, F;
"·" unmarked), a mark found wrong as "✘", the statement cursor as "▸": never colour alone."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from portia_tui.core.language.model import Puzzle

from ...selected import with_selection


class StatementLine(Widget):
    """One statement on a card: a gutter (cursor, number, pencil mark) and the sentence,
    which wraps under itself, not under the gutter.

    One widget drawing both (it was a row of two Statics, three widgets a statement): a
    layout pass of the board visits every widget on it, and at 12 x 10 the 360 widgets of
    the statements made each one, and every key that changed the height of the text below,
    cost over 200 ms. The sentence is wrapped as a Static wraps it (Content.wrap)."""

    DEFAULT_CSS = """
    StatementLine { height: auto; width: 1fr; }
    StatementLine.-cursor { background: $boost; }
    """

    def __init__(self, number: int, sentence: str, reserve: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.number = number
        self.sentence = sentence
        #: keep room for the mark column even while no casket is supposed (on a big board,
        #: so that supposing one does not lay every line out again)
        self.reserve = reserve
        self._state: tuple = (False, None, False, False)
        self._text = Content(sentence)
        self._wrap_width = -1
        self._wrap_lines: list[Content] = []
        self._gutter_shown: tuple[tuple, Content] | None = None
        #: the strips drawn, and what they were drawn for (state, width, style)
        self._strips_key: tuple | None = None
        self._strips: list[Strip] = []

    def _gutter(self, cursor: bool, mark: bool | None, wrong: bool, marking: bool) -> Text:
        """'▸ 3. ' and, while the player supposes a casket, a mark column: 'T ', 'F ', '· '
        (no mark), with '✘' after a mark found wrong."""
        text = Text()
        text.append("▸" if cursor else " ", style="bold")
        text.append(f"{self.number + 1:>2}. " if self.number < 99 else f"{self.number + 1}. ",
                    style="bold")
        if marking:
            if mark is None:
                text.append("· ", style="dim")
            else:
                text.append("T" if mark else "F", style="bold green" if mark else "bold magenta")
                text.append("✘" if wrong else " ", style="bold red")
            text.append(" ")
        elif self.reserve:
            text.append("   ")
        return text

    def _wrapped(self, width: int) -> list[Content]:
        """The sentence's lines at `width` (kept while the width stays)."""
        width = max(1, width)
        if width != self._wrap_width:
            self._wrap_width = width
            self._wrap_lines = self._text.wrap(width) or [Content("")]
        return self._wrap_lines

    def _gutter_content(self) -> Content:
        """The gutter of the state shown (built again only when the state changes)."""
        if self._gutter_shown is None or self._gutter_shown[0] != self._state:
            text = self._gutter(*self._state)
            self._gutter_shown = (self._state,
                                  Content.from_rich_text(text, console=self.app.console))
        return self._gutter_shown[1]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._wrapped(width - self._gutter_content().cell_length))

    def render(self) -> Content:
        gutter = self._gutter_content()
        indent = Content(" " * gutter.cell_length)
        lines = self._wrapped(self.size.width - gutter.cell_length)
        bold = self._state[0]
        return Content("\n").join(
            Content.assemble(gutter if n == 0 else indent,
                             line.stylize_before("bold") if bold else line)
            for n, line in enumerate(lines))

    def render_line(self, y: int) -> Strip:
        """Textual's line API: the line's strips are drawn from the wrapped sentence and the
        gutter (kept while the state, width and style stay), not through render() and a
        Visual. A key that changed every line's gutter (s: the mark column) redrew 60
        visible lines through Visual.to_strips, about 1 ms each, past 100 ms at 12 x 10."""
        width = self.size.width
        style = self.visual_style
        selection = self.text_selection  # a mouse selection (app/selected.py)
        key = (self._state, width, style, selection)
        if key != self._strips_key:
            gutter = self._gutter_content()
            indent = Content(" " * gutter.cell_length)
            bold = self._state[0]
            lines = [Content.assemble(gutter if n == 0 else indent,
                                      line.stylize_before("bold") if bold else line)
                     for n, line in enumerate(self._wrapped(width - gutter.cell_length))]
            if selection is not None:
                lines = with_selection(self, lines, selection)
            strips = [Strip(content.render_segments(style), content.cell_length)
                      for content in lines]
            self._strips_key, self._strips = key, strips
        if 0 <= y < len(self._strips):
            return self._strips[y]
        return Strip.blank(width, style.rich_style)

    @property
    def state(self) -> tuple:
        """(cursor here, pencil mark or None, mark found wrong, marking under a supposition)."""
        return self._state

    def show(self, cursor: bool, mark: bool | None, wrong: bool, marking: bool) -> None:
        """Show this state; nothing is redrawn when it is the state shown. The gutter keeps
        its width unless the mark column comes or goes, so only then is the board laid out
        again (a key then redraws one or two lines, not the whole board)."""
        state = (cursor, mark, wrong, marking)
        if state == self._state:
            return
        resized = marking != self._state[3] and not self.reserve
        self._state = state
        self.set_class(cursor, "-cursor")
        self.refresh(layout=resized)


class CasketCard(Vertical):
    """One casket. The selected card shows arrows around its name, bold and reversed; a
    casket ruled out by a pick says "not here", the answer says "the portrait", the casket
    supposed for pencil marks says "supposed"."""

    DEFAULT_CSS = """
    CasketCard {
        height: auto;
        min-height: 3;
        border: round $secondary;
        border-title-align: center;
        border-subtitle-align: center;
        padding: 0 1 0 0;
    }
    CasketCard.-wrong {
        border: round $error;
        color: $text-muted;
    }
    CasketCard.-right {
        border: double $success;
    }
    """

    class Picked(Message):
        """The player clicked a casket."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, puzzle: Puzzle, index: int, reserve: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.reserve = reserve
        self.puzzle = puzzle
        self.index = index
        self.casket_name = puzzle.names[index]
        self.start = puzzle.layout.offset(index)
        self.count = len(puzzle.caskets[index].statements)
        self._mark = ""
        self._selected = False
        self._supposed = False
        self._title()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The lines' heights added up (they stack with no margin, each as wide as the card's
        content): what Textual's vertical layout would find, without arranging the lines.
        The board's grid asks every card its height in each layout pass, and the board asks
        the grid, so the lines were arranged several times a pass: a quarter of the CPU of
        opening a 12 x 10."""
        return sum(line.get_content_height(container, viewport, width)
                   for line in self.children if isinstance(line, StatementLine))

    def compose(self) -> ComposeResult:
        for pos in range(self.count):
            i = self.start + pos
            yield StatementLine(i, self.puzzle.sentence(i), self.reserve, id=f"statement-{i}")

    def _title(self) -> None:
        name = f"{self.index + 1} · {self.casket_name}"
        # the chosen card's title alone shows it (arrows, bold, reversed): a class on the
        # card restyled and redrew each of its lines, and a new border laid the whole board
        # out again; either took a key past 100 ms at 12 x 10
        self.border_title = Text(f"▶ {name} ◀", style="bold reverse") if self._selected \
            else name
        self.border_subtitle = " · ".join(x for x in (self._mark, "✎ supposed" if
                                                      self._supposed else "") if x)

    @property
    def selected(self) -> bool:
        return self._selected

    def set_selected(self, selected: bool) -> None:
        if selected == self._selected and self.border_title is not None:
            return  # unchanged: nothing to redraw
        self._selected = selected
        self._title()

    def set_supposed(self, supposed: bool) -> None:
        if supposed != self._supposed:
            self._supposed = supposed
            self._title()

    def set_mark(self, mark: str) -> None:
        """'' (none), 'wrong' or 'right'."""
        said = {"wrong": "✘ not here", "right": "✔ the portrait"}.get(mark, "")
        if said == self._mark:
            return
        self.set_class(mark == "wrong", "-wrong")
        self.set_class(mark == "right", "-right")
        self._mark = said
        self._title()

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Picked(self.index))
