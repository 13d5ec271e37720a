"""Census: count every valid Portia-n puzzle, factored by casket.

What is counted. A puzzle is a choice of one statement for every slot (n slots on each of
the caskets gold, silver, lead, each slot filled from the menu that slot offers, see
:func:`portia_tui.core.language.vocabulary.options`) together with an m in 0..S (S = 3n). It is *valid*
when exactly one casket is consistent with exactly m true statements. The census reports:

``valid``            valid (statements, m) pairs, statements ordered on each casket (two
                     puzzles that differ only in the order of a casket's statements count
                     twice); loops and repeated statements on a casket included. With the
                     portrait vocabulary and n = 1 this is Dan Mackinnon's 348.
``valid_unordered``  the same, up to the order of statements on each casket (every casket's
                     statements taken as a multiset).
``valid_loop_free``  ordered, counting only puzzles without loops
                     (:func:`portia_tui.core.solve.semantics.find_loops` finds none).
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
3. Each projected state meets each last-casket row once. For each placement the totals a
   pair reaches (a bit set over m) come from a table over the distinct slices of that
   placement on either side, far fewer than the rows; the m that exactly one placement
   reaches are counted with the pair's weights (numpy, a block of states at a time).

Loop-freeness depends only on which caskets each casket's truth statements name and on
whether a casket carries two or more "other" statements, so that small signature travels with
the masks for the loop-free counts.

Extending (count statements and rules). A rule or a count statement is a condition on worlds:
a count statement about casket Y makes its casket's acceptance depend on t_Y, which the
factorisation already allows (teach :func:`_casket_rows` its meaning and mark Y as named, so
the projection keeps t_Y); a rule is a mask over worlds ANDed into the join. A clue made of
per-casket counts (a multiset of true counts instead of m) keeps those counts in the
projection instead of their sum, and reads a pair's result per placement as a set of clues.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from itertools import combinations_with_replacement, product
from math import comb, factorial
from typing import Any, Callable

import numpy as np

from portia_tui.core.errors import SettingsError
from portia_tui.core.language.model import DEFAULT_CASKETS
from portia_tui.core.language.vocabulary import (VOCABULARIES, GroupMeaning, Layout, PortraitMeaning,
                         Statement, meaning, options)

#: census sizes past these are refused: worlds (placements x true counts of every casket),
#: and the join of every casket but the last (statement multisets x worlds, at most)
MAX_WORLDS = 400
MAX_WORK = 50_000_000
#: at most this many projected states meet the last casket's rows in one block
BLOCK = 1024

#: progress(done, total): the census calls it after each step of its work
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


# --------------------------------------------------------------------------- worlds
class _Worlds:
    """Worlds (p, t_0 .. t_{k-1}), numbered w = p * R^k + sum(t_c * R^(k-1-c)), R = n + 1."""

    def __init__(self, k: int, n: int):
        self.k, self.n, self.r = k, n, n + 1
        self.size = k * self.r ** k
        self.all = [(p, counts) for p in range(k) for counts in product(range(n + 1), repeat=k)]

    def index(self, p: int, counts) -> int:
        w = p
        for t in counts:
            w = w * self.r + t
        return w


@dataclass
class _Rows:
    """Weighted sets of worlds: row i accepts the worlds masks[i]; names[i] packs, k bits per
    casket, the caskets each casket's truth statements name; ok[i]: no casket carries two
    "other" statements; weights[i]: (ordered, unordered) statement choices with that row."""

    masks: np.ndarray  # (N, worlds) bool
    names: np.ndarray  # (N,) int64
    ok: np.ndarray  # (N,) bool
    weights: np.ndarray  # (N, 2) int64 or, once loop-freeness is known, (N, 4)

    def __len__(self) -> int:
        return len(self.weights)


def _words(bits: np.ndarray) -> np.ndarray:
    """Rows of bits as rows of uint64 words (at least one)."""
    packed = np.packbits(bits, axis=1)
    width = max(1, -(-packed.shape[1] // 8)) * 8
    if packed.shape[1] != width:
        packed = np.concatenate(
            [packed, np.zeros((len(packed), width - packed.shape[1]), dtype=np.uint8)], axis=1)
    return np.ascontiguousarray(packed).view(np.uint64)


def _unique_rows(words: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For rows of uint64 words: the first row of each distinct value, and each row's
    distinct value (numbered in sorted order). A sort by columns: numpy's unique over rows
    compares them as raw bytes, an order of magnitude slower."""
    if words.shape[1] == 1:
        _, first, inverse = np.unique(words[:, 0], return_index=True, return_inverse=True)
        return first, inverse.ravel()
    order = np.lexsort(words.T[::-1])
    ranked = words[order]
    starts = np.ones(len(order), dtype=bool)
    starts[1:] = np.any(ranked[1:] != ranked[:-1], axis=1)
    inverse = np.empty(len(order), dtype=np.int64)
    inverse[order] = np.cumsum(starts) - 1
    return order[starts], inverse


