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

Plain functions over integer literals; the callers (core/assistant.py) own the solvers.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from .semantics import holds
from .vocabulary import FreeMeaning, Meaning, PortraitMeaning

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


def totalizer(lits: Sequence[int], pool: Pool) -> tuple[list[int], list[Clause]]:
    """(outputs, clauses): ``outputs[k]`` is true exactly when at least k + 1 of `lits` are
    true (both directions encoded, unlike PySAT's ITotalizer, which bounds from above only)."""
    clauses: list[Clause] = []

    def build(part: Sequence[int]) -> list[int]:
        if len(part) == 1:
            return [part[0]]
        half = len(part) // 2
        a, b = build(part[:half]), build(part[half:])
        out = pool.block(len(a) + len(b))
        p, q = len(a), len(b)
        for i in range(p + 1):
            for j in range(q + 1):
                if i + j >= 1:  # a_i and b_j -> out_{i+j}
                    clauses.append(([-a[i - 1]] if i else []) + ([-b[j - 1]] if j else [])
                                   + [out[i + j - 1]])
                if i + j < p + q:  # not a_{i+1} and not b_{j+1} -> not out_{i+j+1}
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
def meaning_cnf(t: int, mn: Meaning, svars: Sequence[int], placement: int | None = None,
                pvars: Sequence[int] | None = None) -> list[Clause]:
    """The clauses of "literal t is true exactly when `mn` holds", over statement variables
    `svars`, with the portrait either in a fixed `placement` or where `pvars` say."""
    if isinstance(mn, FreeMeaning):
        return []
    if isinstance(mn, PortraitMeaning):
        if placement is not None:
            return [[t] if (mn.casket == placement) == mn.positive else [-t]]
        assert pvars is not None
        p = pvars[mn.casket] if mn.positive else -pvars[mn.casket]
        return [[-t, p], [t, -p]]
    lits = [svars[g] if mn.value else -svars[g] for g in mn.group]
    return [[-t, lit] for lit in lits] + [[t] + [-lit for lit in lits]]


class OpenSlot:
    """A slot still to be chosen: its menu's meanings and one selector per entry."""

    __slots__ = ("index", "meanings", "selectors")

    def __init__(self, index: int, meanings: Sequence[Meaning], selectors: Sequence[int]):
        self.index = index
        self.meanings = tuple(meanings)
        self.selectors = tuple(selectors)

    def chosen(self, model: Sequence[int]) -> int | None:
        """Which entry a model selects (the first selector true), or None."""
        for j, sel in enumerate(self.selectors):
            if model[sel - 1] > 0:
                return j
        return None

    def against(self, placement: int, world: Sequence[bool]) -> list[int]:
        """The selectors of the entries that `world` (with the portrait in `placement`) does
        not satisfy at this slot: a completion avoiding all of them keeps the world consistent
        here."""
        i = self.index
        return [sel for mn, sel in zip(self.meanings, self.selectors)
                if holds(mn, placement, world, world[i]) != world[i]]


def world_clauses(meanings: Sequence[Meaning], svars: Sequence[int],
                  open_slots: Mapping[int, OpenSlot], placement: int | None = None,
                  pvars: Sequence[int] | None = None) -> list[Clause]:
    """Every statement's truth value equals its meaning: `meanings` for the filled slots, the
    selected menu entry's meaning for the open ones."""
    out: list[Clause] = []
    for i, mn in enumerate(meanings):
        slot = open_slots.get(i)
        if slot is None:
            out += meaning_cnf(svars[i], mn, svars, placement, pvars)
            continue
        for alt, sel in zip(slot.meanings, slot.selectors):
            out += [[-sel] + c for c in meaning_cnf(svars[i], alt, svars, placement, pvars)]
    return out


# --------------------------------------------------------------------------- solvers
def feed(solver, clauses: Sequence[Clause]) -> None:
    """Add clauses in bulk (for Minisat straight to the C extension: the Python wrapper's
    per-clause overhead dominates small instances)."""
    inner = getattr(solver, "solver", None)
    handle = getattr(inner, "minisat", None)
    if handle is not None:
        import pysolvers

        add = pysolvers.minisat22_add_cl
        for clause in clauses:
            add(handle, clause)
        return
    solver.append_formula(clauses)


def new_solver(clauses: Sequence[Clause], top: int):
    """A Minisat solver holding `clauses`, with variables 1..top (so every model has them)."""
    from pysat.solvers import Solver

    solver = Solver(name="minisat22")
    feed(solver, clauses)
    feed(solver, [[top, -top]])  # declares every variable up to top
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
