"""Random Portia puzzles (Algorithm 3 of the thesis), each one verified by the exact analysis.

The algorithm: put random valid statements on every casket (from the menu a slot offers, see
:func:`portia_tui.core.vocabulary.options`), find every m for which exactly one casket fits,
and pick m among those (smallest, largest or at random); statements with no such m are drawn
again.

Loops are off by default. A loop-free puzzle has a casket graph without cycles (casket a points
at b when a carries "The statements on the b casket are ...") and at most one "other"
statement per casket (two "other" statements on one casket speak of each other). The sampler
draws a random order of the caskets and lets each casket speak only of the caskets after it,
so every draw is loop-free and every loop-free puzzle can be drawn. In a loop-free puzzle each
placement fixes every truth value, so a fast evaluator computes the true count per placement
in dependency order; only the puzzle kept is built and re-verified with :func:`sat.analyse`.
With loops allowed the statements are drawn from the whole menu and every draw is analysed by
the SAT engine.

How many distinct statements fit on a loop-free casket: the casket graph has a casket that
speaks of no casket (a sink); it can carry only the 2K portrait statements and one "other"
statement. So with K caskets, no loops and no repeated statement, n <= 2K + 1 (7 for three
caskets; 2K with the portrait-only vocabulary). With loops allowed the menu has 4K statements
(n >= 2), so n <= 4K. Past the bound the generator repeats statements on a casket (repeats
policy "auto", the default, says so in :attr:`Generated.notices`); "never" makes it an error.

Same settings and seed, same puzzles: all randomness comes from one ``random.Random(seed)``.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import asdict, dataclass, field, replace
from typing import Callable, Iterator

from . import sat
from .difficulty import (DIFFICULTIES, THRESHOLDS, Rating, max_score_loop_free, rate)
from .errors import SettingsError
from .model import Casket, Puzzle
from .model import casket_names as model_casket_names
from .pack import canonical_key
from .semantics import find_loops
from .vocabulary import PORTRAIT_KINDS, VOCABULARIES, Layout, Statement, options

#: casket names after gold, silver and lead; beyond these, casket13, casket14, ...
M_POLICIES = ("smallest", "largest", "random")
REPEATS = ("auto", "allow", "never")
DEFAULT_ATTEMPTS = 20000
#: the largest puzzles generated: far past what people solve by hand, and well short of the
#: sizes where the statements' meanings (groups of statements) no longer fit in memory
MAX_CASKETS = 100
MAX_STATEMENTS = 1000
_BIASES = (0.0, 0.25, 0.5, 0.75, 1.0)

# statement codes of the fast evaluator
_IN, _NOT_IN, _TRUE, _FALSE, _OTHER_TRUE, _OTHER_FALSE = range(6)
_CODE = {"in": _IN, "not_in": _NOT_IN, "true": _TRUE, "false": _FALSE,
         "other_true": _OTHER_TRUE, "other_false": _OTHER_FALSE}
_KIND = {v: k for k, v in _CODE.items()}


def casket_names(k: int) -> tuple[str, ...]:
    """Names for k caskets: gold, silver, lead, copper, ..., then casket13, casket14, ..."""
    if k < 2:
        raise SettingsError("a puzzle needs at least 2 caskets", "caskets", k, 2)
    return model_casket_names(k)


def distinct_bound(caskets: int, n: int, loops: bool, vocabulary: str = "full") -> int:
    """The most statements a casket can carry without repeats (see the module notes)."""
    portrait = 2 * caskets
    if vocabulary == "portrait":
        return portrait
    if loops:
        return portrait + 2 * (caskets - 1) + (2 if n >= 2 else 0)
    return portrait + (1 if n >= 2 else 0)


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
    vocabulary: str = "full"
    seed: int | None = None
    attempts: int = DEFAULT_ATTEMPTS

    @property
    def names(self) -> tuple[str, ...]:
        return casket_names(self.caskets)

    def as_table(self) -> dict:
        """The settings as a TOML table (None values left out)."""
        return {k: v for k, v in asdict(self).items() if v is not None}

    @classmethod
    def from_table(cls, table: dict) -> "Settings":
        known = {f for f in cls.__dataclass_fields__}
        return cls(**{k: v for k, v in table.items() if k in known})

    def check(self) -> "Settings":
        """Raise SettingsError (one line, with the setting and bound) for settings no puzzle can
        meet; return the settings with the seed filled in."""
        if self.n < 1:
            raise SettingsError("every casket needs at least one statement", "n", self.n, 1)
        if self.count < 1:
            raise SettingsError("ask for at least one puzzle", "count", self.count, 1)
        if self.attempts < 1:
            raise SettingsError("must be at least 1", "attempts", self.attempts, 1)
        if self.caskets > MAX_CASKETS:
            raise SettingsError(f"at most {MAX_CASKETS} caskets", "caskets", self.caskets,
                                MAX_CASKETS)
        names = self.names
        size = self.n * self.caskets
        if size > MAX_STATEMENTS:
            raise SettingsError(f"{self.n} statements on each of {self.caskets} caskets make "
                                f"{size}: at most {MAX_STATEMENTS} in one puzzle", "n", self.n,
                                MAX_STATEMENTS)
        if self.m is not None and not 0 <= self.m <= size:
            raise SettingsError(f"out of range: {self.caskets} caskets with {self.n} statements "
                                f"each hold {size} statements", "m", self.m, size)
        if self.m_policy not in M_POLICIES:
            raise SettingsError(f"use one of {', '.join(M_POLICIES)}", "m_policy", self.m_policy,
                                M_POLICIES)
        if self.repeats not in REPEATS:
            raise SettingsError(f"repeats {self.repeats!r}: use one of {', '.join(REPEATS)}",
                                "repeats", self.repeats, REPEATS)
        if self.vocabulary not in VOCABULARIES:
            raise SettingsError(f"use one of {', '.join(VOCABULARIES)}", "vocabulary",
                                self.vocabulary, VOCABULARIES)
        if self.solution is not None and self.solution not in names:
            raise SettingsError(f"{self.solution!r} is not a casket (the caskets are "
                                f"{', '.join(names)})", "solution", self.solution, names)
        if self.difficulty is not None and self.difficulty not in DIFFICULTIES:
            raise SettingsError(f"use one of {', '.join(DIFFICULTIES)}", "difficulty",
                                self.difficulty, DIFFICULTIES)
        bound = distinct_bound(self.caskets, self.n, self.loops, self.vocabulary)
        if self.repeats == "never" and self.n > bound:
            why = "with loops allowed" if self.loops else "without loops"
            raise SettingsError(
                f"{self.n} statements on a casket are impossible {why} and no repeated statement "
                f"on a casket: a casket can carry at most {bound} distinct statements "
                f"({self.caskets} caskets, {self.vocabulary} vocabulary)", "repeats",
                self.repeats, bound)
        if self.repeats == "never" and self.n == bound and _whole_menus(self):
            raise SettingsError(
                f"{self.n} distinct statements on each casket are the whole menu of every casket "
                f"({self.caskets} caskets, {self.vocabulary} vocabulary"
                f"{', loops allowed' if self.loops else ''}): the caskets are then alike, every "
                "placement makes the same number of statements true, and no casket is ever the "
                "one solution", "repeats", self.repeats, bound)
        if self.difficulty is not None and not self.loops:
            top = max_score_loop_free(self.caskets, self.n) if self.vocabulary == "full" else \
                max_score_loop_free(1, self.n)  # portrait statements only: depth 0
            if top < THRESHOLDS[self.difficulty]:
                raise SettingsError(
                    f"impossible for {self.n} statements on each of {self.caskets} caskets and "
                    f"no loops: the highest rating such a puzzle can reach is {top:.2f}, "
                    f"{self.difficulty} starts at {THRESHOLDS[self.difficulty]:.2f} (a larger n "
                    "or loops allowed can reach it)", "difficulty", self.difficulty, top)
        if self.seed is None:
            return replace(self, seed=secrets.randbelow(2**32))
        return self

    @property
    def allow_repeats(self) -> bool:
        if self.repeats == "allow":
            return True
        if self.repeats == "never":
            return False
        bound = distinct_bound(self.caskets, self.n, self.loops, self.vocabulary)
        return self.n > bound or (self.n == bound and _whole_menus(self))


def _whole_menus(settings: Settings) -> bool:
    """Whether n distinct statements at the bound are every casket's whole menu. With loops
    allowed, or portrait statements only, every casket's menu is the same up to renaming the
    caskets, so such a puzzle looks the same from every placement and has no unique solution:
    at the bound, repeats are needed. (Without loops only the sink casket is filled up.)"""
    return settings.loops or settings.vocabulary == "portrait"


@dataclass(frozen=True)
class Generated:
    """A puzzle the generator emitted, with its verified solution and rating."""

    puzzle: Puzzle
    solution: str
    rating: Rating
    unique_m: tuple[int, ...]


@dataclass
class Stats:
    attempts: int = 0
    loop_rejects: int = 0
    no_unique_m: int = 0
    m_rejects: int = 0
    difficulty_rejects: int = 0
    duplicates: int = 0
    #: candidates the fast evaluator accepted but the SAT analysis did not (must stay 0)
    sat_disagreements: int = 0
    emitted: int = 0
    notices: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------- sampling
class _Sampler:
    """Draws candidate statements: lists of (code, target index) per casket."""

    def __init__(self, settings: Settings, rng: random.Random):
        self.s = settings
        self.rng = rng
        self.k = settings.caskets
        self.n = settings.n
        self.repeats = settings.allow_repeats
        kinds = PORTRAIT_KINDS if settings.vocabulary == "portrait" else None
        layout = Layout(settings.names, (settings.n,) * settings.caskets)
        names = settings.names
        # the full menu of every casket, coded
        self.menus = [
            [(_CODE[st.kind], -1 if st.target is None else names.index(st.target))
             for st in options(layout, c, kinds)]
            for c in range(self.k)
        ]

    def draw(self) -> tuple[list[list[tuple[int, int]]], list[int] | None]:
        """(statements per casket, casket evaluation order or None when loops may occur)."""
        # with a difficulty target, each attempt draws how often to pick statements about
        # statements (0, 0.25, ... 1), so shallow and deep puzzles both come up at any n
        q = None if self.s.difficulty is None else self.rng.choice(_BIASES)
        if self.s.loops:
            return [self._pick(menu, False, q) for menu in self.menus], None
        order = list(range(self.k))
        self.rng.shuffle(order)
        rank = {c: i for i, c in enumerate(order)}
        out = []
        for c in range(self.k):
            menu = [o for o in self.menus[c]
                    if o[0] not in (_TRUE, _FALSE) or rank[o[1]] > rank[c]]
            out.append(self._pick(menu, True, q))
        return out, order[::-1]  # sinks first

    def _pick(self, menu: list[tuple[int, int]], loop_free: bool,
              q: float | None) -> list[tuple[int, int]]:
        """n statements from menu (distinct unless repeats are allowed); loop-free: at most
        one 'other' statement; q: the chance that a slot gets a statement about statements."""
        rng = self.rng
        n = self.n
        if q is None:
            if not loop_free:
                return [rng.choice(menu) for _ in range(n)] if self.repeats else rng.sample(menu, n)
            if not self.repeats:
                while True:
                    picked = rng.sample(menu, n)
                    if sum(1 for o in picked if o[0] >= _OTHER_TRUE) <= 1:
                        return picked
            plain = [o for o in menu if o[0] < _OTHER_TRUE]
            picked = []
            other = False
            for _ in range(n):
                o = rng.choice(plain if other else menu)
                other = other or o[0] >= _OTHER_TRUE
                picked.append(o)
            return picked
        portrait = [o for o in menu if o[0] <= _NOT_IN]
        group = [o for o in menu if o[0] > _NOT_IN]
        picked = []
        other = False
        for _ in range(n):
            if loop_free and other:
                group = [o for o in group if o[0] < _OTHER_TRUE]
            if not portrait or (group and rng.random() < q):
                o = rng.choice(group)
            else:
                o = rng.choice(portrait)
            if not self.repeats:
                (group if o[0] > _NOT_IN else portrait).remove(o)
            other = other or o[0] >= _OTHER_TRUE
            picked.append(o)
        return picked


def loop_free_counts(cands: list[list[tuple[int, int]]], order: list[int], k: int) -> list[int]:
    """The number of true statements under each placement of a loop-free candidate.

    `order` lists the caskets so that every casket comes after the caskets it speaks of.
    """
    counts = []
    for p in range(k):
        all_true = [False] * k
        all_false = [False] * k
        total = 0
        for c in order:
            t = f = 0
            other = -1
            for code, target in cands[c]:
                if code == _IN:
                    v = target == p
                elif code == _NOT_IN:
                    v = target != p
                elif code == _TRUE:
                    v = all_true[target]
                elif code == _FALSE:
                    v = all_false[target]
                else:
                    other = code
                    continue
                if v:
                    t += 1
                else:
                    f += 1
            if other != -1:
                # the other statements are the plain ones (at most one 'other' per casket)
                v = (f == 0) if other == _OTHER_TRUE else (t == 0)
                if v:
                    t += 1
                else:
                    f += 1
            all_true[c] = f == 0
            all_false[c] = t == 0
            total += t
        counts.append(total)
    return counts


def _to_puzzle(cands: list[list[tuple[int, int]]], names: tuple[str, ...], m: int,
               title: str = "") -> Puzzle:
    caskets = tuple(
        Casket(name, tuple(Statement(_KIND[code], None if target < 0 else names[target])
                           for code, target in cands[c]))
        for c, name in enumerate(names))
    return Puzzle(caskets, m, title=title).validate()


def _choose_m(settings: Settings, rng: random.Random,
              solutions: dict[int, int]) -> int | None:
    """m by the settings among {unique m: its solution casket}, or None."""
    if settings.solution is not None:
        want = settings.names.index(settings.solution)
        solutions = {m: p for m, p in solutions.items() if p == want}
    if settings.m is not None:
        return settings.m if settings.m in solutions else None
    if not solutions:
        return None
    ms = sorted(solutions)
    if settings.m_policy == "smallest":
        return ms[0]
    if settings.m_policy == "largest":
        return ms[-1]
    return rng.choice(ms)


def _describe(settings: Settings) -> str:
    parts = [f"Portia-{settings.n}", f"{settings.caskets} caskets"]
    if settings.m is not None:
        parts.append(f"m = {settings.m}")
    if settings.solution:
        parts.append(f"solution {settings.solution}")
    if settings.difficulty:
        parts.append(settings.difficulty)
    parts.append("loops allowed" if settings.loops else "no loops")
    return ", ".join(parts)


def notices(settings: Settings) -> list[str]:
    """What the user should know about how the settings will be met (one line each)."""
    if settings.allow_repeats and settings.repeats == "auto":
        bound = distinct_bound(settings.caskets, settings.n, settings.loops, settings.vocabulary)
        full = " (and at that bound every casket would be alike)" if settings.n == bound else ""
        return [f"note: a casket holds at most {bound} distinct statements "
                f"{'with' if settings.loops else 'without'} loops{full}, so with "
                f"{settings.n} statements on each casket, statements may repeat on a casket"]
    return []


class GaveUpError(SettingsError):
    """No new puzzle came of `attempts` candidates in a row (or of `seconds` of trying)."""

    def __init__(self, settings: "Settings", made: int, attempts: int, seconds: float):
        got = f"{made} of {settings.count}" if made else "no"
        spent = f"{attempts} attempts" + (f" ({seconds:.0f} s)" if seconds >= 1 else "")
        super().__init__(f"gave up after {spent} in a row with {got} puzzles found "
                         f"({_describe(settings)}): these settings are too strict",
                         "attempts", settings.attempts, attempts)
        self.made = made
        self.attempts = attempts
        self.seconds = seconds


#: seconds of fruitless search (no new puzzle) after which the generator gives up, whatever
#: the attempts left: with loops every candidate costs a SAT analysis, and settings no puzzle
#: meets must be reported in seconds, not minutes
PATIENCE = 5.0


def iter_generate(settings: Settings, stats: Stats | None = None,
                  seen: set | None = None, patience: float | None = PATIENCE) -> Iterator[Generated]:
    """Yield settings.count puzzles (settings must be checked, seed set).

    Raises GaveUpError when settings.attempts candidates in a row, or `patience` seconds of
    them, yield no new puzzle. (The clock only decides when to give up: the puzzles made for
    a seed are the same.)
    """
    import time

    stats = Stats() if stats is None else stats
    seen = set() if seen is None else seen
    rng = random.Random(settings.seed)
    sampler = _Sampler(settings, rng)
    names = settings.names
    k = settings.caskets
    stats.notices.extend(notices(settings))
    made = 0
    while made < settings.count:
        tries = 0
        began = time.monotonic()
        while True:
            if tries >= settings.attempts or (
                    patience is not None and time.monotonic() - began > patience):
                raise GaveUpError(settings, made, tries, time.monotonic() - began)
            tries += 1
            stats.attempts += 1
            cands, order = sampler.draw()
            analysis = candidate = None
            if order is not None:
                counts = loop_free_counts(cands, order, k)
                by_count: dict[int, list[int]] = {}
                for p, c in enumerate(counts):
                    by_count.setdefault(c, []).append(p)
                solutions = {c: ps[0] for c, ps in by_count.items() if len(ps) == 1}
            else:
                candidate = _to_puzzle(cands, names, 0)
                analysis = sat.analyse(candidate)
                solutions = {m: analysis.solutions(m)[0] for m in analysis.unique_m}
            if not solutions:
                stats.no_unique_m += 1
                continue
            m = _choose_m(settings, rng, solutions)
            if m is None:
                stats.m_rejects += 1
                continue
            # with loops the candidate is built and checked already: only m changes
            puzzle = _to_puzzle(cands, names, m) if candidate is None else candidate.with_m(m)
            key = canonical_key(puzzle)
            if key in seen:
                stats.duplicates += 1
                continue
            if order is not None:
                if find_loops(puzzle):  # the sampler never draws a loop; make sure
                    stats.loop_rejects += 1
                    continue
                analysis = sat.analyse(puzzle)
            assert analysis is not None  # with loops: the SAT analysis of these statements
            sols = analysis.solutions(m)
            if len(sols) != 1 or sols[0] != solutions[m]:
                stats.sat_disagreements += 1
                continue
            rating = rate(puzzle, m)
            if settings.difficulty is not None and rating.level != settings.difficulty:
                stats.difficulty_rejects += 1
                continue
            seen.add(key)
            made += 1
            stats.emitted += 1
            yield Generated(puzzle, names[sols[0]], rating, analysis.unique_m)
            break


def generate(settings: Settings, progress: Callable[[int, int], None] | None = None,
             stats: Stats | None = None) -> list[Generated]:
    """settings.count distinct verified puzzles; progress(done, total) after each."""
    settings = settings.check()
    out = []
    for g in iter_generate(settings, stats):
        out.append(g)
        if progress is not None:
            progress(len(out), settings.count)
    return out


# --------------------------------------------------------------------------- packs
def created_now() -> str:
    """The creation time for a pack: now (UTC), or SOURCE_DATE_EPOCH when set, so a build
    can make byte-identical packs."""
    import os
    from datetime import datetime, timezone

    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    when = (datetime.fromtimestamp(int(epoch), timezone.utc) if epoch and epoch.isdigit()
            else datetime.now(timezone.utc))
    return when.replace(microsecond=0).isoformat()


def build_pack(generated: list[Generated], settings: Settings, title: str = "",
               author: str = "", created: str | None = None):
    """A Pack of generated puzzles: ids 001, 002, ...; the settings and seed recorded."""
    from .pack import Pack, PackPuzzle

    width = max(3, len(str(len(generated))))
    entries = []
    for i, g in enumerate(generated, 1):
        pid = f"{i:0{width}d}"
        puzzle = g.puzzle.with_meta(title=g.puzzle.title or f"Puzzle {pid}")
        entries.append(PackPuzzle(pid, puzzle, g.rating.level, g.rating.score, g.solution))
    from portia_tui import __version__

    table = {"program": f"portia {__version__}", **settings.as_table()}
    return Pack(title=title or f"Portia-{settings.n} puzzles", puzzles=tuple(entries),
                author=author, created=created_now() if created is None else created,
                generator=table)
