"""The Algorithm 2 assistant's judgement, for an author building a puzzle toward a target
casket and an m:

- :func:`assess`: how the achievable counts of true statements stand against m (over an
  :class:`~portia_tui.core.solve.semantics.Analysis`);
- :func:`mark_choices`: exact marks (valid / reachable / impossible) for every entry of a menu,
  over every way to fill the other empty slots;
- :func:`repairs`: every single change that makes a complete puzzle valid;
- :func:`partial_report`: a partial puzzle's true counts so far and the counts still reachable.

Plain Python; the editor and the CLI only word it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Sequence

from portia_tui.core.author.completions import (OpenSlot, Pool, World, at_most_one, count_is, count_not, counts,
                          exactly_one, feed, new_solver, totalizer)
from portia_tui.core.errors import PuzzleError
from portia_tui.core.language.model import Puzzle
from portia_tui.core.solve.budget import current, expired, part
from portia_tui.core.solve.semantics import Analysis
from portia_tui.core.language.vocabulary import Statement, meaning, menu
from portia_tui.core.language.words import incomplete

#: AssistantReport.standing values
PARADOX = "paradox"  # no consistent truth values with the portrait in the target
REACHED = "reached"  # exactly m true statements is achievable
EXCEEDED = "exceeded"  # every consistent assignment has more than m true
SHORT = "short"  # every consistent assignment has fewer than m true
SKIPPED = "skipped"  # m lies between achievable counts (a loop jumps over it)


@dataclass(frozen=True)
class AssistantReport:
    target: int
    m: int
    #: every achievable number of true statements with the portrait in the target
    counts: frozenset[int]
    #: each statement's value with the portrait in the target (any m); None: no assignment
    values: tuple[bool | None, ...] | None
    #: the caskets that fit with exactly m true statements (the solutions for m)
    fitting: tuple[int, ...] = ()

    @property
    def reached(self) -> bool:
        return self.m in self.counts

    @property
    def exceeded(self) -> bool:
        """Every consistent assignment already has more than m true statements."""
        return bool(self.counts) and min(self.counts) > self.m

    @property
    def standing(self) -> str:
        """PARADOX, REACHED, EXCEEDED, SHORT or SKIPPED (see the module's constants)."""
        if not self.counts:
            return PARADOX
        if self.reached:
            return REACHED
        if self.exceeded:
            return EXCEEDED
        if max(self.counts) < self.m:
            return SHORT
        return SKIPPED

    @property
    def excess(self) -> int:
        """How many true statements too many at the least (0 unless exceeded)."""
        return min(self.counts) - self.m if self.exceeded else 0

    @property
    def missing(self) -> int:
        """How many more true statements are needed at the least (0 unless short)."""
        return self.m - max(self.counts) if self.standing == SHORT else 0

    @property
    def unique(self) -> bool:
        """The target is the only casket that fits with m."""
        return self.fitting == (self.target,)

    @property
    def fits(self) -> bool:
        return self.target in self.fitting

    @property
    def rivals(self) -> tuple[int, ...]:
        """The other caskets that fit with m as well."""
        return tuple(c for c in self.fitting if c != self.target)


def assess(analysis: Analysis, target: int, m: int,
           values: tuple[bool | None, ...] | None = None) -> AssistantReport:
    """The assistant's report for `target` and `m`; `values` are the statements' values with
    the portrait in the target (``Analysis.values(target)``), when the caller has them."""
    return AssistantReport(target, m, analysis.true_counts[target], values,
                           tuple(analysis.solutions(m)))


# =========================================================================== exact marks
#: the assistant's marks for a menu entry, strongest first (one home: the editor and the CLI
#: import them)
MARKS = ("valid", "reachable", "impossible", "undecided")
VALID, REACHABLE, IMPOSSIBLE, UNDECIDED = MARKS
MARK_SYMBOLS = {"valid": "★", "reachable": "✓", "impossible": "✗", "undecided": "?"}

#: conflicts per solver call between two looks at the clock (when there is a budget)
_CONFLICTS = 2000


class _Clock:
    """A budget in seconds and a cooperative cancel, besides the budget in force (see
    core/solve/budget.py); solver calls that may be cut short."""

    def __init__(self, budget: float | None, cancelled: Callable[[], bool] | None):
        self.deadline = None if budget is None else time.perf_counter() + budget
        self.cancelled = cancelled
        self.outer = current()

    def out(self) -> bool:
        if self.cancelled is not None and self.cancelled():
            return True
        if self.outer is not None and expired():
            return True
        return self.deadline is not None and time.perf_counter() > self.deadline

    def solve(self, solver, assumptions: list[int]) -> bool | None:
        """The solver's answer, or None when the budget ran out (or the caller cancelled)."""
        if self.out():
            return None
        if self.deadline is None and self.cancelled is None and self.outer is None:
            return solver.solve(assumptions=assumptions)
        while True:
            solver.conf_budget(_CONFLICTS)
            answer = solver.solve_limited(assumptions=assumptions)
            if answer is not None:
                return answer
            if self.out():
                return None


class _MarkSolver:
    """The solvers behind :func:`mark_choices` for one (puzzle, slot, choices, target, m).

    *main* holds world copies sharing the completion selectors: the target's copy (its true
    count is the candidate m), and, once a rival casket has been seen to fit, a copy for that
    rival guarded by a literal g (g: the rival has a consistent world whose count differs from
    the target's). A model is a *candidate*: a completion where the target fits. *checker*
    holds one world with the portrait where its variables say; it decides exactly whether a
    rival fits a candidate. Each rival world it finds is learned by *main* as a clause ruling
    out every completion that world stays consistent with (guarded by `a_valid`, so the plain
    "does the target fit" question ignores them). Learned clauses name the marked slot's
    entries too, so what is learned for one entry serves the others.
    """

    def __init__(self, puzzle: Puzzle, slot: int, choices: Sequence[Statement], target: int,
                 m: int | None, vocabulary: str):
        layout = puzzle.layout
        k, size = len(puzzle.caskets), puzzle.size
        self.meanings = meanings = puzzle.meanings
        self.conditions = puzzle.conditions
        self.size = size
        self.pool = pool = Pool()
        self.open: dict[int, OpenSlot] = {}
        for e in puzzle.empty_slots:
            if e == slot:
                continue
            sts = menu(puzzle, e, vocabulary)
            owner = puzzle.owner(e)
            self.open[e] = OpenSlot(e, [meaning(st, layout, owner, e) for st in sts],
                                    pool.block(len(sts)))
        owner = puzzle.owner(slot)
        self.slot = OpenSlot(slot, [meaning(st, layout, owner, slot) for st in choices],
                             pool.block(len(choices)))
        self.slots = {**self.open, slot: self.slot}
        self.target = target
        self.rivals = [p for p in range(k) if p != target]
        self.m = m
        #: a puzzle that states rules but no m is solved by its rules: a casket fits when some
        #: consistent world has the portrait there, whatever its true count (no counters)
        self.by_rules = m is None and bool(puzzle.rules)
        # with m fixed, counters need only tell m from m + 1 or more
        self.cap = None if m is None else m + 1

        main: list[list[int]] = []
        for o in self.open.values():
            main += exactly_one(o.selectors, pool)
        main += at_most_one(self.slot.selectors, pool)
        world = World(pool, size, placement=target).build(meanings, self.slots).require(
            self.conditions)
        self.tvars = world.svars
        self.tout, clauses = ([], []) if self.by_rules else totalizer(self.tvars, pool,
                                                                       self.cap)
        main += world.clauses + clauses
        self.a_valid = pool.new()
        #: rival casket -> the literal guarding its copy in main (copies are added lazily)
        self.guards: dict[int, int] = {}

        self.pvars = pool.block(k)
        checker = exactly_one(self.pvars, pool)
        for o in self.slots.values():
            checker += at_most_one(o.selectors, pool)
        world = World(pool, size, pvars=self.pvars).build(meanings, self.slots).require(
            self.conditions)
        self.cvars = world.svars
        self.cout, clauses = ([], []) if self.by_rules else totalizer(self.cvars, pool,
                                                                       self.cap)
        checker += world.clauses + clauses
        self.main = new_solver(main, pool.top)
        self.checker = new_solver(checker, pool.top)

    def add_rival(self, p: int) -> None:
        """Give main a copy for rival p: under its guard, a consistent world whose count is
        not the target's."""
        pool = self.pool
        g = pool.new()
        world = World(pool, self.size, placement=p).build(self.meanings, self.slots).require(
            self.conditions)
        out, clauses = totalizer(world.svars, pool, self.cap)
        clauses = world.clauses + clauses
        if self.m is not None:
            clauses.append(count_not(out, self.m))
        else:
            diffs = pool.block(self.size)
            for d, a, b in zip(diffs, self.tout, out):
                clauses += [[-d, a, b], [-d, -a, -b]]
            clauses.append(diffs)
        feed(self.main, [[-g] + c for c in clauses] + [[pool.top, -pool.top]])
        self.guards[p] = g

    def close(self) -> None:
        self.main.delete()
        self.checker.delete()

    def counting(self, m: int | None) -> list[int]:
        return [] if m is None else count_is(self.tout, m)

    def candidate(self, model: list[int]) -> tuple[dict[int, int], int]:
        """(completion: open slot -> menu entry, the target's true count) from a main model."""
        completion: dict[int, int] = {}
        for e, o in self.open.items():
            chosen = o.chosen(model)
            assert chosen is not None  # (main holds exactly one entry per open slot)
            completion[e] = chosen
        count = sum(1 for v in self.tvars if model[v - 1] > 0)
        return completion, count

    def check(self, completion: dict[int, int], j: int, m: int, clock: _Clock) -> bool | None:
        """Whether no rival fits m with entry j and this completion (the target does): one
        checker call, with the portrait anywhere but in the target.

        A rival found to fit for the first time gets its copy in main (which rules this
        candidate out while the copy's guard is assumed); a rival whose copy was there already
        fits through a loop (another of its worlds), so the clause "not every open slot agrees
        with this world" is learned. None: out of budget."""
        base = [o.selectors[completion[e]] for e, o in self.open.items()]
        base += [self.slot.selectors[j], -self.pvars[self.target]]
        if not self.by_rules:
            base += count_is(self.cout, m)
        answer = clock.solve(self.checker, base)
        if answer is None:
            return None
        if not answer:
            return True
        model = self.checker.get_model()
        p = next(p for p in self.rivals if model[self.pvars[p] - 1] > 0)
        if p not in self.guards and not self.by_rules:
            self.add_rival(p)
            return False
        # (by the rules, any consistent world of a rival is a fit: learn it straight away)
        world = [model[v - 1] > 0 for v in self.cvars]
        cache: dict = {}
        clause = [-self.a_valid] + ([] if self.by_rules else count_not(self.tout, m))
        clause += self.slot.against(p, world, cache)
        for o in self.open.values():
            clause += o.against(p, world, cache)
        feed(self.main, [clause])
        return False

    def reach(self, j: int, m: int | None, clock: _Clock) -> str | None:
        """Can the target fit with entry j (some completion)? When it can, the first candidate
        is checked at once: VALID, REACHABLE (not yet known to be more) or IMPOSSIBLE."""
        answer = clock.solve(self.main, [self.slot.selectors[j]] + self.counting(m))
        if answer is None:
            return None
        if not answer:
            return IMPOSSIBLE
        completion, count = self.candidate(self.main.get_model())
        valid = self.check(completion, j, count, clock)
        if valid is None:
            return None
        return VALID if valid else REACHABLE

    def search_valid(self, j: int, m: int | None, clock: _Clock) -> bool | None:
        """Does some completion make the puzzle valid with entry j? (CEGAR: candidates from
        main, refuted by the checker, until one holds or none is left.) None: out of budget."""
        base = [self.a_valid, self.slot.selectors[j]] + self.counting(m)
        dropped: set[int] = set()
        # each round drops a guard, adds a rival's copy, or learns a clause that refutes the
        # candidate (completion, count) for good: so a candidate comes back only after a
        # copy was added or a guard dropped, each at most once per rival. More rounds than
        # that mean the search is going round: a bug to report, not to wait on
        seen: dict[tuple[tuple[tuple[int, int], ...], int], int] = {}
        bound = 2 * len(self.rivals) + 1
        rounds = 0
        while True:
            rounds += 1  # (a round without a new candidate must drop a guard)
            if rounds > bound * (len(seen) + 1) + len(self.rivals):
                raise RuntimeError("the assistant's search goes round without progress")
            guards = [g for g in self.guards.values() if g not in dropped]
            answer = clock.solve(self.main, base + guards)
            if answer is None:
                return None
            if not answer:
                core = set(self.main.get_core() or ()).intersection(guards)
                if not core or core <= dropped:
                    return False
                # a rival with no consistent world at all may be why: let those go
                dropped |= core
                continue
            completion, count = self.candidate(self.main.get_model())
            key = (tuple(sorted(completion.items())), count)
            seen[key] = seen.get(key, 0) + 1
            if seen[key] > bound:
                raise RuntimeError(f"the assistant's search keeps meeting the candidate {key}")
            valid = self.check(completion, j, count, clock)
            if valid is None or valid:
                return valid


def mark_choices(puzzle: Puzzle, slot: int, choices: Sequence[Statement], target: int,
                 m: int | None, *, vocabulary: str = "classic", budget: float | None = None,
                 cancelled: Callable[[], bool] | None = None) -> tuple[str, ...]:
    """One mark (see :data:`MARKS`) per entry of `choices` put in `slot` (0-based statement
    index), over every *completion*: every way to fill the other empty slots from their
    `vocabulary` menus.

    - valid: some completion makes the puzzle valid with the portrait in `target` and exactly
      m true statements;
    - reachable: some completion lets the target fit with m, none makes it the only casket
      that fits;
    - impossible: no completion lets the target fit with m;
    - undecided: the budget (seconds) ran out, or `cancelled()` said stop, first.

    Exact, loops included. With m None and rules stated, the rules alone say which caskets
    fit (as for :meth:`Analysis.solutions`); with m None and no rule at all (m still open),
    "some m" is added to each "some completion".
    """
    choices = list(choices)
    marks = [UNDECIDED] * len(choices)
    if not choices:
        return ()
    if m is not None and not 0 <= m <= puzzle.size:
        return (IMPOSSIBLE,) * len(choices)
    clock = _Clock(budget, cancelled)
    solver = _MarkSolver(puzzle, slot, choices, target, m, vocabulary)
    try:
        pending = []
        for j in range(len(choices)):
            mark = solver.reach(j, m, clock)
            if mark is None:
                return tuple(marks)
            marks[j] = mark if mark != REACHABLE else UNDECIDED
            if mark == REACHABLE:
                pending.append(j)
        for j in pending:
            valid = solver.search_valid(j, m, clock)
            if valid is None:
                return tuple(marks)
            marks[j] = VALID if valid else REACHABLE
        return tuple(marks)
    finally:
        solver.close()


# =========================================================================== repairs
class IncompletePuzzle(PuzzleError):
    """The question needs a complete puzzle; `empty` slots are empty and `m_open` says whether
    m is still open."""

    def __init__(self, empty: tuple[int, ...], m_open: bool, path: str | None = None,
                 line: int | None = None):
        super().__init__(incomplete(len(empty), m_open), path, line)
        self.empty = empty
        self.m_open = m_open

    def located(self, path: str | None = None, line: int | None = None) -> "IncompletePuzzle":
        return IncompletePuzzle(self.empty, self.m_open,
                                self.path if self.path is not None else path,
                                self.line if self.line is not None else line)


@dataclass(frozen=True)
class Repair:
    """Put `statement` in slot `index` (0-based): the puzzle becomes valid with the portrait in
    casket `solution` (an index)."""

    index: int
    statement: Statement
    solution: int


@dataclass(frozen=True)
class Repairs:
    """Every single change that makes a complete puzzle valid: one statement replaced by
    another from its slot's menu (`statements`, in slot then menu order), or another m (`m`).
    `complete` is False when the budget ran out before every replacement was tried."""

    statements: tuple[Repair, ...]
    m: tuple[int, ...]
    complete: bool = True
    #: how many statements had all their replacements tried (in slot order, or in the order
    #: asked for first): every one when complete
    tried: int = 0


def repairs(puzzle: Puzzle, vocabulary: str = "classic", *, budget: float | None = None,
            cancelled: Callable[[], bool] | None = None,
            order: Sequence[int] | None = None) -> Repairs:
    """Every single-statement replacement from the slots' `vocabulary` menus, and every other
    m, that makes the puzzle valid (exactly one casket fits). Raises IncompletePuzzle for a
    partial puzzle. `order`: the slots to try first, in that order (the editor's cursor and
    its neighbours, so that a budget that runs out leaves the nearest found); the others
    follow in slot order; `statements` are in the order tried.

    One solver per slot: the slot's alternatives are guarded by selectors (every other
    statement stays as it is), and "which caskets fit with m" is two calls under assumptions
    per alternative, exact with loops (a fit is an existing consistent world). The budget (and
    the budget in force, core/solve/budget.py) stops the search between calls: the repairs
    found so far come back with complete=False."""
    if not puzzle.complete:
        raise IncompletePuzzle(puzzle.empty_slots, not puzzle.rules)
    from portia_tui.core import analyse

    m = puzzle.m  # None: the puzzle's other rules alone say which caskets fit
    with part("the analysis of the puzzle as it stands"):
        other_m = () if m is None else tuple(x for x in analyse(puzzle).unique_m if x != m)
    clock = _Clock(budget, cancelled)
    found: list[Repair] = []
    first = [i for i in dict.fromkeys(order or ()) if 0 <= i < puzzle.size]
    chosen = set(first)
    slots = first + [i for i in range(puzzle.size) if i not in chosen]
    for tried, i in enumerate(slots):
        alts = [st for st in menu(puzzle, i, vocabulary) if st != puzzle.flat[i][1]]
        if not _repairs_at(puzzle, i, alts, clock, found):
            return Repairs(tuple(found), other_m, complete=False, tried=tried)
    return Repairs(tuple(found), other_m, tried=puzzle.size)


def _repairs_at(puzzle: Puzzle, i: int, alts: list[Statement], clock: _Clock,
                found: list[Repair]) -> bool:
    """Add to `found` the alternatives `alts` for slot i that leave one casket fitting;
    False when the budget ran out first."""
    if not alts:
        return True
    m, k = puzzle.m, len(puzzle.caskets)
    pool = Pool()
    pvars = pool.block(k)
    owner = puzzle.owner(i)
    slot = OpenSlot(i, [meaning(st, puzzle.layout, owner, i) for st in alts],
                    pool.block(len(alts)))
    clauses = exactly_one(pvars, pool) + at_most_one(slot.selectors, pool)
    world = World(pool, puzzle.size, pvars=pvars).build(puzzle.meanings, {i: slot}).require(
        puzzle.conditions)
    out, more = totalizer(world.svars, pool, cap=m + 1) if m is not None else ([], [])
    solver = new_solver(clauses + world.clauses + more, pool.top)
    try:
        exact = count_is(out, m) if m is not None else []
        for a, st in enumerate(alts):
            fit = _only_fit(solver, clock, exact + [slot.selectors[a]], pvars)
            if fit is None:
                return False
            if fit >= 0:
                found.append(Repair(i, st, fit))
    finally:
        solver.delete()
    return True


def _only_fit(solver, clock: _Clock, base: list[int], pvars: list[int]) -> int | None:
    """The one casket that fits under `base` (an index), -1 when none or several do, None
    when the budget ran out: one call finds a fit, a second asks for another."""
    answer = clock.solve(solver, base)
    if not answer:
        return None if answer is None else -1
    model = solver.get_model()
    p = next(p for p, v in enumerate(pvars) if model[v - 1] > 0)
    answer = clock.solve(solver, base + [-pvars[p]])
    if answer is None:
        return None
    return -1 if answer else p


# =========================================================================== partial puzzles
@dataclass(frozen=True)
class PartialReport:
    """Where a partial puzzle stands, per placement (casket index):

    - `filled`: every number of true statements among the filled slots (the thesis's
      true_count so far), over the consistent worlds, the empty slots being free;
    - `reachable`: every total number of true statements some completion (the empty slots
      filled from their `vocabulary` menus) lets that placement reach: the m for which it
      can still fit.
    """

    empty: tuple[int, ...]
    filled: tuple[frozenset[int], ...]
    reachable: tuple[frozenset[int], ...]


def partial_report(puzzle: Puzzle, vocabulary: str = "classic") -> PartialReport:
    """The true counts so far and the counts still reachable, per placement (exact, loops
    included). For a complete puzzle both are the analysis's true counts."""
    layout = puzzle.layout
    k, size = len(puzzle.caskets), puzzle.size
    pool = Pool()
    pvars = pool.block(k)
    use = pool.new()  # assumed: every empty slot holds one of its menu's statements
    clauses = exactly_one(pvars, pool)
    slots: dict[int, OpenSlot] = {}
    for e in puzzle.empty_slots:
        sts = menu(puzzle, e, vocabulary)
        owner = puzzle.owner(e)
        slots[e] = OpenSlot(e, [meaning(st, layout, owner, e) for st in sts],
                            pool.block(len(sts)))
        clauses.append([-use] + list(slots[e].selectors))
        clauses += at_most_one(slots[e].selectors, pool)
    world = World(pool, size, pvars=pvars).build(puzzle.meanings, slots).require(
        puzzle.conditions)
    clauses += world.clauses
    svars = world.svars
    filled = [v for i, v in enumerate(svars) if i not in slots]
    fout, more = totalizer(filled, pool)
    clauses += more
    aout, more = totalizer(svars, pool)
    clauses += more
    solver = new_solver(clauses, pool.top)
    try:
        # without `use`, a slot with no entry selected is free: the filled statements' counts
        return PartialReport(
            puzzle.empty_slots,
            tuple(counts(solver, [pvars[p]], fout) for p in range(k)),
            tuple(counts(solver, [pvars[p], use], aout) for p in range(k)),
        )
    finally:
        solver.delete()
