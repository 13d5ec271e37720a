"""The search: draw candidates, keep those with a unique solution, verify, rate, emit.

For each candidate: the true counts per placement (the loop-free evaluator, or with loops the
casket engine), the m values with exactly one solution, m chosen by the settings, a twin
check against the puzzles already made, its rating (from the same evaluation), and for the
first puzzle kept and one in twenty (every one with verify set) a SAT re-verification.

Same settings and seed, same puzzles: all randomness comes from one ``random.Random(seed)``.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Callable, Collection, Iterator

from portia_tui.core.solve import sat
from portia_tui.core.explain.difficulty import DIFFICULTIES, SUPPOSE, Rating, cannot_be, rate, rate_as
from portia_tui.core.solve.engine import CasketEngine
from portia_tui.core.errors import SettingsError
from portia_tui.core.language.model import Puzzle
from portia_tui.core.packs.twins import coded_key
from portia_tui.core.packs.generator.quality import (ECHO_HARD_UP_TO, FILTERS, WASTED_PREFERRED, Keeper, Offer,
                                                     Worlds, blank_totals, giveaway_m, mask_echoes,
                                                     mask_fillers, motifs,
                                                     symmetric_pair, wasted_for)
from portia_tui.core.packs.generator.sampler import (CASKET_TRIES, CODED_WORLDS_MAX, NOT_IN,
                                                     SPREAD_CASKETS, fields, spread_table,
                                                     CodedWorlds, LoopFreeBlanks, Sampler, blank_reach,
                                                     certain_echo,
                                                     coded_portrait_masks, counts_of,
                                                     FollowLook, has_loop,
                                                     loop_free_masks,
                                                     loop_free_ranked, near_m, to_puzzle,
                                                     unread_statements)
from portia_tui.core.packs.generator.settings import Settings, describe, notices

#: seconds of fruitless search (no new puzzle) after which the generator gives up, whatever
#: the attempts left: with loops every candidate costs an exact analysis, and settings no
#: puzzle meets must be reported in seconds, not minutes
PATIENCE = 5.0
#: a fiendish target: candidates tried around a near miss (a candidate one of whose wrong
#: caskets needed a split), each with one casket's statements drawn again. Nested splits are
#: rare among random draws under the quality filters (about 1 candidate in 10,000 at n = 3)
#: and cluster: a casket redrawn keeps the loops of the other two
NEAR_TRIES = 20
#: a walk longer than this many steps ends (a region full of near misses may hold no puzzle)
WALK_MAX = 200
#: a tricky target: candidates tried around a near miss (a candidate the grader was asked
#: about, because following alone left a wrong casket open, and that it did not rate
#: tricky), each with one casket's statements drawn again. Without repeated sentences a
#: tricky puzzle is rare among random draws (at n = 3 about 1 in 700 candidates, 1 in 146
#: rated), and like the nested splits they cluster: a casket redrawn keeps the loops of
#: the other two (seeds 1000-1003, 20 puzzles each: 296 candidates a kept puzzle instead
#: of 661 at n = 3, 243 instead of 772 at n = 4; 10 and 40 tries did worse, and so did a
#: step that redraws one statement instead of a casket)
TRICKY_NEAR_TRIES = 20
#: with a fiendish target the generator gives up after RARE times the attempts, and after
#: RARE_PATIENCE seconds (nested splits are rare: at n = 3 about one candidate in 10,000
#: passes the quality filters and needs one)
RARE = 25
RARE_PATIENCE = 60.0
#: the last casket of a loop-free candidate is drawn again this many times at most while
#: every m wastes more than the preferred share (.quality.WASTED_PREFERRED): the preference
#: by construction (all but the last try: gentle packs at n = 2, 3, 4 measured 8%, 45%, 45%
#: above 1/3 at about 5 to 9 times the lifted generation time; with none, 33%, 92%, 80% at
#: 3 to 6 times, under load 10). Its own bound, apart from CASKET_TRIES (the other caskets'
#: draws and the walks): with the preference on, the last casket is drawn WASTED_TRIES + 1
#: times at most (:meth:`.sampler.Sampler.draw_checked`'s last_tries). Kept at 7 (branch
#: gentle10, idle, 360 puzzles a row): 11 takes gentle n = 3 from 36% to 24% above 1/3 and
#: n = 4 from 44% to 27% at the same CPU for n = 3 but about +26% at n = 4 and 1.9x for a
#: gentle n = 2 pack of 100 (docs/benchmarks.md, *the wasted preference's own tries*)
WASTED_TRIES = 7
#: the levels that need a case split, which needs a loop (difficulty.possible_levels): a
#: candidate without one is not drawn into the engine for them
SPLIT_LEVELS = ("tricky", "fiendish")
#: without the verify setting, the first puzzle and one in this many are re-verified by SAT
VERIFY_EVERY = 20


def unique_solutions(totals: list[int]) -> dict[int, int]:
    """{m: the one placement it fits} for every m that exactly one placement fits, from each
    placement's achievable true counts as a bit set."""
    once = twice = 0
    for t in totals:
        twice |= once & t
        once |= t
    unique = once & ~twice
    out = {}
    while unique:
        low = unique & -unique
        for p, t in enumerate(totals):
            if t & low:
                out[low.bit_length() - 1] = p
                break
        unique ^= low
    return out


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
    #: candidates the same as a puzzle made before (up to renaming and order: twins)
    duplicates: int = 0
    #: draws the sampler could not complete under the quality filters
    quality_rejects: int = 0
    #: puzzles re-verified by the SAT analysis
    verified: int = 0
    #: candidates the fast evaluator accepted but the SAT analysis did not (must stay 0)
    sat_disagreements: int = 0
    emitted: int = 0
    #: loop-free caskets drawn again because a check refused them (by the filter's short
    #: name, "unique" for no m that one placement fits): the sampler's draws by construction
    redrawn: dict[str, int] = field(default_factory=dict)
    #: candidates each quality filter refused (or, for "wasted", ranked below the preferred
    #: share and held), by the filter's short name (:data:`.quality.FILTERS`)
    filtered: dict[str, int] = field(default_factory=dict)
    notices: list[str] = field(default_factory=list)


