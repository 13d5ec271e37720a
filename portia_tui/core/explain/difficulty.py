"""How hard a puzzle is, found by solving it as a person would.

A person solves a Portia puzzle by ruling out every wrong casket: suppose the portrait is in
it, work out what the statements then say, and reach a contradiction (too many true
statements for m, a rule broken, a statement that must be both true and false). The puzzle
promises one answer, so ruling out the others finishes it.

The grader (:class:`Grader`) does the same with a ladder of human techniques, cheapest first,
as Simon Tatham's graded solvers do: for each wrong casket it tries to reach a contradiction
with the first technique alone, then the first two, and so on; the casket needs the first
technique with which it falls. The puzzle's technique is the hardest any wrong casket needs,
and its level that technique's level. :data:`TECHNIQUES` is the one home of the techniques
(their names and the sentences the explanations and hints use):

====  ========  =========================================================  ========
rank  key       the step                                                   level
====  ========  =========================================================  ========
1     suppose   suppose and evaluate: judge the statements about where     gentle
                the portrait is, count the true (and false) ones against
                m and check the rules
2     follow    follow a known truth: judge a statement about statements   steady
                once those are known, or, once its value is known, what
                it says about them
3     lid       spot a fixed lid: a casket whose true count is the same    steady
                whatever happens (read off the lid alone)
4     pair      spot a contradictory pair: exactly one of two statements   steady
                is true whatever happens
5     count     count against m: once m true statements are found, the     steady
                rest are false (once the false ones leave no room, the
                rest are true); the same from the rules
6     split     a case split whose cases differ: suppose a statement       tricky
                true, follow it to a contradiction, so it is false
7     nested    nested case splits: a case split inside a case             fiendish
====  ========  =========================================================  ========

So a gentle puzzle needs the portrait statements only; a steady one statements about
statements, followed without cases (an aha such as a fixed lid or a contradictory pair sits
here); a tricky one a case split; a fiendish one a split inside a split. A loop counts as a
case split only when propagation cannot settle it: a loop whose cases agree on the count is a
fixed lid or a contradictory pair, one settled by following is no split at all.

Lids and pairs are spotted whatever the placement (:func:`fixed_lids`,
:func:`contradictory_pairs`) and also where they appear only with what is known: under the
supposition, or inside a case (:meth:`Grader.seen_blocks`). So in a ring of three "the
statements on X are false" (exactly one casket all false), the case "gold's 'lead false' is
false" leaves a contradictory pair, which counts without a second split: one split, tricky,
as a person trying the three cases feels it. Following also reads two statements that say the
same thing as one (the ring says each "X false" twice), and so does a rule checked against
what is known ("gold's and silver's 'exactly 2 on silver true' are one statement, so gold and
silver bear the same count: never exactly one casket with 1 true").

A statement that counts every statement ("exactly 6 of all the statements are false"), where
m or a rule bounds the total, is judged against that total (count against m), never taken into
a lid or pair seen under a supposition or inside a case: to see such a lid a person would count
the whole puzzle in each of its completions, a case split by hand (F3 in the hand-solved
sample, felt 3: one split, not a lid). Measured on the blind sample of 51
(tests/test_hand_sample_fresh.py) and on 540 generated puzzles (docs/benchmarks.md, "The
hand-solved sample, enlarged blind").

A lid need not be fixed to be counted: one with a few states ("lead's 'others true' stands
only with both others, so lead bears 0, 1 or 3 true statements, never 2") is read off the lid
as a fixed one is (spot a fixed lid), and counted by the statements that count it ("so gold's
'exactly 2 on lead true' is false") and by the rules (:meth:`Grader._by_states`). Two bounds
keep it a person's step: the combinations of the states of the lids inside one count are at
most STATES_MAX (past it the count is read without the states, as before), and it is read
only in puzzles with a statement that counts statements or a rule beyond m. In a classic
puzzle (the classic kinds and m alone) the states would only be weighed against m, together
with whatever else is open: measured on 165 generated classic puzzles, it turned 4 of 16
tricky n = 3 puzzles steady, each by a lid's states, a contradictory pair and m put together,
which reads as a case split by hand (and it made classic tricky packs rarer).

A lid that can never be all true (all false) is read off the lid alone first ("gold's 'the
other statement is false' would be true: gold is never all false"); when no lid falls that
way, each is read again with the statements that say it is all true (all false) taking the
value that gives them, and without a member that reads too much to look at ("if silver's
were all true, lead's 'silver true' would be true, and silver's 'lead false' false"):
measured on the hand-solved sample (tests/test_hand_sample_fresh.py: H1, H3 and H5 match
with it) and in the fiendish bench (docs/benchmarks.md, "The wide never-all reading, on").
That second look is a glance (:meth:`Grader.glanced`): it reads the lid's members that say a
casket is all true or all false against each other, never a member that counts ("exactly 1
statement on silver is false" would need the lid counted under the supposition that it is all
false: a case, as W2 was solved by hand). Under the supposition itself (not inside a case)
the glance of a classic puzzle (the classic kinds and m alone) follows one step further
outward: a statement the member reads that speaks only of statements known there, never of
the lid itself, is judged too ("if gold's were all false, lead's 'gold false' would be true,
so lead's 'others true', beside its 'not in gold', true, and gold's 'lead true' true":
:meth:`Grader.further`; H6 in the hand-solved sample, felt 2, rates steady with it). A step
back into the lid closes a loop, and a step inside a case is held with the case: both stay
case splits (W1, felt 4, keeps its split inside a case). With counts or rules beyond m the
step made fiendish Portia-4 puzzles rarer (docs/benchmarks.md, "The glance's step further"),
so it is not taken there.

The score orders puzzles within a level: rank + work / 100, where work is the number of
deductions in all the refutations plus 5 for each wrong casket that misses m by one only (a
margin of one is harder to see than a wide miss), counted up to 99.

Smullyan's first casket is gentle: with the portrait in gold or lead, two portrait statements
are already true, and the puzzle says one.
"""

from __future__ import annotations

from functools import cached_property
from itertools import product
from collections.abc import Collection, Sequence
from typing import NamedTuple

from portia_tui.core.language.model import Puzzle
from portia_tui.core.language.words import numbers
from portia_tui.core.solve.budget import Budget, OutOfTime, check
from portia_tui.core.language.vocabulary import (KINDS, AnyOfMeaning, CasketsMeaning,
                                                 CountMeaning, FreeMeaning, GroupMeaning,
                                                 Meaning, PortraitMeaning, compare, evaluate,
                                                 refers_to)


class Technique(NamedTuple):
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
    Technique(1, "suppose", "suppose and evaluate",
              "suppose the portrait is in a casket, judge the statements about where it is "
              "and count the true ones against the number the puzzle gives", "gentle"),
    Technique(2, "follow", "follow a known truth",
              "judge a statement about other statements once they are known, or, once a "
              "statement's value is known, what it says about them",
              "steady"),
    Technique(3, "lid", "spot a fixed lid",
              "see that a casket bears the same number of true statements in every case left, "
              "or that a casket's statements can never all be false, or all true: it counts "
              "without knowing which are true", "steady"),
    Technique(4, "pair", "spot a contradictory pair",
              "see that exactly one of two statements is true in every case left, so together "
              "they count one", "steady"),
    Technique(5, "count", "count against m",
              "once the true statements reach the number the puzzle gives, every other "
              "statement is false (once the false ones leave no room, every other is true)",
              "steady"),
    Technique(6, "split", "a case split",
              "suppose a statement true, follow it to a contradiction, so it is false (the two "
              "cases lead to different conclusions)", "tricky"),
    Technique(7, "nested", "nested case splits",
              "split again inside a case: a supposition that only a second case split inside "
              "it shows impossible", "fiendish"),
)
BY_KEY = {t.key: t for t in TECHNIQUES}
BY_RANK = {t.rank: t for t in TECHNIQUES}
#: the ladder, easiest first (rank order: a harder technique never has an easier level)
LADDER = TECHNIQUES
#: each technique's place on the ladder
STEP = {t.key: i for i, t in enumerate(LADDER)}
#: the technique a statement of each kind needs to be judged ("" is an empty slot, which says
#: nothing): a kind that reads no truth value (where the portrait is) under a supposition,
#: the rest by following (each kind says what it reads: `Kind.reads`)
KIND_TECHNIQUE = {key: "follow" if kind.reads else "suppose" for key, kind in KINDS.items()}
KIND_TECHNIQUE[""] = "follow"
SUPPOSE, FOLLOW, LID, PAIR, COUNT, SPLIT, NESTED = range(1, 8)
CHAIN = NESTED  # the name older code used for the top rank
#: how deep case splits nest before the grader stops looking (the rating is fiendish then)
DEPTH = 3
MAX_WORK = 99
#: a wrong casket that misses m by one adds this much work (a tie-breaker, not a level)
NEAR_WORK = 5
#: a constraint with more open statements than this is only checked once they are known
#: (a person does not enumerate thousands of cases either)
SCOPE_MAX = 10
#: a fixed lid is seen from at most this many statements (its own and those they speak of),
#: a contradictory pair from at most PAIR_SCOPE: a person spots what is close at hand
LID_SCOPE = 6
PAIR_SCOPE = 4
#: a lid with a few states (a casket that can bear 0, 1 or 3 true statements, never 2) is
#: counted with others inside one count only while the combinations of their states are at
#: most this many (3 x 3, or 2 x 2 x 2 and one more): past it the count is read without the
#: states, as before (Grader._state_counts)
STATES_MAX = 12