def _merge(masks: np.ndarray, names: np.ndarray, ok: np.ndarray,
           weights: np.ndarray) -> _Rows:
    """Rows with the same (mask, names, ok) become one row; their weights add up."""
    if not len(weights):
        return _Rows(masks, names, ok, weights)
    key = np.concatenate([_words(masks), (names.astype(np.uint64) << np.uint64(1)
                                          | ok.astype(np.uint64))[:, None]], axis=1)
    first, inverse = _unique_rows(key)
    summed = np.zeros((len(first), weights.shape[1]), dtype=np.int64)
    np.add.at(summed, inverse, weights)
    return _Rows(masks[first], names[first], ok[first], summed)


# --------------------------------------------------------------------------- one casket
class _Casket:
    """What casket c's statements are read against: its n local truth assignments (bit a of
    an assignment = its statement a is true), the *contexts* (a placement and the counts of
    every other casket) and, per context, the world each count of this casket lands in."""

    def __init__(self, layout: Layout, c: int, worlds: _Worlds):
        self.layout, self.c = layout, c
        n = self.n = layout.counts[c]
        k = len(layout.names)
        self.local = 1 << n
        self.full = (1 << self.local) - 1
        self.popcount = [a.bit_count() for a in range(self.local)]
        self.own = set(layout.group(c))
        self.groups = [set(layout.group(d)) for d in range(k)]
        others = [d for d in range(k) if d != c]
        self.contexts = [(p, dict(zip(others, rest))) for p in range(k)
                         for rest in product(range(n + 1), repeat=k - 1)]
        self.spots = [[worlds.index(p, [t if d == c else counts[d] for d in range(k)])
                       for t in range(n + 1)] for p, counts in self.contexts]

    def all_with(self, bits: int, value: bool) -> int:
        """The local assignments in which every statement of `bits` has `value`."""
        want = bits if value else 0
        return sum(1 << a for a in range(self.local) if a & bits == want)

    def slot_masks(self, st: Statement, j: int) -> list[int]:
        """Per context: the local assignments consistent with st standing in local slot j."""
        layout, c = self.layout, self.c
        mn = meaning(st, layout, c, layout.offset(c) + j)
        is_true = self.all_with(1 << j, True)
        agree = (is_true, ~is_true & self.full)  # the statement true / false
        if isinstance(mn, PortraitMeaning):
            return [agree[(mn.casket == p) != mn.positive] for p, _ in self.contexts]
        if isinstance(mn, GroupMeaning) and set(mn.group) <= self.own:
            holds = self.all_with(sum(1 << (i - layout.offset(c)) for i in mn.group), mn.value)
            return [(is_true & holds) | (~is_true & ~holds & self.full)] * len(self.contexts)
        if isinstance(mn, GroupMeaning) and set(mn.group) in self.groups:
            d = self.groups.index(set(mn.group))
            want = layout.counts[d] if mn.value else 0
            return [agree[counts[d] != want] for _, counts in self.contexts]
        raise TypeError(f"the census does not know the meaning {mn!r}")  # pragma: no cover

    def refers(self, st: Statement) -> tuple[int, bool]:
        """The caskets st names (a bit set) and whether it speaks of its own casket's other
        statements (two such on a casket refer to each other: a loop)."""
        mn = meaning(st, self.layout, self.c, self.layout.offset(self.c))
        if not isinstance(mn, GroupMeaning):
            return 0, False
        if set(mn.group) <= self.own:
            return 0, True
        return 1 << self.groups.index(set(mn.group)), False


