"""Census: count every valid Portia-n puzzle, factored by casket.

What is counted. A puzzle is a choice of one statement for every slot (n slots on each of
the caskets gold, silver, lead, each slot filled from the menu that slot offers, see
:func:`portia_tui.core.vocabulary.options`) together with an m in 0..S (S = 3n). It is *valid*
when exactly one casket is consistent with exactly m true statements. The census reports:

``valid``            valid (statements, m) pairs, statements ordered on each casket (two
                     puzzles that differ only in the order of a casket's statements count
                     twice); loops and repeated statements on a casket included. With the
                     portrait vocabulary and n = 1 this is Dan Mackinnon's 348.
``valid_unordered``  the same, up to the order of statements on each casket (every casket's
                     statements taken as a multiset).
``valid_loop_free``  ordered, counting only puzzles without loops
                     (:func:`portia_tui.core.semantics.find_loops` finds none).
``valid_loop_free_unordered``  loop-free, up to order.
``statement_sets``   how many statement choices there are (ordered).
``puzzles_with_a_valid_m``  statement choices for which some m is valid.

How. The state that matters is one number per casket, its *true count*. A *world* is a
placement p of the portrait and a true count t_c for every casket c. Every statement speaks of
the portrait, of its own casket's statements, or of all the statements on another casket; so
whether casket c's statements can be given truth values with t_c of them true, consistently
with their meanings, depends only on the world: on p, t_c and the counts of the caskets its
statements name. Each casket's statements therefore come down to the set of worlds they accept
(a bit mask over the k * (n+1)^k worlds), and a placement's achievable totals are the sums of
the worlds every casket accepts.

1. Per casket, every multiset of statements (the order on a casket changes no count: a
   permutation of its slots permutes its truth values) gives its world mask, the caskets it
   names and whether it carries two or more "other" statements. Equal results merge; their
   weights (ordered choices = the multiset's permutations, unordered = 1) add up.
2. The caskets but the last are combined (masks ANDed, equal states merged), then projected on
   what the last casket can still see: the placement, the counts of the caskets it names, and
   the *sum* of the others' counts. That projection is the histogram convolution of the
   per-casket count vectors; with the portrait vocabulary nothing is named and only the sums
   remain.
3. Each projected state meets each last-casket group once; the valid m of the result (the
   totals achieved under exactly one placement) are memoised by mask.

Loop-freeness depends only on which caskets each casket's truth statements name and on
whether a casket carries two or more "other" statements, so that small signature travels with
the masks for the loop-free counts.

Extending. A rule or a count statement is a condition on worlds (the placement and the true
count of every casket): a count statement about casket Y makes its casket's acceptance depend on
t_Y, which this factorisation already allows; a rule is a mask over worlds ANDed in; another
question (a clue made of per-casket counts rather than m) changes what the projection keeps and
how a final mask is read.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from itertools import combinations_with_replacement, product
from math import factorial
from typing import Callable

import numpy as np

from .errors import PortiaError
from .model import DEFAULT_CASKETS
from .vocabulary import (PORTRAIT_KINDS, GroupMeaning, Layout, PortraitMeaning, Statement,
                         meaning, options)

VOCABULARIES = ("portrait", "full")
#: census sizes past these are refused: statement multisets on one casket, and worlds
MAX_MULTISETS = 2_000
MAX_WORLDS = 400

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class CensusResult:
    n: int
    vocabulary: str
    caskets: int
    statement_sets: int
    puzzles_with_a_valid_m: int
    valid: int
    valid_unordered: int
    valid_loop_free: int
    valid_loop_free_unordered: int
    #: valid (statements, m) pairs for each m, ordered, loops included
    valid_by_m: tuple[int, ...]
    seconds: float

    def as_dict(self) -> dict:
        d = asdict(self)
        d["valid_by_m"] = list(self.valid_by_m)
        return d


class _Worlds:
    """World indices: w = p * R^k + sum(t_c * R^(k-1-c)), R = n + 1."""

    def __init__(self, k: int, n: int):
        self.k, self.n, self.r = k, n, n + 1
        self.per_placement = self.r ** k
        self.size = k * self.per_placement
        self.decoded = [self.decode(w) for w in range(self.size)]

    def index(self, p: int, counts) -> int:
        w = p
        for t in counts:
            w = w * self.r + t
        return w

    def decode(self, w: int) -> tuple[int, tuple[int, ...]]:
        counts = []
        for _ in range(self.k):
            w, t = divmod(w, self.r)
            counts.append(t)
        return w, tuple(reversed(counts))


def _bits(mask: int):
    """The indices of the set bits of mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass
