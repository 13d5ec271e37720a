"""Help: the keys and the rules, in words."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static


RULES = """\
How to play
  Each casket carries statements, numbered 1, 2, 3... from the left. The puzzle says
  exactly how many of all the statements are true. Suppose the portrait is in each
  casket in turn, work out which statements are then true, and count them: exactly
  one casket gives the number the puzzle says.
  "The statements on the X casket are true" means all of them are; "... false", all
  of them are false.

Keys on a puzzle
  1-9            pick that casket (left to right; caskets past 9: ←/→ and Enter)
  ←/→ and Enter  choose a casket, then pick it (or click a casket with the mouse)
  ↑/↓            move between statements (the caskets scroll to show it; so does the
                 mouse wheel over them)
  h              one more hint: where to start, then one count, then every count
  r              reveal the answer and the step-by-step explanation (press twice)
  PgUp/PgDn      scroll the text below the caskets (or the mouse wheel over it)
  Escape         {back}
  ?              this help

Pencil marks (your working, kept per supposition and saved with your progress)
  s              suppose the portrait is in the chosen casket (again: stop supposing)
  t / f          mark the statement under ▸ true / false (the same key again clears it)
  c              check your marks: says which contradict the statements' meaning under
                 this supposition, never which casket holds the portrait
  u              undo the last mark
  x              start the puzzle over: clears marks, picks and hints (press twice)
{pack}
Marks (a word or symbol goes with every colour)
  ▶ name ◀          the chosen casket
  · supposed        the casket you are supposing the portrait in
  ▸                 the statement t and f mark
  T  F  ·           your pencil marks: true, false, none;  ✘ a mark that cannot hold
  ✘ not here        a casket you ruled out with a wrong pick
  ✔ the portrait    the answer, once solved or revealed
  ○ unsolved   ● solved   ◐ solved with hints   ◌ revealed   ⚠ invalid puzzle
{code}"""

PACK = """\
In a pack
  n / p          next / previous puzzle
  Enter          on the list: play the highlighted puzzle
  s              on the list: statistics
  q              quit; your progress is saved, the same command resumes
  The timer runs while an unfinished puzzle is on screen.
"""


class HelpScreen(ModalScreen[None]):
    CSS = """
    HelpScreen { align: center middle; }
    #help { width: 96; max-width: 100%; height: auto; max-height: 90%;
            border: round $accent; padding: 0 1; background: $surface; }
    """
    BINDINGS = [
        Binding("escape", "close", "close"),
        Binding("question_mark", "close", "close", show=False),
        Binding("q", "close", "close", show=False),
    ]

    def __init__(self, pack: bool = True, code: str = "") -> None:
        super().__init__()
        self.pack = pack
        self.code = code

    def compose(self) -> ComposeResult:
        text = RULES.format(back="back to the list" if self.pack else "leave the puzzle",
                            pack="\n" + PACK if self.pack else "",
                            code=(f"\nShare this puzzle: its code is {self.code}\n"
                                  f"(portia play CODE opens it)\n" if self.code else ""))
        with VerticalScroll(id="help"):
            yield Static(text, markup=False)

    def on_mount(self) -> None:
        self.query_one("#help").border_title = "Help (Escape to close)"

    def action_close(self) -> None:
        self.dismiss()
