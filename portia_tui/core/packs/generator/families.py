"""Puzzles of the whole language, and Smullyan's three generations of Portia's caskets.

A *family* fixes the shape of a puzzle and the kinds of rule Portia states:

=========  ======================================  ==========================================
family     statements                              rules
=========  ======================================  ==========================================
portia1    one on each casket                      one count over all the statements ("At most
                                                   1 statement is true")
portia2    two (or more) on each casket            one rule about every casket ("On every
                                                   casket, ...", "K caskets bear only true
                                                   statements", "K caskets bear exactly J true
                                                   statements")
portia3    one (or more) on each casket, at least  "Every casket was made by Bellini or by
           one about who made a casket             Cellini", and a count over all the
                                                   statements only when that alone leaves more
                                                   than one casket
=========  ======================================  ==========================================

Without a family, the whole vocabulary ("full") draws n statements a casket from every kind,
and Portia states one rule of any kind (maker statements come with the Bellini/Cellini rule,
and a second rule only when that rule alone leaves more than one casket).

The draw: statements from the vocabulary's menus (:func:`portia_tui.core.language.vocabulary.options`;
a kind first, then a statement of it, so the long count menus do not crowd out the rest),
never the same statement twice on a casket (unless repeats are allowed), nor a statement
about where the portrait is beside its exact negation or one that says the same (unless
allowed). Then the rules: every rule condition reads only the true count of each casket
(:mod:`portia_tui.core.language.rules`), so the casket engine's consistent count vectors per
placement, computed once without rules, tell for every rule of the menu which placements it
leaves (whether a rule accepts a vector is kept once asked); the rules that leave exactly one
are the valid choices, and one is picked at random (a kind of rule first, then a rule of that
kind). The puzzle made is then solved again, rules and all, by the casket engine
that :func:`portia_tui.core.analyse` reads, and, for the first and one in twenty (every one
with verify), by SAT.

Statements that count themselves (and maker statements on their own casket) speak of
themselves, so loops are part of this language: a paradox in a placement is one of Smullyan's
own ways to rule a casket out.

Same settings and seed, same puzzles: all randomness comes from one ``random.Random(seed)``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Callable, Iterator, Sequence

from portia_tui.core.explain.difficulty import closeness, possible_levels, rate, rate_as
from portia_tui.core.solve.engine import WholeEngine, evaluator
from portia_tui.core.errors import SettingsError
from portia_tui.core.language.model import Casket, Puzzle
from portia_tui.core.language.rules import Rule, conditions, m_rule, pins_every_value, rule_options
from portia_tui.core.solve.semantics import Analysis
from portia_tui.core.packs.twins import whole_key
from portia_tui.core.language.vocabulary import KINDS, Layout, Statement, evaluate, options
from portia_tui.core.packs.generator.quality import (ECHO_HARD_UP_TO, Keeper, Offer, Worlds, blank_totals,
                                                     fixes_every_value, motifs, plain_counts, portrait_masks,
                                                     sure_fillers, symmetric_pair, wasted_for)
from portia_tui.core.packs.generator.settings import Settings
from portia_tui.core.packs.generator.sampler import CASKET_TRIES

#: the statement kinds about who made a casket (they need the Bellini/Cellini rule)
MAKERS = Rule("makers")
MAKER_KINDS = tuple(k for k, kind in KINDS.items() if kind.needs_rule == MAKERS.kind)
#: the most count vectors (true statements on each casket: (n + 1) ** caskets) a candidate
#: is solved over, so one candidate takes well under a second
MAX_VECTORS = 2048
#: every rule kind but the Bellini/Cellini rule (those that may join it)
COUNT_RULES = ("total", "each", "pure", "bearing")


@dataclass(frozen=True)
class Family:
    key: str
    summary: str
    #: statements on each casket by default, and the fewest / most allowed (None: no limit)
    n: int
    least: int
    most: int | None
    #: the statement vocabulary drawn from by default (:data:`VOCABULARIES` name)
    vocabulary: str
    #: the rule kinds Portia states, one of them (after `base`)
    rules: tuple[str, ...]
    #: rules always stated (a rule of `rules` joins them only when they leave several caskets)
    base: tuple[Rule, ...] = ()
    #: whether statements about who made a casket are drawn (at least one a puzzle)
    makers: bool = False
    #: whether an "Exactly m statements are true" rule may be asked for (the m setting)
    takes_m: bool = False


FAMILIES: dict[str, Family] = {f.key: f for f in (
    Family("portia1", "first generation: one statement on each casket, one count of true or "
           "false statements", 1, 1, 1, "portrait", ("total",), takes_m=True),
    Family("portia2", "second generation: two statements on each casket, one rule about every "
           "casket", 2, 2, None, "portrait", ("each", "pure", "bearing")),
    Family("portia3", "third generation: Bellini or Cellini made each casket, with statements "
           "about who made which", 1, 1, None, "portrait", ("total",), base=(MAKERS,),
           makers=True),
)}
#: the whole language without a family: any rule (the maker statements bring their rule)
WHOLE = Family("full", "the whole language: any statements, any rule", 3, 1, None, "full",
               COUNT_RULES + ("makers",), takes_m=True)


def family_of(settings: Settings) -> Family:
    return WHOLE if settings.family is None else FAMILIES[settings.family]


def family_defaults(family: str | None) -> dict:
    """The settings a family implies unless given: statements on each casket, vocabulary."""
    f = WHOLE if family is None else FAMILIES[family]
    return {"n": f.n, "vocabulary": f.vocabulary}


def family_kinds(settings: Settings) -> tuple[str, ...]:
    """The statement kinds drawn: the vocabulary's, maker kinds only where the family states
    the Bellini/Cellini rule (the whole language may), added for the third generation."""
    f = family_of(settings)
    kinds = tuple(k for k in settings.kinds if k not in MAKER_KINDS)
    if f.makers or (f is WHOLE and settings.vocabulary == "full"):
        kinds += MAKER_KINDS
    return kinds


def family_levels(settings: Settings) -> tuple[str, ...]:
    """The difficulty levels a puzzle of these settings can be rated: the techniques of the
    statement kinds drawn and of the rules the family states (difficulty.possible_levels;
    these puzzles always allow loops)."""
    f = family_of(settings)
    rules = tuple(f.rules) + tuple(r.kind for r in f.base)
    return possible_levels(True, family_kinds(settings), settings.n, settings.caskets,
                           rules=rules)


def check_family(s: Settings) -> None:
    """Raise SettingsError for settings that mean nothing with a family (or the whole
    language), or that no puzzle of it meets."""
    from portia_tui.core.packs.generator.settings import M_POLICIES, fiendish_pack_bound

    if s.family is not None and s.family not in FAMILIES:
        raise SettingsError(f"use one of {', '.join(FAMILIES)}", "family", s.family,
                            tuple(FAMILIES))
    f = family_of(s)
    what = f"{f.key} puzzles" if f is not WHOLE else "puzzles of the whole language"
    if f.most is not None and s.n > f.most or s.n < f.least:
        count = "one statement" if f.least == f.most == 1 else (
            f"{f.least} or more statements" if f.most is None else f"{f.least} statements")
        raise SettingsError(f"{what} carry {count} on each casket", "n", s.n,
                            f.least if f.most is None else f.most)
    if s.vocabulary != "full" and s.repeats != "allow" and not f.makers:
        from portia_tui.core.packs.generator.settings import distinct_bound

        bound = distinct_bound(s.caskets, s.n, True, s.vocabulary,
                               negations=s.allow_negations, echoes=s.allow_echoes)
        if s.n > bound:
            raise SettingsError(
                f"{what} with the {s.vocabulary} vocabulary and {s.caskets} caskets: a casket "
                f"carries at most {bound} distinct statement{'s' if bound != 1 else ''}"
                f"{'' if s.allow_negations else ', none beside its exact negation'}"
                f"{'' if s.allow_echoes else ', no two that say the same'}", "n", s.n, bound)
    worlds = (s.n + 1) ** s.caskets
    if worlds > MAX_VECTORS:
        raise SettingsError(
            f"{what} are solved over every number of true statements on each casket: "
            f"{s.caskets} caskets with {s.n} statement{'s' if s.n != 1 else ''} each make "
            f"{worlds:,} such counts, past the {MAX_VECTORS:,} this generator walks",
            "caskets", s.caskets, MAX_VECTORS)
    if s.m is not None and not f.takes_m:
        raise SettingsError(f"{what} state rules about every casket or about who made them, "
                            "not a number of true statements", "m", s.m)
    if s.m_policy != M_POLICIES[-1]:
        raise SettingsError(f"{what} choose their rule at random among those that leave one "
                            "casket", "m_policy", s.m_policy)
    if s.loops:
        raise SettingsError(f"{what} always allow loops (statements that count themselves "
                            "speak of themselves)", "loops", s.loops)
    if s.difficulty is not None and s.difficulty not in family_levels(s):
        raise SettingsError(f"impossible for {what} with the {s.vocabulary} vocabulary: "
                            f"they reach {', '.join(family_levels(s))}", "difficulty",
                            s.difficulty, family_levels(s))
    most = fiendish_pack_bound(s)
    if most is not None and s.count > most:
        raise SettingsError(
            f"{s.difficulty} {what} with 2 statements on each of 3 caskets nearly all state "
            "'K caskets bear J true statements' ('exactly' or 'at least' K), and a pack takes "
            f"a rule of one kind at most twice in 8: at most {most} a pack, unless sameness "
            "is allowed", "count", s.count, most)


# =========================================================================== the draw
def _placements(st: Statement, layout: Layout) -> int | None:
    """The placements (bit mask) where a statement about where the portrait is holds."""
    return KINDS[st.kind].placements(st, layout)


class Drawer:
    """Draws the statements of a candidate: per casket, a kind at random, then one of its
    statements the casket's picks so far do not block."""

    def __init__(self, settings: Settings, rng: random.Random):
        self.s = settings
        self.rng = rng
        self.family = family_of(settings)
        self.names = settings.names
        self.layout = Layout(self.names, (settings.n,) * settings.caskets)
        kinds = family_kinds(settings)
        rules = ("makers",)
        #: per casket: {kind: its menu}
        self.menus = []
        for c in range(settings.caskets):
            by_kind: dict[str, list[Statement]] = {}
            for st in plain_counts(options(self.layout, c, kinds, rules)):
                by_kind.setdefault(st.kind, []).append(st)
            self.menus.append(by_kind)
        self.full = (1 << settings.caskets) - 1

    def _blocked(self, st: Statement, picked: list[Statement], elsewhere: set[int]) -> bool:
        """Whether st may not join `picked` on its casket; `elsewhere`: the placement masks
        of the portrait statements on the caskets drawn before, which may not recur where the
        cross-casket echo is a hard filter (.quality.ECHO_HARD_UP_TO)."""
        s = self.s
        if st in picked and s.repeats != "allow":
            return True
        mask = _placements(st, self.layout)
        if mask is None:
            return False
        if mask in elsewhere:
            return True
        for other in picked:
            m = _placements(other, self.layout)
            if m is None or other == st:
                continue
            if (not s.allow_negations and m == self.full ^ mask) or \
                    (not s.allow_echoes and m == mask):
                return True
        return False

    def _one(self, c: int, picked: list[Statement], kinds: Sequence[str],
             elsewhere: set[int]) -> Statement | None:
        rng = self.rng
        left = [k for k in kinds if k in self.menus[c]]
        while left:
            kind = left.pop(rng.randrange(len(left)))
            menu = [st for st in self.menus[c][kind] if not self._blocked(st, picked, elsewhere)]
            if menu:
                return menu[rng.randrange(len(menu))]
        return None

    def draw(self) -> list[list[Statement]] | None:
        """Statements per casket, or None when a casket cannot be filled."""
        s = self.s
        maker_slot = None
        if self.family.makers:  # at least one statement about who made a casket
            maker_slot = self.rng.randrange(s.caskets * s.n)
        out = []
        elsewhere: set[int] = set()
        spread = not s.allow_echoes and s.n <= ECHO_HARD_UP_TO
        for c in range(s.caskets):
            picked = self._casket(c, maker_slot, elsewhere)
            if picked is None:
                return None
            out.append(picked)
            if spread:
                elsewhere.update(m for m in (_placements(x, self.layout) for x in picked)
                                 if m is not None)
        return out

    def _casket(self, c: int, maker_slot: int | None, elsewhere: set[int]
                ) -> list[Statement] | None:
        """Casket c's statements (a statement about who made a casket in `maker_slot`)."""
        s = self.s
        picked: list[Statement] = []
        for j in range(s.n):
            if maker_slot == c * s.n + j:
                kinds: Sequence[str] = MAKER_KINDS
            else:
                kinds = list(self.menus[c])
            st = self._one(c, picked, kinds, elsewhere)
            if st is None:
                return None
            picked.append(st)
        return picked

    def redraw(self, drawn: list[list[Statement]], c: int) -> list[list[Statement]] | None:
        """`drawn` with casket c's statements drawn again (the other caskets' portrait
        statements kept off it where the cross-casket echo is hard; a statement about who
        made a casket kept when c had the only ones, as the draw keeps at least one)."""
        s = self.s
        elsewhere: set[int] = set()
        if not s.allow_echoes and s.n <= ECHO_HARD_UP_TO:
            elsewhere = {m for i, sts in enumerate(drawn) if i != c
                         for m in (_placements(x, self.layout) for x in sts) if m is not None}
        maker_slot = None
        if self.family.makers and not any(st.kind in MAKER_KINDS for i, sts in enumerate(drawn)
                                          if i != c for st in sts):
            for j, st in enumerate(drawn[c]):
                if st.kind in MAKER_KINDS:
                    maker_slot = c * s.n + j
                    break
        picked = self._casket(c, maker_slot, elsewhere)
        if picked is None:
            return None
        return [picked if i == c else sts for i, sts in enumerate(drawn)]

    def restate(self, drawn: list[list[Statement]], c: int, j: int
                ) -> list[list[Statement]] | None:
        """`drawn` with one statement (casket c's j-th) drawn again, under the draw's own
        checks: the casket's other statements block as in the draw, the other caskets'
        portrait statements are kept off it where the cross-casket echo is hard, and a
        statement about who made a casket stays one when it was the only one the family
        needs. None when no statement fits."""
        s = self.s
        elsewhere: set[int] = set()
        if not s.allow_echoes and s.n <= ECHO_HARD_UP_TO:
            elsewhere = {m for i, sts in enumerate(drawn) if i != c
                         for m in (_placements(x, self.layout) for x in sts) if m is not None}
        was = drawn[c][j]
        others = [st for i, sts in enumerate(drawn) for k, st in enumerate(sts)
                  if (i, k) != (c, j)]
        kinds: Sequence[str] = list(self.menus[c])
        if self.family.makers and was.kind in MAKER_KINDS and \
                not any(st.kind in MAKER_KINDS for st in others):
            kinds = MAKER_KINDS
        picked = [st for k, st in enumerate(drawn[c]) if k != j]
        st = self._one(c, picked, kinds, elsewhere)
        if st is None:
            return None
        row = list(drawn[c])
        row[j] = st
        return [row if i == c else list(sts) for i, sts in enumerate(drawn)]


