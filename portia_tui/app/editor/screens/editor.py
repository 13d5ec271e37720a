"""The editor screen: the controller between the model, the widgets and the workers.

Every edit goes through :meth:`EditorScreen.edit` (or undo/redo): the model takes the new
puzzle, the widgets are brought in line (only what changed), and a thread worker re-solves.
Each result carries the request it answers; only the latest request's result is shown.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import get_current_worker

from portia_tui.app.footer import Footer
from portia_tui.core import formats
from portia_tui.core.errors import PortiaError
from portia_tui.core.model import Puzzle, default_puzzle
from portia_tui.core.vocabulary import Statement

from ..analysis import MarksRequest, Report, Request, compute, marks, menu
from ..messages import AnalysisReady, MarksReady, MChosen, Navigate, SlotFocused, SlotMenuRequested
from ..model import EditorModel
from ..widgets.analysis_panel import AnalysisPanel
from ..widgets.assistant_panel import AssistantChanged, AssistantPanel
from ..widgets.casket_panel import LOOP_MARK, CasketPanel, Slot
from ..widgets.toolbar import TitleBar, Toolbar
from .dialogs import ChoiceScreen, MetaScreen, PathScreen
from .help import HelpScreen
from .menu import MenuScreen


class EditorScreen(Screen):
    AUTO_FOCUS = None
    BINDINGS = [
        Binding("u", "undo", "Undo"),
        Binding("ctrl+z", "undo", "Undo", show=False),
        Binding("r", "redo", "Redo"),
        Binding("ctrl+y", "redo", "Redo", show=False),
        Binding("plus,equals_sign", "m_up", "m+", key_display="+"),
        Binding("minus", "m_down", "m-", key_display="-"),
        Binding("m,ctrl+e", "focus_m", "Type m", show=False),
        Binding("a", "add_row", "Add row"),
        Binding("x", "remove_row", "Del row"),
        Binding("v", "toggle_values", "Values"),
        Binding("g", "toggle_assistant", "Assistant"),
        Binding("right_square_bracket", "next_unique_m", "Next unique m", show=False),
        Binding("left_square_bracket", "prev_unique_m", "Prev unique m", show=False),
        Binding("s", "save", "Save"),
        Binding("ctrl+s", "save", "Save", show=False, priority=True),
        Binding("S", "save_as", "Save as", show=False),
        Binding("o", "open", "Open"),
        Binding("ctrl+o", "open", "Open", show=False),
        Binding("n", "new", "New", show=False),
        Binding("e", "edit_meta", "Title/notes", show=False),
        Binding("c", "copy_text", "Copy text", show=False),
        Binding("C", "copy_toml", "Copy TOML", show=False),
        Binding("p", "play", "Play"),
        Binding("f1,question_mark", "help", "Help", key_display="?"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, model: EditorModel) -> None:
        super().__init__(id="editor")
        self.model = model
        #: the report on screen, and the request whose answer may be shown
        self.report: Report | None = None
        self._request: Request | None = None
        self._marks_request: MarksRequest | None = None
        #: the assistant's marks for the focused slot, once they arrive
        self._marks_found: tuple[MarksRequest, tuple[bool, ...]] | None = None
        #: the statement menu on screen, if any, and the one menu screen every slot shares
        self._menu: MenuScreen | None = None
        self._menu_screen: MenuScreen | None = None
        #: results that arrived for an older request and were dropped (tests read it)
        self.stale_dropped = 0
        #: the edit generation whose analysis is on screen
        self.shown_generation = -1
        self.panels: list[CasketPanel] = []
        self._layout = None
        self._assistant_used = model.assistant
        self._focus_shown = ""

    # ----------------------------------------------------------------- building
    def compose(self) -> ComposeResult:
        # The analysis sits above the caskets: Textual repaints the box spanning every
        # changed widget, so with the title, the toolbar and the analysis together at the
        # top an edit does not repaint the casket panels below them.
        yield TitleBar()
        yield Toolbar()
        with Horizontal(id="bottom"):
            yield AnalysisPanel()
            yield AssistantPanel()
        yield Static("", id="focus-line", markup=False)
        with ScrollableContainer(id="caskets"):
            yield from self._make_panels()
        yield Footer()

    def _make_panels(self) -> list[CasketPanel]:
        puzzle = self.model.puzzle
        layout = puzzle.layout
        self._layout = layout
        self.panels = []
        for ci, casket in enumerate(puzzle.caskets):
            slots = [
                Slot(ci, pos, puzzle.number(ci, pos) + 1, st,
                     puzzle.sentence(puzzle.number(ci, pos)))
                for pos, st in enumerate(casket.statements)
            ]
            self.panels.append(CasketPanel(ci, casket.name, slots))
        return self.panels

    async def _rebuild(self) -> None:
        """A different set of caskets (open, new): new panels."""
        container = self.query_one("#caskets")
        await container.remove_children()
        await container.mount_all(self._make_panels())
        self._fit_panels()

    #: a casket panel narrower than this scrolls sideways instead
    PANEL_WIDTH = 38

    def _fit_panels(self) -> None:
        container = self.query_one("#caskets")
        width = container.size.width or self.app.size.width
        container.set_class(len(self.panels) * self.PANEL_WIDTH > width, "-many")

    def on_resize(self) -> None:
        self._fit_panels()

    def on_mount(self) -> None:
        self._fit_panels()
        self.query_one(AssistantPanel).display = self.model.assistant
        self._sync_chrome()
        self.request_analysis()
        if self.panels and self.panels[0].slots:
            self.panels[0].slots[0].focus()

    # ----------------------------------------------------------------- bringing widgets in line
    def _sync_chrome(self) -> None:
        self.query_one(TitleBar).sync(self.model)
        self.query_one(Toolbar).sync(self.model)
        model = self.model
        if model.assistant:
            self.query_one(AssistantPanel).sync(model.puzzle, model.target, model.target_m)
        self._sync_focus_line()

    async def _sync_caskets(self) -> None:
        puzzle = self.model.puzzle
        layout = puzzle.layout
        if self._layout is None or layout.names != self._layout.names:
            await self._rebuild()
            return
        if layout.counts != self._layout.counts:
            gone: list[Slot] = []
            pending: list = []
            for ci, panel in enumerate(self.panels):
                want = layout.counts[ci]
                while len(panel.slots) > want:
                    gone.append(panel.slots.pop())
                new = []
                for pos in range(len(panel.slots), want):
                    i = puzzle.number(ci, pos)
                    slot = Slot(ci, pos, i + 1, puzzle.flat[i][1], puzzle.sentence(i))
                    panel.slots.append(slot)
                    new.append(slot)
                if new:
                    pending.append(panel.mount_all(new))
            if gone:
                pending.extend(slot.remove() for slot in gone)
            # one wait for every panel's mounts and removals, not one per panel
            await asyncio.gather(*pending)
            self._layout = layout
        for ci, panel in enumerate(self.panels):
            for pos, slot in enumerate(panel.slots):
                i = puzzle.number(ci, pos)
                slot.show(i + 1, puzzle.flat[i][1], puzzle.sentence(i))
        self._apply_row_marks()

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
        for ci, panel in enumerate(self.panels):
            for pos, slot in enumerate(panel.slots):
                i = puzzle.number(ci, pos)
                slot.set_marks(i in loops, "" if values is None else values[i])

    def _sync_focus_line(self) -> None:
        line = self.query_one("#focus-line", Static)
        text = self._focus_text()
        if text is not None and text != self._focus_shown:
            self._focus_shown = text
            line.update(text, layout=False)

    def _focus_text(self) -> str | None:
        focused = self.focused
        if not isinstance(focused, Slot):
            return "Tab or the arrow keys move between statements; enter opens a menu."
        puzzle = self.model.puzzle
        ci, pos = focused.casket, focused.position
        if ci >= len(puzzle.caskets) or pos >= len(puzzle.caskets[ci].statements):
            return None
        i = puzzle.number(ci, pos)
        text = f"Statement {i + 1} on the {puzzle.names[ci]} casket: {puzzle.sentence(i)}."
        report = self.report
        if report is not None and report.analysis.puzzle == puzzle:
            for loop in report.analysis.loops:
                if i in loop.statements:
                    text += f"  {LOOP_MARK} in a loop ({loop.kind})."
        return text

    async def after_change(self) -> None:
        await self._sync_caskets()
        self._sync_chrome()
        self.request_analysis()
        self._clear_marks()

    async def edit(self, puzzle: Puzzle) -> bool:
        """Make an edit (undoable); False when it changes nothing."""
        if not self.model.apply(puzzle):
            return False
        await self.after_change()
        return True

    async def load_model(self, model: EditorModel) -> None:
        """Show another puzzle (open, new); its settings follow the old model's."""
        old = self.model
        model.show_values, model.assistant = old.show_values, old.assistant
        model.target = min(old.target, len(model.puzzle.caskets) - 1)
        model.target_m = min(old.target_m, model.puzzle.size)
        self.model = model
        self.report = None
        await self.after_change()

    # ----------------------------------------------------------------- analysis worker
    def current_request(self) -> Request:
        model = self.model
        return Request(
            model.generation,
            model.puzzle,
            values=model.show_values,
            target=model.target if model.assistant else None,
            target_m=model.target_m,
        )

    def request_analysis(self) -> None:
        request = self.current_request()
        self._request = request
        self.query_one(AnalysisPanel).set_pending(request.generation)
        self._analyse(request)

    @work(thread=True, exclusive=True, group="analysis")
    def _analyse(self, request: Request) -> None:
        # a cancelled (superseded) run still reports: the handler drops what is stale
        self.post_message(AnalysisReady(compute(request)))

    @on(AnalysisReady)
    def _analysis_ready(self, message: AnalysisReady) -> None:
        report = message.report
        if report.request is not self._request:
            self.stale_dropped += 1
            return
        self.report = report
        self.shown_generation = report.request.generation
        self.query_one(AnalysisPanel).show(report)
        if report.assistant is not None:
            self.query_one(AssistantPanel).show(report)
        self._apply_row_marks()
        self._sync_focus_line()

    # ----------------------------------------------------------------- assistant marks
    def _clear_marks(self) -> None:
        self._marks_request = None
        self._marks_found = None
        if self._menu is not None:
            self._menu.set_marks(None, self._marks_legend(pending=self.model.assistant))

    def _marks_legend(self, pending: bool = False) -> str:
        model = self.model
        if not model.assistant:
            return ""
        name = model.puzzle.names[model.target]
        if pending:
            return f"Assistant: checking which choices keep {name} reachable with m = {model.target_m}…"
        return (f"Assistant: ✓ keeps {name} reachable with exactly {model.target_m} true "
                "statements, ✗ does not.")

    def request_marks(self, casket: int | None = None, position: int | None = None) -> None:
        """Work out the assistant's marks for a slot (the focused one by default).

        Only an open menu asks for them: they cost one SAT check per menu entry (~0.3 s
        on a 12 x 10 puzzle), too much to redo in the background after every edit."""
        model = self.model
        if casket is None or position is None:
            focused = self.focused
            if not isinstance(focused, Slot):
                return
            casket, position = focused.casket, focused.position
        if not model.assistant:
            return
        request = MarksRequest(model.generation, model.puzzle, casket, position,
                               model.target, model.target_m)
        if request == self._marks_request:
            return
        self._marks_request = request
        self._marks_found = None
        self._marks(request)

    @work(thread=True, exclusive=True, group="marks")
    def _marks(self, request: MarksRequest) -> None:
        worker = get_current_worker()
        found = marks(request, cancelled=lambda: worker.is_cancelled)
        if found is not None:
            self.post_message(MarksReady(request, found))

    @on(MarksReady)
    def _marks_ready(self, message: MarksReady) -> None:
        if message.request is not self._marks_request:
            return
        self._marks_found = (message.request, message.marks)
        menu_screen = self._menu
        request = message.request
        if menu_screen is not None and (menu_screen.casket, menu_screen.position) == (
            request.casket, request.position
        ):
            menu_screen.set_marks(message.marks, self._marks_legend())

    def marks_for(self, casket: int, position: int) -> tuple[bool, ...] | None:
        found = self._marks_found
        if found is None:
            return None
        request, result = found
        if (request.casket, request.position, request.generation) != (
            casket, position, self.model.generation
        ):
            return None
        return result

    def slot_at(self, casket: int, position: int) -> Slot | None:
        if 0 <= casket < len(self.panels) and 0 <= position < len(self.panels[casket].slots):
            return self.panels[casket].slots[position]
        return None

    # ----------------------------------------------------------------- messages from widgets
    async def pick(self, casket: int, position: int, statement: Statement) -> bool:
        """Put `statement` in a slot (what choosing from its menu does)."""
        puzzle = self.model.puzzle
        if casket >= len(puzzle.caskets) or position >= len(puzzle.caskets[casket].statements):
            return False
        if puzzle.caskets[casket].statements[position] == statement:
            return False
        return await self.edit(puzzle.with_statement(casket, position, statement))

    @on(SlotMenuRequested)
    def _open_menu(self, message: SlotMenuRequested) -> None:
        puzzle = self.model.puzzle
        # the slot focus is on: arrow keys typed just before enter have moved it already
        focused = self.focused
        ci, pos = (
            (focused.casket, focused.position) if isinstance(focused, Slot)
            else (message.casket, message.position)
        )
        if self.slot_at(ci, pos) is None or self._menu is not None:
            return
        i = puzzle.number(ci, pos)
        found = self.marks_for(ci, pos)
        if self.model.assistant and found is None:
            self.request_marks(ci, pos)
        if self._menu_screen is None:
            self._menu_screen = MenuScreen()
            self.app.install_screen(self._menu_screen, name=f"statement-menu-{id(self)}")
        screen = self._menu_screen.show(
            ci, pos,
            f"Statement {i + 1} on the {puzzle.names[ci]} casket: choose (enter), "
            "escape keeps it",
            menu(puzzle.layout, ci),
            puzzle.flat[i][1],
            found,
            self._marks_legend(pending=found is None),
        )
        self._menu = screen

        async def chosen(statement: Statement | None) -> None:
            self._menu = None
            if statement is not None:
                await self.pick(ci, pos, statement)

        self.app.push_screen(screen, chosen)

    @on(Navigate)
    def _navigate(self, message: Navigate) -> None:
        if not self.panels:
            return
        # start from the slot focus is on or going to: keys typed faster than focus moves
        # would otherwise all start from the same slot
        focused = self.focused
        casket, position = (
            (focused.casket, focused.position) if isinstance(focused, Slot)
            else (message.casket, message.position)
        )
        ci = max(0, min(len(self.panels) - 1, casket + message.dx))
        slots = self.panels[ci].slots
        pos = max(0, min(len(slots) - 1, position + message.dy))
        self.set_focus(slots[pos])

    @on(SlotFocused)
    def _slot_focused(self, message: SlotFocused) -> None:
        self._sync_focus_line()

    @on(MChosen)
    async def _m_chosen(self, message: MChosen) -> None:
        await self.action_set_m(message.m)

    @on(AssistantChanged)
    def _assistant_changed(self, message: AssistantChanged) -> None:
        model = self.model
        if not 0 <= message.m <= model.puzzle.size:
            self.notify(f"m must be between 0 and {model.puzzle.size}", severity="error")
            return
        if (message.target, message.m) == (model.target, model.target_m):
            return
        model.target, model.target_m = message.target, message.m
        self.request_analysis()
        self._clear_marks()

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

    async def action_set_m(self, m: int) -> None:
        size = self.model.puzzle.size
        if not 0 <= m <= size:
            self.notify(f"m must be between 0 and {size}", severity="error")
            self.query_one(Toolbar).sync(self.model)
            return
        await self.edit(self.model.puzzle.with_m(m))

    async def action_m_up(self) -> None:
        if self.model.puzzle.m < self.model.puzzle.size:
            await self.action_set_m(self.model.puzzle.m + 1)

    async def action_m_down(self) -> None:
        if self.model.puzzle.m > 0:
            await self.action_set_m(self.model.puzzle.m - 1)

    def action_focus_m(self) -> None:
        self.query_one("#m-input").focus()

    async def action_next_unique_m(self) -> None:
        await self._step_unique(+1)

    async def action_prev_unique_m(self) -> None:
        await self._step_unique(-1)

    async def _step_unique(self, step: int) -> None:
        if self.report is None:
            return
        m = self.model.puzzle.m
        unique = self.report.analysis.unique_m
        later = [u for u in unique if (u - m) * step > 0]
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
            if isinstance(focused, Slot):
                position = focused.position
            else:
                position = min(puzzle.layout.counts) - 1
        if not 0 <= position < min(puzzle.layout.counts):
            return
        try:
            await self.edit(puzzle.with_row_removed(position))
        except PortiaError as exc:
            self.notify(str(exc), severity="error")

    def action_toggle_values(self) -> None:
        self.model.show_values = not self.model.show_values
        self._apply_row_marks()
        self.request_analysis()

    def action_toggle_assistant(self) -> None:
        model = self.model
        model.assistant = not model.assistant
        panel = self.query_one(AssistantPanel)
        panel.display = model.assistant
        if model.assistant:
            if not self._assistant_used:
                # the first time, aim at the puzzle's own m
                self._assistant_used = True
                model.target_m = model.puzzle.m
            model.target = min(model.target, len(model.puzzle.caskets) - 1)
            model.target_m = min(model.target_m, model.puzzle.size)
            panel.sync(model.puzzle, model.target, model.target_m)
        self.request_analysis()
        self._clear_marks()

    def action_assistant_target(self, target: int) -> None:
        if not self.model.assistant:
            self.action_toggle_assistant()
        self.model.target = target
        self.query_one(AssistantPanel).sync(self.model.puzzle, target, self.model.target_m)
        self.request_analysis()
        self._clear_marks()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_play(self) -> None:
        from portia_tui.app.play import PlayPuzzleScreen

        self.app.push_screen(PlayPuzzleScreen(self.model.puzzle))

    def action_edit_meta(self) -> None:
        puzzle = self.model.puzzle

        async def done(result: dict | None) -> None:
            if result is not None:
                await self.edit(self.model.puzzle.with_meta(**result))

        self.app.push_screen(MetaScreen(puzzle.title, puzzle.author, puzzle.notes), done)

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

    # ----------------------------------------------------------------- files
    def _write(self, path: Path, force: bool) -> bool:
        try:
            formats.save(self.model.puzzle, path, force=force)
        except PortiaError as exc:
            self.notify(str(exc), severity="error")
            return False
        self.model.mark_saved(path)
        self._sync_chrome()
        self.notify(f"Saved {path}")
        return True

    async def _overwrite_ok(self, path: Path) -> bool:
        """True when path is free, holds this very puzzle, or the author agrees to replace it."""
        if not path.exists():
            return True
        if path.is_dir():
            self.notify(f"{path} is a folder", severity="error")
            return False
        try:
            same = path.read_text(encoding="utf-8") == formats.dumps(self.model.puzzle, "native")
        except (OSError, UnicodeDecodeError):
            same = False
        if same:
            return True
        choice = await self.app.push_screen_wait(
            ChoiceScreen(f"{path} already exists and holds something else. Replace it?",
                         [("overwrite", "Overwrite"), ("cancel", "Cancel")])
        )
        return choice == "overwrite"

    async def save(self) -> bool:
        path = self.model.path
        if path is None:
            return await self.save_as()
        if self.model.saved is None and not await self._overwrite_ok(path):
            return False
        return self._write(path, force=True)

    async def save_as(self) -> bool:
        hint = "portia saves its own TOML format; 'Copy as thesis text' exports the text."
        if self.model.source is not None:
            hint = f"{self.model.source.name} was imported; it is saved as TOML. " + hint
        path = await self.app.push_screen_wait(
            PathScreen("Save as (.toml)", self.model.suggested_path(), hint)
        )
        if path is None:
            return False
        if path.suffix == "":
            path = path.with_suffix(".toml")
        if path.suffix.lower() != ".toml":
            self.notify(f"{path}: save as a .toml file", severity="error")
            return False
        if not await self._overwrite_ok(path):
            return False
        return self._write(path, force=True)

    async def confirm_discard(self, doing: str) -> bool:
        """True when there is nothing unsaved, or the author saved or chose to discard it."""
        if not self.model.dirty:
            return True
        choice = await self.app.push_screen_wait(
            ChoiceScreen(
                f"{self.model.display_name} has unsaved changes. Save them before {doing}?",
                [("save", "Save"), ("discard", "Discard"), ("cancel", "Cancel")],
            )
        )
        if choice == "save":
            return await self.save()
        return choice == "discard"

    @work(group="dialog")
    async def action_save(self) -> None:
        await self.save()

    @work(group="dialog")
    async def action_save_as(self) -> None:
        await self.save_as()

    @work(group="dialog")
    async def action_open(self) -> None:
        if not await self.confirm_discard("opening another puzzle"):
            return
        start = self.model.path or self.model.source or Path.cwd() / "puzzle.toml"
        path = await self.app.push_screen_wait(
            PathScreen("Open a puzzle (.toml, or .txt / .json to import)", start)
        )
        if path is not None:
            await self.open_path(path)

    async def open_path(self, path: Path) -> bool:
        try:
            puzzle = formats.load(path)
        except PortiaError as exc:
            self.notify(str(exc), severity="error")
            return False
        await self.load_model(EditorModel.opened(puzzle, path))
        return True

    @work(group="dialog")
    async def action_new(self) -> None:
        if await self.confirm_discard("starting a new puzzle"):
            await self.load_model(EditorModel.new(default_puzzle()))

    @work(group="dialog")
    async def action_quit(self) -> None:
        if await self.confirm_discard("quitting"):
            self.app.exit()
