"""How a person solves an island or door puzzle: techniques in order of cost, and the level
of the cheapest set that finishes the puzzle (as Simon Tatham's graded solvers do).

A person keeps, for every hidden fact (each entity's value of each attribute), the values
still possible. The techniques, cheapest first:

``settle``  a statement settles its own speaker at once: only one type can say it ("Bob is a
            knight or I am a knave" can only be said by a knight);
``follow``  one statement (or one of the narrator's promises), with what is known, leaves one
            value for some fact ("Ann is a knight, so her statement is true: Bob is a knave");
``suppose`` suppose a value and follow to a contradiction: that value is wrong;
``cases``   try every value of a fact; none contradicts, but all lead to the same value of
            another fact ("whatever Ann is, Cy is a knave");
``nested``  a supposition whose contradiction needs a supposition of its own. Inside a
            supposition the search stops once the question is answered; when that leaves a
            puzzle of one answer stuck, it goes on with each supposition followed until
            every fact is settled ("suppose the lady is in room I" answers the question
            at once, yet may still lead to a contradiction).

The level is the hardest technique needed: gentle (settle and follow), steady (suppose),
tricky (cases), fiendish (nested). The score breaks ties within a level: the number of
steps, over 100.

Every judgement comes from the general engine's masks (core/solve/general.py): the worlds a
statement allows under its speaker's mode are one bit mask, so "one statement with what is
known" is the AND of two masks. No meaning is defined here.

Public API: :func:`grade` -> :class:`Grade` (``level``, ``score``, ``technique``, ``steps``,
``solved``); :func:`explain` -> lines of text; :data:`LEVELS`, :data:`TECHNIQUES`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field

from portia_tui.core.language import formulas as fm
from portia_tui.core.language import sentences as sn
from portia_tui.core.language.formulas import thaw
from portia_tui.core.language.world import AskOf, AskWhere, WorldPuzzle, WorldStatement
from portia_tui.core.solve.budget import Budget, OutOfTime, check
from portia_tui.core.solve.general import Evaluation

#: technique -> (level, rank); ranks order techniques within the ladder
TECHNIQUES = {"settle": ("gentle", 1), "follow": ("gentle", 2), "suppose": ("steady", 3),
              "cases": ("tricky", 4), "nested": ("fiendish", 5)}
LEVELS = ("gentle", "steady", "tricky", "fiendish")
#: how deep suppositions may nest before the grader gives up (past fiendish)
MAX_DEPTH = 3

Cell = tuple[str, str]

#: the attribute of a statement's truth cell: (statement id, TRUTH) with the values
#: TRUTH_VALUES (see :class:`Solver`: "Sign IV is right")
TRUTH = "#truth"
TRUTH_VALUES = ("true", "false")


@dataclass
class Step:
    """One step of a solution by hand: the technique, the facts it found (cell -> value),
    the statement or promise it read (an index into the constraints, or None), the
    supposition it made, and the steps inside that supposition."""

    technique: str
    found: dict[Cell, str]
    source: int | None = None
    supposed: tuple[Cell, str] | None = None
    inner: list[Step] = field(default_factory=list)
    branches: list[tuple[str, list[Step]]] = field(default_factory=list)
    #: what single statements ruled out before this step without settling a fact ("there is
    #: no lady in room I": a fact of three values narrowed to two), as (the statement read,
    #: cell -> the values left): the words say them, the grade does not count them
    before: list[tuple[int, dict[Cell, tuple[str, ...]]]] = field(
        default_factory=list, compare=False)
    #: the worlds still possible when a statement was read (the words give the reason from
    #: them: the speaker's cases, or what was known of the speaker), else None
    region: int | None = field(default=None, compare=False, repr=False)
    #: what the step ruled out besides `found` without settling a fact (cell -> the values
    #: left)
    partial: dict[Cell, tuple[str, ...]] = field(default_factory=dict, compare=False)
    #: what single statements ruled out after this step, the last of its round, without
    #: settling a fact (as `before`)
    after: list[tuple[int, dict[Cell, tuple[str, ...]]]] = field(
        default_factory=list, compare=False)


@dataclass
class Grade:
    level: str
    score: float
    technique: str
    steps: list[Step]
    solved: bool
    #: the solver that graded it (its masks serve the words too; not compared)
    solver: Solver | None = field(default=None, repr=False, compare=False)

    def as_dict(self) -> dict[str, object]:
        return {"level": self.level, "score": round(self.score, 2), "technique": self.technique}


@dataclass
class Sub:
    """One fact of a step a person takes on its own (:meth:`Words.split`): the fact (cell ->
    the values left: one value, or several when it only rules some out), the facts it
    reads (cell -> values), whether it reads the step's statement or rule too (`source`),
    and, when it reads that alone, each other value's case and what fails in it."""

    cell: Cell
    left: tuple[str, ...]
    premises: dict[Cell, tuple[str, ...]]
    source: int | None
    against: list[tuple[str, list[str]]] = field(default_factory=list)
    #: what was known that made the statement give it ("as A is a knight, A's statement
    #: ... is true"), or ""
    why: str = ""


#: past this many worlds, a step's facts are not split into a person's steps (the search
#: for each fact's premises ANDs masks of this many bits)
SPLIT_WORLDS = 1 << 16


class _Contradiction(Exception):
    def __init__(self, source: int | None, region: int | None = None):
        self.source = source
        #: the worlds still possible when the statement was read (the words say why it fails)
        self.region = region
        #: what was ruled out on the way (Step.before)
        self.before: list[tuple[int, dict[Cell, tuple[str, ...]]]] = []


