"""Every editor action in one table, and the command palette provider built from it.

The same table feeds the help screen, so the palette, the help and the keys agree.
"""

from __future__ import annotations

from functools import partial
from typing import NamedTuple

from textual.command import DiscoveryHit, Hit, Hits, Provider


class EditorAction(NamedTuple):
    action: str  # an action of the editor screen
    title: str
    help: str
    keys: str  # as shown to people


ACTIONS: tuple[EditorAction, ...] = (
    EditorAction("undo", "Undo", "Undo the last edit", "u, ctrl+z"),
    EditorAction("redo", "Redo", "Redo the edit undone last", "r, ctrl+y"),
    EditorAction("m_up", "m up", "One more true statement (m + 1; from open: 1)", "+ or ="),
    EditorAction("m_down", "m down", "One fewer true statement (m - 1)", "-"),
    EditorAction("focus_m", "Type m", "Go to the m field (type a number, or nothing for m open; enter)", "m, ctrl+e"),
    EditorAction("add_row", "Add a row", "Every casket gains a statement (Portia-n+1)", "a"),
    EditorAction("remove_row", "Remove a row",
                 "Every casket loses the statement in the focused row (else the last)", "x"),
    EditorAction("toggle_values", "Show truth values",
                 "Mark each statement T, F or ? (varies) under the solution", "v"),
    EditorAction("next_target", "Next target casket",
                 "Aim at the next casket: the marks and the running count follow it", "t"),
    EditorAction("toggle_assistant", "Algorithm 2 panel",
                 "Show or hide the panel: target casket, running count, repairs", "g"),
    EditorAction("next_unique_m", "Next unique m", "Set m to the next m with one solution", "]"),
    EditorAction("prev_unique_m", "Previous unique m",
                 "Set m to the previous m with one solution", "["),
    EditorAction("save", "Save", "Save to the puzzle's .toml file", "s, ctrl+s"),
    EditorAction("save_as", "Save as…", "Save to a new .toml file", "S (shift+s)"),
    EditorAction("open", "Open…", "Open a .toml, .txt or .json puzzle", "o, ctrl+o"),
    EditorAction("new", "New puzzle",
                 "A blank page: caskets, statements per casket, target and m", "n"),
    EditorAction("edit_meta", "Title, author, notes…", "Edit the puzzle's title, author and notes",
                 "e"),
    EditorAction("copy_text", "Copy as thesis text",
                 "Copy the puzzle as thesis plain text (OSC 52)", "c"),
    EditorAction("copy_toml", "Copy as TOML", "Copy the puzzle in portia's TOML format", "C"),
    EditorAction("play", "Play this puzzle",
                 "Try the puzzle as a player would: no analysis, hints, reveal (esc comes back)",
                 "p"),
    EditorAction("help", "Help", "Keys and what the panels show", "f1, ?"),
    EditorAction("quit", "Quit", "Leave the editor (asks about unsaved changes)", "q, ctrl+q"),
)


class EditorCommands(Provider):
    """Every editor action, plus 'set m' for each m with one solution."""

    def _hits(self):
        screen = self.screen
        run = getattr(screen, "run_action", None)
        if run is None or not hasattr(screen, "model"):
            return
        for a in ACTIONS:
            yield f"{a.title}  ({a.keys})", partial(run, a.action), a.help
        report = getattr(screen, "report", None)
        if report is not None:
            analysis = report.analysis
            for m in analysis.unique_m:
                casket = analysis.puzzle.names[analysis.solutions(m)[0]]
                yield (
                    f"Set m = {m} (unique: {casket})",
                    partial(run, f"set_m({m})"),
                    f"m = {m} gives exactly one solution: the portrait in {casket}",
                )
        puzzle = screen.model.puzzle
        if puzzle.n is not None and puzzle.n > 1:
            for pos in range(puzzle.n):
                yield (
                    f"Remove row {pos + 1}",
                    partial(run, f"remove_row({pos})"),
                    "Every casket loses its statement in this row",
                )
        for i, name in enumerate(puzzle.names):
            yield (
                f"Assistant target: {name}",
                partial(run, f"assistant_target({i})"),
                f"Algorithm 2 with the portrait in {name}",
            )

    async def discover(self) -> Hits:
        for text, command, help_text in self._hits():
            yield DiscoveryHit(text, command, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, command, help_text in self._hits():
            score = matcher.match(text)
            if score > 0:
                yield Hit(score, matcher.highlight(text), command, help=help_text)
