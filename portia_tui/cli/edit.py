"""portia edit [FILE]: the casket editor (also what `portia` alone opens)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "edit",
        help="edit a puzzle in the terminal (the default command)",
        description="Open the casket editor on FILE (.toml; .txt or .json are imported and "
        "saved as .toml); a truth puzzle (format = 3: islanders, doors) opens in the "
        "truth-puzzle editor. A FILE that does not exist yet starts as a blank page (every "
        "statement empty, m open) and is created on the first save. Without FILE the editor "
        "opens on a built-in puzzle.",
    )
    p.add_argument("file", nargs="?", metavar="FILE|CODE",
                   help="puzzle file (.toml, .txt, .json), or a share code ('portia code FILE'): "
                   "the editor opens it unsaved; or a pack with --id")
    p.add_argument("--id", metavar="ID", help="FILE is a pack: edit its puzzle with this id, "
                   "as a new puzzle (saved as PACK-ID.toml unless you choose another name)")
    p.set_defaults(func=run, file=None, id=None)


def load_for_editing(file: str | None):
    """(puzzle or None, path or None); raises PortiaError for a file that cannot be edited."""
    from portia_tui.core.io import formats
    from portia_tui.core.errors import FormatError
    from portia_tui.core.io.formats.common import check_target

    if file is None:
        return None, None
    path = Path(file)
    if os.path.lexists(file):  # False, not an error, for a name too long for the system
        try:
            return formats.load(path), path
        except FormatError:
            _refuse_pack(path)
            raise
    if path.suffix.lower() != ".toml":
        raise FormatError("no such file (a new puzzle file must end in .toml)", file)
    check_target(path)  # the folder must exist
    return None, path


def run_editor(puzzle, path: Path | None, *, caskets: int | tuple[str, ...] = 3, n: int = 1,
               m: int | None = None, target: int | None = None) -> int:
    """Run the editor on a puzzle and/or a file (see ``EditorApp.for_file``); the exit status
    (non-zero when the editor crashed; the unsaved work is then in a recovery file)."""
    from portia_tui.app.editor.app import EditorApp

    return run_app(EditorApp.for_file(puzzle, path, caskets=caskets, n=n, m=m, target=target))


def run_app(app) -> int:
    """Run a portia app; its exit status. When it stopped on an error (Textual prints the
    traceback and gives a non-zero return code) or the run itself failed, the app keeps
    what it can first (the editor writes the recovery copy of unsaved work, the player
    saves the progress). A run that does not return within a bound of the app's closing
    (a worker that does not stop) ends the process, saying so (cli/exit_guard.py)."""
    from . import exit_guard

    def keep_if_failed() -> None:
        keep = getattr(app, "keep_unsaved_work", None)
        if app.return_code != 0 and keep is not None:  # None: the run itself failed
            keep()

    guard = exit_guard.watch(app, before=keep_if_failed)
    try:
        app.run()
    finally:
        guard.done()
        keep_if_failed()
    return app.return_code or 0


def _refuse_pack(path: Path) -> None:
    """A pack is not one puzzle: say how to open one of its puzzles."""
    from portia_tui.core.errors import FormatError, PortiaError
    from portia_tui.core.io.files import LARGE_LIMIT
    from portia_tui.core.io.formats.common import read_text
    from portia_tui.core.packs.pack import ids_said, is_pack_text, pack_ids

    try:
        text = read_text(path, LARGE_LIMIT)
    except PortiaError:  # the editor's own reading says what is wrong with the file
        return
    if is_pack_text(text):
        ids = ids_said(pack_ids(text, str(path)))
        raise FormatError(f"is a pack: open one of its puzzles with --id ID (the ids are {ids})",
                          str(path))


def load_from_pack(file: str | None, pid: str):
    """(puzzle, suggested path): one puzzle of a pack (a casket puzzle or a truth puzzle), to
    be saved as `<pack stem>-<id>.toml` beside the pack."""
    from portia_tui.core.errors import PortiaError

    from .source import read_puzzle

    if file is None:
        raise PortiaError("--id needs a pack file")
    path = Path(file)
    puzzle = read_puzzle(file, pid)
    return puzzle, path.with_name(f"{path.stem}-{file_part(pid)}.toml")


def file_part(pid: str) -> str:
    """A pack id as part of a file name: anything but letters, digits, '.', '_' and '-'
    becomes '-' ("x/y" is "x-y"), at most 60 characters."""
    import re

    return re.sub(r"[^A-Za-z0-9._-]+", "-", pid).strip("-.")[:60] or "puzzle"


def run(args: argparse.Namespace) -> int:
    if getattr(args, "id", None) is not None:
        # read the pack before textual starts, so bad input is one line and exit 2
        puzzle, suggested = load_from_pack(args.file, args.id)
        if is_truth_puzzle(puzzle):  # the truth editor, on a new page that is not saved yet
            return run_world_page(puzzle, suggested)
        from portia_tui.app.editor.app import EditorApp
        from portia_tui.core.author.editing import EditorModel

        # a new, unsaved puzzle whose save-as starts at the suggested name
        return run_app(EditorApp(EditorModel(puzzle, source=suggested)))
    from .code import share_code

    # read the file (or code) before textual starts, so bad input is one line and exit 2
    shared = share_code(args.file) if args.file else None
    if shared is not None:
        if is_truth_puzzle(shared):  # a truth puzzle's code: the truth editor, not the caskets'
            return run_world_page(shared, None)
        return run_editor(shared, None)
    world = load_truth_page(args.file)
    if world is not None:
        return run_world_editor(*world)
    puzzle, path = load_for_editing(args.file)
    return run_editor(puzzle, path)


def load_truth_page(file: str | None):
    """(draft, path) when FILE is a truth puzzle (a .toml file with format = 3), else None;
    read before textual starts, so a bad file is one line ``FILE:LINE: message``, exit 2."""
    from portia_tui.core.io import formats
    from portia_tui.core.errors import PortiaError

    if file is None or not file.lower().endswith(".toml") or not os.path.isfile(file):
        return None
    try:
        text = formats.read_text(file)
    except PortiaError:  # the casket editor's reading says what is wrong with the file
        return None
    if not formats.is_world_text(text, "native"):
        return None
    from portia_tui.core.author import world_editing

    return world_editing.loads(text, file), Path(file)


def is_truth_puzzle(puzzle) -> bool:
    from portia_tui.core.language.world import WorldPuzzle

    return isinstance(puzzle, WorldPuzzle)


def run_world_page(puzzle, path: Path | None) -> int:
    """The truth-puzzle editor on a puzzle read from a pack or a share code: a new page,
    unsaved while `path` (None: save as asks for a name) does not hold it."""
    from portia_tui.app.world_editor.app import WorldEditorApp
    from portia_tui.core.author.world_editing import of_puzzle

    return run_app(WorldEditorApp.on_draft(of_puzzle(puzzle), path, opened=False))


def run_world_editor(draft, path: Path) -> int:
    """The truth-puzzle editor on a page read from `path`; the exit status."""
    from portia_tui.app.world_editor.app import WorldEditorApp

    return run_app(WorldEditorApp.on_draft(draft, path, opened=True))