class Solver:
    """The person's state: the values still possible per cell, as masks over the worlds."""

    def __init__(self, puzzle: WorldPuzzle, ev: Evaluation | None = None,
                 said: Sequence[tuple[str, int]] = (), memo: dict[str, int] | None = None,
                 said_ids: Sequence[str] = (), spoken_of: Collection[str] = ()):
        """`puzzle`'s statements and promises; or, for a generator's quick look, an
        Evaluation `ev` shared by many puzzles of one shape (the same entities, attributes
        and exact counts), `said` as (speaker, the worlds where its statement holds) for
        statements the puzzle does not hold, `said_ids` their ids and `spoken_of` the ids
        another of them speaks of (their truth cells: see :data:`TRUTH`; without ids, none),
        and `memo` for the promises' meanings
        (:func:`~portia_tui.core.language.formulas.meaning_memo`). A quick look that builds
        many solvers around one shell builds the shell's once and adds the statements with
        :meth:`saying` (the same solver, cheaper)."""
        self.puzzle = puzzle
        self.ev = ev or Evaluation(puzzle)
        #: the hidden facts of the entities (what the question and "solved" read)
        self.facts: list[Cell] = [(e, a) for e in puzzle.entities for a in puzzle.attributes
                                  if len(puzzle.domain(e, a)) > 1]
        self.values = {c: puzzle.domain(*c) for c in self.facts}
        self.atom = {(c, v): self.ev.atom(c[0], c[1], v) for c in self.facts
                     for v in self.values[c]}
        #: speaker -> [(the worlds where it has a value, that value's mode)] for the values
        #: whose mode binds (not "free"), and whether some value leaves it free
        self._binds: dict[str | None, tuple[list[tuple[int, str]], bool]] = {}
        #: the statements whose truth a person carries as a fact once it is known ("Sign IV
        #: is right", as Smullyan's solutions do): those another statement speaks of, and
        #: those whose speaker may say anything in some case (an empty room's sign), whose
        #: truth the speaker's value does not settle
        read: set[str] = set()
        for s in puzzle.statements:
            scope = puzzle.scope(s)
            for f in s.wordings:
                read |= fm.reads(f, scope)
        self._read = frozenset(read)
        self._memo = memo
        self.truth_cells: list[Cell] = []
        self._truth_cells([(s.id, s.by, None) for s in puzzle.statements],
                          self._read | set(spoken_of))
        self.sources: list[tuple[str, WorldStatement | None, object]] = []
        self.masks: list[int] = []
        for s in puzzle.statements:
            self.sources.append(("statement", s, None))
            self.masks.append(self._statement_mask(s))
        #: where the promises begin in sources and masks (statements added by
        #: :meth:`saying` go before them)
        self._promises = len(self.masks)
        for c in puzzle.constraints:
            self.sources.append(("promise", None, c))
            self.masks.append(self.ev.mask(c) if memo is None else
                              fm.meaning_memo(thaw(c), puzzle.scope(), self.ev.alg, memo))
        self.cells: list[Cell] = []
        self._add_said(said, said_ids, spoken_of)

    def saying(self, said: Sequence[tuple[str, int]], said_ids: Sequence[str] = (),
               spoken_of: Collection[str] = ()) -> Solver:
        """A solver of this one's puzzle, Evaluation and promises with the statements `said`
        added (as :class:`Solver` ``(puzzle, ev, said, memo, said_ids, spoken_of)`` would
        build it: the same cells, sources and masks in the same order), sharing what does
        not depend on them. This solver must have been built without `said`."""
        if len(self.sources) != len(self.puzzle.statements) + len(self.puzzle.constraints):
            raise ValueError("saying() adds to a solver built without said statements")
        if any(s.id in spoken_of for s in self.puzzle.statements):  # a cell before the rest
            return Solver(self.puzzle, self.ev, said, self._memo, said_ids, spoken_of)
        new = object.__new__(Solver)
        new.__dict__.update(self.__dict__)
        new.values = dict(self.values)
        new.atom = dict(self.atom)
        new.truth_cells = list(self.truth_cells)
        new.sources = list(self.sources)
        new.masks = list(self.masks)
        new._add_said(said, said_ids, spoken_of)
        return new

    def _add_said(self, said: Sequence[tuple[str, int]], said_ids: Sequence[str],
                  spoken_of: Collection[str]) -> None:
        """Add the statements given by meaning: their truth cells, then their sources and
        masks before the promises'; then every cell."""
        self._truth_cells([(sid, by, t) for sid, (by, t) in zip(said_ids, said)],
                          self._read | set(spoken_of))
        k = self._promises
        self.sources[k:k] = [("statement", None, None)] * len(said)
        self.masks[k:k] = [self.obeys(by, truth) for by, truth in said]
        #: every cell: what following a statement may narrow, a supposition or a split try
        self.cells = self.facts + self.truth_cells

    def _truth_cells(self, truths: list[tuple[str, str | None, int | None]],
                     read: Collection[str]) -> None:
        for sid, by, t in truths:
            if sid in read or self._free(by):
                cell = (sid, TRUTH)
                t = self.ev.truth(sid) if t is None else t
                self.truth_cells.append(cell)
                self.values[cell] = TRUTH_VALUES
                self.atom[(cell, TRUTH_VALUES[0])] = t & self.ev.full
                self.atom[(cell, TRUTH_VALUES[1])] = ~t & self.ev.full

    def _speaker(self, by: str | None) -> tuple[list[tuple[int, str]], bool]:
        """(the worlds where `by` has each binding value of the speaker's attribute, with
        that value's mode), whether some value leaves it free: kept."""
        found = self._binds.get(by)
        if found is None:
            p, ev = self.puzzle, self.ev
            binds: list[tuple[int, str]] = []
            free = False
            if by is not None and p.speaker_attr is not None:
                for value in p.attributes[p.speaker_attr]:
                    mode = p.mode(by, value)
                    if mode == "free":
                        free = True
                    else:
                        binds.append((ev.atom(by, p.speaker_attr, value) & ev.full, mode))
            found = self._binds[by] = (binds, free)
        return found

    def _free(self, by: str | None) -> bool:
        """`by`'s statements are free in some case: their truth is a fact of its own."""
        return self._speaker(by)[1]

    def _statement_mask(self, s: WorldStatement) -> int:
        """The worlds where s obeys its speaker's mode."""
        ev = self.ev
        t = ev.truth(s.id)
        ok = ev.full
        if s.id in ev.loops:
            ok &= ~(t ^ ev.said_mask(s)) & ev.full
        return ok & self.obeys(s.by, t)

    def obeys(self, by: str | None, t: int) -> int:
        """The worlds where a statement by `by`, true in the worlds `t`, obeys its speaker's
        mode (every world when `by` is None or the puzzle has no speakers' modes)."""
        ok = self.ev.full
        for who, mode in self._speaker(by)[0]:  # take out the worlds where it disobeys
            ok ^= who & t ^ who if mode == "true" else who & t
        return ok

    def region(self, dom: dict[Cell, tuple[str, ...]]) -> int:
        mask = self.ev.full
        for c, vals in dom.items():
            if len(vals) < len(self.values[c]):
                allowed = 0
                for v in vals:
                    allowed |= self.atom[(c, v)]
                mask &= allowed
        return mask

    def narrow(self, dom: dict[Cell, tuple[str, ...]], i: int, region: int | None = None
               ) -> dict[Cell, str] | None:
        """What constraint i alone, with `dom`, forces; raises _Contradiction. `region`:
        ``self.region(dom)`` when the caller has it."""
        check(len(self.cells))  # a step a cell read (the budget in force: core/solve/budget.py)
        region = self.region(dom) if region is None else region
        w = region & self.masks[i]
        if not w:
            raise _Contradiction(i, region)
        forced = {}
        atom = self.atom
        for c in self.cells:
            vals = dom[c]
            if len(vals) == 1:
                continue
            left: tuple[str, ...]
            if len(vals) == 2:  # w lies within the two values' worlds: one AND tells both
                x = w & atom[(c, vals[0])]
                left = vals if x and x != w else (vals[0],) if x else (vals[1],)
            else:
                left = tuple(v for v in vals if w & atom[(c, v)])
            if len(left) < len(vals):
                if not left:
                    raise _Contradiction(i, region)
                if len(left) == 1:
                    forced[c] = left[0]
                dom[c] = left
        return forced or None

    def propagate(self, dom: dict[Cell, tuple[str, ...]], steps: list[Step]
                  ) -> list[tuple[int, dict[Cell, tuple[str, ...]]]]:
        """Follow single statements until nothing changes; raises _Contradiction (with
        what was ruled out on the way). What a statement rules out without settling a fact
        goes with the next step (Step.before); what is left at the end goes after the last
        step (Step.after), or is returned when `steps` is empty (else [])."""
        changed = True
        region = self.region(dom)
        ruled: list[tuple[int, dict[Cell, tuple[str, ...]]]] = []
        while changed:
            changed = False
            for i in range(len(self.masks)):
                before = dict(dom)
                was = region
                try:
                    forced = self.narrow(dom, i, region)
                except _Contradiction as c:
                    c.before = ruled
                    raise
                left: dict[Cell, tuple[str, ...]] = {}
                if dom != before:
                    changed = True
                    region = self.region(dom)
                    left = {c: v for c, v in dom.items() if v != before[c] and len(v) > 1}
                if forced:
                    kind = "settle" if self._speaker_open(i, before) else "follow"
                    steps.append(Step(kind, forced, i, before=ruled, region=was,
                                      partial=left))
                    ruled = []
                elif left:
                    ruled.append((i, left))
        if ruled and steps:
            steps[-1].after += ruled
            return []
        return ruled

    def _speaker_open(self, i: int, dom: dict[Cell, tuple[str, ...]]) -> bool:
        """Statement i's speaker's type was still open when it gave a fact: the statement
        settles it whatever its speaker is."""
        _kind, s, _c = self.sources[i]
        if s is None or s.by is None or self.puzzle.speaker_attr is None:
            return False
        if len(dom.get((s.by, self.puzzle.speaker_attr), ("", ""))) == 1:
            return False
        region, truth = self.region(dom), self.ev.truth(s.id)
        return bool(region & truth) and bool(region & ~truth)  # its truth not yet known

    def settled(self, dom: dict[Cell, tuple[str, ...]]) -> bool:
        """Every hidden fact has one value (whatever the question asks)."""
        return all(len(dom[c]) == 1 for c in self.facts)

    def one_answer(self) -> bool:
        """The statements and promises leave exactly one answer to the question."""
        worlds = self.ev.full
        for m in self.masks:
            worlds &= m
        return bool(worlds) and len(self.ev.answers(worlds, 2)) == 1

    def solved(self, dom: dict[Cell, tuple[str, ...]]) -> bool:
        """The question is answered: every cell it reads has one value (for "where is the
        lady?", each entity either surely has the value or surely has not)."""
        for item in self.puzzle.question:
            if isinstance(item, AskOf):
                if len(dom.get((item.entity, item.attr), ("",))) > 1:
                    return False
            elif isinstance(item, AskWhere):
                for e in self.puzzle.entities:
                    for attr, value in item.pairs.items():
                        vals = dom.get((e, attr), ("",))
                        if value in vals and len(vals) > 1:
                            return False
            elif not all(len(dom[c]) == 1 for c in self.facts):
                return False
        return True


