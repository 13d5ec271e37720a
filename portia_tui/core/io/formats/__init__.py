"""Reading and writing puzzles, chosen by file extension.

.toml  portia's own format (read, write)
.txt   the thesis plain text (read, write)
.json  the thesis JSON (read, write)
.cnf   DIMACS CNF (write only)

A truth puzzle (islanders, doors: core/language/world.py) goes by content as well: a .toml
file with ``format = 3`` is world_toml (English sentences), a .json object with
``"entities"`` is the structured form. :func:`load_any` reads either kind of puzzle,
:func:`save_world` writes a truth puzzle.
"""

from __future__ import annotations

import os

from portia_tui.core.errors import FormatError, PortiaError
from portia_tui.core.io.files import SMALL_LIMIT, reading
from portia_tui.core.io.formats.common import atomic_write, read_text  # noqa: F401  (atomic_write: used by the CLI)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from portia_tui.core.language.model import Puzzle

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


# ----------------------------------------------------------------- truth puzzles (format 3)

def is_world_text(text: str, fmt: str) -> bool:
    """Whether a file's text holds a truth puzzle: TOML with ``format = 3``, JSON with
    ``"entities"`` (the thesis JSON has "portia" and "caskets")."""
    import re

    if fmt == "native":
        return re.search(r"(?m)^\s*format\s*=\s*3\s*(?:#.*)?$", text) is not None
    if fmt == "thesis_json":
        return '"entities"' in text and '"caskets"' not in text
    return False


def loads_world(text: str, fmt: str, path: str = "<puzzle>"):
    """A truth puzzle (WorldPuzzle) from format-3 TOML or the structured JSON."""
    try:
        with reading(path):
            if fmt == "native":
                return _module("world_toml").loads(text, path)
            return _module("structured").loads(text, path)
    except FormatError:
        raise
    except PortiaError as exc:
        raise exc.located(path) from None


def load_any(path: str | os.PathLike[str]):
    """A casket Puzzle or a truth puzzle (WorldPuzzle), by extension and content."""
    fmt = format_of(path, READERS)
    text = read_text(path)
    if is_world_text(text, fmt):
        return loads_world(text, fmt, str(path))
    return loads(text, fmt, str(path))


#: what a truth puzzle can be written as, by extension
WORLD_WRITERS = {".toml": "world_toml", ".json": "structured", ".cnf": "dimacs",
                 ".dimacs": "dimacs"}


def dumps_world(puzzle, fmt: str) -> str:
    if fmt == "dimacs":
        from portia_tui.core.solve.world_sat import dimacs

        return dimacs(puzzle)
    return _module(fmt).dumps(puzzle)


def save_world(puzzle, path: str | os.PathLike[str], force: bool = False) -> None:
    """Write a truth puzzle atomically (.toml format 3, .json structured, .cnf DIMACS)."""
    fmt = format_of(path, WORLD_WRITERS)
    atomic_write(path, dumps_world(puzzle, fmt), force=force)