# =========================================================================== the rules
class RuleTable:
    """Whether a rule set Portia may state accepts a vector of true counts (one count a
    casket), read from the rules' own conditions and kept once asked (a run meets few of the
    vectors: those its candidates reach)."""

    def __init__(self, layout: Layout):
        self.layout = layout
        self._conds: dict[tuple[Rule, ...], tuple] = {}
        self._holds: dict[tuple[Rule, ...], dict[tuple[int, ...], bool]] = {}

    def _world(self, K: tuple[int, ...]) -> list[bool]:
        """One truth assignment with these counts (the first K[c] statements of casket c
        true): every rule condition reads counts only, so any such assignment will do."""
        return [i < k for n, k in zip(self.layout.counts, K) for i in range(n)]

    def holds(self, rules: tuple[Rule, ...], K: tuple[int, ...]) -> bool:
        known = self._known(rules)
        got = known.get(K)
        if got is None:
            got = known[K] = all(evaluate(c, 0, self._world(K)) for c in self._conds[rules])
        return got

    def _known(self, rules: tuple[Rule, ...]) -> dict[tuple[int, ...], bool]:
        known = self._holds.get(rules)
        if known is None:
            known = self._holds[rules] = {}
            self._conds[rules] = conditions(rules, self.layout)
        return known

    def left(self, rules: tuple[Rule, ...], reach: Sequence[Sequence[tuple[int, ...]]]
             ) -> list[int]:
        """The placements some reachable vector of which the rules accept."""
        known = self._known(rules)
        out = []
        for p, vectors in enumerate(reach):
            for K in vectors:
                got = known.get(K)
                if got is None:
                    got = self.holds(rules, K)
                if got:
                    out.append(p)
                    break
        return out