assert all(t.level in DIFFICULTIES for t in TECHNIQUES)
assert [t.rank for t in TECHNIQUES] == list(range(1, len(TECHNIQUES) + 1))
assert set(KIND_TECHNIQUE) == set(KINDS) | {""}, "every statement kind needs a technique"
assert set(KIND_TECHNIQUE.values()) <= set(BY_KEY)
assert [DIFFICULTIES.index(t.level) for t in LADDER] == \
    sorted(DIFFICULTIES.index(t.level) for t in LADDER)


def level_name(stored: str) -> str:
    """Today's level for a stored difficulty word (old packs say easy/medium/hard)."""
    return OLD_LEVELS.get(stored, stored)


class Rating(NamedTuple):
    level: str
    score: float
    #: the technique that made the puzzle this hard (its key), and the casket whose ruling
    #: out needs it (None when no casket had to be ruled out)
    technique: str = "suppose"
    placement: int | None = None
    #: deductions in all the refutations
    work: int = 0
    loops: int = 0
    #: per casket, the technique ruling it out (None for a casket that fits)
    needs: tuple[str | None, ...] = ()

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
        return f"Difficulty: {self.level}. The hardest step{where}: {t.name}: {t.step}."


# --------------------------------------------------------------------------- observations
class Block(NamedTuple):
    """A fixed lid or a contradictory pair: statements whose true count is `true` whatever
    the placement and whatever the other statements say (seen from these statements alone)."""

    kind: str  # "lid" or "pair"
    statements: tuple[int, ...]
    true: int


def _local_counts(meanings: Sequence[Meaning], members: Sequence[int], caskets: int,
                  most: int = LID_SCOPE) -> set[int] | None:
    """The true counts of `members` over every placement and every assignment that keeps the
    members' own meanings (the statements they speak of free); None when too many to try.
    Remembered by the members' meanings (a generator meets the same lids again and again)."""
    key = (caskets, most, tuple(members), tuple(meanings[i] for i in members))
    got = _LOCAL.get(key, ())
    if got == ():
        if len(_LOCAL) >= _LOCAL_MAX:
            _LOCAL.clear()
        got = _LOCAL[key] = _count_locally(meanings, members, caskets, most)
    return None if got is None else set(got)


#: _local_counts remembered (key: the members and their meanings)
_LOCAL: dict[tuple, frozenset[int] | None] = {}
_LOCAL_MAX = 100_000


def _count_locally(meanings: Sequence[Meaning], members: Sequence[int], caskets: int,
                   most: int, enough: int | None = None) -> frozenset[int] | None:
    """The counts of :func:`_local_counts`; with `enough`, the search stops as soon as that
    many counts are found (a part of them: enough to tell a fixed count from several)."""
    scope = sorted(set(members).union(*(refers_to(meanings[i]) for i in members)))
    if len(scope) > most:
        return None
    counts: set[int] = set()
    for p in range(caskets):
        for bits in product((False, True), repeat=len(scope)):
            check()  # a step: one assignment's evaluation, as in the grader's steps
            values = dict(zip(scope, bits))
            if all(values[i] == evaluate(meanings[i], p, values, values[i]) for i in members):
                counts.add(sum(values[i] for i in members))
                if len(counts) == enough:
                    return frozenset(counts)
    return frozenset(counts)


def _one_count(meanings: Sequence[Meaning], members: Sequence[int], caskets: int,
               most: int = LID_SCOPE) -> int | None:
    """The true count of `members` when :func:`_local_counts` finds exactly one (a fixed lid),
    else None; it stops at a second count (most lids are not fixed: a generator's tricky
    search looks at thousands of them, and this was the largest part of its rating's cost).
    Remembered as _local_counts is."""
    key = (caskets, most, tuple(members), tuple(meanings[i] for i in members))
    got = _ONE.get(key, -1)  # (-1: not yet counted; a count is never below 0)
    if got == -1:
        if len(_ONE) >= _LOCAL_MAX:
            _ONE.clear()
        table, small = _renumbered(meanings, members)
        shape = (caskets, most, small, tuple(table[i] for i in small))
        got = _ONE.get(shape, -1)  # (the same lid met before on other statements)
        if got == -1:
            counts = _count_locally(table, small, caskets, most, enough=2)  # type: ignore[arg-type]
            got = _ONE[shape] = next(iter(counts)) \
                if counts is not None and len(counts) == 1 else None
        _ONE[key] = got
    return got


def _renumbered(meanings: Sequence[Meaning], members: Sequence[int]
                ) -> tuple[list[Meaning | None], tuple[int, ...]]:
    """`members` and their meanings with the statements they span renumbered 0, 1, ... in
    their order (the meanings of the members at their new numbers, the new members): the
    same counts, found by the same completions tried in the same order, under a key that a
    lid or pair met elsewhere in the puzzle, or in another puzzle, shares (a generator
    meets the same few lids on other caskets again and again)."""
    scope = sorted(set(members).union(*(refers_to(meanings[i]) for i in members)))
    new = {s: j for j, s in enumerate(scope)}
    table: list[Meaning | None] = [None] * len(scope)
    for i in members:
        mn = meanings[i]
        if isinstance(mn, (GroupMeaning, CountMeaning)):
            mn = mn._replace(group=tuple(new[t] for t in mn.group))
        elif isinstance(mn, CasketsMeaning):
            mn = mn._replace(groups=tuple(tuple(new[t] for t in g) for g in mn.groups))
        table[new[i]] = mn
    return table, tuple(new[i] for i in members)


#: _one_count remembered (key: as _LOCAL's)
_ONE: dict[tuple, int | None] = {}


def fixed_lids(puzzle: Puzzle) -> list[Block]:
    """Every casket of two or more statements whose true count is fixed by its own lid."""
    out = []
    meanings = puzzle.meanings
    for c in range(len(puzzle.caskets)):
        group = puzzle.layout.group(c)
        if len(group) < 2 or any(isinstance(meanings[i], FreeMeaning) for i in group):
            continue
        got = _one_count(meanings, group, len(puzzle.caskets))
        if got is not None:
            out.append(Block("lid", tuple(group), got))
    return out


def contradictory_pairs(puzzle: Puzzle) -> list[Block]:
    """Every two statements of which exactly one is true, seen from the two alone.

    Two statements that read more than PAIR_SCOPE statements between them (themselves
    included) are passed over at once: :func:`_count_locally` looks at no more and finds no
    count for them (the same test, before the key of :func:`_one_count` is built: most pairs
    of a generated candidate are these, and a tricky search looks at thousands)."""
    meanings = puzzle.meanings
    out = []
    caskets = len(puzzle.caskets)
    said = [i for i, mn in enumerate(meanings) if not isinstance(mn, FreeMeaning)]
    reach = {i: frozenset(refers_to(meanings[i])) | {i} for i in said}
    for x, a in enumerate(said):
        near = reach[a]
        for b in said[x + 1:]:
            if len(near | reach[b]) > PAIR_SCOPE:
                continue  # (too wide to see: _count_locally gives None)
            if _one_count(meanings, (a, b), caskets, PAIR_SCOPE) == 1:
                out.append(Block("pair", (a, b), 1))
    return out


def false_everywhere(puzzle: Puzzle) -> list[int]:
    """Statements false under every placement, whatever the others say (from their own
    meaning alone)."""
    meanings = puzzle.meanings
    return [i for i, mn in enumerate(meanings) if not isinstance(mn, FreeMeaning)
            and _local_counts(meanings, (i,), len(puzzle.caskets)) == {0}]


