"""The play screen: the caskets side by side, the rule, and what the player has found out.

Any portia app can push ``PlayPuzzleScreen(puzzle)`` (the editor does, to let an author play
the current puzzle); the player app passes a progress record, the pack position and a
callback that saves progress.
"""

from __future__ import annotations

import time
from typing import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.events import ScreenResume, ScreenSuspend
from textual.screen import Screen
from textual.widgets import Static

from portia_tui.app.footer import Footer
from portia_tui.core.hints import HINT_LEVELS
from portia_tui.core.model import Puzzle
from portia_tui.core.progress import PuzzleRecord, clock
from portia_tui.core.words import plural

from ..messages import Navigate
from ..session import Place, PuzzleSession
from ..widgets import CasketCard, status_label
from .help import HelpScreen

#: save the time spent every this many seconds of play (besides every move)
SAVE_EVERY = 30


def rule_text(puzzle: Puzzle) -> str:
    count = plural(puzzle.m, "statement is", "statements are")
    return f"Exactly {count} true. Which casket holds the portrait?"


def spaced(explanation: str) -> str:
    """The explanation with a blank line between placements and before the conclusion."""
    out: list[str] = []
    for line in explanation.splitlines():
        if out and not line.startswith(" "):
            out.append("")
        out.append(line)
    return "\n".join(out)


