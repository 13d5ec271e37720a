"""Quality filters: what makes a generated puzzle dull, defined exactly.

A *world* is a placement of the portrait and any truth value for every statement (consistent
or not). Two statements' meanings are compared over every world:

- *exact negation*: one is true exactly when the other is false, in every world. That is
  "The portrait is in X" beside "The portrait is not in X" (also "in this casket" beside "not
  in this casket"), and with two caskets "in the gold" beside "in the silver"; and "The
  statement on Y is true" beside "... is false" when Y carries exactly one statement. "The
  statements on Y are true / false" about several statements are *not* negations (both are
  false when Y is mixed), nor are two "other" statements (they speak of different groups).
- *echo*: two different statements that are true in exactly the same worlds, e.g. with two
  caskets "in the gold" and "not in the silver". An identical statement twice is a *repeat*,
  governed by the repeats setting, not by this filter.
- *twins*: two puzzles of a pack that are the same up to renaming the caskets and reordering
  the statements on a casket (:func:`portia_tui.core.packs.twins.twin_key`).

The generator keeps every casket free of negation pairs and echoes unless the settings allow
them, and a pack free of twins.

The filters of issue 19 (:data:`FILTERS`, each on by default in every generator path, each
lifted by its setting) read the puzzle's *consistent* worlds too: per placement, the truth
assignments that agree with every statement's meaning, m and the rules aside (:class:`Worlds`,
from the casket engine or, loop-free, from the placement masks):

- *symmetry* (:func:`symmetric_pair`): two placements on which every portrait statement has
  the same value (nothing else reads the placement, so nothing tells them apart);
- *giveaways* (:func:`fixes_every_value`, :func:`giveaway_m`): rules that alone fix every value;
- *repeats* (:func:`repeated`): the same statement twice on a casket;
- *echoes* across caskets (:meth:`Worlds.echoes`): two statements with the same value in every
  consistent world; hard at n <= ECHO_HARD_UP_TO, a ranking score above;
- *fillers* (:meth:`Worlds.filler_lids`): a casket whose true count never changes; a pack of N
  puzzles keeps at most N // WINDOW such puzzles in all (:func:`fillers_allowed`), and never
  more than FILLERS_PER_WINDOW in any WINDOW in a row (:class:`Keeper`);
- *wasted* (:func:`wasted`): the statements that could be blanked with the answer unchanged;
  ranked, WASTED_PREFERRED preferred;
- *sameness* (:class:`Keeper`): answers rotate, no motif (:func:`motifs`) more than
  MOTIFS_PER_WINDOW times in WINDOW.

:func:`faults` reports what each finds in one puzzle (tools/quality_report.py reads it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Callable

from portia_tui.core.language.model import Puzzle

if TYPE_CHECKING:  # (the search and the settings import this module)
    from portia_tui.core.packs.generator.search import Generated
    from portia_tui.core.packs.generator.settings import Settings
from portia_tui.core.language.vocabulary import (AnyOfMeaning, FreeMeaning, GroupMeaning, Meaning,
                                                 PortraitMeaning)


def signature(meaning: Meaning, caskets: int) -> tuple | None:
    """A value equal for two meanings exactly when they are true in the same worlds (None for
    an empty slot, which says nothing)."""
    if isinstance(meaning, FreeMeaning):
        return None
    if isinstance(meaning, PortraitMeaning):
        mask = 1 << meaning.casket
        if not meaning.positive:
            mask ^= (1 << caskets) - 1
        return ("placement", mask)
    if isinstance(meaning, AnyOfMeaning):
        return ("placement", sum(1 << c for c in meaning.caskets))
    if not isinstance(meaning, GroupMeaning):  # a count: compared as it stands
        return ("meaning", meaning)
    if len(meaning.group) == 1:  # "all true" of one statement: that statement is true
        return ("statement", meaning.group[0], meaning.value)
    return ("group", meaning.group, meaning.value)


def negated(sig: tuple, caskets: int) -> tuple | None:
    """The signature of the exact negation of a meaning, or None when no meaning is one."""
    if sig[0] == "placement":
        return ("placement", sig[1] ^ ((1 << caskets) - 1))
    if sig[0] == "statement":
        return ("statement", sig[1], not sig[2])
    return None


def _pairs(puzzle: Puzzle):
    """(i, j, signature i, signature j) for statements i < j on the same casket."""
    k = len(puzzle.caskets)
    sigs = [signature(m, k) for m in puzzle.meanings]
    for c in range(k):
        group = puzzle.layout.group(c)
        for x, i in enumerate(group):
            for j in group[x + 1:]:
                if sigs[i] is not None and sigs[j] is not None:
                    yield i, j, sigs[i], sigs[j]


def negation_pairs(puzzle: Puzzle) -> list[tuple[int, int]]:
    """Statement pairs (0-based, i < j) on one casket that are each other's exact negation."""
    k = len(puzzle.caskets)
    return [(i, j) for i, j, a, b in _pairs(puzzle) if negated(a, k) == b]


