"""The help screen: keys and what each panel shows (F1 or ?)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..commands import ACTIONS

PANELS = """\
PANELS
Caskets: one panel per casket, statements numbered 1..S (first casket first). Each row is a
menu of every statement allowed there: enter or space (or a click) opens it; arrow keys move
between rows and caskets; tab moves on. Before each menu: the number, ⟳ when the statement is
in a loop, and with values on T (true), F (false) or ? (varies) under the solution.
Analysis: valid or not for the puzzle's m, the solutions, how many statements can be true with
the portrait in each casket, the loops (paradox / undetermined / determined), and every m with
exactly one solution (choose one to set m). It is recomputed after every edit.
Assistant (Algorithm 2): pick a target casket and m; it counts the true statements with the
portrait there, warns when m is exceeded, marks each entry of an open menu ✓ (keeps the
target reachable with exactly m true) or ✗, and says whether the target is the only casket
that fits.
Title line: file name, * unsaved, Portia-n, m.
Command palette: ctrl+p (every action is there).
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,q,f1,question_mark", "close", "Close"),
    ]

    def compose(self) -> ComposeResult:
        keys = "\n".join(f"  {a.keys:<14} {a.title}: {a.help}" for a in ACTIONS)
        with VerticalScroll(classes="dialog help-dialog"):
            yield Static("KEYS (escape closes this help)\n" + keys + "\n\n" + PANELS, markup=False)

    def action_close(self) -> None:
        self.dismiss(None)
