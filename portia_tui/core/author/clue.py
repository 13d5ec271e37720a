"""The missing clue (``truth-puzzles.md``): the single facts that, added as a constraint,
leave a puzzle exactly one answer. The dual of ``repair`` for additions.

The automatic menu is every ``is`` fact (entity, attribute, value) and, for attributes of
three or more values, every ``isnot`` fact; an author may give the facts instead. A fact
already true in every consistent world is left out. Facts are tested on whole worlds (a fact
may read truth values: "sign 3 is wrong"), with the general engine's masks, or by SAT past
:data:`MASK_WORLDS` worlds. A fact that states an asked-for value itself ("room 7 holds the
lady" when the question is where the lady is) is trivially a clue: those are ranked last.

For a yes/no question the narrator answered unseen ("is room 8 empty?"), :func:`clues` also
says which reply can be deduced: the one reply that is a clue, when only one is.

Public API:

- :func:`menu` ``(puzzle)`` -> list of fact formulas;
- :func:`clues` ``(puzzle, facts=None, question=None, *, deadline=None, cancel=None)`` ->
  :class:`ClueReport`;
- :class:`ClueReport`: ``answers`` (how many answers the puzzle has now, counted up to
  :data:`COUNT_LIMIT`), ``clues`` (:class:`Clue`, best first), ``deduced``
  (:class:`Deduced` or None), ``tested`` (facts tried), ``as_dict()``;
- :class:`Clue`: ``fact``, ``answer`` (the one answer it leaves), ``trivial``;
- :class:`Deduced`: ``question``, ``reply`` (True for yes), ``fact``, ``answer``;
- :func:`related_facts` ``(puzzle)`` (same / differ / "exactly k" facts: clues that name no
  one's value), :func:`rank` ``(puzzle, clues)`` -> :class:`Ranked` (``bits`` given away,
  ``bare``), least given away first;
- :func:`ranked_clues` ``(puzzle, found, *, related=True, deadline=None, cancel=None)`` ->
  list of :class:`Ranked`: the clues found with those among :func:`related_facts`, ranked:
  what the editor lists and ``portia clue`` prints (one path for both).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from portia_tui.core.language.formulas import (
    Formula,
    WorldError,
    as_fact,
    check,
    freeze,
    thaw,
)
from portia_tui.core.language.world import AskOf, AskWhere, WorldPuzzle
from portia_tui.core.solve.general import Evaluation, world_count
from portia_tui.core.solve.world_result import Stop

#: past this many worlds the search asks SAT: with masks each fact is a pass over every world
#: (measured: 16 islanders with werewolves, 2^20 worlds, 223 ms by masks and 70 ms by SAT)
MASK_WORLDS = 1 << 18
#: answers are counted up to this many in the report (a clue needs only "one or more")
COUNT_LIMIT = 1000


@dataclass(frozen=True)
class Clue:
    fact: Formula
    answer: dict[str, Any]
    trivial: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {"fact": thaw(self.fact), "answers": [self.answer], "trivial": self.trivial}


@dataclass(frozen=True)
class Deduced:
    question: Formula
    reply: bool
    fact: Formula
    answer: dict[str, Any]

    def as_dict(self) -> dict[str, Any]:
        return {"question": thaw(self.question), "reply": "yes" if self.reply else "no",
                "fact": thaw(self.fact), "answers": [self.answer]}


@dataclass
class ClueReport:
    answers: int
    clues: list[Clue] = field(default_factory=list)
    deduced: Deduced | None = None
    tested: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"answers": self.answers, "clues": [c.as_dict() for c in self.clues],
                "deduced": self.deduced.as_dict() if self.deduced else None}


def menu(puzzle: WorldPuzzle) -> list[Formula]:
    """Every ``is`` fact, and every ``isnot`` fact of an attribute with three or more values,
    entity by entity in the puzzle's order."""
    out: list[Formula] = []
    for e in puzzle.entities:
        for attr, values in puzzle.attributes.items():
            out.extend(("is", e, attr, v) for v in values)
            if len(values) >= 3:
                out.extend(("isnot", e, attr, v) for v in values)
    return out