def echo_pairs(puzzle: Puzzle, repeats: bool = False) -> list[tuple[int, int]]:
    """Statement pairs on one casket that say the same; identical statements too if
    `repeats`."""
    flat = puzzle.flat
    return [(i, j) for i, j, a, b in _pairs(puzzle)
            if a == b and (repeats or flat[i][1] != flat[j][1])]


# =========================================================================== the filters
# Every filter is defined once here; the searches (.search, .families) call these functions,
# the command line builds its --allow-NAME switches from FILTERS, tools/quality_report.py
# reports the share of puzzles failing each.


@dataclass(frozen=True)
class Filter:
    """One quality filter: its short name (the --allow-NAME switch), the setting that lifts
    it, what it keeps out (one line, for --help), and how it acts: "hard" (never kept),
    "score" (ranked: the best of a few candidates is kept) or "pack" (judged against the
    puzzles of the pack made before)."""

    name: str
    setting: str
    summary: str
    acts: str

    @property
    def switch(self) -> str:
        """The command line's switch that lifts it."""
        return f"--allow-{self.name}"


FILTERS: dict[str, Filter] = {f.name: f for f in (
    Filter("symmetry", "allow_symmetry", "two placements that every portrait statement treats "
           "alike (the answer follows by symmetry)", "hard"),
    Filter("giveaways", "allow_giveaways", "a rule that fixes every statement's value (m = 0, "
           "m = all, 'No statements are false', ...)", "hard"),
    Filter("repeats", "repeats", "the same sentence twice on a casket", "hard"),
    Filter("negations", "allow_negations", "a statement beside its exact negation on a casket",
           "hard"),
    Filter("echoes", "allow_echoes", "two statements true in exactly the same worlds (on one "
           "casket; across caskets at n = 1 and 2, a score above)", "hard"),
    Filter("fillers", "allow_fillers", "a filler lid (a casket whose true count is the same "
           "in every world) in more than one puzzle of 8", "pack"),
    Filter("wasted", "allow_wasted", "statements that could be blanked with the answer "
           "unchanged (ranked: at most 1/3 preferred)", "score"),
    Filter("sameness", "allow_sameness", "a pack whose answers do not rotate or that repeats a "
           "motif (a filler-lid pattern, a rule) more than twice in 8", "pack"),
    Filter("twins", "allow_twins", "two puzzles of a pack the same up to renaming", "pack"),
)}

#: a pack keeps at most this many puzzles with a filler lid in any run of WINDOW puzzles
WINDOW = 8
FILLERS_PER_WINDOW = 1
MOTIFS_PER_WINDOW = 2
#: answers rotate in packs of this many puzzles or more
ROTATE_FROM = 6
#: the wasted-statement share preferred; a puzzle above it is held, and the best of POOL held
#: candidates is kept when none comes in under it
WASTED_PREFERRED = 1 / 3
POOL = 2
#: the cross-casket echo is a hard filter up to this many statements on a casket
ECHO_HARD_UP_TO = 2


