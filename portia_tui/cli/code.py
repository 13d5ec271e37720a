"""portia code FILE: a short share code for one puzzle (portia play CODE / edit CODE open it)."""

from __future__ import annotations

import argparse
import os


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "code", help="print a short share code for a puzzle",
        description="Print a short text code (letters and digits, safe in a URL) that holds the "
        "puzzle's caskets, statements and m (not its title). 'portia play CODE' and "
        "'portia edit CODE' open it.")
    p.add_argument("file", metavar="FILE", help="puzzle file (.toml, .txt, .json), a code, or a "
                   "pack with --id")
    from .source import add_id

    add_id(p)
    p.set_defaults(func=run)


def share_code(arg: str):
    """The puzzle a command-line argument holds as a share code, or None when the argument is
    an existing path or does not have a code's shape (then it is read as a file). A bad code
    raises CodeError (one line, exit 2)."""
    if os.path.lexists(arg):  # lexists: False for any OSError
        return None  # a file: the codes' module (base64, zlib) is not needed to read it
    from portia_tui.core.io.formats.code import decode, looks_like_code

    if not looks_like_code(arg):
        return None
    return decode(arg)


def run(args: argparse.Namespace) -> int:
    from portia_tui.core.io.formats.code import encode, encode_world
    from portia_tui.core.language.world import WorldPuzzle

    from .source import read_puzzle

    puzzle = read_puzzle(args.file, args.id)
    print(encode_world(puzzle) if isinstance(puzzle, WorldPuzzle) else encode(puzzle))
    return 0