class _Group:
    """Statement multisets on one casket that accept the same worlds."""

    mask: int
    names: frozenset[int]  # caskets its truth statements name
    ok: bool  # at most one "other" statement (two make a loop)
    ordered: int = 0
    unordered: int = 0


def _casket_groups(layout: Layout, c: int, menu: list[Statement], worlds: _Worlds) -> list[_Group]:
    """Every statement multiset on casket c, grouped by (world mask, names, ok)."""
    n = layout.counts[c]
    k = len(layout.names)
    own = set(layout.group(c))
    local = 1 << n  # local truth assignments of the casket's n statements
    popcounts = [a.bit_count() for a in range(local)]
    # contexts: the placement and the other caskets' counts
    others = [d for d in range(k) if d != c]
    contexts = [(p, rest) for p in range(k) for rest in product(range(n + 1), repeat=k - 1)]

    def all_with(group_bits: int, value: bool) -> int:
        """Local assignments in which every statement of group_bits has `value`."""
        want = group_bits if value else 0
        return sum(1 << a for a in range(local) if a & group_bits == want)

    full = (1 << local) - 1

    def slot_mask(st: Statement, j: int, p: int, counts: dict[int, int]) -> int:
        """Local assignments consistent with statement st standing in local slot j."""
        mn = meaning(st, layout, c, layout.offset(c) + j)
        if isinstance(mn, PortraitMeaning):
            holds = full if (mn.casket == p) == mn.positive else 0
        elif isinstance(mn, GroupMeaning) and set(mn.group) <= own:
            holds = all_with(sum(1 << (i - layout.offset(c)) for i in mn.group), mn.value)
        elif isinstance(mn, GroupMeaning):
            target = next(d for d in range(k) if set(layout.group(d)) == set(mn.group))
            t = counts[target]
            holds = full if (t == layout.counts[target] if mn.value else t == 0) else 0
        else:  # pragma: no cover - a new meaning must be taught to the census
            raise TypeError(f"the census does not know the meaning {mn!r}")
        is_true = all_with(1 << j, True)
        return (is_true & holds) | (~is_true & ~holds & full)

    # slot_masks[o][j][x]: option o in local slot j under context number x
    slot_masks = [[[slot_mask(st, j, p, dict(zip(others, rest))) for p, rest in contexts]
                   for j in range(n)] for st in menu]
    # where each context sends each achievable count of this casket
    targets = [[worlds.index(p, (*rest[:c], t, *rest[c:])) for t in range(n + 1)]
               for p, rest in contexts]

    count_memo: dict[int, tuple[int, ...]] = {}

    def counts_of(mask: int) -> tuple[int, ...]:
        got = count_memo.get(mask)
        if got is None:
            got = count_memo[mask] = tuple(sorted({popcounts[a] for a in _bits(mask)}))
        return got

    groups: dict[tuple, _Group] = {}
    for combo in combinations_with_replacement(range(len(menu)), n):
        statements = [menu[o] for o in combo]
        rows = [slot_masks[o][j] for j, o in enumerate(combo)]
        mask = 0
        for x, spots in enumerate(targets):
            local_mask = full
            for row in rows:
                local_mask &= row[x]
            if local_mask:
                for t in counts_of(local_mask):
                    mask |= 1 << spots[t]
        names = frozenset(layout.index(st.target or "") for st in statements
                          if st.kind in ("true", "false"))
        ok = sum(st.kind in ("other_true", "other_false") for st in statements) <= 1
        group = groups.get((mask, names, ok))
        if group is None:
            group = groups[(mask, names, ok)] = _Group(mask, names, ok)
        ways = factorial(n)
        for o in set(combo):
            ways //= factorial(combo.count(o))
        group.ordered += ways
        group.unordered += 1
    return list(groups.values())


def _acyclic(names: tuple[frozenset[int], ...]) -> bool:
    """Whether the casket graph (names[c] = the caskets c's truth statements name) has no
    cycle."""
    remaining = set(range(len(names)))
    while remaining:
        sinks = {c for c in remaining if not names[c] & remaining}
        if not sinks:
            return False
        remaining -= sinks
    return True


