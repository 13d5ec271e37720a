"""Playing an island or door puzzle: the player's marks in a grid, checking them, the hint
ladder and the verdict. Plain Python; the player app (app/play/islands.py) shows it.

The grid has one cell per entity and attribute whose value is hidden (an attribute the puzzle
gives is not a cell), and one cell per yes/no question (``("?", label)``: no entity's name
starts with "?"). A mark is one value of the cell's attribute (yes or no for a question), or
none. :meth:`IslandGame.stored` and :meth:`IslandGame.restore` carry the marks to and from the
progress file (entity -> attribute -> value).

The answer the marks give follows the question's kind:
- "what is E?" (every islander's type, werewolf, every room's content): the marks of the
  cells asked;
- "where is the lady?": the rooms marked with a lady (a room left unmarked holds none); it
  is answered once some room is marked with her, or every room is marked;
- "does F hold?": the question's own cell, yes or no.

- :meth:`IslandGame.check` says which marks no solution of the puzzle has (a mark is wrong
  only when it contradicts every solution), and whether all the marks fit one solution
  together. It says nothing of unmarked cells.
- :meth:`IslandGame.verdict` reads the player's answer off the marks (for "where is the
  lady?", the entities marked with a lady) once the question is answered, and judges it
  against the puzzle's one answer.
- :meth:`IslandGame.hints`: hint 1 is the key observation of the solution by hand (the
  statement that settles something by itself, or the supposition that leads to a
  contradiction); each later hint gives one step's conclusion; the steps from the first
  one whose conclusions settle the question (with the puzzle's rules: two rooms without the
  lady, when exactly one holds her, name the third) are kept for the reveal, so no hint
  before it gives the whole answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from portia_tui.core.explain.reasoning import (TRUTH, TRUTH_VALUES, Grade, Solver, Step, Words,
                                              explain, grade)
from portia_tui.core.language import sentences as sn
from portia_tui.core.language.formulas import thaw
from portia_tui.core.language.world import AskFormula, AskOf, AskWhere, WorldPuzzle
from portia_tui.core.solve.general import Evaluation, solve, world_count

Cell = tuple[str, str]

#: the entity of a yes/no question's cell (a question's label is its attribute)
QUESTION = "?"
YES_NO = ("yes", "no")


#: past this many worlds, a hint's facts settle the question only when they name it outright
_SETTLE_WORLDS = 1 << 16


@dataclass(frozen=True)
class Check:
    """What checking the marks found: the marks no solution has, and whether the marks
    together fit some solution."""

    wrong: tuple[Cell, ...]
    together: bool
    marked: int


@dataclass(frozen=True)
class Hint:
    """One rung of the ladder: its words; the facts it rules out (a supposition the step
    refutes, in words: "Ann is a knave"); and what it says fits (only the reveal names the
    answer, in parts: "Ann is a knight", "a lady is in room II")."""

    text: str
    rules_out: tuple[str, ...] = ()
    fits: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """As ``portia hint --json`` prints a casket's hints: text, rules_out, fits."""
        return {"text": self.text, "rules_out": list(self.rules_out), "fits": list(self.fits)}


