"""The help screen: keys and what each panel shows (F1 or ?)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from ..commands import ACTIONS
from .dialogs import DialogScreen

PANELS = """\
PANELS
Caskets: one panel per casket, statements numbered 1..S (first casket first). An empty slot
reads "— choose a statement —". Enter or space (or a click) opens the slot's menu; arrow
keys move between slots and caskets. Beside each number: ⟳ when the statement is in a loop,
and with values on, T (true), F (false) or ? (varies) under the solution.
Menu marks, toward the target casket with the puzzle's m (worked out while you look):
  ★ valid: some way of filling the other empty slots makes the puzzle valid
  ✓ reachable: the target can fit with m true statements, but never alone
  ✗ impossible: the target cannot fit with m, whatever fills the rest
  ? undecided: not worked out in time
Analysis: valid or not for m, the true statements with the portrait in each casket (an empty
slot may be true or false), the loops, and every m with one solution (choose one to set m).
Algorithm 2: the target casket (t), how its count stands against m, and for a complete
puzzle that is not valid, every single change (one statement, or m) that makes it valid.
Title line: file name, * unsaved, Portia-n, m (m = 1 + 1 rule, 2 rules, or m open), empty
slots. Opening a puzzle that uses statements beyond the menus' vocabulary switches them (w).
Unsaved work is kept in a recovery file a moment after each edit; the next edit of the file
offers it back. Command palette: ctrl+p (every action is there).
"""


class HelpScreen(DialogScreen[None]):
    BINDINGS = [
        Binding("escape,q,f1,question_mark", "close", "Close"),
    ]

    def compose(self) -> ComposeResult:
        keys = "\n".join(f"  {a.keys:<14} {a.title}: {a.help}" for a in ACTIONS)
        with VerticalScroll(classes="dialog help-dialog"):
            yield Static("KEYS (escape closes this help)\n" + keys + "\n\n" + PANELS, markup=False)

    def action_close(self) -> None:
        self.dismiss(None)
