"""The pack list: every puzzle with its difficulty, status, hints and time."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import ScreenResume
from textual.screen import Screen
from textual.widgets import DataTable, Static

from portia_tui.app.footer import Footer
from portia_tui.core.packs.pack import Pack
from portia_tui.core.io.progress import PackProgress, clock, statistics

from ..messages import OpenPuzzle
from ..widgets import status_label
from .help import HelpScreen
from .stats import StatsScreen

COLUMNS = ("#", "puzzle", "difficulty", "status", "hints", "wrong answers", "time")


class PuzzleTable(DataTable):
    """The pack's puzzles, a row each: home and end go to the first and the last puzzle (a
    row cursor's DataTable, Textual 8.2, scrolls sideways on them and leaves the cursor)."""

    BINDINGS = [
        Binding("home", "scroll_top", "first", show=False),
        Binding("end", "scroll_bottom", "last", show=False),
    ]


class PackScreen(Screen[None]):
    CSS = """
    #pack-title { padding: 1 2 0 2; text-style: bold; }
    #pack-summary { padding: 0 2 1 2; }
    #puzzles { height: 1fr; margin: 0 2; }
    """
    BINDINGS = [
        Binding("enter", "open", "play", priority=True),
        Binding("s", "stats", "statistics"),
        Binding("question_mark", "help", "help", key_display="?"),
    ]

    def __init__(self, pack: Pack, progress: PackProgress, invalid: set[int],
                 welcome: str | None = None) -> None:
        super().__init__()
        self.pack = pack
        self.progress = progress
        self.invalid = invalid
        self.welcome = welcome

    def compose(self) -> ComposeResult:
        by = f" by {self.pack.author}" if self.pack.author else ""
        yield Static(f"{self.pack.title or 'Untitled pack'}{by}: "
                     f"{len(self.pack.puzzles)} puzzles", id="pack-title")
        yield Static(id="pack-summary")
        yield PuzzleTable(id="puzzles", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for col in COLUMNS:
            table.add_column(col, key=col)
        for i, entry in enumerate(self.pack.puzzles):
            table.add_row(*self._cells(i), key=entry.id)
        self._summary()
        table.move_cursor(row=self._current_row())
        table.focus()

    def _current_row(self) -> int:
        ids = [e.id for e in self.pack.puzzles]
        cur = self.progress.current
        return ids.index(cur) if cur in ids else 0

    def _cells(self, i: int) -> tuple[object, ...]:
        entry = self.pack.puzzles[i]
        rec = self.progress.peek(entry.id)
        status = "invalid" if i in self.invalid else rec.status
        title = entry.puzzle.title or f"Puzzle {entry.id}"
        return (str(i + 1), title, entry.difficulty, status_label(status),
                str(rec.hints) if rec.hints else "-", str(rec.wrong) if rec.wrong else "-",
                clock(rec.seconds) if rec.seconds else "-")

    def _summary(self) -> None:
        done = sum(1 for e in self.pack.puzzles if self.progress.peek(e.id).finished)
        solved = sum(1 for e in self.pack.puzzles
                     if self.progress.peek(e.id).status in ("solved", "hinted"))
        text = Text(f"{solved} of {len(self.pack.puzzles)} solved, {done} finished. ")
        if self.welcome:
            text.append(self.welcome + " ", style="bold")
        text.append("Enter plays the highlighted puzzle; s shows statistics; q quits.")
        self.query_one("#pack-summary", Static).update(text)

    def on_screen_resume(self, event: ScreenResume) -> None:
        """Back from a puzzle: refresh the rows and follow the current puzzle."""
        if not self.is_mounted:
            return
        table = self.query_one(DataTable)
        for i, entry in enumerate(self.pack.puzzles):
            for col, value in zip(COLUMNS, self._cells(i)):
                table.update_cell(entry.id, col, value)
        self._summary()
        table.move_cursor(row=self._current_row())

    def action_open(self) -> None:
        self._open(self.query_one(DataTable).cursor_row)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self._open(event.cursor_row)

    def _open(self, index: int) -> None:
        self.welcome = None  # shown until the player picks a puzzle
        self.post_message(OpenPuzzle(index))

    def action_stats(self) -> None:
        rows = statistics([(e.id, e.difficulty) for e in self.pack.puzzles], self.progress)
        self.app.push_screen(StatsScreen(self.pack.title or "Untitled pack", rows))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(pack=True))
