"""The editor's file actions: save, save as, open, new, the question about unsaved work,
and the recovery copy of unsaved work (the store itself is core/io/recovery.py).

A save asks before replacing a file that changed on disk since it was opened or last saved,
says so when the puzzle it writes is incomplete or not valid (it still saves), and a failed
"save as" opens the dialog again with the path and the reason. Only one of these
conversations runs at a time: a second key (a repeat, a paste) while one is open does nothing.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from portia_tui.core.io import formats
from portia_tui.core.errors import PortiaError
from portia_tui.core.io.formats.common import read_text
from portia_tui.core.io.recovery import Recovered, RecoveryStore
from portia_tui.core.solve.sat import analyse
from portia_tui.core.author.editing import EditorModel
from portia_tui.core.language.words import incomplete, plural

from .widgets.toolbar import display_name
from .screens.dialogs import ChoiceScreen, PathScreen

if TYPE_CHECKING:
    from textual.timer import Timer

    from .screens.editor import EditorScreen

#: seconds after the last edit before the recovery copy is written
AUTOSAVE_DELAY = 2.0


def save_warning(model: EditorModel, analysis=None) -> str:
    """'' for a valid puzzle, else what is not right with it, in an author's words."""
    puzzle = model.puzzle
    if not puzzle.complete:
        return incomplete(len(puzzle.empty_slots), puzzle.m is None)
    if analysis is None or analysis.puzzle != puzzle:
        analysis = analyse(puzzle)
    sols = analysis.solutions()
    if len(sols) == 1:
        return ""
    if not sols:
        return f"not valid: no casket fits with m = {puzzle.m}"
    return f"not valid: {plural(len(sols), 'casket')} fit with m = {puzzle.m}"


