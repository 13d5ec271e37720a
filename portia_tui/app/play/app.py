"""The player app: a pack (list, puzzles, statistics) or a single puzzle, with saved progress."""

from __future__ import annotations

import time
from typing import Callable

from textual.binding import Binding

from portia_tui.core.explain.hints import Coach
from portia_tui.core.language.model import Puzzle
from portia_tui.core.packs.pack import Pack, PackPuzzle
from portia_tui.core.io.progress import ProgressStore, pack_key

from ..base import PortiaApp
from .messages import Navigate, OpenPuzzle
from .screens import PackScreen, PlayPuzzleScreen
from .session import Place, PuzzleSession


def single_pack(puzzle: Puzzle, name: str = "") -> Pack:
    """A one-puzzle pack, so a single file gets a timer and saved progress too."""
    return Pack(title=puzzle.title or name, puzzles=(PackPuzzle("1", puzzle, "unrated"),))


class PlayApp(PortiaApp):
    """``portia play``: work through a pack, or play one puzzle."""

    TITLE = "portia play"
    BINDINGS = [Binding("q", "quit", "quit")]

    def __init__(self, pack: Pack, *, single: bool = False, store: ProgressStore | None = None,
                 reset: bool = False, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.pack = pack
        self.single = single
        self.store = store if store is not None else ProgressStore()
        self.key = pack_key(pack)
        if reset:
            self.store.forget(self.key)
        self.progress = self.store.pack(self.key, pack.title)
        self.clock = clock
        self._coaches: dict[int, Coach] = {}
        self._save_warned = False

    # ------------------------------------------------------------------ data
    def coach(self, index: int) -> Coach:
        if index not in self._coaches:
            entry = self.pack.puzzles[index]
            self._coaches[index] = Coach(entry.puzzle, entry.solution)
        return self._coaches[index]

    def index_of(self, pid: str | None) -> int | None:
        for i, entry in enumerate(self.pack.puzzles):
            if entry.id == pid:
                return i
        return None

    def save(self) -> None:
        why = self.store.save()
        if why and not self._save_warned:
            self._save_warned = True
            self.notify(why, severity="error", timeout=10)

    # ------------------------------------------------------------------ screens
    def on_mount(self) -> None:
        if self.store.notice:
            self.notify(self.store.notice, severity="warning", timeout=12)
        if self.single:
            self.push_screen(self.puzzle_screen(0), callback=lambda _: self.exit())
            self.progress.current = self.pack.puzzles[0].id
            return
        invalid = {i for i in range(len(self.pack.puzzles)) if not self.coach(i).playable}
        where = self.index_of(self.progress.current)
        welcome = None
        if where is not None:
            welcome = (f"Welcome back: you were on puzzle {where + 1} "
                       f"({self.pack.puzzles[where].puzzle.title or self.pack.puzzles[where].id}).")
        self.push_screen(PackScreen(self.pack, self.progress, invalid, welcome))

    def puzzle_screen(self, index: int) -> PlayPuzzleScreen:
        entry = self.pack.puzzles[index]
        place = None if self.single else Place(index + 1, len(self.pack.puzzles), entry.id,
                                               entry.difficulty)
        return PlayPuzzleScreen(entry.puzzle, stored_solution=entry.solution,
                                record=self.progress.record(entry.id), place=place,
                                on_change=self._session_changed, clock=self.clock)

    def _session_changed(self, session: PuzzleSession) -> None:
        self.save()

    def on_open_puzzle(self, message: OpenPuzzle) -> None:
        index = message.index
        if not 0 <= index < len(self.pack.puzzles):
            return
        self.progress.current = self.pack.puzzles[index].id
        self.save()
        self.push_screen(self.puzzle_screen(index))

    def on_navigate(self, message: Navigate) -> None:
        here = self.index_of(self.progress.current) or 0
        there = here + message.delta
        if not 0 <= there < len(self.pack.puzzles):
            edge = "last" if message.delta > 0 else "first"
            self.notify(f"This is the {edge} puzzle of the pack; Escape shows the list.")
            return
        self.progress.current = self.pack.puzzles[there].id
        self.save()
        self.switch_screen(self.puzzle_screen(there))

    def keep_unsaved_work(self) -> None:
        """Save the progress now (the command line calls this when the app stopped on an
        error); never raises."""
        try:
            self.store.save()
        except Exception:  # noqa: BLE001 - nothing may hide the original error
            pass

    async def action_quit(self) -> None:
        screen = self.screen
        if isinstance(screen, PlayPuzzleScreen):
            screen.flush()
        self.save()
        self.exit()
