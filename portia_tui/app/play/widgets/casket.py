"""A casket card: its number, name and numbered statements (one line widget each, so the board
can scroll any statement into view); click it to pick it. Pencil marks show as letters (T, F;
"·" unmarked), a mark found wrong as "✘", the statement cursor as "▸": never colour alone."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.events import Click
from textual.message import Message
from textual.widgets import Static

from portia_tui.core.language.model import Puzzle


class StatementLine(Horizontal):
    """One statement on a card: a gutter (cursor, number, pencil mark) and the sentence,
    which wraps under itself, not under the gutter."""

    DEFAULT_CSS = """
    StatementLine { height: auto; width: 1fr; }
    StatementLine > .gutter { width: auto; height: auto; }
    StatementLine > .sentence { width: 1fr; height: auto; }
    StatementLine.-cursor { background: $boost; }
    StatementLine.-cursor > .sentence { text-style: bold; }
    """

    def __init__(self, number: int, sentence: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.number = number
        self.sentence = sentence
        self._state: tuple = (False, None, False, False)

    def compose(self) -> ComposeResult:
        yield Static(self._gutter(*self._state), classes="gutter")
        yield Static(self.sentence, classes="sentence", markup=False)

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
        return text

    @property
    def state(self) -> tuple:
        """(cursor here, pencil mark or None, mark found wrong, marking under a supposition)."""
        return self._state

    def show(self, cursor: bool, mark: bool | None, wrong: bool, marking: bool) -> None:
        state = (cursor, mark, wrong, marking)
        if state == self._state:
            return
        self._state = state
        self.set_class(cursor, "-cursor")
        if self.is_mounted:
            self.query_one(".gutter", Static).update(self._gutter(*state))


class CasketCard(Vertical):
    """One casket. The selected card shows arrows around its name and a heavy border; a
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
    CasketCard.-selected {
        border: heavy $accent;
        border-title-style: bold;
    }
    CasketCard.-wrong {
        border: round $error;
        color: $text-muted;
    }
    CasketCard.-wrong.-selected {
        border: heavy $error;
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

    def __init__(self, puzzle: Puzzle, index: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.puzzle = puzzle
        self.index = index
        self.casket_name = puzzle.names[index]
        self.start = puzzle.layout.offset(index)
        self.count = len(puzzle.caskets[index].statements)
        self._mark = ""
        self._selected = False
        self._supposed = False
        self._title()

    def compose(self) -> ComposeResult:
        for pos in range(self.count):
            i = self.start + pos
            yield StatementLine(i, self.puzzle.sentence(i), id=f"statement-{i}")

    def _title(self) -> None:
        name = f"{self.index + 1} · {self.casket_name}"
        self.border_title = f"▶ {name} ◀" if self._selected else name
        self.border_subtitle = " · ".join(x for x in (self._mark, "✎ supposed" if
                                                      self._supposed else "") if x)

    def set_selected(self, selected: bool) -> None:
        self._selected = selected
        self.set_class(selected, "-selected")
        self._title()

    def set_supposed(self, supposed: bool) -> None:
        self._supposed = supposed
        self._title()

    def set_mark(self, mark: str) -> None:
        """'' (none), 'wrong' or 'right'."""
        self.set_class(mark == "wrong", "-wrong")
        self.set_class(mark == "right", "-right")
        self._mark = {"wrong": "✘ not here", "right": "✔ the portrait"}.get(mark, "")
        self._title()

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Picked(self.index))
