"""Small modal dialogs: a choice between buttons, a file path, the puzzle's title and notes,
the shape of a new puzzle.

Every dialog answers once (:class:`Dialog`): keys that arrive after its answer, such as the
rest of a paste or of a key repeat, are ignored instead of dismissing it a second time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, DirectoryTree, Input, Static, TextArea


AnswerType = TypeVar("AnswerType")


class DialogScreen(ModalScreen[AnswerType]):
    """A modal screen drawn as a box (``.dialog``) in the middle of the screen: every dialog,
    menu and help screen of the editors.

    Their rules are this class's default CSS (global, not scoped to it), not the editor's
    stylesheet: Textual matches each node it styles against every rule of the app, and the
    editor's opening styles its screen twice over; a screen's DEFAULT_CSS is added when the
    first such screen is shown, without styling anything again. Each rule here is a class or
    an id, which no default rule of Textual's widgets outranks.
    """

    def __init__(self, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        # every such screen is centred (the help screens, which passed no class, stood at
        # the left edge of an 80 x 24 terminal)
        wanted = "dialog-screen" if not classes else f"{classes} dialog-screen"
        super().__init__(name=name, id=id, classes=wanted)

    SCOPED_CSS = False
    DEFAULT_CSS = """
    .dialog-screen { align: center middle; }
    .dialog {
        width: 80%;
        max-width: 100;
        height: auto;
        max-height: 90%;
        border: thick $accent;
        background: $surface;
        padding: 1 2;
    }
    .dialog .question { margin: 0 0 1 0; }
    .dialog .hint { color: $text-muted; }
    .dialog .error { color: $error; text-style: bold; }
    .dialog .buttons { height: auto; margin: 1 0 0 0; }
    .dialog .buttons Button { margin: 0 2 0 0; }
    .path-dialog #tree { height: 14; }
    .meta-dialog #meta-notes { height: 6; }
    .help-dialog { width: 90%; max-width: 110; height: 90%; }
    /* a fixed share of the screen, the list taking what the title and legend leave: at 80 x 24
       the list scrolls to its last entries (an auto height let it run past the dialog) */
    .menu-dialog { width: 90%; max-width: 80; height: 90%; }
    /* Opaque on purpose: behind a translucent screen Textual re-composites the 120-slot editor
       for every frame of the menu (each cursor move cost ~30 ms instead of ~5 ms at 12 x 10,
       see benchmarks/bench_editor.py). The menu's title names the slot being edited. */
    MenuScreen { background: $background; }
    .menu-dialog #menu { height: 1fr; border: none; }
    """


class Dialog(DialogScreen):
    """A modal screen that answers once, and only while it is the screen on top."""

    answered = False
    #: set by whoever waits on the answer in a worker and may open another screen after
    #: it: the keys after the answer are held until then (PortiaApp.hold_keys)
    hold_token: object | None = None

    def dismiss(self, result=None):  # type: ignore[override]
        if self.answered or not self.is_current:
            return None
        self.answered = True
        hold = getattr(self.app, "hold_keys", None)
        if self.hold_token is not None and hold is not None:
            hold(self.hold_token)
        return super().dismiss(result)

    def on_key(self, event) -> None:
        """Enter in a text field answers at once, while the key is still travelling.

        Textual 8.2 runs Input's enter binding only once the key has reached the app, and
        the Submitted message it posts reaches this screen after the next key of a burst
        was handed on to the field: `e`, a title, enter, `l` typed the l into the title
        dialog as it closed, instead of opening the rules menu. (A subclass's on_key runs
        first; it stops this one with prevent_default.)"""
        if event.key != "enter" or self.answered:
            return
        field = self.focused
        if isinstance(field, Input):
            event.stop()
            event.prevent_default()
            self.enter_in(field)

    def enter_in(self, field: Input) -> None:
        """Enter was pressed in `field` (a text field of this dialog): what Submitted does
        (a dialog that answers on enter does it here, at once)."""
        field.post_message(Input.Submitted(field, field.value))


class ChoiceScreen(Dialog):
    """A question and a row of buttons; returns the chosen key, or None on escape.

    Each choice's first letter is also its key (for example s, d, c). The button enter
    presses at first is `default`, else the last choice: callers put the safe choice
    (Cancel, Later) last, so a stray enter never saves, discards or restores.
    """

    BINDINGS = [Binding("escape", "choose(None)", "Cancel")]

    def __init__(self, question: str, choices: list[tuple[str, str]],
                 default: str | None = None) -> None:
        super().__init__(classes="dialog-screen")
        self.question = question
        self.choices = choices
        self.default = default if default is not None else choices[-1][0]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="question", markup=False)
            with Horizontal(classes="buttons"):
                for key, label in self.choices:
                    yield Button(f"{label} ({key[0]})", id=f"choice-{key}", compact=True)

    def on_mount(self) -> None:
        buttons = self.query(f"#choice-{self.default}")
        if buttons:  # none when the dialog was answered before it was even shown
            buttons.first().focus()

    def on_key(self, event) -> None:
        if self.answered:
            return
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


class PathScreen(Dialog):
    """Type a path (enter to accept) or pick a file in the tree; escape cancels."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, initial: Path, hint: str = "", error: str = "") -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.initial = initial
        self.hint = hint
        self.error = error

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog path-dialog"):
            yield Static(self.title_text, classes="question", markup=False)
            if self.error:
                yield Static(self.error, classes="error", id="path-error", markup=False)
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

    def enter_in(self, field: Input) -> None:
        if field.id == "path":
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