def trivial(puzzle: WorldPuzzle, fact: Formula) -> bool:
    """Whether a fact states an asked-for value itself (an ``is`` fact on an asked entity's
    attribute, or on the attribute and value a ``where`` asks about)."""
    parts = as_fact(fact)
    if parts is None or not parts[3]:
        return False
    entity, attr, value, _positive = parts
    for item in puzzle.question:
        if isinstance(item, AskOf) and (item.entity, item.attr) == (entity, attr):
            return True
        if isinstance(item, AskWhere) and item.pairs.get(attr) == value:
            return True
    return False


class _Masks:
    """Answers under a fact, by the general engine's masks."""

    def __init__(self, puzzle: WorldPuzzle, stop: Stop):
        self.ev = Evaluation(puzzle, stop)

    def count(self) -> int:
        return len(self.ev.answers(self.ev.consistent, COUNT_LIMIT))

    def under(self, fact: Formula) -> list[dict[str, Any]] | None:
        """The answers (at most two) of the worlds where fact holds; None when it holds in
        every consistent world already."""
        every = self.ev.consistent
        kept = every & self.ev.mask(fact)
        if kept == every:
            return None
        return self.ev.answers(kept, 2)

    def close(self) -> None:
        pass


class _Sat:
    """Answers under a fact, by SAT (one solver for every fact)."""

    def __init__(self, puzzle: WorldPuzzle, stop: Stop):
        from portia_tui.core.solve.world_sat import AnswerSearch

        self.search = AnswerSearch(puzzle, stop)

    def count(self) -> int:
        return len(self.search.answers(most=COUNT_LIMIT))

    def under(self, fact: Formula) -> list[dict[str, Any]] | None:
        lit = self.search.literal(fact)
        if not self.search.solver.solve(assumptions=[-lit]):
            return None
        return self.search.answers([lit], 2)

    def close(self) -> None:
        self.search.solver.delete()


def clues(puzzle: WorldPuzzle, facts: Sequence[Formula] | None = None,
          question: Formula | None = None, *, deadline: float | None = None,
          cancel: Callable[[], bool] | None = None) -> ClueReport:
    """The facts (the automatic menu by default) that leave exactly one answer, non-trivial
    ones first, each group in menu order; with a yes/no `question`, the reply that can be
    deduced. Every fact must be a valid formula for the puzzle's constraints."""
    stop = Stop(deadline, cancel)
    chosen = menu(puzzle) if facts is None else [freeze(f) for f in facts]
    for i, fact in enumerate(chosen, 1):
        _checked(puzzle, fact, f"fact {i}")
    if question is not None:
        question = freeze(question)
        _checked(puzzle, question, "question")
    engine = (_Sat if world_count(puzzle) > MASK_WORLDS else _Masks)(puzzle, stop)
    try:
        report = ClueReport(engine.count())
        found: list[Clue] = []
        for fact in chosen:
            report.tested += 1
            answers = engine.under(fact)
            if answers is not None and len(answers) == 1:
                found.append(Clue(fact, answers[0], trivial(puzzle, fact)))
        report.clues = [c for c in found if not c.trivial] + [c for c in found if c.trivial]
        if question is not None:
            report.deduced = _deduce(engine, question)
        return report
    finally:
        engine.close()


# --------------------------------------------------------------------------- ranking
#: the answers of a puzzle's frame counted up to this many when ranking clues (past it, the
#: frame's worlds stand in for its answers)
RANK_ANSWERS = 4096


def related_facts(puzzle: WorldPuzzle) -> list[Formula]:
    """Facts that name no one's value: for every attribute, every pair of entities of the
    same or of different values, and every "exactly k of them have value v" (k from 1 to
    all but one). For a "what is each?" question these are the clues that give least away
    ("A and C are of different types" rather than "A is a knight")."""
    out: list[Formula] = []
    ents = puzzle.entities
    for attr, values in puzzle.attributes.items():
        for i, a in enumerate(ents):
            for b in ents[i + 1:]:
                out += [("same", a, b, attr), ("differ", a, b, attr)]
        for v in values:
            out += [freeze(["count", "all", {attr: v}, "==", k]) for k in range(1, len(ents))]
    return out


@dataclass(frozen=True)
class Ranked:
    """A clue with what it gives away on its own: `bits` of the answer (the question's
    answers a reader who knows only the rules allows, before and after the fact: log2 of
    their ratio), and `bare` when the fact alone leaves one answer (it is the answer)."""

    clue: Clue
    bits: float
    bare: bool


