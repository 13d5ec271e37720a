"""The play screen: the caskets side by side, the rule, and what the player has found out.

Any portia app can push ``PlayPuzzleScreen(puzzle)`` (the editor does, to let an author play
the current puzzle); the player app passes a progress record, the pack position and a
callback that saves progress.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.events import Resize, ScreenResume, ScreenSuspend
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import get_current_worker

from portia_tui.app.base import skip_layout_echo
from portia_tui.app.footer import Footer
from portia_tui.app.heap import HeapHold
from portia_tui.core.explain.hints import Coach, HintsTooLarge
from portia_tui.core.solve.budget import Budget, OutOfTime
from portia_tui.core.language.model import Puzzle
from portia_tui.core.io.progress import PuzzleRecord, clock
from portia_tui.core.language.words import plural

from ..keys import bindings
from ..messages import Navigate
from ..session import Place, PuzzleSession
from ..widgets import CasketCard, StatementLine, status_label
from ..widgets.status import STATUS_WORDS
from .help import HelpScreen

#: save the time spent every this many seconds of play (besides every move)
SAVE_EVERY = 30
#: the narrowest a casket card gets before the caskets wrap onto more rows
CARD_WIDTH = 26
#: on a board of more statements than this the pencil-mark column is always there (blank
#: until a casket is supposed): laying out a 12 x 10 board again when it appeared took `s`
#: a second
RESERVE_MARKS_AT = 40
#: below this height the screen drops its spacing and the line of key hints
COMPACT_HEIGHT = 30


def rule_text(puzzle: Puzzle) -> str:
    """Portia's rules, each its own sentence (the core words them), then the question."""
    said = " ".join(f"{sentence}." for sentence in puzzle.rule_sentences())
    return f"{said} Which casket holds the portrait?"


def spaced(explanation: str) -> str:
    """The explanation with a blank line between placements and before the conclusion."""
    out: list[str] = []
    for line in explanation.splitlines():
        if out and not line.startswith(" "):
            out.append("")
        out.append(line)
    return "\n".join(out)


def too_large_words(why: HintsTooLarge) -> str:
    """The player's line for a puzzle too large for hints."""
    what = {"rating": "rating it", "grading": "grading it"}.get(why.part,
                                                               "working out its hints")
    return (f"This puzzle is too large for hints: {what} takes over {why.steps:,} steps "
            "(a second or two of work). Pencil marks and picks work as ever; r reveals the "
            "answer.")


