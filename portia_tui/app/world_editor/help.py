"""The truth-puzzle editor's help: its keys (from the one action table) and its panels."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from portia_tui.app.editor.screens.dialogs import DialogScreen

from .commands import ACTIONS

PANELS = """\
PANELS
Above: who speaks truly (the modes), the narrator's rules, the question, and the target
answer the menus aim at. Then a panel per person or room, its statements one a line; an
empty slot says nothing yet. Enter on a statement opens its menu: statements grouped by what
they speak of (type to search), and at the end the compounds (both … and …, … or …, if …
then …): choose the first part, then the second.
Menu marks, toward the target answer (t chooses it), worked out while you look:
  ★ valid: the other empty slots can be filled so that the puzzle is well posed with it
  ✓ reachable: the target answer stays possible, but this never makes it the only one
  ✗ impossible: with this statement the target answer cannot be right
  ? undecided: not worked out in time
Analysis: how many answers the puzzle has now (well posed: exactly one), the answers, why
there is none (a paradox such as "I am a knave"), and the clues: facts that would leave one
answer, the least given away on their own first (the answer itself last); six are listed,
with how many were left out, and c adds any of them as a rule.
Kinds: m also adds normals, spies, werewolves or empty rooms, or removes a kind no
statement, rule or question names. n starts a new page, o opens another, p plays this one.
Unsaved work is kept in a recovery file a moment after each edit; the next edit of the file
offers it back. Command palette: ctrl+p (every action is there).
"""


class WorldHelp(DialogScreen[None]):
    BINDINGS = [Binding("escape,q,f1,question_mark", "close", "Close")]

    def compose(self) -> ComposeResult:
        keys = "\n".join(f"  {a.keys:<18} {a.title}: {a.help}" for a in ACTIONS)
        with VerticalScroll(classes="dialog help-dialog"):
            yield Static("KEYS (escape closes this help)\n" + keys + "\n\n" + PANELS,
                         markup=False)

    def action_close(self) -> None:
        self.dismiss(None)
