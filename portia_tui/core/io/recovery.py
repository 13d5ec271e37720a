"""Recovery of unsaved work, and the fingerprint of a file on disk (plain Python).

The editor writes the puzzle being edited to a recovery file in the data folder (from a
timer, a moment after the last edit) and removes it when the work is saved or deliberately
discarded. After a crash or a killed terminal the file is still there, and the next edit of
the same puzzle file offers to restore it.

One recovery file per puzzle file: ``<data dir>/recovery/<digest of the absolute path>.toml``
(portia's TOML, which holds partial puzzles), and ``untitled.toml`` for a puzzle without a file.
The first line is a comment naming the puzzle file, for a person looking in the folder.

:class:`FileStamp` tells whether a file changed on disk since it was read or written: its
modification time, size and a digest of its bytes.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from portia_tui.core.errors import PortiaError
from portia_tui.core.io.paths import data_dir

RECOVERY_FOLDER = "recovery"
UNTITLED = "untitled"
#: a recovery file larger than this is not a recovery file portia wrote
MAX_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True)
class FileStamp:
    """What a file looked like: modification time (ns), size and SHA-256 of its bytes."""

    mtime_ns: int
    size: int
    digest: str

    @classmethod
    def of(cls, path: str | os.PathLike[str]) -> "FileStamp | None":
        """The file's stamp now; None when there is no regular file to read."""
        try:
            st = os.stat(path)
            if not os.path.isfile(path) or st.st_size > MAX_BYTES * 16:
                return None
            with open(path, "rb") as fh:
                digest = hashlib.sha256(fh.read()).hexdigest()
        except OSError:
            return None
        return cls(st.st_mtime_ns, st.st_size, digest)


@dataclass(frozen=True)
class Recovered:
    """A recovery file found for a puzzle file: the puzzle, and when it was written."""

    puzzle: Any  # a casket Puzzle, or what the store's own loads reads
    written: float  # seconds since the epoch
    path: Path  # the recovery file itself


class RecoveryStore:
    """Recovery files in one folder (``<data dir>/recovery`` unless given).

    A recovery file that cannot be read is set aside (``NAME.bad``, then ``.bad-2``, ...: no
    earlier copy is replaced); one that cannot be set aside either is never replaced nor
    removed: :meth:`write` refuses with one line saying so (the editor goes on without a
    recovery copy)."""

    def __init__(self, folder: Path | None = None, *,
                 dumps: Callable[[Any], str] | None = None,
                 loads: Callable[[str, str], Any] | None = None) -> None:
        self.folder = folder if folder is not None else data_dir() / RECOVERY_FOLDER
        #: how a puzzle is written and read back (default: portia's casket TOML); another
        #: editor (truth puzzles) passes its own, with a folder of its own
        self._dumps = dumps
        self._loads = loads
        #: recovery files that cannot be read nor set aside, and why (never replaced)
        self.blocked: dict[Path, str] = {}
        #: recovery files this store wrote or read (no need to look at them again)
        self._known: set[Path] = set()

    def file_for(self, puzzle_path: Path | None) -> Path:
        """The recovery file for a puzzle file (None: a puzzle without a file)."""
        if puzzle_path is None:
            return self.folder / f"{UNTITLED}.toml"
        key = hashlib.sha256(os.fsencode(os.path.abspath(puzzle_path))).hexdigest()[:24]
        return self.folder / f"{key}.toml"

    def write(self, puzzle_path: Path | None, puzzle: Any) -> Path:
        """Keep `puzzle` as the recovery copy for `puzzle_path` (atomic); PortiaError if the
        folder cannot be written, or the file there cannot be read nor set aside."""
        from portia_tui.core.io.formats import dumps
        from portia_tui.core.io.formats.common import atomic_write

        target = self.file_for(puzzle_path)
        if target not in self._known and target not in self.blocked \
                and os.path.lexists(target) and self._load(target) is None:
            self._set_aside(target)
        if target in self.blocked:
            raise PortiaError(f"the recovery file there {self.blocked[target]}; it is kept as "
                              "it is, and no recovery copy is written", str(target))
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise PortiaError(f"cannot create the folder: {exc.strerror or exc}",
                              str(self.folder)) from None
        name = UNTITLED if puzzle_path is None else os.path.abspath(puzzle_path)
        header = f"# portia recovery copy of {name}\n"
        text = dumps(puzzle, "native") if self._dumps is None else self._dumps(puzzle)
        atomic_write(target, header + text, force=True)
        self._known.add(target)
        return target

    def read(self, puzzle_path: Path | None) -> Recovered | None:
        """The recovery copy for `puzzle_path`, or None. An unreadable copy is set aside
        (``.bad``, never over an earlier one) and None returned: recovery never stops the
        editor starting."""
        target = self.file_for(puzzle_path)
        if not os.path.lexists(target):
            return None
        found = self._load(target)
        if found is None:
            self._set_aside(target)
        else:
            self._known.add(target)
        return found

    def _load(self, target: Path) -> Recovered | None:
        """The recovery copy in `target`, or None when it cannot be read as one."""
        from portia_tui.core.io.formats import loads

        try:
            if not target.is_file() or target.stat().st_size > MAX_BYTES:
                return None
            text = target.read_text(encoding="utf-8")
            written = target.stat().st_mtime
            found = (loads(text, "native", str(target)) if self._loads is None
                     else self._loads(text, str(target)))
            return Recovered(found, written, target)
        except (OSError, UnicodeDecodeError, ValueError, RecursionError, PortiaError):
            return None

    def _set_aside(self, target: Path) -> None:
        from portia_tui.core.io.files import set_aside

        if not target.is_file() and not target.is_symlink():
            return  # a folder or a device: the write refuses it (atomic_write says why)
        try:
            set_aside(target, ".bad")
        except PortiaError as exc:
            self.blocked[target] = exc.message

    def clear(self, puzzle_path: Path | None) -> None:
        """Forget the recovery copy for `puzzle_path` (saved or discarded on purpose); one
        that could not be read nor set aside is left alone."""
        target = self.file_for(puzzle_path)
        if target in self.blocked:
            return
        try:
            os.unlink(target)
        except FileNotFoundError:
            pass
        except OSError:
            pass