@dataclass
class IslandGame:
    puzzle: WorldPuzzle
    marks: dict[Cell, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        p = self.puzzle
        self.result = solve(p)
        self.cells: list[Cell] = [(e, a) for e in p.entities for a in p.attributes
                                  if len(p.domain(e, a)) > 1]
        self.cells += [(QUESTION, q.label) for q in p.question if isinstance(q, AskFormula)]
        self._grade: Grade | None = None
        self._ladder: list[Hint] | None = None
        #: the grader's work budget (steps) when grading this puzzle passed it, else None:
        #: the ladder is then the reveal alone, with the answer and no explanation
        self.too_large: int | None = None

    # ----------------------------------------------------------------- marks
    @property
    def playable(self) -> bool:
        return self.result.unique

    def values(self, cell: Cell) -> tuple[str, ...]:
        return YES_NO if cell[0] == QUESTION else self.puzzle.domain(*cell)

    def stored(self) -> dict[str, dict[str, str]]:
        """The marks as the progress file keeps them: entity -> attribute -> value."""
        out: dict[str, dict[str, str]] = {}
        for (entity, attr), value in self.marks.items():
            out.setdefault(entity, {})[attr] = value
        return out

    def restore(self, grid: dict[str, dict[str, str]]) -> None:
        """Marks from the progress file; a cell or value this puzzle lacks is left out."""
        self.marks.clear()
        for cell in self.cells:
            value = grid.get(cell[0], {}).get(cell[1])
            if value in self.values(cell):
                self.marks[cell] = value

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
        said = self._questions_marked()
        wrong = tuple(c for c, v in self.marks.items() if c[0] != QUESTION
                      and not any(sol[c[0]][c[1]] == v for sol in sols))
        wrong += tuple((QUESTION, label) for label, yes in said.items()
                       if not any(a.get(label) == yes for a in self.result.answers))
        together = any(all(sol[c[0]][c[1]] == v for c, v in self.marks.items()
                           if c[0] != QUESTION) for sol in sols) and not any(
            c[0] == QUESTION for c in wrong)
        return Check(wrong, together, len(self.marks))

    def _questions_marked(self) -> dict[str, bool]:
        """The yes/no questions marked: label -> True for yes."""
        return {attr: value == "yes" for (entity, attr), value in self.marks.items()
                if entity == QUESTION}

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
                found = self._where(item)
                if found is None:
                    return None
                out[item.key] = item.answer(found)
            else:
                said = self._questions_marked()
                if item.label not in said:
                    return None
                out[item.key] = said[item.label]
        return out

    def _where(self, item: AskWhere) -> list[str] | None:
        """The rooms marked with the values asked (a room left unmarked has none of them);
        None until some room is so marked or every room is marked."""
        p = self.puzzle
        found = [e for e in p.entities
                 if all(v in p.domain(e, a) and (len(p.domain(e, a)) == 1 or
                                                 self.marks.get((e, a)) == v)
                        for a, v in item.pairs.items())]
        hidden = [(e, a) for e in p.entities for a in item.pairs if (e, a) in self.cells]
        if any((e, a) in self.cells for e in found for a in item.pairs) or \
                all(c in self.marks for c in hidden):
            return found
        return None

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

    def graded(self) -> Grade | None:
        """The grade within the grader's work budget (reasoning.GRADE_STEPS), worked out
        once; None past it (`too_large` then holds the budget). A deadline or cancel in force
        outside still raises OutOfTime."""
        if self._grade is None and self.too_large is None:
            from portia_tui.core.explain.reasoning import GRADE_STEPS, grade_within

            found = grade_within(self.puzzle)
            if found is None:
                self.too_large = GRADE_STEPS
            self._grade = found
        return self._grade

    def hints(self) -> list[Hint]:
        """The ladder: the key observation, then one conclusion a hint, up to the step whose
        conclusions settle the question; the reveal is last. Worked out once, the grading
        within its work budget: past it, the reveal alone (`too_large` says so)."""
        if self._ladder is None:
            self._ladder = self._work_hints() if self.graded() is not None \
                else [self._reveal()]
        return self._ladder

    def _work_hints(self) -> list[Hint]:
        g = self.grade
        words = Words(self.puzzle, g.solver or Solver(self.puzzle))
        steps = g.steps
        if not steps:
            return [self._reveal()]
        ladder = [Hint(_observation(words, steps[0]))]
        known: dict[Cell, str] = {}
        left: dict[Cell, tuple[str, ...]] = {}
        for n, s in enumerate(steps):
            subs = words.split(s)
            if subs is not None:  # a big step: one fact a hint, each with its reason
                for group in words.grouped(subs):
                    for h in group:
                        if len(h.left) == 1:
                            known[h.cell] = h.left[0]
                        else:
                            left[h.cell] = h.left
                    if self._settles(known, left):
                        break
                    ladder.append(Hint(words.sub_hint(group)))
                else:
                    continue
                break
            if n == len(steps) - 1:  # the last step finishes the question: the reveal's
                break
            known.update(s.found)
            for _i, narrowed in [*s.before, *s.after]:
                left.update(narrowed)
            if self._settles(known, left):  # this step (and the rest) name the answer
                break
            ladder.append(Hint(words.hint(s), tuple(_ruled_out(words, s))))
        ladder.append(self._reveal())
        return ladder

    def _settles(self, known: dict[Cell, str],
                 left: dict[Cell, tuple[str, ...]] | None = None) -> bool:
        """Whether these facts (and the values `left` to some cells: "there is no lady in
        room I") answer the question, the puzzle's rules (not its statements) taken with
        them: "the lady is in room IV", or "rooms I and II hold none" when exactly one of
        three rooms holds her."""
        p = self.puzzle
        answer = self.result.answers[0] if self.result.answers else {}
        direct = True
        for item in p.question:
            if isinstance(item, AskOf):
                direct &= (item.entity, item.attr) in known
            elif isinstance(item, AskWhere):
                if any(known.get((e, a)) == v for e in p.entities
                       for a, v in item.pairs.items()):
                    return True  # names where the lady (the werewolf) is: the answer, or part
                direct &= all(known.get((e, a)) == v for e in answer.get(item.key, [])
                              for a, v in item.pairs.items()) and bool(answer.get(item.key))
            else:
                direct = False
        if direct:
            return True
        if world_count(p) > _SETTLE_WORLDS:
            return False
        ev = Evaluation(p)
        mask = ev.full
        for c in p.constraints:
            mask &= ev.mask(c)
        for (e, a), v in known.items():
            if a == TRUTH:  # a statement's truth (e is its id): "Sign IV is right"
                t = ev.truth(e)
                mask &= t if v == TRUTH_VALUES[0] else ~t & ev.full
            else:
                mask &= ev.atom(e, a, v)
        for (e, a), values in (left or {}).items():
            if (e, a) not in known:
                some = 0
                for v in values:
                    some |= ev.atom(e, a, v)
                mask &= some
        return len(ev.answers(mask, 2)) == 1

    def hints_within(self, steps: int | None = None) -> list[Hint] | None:
        """:meth:`hints`, the grading within a work budget of `steps` (the grader's
        GRADE_STEPS by default); None when the puzzle is too large to grade within it."""
        if self._grade is None:
            from portia_tui.core.explain.reasoning import grade_within

            found = grade_within(self.puzzle, steps)
            if found is None:
                return None
            self._grade = found
        return self.hints()

    def _reveal(self) -> Hint:
        answer = self.result.answers[0] if self.result.answers else {}
        return Hint(self.reveal_text(), (), tuple(answer_parts(self.puzzle, answer)))

    def reveal_text(self) -> str:
        return "\n".join(story(self.puzzle, self.result, self.graded()))


def story(puzzle: WorldPuzzle, result, graded: Grade | None) -> list[str]:
    """The explanation of a truth puzzle, as the reveal, `portia solve --explain` and the
    dataset say it: the solution by hand (none when `graded` is None: too large to work
    out), a blank line, and the answer ("Answer: Ann is a knight; ...") or why there is
    none."""
    lines = explain(puzzle, graded) if graded is not None else []
    if result.unique:
        said = "Answer: " + answer_words(puzzle, result.answers[0]) + "."
    elif not result.answers:
        said = "No answer: no world fits every statement and rule."
        lines = [line for line in lines if not line.startswith("These steps leave")]
    else:
        said = (f"{len(result.answers)} answers remain: "
                + " / ".join(answer_words(puzzle, a) for a in result.answers) + ".")
    return [*lines, "", said] if lines else [said]


def _observation(words: Words, step: Step) -> str:
    """Hint 1: where to look, and why there (never what it finds)."""
    if step.technique == "settle" and step.source is not None:
        return (f"Look first at {words.source(step.source)}: it settles something by itself, "
                f"{words.whatever(step.source)}. {words.each_case(step.source)}")
    if step.technique == "follow" and step.source is not None:
        subs = words.split(step)
        cell = subs[0].cell if subs else next(iter(step.found), None)
        what = words.what(cell) if cell is not None else "one fact"
        return (f"Start with {words.source(step.source)}: with what the puzzle gives, it "
                f"settles {what}.")
    if step.supposed is not None and step.technique in ("suppose", "nested"):
        cell, value = step.supposed
        return (f"Suppose {words.inner(words.fact(cell, value))} and follow the statements "
                "where they lead: one of them will not hold.")
    if step.supposed is not None:
        cell, _value = step.supposed
        sides = ", then ".join(words.inner(words.fact(cell, v)) for v, _b in step.branches)
        return (f"No single supposition fails here, but the cases agree: suppose {sides}, "
                "follow the statements each time, and see what every case leads to.")
    return "Start with the statement that speaks of the most others."


def _ruled_out(words: Words, step: Step) -> list[str]:
    if step.supposed is not None and step.technique in ("suppose", "nested"):
        cell, value = step.supposed
        return [words.fact(cell, value)]
    return []


def answer_words(puzzle: WorldPuzzle, answer: dict[str, Any]) -> str:
    """An answer object in words: "Ann is a knight, Bob is a knave", "the lady is in room II"."""
    return "; ".join(answer_parts(puzzle, answer))


def answer_inline(puzzle: WorldPuzzle, answer: dict[str, Any]) -> str:
    """An answer inside a line: "a lady is in room 7", "Ann is a knight, Bob is a knave"."""
    parts = answer_parts(puzzle, answer)
    return ", ".join(p if p.split(" ", 1)[0] in puzzle.entities else p[:1].lower() + p[1:]
                     for p in parts)


def answer_parts(puzzle: WorldPuzzle, answer: dict[str, Any]) -> list[str]:
    """An answer object in words, a part a fact: ["Ann is a knight", "Bob is a knave"]."""
    ctx = sn.Context.of(puzzle)
    parts = []
    for item in puzzle.question:
        value = answer.get(item.key)
        if isinstance(item, AskOf):
            parts.append(sn.render(["is", item.entity, item.attr, value], ctx))
        elif isinstance(item, AskWhere) and isinstance(value, list):
            ((attr, v),) = list(item.pairs.items())[:1]
            parts += [sn.render(["is", e, attr, v], ctx) for e in value] or [
                f"No room holds a {v}" if ctx.rooms else f"No one is a {v}"]
        elif isinstance(item, AskFormula) and isinstance(value, bool):
            parts.append(f"{item.label} {'Yes' if value else 'No'}")
        else:
            parts.append(f"{item.key}: {thaw(value)}")
    return parts


__all__ = ["QUESTION", "Check", "Hint", "IslandGame", "answer_inline", "answer_parts", "answer_words",
           "story"]