class PlayPuzzleScreen(Screen):
    """Play one puzzle: pick a casket, pencil-mark statements, ask for hints, reveal.

    The caskets stand side by side on a board that scrolls (keys follow the statement cursor;
    the mouse wheel scrolls it too); on a narrow terminal they wrap onto more rows. Anything
    that may take long on a big puzzle runs in a thread worker; the screen stays responsive
    and drops a result worked out before a restart.
    """

    # the screen's own default CSS (scoped to it), not `CSS`: Textual reads a screen's CSS when
    # the screen is first pushed, parses every stylesheet again and restyles the app (about
    # 2% of the calls of opening a 12 x 10); a widget's DEFAULT_CSS is only added. The rules
    # use ids, which no default rule of Textual's widgets outranks.
    DEFAULT_CSS = """
    PlayPuzzleScreen { layout: vertical; }
    #top { height: 1; padding: 0 1; background: $panel; }
    #rule { padding: 1 2 0 2; text-style: bold; }
    #howto { padding: 0 2 1 2; color: $text-muted; }
    #board { height: auto; max-height: 60%; padding: 0 1;
             layout: grid; grid-size: 3; grid-rows: auto; grid-gutter: 0 1; }
    #board.-big { scrollbar-gutter: stable; }
    #feedback { height: 1fr; min-height: 4; margin: 1 2 0 2; padding: 0 1;
                border: round $primary; }
    PlayPuzzleScreen.-compact #rule { padding: 0 1; }
    PlayPuzzleScreen.-compact #howto { display: none; }
    PlayPuzzleScreen.-compact #feedback { margin: 0 1; }
    """

    BINDINGS = bindings()

    class Worked(Message):
        """A worker's result, to be applied on the UI thread."""

        def __init__(self, epoch: int, job: str, apply: Callable[[Any], object],
                     result: object) -> None:
            super().__init__()
            self.epoch = epoch
            self.job = job
            self.apply = apply
            self.result = result

    def __init__(self, puzzle: Puzzle, *, stored_solution: str | None = None,
                 record: PuzzleRecord | None = None, place: Place | None = None,
                 on_change: Callable[[PuzzleSession], None] | None = None,
                 clock: Callable[[], float] = time.monotonic, name: str | None = None,
                 coach: Coach | None = None) -> None:
        super().__init__(name=name)
        self.session = PuzzleSession(puzzle, stored_solution=stored_solution, record=record,
                                     place=place, clock=clock, coach=coach)
        self._on_change = on_change
        #: the statement cursor (0-based statement number); the selected casket holds it
        self.cursor = 0
        self._ticks = 0
        #: jobs running in workers: "pick", "hint", "explanation", "check"
        self.busy: set[str] = set()
        #: the collector is off while the board is built, its objects frozen after
        self._heap = HeapHold()

    @property
    def selected(self) -> int:
        return self.session.puzzle.owner(self.cursor)

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        # the screen keeps its widgets: a handler that runs while the screen is being taken
        # down (keys in a burst, a worker's answer) finds them even once they are unmounted
        self._heap.hold()
        s = self.session
        self._top = Static(id="top")
        self._feedback_text = Static(id="feedback-text")
        self._feedback_box = VerticalScroll(self._feedback_text, id="feedback", can_focus=False)
        self._feedback_box.border_title = "What you know"
        code = s.code
        if code and len(code) <= 40:
            self._feedback_box.border_subtitle = f"code {code}"
        reserve = s.puzzle.size > RESERVE_MARKS_AT
        self._cards = [CasketCard(s.puzzle, i, reserve, id=f"casket-{i}")
                       for i in range(s.size)]
        # the cards are the board's own grid (no container between them: each layer as
        # wide as the board drew every line of it and was cut at every card's edge, in every
        # paint)
        self._board = VerticalScroll(*self._cards, id="board", can_focus=False)
        # a big board keeps the scroll bar's room from the start: its bar came in the second
        # layout pass, and every card and line was laid out and wrapped again one column
        # narrower
        self._board.set_class(reserve, "-big")
        # fitted to the terminal before the board is mounted: fitting it after restyled
        # every card and line of a 12 x 10 and laid them out once more
        self._fit(self.app.size.width, self.app.size.height)
        yield self._top
        yield Static(rule_text(s.puzzle), id="rule")
        keys = f"1-{min(s.size, 9)}" if s.size > 1 else "1"
        yield Static(f"Pick: {keys}, or ←/→ and Enter, or click · s suppose, ↑/↓ and t/f "
                     "mark · h hint · ? help", id="howto")
        yield self._board
        yield self._feedback_box
        yield Footer()

    def on_mount(self) -> None:
        self.call_after_refresh(self._heap.settle)
        self.set_interval(1.0, self._tick)
        self._fit(self.size.width, self.size.height)
        if self.session.pencil.supposing is not None:
            self.cursor = self.session.puzzle.layout.offset(self.session.pencil.supposing)
        if self.session.hints_shown and not self.session.hints_ready:
            self._spawn("hint", lambda: self.session.work_hints(self.session.hints_shown),
                        self.session.take_hints)
        self.refresh_view()

    def on_resize(self, event: Resize) -> None:
        if not self._fit(event.size.width, event.size.height):
            skip_layout_echo(self, event)  # nothing refitted: no second layout of that size

    def _fit(self, width: int, height: int) -> bool:
        """Caskets side by side as far as the width allows; compact on a low terminal.
        Whether anything changed."""
        columns = max(1, min(self.session.size, (width - 2) // CARD_WIDTH))
        compact = height < COMPACT_HEIGHT
        changed = (self._board.styles.grid_size_columns != columns
                   or self.has_class("-compact") != compact)
        self._board.styles.grid_size_columns = columns
        self.set_class(compact, "-compact")
        return changed

    # ------------------------------------------------------------------ workers
    def _spawn(self, job: str, work: Callable[[], Any],
               apply: Callable[[Any], object]) -> None:
        """Run work() in a thread worker; apply(result) on the UI thread, then redraw (unless
        a restart came in between)."""
        self.busy.add(job)
        epoch = self.session.epoch

        def run() -> None:
            worker = get_current_worker()
            try:
                # the work stops at its next step once the worker is cancelled (the screen
                # or the app closing): q and ctrl+c never wait for a big puzzle's hints
                with Budget(cancel=lambda: worker.is_cancelled):
                    result = work()
            except OutOfTime:
                return
            self.post_message(self.Worked(epoch, job, apply, result))

        self.run_worker(run, thread=True, group=job, exit_on_error=True)
        self._update_feedback()

    def on_play_puzzle_screen_worked(self, message: Worked) -> None:
        self.busy.discard(message.job)
        if message.epoch == self.session.epoch:
            message.apply(message.result)
            self._changed()
        self.refresh_view(home=message.job != "check")

    # ------------------------------------------------------------------ lifecycle
    def on_screen_resume(self, event: ScreenResume) -> None:
        self.session.resume()
        self._update_top()

    def on_screen_suspend(self, event: ScreenSuspend) -> None:
        self.flush()

    def on_unmount(self) -> None:
        self._heap.release()
        self.flush()

    def flush(self) -> None:
        """Stop the clock and hand the record to whoever saves it."""
        self.session.pause()
        self._changed()

    def _changed(self) -> None:
        if self._on_change is not None:
            self._on_change(self.session)

    def _tick(self) -> None:
        self._update_top()
        if self.session.running:
            self._ticks += 1
            if self._ticks % SAVE_EVERY == 0:
                self.session.pause()
                self.session.resume()
                self._changed()

    # ------------------------------------------------------------------ moving
    def action_move(self, delta: int) -> None:
        """The neighbouring casket, on the same row of statements where it has one."""
        p = self.session.puzzle
        here = self.selected
        row = self.cursor - p.layout.offset(here)
        there = (here + delta) % self.session.size
        self.cursor = p.layout.offset(there) + min(row, p.layout.counts[there] - 1)
        self._update_cards(follow=True)

    def action_line(self, delta: int) -> None:
        """The next or previous statement (in number order, across caskets)."""
        self.cursor = max(0, min(self.session.puzzle.size - 1, self.cursor + delta))
        self._update_cards(follow=True)

    def _select(self, casket: int) -> None:
        p = self.session.puzzle
        if p.owner(self.cursor) != casket:
            self.cursor = p.layout.offset(casket)

    # ------------------------------------------------------------------ picking
    def action_pick_selected(self) -> None:
        self.action_pick(self.selected)

    def action_pick(self, index: int) -> None:
        if not 0 <= index < self.session.size:
            return
        if "pick" in self.busy:
            self.notify("Still judging the last pick…")
            return
        self._select(index)
        self._update_cards()
        session = self.session
        self._spawn("pick", lambda: session.work_pick(index),
                    lambda result: session.apply_pick(*result))

    def on_casket_card_picked(self, message: CasketCard.Picked) -> None:
        self.action_pick(message.index)

    # ------------------------------------------------------------------ hints, reveal
    def action_hint(self) -> None:
        s = self.session
        if not s.playable:
            self.notify("This puzzle is invalid, so there are no hints: press r for its analysis.")
            return
        if "hint" in self.busy:
            self.notify("Still working out the hint…")
            return
        if s.hints_too_large is not None:
            self.notify(too_large_words(s.hints_too_large))
            return
        if s.hints_shown >= s.hint_levels:
            self.notify(f"That was the last hint ({s.hint_levels} of {s.hint_levels}); "
                        "press r to reveal the answer.")
            return
        self._spawn("hint", s.work_hints, s.take_hint)

    def action_reveal(self) -> None:
        s = self.session
        if s.reveal():
            if s.explanation is None and "explanation" not in self.busy:
                def keep(text: object) -> None:
                    s.explanation = str(text)

                self._spawn("explanation", s.work_explanation, keep)
        self._changed()
        self.refresh_view()

    # ------------------------------------------------------------------ pencil marks
    def action_suppose(self) -> None:
        s = self.session
        casket = self.selected
        s.suppose(None if s.pencil.supposing == casket else casket)
        self._changed()
        self.refresh_view(home=False)

    def action_mark(self, value: bool) -> None:
        s = self.session
        if s.pencil.supposing is None:
            self.notify("First suppose a casket: choose it with ←/→ and press s. Then mark "
                        "statements true (t) or false (f).")
            return
        s.mark(self.cursor, value)
        self._changed()
        self.refresh_view(home=False)

    def action_undo(self) -> None:
        s = self.session
        done = s.undo_mark()
        if done is None:
            self.notify("No pencil mark to undo.")
            return
        self.cursor = done[1]
        self._changed()
        self._update_cards(follow=True)
        self._update_feedback()

    def action_check(self) -> None:
        s = self.session
        placement = s.pencil.supposing
        if placement is None:
            self.notify("Suppose a casket first (s), mark statements (t/f), then check.")
            return
        marks = s.pencil.marks()
        self._spawn("check", lambda: s.work_check(placement, marks),
                    lambda result: s.apply_check(result))  # type: ignore[arg-type]

    def action_restart(self) -> None:
        self.session.restart()
        self._changed()
        self.refresh_view()

    # ------------------------------------------------------------------ other keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Next and previous only make sense inside a pack."""
        if action == "navigate" and self.session.place is None:
            return False
        return True

    def action_navigate(self, delta: int) -> None:
        self.post_message(Navigate(delta))

    async def action_back(self) -> None:
        self.flush()  # before the list shows this puzzle's time again
        # the last marks on disk before the list shows (a kill right after keeps them)
        wait = getattr(self.app, "saved_before_screen_change", None)  # (any app may push it)
        if wait is not None:
            await wait()
        if self.is_current:
            self.dismiss()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(pack=self.session.place is not None,
                                        code=self.session.code))

    def action_page(self, delta: int) -> None:
        box = self._feedback_box
        if delta < 0:
            box.scroll_page_up(animate=False)
        else:
            box.scroll_page_down(animate=False)

    # ------------------------------------------------------------------ drawing
    def refresh_view(self, home: bool = True) -> None:
        self._update_top()
        self._update_cards()
        self._update_feedback(home)

    def _update_feedback(self, home: bool = True) -> None:
        text = self._feedback_text
        text.update(self.feedback(), layout=False)
        # a new layout lays out the whole board again (over 100 ms a key at 12 x 10): only
        # when the text now takes another number of lines
        width = text.content_size.width
        lines = text.get_content_height(self._feedback_box.size, self.app.size, width) \
            if width else -1
        if lines != text.content_size.height:
            text.refresh(layout=True)
        if home:
            self._feedback_box.scroll_home(animate=False)

    def _update_top(self) -> None:
        s = self.session
        parts = []
        if s.place is not None:
            parts.append(f"Puzzle {s.place.index} of {s.place.total} ({s.place.difficulty})")
        parts.append(s.puzzle.title or "Untitled puzzle")
        top = Text(" · ".join(parts) + " · ")
        status = "invalid" if not s.playable else s.record.status
        top.append_text(status_label(status))
        if s.playable:
            top.append(f" · time {clock(s.elapsed)}" + ("" if s.running else " (stopped)"))
            if s.hints_shown:
                top.append(f" · hints {s.hints_shown} of {s.hint_levels}")
        self._top.update(top, layout=False)  # one line whatever it says: no new layout

    def _update_cards(self, follow: bool = False) -> None:
        s = self.session
        answer = s.coach.solution if (s.finished and s.playable) else None
        supposing = s.pencil.supposing
        marks = s.pencil.marks()
        wrong = set(s.mark_check.wrong) if s.mark_check is not None else set()
        for card in self._cards:
            card.set_selected(card.index == self.selected)
            card.set_supposed(card.index == supposing)
            if card.index == answer:
                card.set_mark("right")
            elif card.index in s.wrong_picks:
                card.set_mark("wrong")
            else:
                card.set_mark("")
        lines = self._lines()
        for line in lines:
            line.show(line.number == self.cursor, marks.get(line.number),
                      line.number in wrong, supposing is not None)
        if follow and 0 <= self.cursor < len(lines):
            self._board.scroll_to_widget(lines[self.cursor], animate=False)

    def _lines(self) -> list[StatementLine]:
        """Every statement's line, in number order (looked up once they are all mounted:
        a query on every key walked the whole board)."""
        if len(getattr(self, "_line_list", ())) != self.session.puzzle.size:
            found = sorted(self.query(StatementLine).results(StatementLine),
                           key=lambda line: line.number)
            if len(found) < self.session.puzzle.size:
                return found
            self._line_list = found
        return self._line_list

    def _marks_text(self) -> Text | None:
        s = self.session
        placement = s.pencil.supposing
        if placement is None:
            return None
        name = s.puzzle.names[placement]
        marks = s.pencil.marks()
        if s.mark_check is not None and "check" not in self.busy:
            return Text("✎ " + s.mark_check.sentence(s.puzzle), style="bold")
        text = Text(f"✎ Supposing the portrait is in the {name} casket. ", style="bold")
        if "check" in self.busy:
            text.append("Checking your marks…", style="italic")
        elif marks:
            text.append(f"{plural(len(marks), 'mark')} so far: c checks them, u undoes the "
                        "last.")
        else:
            text.append("Mark statements with t (true) and f (false); ↑/↓ choose one.")
        return text

    def feedback(self) -> Text:
        """Everything the player has found out, newest first, as plain readable text."""
        s = self.session
        out = Text()

        def para(text: str | Text, style: str = "") -> None:
            if out.plain:
                out.append("\n\n")
            out.append(text if isinstance(text, Text) else Text(text, style=style))

        if not s.playable:
            para("⚠ This puzzle cannot be played as it is.", "bold red")
            para(s.coach.problem or "")
            para("No pick can be right. You can still pick a casket to see what it gives, "
                 "or press r to read the full analysis.")
        if s.restart_armed:
            para("Start over? Your pencil marks, picks and hints on screen go (your record "
                 "stays). Press x again to start over.", "bold")
        if "pick" in self.busy:
            para(f"Judging the {s.puzzle.names[self.selected]} casket…", "italic")
        marks = self._marks_text()
        if marks is not None:
            para(marks)
        verdict = s.verdict
        self._verdict_paras(para, verdict)
        if "hint" in self.busy:
            para("Working out the hint…", "italic")
        elif s.hints_too_large is not None and not s.finished:
            para(too_large_words(s.hints_too_large))
        if s.revealed or (verdict is not None and verdict.correct):
            if s.explanation is None:
                para("Working out the step-by-step explanation…", "italic")
            else:
                para(Text("How it works out, step by step:", style="bold"))
                para(spaced(s.explanation))
        elif s.hints_shown and s.hints_ready:
            for hint in reversed(s.hints()):
                para(Text(f"Hint {hint.level} of {s.hint_levels}: {hint.title}", style="bold"))
                para(hint.text)
        if not out.plain or (out.plain and marks is not None and len(out.plain) ==
                             len(marks.plain)):
            aim = (f"count the true statements: exactly one casket gives {s.puzzle.m}"
                   if not s.puzzle.side_rules and s.puzzle.m is not None else
                   "check Portia's rules above: exactly one casket keeps them")
            para(f"Suppose the portrait is in each casket in turn and {aim}. Pencil marks: choose "
                 f"a casket with ←/→ and press s to suppose the portrait there, then ↑/↓ "
                 f"and t/f to mark statements, c to check them. Press h for a hint "
                 f"({s.hint_levels} steps, from where to look to all but the answer), r to "
                 "reveal.")
        if s.finished and s.place is not None:
            if s.place.index < s.place.total:
                para("Press n for the next puzzle, p for the previous one, Escape for the list.")
            else:
                para("That was the last puzzle of the pack. Escape shows the list with your "
                     "results (s there shows statistics); p goes to the previous puzzle.")
        if s.code:
            para(Text(f"Share this puzzle: portia play {s.code}", style="italic"))
        return out

    def _verdict_paras(self, para: Callable[..., None], verdict) -> None:
        """The pick's verdict, the reveal prompt or answer, and what was found before."""
        s = self.session
        if verdict is not None and s.playable:
            if verdict.correct:
                para("✔ " + verdict.headline, "bold green")
            else:
                para("✘ " + verdict.headline, "bold red")
            para(verdict.reason)
            if not verdict.correct and not s.finished:
                para(f"Pick another casket to try again, press h for a hint "
                     f"({s.hints_shown} of {s.hint_levels} used), or r to reveal.")
        elif verdict is not None:
            para(verdict.text)
        if s.reveal_armed:
            para("Reveal the answer? It counts as revealed, not solved. Press r again to "
                 "reveal, or go on playing.", "bold")
        if s.revealed and s.playable and not (verdict and verdict.correct):
            para("◌ Revealed: " + s.coach.answer_sentence(), "bold")
        if verdict is None and not s.revealed and s.opened_finished:
            para(self._earlier())

    def _earlier(self) -> str:
        rec = self.session.record
        hints = f", {plural(rec.hints, 'hint')}" if rec.hints else ""
        wrong = f", {plural(rec.wrong, 'wrong pick')}" if rec.wrong else ""
        return (f"You have finished this puzzle before: {STATUS_WORDS[rec.status]} in "
                f"{clock(rec.seconds)}{hints}{wrong}. Pick a casket to play it again (your record stays), or press "
                "r to read the explanation.")
