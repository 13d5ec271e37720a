"""A player's progress: which puzzle of a pack they were on, each puzzle's status, hints used
and time spent. Stored as JSON in the user's data folder (``progress.json``):

    {"format": 1,
     "packs": {"<pack key>": {"title": "Twelve caskets", "current": "003",
                              "puzzles": {"001": {"status": "solved", "hints": 0,
                                                  "seconds": 83.5, "wrong": 1,
                                                  "marks": {"0": {"2": true}},
                                                  "supposing": 0}}}}}

A truth puzzle's record (islanders, doors) keeps its grid of marks instead of pencil marks:
``"grid": {"A": {"type": "knave"}, "?": {"<question label>": "yes"}}`` (entity -> attribute ->
the value marked; the entity "?" holds the answers to yes/no questions).

A pack is known by a digest of its content (title, and each puzzle's id, difficulty and
statements), so moving or renaming the file keeps the progress, and a changed pack starts
afresh. A single puzzle file is played as a pack of one.

Several players may share the file (two ``portia play`` at once). Every save takes a lock
(``progress.json.lock`` beside it), reads the file again, merges per puzzle (what this store
added since it last read: time and wrong picks add up, the status and hints move forward only)
and, inside each puzzle, per pencil mark, grid cell and supposition (what this store changed
since it last read replaces the file's; when both changed one, the higher stamp wins,
``"stamps": {"0/2": 17, "supposing": ..., "[\"A\", \"type\"]": ...}``, a removed mark keeping
its stamp), and writes atomically, so no store erases another's records or marks: two players
on two puzzles of one pack, or on two marks of one puzzle, both keep their work.

A stamp is a logical clock kept in the file (Lamport's), never the time of day: when a save
merges a change this store made into the file (under the lock), the change is stamped one
more than the highest stamp the record holds there or here, so of two players' changes to one
mark the one written later wins, and a change made after seeing another always wins over it,
whatever the system clocks do (a clock set back, two machines' clocks apart). A change not yet
written is stamped the same way against what its store has read. Only a record whose stamps
reached MAX_STAMP can tie; a tie is settled by the value, the same way in every store (see
:func:`_merge_cells`). Files written before (stamps were unix times, about 1.7e9) read as they
are: the next stamp counts on from them.

A file that cannot be read is set aside under a fresh name (``progress.json.corrupt``, then
``.corrupt-2``, ...; an earlier copy is never replaced) and play starts fresh with a notice; one
that cannot be set aside either is never replaced: the notice says so and nothing is saved
while it is there.

The player does not write on its interface's thread: it takes a copy
(:meth:`ProgressStore.pending`, cheap) after a key's frame and hands it to a background
writer (``core/io/writer.py``: one thread, the latest copy wins, a burst makes one write),
which merges it into the file (:meth:`ProgressStore.write`); :meth:`ProgressStore.settle`,
back on the interface's thread, brings another player's records into the store.

Stored values are bounded: seconds finite and non-negative, counts non-negative whole
numbers, statuses known ones.
"""

from __future__ import annotations

import hashlib
import math
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

from portia_tui.core.errors import PortiaError
from portia_tui.core.io.files import LARGE_LIMIT, atomic_write, parse_json, read_text, set_aside
from portia_tui.core.io.formats import dumps, dumps_world
from portia_tui.core.io.paths import data_dir
from portia_tui.core.explain.marks import PencilMarks
from portia_tui.core.explain.difficulty import DIFFICULTIES, OLD_LEVELS

if TYPE_CHECKING:  # packs sit above io: a pack is only read here, never built
    from portia_tui.core.packs.pack import Pack

#: a pack is known by the words it stored before the levels were renamed, so progress on an
#: older pack (easy/medium/hard, read as gentle/steady/tricky) is kept
LEGACY_WORDS = {new: old for old, new in OLD_LEVELS.items()}

FORMAT = 1
FILE_NAME = "progress.json"
#: the largest values stored: a century of seconds, a billion hints or wrong picks
MAX_SECONDS = 100 * 365 * 24 * 3600.0
MAX_COUNT = 10**9
#: how long a save waits for another player's save to finish
LOCK_WAIT = 5.0
#: a temporary file of a progress write older than this (seconds) was left by a killed player
STALE_TEMP = 600.0

#: the most cells a stored grid of marks keeps, and the longest name or value in it
MAX_GRID_CELLS = 10_000
MAX_GRID_TEXT = 200

#: statuses in the file (the player words them: app/play/widgets/status.py)
STATUSES = ("unsolved", "solved", "hinted", "revealed")


