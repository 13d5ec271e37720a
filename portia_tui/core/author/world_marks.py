"""Algorithm 2 for truth puzzles: the marks of a slot's menu toward a target answer, and the
analysis the editor shows. Pure functions of the draft (plus slot, target and budget), so an
editor runs them in a worker and drops a result computed for an older edit.

A mark says what one menu entry, put in the slot, leaves possible for the other empty slots,
each filled from its own menu (:func:`world_menus.slot_menu` by default):

- ``valid`` (★): some filling of the other empty slots makes the target the only answer;
- ``reachable`` (✓): the target stays an answer for some filling, but never the only one;
- ``impossible`` (✗): no filling leaves the target an answer;
- ``undecided`` (?): not worked out within the budget (never a guess).

How (exact, no sampling): the general engine's masks over one space of worlds, the
attribute values and the truth values of the slots a statement names (a slot named by
another statement gets its own truth value; it must then equal what the slot says). An entry
e in slot s keeps the worlds ``ok(s, e)`` where it is consistent with its speaker's mode (and
with the slot's truth value). A filling keeps the consistent worlds that every filled slot
keeps, so the target is an answer for some filling exactly when some target world is kept by
the entry and, for each other empty slot, by some entry of its menu (one AND per entry). For
★, the other slots' entries must between them drop every world whose answer is not the
target while keeping one target world: first a greedy try, then one SAT problem for the
slot (:class:`_Cover`), each entry asked in turn by assumptions, in rounds of a few thousand
conflicts so the budget and a cancel are checked between calls. The masks are squeezed to
the worlds that can stand at all, and a mask another one beats is left out.

Public API: :func:`mark_slot`, :func:`targets`, :func:`analyse` (:class:`Analysis`),
:func:`answer_words`, :data:`MARKS`, :data:`MARK_SYMBOLS`, :data:`MAX_WORLDS`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from portia_tui.core.author.world_editing import EMPTY, Draft, words
from portia_tui.core.author.world_menus import Entry, slot_menu
from portia_tui.core.language import formulas as fm
from portia_tui.core.language.formulas import Formula, WorldError, freeze
from portia_tui.core.language.world import AskOf, AskWhere, WorldPuzzle, WorldStatement
from portia_tui.core.solve.general import Evaluation, world_count
from portia_tui.core.solve.world_result import Stop, Stopped

MARKS = ("valid", "reachable", "impossible", "undecided")
MARK_SYMBOLS = {"valid": "★", "reachable": "✓", "impossible": "✗", "undecided": "?"}
#: the largest space of worlds the marks work in (past it every mark is undecided)
MAX_WORLDS = 1 << 22
#: the most conflicts one SAT call of the ★ question may take before the next entry's turn
#: (a call is not interrupted: this bounds how long a cancel or the deadline waits)
MAX_CONFLICTS = 2000


#: the words of a formula that mean something only where it stands
_HERE = frozenset({"self", "other", "others", "this", "except_this"})


def _local(formula: Any) -> bool:
    """Whether a formula names its speaker or its own statement (so it means something else
    in another slot)."""
    if isinstance(formula, str):
        return formula in _HERE
    if isinstance(formula, tuple):
        return any(_local(x) for x in formula)
    if isinstance(formula, Mapping):
        return any(_local(k) or _local(v) for k, v in formula.items())
    return False


class _Space:
    """The worlds of a draft with the slots' menus: masks of the consistent worlds, of the
    target, and of what each entry keeps."""

    def __init__(self, draft: Draft, menus: Mapping[str, Sequence[Formula]], stop: Stop):
        full = draft.puzzle
        named = _named(full, draft.empty, menus)
        kept = tuple(s for s in full.statements if s.id not in draft.empty or s.id in named)
        self.puzzle = full.replace(statements=kept)
        self.named = named
        self.full = full
        self.too_big = world_count(self.puzzle) > MAX_WORLDS
        if self.too_big:
            return
        self.ev = Evaluation(self.puzzle, stop)
        self.stop = stop
        #: what a formula says, by formula (and speaker and slot when it names them)
        self.values: dict[tuple[Any, ...], int] = {}

    def keeps(self, sid: str, formula: Formula) -> int:
        """The worlds where slot `sid` saying `formula` is consistent."""
        ev, s = self.ev, self.full.statement(sid)
        key = (formula, s.by, sid) if _local(formula) else (formula,)
        value = self.values.get(key)
        if value is None:
            scope = self.puzzle.scope(WorldStatement(sid, s.by, formula))
            value = self.values[key] = fm.meaning(formula, scope, ev.alg)
        if sid in self.named:
            return ~(ev.truth(sid) ^ value) & ev.full
        return value_mode(self.puzzle, ev, s.by, value)


def value_mode(p: WorldPuzzle, ev: Evaluation, by: str | None, value: int) -> int:
    """The worlds where a statement of `by` with truth value mask `value` obeys its mode."""
    if by is None or p.speaker_attr is None:
        return ev.full
    ok = ev.full
    for v in p.attributes[p.speaker_attr]:
        mode = p.mode(by, v)
        if mode != "free":
            who = ev.atom(by, p.speaker_attr, v)
            ok &= ~who | (value if mode == "true" else ~value)
    return ok & ev.full


def _named(puzzle: WorldPuzzle, empty: frozenset[str],
           menus: Mapping[str, Sequence[Formula]]) -> set[str]:
    """The empty slots some statement, rule, question or menu entry names."""
    out: set[str] = set()
    for s in puzzle.statements:
        if s.id not in empty:
            for f in s.wordings:
                out |= fm.reads(f, puzzle.scope(s))
        for f in menus.get(s.id, ()):
            out |= fm.reads(f, puzzle.scope(WorldStatement(s.id, s.by, f)))
    for c in puzzle.constraints:
        out |= fm.reads(c, puzzle.scope())
    for item in puzzle.question:
        formula = getattr(item, "formula", None)
        if formula is not None:
            out |= fm.reads(formula, puzzle.scope())
    return out & set(empty)


def _greedy(classes: dict[str, list[int]], alive: int, rest: int) -> bool:
    """A quick try for ★ first: slot by slot, the class that keeps a target world and
    leaves the fewest other worlds (a witness found so is a witness)."""
    slots = sorted(classes)
    for turn in range(min(3, len(slots)) or 1):  # a few orders of the slots
        a, r = alive, rest
        for sid in slots[turn:] + slots[:turn]:
            best = min((c for c in classes[sid] if c & a),
                       key=lambda c: (c & r).bit_count(), default=None)
            if best is None:
                return False
            a, r = a & best, r & best
        if a and not r:
            return True
    return False


class _Cover:
    """The ★ question as one SAT problem over the other slots' choices: variable x(e, c)
    when slot e takes class c (a distinct keep-mask), exactly one per slot; every world
    that is not the target's and stands in the base must be dropped by some chosen class;
    some target world in the base must be kept by every chosen class. Worlds that every
    class and base treat alike are one (their signature), and the base is given by
    assumptions, so one solver answers every entry of the slot."""

    def __init__(self, classes: dict[str, list[int]], goal: int, bases: list[int],
                 width: int, stop: Stop):
        from pysat.card import CardEnc, EncType
        from pysat.solvers import Solver

        from portia_tui.core.solve.world_sat import SOLVER

        self.classes, self.stop = classes, stop
        cols = [(sid, c) for sid in sorted(classes) for c in classes[sid]]
        sig = _signatures([c for _s, c in cols] + bases + [goal], width)
        nc = len(cols)
        self.solver = Solver(name=SOLVER)
        top = nc + len(sig)  # x(e, c) are 1..nc; "signature d stands in the base": nc+1+d
        for sid in sorted(classes):
            lits = [i + 1 for i, (s, _c) in enumerate(cols) if s == sid]
            enc = CardEnc.equals(lits=lits, bound=1, top_id=top, encoding=EncType.seqcounter)
            self.solver.append_formula(enc.clauses)
            top = max(top, enc.nv)
        keep = []
        for d, row in enumerate(sig):
            inside = nc + 1 + d
            if row[-1]:  # a target world: y -> kept by every slot's choice, and in the base
                top += 1
                keep.append(top)
                self.solver.add_clause([-top, inside])
                for sid in sorted(classes):
                    self.solver.add_clause([-top] + [i + 1 for i, (s, _c) in enumerate(cols)
                                                     if s == sid and row[i]])
            else:
                self.solver.add_clause([-inside] + [i + 1 for i in range(nc) if not row[i]])
        self.solver.add_clause(keep)
        self.base_rows = [(nc + 1 + d, row[nc:nc + len(bases)]) for d, row in enumerate(sig)]

    def valid(self, j: int, conflicts: int) -> bool | None:
        """Whether base j (its index in `bases`) has a witness; None when `conflicts` were
        not enough to say."""
        self.stop.check()
        assumptions = [lit if row[j] else -lit for lit, row in self.base_rows]
        self.solver.conf_budget(conflicts)
        found = self.solver.solve_limited(assumptions=assumptions)
        return None if found is None else bool(found)

    def close(self) -> None:
        self.solver.delete()


def _signatures(masks: list[int], width: int):
    """The distinct columns of the masks over `width` worlds: one row per kind of world,
    entry i set when mask i holds it (numpy, uint8)."""
    import numpy as np

    nbytes = (width + 7) // 8
    matrix = np.stack([np.unpackbits(np.frombuffer(m.to_bytes(nbytes, "little"),
                                                   dtype=np.uint8), bitorder="little")[:width]
                       for m in masks])
    packed = np.ascontiguousarray(np.packbits(matrix, axis=0, bitorder="little").T)
    unique = np.unique(packed, axis=0)
    return np.unpackbits(unique, axis=1, bitorder="little")[:, :len(masks)].tolist()


def _undominated(masks: set[int], alive: int, rest: int, stop: Stop) -> list[int]:
    """The masks no other one beats: B is left out when some A keeps every target world B
    keeps (of `alive`) and no other world B drops (of `rest`). Sound for every narrower
    alive and rest, so computed once."""
    items = sorted({(m & alive, m & rest) for m in masks},
                   key=lambda x: (-x[0].bit_count(), x[1].bit_count()))
    kept: list[tuple[int, int]] = []
    for a, r in items:
        stop.check()
        if not any(a2 | a == a2 and r2 & r == r2 for a2, r2 in kept):
            kept.append((a, r))
    return [a | r for a, r in kept]


def _menus(draft: Draft, sid: str, entries: Sequence[Any] | None,
           menus: Mapping[str, Sequence[Any]] | None) -> dict[str, list[Formula]]:
    out: dict[str, list[Formula]] = {}
    for other in sorted(draft.empty | {sid}):
        given = entries if other == sid else (menus or {}).get(other)
        if given is None:
            given = slot_menu(draft, other)
        out[other] = [freeze(e.formula if isinstance(e, Entry) else e) for e in given]
    return out


def mark_slot(draft: Draft, sid: str, target: Mapping[str, Any],
              entries: Sequence[Any] | None = None, *, seconds: float | None = None,
              cancel: Callable[[], bool] | None = None,
              menus: Mapping[str, Sequence[Any]] | None = None) -> list[str]:
    """The mark of each entry (Entries or formulas; default: the slot's menu) put in slot
    `sid`, toward the answer `target`, the other empty slots filled from `menus` (sid ->
    entries; default: their slot menus). A filled slot `sid` is marked as though it were
    empty. Marks not reached within `seconds` (or once `cancel()` is true) are undecided."""
    keys = {item.key for item in draft.puzzle.question}
    if set(target) != keys:
        raise ValueError(f"the target answers {sorted(target)}, the question asks "
                         f"{sorted(keys)}: pick a target from targets(draft)")
    if sid not in draft.empty:
        draft = draft.with_cleared(sid)
    table = _menus(draft, sid, entries, menus)
    mine = table[sid]
    stop = Stop(None if seconds is None else time.monotonic() + seconds, cancel)
    marks = ["undecided"] * len(mine)
    try:
        space = _Space(draft, table, stop)
        if space.too_big:
            return marks
        _mark_all(space, sid, target, table, marks)
    except Stopped:
        pass
    return marks


def _mark_all(space: _Space, sid: str, target: Mapping[str, Any],
              table: dict[str, list[Formula]], marks: list[str]) -> None:
    ev = space.ev
    goal = ev.answer_mask(dict(target)) & ev.consistent
    found: dict[str, set[int]] = {}
    reach_all = ev.consistent
    for other, formulas in table.items():
        if other == sid:
            continue
        found[other] = {space.keeps(other, f) & ev.consistent for f in formulas}
        union = 0
        for m in found[other]:
            union |= m
        reach_all &= union
    squeeze = _Squeeze(reach_all, ev.size)
    goal = squeeze(goal & reach_all)
    alive, rest = goal, squeeze.full & ~goal
    classes = {o: _undominated({squeeze(m & reach_all) for m in ms}, alive, rest, space.stop)
               for o, ms in found.items()}
    bases: dict[int, list[int]] = {}
    for i, f in enumerate(table[sid]):
        bases.setdefault(squeeze(space.keeps(sid, f) & reach_all), []).append(i)
    order = list(bases)
    pending = []
    for j, base in enumerate(order):  # the quick verdicts first, for every entry
        if not base & alive:
            _set(marks, bases[base], "impossible")
        elif _greedy(classes, base & alive, base & rest):
            _set(marks, bases[base], "valid")
        else:
            pending.append(j)
    if not pending:
        return
    cover = _Cover(classes, goal, order, len(squeeze.index), space.stop)
    try:  # then SAT, round after round with a growing budget: no entry waits on a hard one
        conflicts = 250
        while pending:
            left: list[int] = []
            for j in pending:
                witness = cover.valid(j, conflicts)
                if witness is None:
                    left.append(j)
                else:
                    _set(marks, bases[order[j]], "valid" if witness else "reachable")
            pending, conflicts = left, min(conflicts * 4, MAX_CONFLICTS)
    finally:
        cover.close()


def _set(marks: list[str], at: list[int], mark: str) -> None:
    for i in at:
        marks[i] = mark


class _Squeeze:
    """Masks over the worlds of `keep` only (bit j: the j-th world of keep): the searches
    then work on numbers as small as the worlds that matter."""

    def __init__(self, keep: int, size: int):
        import numpy as np

        self.np = np
        self.nbytes = (size + 7) // 8
        self.index = np.flatnonzero(self._bits(keep))
        self.full = (1 << len(self.index)) - 1

    def _bits(self, mask: int):
        np = self.np
        data = np.frombuffer(mask.to_bytes(self.nbytes, "little"), dtype=np.uint8)
        return np.unpackbits(data, bitorder="little")

    def __call__(self, mask: int) -> int:
        np = self.np
        picked = self._bits(mask)[self.index]
        return int.from_bytes(np.packbits(picked, bitorder="little").tobytes(), "little")


# --------------------------------------------------------------------------- targets
def targets(draft: Draft, most: int = 4096) -> list[dict[str, Any]]:
    """The answers the author may aim at: those the rules allow whatever the statements say
    (every slot free; at most `most`, in the engine's order)."""
    frame = draft.puzzle.replace(statements=tuple(
        WorldStatement(s.id, s.by, EMPTY) for s in draft.puzzle.statements))
    try:
        frame.validate()
        ev = Evaluation(frame)
    except WorldError:
        return []
    return ev.answers(ev.consistent, most)


# --------------------------------------------------------------------------- analysis
@dataclass
class Analysis:
    """What the editor's analysis panel shows for the draft as it stands (empty slots
    silent): ``answers`` (at most the limit), ``count`` (how many: ``complete`` says whether
    every answer was found), ``paradox`` (no solution), ``several``, ``unique``; ``clues``
    ((sentence, formula, answer) that leave one answer, when there are several);
    ``target_fits`` / ``target_alone`` for a target; ``stopped`` when the budget ran out
    (what was found by then is kept)."""

    answers: list[dict[str, Any]] = field(default_factory=list)
    complete: bool = True
    clues: list[tuple[str, Formula, dict[str, Any]]] = field(default_factory=list)
    clues_complete: bool = True
    target_fits: bool | None = None
    target_alone: bool | None = None
    stopped: bool = False
    empty_slots: int = 0
    #: in a paradox, the statements no world can give a truth value on their own (slot id,
    #: sentence); empty when only several together clash
    paradoxes: list[tuple[str, str]] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.answers)

    @property
    def paradox(self) -> bool:
        return self.complete and not self.answers

    @property
    def several(self) -> bool:
        return len(self.answers) > 1

    @property
    def unique(self) -> bool:
        return self.complete and len(self.answers) == 1


#: answers listed at most, and clues looked for only below this many answers
ANSWER_LIMIT = 1000


def analyse(draft: Draft, target: Mapping[str, Any] | None = None, *,
            seconds: float | None = None, cancel: Callable[[], bool] | None = None
            ) -> Analysis:
    """The analysis of the draft as it stands (see :class:`Analysis`), bounded by `seconds`
    and `cancel`."""
    from portia_tui.core.author.clue import clues
    from portia_tui.core.solve.general import solve

    deadline = None if seconds is None else time.monotonic() + seconds
    out = Analysis(empty_slots=len(draft.empty))
    puzzle = draft.analysed()
    try:
        result = solve(puzzle, limit=ANSWER_LIMIT, deadline=deadline, cancel=cancel)
        out.answers = list(result.answers)
        out.complete = bool(result.answers_complete)
        if out.paradox:
            out.paradoxes = _paradoxes(draft, puzzle, deadline, cancel)
        if target is not None:
            out.target_fits = dict(target) in out.answers
            out.target_alone = out.target_fits and out.unique
        if out.several and out.complete:
            out.clues_complete = False
            report = clues(puzzle, deadline=deadline, cancel=cancel)
            ctx = draft.context()
            out.clues = [(words(c.fact, ctx), c.fact, c.answer) for c in report.clues]
            out.clues_complete = True
    except Stopped:
        out.stopped = True
    return out


def _paradoxes(draft: Draft, puzzle: WorldPuzzle, deadline: float | None,
               cancel: Callable[[], bool] | None) -> list[tuple[str, str]]:
    """The statements that have no world on their own (with the rules)."""
    from portia_tui.core.solve.general import solve

    out = []
    for s in puzzle.statements:
        if s.id in draft.empty:
            continue
        alone = puzzle.replace(statements=(s,))
        try:
            alone.validate()
        except WorldError:  # it names other statements: it clashes only with them
            continue
        if not solve(alone, limit=1, deadline=deadline, cancel=cancel).answers:
            out.append((s.id, draft.sentence(s.id)))
    return out


def answer_words(draft: Draft, answer: Mapping[str, Any]) -> str:
    """An answer in words: "A is a knight, B is a knave", "A lady is in room 7"."""
    ctx = draft.context()
    parts = []
    for item in draft.puzzle.question:
        got = answer.get(item.key)
        if isinstance(item, AskWhere):
            (attr, value), = list(item.pairs.items())[:1]
            said = [words(("is", e, attr, value), ctx) for e in got or ()]
            parts += said or [words(("count", "all", {attr: value}, "==", 0), ctx)]
        elif isinstance(item, AskOf):
            parts.append(words(("is", item.entity, item.attr, got), ctx))
        else:
            parts.append(f"{item.key} {'Yes' if got else 'No'}")
    names = draft.puzzle.entities
    return ", ".join(parts[:1] + [p if p.split(" ")[0] in names else p[:1].lower() + p[1:]
                                  for p in parts[1:]])


__all__ = [
    "answer_words",
    "ANSWER_LIMIT",
    "EMPTY",
    "MARKS",
    "MARK_SYMBOLS",
    "MAX_WORLDS",
    "Analysis",
    "analyse",
    "mark_slot",
    "targets",
]
