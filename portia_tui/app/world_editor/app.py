"""The truth-puzzle editor App (``portia edit`` on a format-3 file, ``portia new --family``):
a PortiaApp showing one WorldEditorScreen over the core's session model."""

from __future__ import annotations

from pathlib import Path

from textual.binding import Binding
from textual.screen import Screen

from portia_tui.app.base import PortiaApp
from portia_tui.app.process import ProcessRunner
from portia_tui.core.author.world_editing import Draft
from portia_tui.core.io.recovery import FileStamp, RecoveryStore

from .commands import WorldCommands
from .files import world_store
from .page import Session
from .screen import WorldEditorScreen


class WorldEditorApp(PortiaApp):
    TITLE = "portia editor"
    CSS_PATH = ["../editor/editor.tcss", "world.tcss"]
    COMMANDS = PortiaApp.COMMANDS | {WorldCommands}
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]

    def __init__(self, session: Session, store: RecoveryStore | None = None,
                 runner: ProcessRunner | None = None) -> None:
        super().__init__()
        self.editor = WorldEditorScreen(session, store if store is not None else world_store(),
                                        runner)

    @classmethod
    def on_draft(cls, draft: Draft, path: Path | None, *, opened: bool,
                 store: RecoveryStore | None = None) -> "WorldEditorApp":
        """The editor on a page: read from `path` (opened), or new (unsaved while `path`
        does not hold it yet)."""
        if opened and path is not None:
            session = Session(draft, path=path, saved=draft, stamp=FileStamp.of(path))
        else:
            session = Session(draft, path=path, saved=None if path is not None else draft)
        return cls(session, store)

    @property
    def model(self) -> Session:
        return self.editor.world_model

    def get_default_screen(self) -> Screen:
        return self.editor

    async def action_quit(self) -> None:
        # every way out asks about unsaved changes first
        self.editor.action_quit()

    def keep_unsaved_work(self) -> None:
        """Write the recovery copy now (the command line calls this when the app stopped on
        an error); never raises."""
        try:
            self.editor.files.autosave(quiet=True)
        except Exception:  # noqa: BLE001 - nothing may hide the original error
            pass
