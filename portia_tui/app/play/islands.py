"""The player for island and door puzzles (knights and knaves, werewolves, the lady or the
tiger): each entity with its statements, a grid of marks (each hidden attribute's value, or
none), checking the marks, the hint ladder, the verdict and the reveal.

The game itself (marks, checks, hints, verdict) is plain Python in
core/explain/island_game.py; this screen only shows it and turns keys into its calls. The
puzzle is solved and graded in a thread worker, so the screen opens at once.
"""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from portia_tui.core.explain.island_game import IslandGame, answer_words
from portia_tui.core.language import sentences as sn
from portia_tui.core.language.formulas import thaw
from portia_tui.core.language.world import WorldPuzzle

from ..base import PortiaApp
from ..footer import Footer

HELP = """Keys
  ↑ ↓ ← →    move between the marks (each person's or room's hidden values)
  space      mark the next value (knight, knave, blank, ...); backspace clears
  enter      am I right? (once your marks answer the question)
  c          check your marks: which ones no solution has
  h          one more hint: the key observation first, then one step each
  r          reveal the answer and the solution by hand (press twice)
  x          clear every mark (press twice)
  ?          this help        q  quit"""


def _context(p: WorldPuzzle, speaker: str | None = None) -> sn.Context:
    return sn.Context.of(p, speaker)


def _said(p: WorldPuzzle, formula, speaker: str | None) -> str:
    try:
        return sn.render(thaw(formula), _context(p, speaker))
    except Exception:  # noqa: BLE001 - a formula no sentence says: show its data
        return str(thaw(formula))


def rules_text(p: WorldPuzzle) -> str:
    """The puzzle's rules in words: who speaks truly, the narrator's promises, the question."""
    lines = []
    if p.speaker_attr:
        kinds = {"true": "always tell the truth", "false": "always lie",
                 "free": "may say anything"}
        said = "; ".join(f"{sn.plural(v)} {kinds[p.mode(None, v)]}"
                         for v in p.attributes[p.speaker_attr])
        lines.append(said[:1].upper() + said[1:] + ".")
    lines += [_said(p, c, None) + "." for c in p.constraints]
    lines.append(question_text(p))
    return " ".join(lines)


def question_text(p: WorldPuzzle) -> str:
    """What to find, in words: "Find: each one's type.", "Find: the werewolf."."""
    from portia_tui.core.language.world import AskOf, AskWhere

    asked = p.question
    if asked and all(isinstance(q, AskOf) for q in asked):
        attrs = list(dict.fromkeys(q.attr for q in asked if isinstance(q, AskOf)))
        whose = "each one's" if len({q.entity for q in asked if isinstance(q, AskOf)}) > 1 \
            else f"{asked[0].entity}'s"  # type: ignore[union-attr]
        return f"Find: {whose} {' and '.join(attrs)}."
    parts = []
    for q in asked:
        if isinstance(q, AskWhere):
            parts.append("the " + " ".join(q.pairs.values()))
        elif isinstance(q, AskOf):
            parts.append(f"{q.entity}'s {q.attr}")
        else:
            parts.append(f"whether {q.key}")
    return "Find: " + ", ".join(parts) + "."


