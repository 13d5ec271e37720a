"""The casket engine: exact analysis from one small number per casket, its true count.

A statement about statements only asks whether the statements on a casket are all true or all
false ("other": all the rest of its own casket). So what one casket shows the others is its
*signal*: ALL (every statement true), NONE (every statement false) or MIXED, read off its true
count K. Given the placement and the signals of the caskets it speaks of, a casket's own
consistent counts follow from a few numbers (how many of its portrait and truth statements are
true, how many empty slots and "other" statements it carries), without trying assignments.

For each placement the engine walks the casket graph (casket c -> Y when c says "the statements
on Y are ...") in dependency order, one strongly connected unit at a time. A unit that speaks
of itself (a cycle of caskets) is searched: each casket's signal is guessed where propagation
leaves it open, and every consistent combination is kept. The state carried between units is
the signal of each casket still to be read later, and for each such state the set of reachable
sums of true counts (a bit mask), so independent loops multiply no cases. Forward and backward
tables over the same walk give each statement's value under a placement and m.

Loops are reported as the semantics page defines them, at statement level: the statements of a
cycle of caskets that speak inside it, or two or more "other" statements on one casket; each is
classified on its closure, the caskets it reaches, which is a puzzle of its own.

Signals and value sets are small bit masks: ALL = 1, NONE = 2, MIXED = 4; a value set has bit 1
for "can be false" and bit 2 for "can be true". Count sets are Python ints used as bit sets.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cached_property
from math import comb
from operator import attrgetter

from portia_tui.core.language.model import Puzzle
from portia_tui.core.solve.budget import check
from portia_tui.core.solve.semantics import Analysis, LoopReport, strong_components
from portia_tui.core.language.vocabulary import (EMPTY, READ_OTHER, READ_PORTRAIT, READ_TRUTH,
                                                 READINGS, reading_kinds)

ALL, NONE, MIXED = 1, 2, 4
CAN_FALSE, CAN_TRUE = 1, 2

# The signal walk reads the kinds of Definition 1 by their reading (`Kind.reading`), never by
# their names
OTHER_KINDS = frozenset(reading_kinds(READ_OTHER))
TRUTH_KINDS = frozenset(reading_kinds(READ_TRUTH))
SPEAKING_KINDS = OTHER_KINDS | TRUTH_KINDS
_TARGET_MASK = attrgetter("target_mask")
_LIVE = attrgetter("live")

# statement categories inside a casket
PORTRAIT, TRUTH, FREE, OTHER_TRUE, OTHER_FALSE = range(5)


def conv(a: int, b: int) -> int:
    """The sums of a count from bit set a and a count from bit set b, as a bit set."""
    if a == 1:
        return b
    if b == 1:
        return a
    out = 0
    while b:
        low = b & -b
        out |= a << (low.bit_length() - 1)
        b ^= low
    return out


def bits(mask: int) -> Iterator[int]:
    """The positions of the set bits, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


_SIGNALS: dict[int, tuple[tuple[int, int], ...]] = {}
_SIGNAL_MASKS: dict[int, tuple[int, ...]] = {}


def _signals(n: int) -> tuple[tuple[int, int], ...]:
    """(signal, the counts showing it) for a casket of n statements (shared per n)."""
    out = _SIGNALS[n] = ((ALL, 1 << n), (NONE, 1), (MIXED, ((1 << n) - 1) & ~1))
    masks = [0] * (MIXED + 1)
    for sig, mask in out:
        masks[sig] = mask
    _SIGNAL_MASKS[n] = tuple(masks)
    return out


class Casket:
    """What the engine needs to know about one casket (compiled once per puzzle)."""

    __slots__ = ("index", "n", "start", "base", "at", "truth", "targets", "target_mask",
                 "live", "fixed", "free", "ot", "of", "can_all", "can_none", "cache",
                 "signals", "sigmask", "statements", "speaks", "portrait", "_detail")

    def __init__(self, index: int, n: int, start: int, statements: tuple = ()):
        self.index = index
        self.n = n
        #: the number of its first statement
        self.start = start
        #: portrait statements true under placement p: at.get(p, base) (`at` holds the
        #: placements its portrait statements name, where that differs from base)
        self.base = 0
        self.at: dict[int, int] = {}
        #: truth statements: target casket -> count "true" + (count "false" << 32)
        self.truth: dict[int, int] = {}
        #: every casket it speaks of; `live`: (target, true, false) for those that can show
        #: ALL or NONE (a truth statement about an always-MIXED casket is always false)
        self.targets: tuple[int, ...] = ()
        self.target_mask = 0  # (the same, as a bit set)
        self.live: tuple[tuple[int, int, int], ...] = ()
        #: portrait and truth statements (their values are fixed by the context)
        self.fixed = 0
        self.free = 0
        self.ot = 0
        self.of = 0
        #: placements (bit masks) under which it can show ALL / NONE at all
        self.can_all = 0
        self.can_none = 0
        #: a (fixed statements true) -> bit set of consistent counts
        self.cache: dict[int, int] = {}
        #: the counts behind each signal
        self.signals = _SIGNALS.get(n) or _signals(n)
        #: signal -> the counts showing it (indexed by ALL, NONE, MIXED)
        self.sigmask = _SIGNAL_MASKS[n]
        self.statements = statements
        #: the numbers of its truth and "other" statements, in order
        self.speaks: list[int] = []
        #: how many of its statements are portrait statements
        self.portrait = 0
        self._detail: list[tuple[int, tuple[int, bool] | None]] | None = None

    def detail(self, where: dict[str, int], freed: frozenset[int] = frozenset()
               ) -> list[tuple[int, tuple[int, bool] | None]]:
        """Per statement: its category and, for portrait and truth statements, (casket,
        positive / value)."""
        if self._detail is None:
            out: list[tuple[int, tuple[int, bool] | None]] = []
            for i, st in enumerate(self.statements, self.start):
                if i in freed or not st.kind:
                    out.append((FREE, None))
                    continue
                shape, sense = READINGS[st.kind]
                if shape == READ_PORTRAIT:
                    out.append((PORTRAIT, (where[st.target], sense)))
                elif shape == READ_TRUTH:
                    out.append((TRUTH, (where[st.target], sense)))
                else:
                    out.append((OTHER_TRUE if sense else OTHER_FALSE, None))
            self._detail = out
        return self._detail

    # ------------------------------------------------------------------ local cases
    def feasible(self, a: int, k: int) -> bool:
        """Whether k true statements here are consistent when a of the fixed ones are true."""
        n = self.n
        if self.ot:
            if k == n:
                return a == self.fixed and not self.of
            if k == n - 1:
                return False
        if self.of:
            if k == 0:
                return False
            if k == 1:
                return a <= 1
        return 0 <= k - a <= self.free

    def counts(self, a: int) -> int:
        """Bit set of the consistent counts when a of the fixed statements are true."""
        got = self.cache.get(a)
        if got is None:
            # a + x true for x of the free slots true, the "other" statements false ...
            got = ((1 << (self.free + 1)) - 1) << a
            if self.of:  # ... never 0 true; 1 true also by an "other false" statement
                got &= ~1
                if a == 0:
                    got |= 2
            if self.ot:  # ... never n - 1 true; n true when everything else is true
                got &= ~(1 << (self.n - 1))
                if a == self.fixed and not self.of:
                    got |= 1 << self.n
            self.cache[a] = got
        return got

    def multiplicity(self, a: int, k: int) -> int:
        """How many assignments of this casket's statements have count k (a fixed ones true)."""
        if not self.feasible(a, k):
            return 0
        if self.ot and k == self.n:
            return 1
        if self.of and k == 1:
            return 1 if a == 1 else self.free + self.of
        return comb(self.free, k - a)

    def category_values(self, a: int, k: int) -> tuple[int, int, int]:
        """Value sets (CAN_FALSE | CAN_TRUE) of a free slot, an "other true" and an "other
        false" statement here, over the assignments with count k (k feasible)."""
        if self.ot and k == self.n:
            return CAN_TRUE, CAN_TRUE, 0
        if self.of and k == 1:
            if a == 1:
                return CAN_FALSE, CAN_FALSE, CAN_FALSE
            many = CAN_FALSE if self.free + self.of >= 2 else 0
            return (CAN_TRUE | many), CAN_FALSE, CAN_TRUE | many
        x = k - a
        free = (CAN_TRUE if x >= 1 else 0) | (CAN_FALSE if x <= self.free - 1 else 0)
        return free, CAN_FALSE, CAN_FALSE

    def fixed_true(self, p: int, env: Sequence[int]) -> int:
        """How many portrait and truth statements are true under placement p and the
        signals in env."""
        a = self.at.get(p, self.base)
        for y, ct, cf in self.live:
            s = env[y]
            if s == ALL:
                a += ct
            elif s == NONE:
                a += cf
        return a

    def statement_values(self, detail, p: int, env: Sequence[int], a: int, k: int) -> list[int]:
        """The value set of each statement here (in order) for count k."""
        free, ot, of = self.category_values(a, k)
        out = []
        for cat, ref in detail:
            if cat == PORTRAIT:
                out.append(CAN_TRUE if (ref[0] == p) == ref[1] else CAN_FALSE)
            elif cat == TRUTH:
                want = ALL if ref[1] else NONE
                out.append(CAN_TRUE if env[ref[0]] == want else CAN_FALSE)
            elif cat == FREE:
                out.append(free)
            elif cat == OTHER_TRUE:
                out.append(ot)
            else:
                out.append(of)
        return out


#: (n, fixed, free, ot, of) -> the `Casket.cache` of every casket of that shape
_COUNTS: dict[tuple[int, int, int, int, int], dict[int, int]] = {}


#: a casket's truth statements about one target, packed: count "true" + (count "false" << 32)
_FALSE_ONE = 1 << 32
_TRUE_PART = _FALSE_ONE - 1

