"""Small modal dialogs: a choice between buttons, a file path, the puzzle's title and notes."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, DirectoryTree, Input, Static, TextArea


class ChoiceScreen(ModalScreen[str | None]):
    """A question and a row of buttons; returns the chosen key, or None on escape.

    Each choice's first letter is also its key (for example s, d, c).
    """

    BINDINGS = [Binding("escape", "choose(None)", "Cancel")]

    def __init__(self, question: str, choices: list[tuple[str, str]]) -> None:
        super().__init__(classes="dialog-screen")
        self.question = question
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="question", markup=False)
            with Horizontal(classes="buttons"):
                for key, label in self.choices:
                    yield Button(f"{label} ({key[0]})", id=f"choice-{key}", compact=True)

    def on_mount(self) -> None:
        self.query(Button).first().focus()

    def on_key(self, event) -> None:
        for key, _label in self.choices:
            if event.character == key[0]:
                event.stop()
                self.dismiss(key)
                return

    def action_choose(self, key: str | None) -> None:
        self.dismiss(key)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss((event.button.id or "").removeprefix("choice-"))


class PuzzleTree(DirectoryTree):
    """Folders and puzzle files only."""

    def filter_paths(self, paths):
        return [
            p for p in paths
            if not p.name.startswith(".")
            and (p.is_dir() or p.suffix.lower() in (".toml", ".txt", ".json"))
        ]


class PathScreen(ModalScreen[Path | None]):
    """Type a path (enter to accept) or pick a file in the tree; escape cancels."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, initial: Path, hint: str = "") -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.initial = initial
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog path-dialog"):
            yield Static(self.title_text, classes="question", markup=False)
            if self.hint:
                yield Static(self.hint, classes="hint", markup=False)
            yield Input(str(self.initial), id="path")
            folder = self.initial.parent if self.initial.parent.is_dir() else Path.cwd()
            yield PuzzleTree(folder, id="tree")
            with Horizontal(classes="buttons"):
                yield Button("OK (enter)", id="ok", compact=True)
                yield Button("Cancel (escape)", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#path", Input).focus()

    def _accept(self) -> None:
        text = self.query_one("#path", Input).value.strip()
        if text:
            self.dismiss(Path(text).expanduser())

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted, "#path")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._accept()

    @on(DirectoryTree.FileSelected)
    def _file(self, event: DirectoryTree.FileSelected) -> None:
        event.stop()
        self.query_one("#path", Input).value = str(event.path)
        self.query_one("#path", Input).focus()

    @on(Button.Pressed, "#ok")
    def _ok(self, event: Button.Pressed) -> None:
        event.stop()
        self._accept()

    @on(Button.Pressed, "#cancel")
    def _cancel(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)


class MetaScreen(ModalScreen[dict | None]):
    """Title, author and notes; ctrl+s or the button keeps them, escape cancels."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "keep", "Keep", priority=True),
    ]

    def __init__(self, title: str, author: str, notes: str) -> None:
        super().__init__(classes="dialog-screen")
        self.values = (title, author, notes)

    def compose(self) -> ComposeResult:
        title, author, notes = self.values
        with Vertical(classes="dialog meta-dialog"):
            yield Static("Title, author and notes (ctrl+s keeps, escape cancels)",
                         classes="question")
            yield Static("Title", classes="hint")
            yield Input(title, id="meta-title")
            yield Static("Author", classes="hint")
            yield Input(author, id="meta-author")
            yield Static("Notes", classes="hint")
            yield TextArea(notes, id="meta-notes")
            with Horizontal(classes="buttons"):
                yield Button("Keep (ctrl+s)", id="keep", compact=True)
                yield Button("Cancel (escape)", id="cancel", compact=True)

    def action_keep(self) -> None:
        self.dismiss(
            {
                "title": self.query_one("#meta-title", Input).value.strip(),
                "author": self.query_one("#meta-author", Input).value.strip(),
                "notes": self.query_one("#meta-notes", TextArea).text.strip(),
            }
        )

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_keep()

    @on(Button.Pressed, "#keep")
    def _keep(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_keep()

    @on(Button.Pressed, "#cancel")
    def _cancel(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)
