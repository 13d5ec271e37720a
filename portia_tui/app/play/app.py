"""The player app: a pack (list, puzzles, statistics) or a single puzzle, with saved progress.

A casket puzzle is played on PlayPuzzleScreen, a truth puzzle (islanders, doors) on
IslandScreen; a pack may hold both, and each keeps its progress in the same store."""

from __future__ import annotations

import asyncio
import time
from typing import Callable

from textual import work
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.await_complete import AwaitComplete
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import get_current_worker

from portia_tui.core.explain.hints import Coach
from portia_tui.core.solve.budget import Budget, OutOfTime
from portia_tui.core.language.model import Puzzle
from portia_tui.core.language.world import WorldPuzzle
from portia_tui.core.packs.pack import Pack, PackPuzzle
from portia_tui.core.io.progress import Pending, ProgressStore, pack_key
from portia_tui.core.io.writer import LatestWriter

from ..base import PortiaApp
from ..footer import Footer
from ..process import Cancelled, ProcessRunner, Stopped, make_coach
from .islands import IslandScreen
from .messages import Navigate, OpenPuzzle
from .screens import PackScreen, PlayPuzzleScreen
from .session import Place, PuzzleSession


def single_pack(puzzle: Puzzle | WorldPuzzle, name: str = "") -> Pack:
    """A one-puzzle pack, so a single file gets a timer and saved progress too."""
    entry = PackPuzzle("1", puzzle, "unrated")
    return Pack(title=puzzle.title or name, puzzles=(entry,))


#: a puzzle with more statements than this is checked in a worker, behind a screen that
#: shows progress (q still quits); smaller ones at once
CHECK_AT_ONCE = 30
#: the longest a screen change (back to the list, the next or another puzzle) waits for the
#: progress handed over so far to be on disk, so that a kill right after it loses nothing (a
#: write with its fsync took 10 to 40 ms). A slower disk lets the screen change go on at this
#: bound, its write finishing behind it: keys never wait longer
SCREEN_CHANGE_WAIT = 0.1
#: seconds the big puzzles' check is first tried in a thread worker of this process (the
#: casket engine is plain Python with a budget check in every loop that grows: it gives the
#: GIL up and stops at its next step); what is not done by then is checked in the child
#: process, behind CheckingScreen. Most 12 x 10 puzzles take a few milliseconds, and starting
#: the child (a new interpreter importing the core) took most of the player's opening
TRY_HERE_SECONDS = 0.25
#: a single casket puzzle whose check ends within this many seconds is checked before the
#: app's first frame, in this thread, and its screen is the app's first screen: no blank
#: screen is laid out and painted while a worker checks it (1.7% of the Python calls of
#: opening a 12 x 10, besides the thread's start and its answer's round trip). A slower check
#: is dropped at this bound and done over in the worker (TRY_HERE_SECONDS, then the child)
CHECK_BEFORE_FIRST_FRAME = 0.05