#: casket names -> their indices (puzzles share their names: one table per set of names)
_WHERE: dict[tuple[str, ...], dict[str, int]] = {}


def _where(names: tuple[str, ...]) -> dict[str, int]:
    """Casket name -> index, shared between puzzles with the same names."""
    where = _WHERE.get(names)
    if where is None:
        if len(_WHERE) >= 256:
            _WHERE.clear()
        where = _WHERE[names] = {name: i for i, name in enumerate(names)}
    return where


def compile_caskets(puzzle: Puzzle, freed: frozenset[int] = frozenset()) -> list[Casket]:
    """Every casket's summary; statements in `freed` count as empty slots. Linear in the
    number of statements: one pass over each casket's statements, then its live edges."""
    where = _where(puzzle.names)
    every = (1 << len(where)) - 1
    caskets = []
    start = 0
    showing = 0  # the caskets (bit set) that can show ALL or NONE
    for ci, cas in enumerate(puzzle.caskets):
        sts = cas.statements
        c = Casket(ci, len(sts), start, sts)
        if freed:
            sts = tuple([EMPTY if i in freed else st for i, st in enumerate(sts, start)])
        if not _summarise(c, sts, where, every, start):
            showing |= 1 << ci
        start += c.n
        caskets.append(c)
    _link(caskets, showing)
    return caskets


def _summarise(c: Casket, sts: Sequence, where: dict[str, int], every: int, start: int
               ) -> bool:
    """Fill in c's numbers from its statements (numbered from `start`); whether it can
    never show ALL or NONE."""
    at = c.at  # placement named -> "in" minus "not in" statements, until nots is known
    truth = c.truth
    speaks = c.speaks
    ins = nots = free = ot = of = 0
    for i, st in enumerate(sts, start):
        kind = st[0]
        if kind == "":
            free += 1
            continue
        read = READINGS.get(kind)
        if read is None:
            raise BeyondSignals(kind)
        form, sense = read
        if form == READ_PORTRAIT:
            y = where[st[1]]
            if sense:
                at[y] = at.get(y, 0) + 1
                ins += 1
            else:
                at[y] = at.get(y, 0) - 1
                nots += 1
        elif form == READ_TRUTH:
            y = where[st[1]]
            truth[y] = truth.get(y, 0) + (1 if sense else _FALSE_ONE)
            speaks.append(i)
        else:
            if sense:
                ot += 1
            else:
                of += 1
            speaks.append(i)
    n = c.n
    fixed = n - free - ot - of
    c.base, c.fixed, c.free, c.ot, c.of = nots, fixed, free, ot, of
    c.portrait = ins + nots
    if nots:  # (a placement named as often "in" as "not in" keeps base: harmless)
        for y in at:
            at[y] += nots
    # the consistent counts depend on these numbers only: share them between caskets
    shape = (n, fixed, free, ot, of)
    cache = _COUNTS.get(shape)
    if cache is None:
        if len(_COUNTS) >= 4096:
            _COUNTS.clear()
        cache = _COUNTS[shape] = {}
    c.cache = cache
    if truth:
        c.targets = tuple(truth)
    if of:  # "other false" rules out both ALL and NONE
        return True
    return _shows(c, ins, nots, every)


def _shows(c: Casket, ins: int, nots: int, every: int) -> bool:
    """Fill in the placements under which c can show ALL / NONE, judged by its `ins` "in"
    and `nots` "not in" statements; whether there are none."""
    portrait = ins + nots
    if not portrait:
        c.can_all = c.can_none = every
        return False
    # at.get(p, nots) portrait statements are true under placement p: all of them, or none,
    # show ALL or NONE. Under a placement none of them names, nots are true: all of them when
    # there is no "in" statement, none when there is no "not in".
    at = c.at
    named = at.values()
    all_true = _holding(at, portrait) if portrait in named else 0
    all_false = _holding(at, 0) if 0 in named else 0
    if not ins or not nots:
        rest = every
        for y in at:
            rest &= ~(1 << y)
        if not ins:
            all_true |= rest
        else:
            all_false |= rest
    c.can_all = all_true
    c.can_none = all_false
    return not (all_true or all_false)


def _holding(at: dict[int, int], value: int) -> int:
    """The placements (bit set) at which `at` holds `value`."""
    out = 0
    for y, a in at.items():
        if a == value:
            out |= 1 << y
    return out


def _link(caskets: list[Casket], showing: int) -> None:
    """Each casket's live edges: its truth statements about caskets that can show ALL or
    NONE under some placement (`showing`, a bit set; about the others they are always
    false)."""
    for c in caskets:
        truth = c.truth
        if not truth:
            continue
        mask = 0
        for y in truth:
            mask |= 1 << y
        c.target_mask = mask
        if mask & showing:
            c.live = tuple([(y, v & _TRUE_PART, v >> 32) for y, v in truth.items()
                            if showing >> y & 1])


def casket_units(caskets: Sequence[Casket], members: Sequence[int] | None = None,
                 live: bool = False) -> list[tuple[int, ...]]:
    """Strongly connected components of the casket graph (restricted to `members`), in
    dependency order: a casket comes after the caskets it speaks of. With live=True only
    the edges that carry information count (to caskets that can show ALL or NONE)."""
    k = len(caskets)
    nodes = range(k) if members is None else sorted(members)
    edges: list[Sequence[int]] = [()] * k
    linked = False
    if live:
        inside = None if members is None else set(nodes)
        for c in nodes:
            cl = caskets[c].live
            if not cl:
                continue
            ts: Sequence[int] = [t for t, _x, _y in cl if inside is None or t in inside]
            if ts:
                edges[c] = ts
                linked = True
    else:
        for c in nodes:
            ts = caskets[c].targets
            if members is not None:
                ts = [t for t in ts if t in members]
            if ts:
                edges[c] = ts
                linked = True
    if not linked:
        return list(zip(nodes))
    return strong_components(edges, nodes)


def structure(caskets: Sequence[Casket]) -> list[tuple[int, ...]]:
    """The strongly connected units of the whole casket graph (every edge), each sorted, in
    dependency order (a unit after the units it speaks of): what the loops are read off, and
    the walk's order refined. Few caskets: by bit masks (`_mask_units`), cheaper than a graph
    search at that size."""
    k = len(caskets)
    if k > 24:
        return casket_units(caskets)
    reach = list(map(_TARGET_MASK, caskets))
    if not any(reach):
        return list(zip(range(k)))
    full = (1 << k) - 1
    for c in range(k):
        if reach[c] | 1 << c != full:
            break
    else:  # each casket speaks of every other: one unit
        return [tuple(range(k))]
    # (few caskets: peeling costs more than it saves)
    return _mask_units(reach, range(k)) if k > 4 else _warshall(reach, range(k))


def _mask_units(reach: list[int], nodes: Sequence[int]) -> list[tuple[int, ...]]:
    """The strongly connected units of the graph c -> the bits of reach[c] (no node points
    at itself), over `nodes` (ascending; reach[c] within them, closed here in place), each
    sorted, in dependency order. Nodes no other node left points at, or that point at none
    left, are units of their own: peeled off first (the ones pointing at none go first, the
    others last, in reverse). What is left is often one unit (checked by reaching every node
    from the first, both ways); else by bit-mask reachability (Warshall), where a unit
    reaches strictly more nodes (itself counted) than any unit it points into."""
    core = list(nodes)
    inside = 0  # (the nodes left)
    for c in core:
        inside |= 1 << c
    sinks: list[tuple[int, ...]] = []
    sources: list[tuple[int, ...]] = []
    while core:
        targeted = 0
        for c in core:
            targeted |= reach[c]
        keep = []
        for c in core:
            if not reach[c] & inside:  # (pointing at none left, or at sinks peeled before)
                sinks.append((c,))
                inside ^= 1 << c
            elif not targeted >> c & 1:
                sources.append((c,))
                inside ^= 1 << c
            else:
                keep.append(c)
        if len(keep) == len(core):
            break
        core = keep
    if core:
        sinks += [tuple(core)] if _connected(reach, core, inside) else _warshall(reach, core)
    sources.reverse()
    return sinks + sources


def _connected(reach: list[int], core: list[int], inside: int) -> bool:
    """Whether every node of `core` (the bit set `inside`) reaches every other."""
    seen = frontier = 1 << core[0]
    while frontier:
        nxt = 0
        for c in bits(frontier):
            nxt |= reach[c]
        frontier = nxt & inside & ~seen
        seen |= frontier
    if seen != inside:
        return False
    back = 1 << core[0]
    grown = True
    while grown:
        grown = False
        for c in core:
            if reach[c] & back and not back >> c & 1:
                back |= 1 << c
                grown = True
    return back == inside


def _warshall(reach: list[int], nodes: Sequence[int]) -> list[tuple[int, ...]]:
    """The units of `_mask_units` by bit-mask reachability."""
    for v in nodes:
        rv = reach[v]
        if rv:
            bit = 1 << v
            for c in nodes:
                if reach[c] & bit:
                    reach[c] |= rv
    units: list[tuple[int, ...]] = []
    placed = 0
    for c in nodes:
        if placed >> c & 1:
            continue
        rc = reach[c]
        if not rc >> c & 1:
            units.append((c,))
            continue
        unit = []
        for d in nodes:
            if rc >> d & 1 and reach[d] >> c & 1:
                unit.append(d)
                placed |= 1 << d
        units.append(tuple(unit))
    if len(units) > 1:
        units.sort(key=lambda unit: (reach[unit[0]] | 1 << unit[0]).bit_count())
    return units


def walk_units(caskets: Sequence[Casket], units: list[tuple[int, ...]]
               ) -> list[tuple[int, ...]]:
    """The live casket graph's units in dependency order, from the whole graph's (`units`,
    in dependency order): the live edges are some of the edges, so only a cycle of caskets
    can split, into its own live units."""
    out: list[tuple[int, ...]] = []
    k = len(caskets)
    for unit in units:
        if len(unit) == 1:
            out.append(unit)
        elif k > 24:
            out += casket_units(caskets, unit, live=True)
        else:
            inside = 0
            for c in unit:
                inside |= 1 << c
            reach = [0] * k
            for c in unit:
                for t, _ct, _cf in caskets[c].live:
                    reach[c] |= 1 << t
                reach[c] &= inside
            out += _mask_units(reach, unit)
    return out


