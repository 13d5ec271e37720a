"""Puzzles with slots still to fill, as CNF: the encoding the assistant's questions share.

An *open* slot is one whose statement is still to be chosen from a menu. Each (open slot, menu
entry) pair gets a *selector* variable; a choice of one selector per open slot is a
*completion*. A *world copy* is a set of statement variables (one per statement) together with
the clauses saying that each statement's truth value equals its meaning; an open slot's meaning
clauses are guarded by its selectors, so one solver answers for every completion at once.

A copy's placement is either fixed (then "the portrait is in X" is a constant: the copy needs no
portrait variables) or given by portrait variables (one solver for every placement, chosen by
assumption). Counts of true statements go through a totalizer whose outputs are exact in both
directions: ``out[k]`` is true exactly when at least k + 1 of the counted literals are true.

Plain functions over integer literals; the callers (core/author/assistant.py) own the solvers.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from portia_tui.core.solve.semantics import holds
from portia_tui.core.language.vocabulary import (AnyOfMeaning, CasketsMeaning, CountMeaning, FreeMeaning, GroupMeaning,
                         Meaning, PortraitMeaning)

Clause = list[int]


class Pool:
    """Fresh variable numbers, 1, 2, 3, ..."""

    def __init__(self, top: int = 0):
        self.top = top

    def new(self) -> int:
        self.top += 1
        return self.top

    def block(self, count: int) -> list[int]:
        start = self.top + 1
        self.top += count
        return list(range(start, start + count))


# --------------------------------------------------------------------------- cardinality
def at_most_one(lits: Sequence[int], pool: Pool) -> list[Clause]:
    """Pairwise for a few literals, a sequential counter (Sinz) for more."""
    lits = list(lits)
    if len(lits) <= 6:
        return [[-a, -b] for i, a in enumerate(lits) for b in lits[i + 1:]]
    aux = pool.block(len(lits) - 1)
    out = [[-lits[0], aux[0]]]
    for i in range(1, len(lits) - 1):
        out += [[-lits[i], aux[i]], [-aux[i - 1], aux[i]], [-lits[i], -aux[i - 1]]]
    out.append([-lits[-1], -aux[-1]])
    return out


def exactly_one(lits: Sequence[int], pool: Pool) -> list[Clause]:
    return [list(lits)] + at_most_one(lits, pool)


def totalizer(lits: Sequence[int], pool: Pool, cap: int | None = None
              ) -> tuple[list[int], list[Clause]]:
    """(outputs, clauses): ``outputs[k]`` is true exactly when at least k + 1 of `lits` are
    true (both directions encoded, unlike PySAT's ITotalizer, which bounds from above only).

    With a `cap`, only the first `cap` outputs exist (the last one meaning "cap or more"): the
    encoding then grows with len(lits) * cap instead of len(lits) squared. Ask such a counter
    only about counts below the cap."""
    clauses: list[Clause] = []
    top = len(lits) if cap is None else max(1, min(cap, len(lits)))

    def build(part: Sequence[int]) -> list[int]:
        if len(part) == 1:
            return [part[0]]
        half = len(part) // 2
        a, b = build(part[:half]), build(part[half:])
        p, q = len(a), len(b)
        out = pool.block(min(p + q, top))
        width = len(out)
        for i in range(p + 1):
            for j in range(q + 1):
                if i + j >= 1:  # a_i and b_j -> out_{i+j} (saturating at the cap)
                    clauses.append(([-a[i - 1]] if i else []) + ([-b[j - 1]] if j else [])
                                   + [out[min(i + j, width) - 1]])
                if i + j < width:  # not a_{i+1} and not b_{j+1} -> not out_{i+j+1}
                    clauses.append(([a[i]] if i < p else []) + ([b[j]] if j < q else [])
                                   + [-out[i + j]])
        return out

    if not lits:
        return [], []
    return build(list(lits)), clauses


def count_is(outputs: Sequence[int], count: int) -> list[int]:
    """Assumptions forcing the totalizer's count to be exactly `count`."""
    return count_between(outputs, count, count)


def count_between(outputs: Sequence[int], lo: int, hi: int) -> list[int]:
    """Assumptions forcing lo <= count <= hi."""
    out = []
    if lo >= 1:
        out.append(outputs[lo - 1])
    if hi < len(outputs):
        out.append(-outputs[hi])
    return out


def count_not(outputs: Sequence[int], count: int) -> list[int]:
    """A clause's literals saying "the count is not `count`"."""
    return [-lit for lit in count_is(outputs, count)]


# --------------------------------------------------------------------------- worlds
class World:
    """One world copy: a variable per statement, and the clauses tying each statement to its
    meaning, with the portrait in a fixed `placement` (portrait statements are then constants)
    or where the portrait variables `pvars` say.

    "Every statement of group G has value v" gets one auxiliary variable per (G, v), shared by
    every statement and menu entry that says it, so a menu entry costs two clauses whatever
    its group's size."""

    def __init__(self, pool: Pool, size: int, placement: int | None = None,
                 pvars: Sequence[int] | None = None):
        self.pool = pool
        self.svars = pool.block(size)
        self.placement = placement
        self.pvars = pvars
        self.clauses: list[Clause] = []
        self._groups: dict[tuple[tuple[int, ...], bool], int] = {}
        self._counters: dict[tuple[int, ...], list[int]] = {}

    def literal(self, mn: Meaning) -> int | bool:
        """A literal true exactly when `mn` holds (True/False when it is a constant here)."""
        if isinstance(mn, PortraitMeaning):
            if self.placement is not None:
                return (mn.casket == self.placement) == mn.positive
            assert self.pvars is not None
            return self.pvars[mn.casket] if mn.positive else -self.pvars[mn.casket]
        if isinstance(mn, AnyOfMeaning):
            if self.placement is not None:
                return self.placement in mn.caskets
            assert self.pvars is not None
            return self._or([self.pvars[c] for c in mn.caskets])
        if isinstance(mn, CountMeaning):
            lits = tuple(self.svars[g] if mn.value else -self.svars[g] for g in mn.group)
            return self._compare(lits, mn.op, mn.k)
        if isinstance(mn, CasketsMeaning):
            hits: list[int | bool] = []
            for group, accept in zip(mn.groups, mn.accept):
                lits = tuple(self.svars[g] for g in group)
                hits.append(self._or([self._compare(lits, "exactly", j) for j in sorted(accept)]))
            fixed = sum(1 for h in hits if h is True)
            rest = tuple(h for h in hits if not isinstance(h, bool))
            return self._compare(rest, mn.op, mn.k - fixed)
        assert isinstance(mn, GroupMeaning)
        lits = tuple(self.svars[g] if mn.value else -self.svars[g] for g in mn.group)
        if len(lits) == 1:
            return lits[0]
        key = (mn.group, mn.value)
        aux = self._groups.get(key)
        if aux is None:
            aux = self._groups[key] = self.pool.new()
            self.clauses += [[-aux, lit] for lit in lits]
            self.clauses.append([aux] + [-lit for lit in lits])
        return aux

    # the counting kinds: reified comparisons over a totalizer (exact both ways), made once
    def _or(self, lits: Sequence[int | bool]) -> int | bool:
        if any(x is True for x in lits):
            return True
        lits = [x for x in lits if x is not False]
        if not lits:
            return False
        if len(lits) == 1:
            return lits[0]
        r = self.pool.new()
        self.clauses += [[-r] + lits] + [[r, -x] for x in lits]  # type: ignore[operator]
        return r

    def _at_least(self, lits: tuple[int, ...], j: int) -> int | bool:
        if j <= 0:
            return True
        if j > len(lits):
            return False
        counters = self._counters
        out = counters.get(lits)
        if out is None:
            out, clauses = totalizer(lits, self.pool)
            self.clauses += clauses
            counters[lits] = out
        return out[j - 1]

    def _compare(self, lits: tuple[int, ...], op: str, k: int) -> int | bool:
        """A literal (or constant) true exactly when the number of true lits compares to k."""
        if op == "at least":
            return self._at_least(lits, k)
        if op == "at most":
            x = self._at_least(lits, k + 1)
            return (not x) if isinstance(x, bool) else -x
        lo, hi = self._at_least(lits, k), self._at_least(lits, k + 1)
        if lo is False or hi is True:
            return False
        if lo is True:
            return True if hi is False else -hi  # type: ignore[operator]
        if hi is False:
            return lo
        r = self.pool.new()
        self.clauses += [[-r, lo], [-r, -hi], [r, -lo, hi]]
        return r

    def require(self, conditions: Sequence[Meaning]) -> "World":
        """Every condition (a side rule) holds in this world."""
        for mn in conditions:
            lit = self.literal(mn)
            if lit is False:
                v = self.pool.new()
                self.clauses += [[v], [-v]]
            elif lit is not True:
                self.clauses.append([lit])
        return self

    def tie(self, index: int, mn: Meaning, guard: int | None = None) -> None:
        """Statement `index` is true exactly when `mn` holds (when `guard` is true)."""
        if isinstance(mn, FreeMeaning):
            return
        t = self.svars[index]
        lit = self.literal(mn)
        pre = [] if guard is None else [-guard]
        if lit is True:
            self.clauses.append(pre + [t])
        elif lit is False:
            self.clauses.append(pre + [-t])
        else:
            self.clauses += [pre + [-t, lit], pre + [t, -lit]]

    def build(self, meanings: Sequence[Meaning], open_slots: Mapping[int, "OpenSlot"]
              ) -> "World":
        """Tie every statement: the filled ones to `meanings`, an open slot to the meaning of
        whichever menu entry its selectors choose."""
        for i, mn in enumerate(meanings):
            slot = open_slots.get(i)
            if slot is None:
                self.tie(i, mn)
            else:
                for alt, sel in zip(slot.meanings, slot.selectors):
                    self.tie(i, alt, sel)
        return self


class OpenSlot:
    """A slot still to be chosen: its menu's meanings and one selector per entry."""

    __slots__ = ("index", "meanings", "selectors")

    def __init__(self, index: int, meanings: Sequence[Meaning], selectors: Sequence[int]):
        self.index = index
        self.meanings = tuple(meanings)
        self.selectors = tuple(selectors)

    def chosen(self, model: Sequence[int]) -> int | None:
        """Which entry a model selects (the first selector true), or None (selectors are
        consecutive variables)."""
        first = self.selectors[0] - 1
        for j, lit in enumerate(model[first:first + len(self.selectors)]):
            if lit > 0:
                return j
        return None

    def against(self, placement: int, world: Sequence[bool],
                cache: dict | None = None) -> list[int]:
        """The selectors of the entries that `world` (with the portrait in `placement`) does
        not satisfy at this slot: a completion avoiding all of them keeps the world consistent
        here. `cache` (one per world and placement) keeps group values between slots."""
        cache = {} if cache is None else cache
        value = world[self.index]
        out = []
        for mn, sel in zip(self.meanings, self.selectors):
            if isinstance(mn, GroupMeaning):
                key = (mn.group, mn.value)
                says = cache.get(key)
                if says is None:
                    says = cache[key] = all(world[t] == mn.value for t in mn.group)
            else:
                says = holds(mn, placement, world, value)
            if says != value:
                out.append(sel)
        return out


# --------------------------------------------------------------------------- solvers
def feed(solver, clauses: Sequence[Clause]) -> None:
    """Add clauses to a python-sat solver through its public API (``append_formula``)."""
    solver.append_formula(clauses)


def new_solver(clauses: Sequence[Clause], top: int):
    """A Minisat solver holding `clauses`, with variables 1..top (so every model has them)."""
    from pysat.solvers import Solver

    solver = Solver(name="minisat22", bootstrap_with=clauses)
    solver.add_clause([top, -top])  # declares every variable up to top
    return solver


def counts(solver, base: list[int], outputs: Sequence[int]) -> frozenset[int]:
    """Every count the totalizer `outputs` can take under assumptions `base` (splitting count
    intervals: k counts cost 2k + 1 calls)."""
    found: set[int] = set()
    todo = [(0, len(outputs))]
    while todo:
        lo, hi = todo.pop()
        if lo > hi:
            continue
        if not solver.solve(assumptions=base + count_between(outputs, lo, hi)):
            continue
        model = solver.get_model()
        c = sum(1 for lit in outputs if model[lit - 1] > 0)
        found.add(c)
        todo += [(lo, c - 1), (c + 1, hi)]
    return frozenset(found)
