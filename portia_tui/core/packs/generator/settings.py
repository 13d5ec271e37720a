"""What to generate: the settings, their checks, and the bounds they imply.

How many distinct statements fit on a casket. The portrait statements of a vocabulary give
each casket at most 2K of them with K caskets ("in X" and "not in X" for every X); the quality
filters (see :mod:`.quality`) keep fewer: without a statement beside its exact negation, one of
each pair "in X" / "not in X" (K; with two caskets "in gold" is also the negation of "in
silver", so one or two). Statements about statements add, with loops allowed, the truth
statements about the K - 1 other caskets and the "other" statements (n >= 2). Without loops,
the casket graph has a casket that speaks of no casket (a sink), which carries only portrait
statements and one "other" statement. So three caskets, the six kinds, no loops: n <= 7, or 4
with the negation filter. Past the bound the generator repeats statements on a casket (repeats
policy "auto", the default, says so in :func:`notices`); "never" makes it an error.

The core raises :class:`SettingsError` with the setting, its value and the bound; it names no
interface's flag.
"""

from __future__ import annotations

import secrets
from dataclasses import asdict, dataclass, replace

from portia_tui.core.explain.difficulty import DIFFICULTIES, possible_levels
from portia_tui.core.errors import SettingsError
from portia_tui.core.language.model import casket_names as model_casket_names
from portia_tui.core.language.vocabulary import (KINDS, PORTRAIT_KINDS, READ_OTHER, READ_TRUTH,
                                                 VOCABULARIES, Layout, Statement, reading_kinds)

M_POLICIES = ("smallest", "largest", "random")
REPEATS = ("auto", "allow", "never")
DEFAULT_ATTEMPTS = 20000
#: the largest puzzles generated: far past what people solve by hand, and well short of the
#: sizes where the statements' meanings (groups of statements) no longer fit in memory
MAX_CASKETS = 100
MAX_STATEMENTS = 1000
#: kinds about the statements on another casket, and about the rest of the own casket
TRUTH_KINDS = reading_kinds(READ_TRUTH)
OTHER_KINDS = reading_kinds(READ_OTHER)


def casket_names(k: int) -> tuple[str, ...]:
    """Names for k caskets: gold, silver, lead, copper, ..., then casket13, casket14, ..."""
    if k < 2:
        raise SettingsError("a puzzle needs at least 2 caskets", "caskets", k, 2)
    return model_casket_names(k)


def _portrait_bound(caskets: int, kinds: tuple[str, ...], negations: bool,
                    echoes: bool) -> int:
    """The most portrait statements one casket carries without a repeat, a statement beside
    its exact negation (unless `negations`) or two saying the same (unless `echoes`)."""
    full = (1 << caskets) - 1
    layout = Layout(tuple(str(x) for x in range(caskets)), (1,) * caskets)
    classes: dict[int, int] = {}  # the placements where a statement is true: how many say so
    for kind in kinds:
        if kind in PORTRAIT_KINDS:
            for name in layout.names:
                mask = KINDS[kind].placements(Statement(kind, name), layout) or 0
                classes[mask] = classes.get(mask, 0) + 1
    size = {mask: (count if echoes else 1) for mask, count in classes.items()}
    if negations:
        return sum(size.values())
    total = 0
    for mask, s in size.items():
        opposite = size.get(full ^ mask, 0)
        if s > opposite or (s == opposite and mask < full ^ mask):
            total += s  # the larger of a pair of opposites (each pair counted once)
    return total


def distinct_bound(caskets: int, n: int, loops: bool, vocabulary: str = "classic", *,
                   negations: bool = True, echoes: bool = True) -> int:
    """The most statements a casket can carry without repeats (see the module notes);
    `negations` / `echoes`: whether a statement may stand beside its exact negation / beside
    another that says the same."""
    kinds = VOCABULARIES[vocabulary]
    bound = _portrait_bound(caskets, kinds, negations, echoes)
    if n >= 2:
        others = sum(1 for k in kinds if k in OTHER_KINDS)
        bound += others if loops else min(others, 1)
    if loops:
        bound += sum(1 for k in kinds if k in TRUTH_KINDS) * (caskets - 1)
    return bound


