"""The first SAT analysis (Algorithm 1 of the thesis, done right), kept as the benchmark's
baseline. It knows the six statement kinds of Definition 1 and the m rule only; core/solve/sat.py
encodes the whole language.

Variables: 1..K say "the portrait is in casket k"; K+1..K+S are the statements' truth values;
auxiliary variables follow. Each statement's meaning is an equivalence in CNF. The number of
true statements is counted by two incremental totalizers, one over the statements and one over
their negations, so both "at most" and "at least" are real bounds (a single ITotalizer only
bounds from above). They are built only when a puzzle has a loop that leaves some placement
undetermined; otherwise every placement has exactly one consistent assignment and one call
finds it.

For each placement the engine finds the set of achievable true counts by splitting count
intervals: a model with count c leaves [lo, c-1] and [c+1, hi] to search, so k counts cost
2k + 1 calls. Loops are classified on a solver holding just the loop and what it refers to.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from pysat.card import CardEnc, EncType, ITotalizer
from pysat.solvers import Solver

from portia_tui.core.language.model import Puzzle
from portia_tui.core.solve import sat as whole
from portia_tui.core.solve.semantics import Analysis, LoopReport, closure, find_loops
from portia_tui.core.language.vocabulary import FreeMeaning, Meaning, PortraitMeaning, Statement

SOLVER = "minisat22"


def placement_var(casket: int) -> int:
    return casket + 1


def statement_var(puzzle: Puzzle, index: int) -> int:
    return len(puzzle.caskets) + index + 1


def exactly_one(lits: Sequence[int]) -> list[list[int]]:
    """At least one, and pairwise at most one."""
    out = [list(lits)]
    out += [[-a, -b] for i, a in enumerate(lits) for b in lits[i + 1 :]]
    return out


def meaning_clauses(k: int, index: int, mn: Meaning) -> list[list[int]]:
    """The CNF of 'statement `index` is true exactly when `mn` holds' (k caskets)."""
    t = k + index + 1
    if isinstance(mn, FreeMeaning):
        return []
    if isinstance(mn, PortraitMeaning):
        p = mn.casket + 1 if mn.positive else -(mn.casket + 1)
        return [[-t, p], [t, -p]]
    lits = [(k + g + 1) if mn.value else -(k + g + 1) for g in mn.group]
    return [[-t, lit] for lit in lits] + [[t] + [-lit for lit in lits]]


def statement_clauses(puzzle: Puzzle, index: int) -> list[list[int]]:
    """The CNF of 'statement index is true exactly when its meaning holds'."""
    return meaning_clauses(len(puzzle.caskets), index, puzzle.meanings[index])


def base_clauses(puzzle: Puzzle, statements: Iterable[int] | None = None) -> list[list[int]]:
    """One portrait, and the meaning of each statement (all, or those given)."""
    k = len(puzzle.caskets)
    clauses = exactly_one(list(range(1, k + 1)))
    for i in range(puzzle.size) if statements is None else statements:
        clauses += statement_clauses(puzzle, i)
    return clauses


def exactly_m_clauses(puzzle: Puzzle, m: int, top: int) -> tuple[list[list[int]], int]:
    """'Exactly m statements are true' as a totalizer, both directions; returns (clauses, top)."""
    lits = [statement_var(puzzle, i) for i in range(puzzle.size)]
    enc = CardEnc.equals(lits=lits, bound=m, top_id=top, encoding=EncType.totalizer)
    return [list(c) for c in enc.clauses], max(top, enc.nv)


class SatEngine:
    """One solver per puzzle, queried under assumptions."""

    def __init__(self, puzzle: Puzzle, solver: str = SOLVER,
                 clauses: list[list[int]] | None = None, top: int | None = None):
        """A solver for the puzzle's base clauses, or for `clauses` (whose variables go up to
        `top`) when given: the numbering of portrait and statement variables is the same."""
        self.puzzle = puzzle
        self.k = len(puzzle.caskets)
        self.size = puzzle.size
        self.svars = list(range(self.k + 1, self.k + self.size + 1))
        self.top = self.k + self.size if top is None else top
        self.solver = Solver(name=solver,
                             bootstrap_with=base_clauses(puzzle) if clauses is None else clauses)
        self._solver_name = solver
        self._bounds: tuple[list[int], list[int]] | None = None
        self.calls = 0

    def close(self) -> None:
        self.solver.delete()

    def __enter__(self) -> "SatEngine":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ counting
    def _solve(self, assumptions: list[int]) -> list[int] | None:
        self.calls += 1
        if self.solver.solve(assumptions=assumptions):
            return self.solver.get_model()
        return None

    def _count(self, model: list[int]) -> int:
        k = self.k
        return sum(1 for v in model[k : k + self.size] if v > 0)

    def count_bounds(self, lo: int, hi: int) -> list[int]:
        """Assumptions that force lo <= (number of true statements) <= hi."""
        if self._bounds is None:
            ub = ITotalizer(lits=self.svars, ubound=self.size, top_id=self.top)
            self.top = ub.top_id
            lb = ITotalizer(lits=[-v for v in self.svars], ubound=self.size, top_id=self.top)
            self.top = lb.top_id
            self.solver.append_formula(ub.cnf.clauses)
            self.solver.append_formula(lb.cnf.clauses)
            self._bounds = (list(ub.rhs), list(lb.rhs))
            ub.delete()
            lb.delete()
        upper, lower = self._bounds
        out = []
        if hi < self.size:  # not (count > hi)
            out.append(-upper[hi])
        if lo > 0:  # not (falses > size - lo)
            out.append(-lower[self.size - lo])
        return out

    def model(self, placement: int, m: int | None = None) -> list[int] | None:
        """A consistent model with the portrait in `placement` (and m true statements)."""
        bounds = [] if m is None else self.count_bounds(m, m)
        return self._solve([placement_var(placement)] + bounds)

    def counts(self, placement: int, unique: bool = False) -> frozenset[int]:
        """Every achievable number of true statements with the portrait in `placement`.

        With unique=True the caller knows at most one assignment exists: one call suffices.
        """
        p = placement_var(placement)
        if unique:
            model = self._solve([p])
            return frozenset() if model is None else frozenset({self._count(model)})
        found: set[int] = set()
        todo = [(0, self.size)]
        while todo:
            lo, hi = todo.pop()
            if lo > hi:
                continue
            model = self._solve([p] + self.count_bounds(lo, hi))
            if model is None:
                continue
            c = self._count(model)
            found.add(c)
            todo += [(lo, c - 1), (c + 1, hi)]
        return frozenset(found)

    def values(self, placement: int, m: int | None = None) -> tuple[bool | None, ...] | None:
        """Each statement's truth value under the placement (and m): True/False when every
        consistent assignment agrees, None when it varies; None overall when none exists."""
        base = [placement_var(placement)] + ([] if m is None else self.count_bounds(m, m))
        model = self._solve(base)
        if model is None:
            return None
        k = self.k
        out: list[bool | None] = []
        for i in range(self.size):
            lit = model[k + i]
            out.append(None if self._solve(base + [-lit]) is not None else lit > 0)
        return tuple(out)

    # ------------------------------------------------------------------ loops
    def loop_report(self, loop: tuple[int, ...]) -> LoopReport:
        """How a loop behaves under each placement (see the semantics page)."""
        puzzle = self.puzzle
        k = self.k
        inside = set(loop)
        deps = [i for i in closure(puzzle, loop) if i not in inside]
        top = k + self.size
        act = top + 1
        clauses = base_clauses(puzzle, deps)
        for i in loop:
            clauses += [[-act] + c for c in statement_clauses(puzzle, i)]
        undetermined, paradox = [], []
        with Solver(name=self._solver_name, bootstrap_with=clauses) as solver:
            fresh = act
            for p in range(k):
                self.calls += 1
                if not solver.solve(assumptions=[p + 1, act]):
                    self.calls += 1
                    if solver.solve(assumptions=[p + 1]):
                        paradox.append(p)  # the loop itself admits nothing
                    continue
                model = solver.get_model()
                fresh += 1
                solver.add_clause([-fresh] + [-model[k + i] for i in loop])
                self.calls += 1
                if solver.solve(assumptions=[p + 1, act, fresh]):
                    undetermined.append(p)
        return LoopReport(loop, tuple(undetermined), tuple(paradox))

    # ------------------------------------------------------------------ all of it
    def analyse(self) -> Analysis:
        reports = tuple(self.loop_report(loop) for loop in find_loops(self.puzzle))
        uncertain = {p for r in reports for p in r.undetermined_in}
        free = bool(self.puzzle.empty_slots)  # an empty slot takes either value
        counts = tuple(self.counts(p, unique=not free and p not in uncertain)
                       for p in range(self.k))
        return Analysis(self.puzzle, counts, reports, engine="sat")


def analyse(puzzle: Puzzle) -> Analysis:
    """The exact analysis of a puzzle: true counts per placement, loops, solutions for any m."""
    with SatEngine(puzzle) as engine:
        return engine.analyse()


# --------------------------------------------------- the assistant benchmark's baseline
def reachable_choices(puzzle: Puzzle, index: int, choices: Sequence[Statement],
                      placement: int, m: int | None) -> tuple[bool, ...]:
    """For each statement in `choices` put in place of statement `index`: could the portrait
    be in `placement` with exactly m true statements, under the side rules?  (Algorithm 2's
    question, for a menu.)

    One solver answers every choice: the slot's meaning clauses are guarded by one selector
    per choice, and the count totalizer is built once.
    """
    if m is None or not 0 <= m <= puzzle.size:
        return (False,) * len(choices)
    enc = whole.Encoding(puzzle)
    owner = puzzle.owner(index)
    guarded: list[list[int]] = []
    selectors = []
    for st in choices:
        sel = enc._new()
        guarded += [[-sel] + c for c in enc.meaning_of(index, owner, st)]
        selectors.append(sel)
    clauses = enc.definitions + enc.rules + guarded  # definitions include the choices' aux
    for i, mc in enumerate(enc.meaning):
        if i != index:
            clauses += mc
    card, _top = whole.exactly_m_clauses(puzzle, m, enc.top)
    with Solver(name=whole.SOLVER, bootstrap_with=clauses + card) as solver:
        return tuple(bool(solver.solve(assumptions=[whole.placement_var(placement), sel]))
                     for sel in selectors)