class GaveUpError(SettingsError):
    """No new puzzle came of `attempts` candidates in a row (or of `seconds` of trying)."""

    def __init__(self, settings: Settings, made: int, attempts: int, seconds: float):
        got = f"{made} of {settings.count}" if made else "no"
        spent = f"{attempts} attempts" + (f" ({seconds:.0f} s)" if seconds >= 1 else "")
        super().__init__(f"gave up after {spent} in a row with {got} puzzles found "
                         f"({describe(settings)}): these settings are too strict",
                         "attempts", settings.attempts, attempts)
        self.made = made
        self.attempts = attempts
        self.seconds = seconds


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


class _Search:
    """One run of the generator: the sampler, the puzzles seen, the statistics."""

    def __init__(self, settings: Settings, stats: Stats, seen: set, keeper: Keeper):
        self.s = settings
        self.stats = stats
        self.seen = seen
        self.keeper = keeper
        self.rng = random.Random(settings.seed)
        self.sampler = Sampler(settings, self.rng)
        self.names = settings.names
        self.size = settings.n * settings.caskets
        self.statements: dict = {}  # Statement by code, made once
        #: a near miss for fiendish (a wrong casket needed a split) and the redraws left
        #: around it (:data:`NEAR_TRIES`)
        self.near: list | None = None
        self.near_left = 0
        self.walked = 0  # steps of the walk so far (at most WALK_MAX)
        #: whether the pack takes no more filler lids now (read before each loop-free draw)
        self._fillers_refused = False
        #: the blank totals of the last candidate the wasted check read (its statements, the
        #: totals): the ranking reads them again
        self._blank: tuple[list | None, LoopFreeBlanks | None] = (None, None)
        #: the portrait counts the level's first look read last (its statements, the counts)
        self._portrait: tuple[list | None, tuple] = (None, ())
        #: the sums of the caskets drawn before the last (:meth:`_sums`): the draw's masks
        #: list, their portrait masks, the packed portrait counts and the packed true counts
        self._prior: tuple | None = None
        #: gentle puzzles at n <= 2 are built backwards from the answer: the last casket is
        #: drawn only among the statement sets that leave a unique m whose wrong caskets the
        #: level's first look rules out (:meth:`_last_fits`; about 1 blind draw in 45 does
        #: at n = 2). Not at n >= 3, where the wasted-statement check refuses most of those
        #: sets and costs more than the blind draws it replaces (2-3x slower measured),
        #: nor with repeats allowed (the sets are drawn without them)
        self._backwards = settings.difficulty == "gentle" and not settings.loops and \
            settings.n <= 2 and not settings.allow_repeats

    def candidate(self) -> Offer | None:
        """Draw and judge one candidate: the puzzle made of it, or None (counted in stats)."""
        stats = self.stats
        s = self.s
        stats.attempts += 1
        cands, order, why = self._draw()
        if cands is None:
            self._count(why)
            return None
        if not s.allow_symmetry and symmetric_pair(coded_portrait_masks(cands, s.caskets),
                                                   s.caskets):
            return refuse(stats, "symmetry")
        if order is None and s.difficulty in SPLIT_LEVELS and not has_loop(cands):
            stats.difficulty_rejects += 1  # (a split needs a loop: possible_levels)
            return None
        engine: CasketEngine | None = None
        coded: CodedWorlds | None = None
        ranked: list = []
        if order is not None:  # one pass: the counts, and the rows the rating reads
            ranked = loop_free_ranked(cands, order, s.caskets)
            solutions = {}  # each count that one placement has: that placement
            twice = []
            for p, c in enumerate(ranked[-1][1]):
                if c in solutions:
                    twice.append(c)
                else:
                    solutions[c] = p
            for c in twice:
                solutions.pop(c, None)
        elif len(cands) * s.n <= CODED_WORLDS_MAX:  # every world read off masks, at once:
            coded = CodedWorlds(cands, s.caskets)  # the totals, then echoes, filler lids and
            solutions = unique_solutions(coded.totals())  # blank totals (no engine built)
        else:  # one evaluation by the casket engine: solutions, then the rating read it
            engine = CasketEngine(to_puzzle(cands, self.names, None, self.statements))
            solutions = unique_solutions([engine.total(p) for p in range(s.caskets)])
        if not solutions:
            stats.no_unique_m += 1
            return None
        if not s.allow_giveaways:
            fair = {m: p for m, p in solutions.items() if not giveaway_m(m, self.size)}
            if not fair:
                return refuse(stats, "giveaways")
            solutions = fair
        m = _choose_m(s, self.rng, solutions)
        if m is None:
            stats.m_rejects += 1
            return None
        d = _Drawn(cands, order, ranked, engine, solutions, coded)
        before = stats.difficulty_rejects
        got = self._with_m(d, m)
        if got is None and stats.difficulty_rejects > before and self._tries_other_m(d):
            got = self._other_m(d, m)
        return got

    def _draw(self) -> tuple[list | None, list[int] | None, str | None]:
        """A candidate drawn to pass the cheap checks: (statements, loop-free order or None,
        None), or (None, None, the check that refused the last try, None for a draw that
        could not be completed)."""
        s = self.s
        if self.near_left > 0:  # around a near miss: one casket drawn again, the cheap
            self.near_left -= 1  # checks applied during the walk (a step they refuse is
            self.walked += 1     # drawn again, up to CASKET_TRIES times)
            why = None
            for _ in range(CASKET_TRIES):
                cands = self.sampler.redraw(self.near)  # type: ignore[arg-type]
                if cands is None:
                    return None, None, None
                why = self._loops_check(cands)
                if why is None:
                    return cands, None, None
                self.stats.redrawn[why] = self.stats.redrawn.get(why, 0) + 1
            return None, None, why
        if s.loops:  # drawn to pass the symmetry check, and to hold a loop for a split
            self.walked = 0  # (a walk that ran out: the next one starts afresh)
            cands, why = self.sampler.draw_loops(self._loops_check, self.stats.redrawn)
            return cands, None, why
        # loop-free: drawn to pass the cheap checks (the search's checks stay the test)
        self._fillers_refused = not s.allow_fillers and \
            self.keeper.refusal(None, 1, ()) == "fillers"
        return self.sampler.draw_checked(self._lid_check, self._whole_check, self.stats.redrawn,
                                         self._last_fits if self._backwards else None,
                                         WASTED_TRIES + 1 if self._wasted_preferred() else None)

    def _wasted_preferred(self) -> bool:
        """Whether the wasted-statement preference applies while the last casket is drawn
        (:meth:`_whole_check`): wasted statements not allowed, m neither set nor chosen."""
        s = self.s
        return not s.allow_wasted and s.m is None and s.m_policy == "random"

    def _count(self, why: str | None) -> None:
        """Count a draw refused by a check: a quality filter by its name, "level" as a
        difficulty reject, "unique" as no unique m, None as a draw not completed."""
        stats = self.stats
        if why in FILTERS:
            refuse(stats, why)  # type: ignore[arg-type]
        elif why == "level":
            stats.difficulty_rejects += 1
        elif why == "unique":
            stats.no_unique_m += 1
        else:
            stats.quality_rejects += 1

    def _loops_check(self, cands: list) -> str | None:
        """The check that refuses a candidate with loops allowed before the engine reads it,
        or None: symmetry, then no loop where the level needs a split ("level"), then where
        the cross-casket echo is hard a pair of statements that always echo
        (:func:`.sampler.certain_echo`)."""
        s = self.s
        k = s.caskets
        if not s.allow_symmetry and symmetric_pair(coded_portrait_masks(cands, k), k):
            return "symmetry"
        if s.difficulty in SPLIT_LEVELS and not has_loop(cands):
            return "level"
        if self.sampler._spread and certain_echo(cands):  # (always refused: drawn again)
            return "echoes"
        return None

    def _lid_check(self, row: list[int], used: set[int]) -> str | None:
        """The filter that refuses a loop-free casket just drawn (its statements' placement
        masks) beside the caskets drawn before (their masks), or None: a cross-casket echo
        where it is hard (the same mask on two caskets: :func:`.quality.mask_echoes`), a
        filler lid (:func:`.quality.mask_fillers`) when the pack takes no more."""
        s = self.s
        if self.sampler._spread and any(v in used for v in row):
            return "echoes"
        if self._fillers_refused and mask_fillers([row], s.caskets):
            return "fillers"
        return None

    def _whole_check(self, cands: list, order: list[int], masks: list[list[int]],
                     tries: int) -> str | None:
        """The check that refuses a loop-free candidate just drawn, or None: symmetry, then
        no m that one placement fits (giveaways left out unless allowed; the settings' m
        and solution kept to), no such m at the level asked for, then (in the last casket's
        first WASTED_TRIES `tries`) the wasted-statement preference."""
        s = self.s
        k = s.caskets
        portrait, true, counts = self._sums(cands, order, masks)
        if not s.allow_symmetry and symmetric_pair(portrait, k):
            return "symmetry"
        self._portrait = (cands, (self.size - len(portrait), true))
        solutions = unique_solutions([1 << n for n in counts])
        if not solutions:
            return "unique"
        if not s.allow_giveaways:
            solutions = {m: p for m, p in solutions.items() if not giveaway_m(m, self.size)}
            if not solutions:
                return "giveaways"
        if s.solution is not None:
            wanted = self.names.index(s.solution)
            solutions = {m: p for m, p in solutions.items() if p == wanted}
        if not solutions or (s.m is not None and s.m not in solutions):
            return "unique"
        if s.m is not None:
            solutions = {s.m: solutions[s.m]}
        wasted_drawn = tries < WASTED_TRIES and self._wasted_preferred()
        if wasted_drawn and self._surely_wasted(cands, counts, solutions):
            return "wasted"  # (before the level's look: the check below would refuse it)
        want = s.difficulty
        if want is not None:
            solutions = {m: p for m, p in solutions.items()
                         if not self._not_level(cands, p, m, want)}
            if not solutions:
                return "level"
        if wasted_drawn:
            # the wasted-statement preference, by construction: a last casket that leaves
            # every m above the preferred share is drawn again (but on the last try)
            if not any(self._share_at_most(cands, order, masks, solutions, counts)):
                return "wasted"
        return None

    def _surely_wasted(self, cands: list, counts: list[int], solutions: dict[int, int]
                       ) -> bool:
        """Whether every m of `solutions` ({m: its one placement}) wastes more than the
        preferred share, read off the true counts per placement alone, before the level's
        look and the costlier count (:meth:`_share_at_most`, whose first test this is): no
        wrong placement counts within one of m, and more statements than the share are read
        by no other (each is then wasted). False when it cannot tell."""
        for m, answer in solutions.items():
            for p, c in enumerate(counts):
                if -1 <= c - m <= 1 and p != answer:
                    return False
        most = int(WASTED_PREFERRED * self.size + 1e-9)
        return unread_statements(cands).count(True) > most

    def _sums(self, cands: list, order: list[int], masks: list[list[int]]
              ) -> tuple[list[int], list[int], list[int]]:
        """(the portrait statements' placement masks, per placement how many of them hold
        and how many statements in all hold) of a loop-free candidate: the caskets but the
        last drawn (`order`'s last) summed once while the last is drawn again (kept with
        the draw's `masks` list, whose other rows a draw sets before its last casket's tries
        and never changes), the last added each try."""
        k = self.s.caskets
        if k > SPREAD_CASKETS:
            portrait = coded_portrait_masks(cands, k)
            return portrait, counts_of(portrait, k), counts_of(
                [v for row in masks for v in row], k)
        last = order[-1]
        kept = self._prior
        spread = spread_table(k)
        if kept is None or kept[0] is not masks:  # (held: its id stays its own)
            portrait = [v for d in order[:-1] for o, v in zip(cands[d], masks[d])
                        if o[0] <= NOT_IN]
            kept = self._prior = (masks, portrait, sum(map(spread.__getitem__, portrait)),
                                  sum(spread[v] for d in order[:-1] for v in masks[d]))
        _masks, before, packed_portrait, packed = kept
        row = masks[last]
        mine = [v for o, v in zip(cands[last], row) if o[0] <= NOT_IN]
        return before + mine, fields(packed_portrait + sum(map(spread.__getitem__, mine)), k), \
            fields(packed + sum(map(spread.__getitem__, row)), k)

    def _last_fits(self, counts: list[int], portrait: list[int], about: int) -> bool:
        """Whether a loop-free candidate with these true counts and portrait counts per
        placement, and `about` statements about statements, has an m that one placement
        fits (giveaways left out unless allowed, the settings' m and solution kept to) whose
        wrong caskets the level's first look rules out (:meth:`_not_level`, the same test)."""
        s = self.s
        k = s.caskets
        once: dict[int, int] = {}
        twice = set()
        for p, c in enumerate(counts):
            if c in once:
                twice.add(c)
            else:
                once[c] = p
        wanted = None if s.solution is None else self.names.index(s.solution)
        want = s.difficulty
        for m, answer in once.items():
            if m in twice or (not s.allow_giveaways and giveaway_m(m, self.size)) or \
                    (wanted is not None and answer != wanted) or (s.m is not None and m != s.m):
                continue

            def refutes(p: int, rank: int, m: int = m) -> bool:
                if rank != SUPPOSE:
                    return True
                return portrait[p] > m or portrait[p] + about < m

            if want is None or not cannot_be(want, [p for p in range(k) if p != answer],
                                             refutes):
                return True
        return False

    def _share_at_most(self, cands: list, order: list[int], masks: list[list[int]],
                       solutions: dict[int, int], counts: list[int] | None = None
                       ) -> Iterator[bool]:
        """For each m of `solutions` ({m: its one placement}), whether the candidate wastes at
        most the preferred share of its statements (:func:`.quality.wasted_for`, exactly).

        A statement no other statement reads matters exactly when a wrong placement counts
        m + 1 where it is true, or m - 1 where it is false (read off its placement mask); a
        statement read by others is surely wasted when blanking it cannot move any count as
        far as m (:func:`.sampler.blank_reach`). The rest are judged one by one by their
        blank totals (:class:`.sampler.LoopFreeBlanks`, computed on demand and kept for the
        candidate's ranking), only until the answer is known: the count stops as soon as more
        than the preferred share is wasted, and with no wrong placement one off m every
        statement no other reads is wasted, so more of those than the share decide at once."""
        k = self.s.caskets
        size = self.size
        flat = [v for row in masks for v in row]
        counts = counts_of(flat, k) if counts is None else counts  # (the caller's if it has)
        free = unread_statements(cands)
        unread = free.count(True)
        reach: list[int] | None = None
        most = int(WASTED_PREFERRED * size + 1e-9)  # the most statements wasted, preferred
        blank: LoopFreeBlanks | None = None
        for m, answer in solutions.items():
            over, under, gap = near_m(counts, m, answer, size)
            if gap > 1 and unread > most:  # (each unread statement is wasted)
                yield False
                continue
            wasted = 0
            open_: list[int] = []  # read statements that may matter
            for i, v in enumerate(flat):
                if free[i]:
                    if not v & over and v & under == under:
                        wasted += 1
                        if wasted > most:
                            break
                else:
                    if reach is None:
                        reach = blank_reach(cands, order)
                    if reach[i] < gap:
                        wasted += 1
                        if wasted > most:
                            break
                    else:
                        open_.append(i)
            if wasted > most or wasted + len(open_) <= most:  # (open_ whole unless above)
                yield wasted <= most
                continue
            if blank is None:
                blank = LoopFreeBlanks(cands, order, k, masks, counts, free)
                self._blank = (cands, blank)  # (kept for the candidate's ranking)
            want = 1 << m
            left = len(open_)
            for i in open_:
                left -= 1
                totals = blank.at(i)
                wasted += not any(t & want for p, t in enumerate(totals) if p != answer)
                if wasted > most or wasted + left <= most:
                    break
            yield wasted <= most

    def _with_m(self, d: "_Drawn", m: int) -> Offer | None:
        """The candidate with m chosen: the quality filters that read the worlds (echoes,
        filler lids: from the masks, or with loops from the engine, 5 to 10 times cheaper
        than the rating), twins, rating and difficulty, then the wasted-statement ranking
        (another unique m may waste less)."""
        stats = self.stats
        s = self.s
        got = self._read_worlds(d)  # (5 to 10 times cheaper than the rating, with loops)
        if got is None:
            return None
        if d.order is None and self._no_split(d, m):
            self.stats.difficulty_rejects += 1
            return None
        judged = self._rated(d, m, split_checked=True)
        if judged is None:
            return None
        echoes, fillers = got
        if d.order is None and s.n > ECHO_HARD_UP_TO and not s.allow_echoes:
            echoes = self._echoes(d)  # (the score)
        marks = motifs(judged[0], fillers)
        why = self.keeper.refusal(None, len(fillers), marks)  # (before the costly ranking)
        if why is not None:
            return refuse(stats, why)
        share = 0.0
        if not s.allow_wasted:
            wasted = self._wasted_counter(d)
            share = wasted(m) / self.size
            if share > WASTED_PREFERRED and s.m is None and s.m_policy == "random":
                better = [x for x in d.solutions if x != m
                          and (s.solution is None or self.names[d.solutions[x]] == s.solution)
                          and wasted(x) / self.size <= WASTED_PREFERRED]
                self.rng.shuffle(better)
                for x in better:
                    again = self._rated(d, x)
                    if again is not None:
                        m, judged = x, again
                        share = wasted(m) / self.size
                        break
        puzzle, key, rating = judged
        answer, unique = d.solutions[m], tuple(sorted(d.solutions))
        if rating is None:  # (deferred: rated once the offer is to be kept)
            def make(puzzle: Puzzle = puzzle, answer: int = answer, m: int = m
                     ) -> Generated | None:
                rating = self._rating(puzzle, answer, m)
                return None if rating is None else \
                    Generated(puzzle, self.names[answer], rating, unique)
            return Offer(None, key, answer, len(fillers), marks, len(echoes), share, make)
        generated = Generated(puzzle, self.names[answer], rating, unique)
        return Offer(generated, key, answer, len(fillers), marks, len(echoes), share)

    def _wasted_counter(self, d: "_Drawn") -> Callable[[int], int]:
        """m -> how many statements of the candidate could be blanked with the answer for m
        unchanged (:func:`.quality.wasted_for`): loop-free, off the masks
        (:meth:`.sampler.LoopFreeBlanks.wasted`, blank totals only where the masks leave a
        statement open; the draw's, kept, when its check made them), else off every blank
        total."""
        if d.order is not None:
            kept = self._blank[1] if self._blank[0] is d.cands else None
            blanks = kept if kept is not None else \
                LoopFreeBlanks(d.cands, d.order, self.s.caskets)
            return lambda m: blanks.wasted(m, d.solutions[m])
        blank = d.coded.blank_totals() if d.coded is not None else blank_totals(d.bare(self))
        return lambda m: len(wasted_for(blank, m, d.solutions[m]))

    def _read_worlds(self, d: "_Drawn") -> tuple[list, list[int]] | None:
        """(cross-casket echoes, filler lids) of the candidate, or None when the echo filter
        refuses it, or the pack filters refuse its filler lids whatever its motifs."""
        s = self.s
        if d.order is not None:  # loop-free: one world a placement, read off the masks
            masks = loop_free_masks(d.cands, d.order, s.caskets)
            echoes = [] if s.allow_echoes else mask_echoes(masks)
            fillers = mask_fillers(masks, s.caskets)
        elif d.coded is not None:  # (above n = ECHO_HARD_UP_TO the echoes are a score:
            hard = s.n <= ECHO_HARD_UP_TO and not s.allow_echoes  # read after the rating)
            echoes = self._echoes(d) if hard else []
            fillers = d.coded.filler_lids()
        else:
            hard = s.n <= ECHO_HARD_UP_TO and not s.allow_echoes
            worlds = self._worlds(d, values_too=hard)
            echoes = worlds.echoes() if hard else []
            fillers = worlds.filler_lids()
        if echoes and s.n <= ECHO_HARD_UP_TO:
            refuse(self.stats, "echoes")
            return None
        if fillers and self.keeper.refusal(None, len(fillers), ()) == "fillers":
            refuse(self.stats, "fillers")
            return None
        return echoes, fillers

    def _worlds(self, d: "_Drawn", values_too: bool = True) -> Worlds:
        """The consistent worlds of a candidate with loops past CODED_WORLDS_MAX statements,
        from the casket engine."""
        assert d.engine is not None
        return Worlds.from_engine(d.engine, d.engine.puzzle, values_too=values_too)

    def _echoes(self, d: "_Drawn") -> list[tuple[int, int]]:
        """The cross-casket echoes of a candidate with loops (:meth:`.quality.Worlds.echoes`):
        off its coded worlds, or past their bound the casket engine."""
        if d.coded is None:
            return self._worlds(d).echoes()
        return d.coded.echoes()

    def _no_split(self, d: "_Drawn", m: int) -> bool:
        """Whether a candidate with loops is surely not of a level that needs a split
        (:data:`SPLIT_LEVELS`) for m: following alone rules out every wrong casket
        (:func:`.sampler.follow_refutes`, whose True the grader's first look,
        :func:`.difficulty.cannot_be`, repeats: the same verdict, without the grader)."""
        if self.s.difficulty not in SPLIT_LEVELS or d.order is not None:
            return False
        answer = d.solutions[m]
        if d.look is None:
            d.look = FollowLook(d.cands)
        wrong = [p for p in range(self.s.caskets) if p != answer]
        for at, p in enumerate(wrong):
            if not d.look.refutes(p, m):
                # the grader looks next: every wrong casket looked at, those ruled out kept
                # (the grader asks no more of them, and asks the others to count first)
                d.followed = (m, set(wrong[:at]) | {q for q in wrong[at + 1:]
                                                    if d.look.refutes(q, m)})
                return False
        return True

    def _rated(self, d: "_Drawn", m: int, split_checked: bool = False
               ) -> tuple[Puzzle, tuple, Rating | None] | None:
        """(puzzle, twin key, rating) for m, or None for a twin or a rating not wanted. The
        rating is None where it is deferred (:meth:`_rates_later`: made by :meth:`_rating`
        only once the offer is to be kept)."""
        s = self.s
        key = (m, tuple(tuple(sorted(c)) for c in d.cands)) if s.allow_twins \
            else coded_key(d.cands, m)
        if key in self.seen:
            self.stats.duplicates += 1
            return None
        want = s.difficulty
        fits = (d.solutions[m],)
        if want is not None and d.order is not None and \
                self._not_level(d.cands, d.solutions[m], m, want):
            self.stats.difficulty_rejects += 1  # (read off the masks: no puzzle made)
            return None
        if not split_checked and self._no_split(d, m):
            self.stats.difficulty_rejects += 1
            return None
        if d.order is not None:  # loop-free: rated from the coded form, in dependency order
            puzzle = rated = to_puzzle(d.cands, self.names, m, self.statements)
            if self._rates_later(d):
                return puzzle, key, None
        else:  # the puzzle with m open (the rating is for m), then with m set
            rated = d.bare(self)
            puzzle = Puzzle(rated.caskets, m)
        near: list = []
        followed = d.followed[1] if d.followed[0] == m else None
        rating = rate(rated, m, solutions=fits) if want is None else \
            rate_as(want, rated, m, solutions=fits, near=near if s.loops else None,
                    followed=followed)
        if near and self.walked < WALK_MAX:  # a near miss: the next tries around it (a
            self.near, self.near_left = d.cands, NEAR_TRIES  # walk from near miss to near miss)
        elif rating is None and self._tricky_near_miss(want, d, m):
            self.near, self.near_left = d.cands, TRICKY_NEAR_TRIES
        if rating is None:
            self.stats.difficulty_rejects += 1
            return None
        self.near, self.near_left, self.walked = None, 0, 0  # found: the next starts afresh
        return puzzle, key, rating

    def _tries_other_m(self, d: "_Drawn") -> bool:
        """Whether a candidate with loops that its m left below the tricky target (following
        alone, or the grader, ruled out every wrong casket) is tried with its other unique m
        (:meth:`_other_m`): the tricky target, m neither set nor chosen by a policy other
        than "random" (the smallest or largest m is the only one it may have), repeats not
        allowed (:meth:`_tricky_near_miss`)."""
        s = self.s
        return s.difficulty == "tricky" and d.order is None and s.m is None \
            and s.m_policy == "random" and len(d.solutions) > 1 and not s.allow_repeats

    def _other_m(self, d: "_Drawn", m: int) -> Offer | None:
        """The candidate with another of its unique m (in a random order, the settings'
        solution kept to), each judged as the first was (:meth:`_with_m`: every filter and
        the unchanged grader), until one is kept or refused for anything but its level: the
        draw, its worlds and its first look read once for several puzzles. A candidate has
        one to four unique m, and the level follows m closely (n = 3, seed 2000, 3,930
        rated: none tricky at m = 1, 2 or 5 of 1,776, 57 of 2,926 at m = 3 or 4): a tricky
        target took 186 candidates a kept puzzle instead of 320 at n = 3, 159 instead of
        272 at n = 4 (seeds 2000-2007), about a fifth less CPU."""
        s, stats = self.s, self.stats
        others = [x for x in d.solutions if x != m
                  and (s.solution is None or self.names[d.solutions[x]] == s.solution)]
        self.rng.shuffle(others)
        got = None
        for x in others:
            before = stats.difficulty_rejects
            got = self._with_m(d, x)
            if got is not None or stats.difficulty_rejects == before:
                break
        return got

    def _tricky_near_miss(self, want: str | None, d: "_Drawn", m: int) -> bool:
        """Whether a candidate with loops that was not rated tricky for m starts (or moves) a
        walk around it, the tricky target's draw (:data:`TRICKY_NEAR_TRIES`): following alone
        (the first look, :class:`.sampler.FollowLook`) leaves one of its wrong caskets open.
        Asked of the look itself, not of whether :meth:`_no_split` ran, so the packs are the
        same with the first look switched off. What the walk finds is judged as every
        candidate is, by every check and the grader.
        Not with repeats allowed, where tricky puzzles are common (the lifted side of
        bench_levels): there the walk and the other m (:meth:`_other_m`) rated more than
        they saved (n = 4, seeds 1000-1004: 20.6 ms of CPU a puzzle against 16.9)."""
        s = self.s
        if want != "tricky" or not s.loops or self.walked >= WALK_MAX or s.allow_repeats \
                or d.order is not None:
            return False
        if d.followed[0] == m:  # (the first look failed at a wrong casket for this m)
            return True
        if d.look is None:
            d.look = FollowLook(d.cands)
        answer = d.solutions[m]
        return any(not d.look.refutes(p, m) for p in range(s.caskets) if p != answer)

    def _rates_later(self, d: "_Drawn") -> bool:
        """Whether the candidate's rating can wait until its offer is to be kept: loop-free,
        for no level or a level without splits. There the rating is never refused once the
        masks' first look (:meth:`_not_level`) has passed it: every wrong casket falls to
        following (each placement has one world), so the level is gentle or steady, and
        :func:`.difficulty.cannot_be` (the same test as the first look) tells which. About
        half the loop-free candidates rated used to be held for their wasted share and
        dropped, or refused by the pack filters."""
        return d.order is not None and self.s.difficulty not in SPLIT_LEVELS

    def _rating(self, puzzle: Puzzle, solution: int, m: int) -> Rating | None:
        """A loop-free puzzle's rating deferred by :meth:`_rated` (None: not the level
        wanted, which its first look rules out: kept only as a guard)."""
        want = self.s.difficulty
        if want is None:
            return rate(puzzle, m, solutions=(solution,))
        return rate_as(want, puzzle, m, solutions=(solution,))

    def _not_level(self, cands: list, answer: int, m: int, want: str) -> bool:
        """Whether a loop-free candidate (`answer`: the placement m fits) is surely not of
        level `want`, by the grader's own
        first look (:func:`.difficulty.cannot_be`) read off the portrait statements' masks:
        supposing the portrait in p rules p out when the portrait statements true there are
        already more than m, or with every other statement true still fewer."""
        k = self.s.caskets
        if self._portrait[0] is cands:
            rest, true = self._portrait[1]
        else:
            masks = coded_portrait_masks(cands, k)
            rest = self.size - len(masks)
            true = counts_of(masks, k)
            self._portrait = (cands, (rest, true))

        def refutes(p: int, rank: int) -> bool:
            if rank != SUPPOSE:  # (COUNT: a loop-free candidate needs no split)
                return True
            return true[p] > m or true[p] + rest < m

        wrong = [p for p in range(k) if p != answer]
        return cannot_be(want, wrong, refutes)