@dataclass(frozen=True)
class Settings:
    """What to generate. Every field is recorded in a pack's [generator] table."""

    n: int = 3
    caskets: int = 3
    count: int = 1
    m: int | None = None
    m_policy: str = "random"
    solution: str | None = None
    loops: bool = False
    repeats: str = "auto"
    difficulty: str | None = None
    vocabulary: str = "classic"
    seed: int | None = None
    attempts: int = DEFAULT_ATTEMPTS
    #: quality filters, on unless allowed here (see :mod:`.quality`)
    allow_negations: bool = False
    allow_echoes: bool = False
    allow_twins: bool = False
    allow_symmetry: bool = False
    allow_giveaways: bool = False
    allow_fillers: bool = False
    allow_wasted: bool = False
    allow_sameness: bool = False
    #: re-verify every puzzle by the SAT analysis (else the first and one in twenty)
    verify: bool = False
    #: one of Smullyan's generations (see :mod:`.families`: portia1, portia2, portia3), or
    #: None; with a family, or the full vocabulary, :mod:`.families` draws the puzzles
    family: str | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return casket_names(self.caskets)

    @property
    def kinds(self) -> tuple[str, ...]:
        return VOCABULARIES[self.vocabulary]

    @property
    def bound(self) -> int:
        """The most distinct statements a casket can carry under these settings."""
        return distinct_bound(self.caskets, self.n, self.loops, self.vocabulary,
                              negations=self.allow_negations, echoes=self.allow_echoes)

    def as_table(self) -> dict:
        """The settings as a TOML table (None values left out)."""
        return {k: v for k, v in asdict(self).items() if v is not None}

    def check(self) -> "Settings":
        """Raise SettingsError (one line, with the setting and bound) for settings no puzzle can
        meet; return the settings with the seed filled in."""
        _check_sizes(self)
        _check_choices(self)
        _check_giveaway(self)
        if self.whole:
            from portia_tui.core.packs.generator.families import check_family

            check_family(self)
            return self if self.seed is not None else replace(self, seed=secrets.randbelow(2**32))
        _check_repeats(self)
        _check_fillers(self)
        out = replace(self, loops=True) if needs_loops(self) else self
        _check_difficulty(out)
        if out.seed is None:
            return replace(out, seed=secrets.randbelow(2**32))
        return out

    @property
    def whole(self) -> bool:
        """Whether these settings draw from the whole language (a family, or the full
        vocabulary): :mod:`.families` generates them, the classic sampler the rest."""
        return self.family is not None or self.vocabulary == "full"

    @property
    def allow_repeats(self) -> bool:
        """Whether a casket may carry the same statement twice: only when allowed ("auto"
        and "never" both refuse, up front, an n past the distinct statements)."""
        return self.repeats == "allow"


def _check_sizes(s: Settings) -> None:
    if s.n < 1:
        raise SettingsError("every casket needs at least one statement", "n", s.n, 1)
    if s.count < 1:
        raise SettingsError("ask for at least one puzzle", "count", s.count, 1)
    if s.attempts < 1:
        raise SettingsError("must be at least 1", "attempts", s.attempts, 1)
    if s.caskets > MAX_CASKETS:
        raise SettingsError(f"at most {MAX_CASKETS} caskets", "caskets", s.caskets, MAX_CASKETS)
    s.names  # noqa: B018 (reading the names checks there are at least two caskets)
    size = s.n * s.caskets
    if size > MAX_STATEMENTS:
        raise SettingsError(f"{s.n} statements on each of {s.caskets} caskets make {size}: at "
                            f"most {MAX_STATEMENTS} in one puzzle", "n", s.n, MAX_STATEMENTS)
    if s.m is not None and not 0 <= s.m <= size:
        raise SettingsError(f"out of range: {s.caskets} caskets with {s.n} statements each "
                            f"hold {size} statements", "m", s.m, size)


def _check_giveaway(s: Settings) -> None:
    """Refuse up front an m that alone fixes every statement's value (m = 0 or m = all: the
    giveaway filter, .quality.giveaway_m) unless giveaways are allowed."""
    size = s.n * s.caskets
    if s.m is not None and not s.allow_giveaways and s.m in (0, size):
        what = "no statement" if s.m == 0 else "every statement"
        raise SettingsError(f"m = {s.m} says {what} is true, which fixes every statement's value "
                            "(a giveaway), unless giveaways are allowed", "m", s.m, size)


def _check_choices(s: Settings) -> None:
    for setting, value, choices in (("m_policy", s.m_policy, M_POLICIES),
                                    ("vocabulary", s.vocabulary, tuple(VOCABULARIES)),
                                    ("difficulty", s.difficulty, DIFFICULTIES)):
        if value is not None and value not in choices:
            raise SettingsError(f"use one of {', '.join(choices)}", setting, value, choices)
    if s.repeats not in REPEATS:
        raise SettingsError(f"repeats {s.repeats!r}: use one of {', '.join(REPEATS)}",
                            "repeats", s.repeats, REPEATS)
    names = s.names
    if s.solution is not None and s.solution not in names:
        raise SettingsError(f"{s.solution!r} is not a casket (the caskets are "
                            f"{', '.join(names)})", "solution", s.solution, names)


