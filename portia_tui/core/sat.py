"""Exact analysis with PySAT (Algorithm 1 of the thesis, done right).

Variables: 1..K say "the portrait is in casket k"; K+1..K+S are the statements' truth values;
auxiliary variables follow. Each statement's meaning is an equivalence in CNF; a count or maker
statement is equivalent to an output of a totalizer bound in both directions (:class:`Cnf`), and
the side rules (every rule but m) are added as constraints (CardEnc for plain counts). The number of
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

from .model import Puzzle
from .semantics import Analysis, LoopReport, closure, find_loops
from .vocabulary import (AnyOfMeaning, CasketsMeaning, CountMeaning, FreeMeaning, GroupMeaning,
                         Meaning, PortraitMeaning, Statement, meaning)

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


class Cnf:
    """Clauses being built, with fresh variables above `top`, and reified counting: a literal
    equivalent to "the number of true literals among these compares to k" (a totalizer whose
    outputs are bound in both directions, so it serves inside an equivalence)."""

    def __init__(self, k: int, top: int):
        self.k = k
        self.top = top
        self.clauses: list[list[int]] = []
        self._true = 0
        self._counters: dict[tuple[int, ...], list[int]] = {}

    def new(self) -> int:
        self.top += 1
        return self.top

    def true(self) -> int:
        """A variable forced true (its negation is false)."""
        if not self._true:
            self._true = self.new()
            self.clauses.append([self._true])
        return self._true

    def counter(self, lits: tuple[int, ...]) -> list[int]:
        """out[j - 1] <-> at least j of lits are true (j = 1..len(lits))."""
        key = tuple(lits)
        if key not in self._counters:
            self._counters[key] = self._totalizer(list(lits))
        return self._counters[key]

    def _totalizer(self, lits: list[int]) -> list[int]:
        if len(lits) == 1:
            return [lits[0]]
        half = len(lits) // 2
        a, b = self._totalizer(lits[:half]), self._totalizer(lits[half:])
        p, q = len(a), len(b)
        r = [self.new() for _ in range(p + q)]
        add = self.clauses.append
        for i in range(p + 1):
            for j in range(q + 1):
                if i + j >= 1:  # a >= i and b >= j  ->  r >= i + j
                    add([x for x in (-a[i - 1] if i else 0, -b[j - 1] if j else 0) if x]
                        + [r[i + j - 1]])
                if i + j < p + q:  # a <= i and b <= j  ->  r <= i + j
                    add([x for x in (a[i] if i < p else 0, b[j] if j < q else 0) if x]
                        + [-r[i + j]])
        return r

    def at_least(self, lits: tuple[int, ...], j: int) -> int:
        if j <= 0:
            return self.true()
        if j > len(lits):
            return -self.true()
        return self.counter(lits)[j - 1]

    def and_(self, a: int, b: int) -> int:
        r = self.new()
        self.clauses += [[-r, a], [-r, b], [r, -a, -b]]
        return r

    def or_(self, lits: list[int]) -> int:
        if not lits:
            return -self.true()
        if len(lits) == 1:
            return lits[0]
        r = self.new()
        self.clauses += [[-r] + lits] + [[r, -x] for x in lits]
        return r

    def compare(self, lits: tuple[int, ...], op: str, k: int) -> int:
        """A literal <-> (number of true lits) op k."""
        if op == "at least":
            return self.at_least(lits, k)
        if op == "at most":
            return -self.at_least(lits, k + 1)
        if k < 0 or k > len(lits):
            return -self.true()
        return self.and_(self.at_least(lits, k), -self.at_least(lits, k + 1))

    def condition(self, mn: Meaning) -> int:
        """A literal equivalent to the meaning (not FreeMeaning)."""
        k = self.k
        if isinstance(mn, PortraitMeaning):
            return mn.casket + 1 if mn.positive else -(mn.casket + 1)
        if isinstance(mn, AnyOfMeaning):
            return self.or_([c + 1 for c in mn.caskets])
        if isinstance(mn, GroupMeaning):
            lits = [(k + g + 1) if mn.value else -(k + g + 1) for g in mn.group]
            r = self.new()
            self.clauses += [[-r, lit] for lit in lits] + [[r] + [-lit for lit in lits]]
            return r
        if isinstance(mn, CountMeaning):
            lits = tuple((k + g + 1) if mn.value else -(k + g + 1) for g in mn.group)
            return self.compare(lits, mn.op, mn.k)
        if isinstance(mn, CasketsMeaning):
            hits = []
            for group, accept in zip(mn.groups, mn.accept):
                lits = tuple(k + g + 1 for g in group)
                hits.append(self.or_([self.compare(lits, "exactly", j) for j in sorted(accept)
                                      if 0 <= j <= len(lits)]))
            return self.compare(tuple(hits), mn.op, mn.k)
        raise TypeError(f"no CNF for {mn!r}")

    def require(self, mn: Meaning) -> None:
        """Clauses saying the condition holds (a rule). Counts over statements go through
        PySAT's CardEnc (a totalizer bounded in the direction each comparison needs)."""
        if isinstance(mn, CountMeaning):
            lits = [(self.k + g + 1) if mn.value else -(self.k + g + 1) for g in mn.group]
            self.clauses += cardinality(lits, mn.op, mn.k, self)
            return
        self.clauses.append([self.condition(mn)])