class Observation(NamedTuple):
    """What the grader spots and counts with, as it uses it while ruling out a wrong casket
    (:meth:`Grader.observe`): the one home of each observation, its meaning (the grader's
    methods that find it) and its words (:meth:`words`), which the hints and the
    explanations both say.

    ======  ==============================================================================
    what    what it says
    ======  ==============================================================================
    lid     a casket's (open) statements bear exactly `true` true statements
    pair    exactly one of two statements is true
    never   a casket's statements can never all be true (`true` 1) or all false (`true` 0)
    overall a statement that counts all the statements, judged against the totals allowed
    joint   a group counted by the rules and by statements: the counts put together
    states  a casket's (open) statements bear one of a few counts (`counts`), never the
            others, and the statements and rules that count them are judged by it
    ======  ==============================================================================

    `placement` None: it holds whatever the placement (from the statements' own meanings);
    else only with the portrait in that casket (and what is known there). `settles`: the
    statements it judges, with their values. `case`: how deep inside case splits it was seen
    (0: under the supposition itself)."""

    what: str
    statements: tuple[int, ...]
    placement: int | None
    true: int = 0
    settles: tuple[tuple[int, bool], ...] = ()
    case: int = 0
    #: never: the statement of the group that would break (a witness), or -1; else two of
    #: the group that contradict each other, or ()
    witness: int = -1
    clash: tuple[int, ...] = ()
    #: states: the counts the casket's statements can bear
    counts: tuple[int, ...] = ()
    #: never: the statement saying the group is all true (all false) that makes the witness
    #: break (read with it), or -1
    via: int = -1
    #: never: a statement the witness reads, judged one step further from `via` and what is
    #: known (Grader.further), or -1
    then: int = -1
    then_true: bool = False

    @property
    def key(self) -> tuple:
        return (self.what, self.statements, self.placement, self.true)

    def scope(self, puzzle: Puzzle, capital: bool = True) -> str:
        """Where it holds: "Whatever the placement" or "With the portrait in the lead
        casket" (never "whatever happens" under a supposition: it holds only there)."""
        text = ("whatever the placement" if self.placement is None else
                f"with the portrait in the {puzzle.names[self.placement]} casket")
        return text[0].upper() + text[1:] if capital else text

    def fact(self, puzzle: Puzzle, quote: bool = False) -> str:
        """The observation itself, as a clause (no scope, no full stop); `quote`: each
        statement with its casket and sentence (a hint, read on its own), else by number."""
        s = self.statements
        if self.what == "lid":
            name = puzzle.names[puzzle.owner(s[0])]
            if len(s) == len(puzzle.layout.group(puzzle.owner(s[0]))):
                return (f"the {name} casket bears exactly {_true_words(self.true)}, whichever "
                        f"{'it is' if self.true == 1 else 'they are'}: statements {numbers(s)} "
                        "settle that among themselves")
            return (f"exactly {self.true} of {_said(puzzle, s, quote)} (the {name} casket's "
                    f"still open) {'is' if self.true == 1 else 'are'} true, whichever they "
                    "are: they settle that among themselves")
        if self.what == "pair":
            return (f"exactly one of {_said(puzzle, s, quote)} is true: they contradict each "
                    "other")
        if self.what == "never":
            text = self.never_clause(puzzle, can=True)
            were = "they were" if len(s) > 1 else "it were"
            every = "both" if len(s) == 2 else "all"
            if self.witness >= 0 and self.via >= 0:
                via = puzzle.meanings[self.via]
                says = isinstance(via, GroupMeaning) and via.value == bool(self.true)
                then = "" if self.then < 0 else (
                    f", so statement {self.then + 1} (\"{puzzle.sentence(self.then)}\") "
                    f"{'true' if self.then_true else 'false'}")
                text += (f": if {were}, statement {self.via + 1} "
                         f"(\"{puzzle.sentence(self.via)}\") would be "
                         f"{'true' if says else 'false'}{then}, and statement "
                         f"{self.witness + 1} (\"{puzzle.sentence(self.witness)}\") "
                         f"{'false' if self.true else 'true'}")
            elif self.witness >= 0:
                text += (f": if {were}, statement {self.witness + 1} "
                         f"(\"{puzzle.sentence(self.witness)}\") would be "
                         f"{'false' if self.true else 'true'}")
            elif self.clash:
                text += f": statements {numbers(self.clash)} contradict each other"
            else:
                text += (f": what they say cannot {every} hold at once" if self.true else
                         f": what they say cannot {every} fail at once")
            return text + self._so(puzzle)
        if self.what == "states":
            c = puzzle.owner(s[0])
            never = [k for k in range(len(puzzle.layout.group(c)) + 1) if k not in self.counts]
            text = (f"the {puzzle.names[c]} casket can bear {_or_words(self.counts)} true "
                    f"statements, never {_or_words(never)}: what {_said(puzzle, s, quote)} "
                    "say allows no other count")
            if not self.settles:
                return text
            return text + "; counted with the rest, " + self._so(puzzle)[len("; so "):]
        if self.what == "overall":
            said = (f"exactly {puzzle.m} of all the statements are true, as the puzzle says"
                    if puzzle.m is not None and not puzzle.side_rules else
                    "Portia's rules limit how many of all the statements are true")
            return said + self._so(puzzle)
        return (f"the counts of {_said(puzzle, s, False)} (by the rules and by the statements "
                f"that count them) leave one way only{self._so(puzzle)}")

    def never_clause(self, puzzle: Puzzle, can: bool = False) -> str:
        """A "never" observation's subject and verb: "the gold casket's statements are never
        all true" (`can`: "can never all be true"), or for part of a casket's statements
        "statement 2 is never true"."""
        s = self.statements
        c = puzzle.owner(s[0])
        every = " all"
        if len(s) == 1 and len(puzzle.layout.group(c)) == 1:
            subject, many = f"the {puzzle.names[c]} casket's statement", False
        elif len(s) == len(puzzle.layout.group(c)):
            subject, many = f"the {puzzle.names[c]} casket's statements", True
            every = " both" if len(s) == 2 else " all"
        elif len(s) == 1:
            subject, many = f"statement {s[0] + 1}", False
        else:
            subject, many = f"statements {numbers(s)}", True
            every = " both" if len(s) == 2 else " all"
        all_ = every if many else ""
        verb = f"can never{all_} be" if can else f"{'are' if many else 'is'} never{all_}"
        return f"{subject} {verb} {'true' if self.true else 'false'}"

    def _so(self, puzzle: Puzzle) -> str:
        if not self.settles:
            return ""
        told = [f"statement {i + 1} (\"{puzzle.sentence(i)}\") is {'true' if v else 'false'}"
                for i, v in self.settles]
        return "; so " + "; ".join(told)

    def words(self, puzzle: Puzzle, quote: bool = False) -> str:
        """The observation as a sentence: where it holds, then what it says."""
        return f"{self.scope(puzzle)}, {self.fact(puzzle, quote)}."


def _said(puzzle: Puzzle, statements: Sequence[int], quote: bool) -> str:
    """"statements 1 and 4", or each quoted: 'statement 1 (gold: "...") and statement 4
    (silver: "...")'."""
    if not quote:
        return f"statement{'s' if len(statements) > 1 else ''} {numbers(statements)}"
    said = [f'statement {i + 1} ({puzzle.names[puzzle.owner(i)]}: "{puzzle.sentence(i)}")'
            for i in statements]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def _or_words(counts: Sequence[int]) -> str:
    """"0, 1 or 3"."""
    said = [str(k) for k in sorted(counts)]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " or " + said[-1]


def _true_words(k: int) -> str:
    return f"{k} true statement{'' if k == 1 else 's'}"


def observation_of(block: Block, placement: int | None = None, case: int = 0) -> Observation:
    """A fixed lid or contradictory pair as an observation."""
    return Observation(block.kind, block.statements, placement, block.true, (), case)


# --------------------------------------------------------------------------- the solver
class Contradiction(Exception):
    """The supposition (with what was deduced) is impossible."""


class _Check(NamedTuple):
    """One thing a world must satisfy: a statement's meaning (`owner` its index) or a rule
    (`owner` None: the meaning must hold)."""

    meaning: Meaning
    owner: int | None
    scope: tuple[int, ...]


