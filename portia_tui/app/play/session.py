"""One puzzle being played: plain state the screen shows (no widgets here).

The session owns the Coach (verdicts and hints from the core), the player's PuzzleRecord
(the progress store's own object, so changes land in the store), the pencil marks and the
timer.

Work that can take long on a big puzzle (judging a pick, a hint, the explanation, checking
marks) is split in two: ``work_*`` computes (thread-safe: one lock around the Coach, no state
changed), ``apply_*`` records the result (on the UI thread). The screen runs the first half in
a thread worker; ``pick``/``next_hint`` do both at once for callers that may wait.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Callable

from portia_tui.core.errors import PortiaError
from portia_tui.core.io.formats.code import encode
from portia_tui.core.explain.hints import Coach, Hint, HintsTooLarge, Verdict
from portia_tui.core.explain.marks import MarkCheck, PencilMarks, check_marks
from portia_tui.core.language.model import Puzzle
from portia_tui.core.io.progress import PuzzleRecord


@dataclass(frozen=True)
class Place:
    """Where the puzzle sits in a pack (1-based index), for the top line."""

    index: int
    total: int
    pid: str
    difficulty: str


class PlayClock:
    """The time spent on one puzzle: the seconds its record holds, plus the stretch running
    now. Shared by the casket session and the truth-puzzle screen."""

    def __init__(self, record: PuzzleRecord, clock: Callable[[], float] = time.monotonic):
        self.record = record
        self._clock = clock
        self._started: float | None = None

    @property
    def running(self) -> bool:
        return self._started is not None

    def start(self) -> None:
        if self._started is None:
            self._started = self._clock()

    def pause(self) -> None:
        if self._started is not None:
            self.record.seconds += max(0.0, self._clock() - self._started)
            self._started = None

    @property
    def elapsed(self) -> float:
        extra = self._clock() - self._started if self._started is not None else 0.0
        return self.record.seconds + max(0.0, extra)


class PuzzleSession:
    def __init__(self, puzzle: Puzzle, *, stored_solution: str | None = None,
                 record: PuzzleRecord | None = None, place: Place | None = None,
                 clock: Callable[[], float] = time.monotonic, coach: Coach | None = None):
        self.puzzle = puzzle
        self._code: tuple[Puzzle, str] | None = None
        #: worked out beforehand (the player checks big puzzles in a child process) or here
        self.coach = coach if coach is not None else Coach(puzzle, stored_solution)
        self.record = record if record is not None else PuzzleRecord()
        self.place = place
        self.timer = PlayClock(self.record, clock)
        #: hint steps on screen (restored from the record for a puzzle left half-way); their
        #: texts are worked out by restore_hints() (a worker's job on a big puzzle)
        self.hints_shown = 0 if self.record.finished else min(self.record.hints,
                                                              self.hint_levels)
        self._hints: list[Hint] = []
        #: why this puzzle has no hints (its ladder is past its work budget), once found
        self.hints_too_large: HintsTooLarge | None = None
        #: the placement hints 1 and 2 speak of, fixed when hint 1 is first shown
        self.hint_focus: int | None = None
        #: the last pick's verdict, and every casket ruled out by a pick this session
        self.verdict: Verdict | None = None
        self.wrong_picks: set[int] = set()
        self.revealed = False
        self.reveal_armed = False
        self.restart_armed = False
        #: the step-by-step explanation, once worked out
        self.explanation: str | None = None
        #: pencil marks (restored from the record) and the last check of them
        self.pencil = PencilMarks.from_dict(self.record.marks, self.record.supposing,
                                            shape=(len(puzzle.caskets), puzzle.size))
        #: the pencil marks as last handed to the record (each change is applied to it
        #: mark by mark, so marks another player made there since are kept)
        self._pencil_was = (self.pencil.to_dict(), self.pencil.supposing)
        self.mark_check: MarkCheck | None = None
        #: the status the puzzle had when it was opened (for "solved earlier")
        self.opened_finished = self.record.finished
        #: bumped by restart: results worked out before it are dropped
        self.epoch = 0
        self._lock = threading.Lock()

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

    @property
    def code(self) -> str:
        """The puzzle's share code; '' when no share code can hold the puzzle (rules or
        statements beyond the thesis's). Worked out once for the puzzle (the feedback
        shows it after every key; encoding a 12 x 10 took several ms)."""
        if self._code is None or self._code[0] is not self.puzzle:
            try:
                said = encode(self.puzzle)
            except PortiaError:
                said = ""
            self._code = (self.puzzle, said)
        return self._code[1]

    def hints(self) -> list[Hint]:
        """The hint steps on screen (worked out now if a worker has not done it yet)."""
        if len(self._hints) < self.hints_shown and self.hints_too_large is None:
            self.take_hints(self.work_hints())
        return list(self._hints[:self.hints_shown])

    @property
    def hint_levels(self) -> int:
        """The hint steps this puzzle's ladder has before the reveal."""
        return self.coach.hint_levels

    @property
    def hints_ready(self) -> bool:
        return len(self._hints) >= self.hints_shown or self.hints_too_large is not None

    # ------------------------------------------------------------------ timer
    @property
    def running(self) -> bool:
        return self.timer.running

    def resume(self) -> None:
        if not self.record.finished and self.playable:
            self.timer.start()

    def pause(self) -> None:
        self.timer.pause()

    @property
    def elapsed(self) -> float:
        return self.timer.elapsed

    # ------------------------------------------------------------------ work (any thread)
    def work_pick(self, placement: int) -> tuple[Verdict, str | None]:
        """The verdict on a pick, and the explanation when it is right."""
        with self._lock:
            verdict = self.coach.judge(placement)
            text = self.coach.explanation() if verdict.correct else None
        return verdict, text

    def work_hints(self, upto: int | None = None) -> tuple[int, list[Hint]] | HintsTooLarge:
        """(focus, hint steps 1..upto), upto being one more than shown by default; or why the
        puzzle is too large for hints (its ladder is past its work budget)."""
        level = min(self.hint_levels, self.hints_shown + 1) if upto is None else upto
        with self._lock:
            focus = self.hint_focus
            if focus is None:
                focus = self.coach.first_placement(exclude=set(self.wrong_picks))
            try:
                return focus, [self.coach.hint(k, focus) for k in range(1, level + 1)]
            except HintsTooLarge as exc:
                return exc

    def work_explanation(self) -> str:
        with self._lock:
            return self.coach.explanation()

    def work_check(self, placement: int, marks: dict[int, bool]) -> MarkCheck:
        return check_marks(self.puzzle, placement, marks)

    # ------------------------------------------------------------------ moves (UI thread)
    def pick(self, placement: int) -> Verdict:
        """Judge a pick and record it (both at once)."""
        verdict, text = self.work_pick(placement)
        return self.apply_pick(verdict, text)

    def apply_pick(self, verdict: Verdict, explanation: str | None = None) -> Verdict:
        """Record a pick's verdict; the record changes only while the puzzle is unfinished."""
        self.reveal_armed = self.restart_armed = False
        self.verdict = verdict
        if explanation is not None:
            self.explanation = explanation
        if not self.playable:
            return verdict
        if verdict.correct:
            self.pause()
            self.record.solved()
        else:
            self.wrong_picks.add(verdict.placement)
            self.record.wrong_pick()
        return verdict

    def next_hint(self) -> Hint | None:
        """Show one more hint step; None when every step is already shown (or the puzzle is
        too large for hints: hints_too_large says why)."""
        if self.hints_shown >= self.hint_levels:
            self.reveal_armed = self.restart_armed = False
            return None
        return self.take_hint(self.work_hints())

    def take_hint(self, worked: tuple[int, list[Hint]] | HintsTooLarge) -> Hint | None:
        """apply_hint() with what work_hints() gave (too large: nothing shown, said why)."""
        if isinstance(worked, HintsTooLarge):
            self.hints_too_large = worked
            self.reveal_armed = self.restart_armed = False
            return None
        return self.apply_hint(*worked)

    def take_hints(self, worked: tuple[int, list[Hint]] | HintsTooLarge) -> None:
        """apply_hints() with what work_hints() gave."""
        if isinstance(worked, HintsTooLarge):
            self.hints_too_large = worked
        else:
            self.apply_hints(*worked)

    def apply_hint(self, focus: int, hints: list[Hint]) -> Hint | None:
        """Show the next hint step, worked out by work_hints()."""
        self.reveal_armed = self.restart_armed = False
        if self.hints_shown >= self.hint_levels or len(hints) <= self.hints_shown:
            return None
        self.apply_hints(focus, hints)
        self.hints_shown += 1
        self.record.hint_seen(self.hints_shown)
        return hints[self.hints_shown - 1]

    def apply_hints(self, focus: int, hints: list[Hint]) -> None:
        self.hint_focus = focus
        if len(hints) > len(self._hints):
            self._hints = list(hints)

    def reveal(self, confirmed: bool = False) -> bool:
        """Reveal the answer and the explanation. An unfinished playable puzzle needs a
        confirmation (a second press) since it counts as revealed; returns whether shown."""
        self.restart_armed = False
        if self.finished or not self.playable or confirmed or self.reveal_armed:
            self.reveal_armed = False
            self.revealed = True
            self.pause()
            self.record.revealed()
            return True
        self.reveal_armed = True
        return False

    # ------------------------------------------------------------------ pencil marks
    def _marks_changed(self) -> None:
        self.mark_check = None
        now = (self.pencil.to_dict(), self.pencil.supposing)
        self.record.change_marks(self._pencil_was, now)
        self._pencil_was = now

    def suppose(self, placement: int | None) -> None:
        """Work under the supposition that the portrait is in `placement` (None: none)."""
        self.pencil.supposing = placement
        self._marks_changed()

    def mark(self, statement: int, value: bool) -> bool | None:
        """Mark a statement true or false under the supposition (the same mark again clears
        it); the new mark. Needs a supposition."""
        new = self.pencil.toggle(statement, value)
        self._marks_changed()
        return new

    def undo_mark(self) -> tuple[int, int] | None:
        done = self.pencil.undo()
        if done is not None:
            self._marks_changed()
        return done

    def apply_check(self, check: MarkCheck) -> None:
        if check.placement == self.pencil.supposing and \
                dict(check.marks) == self.pencil.marks():
            self.mark_check = check

    def restart(self, confirmed: bool = False) -> bool:
        """Start the puzzle over on screen: pencil marks, picks, hints and the verdict go
        (the record keeps its statistics). Needs a second press; returns whether done."""
        if not (confirmed or self.restart_armed):
            self.restart_armed = True
            self.reveal_armed = False
            return False
        self.epoch += 1
        self.pencil.clear()
        self._marks_changed()
        self.verdict = None
        self.wrong_picks.clear()
        self.hints_shown = 0
        self._hints = []
        self.hint_focus = None
        self.revealed = self.reveal_armed = self.restart_armed = False
        self.opened_finished = self.record.finished
        return True
