"""The player's screen for island and door puzzles (knights and knaves, werewolves, the lady or
the tiger): each entity with its statements, a grid of marks (each hidden attribute's value,
or none; yes or no for a yes/no question), checking the marks, the hint ladder, the verdict
and the reveal, with the marks, hints, time and status kept in the player's progress.

The game itself (marks, checks, hints, verdict) is plain Python in
core/explain/island_game.py; this screen only shows it and turns keys into its calls. The
puzzle is solved and graded in a thread worker, so the screen opens at once. The player app
(app.py) hosts this screen for a truth puzzle, alone or in a pack, as it hosts
PlayPuzzleScreen for a casket puzzle.
"""

from __future__ import annotations

import time
from typing import Callable

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.events import ScreenResume, ScreenSuspend
from textual.screen import Screen
from textual.widgets import Static

from portia_tui.core.explain.island_game import QUESTION, IslandGame, answer_words
from portia_tui.core.io.progress import PuzzleRecord, clock
from portia_tui.core.language import sentences as sn
from portia_tui.core.language.formulas import thaw
from portia_tui.core.language.world import AskFormula, AskOf, AskWhere, WorldPuzzle
from portia_tui.core.language.words import plural

from ..footer import Footer
from .messages import Navigate
from .session import Place, PlayClock
from .widgets import status_label
from .widgets.status import STATUS_WORDS

HELP = """Keys
  ← →        move between the marks; ↑ ↓ the same mark one row up or down
  space      the next mark (knight, knave, none, ...); backspace clears it
  enter      am I right? (once your marks answer the question)
  c          check your marks: which ones no solution has
  h          one more hint: the key observation first, then one step each
  H          show the earlier hints too (or fold them again)
  r          reveal the answer and the solution by hand (press twice)
  x          clear every mark (press twice)
  PgUp PgDn  scroll this text
  ?          this help"""
#: how the player leaves: in `portia play`, and when another screen opened it (HOSTED)
QUIT = "\n  q          quit (your progress is saved; the same command resumes)"
HOSTED = "\n  Escape     back to {host} (a try-out: nothing is saved)"

PACK_HELP = """
  n / p      next / previous puzzle of the pack      Escape  back to the list"""

#: save the time spent every this many seconds of play (besides every move)
SAVE_EVERY = 30


def _context(p: WorldPuzzle, speaker: str | None = None) -> sn.Context:
    return sn.Context.of(p, speaker)


def _said(p: WorldPuzzle, formula, speaker: str | None) -> str | None:
    """A formula's sentence, or None when no sentence says it (a promise about which sign
    hangs where)."""
    try:
        return sn.render(thaw(formula), _context(p, speaker))
    except Exception:  # noqa: BLE001 - a formula no sentence says
        return None


def _words(p: WorldPuzzle, statement) -> str:
    """A statement as the grid shows it: its sentence, or the wordings it may have."""
    if statement.says is not None:
        said = _said(p, statement.says, statement.by)
        return f"“{said}.”" if said else "(a statement with no sentence)"
    options = [_said(p, f, statement.by) for f in statement.one_of]
    return "one of: " + " or ".join(f"“{o}”" for o in options if o)


def label(p: WorldPuzzle, entity: str) -> str:
    """An entity as the grid names it: "A", "Room II"."""
    said = _context(p).name(entity)
    return said[:1].upper() + said[1:]