class _Projection:
    """What the last casket can see of the others' worlds, for one set L of caskets it names:
    the placement, the counts of the caskets in L, the sum s of the other caskets' counts, and
    the last casket's own count. Index ((p, t_L...), s, t_last) in mixed radix."""

    def __init__(self, worlds: _Worlds, named: frozenset[int]):
        k, r = worlds.k, worlds.r
        self.k = k
        self.kept = kept = sorted(named)
        sums = (k - 1) * worlds.n + 1

        def index(p: int, counts: tuple[int, ...]) -> int:
            i = p
            for j in kept:
                i = i * r + counts[j]
            return (i * sums + sum(counts[:-1])) * r + counts[-1]

        #: full world -> projected world
        self.of = [index(*worlds.decoded[w]) for w in range(worlds.size)]
        self.size = size = k * r ** len(kept) * sums * r
        #: projected world -> (placement, total), and a full world standing for it (the
        #: counts outside L are 0: the last casket's acceptance does not depend on them)
        self.reading = [(0, 0)] * size
        self.stand_in = [-1] * size
        for p in range(k):
            for seen in product(range(r), repeat=len(kept)):
                for s in range(sums):
                    for t in range(r):
                        counts = [0] * k
                        for j, v in zip(kept, seen):
                            counts[j] = v
                        counts[-1] = t
                        i = p
                        for v in seen:
                            i = i * r + v
                        i = (i * sums + s) * r + t
                        self.reading[i] = (p, s + t)
                        self.stand_in[i] = worlds.index(p, counts)
        self._memo: dict[int, int] = {}

    def cells(self) -> list[list[tuple[int, "np.ndarray"]]]:
        """For each placement p: (total, the projected worlds of p that read that total)."""
        out: list[list[tuple[int, np.ndarray]]] = []
        for p in range(self.k):
            by_total: dict[int, list[int]] = {}
            for i, (q, m) in enumerate(self.reading):
                if q == p and self.stand_in[i] >= 0:
                    by_total.setdefault(m, []).append(i)
            out.append([(m, np.array(ix)) for m, ix in sorted(by_total.items())])
        return out

    def state(self, mask: int) -> int:
        """A combined state of the caskets but the last, projected."""
        got = self._memo.get(mask)
        if got is None:
            got = 0
            of = self.of
            for w in _bits(mask):
                got |= 1 << of[w]
            self._memo[mask] = got
        return got

    def last(self, mask: int) -> int:
        """The last casket's world mask, projected."""
        return sum(1 << i for i, w in enumerate(self.stand_in) if w >= 0 and mask >> w & 1)