def frame(puzzle: WorldPuzzle) -> WorldPuzzle:
    """What a reader knows before reading anyone: the puzzle with every statement free (no
    speaker attribute, no modes), its rules and question kept."""
    return puzzle.replace(speaker_attr=None, modes={}, mode_overrides={})


def rank(puzzle: WorldPuzzle, found: Sequence[Clue], *, deadline: float | None = None,
         cancel: Callable[[], bool] | None = None) -> list[Ranked]:
    """The clues a person would want first: the least given away first (:class:`Ranked`),
    at equal bits those that name no asked value first, facts that are the bare answer last,
    each rank in the order given; and of these, the first clue toward each answer comes
    before the second toward any. Unranked (bits 0, in
    the order given) when the frame is past :data:`MASK_WORLDS` worlds or has no world."""
    import math

    bare_frame = frame(puzzle)
    if not found or world_count(bare_frame) > MASK_WORLDS:
        return [Ranked(c, 0.0, False) for c in found]
    ev = Evaluation(bare_frame, Stop(deadline, cancel))

    def size(mask: int) -> int:
        n = len(ev.answers(mask, RANK_ANSWERS + 1))
        return n if n <= RANK_ANSWERS else -mask.bit_count()  # worlds stand in, marked < 0

    before = size(ev.consistent)
    if before == ev.consistent.bit_count():
        # one world an answer (a "what is each?" frame): any set of worlds has as many
        # answers as worlds, so counting the worlds is exact
        def size(mask: int) -> int:  # noqa: F811 - the exact shortcut of the same count
            return mask.bit_count()

    if before == 0:
        return [Ranked(c, 0.0, False) for c in found]
    out = []
    for c in found:
        kept = ev.consistent & ev.mask(c.fact)
        after = size(kept) if before > 0 else -kept.bit_count()
        if before < 0 and after > 0:
            after = -kept.bit_count()
        bits = math.log2(before / after) if after else math.inf
        out.append(Ranked(c, bits, after == 1))
    order = {id(r): i for i, r in enumerate(out)}
    ranked = sorted(out, key=lambda r: (r.bare, round(r.bits, 9), r.clue.trivial,
                                        order[id(r)]))
    # the best clue toward each answer first (in rank order), then the others: a short list
    # shows every answer a clue can leave
    firsts: dict[Any, Ranked] = {}
    for r in ranked:
        key = freeze(r.clue.answer)
        if key not in firsts and not r.bare:
            firsts[key] = r
    chosen = {id(r) for r in firsts.values()}
    return list(firsts.values()) + [r for r in ranked if id(r) not in chosen]


def ranked_clues(puzzle: WorldPuzzle, found: Sequence[Clue], *, related: bool = True,
                 deadline: float | None = None,
                 cancel: Callable[[], bool] | None = None) -> list[Ranked]:
    """The clues a person would want first, as the truth editor lists them and ``portia
    clue`` prints them: `found` (the automatic menu's clues, or the facts an author gave)
    and, with `related`, the clues among :func:`related_facts` not found already, ranked by
    :func:`rank`. Out of time, the related clues are left out, or (while ranking) the clues
    come unranked, in the order found."""
    from portia_tui.core.solve.world_result import Stopped

    every = list(found)
    if related:
        try:
            more = clues(puzzle, facts=related_facts(puzzle), deadline=deadline,
                         cancel=cancel).clues
        except Stopped:
            more = []
        seen = {c.fact for c in every}
        every += [c for c in more if c.fact not in seen]
    try:
        return rank(puzzle, every, deadline=deadline, cancel=cancel)
    except Stopped:
        return [Ranked(c, 0.0, False) for c in every]


def _checked(puzzle: WorldPuzzle, fact: Formula, at: str) -> None:
    try:
        check(fact, puzzle.scope())
    except WorldError as err:
        raise err.where(at) from None


def _deduce(engine: _Masks | _Sat, question: Formula) -> Deduced | None:
    """The one reply to a yes/no question that leaves exactly one answer, if only one does."""
    replies = []
    for reply, fact in ((True, question), (False, ("not", question))):
        answers = engine.under(fact)
        if answers is not None and len(answers) == 1:
            replies.append(Deduced(question, reply, fact, answers[0]))
    return replies[0] if len(replies) == 1 else None
