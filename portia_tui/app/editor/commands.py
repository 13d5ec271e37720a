"""Every editor action in one table, and the command palette provider built from it.

The same table makes the editor screen's bindings and feeds the help screen, so the palette,
the help and the keys agree.
"""

from __future__ import annotations

from functools import partial
from typing import NamedTuple

from textual.binding import Binding, BindingType
from textual.command import DiscoveryHit, Hit, Hits, Provider

from portia_tui.core.language.rules import rule_sentence
from portia_tui.core.language.vocabulary import VOCABULARIES


class EditorAction(NamedTuple):
    action: str  # an action of the editor screen
    title: str
    help: str
    bind: str  # the keys bound, in Textual's names, comma-separated: the one home of the keys

    @property
    def keys(self) -> str:
        """The keys as shown to people: '+, =' for 'plus,equals_sign'."""
        return ", ".join(KEY_TEXT.get(k, k) for k in self.bind.split(","))


#: Textual key names people would not recognise, as shown in the help and the palette
KEY_TEXT = {"plus": "+", "equals_sign": "=", "minus": "-", "question_mark": "?",
            "right_square_bracket": "]", "left_square_bracket": "[", "S": "S (shift+s)"}
#: keys that work even while a field has focus (ctrl+s saves from the m field too)
PRIORITY_KEYS = frozenset({"ctrl+s"})

ACTIONS: tuple[EditorAction, ...] = (
    EditorAction("undo", "Undo", "Undo the last edit", "u,ctrl+z"),
    EditorAction("redo", "Redo", "Redo the edit undone last", "r,ctrl+y"),
    EditorAction("m_up", "m up", "One more true statement (m + 1; from open: 1)",
                 "plus,equals_sign"),
    EditorAction("m_down", "m down", "One fewer true statement (m - 1)", "minus"),
    EditorAction("focus_m", "Type m",
                 "Go to the m field (type a number, or nothing for m open; enter)", "m,ctrl+e"),
    EditorAction("add_row", "Add a row", "Every casket gains a statement (Portia-n+1)", "a"),
    EditorAction("remove_row", "Remove a row",
                 "Every casket loses the statement in the focused row (else the last)", "x"),
    EditorAction("toggle_values", "Show truth values",
                 "Mark each statement T, F or ? (varies) under the solution", "v"),
    EditorAction("next_target", "Next target casket",
                 "Aim at the next casket: the marks and the running count follow it", "t"),
    EditorAction("toggle_assistant", "Algorithm 2 panel",
                 "Show or hide the panel: target casket, running count, repairs", "g"),
    EditorAction("repairs", "Repairs…",
                 "Every single change that makes the finished puzzle valid, nearest the cursor "
                 "first (type to narrow); enter applies one, u undoes it", "f"),
    EditorAction("add_rule", "Add a rule…",
                 "Choose a rule Portia states (counts of true statements, per casket, makers)",
                 "l"),
    EditorAction("remove_rule", "Remove a rule…", "Choose one of the puzzle's rules to drop",
                 "L"),
    EditorAction("next_vocabulary", "Next vocabulary",
                 "The menus, marks and repairs offer the next vocabulary: portrait (in / not "
                 "in), classic (the six of the thesis), full (the whole language)", "w"),
    EditorAction("next_unique_m", "Next unique m", "Set m to the next m with one solution",
                 "right_square_bracket"),
    EditorAction("prev_unique_m", "Previous unique m",
                 "Set m to the previous m with one solution", "left_square_bracket"),
    EditorAction("save", "Save", "Save to the puzzle's .toml file", "s,ctrl+s"),
    EditorAction("save_as", "Save as…", "Save to a new .toml file", "S"),
    EditorAction("open", "Open…", "Open a .toml, .txt or .json puzzle", "o,ctrl+o"),
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
    EditorAction("help", "Help", "Keys and what the panels show", "question_mark,f1"),
    EditorAction("escape", "Stop / back",
                 "Stop an analysis that takes long; from the m field, back to the statements",
                 "escape"),
    EditorAction("quit", "Quit", "Leave the editor (asks about unsaved changes)", "q,ctrl+q"),
)


#: the footer: these actions' first keys, in this order, with these short labels
FOOTER = {"quit": "Quit", "help": "Help", "save": "Save", "new": "New", "undo": "Undo",
          "m_up": "m+", "m_down": "m-", "next_target": "Target", "add_row": "Add row"}


def bindings() -> list[BindingType]:
    """The editor screen's bindings, made from ACTIONS: the footer's first, then the rest."""
    order = {action: i for i, action in enumerate(FOOTER)}
    out = [Binding(key, a.action, FOOTER.get(a.action, a.title),
                   show=a.action in FOOTER and i == 0, key_display=KEY_TEXT.get(key),
                   priority=key in PRIORITY_KEYS)
           for a in ACTIONS for i, key in enumerate(a.bind.split(","))]
    by_order = sorted(out, key=lambda b: (not b.show, order.get(b.action, len(order))))
    ordered: list[BindingType] = [*by_order]
    return ordered


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
        for i, rule in enumerate(puzzle.rules):
            text = rule_sentence(rule, puzzle.layout)
            yield (f"Remove rule: {text}", partial(run, f"remove_rule({i})"),
                   "The puzzle no longer states this rule")
        for name in VOCABULARIES:
            yield (
                f"Vocabulary: {name}" + ("  (now)" if name == screen.model.vocabulary else ""),
                partial(run, f"set_vocabulary({name!r})"),
                f"The menus, marks and repairs offer the {name} vocabulary",
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