def fillers_allowed(count: int) -> int:
    """The most puzzles with a filler lid a pack of `count` puzzles keeps: one per WINDOW
    puzzles of the whole pack (floor), and never more than FILLERS_PER_WINDOW in any WINDOW
    in a row (:class:`Keeper` checks both)."""
    return count // WINDOW * FILLERS_PER_WINDOW


def portrait_masks(puzzle: Puzzle) -> list[int]:
    """The placements (bit mask) where each statement that speaks only of where the portrait
    is holds ("in X", "not in X", "in X or Y"), in statement order."""
    k = len(puzzle.caskets)
    full = (1 << k) - 1
    out = []
    for mn in puzzle.meanings:
        if isinstance(mn, PortraitMeaning):
            mask = 1 << mn.casket
            out.append(mask if mn.positive else full ^ mask)
        elif isinstance(mn, AnyOfMeaning):
            out.append(sum(1 << c for c in mn.caskets))
    return out


def symmetric_pair(masks: list[int], k: int) -> tuple[int, int] | None:
    """Two placements (p < q) on which every portrait statement (its placement mask) has the
    same value, or None.

    The exact test of the symmetry filter. Every other statement kind (about statements, counts,
    makers) and every rule reads only truth values, never the placement, so two placements
    that agree on every portrait statement have the same consistent worlds: no statement or
    rule can tell them apart, neither is ever the one answer, and with three caskets the third
    wins without any logic.

    Up to _SEPARATES_UP_TO caskets each mask is read once, off a table of the placement
    pairs it tells apart (:func:`_separates`); the first pair none tells apart (by q, then
    p) is the pair the column-by-column test below finds."""
    if k <= _SEPARATES_UP_TO:
        table, every = _separates(k)
        apart = 0
        for m in set(masks):
            apart |= table[m]
        missing = every & ~apart
        if not missing:
            return None
        return _PAIRS[(missing & -missing).bit_length() - 1]
    seen: dict[tuple[int, ...], int] = {}
    for p in range(k):
        column = tuple(m >> p & 1 for m in masks)
        if column in seen:
            return seen[column], p
        seen[column] = p
    return None


#: symmetric_pair reads a table of 2^k entries up to this many caskets
_SEPARATES_UP_TO = 8
#: the placement pairs (p, q), p < q, in the order of their bits in :func:`_separates`: by q,
#: then p
_PAIRS = [(p, q) for q in range(_SEPARATES_UP_TO) for p in range(q)]
_separates_by_k: dict[int, tuple[list[int], int]] = {}


def _separates(k: int) -> tuple[list[int], int]:
    """Per placement mask over k caskets, the bit set of the placement pairs (p, q) it tells
    apart (one bit per pair, at its index in _PAIRS), and the bit set of every pair."""
    got = _separates_by_k.get(k)
    if got is None:
        pairs = [(i, p, q) for i, (p, q) in enumerate(_PAIRS) if q < k]
        table = [sum(1 << i for i, p, q in pairs if (m >> p ^ m >> q) & 1)
                 for m in range(1 << k)]
        got = _separates_by_k[k] = (table, sum(1 << i for i, _p, _q in pairs))
    return got


