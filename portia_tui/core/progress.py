"""A player's progress: which puzzle of a pack they were on, each puzzle's status, hints used
and time spent. Stored as JSON in the user's data folder (``progress.json``):

    {"format": 1,
     "packs": {"<pack key>": {"title": "Twelve caskets", "current": "003",
                              "puzzles": {"001": {"status": "solved", "hints": 0,
                                                  "seconds": 83.5, "wrong": 1,
                                                  "marks": {"0": {"2": true}},
                                                  "supposing": 0}}}}}

A pack is known by a digest of its content (title, and each puzzle's id, difficulty and
statements), so moving or renaming the file keeps the progress, and a changed pack starts
afresh. A single puzzle file is played as a pack of one. Writes are atomic; a file that cannot
be read is set aside (``progress.json.corrupt``) and play starts fresh with a notice.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterable

from .errors import PortiaError
from .formats import dumps
from .formats.common import atomic_write
from .marks import PencilMarks
from .pack import DIFFICULTIES, Pack
from .paths import data_dir

FORMAT = 1
FILE_NAME = "progress.json"

#: statuses in the file, and the words people read
STATUSES = ("unsolved", "solved", "hinted", "revealed")
STATUS_WORDS = {
    "unsolved": "unsolved",
    "solved": "solved",
    "hinted": "solved with hints",
    "revealed": "revealed",
}


def default_progress_path() -> Path:
    return data_dir() / FILE_NAME


def pack_key(pack: Pack) -> str:
    """A stable identity for a pack: a digest of what the player sees."""
    h = hashlib.sha256()
    h.update(f"title\0{pack.title}\0".encode())
    for entry in pack.puzzles:
        h.update(f"{entry.id}\0{entry.difficulty}\0".encode())
        h.update(dumps(entry.puzzle, "native").encode())
        h.update(b"\0")
    return h.hexdigest()[:20]


@dataclass
class PuzzleRecord:
    """One puzzle's progress. The status only moves away from unsolved, never back."""

    status: str = "unsolved"
    #: the highest hint step seen before the puzzle was finished
    hints: int = 0
    #: time spent on the puzzle, in seconds
    seconds: float = 0.0
    #: wrong picks before the puzzle was finished
    wrong: int = 0
    #: pencil marks per supposition, as stored: {"placement": {"statement": true/false}}
    #: (0-based indices; see core.marks.PencilMarks)
    marks: dict[str, dict[str, bool]] = field(default_factory=dict)
    #: the casket the player was supposing the portrait in (0-based), or None
    supposing: int | None = None

    @property
    def finished(self) -> bool:
        return self.status != "unsolved"

    @property
    def words(self) -> str:
        return STATUS_WORDS[self.status]

    def hint_seen(self, level: int) -> None:
        if not self.finished:
            self.hints = max(self.hints, level)

    def wrong_pick(self) -> None:
        if not self.finished:
            self.wrong += 1

    def solved(self) -> None:
        if not self.finished:
            self.status = "hinted" if self.hints else "solved"

    def revealed(self) -> None:
        if not self.finished:
            self.status = "revealed"

    @classmethod
    def from_dict(cls, data: object) -> "PuzzleRecord":
        """A record from stored data; bad fields fall back to their defaults."""
        rec = cls()
        if not isinstance(data, dict):
            return rec
        if data.get("status") in STATUSES:
            rec.status = data["status"]
        hints = data.get("hints")
        if isinstance(hints, int) and not isinstance(hints, bool) and hints >= 0:
            rec.hints = hints
        secs = data.get("seconds")
        if isinstance(secs, (int, float)) and not isinstance(secs, bool) and secs >= 0:
            rec.seconds = float(secs)
        wrong = data.get("wrong")
        if isinstance(wrong, int) and not isinstance(wrong, bool) and wrong >= 0:
            rec.wrong = wrong
        pencil = PencilMarks.from_dict(data.get("marks"), data.get("supposing"))
        rec.marks, rec.supposing = pencil.to_dict(), pencil.supposing
        return rec


def _record_dict(rec: PuzzleRecord) -> dict:
    """A record as stored; pencil marks only when there are any."""
    out = dict(asdict(rec), seconds=round(rec.seconds, 1))
    if not out["marks"]:
        del out["marks"]
    if out["supposing"] is None:
        del out["supposing"]
    return out