def rule_sets(settings: Settings, layout: Layout, makers: bool
              ) -> tuple[list[tuple[Rule, ...]], list[tuple[Rule, ...]]]:
    """The rule sets to try: (first choices, then those tried only when none of the first
    leaves one casket). `makers`: the candidate carries a statement about who made a casket."""
    f = family_of(settings)
    if settings.m is not None:  # "Exactly m statements are true", fixed
        one: tuple[Rule, ...] = (m_rule(settings.m),)
        return [((MAKERS,) + one) if makers or f.base else one], []
    singles: list[tuple[Rule, ...]] = [(r,) for r in plain_counts(rule_options(layout, f.rules))]
    if f.base:  # the third generation: the maker rule, a count only when needed
        # never a count that fixes every value: beside the maker rule it names every maker
        return [f.base], [f.base + r for r in singles
                          if not pins_every_value(r[0], layout.size)]
    if makers:  # the whole language with maker statements: their rule, another if needed
        return [(MAKERS,)], [(MAKERS, r) for r in plain_counts(rule_options(layout, COUNT_RULES))]
    return singles, []


def fair_rule_sets(settings: Settings, layout: Layout, makers: bool
                   ) -> list[list[tuple[Rule, ...]]]:
    """:func:`rule_sets` without the giveaways (.quality.fixes_every_value) unless allowed
    (kept per family, m, giveaway setting and layout: the same every run)."""
    return [list(tier) for tier in _fair_rule_sets(
        replace(Settings(), family=settings.family, m=settings.m, n=settings.n,
                caskets=settings.caskets, vocabulary=settings.vocabulary,
                allow_giveaways=settings.allow_giveaways), layout, makers)]