def fixes_every_value(rules, layout) -> bool:
    """Whether the rules alone fix every statement's value (a giveaway: m = 0, m = all, "No
    statements are false", "All three caskets bear only true statements", ...): exactly one
    vector of true counts per casket meets them, and it makes each casket all true or all
    false. Every rule reads true counts only, so one truth assignment per vector will do."""
    from itertools import product

    from portia_tui.core.language.rules import conditions, rule_kind
    from portia_tui.core.language.vocabulary import evaluate

    conds = conditions(tuple(rules), layout)
    counts = layout.counts
    if all(rule_kind(r).reads_sum for r in rules):  # totals read the sum alone
        totals = [t for t in range(layout.size + 1)
                  if all(evaluate(c, 0, [i < t for i in range(layout.size)]) for c in conds)]
        return totals in ([0], [layout.size])
    met = []
    for K in product(*(range(n + 1) for n in counts)):
        world = [i < k for n, k in zip(counts, K) for i in range(n)]
        if all(evaluate(c, 0, world) for c in conds):
            met.append(K)
            if len(met) > 1:
                return False
    return len(met) == 1 and all(k in (0, n) for k, n in zip(met[0], counts))


def plain_counts(items: list) -> list:
    """A menu of statements or rules without the counts that say what a plainer one says:
    "at most 0" (say "no": exactly 0) and "at least" the top of the count (say "all": exactly
    that many). The generator draws from such menus, so its puzzles read "No caskets ..." and
    "All three caskets ..." (the parser still reads the other forms)."""
    tops: dict = {}
    for x in items:
        if getattr(x, "op", ""):
            key = x._replace(op="", k=0)
            tops[key] = max(tops.get(key, 0), x.k)
    return [x for x in items if not getattr(x, "op", "") or not (
        (x.op == "at most" and x.k == 0)
        or (x.op == "at least" and x.k == tops[x._replace(op="", k=0)]))]


def giveaway_m(m: int, size: int) -> bool:
    """m = 0 or m = all: the m rule alone fixes every statement's value."""
    return m == 0 or m == size


def repeated(puzzle: Puzzle) -> list[tuple[int, int]]:
    """Statement pairs (i < j) on one casket that are the same statement (the same sentence)."""
    flat = puzzle.flat
    out: list[tuple[int, int]] = []
    for c in range(len(puzzle.caskets)):
        group = puzzle.layout.group(c)
        for x, i in enumerate(group):
            out.extend((i, j) for j in group[x + 1:] if flat[i][1] == flat[j][1])
    return out