def _modes_text(p: WorldPuzzle) -> list[str]:
    """Who speaks truly: one sentence for the puzzle, one for each entity with its own."""
    attr = p.speaker_attr
    if attr is None:
        return []
    kinds = {"true": "always tell the truth", "false": "always lie",
             "free": "may say anything"}
    lines = []
    ctx = _context(p)
    truth = {"true": "true", "false": "false", "free": "true or false"}
    if any(e not in p.mode_overrides for e in p.entities):
        if ctx.rooms:  # "The sign on a room is true if it holds a lady, ..."
            cases = [f"{truth[p.mode(None, v)]} if "
                     f"{'it is ' + v if v in sn.ADJECTIVES else 'it holds a ' + v}"
                     for v in p.attributes[attr]]
            said = f"the sign on a {ctx.noun} is " + ", ".join(cases)
        else:
            said = "; ".join(f"{sn.plural(v)} {kinds[p.mode(None, v)]}"
                             for v in p.attributes[attr])
        lines.append(said[:1].upper() + said[1:] + ".")
    for e in p.entities:
        if e in p.mode_overrides:
            cases = [f"{truth[p.mode(e, v)]} if {sn.render(['is', e, attr, v], ctx)[:1].lower()}"
                     f"{sn.render(['is', e, attr, v], ctx)[1:]}" for v in p.attributes[attr]]
            whose = f"The sign on {ctx.name(e)}" if ctx.rooms else f"What {ctx.name(e)} says"
            lines.append(f"{whose} is " + ", and ".join(cases) + ".")
    return lines


def rules_text(p: WorldPuzzle) -> str:
    """The puzzle's rules in words: who speaks truly, the narrator's promises (the notes,
    where a promise has no sentence), the question."""
    lines = _modes_text(p)
    promises = [_said(p, c, None) for c in p.constraints]
    lines += [f"{said}." for said in promises if said]
    if None in promises and p.notes:
        lines.append(p.notes)
    lines.append(question_text(p))
    return " ".join(lines)


def question_text(p: WorldPuzzle) -> str:
    """What to find, in words: "Find: each one's type.", "Find: the lady."."""
    asked = p.question
    if asked and all(isinstance(q, AskOf) for q in asked):
        attrs = list(dict.fromkeys(q.attr for q in asked if isinstance(q, AskOf)))
        whose = "each one's" if len({q.entity for q in asked if isinstance(q, AskOf)}) > 1 \
            else f"{asked[0].entity}'s"  # type: ignore[union-attr]
        said = [f"{a} ({' or '.join(p.attributes[a])})" for a in attrs]
        return f"Find: {whose} {' and '.join(said)}."
    parts = []
    for q in asked:
        if isinstance(q, AskWhere):
            parts.append("the " + " ".join(q.pairs.values()))
        elif isinstance(q, AskOf):
            parts.append(f"{q.entity}'s {q.attr}")
    labels = [q.label for q in asked if isinstance(q, AskFormula)]
    find = f"Find: {', '.join(parts)}." if parts else ""
    return " ".join([find, *(f"And: {said}" for said in labels)]).strip()


def how_to_answer(p: WorldPuzzle) -> str:
    """How marks answer this puzzle's question (the first words on the screen)."""
    where = next((q for q in p.question if isinstance(q, AskWhere)), None)
    if where is not None:
        value = next(iter(where.pairs.values()))
        # rooms hold the lady; a werewolf is one of the people, in no room
        pick = (f"the {value}'s room: move to it (← →)" if sn.Context.of(p).rooms
                else f"the {value}: move to that one's mark (← → ↑ ↓)")
        text = (f"Pick {pick} and press space until it says {value}. Other marks are your "
                "own working")
    else:
        text = "Mark each one with space (← → ↑ ↓ move)"
    if any(isinstance(q, AskFormula) for q in p.question):
        text += "; answer the yes/no question on the last line the same way"
    return text + ". Then enter: am I right? h gives a hint, ? the keys."


