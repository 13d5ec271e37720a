"""How hard a puzzle is: the hardest human technique its cheapest solution by hand needs.

A person solves a Portia puzzle by supposing the portrait is in a casket, judging the
statements and comparing the number of true ones with m. The puzzle promises one answer, so
ruling out every other casket solves it; and a casket is ruled out as soon as the statements
judged so far already hold more than m true ones (or more false ones than the puzzle allows),
so the easy statements are judged first and the hard ones only when they are needed.

The ladder of techniques (one step a person can check each; :data:`TECHNIQUES` is the one
home, a new technique is one more row there and, for a new statement kind, one entry in
:data:`KIND_TECHNIQUE`):

====  ==========  ===========================================================  ========
rank  technique   the step                                                     level
====  ==========  ===========================================================  ========
1     suppose     judge statements about where the portrait is, under a        gentle
                  supposition
2     follow      judge a statement about another casket whose statements      steady
                  are already judged
3     other       judge an "other" statement from the rest of its own casket   steady
4     count       count exactly: a wrong casket misses m by one only after     tricky
                  statements about statements are followed (one slip and it
                  fits); also an empty slot, which leaves several counts
5     split       split a loop of statements into cases and try each           tricky
6     chain       nested or chained case splits: a loop that leaves three or   fiendish
                  more cases (a split inside a split), a loop whose cases rest
                  on another loop, or two loops split under one supposition
7     rulebook    count and maker statements                                   fiendish
====  ==========  ===========================================================  ========

Each statement needs the technique of its kind, or of the hardest statement it speaks of
(to judge it, those are judged first); a statement in a loop needs "split" ("chain" when the
loop speaks of another loop). For each wrong casket the rating finds the lowest rank whose
statements already rule it out (from the values the casket engine evaluates; with the whole
puzzle, from its achievable counts); the puzzle's technique is the highest such rank over the
wrong caskets, its level that technique's level. Work, the tie-breaker within a level, is the
number of statements judged in all those refutations. The score is rank + work / 100
(work counted up to 99), so scores sort by technique, then work.

Smullyan's first casket is gentle: with the portrait in gold or lead, two portrait statements
are already true, and the puzzle says one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .engine import CasketEngine, bits
from .model import Puzzle
from .semantics import components, holds
from .vocabulary import FreeMeaning, GroupMeaning


@dataclass(frozen=True)
class Technique:
    rank: int
    key: str
    #: a short name, and the step as a sentence a player reads ("… made this puzzle tricky")
    name: str
    step: str
    level: str


#: the levels, easiest first: the one list of difficulty words
DIFFICULTIES = ("gentle", "steady", "tricky", "fiendish")
#: the words older packs stored, read as today's levels
OLD_LEVELS = {"easy": "gentle", "medium": "steady", "hard": "tricky"}

TECHNIQUES: tuple[Technique, ...] = (
    Technique(1, "suppose", "suppose and read",
              "suppose the portrait is in a casket and judge the statements about where it is",
              "gentle"),
    Technique(2, "follow", "follow a statement about a casket",
              "judge a statement about another casket once that casket's statements are judged",
              "steady"),
    Technique(3, "other", "read an \"other\" statement",
              "judge an \"other\" statement from the rest of its own casket", "steady"),
    Technique(4, "count", "count exactly",
              "count exactly: a wrong casket misses the number of true statements by one only "
              "after statements about statements are followed", "tricky"),
    Technique(5, "split", "split a loop into cases",
              "split a loop of statements that speak of each other into cases and try each",
              "tricky"),
    Technique(6, "chain", "nested or chained case splits",
              "split cases inside cases: a loop leaves three or more cases, or the cases of one "
              "loop rest on the cases of another", "fiendish"),
    Technique(7, "rulebook", "count and maker statements",
              "judge statements that count true statements or name a casket's maker", "fiendish"),
)
BY_KEY = {t.key: t for t in TECHNIQUES}
BY_RANK = {t.rank: t for t in TECHNIQUES}
#: the technique a statement of each kind needs on its own ("" is an empty slot); a kind
#: not listed (count and maker statements) needs the rulebook technique
KIND_TECHNIQUE = {"in": "suppose", "not_in": "suppose", "true": "follow", "false": "follow",
                  "other_true": "other", "other_false": "other", "": "count"}
DEFAULT_TECHNIQUE = "rulebook"
#: loops
SPLIT, CHAIN, COUNT = BY_KEY["split"].rank, BY_KEY["chain"].rank, BY_KEY["count"].rank
MAX_WORK = 99
#: a placement with this many consistent cases needs a case split inside a case split (one
#: split with propagation leaves two at most)
NESTED = 3

assert all(t.level in DIFFICULTIES for t in TECHNIQUES)
assert [t.rank for t in TECHNIQUES] == sorted(t.rank for t in TECHNIQUES)


def level_name(stored: str) -> str:
    """Today's level for a stored difficulty word (old packs say easy/medium/hard)."""
    return OLD_LEVELS.get(stored, stored)