class Plan:
    """The walk over a set of caskets: units in dependency order (of the live casket graph),
    and before each unit the caskets whose signals are still to be read (the state carried
    forward)."""

    def __init__(self, caskets: list[Casket], units: list[tuple[int, ...]],
                 carries: bool = True):
        """`carries`: False when no casket's signal is read by a later unit (no live edge)."""
        self.caskets = caskets
        self.units = units
        self.k = len(caskets)
        #: every casket starts MIXED: one that can never show anything else is read as such
        self.env0 = [MIXED] * self.k
        self._carries = carries
        self._live: list[tuple[int, ...]] | None = None

    @property
    def live(self) -> list[tuple[int, ...]]:
        """live[j]: caskets whose signals are carried into unit j (live[len(units)] = ());
        found when a walk first needs them."""
        if self._live is None:
            self._live = [()] * (len(self.units) + 1)
            if self._carries:
                self._carry(self._live)
        return self._live

    def _carry(self, live: list[tuple[int, ...]]) -> None:
        """Fill in `live`: a casket's signal is carried from its unit to the last unit that
        reads it."""
        units, caskets = self.units, self.caskets
        last = [-1] * self.k
        carries = False
        for j, unit in enumerate(units):
            for c in unit:
                for t, _ct, _cf in caskets[c].live:
                    if last[t] < j and t not in unit:
                        last[t] = j
                        carries = True
        if not carries:
            return
        carried: list[int] = []
        for j, unit in enumerate(units):
            if carried:
                carried = [c for c in carried if last[c] >= j]
                live[j] = tuple(carried)
            for c in unit:
                if last[c] > j:
                    carried.append(c)


class Walk:
    """One placement walked through a plan.

    levels[j]: state (signals of live[j]) -> bit set of reachable partial sums, before unit j;
    steps[j]: every (state, env, solution, next state, counts) at unit j, where a solution
    is, per casket of the unit, (signal, fixed statements true, count bit set), env the
    signals seen, and counts the bit set of the unit's sums.
    """

    __slots__ = ("plan", "p", "levels", "steps", "total", "_after")

    def __init__(self, plan: Plan, p: int):
        self.plan = plan
        self.p = p
        self._after: list[dict[tuple[int, ...], int]] | None = None
        caskets = plan.caskets
        env = list(plan.env0)
        level: dict[tuple[int, ...], int] = {(): 1}
        self.levels = [level]
        self.steps: list[list[tuple]] = []
        for j, unit in enumerate(plan.units):
            live, nxt_live = plan.live[j], plan.live[j + 1]
            nxt: dict[tuple[int, ...], int] = {}
            steps = []
            for key, sums in level.items():
                check()
                for c, s in zip(live, key):
                    env[c] = s
                for sol in unit_solutions(caskets, unit, env, p):
                    contrib = 1
                    for c, (s, _a, kmask) in zip(unit, sol):
                        env[c] = s
                        contrib = conv(contrib, kmask)
                    new = tuple([env[c] for c in nxt_live])
                    nxt[new] = nxt.get(new, 0) | conv(sums, contrib)
                    steps.append((key, tuple(env), sol, new, contrib))
            self.steps.append(steps)
            level = nxt
            self.levels.append(level)
            if not level:
                self.total = 0
                return
        self.total = level.get((), 0)

    def after(self) -> list[dict[tuple[int, ...], int]]:
        """after[j]: state after unit j -> bit set of sums the remaining units can add."""
        if self._after is None:
            after: list[dict[tuple[int, ...], int]] = [{} for _ in self.steps]
            later: dict[tuple[int, ...], int] = {(): 1}
            for j in range(len(self.steps) - 1, -1, -1):
                after[j] = later
                cur: dict[tuple[int, ...], int] = {}
                for key, _env, _sol, new, contrib in self.steps[j]:
                    rest = later.get(new, 0)
                    if rest:
                        cur[key] = cur.get(key, 0) | conv(contrib, rest)
                later = cur
            self._after = after
        return self._after

    def cases(self, target: int, only: Sequence[int] | None = None
              ) -> Iterator[tuple[int, tuple, int, int]]:
        """(casket, env, a, k) for every local case of a casket (of `only`, or every casket)
        that lies in some consistent world whose total count is in the bit set `target`."""
        if not self.total & target:
            return
        after = self.after()
        wanted = None if only is None else set(only)
        for j, unit in enumerate(self.plan.units):
            if wanted is not None and wanted.isdisjoint(unit):
                continue
            level = self.levels[j]
            for key, env, sol, new, _contrib in self.steps[j]:
                around = conv(level[key], after[j].get(new, 0))
                if not around:
                    continue
                for pos, c in enumerate(unit):
                    if wanted is not None and c not in wanted:
                        continue
                    _s, a, kmask = sol[pos]
                    rest = around
                    for q, (_s2, _a2, km2) in enumerate(sol):
                        if q != pos:
                            rest = conv(rest, km2)
                    for k in bits(kmask):
                        if (rest << k) & target:
                            yield c, env, a, k


def unit_users(caskets: Sequence[Casket], unit: tuple[int, ...]) -> dict[int, list[int]]:
    """For each casket of the unit, the caskets of the unit that read its signal."""
    members = set(unit)
    users: dict[int, list[int]] = {c: [] for c in unit}
    for c in unit:
        for t, _ct, _cf in caskets[c].live:
            if t in members:
                users[t].append(c)
    return users


def unit_solutions(caskets: Sequence[Casket], unit: tuple[int, ...], env: list[int],
                   p: int, users: dict[int, list[int]] | None = None
                   ) -> list[tuple[tuple[int, int, int], ...]]:
    """Every consistent combination of signals for the caskets of a unit, given the signals
    in env of the caskets it speaks of outside; each as ((signal, a, counts), ...) per casket.
    `users`: `unit_users(caskets, unit)`, when the caller keeps it (or of a unit holding
    this one)."""
    if len(unit) == 1:
        one = caskets[unit[0]]
        a = one.fixed_true(p, env)
        kmask = one.counts(a)
        out: list[tuple[tuple[int, int, int], ...]] = []
        for sig, mask in one.signals:
            got = kmask & mask
            if got:
                out.append(((sig, a, got),))
        return out
    start = {}
    aside = []  # (see below)
    held = True
    bit = 1 << p
    for c in unit:
        cas = caskets[c]
        if 0 < cas.at.get(p, cas.base) < cas.portrait:  # aside (see `_quick_cycle`)
            aside.append(c)
            start[c] = MIXED
            continue
        d = MIXED if cas.n >= 2 else 0
        if cas.can_all & bit:
            d |= ALL
        if cas.can_none & bit:
            d |= NONE
        start[c] = d
        if d & (d - 1):
            held = False
    if held:  # each casket held to one signal by its portrait statements: read them off
        sol = _solution(caskets, unit, env, p, start)
        return [sol] if sol is not None else []
    if users is None:
        users = unit_users(caskets, unit)
    if not aside:
        return _search(caskets, unit, env, p, start, users)
    # the caskets whose portrait statements are neither all true nor all false under p show
    # MIXED, and have a count, whatever the others show: search the others, then read them
    for c in aside:
        env[c] = MIXED
        del start[c]
    inner = tuple(start)
    found = (unit_solutions(caskets, inner, env, p) if len(inner) == 1
             else _search(caskets, inner, env, p, start, users))
    return [_with_aside(caskets, unit, dict(zip(inner, sub)), env, p) for sub in found]


#: a casket set aside, not read (see `_group_solutions`)
_ASIDE = (MIXED, -1, 0)


def _with_aside(caskets: Sequence[Casket], unit: tuple[int, ...],
                got: dict[int, tuple[int, int, int]], env: list[int], p: int
                ) -> tuple[tuple[int, int, int], ...]:
    """A unit's solution from the solution `got` of some of its caskets: the others (set
    aside by `unit_solutions`, showing MIXED in env) read under it."""
    for c, (sig, _a, _k) in got.items():
        env[c] = sig
    sol = []
    for c in unit:
        one = got.get(c)
        if one is None:
            cas = caskets[c]
            a = cas.fixed_true(p, env)
            one = (MIXED, a, cas.counts(a))
        sol.append(one)
    return tuple(sol)


def _solution(caskets: Sequence[Casket], unit: tuple[int, ...], env: list[int], p: int,
              signals: dict[int, int]) -> tuple[tuple[int, int, int], ...] | None:
    """The unit's caskets showing `signals` (one each): (signal, a, counts) per casket, or
    None when one of them cannot show its signal."""
    for c in unit:
        env[c] = signals[c]
    sol = []
    for c in unit:
        cas = caskets[c]
        a = cas.fixed_true(p, env)
        kmask = cas.counts(a) & cas.sigmask[signals[c]]
        if not kmask:
            return None
        sol.append((signals[c], a, kmask))
    return tuple(sol)


def _search(caskets: Sequence[Casket], unit: tuple[int, ...], env: list[int], p: int,
            start: dict[int, int], users: dict[int, list[int]]
            ) -> list[tuple[tuple[int, int, int], ...]]:
    """`unit_solutions` by search: narrow the signal domains (`start`) by propagation, guess
    one casket's signal where several remain, keep every consistent combination."""
    solutions: list[tuple[tuple[int, int, int], ...]] = []
    reads = _reads(caskets, unit, env, p, start)
    todo = [start]
    while todo:
        check()  # (a cycle of caskets can branch many times: the budget bounds it)
        dom = todo.pop()
        last = _narrow(caskets, unit, reads, dom, users)
        if last is None:
            continue
        for c in unit:
            d = dom[c]
            if d & (d - 1):  # several signals left: guess this casket's
                for sig in (MIXED, NONE, ALL):
                    if d & sig:
                        branch = dict(dom)
                        branch[c] = sig
                        todo.append(branch)
                break
        else:  # one signal each: narrowing read each casket's counts under the others' last
            sol = []
            for c in unit:
                opts, kmask = last[c]
                d = dom[c]
                sol.append((d, opts.bit_length() - 1, kmask & caskets[c].sigmask[d]))
            solutions.append(tuple(sol))
    return solutions