def _refute(solver: Solver, dom: dict[Cell, tuple[str, ...]], cell: Cell, value: str,
            depth: int, thorough: bool = False) -> list[Step] | None:
    """The steps that refute `cell = value` from `dom` with suppositions nested at most
    `depth` deep inside, or None. The search inside the supposition stops once the question
    is answered or, `thorough`, once every fact is settled (see :func:`grade_solver`)."""
    trial = dict(dom)
    trial[cell] = (value,)
    steps: list[Step] = []
    lead: list[tuple[int, dict[Cell, tuple[str, ...]]]] = []
    try:
        lead = solver.propagate(trial, steps)
        if depth > 0:
            _search(solver, trial, steps, depth - 1, allow_cases=False, thorough=thorough,
                    until=solver.settled if thorough else solver.solved)
    except _Contradiction as c:
        steps.append(Step("contradiction", {}, c.source, before=c.before, region=c.region))
        if lead:
            steps[0].before[:0] = lead
        return steps
    return None


def _try_suppose(solver: Solver, dom, steps: list[Step], depth: int, thorough: bool = False
                 ) -> bool:
    for cell in solver.cells:
        if len(dom[cell]) == 1:
            continue
        for value in dom[cell]:
            inner = _refute(solver, dom, cell, value, depth, thorough)
            if inner is not None:
                left = tuple(v for v in dom[cell] if v != value)
                found = {cell: left[0]} if len(left) == 1 else {}
                dom[cell] = left
                kind = "suppose" if depth == 0 else "nested"
                steps.append(Step(kind, found, None, (cell, value), inner))
                return True
    return False


def _try_cases(solver: Solver, dom, steps: list[Step]) -> bool:
    for cell in solver.cells:
        if len(dom[cell]) == 1:
            continue
        outcomes = []
        for value in dom[cell]:
            trial = dict(dom)
            trial[cell] = (value,)
            branch: list[Step] = []
            try:
                solver.propagate(trial, branch)
            except _Contradiction:
                return False  # a refutation: _try_suppose finds it
            outcomes.append((value, trial, branch))
        agreed = {c: outcomes[0][1][c][0] for c in solver.cells
                  if c != cell and len(dom[c]) > 1
                  and all(len(t[c]) == 1 and t[c] == outcomes[0][1][c] for _v, t, _b in outcomes)}
        if agreed:
            for c, v in agreed.items():
                dom[c] = (v,)
            steps.append(Step("cases", agreed, None, (cell, ""),
                              branches=[(v, b) for v, _t, b in outcomes]))
            return True
    return False


def refutable(solver: Solver) -> int | None:
    """How many open (fact, value) pairs one supposition refutes at the start, after the
    statements are followed: 0 where a solution by hand cannot open with a supposition (it
    opens with a case split, or suppositions inside suppositions); None when following the
    statements alone meets a contradiction. A generator's walk toward tricky reads it: the
    fewer, the nearer (core/packs/islands.py, _PoolWalk)."""
    dom = {c: solver.values[c] for c in solver.cells}
    try:
        solver.propagate(dom, [])
    except _Contradiction:
        return None
    return sum(1 for cell in solver.cells if len(dom[cell]) > 1 for value in dom[cell]
               if _refute(solver, dom, cell, value, 0) is not None)


class _Past(Exception):
    """The grade will be harder than the level asked for (:func:`grade_solver`'s `upto`)."""


def _search(solver: Solver, dom, steps: list[Step], depth: int, allow_cases: bool = True,
            upto: int = len(LEVELS), thorough: bool = False,
            until: Callable[[dict[Cell, tuple[str, ...]]], bool] | None = None) -> None:
    """Solve from dom with suppositions nested at most `depth` deep; raises _Contradiction.
    `upto`: the index in LEVELS past which it stops (raises _Past) before trying a
    technique of a harder level: the grade is harder than that level then, or the puzzle
    is not solved. `until`: when it is done (the question answered by default);
    `thorough`: each nested supposition is followed until every fact is settled."""
    done = until or solver.solved
    while not done(dom):
        if upto < 1:
            raise _Past
        if _try_suppose(solver, dom, steps, 0):
            solver.propagate(dom, steps)
            continue
        if upto < 2:
            raise _Past
        if allow_cases and _try_cases(solver, dom, steps):
            solver.propagate(dom, steps)
            continue
        if upto < 3:
            raise _Past
        if depth > 0 and any(_try_suppose(solver, dom, steps, d, thorough)
                             for d in range(1, depth + 1)):
            solver.propagate(dom, steps)
            continue
        return


def grade(puzzle: WorldPuzzle) -> Grade:
    """The level of the cheapest set of techniques that finishes the puzzle: every hidden
    fact settled. A puzzle with several solutions (or none) is graded as far as it goes."""
    return grade_solver(Solver(puzzle))


