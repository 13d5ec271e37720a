"""What a world engine returns, shared by the mask engine (:mod:`general`) and the SAT
encoding (:mod:`world_sat`): :class:`WorldResult`, the :class:`Collector` that builds it from
consistent worlds, :func:`answer_of`, and the cooperative :class:`Stop` (:class:`Stopped`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from portia_tui.core.errors import PortiaError
from portia_tui.core.language.world import Ask, AskFormula, AskOf, AskWhere, WorldPuzzle

#: at most this many consistent worlds are listed (``complete`` says when more exist)
LIMIT = 1000


class Stopped(PortiaError):
    """The analysis stopped before its end: ``reason`` is "timeout" or "cancelled"."""

    def __init__(self, reason: str):
        super().__init__("the analysis ran out of time" if reason == "timeout"
                         else "the analysis was cancelled")
        self.reason = reason

    def located(self, path: str | None = None, line: int | None = None) -> Stopped:
        return self


@dataclass
class Stop:
    """A cooperative stop: a ``time.monotonic()`` deadline and/or a cancel function."""

    deadline: float | None = None
    cancel: Callable[[], bool] | None = None

    def check(self) -> None:
        if self.cancel is not None and self.cancel():
            raise Stopped("cancelled")
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise Stopped("timeout")


@dataclass
class WorldResult:
    """What a puzzle's worlds say.

    ``solutions``: ``{"entities": {E: {attr: value}}, "choices": {S: k}}`` (choices only for
    unknown wordings, in statement order); ``truths[i]``: solution i's statement id -> True,
    False, or None when its fixed points disagree; ``answers``: the distinct answers, keyed as
    the language says; ``complete``: every consistent world was listed (at most the limit);
    ``answers_complete``: the answers are those of every world (they are, even when the
    listing is cut, up to the limit); ``worlds``: consistent worlds listed; ``engine``:
    "masks" or "sat"."""

    puzzle: WorldPuzzle
    solutions: list[dict[str, Any]]
    truths: list[dict[str, bool | None]]
    answers: list[dict[str, Any]]
    engine: str = "masks"
    complete: bool = True
    worlds: int = 0
    answers_complete: bool | None = None

    def __post_init__(self) -> None:
        if self.answers_complete is None:
            self.answers_complete = self.complete

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