def _check_repeats(s: Settings) -> None:
    if s.repeats == "allow":
        return
    bound = s.bound
    # "auto" (the default) names n, the setting to change; "never" was asked for
    setting, value = ("n", s.n) if s.repeats == "auto" else ("repeats", s.repeats)
    if s.n > bound:
        why = "with loops allowed" if s.loops else "without loops"
        filters = _filters(s)
        raise SettingsError(
            f"{s.n} statements on a casket are impossible {why} and no repeated statement on a "
            f"casket: a casket can carry at most {bound} distinct statements ({s.caskets} "
            f"caskets, {s.vocabulary} vocabulary{filters}) unless repeats are allowed",
            setting, value, bound)
    if s.n == bound and _whole_menus(s):
        raise SettingsError(
            f"{s.n} distinct statements on each casket are the whole menu of every casket "
            f"({s.caskets} caskets, {s.vocabulary} vocabulary"
            f"{', loops allowed' if s.loops else ''}): the caskets are then alike, every "
            "placement makes the same number of statements true, and no casket is ever the "
            "one solution, unless repeats are allowed", setting, value, bound)


def _check_fillers(s: Settings) -> None:
    """Refuse up front a pack in which every puzzle has a filler lid: without loops and with
    a statement allowed beside its exact negation, n at the bound fills the last casket with
    every "in X" and "not in X" (a true count that never changes), and the pack filter keeps
    at most one such puzzle in 8 of the pack (.quality.fillers_allowed: none in a pack under 8)."""
    if s.allow_fillers or s.loops or not s.allow_negations or s.allow_repeats:
        return
    bound = s.bound
    if s.n == bound and all(k in s.kinds for k in PORTRAIT_KINDS):
        raise SettingsError(
            f"{s.n} statements on each casket, with a statement allowed beside its exact "
            "negation, fill the last casket with every 'in X' and 'not in X': every puzzle has "
            "a filler lid (a casket whose true count never changes), and a pack keeps at most "
            "one in 8 (none in a pack of fewer than 8), unless filler lids are allowed", "allow_fillers", False, bound)


def _filters(s: Settings) -> str:
    """', no statement beside its exact negation': the quality filters that lower the bound."""
    bound = s.bound
    parts = []
    if distinct_bound(s.caskets, s.n, s.loops, s.vocabulary, echoes=s.allow_echoes) > bound:
        parts.append("no statement beside its exact negation")
    if distinct_bound(s.caskets, s.n, s.loops, s.vocabulary,
                      negations=s.allow_negations) > bound:
        parts.append("no two statements that say the same")
    return "".join(f", {p}" for p in parts)


def _check_difficulty(s: Settings) -> None:
    if s.difficulty is not None and s.difficulty not in possible_levels(s.loops, s.kinds, s.n, s.caskets):
        loops = "" if s.loops or s.difficulty not in possible_levels(True, s.kinds, s.n, s.caskets) else \
            " (loops allowed can reach it)"
        if not loops and s.difficulty == DIFFICULTIES[-1] and \
                s.difficulty in possible_levels(True, VOCABULARIES[FIENDISH_VOCABULARY], s.n, s.caskets):
            loops = (f" (a split inside a case needs statements that count themselves: the "
                     f"{FIENDISH_VOCABULARY} vocabulary)")
        raise SettingsError(
            f"impossible with the {s.vocabulary} vocabulary, {s.n} statement{'s' if s.n != 1 else ''}"
            f" on each casket and {'loops allowed' if s.loops else 'no loops'}: such puzzles reach "
            f"{', '.join(possible_levels(s.loops, s.kinds, s.n, s.caskets))}{loops}",
            "difficulty", s.difficulty, possible_levels(s.loops, s.kinds, s.n, s.caskets))
    if s.difficulty == TRICKY and s.n == 2 and s.caskets in ECHOED_TRICKY and _every_filter(s):
        # every tricky puzzle of this shape has an echo across caskets (a hard filter at
        # n = 2): counted over every candidate (tools/echo_census.py; tested under
        # PORTIA_HEAVY), with the filters that narrow the candidates all on
        raise SettingsError(
            f"{s.difficulty} puzzles with 2 statements on each of {s.caskets} caskets "
            f"({s.vocabulary} vocabulary) all hold two statements on different caskets that "
            "are true in exactly the same worlds (an echo), unless echoes are allowed",
            "difficulty", s.difficulty)
    if s.difficulty == DIFFICULTIES[-1] and s.n == 2 and s.caskets <= 3 and not s.allow_repeats:
        # a nested or chained case split with two statements a casket needs two loops, and
        # with three caskets the second is a casket's two "other" statements, the same one
        # twice (a repeat the quality filters keep out)
        raise SettingsError(
            f"{s.difficulty} puzzles with 2 statements on each of {s.caskets} caskets need a "
            "statement repeated on a casket (two loops on a casket of two statements), unless "
            "repeats are allowed", "difficulty", s.difficulty)