class Grader:
    """Solves a puzzle as a person would, technique by technique (see the module docstring)."""

    def __init__(self, puzzle: Puzzle, m: int | None):
        self.puzzle = puzzle
        self.m = m
        meanings = puzzle.meanings
        self.size = len(meanings)
        self.caskets = len(puzzle.caskets)
        refs = [refers_to(mn) for mn in meanings]  # (read once: a generator rates thousands)
        self.statements = [_Check(mn, i, tuple(sorted(set(r) | {i})))
                           for i, (mn, r) in enumerate(zip(meanings, refs)) if r]
        rules = list(puzzle.conditions)
        if m is not None:
            rules.append(CountMeaning(tuple(range(self.size)), "exactly", m, True))
        self.rules = [_Check(r, None, tuple(sorted(set(refers_to(r))))) for r in rules]
        self._blocks: dict[int, list[Block]] = {}
        #: each statement with the statements it reads, and whether it says anything (an
        #: empty slot only keeps its own value)
        self.reach = [frozenset(r) | {i} for i, r in enumerate(refs)]
        self.said = [not isinstance(mn, FreeMeaning) for mn in meanings]
        #: statements that say the same thing (the same meaning, about statements): once one
        #: is judged, so are the others ("silver's 'the lead casket's statements are false'
        #: is false too: gold's says the same")
        same: dict[Meaning, list[int]] = {}
        for i, mn in enumerate(meanings):
            if self.said[i] and refs[i]:
                same.setdefault(mn, []).append(i)
        self.echoes = [tuple(g) for g in same.values() if len(g) > 1]
        #: per group of statements spoken of as a whole ("the statements on X are true"),
        #: the statements that say so, each with the value it says they all have
        self.about: dict[tuple[int, ...], list[tuple[int, bool]]] = {}
        for i, mn in enumerate(meanings):
            if isinstance(mn, GroupMeaning) and i not in mn.group:
                self.about.setdefault(tuple(mn.group), []).append((i, mn.value))
        #: lids and pairs seen under a supposition only, remembered by the state they were
        #: seen in (a case split meets the same state again and again)
        self._seen: dict[tuple, list[Block]] = {}
        self._count_tables(meanings)
        self.deductions = 0
        #: the observations made, in order, while :meth:`observe` records (else None), and
        #: how deep inside case splits the solver is
        self.log: list[Observation] | None = None
        self._case = 0

    def _count_tables(self, meanings: Sequence[Meaning]) -> None:
        """The statements and rules that count, read once (see _by_total, _by_blocks,
        _joint)."""
        #: the statements that count statements (a fixed lid or a contradictory pair inside
        #: what they count settles them without knowing which: "silver always bears one
        #: true statement, so gold's 'at most 1 statement on silver is true' is true")
        self.counters = [i for i, mn in enumerate(meanings) if isinstance(mn, CountMeaning)]
        #: whether counting with blocks can help at all: a count among the rules or the
        #: statements
        self.counted = bool(self.counters) or \
            any(isinstance(c.meaning, CountMeaning) for c in self.rules)
        #: the true totals the rules over all the statements allow (m: one), and the
        #: statements that count all the statements: a person judges "at least 1 of all the
        #: statements is true" against m at once (count against m)
        everything = set(range(self.size))
        self.totals = set(range(self.size + 1))
        for c in self.rules:
            mn = c.meaning
            if isinstance(mn, CountMeaning) and set(mn.group) == everything:
                self.totals &= {t for t in self.totals
                                if compare(t if mn.value else self.size - t, mn.op, mn.k)}
        #: per group of statements counted by two or more counts (the rules' and the
        #: statements'): the rules' counts (which hold) and the statements that count it
        #: ("lead bears at most 1 true statement, and the rule says at least 1: exactly 1")
        counts: dict[frozenset[int], tuple[list[CountMeaning], list[int]]] = {}
        for c in self.rules:
            if isinstance(c.meaning, CountMeaning):
                counts.setdefault(frozenset(c.meaning.group), ([], []))[0].append(c.meaning)
        for i in self.counters:
            counts.setdefault(frozenset(meanings[i].group), ([], []))[1].append(i)  # type: ignore[union-attr]
        self.joint = [(sorted(g), held, said) for g, (held, said) in counts.items()
                      if len(held) + len(said) >= 2 and said]
        #: whether a lid's states are counted (Grader._by_states): with a statement that
        #: counts statements or a rule beyond m, not in a classic puzzle (the classic kinds
        #: and m alone), where they would only be weighed against m (measured: reading them
        #: there turned tricky puzzles that read as a case split steady; module docstring)
        self.reads_states = bool(self.counters) or bool(self.puzzle.conditions)
        #: whether the wide never-all glance may take its step further (Grader.further): in
        #: a puzzle of the classic kinds and m alone (the puzzles that read no lid's states),
        #: where H6 was felt; with counts or rules beyond m it made fiendish Portia-4 puzzles
        #: rarer (bench_fiendish n = 4, seed 1000: 75.8 s of CPU for 20 against 39.8 s, one
        #: puzzle 10.1 s; docs/benchmarks.md, "The glance's step further")
        self.further_ok = not self.reads_states
        self.about_all = [i for i, mn in enumerate(meanings) if isinstance(mn, CountMeaning)
                          and set(mn.group) == everything] \
            if len(self.totals) <= self.size else []

    # ----------------------------------------------------------------- observations
    @cached_property
    def lids(self) -> list[Block]:
        return fixed_lids(self.puzzle)

    @cached_property
    def pairs(self) -> list[Block]:
        return contradictory_pairs(self.puzzle)

    def may_see(self, kind: str) -> bool:
        """Whether a lid (a pair) could appear under a supposition at all: a casket with two
        statements that say something, one of them about statements (two such statements
        that read a statement in common, or each other), and a count to use it with."""
        if not self.counted:
            return False
        reads = [i for i in range(self.size) if self.said[i] and len(self.reach[i]) > 1]
        if kind == "lid":
            return any(sum(self.said[i] for i in self.puzzle.layout.group(c)) >= 2 and
                       any(i in reads for i in self.puzzle.layout.group(c))
                       for c in range(self.caskets))
        return any(self.said[b] and self.reach[a] & self.reach[b]
                   for a in reads for b in range(self.size) if b != a)

    def blocks(self, rank: int) -> list[Block]:
        """The disjoint fixed lids (from rank LID) and contradictory pairs (from PAIR) the
        solver may count with."""
        if rank < LID:
            return []
        rank = min(rank, PAIR)
        got = self._blocks.get(rank)
        if got is None:
            found = list(self.lids) + (list(self.pairs) if rank >= PAIR else [])
            got = []
            used: set[int] = set()
            for b in found:
                if not used & set(b.statements):
                    got.append(b)
                    used |= set(b.statements)
            self._blocks[rank] = got
        return got

    # ----------------------------------------------------------------- recording
    def observe(self, p: int, rank: int) -> list[Observation]:
        """The observations the grader makes and counts with while ruling out casket p with
        the techniques up to `rank` (the rank :meth:`need` found), in the order it makes them,
        each once."""
        self.log = []
        try:
            self.refutes(p, rank)
        finally:
            got, self.log = self.log, None
        return got

    def holds_everywhere(self, obs: Observation, most: int = 12) -> bool:
        """Whether a lid or pair holds whatever the placement from the statements' own
        meanings alone (nothing known, no rule): their true count is `obs.true` in every
        completion, under every placement, of the statements they span (at most `most`)."""
        blank: list[bool | None] = [None] * self.size
        return obs.what in ("lid", "pair") and all(
            self._counts_under(q, blank, obs.statements, most) == {obs.true}
            for q in range(self.caskets))

    def _note(self, obs: Observation) -> None:
        """Record an observation (while :meth:`observe` records), once."""
        if self.log is not None and all(o.key != obs.key for o in self.log):
            self.log.append(obs)

    def _used(self, group: Sequence[int], blocks: Sequence[Block]) -> None:
        """Record the lids and pairs seen whatever the placement that lie inside `group`
        (a count just used them)."""
        if self.log is None:
            return
        inside = set(group)
        portrait = (PortraitMeaning, AnyOfMeaning)
        for b in blocks:
            if set(b.statements) <= inside and (b in self.lids or b in self.pairs) and \
                    not all(isinstance(self.puzzle.meanings[i], portrait) for i in b.statements):
                self._note(observation_of(b, None, self._case))

    def _never_note(self, p: int, group: tuple[int, ...], want: bool, said: list[int],
                    wide: bool = False, values: Sequence[bool | None] = ()) -> None:
        """Record a lid that can never be all `want`: whatever the placement when its own
        meanings alone forbid it, else with the portrait in casket p."""
        if self.log is None:
            return
        blank: list[bool | None] = [None] * self.size
        general = not any(self._all_possible(q, blank, group, want, wide)
                          for q in range(self.caskets))
        meanings = self.puzzle.meanings
        witness = next((t for t in group if self.reach[t] <= set(group) and
                        evaluate(meanings[t], p, {g: want for g in group}, want) != want), -1)
        via, then, then_true = -1, -1, False
        if witness < 0 and wide:  # a member the statements saying so break
            witness, via, then, then_true = self._wide_witness(p, group, want,
                                                               () if general else values)
        clash = next((b.statements for b in self.pairs if set(b.statements) <= set(group)),
                     ()) if witness < 0 else ()
        self._note(Observation("never", group, None if general else p, int(want),
                               tuple((i, False) for i in said), self._case, witness, clash,
                               via=via, then=then, then_true=then_true))

    def glanced(self, t: int) -> bool:
        """Whether the wide never-all look (:meth:`_all_possible`, `wide`) reads statement t,
        a member of the lid it looks at: a statement that reads statements only when it says
        they are all true (all false) ("silver's 'the lead casket's statements are false'"),
        read against the statement that says the lid is all true at a glance ("all three
        statements on silver are false" and "no statements on silver are true" say it too). A
        member that counts ("exactly 1 statement on silver is false") or counts caskets is
        left out:
        judging it with the lid supposed all false means counting the lid under that case,
        which by hand is a case split (W2 in tests/test_hand_sample_fresh.py, felt 3: "the
        first step was a small case on 'gold false'")."""
        mn = self.puzzle.meanings[t]
        if isinstance(mn, CountMeaning):  # "all three ... are false", "no statements ..."
            return (mn.k == len(mn.group) and mn.op != "at most") or \
                (mn.k == 0 and mn.op != "at least")
        return not refers_to(mn) or isinstance(mn, GroupMeaning)

    def _wide_witness(self, p: int, group: tuple[int, ...], want: bool,
                      values: Sequence[bool | None]) -> tuple[int, int, int, bool]:
        """(a member of `group`, a statement saying the group is all `want`, a statement the
        member reads judged one step further or -1, and its value) such that, with the group
        all `want` and that statement taking the value it then has, the member cannot have
        value `want` whatever the rest it reads (with the known `values`, when the lid holds
        only with them): "if silver's were all true, lead's 'silver true' would be true, and
        silver's 'lead false' false"; "if gold's were all false, lead's 'gold false' would be
        true, so lead's 'others true' true, and gold's 'lead true' true"; (-1, -1, -1, False)
        when none is found so simply."""
        meanings = self.puzzle.meanings
        for i, w in self.about.get(group, ()):
            known = {k: v for k, v in enumerate(values) if v is not None}
            known.update({g: want for g in group})
            known[i] = w == want
            for t in filter(self.glanced, group):
                if i not in self.reach[t]:
                    continue
                trial: list[bool | None] = [None] * self.size
                for k, v in known.items():
                    trial[k] = v
                then, then_true = -1, False
                if self.steps_further:
                    for k in self.further(trial, sorted(self.reach[t] - set(known)), group):
                        got = {evaluate(meanings[k], p, trial, b) for b in (False, True)}
                        if len(got) == 1:
                            trial[k] = then_true = got.pop()  # type: ignore[assignment]
                            then = k
                            break
                rest = [k for k in sorted(self.reach[t]) if trial[k] is None]
                if len(rest) > LID_SCOPE:
                    continue
                never = True
                for bits in product((False, True), repeat=len(rest)):
                    for k, v in zip(rest, bits):
                        trial[k] = v
                    if evaluate(meanings[t], p, trial, want) == want:  # type: ignore[arg-type]
                        never = False
                        break
                if never:
                    return t, i, then, then_true
        return -1, -1, -1, False

    @property
    def steps_further(self) -> bool:
        """Whether the glance takes its step further here: in a classic puzzle
        (`further_ok`), under the supposition itself, never inside a case (:meth:`further`)."""
        return self.further_ok and self._case == 0

    def further(self, trial: Sequence[bool | None], scope: Sequence[int],
                group: tuple[int, ...]) -> list[int]:
        """The wide never-all look's one step further (:meth:`_all_possible`): the statements
        about statements in `scope` that a glance reads (:meth:`glanced`) and that speak only
        of statements already known there (`trial`: the known values, the group supposed all
        true or all false, and the statements that say so), never of the group itself: "if
        gold's were all false, lead's 'gold false' would be true, so lead's 'others true'
        (beside its 'not in gold') would be true too". A statement that reads the group again
        closes a loop (a case, W1 in tests/test_hand_sample_fresh.py); inside a case the look
        takes no step further (:attr:`steps_further`: the case is held in mind as well; W1
        again, felt 4)."""
        known = {i for i, v in enumerate(trial) if v is not None}
        inside = set(group)
        return [k for k in scope if trial[k] is None and self.glanced(k)
                and {k} < self.reach[k] and self.reach[k] - {k} <= known
                and not self.reach[k] & inside]

    # ----------------------------------------------------------------- refuting
    def start(self, p: int) -> list[bool | None]:
        """The values the supposition gives: the statements about where the portrait is."""
        return [evaluate(mn, p, {}) if isinstance(mn, (PortraitMeaning, AnyOfMeaning))
                else None for mn in self.puzzle.meanings]

    def refutes(self, p: int, rank: int) -> bool:
        """Whether techniques up to `rank` rule out the portrait in casket p."""
        values = self.start(p)
        self.deductions += sum(1 for v in values if v is not None)
        try:
            self.propagate(p, values, min(rank, COUNT))
        except Contradiction:
            return True
        if rank == SPLIT:
            return self._one_split(p, values)
        if rank >= NESTED:
            return self._cases(p, values, DEPTH)
        return False

    def propagate(self, p: int, values: list[bool | None], rank: int) -> None:
        """Deduce with the techniques up to `rank` (COUNT at most: no cases) until nothing
        changes (raises Contradiction). From LID on, once following stalls, the fixed lids
        and contradictory pairs that appear only with what is known (under the supposition,
        or inside a case) are spotted too (:meth:`seen_blocks`), and counted with."""
        blocks = self.blocks(rank)
        while True:
            changed = False
            if rank >= FOLLOW:
                for c in self.statements:
                    changed |= self._settle(c, p, values)
                for echo in self.echoes:
                    changed |= self._echo(echo, values)
            for c in self.rules:
                changed |= self._rule(c, p, values, rank, blocks)
            if rank >= COUNT:
                for i in self.about_all:
                    if self._by_total(i, values, blocks):
                        changed = True
                        self._note(Observation("overall", (i,), p, 0, ((i, bool(values[i])),),
                                               self._case))
                        self._used(self.puzzle.meanings[i].group, blocks)  # type: ignore[union-attr]
                for group, held, said in self.joint:
                    before = list(values) if self.log is not None else values
                    if self._joint(group, held, said, values):
                        changed = True
                        self._note(Observation(
                            "joint", tuple(group), p, 0,
                            tuple((i, bool(values[i])) for i in range(self.size)
                                  if before[i] is None and values[i] is not None), self._case))
            if rank >= LID and blocks:
                for i in self.counters:
                    if self._by_blocks(i, values, blocks):
                        changed = True
                        self._used(self.puzzle.meanings[i].group, blocks)  # type: ignore[union-attr]
            self._count_blocks(values, blocks)
            if not changed and rank >= LID and None in values:
                changed = self._never_all(p, values)
                new = self.seen_blocks(p, values, rank, blocks) \
                    if self.counted and not changed else []
                if new:
                    blocks = blocks + new
                    self.deductions += len(new)
                    changed = True
                    for b in new:
                        self._note(observation_of(b, p, self._case))
                elif self.counted and not changed:
                    changed = self._by_states(p, values, blocks)
            if changed:
                continue
            if None not in values:
                self._full_check(p, values)
            return

    def seen_blocks(self, p: int, values: list[bool | None], rank: int,
                    blocks: Sequence[Block]) -> list[Block]:
        """The fixed lids (from rank LID) and contradictory pairs (from PAIR) among the open
        statements outside `blocks`, with the portrait in casket p and the known values: a
        casket's open statements whose true count is the same in every completion that keeps
        their own meanings, two open statements of which exactly one is true. Seen from the
        open statements close at hand (LID_SCOPE, PAIR_SCOPE), as the lids and pairs seen
        whatever the placement are; a pair needs the two to read a statement in common (or
        each other), else each would be settled on its own."""
        taken = {i for b in blocks for i in b.statements}
        key = (p, min(rank, PAIR), tuple(values), frozenset(taken))
        got = self._seen.get(key)
        if got is not None:
            return got
        free = [i for i in range(self.size)
                if values[i] is None and i not in taken and self.said[i]
                and i not in self.about_all]
        got = []
        for c in range(self.caskets):
            members = [i for i in self.puzzle.layout.group(c) if i in free]
            if len(members) >= 2:
                counts = self._counts_under(p, values, members, LID_SCOPE)
                if counts is not None and len(counts) == 1:
                    got.append(Block("lid", tuple(members), counts.pop()))
                    taken |= set(members)
        if rank >= PAIR:
            for x, a in enumerate(free):
                for b in free[x + 1:]:
                    if a in taken or b in taken or not self.reach[a] & self.reach[b]:
                        continue
                    if self._counts_under(p, values, (a, b), PAIR_SCOPE) == {1}:
                        got.append(Block("pair", (a, b), 1))
                        taken |= {a, b}
        self._seen[key] = got
        return got

    def _lid_states(self, p: int, values: list[bool | None], blocks: Sequence[Block]
                    ) -> list[tuple[tuple[int, ...], frozenset[int]]]:
        """Lids with a few states: per casket, its open statements outside `blocks` whose
        true counts, over the completions that keep their own meanings with what is known,
        leave some count out ("lead's 'others true' stands only with both others: lead bears
        0, 1 or 3 true statements, never 2"), each with the counts it can bear. Seen from the
        statements close at hand (LID_SCOPE), as a fixed lid is."""
        taken = {i for b in blocks for i in b.statements}
        out = []
        for c in range(self.caskets):
            members = [i for i in self.puzzle.layout.group(c)
                       if values[i] is None and i not in taken and self.said[i]]
            if len(members) >= 2:
                counts = self._counts_under(p, values, members, LID_SCOPE)
                if counts and 1 < len(counts) <= len(members):
                    out.append((tuple(members), frozenset(counts)))
        return out

    def _by_states(self, p: int, values: list[bool | None], blocks: Sequence[Block]) -> bool:
        """Count with the lids' states (:meth:`_lid_states`), as with a fixed lid: a statement
        that counts a group holding such a lid is judged when every state gives it the same
        value ("lead bears 0, 1 or 3, so 'exactly 2 on lead true' is false"), and a known one
        that no state allows is a contradiction; a rule that counts it likewise, and when the
        rule leaves a lid one state, all true or all false, its statements take it ("lead
        bears 1 or 3, and at most 4 are true in all: 1"). Only where a person counts a lid
        against something (:attr:`reads_states`), and within STATES_MAX
        (:meth:`_state_counts`)."""
        if not self.reads_states:
            return False
        states = self._lid_states(p, values, blocks)
        if not states:
            return False
        before = list(values) if self.log is not None else values
        try:
            changed = self._count_states(values, blocks, states)
        except Contradiction:
            self._note_states(p, states, before, values)
            raise
        if changed:
            self._note_states(p, states, before, values)
        return changed

    def _note_states(self, p: int, states: list[tuple[tuple[int, ...], frozenset[int]]],
                     before: list[bool | None], values: list[bool | None]) -> None:
        """Record the lids with states counted (while :meth:`observe` records), with what
        they settled."""
        if self.log is None:
            return
        settled = tuple((i, bool(values[i])) for i in range(self.size)
                        if before[i] is None and values[i] is not None)
        for members, counts in states:
            group = self.puzzle.layout.group(self.puzzle.owner(members[0]))
            known = sum(1 for i in group if i not in members and before[i] is True)
            self._note(Observation("states", members, p, 0, settled, self._case,
                                   counts=tuple(sorted(k + known for k in counts))))
            settled = ()

    def _count_states(self, values: list[bool | None], blocks: Sequence[Block],
                      states: list[tuple[tuple[int, ...], frozenset[int]]]) -> bool:
        """The counting of :meth:`_by_states`."""
        changed = False
        meanings = self.puzzle.meanings
        for i in self.counters:
            mn = meanings[i]
            assert isinstance(mn, CountMeaning)
            got = self._state_counts(mn, values, blocks, states)
            if got is None:
                continue
            said = {compare(x, mn.op, mn.k) for x, _s in got}
            if values[i] is None and len(said) == 1:
                changed |= self._fix(i, said.pop(), values)
            elif values[i] is not None and values[i] not in said:
                raise Contradiction
        for c in self.rules:
            mn = c.meaning
            if not isinstance(mn, CountMeaning):
                continue
            got = self._state_counts(mn, values, blocks, states)
            if got is None:
                continue
            fits = [pick for x, pick in got if compare(x, mn.op, mn.k)]
            if not fits:
                raise Contradiction
            for members, _st in states:
                left = {dict(pick)[members] for pick in fits if members in dict(pick)}
                if len(left) == 1 and left <= {0, len(members)}:
                    for t in members:
                        changed |= self._fix(t, left == {len(members)}, values)
        return changed

    def _state_counts(self, mn: CountMeaning, values: list[bool | None],
                      blocks: Sequence[Block],
                      states: list[tuple[tuple[int, ...], frozenset[int]]]
                      ) -> list[tuple[int, tuple]] | None:
        """The counts of mn's group with mn's value that the known values, the fixed lids and
        pairs, and the lids' states allow, each with the states it takes; None when no lid
        with states lies inside the group, or when the states of the lids inside multiply
        past STATES_MAX (a person does not hold more combinations in mind: the count is then
        read as before, without the states)."""
        group = set(mn.group)
        inside = [(m, st) for m, st in states if set(m) <= group]
        if not inside:
            return None
        combos = 1
        for _m, st in inside:
            combos *= len(st)
        if combos > STATES_MAX:
            return None
        for m, _st in inside:
            group -= set(m)
        lo, hi = self._bounds(CountMeaning(tuple(sorted(group)), mn.op, mn.k, mn.value),
                              values, blocks)
        check(combos * (hi - lo + 1))  # a step for each combination weighed
        out: list[tuple[int, tuple]] = [(x, ()) for x in range(lo, hi + 1)]
        for m, st in inside:
            out = [(x + (s if mn.value else len(m) - s), pick + ((m, s),))
                   for x, pick in out for s in sorted(st)]
        return out

    def _never_all(self, p: int, values: list[bool | None]) -> bool:
        """Read a lid: a group of statements (a casket's) that can never be all true (all
        false), from their own meanings and what is known, makes every open statement that
        says they are all true (false) false ("if gold's statements were all false, its
        'the other statements on this casket are false' would be true: gold is never all
        false"). The lid alone is read first; only when no lid falls that way, each lid again
        with the statements that say it is all true (all false) and without a member that
        reads too much (:meth:`_all_possible`, `wide`): the cheaper look first."""
        for wide in (False, True):
            changed = False
            for group, targets in self.about.items():
                open_ = [i for i, want in targets if values[i] is None]
                if not open_:
                    continue
                for want in (True, False):
                    said = [i for i, w in targets if w == want and values[i] is None]
                    if not said or any(values[t] is (not want) for t in group):
                        continue
                    if not self._all_possible(p, values, group, want, wide):
                        self._never_note(p, group, want, said, wide, values)
                        for i in said:
                            changed |= self._fix(i, False, values)
            if changed:
                return True
        return False

    def _all_possible(self, p: int, values: list[bool | None], group: tuple[int, ...],
                      want: bool, wide: bool = False) -> bool:
        """Whether the statements of `group` can all have value `want`, keeping their own
        meanings with the known values (True when too many statements are open to look).
        `wide`: the statements that say the group is all true (all false) take the value that
        gives them too ("if silver's were all true, lead's 'silver true' would be true, and
        silver's 'lead false' would make it false"), and a member that reads too much to look
        at (LID_SCOPE) is left out, and so is a member that counts (:meth:`glanced`): what
        the others forbid is forbidden all the more (measured in docs/benchmarks.md, "The wide
        never-all reading, on", and "A glance, not a count")."""
        trial = list(values)
        for t in group:
            trial[t] = want
        members = list(group)
        if wide:
            for i, w in self.about.get(group, ()):
                said = w == want
                if trial[i] is None:
                    trial[i] = said
                elif trial[i] is not said:
                    return False
            members = sorted((t for t in members if self.glanced(t)),
                             key=lambda t: len(self.reach[t]))
        scope: set[int] = set()
        looked = []
        for t in members:
            more = scope | {i for i in self.reach[t] if trial[i] is None}
            if len(more) > LID_SCOPE:
                if wide:
                    continue
                return True
            scope = more
            looked.append(t)
        if not looked:
            return True
        order = sorted(scope)
        if wide and self.steps_further:  # one step further (H6: a chain, not a case)
            looked += [k for k in self.further(trial, order, group) if k not in looked]
        check(1 << len(order))
        meanings = self.puzzle.meanings
        for bits in product((False, True), repeat=len(order)):
            for i, v in zip(order, bits):
                trial[i] = v
            if all(trial[t] == evaluate(meanings[t], p, trial, trial[t])  # type: ignore[arg-type]
                   for t in looked):
                return True
        return False

    def _counts_under(self, p: int, values: list[bool | None], members: Sequence[int],
                      most: int) -> set[int] | None:
        """The true counts of `members` over every completion of the open statements they
        and what they read span (None when more than `most`) that keeps the members' own
        meanings, with the portrait in casket p and the known values."""
        scope = sorted(i for i in set().union(*(self.reach[i] for i in members))
                       if values[i] is None)
        if len(scope) > most:
            return None
        check(1 << len(scope))
        meanings = self.puzzle.meanings
        trial = list(values)
        counts: set[int] = set()
        for bits in product((False, True), repeat=len(scope)):
            for i, v in zip(scope, bits):
                trial[i] = v
            if all(trial[i] == evaluate(meanings[i], p, trial, trial[i])  # type: ignore[arg-type]
                   for i in members):
                counts.add(sum(1 for i in members if trial[i]))
        return counts

    def _dies(self, p: int, values: list[bool | None], i: int, v: bool) -> bool:
        """Whether supposing statement i has value v leads, without cases, to a
        contradiction."""
        trial = list(values)
        trial[i] = v
        self._case += 1
        try:
            self.propagate(p, trial, COUNT)
        except Contradiction:
            return True
        finally:
            self._case -= 1
        return False

    def _one_split(self, p: int, values: list[bool | None]) -> bool:
        """One case split on one statement, each case finished without further cases: one
        value dies at once, and the other (forced) leads to a contradiction too. (Two
        suppositions one after the other are not one split: the second is made in the case
        the first leaves, so they count as a split inside a case.)"""
        for i in range(self.size):
            if values[i] is None and any(self._dies(p, values, i, v) and
                                         self._dies(p, values, i, not v)
                                         for v in (True, False)):
                self.deductions += 2
                return True
        return False

    def closeness(self, p: int) -> float:
        """How near ruling out casket p (a wrong casket) comes to a split inside a case, read
        off the grader's partial results: 0 when counting without cases rules it out; else 2
        less the share of the statements left open that are a key to one split (both their
        values die without cases, :meth:`_one_split`). So 1 when every open statement is such
        a key, and 2 exactly when none is: no single split rules p out, so it needs a split
        inside a case (:meth:`need` gives NESTED). A generator steers by it."""
        values = self.start(p)
        try:
            self.propagate(p, values, COUNT)
        except Contradiction:
            return 0.0
        open_ = [i for i, v in enumerate(values) if v is None]
        if not open_:
            return 1.0
        keys = sum(1 for i in open_
                   if self._dies(p, values, i, True) and self._dies(p, values, i, False))
        return 2.0 - keys / len(open_)

    def split_point(self, p: int) -> tuple[int, bool] | None:
        """(a statement, the value of it that dies) for the first case split that helps with
        the portrait in casket p, after every deduction without cases; None when none."""
        values = self.start(p)
        try:
            self.propagate(p, values, COUNT)
        except Contradiction:
            return None
        for i in range(self.size):
            if values[i] is None:
                for v in (True, False):
                    if self._dies(p, values, i, v):
                        return i, v
        return None

    def _cases(self, p: int, values: list[bool | None], depth: int) -> bool:
        """Suppositions, one after another, each `depth` deep at most: a statement whose one
        value dies (without cases at depth 1; within `depth` - 1 further levels of cases
        inside the supposition) takes the other, until a contradiction. At depth 1 this is a
        chain of plain case splits (each supposition followed to its contradiction, then the
        next), not a split inside a split."""
        values = list(values)
        while True:
            got = self._first_death(p, values, depth)
            if got is None:
                return False
            i, v = got
            values[i] = not v
            self.deductions += 2
            try:
                self.propagate(p, values, COUNT)
            except Contradiction:
                return True

    def _first_death(self, p: int, values: list[bool | None], depth: int
                     ) -> tuple[int, bool] | None:
        """(a statement, its value that dies): one that dies without cases first, then one
        that needs cases inside (up to `depth` - 1 levels)."""
        for inner in range(depth):
            for i in range(self.size):
                if values[i] is not None:
                    continue
                for v in (True, False):
                    if (self._dies(p, values, i, v) if inner == 0 else
                            self._case_dies(p, values, i, v, inner)):
                        return i, v
        return None

    def _case_dies(self, p: int, values: list[bool | None], i: int, v: bool,
                   depth: int) -> bool:
        trial = list(values)
        trial[i] = v
        self._case += 1
        try:
            self.propagate(p, trial, COUNT)
            return self._cases(p, trial, depth)
        except Contradiction:
            return True
        finally:
            self._case -= 1

    def _settle(self, c: _Check, p: int, values: list[bool | None]) -> bool:
        """Follow one statement's meaning: every value its completions agree on."""
        check()
        open_ = [i for i in c.scope if values[i] is None]
        if not open_:
            if values[c.owner] != evaluate(c.meaning, p, values,  # type: ignore[index]
                                           values[c.owner]):  # type: ignore[index, arg-type]
                raise Contradiction
            return False
        if isinstance(c.meaning, GroupMeaning) and c.owner not in c.meaning.group:
            return self._group(c.meaning, c.owner, values)  # type: ignore[arg-type]
        if len(open_) > SCOPE_MAX:
            return False
        return self._agree(c, p, values, open_)

    def _group(self, mn: GroupMeaning, owner: int, values: list[bool | None]) -> bool:
        """Follow "the statements on X are true (false)": what _agree finds, worked out
        directly (the commonest statement about statements)."""
        want = mn.value
        if any(values[t] is (not want) for t in mn.group):
            return self._fix(owner, False, values)
        open_ = [t for t in mn.group if values[t] is None]
        if not open_:
            return self._fix(owner, True, values)
        if values[owner] is True:
            for t in open_:
                values[t] = want
            self.deductions += len(open_)
            return True
        if values[owner] is False and len(open_) == 1:
            return self._fix(open_[0], not want, values)
        return False

    def _echo(self, echo: tuple[int, ...], values: list[bool | None]) -> bool:
        """Statements that say the same thing take the value one of them is known to have."""
        known = {values[i] for i in echo} - {None}
        if len(known) > 1:
            raise Contradiction
        if not known:
            return False
        v = known.pop()
        changed = False
        for i in echo:
            changed |= self._fix(i, v, values)  # type: ignore[arg-type]
        return changed

    def _by_total(self, i: int, values: list[bool | None], blocks: Sequence[Block]) -> bool:
        """Count against m: statement i counts all the statements; judge it against the
        totals the rules allow (with what is known): "exactly 3 statements are true, so 'at
        least 1 of all the statements is true' is true"."""
        if values[i] is not None:
            return False
        mn = self.puzzle.meanings[i]
        assert isinstance(mn, CountMeaning)
        lo, hi = self._bounds(mn, values, blocks)
        said = {compare(x, mn.op, mn.k) for x in range(lo, hi + 1)
                if (x if mn.value else self.size - x) in self.totals}
        if len(said) != 1:
            return False
        return self._fix(i, said.pop(), values)

    def _joint(self, group: list[int], held: list[CountMeaning], said: list[int],
               values: list[bool | None]) -> bool:
        """Count against the rules: the counts of one group of statements put together (the
        rules' and those of the statements whose value is known) leave the true counts
        `allowed`; with what is known, a count that only one end fits fills the open
        statements, and a statement that counts the group is judged ("at most 1 true on lead,
        and at least 1 by the rule: exactly 1, so 'exactly 2 on this casket' is false")."""
        size = len(group)
        allowed = set(range(size + 1))
        for mn in held:
            allowed = {x for x in allowed if compare(x if mn.value else size - x, mn.op, mn.k)}
        for i in said:
            v = values[i]
            said_mn = self.puzzle.meanings[i]
            if v is not None and isinstance(said_mn, CountMeaning):
                allowed = {x for x in allowed if compare(
                    x if said_mn.value else size - x, said_mn.op, said_mn.k) == v}
        known = sum(1 for t in group if values[t] is True)
        open_ = [t for t in group if values[t] is None]
        fits = sorted(x for x in allowed if known <= x <= known + len(open_))
        if not fits:
            raise Contradiction
        changed = False
        for i in said:
            open_mn = self.puzzle.meanings[i]
            if values[i] is None and isinstance(open_mn, CountMeaning):
                judged = {compare(x if open_mn.value else size - x, open_mn.op, open_mn.k)
                          for x in fits}
                if len(judged) == 1:
                    changed |= self._fix(i, judged.pop(), values)
        if changed or not open_:
            return changed
        if fits == [known]:
            fill: bool | None = False
        elif fits == [known + len(open_)]:
            fill = True
        else:
            fill = None
        if fill is not None:
            for t in open_:
                changed |= self._fix(t, fill, values)
        return changed

    def _by_blocks(self, i: int, values: list[bool | None], blocks: Sequence[Block]) -> bool:
        """Spot a fixed lid (a pair) inside what statement i counts: judge it from the
        block's count with what is known, without knowing which statements are true."""
        if values[i] is not None:
            return False
        mn = self.puzzle.meanings[i]
        assert isinstance(mn, CountMeaning)
        group = set(mn.group)
        if not any(set(b.statements) <= group for b in blocks):
            return False
        lo, hi = self._bounds(mn, values, blocks)
        said = {compare(x, mn.op, mn.k) for x in range(lo, hi + 1)}
        if len(said) != 1:
            return False
        return self._fix(i, said.pop(), values)

    def _fix(self, i: int, v: bool, values: list[bool | None]) -> bool:
        """Statement i must have value v: a contradiction when it has the other."""
        if values[i] is None:
            values[i] = v
            self.deductions += 1
            return True
        if values[i] is not v:
            raise Contradiction
        return False

    def _agree(self, c: _Check, p: int, values: list[bool | None], open_: list[int],
               same: Sequence[tuple[int, int]] = ()) -> bool:
        """Try every completion of the open statements in c's scope; fix what all the
        consistent ones agree on (those that give the statements paired in `same` one
        value)."""
        check(1 << len(open_))  # a step for each completion tried
        seen: list[set[bool]] = [set() for _ in open_]
        trial = list(values)
        for bits in product((False, True), repeat=len(open_)):
            for i, v in zip(open_, bits):
                trial[i] = v
            if not all(trial[a] is None or trial[b] is None or trial[a] == trial[b]
                       for a, b in same):
                continue
            own = True if c.owner is None else trial[c.owner]
            if evaluate(c.meaning, p, trial, own) == own:  # type: ignore[arg-type]
                for s, v in zip(seen, bits):
                    s.add(v)
        if not seen[0]:
            raise Contradiction
        changed = False
        for i, s in zip(open_, seen):
            if len(s) == 1:
                values[i] = s.pop()
                self.deductions += 1
                changed = True
        return changed

    def _rule(self, c: _Check, p: int, values: list[bool | None], rank: int,
              blocks: Sequence[Block]) -> bool:
        """Check a rule (m among them) against what is known (and the lids and pairs in
        `blocks`); from COUNT on, also deduce from it."""
        check()
        mn = c.meaning
        if isinstance(mn, CountMeaning):
            lo, hi = self._bounds(mn, values, blocks)
            if not any(compare(x, mn.op, mn.k) for x in range(lo, hi + 1)):
                self._used(mn.group, blocks)
                raise Contradiction
            tight = rank >= COUNT and self._tight(mn, values, lo, hi, blocks)
            if tight:
                self._used(mn.group, blocks)
            return tight
        open_ = [i for i in c.scope if values[i] is None]
        if not open_:
            if not evaluate(mn, p, values):
                raise Contradiction
            return False
        if len(open_) > SCOPE_MAX:
            return False
        if rank >= COUNT:
            return self._agree(c, p, values, open_, self._apart(open_))
        # below COUNT a rule is only checked: no way to keep it with what is known
        if not self._possible(c, p, values, open_, self._apart(open_)):
            raise Contradiction
        return False

    def _apart(self, open_: list[int]) -> list[tuple[int, int]]:
        """The statements among `open_` that say the same thing as another statement (an
        echo), each with that other one: a rule is read with them as one ("gold's and silver's
        'exactly 2 on silver true' are the same statement, so gold and silver bear the same
        count"), as following reads them (:meth:`_echo`)."""
        return [(i, g[0]) for g in self.echoes for i in g[1:] if i in open_ or g[0] in open_]

    @staticmethod
    def _possible(c: _Check, p: int, values: list[bool | None], open_: list[int],
                  same: Sequence[tuple[int, int]] = ()) -> bool:
        """Whether some completion of the open statements keeps the rule c (and gives the
        statements paired in `same` one value)."""
        check(1 << len(open_))
        trial = list(values)
        for bits in product((False, True), repeat=len(open_)):
            for i, v in zip(open_, bits):
                trial[i] = v
            if all(trial[a] is None or trial[b] is None or trial[a] == trial[b]
                   for a, b in same) and evaluate(c.meaning, p, trial):
                return True
        return False

    @staticmethod
    def _bounds(mn: CountMeaning, values: list[bool | None], blocks: Sequence[Block]
                ) -> tuple[int, int]:
        """The least and most statements of mn's group that can have mn's value, from the
        known values and the fixed lids and pairs inside the group."""
        group = set(mn.group)
        lo = hi = 0
        for b in blocks:
            if set(b.statements) <= group:
                group -= set(b.statements)
                hit = b.true if mn.value else len(b.statements) - b.true
                lo, hi = lo + hit, hi + hit
        for i in group:
            v = values[i]
            if v is None:
                hi += 1
            elif v == mn.value:
                lo, hi = lo + 1, hi + 1
        return lo, hi

    def _tight(self, mn: CountMeaning, values: list[bool | None], lo: int, hi: int,
               blocks: Sequence[Block]) -> bool:
        """Count against m: when only the least (or the most) count fits, every open statement
        outside the lids and pairs takes the value that keeps it there."""
        fits = [x for x in range(lo, hi + 1) if compare(x, mn.op, mn.k)]
        if lo < hi and fits == [lo]:
            fill = not mn.value
        elif lo < hi and fits == [hi]:
            fill = mn.value
        else:
            return False
        inside = {i for b in blocks if set(b.statements) <= set(mn.group)
                  for i in b.statements}
        changed = False
        for i in mn.group:
            if values[i] is None and i not in inside:
                values[i] = fill
                self.deductions += 1
                changed = True
        return changed

    def _count_blocks(self, values: list[bool | None], blocks: Sequence[Block]) -> None:
        """A fixed lid or pair whose known values already break its count."""
        for b in blocks:
            true = sum(1 for i in b.statements if values[i] is True)
            false = sum(1 for i in b.statements if values[i] is False)
            if true > b.true or false > len(b.statements) - b.true:
                self._used(b.statements, (b,))
                raise Contradiction

    def _full_check(self, p: int, values: list[bool | None]) -> None:
        """Every value known: the world must keep every meaning and rule."""
        for c in self.statements:
            if values[c.owner] != evaluate(c.meaning, p, values,  # type: ignore[index]
                                           values[c.owner]):  # type: ignore[index, arg-type]
                raise Contradiction
        for c in self.rules:
            if not evaluate(c.meaning, p, values):
                raise Contradiction

    # ----------------------------------------------------------------- rating
    def need(self, p: int) -> tuple[int, int]:
        """(the rank of the cheapest technique ruling out casket p, a wrong casket, and the
        deductions it took)."""
        for rank in range(SUPPOSE, SPLIT + 1):
            if (rank == LID and not self.lids and not self.may_see("lid")
                    and not self.about) or \
                    (rank == PAIR and not self.pairs and not self.may_see("pair")):
                continue  # nothing new to count with or read: the same as the rank below
            self.deductions = 0
            if self.refutes(p, rank):
                return rank, self.deductions
        # a wrong casket no single split rules out needs a split inside a case (the
        # exact analysis has already said it is wrong; :meth:`refutes` at NESTED shows how)
        return NESTED, self.deductions + 2


