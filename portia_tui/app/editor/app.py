"""The editor App: a PortiaApp that shows one EditorScreen over an EditorModel."""

from __future__ import annotations

import sys
from pathlib import Path

from textual.binding import Binding
from textual.screen import Screen

from portia_tui.app.base import PortiaApp
from portia_tui.core.model import Puzzle, default_puzzle

from .commands import EditorCommands
from .model import EditorModel
from .screens.editor import EditorScreen


class EditorApp(PortiaApp):
    TITLE = "portia editor"
    CSS_PATH = "editor.tcss"
    COMMANDS = PortiaApp.COMMANDS | {EditorCommands}
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]

    def __init__(self, model: EditorModel | None = None) -> None:
        super().__init__()
        self.editor = EditorScreen(model or EditorModel.new(default_puzzle()))

    @classmethod
    def for_file(cls, puzzle: Puzzle | None, path: Path | None) -> "EditorApp":
        """The editor on a loaded puzzle, a file still to be created, or the built-in one."""
        if path is None:
            return cls()
        if puzzle is None:
            return cls(EditorModel.new(default_puzzle(), path=path))
        return cls(EditorModel.opened(puzzle, path))

    @property
    def model(self) -> EditorModel:
        return self.editor.model

    def get_default_screen(self) -> Screen:
        return self.editor

    #: how often (seconds) CPython hands the GIL between threads while the editor runs.
    #: The analysis workers are CPU-bound; with the default 5 ms every hop of a key through
    #: the event loop could wait 5 ms for the GIL (measured in benchmarks/bench_editor.py).
    SWITCH_INTERVAL = 0.0005

    def on_mount(self) -> None:
        self._switch_interval = sys.getswitchinterval()
        sys.setswitchinterval(min(self._switch_interval, self.SWITCH_INTERVAL))

    def on_unmount(self) -> None:
        sys.setswitchinterval(getattr(self, "_switch_interval", 0.005))

    async def action_quit(self) -> None:
        # every way out asks about unsaved changes first
        self.editor.action_quit()