def cardinality(lits: list[int], op: str, bound: int, cnf: Cnf) -> list[list[int]]:
    """'op bound of lits are true' as clauses (CardEnc totalizer; fresh variables from cnf)."""
    if bound < 0 or (op != "at most" and bound > len(lits)):
        return [[-cnf.true()]]
    if (op == "at least" and bound == 0) or (op == "at most" and bound >= len(lits)):
        return []
    make = {"exactly": CardEnc.equals, "at least": CardEnc.atleast, "at most": CardEnc.atmost}[op]
    enc = make(lits=lits, bound=bound, top_id=cnf.top, encoding=EncType.totalizer)
    cnf.top = max(cnf.top, enc.nv)
    return [list(c) for c in enc.clauses]


def meaning_clauses(k: int, index: int, mn: Meaning, cnf: Cnf | None = None) -> list[list[int]]:
    """The CNF of 'statement `index` is true exactly when `mn` holds' (k caskets). Meanings
    beyond Definition 1 need auxiliary variables: their definitions go into `cnf`, and only
    the equivalence itself is returned (a caller may guard it)."""
    t = k + index + 1
    if isinstance(mn, FreeMeaning):
        return []
    if isinstance(mn, PortraitMeaning):
        p = mn.casket + 1 if mn.positive else -(mn.casket + 1)
        return [[-t, p], [t, -p]]
    if isinstance(mn, GroupMeaning):
        lits = [(k + g + 1) if mn.value else -(k + g + 1) for g in mn.group]
        return [[-t, lit] for lit in lits] + [[t] + [-lit for lit in lits]]
    if cnf is None:
        raise ValueError("this meaning needs auxiliary variables: pass a Cnf")
    c = cnf.condition(mn)
    return [[-t, c], [t, -c]]


def statement_clauses(puzzle: Puzzle, index: int, cnf: Cnf | None = None) -> list[list[int]]:
    """The CNF of 'statement index is true exactly when its meaning holds'."""
    return meaning_clauses(len(puzzle.caskets), index, puzzle.meanings[index], cnf)


def base_cnf(puzzle: Puzzle, statements: Iterable[int] | None = None,
             rules: bool = True) -> Cnf:
    """One portrait, the meaning of each statement (all, or those given) and, with `rules`,
    the side rules (every rule but m)."""
    k = len(puzzle.caskets)
    cnf = Cnf(k, k + puzzle.size)
    cnf.clauses += exactly_one(list(range(1, k + 1)))
    for i in range(puzzle.size) if statements is None else statements:
        cnf.clauses += statement_clauses(puzzle, i, cnf)
    if rules:
        for c in puzzle.conditions:
            cnf.require(c)
    return cnf


def base_clauses(puzzle: Puzzle, statements: Iterable[int] | None = None) -> list[list[int]]:
    """One portrait and the meaning of each statement (all, or those given); no rules."""
    return base_cnf(puzzle, statements, rules=False).clauses


def puzzle_cnf(puzzle: Puzzle) -> tuple[list[list[int]], int]:
    """(clauses, top variable) for the whole puzzle: statements and every rule, m included.
    Satisfiable with portrait variable k true exactly when casket k is a solution."""
    cnf = base_cnf(puzzle)
    if puzzle.m is not None:
        lits = [statement_var(puzzle, i) for i in range(puzzle.size)]
        cnf.clauses += cardinality(lits, "exactly", puzzle.m, cnf)
    return cnf.clauses, cnf.top


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
        if clauses is None:
            cnf = base_cnf(puzzle)
            clauses, top = cnf.clauses, cnf.top
        self.top = self.k + self.size if top is None else top
        self.solver = Solver(name=solver, bootstrap_with=clauses)
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
        cnf = base_cnf(puzzle, deps, rules=False)
        act = cnf.new()
        guarded = [c for i in loop for c in statement_clauses(puzzle, i, cnf)]
        clauses = cnf.clauses + [[-act] + c for c in guarded]
        undetermined, paradox = [], []
        with Solver(name=self._solver_name, bootstrap_with=clauses) as solver:
            fresh = cnf.top
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
        if self.puzzle.empty_slots:  # an empty slot is free: several assignments
            uncertain = set(range(self.k))
        counts = tuple(self.counts(p, unique=p not in uncertain) for p in range(self.k))
        return Analysis(self.puzzle, counts, reports, engine="sat")


def reachable_choices(puzzle: Puzzle, index: int, choices: Sequence[Statement],
                      placement: int, m: int) -> tuple[bool, ...]:
    """For each statement in `choices` put in place of statement `index`: could the portrait
    be in `placement` with exactly m true statements?  (Algorithm 2's question, for a menu.)

    One solver answers every choice: the slot's meaning clauses are guarded by one selector
    per choice, and the count totalizers are built once.
    """
    if m is None or not 0 <= m <= puzzle.size:
        return (False,) * len(choices)
    k = len(puzzle.caskets)
    owner = puzzle.owner(index)
    cnf = base_cnf(puzzle, (i for i in range(puzzle.size) if i != index))
    selectors = []
    guarded = []
    for st in choices:
        mn = meaning(st, puzzle.layout, owner, index)
        clauses = meaning_clauses(k, index, mn, cnf)
        sel = cnf.new()
        guarded += [[-sel] + c for c in clauses]
        selectors.append(sel)
    with SatEngine(puzzle, clauses=cnf.clauses + guarded, top=cnf.top) as engine:
        bounds = engine.count_bounds(m, m)
        return tuple(
            engine._solve([placement_var(placement), sel] + bounds) is not None
            for sel in selectors
        )


def analyse(puzzle: Puzzle) -> Analysis:
    """The exact analysis of a puzzle: true counts per placement, loops, solutions for any m."""
    with SatEngine(puzzle) as engine:
        return engine.analyse()
