"""Every action of the truth-puzzle editor in one table: the screen's bindings, the footer,
the help screen and the command palette are all made from it."""

from __future__ import annotations

from functools import partial

from textual.binding import Binding, BindingType
from textual.command import DiscoveryHit, Hit, Hits, Provider

from portia_tui.app.editor.commands import KEY_TEXT, PRIORITY_KEYS, EditorAction

ACTIONS: tuple[EditorAction, ...] = (
    EditorAction("undo", "Undo", "Undo the last edit", "u,ctrl+z"),
    EditorAction("redo", "Redo", "Redo the edit undone last", "r,ctrl+y"),
    EditorAction("slot_menu", "Choose a statement…",
                 "The menu of statements the focused slot may take (enter on a slot)", "enter"),
    EditorAction("clear_slot", "Empty the slot", "The focused slot says nothing again",
                 "delete,backspace"),
    EditorAction("add_slot", "Add a statement", "The focused entity says one more thing", "a"),
    EditorAction("remove_slot", "Remove the statement",
                 "Take the focused statement away (its entity says one thing fewer)", "x"),
    EditorAction("add_entity", "Add a person or room",
                 "One more islander or room (the family's next name), saying nothing yet", "A"),
    EditorAction("remove_entity", "Remove this person or room",
                 "Take the focused islander or room away, with what they say (refused while "
                 "another statement, a rule or the question names them)", "X"),
    EditorAction("rules_menu", "Rules…",
                 "Add a rule the narrator promises, or take one away", "l"),
    EditorAction("modes_menu", "Modes and kinds…",
                 "Who speaks truly: each kind's mode (always true, always false, either); "
                 "for rooms, a room's own; add a kind (normals, spies, werewolves, empty "
                 "rooms) or remove one", "m"),
    EditorAction("question_menu", "Question…", "What the solver must find", "k"),
    EditorAction("target_menu", "Target answer…",
                 "The answer the menu marks ★ ✓ ✗ aim at (Algorithm 2)", "t"),
    EditorAction("add_clue", "Add a clue…",
                 "One of the clues that would make the puzzle well posed, as a rule", "c"),
    EditorAction("save", "Save", "Save to the puzzle's .toml file (format 3)", "s,ctrl+s"),
    EditorAction("save_as", "Save as…", "Save to a new .toml file", "S"),
    EditorAction("new", "New page…",
                 "A blank page: the family, how many people or rooms, statements each, the "
                 "kinds (asks about unsaved changes first)", "n"),
    EditorAction("open", "Open…",
                 "Open another truth puzzle (.toml, format 3; asks about unsaved changes "
                 "first)", "o,ctrl+o"),
    EditorAction("play", "Play this puzzle",
                 "Try the page as a player would: marks, checks, hints, reveal (escape comes "
                 "back); it needs exactly one answer", "p"),
    EditorAction("edit_meta", "Title, author, notes…",
                 "Edit the puzzle's title, author and notes", "e"),
    EditorAction("scroll_analysis(1)", "Scroll the analysis down",
                 "The analysis panel's next page (its answers and clues)", "pagedown"),
    EditorAction("scroll_analysis(-1)", "Scroll the analysis up",
                 "The analysis panel's previous page", "pageup"),
    EditorAction("help", "Help", "Keys and what the panels show", "question_mark,f1"),
    EditorAction("escape", "Stop", "Stop an analysis that takes long", "escape"),
    EditorAction("quit", "Quit", "Leave the editor (asks about unsaved changes)", "q,ctrl+q"),
)

#: the footer: these actions' first keys, in this order, with these short labels
#: (at 80 columns no more fit: the focus line names the rules, modes and question keys)
FOOTER = {"quit": "Quit", "help": "Help", "save": "Save", "new": "New", "open": "Open",
          "play": "Play", "undo": "Undo", "target_menu": "Target"}
#: the keys the focus line always names (the footer has no room left for them): in full when
#: there is room, else the short form, the focused statement's words cut to make room
MORE_KEYS = "l rules · m modes, kinds · k question"
MORE_KEYS_SHORT = "l rules · m modes · k question"
#: actions that stay bound on the slots themselves (enter there opens the slot's menu)
SLOT_KEYS = frozenset({"slot_menu"})


def bindings() -> list[BindingType]:
    order = {action: i for i, action in enumerate(FOOTER)}
    out = [Binding(key, a.action, FOOTER.get(a.action, a.title),
                   show=a.action in FOOTER and i == 0, key_display=KEY_TEXT.get(key),
                   priority=key in PRIORITY_KEYS)
           for a in ACTIONS if a.action not in SLOT_KEYS
           for i, key in enumerate(a.bind.split(","))]
    ordered: list[BindingType] = sorted(
        out, key=lambda b: (not b.show, order.get(b.action, len(order))))  # type: ignore[union-attr]
    return ordered


class WorldCommands(Provider):
    """Every action of the truth-puzzle editor, in the command palette."""

    def _hits(self):
        screen = self.screen
        run = getattr(screen, "run_action", None)
        if run is None or not hasattr(screen, "world_model"):
            return
        for a in ACTIONS:
            yield f"{a.title}  ({a.keys})", partial(run, a.action), a.help

    async def discover(self) -> Hits:
        for text, command, help_text in self._hits():
            yield DiscoveryHit(text, command, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, command, help_text in self._hits():
            score = matcher.match(text)
            if score > 0:
                yield Hit(score, matcher.highlight(text), command, help=help_text)