@dataclass(frozen=True)
class Worlds:
    """The consistent worlds of a puzzle's statements, rules and m aside: per placement, each
    statement's value (None where the worlds differ; the row None where no world is
    consistent) and each casket's reachable true counts. `differ(p, i, j)` says whether some
    consistent world under placement p gives statements i and j (on different caskets, both
    open under p) different values; :meth:`echoes` asks it only for such pairs."""

    k: int
    owners: tuple[int, ...]
    values: tuple[tuple[bool | None, ...] | None, ...]
    counts: tuple[tuple[frozenset[int], ...], ...]
    differ: Callable[[int, int, int], bool] | None = field(default=None, compare=False)

    @classmethod
    def from_masks(cls, masks: list[list[int]], k: int) -> "Worlds":
        """A loop-free puzzle: per casket, each statement's placement mask (its one consistent
        world under each placement). (The searches read such masks directly with
        :func:`mask_echoes` and :func:`mask_fillers`, the same tests; the tests compare.)"""
        owners = tuple(c for c, row in enumerate(masks) for _ in row)
        flat = [v for row in masks for v in row]
        values = tuple(tuple(bool(v >> p & 1) for v in flat) for p in range(k))
        counts = tuple(tuple(frozenset({sum(v >> p & 1 for v in row)}) for row in masks)
                       for p in range(k))
        return cls(k, owners, values, counts)

    @classmethod
    def from_engine(cls, engine, puzzle: Puzzle, values_too: bool = True,
                    vectors: list[list[tuple[int, ...]]] | None = None) -> "Worlds":
        """From the casket engine (CasketEngine with m open, or WholeEngine without rules).
        `values_too` False: the counts alone (:meth:`filler_lids` reads them; the values,
        which :meth:`echoes` reads, are then None). `vectors`: per placement the consistent
        vectors of true counts the WholeEngine gives (:meth:`WholeEngine.vectors`), when the
        caller has them already. Where two statements are both open under a placement, the
        whole-language engine's worlds per vector of true counts
        (:meth:`WholeEngine.value_sets`) tell whether they can differ."""
        from portia_tui.core.solve.engine import CAN_FALSE, CAN_TRUE, CasketEngine, WholeEngine

        k = len(puzzle.caskets)
        values, counts = [], []
        for p in range(k):
            seen: list[set[int]] = [set() for _ in range(k)]
            if isinstance(engine, CasketEngine):
                walk = engine.walk(p)
                for c, _env, _a, kc in walk.cases(-1):
                    seen[c].add(kc)
                values.append(engine.values(p) if walk.total and values_too else None)
            else:
                for K in (vectors[p] if vectors is not None
                          else (K for K, _T, _found in engine.vectors(p))):
                    for c, kc in enumerate(K):
                        seen[c].add(kc)
                values.append(engine.values(p) if any(seen) and values_too else None)
            counts.append(tuple(frozenset(s) for s in seen))
        whole: list = [engine if isinstance(engine, WholeEngine) else None]
        sets: dict[int, list[tuple[int, ...]]] = {}

        def differ(p: int, i: int, j: int) -> bool:
            if whole[0] is None:
                whole[0] = WholeEngine(puzzle.replace(m=None, rules=()), rules=False)
            got = sets.get(p)
            if got is None:
                got = sets[p] = whole[0].value_sets(p)
            return any(not (a == b and a in (CAN_TRUE, CAN_FALSE))
                       for a, b in ((row[i], row[j]) for row in got))

        return cls(k, tuple(c for c, _st in puzzle.flat), tuple(values), tuple(counts), differ)

    def filler_lids(self) -> list[int]:
        """Caskets whose true count is the same in every consistent world of every placement."""
        out = []
        for c in range(len(self.counts[0]) if self.counts else 0):
            every: set[int] = set()
            for row in self.counts:
                every |= row[c]
            if len(every) == 1:
                out.append(c)
        return out

    def echoes(self) -> list[tuple[int, int]]:
        """Statement pairs (i < j) on different caskets true in exactly the same consistent
        worlds (every placement, every truth assignment that agrees with every statement's
        meaning; m and the rules aside): under every placement with a consistent world
        either both have one value and it is the same, or both are open and no world there
        gives them different values (:attr:`differ`). A puzzle with no consistent world at
        all has none (nothing to compare)."""
        size = len(self.owners)
        out: list[tuple[int, int]] = []
        rows = [(p, r) for p, r in enumerate(self.values) if r is not None]
        if not rows:  # no consistent world at all: nothing to compare
            return out
        for i in range(size):
            for j in range(i + 1, size):
                if self.owners[i] == self.owners[j]:
                    continue
                if any(r[i] != r[j] for _p, r in rows):
                    continue
                open_ = [p for p, r in rows if r[i] is None]
                if open_:
                    assert self.differ is not None, "open statements need differ"
                    if any(self.differ(p, i, j) for p in open_):
                        continue
                out.append((i, j))
        return out


#: the most statements on other caskets that :func:`lid_counts` reads jointly with a lid's
#: own (2 ** this many assignments at most); a statement reading more is taken as free
LID_FOREIGN_LIMIT = 4


def lid_counts(puzzle: Puzzle, casket: int, most: int = 2) -> frozenset[int]:
    """The true counts of a casket over its *local* worlds, up to `most` of them (the search
    stops at `most`): every placement and every truth assignment of the casket's own
    statements that some values of the statements they read on other caskets make agree with
    each own statement's meaning (a statement reading more than LID_FOREIGN_LIMIT of those is
    taken as free). Every consistent world of the whole puzzle gives its casket one of these
    counts (a consistent world is a local one), so the set holds every count
    :meth:`Worlds.filler_lids` reads there, and more perhaps:

    - one count: the casket is a filler lid (:meth:`Worlds.filler_lids` lists it) whenever the
      puzzle has a consistent world at all;
    - none: the puzzle has no consistent world;
    - two or more: nothing is known (the full test decides).

    It reads the casket's statements and the layout alone, so it is exact and cheap: the
    searches ask it before any engine is built (:func:`sure_fillers`), and a walk that
    redraws one statement asks it again for one casket only (kept per casket)."""
    c = casket
    return _lid_counts(puzzle.layout, c, puzzle.caskets[c].statements, most)