def _casket_rows(layout: Layout, c: int, menu: list[Statement], worlds: _Worlds) -> _Rows:
    """Every multiset of statements on casket c: the worlds it accepts, what it names, ok.

    The order of a casket's statements changes no count (a permutation of its slots permutes
    its truth values), so each multiset stands for its permutations (its ordered weight)."""
    casket = _Casket(layout, c, worlds)
    n, full, popcount, spots = casket.n, casket.full, casket.popcount, casket.spots
    table = [[casket.slot_masks(st, j) for j in range(n)] for st in menu]
    referring = [casket.refers(st) for st in menu]
    reach: dict[int, list[int]] = {}  # local mask -> its achievable counts
    rows: dict[tuple, list[int]] = {}
    # the hot loop, in one frame: a call per multiset would cost more than the split gains
    for combo in combinations_with_replacement(range(len(menu)), n):
        slots = [table[o][j] for j, o in enumerate(combo)]
        accepted: list = []
        for x, spot in enumerate(spots):
            mask = full
            for slot in slots:
                mask &= slot[x]
            if mask:
                counts = reach.get(mask)
                if counts is None:
                    counts = reach[mask] = sorted({popcount[a] for a in range(casket.local)
                                                   if mask >> a & 1})
                accepted.extend(spot[t] for t in counts)
        named = inside = 0
        for o in combo:
            bits, other = referring[o]
            named |= bits
            inside += other
        ways = factorial(n)
        for o in set(combo):
            ways //= factorial(combo.count(o))
        w = rows.setdefault((tuple(accepted), named, inside <= 1), [0, 0])
        w[0] += ways
        w[1] += 1
    return _as_rows(rows, worlds)


def _as_rows(rows: dict[tuple, list[int]], worlds: _Worlds) -> _Rows:
    """{(accepted worlds, names, ok): [ordered, unordered]} as a :class:`_Rows`."""
    masks = np.zeros((len(rows), worlds.size), dtype=bool)
    for i, (accepted, _, _) in enumerate(rows):
        masks[i, list(accepted)] = True
    return _Rows(masks, np.array([named for _, named, _ in rows], dtype=np.int64),
                 np.array([ok for _, _, ok in rows], dtype=bool),
                 np.array(list(rows.values()), dtype=np.int64).reshape(-1, 2))


def _join(a: _Rows, b: _Rows, shift: int) -> _Rows:
    """Every row of a with every row of b: worlds both accept; pairs that accept none go."""
    masks = (a.masks[:, None, :] & b.masks[None, :, :]).reshape(-1, a.masks.shape[1])
    names = (a.names[:, None] | (b.names[None, :] << shift)).ravel()
    ok = (a.ok[:, None] & b.ok[None, :]).ravel()
    weights = (a.weights[:, None, :] * b.weights[None, :, :]).reshape(-1, 2)
    keep = masks.any(axis=1)  # no world at all: nothing is valid
    return _merge(masks[keep], names[keep], ok[keep], weights[keep])