def techniques_for(level: str) -> tuple[Technique, ...]:
    return tuple(t for t in TECHNIQUES if t.level == level)


def level_of(score: float) -> str:
    """The level of a score (its rank is the whole part)."""
    rank = max((r for r in BY_RANK if r <= int(score)), default=TECHNIQUES[0].rank)
    return BY_RANK[rank].level


@dataclass(frozen=True)
class Rating:
    level: str
    score: float
    #: the technique that made the puzzle this hard (its key), and the casket whose ruling
    #: out needs it (None when no casket had to be ruled out)
    technique: str = "suppose"
    placement: int | None = None
    #: statements judged in all the refutations
    work: int = 0
    loops: int = 0

    @property
    def rank(self) -> int:
        return BY_KEY[self.technique].rank

    def describe(self) -> str:
        return (f"{self.level} ({self.score:.2f}): {BY_KEY[self.technique].name}, "
                f"work {self.work}")

    def why(self, puzzle: Puzzle) -> str:
        """One sentence: which technique made the puzzle this hard, and where."""
        t = BY_KEY[self.technique]
        where = ("" if self.placement is None else
                 f" (to rule out the {puzzle.names[self.placement]} casket)")
        return f"Difficulty: {self.level}. The hardest step{where}: {t.step}."


class Rater:
    """The technique each statement needs, and each placement's cheapest refutation."""

    def __init__(self, puzzle: Puzzle, engine: CasketEngine | None = None):
        self.puzzle = puzzle
        self.meanings = puzzle.meanings
        self.order = components(puzzle)
        self.loops = [c for c in self.order if len(c) > 1]
        self.plain = not self.loops and not puzzle.empty_slots
        self._engine = engine
        self.need = self._needs()

    @property
    def engine(self) -> CasketEngine:
        if self._engine is None:
            self._engine = CasketEngine(self.puzzle)
        return self._engine

    def _needs(self) -> list[int]:
        """Per statement, the rank of the technique it needs."""
        meanings = self.meanings
        need = [0] * len(meanings)
        in_loop = [False] * len(meanings)  # speaks (directly or not) of a loop
        flat = self.puzzle.flat
        for comp in self.order:
            members = set(comp)
            outside = [t for i in comp if isinstance(meanings[i], GroupMeaning)
                       for t in meanings[i].group if t not in members]
            own = max(BY_KEY[KIND_TECHNIQUE.get(flat[i][1].kind, DEFAULT_TECHNIQUE)].rank
                      for i in comp)
            rank = max([own] + [need[t] for t in outside])
            rests = any(in_loop[t] for t in outside)
            if len(comp) > 1:
                rank = max(rank, CHAIN if rests else SPLIT)
            for i in comp:
                need[i] = rank
                in_loop[i] = rests or len(comp) > 1
        return need

    def _values(self, p: int) -> Sequence[bool | None]:
        """Each statement's value with the portrait in p (None: varies, or no world)."""
        if self.plain:
            values: dict[int, bool] = {}
            for (i,) in self.order:
                values[i] = holds(self.meanings[i], p, values)
            return [values[i] for i in range(len(self.meanings))]
        got = self.engine.values(p)
        if got is not None:
            return got
        # no consistent world: the statements outside loops still have their values
        values = {}
        for comp in self.order:
            mn = self.meanings[comp[0]]
            if len(comp) > 1 or isinstance(mn, FreeMeaning):
                continue
            if isinstance(mn, GroupMeaning) and any(t not in values for t in mn.group):
                continue
            values[comp[0]] = holds(mn, p, values)
        return [values.get(i) for i in range(len(self.meanings))]

    def counts(self, p: int, values: Sequence[bool | None]) -> frozenset[int]:
        if self.plain:
            return frozenset((sum(1 for v in values if v),))
        return frozenset(bits(self.engine.total(p)))

    def refutation(self, p: int, m: int) -> tuple[int, int] | None:
        """(technique rank, statements judged) of the cheapest way to rule out placement p
        for m; None when p fits m."""
        values = self._values(p)
        counts = self.counts(p, values)
        if m in counts:
            return None
        size = len(values)
        need = self.need
        ranks = sorted(set(need))
        for rank in ranks:
            seen = [i for i in range(size) if need[i] <= rank]
            true = sum(1 for i in seen if values[i] is True)
            false = sum(1 for i in seen if values[i] is False)
            whole = rank == ranks[-1]
            if true > m or false > size - m or whole:
                loops_read = {c for c in self.loops if need[c[0]] <= rank}
                if loops_read and (len(loops_read) >= 2 or self.engine.worlds(p) >= NESTED):
                    rank = max(rank, CHAIN)
                near = whole and bool({m - 1, m + 1} & counts) and len(counts) == 1
                if near and BY_KEY["follow"].rank <= rank < COUNT:
                    rank = COUNT
                return rank, len(seen)
        raise AssertionError("unreachable: the whole puzzle rules out a placement")

    def rate(self, m: int) -> Rating:
        worst, where, work = BY_KEY["suppose"].rank, None, 0
        for p in range(len(self.puzzle.caskets)):
            got = self.refutation(p, m)
            if got is None:
                continue
            rank, read = got
            work += read
            if where is None or rank > worst:
                worst, where = rank, p
        t = BY_RANK[worst]
        score = round(t.rank + min(work, MAX_WORK) / 100, 2)
        return Rating(t.level, score, t.key, where, work, len(self.loops))


