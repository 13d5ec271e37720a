"""portia play FILE|PACK: play a puzzle or work through a pack in the terminal."""

from __future__ import annotations

import argparse
import os
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "play", help="play a puzzle or a pack (hints, timer, saved progress)",
        description="Play a puzzle (.toml, .txt or .json) or work through a pack (.toml with "
        'type = "pack"). Progress (statuses, hints, time, where you were) is saved in the '
        "user data folder (PORTIA_DATA_DIR overrides it), so running the same command again "
        "resumes.")
    p.add_argument("file", metavar="FILE|PACK|CODE",
                   help="a puzzle file, a pack file, or a share code ('portia code FILE')")
    from .source import add_id

    add_id(p, "FILE is a pack: play only its puzzle with this id")
    p.add_argument("--reset", action="store_true",
                   help="forget the saved progress for this puzzle or pack and start over")
    p.set_defaults(func=run)


def load_playable(path: str, pid: str | None = None):
    """The Pack or Puzzle a file (or a share code) holds, or the puzzle `pid` of a pack; raise
    PortiaError naming the file and line."""
    from .source import resolve

    puzzle, pack = resolve(path, pid)
    return pack if pack is not None else puzzle


def refuse_drafts(found, where: str) -> None:
    """A draft (empty slots, or no rule yet) cannot be played: PortiaError, one line."""
    from portia_tui.core.errors import PortiaError
    from portia_tui.core.language.model import Puzzle
    from portia_tui.core.language.words import incomplete
    from portia_tui.core.packs.pack import Pack

    from .source import place
    from .world import draft_words

    entries = [(e.id, e.puzzle) for e in found.puzzles] if isinstance(found, Pack) else [
        (None, found)]
    for pid, puzzle in entries:
        if not isinstance(puzzle, Puzzle):  # a truth puzzle: its slots not written yet
            said = draft_words(puzzle)
        else:
            said = "" if puzzle.complete else incomplete(len(puzzle.empty_slots),
                                                          not puzzle.rules)
        if said:
            which = "a draft" if pid is None else f"puzzle {pid} is a draft"
            raise PortiaError(f"{which} ({said}) cannot be played: finish it in the editor "
                              "(portia edit) first", place(where))


def run(args: argparse.Namespace) -> int:
    from portia_tui.core.packs.pack import Pack

    # bad input stops here: one line, exit 2
    found = load_playable(args.file, args.id)
    refuse_drafts(found, args.file)
    from portia_tui.app.play import PlayApp, single_pack

    single = not isinstance(found, Pack)
    name = "Shared puzzle" if single and not os.path.lexists(args.file) else Path(args.file).stem
    pack = single_pack(found, name) if single else found
    from .edit import run_app

    # non-zero when the player stopped on an error (the progress is saved first)
    return run_app(PlayApp(pack, single=single, reset=args.reset))
