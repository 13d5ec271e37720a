"""Exact analysis with PySAT: the DIMACS export, and the oracle the casket engine is tested
against. (`portia solve` and the editor use the casket engine, core/solve/engine.py.)

Variables: 1..K say "the portrait is in casket k"; K+1..K+S are the statements' truth values;
auxiliary variables follow. The encoding is linear in the number of statements:

- one auxiliary per casket for "every statement here is true" and one for "... false" (only
  where some statement asks), so a truth statement is two clauses;
- an "other" statement reads prefix and suffix chains over its casket ("statements 1..i are
  all true", "statements i..n are all true"), so it is three clauses;
- a statement beyond Definition 1 (one of several caskets, counts, makers) is equivalent to a
  reified condition: an OR, or an output of a totalizer whose outputs are exact in both
  directions (:meth:`Encoding.condition`), so it can stand inside an equivalence;
- the side rules (every rule but m) are those conditions required true;
- the count of true statements is a totalizer over the statements whose value a placement
  does not fix (those in or after a loop, and empty slots), plus the fixed ones read off one
  model; with none, one call per placement finds the count.

For the analysis everything lives in one solver. The meaning clauses carry activation
literals (one per casket for its statements outside loops, one per loop, one for the side
rules), so a loop is classified on its closure, rules aside, by assumptions, not by building
another solver. Clauses go in in
bulk (`bootstrap_with`, `append_formula`), never one Python call per clause.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from pysat.card import CardEnc, EncType, ITotalizer
from pysat.solvers import Solver

from portia_tui.core.language.model import Puzzle
from portia_tui.core.solve.budget import check, current
from portia_tui.core.solve.semantics import Analysis, LoopReport, closure, find_loops, references
from portia_tui.core.language.vocabulary import (AnyOfMeaning, CasketsMeaning, CountMeaning, FreeMeaning, GroupMeaning,
                         Meaning, PortraitMeaning, READ_OTHER, READ_PORTRAIT, READ_TRUTH,
                         READINGS, Reading, Statement, meaning)

SOLVER = "minisat22"
#: the reading of a kind beyond Definition 1 (or an empty slot): read through its meaning
_BEYOND = Reading("", False)
#: conflicts per solver call between two looks at the budget (when one is in force)
_CONFLICTS = 5000


def placement_var(casket: int) -> int:
    return casket + 1


def statement_var(puzzle: Puzzle, index: int) -> int:
    return len(puzzle.caskets) + index + 1


def exactly_one(lits: Sequence[int]) -> list[list[int]]:
    """At least one, and pairwise at most one."""
    out = [list(lits)]
    out += [[-a, -b] for i, a in enumerate(lits) for b in lits[i + 1 :]]
    return out


class Encoding:
    """The puzzle's meaning in CNF with casket auxiliaries.

    `definitions`: clauses that only define auxiliaries (always on); `meaning[i]`: the clauses
    of statement i's meaning (to be guarded or not by the caller); `top`: the last variable.
    """

    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        k = self.k = len(puzzle.caskets)
        self.top = k + puzzle.size
        self.definitions: list[list[int]] = self.one_placement(k)
        groups = [puzzle.layout.group(c) for c in range(k)]
        where = {name: c for c, name in enumerate(puzzle.names)}
        self._all: dict[tuple[int, bool], int] = {}
        self._chains: dict[tuple[int, bool], tuple[list[int], list[int]]] = {}
        self.meaning: list[list[list[int]]] = []
        self._groups = groups
        self._where = where
        self._true = 0
        self._counters: dict[tuple[int, ...], list[int]] = {}
        for i, (c, st) in enumerate(puzzle.flat):
            self.meaning.append(self.meaning_of(i, c, st, lambda i=i: puzzle.meanings[i]))
        #: the side rules (every rule but m), required true: clauses to guard or not
        self.rules: list[list[int]] = [[self.condition(mn)] for mn in puzzle.conditions]

    def meaning_of(self, i: int, c: int, st: Statement, mn=None) -> list[list[int]]:
        """The clauses of 'statement i (st, on casket c) is true exactly when its meaning
        holds'; `mn()` gives the meaning for kinds beyond Definition 1 (default: computed)."""
        k = self.k
        t = k + i + 1
        kind = st.kind
        groups = self._groups
        shape, sense = READINGS.get(kind, _BEYOND)  # Definition 1's kinds, by their reading
        if shape == READ_PORTRAIT:
            p = self._where[st.target or ""] + 1
            p = p if sense else -p
            return [[-t, p], [t, -p]]
        if shape == READ_TRUTH:
            y = self._where[st.target or ""]
            a = self.all_of(groups[y], y, sense)
            return [[-t, a], [t, -a]]
        if shape == READ_OTHER:
            # every statement of casket c but this one: a prefix and a suffix chain
            prefix, suffix = self.chains(groups[c], c, sense)
            j = i - groups[c][0]
            parts = ([prefix[j - 1]] if j > 0 else []) + (
                [suffix[j + 1]] if j + 1 < len(groups[c]) else [])
            return [[-t, x] for x in parts] + [[t] + [-x for x in parts]]
        if not kind:  # an empty slot says nothing
            return []
        mn = mn() if mn is not None else meaning(st, self.puzzle.layout, c, i)
        if isinstance(mn, FreeMeaning):
            return []
        x = self.condition(mn)
        return [[-t, x], [t, -x]]

    def _new(self) -> int:
        self.top += 1
        return self.top

    def one_placement(self, k: int) -> list[list[int]]:
        """Exactly one placement variable true: pairwise for a few caskets (the exported CNF
        stays as it was), a sequential counter (python-sat's CardEnc) past 32, where the
        pairs would grow as k squared (125,000 clauses at 500 caskets)."""
        lits = list(range(1, k + 1))
        if k <= 32:
            return exactly_one(lits)
        enc = CardEnc.equals(lits=lits, bound=1, top_id=self.top, encoding=EncType.seqcounter)
        self.top = max(self.top, enc.nv)
        return enc.clauses

    def _lit(self, index: int, value: bool) -> int:
        v = self.k + index + 1
        return v if value else -v

    # ------------------------------------------------------------------ reified conditions
    def true(self) -> int:
        """A variable forced true (its negation is false)."""
        if not self._true:
            self._true = self._new()
            self.definitions.append([self._true])
        return self._true

    def counter(self, lits: tuple[int, ...]) -> list[int]:
        """out[j - 1] <-> at least j of lits are true (j = 1..len(lits)); made once."""
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
        r = [self._new() for _ in range(p + q)]
        add = self.definitions.append
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
        r = self._new()
        self.definitions += [[-r, a], [-r, b], [r, -a, -b]]
        return r

    def or_(self, lits: list[int]) -> int:
        if not lits:
            return -self.true()
        if len(lits) == 1:
            return lits[0]
        r = self._new()
        self.definitions += [[-r] + lits] + [[r, -x] for x in lits]
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
        """A literal equivalent to the meaning (not FreeMeaning); its auxiliaries are defined
        in `definitions`."""
        if isinstance(mn, PortraitMeaning):
            return mn.casket + 1 if mn.positive else -(mn.casket + 1)
        if isinstance(mn, AnyOfMeaning):
            return self.or_([c + 1 for c in mn.caskets])
        if isinstance(mn, GroupMeaning):
            lits = [self._lit(g, mn.value) for g in mn.group]
            r = self._new()
            self.definitions += [[-r, x] for x in lits] + [[r] + [-x for x in lits]]
            return r
        if isinstance(mn, CountMeaning):
            return self.compare(tuple(self._lit(g, mn.value) for g in mn.group), mn.op, mn.k)
        if isinstance(mn, CasketsMeaning):
            hits = []
            for group, accept in zip(mn.groups, mn.accept):
                held = tuple(self._lit(g, True) for g in group)
                hits.append(self.or_([self.compare(held, "exactly", j) for j in sorted(accept)
                                      if 0 <= j <= len(held)]))
            return self.compare(tuple(hits), mn.op, mn.k)
        raise TypeError(f"no CNF for {mn!r}")


    def all_of(self, group: tuple[int, ...], casket: int, value: bool) -> int:
        """The auxiliary 'every statement on the casket has this value' (made once)."""
        key = (casket, value)
        if key not in self._all:
            a = self._new()
            lits = [self._lit(g, value) for g in group]
            self.definitions += [[-a, x] for x in lits]
            self.definitions.append([a] + [-x for x in lits])
            self._all[key] = a
        return self._all[key]

    def chains(self, group: tuple[int, ...], casket: int, value: bool
               ) -> tuple[list[int], list[int]]:
        """prefix[j]: statements 0..j of the casket all have the value; suffix[j]: j..n-1."""
        key = (casket, value)
        if key not in self._chains:
            lits = [self._lit(g, value) for g in group]
            prefix = [lits[0]]
            for x in lits[1:]:
                a = self._new()
                self.definitions += [[-a, prefix[-1]], [-a, x], [a, -prefix[-1], -x]]
                prefix.append(a)
            suffix = [lits[-1]]
            for x in reversed(lits[:-1]):
                a = self._new()
                self.definitions += [[-a, suffix[-1]], [-a, x], [a, -suffix[-1], -x]]
                suffix.append(a)
            suffix.reverse()
            self._chains[key] = (prefix, suffix)
        return self._chains[key]


