"""Playing an island or door puzzle: the player's marks in a grid, checking them, the hint
ladder and the verdict. Plain Python; the player app (app/play/islands.py) shows it.

The grid has one cell per entity and attribute whose value is hidden (an attribute the puzzle
gives is not a cell). A mark is one value of the cell's attribute, or none.

- :meth:`IslandGame.check` says which marks no solution of the puzzle has (a mark is wrong
  only when it contradicts every solution), and whether all the marks fit one solution
  together. It says nothing of unmarked cells.
- :meth:`IslandGame.verdict` reads the player's answer off the marks (for "where is the
  lady?", the entities marked with a lady) once the question is answered, and judges it
  against the puzzle's one answer.
- :meth:`IslandGame.hints`: hint 1 is the key observation of the solution by hand (the
  statement that settles something by itself, or the supposition that leads to a
  contradiction); each later hint gives one step's conclusion; the steps that finish the
  question are kept for the reveal, so no hint before it gives the whole answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from portia_tui.core.explain.reasoning import Grade, Solver, Step, Words, explain, grade
from portia_tui.core.language import sentences as sn
from portia_tui.core.language.formulas import thaw
from portia_tui.core.language.world import AskOf, AskWhere, WorldPuzzle
from portia_tui.core.solve.general import solve

Cell = tuple[str, str]


@dataclass(frozen=True)
class Check:
    """What checking the marks found: the marks no solution has, and whether the marks
    together fit some solution."""

    wrong: tuple[Cell, ...]
    together: bool
    marked: int


@dataclass(frozen=True)
class Hint:
    text: str
    rules_out: tuple[str, ...] = ()


@dataclass
class IslandGame:
    puzzle: WorldPuzzle
    marks: dict[Cell, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        p = self.puzzle
        self.result = solve(p)
        self.cells: list[Cell] = [(e, a) for e in p.entities for a in p.attributes
                                  if len(p.domain(e, a)) > 1]
        self._grade: Grade | None = None

    # ----------------------------------------------------------------- marks
    @property
    def playable(self) -> bool:
        return self.result.unique

    def values(self, cell: Cell) -> tuple[str, ...]:
        return self.puzzle.domain(*cell)

    def cycle(self, cell: Cell, step: int = 1) -> str | None:
        """The next value for the cell's mark (after the last: no mark)."""
        options: list[str | None] = [None, *self.values(cell)]
        now = options.index(self.marks.get(cell))
        value = options[(now + step) % len(options)]
        self.set(cell, value)
        return value

    def set(self, cell: Cell, value: str | None) -> None:
        if value is None:
            self.marks.pop(cell, None)
        else:
            if value not in self.values(cell):
                raise ValueError(f"{value!r} is not a value of {cell}")
            self.marks[cell] = value

    def check(self) -> Check:
        sols = [s["entities"] for s in self.result.solutions]
        wrong = tuple(c for c, v in self.marks.items()
                      if not any(sol[c[0]][c[1]] == v for sol in sols))
        together = any(all(sol[c[0]][c[1]] == v for c, v in self.marks.items()) for sol in sols)
        return Check(wrong, together, len(self.marks))

    # ----------------------------------------------------------------- the answer
    def player_answer(self) -> dict[str, Any] | None:
        """The answer the marks give, or None while the question is not answered."""
        out: dict[str, Any] = {}
        for item in self.puzzle.question:
            if isinstance(item, AskOf):
                if (item.entity, item.attr) not in self.marks:
                    return None
                out[item.key] = self.marks[(item.entity, item.attr)]
            elif isinstance(item, AskWhere):
                found = [e for e in self.puzzle.entities
                         if all(self.marks.get((e, a)) == v for a, v in item.pairs.items())]
                if not found:
                    return None
                out[item.key] = item.answer(found)
            else:
                return None
        return out

    def verdict(self) -> str:
        """'right', 'wrong' or 'unanswered'."""
        given = self.player_answer()
        if given is None:
            return "unanswered"
        return "right" if self.result.answers and given == self.result.answers[0] else "wrong"

    # ----------------------------------------------------------------- hints
    @property
    def grade(self) -> Grade:
        if self._grade is None:
            self._grade = grade(self.puzzle)
        return self._grade

    def hints(self) -> list[Hint]:
        """The ladder: the key observation, then one conclusion a hint; the reveal is last."""
        g = self.grade
        words = Words(self.puzzle, g.solver or Solver(self.puzzle))
        steps = g.steps
        if not steps:
            return [Hint(self.reveal_text())]
        ladder = [Hint(_observation(words, steps[0]))]
        for s in steps[:-1]:  # the last step finishes the question: it is the reveal's
            ladder.append(Hint(" ".join(words.step(s, "")), tuple(_ruled_out(words, s))))
        ladder.append(Hint(self.reveal_text(), ()))
        return ladder

    def reveal_text(self) -> str:
        lines = explain(self.puzzle, self.grade)
        answer = self.result.answers[0] if self.result.answers else {}
        return "\n".join([*lines, "", "Answer: " + answer_words(self.puzzle, answer)])


def _observation(words: Words, step: Step) -> str:
    if step.technique == "settle" and step.source is not None:
        return (f"Look first at {words.source(step.source)}: it settles something by itself, "
                "whatever its speaker is.")
    if step.technique == "follow" and step.source is not None:
        return f"Start with {words.source(step.source)}."
    if step.supposed is not None and step.technique in ("suppose", "nested"):
        cell, value = step.supposed
        return (f"Suppose {words.inner(words.fact(cell, value))} and follow the statements "
                "where they lead.")
    if step.supposed is not None:
        cell, _value = step.supposed
        return f"Try each possibility for {cell[0]} and see what they agree on."
    return "Start with the statement that speaks of the most others."


def _ruled_out(words: Words, step: Step) -> list[str]:
    if step.supposed is not None and step.technique in ("suppose", "nested"):
        cell, value = step.supposed
        return [words.fact(cell, value)]
    return []


def answer_words(puzzle: WorldPuzzle, answer: dict[str, Any]) -> str:
    """An answer object in words: "Ann is a knight, Bob is a knave", "the lady is in room II"."""
    ctx = sn.Context.of(puzzle)
    parts = []
    for item in puzzle.question:
        value = answer.get(item.key)
        if isinstance(item, AskOf):
            parts.append(sn.render(["is", item.entity, item.attr, value], ctx))
        elif isinstance(item, AskWhere) and isinstance(value, list):
            ((attr, v),) = list(item.pairs.items())[:1]
            parts += [sn.render(["is", e, attr, v], ctx) for e in value]
        else:
            parts.append(f"{item.key}: {thaw(value)}")
    return "; ".join(parts)


__all__ = ["Check", "Hint", "IslandGame", "answer_words"]