class CheckingScreen(Screen[None]):
    """Shown while big puzzles are checked in the child process: how far, how long."""

    CSS = """
    CheckingScreen { align: center middle; }
    #checking { width: 72; max-width: 100%; height: auto; padding: 1 2;
                border: round $primary; }
    """

    def __init__(self, total: int) -> None:
        super().__init__()
        self.total = total
        self.started = time.monotonic()
        self.done = 0
        self._line = Static("", id="checking-line", markup=False)

    def compose(self):
        yield Vertical(self._line, id="checking")
        yield Footer()

    def on_mount(self) -> None:
        self.show_progress()
        self.set_interval(1.0, self.show_progress)

    def show_progress(self) -> None:
        seconds = time.monotonic() - self.started
        self._line.update(f"Checking the puzzles before play: {self.done} of {self.total} "
                          f"done ({seconds:.0f} s). A big puzzle can take a while; "
                          "q quits.")


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
        #: whether each truth puzzle has one answer (worked out when the list needs it)
        self._posed: dict[int, bool] = {}
        self.runner = ProcessRunner()
        self._save_warned = False
        #: a save asked for by a key, handed to the writer once the key's frame is drawn
        self._save_pending = False
        #: the progress is written by a thread of its own (a write with its fsync took 10 to
        #: 40 ms, and no key waits for it): the latest state wins, a burst makes one write
        self._writer: LatestWriter[Pending, str | None] = LatestWriter(
            self._write_progress, self._progress_written, name="portia-progress")
        self._writer_closed = False
        #: the signals this app quits on (see _catch_signals)
        self._caught: list[int] = []
        #: the single puzzle's screen is the app's first screen (see get_default_screen)
        self._first_is_puzzle = False

    # ------------------------------------------------------------------ data
    def coach(self, index: int) -> Coach:
        if index not in self._coaches:
            entry = self.pack.puzzles[index]
            self._coaches[index] = Coach(entry.casket, entry.solution)
        return self._coaches[index]

    def playable(self, index: int) -> bool:
        """One answer, and (in a pack) the answer the pack stored."""
        entry = self.pack.puzzles[index]
        if isinstance(entry.puzzle, WorldPuzzle):
            if index not in self._posed:
                from portia_tui.core.packs.island_pack import answer_token
                from portia_tui.core.solve.general import solve

                result = solve(entry.puzzle)
                self._posed[index] = result.unique and (
                    entry.token is None or answer_token(entry.id, result.answers[0]) == entry.token)
            return self._posed[index]
        return self.coach(index).playable

    def index_of(self, pid: str | None) -> int | None:
        for i, entry in enumerate(self.pack.puzzles):
            if entry.id == pid:
                return i
        return None

    # ------------------------------------------------------------------ saving
    class Written(Message):
        """The writer wrote the progress (why: None) or could not (one line to show)."""

        def __init__(self, why: str | None) -> None:
            super().__init__()
            self.why = why

    def save(self) -> None:
        """Hand the progress as it is now to the writer (returns at once); once the writer is
        closed (the app is ending), write it here."""
        if self._writer_closed:
            self._warn(self._write_progress(self.store.pending()))
            self.store.settle()
            return
        self._writer.submit(self.store.pending())

    def flush_saves(self, timeout: float | None = None) -> bool:
        """Wait until the progress handed over so far is on disk (False on a timeout)."""
        return self._writer.flush(timeout)

    async def saved_before_screen_change(self) -> None:
        """Wait (at most SCREEN_CHANGE_WAIT) until the writer has written what was handed
        over: the event loop goes on (this thread does no file work), and the key that
        changes the screen holds the next keys back until it is done."""
        await self.progress_written(SCREEN_CHANGE_WAIT)

    async def progress_written(self, timeout: float) -> bool:
        """Whether everything handed to the writer was written within `timeout` seconds: an
        event the writer's thread sets when it is (no polling; the loop goes on drawing)."""
        loop = asyncio.get_running_loop()
        written = asyncio.Event()

        def wake() -> None:  # in the writer's thread, or here at once
            try:
                loop.call_soon_threadsafe(written.set)
            except RuntimeError:  # the loop is closed: no one waits any more
                pass

        self._writer.when_written(wake)
        try:
            await asyncio.wait_for(written.wait(), timeout)
        except asyncio.TimeoutError:
            return False
        return True

    def _write_progress(self, pending: Pending) -> str | None:
        try:
            # the screen change's wait ends once the file is renamed, not after the fsync of
            # its folder (a kill no longer loses it then; only a power cut would)
            return self.store.write(pending, placed=self._writer.placed)
        except Exception as exc:  # noqa: BLE001 - said in one line, play goes on
            return f"{self.store.path}: progress not saved: {exc}"

    def _progress_written(self, why: str | None) -> None:
        # in the writer's thread: post_message is thread-safe, and never waits for the app
        self.post_message(self.Written(why))

    def on_play_app_written(self, message: Written) -> None:
        self.store.settle()  # another player's records, when a newer copy is not under way
        self._warn(message.why)

    def _warn(self, why: str | None) -> None:
        if why and not self._save_warned:
            self._save_warned = True
            self.notify(why, severity="error", timeout=10)

    def _close_writer(self) -> None:
        """Write what is waiting and end the writer; later saves are written at once."""
        if not self._writer_closed:
            self._writer_closed = True
            self._writer.close(timeout=30)

    # ------------------------------------------------------------------ checking
    class Checked(Message):
        """A worker (a thread, or the child process) worked out the Coach of puzzle `index`
        (None: all done)."""

        def __init__(self, index: int | None, coach: Coach | None = None) -> None:
            super().__init__()
            self.index = index
            self.coach = coach

    def _big(self) -> list[int]:
        wanted = [0] if self.single else range(len(self.pack.puzzles))
        return [i for i in wanted if not self.pack.puzzles[i].is_truth
                and self.pack.puzzles[i].casket.size > CHECK_AT_ONCE]

    class Checking(Message):
        """The check goes on in the child process: `count` puzzles are left."""

        def __init__(self, count: int) -> None:
            super().__init__()
            self.count = count

    @work(thread=True, group="checking")
    def _check(self, indices: list[int]) -> None:
        worker = get_current_worker()
        left = list(indices)
        if TRY_HERE_SECONDS > 0:
            try:
                with Budget(seconds=TRY_HERE_SECONDS, cancel=lambda: worker.is_cancelled):
                    while left:
                        entry = self.pack.puzzles[left[0]]
                        coach = Coach(entry.casket, entry.solution)
                        _ = coach.problem  # the analysis and its verdict, in the budget
                        self.post_message(self.Checked(left.pop(0), coach))
            except OutOfTime:
                if worker.is_cancelled:
                    return
        if left:
            self.post_message(self.Checking(len(left)))
        for i in left:
            entry = self.pack.puzzles[i]
            try:
                coach = self.runner.call(make_coach, (entry.puzzle, entry.solution),
                                         cancelled=lambda: worker.is_cancelled)
            except (Cancelled, Stopped):
                return
            self.post_message(self.Checked(i, coach))
        self.post_message(self.Checked(None))

    def on_play_app_checking(self, message: Checking) -> None:
        if not isinstance(self.screen, CheckingScreen):
            self.push_screen(CheckingScreen(message.count))

    def on_play_app_checked(self, message: Checked) -> None:
        screen = self.screen
        if message.index is not None:
            if message.coach is not None:
                self._coaches[message.index] = message.coach
            if isinstance(screen, CheckingScreen):
                screen.done += 1
                screen.show_progress()
            return
        if isinstance(screen, CheckingScreen):
            self.pop_screen()
        self._open()

    def on_unmount(self) -> None:
        self._end_signals()
        self.runner.close()
        self._close_writer()

    # a terminal closed (SIGHUP) or a polite kill (SIGTERM) quits as q does: the time played
    # since the last periodic save and a write under way are kept (SIGKILL cannot be caught:
    # what was renamed into place is kept, see core/io/progress.py)
    _QUIT_SIGNALS = ("SIGTERM", "SIGHUP")

    def _catch_signals(self) -> None:
        import signal

        loop = asyncio.get_running_loop()
        for name in self._QUIT_SIGNALS:
            sig = getattr(signal, name, None)
            if sig is None:
                continue
            try:
                loop.add_signal_handler(sig, self.call_later, self.action_quit)
            except (NotImplementedError, RuntimeError, ValueError):
                return  # not the main thread, or a system without them: the default stays
            self._caught.append(sig)

    def _end_signals(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        while self._caught:
            loop.remove_signal_handler(self._caught.pop())

    # ------------------------------------------------------------------ screens
    def get_default_screen(self) -> Screen:
        """A single puzzle's own screen when it is ready before the first frame (see
        CHECK_BEFORE_FIRST_FRAME); otherwise Textual's blank screen, and on_mount opens it."""
        if self.single and self._checked_before_first_frame():
            self._first_is_puzzle = True
            self.progress.current = self.pack.puzzles[0].id
            return self.puzzle_screen(0)
        return super().get_default_screen()

    def _checked_before_first_frame(self) -> bool:
        entry = self.pack.puzzles[0]
        if not self._big():
            return True  # small, or a truth puzzle: its screen checks it at once, as ever
        try:
            with Budget(seconds=CHECK_BEFORE_FIRST_FRAME):
                coach = Coach(entry.casket, entry.solution)
                _ = coach.problem  # the analysis and its verdict, in the budget
        except OutOfTime:
            return False
        self._coaches[0] = coach
        return True

    def pop_screen(self) -> AwaitComplete:
        # the single puzzle's screen is the app's first: leaving it (escape) ends the app, as
        # the callback of a pushed one did; Textual keeps one screen on the stack
        if self._first_is_puzzle and len(self.screen_stack) <= 1:
            self.exit()
            return AwaitComplete.nothing()
        return super().pop_screen()

    def on_mount(self) -> None:
        self._catch_signals()
        if self.store.notice:
            self.notify(self.store.notice, severity="warning", timeout=12)
        if self._first_is_puzzle:
            return  # its screen is up (get_default_screen)
        big = self._big()
        if big:
            # checked in a worker (a thread first, then the child process): the analysis of
            # a big puzzle may take seconds, and q must still quit
            if TRY_HERE_SECONDS <= 0:
                self.push_screen(CheckingScreen(len(big)))
            self._check(big)
            return
        self._open()

    def _open(self) -> None:
        if self.single:
            self.push_screen(self.puzzle_screen(0), callback=lambda _: self.exit())
            self.progress.current = self.pack.puzzles[0].id
            return
        invalid = {i for i in range(len(self.pack.puzzles)) if not self.playable(i)}
        where = self.index_of(self.progress.current)
        welcome = None
        if where is not None:
            welcome = (f"Welcome back: you were on puzzle {where + 1} "
                       f"({self.pack.puzzles[where].puzzle.title or self.pack.puzzles[where].id}).")
        self.push_screen(PackScreen(self.pack, self.progress, invalid, welcome))

    def puzzle_screen(self, index: int) -> PlayPuzzleScreen | IslandScreen:
        entry = self.pack.puzzles[index]
        place = None if self.single else Place(index + 1, len(self.pack.puzzles), entry.id,
                                               entry.difficulty)
        if isinstance(entry.puzzle, WorldPuzzle):
            return IslandScreen(entry.puzzle, record=self.progress.record(entry.id),
                                place=place, on_change=lambda _record: self.save(),
                                clock=self.clock, name=self.pack.title,
                                token=entry.token)
        return PlayPuzzleScreen(entry.casket, stored_solution=entry.solution,
                                record=self.progress.record(entry.id), place=place,
                                on_change=self._session_changed, clock=self.clock,
                                coach=self.coach(index))

    def _session_changed(self, session: PuzzleSession) -> None:
        # a key's change (a mark, a supposition, a pick) is handed to the writer once its
        # frame is drawn (the copy of the progress is the only work on this thread; keys
        # of one frame make one copy). A pause (leaving the puzzle, quitting) hands it over
        # at once.
        if not session.running or self._portia_exiting:
            self._save_pending = False
            self.save()
        elif not self._save_pending:
            self._save_pending = True
            # after the frame and whatever waited for it (call_later: the next message)
            self.call_after_refresh(self.call_later, self._save_after_key)

    def _save_after_key(self) -> None:
        if self._save_pending:
            self._save_pending = False
            self.save()

    async def on_open_puzzle(self, message: OpenPuzzle) -> None:
        index = message.index
        if not 0 <= index < len(self.pack.puzzles):
            return
        self.progress.current = self.pack.puzzles[index].id
        self.save()
        await self.saved_before_screen_change()
        self.push_screen(self.puzzle_screen(index))

    async def on_navigate(self, message: Navigate) -> None:
        here = self.index_of(self.progress.current) or 0
        there = here + message.delta
        if not 0 <= there < len(self.pack.puzzles):
            edge = "last" if message.delta > 0 else "first"
            self.notify(f"This is the {edge} puzzle of the pack; Escape shows the list.")
            return
        screen = self.screen
        if isinstance(screen, (PlayPuzzleScreen, IslandScreen)):
            screen.flush()  # its last marks and its time, in the copy written before it goes
        self.progress.current = self.pack.puzzles[there].id
        self.save()
        await self.saved_before_screen_change()
        if self.screen is screen:  # (a quit in the meantime took it down)
            self.switch_screen(self.puzzle_screen(there))

    def keep_unsaved_work(self) -> None:
        """Save the progress now (the command line calls this when the app stopped on an
        error); never raises."""
        try:
            self._close_writer()
            self.store.save()
        except Exception:  # noqa: BLE001 - nothing may hide the original error
            pass

    async def action_quit(self) -> None:
        screen = self.screen
        if isinstance(screen, (PlayPuzzleScreen, IslandScreen)):
            screen.flush()
        self.save()
        self.exit()  # the writer is flushed when the app is taken down (on_unmount)