@lru_cache(maxsize=1 << 14)
def _lid_counts(layout, c: int, statements: tuple, most: int) -> frozenset[int]:
    from itertools import product

    from portia_tui.core.language.vocabulary import evaluate, meaning, refers_to

    start = layout.offset(c)
    own = range(start, start + len(statements))
    reads = []  # (index, meaning, foreign statements read) of the statements kept
    for i, st in zip(own, statements):
        mn = meaning(st, layout, c, i)
        reads.append((i, mn, sorted(set(refers_to(mn)) - set(own))))
    reads.sort(key=lambda r: len(r[2]))
    foreign: list[int] = []
    kept: list[tuple[int, Meaning]] = []
    for i, mn, far in reads:
        more = sorted(set(foreign) | set(far))
        if len(more) > LID_FOREIGN_LIMIT:
            continue  # taken as free: any value is local
        foreign, kept = more, kept + [(i, mn)]
    values = [False] * layout.size
    found: set[int] = set()
    for p in range(len(layout.names)):
        for mine in product((False, True), repeat=len(statements)):
            count = sum(mine)
            if count in found:
                continue
            for i, v in zip(own, mine):
                values[i] = v
            for theirs in product((False, True), repeat=len(foreign)):
                for t, v in zip(foreign, theirs):
                    values[t] = v
                if all(evaluate(mn, p, values, values[i]) == values[i] for i, mn in kept):
                    found.add(count)
                    if len(found) >= most:
                        return frozenset(found)
                    break
    return frozenset(found)


def sure_fillers(puzzle: Puzzle) -> tuple[list[int], bool]:
    """(the caskets :func:`lid_counts` proves filler lids, whether some casket has no local
    world): before any engine, the filler filter's exact pre-check. When the second is True
    the puzzle has no consistent world; else each listed casket is among
    :meth:`Worlds.filler_lids` whenever the puzzle has a consistent world (those it misses the
    full test finds)."""
    out: list[int] = []
    for c in range(len(puzzle.caskets)):
        got = lid_counts(puzzle, c)
        if not got:
            return out, True
        if len(got) == 1:
            out.append(c)
    return out, False


def mask_echoes(masks: list[list[int]]) -> list[tuple[int, int]]:
    """:meth:`Worlds.echoes` of a loop-free puzzle: statements on different caskets with the
    same placement mask."""
    first: dict[int, list[tuple[int, int]]] = {}  # mask -> (statement, casket) so far
    out: list[tuple[int, int]] = []
    i = 0
    for c, row in enumerate(masks):
        for v in row:
            got = first.setdefault(v, [])
            out.extend((j, i) for j, d in got if d != c)
            got.append((i, c))
            i += 1
    return sorted(out)


def mask_fillers(masks: list[list[int]], k: int) -> list[int]:
    """:meth:`Worlds.filler_lids` of a loop-free puzzle: caskets whose statements' masks
    make the same true count under every placement."""
    return [c for c, row in enumerate(masks) if _filler_row(tuple(row), k)]


@lru_cache(maxsize=1 << 14)
def _filler_row(row: tuple[int, ...], k: int) -> bool:
    """Whether a casket whose statements have these placement masks makes the same true
    count under every placement (kept: the lid check asks it of every casket drawn)."""
    return len({sum(v >> p & 1 for v in row) for p in range(k)}) == 1