def rate(puzzle: Puzzle, m: int | None = None, engine=None,
         solutions: Sequence[int] | None = None) -> Rating:
    """Rate a puzzle (for its own m by default) by solving it as a person would. `solutions`:
    the caskets that fit (the exact analysis is asked when not given; `engine`, e.g.
    ``analysis.evaluation``, is read when it can give them)."""
    grader, fits = _grader(puzzle, m, engine, solutions)
    return _rated(puzzle, grader.m, fits, grader)


def rate_as(want: str, puzzle: Puzzle, m: int | None = None, engine=None,
            solutions: Sequence[int] | None = None, near: list | None = None,
            followed: Collection[int] | None = None) -> Rating | None:
    """The rating of :func:`rate` when its level is `want`, else None: the generator's test
    for a difficulty target. None comes before the whole ladder is climbed as soon as a cheap
    look shows the level cannot be `want` (:func:`cannot_be`). `near`: for fiendish, a list
    that gets the puzzle appended when a wrong casket needs a split (a near miss).
    `followed`: when the generator's first look (:func:`.sampler.follow_refutes`, whose True
    :meth:`Grader.refutes` repeats from FOLLOW on) has looked at every wrong casket, those
    it rules out: the cheap look takes them as ruled out from FOLLOW on without asking the
    grader again, and asks the others to count first (:func:`cannot_be`, `unfollowed`); the
    same verdict, and the rating, when one is made, looks at every casket."""
    grader, fits = _grader(puzzle, m, engine, solutions)
    wrong = [p for p in range(len(puzzle.caskets)) if p not in fits]
    refutes = grader.refutes
    unfollowed: Collection[int] = ()
    if followed is not None:
        unfollowed = [p for p in wrong if p not in followed]

        def refutes(p: int, rank: int) -> bool:
            return (rank >= FOLLOW and p in followed) or grader.refutes(p, rank)
    if near is not None and want == "fiendish":
        looked = refutes

        def refutes(p: int, rank: int) -> bool:
            if not looked(p, COUNT):
                near.append(puzzle)  # (a split is needed: one of the caskets is close)
                return looked(p, rank)
            return True
    if cannot_be(want, wrong, refutes, unfollowed):
        return None
    got = _rated(puzzle, grader.m, fits, grader)
    return got if got.level == want else None


