"""The truth-puzzle editor's screen: entity panels with their statements as slots, the lines of
modes, rules, question and target above them, the analysis below; keys in, edits to the model.

Every edit goes through :meth:`WorldEditorScreen.edit` (or undo/redo): the model takes the new
page, the panels follow, and the analysis runs again in the child process. Answers that come
back for an older edit are dropped (their request carries the edit's generation).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import Static
from textual.worker import get_current_worker

from portia_tui.app.base import FileScreen
from portia_tui.app.footer import Footer
from portia_tui.app.process import Cancelled, ProcessRunner, Stopped
from portia_tui.core.author.world_editing import FAMILIES, Draft
from portia_tui.core.io.recovery import RecoveryStore

from . import page
from .analysis import Report, Request, compute
from .commands import MORE_KEYS, MORE_KEYS_SHORT, bindings
from .files import WorldFiles
from .marks import MarksJob, MarksReady
from .menus import Menus
from .page import Session, empty_words
from .widgets import AnalysisView, EntitiesView, WorldSlot


class AnalysisReady(Message):
    def __init__(self, report: Report) -> None:
        super().__init__()
        self.report = report


class AnalysisFailed(Message):
    def __init__(self, request: Request, why: str) -> None:
        super().__init__()
        self.request, self.why = request, why


class WorldEditorScreen(FileScreen):
    AUTO_FOCUS = None
    BINDINGS = bindings()

    def __init__(self, model: Session, store: RecoveryStore | None = None,
                 runner: ProcessRunner | None = None) -> None:
        super().__init__(id="world-editor")
        self.world_model = model
        self.files = WorldFiles(self, store)  # type: ignore[arg-type]
        self.runner = runner if runner is not None else ProcessRunner()
        #: the report on screen, and the request whose answer is wanted
        self.report: Report | None = None
        self.wanted: Request | None = None
        #: answers dropped because an edit came after their request (tests read it)
        self.stale_dropped = 0
        self._last_slot: tuple[int, int] = (0, 0)
        self.menus = Menus(self)
        self.marks = MarksJob(self)

    @property
    def draft(self) -> Draft:
        return self.world_model.draft

    # ----------------------------------------------------------------- building
    def compose(self) -> ComposeResult:
        yield Static("", id="w-title", markup=False)
        yield Static("", id="w-rules", markup=False)
        yield Static("", id="w-target", markup=False)
        yield EntitiesView()
        yield Static("", id="w-focus", markup=False)
        yield AnalysisView()
        yield Footer()

    @property
    def entities(self) -> EntitiesView:
        return self.query_one(EntitiesView)

    async def on_mount(self) -> None:
        await self.sync_view()
        self.request_analysis()
        first = self.entities.slot(0, 0)
        if first is not None:
            first.focus()
        self._dialog(self.files.offer_recovery)

    def on_unmount(self) -> None:
        self.runner.close()
        self.marks.close()

    # ----------------------------------------------------------------- the view
    async def sync_view(self) -> None:
        await self.entities.sync(page.rows(self.draft))
        self.sync_chrome()

    def sync_chrome(self) -> None:
        model, draft = self.world_model, self.draft
        puzzle = draft.puzzle
        name = model.path.name if model.path is not None else "untitled"
        parts = [name + (" * unsaved" if model.dirty else "")]
        parts.append(f"{len(puzzle.entities)} {'rooms' if page.rooms(draft) else 'people'}")
        empty = empty_words(draft)
        if empty:
            parts.append(empty)
        if puzzle.title:
            parts.append(puzzle.title)
        self.query_one("#w-title", Static).update(" — ".join(parts))
        self.query_one("#w-rules", Static).update(
            f"{page.modes_text(draft)} {page.rules_text(draft)} {page.question_text(draft)}")
        self.query_one("#w-target", Static).update(self.target_text())
        self._sync_focus_line()

    def _sync_focus_line(self) -> None:
        focused = self.focused
        line = "Arrow keys move between statements; enter opens a slot's menu."
        if isinstance(focused, WorldSlot):
            s = page.slot_at(self.draft, (focused.entity, focused.position))
            if s is not None:
                who = page.entity_name(self.draft, s.by or "")
                if s.id != s.by:
                    who += f" ({s.id})"
                text = page.slot_text(self.draft, s.id)
                said = (f"says {text}." if text.startswith("one of") else
                        f"says “{text}”." if text else "says nothing yet: enter chooses.")
                line = f"{who} {said}"
        self.query_one("#w-focus", Static).update(with_keys(line, self.size.width))

    def on_resize(self) -> None:
        self._sync_focus_line()

    def slot_focused(self, slot: WorldSlot) -> None:
        self._last_slot = (slot.entity, slot.position)
        self._sync_focus_line()

    def move_focus(self, slot: WorldSlot, step: int) -> None:
        slots = self.entities.all_slots()
        focused = self.focused if isinstance(self.focused, WorldSlot) else slot
        if focused in slots:
            at = slots.index(focused)
            slots[max(0, min(at + step, len(slots) - 1))].focus()

    def focused_slot(self) -> tuple[int, int] | None:
        focused = self.focused
        if isinstance(focused, WorldSlot):
            return focused.entity, focused.position
        return None

    # ----------------------------------------------------------------- edits
    async def edit(self, puzzle: Any) -> bool:
        """Make an edit (undoable); False when it changes nothing."""
        if not self.world_model.apply(puzzle):
            return False
        await self.after_change()
        return True

    async def after_change(self) -> None:
        model = self.world_model
        asked = {q.key for q in self.draft.puzzle.question}
        if model.target is not None and set(model.target) != asked:
            # the question changed (or was undone): the old target answers another one
            model.set_target(None)
            self.notify("The question changed: t picks the target answer again.")
        elif model.target is not None and not page.target_possible(self.draft, model.target):
            model.set_target(None)
            self.notify("The target named a kind the page no longer has: t picks another.")
        await self.sync_view()
        self.request_analysis()
        self.marks.forget()
        self.files.edited()

    def widen_vocabulary(self) -> None:
        """(The casket editor's file actions call this after a restore: nothing to widen.)"""

    async def action_undo(self) -> None:
        if self.world_model.undo():
            await self.after_change()
        else:
            self.notify("Nothing to undo.")

    async def action_redo(self) -> None:
        if self.world_model.redo():
            await self.after_change()
        else:
            self.notify("Nothing to redo.")

    # ----------------------------------------------------------------- analysis
    def request_analysis(self) -> None:
        model = self.world_model
        target = None if model.target is None else tuple(sorted(
            (k, tuple(v) if isinstance(v, list) else v) for k, v in model.target.items()))
        request = Request(model.generation, model.draft, target)
        self.wanted = request
        self.query_one(AnalysisView).say("Working out the answers…")
        self.run_worker(partial(self._analyse, request), thread=True, exclusive=True,
                        group="analysis")

    def _analyse(self, request: Request) -> None:
        worker = get_current_worker()
        try:
            report = self.runner.call(compute, request, cancelled=lambda: worker.is_cancelled)
        except Cancelled:
            return
        except Stopped as exc:
            self.post_message(AnalysisFailed(request, str(exc)))
            return
        except Exception as exc:  # noqa: BLE001 - the page cannot be analysed: say why
            self.post_message(AnalysisFailed(request, str(exc)))
            return
        self.post_message(AnalysisReady(report))

    @on(AnalysisReady)
    def _analysis_ready(self, message: AnalysisReady) -> None:
        if message.report.request != self.wanted:
            self.stale_dropped += 1
            return
        self.report = message.report
        self.query_one(AnalysisView).say(self.analysis_text(message.report))

    @on(AnalysisFailed)
    def _analysis_failed(self, message: AnalysisFailed) -> None:
        if message.request == self.wanted:
            self.query_one(AnalysisView).say(f"No analysis: {message.why}.")

    def analysis_text(self, report: Report) -> str:
        lines: list[str] = []
        n = report.answers
        if n is None:
            lines.append(report.note or "No analysis.")
        elif n == 0:
            lines.append("No answer: no world fits every statement and rule.")
        elif n == 1:
            lines.append("Well posed: exactly one answer.")
        else:
            more = "" if report.complete else " or more"
            lines.append(f"Not well posed: {n}{more} answers.")
        lines += [f"  {i}. {a}" for i, a in enumerate(report.answer_lines, 1)]
        if n is not None and n > len(report.answer_lines):
            lines.append(f"  … {n - len(report.answer_lines)} more")
        if report.paradoxes:
            lines.append("Why there is none:")
            lines += [f"  {p}" for p in report.paradoxes]
        if report.clues:
            lines.append("Clues that would make it well posed, least given away first (c "
                         "adds one as a rule):")
            lines += [f"  {c}" for c in report.clues[:report.clues_shown]]
            left = len(report.clues) - report.clues_shown
            if left:
                lines.append(f"  ({left} more left out: each gives more away; c lists "
                             f"{'them' if left > 1 else 'it'} all.)")
        elif n is not None and n > 1:
            lines.append("No single fact makes it well posed: change a statement.")
        if report.target_fits is not None:
            lines.append("Target: the only answer: well posed toward it." if report.target_alone
                         else "Target: one of the answers, not yet the only one."
                         if report.target_fits else "Target: not an answer now.")
        if report.note and n is not None:
            lines.append(report.note)
        empty = len(self.draft.empty)
        if empty:
            lines.append(f"({empty} empty slot{'s say' if empty > 1 else ' says'} nothing yet.)")
        return "\n".join(lines)

    def save_warning(self) -> str:
        """'' for a well-posed page, else what is not right with it (a save still writes)."""
        report = self.report
        if report is None or report.request != self.wanted or report.answers is None:
            return "it was not analysed yet"
        empty = empty_words(self.draft)
        if empty:
            return f"it has {empty}"
        if report.answers != 1:
            return "it has no answer" if not report.answers else (
                f"it has {report.answers} answers")
        return ""

    @on(MarksReady)
    def _marks_ready(self, message: MarksReady) -> None:
        self.marks.ready(message)

    def action_scroll_analysis(self, direction: int) -> None:
        view = self.query_one(AnalysisView)
        if direction > 0:
            view.scroll_page_down(animate=False)
        else:
            view.scroll_page_up(animate=False)

    def action_escape(self) -> None:
        if any(w.group == "analysis" and w.is_running for w in self.workers):
            self.workers.cancel_group(self, "analysis")
            self.query_one(AnalysisView).say("Analysis stopped (escape); the next edit runs "
                                             "it again.")

    # ----------------------------------------------------------------- menus (menus.py)
    def open_slot_menu(self, entity: int, position: int) -> None:
        self.menus.open_slot_menu(entity, position)

    def action_slot_menu(self) -> None:
        self.menus.slot_menu()

    async def action_clear_slot(self) -> None:
        await self.menus.clear_slot()

    async def action_add_slot(self) -> None:
        await self.menus.add_slot()

    async def action_remove_slot(self) -> None:
        await self.menus.remove_slot()

    async def action_add_entity(self) -> None:
        await self.menus.add_entity()

    async def action_remove_entity(self) -> None:
        await self.menus.remove_entity()

    def action_rules_menu(self) -> None:
        self.menus.rules()

    def action_modes_menu(self) -> None:
        self.menus.modes()

    def action_question_menu(self) -> None:
        self.menus.question()

    def action_target_menu(self) -> None:
        self.menus.target()

    def action_add_clue(self) -> None:
        self.menus.clue()

    def set_target(self, target: dict | None) -> None:
        """Aim the marks at another answer (not an edit: undo leaves it)."""
        self.world_model.set_target(target)
        self.marks.forget()
        self.sync_chrome()
        self.request_analysis()  # the target's generation made the running one stale

    def current_report(self) -> Report | None:
        report = self.report
        return report if report is not None and report.request == self.wanted else None

    def target_text(self) -> str:
        from .analysis import target_words

        target = self.world_model.target
        if target is None:
            return "Target: none (t picks the answer you build toward: the menus mark it)."
        return f"Target: {target_words(self.draft.analysed(), dict(target))} (t changes)."

    # ----------------------------------------------------------------- files
    def action_save(self) -> None:
        self._dialog(self.files.save)

    def action_save_as(self) -> None:
        self._dialog(self.files.save_as)

    def action_quit(self) -> None:
        self._dialog(self._quit)

    def action_new(self) -> None:
        if self.app.screen is self:
            self._dialog(self._new)

    def action_open(self) -> None:
        if self.app.screen is self:
            self._dialog(self._open)

    async def _new(self) -> None:
        from .menus import WorldMenu
        from .new import NewPageScreen

        if not await self.files.confirm_discard("starting a new page"):
            return
        family = self.draft.family if self.draft.family in FAMILIES else "knights-knaves"
        options = tuple((f"{name}: {fam.summary}", name) for name, fam in FAMILIES.items())
        chosen = await self.ask_screen(WorldMenu().show(
            -1, -1, "A new page: which family? (escape keeps this page)", options, family,
            groups=("Truth puzzles (Portia's caskets: portia new FILE)",) * len(options)))
        draft = None
        if chosen is not None:
            author = self.app.settings.get("author", "") if hasattr(self.app, "settings") else ""
            draft = await self.ask_screen(NewPageScreen(
                chosen, author.strip() if isinstance(author, str) else ""))
        if draft is None:
            self.files.edited()  # the work discarded is still here after all: keep its copy
            return
        await self.load_session(Session(draft, saved=draft))
        self.notify(f"A new {draft.family} page: s saves it (you name the file).")

    async def _open(self) -> None:
        from portia_tui.app.editor.screens.dialogs import PathScreen
        from portia_tui.core.author import world_editing
        from portia_tui.core.errors import PortiaError
        from portia_tui.core.io import formats

        if not await self.files.confirm_discard("opening another puzzle"):
            return
        model = self.world_model
        start = model.path or Path.cwd() / "puzzle.toml"
        path = await self.ask_screen(PathScreen("Open a truth puzzle (.toml, format 3)", start))
        opened = None
        if path is not None:
            try:
                text = formats.read_text(path)
                if not formats.is_world_text(text, "native"):
                    self.notify(f"{path} is not a truth puzzle (format 3): portia edit {path} "
                                "opens it in the casket editor.", severity="warning",
                                markup=False)
                else:
                    opened = Session.opened_draft(world_editing.loads(text, str(path)), path)
            except PortiaError as exc:
                self.notify(str(exc), severity="error", markup=False)
        if opened is None:
            self.files.edited()  # the work discarded is still here after all: keep its copy
            return
        await self.load_session(opened)
        await self.files.offer_recovery()

    async def load_session(self, session: Session) -> None:
        """Show another page (new, open): a history, target and analysis of its own."""
        old = self.world_model
        # the generation goes on from the old page's, so no answer made for it can pass
        session.generation = old.generation + 1
        self.world_model = session
        self.report = None
        self.marks.forget()
        await self.sync_view()
        self.request_analysis()
        self.files.edited()
        first = self.entities.slot(0, 0)
        if first is not None:
            first.focus()

    def action_play(self) -> None:
        """Play the page as it stands in the player's screen (escape comes back)."""
        from portia_tui.app.play.islands import IslandScreen

        if self.app.screen is not self:
            return
        report = self.current_report()
        if report is not None and report.answers is not None and report.answers != 1:
            n = report.answers
            self.notify(f"Not playable yet: it has {'no answer' if not n else f'{n} answers'} "
                        "(play needs exactly one).", severity="warning")
            return
        draft = self.draft
        empty = f" (without the {empty_words(draft)}: they say nothing)" if draft.empty else ""
        self.notify(f"Playing this page{empty}: escape comes back to the editor.")
        self.app.push_screen(IslandScreen(draft.analysed(),
                                          name=self.world_model.path.stem
                                          if self.world_model.path else "This page",
                                          host="the editor"))

    async def _quit(self) -> None:
        if await self.files.confirm_discard("quitting"):
            self.files.forget_own_recovery()
            self.app.exit()

    def action_edit_meta(self) -> None:
        from portia_tui.app.editor.screens.dialogs import MetaScreen

        if self.app.screen is not self:
            return
        puzzle = self.draft.puzzle

        async def done(result: dict | None) -> None:
            if result is not None:
                await self.edit(self.draft.with_meta(**result))

        self.app.push_screen(MetaScreen(puzzle.title, puzzle.author, puzzle.notes), done)

    def action_help(self) -> None:
        from .help import WorldHelp

        if self.app.screen is self:
            self.app.push_screen(WorldHelp())


def with_keys(line: str, width: int) -> str:
    """The focus line with the keys the footer has no room for at its right end (the rules,
    modes and question keys): in full when both fit, else the short form, the line cut
    ("…") to leave room for it. The screen's width less 2 (its padding) is the room."""
    room = width - 2
    if len(line) + len(MORE_KEYS) + 3 <= room:
        return line + " " * (room - len(line) - len(MORE_KEYS)) + MORE_KEYS
    keys = MORE_KEYS_SHORT
    space = room - len(keys) - 3
    if space < 10:  # a terminal too narrow for both: the statement's words first
        return line
    if len(line) > space:
        line = line[:space - 1].rstrip() + "…"
    return line + " " * (room - len(line) - len(keys)) + keys