def default_progress_path() -> Path:
    return data_dir() / FILE_NAME


def pack_key(pack: Pack) -> str:
    """A stable identity for a pack: a digest of what the player sees."""
    h = hashlib.sha256()
    h.update(f"title\0{pack.title}\0".encode())
    for entry in pack.puzzles:
        h.update(f"{entry.id}\0{LEGACY_WORDS.get(entry.difficulty, entry.difficulty)}\0".encode())
        h.update((dumps_world(entry.puzzle, "world_toml") if entry.is_truth
                  else dumps(entry.casket, "native")).encode())
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
    #: a truth puzzle's marks: entity -> attribute -> value (see the module docstring)
    grid: dict[str, dict[str, str]] = field(default_factory=dict)
    #: each pencil mark's, grid cell's and the supposition's last change, as a logical stamp
    #: (:func:`next_stamp`; a removed one keeps its stamp): the higher stamp wins a merge
    #: (see :func:`cell_key`)
    stamps: dict[str, float] = field(default_factory=dict)

    @property
    def finished(self) -> bool:
        return self.status != "unsolved"

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

    # ------------------------------------------------------------------ marks, stamped
    def _cells(self) -> dict[str, object]:
        return _cells(self.marks, self.supposing, self.grid)

    def change_marks(self, was: tuple[dict[str, dict[str, bool]], int | None],
                     now: tuple[dict[str, dict[str, bool]], int | None]) -> None:
        """A player changed their pencil marks and supposition from `was` to `now` (as
        stored, ``PencilMarks.to_dict()`` and the supposition): apply the marks that
        changed, stamped, leaving the others (another player's, brought in by a merge)."""
        self._apply(_cells(was[0], was[1], {}), _cells(now[0], now[1], {}))

    def change_grid(self, was: dict[str, dict[str, str]], now: dict[str, dict[str, str]]
                    ) -> None:
        """The same for a truth puzzle's grid of marks."""
        self._apply(_cells({}, None, was), _cells({}, None, now))

    def _apply(self, was: dict[str, object], now: dict[str, object]) -> None:
        changed = {k for k in was.keys() | now.keys() if was.get(k) != now.get(k)}
        if not changed:
            return
        stamp = next_stamp(self.stamps)
        cells = self._cells()
        for k in changed:
            if k in now:
                cells[k] = now[k]
            else:
                cells.pop(k, None)
            self.stamps[k] = stamp
        self.marks, self.supposing, self.grid = _uncells(cells)

    @classmethod
    def from_dict(cls, data: object) -> "PuzzleRecord":
        """A record from stored data; bad fields fall back to their defaults."""
        rec = cls()
        if not isinstance(data, dict):
            return rec
        if data.get("status") in STATUSES:
            rec.status = data["status"]
        rec.hints = _count(data.get("hints"))
        rec.seconds = _seconds(data.get("seconds"))
        rec.wrong = _count(data.get("wrong"))
        pencil = PencilMarks.from_dict(data.get("marks"), data.get("supposing"))
        rec.marks, rec.supposing = pencil.to_dict(), pencil.supposing
        rec.grid = _grid(data.get("grid"))
        rec.stamps = _stamps(data.get("stamps"))
        return rec

    def bounded(self) -> "PuzzleRecord":
        """This record with every value in range (what is written to the file)."""
        pencil = PencilMarks.from_dict(self.marks, self.supposing)
        return PuzzleRecord(self.status if self.status in STATUSES else "unsolved",
                            _count(self.hints), _seconds(self.seconds), _count(self.wrong),
                            pencil.to_dict(), pencil.supposing, _grid(self.grid),
                            _stamps(self.stamps))

    def merged(self, disk: "PuzzleRecord", base: "PuzzleRecord") -> "PuzzleRecord":
        """This record (which was `base` when last read) merged with what the file holds now
        (`disk`, perhaps changed by another player since): the time and wrong picks added
        since `base` are added to disk's, the hints and the status only move forward."""
        if self == base:
            return disk.bounded()
        status = disk.status if disk.finished or not self.finished else self.status
        # pencil marks, grid cells and the supposition, each on its own: this player's where
        # they changed it since the last read, the file's elsewhere; changed by both, the
        # higher stamp wins, and this player's changes are stamped above everything read
        # (written now, they are the later: the file's order of writes, not a clock)
        mine, was = self._cells(), base._cells()
        ahead = next_stamp(self.stamps, disk.stamps)
        stamps_now = dict(self.stamps)
        stamps_now.update((k, ahead) for k in mine.keys() | was.keys()
                          if mine.get(k) != was.get(k))
        cells, stamps = _merge_cells(mine, was, disk._cells(), stamps_now, disk.stamps)
        marks, supposing, grid = _uncells(cells)
        return PuzzleRecord(
            status, max(disk.hints, self.hints),
            disk.seconds + max(0.0, _seconds(self.seconds) - base.seconds),
            disk.wrong + max(0, _count(self.wrong) - base.wrong), marks, supposing,
            grid, stamps).bounded()