def closeness(puzzle: Puzzle, solutions: Sequence[int], m: int | None = None) -> float:
    """How near the puzzle (`solutions`: the caskets that fit) comes to fiendish: the most
    :meth:`Grader.closeness` of a wrong casket. 2 exactly when :func:`rate` calls it fiendish
    (a wrong casket no single split rules out); below, the larger the nearer. The fiendish
    generator walks uphill on it (.packs.generator.families)."""
    grader = Grader(puzzle, puzzle.m if m is None else m)
    return max((grader.closeness(p) for p in range(len(puzzle.caskets)) if p not in solutions),
               default=0.0)


def _grader(puzzle: Puzzle, m: int | None, engine, solutions: Sequence[int] | None
            ) -> tuple["Grader", set[int]]:
    m = puzzle.m if m is None else m
    if m is None and not puzzle.side_rules:
        raise ValueError("a puzzle is rated for a number of true statements or a rule")
    fits = set(_solutions(puzzle, m, engine) if solutions is None else solutions)
    return Grader(puzzle, m), fits


def cannot_be(want: str, wrong: Sequence[int], refutes,
              unfollowed: Collection[int] = ()) -> bool:
    """Whether a puzzle with these wrong caskets is surely not of level `want`, from a cheap
    look at the ladder (refutes(p, rank): :meth:`Grader.refutes`, or the same test read off
    a candidate's masks): a gentle puzzle has every wrong casket ruled out by supposing
    (:meth:`Grader.need` tries SUPPOSE first), a steady one does not; one whose wrong caskets
    all fall to counting without cases (COUNT, the last rung before SPLIT) needs no split,
    so it is neither tricky nor fiendish; one whose wrong caskets all fall to one split (SPLIT
    propagates up to COUNT first) is not fiendish. Exact: a puzzle this says no to rates
    otherwise.

    For tricky, a wrong casket that following alone rules out (FOLLOW) is looked at no
    further: :meth:`Grader.need` would stop there, below SPLIT, whatever COUNT says, and
    following needs no lids or pairs (finding them is most of a rating's cost; 7 in 10 of
    the candidates a tricky search rates fall to following alone). For the wrong caskets
    in `unfollowed` (a cheaper look at following already failed there, so following alone
    seldom rules them out) COUNT is asked first: the same verdict (the two are or-ed), and
    following is asked only when counting does not rule the casket out."""
    if want == "gentle":
        return not all(refutes(p, SUPPOSE) for p in wrong)
    if want == "steady":
        return all(refutes(p, SUPPOSE) for p in wrong)
    if want == "tricky":
        return all(refutes(p, COUNT) or refutes(p, FOLLOW) if p in unfollowed
                   else refutes(p, FOLLOW) or refutes(p, COUNT) for p in wrong)
    if want == "fiendish":
        return all(refutes(p, SPLIT) for p in wrong)
    return False


