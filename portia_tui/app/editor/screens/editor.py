"""The editor screen: keys and messages in, edits to the model, the widgets brought in line.

Every edit goes through :meth:`EditorScreen.edit` (or undo/redo): the model takes the new
puzzle, the caskets view follows, and the workers (workers.py) re-solve. File actions live in
files.py, the casket panels in widgets/caskets_view.py.
"""

from __future__ import annotations

from pathlib import Path

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.events import Resize
from textual.timer import Timer
from textual.widgets import Static
from textual.worker import get_current_worker

from portia_tui.app.base import FileScreen, skip_layout_echo
from portia_tui.app.footer import Footer
from portia_tui.app.heap import HeapHold
from portia_tui.core.io import formats
from portia_tui.core.errors import PortiaError
from portia_tui.core.language.model import Puzzle, blank_puzzle
from portia_tui.core.language.rules import RULE_KINDS, Rule, rule_sentence
from portia_tui.core.language.vocabulary import KINDS, VOCABULARIES, Statement

from ..analysis import (MarksRequest, RepairsRequest, Report, Request, family_heading, menu,
                        position)
from ..commands import bindings
from ..files import FileActions
from ..messages import (AnalysisReady, AnalysisStopped, MarksReady, MChosen, Navigate, RepairsReady, SlotFocused,
                        SlotMenuRequested, TargetMenuRequested)
from portia_tui.core.author.editing import EditorModel
from ..widgets.analysis_panel import AnalysisPanel, update_text
from ..widgets.assistant_panel import AssistantPanel
from ..widgets.casket_panel import LOOP_MARK, Slot
from ..widgets.caskets_view import CasketsView
from ..widgets.rules_panel import RulesPanel
from ..widgets.toolbar import TitleBar, Toolbar
from ..workers import Workers
from .dialogs import MetaScreen, NewPuzzleScreen
from .help import HelpScreen
from .menu import MenuScreen
from .repairs import repairs_menu

#: the settings key that keeps the editor's vocabulary
VOCABULARY_SETTING = "editor_vocabulary"
#: what each vocabulary offers, for people
VOCABULARY_WORDS = {"portrait": "in / not in a casket",
                    "classic": "the six kinds of the thesis",
                    "full": "the whole language (counts, makers)"}

#: shown ones first by importance: the footer cuts from the right on narrow terminals, and
#: quitting must always be in sight
BINDINGS = bindings()


