"""Where a command's puzzle comes from: a puzzle file (.toml, .txt, .json), one puzzle of a
pack (--id ID), or a share code. One home for every command that takes a puzzle (solve,
check, hint, code, convert, cnf, clue, assist, repair, edit, play), so each accepts the same
things.

A pack may be as large as the pack cap (64 MiB); a puzzle file on its own as large as the
puzzle cap (1 MiB). No textual here.
"""

from __future__ import annotations

import argparse
import os
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from typing import TypeGuard

    from portia_tui.core.language.model import Puzzle

ID_HELP = "FILE is a pack: use its puzzle with this id (see 'portia pack list')"


def add_id(parser: argparse.ArgumentParser, help: str = ID_HELP) -> None:
    parser.add_argument("--id", metavar="ID", help=help)


def is_casket(puzzle: object) -> TypeGuard[Puzzle]:
    """Whether puzzle is a casket Puzzle (not a truth puzzle), without importing the casket
    model to ask: a Puzzle in hand means its module is loaded already, and a truth puzzle's
    commands never need it (start-up time)."""
    model = sys.modules.get("portia_tui.core.language.model")
    return model is not None and isinstance(puzzle, model.Puzzle)


def read_source(arg: str, pid: str | None = None, one: bool = False):
    """(puzzle, None) for a puzzle file or a share code, (None, pack) for a pack; PortiaError
    (one line) for anything else. With `pid`, a pack holds only its puzzle `pid`: only that
    entry is built (a pack at the cap is 100,000 puzzles), and a pack without it is one
    line's error naming some of its ids. With `one` (a command that takes one puzzle), a
    pack without `pid` is that line, its ids found without building its puzzles."""
    from portia_tui.core.io import formats
    from portia_tui.core.io.files import LARGE_LIMIT, SMALL_LIMIT
    from portia_tui.core.io.formats.common import read_text

    from .code import share_code

    shared = share_code(arg)
    if shared is not None:
        return shared, None
    fmt = formats.format_of(arg, formats.READERS)
    if fmt != "native":
        return formats.load_any(arg), None  # a thesis file, or a truth puzzle's JSON
    text = read_text(arg, LARGE_LIMIT)  # read once: a pack (up to 64 MiB) or a puzzle
    if "pack" in text:
        from portia_tui.core.packs.pack import is_pack_text, loads_pack

        if is_pack_text(text):
            if pid is not None:
                return None, entry_pack(text, arg, pid)
            if one:
                from portia_tui.core.errors import PortiaError
                from portia_tui.core.packs.pack import ids_said, pack_ids

                raise PortiaError(f"is a pack: choose one of its puzzles with --id ID (the ids "
                                  f"are {ids_said(pack_ids(text, arg))})", arg)
            return None, loads_pack(text, arg)
    if len(text) > SMALL_LIMIT // 4 and len(text.encode("utf-8")) > SMALL_LIMIT:
        from portia_tui.core.errors import FormatError

        raise FormatError(f"too large for a puzzle file (at most {SMALL_LIMIT >> 20} MiB; a "
                          f"pack may hold {LARGE_LIMIT >> 20} MiB)", arg)
    if formats.is_world_text(text, fmt):  # a truth puzzle (format 3)
        return formats.loads_world(text, fmt, arg), None
    return formats.loads(text, fmt, arg), None


def entry_pack(text: str, path: str, pid: str):
    """The pack in text holding only its puzzle `pid` (packs.pack.loads_entry)."""
    from portia_tui.core.errors import PortiaError
    from portia_tui.core.packs.pack import ids_said, loads_entry

    pack, ids = loads_entry(text, path, pid)
    if not pack.puzzles:
        raise PortiaError(f"no puzzle with id {_short(pid)} (the ids are {ids_said(ids)})", path)
    return pack


def pick(pack, pid: str, path: str):
    """The puzzle with id `pid` of a pack, with the pack's author when it has none of its own
    and its title (or "Puzzle ID") kept; PortiaError naming some ids if there is none."""
    from portia_tui.core.errors import PortiaError

    try:
        entry = pack.by_id(pid)
    except KeyError:
        raise PortiaError(f"no puzzle with id {_short(pid)} (the ids are {pack.ids_said()})",
                          path) from None
    return entry.puzzle.replace(title=entry.title, author=entry.puzzle.author or pack.author)


def resolve(arg: str, pid: str | None, one: bool = False):
    """(puzzle, None) for a puzzle file, a share code or the puzzle `pid` of a pack; (None,
    pack) for a whole pack (no --id; with `one`, a pack without --id is one line's error).
    --id on one puzzle is one line's error."""
    from portia_tui.core.errors import PortiaError

    puzzle, pack = read_source(arg, pid, one)
    if pid is None:
        return puzzle, pack
    if pack is None:
        raise PortiaError(f"--id {_short(pid)}: this is one puzzle, not a pack", place(arg))
    return pick(pack, pid, arg), None


def read_puzzle(arg: str, pid: str | None):
    """The one puzzle a command works on: a puzzle file, a share code, or the puzzle `pid`
    of a pack (a pack without --id is one line's error, naming some of its ids)."""
    return resolve(arg, pid, one=True)[0]


def casket_only(puzzle, arg: str, command: str):
    """The puzzle when it is a casket puzzle; one line's error for a truth puzzle (islanders,
    doors), which `command` does not work on."""
    from portia_tui.core.errors import PortiaError

    if not is_casket(puzzle):
        raise PortiaError(f"{command} works on casket puzzles (gold, silver, lead ...); this "
                          "is a truth puzzle (try portia solve or portia clue)", place(arg))
    return puzzle


def read_many(arg: str, pid: str | None) -> list[tuple[str, object]]:
    """(label, puzzle) for each puzzle an argument holds: one for a puzzle file, a code or
    --id, every puzzle of a pack otherwise (labelled 'PACK ID')."""
    puzzle, pack = resolve(arg, pid)
    if pack is not None:
        return [(f"{arg} {e.id}", e.puzzle) for e in pack.puzzles]
    return [(place(arg) if pid is None else f"{arg} {pid}", puzzle)]


def _short(text: str, limit: int = 40) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "...")


def place(arg: str) -> str:
    """How an argument is named in a message: a file as given, a long code shortened."""
    if os.path.exists(arg) or len(arg) <= 60:
        return arg
    return arg[:57] + "..."