def base_clauses(puzzle: Puzzle) -> tuple[list[list[int]], int]:
    """One portrait, every statement's meaning and the side rules (every rule but m),
    unguarded: (clauses, last variable)."""
    enc = Encoding(puzzle)
    clauses = list(enc.definitions)
    for m in enc.meaning:
        clauses += m
    return clauses + enc.rules, enc.top


def puzzle_cnf(puzzle: Puzzle) -> tuple[list[list[int]], int]:
    """(clauses, top variable) for the whole puzzle: statements and every rule, m included.
    Satisfiable with portrait variable k true exactly when casket k is a solution."""
    clauses, top = base_clauses(puzzle)
    if puzzle.m is not None:
        card, top = exactly_m_clauses(puzzle, puzzle.m, top)
        clauses += card
    return clauses, top


def exactly_m_clauses(puzzle: Puzzle, m: int, top: int) -> tuple[list[list[int]], int]:
    """'Exactly m statements are true' as a totalizer, both directions; returns (clauses, top)."""
    lits = [statement_var(puzzle, i) for i in range(puzzle.size)]
    enc = CardEnc.equals(lits=lits, bound=m, top_id=top, encoding=EncType.totalizer)
    return [list(c) for c in enc.clauses], max(top, enc.nv)


def uncertain_statements(puzzle: Puzzle, loops: Iterable[tuple[int, ...]],
                         refs: Sequence[Sequence[int]] | None = None) -> list[int]:
    """The statements a placement may leave open: in a loop, empty, or speaking (directly or
    not) of such a statement. `refs`: the puzzle's references, when already made."""
    open_ = {i for loop in loops for i in loop}
    open_ |= {i for i, mn in enumerate(puzzle.meanings) if isinstance(mn, FreeMeaning)}
    if not open_:  # nothing open: nothing speaks of an open statement
        return []
    refs = references(puzzle) if refs is None else refs
    # statements referring to an open one are open; iterate to a fixpoint
    changed = True
    while changed:
        changed = False
        for i, rs in enumerate(refs):
            if i not in open_ and any(r in open_ for r in rs):
                open_.add(i)
                changed = True
    return sorted(open_)


