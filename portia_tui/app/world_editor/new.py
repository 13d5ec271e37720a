"""The truth-puzzle editor's "new page" dialog: after the family (a menu), how many people or
rooms, statements each, and the kinds of speaker with their modes (``portia new --family F
--people K --statements S --modes ...`` in a dialog). The core checks the fields
(core/author/world_editing.py: ``blank``, ``parse_modes``); the dialog shows why not."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from portia_tui.app.editor.screens.dialogs import FormDialog
from portia_tui.core.author import world_editing as we


def modes_words(pairs: tuple[tuple[str, str], ...], family: we.Family) -> str:
    """The kinds as the field shows them: "knight,knave" (a value's mode only when it is not
    its usual one)."""
    known = we.KNOWN_VALUES[family.size_option]
    return ",".join(v if known.get(v) == m else f"{v}={m}" for v, m in pairs)


class NewPageScreen(FormDialog):
    """A blank page of `family`: answers a Draft, or None (escape)."""

    FIRST_FIELD = "new-size"

    def __init__(self, family: str, author: str = "") -> None:
        super().__init__(classes="dialog-screen")
        self.family = we.FAMILIES[family]
        self.author = author

    def compose(self) -> ComposeResult:
        fam = self.family
        size = fam.size_option
        known = we.KNOWN_VALUES[size]
        with Vertical(classes="dialog new-dialog"):
            yield Static(f"A new {fam.name} page: every statement starts empty (enter starts, "
                         "escape cancels)", classes="question", markup=False)
            yield Static("", id="new-error", classes="error", markup=False)
            yield Static(f"How many {size} ({fam.low} to {fam.high})", classes="hint",
                         markup=False)
            yield Input(str(fam.default), id="new-size", type="integer", compact=True)
            yield Static(f"Statements each (1 to {we.MAX_STATEMENTS})", classes="hint")
            yield Input("1", id="new-statements", type="integer", compact=True)
            yield Static(f"Kinds, comma-separated ({', '.join(known)}; value=true|false|free "
                         "for another mode)", classes="hint", markup=False)
            yield Input(modes_words(fam.default_modes(fam.default), fam), id="new-modes",
                        compact=True)
            with Horizontal(classes="buttons"):
                yield Button("Start (enter)", id="start", compact=True)
                yield Button("Cancel (escape)", id="cancel", compact=True)

    def answer(self) -> we.Draft | str:
        """The blank page, or why the fields cannot make one."""
        fam = self.family
        size_text, statements_text = self._value("size"), self._value("statements")
        if not size_text.isascii() or not size_text.isdigit() or len(size_text) > 3:
            return f"{fam.size_option}: a number from {fam.low} to {fam.high}"
        if not statements_text.isascii() or not statements_text.isdigit() \
                or len(statements_text) > 3:
            return f"statements each: a number from 1 to {we.MAX_STATEMENTS}"
        try:
            modes = we.parse_modes(fam.name, self._value("modes")) if self._value("modes") \
                else None
            return we.blank(fam.name, int(size_text), int(statements_text), author=self.author,
                            modes=modes)
        except ValueError as exc:
            return str(exc).removeprefix("--modes: ")


class OwnKindScreen(FormDialog):
    """A kind of the author's own for `draft`'s speakers (a troll who may say anything): its
    name and its mode, checked by the core as ``portia new --modes`` checks ``troll=free``
    (Draft.with_own_kind); a name or mode refused shows the reason in the dialog. Answers
    (name, mode), or None (escape)."""

    FIRST_FIELD = "new-name"

    def __init__(self, draft: we.Draft) -> None:
        super().__init__(classes="dialog-screen")
        self.draft = draft

    def compose(self) -> ComposeResult:
        rooms = self.draft.context().rooms
        with Vertical(classes="dialog new-dialog"):
            yield Static("A kind of your own (enter adds it, escape cancels)",
                         classes="question", markup=False)
            yield Static("", id="new-error", classes="error", markup=False)
            yield Static("Its name: a lower-case word (troll, dragon)", classes="hint",
                         markup=False)
            yield Input("", id="new-name", compact=True)
            yield Static(("Its room's sign: true, false or free" if rooms else
                          "How it speaks: true (always the truth), false (always lies) or "
                          "free (either)"), classes="hint", markup=False)
            yield Input("free", id="new-mode", compact=True)
            with Horizontal(classes="buttons"):
                yield Button("Add (enter)", id="start", compact=True)
                yield Button("Cancel (escape)", id="cancel", compact=True)

    def answer(self) -> tuple[str, str] | str:
        """(name, mode), or why the core refuses them."""
        from portia_tui.core.language.formulas import WorldError

        name, mode = self._value("name"), self._value("mode")
        try:
            self.draft.with_own_kind(name, mode)
        except (ValueError, WorldError) as exc:
            return str(exc)
        return name.lower(), mode.lower()