def grade_solver(solver: Solver, upto: str | None = None) -> Grade:
    """:func:`grade` from a solver built already (a generator's quick look shares one
    Evaluation among many candidates: see :class:`Solver`). `upto`, a level: stop as soon
    as the grade is known to be past it or the puzzle not to be solved within it (a
    generator asking for one level needs no more): the Grade is then partial, `solved`
    False, of the next level, with the steps found so far (every one of the levels up to
    `upto`). A grade within `upto` is the whole grade."""
    dom = {c: solver.values[c] for c in solver.cells}
    steps: list[Step] = []
    last = len(LEVELS) if upto is None else LEVELS.index(upto)
    try:
        lead = solver.propagate(dom, steps)
        _search(solver, dom, steps, MAX_DEPTH, upto=last)
        if not solver.solved(dom) and solver.one_answer():
            # Stuck, yet one answer: a supposition that answers the question itself ("the
            # lady is in room I") was dropped as soon as it was made. Go on from here,
            # following each nested supposition until every fact is settled.
            _search(solver, dom, steps, MAX_DEPTH, upto=last, thorough=True)
        if lead and steps:
            steps[0].before[:0] = lead
    except _Contradiction:
        return Grade("fiendish", 5.99, "nested", steps, False, solver)
    except _Past:
        assert upto is not None
        past = LEVELS[LEVELS.index(upto) + 1]
        return Grade(past, LEVELS.index(past) + 1, _LEVEL_TECHNIQUE[past], steps, False,
                     solver)
    used = {s.technique for s in every_step(steps)} - {"contradiction"} or {"follow"}
    hardest = max(used, key=lambda t: TECHNIQUES[t][1])
    level = TECHNIQUES[hardest][0]
    work = sum(1 for _ in every_step(steps))
    return Grade(level, LEVELS.index(level) + 1 + min(work, 99) / 100, hardest, steps,
                 solver.solved(dom), solver)


#: level -> the cheapest technique of that level
_LEVEL_TECHNIQUE = {lv: min((t for t, (tl, _r) in TECHNIQUES.items() if tl == lv),
                            key=lambda t: TECHNIQUES[t][1]) for lv in LEVELS}


#: the work budget of :func:`grade_within`, in steps (a cell read by one statement, a
#: microsecond or two, as the casket rating's steps): generous for every puzzle the generator
#: draws (12 werewolves take a few hundred thousand at most), a second or two of work
GRADE_STEPS = 1_000_000


def grade_within(puzzle: WorldPuzzle | Solver, steps: int | None = None,
                 upto: str | None = None) -> Grade | None:
    """:func:`grade` (of a puzzle, or of a :class:`Solver` built already: see
    :func:`grade_solver`) within a work budget of `steps` checks (GRADE_STEPS by default); None
    when the puzzle is too large to grade within it (suppositions nest 3 deep: the work grows
    with the fourth power of the facts). A deadline or cancel in force outside still raises
    OutOfTime. `upto`: as for :func:`grade_solver`."""
    steps = GRADE_STEPS if steps is None else steps
    try:
        with Budget(steps=steps) as budget:
            return grade_solver(puzzle if isinstance(puzzle, Solver) else Solver(puzzle), upto)
    except OutOfTime as exc:
        if exc.steps is None or budget.checks <= steps:
            raise  # not this budget's
        return None


def every_step(steps: list[Step]) -> Iterator[Step]:
    """Each step and, after it, the steps inside it (its supposition's, its cases'), in
    order."""
    for s in steps:
        yield s
        yield from every_step(s.inner)
        for _v, b in s.branches:
            yield from every_step(b)


# ----------------------------------------------------------------------------- words