@lru_cache(maxsize=64)
def _fair_rule_sets(settings: Settings, layout: Layout, makers: bool
                    ) -> tuple[tuple[tuple[Rule, ...], ...], ...]:
    tiers = _fair_rule_tiers(settings, layout, makers)
    return tuple(tuple(tier) for tier in tiers)


def _fair_rule_tiers(settings: Settings, layout: Layout, makers: bool
                     ) -> list[list[tuple[Rule, ...]]]:
    tiers = rule_sets(settings, layout, makers)
    if settings.allow_giveaways:
        return list(tiers)
    return [[rules for rules in tier if not fixes_every_value(rules, layout)] for tier in tiers]


# =========================================================================== the search
#: the grader's closeness of a puzzle a wrong casket of which needs a split inside a case
NESTED_CLOSENESS = 2.0
#: steps of the fiendish walk without a nearer candidate before it starts afresh. Long: the
#: walk finds its way up across plateaus (most steps are refused or sideways), and a fresh
#: draw starts far below (its closeness is 0 four times in five). Traced at n = 3 and 4, the
#: walks that found a fiendish puzzle went up to 386 steps without a nearer one, and the CPU
#: per puzzle found fell from about 4 s at 30 to 1 s at 400 to 600 (docs/benchmarks.md,
#: "Fiendish: a patient walk")
STALL = 600