def census(n: int, vocabulary: str = "portrait", caskets: int = 3,
           kinds: tuple[str, ...] | None = None,
           progress: Progress | None = None) -> CensusResult:
    """Count every valid (statements, m) puzzle of Portia-n (see the module notes).

    `kinds` narrows the vocabulary to those statement kinds (for tests and experiments).
    `progress(done, total)` is called as the last step advances (total may still grow while
    the earlier steps run).
    """
    start = time.perf_counter()
    if vocabulary not in VOCABULARIES:
        raise PortiaError(f"--vocabulary {vocabulary!r}: use one of {', '.join(VOCABULARIES)}")
    if n < 1:
        raise PortiaError(f"-n {n}: every casket needs at least one statement")
    if caskets != 3:
        raise PortiaError("the census counts three-casket puzzles (gold, silver, lead)")
    names = DEFAULT_CASKETS
    k = len(names)
    if kinds is None:
        kinds = PORTRAIT_KINDS if vocabulary == "portrait" else None
    limits = f"the limit is {MAX_MULTISETS:,} statement multisets per casket"
    if k * (n + 1) ** k > MAX_WORLDS:  # before building menus: for a large n they are huge
        raise PortiaError(f"census -n {n} would count over {k} * {n + 1}^{k} casket true counts: "
                          f"too many (the limit is {MAX_WORLDS:,})")
    layout = Layout(names, (n,) * k)
    menus = [options(layout, c, kinds) for c in range(k)]
    for menu in menus:
        multisets = _multisets(len(menu), n)
        if multisets > MAX_MULTISETS:
            raise PortiaError(
                f"census -n {n} --vocabulary {vocabulary} would try {multisets:,} statement "
                f"multisets on a casket: too many ({limits})")
    total = 1
    for menu in menus:
        total *= len(menu) ** n
    worlds = _Worlds(k, n)
    groups = [_casket_groups(layout, c, menus[c], worlds) for c in range(k)]

    # 1. every casket but the last: (mask, names, ok) -> [ordered, unordered]
    states: dict[tuple, list[int]] = {((1 << worlds.size) - 1, (), True): [1, 1]}
    for c in range(k - 1):
        nxt: dict[tuple, list[int]] = {}
        for (mask, named, ok), (w0, w1) in states.items():
            for g in groups[c]:
                both = mask & g.mask
                if not both:  # no world at all: nothing is valid
                    continue
                key = (both, named + (g.names,), ok and g.ok)
                w = nxt.get(key)
                if w is None:
                    nxt[key] = [w0 * g.ordered, w1 * g.unordered]
                else:
                    w[0] += w0 * g.ordered
                    w[1] += w1 * g.unordered
        states = nxt

    # 2. project on what the last casket sees; loop-freeness is known once its names are
    by_names: dict[frozenset[int], list[_Group]] = {}
    for g in groups[-1]:
        by_names.setdefault(g.names, []).append(g)
    plans = []
    for named, last in by_names.items():
        proj = _Projection(worlds, named)
        acyclic_memo: dict[tuple, bool] = {}
        merged: dict[tuple[int, bool], list[int]] = {}
        for (mask, seen, ok), (w0, w1) in states.items():
            full = seen + (named,)
            acyc = acyclic_memo.get(full)
            if acyc is None:
                acyc = acyclic_memo[full] = _acyclic(full)
            key = (proj.state(mask), ok and acyc)
            w = merged.get(key)
            if w is None:
                merged[key] = [w0, w1]
            else:
                w[0] += w0
                w[1] += w1
        plans.append((proj, list(merged.items()), [(proj.last(g.mask), g) for g in last]))
    del states

    # 3. every projected state meets every last-casket group, a block of states at a time
    tally = _Tally(k * n + 1)
    steps = sum(-(-len(merged) // _BLOCK) for _, merged, _ in plans)
    done = 0
    for proj, merged, last in plans:
        cells = proj.cells()
        gmasks = _rows([gm for gm, _ in last], proj.size)
        v = np.array([[g.ordered, g.unordered, g.ordered * g.ok, g.unordered * g.ok]
                      for _, g in last], dtype=np.int64)
        for at in range(0, len(merged), _BLOCK):
            block = merged[at:at + _BLOCK]
            smasks = _rows([pm for (pm, _), _ in block], proj.size)
            w = np.array([[w0, w1, w0 * lf, w1 * lf] for (_, lf), (w0, w1) in block],
                         dtype=np.int64)
            tally.add(smasks, gmasks, cells, w, v)
            done += 1
            if progress is not None:
                progress(done, steps)
    some, valid, valid_u, lf, lf_u, by_m = tally.result()
    return CensusResult(n, vocabulary, k, total, some, valid, valid_u, lf, lf_u, by_m,
                        round(time.perf_counter() - start, 3))


#: projected states handled together in one block of matrix products
_BLOCK = 2048


def _rows(masks: list[int], size: int) -> "np.ndarray":
    """Bit masks as rows of a 0/1 float32 matrix (column i = bit i)."""
    width = (size + 7) // 8
    raw = np.frombuffer(b"".join(m.to_bytes(width, "little") for m in masks), dtype=np.uint8)
    bits = np.unpackbits(raw.reshape(len(masks), width), axis=1, bitorder="little")
    return bits[:, :size].astype(np.float32)


class _Tally:
    """Sums over (state, group) pairs: the m that exactly one placement achieves.

    Weights per state: ordered, unordered, ordered if loop-free so far, unordered if so;
    per group: the same four (loop-free: at most one "other" statement)."""

    def __init__(self, totals: int):
        self.totals = totals
        self.some = self.valid = self.valid_u = self.lf = self.lf_u = 0
        self.by_m = [0] * totals

    def add(self, states, groups, cells, w, v) -> None:
        # how many placements achieve each total m, per (state, group) pair
        achievers = np.zeros((self.totals, len(states), len(groups)), dtype=np.uint8)
        for per_total in cells:
            for m, cols in per_total:
                achievers[m] += (states[:, cols] @ groups[:, cols].T) > 0
        once = achievers == 1
        per_pair = once.sum(axis=0, dtype=np.int64)
        self.some += int(w[:, 0] @ (per_pair > 0).astype(np.int64) @ v[:, 0])
        self.valid += int(w[:, 0] @ per_pair @ v[:, 0])
        self.valid_u += int(w[:, 1] @ per_pair @ v[:, 1])
        self.lf += int(w[:, 2] @ per_pair @ v[:, 2])
        self.lf_u += int(w[:, 3] @ per_pair @ v[:, 3])
        for m in range(self.totals):
            self.by_m[m] += int(w[:, 0] @ once[m].astype(np.int64) @ v[:, 0])

    def result(self):
        return self.some, self.valid, self.valid_u, self.lf, self.lf_u, tuple(self.by_m)


def _multisets(options: int, n: int) -> int:
    """How many multisets of n statements a menu of that many options makes."""
    from math import comb

    return comb(options + n - 1, n)
