"""What a world engine returns, shared by the mask engine (:mod:`general`) and the SAT
encoding (:mod:`world_sat`): :class:`WorldResult`, the :class:`Collector` that builds it from
consistent worlds, :func:`answer_of`, and the cooperative :class:`Stop` (:class:`Stopped`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from portia_tui.core.errors import PortiaError
from portia_tui.core.language.world import Ask, AskFormula, AskOf, AskWhere, WorldPuzzle

#: at most this many consistent worlds are listed (``complete`` says when more exist)
LIMIT = 1000


class Stopped(PortiaError):
    """The analysis stopped before its end: ``reason`` is "timeout", "steps" (a work
    budget: :class:`Steps`) or "cancelled"."""

    def __init__(self, reason: str):
        super().__init__({"timeout": "the analysis ran out of time",
                          "steps": "the analysis ran out of steps"}.get(
                              reason, "the analysis was cancelled"))
        self.reason = reason

    def located(self, path: str | None = None, line: int | None = None) -> Stopped:
        return self


class Steps:
    """A work budget: `most` steps, spent by :meth:`Stop.spend` (a SAT conflict, a node of
    a search). Counting work, not seconds, a job stops at the same step on any machine."""

    def __init__(self, most: int):
        if not most > 0:
            raise ValueError(f"a work budget must be positive, not {most!r}")
        self.most = most
        self.spent = 0

    def left(self) -> int:
        return max(0, self.most - self.spent)


class Stop(NamedTuple):
    """A cooperative stop: a ``time.monotonic()`` deadline, a cancel function and/or a work
    budget (:class:`Steps`, spent by :meth:`spend`)."""

    deadline: float | None = None
    cancel: Callable[[], bool] | None = None
    steps: Steps | None = None

    def check(self) -> None:
        if self.cancel is not None and self.cancel():
            raise Stopped("cancelled")
        if self.steps is not None and self.steps.spent > self.steps.most:
            raise Stopped("steps")
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise Stopped("timeout")

    def spend(self, work: int) -> None:
        """`work` steps done (then :meth:`check`)."""
        if self.steps is not None:
            self.steps.spent += work
        self.check()

    def left(self) -> int | None:
        """The steps left (None: no work budget)."""
        return None if self.steps is None else self.steps.left()


class _ResultFields(NamedTuple):
    puzzle: WorldPuzzle
    solutions: list[dict[str, Any]]
    truths: list[dict[str, bool | None]]
    answers: list[dict[str, Any]]
    engine: str = "masks"
    complete: bool = True
    worlds: int = 0
    answers_complete: bool | None = None


class WorldResult(_ResultFields):
    """What a puzzle's worlds say.

    ``solutions``: ``{"entities": {E: {attr: value}}, "choices": {S: k}}`` (choices only for
    unknown wordings, in statement order); ``truths[i]``: solution i's statement id -> True,
    False, or None when its fixed points disagree; ``answers``: the distinct answers, keyed as
    the language says; ``complete``: every consistent world was listed (at most the limit);
    ``answers_complete``: the answers are those of every world (they are, even when the
    listing is cut, up to the limit); ``worlds``: consistent worlds listed; ``engine``:
    "masks" or "sat". A typing.NamedTuple: a solver that cuts the listing short gives the
    answers of every world with ``_replace``."""

    __slots__ = ()

    def __new__(cls, puzzle: WorldPuzzle, solutions: list[dict[str, Any]],
                truths: list[dict[str, bool | None]], answers: list[dict[str, Any]],
                engine: str = "masks", complete: bool = True, worlds: int = 0,
                answers_complete: bool | None = None) -> WorldResult:
        return super().__new__(cls, puzzle, solutions, truths, answers, engine, complete,
                               worlds, complete if answers_complete is None else answers_complete)

    @property
    def unique(self) -> bool:
        """Exactly one answer: the puzzle is well posed."""
        return bool(self.answers_complete) and len(self.answers) == 1

    def as_dict(self) -> dict[str, Any]:
        return {"solutions": self.solutions, "answers": self.answers, "unique": self.unique,
                "complete": self.complete, "engine": self.engine}


class Collector:
    """Gathers consistent worlds into solutions (truth values forgotten, or None where a
    solution's fixed points disagree) and distinct answers. Every engine fills one."""

    def __init__(self, puzzle: WorldPuzzle):
        self.puzzle = puzzle
        self.keys: dict[str, int] = {}
        self.solutions: list[dict[str, Any]] = []
        self.truths: list[dict[str, bool | None]] = []
        self.answers: list[dict[str, Any]] = []
        self.worlds = 0

    def add(self, ents: dict[str, dict[str, str]], choices: dict[str, int],
            values: dict[str, bool], answer: dict[str, Any]) -> None:
        self.worlds += 1
        key = repr((ents, choices))
        at = self.keys.get(key)
        if at is None:
            self.keys[key] = len(self.solutions)
            self.solutions.append({"entities": ents, "choices": choices})
            self.truths.append(dict(values))
        else:
            old = self.truths[at]
            for k, v in values.items():
                if old.get(k) != v:
                    old[k] = None
        if answer not in self.answers:
            self.answers.append(answer)

    def result(self, engine: str, complete: bool) -> WorldResult:
        return WorldResult(self.puzzle, self.solutions, self.truths, self.answers, engine,
                           complete, self.worlds)


def answer_of(question: Sequence[Ask], entities: Sequence[str],
              ents: dict[str, dict[str, str]], formula_value: Callable[[AskFormula], bool]
              ) -> dict[str, Any]:
    """One world's answer to the question (`formula_value` reads a formula item)."""
    out: dict[str, Any] = {}
    for item in question:
        if isinstance(item, AskOf):
            out[item.key] = ents[item.entity][item.attr]
        elif isinstance(item, AskWhere):
            out[item.key] = item.answer(
                e for e in entities if all(ents[e][a] == v for a, v in item.pairs.items()))
        else:
            out[item.key] = formula_value(item)
    return out