def _reads(caskets: Sequence[Casket], unit: tuple[int, ...], env: Sequence[int], p: int,
           inside: dict[int, int]) -> dict[int, tuple[int, list[tuple[int, int, int]]]]:
    """Per casket of the unit: the number of its fixed statements true under placement p and
    the exact signals in env of the caskets outside the unit (as a one-bit set), and its live
    edges inside the unit (keys of `inside`), whose signals the search guesses."""
    out = {}
    for c in unit:
        cas = caskets[c]
        a = cas.at.get(p, cas.base)
        edges = []
        for edge in cas.live:
            y = edge[0]
            if y in inside:
                edges.append(edge)
            else:
                s = env[y]
                if s == ALL:
                    a += edge[1]
                elif s == NONE:
                    a += edge[2]
        out[c] = (1 << a, edges)
    return out


def _narrow(caskets: Sequence[Casket], unit: tuple[int, ...],
            reads: dict[int, tuple[int, list[tuple[int, int, int]]]], dom: dict[int, int],
            users: dict[int, list[int]]) -> dict[int, tuple[int, int]] | None:
    """Narrow the signal domains `dom` (in place) to the signals each casket can show given
    the others' domains, until nothing changes; None when one domain empties, else per
    casket its last reading (fixed statements true as a bit set, counts): a casket is read
    again whenever a domain it reads narrows, so the last reading is under the final ones."""
    queue = list(unit)
    queued = set(queue)
    last: dict[int, tuple[int, int]] = {}
    while queue:
        c = queue.pop()
        queued.discard(c)
        cas = caskets[c]
        opts, edges = reads[c]
        for y, ct, cf in edges:  # the bit set of the possible numbers of true fixed ones
            d = dom[y]
            if d == ALL:
                opts <<= ct
            elif d == NONE:
                opts <<= cf
            elif d != MIXED:
                opts = conv(opts, (1 << ct if d & ALL else 0) | (1 << cf if d & NONE else 0)
                            | (1 if d & MIXED else 0))
        if opts & (opts - 1):
            kmask = 0
            for a in bits(opts):
                kmask |= cas.counts(a)
        else:
            kmask = cas.counts(opts.bit_length() - 1)
        last[c] = (opts, kmask)
        sm = cas.sigmask
        d = dom[c] & ((ALL if kmask & sm[ALL] else 0) | (NONE if kmask & 1 else 0)
                      | (MIXED if kmask & sm[MIXED] else 0))
        if not d:
            return None
        if d != dom[c]:
            dom[c] = d
            for u in users[c]:
                if u not in queued and u in dom:  # (a casket set aside is not searched)
                    queued.add(u)
                    queue.append(u)
    return last


