"""The truth-puzzle editor's file actions: the casket editor's conversations (save, save as,
the question about unsaved changes, the recovery copy and its offer), writing format 3.

Saves are atomic and ask before replacing a file that changed on disk or holds something
else; the recovery copy is the same store as the casket editor's (one file per puzzle file).
"""

from __future__ import annotations

from pathlib import Path

from portia_tui.app.editor.files import FileActions
from portia_tui.core.author import world_editing
from portia_tui.core.errors import PortiaError
from portia_tui.core.io.paths import data_dir
from portia_tui.core.io.recovery import RECOVERY_FOLDER, RecoveryStore

from .page import Session

#: the truth-puzzle editor's recovery copies: a folder of their own, so the casket editor
#: never reads one (nor the other way round)
TRUTH_FOLDER = "truth"


def world_store(folder: Path | None = None) -> RecoveryStore:
    """The recovery store of truth-puzzle pages (format 3, empty slots kept)."""
    return RecoveryStore(folder if folder is not None
                         else data_dir() / RECOVERY_FOLDER / TRUTH_FOLDER,
                         dumps=world_editing.dumps, loads=world_editing.loads)


class WorldFiles(FileActions):
    SAVE_HINT = "portia saves truth puzzles in its TOML format 3 (sentences in English)."

    @property
    def model(self) -> Session:  # type: ignore[override]
        return self.screen.world_model  # type: ignore[attr-defined]

    def file_text(self) -> str:
        return world_editing.dumps(self.model.draft)

    def _write(self, path: Path) -> str | None:
        """Write the page (format 3, atomic); None on success, else why not."""
        model = self.model
        old_path = model.path
        try:
            model.save(path, force=True)
        except PortiaError as exc:
            return str(exc)
        except (TypeError, ValueError) as exc:  # a page the format cannot hold yet
            return f"{path}: cannot be written: {exc}"
        self.forget_recovery(old_path)
        self.forget_recovery(path)
        self.screen.sync_chrome()
        warning = self.screen.save_warning()  # type: ignore[attr-defined]
        if warning:
            self.screen.notify(f"Saved {path}, but {warning}.", severity="warning")
        else:
            self.screen.notify(f"Saved {path} (well posed).")
        return None

    async def open_path(self, path: Path) -> bool:
        self.screen.notify("The truth-puzzle editor opens one file: start portia edit on "
                           "another.", severity="warning")
        return False