def _acyclic(names: int, k: int) -> bool:
    """Whether the casket graph is free of cycles (names packs k bits per casket: the caskets
    that casket's truth statements name)."""
    edges = [names >> (k * c) & ((1 << k) - 1) for c in range(k)]
    remaining = (1 << k) - 1
    while remaining:
        sinks = sum(1 << c for c in range(k) if remaining >> c & 1 and not edges[c] & remaining)
        if not sinks:
            return False
        remaining &= ~sinks
    return True


# --------------------------------------------------------------------------- the last casket
class _Projection:
    """What the last casket can see of a world, given the set L of caskets it names: the
    placement, the counts of the caskets in L, the sum s of the counts of all caskets but the
    last, and its own count (p, t_L.., s, t_last), numbered so that the projected worlds of
    each (placement, total) cell are consecutive.

    Forgetting every other count is where the per-casket count vectors convolve: states that
    agree on what is kept merge."""

    def __init__(self, worlds: _Worlds, named: int):
        k = worlds.k
        kept = [d for d in range(k - 1) if named >> d & 1]
        ids: dict[tuple, int] = {}
        #: world -> projected world
        self.of: list[int] = []
        #: projected world -> a world standing for it (the last casket's acceptance depends
        #: only on what is kept)
        stand_in: list[int] = []
        cells: dict[tuple[int, int], list[int]] = {}
        for w, (p, counts) in enumerate(worlds.all):
            key = (p, *(counts[d] for d in kept), sum(counts[:-1]), counts[-1])
            i = ids.get(key)
            if i is None:
                i = ids[key] = len(stand_in)
                stand_in.append(w)
                cells.setdefault((p, sum(counts)), []).append(i)
            self.of.append(i)
        # renumber so that each (placement, total) cell is a run of consecutive columns
        order = [i for _, ix in sorted(cells.items()) for i in ix]
        renumber = {i: j for j, i in enumerate(order)}
        self.of = [renumber[i] for i in self.of]
        self.size = len(order)
        self.stand_in = np.array([stand_in[i] for i in order], dtype=np.int64)
        #: (placement, total m, the run of projected worlds that read them)
        self.cells = []
        at = 0
        for (p, m), ix in sorted(cells.items()):
            self.cells.append((p, m, slice(at, at + len(ix))))
            at += len(ix)


class _Placements:
    """For one set of projected states and last-casket rows: per placement p, the totals
    (a bit set over m) each (state, row) pair achieves, read from a table over the distinct
    p-slices of both sides (far fewer than the rows)."""

    def __init__(self, states: np.ndarray, last: np.ndarray, cells, k: int):
        """states, last: projected world masks (rows x projected worlds, bool)."""
        self.tables, self.state_slice, self.last_slice = [], [], []
        for p in range(k):
            mine = [(m, run) for q, m, run in cells if q == p]
            run_p = slice(mine[0][1].start, mine[-1][1].stop)
            s_first, s_of = _unique_rows(_words(states[:, run_p]))
            l_first, l_of = _unique_rows(_words(last[:, run_p]))
            s_rows = states[s_first, run_p].astype(np.float32)
            l_rows = last[l_first, run_p].astype(np.float32)
            table = np.zeros((len(s_first), len(l_first)), dtype=np.uint32)
            for m, run in mine:
                at = slice(run.start - run_p.start, run.stop - run_p.start)
                hit = (s_rows[:, at] @ l_rows[:, at].T) > 0
                table |= hit.astype(np.uint32) << np.uint32(m)
            self.tables.append(table)
            self.state_slice.append(s_of)
            self.last_slice.append(l_of)

    def once(self, rows: slice) -> np.ndarray:
        """(states in rows x last rows): the totals exactly one placement achieves."""
        seen: Any = None
        twice: Any = None
        for table, s_of, l_of in zip(self.tables, self.state_slice, self.last_slice):
            a = table[s_of[rows][:, None], l_of[None, :]]
            if seen is None:
                seen, twice = a, np.zeros_like(a)
            else:
                twice |= seen & a
                seen |= a
        return seen & ~twice


