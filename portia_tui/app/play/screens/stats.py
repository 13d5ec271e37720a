"""Statistics for a pack: counts per difficulty, hints used, time."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from portia_tui.app.footer import Footer
from portia_tui.core.io.progress import GroupStats, clock


def stats_rows(rows: list[GroupStats]) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for r in rows:
        mean = r.mean_solve_seconds
        out.append((r.label, str(r.puzzles), str(r.solved), str(r.hinted), str(r.revealed),
                    str(r.unsolved), str(r.hints), str(r.wrong), clock(r.seconds),
                    clock(mean) if mean is not None else "-"))
    return out


COLUMNS = ("difficulty", "puzzles", "● solved", "◐ with hints", "◌ revealed", "○ unsolved",
           "hints used", "wrong answers", "time", "mean to solve")


class StatsScreen(Screen[None]):
    CSS = """
    #stats-title { padding: 1 2; text-style: bold; }
    #stats { height: auto; margin: 0 2; }
    #stats-note { padding: 1 2; color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape", "close", "back"),
        Binding("s", "close", "back", show=False),
    ]

    def __init__(self, title: str, rows: list[GroupStats]) -> None:
        super().__init__()
        self.pack_title = title
        self.rows = rows

    def compose(self) -> ComposeResult:
        yield Static(f"Statistics: {self.pack_title}", id="stats-title")
        yield DataTable(id="stats", cursor_type="row", zebra_stripes=True)
        yield Static("Hints used: hint steps seen (up to 3 a puzzle) before the puzzle was "
                     "solved or revealed. Time: all time spent. Mean to solve: the mean time "
                     "over the puzzles solved, with or without hints. Escape goes back.",
                     id="stats-note")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(*COLUMNS)
        for row in stats_rows(self.rows):
            table.add_row(*row)

    def action_close(self) -> None:
        self.dismiss()
