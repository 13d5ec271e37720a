"""One puzzle being played: plain state the screen shows (no widgets here).

The session owns the Coach (verdicts and hints from the core), the player's PuzzleRecord
(the progress store's own object, so changes land in the store) and the timer.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

from portia_tui.core.hints import HINT_LEVELS, Coach, Hint, Verdict
from portia_tui.core.model import Puzzle
from portia_tui.core.progress import PuzzleRecord


@dataclass(frozen=True)
class Place:
    """Where the puzzle sits in a pack (1-based index), for the top line."""

    index: int
    total: int
    pid: str
    difficulty: str


class PuzzleSession:
    def __init__(self, puzzle: Puzzle, *, stored_solution: str | None = None,
                 record: PuzzleRecord | None = None, place: Place | None = None,
                 clock: Callable[[], float] = time.monotonic):
        self.puzzle = puzzle
        self.coach = Coach(puzzle, stored_solution)
        self.record = record if record is not None else PuzzleRecord()
        self.place = place
        self._clock = clock
        self._started: float | None = None
        #: hint steps on screen (restored from the record for a puzzle left half-way)
        self.hints_shown = 0 if self.record.finished else min(self.record.hints, HINT_LEVELS)
        #: the placement hints 1 and 2 speak of, fixed when hint 1 is first shown
        self.hint_focus: int | None = self.coach.first_placement() if self.hints_shown else None
        #: the last pick's verdict, and every casket ruled out by a pick this session
        self.verdict: Verdict | None = None
        self.wrong_picks: set[int] = set()
        self.revealed = False
        self.reveal_armed = False
        #: the status the puzzle had when it was opened (for "solved earlier")
        self.opened_finished = self.record.finished

    # ------------------------------------------------------------------ facts
    @property
    def size(self) -> int:
        return len(self.puzzle.caskets)

    @property
    def playable(self) -> bool:
        return self.coach.playable

    @property
    def finished(self) -> bool:
        """Solved or revealed, now or earlier: no more time or hints are counted."""
        return self.record.finished or self.revealed or bool(self.verdict and self.verdict.correct)

    def hints(self) -> list[Hint]:
        return [self.coach.hint(level, self.hint_focus)
                for level in range(1, self.hints_shown + 1)]

    # ------------------------------------------------------------------ timer
    @property
    def running(self) -> bool:
        return self._started is not None

    def resume(self) -> None:
        if self._started is None and not self.record.finished and self.playable:
            self._started = self._clock()

    def pause(self) -> None:
        if self._started is not None:
            self.record.seconds += max(0.0, self._clock() - self._started)
            self._started = None

    @property
    def elapsed(self) -> float:
        extra = self._clock() - self._started if self._started is not None else 0.0
        return self.record.seconds + max(0.0, extra)

    # ------------------------------------------------------------------ moves
    def pick(self, placement: int) -> Verdict:
        """Judge a pick; the record changes only while the puzzle is unfinished."""
        self.reveal_armed = False
        verdict = self.coach.judge(placement)
        self.verdict = verdict
        if not self.playable:
            return verdict
        if verdict.correct:
            self.pause()
            self.record.solved()
        else:
            self.wrong_picks.add(placement)
            self.record.wrong_pick()
        return verdict

    def next_hint(self) -> Hint | None:
        """Show one more hint step; None when every step is already shown."""
        self.reveal_armed = False
        if self.hints_shown >= HINT_LEVELS:
            return None
        if self.hint_focus is None:
            self.hint_focus = self.coach.first_placement(exclude=self.wrong_picks)
        self.hints_shown += 1
        self.record.hint_seen(self.hints_shown)
        return self.coach.hint(self.hints_shown, self.hint_focus)

    def reveal(self, confirmed: bool = False) -> bool:
        """Reveal the answer and the explanation. An unfinished playable puzzle needs a
        confirmation (a second press) since it counts as revealed; returns whether shown."""
        if self.finished or not self.playable or confirmed or self.reveal_armed:
            self.reveal_armed = False
            self.revealed = True
            self.pause()
            self.record.revealed()
            return True
        self.reveal_armed = True
        return False