#: the supposition's key among a record's cells and stamps
SUPPOSING = "supposing"
#: the most stamps a record keeps (its marks, cells and removed ones)
MAX_STAMPS = 20_000
#: the highest stamp kept (older files held unix times, about 1.7e9; counting on by one a
#: change from there never gets near it): a higher one is left out when read, and a record
#: whose stamps reached it stamps its changes with it (ties are settled by value)
MAX_STAMP = 1e12


def next_stamp(*stamps: dict[str, float]) -> float:
    """The stamp of a change to a record whose stamps (its own, and those read from the file)
    are `stamps`: one more than the highest, a whole number, at most MAX_STAMP (a Lamport
    clock: the time of day is never read, so a clock set back or forward changes nothing)."""
    top = max((t for each in stamps for t in each.values()), default=0.0)
    return float(min(math.floor(top) + 1, MAX_STAMP))


def _rank(value: object) -> str:
    """Settles two changes of one cell with equal stamps, the same way in every store: the
    higher rank wins (a removal ranks lowest)."""
    import json

    return "" if value is None else "=" + json.dumps(value, sort_keys=True)


def cell_key(kind: str, a: object, b: object) -> str:
    """A mark's key among a record's cells and stamps: "placement/statement" for a pencil
    mark, '["entity", "attribute"]' (JSON) for a grid cell; "supposing" for the
    supposition."""
    import json

    return f"{a}/{b}" if kind == "mark" else json.dumps([a, b], ensure_ascii=False)


def _cells(marks: dict[str, dict[str, bool]], supposing: int | None,
           grid: dict[str, dict[str, str]]) -> dict[str, object]:
    """Every mark of a record, one entry each (see :func:`cell_key`)."""
    out: dict[str, object] = {cell_key("mark", p, st): v
                              for p, row in marks.items() for st, v in row.items()}
    out.update({cell_key("grid", e, a): v for e, row in grid.items() for a, v in row.items()})
    if supposing is not None:
        out[SUPPOSING] = supposing
    return out


def _uncells(cells: dict[str, object]
             ) -> tuple[dict[str, dict[str, bool]], int | None, dict[str, dict[str, str]]]:
    """The marks, supposition and grid back from :func:`_cells`."""
    import json

    marks: dict[str, dict[str, bool]] = {}
    grid: dict[str, dict[str, str]] = {}
    supposing = None
    for key, value in cells.items():
        if key == SUPPOSING:
            supposing = value if isinstance(value, int) else None
        elif key.startswith("["):
            entity, attr = json.loads(key)
            grid.setdefault(entity, {})[attr] = value  # type: ignore[assignment]
        else:
            p, st = key.split("/", 1)
            marks.setdefault(p, {})[st] = value  # type: ignore[assignment]
    # the order the pencil marks store (placements, then statements, by number)
    marks = {p: dict(sorted(row.items(), key=lambda kv: int(kv[0])))
             for p, row in sorted(marks.items(), key=lambda kv: int(kv[0]))}
    return marks, supposing, grid


def _merge_cells(mine: dict[str, object], base: dict[str, object], disk: dict[str, object],
                 mine_stamps: dict[str, float], disk_stamps: dict[str, float]
                 ) -> tuple[dict[str, object], dict[str, float]]:
    """Three-way, per cell: mine where I changed it since `base`, unless the file changed it
    too with a higher stamp (equal stamps: the higher :func:`_rank`); the file's elsewhere. A
    cell's stamp goes with its value."""
    cells: dict[str, object] = {}
    stamps: dict[str, float] = {}
    keys = mine.keys() | base.keys() | disk.keys() | mine_stamps.keys() | disk_stamps.keys()
    for k in keys:
        m, b, d = mine.get(k), base.get(k), disk.get(k)
        m_at, d_at = mine_stamps.get(k), disk_stamps.get(k)
        if m == d:
            value, at = m, max((t for t in (m_at, d_at) if t is not None), default=None)
        elif m != b and (d == b or ((m_at or 0.0), _rank(m)) >= ((d_at or 0.0), _rank(d))):
            value, at = m, m_at
        else:
            value, at = d, d_at
        if value is not None:
            cells[k] = value
        if at is not None:
            stamps[k] = at
    return cells, stamps


