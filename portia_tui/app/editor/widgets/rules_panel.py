"""The rules panel: what Portia tells the suitor besides the inscriptions, one line each.

It renders from the puzzle (the m rule reads "Exactly m statements are true"); adding and
removing rules are the screen's actions (edits through the model, so undo takes them back).
"""

from __future__ import annotations

from textual.widgets import Static

from portia_tui.core.language.model import Puzzle
from portia_tui.core.language.rules import rule_sentence

from .analysis_panel import update_text


def rules_text(puzzle: Puzzle) -> str:
    """'Rules: ...' with every rule the puzzle states, m first."""
    sentences = [rule_sentence(r, puzzle.layout) for r in puzzle.rules]
    if not sentences:
        return "Rules: none yet (m open; l adds a rule)"
    return "Rules: " + " · ".join(sentences) + "   (l add, L remove)"


class RulesPanel(Static):
    def __init__(self) -> None:
        super().__init__("", id="rules", markup=False)
        self._shown = ""

    def sync(self, puzzle: Puzzle) -> None:
        text = rules_text(puzzle)
        if text != self._shown:
            self._shown = text
            # no relayout unless the panel's height changes (an m edit changes one word)
            update_text(self, text)