class EditorScreen(FileScreen):
    AUTO_FOCUS = ""
    BINDINGS = BINDINGS

    def __init__(self, model: EditorModel, files: FileActions | None = None) -> None:
        super().__init__(id="editor")
        self.model = model
        #: the report on screen
        self.report: Report | None = None
        self.jobs = Workers(self)
        self.files = files if files is not None else FileActions(self)
        #: the marks of the menu last answered: (request, marks)
        self._marks_found: tuple[MarksRequest, tuple[str, ...]] | None = None
        self._repairs_found = None
        #: f asked for the list of repairs before they were in: open it when they are
        self._repairs_asked = False
        #: the statement menu on screen, if any, and the one menu screen every slot shares
        self._menu: MenuScreen | None = None
        self._menu_screen: MenuScreen | None = None
        #: the edit generation whose analysis is on screen
        self.shown_generation = -1
        self._focus_shown = ""
        self._view_stale = False
        self._view_timer: Timer | None = None
        self._repairs_timer: Timer | None = None
        #: the slot focus was on last (escape in the m field goes back to it)
        self._last_slot: Slot | None = None
        #: the collector is off while the screen is built, its objects frozen after
        self._heap = HeapHold()
        self._view: CasketsView | None = None
        #: the file conversation running (see _dialog), if any

    # ----------------------------------------------------------------- building
    def on_resize(self, event: Resize) -> None:
        skip_layout_echo(self, event)  # no second layout of the size just laid out at

    def compose(self) -> ComposeResult:
        self._heap.hold()
        yield TitleBar(self.model)
        yield Toolbar(self.model)
        yield RulesPanel()
        self._view = CasketsView(self.model.puzzle)
        yield self._view
        yield self._view.sign
        yield Static("", id="focus-line", markup=False)
        with Horizontal(id="bottom"):
            yield AnalysisPanel()
            yield AssistantPanel(self.model.puzzle.names)
        yield Footer()

    @property
    def caskets(self) -> CasketsView:
        return self.query_one(CasketsView)

    @property
    def panels(self):
        return self.caskets.panels

    @property
    def stale_dropped(self) -> int:
        return self.jobs.stale_dropped

    def slot_at(self, casket: int, position: int) -> Slot | None:
        return self.caskets.slot_at(casket, position)

    async def on_mount(self) -> None:
        self.call_after_refresh(self._heap.settle)
        settings = getattr(self.app, "settings", None)
        kept = settings.get(VOCABULARY_SETTING) if settings is not None else None
        if kept in VOCABULARIES:
            self.model.vocabulary = kept
        self.widen_vocabulary()
        await self.caskets.sync(self.model.puzzle)
        self.query_one(AssistantPanel).display = self.model.assistant
        self.sync_chrome()
        # the puzzle on screen first: the analysis (and its process, started on first use)
        # once the first frame is drawn
        self.call_after_refresh(self.request_analysis)
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._light())
        first = self.slot_at(0, 0)
        if first is not None:
            first.focus()
        self.offer_recovery()

    def watch_focused(self) -> None:
        self._light()

    def _light(self) -> None:
        """The focused slot's panel in the accent colour (see CasketsView.light)."""
        if self._view is not None and self._view.is_attached:
            self._view.light(self.focused)

    def offer_recovery(self) -> None:
        self._dialog(self.files.offer_recovery)

    # ----------------------------------------------------------------- bringing widgets in line
    def sync_chrome(self) -> None:
        self.query_one(TitleBar).sync(self.model)
        self.query_one(Toolbar).sync(self.model)
        self.query_one(RulesPanel).sync(self.model.puzzle)
        self.query_one(AssistantPanel).sync(self.model.puzzle, self.model.target_or(0))
        self._sync_focus_line()

    def _apply_row_marks(self) -> None:
        """Numbers, loop marks and truth values beside each statement."""
        puzzle = self.model.puzzle
        report = self.report
        loops: set[int] = set()
        values = None
        if report is not None and report.analysis.puzzle.layout == puzzle.layout:
            loops = {i for loop in report.analysis.loops for i in loop.statements}
            if self.model.show_values and report.request.values:
                values = report.values
        self.caskets.set_marks(puzzle, loops, values)

    def _sync_focus_line(self) -> None:
        text = self._focus_text()
        if text is not None and text != self._focus_shown:
            self._focus_shown = text
            update_text(self.query_one("#focus-line", Static), text)

    def _focus_text(self) -> str | None:
        focused = self.focused
        if not isinstance(focused, Slot):
            return "Arrow keys or tab move between statements; enter opens a menu."
        puzzle = self.model.puzzle
        ci, pos = focused.casket, focused.position
        if ci >= len(puzzle.caskets) or pos >= len(puzzle.caskets[ci].statements):
            return None
        i = puzzle.number(ci, pos)
        text = f"Statement {i + 1} on the {puzzle.names[ci]} casket: "
        text += f"{puzzle.sentence(i)}." if puzzle.sentence(i) else "empty (enter: choose one)."
        report = self.report
        if report is not None and report.analysis.puzzle == puzzle:
            for loop in report.analysis.loops:
                if i in loop.statements:
                    text += f"  {LOOP_MARK} in a loop ({loop.kind})."
        return text

    #: seconds an edit's new text may wait for its analysis, so both reach the screen in one
    #: frame (a second frame cost a whole frame period, measured in bench_editor.py)
    VIEW_WAIT = 0.05

    async def after_change(self) -> None:
        self._view_stale = True
        if self.caskets.same_shape(self.model.puzzle):
            if self._view_timer is not None:
                self._view_timer.stop()
            self._view_timer = self.set_timer(self.VIEW_WAIT, self.sync_view)
        else:
            await self.sync_view()  # new slots or caskets: at once
        self.request_analysis()
        self._clear_marks()
        self.files.edited()

    async def sync_view(self) -> None:
        """Bring the caskets and the title lines in line with the model (once per edit)."""
        if self._view_timer is not None:
            self._view_timer.stop()
            self._view_timer = None
        if not self._view_stale:
            return
        self._view_stale = False
        await self.caskets.sync(self.model.puzzle)
        self._apply_row_marks()
        self.sync_chrome()

    async def edit(self, puzzle: Puzzle) -> bool:
        """Make an edit (undoable); False when it changes nothing."""
        if not self.model.apply(puzzle):
            return False
        await self.after_change()
        return True

    async def load_model(self, model: EditorModel) -> None:
        """Show another puzzle (open, new); the view settings follow the old model's."""
        old = self.model
        model.show_values, model.assistant = old.show_values, old.assistant
        model.vocabulary = old.vocabulary
        self.model = model
        self.report = None
        self.widen_vocabulary()
        await self.after_change()

    # ----------------------------------------------------------------- analysis
    def current_request(self) -> Request:
        model = self.model
        return Request(model.generation, model.puzzle, values=model.show_values,
                       target=model.target_or(0) if model.assistant else None)

    def request_analysis(self) -> None:
        self.query_one(AnalysisPanel).set_pending()
        self.jobs.analyse(self.current_request())

    @on(AnalysisReady)
    async def _analysis_ready(self, message: AnalysisReady) -> None:
        report = message.report
        if not self.jobs.is_current(report.request):
            return
        await self.sync_view()
        model = self.model
        if model.target is None:
            # the target defaults to the puzzle's solution when it has one
            sols = report.analysis.solutions()
            model.fallback_target = sols[0] if len(sols) == 1 else 0
            # model.target now reads the fallback just set (mypy narrowed it to None above)
            self.query_one(AssistantPanel).sync(model.puzzle, model.target)  # type: ignore[arg-type]
            if model.assistant and model.target != report.request.target:
                self.request_analysis()
                return
        first = self.report is None
        self.report = report
        self.shown_generation = report.request.generation
        if first and isinstance(self.focused, Slot):
            self.request_marks(self.focused.casket, self.focused.position)
        self.query_one(AnalysisPanel).show(report)
        self._show_assistant()
        self._apply_row_marks()
        self._sync_focus_line()
        self._schedule_repairs()

    @on(AnalysisStopped)
    def _analysis_stopped(self, message: AnalysisStopped) -> None:
        if self.jobs.is_current(message.request):
            self.query_one(AnalysisPanel).set_stopped(message.why)

    def action_escape(self) -> None:
        """Escape: from the m field back to the statements; else stop a long analysis."""
        if self.focused is self.query_one("#m-input"):
            slot = self._last_slot if self._last_slot is not None else self.slot_at(0, 0)
            if slot is not None and slot.is_attached:
                slot.focus()
            else:
                self.focus_next(Slot)
            return
        if self.jobs.analysing():
            self.jobs.stop_analysis()
            self.query_one(AnalysisPanel).set_stopped("stopped with escape")

    def on_unmount(self) -> None:
        self._heap.release()
        self.jobs.close()

    def _show_assistant(self) -> None:
        report = self.report
        if report is None or report.assistant is None or not self.model.assistant:
            return
        wanted = self._repairs_wanted()
        self.query_one(AssistantPanel).show(report, self._repairs_found, wanted)

    def _repairs_wanted(self) -> bool:
        report = self.report
        return (report is not None and report.analysis.puzzle == self.model.puzzle
                and self.model.puzzle.complete and not report.analysis.valid())

    #: seconds without an edit before the repairs of an invalid puzzle are looked for
    REPAIRS_AFTER = 0.4

    def _schedule_repairs(self) -> None:
        """Look for repairs once the author pauses (each edit starts the wait again)."""
        if self._repairs_timer is not None:
            self._repairs_timer.stop()
        self._repairs_timer = self.set_timer(self.REPAIRS_AFTER, self._request_repairs)

    def _request_repairs(self, asked: bool = False) -> None:
        """Look for the repairs (the Algorithm 2 panel shows them; `asked`: f asked for the
        list, with the panel hidden or not)."""
        self._repairs_timer = None
        asked = asked or self._repairs_asked  # f is waiting for them (the panel hidden or not)
        if (self.model.assistant or asked) and self._repairs_wanted():
            request = RepairsRequest(self.model.generation, self.model.puzzle,
                                     self.model.vocabulary, self._cursor_slot())
            if self.jobs.repair(request):
                self._repairs_found = None

    @on(RepairsReady)
    def _repairs_ready(self, message: RepairsReady) -> None:
        if self.jobs.is_current(message.request):
            self._repairs_found = message.repairs
            self._show_assistant()
            if self._repairs_asked:
                self._repairs_asked = False
                if self.app.screen is self:
                    self._open_repairs(message.repairs)

    def _cursor_slot(self) -> int | None:
        """The statement number (0-based) of the slot focus is on, or was on last."""
        focused = self.focused
        slot = focused if isinstance(focused, Slot) else self._last_slot
        puzzle = self.model.puzzle
        if slot is None or slot.casket >= len(puzzle.caskets):
            return None
        if slot.position >= len(puzzle.caskets[slot.casket].statements):
            return None
        return puzzle.number(slot.casket, slot.position)

    def action_repairs(self) -> None:
        """The list of every single change that makes the puzzle valid (f)."""
        if self.app.screen is not self:
            return
        puzzle, report = self.model.puzzle, self.report
        if not puzzle.complete:
            self.notify("Repairs are single changes to a finished puzzle: fill every "
                        "statement first.")
        elif report is None or report.analysis.puzzle != puzzle:
            self.notify("The analysis of the last edit is not in yet: f again in a moment.")
        elif report.analysis.valid():
            self.notify("The puzzle is valid: nothing to repair.")
        elif self._repairs_found is None:
            self._repairs_asked = True
            if self.jobs.repairs is None:
                self._request_repairs(asked=True)
            self.notify("Looking for the single changes that make it valid; the list opens "
                        "when they are in.")
        else:
            self._open_repairs(self._repairs_found)

    def _open_repairs(self, found) -> None:
        assert self.report is not None
        screen = repairs_menu(self.report.analysis, found, self._cursor_slot())
        if screen is None:
            more = "" if found.complete else " among those tried in time"
            self.notify(f"No single change makes it valid{more}.")
            return
        puzzle = self.model.puzzle

        async def chosen(value) -> None:
            if value is not None and self.model.puzzle == puzzle:
                await self.apply_repair(value)

        self.ask_then(screen, chosen)

    def ask_then(self, dialog, done) -> None:
        """Push `dialog` (a Dialog) and call `done(answer)` once it is answered; the keys
        typed after the answer wait until `done` has finished (its edit is on screen), as
        they would had they been typed one at a time: `l enter L enter` adds a rule and then
        removes it, instead of the L reaching the rules menu as it closes."""
        token = object()
        dialog.hold_token = token
        app = self.app

        async def answered(value) -> None:
            try:
                await done(value)
            finally:
                release = getattr(app, "release_keys", None)
                if release is not None:
                    release(token)

        app.push_screen(dialog, answered)

    async def apply_repair(self, value) -> bool:
        """Make one repair from the list (an undoable edit): a core Repair, or ("m", m)."""
        if isinstance(value, tuple):
            await self.action_set_m(value[1])
            return True
        puzzle = self.model.puzzle
        ci, pos = position(puzzle, value.index)
        if not await self.edit(puzzle.with_statement(ci, pos, value.statement)):
            return False
        slot = self.slot_at(ci, pos)
        if slot is not None:
            slot.focus()
        self.notify(f"Statement {value.index + 1} replaced: valid with the portrait in "
                    f"{puzzle.names[value.solution]} (u undoes it).")
        return True

    # ----------------------------------------------------------------- marks
    def _clear_marks(self) -> None:
        self.jobs.forget_marks()
        self.jobs.forget_repairs()
        self._marks_found = None
        self._repairs_found = None
        self._repairs_asked = False
        if self._menu is not None:
            menu_screen = self._menu
            self.request_marks(menu_screen.casket, menu_screen.position)
            menu_screen.set_marks(None, self._marks_legend(pending=True))

    def _marks_legend(self, pending: bool = False) -> str:
        model = self.model
        name = model.puzzle.names[model.target_or(0)]
        m = model.puzzle.m
        if m is None:
            aim = f"{name}, by the rules" if model.puzzle.rules else f"{name}, m open (any m)"
        else:
            aim = f"{name}, m = {m}"
        if pending:
            return f"Checking each choice toward {aim}…"
        return (f"Toward {aim}: ★ valid · ✓ reachable (fits, never alone) · ✗ impossible · "
                "? undecided")

    def request_marks(self, casket: int, position: int) -> None:
        """Work out the marks of a slot's menu in a worker (the menu never waits)."""
        model = self.model
        if self.slot_at(casket, position) is None:
            return
        self.jobs.mark(MarksRequest(model.generation, model.puzzle, casket, position,
                                    model.target_or(0), model.vocabulary))

    @on(MarksReady)
    def _marks_ready(self, message: MarksReady) -> None:
        if self.jobs.repairs_put_off:  # they gave way to these marks: look for them again
            self.jobs.repairs_put_off = False
            self._schedule_repairs()
        if not self.jobs.is_current(message.request):
            return
        self._marks_found = (message.request, message.marks)
        request = message.request
        menu_screen = self._menu
        if menu_screen is not None and (menu_screen.casket, menu_screen.position) == (
            request.casket, request.position
        ):
            menu_screen.set_marks(message.marks, self._marks_legend())

    def marks_for(self, casket: int, position: int) -> tuple[str, ...] | None:
        """The marks of a slot's menu, when they were worked out for this very edit."""
        found = self._marks_found
        if found is None:
            return None
        request, result = found
        if (request.casket, request.position, request.generation, request.target,
                request.vocabulary) != (casket, position, self.model.generation,
                                        self.model.target_or(0), self.model.vocabulary):
            return None
        return result

    # ----------------------------------------------------------------- messages from widgets
    def _menu_entries(self, casket: int) -> tuple[tuple[tuple[str, Statement], ...],
                                                  tuple[str, ...], str]:
        """A slot's menu: what the vocabulary offers under the puzzle's rules, then the
        statements that need a rule the puzzle lacks (the maker statements), noted "(+ rule)"
        (the marks cover the first part only); (entries, notes, the line explaining them)."""
        puzzle = self.model.puzzle
        layout, vocabulary = puzzle.layout, self.model.vocabulary
        entries = menu(layout, casket, vocabulary, puzzle.rule_kinds)
        have = {st for _s, st in entries}
        extra, added = [], []
        for sentence, st in menu(layout, casket, vocabulary, frozenset(RULE_KINDS)):
            rule = None if st in have else self._rule_needed(st)
            if rule is not None:
                extra.append((sentence, st))
                said = f"'{rule_sentence(rule, layout)}'"
                if said not in added:
                    added.append(said)
        notes = ("",) * len(entries) + ("(+ rule)",) * len(extra)
        legend = f"(+ rule): picking it adds the rule {' or '.join(added)}." if added else ""
        return entries + tuple(extra), notes, legend

    def _rule_needed(self, statement: Statement) -> Rule | None:
        """The rule `statement` needs and the puzzle lacks (when there is one such rule)."""
        needed = KINDS[statement.kind].needs_rule if statement.kind in KINDS else ""
        if not needed or needed in self.model.puzzle.rule_kinds:
            return None
        rules = RULE_KINDS[needed].options(self.model.puzzle.layout)
        return rules[0] if len(rules) == 1 else None

    async def pick(self, casket: int, position: int, statement: Statement) -> bool:
        """Put `statement` in a slot (what choosing from its menu does); a statement that
        needs a rule the puzzle lacks adds it in the same (undoable) edit."""
        puzzle = self.model.puzzle
        if self.slot_at(casket, position) is None:
            return False
        if puzzle.caskets[casket].statements[position] == statement:
            return False
        rule = self._rule_needed(statement)
        if rule is not None:
            try:
                puzzle = self.model.with_rule_added(rule)
            except PortiaError as exc:
                self.notify(f"Cannot: {exc}", severity="error")
                return False
            self.notify(f"Added the rule: {rule_sentence(rule, puzzle.layout)}.")
        return await self.edit(puzzle.with_statement(casket, position, statement))

    def _focused_slot(self, casket: int, position: int) -> tuple[int, int]:
        # the slot focus is on or going to: keys typed faster than focus moves would
        # otherwise all start from the same slot
        focused = self.focused
        if isinstance(focused, Slot):
            return focused.casket, focused.position
        return casket, position

    @on(SlotMenuRequested)
    def _open_menu(self, message: SlotMenuRequested) -> None:
        self.open_menu(message.casket, message.position)

    def open_menu(self, casket: int, position: int) -> None:
        """Open the statement menu of the slot focus is on (else of the given slot)."""
        ci, pos = self._focused_slot(casket, position)
        if self.slot_at(ci, pos) is None or self._menu is not None or self.app.screen is not self:
            return
        puzzle = self.model.puzzle
        i = puzzle.number(ci, pos)
        found = self.marks_for(ci, pos)
        if found is None:
            self.request_marks(ci, pos)
        if self._menu_screen is None:
            self._menu_screen = MenuScreen()
            self.app.install_screen(self._menu_screen, name=f"statement-menu-{id(self)}")
        entries, notes, note_legend = self._menu_entries(ci)
        screen = self._menu_screen.show(
            ci, pos,
            f"Statement {i + 1} on the {puzzle.names[ci]} casket: choose (enter), escape keeps it",
            entries, puzzle.flat[i][1], found,
            self._marks_legend(pending=found is None),
            groups=tuple(family_heading(st) for _s, st in entries),
            notes=notes, note_legend=note_legend,
        )
        self._menu = screen

        async def chosen(statement: Statement | None) -> None:
            self._menu = None
            if statement is not None:
                await self.pick(ci, pos, statement)

        self.ask_then(screen, chosen)

    @on(Navigate)
    def _navigate(self, message: Navigate) -> None:
        self.navigate(message.casket, message.position, message.dx, message.dy)

    def navigate(self, casket: int, position: int, dx: int, dy: int) -> None:
        casket, position = self._focused_slot(casket, position)
        slot = self.caskets.step(casket, position, dx, dy)
        if slot is not None:
            self.set_focus(slot)

    @on(SlotFocused)
    def _slot_focused(self, message: SlotFocused) -> None:
        slot = self.slot_at(message.casket, message.position)
        if slot is not None:
            self._last_slot = slot
        self._sync_focus_line()
        # start on the marks before the menu is opened (once the editor has opened: the first
        # analysis starts them for the slot focus is on then)
        if self.report is not None:
            self.request_marks(message.casket, message.position)

    @on(MChosen)
    async def _m_chosen(self, message: MChosen) -> None:
        await self.action_set_m(message.m)

    @on(TargetMenuRequested)
    def _target_menu_requested(self, message: TargetMenuRequested) -> None:
        self.open_target_menu()

    def open_target_menu(self) -> None:
        """The menu of caskets to aim at (the target field's enter or click)."""
        if self.app.screen is not self:
            return
        puzzle = self.model.puzzle
        entries = tuple((f"the {name} casket", i) for i, name in enumerate(puzzle.names))
        screen = MenuScreen().show(-1, -1, "Target: where the portrait should be", entries,
                                   self.model.target_or(0))

        async def done(target) -> None:
            if isinstance(target, int):
                await self.action_set_target(target)

        self.ask_then(screen, done)

    # ----------------------------------------------------------------- editing actions
    async def action_undo(self) -> None:
        if self.model.undo():
            await self.after_change()
        else:
            self.notify("Nothing to undo.")

    async def action_redo(self) -> None:
        if self.model.redo():
            await self.after_change()
        else:
            self.notify("Nothing to redo.")

    async def action_set_m(self, m: int | None) -> None:
        size = self.model.puzzle.size
        if m is not None and not 0 <= m <= size:
            self.notify(f"m must be between 0 and {size}", severity="error")
            self.query_one(Toolbar).sync(self.model)
            return
        try:
            puzzle = self.model.with_m(m)
        except PortiaError as exc:
            self.notify(f"Cannot set m: {exc}", severity="error")
            self.query_one(Toolbar).sync(self.model)
            return
        await self.edit(puzzle)

    async def action_m_up(self) -> None:
        m = self.model.puzzle.m
        if m is None:
            await self.action_set_m(min(1, self.model.puzzle.size))
        elif m < self.model.puzzle.size:
            await self.action_set_m(m + 1)

    async def action_m_down(self) -> None:
        m = self.model.puzzle.m
        if m is None:
            await self.action_set_m(0)
        elif m > 0:
            await self.action_set_m(m - 1)

    def action_focus_m(self) -> None:
        self.query_one("#m-input").focus()

    async def action_next_unique_m(self) -> None:
        await self._step_unique(+1)

    async def action_prev_unique_m(self) -> None:
        await self._step_unique(-1)

    async def _step_unique(self, step: int) -> None:
        if self.report is None:
            return
        if self.model.puzzle.side_rules:
            self.notify("m values with one solution apply only when 'Exactly m statements are "
                        "true' is the only rule.")
            return
        m = self.model.puzzle.m
        m = (-1 if step > 0 else self.model.puzzle.size + 1) if m is None else m
        later = [u for u in self.report.analysis.unique_m if (u - m) * step > 0]
        if not later:
            self.notify("No further m with exactly one solution.")
            return
        await self.action_set_m(min(later) if step > 0 else max(later))

    async def action_add_row(self) -> None:
        await self.edit(self.model.puzzle.with_row_added())

    async def action_remove_row(self, position: int | None = None) -> None:
        puzzle = self.model.puzzle
        if min(puzzle.layout.counts) <= 1:
            self.notify("Every casket must keep at least one statement.", severity="warning")
            return
        if position is None:
            focused = self.focused
            position = (focused.position if isinstance(focused, Slot)
                        else min(puzzle.layout.counts) - 1)
        if not 0 <= position < min(puzzle.layout.counts):
            return
        try:
            await self.edit(puzzle.with_row_removed(position))
        except PortiaError as exc:
            self.notify(str(exc), severity="error")

    async def action_set_target(self, target: int) -> None:
        """Aim at another casket: an edit of the puzzle's target (undoable, saved with it)."""
        model = self.model
        puzzle = model.puzzle
        if not 0 <= target < len(puzzle.caskets) or target == model.target:
            return
        if not model.assistant:
            self.action_toggle_assistant()
        await self.edit(puzzle.replace(target=puzzle.names[target]))

    async def action_next_target(self) -> None:
        model = self.model
        await self.action_set_target((model.target_or(0) + 1) % len(model.puzzle.caskets))

    async def action_assistant_target(self, target: int) -> None:
        await self.action_set_target(target)

    def action_toggle_values(self) -> None:
        self.model.show_values = not self.model.show_values
        self._apply_row_marks()
        self.request_analysis()

    def action_toggle_assistant(self) -> None:
        model = self.model
        model.assistant = not model.assistant
        panel = self.query_one(AssistantPanel)
        panel.display = model.assistant
        panel.sync(model.puzzle, model.target_or(0))
        self.request_analysis()
        self._clear_marks()

    def action_set_vocabulary(self, vocabulary: str) -> None:
        """Offer another vocabulary in the menus, the marks and the repairs (kept in the
        settings for next time)."""
        if vocabulary not in VOCABULARIES or vocabulary == self.model.vocabulary:
            return
        self.model.vocabulary = vocabulary
        settings = getattr(self.app, "settings", None)
        if settings is not None:
            try:
                settings.set(VOCABULARY_SETTING, vocabulary)
            except PortiaError as exc:
                self.notify(f"Vocabulary not kept for next time: {exc}", severity="warning")
        self.query_one(Toolbar).sync(self.model)
        self._clear_marks()
        self.request_analysis()
        self.notify(f"Menus offer the {vocabulary} vocabulary: {VOCABULARY_WORDS[vocabulary]}.")

    def widen_vocabulary(self) -> None:
        """An opened (or restored) puzzle using kinds the menus lack switches them to the
        smallest vocabulary that holds its kinds (not kept in the settings: `w` does that).
        Only then: an author who narrows the menus with `w` later keeps that choice."""
        widened = self.model.widen_vocabulary()
        if widened is None:
            return
        self.query_one(Toolbar).sync(self.model)
        old, _lacking = widened
        new = self.model.vocabulary
        self.notify(f"This puzzle uses statements beyond the {old} vocabulary, so the menus "
                    f"now offer the {new} one: {VOCABULARY_WORDS[new]}. w switches.")

    def action_next_vocabulary(self) -> None:
        names = list(VOCABULARIES)
        at = names.index(self.model.vocabulary) if self.model.vocabulary in names else -1
        self.action_set_vocabulary(names[(at + 1) % len(names)])

    # ----------------------------------------------------------------- rules
    def _rule_menu(self, title: str, rules, done) -> None:
        """A menu of rules grouped by rule kind (a MenuScreen of its own)."""
        layout = self.model.puzzle.layout
        entries = tuple((rule_sentence(r, layout), r) for r in rules)
        groups = tuple(RULE_KINDS[r.kind].summary.capitalize() for r in rules)
        screen = MenuScreen().show(-1, -1, title, entries, None, groups=groups)
        self.ask_then(screen, done)

    def action_add_rule(self) -> None:
        """Choose a rule to add from every valid rule for the layout."""
        if self.app.screen is not self:
            return

        async def chosen(rule: Rule | None) -> None:
            if rule is not None:
                await self._rule_edit(self.model.with_rule_added, rule)

        title = "Add a rule: choose (enter), escape adds none"
        held = self.model.total_held()
        if held is not None:
            said = rule_sentence(held, self.model.puzzle.layout)
            title += (f". No other exact total: '{said}' says how many statements are true "
                      "(L removes it)")
        self._rule_menu(title, self.model.rule_choices(), chosen)

    async def action_remove_rule(self, index: int | None = None) -> None:
        """Remove a rule: the one numbered `index` (0-based), else choose from a menu."""
        rules = self.model.puzzle.rules
        if not rules:
            self.notify("The puzzle states no rule.")
            return
        if index is not None:
            if 0 <= index < len(rules):
                await self._rule_edit(self.model.with_rule_removed, rules[index])
            return
        if self.app.screen is not self:
            return

        async def chosen(rule: Rule | None) -> None:
            if rule is not None:
                await self._rule_edit(self.model.with_rule_removed, rule)

        self._rule_menu("Remove a rule: choose (enter), escape keeps them all", rules, chosen)

    async def _rule_edit(self, make, rule: Rule) -> None:
        try:
            puzzle = make(rule)
        except PortiaError as exc:
            self.notify(f"Cannot: {exc}", severity="error")
            return
        await self.edit(puzzle)

    # ----------------------------------------------------------------- other screens
    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_play(self) -> None:
        from portia_tui.app.play import PlayPuzzleScreen

        from portia_tui.app.play.app import CHECK_AT_ONCE

        puzzle = self.model.puzzle
        if not puzzle.complete:
            self.notify("Fill every statement and set m before playing it.", severity="warning")
            return
        if puzzle.size <= CHECK_AT_ONCE:
            self.app.push_screen(PlayPuzzleScreen(puzzle))
            return
        # a big puzzle's coach is worked out in the analysis process (keys stay answered)
        self.notify("Checking the puzzle before play…")
        self._coach_for_play(puzzle)

    @work(thread=True, group="play", exclusive=True)
    def _coach_for_play(self, puzzle: Puzzle) -> None:
        from portia_tui.app.play import PlayPuzzleScreen

        from portia_tui.app.process import Cancelled, ProcessRunner, Stopped, make_coach

        worker = get_current_worker()
        runner = self.jobs.runner or ProcessRunner()
        try:
            coach = runner.call(make_coach, (puzzle, None),
                                cancelled=lambda: worker.is_cancelled)
        except (Cancelled, Stopped):
            return

        def play() -> None:
            if self.model.puzzle == puzzle and self.app.screen is self:
                self.app.push_screen(PlayPuzzleScreen(puzzle, coach=coach))

        self.app.call_from_thread(play)

    def action_edit_meta(self) -> None:
        puzzle = self.model.puzzle

        async def done(result: dict | None) -> None:
            if result is not None:
                await self.edit(self.model.puzzle.with_meta(**result))

        self.ask_then(MetaScreen(puzzle.title, puzzle.author, puzzle.notes), done)

    def _copy(self, fmt: str, what: str) -> None:
        try:
            text = formats.dumps(self.model.puzzle, fmt)
        except PortiaError as exc:
            self.notify(f"Cannot copy as {what}: {exc}", severity="error")
            return
        self.app.copy_to_clipboard(text)
        self.notify(f"Copied the puzzle as {what} ({len(text.splitlines())} lines).")

    def action_copy_text(self) -> None:
        self._copy("text", "thesis text")

    def action_copy_toml(self) -> None:
        self._copy("native", "TOML")

    # ----------------------------------------------------------------- files (files.py)
    async def save(self) -> bool:
        return await self.files.save()

    async def open_path(self, path: Path) -> bool:
        return await self.files.open_path(path)

    def action_save(self) -> None:
        self._dialog(self.files.save)

    def action_save_as(self) -> None:
        self._dialog(self.files.save_as)

    def action_open(self) -> None:
        self._dialog(self.files.choose_and_open)

    def action_new(self) -> None:
        self._dialog(self._new)

    def action_quit(self) -> None:
        self._dialog(self._quit)

    async def _new(self) -> None:
        if not await self.files.confirm_discard("starting a new puzzle"):
            return
        puzzle = self.model.puzzle
        answer = await self.ask_screen(
            NewPuzzleScreen(caskets=str(len(puzzle.caskets)), n=puzzle.n or 1))
        if answer is not None:
            author = self.app.settings.get("author", "") if hasattr(self.app, "settings") else ""
            names = answer["caskets"]
            blank = blank_puzzle(names, answer["n"], answer["m"],
                                 author=author if isinstance(author, str) else "",
                                 target=names[answer["target"]])
            await self.load_model(EditorModel.new(blank))
        else:
            self.files.edited()  # the work discarded is still here after all: keep its copy

    async def _quit(self) -> None:
        if await self.files.confirm_discard("quitting"):
            self.files.forget_own_recovery()
            self.app.exit()