class _Tally:
    """Sums over (state, last-casket row) pairs of the m that exactly one placement achieves.

    Four weights on each side: ordered, unordered, and the same two counting only loop-free
    choices (for a state: no cycle among the caskets and no casket with two "other"
    statements; for a last-casket row: no two "other" statements)."""

    def __init__(self, totals: int):
        self.totals = totals
        self.sums = [0] * 5  # some, valid, unordered, loop-free, loop-free unordered
        self.by_m = [0] * totals

    def add(self, once: np.ndarray, w: np.ndarray, v: np.ndarray) -> None:
        """once: per (state, row) pair the valid m (bit set); w, v: their weights."""
        per_pair = np.bitwise_count(once).astype(np.int64)
        some = (once != 0).astype(np.int64)
        sums = [w[:, 0] @ some @ v[:, 0]] + [w[:, i] @ per_pair @ v[:, i] for i in range(4)]
        self.sums = [a + int(b) for a, b in zip(self.sums, sums)]
        for m in range(self.totals):
            hit = ((once >> np.uint32(m)) & np.uint32(1)).astype(np.int64)
            self.by_m[m] += int(w[:, 0] @ hit @ v[:, 0])


# --------------------------------------------------------------------------- the census
class _Steps:
    """Progress in steps of work whose number is known before the work starts."""

    def __init__(self, total: int, progress: Progress | None):
        self.done, self.total, self.progress = 0, total, progress

    def advance(self, steps: int = 1) -> None:
        self.done += steps
        if self.progress is not None:
            self.progress(self.done, self.total)


def _limits(n: int, vocabulary: str, k: int, menus: list[list[Statement]]) -> None:
    """Refuse a census past the limits, before the work."""
    total = 1
    for menu in menus:
        total *= len(menu) ** n
    worlds = k * (n + 1) ** k
    bound = worlds
    for menu in menus[:-1]:
        bound *= comb(len(menu) + n - 1, n)
    if bound > MAX_WORK or total * (k * n + 1) >= 2 ** 62:  # weights are int64
        raise SettingsError(
            f"the census of the {vocabulary} vocabulary at n = {n} would join up to {bound:,} "
            f"(statement multisets x worlds): too many (the limit is {MAX_WORK:,})",
            "n", n, MAX_WORK)


def _settled(states: _Rows, named: int, k: int) -> np.ndarray:
    """Weights of the joined states once the last casket names `named`: ordered, unordered,
    and both again for the loop-free choices only (no cycle of caskets, no casket with two
    "other" statements)."""
    full = states.names | (named << (k * (k - 1)))
    cycle_free = {x: _acyclic(x, k) for x in set(full.tolist())}
    lf = states.ok & np.array([cycle_free[x] for x in full.tolist()], dtype=bool)
    return np.concatenate([states.weights, states.weights * lf[:, None]], axis=1)


def _project(states: _Rows, weights: np.ndarray, proj: _Projection) -> _Rows:
    """States on what the last casket sees; states that then agree merge (the convolution)."""
    by_world = np.ascontiguousarray(states.masks.T)
    seen = np.zeros((proj.size, len(states)), dtype=bool)
    for world, to in enumerate(proj.of):
        seen[to] |= by_world[world]
    seen = np.ascontiguousarray(seen.T)
    return _merge(seen, np.zeros(len(states), dtype=np.int64),
                  np.ones(len(states), dtype=bool), weights)


#: the vocabularies the census counts (its per-casket masks know portrait and truth meanings)
CENSUS_VOCABULARIES = ("portrait", "classic")


