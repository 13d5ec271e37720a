"""How hard a puzzle is: the hardest human technique its cheapest solution by hand needs.

A person solves a Portia puzzle by supposing the portrait is in a casket, judging the
statements and comparing the number of true ones with m. The puzzle promises one answer, so
ruling out every other casket solves it; and a casket is ruled out as soon as the statements
judged so far already hold more than m true ones (or more false ones than the puzzle allows),
so the easy statements are judged first and the hard ones only when they are needed.

The ladder of techniques (one step a person can check each; :data:`TECHNIQUES` is the one
home, a new technique is one more row there and, for a new statement kind, one entry in
:data:`KIND_TECHNIQUE`, for a new rule kind one in :data:`RULE_TECHNIQUE`):

====  ==========  ===========================================================  ========
rank  technique   the step                                                     level
====  ==========  ===========================================================  ========
1     suppose     judge statements about where the portrait is, under a        gentle
                  supposition ("in", "not in", "in the X or the Y"); check a
                  total rule (m, or at least / at most K true or false)
2     follow      judge a statement about another casket whose statements      steady
                  are already judged
3     other       judge an "other" statement from the rest of its own casket   steady
7     lids        check a rule on each casket by itself ("On every casket,     steady
                  at most 1 statement is false")
8     tally       count the true (or false) statements on another casket       steady
                  once they are judged
9     makers      Bellini/Cellini: each casket all true or all false; "the X   steady
                  casket was made by Bellini"
4     count       count exactly: a wrong casket misses m by one only after     tricky
                  statements about statements are followed (one slip and it
                  fits); also an empty slot, which leaves several counts
5     split       split a loop of statements into cases and try each; also a   tricky
                  statement that counts itself (a count on its own casket or of
                  all the statements, "this casket was made by ...")
10    caskets     count caskets: rules on how many caskets bear only true      tricky
                  (false) or exactly J true statements; "at most K caskets
                  were made by Cellini"
6     chain       nested or chained case splits: a loop that leaves three or   fiendish
                  more cases (a split inside a split), a loop whose cases rest
                  on another loop, or two loops split under one supposition
====  ==========  ===========================================================  ========

The ladder (:data:`LADDER`) runs by level, then rank: ranks number the techniques in the order
they were added, so the six classic ones keep the ranks (and scores) packs store.

Each statement needs the technique of its kind, or of the hardest statement it speaks of
(to judge it, those are judged first); a statement in a loop needs "split" ("chain" when the
loop speaks of another loop). For each wrong casket the rating finds the lowest step whose
statements already rule it out (from the values the casket engine evaluates; with the whole
puzzle, from its achievable counts); the puzzle's technique is the hardest such step over the
wrong caskets, its level that technique's level. Work, the tie-breaker within a level, is the
number of statements judged in all those refutations. The score is rank + work / 100
(work counted up to 99), so within a level scores sort by technique, then work.

The whole language (count and maker statements, rules beyond m: :class:`WholeRater`) is rated
the same way: at each step the statements it judges are read, the others left open (any truth
value), and the rules whose check needs no harder technique are applied (:data:`RULE_TECHNIQUE`);
a casket is ruled out at the first step where the whole-language engine finds no world. So
Smullyan's first casket under "At most 1 statement is true" is as gentle as with m = 1.

Smullyan's first casket is gentle: with the portrait in gold or lead, two portrait statements
are already true, and the puzzle says one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from portia_tui.core.solve.engine import CasketEngine, WholeEngine, bits
from portia_tui.core.language.model import Puzzle
from portia_tui.core.language.rules import m_rule
from portia_tui.core.solve.semantics import components, holds, references
from portia_tui.core.language.vocabulary import KINDS, FreeMeaning, GroupMeaning, refers_to


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
    # the whole language (core/language/rules.py and the counting and maker kinds): ranks go on from 7
    # so classic scores stay as stored; the ladder orders by level first (see LADDER)
    Technique(7, "lids", "check a rule lid by lid",
              "check the rule on each casket by itself, once its statements are judged",
              "steady"),
    Technique(8, "tally", "count the statements on a casket",
              "count the true (or false) statements on another casket once they are judged",
              "steady"),
    Technique(9, "makers", "reason about Bellini and Cellini",
              "reason about makers: a casket Bellini made bears only true statements, one "
              "Cellini made only false ones", "steady"),
    Technique(10, "caskets", "count caskets",
              "count the caskets that bear only true (or only false, or exactly so many true) "
              "statements, or that Bellini or Cellini made", "tricky"),
)
BY_KEY = {t.key: t for t in TECHNIQUES}
BY_RANK = {t.rank: t for t in TECHNIQUES}
#: the technique a statement of each kind needs on its own ("" is an empty slot). A statement
#: that speaks of itself (a count on its own casket, a count of all the statements, "this
#: casket was made by ...") is a loop of one and needs "split" besides
KIND_TECHNIQUE = {"in": "suppose", "not_in": "suppose", "true": "follow", "false": "follow",
                  "other_true": "other", "other_false": "other", "": "count",
                  "in_one_of": "suppose", "count": "tally", "count_all": "tally",
                  "made_by": "makers", "makers": "caskets"}
#: the technique checking each kind of rule needs (core/language/rules.py): a total, whatever its
#: comparison, checks like m; "on every casket" lid by lid; counting caskets that bear only
#: true/false or exactly J true statements needs "caskets"; Bellini/Cellini, "makers"
RULE_TECHNIQUE = {"total": "suppose", "each": "lids", "pure": "caskets", "bearing": "caskets",
                  "makers": "makers"}
#: the ladder, easiest first: by level, then rank (for the six classic techniques this is
#: the rank order; the whole language's techniques sit in their level after them)
LADDER: tuple[Technique, ...] = tuple(sorted(
    TECHNIQUES, key=lambda t: (DIFFICULTIES.index(t.level), t.rank)))
#: each technique's place on the ladder (what "harder" means)
STEP = {t.key: i for i, t in enumerate(LADDER)}
#: loops
SPLIT, CHAIN, COUNT = BY_KEY["split"].rank, BY_KEY["chain"].rank, BY_KEY["count"].rank
MAX_WORK = 99
#: a placement with this many consistent cases needs a case split inside a case split (one
#: split with propagation leaves two at most)
NESTED = 3

assert all(t.level in DIFFICULTIES for t in TECHNIQUES)
assert [t.rank for t in TECHNIQUES] == sorted(t.rank for t in TECHNIQUES)
assert set(KIND_TECHNIQUE) == set(KINDS) | {""}, "every statement kind needs a technique"
assert set(KIND_TECHNIQUE.values()) | set(RULE_TECHNIQUE.values()) <= set(BY_KEY)
#: the classic techniques keep their order (their ratings are stored in packs)
assert [t.rank for t in LADDER if t.rank <= BY_KEY["chain"].rank] == list(range(1, 7))


def level_name(stored: str) -> str:
    """Today's level for a stored difficulty word (old packs say easy/medium/hard)."""
    return OLD_LEVELS.get(stored, stored)


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