# --------------------------------------------------------------------------- loops
def casket_loops(puzzle: Puzzle, caskets: Sequence[Casket], units: Sequence[tuple[int, ...]]
                 ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every loop as (its statements, sorted; the caskets it lies on), one per cycle of
    caskets (structural units) and one per other casket with two or more "other" statements;
    not yet in the order `semantics.find_loops` gives."""
    out = []
    names = puzzle.names
    for unit in units:
        if len(unit) > 1:
            inside = -1  # (every casket)
            if len(unit) < len(names):
                inside = 0
                for c in unit:
                    inside |= 1 << c
                members = {names[c] for c in unit}
            stmts: list[int] = []
            for c in unit:
                cas = caskets[c]
                if not cas.target_mask & ~inside:  # every one of its speaking statements
                    stmts += cas.speaks
                    continue
                sts, start = cas.statements, cas.start
                stmts += [i for i in cas.speaks
                          if sts[i - start][0] in OTHER_KINDS or sts[i - start][1] in members]
            out.append((tuple(stmts), unit))
        else:
            cas = caskets[unit[0]]
            if cas.ot + cas.of >= 2:
                stmts = [i for i, st in enumerate(cas.statements, cas.start)
                         if st[0] in OTHER_KINDS]
                out.append((tuple(stmts), unit))
    return out


def order_loops(puzzle: Puzzle, caskets: Sequence[Casket],
                loops: list[tuple[tuple[int, ...], tuple[int, ...]]]
                ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The loops in the order of `semantics.find_loops`: Tarjan's search over statements,
    roots in number order, a statement's children the statements of the casket it speaks of
    in number order. Run here without listing those edges (a casket's statements are the
    children of every statement that speaks of it, so the edges are quadratic), in time
    linear in the statements:

    - a statement's next unvisited child is its target casket's first unvisited statement,
      since every earlier child was seen by the time it is reached (one pointer a casket);
    - the lowest on-stack child is the target casket's earliest-pushed statement still on
      the stack (pushed in index order, and a pop takes everything pushed after it too), so
      it is taken once, when the statement finishes;
    - statements that speak of none (portrait statements, empty slots) are components of
      their own, finished as soon as seen: they change no other's order and are left out.
    """
    if len(loops) < 2:
        return loops
    rank: dict[int, int] = {}
    for comp in _statement_components(caskets, _speakers(puzzle, caskets)):
        rank[comp[0]] = len(rank)
    return sorted(loops, key=lambda loop: rank[loop[0][0]])


def _speakers(puzzle: Puzzle, caskets: Sequence[Casket]) -> dict[int, int]:
    """Statement -> the casket whose statements it speaks of, for every speaking statement."""
    where = _where(puzzle.names)
    target: dict[int, int] = {}
    for cas in caskets:
        sts, start = cas.statements, cas.start
        for i in cas.speaks:
            st = sts[i - start]
            target[i] = where[st[1]] if st[0] == "true" or st[0] == "false" else cas.index
    return target


def _statement_components(caskets: Sequence[Casket], target: dict[int, int]
                          ) -> list[tuple[int, ...]]:
    """The components of two or more statements, in Tarjan's output order (see
    :func:`order_loops`); `target`: each speaking statement's target casket."""
    speaks = [cas.speaks for cas in caskets]
    home = {i: cas.index for cas in caskets for i in cas.speaks}
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    nxt = [0] * len(speaks)  # per casket: where its first statement not yet seen may be
    pushed: list[list[int]] = [[] for _ in speaks]  # per casket: its statements, as pushed
    front = [0] * len(speaks)  # per casket: where its first still on the stack may be
    stack: list[int] = []
    on: set[int] = set()
    out: list[tuple[int, ...]] = []
    for root in sorted(target):
        if root in index:
            continue
        work = [root]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        pushed[home[root]].append(root)
        while work:
            node = work[-1]
            t = target[node]
            row, k = speaks[t], nxt[t]
            while k < len(row) and row[k] in index:
                k += 1
            nxt[t] = k
            if k < len(row):  # the next child: down to it
                child = row[k]
                index[child] = low[child] = len(index)
                stack.append(child)
                on.add(child)
                pushed[t].append(child)
                work.append(child)
                continue
            row, f = pushed[t], front[t]
            while f < len(row) and row[f] not in on:
                f += 1
            front[t] = f
            if f < len(row) and index[row[f]] < low[node]:
                low[node] = index[row[f]]
            work.pop()
            if work and low[node] < low[work[-1]]:
                low[work[-1]] = low[node]
            if low[node] == index[node]:  # a component: pop it
                comp = [stack.pop()]
                while comp[-1] != node:
                    comp.append(stack.pop())
                on.difference_update(comp)
                if len(comp) > 1:
                    out.append(tuple(sorted(comp)))
    return out


def reach(caskets: Sequence[Casket], start: Sequence[int]) -> tuple[int, ...]:
    """The caskets given and every casket they speak of, directly or not."""
    seen = set(start)
    todo = list(start)
    while todo:
        for t in caskets[todo.pop()].targets:
            if t not in seen:
                seen.add(t)
                todo.append(t)
    return tuple(sorted(seen))


def loop_varies(caskets: Sequence[Casket], where: dict[str, int], walk: Walk,
                loop: frozenset[int], unit: tuple[int, ...]) -> bool:
    """Whether some statement of the loop (on the caskets of `unit`) is true in one
    consistent world of the walk and false in another."""
    seen: dict[int, int] = {}
    for c, env, a, k in walk.cases(-1, unit):
        cas = caskets[c]
        vals = cas.statement_values(cas.detail(where), walk.p, env, a, k)
        for i, v in enumerate(vals, cas.start):
            if i in loop:
                got = seen.get(i, 0) | v
                if got == CAN_FALSE | CAN_TRUE:
                    return True
                seen[i] = got
    return False


def quick_all(plan: Plan) -> tuple[list[int | None], list[list[int]], list[list[int]]]:
    """The common case at full speed, every placement at once: where every unit has one
    consistent combination of signals, a placement has one state, and the walk is not needed.
    Per casket, one row over the placements: how many of its fixed statements are true under
    each, and the counts that follow (see `_quick_casket`). Returns, per placement, the bit
    set of its totals (None where the general walk is needed), and per casket its two rows
    (fixed statements true, counts), read where the total is not None."""
    caskets = plan.caskets
    k = plan.k
    slow = 0  # placements (bit set) that need the walk
    #: per casket, the placements (bit sets) under which it shows ALL / NONE
    show_all = [0] * k
    show_none = [0] * k
    rows_a: list[list[int]] = [[]] * k
    rows_m: list[list[int]] = [[]] * k
    sum0 = 0  # sum of the single counts at every placement's default ...
    sums = [0] * k  # ... plus these per placement
    multi = False  # whether some casket has several counts somewhere
    for unit in plan.units:
        if len(unit) > 1:
            slow, many, d0 = _quick_cycle(plan, unit, slow, show_all, show_none, rows_a,
                                          rows_m, sums)
        else:
            slow, many, d0 = _quick_casket(caskets[unit[0]], k, slow, show_all, show_none,
                                           rows_a, rows_m, sums)
        sum0 += d0
        if many:
            multi = True
    return _quick_totals(k, slow, multi, rows_m, sum0, sums), rows_a, rows_m


def _quick_casket(c: Casket, k: int, slow: int, show_all: list[int], show_none: list[int],
                  rows_a: list[list[int]], rows_m: list[list[int]], sums: list[int]
                  ) -> tuple[int, bool, int]:
    """`quick_all` for a casket that is a unit of its own. Its row is one number, c.base,
    with a few exceptions: the placements its portrait statements name, and those under
    which a casket it speaks of shows ALL or NONE. The default placements are done at once,
    then each exception. Returns the slow placements, whether it has several counts
    somewhere, and its single count at the default placements (0 if several)."""
    ci = c.index
    a0 = c.base
    exc = _exceptions(c, show_all, show_none) if c.live else c.at
    cache = c.cache
    m0 = cache.get(a0)
    if m0 is None:
        m0 = c.counts(a0)
    row = rows_a[ci] = [a0] * k
    masks = rows_m[ci] = [m0] * k
    single = not m0 & (m0 - 1)
    d0 = m0.bit_length() - 1 if single else 0
    if not (c.can_all or c.can_none):
        slow, multi = _quick_mixed(c, exc, slow, row, masks, sums, d0, k)
        return slow, multi or not single, d0
    top = 1 << c.n
    multi = False
    where = (1 << k) - 1
    shows_all = shows_none = 0
    for p, a in exc.items():
        bit = 1 << p
        where ^= bit
        row[p] = a
        kmask = cache.get(a)
        if kmask is None:
            kmask = c.counts(a)
        masks[p] = kmask
        if kmask == top:
            shows_all |= bit
        elif kmask == 1:
            shows_none |= bit
        elif not kmask or kmask & (top | 1):
            slow |= bit
        if kmask & (kmask - 1):
            multi = True
        else:  # its own count, not the default's (in sum0)
            sums[p] += kmask.bit_length() - 1 - d0
    if where:
        if m0 == top:
            shows_all |= where
        elif m0 == 1:
            shows_none |= where
        elif not m0 or m0 & (top | 1):
            slow |= where
        if not single:
            multi = True
    show_all[ci] = shows_all
    show_none[ci] = shows_none
    return slow, multi, d0


def _quick_mixed(c: Casket, exc: dict[int, int], slow: int, row: list[int], masks: list[int],
                 sums: list[int], d0: int, k: int) -> tuple[int, bool]:
    """`_quick_casket` for a casket that never shows ALL or NONE (by its portrait statements
    or an "other false" statement): its counts never hold 0 or n, so it shows MIXED. It has
    a count unless it is a lone "the other is true" beside "the other is false" (a paradox
    under every placement, left to the walk); that casket has no fixed statement, so no
    exception. Its rows at the exceptions `exc` (the defaults filled in); returns the slow
    placements and whether it has several counts at an exception."""
    cache = c.cache
    if not cache[c.base]:
        return slow | ((1 << k) - 1), False
    multi = False
    for p, a in exc.items():
        row[p] = a
        kmask = cache.get(a)
        if kmask is None:
            kmask = c.counts(a)
        masks[p] = kmask
        if kmask & (kmask - 1):
            multi = True
        else:
            sums[p] += kmask.bit_length() - 1 - d0
    return slow, multi


def _exceptions(c: Casket, show_all: list[int], show_none: list[int]) -> dict[int, int]:
    """Placement -> fixed statements true on c, where that differs from c.base: those its
    portrait statements name, and those under which a casket it speaks of shows ALL or
    NONE."""
    a0 = c.base
    exc = dict(c.at)
    for y, ct, cf in c.live:
        for add, shown in ((ct, show_all[y]), (cf, show_none[y])):
            while add and shown:
                low = shown & -shown
                p = low.bit_length() - 1
                exc[p] = exc.get(p, a0) + add
                shown ^= low
    return exc


def _quick_cycle(plan: Plan, unit: tuple[int, ...], slow: int, show_all: list[int],
                 show_none: list[int], rows_a: list[list[int]], rows_m: list[list[int]],
                 sums: list[int]) -> tuple[int, bool, int]:
    """`quick_all` for a unit of several caskets (at the placements not yet slow): fills in
    their rows, shows and sums; returns the slow placements, whether some casket has several
    counts, and the sum of their single counts at their defaults (see `_cycle_rows`).

    A casket whose portrait statements are neither all true nor all false under a placement
    is *aside* there: it shows MIXED whatever the others show, and has a count (at least one
    of its fixed statements is true and one false, so its counts lie strictly between 0 and
    n), so it takes no part in the search but through its own counts. The search depends on
    the placement only through the signals outside and, per casket not aside, how many of
    its portrait statements are true (0 or all): the placements are split into groups alike
    by bit masks, and each group is searched once."""
    caskets = plan.caskets
    k = plan.k
    outside = sorted({y for ci in unit for y, _ct, _cf in caskets[ci].live if y not in unit})
    todo = ((1 << k) - 1) & ~slow
    groups = [todo] if todo else []
    opened = []  # per casket of the unit, where it is not aside
    for ci in unit:
        none, full = _open_masks(caskets[ci], k)
        opened.append(none | full)
        groups = _split(groups, none, full)
    for y in outside:
        groups = _split(groups, show_all[y], show_none[y])
    env = list(plan.env0)
    solved = []
    for group in groups:
        p = (group & -group).bit_length() - 1
        for y in outside:
            env[y] = ALL if show_all[y] >> p & 1 else NONE if show_none[y] >> p & 1 else MIXED
        sols = _group_solutions(caskets, unit, opened, env, p)
        if len(sols) != 1:
            slow |= group
            continue
        solved.append((group, sols[0]))
        for ci, (sig, _a, _kmask) in zip(unit, sols[0]):
            if sig == ALL:
                show_all[ci] |= group
            elif sig == NONE:
                show_none[ci] |= group
    multi = False
    d0 = 0
    for pos, ci in enumerate(unit):
        many, d = _cycle_rows(caskets[ci], pos, solved, opened[pos], k, show_all, show_none,
                              rows_a, rows_m, sums)
        multi = multi or many
        d0 += d
    return slow, multi, d0


def _group_solutions(caskets: Sequence[Casket], unit: tuple[int, ...], opened: list[int],
                     env: list[int], p: int) -> list[tuple[tuple[int, int, int], ...]]:
    """`unit_solutions` for a group of `_quick_cycle`: the caskets aside under p (not in
    `opened`) show MIXED in env and are given as `_ASIDE`; the others are searched."""
    inner = []
    where = []
    for pos, c in enumerate(unit):
        if opened[pos] >> p & 1:
            inner.append(c)
            where.append(pos)
        else:
            env[c] = MIXED
    if not inner:
        return [(_ASIDE,) * len(unit)]
    out = []
    for sub in unit_solutions(caskets, tuple(inner), env, p):
        sol = [_ASIDE] * len(unit)
        for pos, one in zip(where, sub):
            sol[pos] = one
        out.append(tuple(sol))
    return out


def _open_masks(c: Casket, k: int) -> tuple[int, int]:
    """The placements (bit sets) under which none / all of c's portrait statements are
    true (every placement, twice, when it has none)."""
    every = (1 << k) - 1
    if not c.portrait:
        return every, every
    at, base, portrait = c.at, c.base, c.portrait
    rest = every  # the placements its portrait statements do not name (where base holds)
    for p in at:
        rest &= ~(1 << p)
    none = _holding(at, 0) | (rest if base == 0 else 0)
    full = _holding(at, portrait) | (rest if base == portrait else 0)
    return none, full


def _split(groups: list[int], *masks: int) -> list[int]:
    """The groups of placements (bit sets) split by each mask: inside and outside it."""
    for mask in masks:
        out = []
        for g in groups:
            inside = g & mask
            if inside:
                out.append(inside)
                if inside != g:
                    out.append(g & ~mask)
            else:
                out.append(g)
        groups = out
    return groups


def _cycle_rows(c: Casket, pos: int, solved: list[tuple[int, tuple[tuple[int, int, int], ...]]],
                opened: int, k: int, show_all: list[int], show_none: list[int],
                rows_a: list[list[int]], rows_m: list[list[int]], sums: list[int]
                ) -> tuple[bool, int]:
    """Casket c's rows (it is at position `pos` of its unit) over the solved groups: the
    group's solution under the placements `opened` (where it takes part in the search), its
    own counts where it is aside. Its rows hold one default value (under the placements its
    portrait statements do not name), the others are filled in one by one, their single
    counts added to `sums` less the default's. Returns whether it has several counts
    somewhere, and the default's single count (0 if several)."""
    at, base, live = c.at, c.base, c.live
    named = 0
    for q in at:
        named |= 1 << q
    if 0 < base < c.portrait:  # aside by default: unless a casket it speaks of shows
        a0 = base
        k0 = c.counts(a0)
        plain = ~named
        for y, _ct, _cf in live:
            plain &= ~(show_all[y] | show_none[y])
    else:  # in the search by default: a group's solution
        a0 = k0 = plain = 0
        for group, sol in solved:
            if group & ~named:
                _sig, a0, k0 = sol[pos]
                plain = group & ~named
                break
    row_a = rows_a[c.index] = [a0] * k
    row_m = rows_m[c.index] = [k0] * k
    multi = bool(plain) and bool(k0 & (k0 - 1))
    d = 0 if multi else k0.bit_length() - 1
    for group, sol in solved:
        rest = group & ~plain
        while rest:
            low = rest & -rest
            p = low.bit_length() - 1
            rest ^= low
            if opened & low:
                _sig, a, kmask = sol[pos]
            else:  # aside: its own count under p
                a = at.get(p, base)
                for y, ct, cf in live:
                    if show_all[y] & low:
                        a += ct
                    elif show_none[y] & low:
                        a += cf
                kmask = c.counts(a)
            row_a[p] = a
            row_m[p] = kmask
            if kmask & (kmask - 1):
                multi = True
            else:  # (read only when no casket has several counts anywhere)
                sums[p] += kmask.bit_length() - 1 - d
    return multi, d


def _quick_totals(k: int, slow: int, multi: bool, rows_m: list[list[int]], sum0: int,
                  sums: list[int]) -> list[int | None]:
    """Per placement, the bit set of its totals (None where slow)."""
    out: list[int | None] = []
    for p in range(k):
        if slow >> p & 1:
            out.append(None)
        elif multi:
            total = 1
            for row in rows_m:
                kmask = row[p]
                if kmask != 1:
                    total = conv(total, kmask)
            out.append(total)
        else:
            out.append(1 << (sum0 + sums[p]))
    return out


# --------------------------------------------------------------------------- the engine
#: bit set of counts -> the same as a frozenset (shared: the sets are immutable)
_COUNT_SETS: dict[int, frozenset[int]] = {}


class CasketEngine:
    """The analysis of one puzzle: walks per placement, loops, values."""

    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        self.k = len(puzzle.caskets)
        self.caskets = caskets = compile_caskets(puzzle)
        #: the casket graph's units (structure: loops are read off them)
        self.units = structure(caskets)
        # the walk follows the live graph, which drops edges to caskets that always show MIXED
        if any(map(_LIVE, caskets)):
            # (few caskets: one search of the live graph costs less than refining)
            self.plan = Plan(caskets, casket_units(caskets, live=True) if self.k <= 4
                             else walk_units(caskets, self.units))
        else:  # (often none is left: every casket a unit of its own, no signal carried)
            self.plan = Plan(caskets, list(zip(range(self.k))), carries=False)
        self._walks: dict[int, Walk] = {}
        #: per placement its totals, None where the walk is needed; per casket, its rows
        #: over the placements: fixed statements true, counts (see quick_all)
        self._quick, self._rows_a, self._rows_m = quick_all(self.plan)

    @property
    def where(self) -> dict[str, int]:
        """Casket name -> index."""
        return {name: i for i, name in enumerate(self.puzzle.names)}

    def kind_of(self, p: int) -> int:
        """The placement whose walk p shares: p itself when a portrait statement names it,
        else the first placement no portrait statement names."""
        named, generic = self._shared
        return p if p in named else generic

    @cached_property
    def _shared(self) -> tuple[frozenset[int], int]:
        """(the placements some portrait statement names, the first one none names, or -1):
        every other placement reads the same numbers off every casket, so they share one
        walk (a ring of 500 caskets is one). Found at the first walk: most small puzzles
        need none (quick_all answers them), and an engine is made for every analysis."""
        named = frozenset(y for c in self.caskets for y in c.at)
        return named, next((q for q in range(self.k) if q not in named), -1)

    def walk(self, p: int) -> Walk:
        w = self._walks.get(p)
        if w is None:
            q = self.kind_of(p)
            w = self._walks.get(q)
            if w is None:
                w = self._walks[q] = Walk(self.plan, q)
            self._walks[p] = w
        return w

    def total(self, p: int) -> int:
        """Bit set of the achievable true counts with the portrait in casket p."""
        q = self._quick[p]
        return q if q is not None else self.walk(p).total

    def true_counts(self) -> tuple[frozenset[int], ...]:
        out = []
        for p, t in enumerate(self._quick):
            if t is None:
                t = self.walk(p).total
            got = _COUNT_SETS.get(t)
            if got is None:
                if len(_COUNT_SETS) >= 4096:
                    _COUNT_SETS.clear()
                got = _COUNT_SETS[t] = frozenset(bits(t))
            out.append(got)
        return tuple(out)

    def values(self, placement: int, m: int | None = None) -> tuple[bool | None, ...] | None:
        """Each statement's value under the placement (and m): True/False when every
        consistent world agrees, None when it varies; None overall when there is no world."""
        walk = self.walk(placement)
        target = -1 if m is None else (1 << m if m >= 0 else 0)
        if not walk.total & target:
            return None
        found: dict[int, list[int]] = {}
        where = self.where
        for c, env, a, k in walk.cases(target):
            cas = self.caskets[c]
            vals = cas.statement_values(cas.detail(where), placement, env, a, k)
            acc = found.get(c)
            if acc is None:
                found[c] = vals
            else:
                for i, v in enumerate(vals):
                    acc[i] |= v
        out: list[bool | None] = []
        for cas in self.caskets:
            for v in found[cas.index]:
                out.append(None if v == CAN_FALSE | CAN_TRUE else v == CAN_TRUE)
        return tuple(out)

    def loops(self) -> tuple[LoopReport, ...]:
        caskets = self.caskets
        found = casket_loops(self.puzzle, caskets, self.units)
        if not found:
            return ()
        found = order_loops(self.puzzle, caskets, found)
        reports = []
        quick = self._quick
        rows_a, rows_m = self._rows_a, self._rows_m
        for stmts, unit in found:
            undetermined, paradox = [], []
            freed_plan = closure = None
            seen: dict[int, bool | str] = {}  # shared walk -> its verdict
            # the "other false" statements of a casket take different values among its cases
            # when none of its fixed statements is true and 1 true statement is possible, and
            # either 1 is reached two ways (free + of >= 2) or another count is possible too
            speakers = []
            for c in unit:
                cas = caskets[c]
                if cas.of:
                    speakers.append((c, cas.free + cas.of >= 2))
            for p in range(self.k) if speakers or None in quick else ():
                if quick[p] is not None:  # one state: only "other false" statements can vary
                    for c, loose in speakers:
                        kmask = rows_m[c][p]
                        if not rows_a[c][p] and kmask & 2 and (loose or kmask != 2):
                            undetermined.append(p)
                            break
                    continue
                if closure is None:  # the general walk, over the caskets the loop reaches
                    closure = reach(caskets, unit)
                    whole = len(closure) == self.k
                    plan = (self.plan if whole
                            else Plan(caskets, casket_units(caskets, closure, True)))
                    loop = frozenset(stmts)
                q = self.kind_of(p)
                if q != p and q in seen:  # the same walk as an earlier placement
                    verdict = seen[q]
                else:
                    walk = self.walk(p) if whole else Walk(plan, p)
                    if walk.total:
                        verdict = loop_varies(caskets, self.where, walk, loop, unit)
                    else:
                        if freed_plan is None:
                            freed = compile_caskets(self.puzzle, loop)
                            freed_plan = Plan(freed, casket_units(freed, closure, True))
                        verdict = "paradox" if Walk(freed_plan, p).total else False
                    seen[q] = verdict
                if verdict == "paradox":
                    paradox.append(p)
                elif verdict:
                    undetermined.append(p)
            reports.append(LoopReport(stmts, tuple(undetermined), tuple(paradox)))
        return tuple(reports)

    def worlds(self, p: int) -> int:
        """How many consistent worlds (assignments of every statement) placement p has."""
        caskets = self.caskets
        if self._quick[p] is not None:
            out = 1
            for one in caskets:
                a = self._rows_a[one.index][p]
                out *= sum(one.multiplicity(a, k) for k in bits(self._rows_m[one.index][p]))
            return out
        walk = self.walk(p)
        if not walk.total:
            return 0
        counts: dict[tuple[int, ...], int] = {(): 1}
        for unit, steps in zip(self.plan.units, walk.steps):
            nxt: dict[tuple[int, ...], int] = {}
            for key, _env, sol, new, _contrib in steps:
                w = counts.get(key, 0)
                if not w:
                    continue
                for c, (_s, a, kmask) in zip(unit, sol):
                    cas = caskets[c]
                    w *= sum(cas.multiplicity(a, k) for k in bits(kmask))
                nxt[new] = nxt.get(new, 0) + w
            counts = nxt
        return counts.get((), 0)

    def analyse(self) -> Analysis:
        analysis = Analysis(self.puzzle, self.true_counts(), self.loops(), engine="casket",
                            values=self.values)
        analysis.evaluation = self
        return analysis


class BeyondSignals(ValueError):
    """A statement kind the signal walk does not read (the whole language's count vectors do:
    see :class:`WholeEngine`)."""


def covers(puzzle: Puzzle) -> bool:
    """Whether the casket engine's signal walk reads this puzzle: the six kinds of Definition 1
    (and empty slots) under the m rule alone."""
    return not puzzle.side_rules and all(st[0] in _SIGNAL_KINDS for _c, st in puzzle.flat)


_SIGNAL_KINDS = frozenset(READINGS) | {""}


def analyse(puzzle: Puzzle) -> Analysis:
    """The exact analysis of a puzzle: true counts per placement, loops, values, every m."""
    return evaluator(puzzle).analyse()


# =========================================================================== the whole language
#: a meaning read off the placement p, the per-casket true counts K and their sum T
_Reading = Callable[[int, tuple[int, ...], int], bool]


def _readers(puzzle: Puzzle) -> Callable[[object], _Reading | None]:
    """For a puzzle, the reading of a meaning off the placement p, the per-casket true
    counts K and their sum T: a function (p, K, T) -> bool, or None for an "other"
    statement (its value depends on its own casket's other statements)."""
    from portia_tui.core.language.vocabulary import (AnyOfMeaning, CasketsMeaning, CountMeaning, GroupMeaning,
                             PortraitMeaning, compare)

    layout = puzzle.layout
    k = len(puzzle.caskets)
    n = tuple(layout.counts)
    whole = {tuple(layout.group(c)): c for c in range(k)}
    every = tuple(range(puzzle.size))

    def caskets_of(group: tuple[int, ...]) -> tuple[int, ...] | None:
        if group == every:
            return tuple(range(k))
        c = whole.get(tuple(group))
        return None if c is None else (c,)

    def reader(mn):
        """(p, K, T) -> bool for a meaning read off the placement and the counts."""
        if isinstance(mn, PortraitMeaning):
            c, pos = mn.casket, mn.positive
            return lambda p, K, T: (p == c) == pos
        if isinstance(mn, AnyOfMeaning):
            cs = frozenset(mn.caskets)
            return lambda p, K, T: p in cs
        if isinstance(mn, GroupMeaning):
            cs = caskets_of(mn.group)
            if cs is None:
                return None
            (y,) = cs
            want = n[y] if mn.value else 0
            return lambda p, K, T: K[y] == want
        if isinstance(mn, CountMeaning):
            total = len(mn.group)
            op, kk, value = mn.op, mn.k, mn.value
            if tuple(mn.group) == every:
                return lambda p, K, T: compare(T if value else total - T, op, kk)
            cs = caskets_of(mn.group)
            assert cs is not None and len(cs) == 1, mn
            (y,) = cs
            return lambda p, K, T: compare(K[y] if value else total - K[y], op, kk)
        if isinstance(mn, CasketsMeaning):
            cs = [caskets_of(g) for g in mn.groups]
            assert all(c is not None and len(c) == 1 for c in cs), mn
            pairs = tuple((c[0], a) for c, a in zip(cs, mn.accept))  # type: ignore[index]
            op, kk = mn.op, mn.k
            return lambda p, K, T: compare(sum(1 for y, a in pairs if K[y] in a), op, kk)
        raise TypeError(f"no reading for {mn!r}")

    return reader


#: the vectors the whole-language engine enumerates, summed over the placements, before it
#: asks SAT instead (about 0.2 s of enumeration)
ENUMERATION_LIMIT = 6000


def _product(sizes) -> int:
    out = 1
    for x in sizes:
        out *= x
    return out


def _casket_counters(sat, counts: Sequence[int]) -> list[tuple[list[int], list[int]]]:
    """Per casket of a SatEngine's puzzle, (up, down): up[j] is forced true by more than j
    true statements on it, down[j] by more than j false ones (python-sat's ITotalizer, one
    direction each, which is all a blocking clause needs)."""
    from pysat.card import ITotalizer

    out = []
    at = sat.k + 1
    for n in counts:
        lits = list(range(at, at + n))
        at += n
        up = ITotalizer(lits=lits, ubound=n, top_id=sat.top)
        sat.top = max(sat.top, up.top_id)  # (see SatEngine._bounds_for)
        down = ITotalizer(lits=[-v for v in lits], ubound=n, top_id=sat.top)
        sat.top = max(sat.top, down.top_id)
        sat.solver.append_formula(up.cnf.clauses + down.cnf.clauses)
        out.append((list(up.rhs), list(down.rhs)))
        up.delete()
        down.delete()
    return out


class _Only:
    """A count vector that knows one casket's count (a rule about that casket alone reads no
    other)."""

    __slots__ = ("c", "kc")

    def __init__(self, c: int, kc: int):
        self.c, self.kc = c, kc

    def __getitem__(self, y: int) -> int:
        assert y == self.c
        return self.kc


class WholeEngine:
    """The casket engine for the whole language (core/language/rules.py, the counting and maker kinds).

    Every statement beyond "other" and empty slots is a condition on the placement and the true
    count K of the caskets it reads (a count on a casket reads its K, a count over all reads the
    sum, a maker statement reads whether K is 0 or n, a rule reads the same), so a world is a
    placement and a vector of per-casket true counts: each casket must reach its own K from the
    statements the vector fixes, plus its "other" statements and empty slots (whose values only
    depend on their own casket's K). The engine walks the vectors (the product of n + 1 counts
    per casket) under each placement; loops are classified on their closure, rules aside, as the
    semantics page defines them.

    `free`: statements read as empty slots (outside a loop's closure, or a loop set free);
    `rules`: whether the side rules must hold.
    """

    def __init__(self, puzzle: Puzzle, free: frozenset[int] = frozenset(), rules: bool = True,
                 limit: int = ENUMERATION_LIMIT):
        from portia_tui.core.language.vocabulary import (AnyOfMeaning, FreeMeaning, GroupMeaning,
                                                         PortraitMeaning)

        self.puzzle = puzzle
        self.k = k = len(puzzle.caskets)
        self.n = tuple(puzzle.layout.counts)
        size = puzzle.size
        reader = _readers(puzzle)
        #: per casket: (readers of its fixed statements with their numbers), ot, of, free
        self.fixed: list[list[tuple[int, _Reading]]] = [[] for _ in range(k)]
        self.ot = [0] * k
        self.of = [0] * k
        self.free = [0] * k
        self.kind: list[str] = [""] * size
        #: fixed statements whose value the placement alone decides, and the placements
        #: they name (under any other placement every statement reads the same)
        self.placed: set[int] = set()
        self._named: set[int] = set()
        self._totals: dict[int, int] = {}
        self._world_counts: dict[int, int] = {}
        self._value_sets: dict[tuple[int, int | None], tuple[bool | None, ...] | None] = {}
        for i, mn in enumerate(puzzle.meanings):
            c = puzzle.owner(i)
            if i in free or isinstance(mn, FreeMeaning):
                self.free[c] += 1
                self.kind[i] = "free"
                continue
            fn = reader(mn)
            if fn is None:  # an "other" statement: every other statement on its casket
                assert isinstance(mn, GroupMeaning)
                if mn.value:
                    self.ot[c] += 1
                    self.kind[i] = "ot"
                else:
                    self.of[c] += 1
                    self.kind[i] = "of"
                continue
            self.fixed[c].append((i, fn))
            self.kind[i] = "fixed"
            if isinstance(mn, PortraitMeaning):
                self.placed.add(i)
                self._named.add(mn.casket)
            elif isinstance(mn, AnyOfMeaning):
                self.placed.add(i)
                self._named.update(mn.caskets)
        #: the side rules' readings (a rule is never an "other" statement: none is None)
        self.rules: list[_Reading] = [r for r in map(reader, puzzle.conditions)
                                      if r is not None] if rules else []
        self._free_set, self._with_rules = frozenset(free), rules
        self._sat = None
        self._unary: list[tuple[list[int], list[int]]] | None = None
        self._plan(limit)

    def _plan(self, limit: int) -> None:
        """The rules about one casket alone, the candidates per placement, and whether to
        enumerate them (`small`) or ask SAT."""
        k = self.k
        #: rules that read one casket's count alone ("On every casket ..."): casket -> readers
        self.own_rules: dict[int, list] = {}
        whole = {tuple(self.puzzle.layout.group(c)): c for c in range(k)}
        conditions = self.puzzle.conditions if self._with_rules else ()
        for mn, fn in zip(conditions, self.rules):
            y = whole.get(tuple(getattr(mn, "group", ())))
            if y is not None:
                self.own_rules.setdefault(y, []).append(fn)
        self._generic = next((q for q in range(k) if q not in self._named), -1)
        self._candidates: dict[int, list[range | list[int]]] = {}
        #: the vectors left to try, summed over the placements: above `limit`, the questions
        #: go to SAT (core/solve/sat.py) instead of the enumeration
        sizes: dict[int, int] = {}
        for p in range(k):
            q = self.key(p)
            if q not in sizes:
                sizes[q] = _product(len(cs) for cs in self.candidates(q))
        self.work = sum(sizes[self.key(p)] for p in range(k))
        self.small = self.work < limit

    # ------------------------------------------------------------------ one casket
    def triples(self, c: int, kc: int, d: int) -> list[tuple[int, int, int]]:
        """The (true "other true", true "other false", true empty) numbers that bring casket c
        from d fixed true statements to kc true statements."""
        n, ot, of, fr = self.n[c], self.ot[c], self.of[c], self.free[c]
        r = kc - d
        if r < 0:
            return []
        if ot:
            if kc == n:
                ots = range(ot + 1)
            elif kc == n - 1:
                return []
            else:
                ots = range(1)
        else:
            ots = range(1)
        if of:
            if kc == 1:
                ofs = range(of + 1)
            elif kc == 0:
                return []
            else:
                ofs = range(1)
        else:
            ofs = range(1)
        return [(a, b, r - a - b) for a in ots for b in ofs if 0 <= r - a - b <= fr]

    # ------------------------------------------------------------------ worlds
    def candidates(self, p: int) -> list[range | list[int]]:
        """Per casket, the counts K it can have under placement p at all: those some value of
        its statements that read other caskets (or the totals) makes consistent, and that the
        rules about that casket alone allow."""
        p = self.key(p)
        got = self._candidates.get(p)
        if got is not None:
            return got
        out: list[range | list[int]] = []
        for c in range(self.k):
            known = open_ = 0
            for i, fn in self.fixed[c]:
                if i in self.placed:
                    known += fn(p, (), 0)
                else:
                    open_ += 1
            own = self.own_rules.get(c, ())
            ks = [kc for kc in range(self.n[c] + 1)
                  if any(self.triples(c, kc, d) for d in range(known, known + open_ + 1))
                  and all(fn(p, _Only(c, kc), 0) for fn in own)]
            out.append(ks if len(ks) <= self.n[c] else range(self.n[c] + 1))
        self._candidates[p] = out
        return out

    def vectors(self, p: int):
        """(K, T, per casket its triples and fixed values) for every consistent vector: the
        candidates' product when it is small, else SAT's models one vector at a time (each
        found is blocked), so the work follows the consistent vectors, not the product. Both
        are bounded by the budget in force (core/solve/budget.py)."""
        if not self.small:
            yield from self._sat_vectors(p)
            return
        from itertools import product

        for K in product(*self.candidates(p)):
            check()
            got = self._vector(p, K)
            if got is not None:
                yield got

    def _vector(self, p: int, K: tuple[int, ...]):
        """(K, T, per casket its fixed values and triples) when vector K is consistent under
        placement p, else None."""
        T = sum(K)
        if any(not fn(p, K, T) for fn in self.rules):
            return None
        found = []
        for c in range(self.k):
            vals = [(i, fn(p, K, T)) for i, fn in self.fixed[c]]
            ts = self.triples(c, K[c], sum(v for _i, v in vals))
            if not ts:
                return None
            found.append((vals, ts))
        return K, T, found

    def _sat_vectors(self, p: int):
        """The consistent vectors under placement p from SAT: a model gives one (its true
        counts per casket); a clause (under a literal of this walk) then asks for another."""
        sat = self.sat()
        if self._unary is None:
            self._unary = _casket_counters(sat, self.n)
        walk = sat.top = sat.top + 1
        base = [p + 1, walk] + sat.everything
        first = self.k + 1  # statement i's variable is k + i + 1
        try:
            while True:
                model = sat.model_under(base)
                if model is None:
                    return
                K, at = [], first
                for n in self.n:
                    K.append(sum(1 for v in model[at - 1:at - 1 + n] if v > 0))
                    at += n
                got = self._vector(p, tuple(K))
                assert got is not None, K  # SAT's worlds are consistent
                yield got
                clause = [-walk]
                for (up, down), kc, n in zip(self._unary, K, self.n):
                    if kc > 0:  # fewer than kc true
                        clause.append(-up[kc - 1])
                    if kc < n:  # more than kc true: fewer than n - kc false
                        clause.append(-down[n - kc - 1])
                sat.solver.add_clause(clause)
        finally:
            sat.solver.add_clause([-walk])  # this walk's clauses are done with

    def sat(self):
        """The SAT engine over the same puzzle (its free statements emptied, its side rules
        dropped when they are not to hold), for the questions too large to enumerate."""
        if self._sat is None:
            from portia_tui.core.language.rules import is_m_rule
            from portia_tui.core.solve.sat import SatEngine

            puzzle = self.puzzle
            if self._free_set:
                caskets = []
                for c, cas in enumerate(puzzle.caskets):
                    start = puzzle.layout.offset(c)
                    caskets.append(cas.__class__(cas.name, tuple(
                        EMPTY if start + j in self._free_set else st
                        for j, st in enumerate(cas.statements))))
                puzzle = puzzle.replace(caskets=tuple(caskets))
            if not self._with_rules:
                puzzle = puzzle.replace(rules=tuple(r for r in puzzle.rules if is_m_rule(r)))
            self._sat = SatEngine(puzzle)
        return self._sat

    def key(self, p: int) -> int:
        """The placement whose answers p shares: p itself when a statement reads it (a
        portrait statement naming it), else the first placement none names (every statement
        has the same value under all of those)."""
        return p if p in self._named else self._generic

    def total(self, p: int) -> int:
        """Bit set of the achievable true counts with the portrait in casket p."""
        q = self.key(p)
        got = self._totals.get(q)
        if got is None:
            got = self._totals[q] = self._total(q)
        return got

    def worlds(self, p: int) -> int:
        """How many consistent worlds (assignments of every statement) placement p has."""
        q = self.key(p)
        got = self._world_counts.get(q)
        if got is None:
            got = self._world_counts[q] = self._worlds(q)
        return got

    def values(self, placement: int, m: int | None = None) -> tuple[bool | None, ...] | None:
        """Each statement's value under the placement (and m): True/False when every
        consistent world agrees, None when it varies; None overall when there is no world."""
        key = (self.key(placement), m)
        if key not in self._value_sets:
            self._value_sets[key] = self._values(key[0], m)
        return self._value_sets[key]

    def _total(self, p: int) -> int:
        out = 0
        if not self.small:
            for t in self.sat().counts(p):
                out |= 1 << t
            return out
        for _K, T, _f in self.vectors(p):
            out |= 1 << T
        return out

    def true_counts(self) -> tuple[frozenset[int], ...]:
        return tuple(frozenset(bits(self.total(p))) for p in range(self.k))

    def _worlds(self, p: int) -> int:
        out = 0
        for _K, _T, found in self.vectors(p):
            w = 1
            for c, (_vals, ts) in enumerate(found):
                w *= sum(comb(self.ot[c], a) * comb(self.of[c], b) * comb(self.free[c], f)
                         for a, b, f in ts)
            out += w
        return out

    def _values(self, placement: int, m: int | None) -> tuple[bool | None, ...] | None:
        if not self.small:
            return self.sat().values(placement, m)
        acc = [0] * self.puzzle.size
        seen = False
        for _K, T, found in self.vectors(placement):
            if m is not None and T != m:
                continue
            seen = True
            self._add_values(acc, found)
        if not seen:
            return None
        return tuple(None if v == CAN_FALSE | CAN_TRUE else v == CAN_TRUE for v in acc)

    def _add_values(self, acc: list[int], found) -> None:
        """Add to `acc` each statement's value set (CAN_FALSE | CAN_TRUE) in the worlds of one
        consistent vector (`found`, as :meth:`vectors` gives it)."""
        for c, (vals, ts) in enumerate(found):
            for i, v in vals:
                acc[i] |= CAN_TRUE if v else CAN_FALSE
            can = {"ot": 0, "of": 0, "free": 0}
            for a, b, f in ts:
                for key, x, most in (("ot", a, self.ot[c]), ("of", b, self.of[c]),
                                     ("free", f, self.free[c])):
                    if x:
                        can[key] |= CAN_TRUE
                    if x < most:
                        can[key] |= CAN_FALSE
            start = self.puzzle.layout.offset(c)
            for i in range(start, start + self.n[c]):
                kind = self.kind[i]
                if kind != "fixed":
                    acc[i] |= can[kind]

    def value_sets(self, placement: int) -> list[tuple[int, ...]]:
        """Per consistent vector of true counts under the placement, each statement's value
        set (CAN_FALSE | CAN_TRUE) in that vector's worlds. Given the placement and the
        vector, the statements of different caskets take their values independently (a fixed
        statement's value is read off the placement and the counts, an "other" statement and
        an empty slot read only their own casket's count), so two statements on different
        caskets take different values in some world exactly when, in some vector, their
        value sets are not one and the same value. (Enumerated, or SAT's vectors beyond
        the limit; bounded by the budget in force.)"""
        out = []
        for _K, _T, found in self.vectors(self.key(placement)):
            acc = [0] * self.puzzle.size
            self._add_values(acc, found)
            out.append(tuple(acc))
        return out

    # ------------------------------------------------------------------ loops
    def loops(self) -> tuple[LoopReport, ...]:
        from portia_tui.core.solve.semantics import closure, find_loops

        puzzle = self.puzzle
        reports = []
        sat = None
        for number, loop in enumerate(find_loops(puzzle)):
            whole = set(closure(puzzle, loop))
            outside = frozenset(i for i in range(puzzle.size) if i not in whole)
            inner = WholeEngine(puzzle, outside, rules=False)
            if not inner.small:  # too many vectors: SAT classifies it on the same closure
                if sat is None:
                    from portia_tui.core.solve.sat import SatEngine

                    sat = SatEngine(puzzle)
                reports.append(sat.loop_report(number, self.key))
                continue
            members = set(loop)
            undetermined, paradox = [], []
            seen: dict[int, str] = {}  # placement shared (see `key`) -> its verdict
            for p in range(self.k):
                q = self.key(p)
                if q not in seen:
                    seen[q] = ""
                    if inner.assignments(q, members) >= 2:
                        seen[q] = "undetermined"
                    elif not inner.total(q):
                        freed = WholeEngine(puzzle, outside | members, rules=False)
                        if freed.total(q):
                            seen[q] = "paradox"
                if seen[q] == "undetermined":
                    undetermined.append(p)
                elif seen[q] == "paradox":
                    paradox.append(p)
            reports.append(LoopReport(tuple(loop), tuple(undetermined), tuple(paradox)))
        return tuple(reports)

    def assignments(self, p: int, members: set[int], enough: int = 2) -> int:
        """How many distinct value assignments of `members` consistent worlds give, up to
        `enough` (counting stops there: a vector can add several at once, so the count is
        capped, and the SAT path and the enumeration, which meet the vectors in different
        orders, say the same)."""
        groups = self.puzzle.layout
        keys: dict[tuple, int] = {}
        total = 0
        for _K, _T, found in self.vectors(p):
            fixed = tuple(v for vals, _ts in found for i, v in vals if i in members)
            per = []
            for c, (_vals, ts) in enumerate(found):
                start = groups.offset(c)
                inside = any(self.kind[i] in ("ot", "of") and i in members
                             for i in range(start, start + self.n[c]))
                per.append((c, inside, sorted({(a, b) for a, b, _f in ts}) if inside else [None]))
            options = [[(c, ab) for ab in abs_] for c, inside, abs_ in per]
            from itertools import product

            for combo in product(*options):
                key = (fixed, combo)
                if key in keys:
                    continue
                w = 1
                for c, ab in combo:
                    if ab is not None:
                        w *= comb(self.ot[c], ab[0]) * comb(self.of[c], ab[1])
                keys[key] = w
                total += w
                if total >= enough:
                    return enough
        return total

    def analyse(self) -> Analysis:
        analysis = Analysis(self.puzzle, self.true_counts(), self.loops(), engine="casket",
                            values=self.values)
        analysis.evaluation = self
        return analysis


def evaluator(puzzle: Puzzle) -> "CasketEngine | WholeEngine":
    """The casket engine that reads this puzzle: the signal walk for the thesis's language,
    the count vectors for the whole language."""
    if puzzle.side_rules:
        return WholeEngine(puzzle)
    try:
        return CasketEngine(puzzle)
    except BeyondSignals:  # a kind beyond Definition 1 (compiling found it)
        return WholeEngine(puzzle)