class Words:
    def __init__(self, puzzle: WorldPuzzle, solver: Solver):
        self.p = puzzle
        self.solver = solver
        self.ctx = sn.Context.of(puzzle)
        #: the entities are rooms whose signs speak (the lady or the tiger)
        self.rooms = puzzle.speaker_attr == "content"
        #: the supposition just said, while its first step is worded ("then ...")
        self._supposed: tuple[Cell, str] | None = None

    def fact(self, cell: Cell, value: str) -> str:
        entity, attr = cell
        if attr == TRUTH:  # a statement's truth: "Sign IV is right"
            try:
                return sn.render([value, entity], self.ctx)
            except Exception:  # noqa: BLE001 - a statement the sentences cannot name
                return f"statement {entity} is {value}"
        try:
            return sn.render(["is", entity, attr, value], self.ctx)
        except Exception:  # noqa: BLE001 - a form the sentences cannot say
            return f"{entity}'s {attr} is {value}"

    @staticmethod
    def upper(text: str) -> str:
        return text[:1].upper() + text[1:]

    def inner(self, text: str) -> str:
        """A sentence inside a longer one: a small first letter unless it is a name or I."""
        first = text.split(" ", 1)[0]
        return text if first == "I" or first in self.p.entities else text[:1].lower() + text[1:]

    def facts(self, found: dict[Cell, str]) -> str:
        items = [self.fact(c, v) for c, v in found.items()]
        items = items[:1] + [self.inner(i) for i in items[1:]]
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]

    def source(self, i: int | None) -> str:
        if i is None:
            return "the puzzle"
        kind, s, c = self.solver.sources[i]
        if kind == "promise":
            return f"the rule \"{self.sentence(c, None)}\""
        assert s is not None
        if s.says is None:  # a wording not known: the ones it may have
            said = " or ".join(f"\"{self.sentence(f, s.by)}\"" for f in s.one_of)
            if s.by and self.rooms:
                return f"the sign on room {s.by} ({said}, whichever hangs there)"
            return (f"{s.by}'s statement ({said}, whichever it was)" if s.by
                    else f"the statement ({said}, whichever it was)")
        said = self.sentence(s.says, s.by)
        if s.by and self.rooms:
            return f"the sign on room {s.by} (\"{said}\")"
        return f"{s.by}'s statement \"{said}\"" if s.by else f"the statement \"{said}\""

    def sentence(self, formula, speaker: str | None) -> str:
        try:
            return sn.render(thaw(formula), self.ctx.speaking(speaker))
        except Exception:  # noqa: BLE001
            return str(formula)

    def owner(self, i: int) -> str:
        """Whose statement source i is, without its words: "Ann's statement", "the sign on
        room II" (a promise: "the promise")."""
        kind, s, _c = self.solver.sources[i]
        if kind == "promise" or s is None:
            return "the rule"
        if s.by and self.rooms:
            return f"the sign on room {s.by}"
        return f"{s.by}'s statement" if s.by else "the statement"

    def ruled(self, notes: list[tuple[int, dict[Cell, tuple[str, ...]]]], indent: str
              ) -> list[str]:
        """What statements ruled out without settling a fact: "From the sign on room I
        ("..."): there is no lady in room I." (a line a statement)."""
        return [f"{indent}From {self.source(i)}: {self.inner(self.listed(said))}."
                for i, said in self._ruled_out(notes)]

    def _ruled_out(self, notes: list[tuple[int, dict[Cell, tuple[str, ...]]]]
                   ) -> Iterator[tuple[int, list[str]]]:
        """Each note's statement with the facts it ruled out, worded ("there is no lady in
        room I"); notes that ruled out nothing sayable are left out."""
        for i, left in notes:
            said = [self.fact_not(c, v) for c, vals in left.items()
                    for v in self.solver.values[c] if v not in vals]
            if said:
                yield i, said

    def fact_not(self, cell: Cell, value: str) -> str:
        """ "There is no lady in room I", "Ann is not a knight"."""
        entity, attr = cell
        try:
            return sn.render(["isnot", entity, attr, value], self.ctx)
        except Exception:  # noqa: BLE001 - a form the sentences cannot say
            return f"{entity}'s {attr} is not {value}"

    def listed(self, items: list[str]) -> str:
        if not items:
            return ""
        items = items[:1] + [self.inner(i) for i in items[1:]]
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]

    def _known(self, region: int, cell: Cell) -> str | None:
        """The one value `cell` has in every world of `region`, else None."""
        vals = [v for v in self.solver.values.get(cell, ()) if region & self.solver.atom[(cell, v)]]
        return vals[0] if len(vals) == 1 else None

    def _speaker_cell(self, i: int) -> Cell | None:
        _kind, s, _c = self.solver.sources[i]
        attr = self.p.speaker_attr
        if s is None or not s.by or attr is None or (s.by, attr) not in self.solver.values:
            return None
        return (s.by, attr)

    def cases_of_speaker(self, s: Step) -> list[str]:
        """Why a statement settles a fact whatever its speaker is: each value the speaker
        may have and what that makes the statement ("if Eve is a knight, it is true"), or
        what makes the case fail ("if Eve is a knave, it must be false, but it would be
        true")."""
        assert s.source is not None and s.region is not None
        return [text for text, _ok in self.speaker_cases(s.source, s.region)]

    def speaker_cases(self, i: int, region: int, known: bool = False
                      ) -> list[tuple[str, bool]]:
        """(words, whether the case is possible) for each value statement i's speaker may
        have in `region`; `known`: the speaker's one value is said "as ..." (not "if")."""
        cell = self._speaker_cell(i)
        if cell is None:
            return []
        solver, out = self.solver, []
        t = solver.ev.truth(solver.sources[i][1].id)  # type: ignore[union-attr]
        for value in solver.values[cell]:
            w = region & solver.atom[(cell, value)]
            if not w:
                continue
            case = self.inner(self.fact(cell, value))
            case = f"as {case}" if known else f"if {case}"
            mode = self.p.mode(cell[0], value)
            if not w & solver.masks[i]:
                would = "false" if not w & t else "true" if not w & ~t else None
                if mode == "free" or would is None or would == mode:
                    out.append((f"{case}, it cannot hold", False))
                else:
                    out.append((f"{case}, it must be {mode}, but it would be {would}", False))
                continue
            w &= solver.masks[i]
            if mode == "free":
                mode = "true" if not w & ~t else "false" if not w & t else "true or false"
            out.append((f"{case}, it is {mode}", True))
        return out

    def reads(self, i: int) -> set[str]:
        """The statements source i speaks of (their ids)."""
        kind, st, c = self.solver.sources[i]
        if kind == "promise":
            return fm.reads(thaw(c), self.p.scope())
        if st is None:
            return set()
        out: set[str] = set()
        for f in st.wordings:
            out |= fm.reads(f, self.p.scope(st))
        return out

    def describe(self, region: int, i: int | None = None, breaks: int | None = None
                 ) -> list[str]:
        """What `region` fixes that source i reads: the statements' truths ("sign I is
        right"); for a source that reads none, the facts fixed in it (at most four), else
        nothing. `breaks`, a rule's worlds: nothing unless every statement read has one
        truth in `region` and those truths break the rule."""
        solver, ev = self.solver, self.solver.ev
        ids = self.reads(i) if i is not None else set()
        out = []
        fixed = ev.full
        for st in self.p.statements:
            if st.id in ids:
                t = ev.truth(st.id)
                v = "true" if not region & ~t & ev.full else "false" if not region & t else None
                if v is not None:
                    out.append(self.fact((st.id, TRUTH), v))
                    fixed &= t if v == "true" else ~t
                elif breaks is not None:  # a truth left open: the rule may yet hold
                    return []
        if breaks is not None and fixed & breaks & ev.full:
            return []
        if ids:
            return out
        facts = [self.fact(c, v) for c in solver.facts for v in solver.values[c]
                 if not region & ~solver.atom[(c, v)] & ev.full]
        return facts if len(facts) <= 4 else []

    def failure(self, s: Step) -> str:
        """Why statement s.source cannot hold where a supposition led: the speaker's case
        ("C is a knight, so it must be true, but it would be false"), or what the rule
        meets ("sign I is right and sign II is right"); "" when that cannot be said."""
        if s.source is None or s.region is None:
            return ""
        kind = self.solver.sources[s.source][0]
        if kind == "statement":
            cases = self.speaker_cases(s.source, s.region, known=True)
            if cases and len(cases) == 1:
                return cases[0][0]
            if cases:
                return "; ".join(c.replace("as ", "if ", 1) for c, _ok in cases)
            return ""
        said = self.describe(s.region, s.source) or self._breaking(s.region, s.source)
        return self.inner(self.listed(said)) if said else ""

    def _breaking(self, region: int, i: int) -> list[str]:
        """The fewest facts fixed in `region` (at most three) that break source i by
        themselves ("Sam is a werewolf and Sam is a knave"), in words; [] if none."""
        from itertools import combinations

        solver = self.solver
        full, mask = solver.ev.full, solver.masks[i]
        fixed = [(c, v) for c in solver.facts for v in solver.values[c]
                 if not region & ~solver.atom[(c, v)] & full]
        for k in range(1, 4):
            for combo in combinations(fixed, k):
                m = full & mask
                for c, v in combo:
                    m &= solver.atom[(c, v)]
                if not m:
                    return [self.fact(c, v) for c, v in combo]
        return []

    def reason(self, s: Step) -> str:
        """What was known that made statement s.source give its facts: "Rosa is a knight,
        so her statement is true", "the sign on room I is false", or ""."""
        if s.source is None or s.region is None:
            return ""
        solver = self.solver
        _kind, st, _c = solver.sources[s.source]
        if st is None:
            return ""
        cell = self._speaker_cell(s.source)
        value = self._known(s.region, cell) if cell is not None else None
        if cell is not None and value is not None and cell not in s.found:
            mode = self.p.mode(cell[0], value)
            if mode in ("true", "false"):
                if self._supposed == (cell, value):  # "Suppose Ann is a knight." just said
                    return f"then {self.source(s.source)} is {mode}"
                return f"as {self.inner(self.fact(cell, value))}, {self.source(s.source)} is {mode}"
        t = solver.ev.truth(st.id)
        truth = ("true" if not s.region & ~t & solver.ev.full else
                 "false" if not s.region & t else None)
        if truth and (st.id, TRUTH) not in s.found:
            return f"{self.source(s.source)} is {truth}"
        return ""

    # ------------------------------------------------------------- a big step in small ones
    def split(self, s: Step) -> list[Sub] | None:
        """A follow step's facts one at a time, each with the fewest facts known before it
        (at most three) that give it, with or without the step's statement or rule: "sign 8
        is wrong and a tiger is in room 8, so room 9 is not empty". None when the step is one
        fact with a reason of its own, or too large to split (past SPLIT_WORLDS)."""
        if s.source is None or s.region is None or s.technique != "follow":
            return None
        items = [(c, (v,)) for c, v in s.found.items()] + list(s.partial.items())
        if len(items) < 2 and self.reason(s):
            return None
        solver, ev = self.solver, self.solver.ev
        full = ev.full
        if full.bit_length() > SPLIT_WORLDS:
            return None
        known: dict[Cell, tuple[str, ...]] = {}
        mine = dict(items)
        for c in solver.cells:
            vals = tuple(v for v in solver.values[c] if s.region & solver.atom[(c, v)])
            if len(vals) < len(solver.values[c]):
                known[c] = vals
            if c in mine and len(vals) <= len(mine[c]):  # what this step finds is not
                known.pop(c, None)                        # known before it, whatever the
                #                                           worlds left already imply
        rule = solver.masks[s.source]
        out: list[Sub] = []
        todo = list(items)
        while todo:
            found = self._next_sub(todo, known, rule, s.source)
            if found is None:  # the rest as the step gives them: its reason, no premises
                why = self._why(s.source, {c: self._allowed(c, v) for c, v in known.items()})
                return None if not out else [*out, *(
                    Sub(c, vals, {}, s.source, why=why) for c, vals in todo)]
            todo.remove((found.cell, found.left))
            known[found.cell] = found.left
            out.append(found)
        return out

    def _allowed(self, cell: Cell, vals: tuple[str, ...]) -> int:
        m = 0
        for v in vals:
            m |= self.solver.atom[(cell, v)]
        return m

    def _next_sub(self, todo: list[tuple[Cell, tuple[str, ...]]],
                  known: dict[Cell, tuple[str, ...]], rule: int, source: int) -> Sub | None:
        """The fact of `todo` with the fewest premises in `known` (the step's rule read too,
        only where the facts alone do not give it); a rule alone prefers a fact whose other
        values each make a case the words can state."""
        from itertools import combinations

        full = self.solver.ev.full
        masks = {c: self._allowed(c, vals) for c, vals in known.items()}
        wanted = [(c, vals, self._allowed(c, vals)) for c, vals in todo]
        cells = list(known)
        speaks_of = bool(self.reads(source)) and self.solver.sources[source][0] == "promise"
        held: Sub | None = None
        for cost in range(1, 5):  # k facts read, one more for the rule: the facts alone first
            for k, with_rule in ((cost, False), (cost - 1, True)):
                if k > 3:
                    continue
                hits = []
                for ps in combinations(cells, k):
                    m = full & rule if with_rule else full
                    for c in ps:
                        m &= masks[c]
                    if not m:
                        continue
                    for c, vals, allowed in wanted:
                        if c in ps and set(known[c]) <= set(vals):  # itself: no reason
                            continue
                        if not m & ~allowed:
                            hits.append(Sub(c, vals, {p: known[p] for p in ps},
                                            source if with_rule else None))
                    if hits and with_rule and k > 0:
                        break
                if hits and not with_rule:  # a sign's truth its premise speaks of, first
                    hits.sort(key=lambda h: not self._direct(h))
                if hits and with_rule and speaks_of:  # a fact whose cases can be stated
                    for h in hits:
                        m = full
                        for c in h.premises:
                            m &= masks[c]
                        h.against = self._against(h, m, source, rule)
                    hits.sort(key=lambda h: (not h.against, len(h.against)))
                    if len(hits[0].against) > 1 and cost < 4:
                        # a case split inside a case: a fact that more facts give, if any
                        held = held or hits[0]
                        continue
                if hits:
                    if with_rule and not speaks_of:
                        said = " ".join(re.findall(r'"([^"]*)"', self.source(source)))
                        words = set(re.findall(r"\w+", said))
                        hits.sort(key=lambda h: h.cell[0] not in words)  # whom it names first
                        hits[0].why = self._why(source, masks)
                    return hits[0]
        return held

    def _count_rule(self, h: Sub) -> int | None:
        """The rule "exactly k ... are X" of h's attribute (the puzzle's counts, which a
        sub-step's facts read with no sign's words), else None."""
        for k, (kind, _s, c) in enumerate(self.solver.sources):
            if kind == "promise":
                found = fm.exactly(thaw(c))
                if found is not None and found[1] == h.cell[1]:
                    return k
        return None

    def _direct(self, h: Sub) -> bool:
        """h is the truth of a statement one of its premises speaks of ("sign 6 is
        wrong": sign 9 says so)."""
        if h.cell[1] != TRUTH:
            return False
        ids = {st.id: n for n, st in enumerate(self.p.statements)}
        return any(c[1] == TRUTH and c[0] in ids and h.cell[0] in self.reads(ids[c[0]])
                   for c in h.premises)

    def _why(self, source: int, masks: dict[Cell, int]) -> str:
        """Statement `source`'s reason from everything known (:meth:`reason`)."""
        region = self.solver.ev.full
        for m in masks.values():
            region &= m
        return self.reason(Step("follow", {}, source, region=region))

    def _against(self, h: Sub, region: int, source: int, rule: int
                 ) -> list[tuple[str, list[str]]]:
        """Each value `h`'s cell might have but not: its case and what it fixes that the
        rule reads, enough by itself to break the rule; [] when some case cannot be said so."""
        out = []
        for v in self.solver.values[h.cell]:
            if v in h.left:
                continue
            w = region & self.solver.atom[(h.cell, v)]
            if not w:
                continue
            said = self.describe(w, source, rule)
            if said:
                out.append((self.fact(h.cell, v), said))
                continue
            parts = self._cases_within(w, source, h.cell, rule)
            if not parts:
                return []
            out += [(f"{self.fact(h.cell, v)} and {self.inner(case)}", said)
                    for case, said in parts]
        return out

    def _cases_within(self, w: int, source: int, skip: Cell, rule: int
                      ) -> list[tuple[str, list[str]]] | None:
        """`w` split by one more fact whose every value fixes what the rule reads: (that
        value's words, what it fixes) each; None when no fact does."""
        solver = self.solver
        for c in solver.facts:
            if c == skip:
                continue
            parts = []
            for v in solver.values[c]:
                x = w & solver.atom[(c, v)]
                if not x:
                    continue
                said = self.describe(x, source, rule)
                if not said:
                    break
                parts.append((self.fact(c, v), said))
            else:
                if len(parts) > 1:
                    return parts
        return None

    def premise(self, cell: Cell, vals: tuple[str, ...]) -> str:
        """A known fact as a reason: "sign 8 ("...") is wrong", "there is no lady in room 9"."""
        if len(vals) == 1:
            said = self.inner(self.fact(cell, vals[0]))
            if cell[1] == TRUTH:
                st = next((x for x in self.p.statements if x.id == cell[0]), None)
                if st is not None and st.says is not None:
                    said += f" (\"{self.sentence(st.says, st.by)}\")"
            return said
        return self.listed([self.inner(self.fact_not(cell, v)) for v in self.solver.values[cell]
                            if v not in vals])

    def sub_fact(self, h: Sub) -> str:
        if len(h.left) == 1:  # a sign's truth with its words: what the reason reads
            return self.upper(self.premise(h.cell, h.left))
        return self.listed([self.fact_not(h.cell, v) for v in self.solver.values[h.cell]
                            if v not in h.left])

    def sub_reason(self, h: Sub) -> str:
        """Why: "as sign 8 is wrong and ...", "by the rule "..."", "if a lady is in room
        II, then sign I is right ..., against the rule "..."". """
        ps = self.listed([self.premise(c, v) for c, v in h.premises.items()])
        if h.source is None:
            count = self._count_rule(h) if not any(c[1] == TRUTH for c in h.premises) else None
            return f"by {self.source(count)}, as {ps}" if count is not None else f"as {ps}"
        if h.against:
            cases = "; ".join(f"if {self.inner(case)}, then {self.inner(self.listed(said))}"
                              for case, said in h.against)
            head = f"as {ps}: " if ps else ""
            return f"{head}{cases}, against {self.source(h.source)}"
        if h.why:
            own = self._speaker_cell(h.source)
            ps = self.listed([self.premise(c, v) for c, v in h.premises.items() if c != own])
            return f"{h.why}, and as {ps}" if ps else f"{h.why}, so"
        return f"by {self.source(h.source)}, as {ps}" if ps else f"by {self.source(h.source)}"

    def grouped(self, subs: list[Sub]) -> list[list[Sub]]:
        """Consecutive sub-steps with the same reason in words (no cases) as one: "as Eve
        is a werewolf, Ned is human and Olga is human"."""
        out: list[list[Sub]] = []
        for h in subs:
            last = out[-1][0] if out else None
            if last is not None and not h.against and not last.against and \
                    self.sub_reason(h) == self.sub_reason(last):
                out[-1].append(h)
            else:
                out.append([h])
        return out

    def _own_truth(self, h: Sub) -> bool:
        """h is its statement's own truth, given by its reason ("the sign is false")."""
        if not h.why or h.source is None or self.solver.sources[h.source][1] is None:
            return False
        return h.cell == (self.solver.sources[h.source][1].id, TRUTH)  # type: ignore[union-attr]

    def _group_facts(self, group: list[Sub]) -> str:
        said = [h for h in group if not self._own_truth(h)]
        return self.listed([self.sub_fact(h) for h in said])

    def sub_line(self, group: list[Sub]) -> str:
        """Sub-steps of one reason in the reveal: the reason first."""
        h = group[0]
        fact = self.inner(self._group_facts(group))
        why = self.sub_reason(h)
        if not fact:  # "the sign on room I is false": its own truth, said by the reason
            return f"{self.upper(why.removesuffix(', so'))}."
        if h.against:
            return f"{self.upper(why)}: so {fact}."
        return f"{self.upper(why)} {fact}." if why.endswith(", so") else \
            f"{self.upper(why)}, {fact}."

    def sub_hint(self, group: list[Sub]) -> str:
        """Sub-steps of one reason as a hint: the facts first."""
        facts = self._group_facts(group) or self.listed([self.sub_fact(h) for h in group])
        return f"{self.upper(facts)}: {self.sub_reason(group[0]).removesuffix(', so')}."

    def what(self, cell: Cell) -> str:
        """A fact named without its value: "what room I holds", "whether sign III is
        right", "what Ann is", "whether Ann is a werewolf"."""
        vals = self.solver.values.get(cell, ())
        if cell[1] == TRUTH or len(vals) == 2:
            return f"whether {self.inner(self.fact(cell, vals[0]))}"
        if self.rooms:
            return f"what room {cell[0]} holds"
        if cell[1] == self.p.speaker_attr:
            return f"what {cell[0]} is"
        return f"{cell[0]}'s {cell[1]}"

    def _left_to_say(self, dom: dict[Cell, tuple[str, ...]]) -> list[str]:
        """The answer's facts the counts leave once `dom` is known, not yet said ("a lady
        is in room IV", after the other rooms were ruled out)."""
        solver = self.solver
        region = solver.region(dom)
        out = []
        for item in self.p.question:
            cells: list[tuple[Cell, str | None]]
            if isinstance(item, AskOf):
                cells = [((item.entity, item.attr), None)]
            elif isinstance(item, AskWhere):
                cells = [((e, a), v) for e in self.p.entities for a, v in item.pairs.items()]
            else:
                continue
            for c, want in cells:
                if c not in dom or len(dom[c]) == 1:
                    continue
                for v in dom[c]:
                    if (want is None or v == want) and not region & ~solver.atom[(c, v)]:
                        out.append(self.fact(c, v))
        return out

    def story(self, steps: list[Step]) -> list[str]:
        """The top-level steps as lines, up to the one that answers the question (the steps
        after it are not told)."""
        solver = self.solver
        dom = {c: solver.values[c] for c in solver.cells}
        out: list[str] = []

        def answered() -> bool:  # the facts so far, with the puzzle's counts, answer it
            if solver.solved(dom):
                return True
            if solver.ev.full.bit_length() > SPLIT_WORLDS:
                return False
            if len(solver.ev.answers(solver.region(dom), 2)) != 1:
                return False
            last = self._left_to_say(dom)
            if last:
                out.append(f"So {self.inner(self.listed(last))}.")
            return True

        for s in steps:
            for _i, left in s.before:
                dom.update(left)
            out += self.ruled(s.before, "")
            settling = self._after_settling(s) if s.technique == "settle" else None
            if settling is not None:  # the speaker's fact, then the rest fact by fact
                head, follow = settling
                out.append(self.settled(head))
                dom.update({c: (v,) for c, v in head.found.items()})
                if answered():
                    return out
            subs = self.split(settling[1] if settling is not None else s)
            if settling is not None and subs is None:
                out.append(self.followed(settling[1]))
            elif subs is not None:
                for group in self.grouped(subs):
                    out.append(self.sub_line(group))
                    dom.update((h.cell, h.left) for h in group)
                    if answered():
                        return out
            if settling is not None or subs is not None:
                for _i, left in s.after:
                    dom.update(left)
                out += self.ruled(s.after, "")
                continue
            out += self._step(s, "")
            dom.update({c: (v,) for c, v in s.found.items()})
            dom.update(s.partial)
            if s.supposed is not None and not s.found and s.technique != "cases":
                cell, value = s.supposed
                dom[cell] = tuple(v for v in dom[cell] if v != value)
            if answered():
                return out
            for _i, left in s.after:
                dom.update(left)
            out += self.ruled(s.after, "")
        return out

    def lines(self, steps: list[Step], indent: str = "") -> list[str]:
        out: list[str] = []
        for s in steps:
            out += self.step(s, indent)
        return out

    def step(self, s: Step, indent: str) -> list[str]:
        """A step's lines: what was ruled out before it, the step, what after it."""
        return (self.ruled(s.before, indent) + self._step(s, indent)
                + self.ruled(s.after, indent))

    def found(self, s: Step) -> str:
        """What a step finds: its facts, then what it rules out without settling a fact
        (not of a settling statement's own speaker: its cases say that)."""
        items = [self.fact(c, v) for c, v in s.found.items()]
        speaker = self._speaker_cell(s.source) if s.technique == "settle" and \
            s.source is not None else None
        items += [self.fact_not(c, v) for c, vals in s.partial.items() if c != speaker
                  for v in self.solver.values[c] if v not in vals]
        return self.listed(items)

    def settled(self, s: Step) -> str:
        """A settling step in one sentence, with its reason (the speaker's cases)."""
        assert s.source is not None and s.region is not None
        cases = self.speaker_cases(s.source, s.region)
        facts = self.inner(self.found(s))
        head = f"{self.upper(self.source(s.source))} settles a fact by itself"
        if not cases:
            return f"{head}: {facts}."
        possible = sum(1 for _c, ok in cases if ok)
        said = "; ".join(c for c, _ok in cases)
        return f"{head}: {said}; {'either way, ' if possible > 1 else 'so '}{facts}."

    def _after_settling(self, s: Step) -> tuple[Step, Step] | None:
        """A statement that settles its own speaker and more ("so room III is empty, a lady
        is in room II, ..."): the speaker's fact as the step (its cases), and the rest as a
        step of their own that follows from it (split fact by fact); None otherwise."""
        if s.source is None or s.region is None:
            return None
        cell = self._speaker_cell(s.source)
        if cell is None or cell not in s.found or len(s.found) + len(s.partial) < 2 or \
                sum(1 for _c, ok in self.speaker_cases(s.source, s.region) if ok) != 1:
            return None
        value = s.found[cell]
        head = Step("settle", {cell: value}, s.source, region=s.region)
        follow = Step("follow", {c: v for c, v in s.found.items() if c != cell}, s.source,
                      region=s.region & self.solver.atom[(cell, value)],
                      partial={c: v for c, v in s.partial.items() if c != cell})
        return head, follow

    def followed(self, s: Step) -> str:
        why = self.reason(s)
        facts = self.inner(self.found(s))
        return f"{self.upper(why)}, so {facts}." if why else \
            f"From {self.source(s.source)}: {facts}."

    def _step(self, s: Step, indent: str) -> list[str]:
        if s.technique == "settle":
            rest = self._after_settling(s)
            if rest is None:
                return [f"{indent}{self.settled(s)}"]
            head, follow = rest
            return [f"{indent}{self.settled(head)}"] + self._step(follow, indent)
        if s.technique == "follow":
            subs = self.split(s)
            if subs is not None:
                out = []
                for n, group in enumerate(self.grouped(subs)):
                    line = self.sub_line(group)
                    if n and line.startswith("Then ") and self._supposed is not None:
                        # "then ..." once, just after "Suppose ...": later, say what is known
                        said = self.inner(self.fact(*self._supposed))
                        line = f"As {said}, {line[len('Then '):]}"
                    out.append(f"{indent}{line}")
                return out
            return [f"{indent}{self.followed(s)}"]
        if s.technique == "contradiction":
            why = self.failure(s)
            return [f"{indent}But then {self.source(s.source)} cannot hold"
                    + (f": {why}." if why else ".")]
        if s.technique == "cases":
            cell = s.supposed[0] if s.supposed else ("", "")
            if cell[1] == TRUTH:  # a sign's truth: "sign I is right, or sign I is wrong"
                sides = [self.fact(cell, v) for v in TRUTH_VALUES]
                out = [f"{indent}Try each case: {sides[0]}, or {self.inner(sides[1])}:"]
            else:
                whose = f"room {cell[0]}'s" if self.rooms else f"{cell[0]}'s"
                out = [f"{indent}Try each value for {whose} {cell[1]}:"]
            for value, branch in s.branches:
                out.append(f"{indent}  If {self.inner(self.fact(cell, value))}:")
                out += self.lines(branch, indent + "    ")
            out.append(f"{indent}Either way, {self.inner(self.facts(s.found))}.")
            return out
        assert s.supposed is not None
        cell, value = s.supposed
        out = [f"{indent}Suppose {self.inner(self.fact(cell, value))}."]
        outer, self._supposed = self._supposed, s.supposed
        out += self.lines(s.inner[:1], indent + "  ")
        self._supposed = outer
        out += self.lines(s.inner[1:], indent + "  ")
        if s.found:
            out.append(f"{indent}So {self.inner(self.facts(s.found))}.")
        else:
            out.append(f"{indent}So {self.inner(self.fact_not(cell, value))}.")
        return out


    # ------------------------------------------------------------- a step as a hint
    # A hint says a step's conclusion first, then its reason (the reveal says the reason
    # first): no hint is a line of the reveal.

    def hint(self, s: Step) -> str:
        """One step as a hint: what it finds, then why (what was ruled out on the way
        included)."""
        return " ".join([*self._ruled_hints(s.before), self._hint(s),
                         *self._ruled_hints(s.after)])

    def _ruled_hints(self, notes: list[tuple[int, dict[Cell, tuple[str, ...]]]]) -> list[str]:
        return [f"{self.listed(said)}, by {self.source(i)}."
                for i, said in self._ruled_out(notes)]

    def whatever(self, i: int | None) -> str:
        """ "whatever Ann is", "whatever room II holds" (the speaker of source i)."""
        cell = self._speaker_cell(i) if i is not None else None
        if cell is None:
            return "whatever its speaker is"
        return f"whatever room {cell[0]} holds" if self.rooms else f"whatever {cell[0]} is"

    def each_case(self, i: int) -> str:
        """ "Suppose Eve is a knight, then Eve is a knave, and see what every case gives."
        (each value of source i's speaker)."""
        cell = self._speaker_cell(i)
        if cell is None:
            return "Take its speaker's cases in turn."
        sides = ", then ".join(self.inner(self.fact(cell, v)) for v in self.solver.values[cell])
        return f"Suppose {sides}, and see what every case gives."

    def _hint(self, s: Step) -> str:
        facts = self.found(s)
        if s.technique == "settle":
            cases = self.cases_of_speaker(s)
            why = (f" Take {self.source(s.source)} case by case: {'; '.join(cases)}."
                   if cases else "")
            cell = self._speaker_cell(s.source) if s.source is not None else None
            if cell is not None and cell in s.found:
                alone = (f"the sign could not hang on room {cell[0]} otherwise" if self.rooms
                         else f"{cell[0]} could not say it otherwise")
                return f"{facts}: {alone}.{why}"
            return f"{facts}, {self.whatever(s.source)}.{why}"
        if s.technique == "follow":
            why = self.reason(s)
            subs = self.split(s) if not why else None
            if subs:
                return " ".join(self.sub_hint(g) for g in self.grouped(subs))
            return f"{facts}: {why}." if why else \
                f"{facts}: {self.source(s.source)} leaves no other way."
        if s.technique == "cases":
            cell = s.supposed[0] if s.supposed else ("", "")
            sides = " or ".join(self.inner(self.fact(cell, v)) for v, _b in s.branches)
            return f"{facts}, either way: follow each case, {sides}, and compare."
        if s.supposed is not None:
            cell, value = s.supposed
            ruled = self.facts(s.found) if s.found else self.upper(self.fact_not(cell, value))
            return f"{ruled}. To see why, {self._path(s)}"
        return f"{facts}."

    def _path(self, s: Step) -> str:
        """The way a supposition fails, as a hint: the statements to follow, in order, and
        the one that cannot then hold (not what each gives: the reveal says that)."""
        assert s.supposed is not None
        cell, value = s.supposed
        read: list[str] = []
        last: Step | None = None
        for t in every_step(s.inner):
            if t.source is None:
                continue
            if t.technique == "contradiction":
                last = t
            elif self.owner(t.source) not in read:
                read.append(self.owner(t.source))
        head = f"suppose {self.inner(self.fact(cell, value))}"
        if any(t.supposed for t in s.inner):
            head += " (and inside it, suppose once more)"
        why = self.failure(last) if last is not None else ""
        fails = (f"{self.source(last.source)} cannot then hold" + (f" ({why})" if why else "")
                 if last is not None else "no way is left")
        if not read:
            return f"{head}: at once, {fails}."
        order = "" if len(read) == 1 else ", in that order"
        follow = read[0] if len(read) == 1 else ", ".join(read[:-1]) + " and " + read[-1]
        return f"{head} and follow {follow}{order}: {fails}."


def explain(puzzle: WorldPuzzle, graded: Grade | None = None) -> list[str]:
    """The solution by hand, step by step, as lines of text."""
    g = graded or grade(puzzle)
    words = Words(puzzle, g.solver or Solver(puzzle))
    lines = words.story(g.steps) if g.solved else words.lines(g.steps)
    if not g.solved:
        lines.append("These steps leave more than one possibility open.")
    return lines


def too_large() -> str:
    """The line said in place of a solution by hand past the grader's work budget."""
    return (f"The solution by hand is too large to work out (over its budget of "
            f"{GRADE_STEPS:,} steps).")


def explain_within(puzzle: WorldPuzzle) -> list[str]:
    """:func:`explain` graded within the grader's work budget (GRADE_STEPS), or the one
    line :func:`too_large`."""
    graded = grade_within(puzzle)
    return [too_large()] if graded is None else explain(puzzle, graded)


__all__ = ["GRADE_STEPS", "Grade", "LEVELS", "MAX_DEPTH", "Solver", "Step", "TECHNIQUES", "TRUTH",
           "TRUTH_VALUES", "Sub", "Words", "every_step", "explain", "explain_within", "grade", "grade_solver",
           "grade_within", "too_large"]