def rate(puzzle: Puzzle, m: int | None = None, engine: CasketEngine | None = None) -> Rating:
    """Rate a puzzle (for its own m by default), reading the casket engine's evaluation
    (`engine`, e.g. ``analysis.evaluation``, or one made here when the puzzle has loops)."""
    m = puzzle.m if m is None else m
    from .engine import covers

    if not covers(puzzle):  # count or maker statements, or rules beyond m: the rulebook rung
        t = BY_KEY["rulebook"]
        return Rating(t.level, float(t.rank), t.key, None, 0, 0)
    if m is None:
        raise ValueError("a puzzle is rated for a number of true statements")
    return Rater(puzzle, engine).rate(m)


def possible_levels(loops: bool, kinds: Sequence[str], n: int, caskets: int = 3
                    ) -> tuple[str, ...]:
    """The levels a generated puzzle can reach: without loops, no split or chain (nor, with
    portrait statements only, anything past "suppose"); a loop needs n >= 2 or a statement
    about another casket; with one statement a casket, three caskets hold one loop of two
    cases at most, so no nested or chained split."""
    ranks = {BY_KEY[KIND_TECHNIQUE.get(k, DEFAULT_TECHNIQUE)].rank for k in kinds}
    if ranks - {BY_KEY["suppose"].rank}:
        ranks.add(COUNT)
    deep = any(k in ("true", "false") for k in kinds) or (
        n >= 2 and any(k in ("other_true", "other_false") for k in kinds))
    if loops and deep:
        ranks.add(SPLIT)
        if n >= 2 or caskets >= 4:
            ranks.add(CHAIN)
    return tuple(level for level in DIFFICULTIES
                 if any(BY_RANK[r].level == level for r in ranks))
