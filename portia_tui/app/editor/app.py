"""The editor App: a PortiaApp that shows one EditorScreen over an EditorModel."""

from __future__ import annotations

from pathlib import Path

from textual.binding import Binding
from textual.screen import Screen

from portia_tui.app.base import PortiaApp
from portia_tui.core.language.model import Puzzle, blank_puzzle, default_puzzle
from portia_tui.core.io.recovery import RecoveryStore

from .commands import EditorCommands
from .files import FileActions
from portia_tui.core.author.editing import EditorModel
from .screens.editor import EditorScreen


class EditorApp(PortiaApp):
    TITLE = "portia editor"
    CSS_PATH = "editor.tcss"
    COMMANDS = PortiaApp.COMMANDS | {EditorCommands}
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]

    def __init__(self, model: EditorModel | None = None,
                 store: RecoveryStore | None = None) -> None:
        super().__init__()
        self.editor = EditorScreen(model or EditorModel.new(default_puzzle()))
        self.editor.files = FileActions(self.editor, store)

    @classmethod
    def for_file(cls, puzzle: Puzzle | None, path: Path | None, *,
                 caskets: int | tuple[str, ...] = 3, n: int = 1, m: int | None = None,
                 target: int | None = None) -> "EditorApp":
        """The editor on a puzzle and/or a file.

        - no puzzle, no file: Smullyan's first casket (the built-in example);
        - a file that does not exist yet (no puzzle): a blank page of the given shape,
          every slot empty, m open unless given; the author's name from the settings;
        - a puzzle read from an existing file: that file; a puzzle meant for a new file, or
          one without a file: unsaved.
        """
        if puzzle is None and path is None:
            return cls()
        app = cls()
        if puzzle is None:
            author = app.settings.get("author", "")
            puzzle = blank_puzzle(caskets, n, m, author=author if isinstance(author, str) else "")
            model = EditorModel.new(puzzle, path=path, target=target or 0)
        elif path is not None and path.exists():
            model = EditorModel.opened(puzzle, path)
            model.fallback_target = target
        else:
            model = EditorModel.new(puzzle, path=path, target=target)
        app.editor.model = model
        return app

    @property
    def model(self) -> EditorModel:
        return self.editor.model

    def get_default_screen(self) -> Screen:
        return self.editor

    async def action_quit(self) -> None:
        # every way out asks about unsaved changes first
        self.editor.action_quit()

    def keep_unsaved_work(self) -> None:
        """Write the recovery copy of unsaved work now (the command line calls this when the
        app stopped on an error); never raises."""
        try:
            self.editor.files.autosave(quiet=True)
        except Exception:  # noqa: BLE001 - nothing may hide the original error
            pass