@dataclass
class _Drawn:
    """A candidate drawn and evaluated: coded statements, the loop-free order (None with
    loops), the rating rows, {unique m: its solution}, and with loops its coded worlds
    (:class:`.sampler.CodedWorlds`) or past their bound the casket engine."""

    cands: list
    order: list | None
    ranked: list
    engine: CasketEngine | None
    solutions: dict[int, int]
    coded: CodedWorlds | None = None
    _bare: Puzzle | None = None
    #: the first look for the levels that need a split (:class:`.sampler.FollowLook`)
    look: FollowLook | None = None
    #: (m, the wrong caskets the first look ruled out for it)
    followed: tuple[int | None, Collection[int] | None] = (None, None)

    def bare(self, search: "_Search") -> Puzzle:
        """The candidate's puzzle with m open (made once, of the search's statements)."""
        if self.engine is not None:
            return self.engine.puzzle
        if self._bare is None:
            self._bare = to_puzzle(self.cands, search.names, None, search.statements)
        return self._bare


def refuse(stats: Stats, name: str) -> Offer | None:
    """Count a candidate a quality filter refused (by the filter's short name)."""
    stats.filtered[name] = stats.filtered.get(name, 0) + 1
    return None


def iter_generate(settings: Settings, stats: Stats | None = None,
                  seen: set | None = None, patience: float | None = PATIENCE) -> Iterator[Generated]:
    """Yield settings.count puzzles (settings must be checked, seed set).

    Raises GaveUpError when settings.attempts candidates in a row, or `patience` seconds of
    them, yield no new puzzle. (The clock only decides when to give up: the puzzles made for
    a seed are the same.)
    """
    stats = Stats() if stats is None else stats
    if settings.whole:  # a family or the full vocabulary: drawn by .families
        from portia_tui.core.packs.generator.families import iter_family

        yield from iter_family(settings, stats, seen, patience)
        return
    seen = set() if seen is None else seen
    keeper = Keeper(settings, settings.count, settings.caskets)
    search = _Search(settings, stats, seen, keeper)
    stats.notices.extend(notices(settings))
    yield from run_candidates(search.candidate, settings, patience, stats, seen, keeper)