class PlayPuzzleScreen(Screen):
    """Play one puzzle: pick a casket, ask for hints, reveal."""

    CSS = """
    PlayPuzzleScreen { layout: vertical; }
    #top { height: 1; padding: 0 1; background: $panel; }
    #rule { padding: 1 2 0 2; text-style: bold; }
    #howto { padding: 0 2 1 2; color: $text-muted; }
    #caskets { height: auto; max-height: 50%; padding: 0 1; }
    #feedback { height: 1fr; margin: 1 2 0 2; padding: 0 1; border: round $primary; }
    """

    BINDINGS = [
        Binding("left", "move(-1)", "choose", key_display="←/→"),
        Binding("right", "move(1)", "choose", show=False),
        Binding("enter", "pick_selected", "pick"),
        *[Binding(str(k), f"pick({k - 1})", f"pick {k}", show=False) for k in range(1, 10)],
        Binding("h", "hint", "hint"),
        Binding("r", "reveal", "reveal"),
        Binding("n", "navigate(1)", "next"),
        Binding("p", "navigate(-1)", "previous"),
        Binding("up", "scroll(-1)", "scroll", show=False),
        Binding("down", "scroll(1)", "scroll", show=False),
        Binding("pageup", "page(-1)", "page up", show=False),
        Binding("pagedown", "page(1)", "page down", show=False),
        Binding("escape", "back", "back"),
        Binding("question_mark", "help", "help", key_display="?"),
    ]

    def __init__(self, puzzle: Puzzle, *, stored_solution: str | None = None,
                 record: PuzzleRecord | None = None, place: Place | None = None,
                 on_change: Callable[[PuzzleSession], None] | None = None,
                 clock: Callable[[], float] = time.monotonic, name: str | None = None) -> None:
        super().__init__(name=name)
        self.session = PuzzleSession(puzzle, stored_solution=stored_solution, record=record,
                                     place=place, clock=clock)
        self._on_change = on_change
        self.selected = 0
        self._ticks = 0

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        s = self.session
        yield Static(id="top")
        yield Static(rule_text(s.puzzle), id="rule")
        keys = f"1-{min(s.size, 9)}" if s.size > 1 else "1"
        yield Static(f"Pick a casket: press {keys}, or ←/→ then Enter, or click it. "
                     "h: hint · r: reveal · ?: help", id="howto")
        with Horizontal(id="caskets"):
            for i in range(s.size):
                yield CasketCard(s.puzzle, i, id=f"casket-{i}")
        with VerticalScroll(id="feedback", can_focus=False):
            yield Static(id="feedback-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#feedback").border_title = "What you know"
        self.set_interval(1.0, self._tick)
        self.refresh_view()

    # ------------------------------------------------------------------ lifecycle
    def on_screen_resume(self, event: ScreenResume) -> None:
        self.session.resume()
        self._update_top()

    def on_screen_suspend(self, event: ScreenSuspend) -> None:
        self.flush()

    def on_unmount(self) -> None:
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

    # ------------------------------------------------------------------ actions
    def action_move(self, delta: int) -> None:
        self.selected = (self.selected + delta) % self.session.size
        self._update_cards()

    def action_pick_selected(self) -> None:
        self.action_pick(self.selected)

    def action_pick(self, index: int) -> None:
        if not 0 <= index < self.session.size:
            return
        self.selected = index
        self.session.pick(index)
        self._changed()
        self.refresh_view()

    def on_casket_card_picked(self, message: CasketCard.Picked) -> None:
        self.action_pick(message.index)

    def action_hint(self) -> None:
        s = self.session
        if not s.playable:
            self.notify("This puzzle is invalid, so there are no hints: press r for its analysis.")
            return
        if s.next_hint() is None:
            self.notify(f"That was the last hint ({HINT_LEVELS} of {HINT_LEVELS}); "
                        "press r to reveal the answer.")
            return
        self._changed()
        self.refresh_view()

    def action_reveal(self) -> None:
        self.session.reveal()
        self._changed()
        self.refresh_view()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Next and previous only make sense inside a pack."""
        if action == "navigate" and self.session.place is None:
            return False
        return True

    def action_navigate(self, delta: int) -> None:
        self.post_message(Navigate(delta))

    def action_back(self) -> None:
        self.dismiss()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(pack=self.session.place is not None))

    def action_scroll(self, delta: int) -> None:
        box = self.query_one("#feedback", VerticalScroll)
        box.scroll_relative(y=delta * 2, animate=False)

    def action_page(self, delta: int) -> None:
        box = self.query_one("#feedback", VerticalScroll)
        if delta < 0:
            box.scroll_page_up(animate=False)
        else:
            box.scroll_page_down(animate=False)

    # ------------------------------------------------------------------ drawing
    def refresh_view(self) -> None:
        self._update_top()
        self._update_cards()
        self.query_one("#feedback-text", Static).update(self.feedback())
        self.query_one("#feedback", VerticalScroll).scroll_home(animate=False)

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
                top.append(f" · hints {s.hints_shown} of {HINT_LEVELS}")
        self.query_one("#top", Static).update(top)

    def _update_cards(self) -> None:
        s = self.session
        answer = s.coach.solution if (s.finished and s.playable) else None
        for card in self.query(CasketCard):
            card.set_selected(card.index == self.selected)
            if card.index == answer:
                card.set_mark("right")
            elif card.index in s.wrong_picks:
                card.set_mark("wrong")
            else:
                card.set_mark("")

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
        verdict = s.verdict
        if verdict is not None and s.playable:
            if verdict.correct:
                para("✔ " + verdict.headline, "bold green")
            else:
                para("✘ " + verdict.headline, "bold red")
            para(verdict.reason)
            if not verdict.correct and not s.finished:
                para(f"Pick another casket to try again, press h for a hint "
                     f"({s.hints_shown} of {HINT_LEVELS} used), or r to reveal.")
        elif verdict is not None:
            para(verdict.text)
        if s.reveal_armed:
            para("Reveal the answer? It counts as revealed, not solved. Press r again to "
                 "reveal, or go on playing.", "bold")
        if s.revealed and s.playable and not (verdict and verdict.correct):
            para("◌ Revealed: " + s.coach.answer_sentence(), "bold")
        if verdict is None and not s.revealed and s.opened_finished:
            para(self._earlier())
        if (s.revealed or (verdict is not None and verdict.correct)):
            para(Text("How it works out, step by step:", style="bold"))
            para(spaced(s.coach.explanation()))
        elif s.hints_shown:
            for hint in reversed(s.hints()):
                para(Text(f"Hint {hint.level} of {HINT_LEVELS}: {hint.title}", style="bold"))
                para(hint.text)
        if not out.plain:
            para(f"Suppose the portrait is in each casket in turn and count the true "
                 f"statements: exactly one casket gives {s.puzzle.m}. "
                 f"Press h for a hint ({HINT_LEVELS} steps, gentle to full), r to reveal.")
        if s.finished and s.place is not None:
            if s.place.index < s.place.total:
                para("Press n for the next puzzle, p for the previous one, Escape for the list.")
            else:
                para("That was the last puzzle of the pack. Escape shows the list with your "
                     "results (s there shows statistics); p goes to the previous puzzle.")
        return out

    def _earlier(self) -> str:
        rec = self.session.record
        hints = f", {plural(rec.hints, 'hint')}" if rec.hints else ""
        wrong = f", {plural(rec.wrong, 'wrong pick')}" if rec.wrong else ""
        return (f"You have finished this puzzle before: {rec.words} in {clock(rec.seconds)}"
                f"{hints}{wrong}. Pick a casket to play it again (your record stays), or press "
                "r to read the explanation.")