def _stored(rec: PuzzleRecord) -> dict:
    """A record as stored, every value bounded; pencil marks only when there are any."""
    b = rec.bounded()
    out: dict = {"status": b.status, "hints": b.hints, "seconds": round(b.seconds, 1),
                 "wrong": b.wrong}
    if b.marks:
        out["marks"] = b.marks
    if b.supposing is not None:
        out["supposing"] = b.supposing
    if b.grid:
        out["grid"] = b.grid
    if b.stamps:
        out["stamps"] = {k: int(t) if t.is_integer() else round(t, 3)
                         for k, t in b.stamps.items()}
    return out


def _stamps(value: object) -> dict[str, float]:
    """Stored stamps: short string keys, finite times in 0..MAX_STAMP, at most MAX_STAMPS
    (the latest kept); anything else is left out."""
    if not isinstance(value, dict):
        return {}
    out = {k: float(t) for k, t in value.items()
           if isinstance(k, str) and len(k) <= 2 * MAX_GRID_TEXT + 8
           and isinstance(t, (int, float)) and not isinstance(t, bool)
           and math.isfinite(t) and 0 <= t <= MAX_STAMP}
    if len(out) > MAX_STAMPS:
        out = dict(sorted(out.items(), key=lambda kv: kv[1])[-MAX_STAMPS:])
    return out


def _grid(value: object) -> dict[str, dict[str, str]]:
    """A stored grid of marks: names and values short strings, at most MAX_GRID_CELLS cells;
    anything else is left out."""
    out: dict[str, dict[str, str]] = {}
    if not isinstance(value, dict):
        return out
    cells = 0
    for entity, row in value.items():
        if not isinstance(entity, str) or len(entity) > MAX_GRID_TEXT or \
                not isinstance(row, dict):
            continue
        for attr, mark in row.items():
            if cells >= MAX_GRID_CELLS:
                return out
            if isinstance(attr, str) and isinstance(mark, str) and \
                    max(len(attr), len(mark)) <= MAX_GRID_TEXT:
                out.setdefault(entity, {})[attr] = mark
                cells += 1
    return out


def _count(value: object) -> int:
    """A stored count: a whole number in 0..MAX_COUNT, else 0."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return min(value, MAX_COUNT)
    return 0


def _seconds(value: object) -> float:
    """Stored seconds: a finite number in 0..MAX_SECONDS, else 0."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return 0.0
    try:
        secs = float(value)
    except OverflowError:
        return 0.0
    return min(secs, MAX_SECONDS) if math.isfinite(secs) and secs >= 0 else 0.0


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
            "puzzles": {pid: _stored(rec) for pid, rec in self.puzzles.items()},
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


def _snapshot(packs: dict[str, PackProgress]) -> dict[str, PackProgress]:
    """A copy of every pack and record (what the file held when last read or written)."""
    return {key: PackProgress(p.title, p.current,
                              {pid: PuzzleRecord(r.status, r.hints, r.seconds, r.wrong,
                                                 {k: dict(v) for k, v in r.marks.items()},
                                                 r.supposing,
                                                 {k: dict(v) for k, v in r.grid.items()},
                                                 dict(r.stamps))
                               for pid, r in p.puzzles.items()})
            for key, p in packs.items()}