def blank_totals(puzzle: Puzzle) -> list[list[int]]:
    """Per statement, per placement the bit set of true counts with that statement blanked
    (its slot says nothing: its value is free, and it still counts), by the casket engine,
    under the rules beyond m (empty where they leave no world)."""
    from portia_tui.core.language.vocabulary import EMPTY
    from portia_tui.core.solve.engine import evaluator

    out = []
    k = len(puzzle.caskets)
    for i, (c, _st) in enumerate(puzzle.flat):
        blank = puzzle.with_statement(c, i - puzzle.layout.offset(c), EMPTY)
        engine = evaluator(blank)
        out.append([engine.total(p) for p in range(k)])
    return out


def wasted_for(blank: list[list[int]], m: int | None, answer: int) -> list[int]:
    """The statements that could be blanked with the answer unchanged (no other placement
    comes to fit), from :func:`blank_totals`; m None: no m rule (the other rules decide)."""
    want = -1 if m is None else 1 << m
    return [i for i, totals in enumerate(blank)
            if not any(t & want for p, t in enumerate(totals) if p != answer)]


def wasted(puzzle: Puzzle) -> list[int]:
    """The statements of a puzzle with one answer that could be blanked (said nothing: the
    slot's value is free, and the rules still count it) with the answer unchanged."""
    from portia_tui.core.solve.engine import evaluator

    engine = evaluator(puzzle)
    m = puzzle.m  # (the engines count true statements under the other rules)
    want = -1 if m is None else 1 << m
    answers = [p for p in range(len(puzzle.caskets)) if engine.total(p) & want]
    assert len(answers) == 1, "a puzzle with one answer"
    return wasted_for(blank_totals(puzzle), m, answers[0])


def wasted_share(puzzle: Puzzle) -> float:
    """The share of a puzzle's statements that could be blanked with the answer unchanged."""
    return len(wasted(puzzle)) / puzzle.size


def filler_pattern(puzzle: Puzzle, casket: int) -> tuple[str, ...]:
    """A filler lid's motif: the kinds of its statements, sorted (the casket names aside)."""
    return tuple(sorted(st.kind for st in puzzle.caskets[casket].statements))


def rule_motif(rule) -> tuple:
    """A rule's motif: its kind, comparison and value (the numbers aside)."""
    return ("rule", rule.kind, rule.op, rule.value)


def motifs(puzzle: Puzzle, fillers: list[int], base: tuple = ()) -> tuple:
    """A puzzle's motifs: its filler-lid patterns and its rules (but the m rule of the
    classic generator and the rules a family always states, in `base`)."""
    out = {("filler",) + filler_pattern(puzzle, c) for c in fillers}
    out |= {rule_motif(r) for r in puzzle.side_rules if r not in base}
    return tuple(sorted(out))


@dataclass
class Offer:
    """A candidate that passed the hard filters, with what the pack filters and the ranking
    read: its answer (casket index), filler lids, motifs, cross-casket echoes."""

    generated: Generated | None
    key: object
    answer: int
    fillers: int
    motifs: tuple
    echoes: int
    share: float = 0.0
    #: makes `generated` when it is None (its rating deferred until the offer is to be kept:
    #: a candidate held and dropped, or refused by the pack filters, is never rated); it
    #: returns None for a rating not wanted
    make: Callable[[], Generated | None] | None = None

    def finished(self) -> Generated | None:
        """The offer's puzzle, rated (`make` called once), or None when the rating it
        deferred turns out not to be wanted."""
        if self.generated is None and self.make is not None:
            self.generated, self.make = self.make(), None
        return self.generated


def rank(o: Offer) -> tuple:
    """How a held candidate ranks (lowest first): its wasted share, then its cross-casket
    echoes (the echo score above n = 2)."""
    return o.share, o.echoes


