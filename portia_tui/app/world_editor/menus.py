"""The truth-puzzle editor's menus: a slot's statements (with compounds built in two more
steps), the narrator's rules, the modes, the question, the target answer and the clues.

Each menu runs as one conversation (the screen's ``_dialog``): the keys typed after the one
that opened it wait for it, and between the steps of a compound, so a burst fills the menus
in order. The menus are the casket editor's MenuScreen (grouped, search as you type).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.widgets import OptionList

from portia_tui.app.editor.screens.menu import MenuScreen
from portia_tui.core.author import world_menus as wm
from portia_tui.core.errors import PortiaError
from portia_tui.core.language.formulas import WorldError, freeze, thaw

from . import page

if TYPE_CHECKING:
    from .screen import WorldEditorScreen

#: the compound steps offered at the end of a statement menu: connective -> its entry
COMPOUND_ENTRIES = (
    ("and", "Both … and …  (choose two statements)"),
    ("or", "… or …  (choose two statements)"),
    ("if", "If …, then …  (choose two statements)"),
    ("iff", "… if and only if …  (choose two statements)"),
    ("neither", "Neither … nor …  (choose two statements)"),
    ("not", "It is not true that …  (choose one statement)"),
)
COMPOUND_GROUP = "Compound: two statements joined (and, or, if)"
#: the modes menu's groups of kinds added or removed
KIND_GROUPS = {"add": "Add a kind",
               "remove": "Remove a kind (not while a statement, rule or question names it)"}


class WorldMenu(MenuScreen):
    """The casket editor's menu, answering enter at once.

    Textual 8.2 runs OptionList's enter binding when the key reaches the app, and the
    OptionSelected message it posts then climbs back down to the screen: by then the next
    key of a burst was already handed on, to this menu (a compound's second part lost its
    first letter). Enter here chooses the highlighted entry while the key is still
    travelling, so the dialog's answer holds the next keys back in time.
    """

    def on_key(self, event: events.Key) -> None:
        # Textual calls MenuScreen.on_key after this one by itself (each class's handler in
        # turn, until prevent_default): calling it here too took back two letters a backspace
        if event.key != "enter":
            return
        event.stop()
        event.prevent_default()
        if self.answered:
            return
        at = self.query_one("#menu", OptionList).highlighted
        entry = self._lines[at] if at is not None and at < len(self._lines) else None
        if entry is not None:
            self.dismiss(self.options[entry][1])


class Menus:
    """The menus of a WorldEditorScreen: it runs them as conversations (``_dialog``), and
    they edit its draft through ``edit``."""

    def __init__(self, screen: WorldEditorScreen) -> None:
        self.screen = screen
        #: the statement menu open now, if any
        self.open_menu: MenuScreen | None = None

    # ----------------------------------------------------------------- a slot's menu
    def slot_menu(self) -> None:
        key = self.screen.focused_slot()
        if key is not None:
            self.open_slot_menu(*key)

    def open_slot_menu(self, entity: int, position: int) -> None:
        if self.screen.app.screen is not self.screen:
            return
        self.screen._dialog(lambda: self._slot_conversation(entity, position))

    def statement_entries(self, sid: str) -> list[wm.Entry]:
        return wm.slot_menu(self.screen.draft, sid)

    async def _slot_conversation(self, entity: int, position: int) -> None:
        draft = self.screen.draft
        slot = page.slot_at(draft, (entity, position))
        if slot is None and 0 <= entity < len(draft.puzzle.entities) \
                and not draft.slots_of(draft.puzzle.entities[entity]):
            # an entity that says nothing: enter gives it a statement, then its menu
            if not await self._checked_edit(
                    lambda: draft.with_slot_added(draft.puzzle.entities[entity])):
                return
            draft = self.screen.draft
            slot = page.slot_at(draft, (entity, 0))
        if slot is None:
            return
        entries = self.statement_entries(slot.id)
        who = page.entity_title(draft, slot.by or "")
        title = f"{who} says… (enter chooses, escape keeps)"
        options = tuple((e.sentence, ("set", e.formula)) for e in entries) + tuple(
            (text, ("compound", conn)) for conn, text in COMPOUND_ENTRIES)
        groups = tuple(e.group for e in entries) + (COMPOUND_GROUP,) * len(COMPOUND_ENTRIES)
        menu = WorldMenu().show(entity, position, title, options,
                                 None if slot.says is None else ("set", slot.says),
                                 groups=groups)
        self.open_menu = menu
        self.screen.marks.show_on(menu, slot.id, tuple(e.formula for e in entries))
        try:
            choice = await self.screen.ask_screen(menu)
        finally:
            self.open_menu = None
        if choice is None:
            return
        if choice[0] == "compound":
            formula = await self._compound(slot.id, choice[1], entries, title)
            if formula is None:
                return
        else:
            formula = choice[1]
        await self._checked_edit(lambda: self.screen.draft.with_statement(slot.id, formula))

    async def _compound(self, sid: str | None, conn: str, entries: list[wm.Entry],
                        title: str) -> Any:
        """The two parts of a compound, each from the same menu; its formula or None."""
        label = dict(COMPOUND_ENTRIES)[conn].split("  (")[0]
        options = tuple((e.sentence, e.formula) for e in entries)
        groups = tuple(e.group for e in entries)
        menu = WorldMenu().show(-1, -1, f"{label}: the first part", options, None,
                                groups=groups)
        if conn == "not":
            self._compound_marks(menu, sid, conn, None, entries)
        else:  # each first part by the best compound it can still become
            self.screen.marks.show_on(menu, sid, tuple(e.formula for e in entries),
                                      "first", conn)
        first = await self.screen.ask_screen(menu)
        if first is None:
            return None
        second = None
        if conn != "not":
            said = next(e.sentence for e in entries if e.formula == first)
            menu = WorldMenu().show(
                -1, -1, f"{label.replace('…', '“' + said + '”', 1)}: the second part",
                options, None, groups=groups)
            self._compound_marks(menu, sid, conn, first, entries)
            second = await self.screen.ask_screen(menu)
            if second is None:
                return None
        try:
            return wm.compound(self.screen.draft, sid, conn, first, second).formula
        except ValueError as exc:
            self.screen.notify(f"Not added: {exc}.", severity="warning")
            return None

    def _compound_marks(self, menu: MenuScreen, sid: str | None, conn: str, first: Any,
                        entries: list[wm.Entry]) -> None:
        """Mark each entry of a compound's last step as the whole compound it makes (for a
        rule, as the whole rule)."""
        join = wm.CONNECTIVES[conn]
        formulas = tuple(freeze(join(thaw(e.formula), None) if first is None
                                else join(thaw(first), thaw(e.formula))) for e in entries)
        self.screen.marks.show_on(menu, sid, formulas)

    async def _checked_edit(self, make) -> bool:
        """An edit the core may refuse (WorldError, ValueError): refused with a notice."""
        try:
            draft = make()
        except (WorldError, PortiaError, ValueError, KeyError) as exc:
            self.screen.notify(f"Cannot: {exc}", severity="error")
            return False
        return await self.screen.edit(draft)

    # ----------------------------------------------------------------- slots
    async def clear_slot(self) -> None:
        slot = self._focused()
        if slot is not None and not slot.empty:
            await self._checked_edit(lambda: self.screen.draft.with_cleared(slot.id))

    async def add_slot(self) -> None:
        key = self.screen.focused_slot()
        names = self.screen.draft.puzzle.entities
        entity = names[key[0]] if key is not None and key[0] < len(names) else names[0]
        await self._slot_edit("with_slot_added", entity)

    async def remove_slot(self) -> None:
        slot = self._focused()
        if slot is not None:
            await self._slot_edit("with_slot_removed", slot.id)

    async def add_entity(self) -> None:
        await self._checked_edit(lambda: self.screen.draft.with_entity_added())

    async def remove_entity(self) -> None:
        slot = self._focused()
        if slot is not None and slot.by is not None:
            await self._checked_edit(lambda: self.screen.draft.with_entity_removed(slot.by))

    async def _slot_edit(self, name: str, arg: str) -> None:
        edit = getattr(self.screen.draft, name, None)
        if edit is None:  # the core's draft does not offer it (yet)
            self.screen.notify("Adding or removing a statement is not available in this "
                               "version.", severity="warning")
            return
        await self._checked_edit(lambda: edit(arg))

    def _focused(self):
        key = self.screen.focused_slot()
        return None if key is None else page.slot_at(self.screen.draft, key)

    # ----------------------------------------------------------------- rules, modes, question
    def rules(self) -> None:
        if self.screen.app.screen is self.screen:
            self.screen._dialog(self._rules_conversation)

    async def _rules_conversation(self) -> None:
        draft = self.screen.draft
        stated = draft.rule_sentences()
        entries = wm.rule_menu(draft)
        # the rules stated now come last, so enter at once adds, and never removes
        options: tuple[tuple[str, Any], ...] = tuple(
            (e.sentence, ("add", e.formula)) for e in entries)
        groups = tuple(f"Add: {e.group}" for e in entries)
        options += tuple((text, ("compound", conn)) for conn, text in COMPOUND_ENTRIES)
        groups += (f"Add: {COMPOUND_GROUP}",) * len(COMPOUND_ENTRIES)
        options += tuple((f"Remove: {r}", ("remove", i)) for i, r in enumerate(stated))
        groups += ("The puzzle's rules now (enter removes one)",) * len(stated)
        where = " (the rules stated now are at the end: End)" if stated else ""
        menu = WorldMenu().show(-1, -1, f"Add a rule the narrator states, or remove one{where}",
                                options, None, groups=groups)
        self.screen.marks.show_on(menu, None, tuple(e.formula for e in entries))
        choice = await self.screen.ask_screen(menu)
        if choice is None:
            return
        kind, value = choice
        if kind == "remove":
            await self._checked_edit(lambda: self.screen.draft.with_rule_removed(value))
            return
        if kind == "compound":
            value = await self._compound(None, value, entries, "A rule")
            if value is None:
                return
        await self._checked_edit(lambda: self.screen.draft.with_rule_added(value))

    def modes(self) -> None:
        if self.screen.app.screen is self.screen:
            self.screen._dialog(self._modes_conversation)

    async def _modes_conversation(self) -> None:
        choices = wm.mode_menu(self.screen.draft)
        if not choices:
            self.screen.notify("This puzzle has no speaker rule: its statements may be true or "
                        "false whoever says them.")
            return
        kinds = wm.kind_menu(self.screen.draft)
        options: tuple[tuple[str, Any], ...] = tuple(
            (c.text + ("   ◀ now" if c.current else ""), c) for c in choices)
        groups = tuple("Everyone" if c.entity is None else
                       page.entity_title(self.screen.draft, c.entity) + " alone"
                       for c in choices)
        # adding a kind, then removing one, at the end (enter at once never removes)
        options += tuple((k.text, k) for k in kinds)
        groups += tuple(KIND_GROUPS[k.group] for k in kinds)
        choice = await self.screen.ask_screen(WorldMenu().show(
            -1, -1, "Who speaks truly, and the kinds there are (escape keeps them)", options,
            None, groups=groups))
        if isinstance(choice, wm.KindChoice) and choice.asks_name:
            from .new import OwnKindScreen

            named = await self.screen.ask_screen(OwnKindScreen(self.screen.draft))
            if named is not None:
                await self._checked_edit(lambda: self.screen.draft.with_own_kind(*named))
        elif isinstance(choice, wm.KindChoice):
            await self._checked_edit(lambda: choice.apply(self.screen.draft))
        elif choice is not None:
            await self._checked_edit(lambda: self.screen.draft.with_mode(
                choice.value, choice.mode, choice.entity))

    def question(self) -> None:
        if self.screen.app.screen is self.screen:
            self.screen._dialog(self._question_conversation)

    async def _question_conversation(self) -> None:
        draft = self.screen.draft
        choices = wm.question_menu(draft)
        options = tuple((c.text, c.ask) for c in choices)
        groups = tuple("The whole answer" if not c.ask else
                       "Yes or no" if c.text.endswith("?") and c.text.startswith("Is ")
                       else "One thing" for c in choices)
        choice = await self.screen.ask_screen(WorldMenu().show(
            -1, -1, "What must the solver find? (escape keeps the question)", options,
            tuple(draft.puzzle.ask), groups=groups))
        if choice is not None:
            await self._checked_edit(lambda: self.screen.draft.with_question(choice))

    # ----------------------------------------------------------------- target, clues
    def target(self) -> None:
        if self.screen.app.screen is self.screen:
            self.screen._dialog(self._target_conversation)

    async def _target_conversation(self) -> None:
        from .analysis import answer_words, target_choices

        draft = self.screen.draft
        try:
            answers = target_choices(draft)
        except PortiaError as exc:
            self.screen.notify(f"No targets: {exc}", severity="warning")
            return
        puzzle = draft.analysed()
        options: tuple[tuple[str, Any], ...] = tuple(
            (answer_words(puzzle, a), a) for a in answers)
        groups = ("Answers the rules allow",) * len(options)
        options += (("No target: no marks in the menus", "none"),)
        groups += ("No target",)
        current = self.screen.world_model.target
        choice = await self.screen.ask_screen(WorldMenu().show(
            -1, -1, "The answer you build toward: the menus mark each statement toward it",
            options, dict(current) if current is not None else "none", groups=groups))
        if choice is None:
            return
        self.screen.set_target(None if choice == "none" else choice)

    def clue(self) -> None:
        if self.screen.app.screen is self.screen:
            self.screen._dialog(self._clue_conversation)

    async def _clue_conversation(self) -> None:
        report = self.screen.current_report()
        if report is None or not report.clue_facts:
            self.screen.notify("No clue to add: the analysis lists clues when the puzzle has "
                               "several answers and one fact would settle it.")
            return
        options = tuple((line, fact) for line, fact in zip(report.clues, report.clue_facts))
        shown = report.clues_shown
        groups = (("Clues that leave one answer, least given away first",) * shown
                  + ("Left out of the panel: each gives more away",) * (len(options) - shown))
        choice = await self.screen.ask_screen(WorldMenu().show(
            -1, -1, "Add a clue as a rule the narrator states (escape adds none)", options,
            None, groups=groups))
        if choice is not None:
            await self._checked_edit(lambda: self.screen.draft.with_rule_added(choice))