def _menus(n: int, vocabulary: str, caskets: int,
           kinds: tuple[str, ...] | None) -> tuple[Layout, list[list[Statement]]]:
    """The census's layout and each casket's menu, once the settings are checked (a census
    past the limits is refused before the work)."""
    if vocabulary not in CENSUS_VOCABULARIES:
        raise SettingsError(f"the census of Portia-n counts the "
                            f"{' and the '.join(CENSUS_VOCABULARIES)} vocabularies: it follows "
                            "one true count per casket, and the count and maker statements of "
                            "the whole language are not factored that way (the families "
                            "portia1 and portia3 count the whole language)", "vocabulary",
                            vocabulary, CENSUS_VOCABULARIES)
    if n < 1:
        raise SettingsError("every casket needs at least one statement", "n", n, 1)
    if caskets != 3:
        raise SettingsError("the census counts three-casket puzzles (gold, silver, lead)",
                            "caskets", caskets, 3)
    k = len(DEFAULT_CASKETS)
    if k * (n + 1) ** k > MAX_WORLDS:  # before building menus: for a large n they are huge
        raise SettingsError(
            f"a census at n = {n} would combine {k} * {n + 1}^{k} = {k * (n + 1) ** k:,} worlds "
            f"(placement, true count of each casket): too many (the limit is {MAX_WORLDS:,})",
            "n", n, MAX_WORLDS)
    layout = Layout(DEFAULT_CASKETS, (n,) * k)
    menus = [options(layout, c, VOCABULARIES[vocabulary] if kinds is None else kinds)
             for c in range(k)]
    _limits(n, vocabulary, k, menus)
    return layout, menus


def _tally(rows: list[_Rows], worlds: _Worlds, blocks: int, steps: _Steps) -> _Tally:
    """1. every casket but the last, joined; 2. per set L of caskets the last casket names:
    the states settled (loop-free or not) and projected on what it sees; 3. every projected
    state meets every last-casket row, a block of states at a time."""
    k, n = worlds.k, worlds.n
    states = rows[0]
    for c in range(1, k - 1):
        states = _join(states, rows[c], k * c)
        steps.advance()
    last = rows[-1]
    tally = _Tally(k * n + 1)
    for named in range(2 ** (k - 1)):
        mine = last.names == named
        if not mine.any() or not len(states):
            steps.advance(1 + blocks)
            continue
        proj = _Projection(worlds, named)
        merged = _project(states, _settled(states, named, k), proj)
        v = np.concatenate([last.weights[mine], last.weights[mine] * last.ok[mine, None]],
                           axis=1)
        pairs = _Placements(merged.masks, last.masks[mine][:, proj.stand_in], proj.cells, k)
        steps.advance()
        for part in np.array_split(np.arange(len(merged)), blocks):
            if len(part):
                at = slice(part[0], part[-1] + 1)
                tally.add(pairs.once(at), merged.weights[at], v)
            steps.advance()
    return tally