class FileActions:
    """What the screen's file keys do; `screen` shows the dialogs and notices."""

    #: the save-as dialog's hint (the truth-puzzle editor says its own)
    SAVE_HINT = "portia saves its own TOML format; 'Copy as thesis text' exports the text."

    def __init__(self, screen: "EditorScreen", store: RecoveryStore | None = None) -> None:
        self.screen = screen
        self.store = store if store is not None else RecoveryStore()
        #: a conversation (dialogs) is running: a second one is refused
        self.busy = False
        self._timer: Timer | None = None
        #: the puzzle in the recovery file (None: none written by this editor)
        self._recovered_as: tuple | None = None

    @property
    def model(self) -> EditorModel:
        return self.screen.model

    async def ask(self, question: str, choices: list[tuple[str, str]]) -> str | None:
        return await self.screen.ask_screen(ChoiceScreen(question, choices))

    # ----------------------------------------------------------------- saving
    def _write(self, path: Path) -> str | None:
        """Write the puzzle; None on success, else why not."""
        model = self.model
        try:
            formats.save(model.puzzle, path, force=True)
        except PortiaError as exc:
            return str(exc)
        old_path = model.path
        model.mark_saved(path)
        self.forget_recovery(old_path)
        self.forget_recovery(path)
        self.screen.sync_chrome()
        report = self.screen.report
        warning = save_warning(model, report.analysis if report is not None else None)
        if warning:
            self.screen.notify(f"Saved {path}, but it is {warning}.", severity="warning")
        else:
            self.screen.notify(f"Saved {path} (valid).")
        return None

    async def _replace_ok(self, path: Path, changed: bool) -> bool:
        """True when `path` is free, holds this very puzzle, or the author agrees to replace it."""
        if not path.exists():
            return True
        if path.is_dir():
            self.screen.notify(f"{path} is a folder", severity="error")
            return False
        try:
            same = read_text(path) == self.file_text()
        except PortiaError:  # missing, special (a FIFO), too large, not UTF-8: not the same
            same = False
        if same:
            return True
        why = ("changed on disk since it was opened or last saved" if changed
               else "already exists and holds something else")
        choice = await self.ask(f"{path} {why}. Replace it?",
                                [("overwrite", "Overwrite"), ("cancel", "Cancel")])
        return choice == "overwrite"

    def file_text(self) -> str:
        """The text a save writes (a file holding it already is not replaced)."""
        return formats.dumps(self.model.puzzle, "native")

    async def save(self) -> bool:
        model = self.model
        if model.path is None:
            return await self.save_as()
        if model.changed_on_disk() and not await self._replace_ok(model.path, changed=True):
            return False
        error = self._write(model.path)
        if error:
            self.screen.notify(error, severity="error")
        return error is None

    async def save_as(self) -> bool:
        hint = self.SAVE_HINT
        source = getattr(self.model, "source", None)
        if source is not None:
            hint = f"{source.name} was imported; it is saved as TOML. " + hint
        initial, error = self.model.suggested_path(), ""
        while True:
            path = await self.screen.ask_screen(
                PathScreen("Save as (.toml)", initial, hint, error=error))
            if path is None:
                return False
            if path.suffix == "":
                path = path.with_suffix(".toml")
            initial = path
            if path.suffix.lower() != ".toml":
                error = f"{path}: save as a .toml file"
                continue
            if not await self._replace_ok(path, changed=False):
                return False
            error = self._write(path) or ""
            if not error:
                return True

    async def confirm_discard(self, doing: str) -> bool:
        """True when there is nothing unsaved, or the author saved or chose to discard it."""
        if not self.model.dirty:
            return True
        choice = await self.ask(
            f"{display_name(self.model)} has unsaved changes. Save them before {doing}?",
            [("save", "Save"), ("discard", "Discard"), ("cancel", "Cancel")],
        )
        if choice == "save":
            return await self.save()
        if choice == "discard":
            self.forget_recovery(self.model.path)
            return True
        return False

    async def open_path(self, path: Path) -> bool:
        try:
            puzzle = formats.load(path)
        except PortiaError as exc:
            self.screen.notify(str(exc), severity="error")
            return False
        await self.screen.load_model(EditorModel.opened(puzzle, path))
        return True

    async def choose_and_open(self) -> None:
        if not await self.confirm_discard("opening another puzzle"):
            return
        start = self.model.path or self.model.source or Path.cwd() / "puzzle.toml"
        path = await self.screen.ask_screen(
            PathScreen("Open a puzzle (.toml, or .txt / .json to import)", start))
        if path is None or not await self.open_path(path):
            self.edited()  # the work discarded is still here after all: keep its copy again

    # ----------------------------------------------------------------- recovery
    def edited(self) -> None:
        """After an edit: write the recovery copy a moment after the last one; an edit (an
        undo) that returns to the saved puzzle removes the copy this editor wrote."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if not self.model.dirty:
            self.forget_own_recovery()
            return
        self._timer = self.screen.set_timer(AUTOSAVE_DELAY, self.autosave)

    def forget_own_recovery(self) -> None:
        """Remove the recovery copy this editor wrote, if any (one an earlier session left,
        and the author kept for later, stays)."""
        if self._recovered_as is not None:
            self.forget_recovery(self._recovered_as[0])

    def autosave(self, quiet: bool = False) -> None:
        """Write the recovery copy now (when there is unsaved work); never raises.
        `quiet`: no notice on failure (the app has stopped)."""
        model = self.model
        self._timer = None
        key = (model.path, model.puzzle)
        if not model.dirty:
            self.forget_own_recovery()
            return
        if key == self._recovered_as:
            return
        try:
            self.store.write(model.path, model.puzzle)
            self._recovered_as = key
        except (PortiaError, OSError) as exc:
            if not quiet:
                self.screen.notify(f"Could not keep a recovery copy: {exc}", severity="warning")

    def forget_recovery(self, path: Path | None) -> None:
        self.store.clear(path)
        self._recovered_as = None

    async def offer_recovery(self) -> None:
        """At start: unsaved work from an earlier session of this file? Offer it."""
        model = self.model
        found: Recovered | None = self.store.read(model.path)
        if found is None:
            return
        if found.puzzle == model.puzzle:
            self.forget_recovery(model.path)
            return
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(found.written))
        choice = await self.ask(
            f"Unsaved work on {display_name(model)} from {when} was kept after the editor "
            "stopped. Restore it?",
            [("restore", "Restore"), ("discard", "Discard it"), ("later", "Later")],
        )
        if choice == "restore":
            await self.screen.edit(found.puzzle)
            self.screen.widen_vocabulary()
        elif choice == "discard":
            self.forget_recovery(model.path)