def run_candidates(candidate: Callable[[], Offer | None], settings: Settings,
                   patience: float | None, stats: Stats, seen: set,
                   keeper: Keeper) -> Iterator[Generated]:
    """Draw candidates until settings.count puzzles are made, each offered to the pack
    filters and the ranking (`keeper`, a :class:`.quality.Keeper`); raise GaveUpError after
    settings.attempts candidates in a row, or `patience` seconds (None: no limit), with no
    new puzzle. Patience counts the searching thread's CPU seconds, not the wall clock: on a
    busy machine (other processes, the app's own redraws) the search is as patient as on an
    idle one, and the same seed gives up, or not, alike."""
    attempts = settings.attempts
    if settings.difficulty == DIFFICULTIES[-1]:  # nested splits are rare: larger bounds
        attempts *= RARE
        patience = None if patience is None else max(patience, RARE_PATIENCE)
    for made in range(settings.count):
        tries = 0
        began = time.thread_time()
        while True:
            if tries >= attempts or (
                    patience is not None and time.thread_time() - began > patience):
                raise GaveUpError(settings, made, tries, time.thread_time() - began)
            tries += 1
            found = candidate()
            kept = None if found is None else keeper.offer(found, stats)
            # (a rating deferred is made now: .quality.Offer.make)
            generated = None if kept is None else kept.finished()
            if kept is not None and generated is not None and \
                    _verified(settings, stats, generated):
                keeper.keep(kept)
                seen.add(kept.key)
                stats.emitted += 1
                yield generated
                break


def _verified(settings: Settings, stats: Stats, g: Generated) -> bool:
    """The SAT re-verification of a puzzle about to be kept, when due: every puzzle with
    verify set, else the first and one in VERIFY_EVERY. A disagreement (never seen) drops it."""
    if settings.verify or stats.emitted % VERIFY_EVERY == 0:
        stats.verified += 1
        if sat.analyse(g.puzzle).solution_names() != [g.solution]:
            stats.sat_disagreements += 1
            return False
    return True


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