class MetaScreen(Dialog):
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

    def enter_in(self, field: Input) -> None:
        self.action_keep()

    @on(Button.Pressed, "#keep")
    def _keep(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_keep()

    @on(Button.Pressed, "#cancel")
    def _cancel(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)


def _small_number(text: str) -> int | None:
    """A field's whole number, or None when it is none or has over 6 digits (a pasted
    5,000-digit number is past int()'s limit; no field here takes more than 4 digits)."""
    text = text.strip()
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 6:
        return None
    return int(text)


class FormDialog(Dialog):
    """A dialog of text fields that answers what :meth:`answer` makes of them: enter (in any
    field, at once) or Start answers it, escape or Cancel answers None, and a reason the
    fields cannot be used is shown in its ``#new-error`` line instead."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    #: the id of the field focused first
    FIRST_FIELD = ""

    def on_mount(self) -> None:
        self.query_one("#new-error").display = False
        self.query_one(f"#{self.FIRST_FIELD}", Input).focus()

    def _value(self, name: str) -> str:
        return self.query_one(f"#new-{name}", Input).value.strip()

    def answer(self) -> Any:
        """The answer, or a string: why the fields cannot make one."""
        raise NotImplementedError

    def action_start(self) -> None:
        found = self.answer()
        if isinstance(found, str):
            error = self.query_one("#new-error", Static)
            error.update(found)
            error.display = True
            return
        self.dismiss(found)

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def enter_in(self, field: Input) -> None:
        self.action_start()

    @on(Button.Pressed, "#start")
    def _start(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_start()

    @on(Button.Pressed, "#cancel")
    def _cancel(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)


class NewPuzzleScreen(FormDialog):
    """A blank page: the caskets (a count or names), statements per casket, the target
    casket and m (empty: m stays open). Answers a dict for the editor, or None (escape)."""

    FIRST_FIELD = "new-caskets"

    def __init__(self, caskets: str = "3", n: int = 1, target: str = "", m: str = "") -> None:
        super().__init__(classes="dialog-screen")
        self.values = (caskets, str(n), target, m)

    def compose(self) -> ComposeResult:
        caskets, n, target, m = self.values
        with Vertical(classes="dialog new-dialog"):
            yield Static("A new puzzle: every statement starts empty (enter starts, escape "
                         "cancels)", classes="question")
            yield Static("", id="new-error", classes="error", markup=False)
            yield Static("Caskets: how many, or their names (gold silver lead)", classes="hint")
            yield Input(caskets, id="new-caskets")
            yield Static("Statements per casket", classes="hint")
            yield Input(n, id="new-n", type="integer")
            yield Static("Target: the casket the portrait should be in (empty: the first)",
                         classes="hint")
            yield Input(target, id="new-target")
            yield Static("m: how many statements are true (empty: decide later)",
                         classes="hint")
            yield Input(m, id="new-m", type="integer")
            with Horizontal(classes="buttons"):
                yield Button("Start (enter)", id="start", compact=True)
                yield Button("Cancel (escape)", id="cancel", compact=True)

    def answer(self) -> dict | str:
        """The dict for the editor, or why the fields cannot make a puzzle."""
        from portia_tui.core.language.model import casket_names, check_name

        text = self._value("caskets")
        if text.isascii() and text.isdigit():  # '²' is a digit to isdigit, not to int()
            if len(text) > 3 or not 1 <= int(text) <= 100:
                return "between 1 and 100 caskets"
            names = casket_names(int(text))
        else:
            names = tuple(text.replace(",", " ").lower().split())
            bad = next((why for why in map(check_name, names) if why), None)
            if not names or bad:
                return bad or "give a number of caskets or their names"
            if len(set(names)) != len(names):
                return "two caskets have the same name"
        n = _small_number(self._value("n"))
        if n is None or not 1 <= n <= 100:
            return "between 1 and 100 statements per casket"
        target = self._value("target").lower() or names[0]
        if target not in names:
            return f"the target must be one of the caskets: {', '.join(names)}"
        m_text = self._value("m")
        m = _small_number(m_text) if m_text else None
        if m_text and (m is None or not 0 <= m <= n * len(names)):
            return f"m must be between 0 and {n * len(names)}, or empty"
        return {"caskets": names, "n": n, "target": names.index(target), "m": m}