#: the fiendish walk weighs every rule set the pack takes by its closeness (and takes the
#: nearest) up to this many statements on a casket; above, one at random, the walk's own
#: first. At n = 2 the rule makes the split (nearly every find states "K caskets bear J true
#: statements"): a pack of 4, seed 1, 6.3 s of CPU before, 4.1 s after; at n = 3 the
#: statements do, and a closeness for each rule set costs more than it saves (seed 3's first
#: puzzle: 2.3 s of CPU before, not come after 8 s: docs/benchmarks.md, "Fiendish at n = 2")
NEAREST_RULES_UP_TO = 2


class Walk:
    """The fiendish walk: nested splits are rare among random draws (none in 12,910 rated
    n = 3 candidates: docs/benchmarks.md, "Fiendish by the walk"), so the search walks uphill on the
    grader's partial result, :func:`.difficulty.closeness` (0: counting rules out every wrong
    casket; 1 to 2: a wrong casket needs a split, the nearer 2 the fewer statements are a
    key to one; 2: a split inside a case). Each step draws one statement again (the rules
    kept while they still leave one casket), and the walk moves there when the candidate
    passes the checks and comes as near or nearer; after STALL steps without a nearer one,
    or once a puzzle is found, it starts afresh from a new draw. Each step is a candidate of
    its own: every check applies, and a puzzle is kept only when rated fiendish in full."""

    def __init__(self) -> None:
        self.drawn: list[list[Statement]] | None = None
        self.rules: tuple[Rule, ...] | None = None
        self.near = -1.0
        self.stall = 0

    def step(self) -> None:
        """A step is taken (counted as stalled until a candidate as near is offered)."""
        self.stall += 1
        if self.stall > STALL:
            self.restart()

    def offer(self, drawn: list[list[Statement]], rules: tuple[Rule, ...], near: float
              ) -> None:
        """A candidate that passed the checks, with its closeness: the walk moves there when
        it is as near as the walk's place (a fresh walk starts there)."""
        if self.drawn is None or near >= self.near:
            if near > self.near:
                self.stall = 0
            self.drawn, self.rules, self.near = drawn, rules, near

    def restart(self) -> None:
        self.drawn, self.rules, self.near, self.stall = None, None, -1.0, 0


@dataclass(frozen=True)
class _Later:
    """The worlds of a candidate whose values are read only if it is rated (the echo score
    above ECHO_HARD_UP_TO): the engine and the vectors already enumerated."""

    engine: WholeEngine
    bare: Puzzle
    reach: list

    def worlds(self) -> Worlds:
        return Worlds.from_engine(self.engine, self.bare, vectors=self.reach)