TRICKY = DIFFICULTIES[2]
#: the casket counts at which no tricky puzzle with 2 statements a casket is free of echoes
#: across caskets (classic vocabulary, every filter on; every candidate counted)
ECHOED_TRICKY = (2, 3)


def _every_filter(s: Settings) -> bool:
    """Whether every quality filter that narrows the candidates of one puzzle is on (the
    census behind ECHOED_TRICKY counted under them)."""
    return not (s.allow_echoes or s.allow_symmetry or s.allow_negations or s.allow_giveaways
                or s.allow_repeats)


#: the largest pack of fiendish puzzles with 2 statements on each of 3 caskets (the whole
#: vocabulary, m not fixed) made with every filter on. Nearly all of them state "K caskets
#: bear J true statements" with "exactly" or "at least" K (the fiendish walk, Portia's rules
#: held to one kind at a time: tools/fiendish_census.py), and the pack's variety takes a
#: rule motif (kind, comparison, value) at most twice in 8 in a row (.quality.Keeper): four
#: such puzzles fill it, and every fifth one needs one of the rare others (seed 1 with this
#: bound lifted: 4 in 9.6 s of CPU, then none in 60 s more). Larger packs are refused up
#: front unless sameness is allowed
FIENDISH_N2_PACK = 4


def fiendish_pack_bound(s: Settings) -> int | None:
    """The most puzzles a pack of these settings can be asked for when they are fiendish with
    2 statements on each of 3 caskets (:data:`FIENDISH_N2_PACK`), or None: no such bound
    (another shape, m fixed (the m rule is no motif), the pack's variety or a filter that
    narrows the candidates lifted)."""
    if s.difficulty != DIFFICULTIES[-1] or s.n != 2 or s.caskets != 3 or s.family is not None \
            or s.vocabulary != FIENDISH_VOCABULARY or s.m is not None or s.allow_sameness \
            or not _every_filter(s):
        return None
    return FIENDISH_N2_PACK


#: the vocabulary fiendish puzzles are drawn from when none is asked for: the classic one
#: cannot make them (difficulty.possible_levels), statements that count themselves can
FIENDISH_VOCABULARY = "full"


def vocabulary_for(difficulty: str | None, n: int | None = None, caskets: int | None = None
                   ) -> str | None:
    """The vocabulary to draw from when none is asked for: the full one for fiendish (the
    classic vocabulary has no split inside a case), else None (the default). One statement
    on each of three caskets stays classic, and refused: no full-vocabulary search there was
    measured."""
    if difficulty != DIFFICULTIES[-1] or (n == 1 and (caskets or 3) <= 3):
        return None
    return FIENDISH_VOCABULARY


def needs_loops(s: Settings) -> bool:
    """Whether the difficulty asked for needs loops the settings do not allow (then the
    generator allows them: see :meth:`Settings.check` and :func:`notices`)."""
    return (s.difficulty is not None and not s.loops
            and s.difficulty not in possible_levels(False, s.kinds, s.n, s.caskets)
            and s.difficulty in possible_levels(True, s.kinds, s.n, s.caskets))


def _whole_menus(settings: Settings) -> bool:
    """Whether n distinct statements at the bound are every casket's whole menu. With loops
    allowed, or portrait statements only, every casket's menu is the same up to renaming the
    caskets, so such a puzzle looks the same from every placement and has no unique solution:
    at the bound, repeats are needed. (Without loops only the sink casket is filled up.) With
    the negation filter on, a casket at the bound still chooses "in X" or "not in X" for each
    X, so the caskets need not be alike."""
    kinds = settings.kinds
    alike = settings.loops or not any(k in TRUTH_KINDS or k in OTHER_KINDS for k in kinds)
    choice = not settings.allow_negations and all(k in kinds for k in PORTRAIT_KINDS)
    return alike and not choice


def describe(settings: Settings) -> str:
    """'Portia-3, 3 caskets, no loops': the settings in a few words."""
    parts = [f"Portia-{settings.n}", f"{settings.caskets} caskets"]
    if settings.whole:
        parts.insert(0, settings.family or "the whole language")
    if settings.m is not None:
        parts.append(f"m = {settings.m}")
    if settings.solution:
        parts.append(f"solution {settings.solution}")
    if settings.difficulty:
        parts.append(settings.difficulty)
    if not settings.whole:
        parts.append("loops allowed" if settings.loops else "no loops")
    return ", ".join(parts)


def notices(settings: Settings, asked: Settings | None = None) -> list[str]:
    """What the user should know about how the settings will be met (one line each);
    `asked`: the settings as given, before :meth:`Settings.check` filled them in."""
    out: list[str] = []
    if settings.whole:  # the whole language: no bound, loops part of it (see .families)
        return out
    if asked is not None and needs_loops(asked):
        out.append(f"note: {settings.difficulty} puzzles need loops (a case split), so loops "
                   "are allowed")
    return out
