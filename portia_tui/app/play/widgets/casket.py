"""A casket card: its key, name and numbered statements; click to pick it."""

from __future__ import annotations

from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.widgets import Static

from portia_tui.core.model import Puzzle


class CasketCard(Static):
    """One casket. The selected card shows arrows around its name and a heavy border; a
    casket ruled out by a pick says "not here", the answer says "the portrait"."""

    DEFAULT_CSS = """
    CasketCard {
        width: 1fr;
        height: auto;
        min-height: 5;
        border: round $secondary;
        border-title-align: center;
        border-subtitle-align: center;
        padding: 0 1;
        margin: 0 1;
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
        super().__init__(self._body(puzzle, index), **kwargs)
        self.index = index
        self.casket_name = puzzle.names[index]
        self._mark = ""
        self._selected = False
        self._title()

    @staticmethod
    def _body(puzzle: Puzzle, index: int) -> Text:
        text = Text()
        start = puzzle.layout.offset(index)
        for pos in range(len(puzzle.caskets[index].statements)):
            i = start + pos
            if pos:
                text.append("\n")
            text.append(f"{i + 1}. ", style="bold")
            text.append(puzzle.sentence(i))
        return text

    def _title(self) -> None:
        name = f"{self.index + 1} · {self.casket_name}"
        self.border_title = f"▶ {name} ◀" if self._selected else name
        self.border_subtitle = self._mark

    def set_selected(self, selected: bool) -> None:
        self._selected = selected
        self.set_class(selected, "-selected")
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