class FamilySearch:
    """One run: the drawer, the rule table, the puzzles seen, the statistics."""

    def __init__(self, settings: Settings, stats, seen: set, keeper: Keeper):
        self.s = settings
        self.stats = stats
        self.seen = seen
        self.keeper = keeper
        self.rng = random.Random(settings.seed)
        self.drawer = Drawer(settings, self.rng)
        self.layout = self.drawer.layout
        self.table = RuleTable(self.layout)
        self.want = None if settings.solution is None else settings.names.index(settings.solution)
        #: the rule sets to try, without and with maker statements drawn (no giveaway: no
        #: rule set that fixes every statement's value, unless allowed)
        self.rule_sets = {m: fair_rule_sets(settings, self.layout, m) for m in (False, True)}
        #: a fiendish target: the walk (:class:`Walk`) uphill on the grader's closeness
        self.walk: Walk | None = Walk() if settings.difficulty == "fiendish" else None

    def choose_rules(self, reach: list, makers: bool,
                     refusal: Callable[[tuple[Rule, ...], int], str | None] | None = None,
                     prefer: tuple[Rule, ...] | None = None
                     ) -> tuple[tuple[Rule, ...], int] | str | None:
        """(rules, the one casket they leave) at random among the rule sets that leave one
        casket (the wanted one, if any) and that refusal(rules, casket) does not refuse (the
        pack filters: answers that rotate, motifs), a kind of rule first, then a rule of that
        kind (the menus differ in size); the second tier only when the first has none. None
        when no rule set leaves one casket; the refusal's name when all that do are
        refused. `prefer`: a rule set taken whenever it is among the valid ones (the walk
        keeps its rules while they still leave one casket)."""
        refused = None
        for tier in self.rule_sets[makers]:
            valid, refused = self._valid_rules(tier, reach, refusal, refused)
            if valid:
                for v in valid:
                    if v[0] == prefer:
                        return v
                by_kind: dict[tuple, list] = {}
                for v in valid:
                    by_kind.setdefault(tuple(r.kind for r in v[0]), []).append(v)
                group = list(by_kind.values())[self.rng.randrange(len(by_kind))]
                return group[self.rng.randrange(len(group))]
        return refused

    def _valid_rules(self, tier, reach: list,
                     refusal: Callable[[tuple[Rule, ...], int], str | None] | None,
                     refused: str | None) -> tuple[list, str | None]:
        """The rule sets of one tier that leave one casket (the wanted one, if any) and that
        refusal(rules, casket) takes, each with that casket; and the last refusal's name
        (`refused` when none was refused)."""
        valid = []
        for rules in tier:
            left = self.table.left(rules, reach)
            if len(left) == 1 and (self.want is None or left[0] == self.want):
                why = None if refusal is None else refusal(rules, left[0])
                if why is None:
                    valid.append((rules, left[0]))
                else:
                    refused = why
        return valid, refused

    def nearest_rules(self, caskets: tuple, reach: list, makers: bool,
                      refusal: Callable[[tuple[Rule, ...], int], str | None]
                      ) -> tuple[tuple[tuple[Rule, ...], int] | str | None, float | None]:
        """The walk's rule choice: among the rule sets that leave one casket and that the
        pack filters take (as :meth:`choose_rules`), the one whose puzzle comes nearest to
        fiendish (:func:`.difficulty.closeness`), the walk's own rules first among the
        nearest, else one of them at random; with its closeness. A candidate's rule is part
        of what makes it fiendish (at n = 2 most finds state "K caskets bear J true
        statements"), and the pack's variety refuses a rule motif used twice in 8: one rule
        drawn at random would often be one that cannot get there, and the walk would
        stand still (docs/benchmarks.md, "Fiendish at n = 2")."""
        refused = None
        for tier in self.rule_sets[makers]:
            valid, refused = self._valid_rules(tier, reach, refusal, refused)
            if valid:
                best: list = []
                top = -1.0
                for rules, solution in valid:
                    near = closeness(Puzzle(caskets, rules=rules), (solution,))
                    if near > top:
                        best, top = [(rules, solution)], near
                    elif near == top:
                        best.append((rules, solution))
                assert self.walk is not None
                for v in best:
                    if v[0] == self.walk.rules:
                        return v, top
                return best[self.rng.randrange(len(best))], top
        return refused, None

    def _rules(self, caskets: tuple, reach: list, makers: bool,
               refusal: Callable[[tuple[Rule, ...], int], str | None]
               ) -> tuple[tuple[tuple[Rule, ...], int] | str | None, float | None]:
        """The rules chosen (as :meth:`choose_rules` returns them) and, when the walk took the
        nearest rule set (:meth:`nearest_rules`, n <= NEAREST_RULES_UP_TO), its closeness."""
        if self.walk is not None and self.s.n <= NEAREST_RULES_UP_TO:
            return self.nearest_rules(caskets, reach, makers, refusal)
        return self.choose_rules(reach, makers, refusal,
                                 None if self.walk is None else self.walk.rules), None

    def candidate(self):
        """Draw and judge one candidate: an Offer for the pack filters, or None (counted)."""
        from portia_tui.core.packs.generator.search import refuse

        stats = self.stats
        s = self.s
        stats.attempts += 1
        drawn, bare, why = self._drawn()
        if drawn is None:
            if why is not None:
                return refuse(stats, why)
            stats.quality_rejects += 1
            return None
        caskets = bare.caskets
        # a filler lid its own statements prove, before any engine (exact: quality.lid_counts)
        sure, no_world = sure_fillers(bare)
        if no_world:  # (the rules could leave no casket)
            stats.no_unique_m += 1
            return None
        if sure and self.keeper.refusal(None, len(sure), ()) == "fillers":
            return refuse(stats, "fillers")
        engine = WholeEngine(bare, rules=False)
        # the consistent vectors, enumerated once: the filler lids and the rules read them
        reach = [[K for K, _T, _f in engine.vectors(p)] for p in range(s.caskets)]
        # the filters that read the worlds, before the rules are chosen (the cheapest first;
        # the values, which the echoes read, only where the echo filter is hard)
        hard = not s.allow_echoes and s.n <= ECHO_HARD_UP_TO
        worlds = Worlds.from_engine(engine, bare, values_too=hard, vectors=reach)
        if hard and worlds.echoes():
            return refuse(stats, "echoes")  # (above, a score: read for a candidate rated)
        fillers = worlds.filler_lids()
        if fillers and self.keeper.refusal(None, len(fillers), ()) == "fillers":
            return refuse(stats, "fillers")
        if not hard:  # the echo score, read for a candidate rated, needs the values
            worlds = _Later(engine, bare, reach)
        base = family_of(s).base
        makers = any(st.kind in MAKER_KINDS for sts in drawn for st in sts)

        def refusal(rules: tuple[Rule, ...], solution: int) -> str | None:
            marks = motifs(Puzzle(caskets, rules=rules), fillers, base)
            return self.keeper.refusal(solution, len(fillers), marks)

        chosen, near = self._rules(caskets, reach, makers, refusal)
        if chosen is None:
            stats.no_unique_m += 1
            return None
        if isinstance(chosen, str):  # every rule set that leaves one casket: refused
            return refuse(stats, chosen)
        rules, solution = chosen
        puzzle = Puzzle(caskets, rules=rules)
        key = (tuple(tuple(sorted(c.statements)) for c in caskets), tuple(sorted(rules))) \
            if s.allow_twins else whole_key(puzzle)
        if key in self.seen or any(o.key == key for o in self.keeper.held):
            stats.duplicates += 1  # (a walk may come back to a find it holds)
            return None
        return self._judge(puzzle, key, solution, worlds, fillers, near)

    def wasted(self, puzzle: Puzzle, solution: int) -> list[int]:
        """The statements that could be blanked with the answer unchanged
        (:func:`.quality.wasted_for` of :func:`.quality.blank_totals`). When every statement
        speaks of the portrait alone, read off the rule table: under a wrong placement each
        casket's true count is fixed, and blanking a statement frees its value alone, so it
        is wasted when the rules refuse, under every wrong placement, the counts with that
        value flipped."""
        masks = portrait_masks(puzzle)
        if len(masks) != puzzle.size:
            return wasted_for(blank_totals(puzzle), puzzle.m, solution)
        k = len(puzzle.caskets)
        owners = [c for c, _st in puzzle.flat]
        vectors = []
        for p in range(k):
            if p == solution:
                continue
            K = [0] * k
            for c, v in zip(owners, masks):
                K[c] += v >> p & 1
            vectors.append((p, K))
        out = []
        for i, (c, v) in enumerate(zip(owners, masks)):
            if not any(self.table.holds(puzzle.rules, tuple(
                    n + (1 - 2 * (v >> p & 1) if d == c else 0) for d, n in enumerate(K)))
                    for p, K in vectors):
                out.append(i)
        return out

    def _drawn(self) -> tuple[list | None, Puzzle | None, str | None]:
        """(statements per casket, the puzzle without rules, None) with no symmetric pair
        (while a check refuses, one casket drawn at random, one without a statement about the
        portrait when there is one, is drawn again, up to CASKET_TRIES times), or (None,
        None, why). A fiendish walk's step (:class:`Walk`) redraws one statement of the
        walk's place instead, and is refused, not repaired, when symmetric."""
        s = self.s
        walk = self.walk
        if walk is not None:
            walk.step()  # (after STALL steps without a nearer candidate: afresh)
        if walk is not None and walk.drawn is not None:  # a step: one statement drawn again
            drawn = self.drawer.restate(walk.drawn, self.rng.randrange(s.caskets),
                                        self.rng.randrange(s.n))
            if drawn is None:
                return None, None, None
            bare = Puzzle(tuple(Casket(name, tuple(sts)) for name, sts in zip(s.names, drawn)))
            if not s.allow_symmetry and symmetric_pair(portrait_masks(bare), s.caskets):
                return None, None, "symmetry"  # (a step is not repaired: the walk goes on)
            return drawn, bare, None
        drawn = self.drawer.draw()
        if drawn is None:
            return None, None, None
        for tries in range(CASKET_TRIES + 1):
            bare = Puzzle(tuple(Casket(name, tuple(sts)) for name, sts in zip(s.names, drawn)))
            if s.allow_symmetry or not symmetric_pair(portrait_masks(bare), s.caskets):
                return drawn, bare, None
            if tries == CASKET_TRIES:
                break
            self.stats.redrawn["symmetry"] = self.stats.redrawn.get("symmetry", 0) + 1
            # a casket without a statement about the portrait first: only those tell
            # placements apart
            makers = [c for c, sts in enumerate(drawn) if any(st.kind in MAKER_KINDS for st in sts)]
            mute = [c for c, sts in enumerate(drawn)
                    if all(_placements(st, self.layout) is None for st in sts)
                    and (makers != [c] or not self.drawer.family.makers)]
            pool = mute or range(s.caskets)
            again = self.drawer.redraw(drawn, pool[self.rng.randrange(len(pool))])
            if again is None:
                return None, None, None
            drawn = again
        return None, None, "symmetry"

    def _judge(self, puzzle: Puzzle, key, solution: int, worlds: "Worlds | _Later",
               fillers: list[int], near: float | None = None):
        """Solve again with the rules, rate (the SAT re-verification comes in
        .search.run_candidates, for the puzzle kept); the echo score (`worlds`) is read last."""
        from portia_tui.core.packs.generator.search import Generated, refuse

        stats = self.stats
        s = self.s
        if self.walk is not None:  # fiendish: the walk steps uphill on the closeness, and
            if near is None:  # only its top is solved again and rated
                near = closeness(puzzle, (solution,))
            # (a step the walk moves to is the rule table's: the table and the engine below
            # have never disagreed, and a puzzle is kept only once the engine agrees)
            self.walk.offer([list(c.statements) for c in puzzle.caskets], puzzle.rules, near)
            if near < NESTED_CLOSENESS:
                stats.difficulty_rejects += 1
                return None
        # solved again with its rules by the casket engine (the exact analysis's counts; its
        # loop reports, which no solution depends on, are left to the reader of the puzzle)
        engine = evaluator(puzzle)
        analysis = Analysis(puzzle, engine.true_counts(), ())
        if analysis.solutions() != (solution,):
            stats.sat_disagreements += 1  # the rule table and the engine disagree: never kept
            return None
        # by technique, reading the same engine
        rating = rate(puzzle, engine=engine) if s.difficulty is None else \
            rate_as(s.difficulty, puzzle, engine=engine)
        if rating is None:
            stats.difficulty_rejects += 1
            return None
        unique = analysis.unique_m if puzzle.m is not None else ()
        marks = motifs(puzzle, fillers, family_of(s).base)
        why = self.keeper.refusal(solution, len(fillers), marks)  # (kept to: the rules' choice)
        if why is not None:  # (a walk goes on from a find the pack refuses: its neighbours
            return refuse(stats, why)  # are as near, and may pass)
        generated = Generated(puzzle, s.names[solution], rating, unique)
        share = 0.0 if s.allow_wasted else len(self.wasted(puzzle, solution)) / puzzle.size
        if self.walk is not None and not self.keeper.holds(share):
            self.walk.restart()  # kept: the next puzzle starts afresh (a find held for its
            # wasted statements is walked on from: a neighbour may waste fewer)
        if isinstance(worlds, _Later):
            worlds = worlds.worlds()
        echoes = 0 if s.allow_echoes or s.n <= ECHO_HARD_UP_TO else len(worlds.echoes())
        return Offer(generated, key, solution, len(fillers), marks, echoes, share)


def iter_family(settings: Settings, stats=None, seen: set | None = None,
                patience: float | None = 5.0) -> Iterator:
    """Yield settings.count puzzles of the settings' family (or of the whole language);
    settings must be checked (seed set). Raises GaveUpError as the classic generator does,
    after settings.attempts candidates in a row or `patience` seconds (None: no limit) with no
    new puzzle."""
    from portia_tui.core.packs.generator.search import Stats, run_candidates

    stats = Stats() if stats is None else stats
    seen = set() if seen is None else seen
    keeper = Keeper(settings, settings.count, settings.caskets)
    search = FamilySearch(settings, stats, seen, keeper)
    yield from run_candidates(search.candidate, settings, patience, stats, seen, keeper)


__all__ = ["FAMILIES", "Family", "MAKER_KINDS", "family_defaults",
           "family_kinds", "family_levels", "iter_family"]
