"""portia edit [FILE]: the casket editor (also what `portia` alone opens)."""

from __future__ import annotations

import argparse
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "edit",
        help="edit a puzzle in the terminal (the default command)",
        description="Open the casket editor on FILE (.toml; .txt or .json are imported and "
        "saved as .toml). A FILE that does not exist yet is created on the first save. "
        "Without FILE the editor opens on a built-in puzzle.",
    )
    p.add_argument("file", nargs="?", metavar="FILE|CODE",
                   help="puzzle file (.toml, .txt, .json), or a share code ('portia code FILE'): "
                   "the editor opens it unsaved")
    p.set_defaults(func=run, file=None)


def load_for_editing(file: str | None):
    """(puzzle or None, path or None); raises PortiaError for a file that cannot be edited."""
    from portia_tui.core import formats
    from portia_tui.core.errors import FormatError
    from portia_tui.core.formats.common import check_target

    if file is None:
        return None, None
    path = Path(file)
    if path.exists() or path.is_symlink():
        return formats.load(path), path
    if path.suffix.lower() != ".toml":
        raise FormatError("no such file (a new puzzle file must end in .toml)", file)
    check_target(path)  # the folder must exist
    return None, path


def run(args: argparse.Namespace) -> int:
    from .code import share_code

    # read the file (or code) before textual starts, so bad input is one line and exit 2
    shared = share_code(args.file) if args.file else None
    puzzle, path = (shared, None) if shared is not None else load_for_editing(args.file)
    from portia_tui.app.editor.app import EditorApp

    if shared is not None:
        from portia_tui.app.editor.model import EditorModel

        EditorApp(EditorModel.new(shared)).run()
        return 0
    EditorApp.for_file(puzzle, path).run()
    return 0