def _rated(puzzle: Puzzle, m: int | None, fits: set[int], grader: "Grader") -> Rating:
    """The rating: each wrong casket's cheapest technique (see :func:`rate`)."""
    worst, where, work = SUPPOSE, None, 0
    needs: list[str | None] = []
    for p in range(len(puzzle.caskets)):
        if p in fits:
            needs.append(None)
            continue
        rank, done = grader.need(p)
        needs.append(BY_RANK[rank].key)
        work += done + (NEAR_WORK if _near(puzzle, grader, p, m) else 0)
        if where is None or rank > worst:
            worst, where = rank, p
    t = BY_RANK[worst]
    score = round(t.rank + min(work, MAX_WORK) / 100, 2)
    loops = _loop_count(puzzle)
    return Rating(t.level, score, t.key, where, work, loops, tuple(needs))


#: the work budget of :func:`rate_within`, in steps (a step is about one evaluation: a
#: statement or rule followed, each completion tried, each assignment a lid or pair is judged
#: under; 1 or 2 microseconds): generous for every puzzle a person solves (12 caskets of 10
#: statements take a few thousand steps, a ring of 40 statements about each other 500,000), a
#: second or two of work at most
RATE_STEPS = 1_000_000
#: what a rating too large for its budget is called (solve --json, --explain)
TOO_LARGE_TO_RATE = "too large to rate"