@dataclass
class PackProgress:
    title: str = ""
    #: the id of the puzzle the player was on
    current: str | None = None
    puzzles: dict[str, PuzzleRecord] = field(default_factory=dict)

    def record(self, pid: str) -> PuzzleRecord:
        if pid not in self.puzzles:
            self.puzzles[pid] = PuzzleRecord()
        return self.puzzles[pid]

    def peek(self, pid: str) -> PuzzleRecord:
        """The record for pid without adding one."""
        return self.puzzles.get(pid) or PuzzleRecord()

    def to_dict(self) -> dict:
        return {
            "title": self.title,
            "current": self.current,
            "puzzles": {pid: _record_dict(rec) for pid, rec in self.puzzles.items()},
        }

    @classmethod
    def from_dict(cls, data: object) -> "PackProgress":
        if not isinstance(data, dict):
            return cls()
        current = data.get("current")
        puzzles = data.get("puzzles")
        return cls(
            title=str(data.get("title", "")),
            current=current if isinstance(current, str) else None,
            puzzles={str(k): PuzzleRecord.from_dict(v) for k, v in puzzles.items()}
            if isinstance(puzzles, dict) else {},
        )


class ProgressStore:
    """Every pack's progress, read once and written atomically on save().

    Never raises for a bad or unwritable file: ``notice`` holds one line to show the player.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None):
        self.path = Path(path) if path is not None else default_progress_path()
        self.notice: str | None = None
        self.packs: dict[str, PackProgress] = {}
        self._load()

    def _load(self) -> None:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except (OSError, UnicodeDecodeError) as exc:
            self._corrupt(f"cannot read it ({exc.__class__.__name__})")
            return
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            self._corrupt(f"line {exc.lineno}: not valid JSON")
            return
        if not isinstance(data, dict) or not isinstance(data.get("packs"), dict):
            self._corrupt("not a portia progress file")
            return
        if data.get("format") != FORMAT:
            self._corrupt(f"unknown format {data.get('format')!r}")
            return
        self.packs = {str(k): PackProgress.from_dict(v) for k, v in data["packs"].items()}

    def _corrupt(self, why: str) -> None:
        """Set the unreadable file aside (nothing is lost) and start fresh."""
        aside = self.path.with_name(self.path.name + ".corrupt")
        try:
            os.replace(self.path, aside)
            kept = f"; the old file is kept as {aside}"
        except OSError:
            kept = ""
        self.notice = f"{self.path}: {why}; starting with fresh progress{kept}"
        self.packs = {}

    def pack(self, key: str, title: str = "") -> PackProgress:
        if key not in self.packs:
            self.packs[key] = PackProgress(title=title)
        elif title:
            self.packs[key].title = title
        return self.packs[key]

    def dumps(self) -> str:
        data = {"format": FORMAT,
                "packs": {k: v.to_dict() for k, v in sorted(self.packs.items())}}
        return json.dumps(data, indent=1, sort_keys=False) + "\n"

    def save(self) -> str | None:
        """Write atomically; return None, or one line saying why it could not be saved."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(self.path, self.dumps(), force=True)
        except (OSError, PortiaError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            return f"{self.path}: progress not saved: {why}"
        return None


# --------------------------------------------------------------------------- statistics
@dataclass
class GroupStats:
    """Totals over the puzzles of one difficulty (or all of them)."""

    label: str
    puzzles: int = 0
    solved: int = 0
    hinted: int = 0
    revealed: int = 0
    unsolved: int = 0
    hints: int = 0
    wrong: int = 0
    seconds: float = 0.0
    #: time spent on the puzzles that were solved (with or without hints)
    solved_seconds: float = 0.0

    def add(self, rec: PuzzleRecord) -> None:
        self.puzzles += 1
        setattr(self, rec.status, getattr(self, rec.status) + 1)
        self.hints += rec.hints
        self.wrong += rec.wrong
        self.seconds += rec.seconds
        if rec.status in ("solved", "hinted"):
            self.solved_seconds += rec.seconds

    @property
    def mean_solve_seconds(self) -> float | None:
        done = self.solved + self.hinted
        return self.solved_seconds / done if done else None


def statistics(entries: Iterable[tuple[str, str]], progress: PackProgress) -> list[GroupStats]:
    """Per difficulty (known ones first, in order), then a final "all" row.

    entries: (puzzle id, difficulty) for each puzzle of the pack.
    """
    groups: dict[str, GroupStats] = {}
    total = GroupStats("all")
    for pid, difficulty in entries:
        rec = progress.peek(pid)
        groups.setdefault(difficulty, GroupStats(difficulty)).add(rec)
        total.add(rec)
    order = [d for d in DIFFICULTIES if d in groups] + sorted(d for d in groups
                                                             if d not in DIFFICULTIES)
    return [groups[d] for d in order] + [total]


def clock(seconds: float) -> str:
    """'0:07', '12:34', '1:02:03'."""
    s = int(seconds)
    h, rest = divmod(s, 3600)
    m, sec = divmod(rest, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"