class ProgressStore:
    """Every pack's progress, read at start and merged into the file on save().

    Never raises for a bad or unwritable file: ``notice`` holds one line to show the player.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None):
        self.path = Path(path) if path is not None else default_progress_path()
        self.notice: str | None = None
        self.packs: dict[str, PackProgress] = {}
        #: the packs as last read from or written to the file (to merge what changed since)
        self._base: dict[str, PackProgress] = {}
        #: packs whose progress the player asked to forget
        self._forgotten: set[str] = set()
        #: the file cannot be read nor set aside: it is never replaced (nothing is saved)
        self._blocked = False
        #: one write at a time; the base and the packs to forget change under _state
        self._writing = threading.Lock()
        self._state = threading.Lock()
        #: copies taken (a write is brought back only when its copy is the latest)
        self._generation = 0
        #: the last write's copy and what it wrote, for settle()
        self._written: tuple[Pending, dict[str, PackProgress]] | None = None
        with self._locked():
            self.packs = self._read()
        self._base = _snapshot(self.packs)

    @property
    def lock_path(self) -> Path:
        return self.path.with_name(self.path.name + ".lock")

    # ----------------------------------------------------------------- file
    def _locked(self):
        """A context holding the lock file beside the progress file (no-op where the system
        has no file locks or the folder cannot hold one)."""
        from contextlib import contextmanager

        @contextmanager
        def hold():
            try:
                import fcntl
            except ImportError:  # not a POSIX system
                yield
                return
            try:
                fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0),
                             0o666)
            except OSError:
                yield  # no folder yet (nothing to read) or not writable (save reports it)
                return
            try:
                deadline = time.monotonic() + LOCK_WAIT
                while True:
                    try:
                        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                        break
                    except BlockingIOError:
                        if time.monotonic() > deadline:
                            raise PortiaError("another portia holds the progress lock",
                                              str(self.path)) from None
                        time.sleep(0.02)
                yield
            finally:
                os.close(fd)  # closing releases the lock

        return hold()

    def _sweep(self) -> None:
        """Remove the temporary files of writes that never finished (a player killed in the
        middle of one: the progress file itself is whole, see :func:`atomic_write`), once they
        are STALE_TEMP seconds old (a write under way is younger). Never raises."""
        import re

        real = os.path.realpath(self.path)
        folder, base = os.path.dirname(real), os.path.basename(real)
        pattern = re.compile(r"\." + re.escape(base[:64]) + r"\.[0-9a-f]{8}\.tmp")
        try:
            names = [n for n in os.listdir(folder) if pattern.fullmatch(n)]
            now = time.time()
            for name in names:
                temp = os.path.join(folder, name)
                if now - os.lstat(temp).st_mtime > STALE_TEMP:
                    os.unlink(temp)
        except OSError:
            pass

    def _read(self) -> dict[str, PackProgress]:
        """The packs in the file ({} when there is none); a file that cannot be read is set
        aside and the notice says so. Call with the lock held."""
        self._blocked = False
        try:
            text = read_text(self.path, LARGE_LIMIT, "progress file")
            data = parse_json(text, str(self.path))
        except PortiaError as exc:
            if exc.message == "no such file":
                return {}
            where = f"line {exc.line}: " if exc.line is not None else ""
            self._corrupt(where + exc.message)
            return {}
        if not isinstance(data, dict) or not isinstance(data.get("packs"), dict):
            self._corrupt("not a portia progress file")
            return {}
        if data.get("format") != FORMAT:
            self._corrupt(f"unknown format {str(data.get('format'))[:20]!r}")
            return {}
        return {str(k): PackProgress.from_dict(v) for k, v in data["packs"].items()}

    def _corrupt(self, why: str) -> None:
        """Set the unreadable file aside under a name no earlier copy has (nothing is lost).
        When it cannot be moved, it is never replaced: nothing is saved while it is there."""
        try:
            aside = set_aside(self.path, ".corrupt")
        except PortiaError as exc:
            self._blocked = True
            self.notice = (f"{self.path}: {why}; it {exc.message}, so progress is not saved "
                           "while it is there")
            return
        self.notice = (f"{self.path}: {why}; starting with fresh progress; the old file is "
                       f"kept as {aside}")

    # ----------------------------------------------------------------- packs
    def pack(self, key: str, title: str = "") -> PackProgress:
        if key not in self.packs:
            self.packs[key] = PackProgress(title=title)
        elif title:
            self.packs[key].title = title
        return self.packs[key]

    def forget(self, key: str) -> None:
        """Drop a pack's progress, here and (at the next save) in the file."""
        self.packs.pop(key, None)
        with self._state:
            self._generation += 1  # a write under way is not brought back (see settle)
            self._base.pop(key, None)
            self._forgotten.add(key)

    def _merged(self, pending: "Pending", disk: dict[str, PackProgress]) -> dict[str, PackProgress]:
        """What the file will hold: what it holds now (`disk`, perhaps changed by another
        player since this store last wrote) with this store's changes since then (`pending`
        against the base). A pure function of copies: the player's records are not touched
        (another player's changes show when the pack is opened again)."""
        out = {key: pack for key, pack in pending.packs.items()}
        for key, theirs in disk.items():
            if key in pending.forgotten:
                continue
            mine = pending.packs.get(key)
            if mine is None:
                out[key] = theirs
                continue
            base = self._base.get(key, PackProgress())
            merged = PackProgress(mine.title or theirs.title,
                                  theirs.current if mine.current == base.current
                                  else mine.current, {})
            for pid in list(mine.puzzles) + [p for p in theirs.puzzles
                                            if p not in mine.puzzles]:
                rec = mine.puzzles.get(pid)
                merged.puzzles[pid] = theirs.puzzles[pid] if rec is None else \
                    rec.merged(theirs.peek(pid), base.peek(pid))
            out[key] = merged
        return out

    def dumps(self, packs: dict[str, PackProgress] | None = None) -> str:
        import json

        packs = self.packs if packs is None else packs
        data = {"format": FORMAT,
                "packs": {k: v.to_dict() for k, v in sorted(packs.items())}}
        return json.dumps(data, indent=1, sort_keys=False, allow_nan=False) + "\n"

    def pending(self) -> "Pending":
        """A copy of the progress now, to be written by :meth:`write` (perhaps in another
        thread: the copy is the writer's own; the player goes on changing its records)."""
        with self._state:
            self._generation += 1
            return Pending(_snapshot(self.packs), frozenset(self._forgotten), self._generation)

    def write(self, pending: "Pending", placed: Callable[[], None] | None = None) -> str | None:
        """Merge `pending` into the file under the lock and write it atomically (a crash at
        any moment leaves the old file or the new one, whole); return None, or one line
        saying why it could not be saved. Writes are one at a time, in the order called: the
        caller hands them over in the order taken (see :class:`LatestWriter`). `placed()` is
        called once the new file has its name, before its folder's fsync (atomic_write)."""
        with self._writing:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                with self._locked():
                    disk = self._read()
                    if self._blocked:
                        return (f"{self.path}: progress not saved: the file cannot be read "
                                "nor set aside, and is not replaced")
                    merged = self._merged(pending, disk)
                    atomic_write(self.path, self.dumps(merged), force=True, placed=placed)
                    self._sweep()
            except (OSError, PortiaError) as exc:
                why = exc.strerror if isinstance(exc, OSError) and exc.strerror else \
                    getattr(exc, "message", str(exc))
                return f"{self.path}: progress not saved: {why}"
            with self._state:
                self._forgotten -= pending.forgotten
                # the changes written are counted from here on (time and wrong picks add up
                # from what this store had when it took the copy) ...
                self._base = pending.packs
                # ... until settle() brings the file's records into this store
                self._written = (pending, merged)
            return None

    def settle(self) -> None:
        """Bring what the last write found in the file (another player's records) into this
        store, keeping this store's changes since it took that write's copy. Call it in the
        thread that changes the records (the player's), after :meth:`write`. Skipped when a
        newer copy was taken since (the next write brings them); the records are updated in
        place (the player holds them)."""
        with self._state:
            got, self._written = self._written, None
            if got is None or got[0].generation != self._generation:
                return
            then, merged = got
            for key, theirs in merged.items():
                if key in self._forgotten:
                    continue
                mine = self.packs.get(key)
                if mine is None:
                    self.packs[key] = _snapshot({key: theirs})[key]
                    continue
                was = then.packs.get(key, PackProgress())
                if mine.current == was.current:
                    mine.current = theirs.current
                mine.title = mine.title or theirs.title
                for pid, rec_t in theirs.puzzles.items():
                    rec = mine.puzzles.get(pid)
                    if rec is None:
                        mine.puzzles[pid] = _snapshot({key: PackProgress(
                            puzzles={pid: rec_t})})[key].puzzles[pid]
                        continue
                    new = rec.merged(rec_t, was.peek(pid))
                    rec.status, rec.hints, rec.seconds, rec.wrong = (new.status, new.hints,
                                                                     new.seconds, new.wrong)
                    # another player's marks too: the player changes the record's marks one
                    # by one (change_marks), so theirs stay in it and are written again
                    rec.marks, rec.supposing, rec.grid, rec.stamps = (
                        new.marks, new.supposing, new.grid, new.stamps)
            # this store now counts from the file as written (its changes since the copy
            # were kept on top); `merged` is the writer's own (copies and what it read),
            # never changed after
            self._base = merged

    def save(self) -> str | None:
        """Write the progress now (:meth:`pending`, :meth:`write`, :meth:`settle`), in the
        thread that changes the records."""
        why = self.write(self.pending())
        self.settle()
        return why


@dataclass(frozen=True)
class Pending:
    """The progress to write: a copy of every pack, and the packs to forget."""

    packs: dict[str, PackProgress]
    forgotten: frozenset[str]
    #: the store's count of copies when this one was taken
    generation: int = 0


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
