"""Reading and writing puzzles, chosen by file extension.

.toml  portia's own format (read, write)
.txt   the thesis plain text (read, write)
.json  the thesis JSON (read, write)
.cnf   DIMACS CNF (write only)
"""

from __future__ import annotations

import os

from portia_tui.core.errors import FormatError, PortiaError
from portia_tui.core.language.model import Puzzle
from portia_tui.core.io.files import SMALL_LIMIT, reading
from portia_tui.core.io.formats.common import atomic_write, read_text  # noqa: F401  (atomic_write: used by the CLI)

READERS = {".toml": "native", ".txt": "text", ".json": "thesis_json"}
WRITERS = {".toml": "native", ".txt": "text", ".json": "thesis_json", ".cnf": "dimacs",
           ".dimacs": "dimacs"}


def _module(name: str):
    from importlib import import_module

    return import_module(f"{__name__}.{name}")


def format_of(path: str | os.PathLike[str], table: dict[str, str]) -> str:
    ext = os.path.splitext(os.fspath(path))[1].lower()
    if ext not in table:
        known = ", ".join(sorted(table))
        raise FormatError(f"unknown file type {ext or '(none)'!r}: use one of {known}", str(path))
    return table[ext]


def loads(text: str, fmt: str, path: str = "<puzzle>") -> Puzzle:
    try:
        with reading(path):
            puzzle = _module(fmt).loads(text, path)
    except FormatError:
        raise
    except PortiaError as exc:
        raise exc.located(path) from None
    return puzzle


def load(path: str | os.PathLike[str]) -> Puzzle:
    """Read a puzzle from .toml, .txt or .json; FormatError names the file and line."""
    fmt = format_of(path, READERS)
    return loads(read_text(path), fmt, str(path))


#: the formats that can hold a partial puzzle (empty slots, m open)
PARTIAL_FORMATS = ("native",)


def dumps(puzzle: Puzzle, fmt: str) -> str:
    if fmt not in PARTIAL_FORMATS and not puzzle.complete:
        from portia_tui.core.language.words import incomplete

        raise FormatError(f"{incomplete(len(puzzle.empty_slots), not puzzle.rules)}: only "
                          "portia's TOML can hold a puzzle still being written")
    return _module(fmt).dumps(puzzle)


def save(puzzle: Puzzle, path: str | os.PathLike[str], force: bool = False) -> None:
    """Write atomically in the format the extension names; never replaces a file unless force,
    nor writes one portia could not read back (over the puzzle cap)."""
    fmt = format_of(path, WRITERS)
    try:
        text = dumps(puzzle, fmt)
    except PortiaError as exc:
        raise exc.located(str(path)) from None
    if fmt in READERS.values() and len(text) > SMALL_LIMIT // 4 \
            and len(text.encode("utf-8")) > SMALL_LIMIT:  # a file portia writes, it can read
        raise FormatError(f"would take {len(text.encode('utf-8')) / (1 << 20):.1f} MiB: more "
                          f"than portia reads back as a puzzle file ({SMALL_LIMIT >> 20} MiB); "
                          "not written", str(path))
    atomic_write(path, text, force=force)