class IslandScreen(Screen[None]):
    """Play one truth puzzle: marks in a grid, checks, hints, the verdict and the reveal."""

    CSS = """
    IslandScreen { layout: vertical; }
    IslandScreen #top { height: 1; padding: 0 1; background: $panel; }
    IslandScreen #rules { padding: 0 1; color: $text-muted; }
    IslandScreen #board { height: auto; max-height: 60%; padding: 0 1; }
    IslandScreen #feedback { height: 1fr; min-height: 3; padding: 0 1;
                             border-top: solid $primary; }
    """
    BINDINGS = [
        Binding("left", "move(-1)", "move", key_display="←/→"),
        Binding("right", "move(1)", show=False),
        Binding("up", "row(-1)", show=False), Binding("down", "row(1)", show=False),
        Binding("space", "cycle", "mark"), Binding("backspace", "clear", show=False),
        Binding("enter", "judge", "answer"), Binding("c", "check", "check"),
        Binding("h", "hint", "hint"), Binding("H", "all_hints", show=False),
        Binding("r", "reveal", "reveal"),
        Binding("x", "clear_all", show=False),
        Binding("n", "navigate(1)", "next"), Binding("p", "navigate(-1)", "previous"),
        Binding("escape", "back", show=False),
        Binding("pageup", "page(-1)", show=False), Binding("pagedown", "page(1)", show=False),
        Binding("question_mark", "help", "help", key_display="?"),
    ]

    def __init__(self, puzzle: WorldPuzzle, *, record: PuzzleRecord | None = None,
                 place: Place | None = None,
                 on_change: Callable[[PuzzleRecord], None] | None = None,
                 clock: Callable[[], float] = time.monotonic, name: str = "",
                 token: str | None = None, host: str | None = None) -> None:
        super().__init__()
        #: the screen that opened this one ("the editor"), when not the player app: escape
        #: goes back to it, and nothing is kept (the help says so)
        self.host = host
        #: the pack's sealed answer (island_pack.answer_token), checked against the engine's
        self.token = token
        self.puzzle = puzzle
        self.name_shown = puzzle.title or name or "Puzzle"
        self.record = record if record is not None else PuzzleRecord()
        self.place = place
        self._on_change = on_change
        self.timer = PlayClock(self.record, clock)
        self._ticks = 0
        self.game: IslandGame | None = None
        self.at = 0
        #: hint steps on screen: restored from the record for a puzzle left half-way
        self.hint_step = 0 if self.record.finished else self.record.hints
        #: the earlier hints shown under the newest (H), else folded to one line
        self.all_hints = False
        self.armed: str | None = None  # "reveal" or "clear" after one press
        #: what the text below the grid says, and what it said before the help
        self._said = ""
        self._before_help: str | None = None
        self.opened_finished = self.record.finished
        self.solved_now = False
        self.revealed = False
        #: the pack's stored answer is not the puzzle's: not played
        self.disagrees = False

    # ----------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        # kept: a handler running while the screen is taken down still finds them
        self._top = Static("", id="top", markup=False)
        self._rows = [Static("", classes="row", markup=False)
                      for _ in range(len(self.puzzle.entities) + 1)]
        self._shown: dict[Static, str] = {}
        self._board = VerticalScroll(*self._rows, id="board", can_focus=False)
        self._said_box = Static("Solving the puzzle ...", id="said", markup=False)
        self._feedback = VerticalScroll(self._said_box, id="feedback", can_focus=False)
        yield self._top
        yield Static(rules_text(self.puzzle), id="rules", markup=False)
        yield self._board
        yield self._feedback
        yield Footer()

    def on_mount(self) -> None:
        self.set_interval(1.0, self._tick)
        self._draw()
        self.prepare()

    @work(thread=True, exclusive=True, group="prepare")
    def prepare(self) -> None:
        game = IslandGame(self.puzzle)
        game.hints()  # grade in the worker, not on a key (within the grader's budget)
        self.app.call_from_thread(self._game_ready, game)

    def _game_ready(self, game: IslandGame) -> None:
        if not self.is_mounted:
            return
        game.restore(self.record.grid)
        #: the grid as last handed to the record (changes go to it cell by cell, so cells
        #: another player marked there since are kept)
        self._grid_was = game.stored()
        self.game = game
        if game.playable and self.token is not None and self.place is not None:
            from portia_tui.core.packs.island_pack import answer_token

            self.disagrees = answer_token(self.place.pid, game.result.answers[0]) != self.token
        if self._ready_game() is not None:
            self.hint_step = min(self.hint_step, len(game.hints()) - 1)
            self.resume()
        self._draw()
        self._say(self._opening())

    def _opening(self) -> str:
        game = self.game
        assert game is not None
        if self.disagrees:
            return ("The pack's stored answer is not the one the statements give: this "
                    "puzzle cannot be played. 'portia pack check' says more.")
        if not game.playable:
            n = len(game.result.answers)
            return (f"This puzzle has {'no answer' if n == 0 else f'{n} answers'}: it cannot "
                    "be played. Open it in the editor (portia edit) to make it well posed.")
        if self.opened_finished:
            rec = self.record
            hints = f", {plural(rec.hints, 'hint')}" if rec.hints else ""
            wrong = f", {plural(rec.wrong, 'wrong answer')}" if rec.wrong else ""
            return (f"You have finished this puzzle before: {STATUS_WORDS[rec.status]} in "
                    f"{clock(rec.seconds)}{hints}{wrong}. Play it again (your record stays), "
                    "or press r to read the solution.")
        if self.hint_step:
            return self._hints_text()
        return how_to_answer(self.puzzle)

    # ----------------------------------------------------------------- timer, record
    @property
    def running(self) -> bool:
        return self.timer.running

    @property
    def finished(self) -> bool:
        return self.record.finished or self.solved_now or self.revealed

    def resume(self) -> None:
        if not self.timer.running and self._ready_game() is not None and not self.finished:
            self.timer.start()

    def pause(self) -> None:
        self.timer.pause()

    @property
    def elapsed(self) -> float:
        return self.timer.elapsed

    def flush(self) -> None:
        """Stop the clock and hand the record to whoever saves it."""
        self.pause()
        self._changed()

    def _changed(self) -> None:
        if self.game is not None:
            now = self.game.stored()
            self.record.change_grid(self._grid_was, now)
            self._grid_was = now
        if self._on_change is not None:
            self._on_change(self.record)

    def _tick(self) -> None:
        self._draw_top()
        if self.running:
            self._ticks += 1
            if self._ticks % SAVE_EVERY == 0:
                self.pause()
                self.resume()
                self._changed()

    def on_screen_resume(self, event: ScreenResume) -> None:
        self.resume()
        self._draw_top()

    def on_screen_suspend(self, event: ScreenSuspend) -> None:
        self.flush()

    def on_unmount(self) -> None:
        self.flush()

    # ----------------------------------------------------------------- drawing
    def _draw_top(self) -> None:
        parts = []
        if self.place is not None:
            parts.append(f"Puzzle {self.place.index} of {self.place.total} "
                         f"({self.place.difficulty})")
        parts.append(self.name_shown)
        top = Text(" · ".join(parts) + " · ")
        game = self.game
        playable = game is None or self._ready_game() is not None
        top.append_text(status_label(self.record.status if playable else "invalid"))
        if game is not None and playable:
            stopped = " (stopped)" if not (self.running or self.finished) else ""
            top.append(f" · time {clock(self.elapsed)}{stopped}")
            levels = len(game.hints()) - 1
            if self.hint_step:
                top.append(f" · hints {self.hint_step} of {levels}")
        self._top.update(top, layout=False)  # one line whatever it says

    def _row_texts(self) -> list[str]:
        """Each row of the grid: an entity's marks and statements; the yes/no questions."""
        p, game = self.puzzle, self.game
        cells = game.cells if game else []
        names = {e: label(p, e) for e in p.entities}
        width = max(len(n) for n in names.values())
        rows = []
        for e in p.entities:
            marks = [self._cell_text(cell, cells.index(cell))
                     for cell in ((e, a) for a in p.attributes) if cell in cells]
            rows.append("\n".join([f"{names[e]:<{width}}  " + "   ".join(marks),
                                   *(f"    {_words(p, s)}" for s in p.by(e))]))
        questions = [self._cell_text(c, cells.index(c)) for c in cells if c[0] == QUESTION]
        return rows + ["\n".join(questions)]

    def _draw(self) -> None:
        """Redraw the rows whose text changed, and bring the cursor's row into view."""
        for row, text in zip(self._rows, self._row_texts()):
            row.display = bool(text)  # no yes/no question: no empty line for it
            if text != self._shown.get(row):
                # a mark keeps its row's width (values are padded): no new layout then
                row.update(text, layout=len(text) != len(self._shown.get(row, "")))
                self._shown[row] = text
        game = self.game
        if game is not None and game.cells:
            entity = game.cells[self.at][0]
            at = len(self._rows) - 1 if entity == QUESTION else \
                self.puzzle.entities.index(entity)
            self._board.scroll_to_widget(self._rows[at], animate=False)
        self._draw_top()

    def _cell_text(self, cell: tuple[str, str], index: int) -> str:
        game = self.game
        assert game is not None
        here = "▸" if index == self.at else " "
        value = game.marks.get(cell, "·")
        width = max(len(v) for v in game.values(cell))
        if cell[0] == QUESTION:
            return f"{here}{cell[1]} {value:<{width}}"
        return f"{here}{cell[1]}: {value:<{width}}"

    def _say(self, text: str) -> None:
        self._said = text
        self._said_box.update(text)
        self._feedback.scroll_home(animate=False)

    def _hints_text(self) -> str:
        game = self.game
        assert game is not None
        ladder = game.hints()
        # the newest first, as the casket player shows them: the text box opens at its top,
        # so a new hint is never left below the fold of a small terminal; the earlier ones
        # folded (H shows them: a long ladder filled the box at 80x24)
        shown = [f"Hint {i}: {h.text}" for i, h in enumerate(ladder[:self.hint_step], 1)]
        shown.reverse()
        if not self.all_hints and len(shown) > 1:
            earlier = len(shown) - 1
            shown[1:] = [f"{plural(earlier, 'earlier hint')}: H shows "
                         f"{'it' if earlier == 1 else 'them'}."]
        if self.hint_step >= len(ladder) - 1:
            shown.insert(1, "No more hints: r reveals the answer.")
        return "\n\n".join(shown)

    def action_all_hints(self) -> None:
        """Show the earlier hints under the newest, or fold them again."""
        if not self.hint_step or self.game is None or self.game.too_large is not None:
            return
        self.all_hints = not self.all_hints
        self._say(self._hints_text())

    # ----------------------------------------------------------------- actions
    def _ready_game(self) -> IslandGame | None:
        if self.game is None or not self.game.playable or self.disagrees:
            return None
        return self.game

    def action_move(self, step: int) -> None:
        game = self._ready_game()
        if game and game.cells:
            self.at = (self.at + step) % len(game.cells)
            self.armed = None
            self._draw()

    def action_row(self, step: int) -> None:
        """The same attribute's mark on the row above or below (the next mark if none)."""
        game = self._ready_game()
        if not (game and game.cells):
            return
        cells = game.cells
        attr = cells[self.at][1]
        order = [(self.at + step * k) % len(cells) for k in range(1, len(cells))]
        same = [i for i in order if cells[i][1] == attr and cells[i][0] != QUESTION]
        self.at = same[0] if same and cells[self.at][0] != QUESTION else order[0]
        self.armed = None
        self._draw()

    def _marked(self) -> None:
        self.armed = None
        self._draw()
        self._changed()

    def action_cycle(self) -> None:
        game = self._ready_game()
        if game and game.cells:
            game.cycle(game.cells[self.at])
            self._marked()

    def action_clear(self) -> None:
        game = self._ready_game()
        if game and game.cells:
            game.set(game.cells[self.at], None)
            self._marked()

    def action_clear_all(self) -> None:
        game = self._ready_game()
        if game is None:
            return
        if self.armed != "clear":
            self.armed = "clear"
            self._say("Press x again to clear every mark.")
            return
        game.marks.clear()
        self._marked()
        self._say("Every mark cleared.")

    def action_check(self) -> None:
        game = self._ready_game()
        if game is None:
            return
        self.armed = None
        found = game.check()
        if not found.marked:
            self._say("No marks to check yet.")
        elif found.wrong:
            names = ", ".join(f"{e}'s {a}" if e != QUESTION else "your yes/no answer"
                              for e, a in found.wrong)
            self._say(f"Your mark cannot be right: {names}." if found.marked == 1 else
                      f"{len(found.wrong)} of your {found.marked} marks cannot be right: {names}.")
        elif not found.together:
            self._say(f"Each of your {found.marked} marks is possible alone, but not all of "
                      "them together.")
        else:
            self._say("Your mark fits so far." if found.marked == 1 else
                      f"All {found.marked} of your marks fit so far.")

    def action_hint(self) -> None:
        game = self._ready_game()
        if game is None:
            return
        self.armed = None
        levels = len(game.hints()) - 1
        self.hint_step = min(self.hint_step + 1, levels)
        self.all_hints = False
        if not self.finished:
            self.record.hint_seen(self.hint_step)
        if game.too_large is not None:
            self._say(_too_large(game.too_large))
        else:
            self._say(self._hints_text() if levels else "This puzzle has no hints before the "
                      "answer: r reveals it.")
        self._draw_top()
        self._changed()

    def action_judge(self) -> None:
        game = self._ready_game()
        if game is None:
            return
        self.armed = None
        verdict = game.verdict()
        if verdict == "unanswered":
            self._say("Your marks do not answer the question yet. " + how_to_answer(self.puzzle))
            return
        if verdict == "right":
            self.solved_now = True
            self.pause()
            self.record.solved()
            self._say("Right! " + answer_words(self.puzzle, game.result.answers[0]) + ".\n\n"
                      + game.reveal_text() + self._next_words())
        else:
            if not self.finished:
                self.record.wrong_pick()
            self._say("Not quite: c shows which marks cannot be right, h gives a hint.")
        self._draw_top()
        self._changed()

    def _next_words(self) -> str:
        if self.place is None:
            return ""
        if self.place.index < self.place.total:
            return "\n\nPress n for the next puzzle, p for the previous one, Escape for the list."
        return "\n\nThat was the last puzzle of the pack: Escape shows the list."

    def action_reveal(self) -> None:
        game = self._ready_game()
        if game is None:
            return
        if self.armed != "reveal" and not self.finished:
            self.armed = "reveal"
            self._say("Reveal the answer? It counts as revealed, not solved. Press r again "
                      "to reveal, or go on playing.")
            return
        self.armed = None
        self.revealed = True
        self.pause()
        self.record.revealed()
        self._say(game.reveal_text() + self._next_words())
        self._draw_top()
        self._changed()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Next and previous only make sense inside a pack."""
        if action == "navigate" and self.place is None:
            return False
        return True

    def action_navigate(self, delta: int) -> None:
        self.post_message(Navigate(delta))

    async def action_back(self) -> None:
        if self.is_current:
            self.flush()  # before the list shows this puzzle's time again
            # the last marks on disk before the list shows (a kill right after keeps them)
            wait = getattr(self.app, "saved_before_screen_change", None)  # (any app)
            if wait is not None:
                await wait()
            if self.is_current:
                self.dismiss()

    def action_page(self, delta: int) -> None:
        if delta < 0:
            self._feedback.scroll_page_up(animate=False)
        else:
            self._feedback.scroll_page_down(animate=False)

    def action_help(self) -> None:
        """The keys; ? again shows what was there before."""
        keys = self.help_keys()
        if self._before_help is not None and self._said.startswith(keys):
            self._say(self._before_help)
            self._before_help = None
            return
        self._before_help = self._said
        self._say(keys
                  + "\n\n" + how_to_answer(self.puzzle) + self._share()
                  + "\n\n? again: back to what was here.")

    def help_keys(self) -> str:
        """The keys as bound here: q quits the player app; opened by another screen, escape
        goes back to it (q is not bound there, and nothing is saved)."""
        leave = QUIT if self.host is None else HOSTED.format(host=self.host)
        return HELP + leave + (PACK_HELP if self.place is not None else "")

    def _share(self) -> str:
        from portia_tui.core.errors import PortiaError
        from portia_tui.core.io.formats.code import encode_world

        try:
            return f"\n\nShare this puzzle: portia play {encode_world(self.puzzle)}"
        except PortiaError:  # a puzzle no code holds
            return ""


def IslandPlayApp(puzzle: WorldPuzzle, name: str = "", **options):
    """``portia play`` on one truth puzzle: the player app with this puzzle as a pack of one
    (so its progress is kept)."""
    from .app import PlayApp, single_pack

    return PlayApp(single_pack(puzzle, name), single=True, **options)


def _too_large(steps: int) -> str:
    """The casket player's words for a puzzle too large for hints, for its grading."""
    from portia_tui.app.play.screens.puzzle import too_large_words
    from portia_tui.core.explain.hints import HintsTooLarge

    return too_large_words(HintsTooLarge("grading", steps))
