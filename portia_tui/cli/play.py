"""portia play FILE|PACK: play a puzzle or work through a pack in the terminal."""

from __future__ import annotations

import argparse
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
    p.add_argument("--reset", action="store_true",
                   help="forget the saved progress for this puzzle or pack and start over")
    p.set_defaults(func=run)


def load_playable(path: str):
    """The Pack or Puzzle in a file, or raise PortiaError naming the file and line."""
    from portia_tui.core.io import formats
    from portia_tui.core.io.files import LARGE_LIMIT
    from portia_tui.core.io.formats.common import read_text
    from portia_tui.core.packs.pack import is_pack_text, loads_pack

    if Path(path).suffix.lower() == ".toml":
        text = read_text(path, LARGE_LIMIT)  # read once: a pack or a puzzle
        return loads_pack(text, path) if is_pack_text(text) else formats.loads(text, "native", path)
    return formats.load(path)


def run(args: argparse.Namespace) -> int:
    from portia_tui.core.packs.pack import Pack

    from .code import share_code

    # bad input stops here: one line, exit 2
    found = share_code(args.file) or load_playable(args.file)
    from portia_tui.app.play import PlayApp, single_pack

    single = not isinstance(found, Pack)
    name = "Shared puzzle" if single and not Path(args.file).exists() else Path(args.file).stem
    pack = single_pack(found, name) if single else found
    from .edit import run_app

    # non-zero when the player stopped on an error (the progress is saved first)
    return run_app(PlayApp(pack, single=single, reset=args.reset))