class IslandPlayApp(PortiaApp):
    """``portia play`` on an island or door puzzle."""

    TITLE = "portia play"
    CSS = """
    #rules { padding: 0 1; color: $text-muted; }
    #board { height: auto; max-height: 60%; padding: 0 1; }
    #feedback { height: 1fr; padding: 0 1; border-top: solid $primary; }
    """
    BINDINGS = [
        Binding("q", "quit", "quit"), Binding("up", "move(-1)", "up", show=False),
        Binding("down", "move(1)", "down", show=False),
        Binding("left", "move(-1)", show=False), Binding("right", "move(1)", show=False),
        Binding("space", "cycle", "mark"), Binding("backspace", "clear", show=False),
        Binding("enter", "judge", "am I right?"), Binding("c", "check", "check"),
        Binding("h", "hint", "hint"), Binding("r", "reveal", "reveal"),
        Binding("x", "clear_all", show=False), Binding("question_mark", "help", "help"),
    ]

    def __init__(self, puzzle: WorldPuzzle, name: str = "") -> None:
        super().__init__()
        self.puzzle = puzzle
        self.name_shown = puzzle.title or name or "Puzzle"
        self.game: IslandGame | None = None
        self.at = 0
        self.hint_step = 0
        self.armed: str | None = None  # "reveal" or "clear" after one press

    def compose(self) -> ComposeResult:
        yield Static(self.name_shown, id="title", markup=False)
        yield Static(rules_text(self.puzzle), id="rules", markup=False)
        yield VerticalScroll(Static("", id="grid", markup=False), id="board")
        with VerticalScroll(id="feedback"):
            yield Static("Solving the puzzle ...", id="said", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.prepare()

    @work(thread=True, exclusive=True, group="prepare")
    def prepare(self) -> None:
        game = IslandGame(self.puzzle)
        game.hints()  # grade in the worker, not on a key
        self.call_from_thread(self._game_ready, game)

    def _game_ready(self, game: IslandGame) -> None:
        self.game = game
        if not game.playable:
            n = len(game.result.answers)
            self._say(f"This puzzle has {'no answer' if n == 0 else f'{n} answers'}: it cannot "
                      "be played. Open it in the editor (portia edit) to make it well posed.")
        else:
            self._say("Mark each hidden value with space; enter when your marks answer the "
                      "question. h gives a hint, ? the keys.")
        self._draw()

    # ----------------------------------------------------------------- drawing
    def _draw(self) -> None:
        p, game = self.puzzle, self.game
        lines: list[str] = []
        cells = game.cells if game else []
        for e in p.entities:
            marks = []
            for a in p.attributes:
                if game is None or (e, a) not in cells:
                    continue
                here = cells.index((e, a)) == self.at
                value = game.marks.get((e, a), "·")
                width = max(len(v) for v in p.attributes[a])
                marks.append(f"{'▸' if here else ' '}{a}: {value:<{width}}")
            lines.append(f"{e}   " + "   ".join(marks))
            for s in p.by(e):
                words = _said(p, s.says, e) if s.says is not None else "(words not known)"
                lines.append(f"    “{words}.”")
        self.query_one("#grid", Static).update("\n".join(lines))

    def _say(self, text: str) -> None:
        self.query_one("#said", Static).update(text)

    # ----------------------------------------------------------------- actions
    def _ready_game(self) -> IslandGame | None:
        if self.game is None or not self.game.playable:
            return None
        return self.game

    def action_move(self, step: int) -> None:
        game = self._ready_game()
        if game and game.cells:
            self.at = (self.at + step) % len(game.cells)
            self.armed = None
            self._draw()

    def action_cycle(self) -> None:
        game = self._ready_game()
        if game and game.cells:
            game.cycle(game.cells[self.at])
            self.armed = None
            self._draw()

    def action_clear(self) -> None:
        game = self._ready_game()
        if game and game.cells:
            game.set(game.cells[self.at], None)
            self._draw()

    def action_clear_all(self) -> None:
        game = self._ready_game()
        if game is None:
            return
        if self.armed != "clear":
            self.armed = "clear"
            self._say("Press x again to clear every mark.")
            return
        self.armed = None
        game.marks.clear()
        self._draw()
        self._say("Every mark cleared.")

    def action_check(self) -> None:
        game = self._ready_game()
        if game is None:
            return
        found = game.check()
        if not found.marked:
            self._say("No marks to check yet.")
        elif found.wrong:
            names = ", ".join(f"{e}'s {a}" for e, a in found.wrong)
            self._say(f"{len(found.wrong)} of your {found.marked} marks cannot be right: {names}.")
        elif not found.together:
            self._say(f"Each of your {found.marked} marks is possible alone, but not all of "
                      "them together.")
        else:
            self._say(f"All {found.marked} of your marks fit so far.")

    def action_hint(self) -> None:
        game = self._ready_game()
        if game is None:
            return
        ladder = game.hints()
        last = self.hint_step >= len(ladder) - 1
        self.hint_step = min(self.hint_step + 1, len(ladder) - 1)
        text = "\n\n".join(f"Hint {i}: {h.text}" for i, h in enumerate(ladder[:self.hint_step], 1))
        self._say(text + ("\n\nNo more hints: r reveals the answer." if last else ""))

    def action_judge(self) -> None:
        game = self._ready_game()
        if game is None:
            return
        verdict = game.verdict()
        if verdict == "unanswered":
            self._say("Your marks do not answer the question yet.")
        elif verdict == "right":
            self._say("Right! " + answer_words(self.puzzle, game.result.answers[0]) + ".\n\n"
                      + game.reveal_text())
        else:
            self._say("Not quite: c shows which marks cannot be right, h gives a hint.")

    def action_reveal(self) -> None:
        game = self._ready_game()
        if game is None:
            return
        if self.armed != "reveal":
            self.armed = "reveal"
            self._say("Press r again to reveal the answer and the solution.")
            return
        self.armed = None
        self._say(game.reveal_text())

    def action_help(self) -> None:
        self._say(HELP)