@dataclass
class Keeper:
    """The pack filters and the wasted-statement ranking, over the puzzles kept so far."""

    settings: Settings
    count: int
    k: int
    kept: list = field(default_factory=list)  # (answer, fillers, motifs) per puzzle kept
    held: list = field(default_factory=list)

    def pack_refusal(self, o: Offer) -> str | None:
        """The pack filter a candidate fails beside the puzzles kept, or None."""
        return self.refusal(o.answer, o.fillers, o.motifs)

    def refusal(self, answer: int | None, fillers: int, motifs: tuple) -> str | None:
        """The pack filter a puzzle with this answer (None: not known yet, not judged), this
        many filler lids and these motifs fails beside the puzzles kept, or None."""
        s = self.settings
        recent = self.kept[-(WINDOW - 1):]
        if not s.allow_fillers and fillers and (
                sum(1 for _a, f, _m in recent if f) >= FILLERS_PER_WINDOW
                or sum(1 for _a, f, _m in self.kept if f) >= fillers_allowed(self.count)):
            return "fillers"
        if s.allow_sameness:
            return None
        if self.count >= ROTATE_FROM and s.solution is None and answer is not None:
            most = max(self.count // 2, -(-self.count // self.k))
            if sum(1 for a, _f, _m in self.kept if a == answer) >= most:
                return "sameness"
        for motif in motifs:
            if s.allow_fillers and motif[0] == "filler":
                continue  # filler lids allowed: their patterns too
            if sum(1 for _a, _f, ms in recent if motif in ms) >= MOTIFS_PER_WINDOW:
                return "sameness"
        return None

    def holds(self, share: float) -> bool:
        """Whether :meth:`offer` would hold (not keep yet) a candidate with this wasted
        share that the pack filters pass."""
        return not self.settings.allow_wasted and share > WASTED_PREFERRED and \
            len(self.held) + 1 < POOL

    def offer(self, o: Offer, stats) -> Offer | None:
        """The offer to keep now (this one, or the best held), or None (refused or held); the
        caller keeps it (:meth:`keep`) once it is verified."""
        why = self.pack_refusal(o)
        if why is not None:
            stats.filtered[why] = stats.filtered.get(why, 0) + 1
            return None
        if self.settings.allow_wasted:
            o.share = 0.0
        if o.share <= WASTED_PREFERRED:
            return o
        stats.filtered["wasted"] = stats.filtered.get("wasted", 0) + 1
        self.held.append(o)
        if len(self.held) < POOL:
            return None
        best = min(self.held, key=rank)
        self.held.clear()
        return best

    def keep(self, o: Offer) -> None:
        """A puzzle is kept: the pack filters count it, the held candidates are dropped."""
        self.held.clear()
        self.kept.append((o.answer, o.fillers, o.motifs))


def faults(puzzle: Puzzle) -> dict[str, float]:
    """What each filter finds in one puzzle (the quality report reads it): 1.0 where a hard
    filter's fault is present, else 0.0; "fillers" 1.0 for a filler lid; "wasted" the
    wasted-statement share; "echo_pairs" the number of cross-casket echoes."""
    from portia_tui.core.solve.engine import CasketEngine, WholeEngine

    k = len(puzzle.caskets)
    bare = puzzle.replace(m=None, rules=())
    engine = CasketEngine(bare) if puzzle.thesis_only else WholeEngine(bare, rules=False)
    worlds = Worlds.from_engine(engine, bare)
    echoes = worlds.echoes()
    return {
        "symmetry": float(symmetric_pair(portrait_masks(puzzle), k) is not None),
        "giveaways": float(fixes_every_value(puzzle.rules, puzzle.layout)),
        "repeats": float(bool(repeated(puzzle))),
        "negations": float(bool(negation_pairs(puzzle))),
        "echoes": float(bool(echo_pairs(puzzle)) or (bool(echoes) and
                                                     max(puzzle.layout.counts) <= ECHO_HARD_UP_TO)),
        "echo_pairs": float(len(echoes)),
        "fillers": float(bool(worlds.filler_lids())),
        "wasted": wasted_share(puzzle),
    }