def hardest(refutation: Callable[[int, Any], tuple[int, int] | None], caskets: int, m: Any,
            easiest: int) -> tuple[int, int | None, int]:
    """(the hardest step over the wrong placements, the first placement needing it, the
    statements judged in all); `refutation(p, m)` gives a wrong placement's (step, statements
    judged), None for a placement that fits."""
    worst, where, work = easiest, None, 0
    for p in range(caskets):
        got = refutation(p, m)
        if got is None:
            continue
        step, read = got
        work += read
        if where is None or step > worst:
            worst, where = step, p
    return worst, where, work


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
                       for t in refers_to(meanings[i]) if t not in members]
            own = max(BY_KEY[KIND_TECHNIQUE[flat[i][1].kind]].rank
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
        worst, where, work = hardest(self.refutation, len(self.puzzle.caskets), m,
                                     BY_KEY["suppose"].rank)
        t = BY_RANK[worst]
        score = round(t.rank + min(work, MAX_WORK) / 100, 2)
        return Rating(t.level, score, t.key, where, work, len(self.loops))


class WholeRater:
    """The same method for the whole language (count and maker statements, Portia's rules
    beyond m): at each step of the ladder the statements that need no harder technique are
    judged, the rest left open (any truth value), and the rules whose check needs no harder
    technique are applied; a placement is ruled out at the first step where no world of the
    whole-language engine (:class:`WholeEngine`, with the open statements free) fits."""

    def __init__(self, puzzle: Puzzle, engine: WholeEngine | None = None):

        self.puzzle = puzzle
        refs = references(puzzle)
        self.order = components(puzzle)
        self.loops = [c for c in self.order if len(c) > 1 or c[0] in refs[c[0]]]
        self.need = self._needs(refs)
        #: (rule, step of its check) for the rules beside m
        self.rules = [(r, STEP[RULE_TECHNIQUE[r.kind]]) for r in puzzle.side_rules]
        self.steps = sorted(set(self.need) | {q for _r, q in self.rules} | {STEP["suppose"]})
        self.engine = engine if isinstance(engine, WholeEngine) and engine.puzzle == puzzle \
            else WholeEngine(puzzle)
        self._engines: dict[int, WholeEngine] = {}

    def _needs(self, refs) -> list[int]:
        """Per statement, the ladder step of the technique it needs: its kind's, or the
        hardest of the statements it speaks of; a loop (a statement speaking of itself
        included) needs "split", "chain" when it speaks of another loop."""
        flat = self.puzzle.flat
        size = len(flat)
        need = [0] * size
        in_loop = [False] * size
        split, chain = STEP["split"], STEP["chain"]
        for comp in self.order:
            members = set(comp)
            outside = {t for i in comp for t in refs[i] if t not in members}
            step = max([STEP[KIND_TECHNIQUE[flat[i][1].kind]] for i in comp]
                       + [need[t] for t in outside])
            rests = any(in_loop[t] for t in outside)
            loop = len(comp) > 1 or comp[0] in refs[comp[0]]
            if loop:
                step = max(step, chain if rests else split)
            for i in comp:
                need[i] = step
                in_loop[i] = rests or loop
        return need

    def _at(self, step: int):
        """The engine with only what this step judges: harder statements free, harder rules
        left out."""
        got = self._engines.get(step)
        if got is None:
            free = frozenset(i for i, q in enumerate(self.need) if q > step)
            rules = tuple(r for r, q in self.rules if q <= step)
            # the m rule stays first, so a second "exactly K true" stays a rule the engine
            # applies (the engine reads m off its counts; only side rules are conditions)
            m = self.puzzle.m
            keep = (m_rule(m),) if m is not None else ()
            got = self._engines[step] = WholeEngine(self.puzzle.replace(rules=keep + rules),
                                                    free)
        return got

    @staticmethod
    def _fits(total: int, m: int | None) -> bool:
        return bool(total >> m & 1) if m is not None else total != 0

    def refutation(self, p: int, m: int | None) -> tuple[int, int] | None:
        """(ladder step, statements judged) of the cheapest way to rule out placement p
        (under the rules, and m when given); None when p is a solution."""
        full = self.engine.total(p)
        if self._fits(full, m):
            return None
        last = self.steps[-1]
        for step in self.steps:
            whole = step == last
            if not whole and self._fits(self._at(step).total(p), m):
                continue
            read = sum(1 for q in self.need if q <= step)
            loops_read = [c for c in self.loops if self.need[c[0]] <= step]
            if loops_read and (len(loops_read) >= 2 or self.engine.worlds(p) >= NESTED):
                step = max(step, STEP["chain"])
            counts = list(bits(full))
            near = (whole and m is not None and len(counts) == 1
                    and counts[0] in (m - 1, m + 1))
            if near and STEP["follow"] <= step < STEP["count"]:
                step = STEP["count"]
            return step, read
        raise AssertionError("unreachable: the whole puzzle rules out a placement")

    def rate(self, m: int | None) -> Rating:
        worst, where, work = hardest(self.refutation, len(self.puzzle.caskets), m,
                                     STEP["suppose"])
        t = LADDER[worst]
        score = round(t.rank + min(work, MAX_WORK) / 100, 2)
        return Rating(t.level, score, t.key, where, work, len(self.loops))


def rate(puzzle: Puzzle, m: int | None = None, engine=None) -> Rating:
    """Rate a puzzle (for its own m by default), reading the casket engine's evaluation
    (`engine`, e.g. ``analysis.evaluation``, or one made here when the puzzle needs it). The
    thesis's language goes to :class:`Rater`, the whole language to :class:`WholeRater`."""
    m = puzzle.m if m is None else m
    from portia_tui.core.solve.engine import covers

    if not covers(puzzle):  # count or maker statements, or rules beyond m
        return WholeRater(puzzle, engine).rate(m)
    if m is None:
        raise ValueError("a puzzle is rated for a number of true statements")
    if engine is not None and not isinstance(engine, CasketEngine):
        engine = None
    return Rater(puzzle, engine).rate(m)


def possible_levels(loops: bool, kinds: Sequence[str], n: int, caskets: int = 3,
                    rules: Sequence[str] = ()) -> tuple[str, ...]:
    """The levels a generated puzzle can reach: without loops, no split or chain (nor, with
    portrait statements only, anything past "suppose"); a loop needs n >= 2 or a statement
    about another casket; with one statement a casket, three caskets hold one loop of two
    cases at most, so no nested or chained split. Counts of all the statements, maker counts
    and counts on a statement's own casket always speak of themselves: a loop whatever
    `loops` says.

    `rules`: the kinds of rule the puzzle may state ("total" for m), when they are not just m.
    Each adds the technique of its check, and a casket is only ruled out by checking one of
    them (or by a loop's paradox, a split): no level below the easiest check."""
    ranks = {BY_KEY[KIND_TECHNIQUE[k]].rank for k in kinds}
    ranks |= {BY_KEY[RULE_TECHNIQUE[r]].rank for r in rules}
    if ranks - {BY_KEY["suppose"].rank}:
        ranks.add(COUNT)
    deep = any(k in ("true", "false", "count", "made_by") for k in kinds) or (
        n >= 2 and any(k in ("other_true", "other_false") for k in kinds))
    selfish = any(k in ("count", "count_all", "made_by", "makers") for k in kinds)
    if (loops and deep) or selfish:
        ranks.add(SPLIT)
        if n >= 2 or caskets >= 4 or selfish:  # two statements that speak of themselves
            ranks.add(CHAIN)                    # are two loops
    if rules:
        floor = min(STEP[RULE_TECHNIQUE[r]] for r in rules)
        ranks = {r for r in ranks if STEP[BY_RANK[r].key] >= floor or r in (SPLIT, CHAIN)}
    return tuple(level for level in DIFFICULTIES
                 if any(BY_RANK[r].level == level for r in ranks))