class SatEngine:
    """One solver per puzzle, queried under assumptions."""

    def __init__(self, puzzle: Puzzle, solver: str = SOLVER):
        self.puzzle = puzzle
        self.k = len(puzzle.caskets)
        self.size = puzzle.size
        refs = references(puzzle)  # one pass, for the loops and the counted statements
        self.loops = find_loops(puzzle, refs)
        enc = Encoding(puzzle)
        in_loop = {i: j for j, loop in enumerate(self.loops) for i in loop}
        # activation literals: one per casket (its statements outside loops), one per loop,
        # one for the side rules (loops are classified rules aside)
        self.casket_act = [enc._new() for _ in range(self.k)]
        self.loop_act = [enc._new() for _ in self.loops]
        self.rules_act = [enc._new()] if enc.rules else []
        clauses = enc.definitions + [[-a] + cl for a in self.rules_act for cl in enc.rules]
        for i, (c, _st) in enumerate(puzzle.flat):
            j = in_loop.get(i)
            act = self.casket_act[c] if j is None else self.loop_act[j]
            clauses += [[-act] + cl for cl in enc.meaning[i]]
        self.top = enc.top
        self.everything = self.casket_act + self.loop_act + self.rules_act
        self.solver = Solver(name=solver, bootstrap_with=clauses)
        self.counted = uncertain_statements(puzzle, self.loops, refs)
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
        check()
        self.calls += 1
        budget = current()
        if budget is None:
            answer = self.solver.solve(assumptions=assumptions)
        else:  # a hard call stops at the budget too: a few thousand conflicts at a time
            while True:
                self.solver.conf_budget(_CONFLICTS)
                answer = self.solver.solve_limited(assumptions=assumptions)
                if answer is not None:
                    break
                budget.now()
        return self.solver.get_model() if answer else None

    def _count(self, model: list[int], statements: Iterable[int] | None = None) -> int:
        k = self.k
        if statements is None:
            return sum(1 for v in model[k : k + self.size] if v > 0)
        return sum(1 for i in statements if model[k + i] > 0)

    def _bounds_for(self, lo: int, hi: int) -> list[int]:
        """Assumptions that force lo <= (true statements among the counted) <= hi."""
        size = len(self.counted)
        if self._bounds is None:
            svars = [self.k + i + 1 for i in self.counted]
            # (max: a totalizer over no literal reports top_id 0, which would hand out
            # variables already in use)
            ub = ITotalizer(lits=svars, ubound=size, top_id=self.top)
            self.top = max(self.top, ub.top_id)
            lb = ITotalizer(lits=[-v for v in svars], ubound=size, top_id=self.top)
            self.top = max(self.top, lb.top_id)
            self.solver.append_formula(ub.cnf.clauses + lb.cnf.clauses)
            self._bounds = (list(ub.rhs), list(lb.rhs))
            ub.delete()
            lb.delete()
        upper, lower = self._bounds
        out = []
        if hi < size:  # not (count > hi)
            out.append(-upper[hi])
        if lo > 0:  # not (falses > size - lo)
            out.append(-lower[size - lo])
        return out

    def _fixed(self, placement: int) -> tuple[list[int], int] | None:
        """(assumptions, true statements outside the counted ones) under the placement, or
        None when no consistent world exists."""
        base = [placement_var(placement)] + self.everything
        model = self._solve(base)
        if model is None:
            return None
        counted = set(self.counted)
        fixed = self._count(model, (i for i in range(self.size) if i not in counted))
        return base, fixed

    def _with_m(self, placement: int, m: int | None) -> list[int] | None:
        got = self._fixed(placement)
        if got is None:
            return None
        base, fixed = got
        if m is None:
            return base
        want = m - fixed
        if not 0 <= want <= len(self.counted):
            return None
        return base + self._bounds_for(want, want)

    def model(self, placement: int, m: int | None = None) -> list[int] | None:
        """A consistent model with the portrait in `placement` (and m true statements)."""
        base = self._with_m(placement, m)
        return None if base is None else self._solve(base)

    def counts(self, placement: int, unique: bool = False) -> frozenset[int]:
        """Every achievable number of true statements with the portrait in `placement`.
        With unique=True the caller knows one assignment at most exists: one call does."""
        got = self._fixed(placement)
        if got is None:
            return frozenset()
        base, fixed = got
        if not self.counted or unique:
            model = self._solve(base) if self.counted else None
            return frozenset({fixed + (self._count(model, self.counted) if model else 0)})
        found: set[int] = set()
        todo = [(0, len(self.counted))]
        while todo:
            lo, hi = todo.pop()
            if lo > hi:
                continue
            model = self._solve(base + self._bounds_for(lo, hi))
            if model is None:
                continue
            c = self._count(model, self.counted)
            found.add(fixed + c)
            todo += [(lo, c - 1), (c + 1, hi)]
        return frozenset(found)

    def values(self, placement: int, m: int | None = None) -> tuple[bool | None, ...] | None:
        """Each statement's truth value under the placement (and m): True/False when every
        consistent assignment agrees, None when it varies; None overall when none exists."""
        base = self._with_m(placement, m)
        model = None if base is None else self._solve(base)
        if base is None or model is None:
            return None
        k = self.k
        out: list[bool | None] = []
        for i in range(self.size):
            lit = model[k + i]
            out.append(None if self._solve(base + [-lit]) is not None else lit > 0)
        return tuple(out)

    def model_under(self, assumptions: list[int]) -> list[int] | None:
        """A model under these assumptions (placement, activation and other literals), or
        None: for callers that walk the models themselves (the count vectors)."""
        return self._solve(assumptions)

    def agrees(self, placement: int, values: dict[int, bool]) -> bool:
        """Whether some consistent world (every statement's meaning and the side rules; m is
        no condition) with the portrait in `placement` gives these statements these values."""
        k = self.k
        lits = [(k + i + 1) if v else -(k + i + 1) for i, v in values.items()]
        return self._solve([placement_var(placement)] + self.everything + lits) is not None

    # ------------------------------------------------------------------ loops
    def loop_report(self, number: int, same: Callable[[int], int] | None = None
                    ) -> LoopReport:
        """How loop `number` behaves under each placement (see the semantics page), on its
        closure: the activation literals of the caskets and loops it reaches. `same(p)`, when
        given, names a placement known to behave as p does (asked once for all of them)."""
        puzzle = self.puzzle
        loop = self.loops[number]
        k = self.k
        whole = set(closure(puzzle, loop))
        caskets = {puzzle.owner(i) for i in whole}
        deps = [self.casket_act[c] for c in sorted(caskets)]
        deps += [self.loop_act[j] for j, other in enumerate(self.loops)
                 if j != number and other[0] in whole]
        act = self.loop_act[number]
        undetermined, paradox = [], []
        for p in range(k):
            q = p if same is None else same(p)
            if q != p:  # as q: answered already (q comes first)
                if q in undetermined:
                    undetermined.append(p)
                elif q in paradox:
                    paradox.append(p)
                continue
            model = self._solve([p + 1, act] + deps)
            if model is None:
                if self._solve([p + 1] + deps) is not None:
                    paradox.append(p)  # the loop itself admits nothing
                continue
            fresh = self.top = self.top + 1
            self.solver.add_clause([-fresh] + [-model[k + i] for i in loop])
            if self._solve([p + 1, act, fresh] + deps) is not None:
                undetermined.append(p)
        return LoopReport(loop, tuple(undetermined), tuple(paradox))

    # ------------------------------------------------------------------ all of it
    def analyse(self) -> Analysis:
        reports = tuple(self.loop_report(j) for j in range(len(self.loops)))
        counts = tuple(self.counts(p, self._settled(p, reports)) for p in range(self.k))
        return Analysis(self.puzzle, counts, reports, engine="sat", values=self.values)

    def _settled(self, placement: int, reports: Sequence[LoopReport]) -> bool:
        """Whether the placement leaves one assignment at most: no empty slot, and no loop
        undetermined under it."""
        return not self.puzzle.empty_slots and not any(
            placement in r.undetermined_in for r in reports)


def analyse(puzzle: Puzzle) -> Analysis:
    """The exact analysis of a puzzle with SAT: true counts per placement, loops, every m."""
    with SatEngine(puzzle) as engine:
        reports = tuple(engine.loop_report(j) for j in range(len(engine.loops)))
        counts = tuple(engine.counts(p, engine._settled(p, reports)) for p in range(engine.k))
    return Analysis(puzzle, counts, reports, engine="sat", values=_values_of(puzzle))


def _values_of(puzzle: Puzzle):
    """`Analysis.values` for an analysis whose solver is closed: a solver made per question."""
    def values(placement: int, m: int | None = None) -> tuple[bool | None, ...] | None:
        with SatEngine(puzzle) as engine:
            return engine.values(placement, m)
    return values
