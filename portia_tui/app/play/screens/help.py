"""Help: the keys and the rules, in words."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..keys import help_lines


RULES = """\
How to play
  Each casket carries statements, numbered 1, 2, 3... from the left. The puzzle says
  exactly how many of all the statements are true. Suppose the portrait is in each
  casket in turn, work out which statements are then true, and count them: exactly
  one casket gives the number the puzzle says.
  "The statements on the X casket are true" means all of them are; "... false", all
  of them are false.

Keys on a puzzle
{keys}

Pencil marks (your working, kept per supposition and saved with your progress)
{marks}
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
{pack_keys}
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
        back = "back to the list" if self.pack else "leave the puzzle"
        text = RULES.format(keys=help_lines("puzzle", back), marks=help_lines("marks"),
                            pack="\n" + PACK.format(pack_keys=help_lines("pack")) if self.pack
                            else "",
                            code=(f"\nShare this puzzle: its code is {self.code}\n"
                                  f"(portia play CODE opens it)\n" if self.code else ""))
        box = VerticalScroll(Static(text, markup=False), id="help")
        box.border_title = "Help (Escape to close)"  # set here: no lookup once mounted
        yield box

    def action_close(self) -> None:
        self.dismiss()