def census(n: int, vocabulary: str = "portrait", caskets: int = 3,
           kinds: tuple[str, ...] | None = None,
           progress: Progress | None = None) -> CensusResult:
    """Count every valid (statements, m) puzzle of Portia-n (see the module notes).

    `kinds` narrows the vocabulary to those statement kinds (for tests and experiments).
    `progress(done, total)` is called after each step of the work (total is fixed from the
    first call; the last call has done == total).
    """
    start = time.perf_counter()
    layout, menus = _menus(n, vocabulary, caskets, kinds)
    k = len(layout.names)
    total = 1
    for menu in menus:
        total *= len(menu) ** n
    worlds = _Worlds(k, n)
    # steps: each casket's rows, each join, and for each set of caskets the last one may
    # name, its projection and its blocks (enough blocks for the largest possible join)
    bound = 1
    for menu in menus[:-1]:
        bound *= comb(len(menu) + n - 1, n)
    blocks = max(1, -(-bound // BLOCK))
    steps = _Steps(k + (k - 2) + 2 ** (k - 1) * (1 + blocks), progress)
    rows = []
    for c in range(k):
        rows.append(_casket_rows(layout, c, menus[c], worlds))
        steps.advance()
    tally = _tally(rows, worlds, blocks, steps)
    some, valid, valid_u, lf, lf_u = tally.sums
    return CensusResult(n, vocabulary, k, total, some, valid, valid_u, lf, lf_u,
                        tuple(tally.by_m), round(time.perf_counter() - start, 3))


# --------------------------------------------------------------------------- second generation
class ClueCensusResult(dict):
    """Mackinnon's second generation: see :func:`clue_census` (a dict, JSON-ready)."""


def _clue_rows(layout: Layout, c: int, menu: list[Statement]) -> dict[tuple[int, ...], int]:
    """Casket c's ordered choices of distinct statements, by the true count each gives under
    each placement: {(count if the portrait is in casket 0, in 1, ...): choices}."""
    from itertools import permutations

    from portia_tui.core.language.vocabulary import evaluate

    k = len(layout.names)
    truth = [[evaluate(meaning(st, layout, c, 0), p, ()) for p in range(k)] for st in menu]
    rows: dict[tuple[int, ...], int] = {}
    for combo in permutations(range(len(menu)), layout.counts[c]):
        key = tuple(sum(truth[i][p] for i in combo) for p in range(k))
        rows[key] = rows.get(key, 0) + 1
    return rows


def clue_census(n: int = 2, vocabulary: str = "portrait") -> ClueCensusResult:
    """Count Mackinnon's second-generation puzzles: three caskets, n statements on each from
    the vocabulary (statements that speak of the portrait only), never the same statement twice
    on one casket, in order. The clue is the multiset of the caskets' true counts (the rules
    "Exactly K caskets bear exactly J true statements", one per J); a (statements, placement)
    pair counts when no other placement gives the same clue, so the clue tells the placement.

    ``pairs``: such pairs; ``up_to_swap``: the same, statements on every casket swapped
    first-for-second at once counted as one (n >= 2); ``statement_sets``: the statement choices.
    With the portrait vocabulary and n = 2: 60,960 and 30,480 (Mackinnon's figure).

    How: a casket's choices that give the same true count under each placement merge (their
    numbers multiply through). The swap changes no casket's counts and, no statement standing
    twice on a casket, fixes no choice: every orbit has two choices, so ``up_to_swap`` is half
    of ``pairs``.
    """
    from collections import Counter

    from portia_tui.core.language.vocabulary import AnyOfMeaning

    if vocabulary != "portrait":
        raise SettingsError(f"the second-generation census reads the portrait vocabulary "
                            f"(its clue counts true statements from where the portrait is "
                            f"alone), not {vocabulary}", "vocabulary", vocabulary, ("portrait",))
    if n < 1:
        raise SettingsError("every casket needs at least one statement", "n", n, 1)
    names = DEFAULT_CASKETS
    k = len(names)
    layout = Layout(names, (n,) * k)
    menus = [options(layout, c, VOCABULARIES[vocabulary]) for c in range(k)]
    for c, menu in enumerate(menus):
        for st in menu:
            if not isinstance(meaning(st, layout, c, 0), (PortraitMeaning, AnyOfMeaning)):
                raise SettingsError("the second-generation census needs statements about "
                                    "the portrait only", "vocabulary",
                                    vocabulary)  # pragma: no cover
    if max(len(menu) for menu in menus) < n:
        raise SettingsError(f"{n} different statements do not fit on a casket", "n", n,
                            min(len(menu) for menu in menus))
    rows = [_clue_rows(layout, c, menu) for c, menu in enumerate(menus)]
    pairs = sets = 0
    for choice in product(*(r.items() for r in rows)):
        ways = 1
        for _, w in choice:
            ways *= w
        sets += ways
        clues = [tuple(sorted(counts[p] for counts, _ in choice)) for p in range(k)]
        seen = Counter(clues)
        pairs += ways * sum(1 for clue in clues if seen[clue] == 1)
    return ClueCensusResult(n=n, caskets=k, vocabulary=vocabulary, statement_sets=sets,
                            pairs=pairs, up_to_swap=pairs // 2 if n >= 2 else None)