def rate_within(puzzle: Puzzle, m: int | None = None, engine=None,
                solutions: Sequence[int] | None = None, steps: int = RATE_STEPS
                ) -> Rating | None:
    """:func:`rate` within a work budget of `steps` checks; None when the puzzle is too large
    to rate within it (the grader's case splits grow with the cube of the statements: a ring
    of 500 statements about each other would take an hour). A deadline or cancel in force
    outside still raises OutOfTime."""
    try:
        with Budget(steps=steps) as budget:
            return rate(puzzle, m, engine, solutions)
    except OutOfTime as exc:
        if exc.steps is None or budget.checks <= steps:
            raise  # not this budget's
        return None


def _solutions(puzzle: Puzzle, m: int | None, engine) -> tuple[int, ...]:
    """The caskets that fit: read off `engine` when it is one of the puzzle's casket engines
    (the same statements and side rules), else the exact analysis."""
    from portia_tui.core.solve.engine import CasketEngine, WholeEngine, analyse

    if isinstance(engine, (CasketEngine, WholeEngine)) \
            and engine.puzzle.caskets == puzzle.caskets \
            and engine.puzzle.side_rules == puzzle.side_rules:
        totals = [engine.total(p) for p in range(len(puzzle.caskets))]
        return tuple(p for p, t in enumerate(totals)
                     if (t >> m & 1 if m is not None else t != 0))
    return analyse(puzzle).solutions(m)


def _near(puzzle: Puzzle, grader: Grader, p: int, m: int | None) -> bool:
    """Whether casket p misses m by one only: every statement settles under the supposition
    by following (no loop) and the count is m - 1 or m + 1."""
    if m is None:
        return False
    values = grader.start(p)
    try:
        grader.propagate(p, values, FOLLOW)
    except Contradiction:
        return False
    return None not in values and abs(sum(map(bool, values)) - m) == 1


def _loop_count(puzzle: Puzzle) -> int:
    from portia_tui.core.solve.semantics import find_loops

    return len(find_loops(puzzle))


def possible_levels(loops: bool, kinds: Sequence[str], n: int, caskets: int = 3,
                    rules: Sequence[str] = ()) -> tuple[str, ...]:
    """The levels a generated puzzle can reach. Statements about the portrait alone are
    settled by the supposition: gentle only. Statements about statements can need following
    (steady). Without loops every statement settles by following under a supposition, so no
    case split: a split needs a loop (statements about statements with loops on, or a
    statement that speaks of itself: counts of all the statements, counts on a statement's
    own casket, maker statements). With one statement a casket, three caskets hold one loop
    of two statements at most, which one split settles: no nested split. `rules` (the kinds
    of rule beyond m) are checked like m.

    Fiendish (a split inside a case) needs a statement that speaks of itself (a count over
    statements that include it, a maker statement) or a rule beyond m: with the classic kinds
    and m alone, no wrong casket of 240,000 random n = 3 and 4 draws with loops needed a split
    inside a case once a lid that can never be all false (or all true) is read at once
    (:meth:`Grader._never_all`; docs/benchmarks.md, "Fiendish from the full vocabulary").
    Other shapes of the classic vocabulary (4 caskets and more) were not searched as widely:
    they are refused on the same evidence."""
    reads = [KINDS[k].reads for k in kinds]
    out = []
    if "" in reads:  # a kind about the portrait alone
        out.append("gentle")
    if any(reads):
        out.append("steady")
    deep = "any" in reads or (n >= 2 and "own" in reads)
    selfish = any(KINDS[k].reads_itself for k in kinds)
    if (loops and deep) or selfish:
        out.append("tricky")
        if selfish or (rules and (n >= 2 or caskets >= 4)):
            out.append("fiendish")
    return tuple(out)
