"""Random island and door puzzles, well posed, filtered and graded: knights and knaves,
werewolves, and the lady-or-tiger trials.

A *family* fixes the entities, the attributes, the modes, the narrator's promises, the
question and the atoms statements are built from. A candidate gives every entity one
statement: an atom, or a compound of atoms (``not``, ``and``, ``or``, ``if``, ``iff``) nested
up to ``depth`` deep with up to ``width`` parts. The general engine (core/solve/general.py)
solves it; a candidate is kept when its answer is unique and it passes the filters:

``wasted``     every statement is needed: silencing any one speaker leaves several answers;
``trivial``    no statement is true (or false) in every world the narrator's promises allow
               ("B is a knight or B is a knave" tells only that its speaker is a knight),
               and no part of an "and" or "or" adds nothing to the rest;
``symmetry``   no two entities can swap names and leave the puzzle's meaning as it was (each
               one's statements, swapped, true in the same worlds as the other's): they would
               be alike, and the answer for one gives the other;
``twins``      no two puzzles of a pack are the same up to renaming entities and reordering
               statements (:func:`canonical_key`);
``variety``    in a pack of 6 or more, no answer more than a third of the puzzles (when the
               answers allow it), no number of knights more than half, at most one in 8
               whose entities are all alike, in a pack of 8 or more no motif (the
               statements the solution opens with, names blurred) more than twice in 8,
               and in a pack of hard trials, instead, no shape (what the hardest step
               splits, the rings of signs: :func:`trial_motif`) in more than half.

Each filter has an ``allow_*`` setting. Knights-and-knaves statements are drawn in the
grammar of Xie et al. (2024): ``('telling-truth', i)``, ``('lying', i)``, ``('not', s)``,
``('and', s, ...)``, ``('or', s, ...)``, ``('->', s, t)``, ``('<=>', s, t)``, kept as
:attr:`Island.tuples`.

Public API: :class:`IslandSettings`, :func:`generate` (yields :class:`Island`),
:func:`canonical_key`, :data:`FAMILIES`, :data:`RANGES`.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import permutations, product
from typing import Any, ClassVar

from portia_tui.core.errors import PortiaError
from portia_tui.core.explain.reasoning import (LEVELS, TECHNIQUES, Grade, Solver, grade_within,
                                               refutable)
from portia_tui.core.language.formulas import meaning_memo, thaw
from portia_tui.core.language.sentences import speaker_last
from portia_tui.core.language.world import AskWhere, WorldPuzzle, WorldStatement
from portia_tui.core.packs.island_ranges import DEPTH, FEWEST, RANGES, UNDRAWN
from portia_tui.core.solve.general import Evaluation, solve

GRAMMARS = ("tuple", "rich")
#: in the rich grammar, the share of claims that are counts or likenesses: more when the
#: level asked for needs case splits (tricky, fiendish)
RICH_SHARE, HARD_SHARE = 0.3, 0.9
#: in the hard trials, the share of signs that speak of another sign
SIGN_SHARE = 0.5
#: from this many knights and knaves, the others beside a tricky draw's either-way pair
#: (:func:`_either_way`) speak in likeness only; below it, in counts and likeness too. At 6
#: and 7 people likeness alone made a tricky candidate in 700 to 1,500 and opened the
#: solution in four ways only (so a pack of 10 stopped at 8: a pack of 8 or more takes each
#: opening twice in 8 at most); counts made one in 150 to 190, opening in many ways. From 8
#: likeness alone does as well (docs/benchmarks.md, "Packs of one level")
LIKENESS_FROM = 8
#: from this many werewolves, a tricky draw puts an either-way pair (:func:`_either_way_pair`)
#: among the statements drawn as for the other hard levels: a tricky candidate 4 times as
#: often (werewolves 8: 26 kept of 40,000 candidates, 23 openings, against 6; 10 people: 7
#: against 3), so a pack of 10 no longer gives up at 8 (docs/benchmarks.md, "Werewolves'
#: packs")
WOLF_PAIR_FROM = 7
#: answers whose worlds a quick look keeps in a list to look through (_Screen._one_answer)
FEW_ANSWERS = 16
#: draws of the speakers' meanings, meaning first, until one may pass the quick look
#: (_Screen.by_meaning; about one in seven does at two werewolf islanders, --depth 3)
MEANING_TRIES = 1_000
#: draws a steered statement is chosen from (:meth:`_Screen.steer`)
STEER_TRIES = 8
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX")


class IslandError(PortiaError):
    """Settings no puzzle can meet, or a search that gave up: `problem` names which."""

    def __init__(self, message: str, problem: str):
        super().__init__(message)
        self.problem = problem


@dataclass(frozen=True)
class IslandSettings:
    family: str = "knights-knaves"
    size: int = 3
    depth: int = 2
    width: int = 2
    difficulty: str | None = None
    count: int = 1
    seed: int = 0
    attempts: int = 20_000
    #: "tuple": the statements of Xie et al.'s grammar (the dataset); "rich": also counts
    #: ("exactly two of us are knaves") and likeness ("A and B are of the same type"), which
    #: reach the tricky and fiendish levels
    grammar: str = "tuple"
    allow_wasted: bool = False
    allow_trivial: bool = False
    allow_symmetry: bool = False
    allow_twins: bool = False
    allow_monotony: bool = False

    def check(self) -> None:
        if self.family not in FAMILIES:
            raise IslandError(f"unknown family {self.family!r}", "family")
        lo, hi = RANGES[FAMILIES[self.family].size_option]
        checks = [(FAMILIES[self.family].size_option, self.size, lo, hi),
                  ("depth", self.depth, *RANGES["depth"]), ("width", self.width, *RANGES["width"]),
                  ("count", self.count, *RANGES["count"]),
                  ("attempts", self.attempts, *RANGES["attempts"])]
        for name, value, low, high in checks:
            if not low <= value <= high:
                raise IslandError(f"--{name} must be {low} to {high}, not {value}", name)
        if self.difficulty is not None and self.difficulty not in LEVELS:
            raise IslandError(f"unknown difficulty {self.difficulty!r}", "difficulty")
        fewest = FEWEST[self.family].get(self.difficulty or "", 0)
        undrawn = UNDRAWN.get(self.family, {}).get(self.difficulty or "", ())
        while fewest in undrawn:
            fewest += 1
        noun = FAMILIES[self.family].size_option
        if self.size < fewest:
            raise IslandError(f"--difficulty {self.difficulty} needs --{noun} {fewest} or more "
                              f"for {self.family}: with {self.size} no puzzle "
                              f"{'the generator draws ' if self.size in undrawn else ''}is "
                              f"{self.difficulty} (see 'Levels by size' in the README)",
                              "impossible")
        if self.size in undrawn:
            raise IslandError(f"--difficulty {self.difficulty} with --{noun} {self.size}: no "
                              f"{self.family} puzzle the generator draws is {self.difficulty} "
                              "(every one was counted: see 'Levels by size' in the README)",
                              "impossible")
        deepest = DEPTH.get(self.family, {}).get(self.difficulty or "", {}).get(self.size, 0)
        if self.depth < deepest:
            raise IslandError(f"--difficulty {self.difficulty} with --{noun} {self.size} needs "
                              f"--depth {deepest} for {self.family}: no puzzle the generator draws "
                              f"within depth {self.depth} is one (see 'Levels by size' in the "
                              "README)", "impossible")
        if self.grammar not in GRAMMARS:
            raise IslandError(f"unknown grammar {self.grammar!r}", "grammar")
        most = most_in_pack(self)
        if most is not None and self.count > most:
            level = "" if self.difficulty is None else f"{self.difficulty} "
            raise IslandError(
                f"--count {self.count}: a pack of {level}{self.family} puzzles of "
                f"{self.size} {FAMILIES[self.family].size_option} holds at most {most} "
                + ("when it varies (use --count 5 or fewer, or --allow-sameness)"
                   if _varied(self) else "without twins") + " (see 'Levels by size' in the "
                "README)", "impossible")


#: werewolves, two people, tricky, by --depth: (the puzzles the generator can draw, those
#: whose two islanders are of one type). Two islanders' hard levels are drawn meaning first
#: (:meth:`_Screen.by_meaning`: one wording a meaning), so these are every one, twins aside:
#: an exhaustive count of every pair of meanings within the depth under each of the three
#: promises, through the quick look and the full check (tools/island_census.py two-packs)
#: (depth 3 was 32 and 16 before islanders' odd "if" forms were refused: one went)
TWO_WOLVES_TRICKY = {1: (0, 0), 2: (8, 4), 3: (31, 15)}


def _varied(settings: IslandSettings) -> bool:
    """The pack's variety rules hold at these settings (:class:`_Variety`)."""
    return not settings.allow_monotony and settings.count >= 6


def most_in_pack(settings: IslandSettings) -> int | None:
    """The most puzzles a pack of these settings can hold, when a count shows it to be fewer
    than some --count can ask for; None when no bound is known. Two people only:

    - knights and knaves: the four answers are two with one knight and two alike (both
      knights, both knaves), so a varied pack holds at most ``half`` of one knight and
      ``alike_cap`` alike (:class:`_Variety`): 4 of 6, 6 of 10, fewer than asked for at
      every count of 6 or more, whatever the statements;
    - werewolves, tricky: :data:`TWO_WOLVES_TRICKY` puzzles in all (without
      --allow-twins), of which a varied pack takes every one whose islanders differ and
      ``alike_cap`` of the rest.
    """
    if settings.size != 2 or settings.family not in ("knights-knaves", "werewolves"):
        return None
    variety = _Variety(settings, 4 if settings.family == "knights-knaves" else 2)
    if settings.family == "knights-knaves":
        if not _varied(settings):
            return None
        one_knight = min(2 * variety.cap, variety.half)
        return one_knight + min(variety.alike_cap, 2 * min(variety.cap, variety.half))
    if settings.difficulty != "tricky" or settings.depth not in TWO_WOLVES_TRICKY:
        return None
    total, alike = TWO_WOLVES_TRICKY[settings.depth]
    most = total - alike + min(alike, variety.alike_cap) if _varied(settings) else total
    return None if settings.allow_twins else most


@dataclass
class Island:
    """One generated puzzle, in its internal names (P1, P2, ... or I, II, ...)."""

    puzzle: WorldPuzzle
    answer: dict[str, Any]
    solution: dict[str, dict[str, str]]
    grade: Grade
    key: str
    tuples: tuple[Any, ...] | None = None
    family: str = "knights-knaves"
    settings: dict[str, Any] = field(default_factory=dict)


# ----------------------------------------------------------------------------- families

@dataclass(frozen=True)
class Family:
    key: str
    summary: str
    size_option: str
    noun: str
    #: a pack's title when it is given none
    title: str = ""

    def entities(self, k: int) -> list[str]:
        return [f"P{i + 1}" for i in range(k)]

    def shell(self, ents: list[str], statements: list[WorldStatement],
              rng: random.Random, trials: bool = False) -> WorldPuzzle:
        """The puzzle around the statements; `trials`: the rules for the hard levels."""
        raise NotImplementedError

    def atom(self, rng: random.Random, ents: list[str], me: str, share: float = 0.0) -> Any:
        """One claim; with chance `share` a count or a likeness (the rich grammar)."""
        raise NotImplementedError

    def screens(self, settings: IslandSettings) -> bool:
        """Candidates may share one Evaluation (:class:`_Screen`): every family's do (a sign
        that speaks of another sign is read as what that sign says: :func:`_unfolded`)."""
        return True

    def tuple_of(self, atom: Any, ents: list[str]) -> Any | None:
        """The Xie et al. tuple of an atom, or None when the grammar cannot hold it."""
        return None

    #: whether a statement may speak of another statement ("Sign II is wrong": the trials)
    signs: ClassVar[bool] = True

    #: from this size on (0: never) a candidate's statements are steered (:meth:`_Screen.steer`)
    steer_from: ClassVar[int] = 0

    #: up to this size (0: never) the hard levels (tricky, fiendish) are drawn meaning first
    #: (:meth:`_Screen.by_meaning`): every claim a speaker can make is few enough to list
    by_meaning_upto: ClassVar[int] = 0

    def every_atom(self, ents: list[str]) -> list[Any]:
        """Every claim :meth:`atom` can draw (rich grammar), for :meth:`_Screen.by_meaning`."""
        raise NotImplementedError

    def answer_atoms(self, ev: Evaluation, ents: list[str]) -> list[int]:
        """One mask per possible answer, when the answers are "which entity has the value"
        (the worlds where each entity has it): how :meth:`_Screen.steer` counts answers."""
        raise NotImplementedError


#: shells without statements, kept: a quick look draws thousands of candidates around a
#: handful of shells, and building one was a sixth of its work (WorldPuzzle is immutable)
_SHELLS: dict[Any, WorldPuzzle] = {}


def _shell(key: Any, statements: Any, make: Any) -> WorldPuzzle:
    """make(), kept under `key` when `statements` is empty."""
    if statements:
        return make()
    if key not in _SHELLS:
        _SHELLS[key] = make()
    return _SHELLS[key]


class KnightsKnaves(Family):
    #: no statement speaks of another statement (:func:`_unfolded` has nothing to do)
    signs = False

    def shell(self, ents, statements, rng, trials=False):
        return _shell(("knights-knaves", tuple(ents)), statements, lambda: WorldPuzzle(
            entities=ents, attributes={"type": ("knight", "knave")}, speaker_attr="type",
            modes={"knight": "true", "knave": "false"}, statements=statements))

    def atom(self, rng, ents, me, share=0.0):
        if rng.random() < share:
            return _rich_atom(rng, ents, me, "type", ("knight", "knave"))
        return ["is", rng.choice(ents), "type", rng.choice(("knight", "knave"))]

    def tuple_of(self, atom, ents):
        if atom[0] != "is":
            return None  # a count or a likeness: beyond the grammar
        return ("telling-truth" if atom[3] == "knight" else "lying", ents.index(atom[1]))

    #: three people: 8 worlds, 256 meanings a statement (142 within --depth 2); fiendish
    #: exists but is one random draw of words in 10,000 or so, and a pack of 10 gave up at 2
    #: to 4 (seeds 1-5): drawn meaning first, among the triples that may pass the quick look
    #: (:meth:`_Screen.by_meaning`), it is a few in a thousand
    by_meaning_upto = 3

    def every_atom(self, ents: list[str]) -> list[Any]:
        k = len(ents)
        out: list[Any] = [["is", e, "type", v] for e in ents for v in ("knight", "knave")]
        out += [["count", "all", {"type": t}, op, n] for t in ("knight", "knave")
                for op in ("==", ">=", "<=") for n in range(1, k)]
        out += [[w, x, y, "type"] for w in ("same", "differ")
                for i, x in enumerate(ents) for y in ents[i + 1:]]
        return out


class Werewolves(Family):
    signs = False  # as KnightsKnaves

    def shell(self, ents, statements, rng, trials=False):
        promise = ["count", "all", {"wolf": "werewolf"}, "==", 1]
        extra = rng.choice((None, ["forall", "?x", "all", ["implies", ["is", "?x", "wolf",
                                                                       "werewolf"],
                                                             ["is", "?x", "type", "knight"]]],
                            ["forall", "?x", "all", ["implies", ["is", "?x", "wolf", "werewolf"],
                                                     ["is", "?x", "type", "knave"]]]))
        return _shell(("werewolves", tuple(ents), repr(extra)), statements, lambda: WorldPuzzle(
            entities=ents, attributes={"type": ("knight", "knave"),
                                       "wolf": ("werewolf", "human")},
            speaker_attr="type", modes={"knight": "true", "knave": "false"},
            statements=statements, constraints=[promise] + ([extra] if extra else []),
            ask=[AskWhere({"wolf": "werewolf"})]))

    def atom(self, rng, ents, me, share=0.0):
        if rng.random() < share * 0.6:
            return _rich_atom(rng, ents, me, "type", ("knight", "knave"))
        if rng.random() < 0.5:
            return ["is", rng.choice(ents), "wolf", rng.choice(("werewolf", "human"))]
        if rng.random() < 0.2:
            return ["count", "all", {"type": "knave"}, rng.choice((">=", "<=", "==")),
                    rng.randrange(1, len(ents))]
        return ["is", rng.choice(ents), "type", rng.choice(("knight", "knave"))]


    def answer_atoms(self, ev, ents):
        return [ev.atom(e, "wolf", "werewolf") for e in ents]

    #: two islanders: 8 worlds, so 256 meanings a statement; tricky and fiendish exist
    #: (an exhaustive count over every pair of meanings: 32 each, with no extra promise) but
    #: a random draw of words seldom meets them (fiendish: none in 100,000)
    by_meaning_upto = 2

    def every_atom(self, ents: list[str]) -> list[Any]:
        k = len(ents)
        out: list[Any]
        out = [["is", e, a, v] for e in ents
                          for a, vs in (("wolf", ("werewolf", "human")),
                                        ("type", ("knight", "knave"))) for v in vs]
        out += [["count", "all", {"type": t}, op, n] for t in ("knight", "knave")
                for op in ("==", ">=", "<=") for n in range(1, k)]
        out += [[w, x, y, "type"] for w in ("same", "differ")
                for i, x in enumerate(ents) for y in ents[i + 1:]]
        return out


class LadyTiger(Family):
    """The trials. For tricky and fiendish (`trials`), Smullyan's later rules too: each
    room's sign follows its own rule (true with the lady behind it and false with a tiger,
    or the reverse: :data:`REVERSED`), and a sign may speak of another sign ("Sign II is
    wrong"), in compound signs up to --depth, mostly "if and only if" (:data:`_STALLING`):
    from four rooms these reach tricky and fiendish (one claim a sign never does at four
    rooms: island_ranges.DEPTH). Two rooms follow Smullyan's two-room trials: mixed rules,
    and both rooms may hold ladies, or both tigers."""

    def entities(self, k):
        return list(ROMAN[:k])

    def shell(self, ents, statements, rng, trials=False):
        values = ("lady", "tiger", "empty") if len(ents) > 2 else ("lady", "tiger")
        # two rooms of one rule leave no well-posed puzzle past the filters: Smullyan's
        # two-room trials mix the rules too
        trials = trials or len(ents) == 2
        own = {e: REVERSED for e in ents if trials and rng.random() < 0.5}
        return WorldPuzzle(entities=ents, attributes={"content": values},
                           speaker_attr="content",
                           modes={"lady": "true", "tiger": "false"}, mode_overrides=own,
                           statements=statements,
                           # two rooms: both may hold ladies, or both tigers (Smullyan)
                           constraints=[["count", "all", {"content": "lady"}, "==", 1]]
                           if len(ents) > 2 else [],
                           ask=[AskWhere({"content": "lady"})])

    def atom(self, rng, ents, me, share=0.0):
        values = ("lady", "tiger", "empty") if len(ents) > 2 else ("lady", "tiger")
        if share >= HARD_SHARE and rng.random() < SIGN_SHARE:  # "Sign II is wrong"
            other = rng.choice([e for e in ents if e != me])
            return [rng.choice(("true", "false")), f"s{ents.index(other) + 1}"]
        if rng.random() < share * 0.8 and len(ents) >= 3:  # how many tigers, empty rooms
            what, op = rng.choice(values[1:]), rng.choice(("==", "==", ">=", "<="))
            # k - 1 rooms beside the lady's: "at most k - 1" would be true in every world
            # (the hard draw leaves it out; the others draw as they did, so their seeds make
            # the puzzles they made)
            top = len(ents) - 1 if op == "<=" and share >= HARD_SHARE else len(ents)
            return ["count", "all", {"content": what}, op, rng.randrange(1, top)]
        return ["is", rng.choice(ents), "content", rng.choice(values)]

    # a sign about a sign is read as what that sign says (_unfolded): every level screens

    #: from 7 rooms one random claim a sign seldom leaves one room for the lady (1 draw in
    #: 400 at 7 rooms, fewer at 9): the signs are steered
    steer_from = 7

    def answer_atoms(self, ev, ents):
        return [ev.atom(e, "content", "lady") for e in ents]


#: a room whose sign is false with the lady behind it and true with a tiger (Smullyan's
#: fourth trial on); an empty room's sign may say anything
REVERSED = {"lady": "false", "tiger": "true"}


def _rich_atom(rng: random.Random, ents: list[str], me: str, attr: str,
               values: tuple[str, ...]) -> Any:
    """A claim beyond the tuple grammar: how many have a value ("exactly two of us are
    knaves"), or whether two are alike ("A and B are of the same type")."""
    if rng.random() < 0.5 and len(ents) >= 3:
        op = rng.choice(("==", "==", ">=", "<="))
        return ["count", "all", {attr: rng.choice(values)}, op, rng.randrange(1, len(ents))]
    x, y = rng.sample(ents, 2)
    return [rng.choice(("same", "differ")), x, y, attr]


FAMILIES: dict[str, Family] = {
    "knights-knaves": KnightsKnaves("knights-knaves", "knights always tell the truth, knaves "
                                    "always lie; who is which?", "people", "person",
                                    "Knights and knaves"),
    "werewolves": Werewolves("werewolves", "knights and knaves, and exactly one of them is a "
                             "werewolf; which one?", "people", "person", "Knights, knaves and a werewolf"),
    "lady-tiger": LadyTiger("lady-tiger", "a lady in one room, tigers (or nothing) in the "
                            "others; the lady's sign is true, a tiger's false; where is the "
                            "lady?", "rooms", "room", "The lady or the tiger"),
}


# ----------------------------------------------------------------------------- drawing

_OPS = ("not", "and", "or", "implies", "iff")
#: a claim's denial said plainly (the rich grammar): "is not", "of different types", "sign II
#: is wrong" (not "it is not the case that sign II is right")
_PLAIN_NOT = {"is": "isnot", "same": "differ", "differ": "same", "true": "false", "false": "true"}
_XIE = {"not": "not", "and": "and", "or": "or", "implies": "->", "iff": "<=>"}


#: the connectives drawn for fiendish werewolves: "if and only if" ties a werewolf fact to a
#: type so that following single statements stalls, which suppositions inside suppositions
#: need (seven times as many fiendish three-person puzzles as the even draw of _OPS); the
#: trials' hard levels draw them too ("Sign III is wrong if and only if sign I is right": a
#: four-room tricky trial in 2,900 candidates against 49,000 with _OPS, median of 4 seeds)
_STALLING = ("iff", "iff", "not", "implies")


def _draw(fam: Family, rng: random.Random, ents: list[str], me: str, depth: int,
          width: int, share: float = 0.0, ops: tuple[str, ...] = _OPS,
          distinct: bool = False) -> Any:
    """One statement; `distinct`: no compound of one claim twice, or of a claim and its
    denial (:func:`_same_claim`; the hard trials)."""
    if depth <= 1 or rng.random() < 0.35:
        return fam.atom(rng, ents, me, share)
    op = rng.choice(ops)
    if op == "not":
        inner = _draw(fam, rng, ents, me, depth - 1, width, share, ops, distinct)
        if share and inner[0] in _PLAIN_NOT:  # "Ann is not a knight", not "It is not the
            return [_PLAIN_NOT[inner[0]], *inner[1:]]  # case that Ann is a knight"
        return inner if inner[0] == "not" else ["not", inner]
    parts: list[Any] = []
    for _ in range(2 if op in ("implies", "iff") else rng.randint(2, width)):
        part = _draw(fam, rng, ents, me, depth - 1, width, share, ops, distinct)
        for _try in range(SAME_TRIES if distinct else 0):  # "if sign II is right then
            if not any(_same_claim(part, q) for q in parts):  # sign II is wrong"
                break
            part = _draw(fam, rng, ents, me, depth - 1, width, share, ops, distinct)
        parts.append(part)
    return [op, *parts]


#: draws of a compound's part that may say again (or deny) a part before it (a part says
#: one of a few claims at four rooms: one draw in five repeats one)
SAME_TRIES = 50


def _same_claim(f: Any, g: Any) -> bool:
    """f and g are one claim or a claim and its denial, word for word ("Sign II is right",
    "Sign II is wrong"): a compound of the two reads oddly, or says nothing."""
    def bare(h: Any) -> Any:
        while h[0] == "not":
            h = h[1]
        return [_DENIED.get(h[0], h[0]), *h[1:]]
    return bool(bare(f) == bare(g))


#: a plain denial's claim ("is not" -> "is"), so :func:`_same_claim` reads both alike
_DENIED = {"isnot": "is", "false": "true", "differ": "same"}


def _selfish(f: Any, me: str) -> Any:
    """The formula as its speaker says it: their own name is "self" ("I am a knave")."""
    if isinstance(f, list):
        return [_selfish(g, me) for g in f]
    if isinstance(f, dict):
        return {k: _selfish(v, me) for k, v in f.items()}
    return "self" if f == me else f


def _xie(fam: Family, f: Any, ents: list[str]) -> Any | None:
    if f[0] in _XIE:
        parts = [_xie(fam, g, ents) for g in f[1:]]
        return None if any(p is None for p in parts) else (_XIE[f[0]], *parts)
    return fam.tuple_of(f, ents)


def _share(settings: IslandSettings) -> float:
    if settings.grammar != "rich":
        return 0.0
    return HARD_SHARE if settings.difficulty in ("tricky", "fiendish") else RICH_SHARE


def _either_way(rng: random.Random, ents: list[str]) -> list[Any]:
    """Knights-and-knaves statements for a case split whose cases agree: most people speak of
    whether two others are alike (a claim no single supposition settles), below
    :data:`LIKENESS_FROM` people of how many are knights or knaves too, and one pair says
    "B is a knight" / "A and C are of different types", so C's type is the same whatever A
    is. Found by trying each type for A, not by supposing and failing."""
    says: list[Any] = []
    for e in ents:
        if len(ents) < LIKENESS_FROM:  # the others need counts as well as likeness
            says.append(_rich_atom(rng, ents, e, "type", ("knight", "knave")))
        elif rng.random() < 0.15:
            says.append(["is", rng.choice([x for x in ents if x != e]), "type",
                         rng.choice(("knight", "knave"))])
        else:
            x, y = rng.sample(ents, 2)
            says.append([rng.choice(("same", "differ")), x, y, "type"])
    return _either_way_pair(rng, ents, says)


def _either_way_pair(rng: random.Random, ents: list[str], says: list[Any]) -> list[Any]:
    """`says` with one pair of them replaced by an either-way pair: "A: B is a knight", "B:
    A and C are of different types" (C's type is the same whatever A is)."""
    a, b, c = rng.sample(ents, 3)
    says[ents.index(a)] = ["is", b, "type", rng.choice(("knight", "knave"))]
    says[ents.index(b)] = [rng.choice(("same", "differ")), a, c, "type"]
    return says


def _pair_in(ents: list[str], says: list[Any]) -> set[int]:
    """The speakers (indices) of an either-way pair in `says` ("A: B is a knight", "B: A and
    C are of different types"), the first found; none when there is none."""
    for i, f in enumerate(says):
        if f[0] == "is" and f[2] == "type" and f[1] in ents and f[1] != ents[i]:
            j = ents.index(f[1])
            g = says[j]
            if g[0] in ("same", "differ") and ents[i] in g[1:3] and ents[j] not in g[1:3]:
                return {i, j}
    return set()


def _says(settings: IslandSettings, rng: random.Random, second: float = 0.0
          ) -> tuple[list[str], list[Any]]:
    """The entities and what each says, in their names (not yet "self"). `second`: the share
    of planted rings given a second ring (:func:`_either_way_ring`; 0 for
    :data:`SECOND_RING_SHARE`)."""
    fam = FAMILIES[settings.family]
    ents = fam.entities(settings.size)
    share = _share(settings)
    if fam.key == "knights-knaves" and settings.difficulty == "tricky" and share:
        return ents, _either_way(rng, ents)
    stalls = (fam.key == "werewolves" and settings.difficulty == "fiendish"
              or fam.key == "lady-tiger" and share >= HARD_SHARE)
    ops = _STALLING if stalls else _OPS
    distinct = _distinct(settings)
    says = [_draw(fam, rng, ents, e, settings.depth, settings.width, share, ops, distinct)
            for e in ents]
    if (distinct and settings.depth >= 2 and settings.difficulty == "tricky"
            and len(ents) >= EITHER_WAY_FROM and rng.random() < EITHER_WAY_SHARE):
        _either_way_ring(fam, rng, ents, says, share, second or SECOND_RING_SHARE)
    elif distinct and settings.depth >= 2 and not _ringed(says) and rng.random() < RING_SHARE:
        _ring_of_two(rng, ents, says)
    if (fam.key == "werewolves" and settings.difficulty == "tricky" and share
            and settings.size >= WOLF_PAIR_FROM):
        return ents, _either_way_pair(rng, ents, says)
    return ents, says


#: the share of hard trials' draws given a ring of two signs when they have none
#: (:func:`_ring_of_two`): every tricky four-room trial drawn so far turns on a ring (none of
#: 299 candidates without one, with one answer and no needless sign, was tricky: seed 1)
RING_SHARE = 0.9


#: from this many rooms, the share of tricky trials' draws planted with a ring that settles a
#: claim either way (:func:`_either_way_ring`); the others draw a ring of two as before
EITHER_WAY_FROM, EITHER_WAY_SHARE = 4, 0.6
#: the share of those rings whose settled claim is another sign's truth ("Sign III is
#: wrong"), not a room's content or a count
EITHER_WAY_SIGN = 0.8
#: the share of those draws given a second ring of two among the other signs: the pack's
#: shape rule takes one shape in half a pack at most, and the planted ring alone is one shape
#: ("ring of 2: claim, iff": seeds 1 and 2 gave up at 5 and 6 of 8 with four of it and one or
#: two of two rings)
SECOND_RING_SHARE = 0.5


def _either_way_ring(fam: Family, rng: random.Random, ents: list[str], says: list[Any],
                     share: float, second: float = SECOND_RING_SHARE) -> None:
    """Signs planted to settle a claim either way, the shape of every tricky four-room trial
    drawn before (tools/trial_census.py): sign a says "X if and only if sign b is right (or
    wrong)", and sign b says "Sign a is right (wrong)". Sign b's truth follows sign a's, so
    whether sign a is right or wrong X holds (or, for one parity, fails): a split on a sign
    in a ring whose two cases agree, tricky's technique, when no single supposition settles
    X first. X is another sign's truth or a claim of the hard draw (a room, a count), never
    where the lady is ("The lady is in room IV" settled so gives the answer and leaves every
    sign wasted: 327 of 6,000 candidates of seed 4 were tricky so). One draw in
    `second` (:data:`SECOND_RING_SHARE`) makes the other two signs a ring of their own too. Whether the
    candidate is well posed and tricky is the filters' and the grader's to say, as for any
    draw."""
    a, b = rng.sample(range(len(says)), 2)
    outside = [i for i in range(len(says)) if i not in (a, b)]
    if rng.random() < EITHER_WAY_SIGN:
        x = [rng.choice(("true", "false")), f"s{rng.choice(outside) + 1}"]
    else:  # a room or a count: a share below HARD_SHARE draws no sign
        x = fam.atom(rng, ents, ents[a], share * 0.99)
        for _try in range(SAME_TRIES):
            if x[-1] != "lady":
                break
            x = fam.atom(rng, ents, ents[a], share * 0.99)
    says[b] = [rng.choice(("true", "false")), f"s{a + 1}"]
    ref = [rng.choice(("true", "false")), f"s{b + 1}"]
    says[a] = ["iff", x, ref] if rng.random() < 0.5 else ["iff", ref, x]
    if len(outside) >= 2 and rng.random() < second:
        _ring_of_two(rng, ents, says, rng.sample(outside, 2))


def _ring_of_two(rng: random.Random, ents: list[str], says: list[Any],
                 pair: list[int] | None = None) -> None:
    """Two signs (`pair`, or two drawn) made to speak of each other: in each, one claim (a
    leaf, or the whole sign) becomes "Sign k is right (wrong)" of the other, where it joins
    no part that says it already (:func:`_same_claim`)."""
    i, j = pair or rng.sample(range(len(says)), 2)
    for a, b in ((i, j), (j, i)):
        leaves = list(_leaves(says[a], ()))
        rng.shuffle(leaves)
        for path in leaves:
            new = [rng.choice(("true", "false")), f"s{b + 1}"]
            if _set_leaf(says, a, path, new):
                break


def _leaves(f: Any, path: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """The paths to f's claims (not through a denial's plain form)."""
    if f[0] in _OPS:
        for k, g in enumerate(f[1:], 1):
            yield from _leaves(g, (*path, k))
    else:
        yield path


def _set_leaf(says: list[Any], a: int, path: tuple[int, ...], new: Any) -> bool:
    """says[a] with the claim at `path` replaced by `new`, unless a compound would then join
    `new` to a part that says it (or its denial) already; whether it was replaced."""
    if not path:
        says[a] = new
        return True
    parent = says[a]
    for k in path[:-1]:
        parent = parent[k]
    if parent[0] == "not":
        return False  # "not (sign k is right)": said plainly as "sign k is wrong" instead
    if any(_same_claim(new, q) for n, q in enumerate(parent[1:], 1) if n != path[-1]):
        return False
    parent[path[-1]] = new
    return True


def _distinct(settings: IslandSettings) -> bool:
    """The draw keeps a compound's parts distinct claims (:func:`_draw`): the hard trials."""
    return settings.family == "lady-tiger" and _share(settings) >= HARD_SHARE


def _drawn(settings: IslandSettings, rng: random.Random, screen: _Screen, second: float = 0.0
           ) -> tuple[list[str], list[Any], WorldPuzzle]:
    """A candidate's entities, statements (in names) and shell, drawn as the settings ask:
    meaning first (two werewolf islanders' hard levels), steered (large trials) or plain."""
    fam = FAMILIES[settings.family]
    hard = _share(settings) >= HARD_SHARE
    if (screen.shared and settings.size <= fam.by_meaning_upto
            and settings.difficulty in ("tricky", "fiendish")):
        ents = fam.entities(settings.size)
        shell = fam.shell(ents, [], rng, hard)
        return ents, screen.by_meaning(settings, rng, shell, ents), shell
    if screen.shared and fam.steer_from and settings.size >= fam.steer_from and not hard:
        ents = fam.entities(settings.size)
        shell = fam.shell(ents, [], rng, hard)
        return ents, screen.steer(settings, rng, shell, ents), shell
    ents, says = _says(settings, rng, second)
    return ents, says, fam.shell(ents, [], rng, hard)


def _ids(count: int) -> list[str]:
    """The statements' ids: s1, s2, ... (a sign about another sign names it so)."""
    return [f"s{i + 1}" for i in range(count)]


def _statements(ents: list[str], says: list[Any]) -> list[WorldStatement]:
    return [WorldStatement(id=sid, by=e, says=speaker_last(_selfish(f, e)))
            for sid, e, f in zip(_ids(len(says)), ents, says)]


def _tuples(fam: Family, ents: list[str], says: list[Any]) -> Any:
    tuples = tuple(_xie(fam, f, ents) for f in says)
    return None if None in tuples else tuples


def _assemble(fam: Family, ents: list[str], says: list[Any], shell: WorldPuzzle
              ) -> tuple[WorldPuzzle, Any]:
    return (shell.replace(statements=tuple(_statements(ents, says))),
            _tuples(fam, ents, says))


def candidate(settings: IslandSettings, rng: random.Random) -> tuple[WorldPuzzle, Any]:
    fam = FAMILIES[settings.family]
    ents, says = _says(settings, rng)
    shell = fam.shell(ents, _statements(ents, says), rng, _share(settings) >= HARD_SHARE)
    return shell, _tuples(fam, ents, says)


class _Screen:
    """A quick look at a candidate before the full check, when a level is asked for. When
    `shared`, one Evaluation serves every candidate (they share entities, attributes and the
    exact count of the promises) and each part of a statement is read once
    (formulas.meaning_memo); else (a sign that speaks of another sign needs that sign in the
    puzzle) each candidate gets its own, once instead of twice. The grader runs on those
    masks. A candidate that is not consistent, has more than one answer, or grades to another
    level is dropped here; the rest go through the full check, which decides. Exact: the
    grader reads the same masks either way."""

    def __init__(self, level: str | None, shared: bool, allow_wasted: bool = True,
                 allow_trivial: bool = True):
        self.level = level
        self.shared = shared
        #: when shared and the trivial filter is on, a statement true (or false) in every
        #: world the promises allow drops the candidate here already (_constant's first
        #: judgement; families whose statements never speak of another's: Family.signs)
        self.allow_trivial = allow_trivial
        #: the promises' constraints -> the worlds they allow, over the shared Evaluation
        self.allowed: dict[Any, int] = {}
        #: when shared and the wasted filter is on, a statement the others make needless
        #: drops the candidate here already (the same judgement as _wasted's)
        self.allow_wasted = allow_wasted
        #: meaning -> its wording, for :meth:`by_meaning` (built at its first use)
        self.wordings: dict[int, Any] | None = None
        #: shell -> (the shell, each speaker's meanings :meth:`by_meaning` draws among)
        self.singles: dict[int, tuple[WorldPuzzle, list[list[tuple[int, int]]]]] = {}
        self.ev: Evaluation | None = None
        self.memo: dict[str, int] = {}
        #: the worlds of each answer met first (at most FEW_ANSWERS), then a world (its bit)
        #: -> the worlds of its answer, over the shared Evaluation
        self.answers: list[int] = []
        self.alike: dict[int, int] = {}
        #: shell -> its solver without statements, over the shared Evaluation: a
        #: candidate's is that one :meth:`~Solver.saying` its statements (building the
        #: shell's part anew was a third of the quick look's work at 12 werewolves)
        self.solvers: dict[int, tuple[WorldPuzzle, Solver]] = {}
        #: the last candidate's grade, when it had one answer and no needless statement
        #: (what :class:`_Walk` steers by); None otherwise
        self.graded: Grade | None = None

    def steer(self, settings: IslandSettings, rng: random.Random, shell: WorldPuzzle,
              ents: list[str]) -> list[Any]:
        """Statements drawn one speaker at a time, each the one of :data:`STEER_TRIES` draws
        that leaves the fewest answers with the statements before it (a draw that leaves no
        world is passed over): a large trial's signs each rule rooms out. Every filter still
        runs afterwards; only the draw is steered."""
        fam = FAMILIES[settings.family]
        if self.ev is None:
            self.ev = Evaluation(shell)
        ev, scope = self.ev, shell.scope()
        solver = self._solver(shell)
        worlds = ev.full
        for m in solver.masks:
            worlds &= m
        answers = fam.answer_atoms(ev, ents)
        share = _share(settings)
        says = []
        for e in ents:
            best: tuple[int, Any, int] | None = None
            for _try in range(STEER_TRIES):
                f = _draw(fam, rng, ents, e, settings.depth, settings.width, share)
                left = worlds & solver.obeys(e, meaning_memo(f, scope, ev.alg, self.memo))
                if not left:
                    continue
                open_ = sum(1 for a in answers if left & a)
                if best is None or open_ < best[0]:
                    best = (open_, f, left)
            if best is None:  # every draw contradicted the signs before: keep the last
                says.append(f)
                continue
            says.append(best[1])
            worlds = best[2]
        return says

    def by_meaning(self, settings: IslandSettings, rng: random.Random, shell: WorldPuzzle,
                   ents: list[str]) -> list[Any]:
        """Statements drawn meaning first: each speaker's meaning (the worlds where it holds)
        uniformly among those a statement within the depth and width can have, then said in
        the fewest claims that mean it (:func:`_wordings`). For few worlds only.

        Among the meanings that can pass the quick look (:meth:`_singles`), drawn again, up
        to :data:`MEANING_TRIES` times, until together they may pass it (:meth:`_may_pass`:
        one answer, no needless statement): the quick look would drop every other draw, so
        this draws what it passes as often as before, only without the misses. Two werewolf
        islanders within --depth 3: 32 of the 196,608 triples (promise, two meanings) pass
        the quick look, about one draw in 6,000, and a pack of 10 tricky ones gave up at 0;
        28,476 triples pass these cheap checks."""
        if self.ev is None:
            self.ev = Evaluation(shell)
        if self.wordings is None:
            self.wordings = _wordings(FAMILIES[settings.family], ents, self.ev, shell,
                                      settings.depth, settings.width, self.memo)
        table = self.wordings
        singles = self.singles.get(id(shell))
        if singles is None or singles[0] is not shell:
            singles = self.singles[id(shell)] = (shell, self._singles(shell, ents, sorted(table)))
        each = singles[1]
        if not all(each):  # no statement of some speaker can pass: any, the quick look drops it
            return [table[rng.choice(sorted(table))] for _e in ents]
        for _try in range(MEANING_TRIES):
            picked = [rng.choice(own) for own in each]
            if self._may_pass([w for _m, w in picked]):
                break
        return [table[m] for m, _w in picked]

    def _singles(self, shell: WorldPuzzle, ents: list[str], meanings: list[int]
                 ) -> list[list[tuple[int, int]]]:
        """Each speaker's meanings that can pass the quick look in some puzzle under the
        shell's promises, with the worlds each leaves alone: not true (or false) in every
        world the promises allow, with the trivial filter on; leaving a world, and (with the
        wasted filter on) more than one answer, else the others' statements are needless."""
        assert self.ev is not None
        ev = self.ev
        base = self._solver(shell)
        allowed = self._allowed(shell)
        promised = ev.full
        for m in base.masks:
            promised &= m
        each = []
        for e in ents:
            own = []
            for m in meanings:
                if not self.allow_trivial and m & allowed in (0, allowed):
                    continue
                w = base.obeys(e, m) & promised
                if w and (self.allow_wasted or not self._one_answer(ev, w)):
                    own.append((m, w))
            each.append(own)
        return each

    def _may_pass(self, worlds: list[int]) -> bool:
        """Statements leaving these worlds each (under the promises) leave one answer
        together, and (with the wasted filter on) none of them can go: what the quick look
        reads first, cheaply, off the masks."""
        assert self.ev is not None
        ev = self.ev
        together = ev.full
        for w in worlds:
            together &= w
        if not together or not self._one_answer(ev, together):
            return False
        # two: each alone leaves more than one answer already (_singles)
        return self.allow_wasted or len(worlds) <= 2 or not self._needless_in(
            ev, worlds, len(worlds))

    def passes(self, shell: WorldPuzzle, ents: list[str], says: list[Any], signs: bool = True
               ) -> bool:
        """`signs`: a statement may speak of another (:attr:`Family.signs`)."""
        if self.ev is None:
            self.ev = Evaluation(shell)
        ev, scope = self.ev, shell.scope()
        try:
            plain = _unfolded(says) if signs else says
        except _Loop:  # signs that speak of each other in a ring: the full check
            return self.passes_whole(shell.replace(statements=tuple(_statements(ents, says))))
        said = [(e, meaning_memo(f, scope, ev.alg, self.memo)) for e, f in zip(ents, plain)]
        if not self.allow_trivial:
            allowed = self._allowed(shell)
            if any(t & allowed in (0, allowed) for _e, t in said) or signs and any(
                    _odd_part(lambda g: meaning_memo(g, scope, ev.alg, self.memo) & allowed,
                              f, allowed) for f in plain):
                self.graded = None
                return False  # a trivial statement or an odd part: the full check drops it too
        base = self._solver(shell)
        worlds = ev.full  # the worlds the solver's masks leave: most candidates stop here
        for m in base.masks:
            worlds &= m
        for e, t in said:
            worlds &= base.obeys(e, t)
            if not worlds:
                break
        if not worlds or not self._one_answer(ev, worlds):
            self.graded = None
            return False  # no world, or worlds of more than one answer (as _judge says)
        ids = _ids(len(says))  # truth cells as in the puzzle
        return self._judge(base.saying(said, ids, _spoken_of(says) if signs else ()),
                           0 if self.allow_wasted else len(said))

    def distance(self, shell: WorldPuzzle, ents: list[str], says: list[Any], fam: Family
                 ) -> tuple[int, int, float] | None:
        """How far a candidate the quick look dropped is from the pool (one answer, no
        needless statement), larger nearer: (minus the answers left, minus the statements
        that can go with one answer left, 0); None when it leaves no world or (with the
        trivial filter on) a statement is true or false whatever happens. The answers are
        `fam`'s (:meth:`Family.answer_atoms`). Islanders' statements only (no statement
        speaks of another). For :class:`_WideWalk`."""
        assert self.ev is not None
        ev, scope = self.ev, shell.scope()
        answers = fam.answer_atoms(ev, ents)
        base = self._solver(shell)
        allowed = self._allowed(shell)
        said = [(e, meaning_memo(f, scope, ev.alg, self.memo)) for e, f in zip(ents, says)]
        if not self.allow_trivial and any(t & allowed in (0, allowed) for _e, t in said):
            return None
        obeys = [base.obeys(e, t) for e, t in said]
        worlds = ev.full
        for m in base.masks:
            worlds &= m
        promised = worlds
        for m in obeys:
            worlds &= m
        if not worlds:
            return None
        left = sum(1 for a in answers if worlds & a)
        if left > 1 or self.allow_wasted:
            return (-left, 0, 0.0)
        needless = 0
        for i in range(len(obeys)):
            rest = promised
            for j, m in enumerate(obeys):
                if j != i:
                    rest &= m
            needless += sum(1 for a in answers if rest & a) == 1
        return (-1, -needless, 0.0)

    def _solver(self, shell: WorldPuzzle) -> Solver:
        """The shell's solver without statements, over the shared Evaluation (kept)."""
        kept = self.solvers.get(id(shell))
        if kept is None or kept[0] is not shell:
            assert self.ev is not None
            if len(self.solvers) >= 64:  # shells drawn afresh (the trials' rules): a few kept
                self.solvers.clear()
            kept = self.solvers[id(shell)] = (shell, Solver(shell, self.ev, [], self.memo))
        return kept[1]

    def _allowed(self, shell: WorldPuzzle) -> int:
        """The worlds the shell's promises allow (before the speakers' modes)."""
        key = shell.constraints
        if key not in self.allowed:
            ev, scope = self.ev, shell.scope()
            assert ev is not None
            allowed = ev.full
            for c in shell.constraints:
                allowed &= meaning_memo(thaw(c), scope, ev.alg, self.memo)
            self.allowed[key] = allowed
        return self.allowed[key]

    def _needless(self, solver: Solver, count: int) -> bool:
        """One of the first `count` constraints (the statements) can go with one answer
        left: it is wasted."""
        return self._needless_in(solver.ev, solver.masks, count)

    def _needless_in(self, ev: Evaluation, masks: list[int], count: int) -> bool:
        """One of the first `count` of `masks` can go with one answer left (the rest of
        `masks` stay)."""
        for i in range(count):
            rest = ev.full
            for j, m in enumerate(masks):
                if j != i:
                    rest &= m
            if rest and self._one_answer(ev, rest):
                return True
        return False

    def _one_answer(self, ev: Evaluation, worlds: int) -> bool:
        """Every world in `worlds` (not none) has one answer: the answer of the lowest
        world holds them all. As ``len(ev.answers(worlds, 2)) == 1``, with the worlds of one
        answer kept per lowest world when `ev` is the shared Evaluation (most candidates
        fail here: reading an answer off a world again was a fifth of the work)."""
        if not worlds & (worlds - 1):
            return True
        low = worlds & -worlds
        alike = None
        if ev is self.ev:
            # the answers' worlds part the worlds: the one that holds the lowest world is its
            # answer's (few answers, as werewolves' 12, are looked through first)
            alike = next((m for m in self.answers if m & low), None) or self.alike.get(low)
        if alike is None:
            alike = ev.answer_mask(ev.answers(low, 1)[0])
            if ev is self.ev:
                if len(self.answers) < FEW_ANSWERS:
                    self.answers.append(alike)
                else:
                    self.alike[low] = alike
        return not worlds & ~alike

    def passes_whole(self, puzzle: WorldPuzzle) -> bool:
        """The quick look with the puzzle's own Evaluation (signs that speak of each other in
        a ring); when the wasted filter is on, a wasted sign drops the candidate here already,
        judged as :func:`_wasted` judges it (:meth:`_needless_whole`)."""
        solver = Solver(puzzle)
        if not self._judge(solver):
            return False
        if not self.allow_trivial and _constant(puzzle):
            self.graded = None
            return False
        if not self.allow_wasted and self._needless_whole(solver):
            return False  # self.graded kept: a walk may mend the wasted sign
        return True

    def _needless_whole(self, solver: Solver) -> bool:
        """Some statement of the solver's puzzle can go with one answer left, as
        :func:`_wasted` says, read off the solver's masks: a sign another sign speaks of stays
        with its rule lifted (its truth still what it says: in a ring, the fixed-point part
        of its mask), any other is left out (its whole mask)."""
        return next(self.needless_signs(solver), None) is not None

    def needless_signs(self, solver: Solver) -> Iterator[int]:
        """The statements (indices) of the solver's puzzle that can go with one answer left,
        as :meth:`_needless_whole` judges them."""
        puzzle, ev, masks = solver.puzzle, solver.ev, solver.masks
        read = set().union(*(_mentions(s.says) for s in puzzle.statements
                             if s.says is not None))
        for i, s in enumerate(puzzle.statements):
            rest = ev.full
            for j, m in enumerate(masks):
                if j != i:
                    rest &= m
            if s.id in read and s.id in ev.loops:
                rest &= ~(ev.truth(s.id) ^ ev.said_mask(s)) & ev.full
            if rest and self._one_answer(ev, rest):
                yield i

    def _judge(self, solver: Solver, statements: int = 0) -> bool:
        """`statements`: how many of the solver's first constraints are statements to check
        for waste (0: none)."""
        ev = solver.ev
        worlds = ev.full
        for m in solver.masks:
            worlds &= m
        self.graded = None
        if not worlds or not self._one_answer(ev, worlds):
            return False  # no world, or worlds of more than one answer
        if statements and self._needless(solver, statements):
            return False
        if self.level is None:
            return True  # any level: the full check grades it
        # graded only as far as the level asked for (the rest of a harder grade decides
        # nothing here; the full check grades a candidate of the level in full)
        graded = grade_within(solver, upto=self.level)
        if graded is None:
            return True  # too large to grade here: the full check counts it as too large
        self.graded = graded
        return graded.solved and graded.level == self.level


def _wordings(fam: Family, ents: list[str], ev: Evaluation, shell: WorldPuzzle, depth: int,
              width: int, memo: dict[str, int]) -> dict[int, Any]:
    """meaning (a mask over `ev`'s worlds) -> a statement of the fewest claims with that
    meaning among those :func:`_draw` can make at `depth` and `width` (a denial takes a level,
    said plainly where it can be: "is not", "of different types")."""
    scope = shell.scope()
    best: dict[int, tuple[Any, int]] = {}
    everything = 1 << ev.size

    def add(f: Any, size: int) -> None:
        m = meaning_memo(f, scope, ev.alg, memo)
        if m not in best or best[m][1] > size:
            best[m] = (f, size)

    for a in fam.every_atom(ents):
        add(a, 1)
    for _level in range(depth - 1):
        if len(best) == everything:
            break  # every meaning is said already
        known = list(best.values())
        for f, n in known:
            add([_PLAIN_NOT[f[0]], *f[1:]] if f[0] in _PLAIN_NOT else
                f[1] if f[0] == "not" else ["not", f], n)
        for parts in range(2, width + 1):
            if len(best) == everything:
                break
            for combo in product(known, repeat=parts):
                fs = [f for f, _n in combo]
                size = sum(n for _f, n in combo)
                for op in ("and", "or") if parts > 2 else _TWO_PART:
                    add([op, *fs], size)
    return {m: f for m, (f, _n) in best.items()}


#: the connectives of two parts
_TWO_PART = ("and", "or", "implies", "iff")


class _Loop(Exception):
    """Signs that speak of each other in a ring."""


def _spoken_of(says: list[Any]) -> set[str]:
    """The ids of the signs ("sk", as :func:`_statements` names them) another sign speaks
    of ("Sign k is right")."""
    found: set[str] = set()

    def walk(f: Any) -> None:
        if isinstance(f, list):
            if len(f) == 2 and f[0] in ("true", "false") and isinstance(f[1], str):
                found.add(f[1])
            for g in f:
                walk(g)

    for f in says:
        walk(f)
    return found & {f"s{i + 1}" for i in range(len(says))}


def _unfolded(says: list[Any]) -> list[Any]:
    """Each statement with "sign k is right (wrong)" replaced by what sign k says (or its
    denial), sign k being the k-th statement (id "sk", as :func:`_statements` names them):
    the worlds where a sign is right are those where what it says holds, so a quick look
    needs no sign in the puzzle. Raises _Loop for a ring of signs."""
    ids = {f"s{i + 1}": i for i in range(len(says))}

    def unfold(f: Any, seen: frozenset[int]) -> Any:
        if not isinstance(f, list):
            return f
        if len(f) == 2 and f[0] in ("true", "false") and f[1] in ids:
            j = ids[f[1]]
            if j in seen:
                raise _Loop
            inner = unfold(says[j], seen | {j})
            return inner if f[0] == "true" else ["not", inner]
        return [unfold(g, seen) for g in f]

    return [unfold(f, frozenset({i})) for i, f in enumerate(says)]


def _ringed(says: list[Any]) -> bool:
    """Some signs speak of each other in a ring."""
    try:
        _unfolded(says)
    except _Loop:
        return True
    return False


# ----------------------------------------------------------------------------- the walk

#: family -> level -> the fewest people from which a level asked for is searched by
#: :class:`_Walk` (below it, plain draws make a pack of 10 in seconds, and stay as they
#: were). Gentle only: a walk uphill on the grade's score for tricky overshot to fiendish
#: (werewolves 8, 2 puzzles: 4.9 CPU s walking, 1.1 drawing), and for fiendish it gained
#: nothing (werewolves 12, 2 puzzles: 2.1 and 1.7 CPU s): docs/benchmarks.md, "Packs of one
#: level"
WALK_FROM = {"werewolves": {"gentle": 7}}
#: steps without a nearer candidate before the walk starts afresh
STALL = 30


def _walks(settings: IslandSettings) -> bool:
    """The level asked for is searched by the walk at this size (:data:`WALK_FROM`)."""
    fam = FAMILIES[settings.family]
    start = WALK_FROM.get(settings.family, {}).get(settings.difficulty or "", 99)
    return settings.size >= start and settings.size > fam.by_meaning_upto


def _nearness(graded: Grade) -> float:
    """How near a graded candidate (one answer, no needless statement) comes to gentle, read
    off the grader's partial result: the facts found by settling and following before the
    first supposition (gentle when no supposition is needed at all)."""
    lead = 0
    for step in graded.steps:
        if TECHNIQUES.get(step.technique, ("",))[0] != "gentle":
            break
        lead += len(step.found)
    return float(lead)


class _Walk:
    """The islanders' walk uphill, as the casket generator's fiendish walk
    (generator.families.Walk): where gentle is rare among random draws (many werewolves),
    each step draws one speaker's statement again and moves there when the candidate has one
    answer and no needless statement and comes as near to gentle or nearer
    (:func:`_nearness`); after :data:`STALL` steps without a nearer one, or a candidate of
    the level, it starts afresh from a plain draw. Every step is a candidate of its own: the
    quick look and the full check decide as for any other, so a puzzle is kept only when the
    grader rates it so in full."""

    def __init__(self) -> None:
        self.says: list[Any] | None = None
        self.ents: list[str] = []
        self.shell: WorldPuzzle | None = None
        self.near = -1.0
        self.stall = 0

    def next(self, settings: IslandSettings, rng: random.Random
             ) -> tuple[list[str], list[Any], WorldPuzzle]:
        """The walk's place with one speaker's statement drawn again."""
        assert self.says is not None and self.shell is not None
        return self._redrawn(settings, rng, self.speaker(rng, self.says))

    def _redrawn(self, settings: IslandSettings, rng: random.Random, i: int
                 ) -> tuple[list[str], list[Any], WorldPuzzle]:
        """The walk's place with sign (statement) i drawn again."""
        assert self.says is not None and self.shell is not None
        says = list(self.says)
        stalls = settings.family == "lady-tiger" and _distinct(settings)
        says[i] = _draw(FAMILIES[settings.family], rng, self.ents, self.ents[i], settings.depth,
                        settings.width, _share(settings), _STALLING if stalls else _OPS,
                        _distinct(settings))
        return self.ents, says, self.shell

    def speaker(self, rng: random.Random, says: list[Any]) -> int:
        """Whose statement the next step draws again."""
        return rng.randrange(len(says))

    #: steps without a nearer candidate before the walk starts afresh
    stall_limit: ClassVar[int] = STALL

    def step(self) -> None:
        self.stall += 1
        if self.stall > self.stall_limit:
            self.restart()

    def offer(self, ents: list[str], says: list[Any], shell: WorldPuzzle, graded: Grade
              ) -> None:
        near = _nearness(graded)
        if self._move(ents, says, shell, near < self.near, near > self.near):
            self.near = near

    def _move(self, ents: list[str], says: list[Any], shell: WorldPuzzle, farther: bool,
              nearer: bool) -> bool:
        """Move to the candidate unless it is `farther` than the walk's place (anywhere when
        the walk has none), the stall counted afresh when it is `nearer` or the first place;
        whether the walk moved (its caller then keeps how near the place is)."""
        if self.says is not None and farther:
            return False
        if self.says is None or nearer:
            self.stall = 0
        self.ents, self.says, self.shell = ents, says, shell
        return True

    def restart(self) -> None:
        self.says, self.shell, self.near, self.stall = None, None, -1.0, 0

    def found(self, ents: list[str], says: list[Any], shell: WorldPuzzle,
              graded: Grade | None) -> None:
        """A candidate of the level passed the quick look: the walk starts afresh."""
        self.restart()


#: family -> level -> the fewest people from which the level is searched by
#: :class:`_WideWalk` instead of :class:`_Walk` (below it, the walk's packs stay as they were)
WIDE_WALK_FROM = {"werewolves": {"gentle": 9, "tricky": 6}}
#: steps without a nearer candidate before the wide walk starts afresh (30 found a gentle
#: 12-werewolf candidate in 13,000 steps, 300 in 1,900 and 1,000 in 2,100: seed 1)
WIDE_STALL = 300


class _WideWalk(_Walk):
    """The walk for werewolves gentle from :data:`WIDE_WALK_FROM` people. A census of plain
    draws at 12 people (5,000, seed 3): 31% hold a statement true or false whatever happens,
    13% leave no world, 51% leave two werewolves or more, 7% one werewolf with a needless
    statement, and 0.3% the pool (one answer, no needless statement), of which about one in
    50 is gentle. :class:`_Walk` moves only among the pool, so most of its steps were plain
    draws. This walk moves over every candidate with a world and no constant statement, by
    its distance (:meth:`_Screen.distance`: fewer werewolves left, then fewer needless
    statements, then nearer to gentle), and reaches the pool and gentle in far fewer steps
    (a gentle candidate in 1,900 steps at 12 people, 800 at 9; seed 1).

    Tricky from 11 people too: there the pool is 1 draw in 5,000 (12 people, seed 3: 27%
    leave no world, 22% hold a constant statement, 12% a needless one), and a pack of 10 gave
    up at 8. The walk keeps the draw's either-way pair (:func:`_pair_in`) and draws the others
    again; within the pool it too moves nearer to gentle (moving sideways there, as
    :class:`_PoolWalk` does, made packs of 12 slower: 6.7-11.8 CPU s against 5.1-6.3, seeds
    1-4, under load). As :class:`_Walk`, every step is a candidate of its own, judged in
    full: a puzzle is kept only when the grader rates it at the level in full."""

    def __init__(self) -> None:
        super().__init__()
        self.distance: tuple[int, int, float] = (-99, -99, -1.0)

    def speaker(self, rng: random.Random, says: list[Any]) -> int:
        """Anyone's but an either-way pair's (:func:`_either_way_pair`: a tricky draw's
        core, kept as it was drawn)."""
        kept = _pair_in(self.ents, says)
        return rng.choice([i for i in range(len(says)) if i not in kept])

    stall_limit = WIDE_STALL

    def offer(self, ents: list[str], says: list[Any], shell: WorldPuzzle, graded: Grade
              ) -> None:
        self.offer_at(ents, says, shell, (-1, 0, _nearness(graded)))

    def offer_at(self, ents: list[str], says: list[Any], shell: WorldPuzzle,
                 distance: tuple[int, int, float] | None) -> None:
        """Move to the candidate when it is no farther (`distance`: as
        :meth:`_Screen.distance`, larger is nearer; None: never)."""
        if distance is not None and self._move(ents, says, shell, distance < self.distance,
                                               distance > self.distance):
            self.distance = distance

    def restart(self) -> None:
        super().restart()
        self.distance = (-99, -99, -1.0)


#: family -> the fewest rooms from which tricky and fiendish are searched by
#: :class:`_PoolWalk`
POOL_WALK_FROM = {"lady-tiger": 4}
#: steps a pool walk takes from one plain draw before it starts afresh
POOL_STEPS = 60
#: the share of a pool walk's steps that turn one room's rule instead of drawing a sign
FLIP_SHARE = 0.3
#: for tricky, the share of the sign draws that may draw a sign of a ring again (the others
#: draw a sign outside the rings, keeping the ring that settles a claim either way:
#: :func:`_either_way_ring`)
RING_REDRAW_SHARE = 0.2
#: the share of a tricky pool walk's restarts that go on from a trial the pack took
#: (:meth:`_PoolWalk.resume`), once the planted ring's shape is full
RESUME_SHARE = 0.5


class _PoolWalk(_Walk):
    """The hard trials' walk: at four rooms and more, tricky and fiendish trials are rare
    among plain draws (about 1 in 10,000 at four rooms, seed 1) but a few in a hundred among
    the candidates with one answer and no needless sign (the pool). The walk starts at a
    plain draw in the pool and steps by drawing one sign again; it moves to every step that
    stays in the pool (not only nearer ones: the grade's score does not lead to tricky), and
    starts afresh after :data:`POOL_STEPS` steps or a candidate of the level. As
    :class:`_Walk`, every step is a candidate of its own that the quick look and the full
    check judge as any other.

    For tricky (branch trials7): a candidate of the level with a wasted sign (the quick
    look drops it) is nearer the fewer wasted signs it has, and the walk there draws again
    a sign that is not wasted (:attr:`spare`); the pack tells the walk the rings of the
    shapes it is full of (:attr:`crowded`), and the walk moves to none of them. In seed 1's
    first 4,000 candidates the walk stood 1,647 steps at candidates of the level with a
    wasted sign, most with all four signs wasted, and found one trial."""

    def __init__(self, level: str) -> None:
        super().__init__()
        self.level = level
        #: at a candidate of the level with a wasted sign: the signs (indices) that can go
        #: with one answer left. Drawing one of them again never mends it (the others still
        #: leave one answer), so the walk draws another (:meth:`next`)
        self.spare: set[int] = set()
        self._look = _Screen(None, False)
        #: the rings (:func:`_ring_shape`) of a shape the pack holds as many of as it may:
        #: the walk moves to no candidate of them, and while the planted ring's is among
        #: them every planted draw gets a second ring (:func:`_screened`)
        self.crowded: set[str] = set()
        #: trials the pack took, as (entities, signs, shell, shape): once the planted ring's
        #: shape is crowded, a restart goes on from one whose shape is not full, one in
        #: :data:`RESUME_SHARE` (:meth:`resume`)
        self.seeds: list[tuple[list[str], list[Any], WorldPuzzle, str]] = []
        self.full: set[str] = set()

    def next(self, settings: IslandSettings, rng: random.Random
             ) -> tuple[list[str], list[Any], WorldPuzzle]:
        """A sign drawn again or, one step in :data:`FLIP_SHARE`, one room's rule turned
        (true with the lady and false with a tiger, or the reverse)."""
        assert self.says is not None and self.shell is not None
        if rng.random() >= FLIP_SHARE:
            ringed = {i for r in _rings(self.says) for i in r}
            free = [i for i in range(len(self.says)) if i not in ringed]
            if self.spare:
                mend = [i for i in free if i not in self.spare] or [
                    i for i in range(len(self.says)) if i not in self.spare]
                if mend:
                    return self._redrawn(settings, rng, rng.choice(mend))
            if self.level == "tricky" and free and rng.random() >= RING_REDRAW_SHARE:
                return self._redrawn(settings, rng, rng.choice(free))
            return super().next(settings, rng)
        shell = self.shell
        room = rng.choice(self.ents)
        own = {e: dict(m) for e, m in shell.mode_overrides.items()}
        if own.pop(room, None) is None:
            own[room] = dict(REVERSED)
        return self.ents, list(self.says), shell.replace(mode_overrides=own)

    def step(self) -> None:
        self.stall += 1
        if self.stall > POOL_STEPS:
            self.restart()

    def resume(self, rng: random.Random) -> bool:
        """Start afresh from a trial the pack took of a shape it is not full of (its
        neighbours two signs or rules away are often trials of that shape, and no near
        siblings of it); whether it did."""
        if _PLANTED not in self.crowded or rng.random() >= RESUME_SHARE:
            return False
        seeds = [seed for seed in self.seeds if seed[3] not in self.full]
        if not seeds:
            return False
        self.ents, self.says, self.shell, _shape = rng.choice(seeds)
        self.near, self.stall, self.spare = 1.0, 0, set()
        return True

    def restart(self) -> None:
        super().restart()
        self.spare = set()

    def found(self, ents: list[str], says: list[Any], shell: WorldPuzzle,
              graded: Grade | None) -> None:
        """For tricky, the walk goes on from a candidate of the level (its neighbours, one
        sign or one rule apart, are tricky far more often than a fresh draw:
        tools/trial_census.py), until :data:`POOL_STEPS` steps from where it started; for
        fiendish it starts afresh, as before."""
        if self.level != "tricky" or graded is None:
            self.restart()
            return
        self.offer(ents, says, shell, graded)

    def offer(self, ents: list[str], says: list[Any], shell: WorldPuzzle, graded: Grade
              ) -> None:
        if not _ringed(says):
            return  # no ring of signs: every such four-room trial grades gentle or steady
        if self.crowded and _ring_shape(says) in self.crowded:
            return  # the pack is full of its shape: a burst there is refused
        near = 1.0 if graded.level == self.level else 0.0
        if self.level == "tricky" and near < 1.0 and graded.solver is not None:
            # downhill on the suppositions that refute at the start: tricky has none left
            # where its case split comes (most steady trials open "suppose the lady is in
            # room I": tools/trial_census.py)
            left = refutable(graded.solver)
            near = -1.0 if left is None else -left / (left + 1)
        spare: set[int] = set()
        if near == 1.0 and graded.solver is not None:
            # a candidate of the level offered has a wasted sign: the fewer such signs, the
            # nearer (a walk that stayed at one with every sign wasted stalled there)
            spare = set(self._look.needless_signs(graded.solver))
            if spare:
                near = 1.0 - len(spare) / (len(says) + 1)
        if near < self.near:
            return  # at the level already: stay there
        stall = self.stall if self.says is not None and near == self.near else 0
        self.ents, self.says, self.shell, self.stall, self.near = ents, says, shell, stall, near
        self.spare = spare


# ----------------------------------------------------------------------------- filters

def _constant(puzzle: WorldPuzzle) -> bool:
    """Some statement says the same in every world the narrator's promises allow (before
    the speakers' modes): "If two rooms hold ladies then ..." where one room holds the lady.
    Islanders' statements (none speaks of another) are read over the shell's Evaluation,
    kept with a memo of the parts' meanings (:func:`_bare`); the trials' over their own."""
    from portia_tui.core.packs.island_pack import family_of

    family = FAMILIES.get(family_of(puzzle))
    signs = family is None or family.signs
    said = [_renamed(thaw(s.says), {"self": s.by}) for s in puzzle.statements
            if s.says is not None and s.by is not None]
    if signs or len(said) < len(puzzle.statements):
        return _constant_fresh(puzzle, signs)
    ev, allowed, memo = _bare(puzzle)
    scope = ev.puzzle.scope()
    if any(meaning_memo(f, scope, ev.alg, memo) & allowed in (0, allowed) for f in said):
        return True
    return any(_idle_part(ev, f, allowed, False, memo) for f in said)


def _constant_fresh(puzzle: WorldPuzzle, signs: bool) -> bool:
    """:func:`_constant` over a fresh Evaluation of the puzzle (the trials' signs, which may
    speak of each other; `signs`: judged as such)."""
    said = [_renamed(thaw(s.says), {"self": s.by}) for s in puzzle.statements
            if s.says is not None and s.by is not None]
    bare = puzzle.replace(speaker_attr=None, modes={})
    ev = Evaluation(bare)
    allowed = ev.full
    for c in bare.constraints:
        allowed &= ev.mask(c)
    if any(ev.truth(s.id) & allowed in (0, allowed) for s in bare.statements):
        return True
    return any(_idle_part(ev, f, allowed, signs) for f in said)


#: a shell's promises (entities, attributes, constraints) -> its Evaluation without
#: statements or modes, the worlds the promises allow, and the memo of parts' meanings
_BARE: dict[str, tuple[Evaluation, int, dict[str, int]]] = {}


def _bare(puzzle: WorldPuzzle) -> tuple[Evaluation, int, dict[str, int]]:
    """:func:`_constant`'s Evaluation for islanders, kept per shell: a statement that speaks
    of no other statement means the same worlds in it as in the puzzle without statements
    (a fresh Evaluation a candidate was most of the judgement's work)."""
    key = repr((puzzle.entities, puzzle.attributes, puzzle.constraints))
    kept = _BARE.get(key)
    if kept is None or len(kept[2]) > 100_000:
        if len(_BARE) >= 64:
            _BARE.clear()
        ev = Evaluation(puzzle.replace(speaker_attr=None, modes={}, statements=(),
                                       mode_overrides={}))
        allowed = ev.full
        for c in puzzle.constraints:
            allowed &= ev.mask(c)
        kept = _BARE[key] = (ev, allowed, {})
    return kept


def _idle_part(ev: Any, f: Any, allowed: int, signs: bool = True,
               memo: dict[str, int] | None = None) -> bool:
    """Some part of a compound in f adds nothing or reads oddly (:func:`_odd_part`); `signs`:
    the trials' signs (the "if" forms judged in the worlds the promises allow), else
    islanders' statements (judged in every world: the words alone), each part's meaning
    kept in `memo` (over `ev`; a fresh one when None)."""
    if signs:
        return _odd_part(lambda g: ev.mask(g) & allowed, f, allowed)
    if memo is None:
        memo = {}  # each part read once for both judgements
    scope = ev.puzzle.scope()

    def plain(g: Any) -> int:
        return int(meaning_memo(g, scope, ev.alg, memo))

    return _odd_part(lambda g: plain(g) & allowed, f, allowed, plain, ev.full)


def _odd_part(mask: Any, f: Any, allowed: int, plain: Any = None, every: int = 0) -> bool:
    """Some compound in f (`mask`: a formula -> the allowed worlds where it holds) has a part
    that adds nothing or reads oddly:

    - a part of an "and" or "or" the rest means the same without ("At most two of us are
      knaves and at least three of us are knights");
    - a part of an "if" or "if and only if" that is true (or false) in every allowed world
      ("Sign III is wrong if and only if at most three rooms hold tigers", four rooms);
    - an "if" or "if and only if" that means one of its parts or that part's denial ("If
      sign II is right then sign II is wrong": sign II is wrong);
    - an "if and only if" whose parts never hold together ("Three rooms hold tigers if and
      only if two do": neither) or never fail together (both).

    The "if" forms are judged with `plain` (a formula -> every world where it holds) over
    `every` (the worlds) when given: islanders' statements, whose words alone must not make
    the form odd ("If at most two of us are knights then exactly three of us are knaves",
    six people: at least three knights; "Exactly one of us is a knight if and only if exactly
    three of us are knaves": neither). A relation the narrator's promise brings is the
    puzzle's reasoning, not an odd form: "Cleo is a knight if and only if Cleo is human",
    where the werewolf is a knight, says Cleo is a human knight, and a person sees why.
    Four such statements, in werewolves tricky at 6 people (seed 1), were solved by hand:
    docs/benchmarks.md, "Islanders' odd ifs". Without `plain`, in the allowed worlds (the
    trials' signs: the one lady is the frame, not a deduction).
    """
    if not isinstance(f, list) or not f or f[0] not in _OPS:
        return False
    if f[0] in ("and", "or") and len(f) > 2:
        whole = mask(f)
        for i in range(1, len(f)):
            rest = f[:i] + f[i + 1:]
            if mask(rest if len(rest) > 2 else rest[1]) == whole:
                return True
    if f[0] in ("implies", "iff") and len(f) == 3:
        judge, worlds = (mask, allowed) if plain is None else (plain, every)
        a, b, whole = judge(f[1]) & worlds, judge(f[2]) & worlds, judge(f) & worlds
        if {a, b} & {0, worlds} or whole in (a, b, worlds & ~a, worlds & ~b):
            return True
        if f[0] == "iff" and (not a & b or a | b == worlds):
            return True
    return any(_odd_part(mask, g, allowed, plain, every) for g in f[1:])


def _wasted(puzzle: WorldPuzzle) -> bool:
    """Some statement can be left out with the answer still unique. A sign another sign
    speaks of stays, its rule lifted (its room's sign may say anything)."""
    read = set().union(*(_mentions(s.says) for s in puzzle.statements if s.says is not None))
    for s in puzzle.statements:
        if s.id in read and s.by is not None and puzzle.speaker_attr is not None:
            free = {v: "free" for v in puzzle.attributes[puzzle.speaker_attr]}
            own = {e: dict(m) for e, m in puzzle.mode_overrides.items()}
            silenced = puzzle.replace(mode_overrides={**own, s.by: free})
        else:
            silenced = puzzle.replace(statements=tuple(t for t in puzzle.statements
                                                       if t.id != s.id))
        if solve(silenced, limit=1).unique:  # the answers, not every world
            return True
    return False


def _symmetric(puzzle: WorldPuzzle) -> bool:
    """Two entities swap names and leave the puzzle the same in meaning: each one's
    statements, swapped, are true in the same worlds as the other's, everyone else's as
    before, and the promises too (the same words up to the swap are a case of it). Then the
    two are alike in the answer, and a person who sees it needs no logic for one of them."""

    ents = puzzle.entities
    pairs = [(ents[i], ents[j]) for i in range(len(ents)) for j in range(i + 1, len(ents))]
    ev = Evaluation(puzzle.replace(speaker_attr=None, modes={}))
    said = {e: [_renamed(thaw(s.says), {"self": e}) for s in puzzle.by(e) if s.says is not None]
            for e in puzzle.entities}
    meant = {e: sorted(ev.mask(f) for f in fs) for e, fs in said.items()}
    # a swap permutes the worlds, so it keeps how many worlds each statement allows: only a
    # pair whose statements allow as many worlds can be alike
    sizes = {e: sorted(m.bit_count() for m in ms) for e, ms in meant.items()}
    promised = sorted(ev.mask(thaw(c)) for c in puzzle.constraints)
    ids = {s.by: s.id for s in puzzle.statements if s.by is not None}
    speaking = puzzle.attributes.get(puzzle.speaker_attr or "", ())
    for x, y in pairs:
        if sizes[x] != sizes[y] or any(puzzle.mode(x, v) != puzzle.mode(y, v)
                                       for v in speaking):
            continue  # two rooms of different rules are not alike
        swap = {x: y, y: x}
        if x in ids and y in ids:  # a sign that speaks of x's sign speaks of y's after it
            swap.update({ids[x]: ids[y], ids[y]: ids[x]})

        def masks(e: str, swap: dict[str, str] = swap) -> list[int]:
            return sorted(ev.mask(_renamed(f, swap)) for f in said[e])

        if masks(x) == meant[y] and masks(y) == meant[x] and all(
                masks(e) == meant[e] for e in puzzle.entities if e not in swap) and sorted(
                ev.mask(_renamed(thaw(c), swap)) for c in puzzle.constraints) == promised:
            return True
    return False


# ----------------------------------------------------------------------------- the key

_COMMUTATIVE = {"and", "or", "iff", "xor", "same", "differ"}


def _rename(f: Any, names: dict[str, str]) -> Any:
    if isinstance(f, str):
        return names.get(f, f)
    if isinstance(f, dict):
        return {k: _rename(v, names) for k, v in sorted(f.items())}
    if isinstance(f, (list, tuple)):
        parts = [_rename(g, names) for g in f]
        head = parts[0] if parts and isinstance(parts[0], str) else None  # else a list of
        if head in ("same", "differ"):                                    # wordings (one_of)
            return parts[:1] + sorted(parts[1:3], key=repr) + parts[3:]
        if head in _COMMUTATIVE:
            return parts[:1] + sorted(parts[1:], key=repr)
        return parts
    return f


def _said(s: WorldStatement) -> Any:
    """A statement's formula (or its wordings) with "self" read as its speaker's name: "I am
    a knave" and "Ben is a knave", said by Ben, are one statement."""
    f = thaw(s.says if s.says is not None else list(s.one_of))
    return _renamed(f, {"self": s.by}) if s.by else f


def _role_words(puzzle: WorldPuzzle) -> dict[str, str]:
    """The speaker attribute's values named by their modes ("knight", "angel" -> "<true>"),
    when no two share a mode: knights and knaves, angels and devils are one puzzle."""
    values = puzzle.attributes.get(puzzle.speaker_attr or "", ())
    modes = [puzzle.modes.get(v, "free") for v in values]
    if len(set(modes)) != len(modes):
        return {}
    return {v: f"<{m}>" for v, m in zip(values, modes)}


def _shape(puzzle: WorldPuzzle, names: dict[str, str]) -> str:
    """The puzzle with entities renamed: each entity's statements sorted, entities in the
    new names' order."""
    said: dict[str, list[str]] = {names[e]: [] for e in puzzle.entities}
    silent: list[str] = []
    for s in puzzle.statements:
        words = repr(_rename(_said(s), names))
        (said[names[s.by]] if s.by else silent).append(words)
    rest = repr([_rename(thaw(c), names) for c in puzzle.constraints])
    if puzzle.mode_overrides:  # each room's own rule (the trials from the fourth on)
        rest += repr(sorted((names[e], sorted(r.items()))
                            for e, r in puzzle.mode_overrides.items()))
    return repr(sorted((k, sorted(v)) for k, v in said.items())) + repr(sorted(silent)) + rest


def _mentions(f: Any) -> set[str]:
    """Every string a formula holds (entity names among them)."""
    if isinstance(f, str):
        return {f}
    if isinstance(f, dict):
        return set().union(*(_mentions(v) for v in f.values())) if f else set()
    if isinstance(f, (list, tuple)):
        return set().union(*(_mentions(g) for g in f)) if f else set()
    return set()


def _colours(puzzle: WorldPuzzle) -> dict[str, str]:
    """An invariant per entity: its own statements and how others speak of it, seen with every
    other name blurred; refined twice by the neighbours' invariants."""
    ents = puzzle.entities
    roles = _role_words(puzzle)
    signs = _sign_ids(puzzle)
    colour = {}
    for e in ents:
        blur = {**roles, **{x: ("ME" if x == e else "*") for x in ents},
                **{sid: ("#ME" if by == e else "#*") for sid, by in signs.items()}}
        own = sorted(repr(_rename(_said(s), blur)) for s in puzzle.statements
                     if s.by == e and s.says is not None)
        heard = sorted(repr(_rename(_said(s), blur)) for s in puzzle.statements
                       if s.by != e and s.says is not None and e in _mentions(_said(s)))
        rule = puzzle.mode_overrides.get(e)
        colour[e] = repr((own, heard, sorted(rule.items())) if rule else (own, heard))
    for _round in range(2):
        colour = {e: repr((colour[e], sorted(colour[x] for s in puzzle.statements if s.by == e
                                              and s.says is not None
                                              for x in ents if x in _mentions(_said(s)))))
                  for e in ents}
    return colour


def _sign_ids(puzzle: WorldPuzzle) -> dict[str, str]:
    """Each statement id a formula may name ("sign II is right"), to its speaker, when the
    speaker says nothing else and the id is not an entity's name: the key names it by its
    speaker's new name."""
    speakers = [s.by for s in puzzle.statements]
    return {s.id: s.by for s in puzzle.statements
            if s.by is not None and s.id not in puzzle.entities and speakers.count(s.by) == 1}


def canonical_key(puzzle: WorldPuzzle, budget: int = 5040) -> str:
    """A key equal for puzzles that are the same up to renaming entities (each with its own
    rule, if any), reordering the statements and the parts of "and", "or" and "iff", the
    speaker attribute's role words
    (knight and knave, angel and devil: named by their modes) and "I" for the speaker's own
    name. Exact: entities are ordered by an invariant and only ties are permuted; past
    `budget` orders of the ties, their order by name is taken."""
    roles = _role_words(puzzle)
    colour = _colours(puzzle)
    classes: dict[str, list[str]] = {}
    for e in puzzle.entities:
        classes.setdefault(colour[e], []).append(e)
    ordered = [classes[c] for c in sorted(classes)]
    total = 1
    for group in ordered:
        for n in range(2, len(group) + 1):
            total *= n
    best = None
    signs = _sign_ids(puzzle)
    for choice in _orders(ordered, total <= budget):
        flat = [e for group in choice for e in group]
        names = {**roles, **{e: f"E{i}" for i, e in enumerate(flat)}}
        names.update({sid: f"#{names[by]}" for sid, by in signs.items()})
        shape = _shape(puzzle, names)
        if best is None or shape < best:
            best = shape
    attributes = {a: tuple(roles.get(v, v) for v in vals) for a, vals in puzzle.attributes.items()}
    modes = {roles.get(v, v): m for v, m in puzzle.modes.items()}
    digest = hashlib.sha256(f"{attributes!r}{modes!r}{best}".encode())
    return digest.hexdigest()[:20]


#: up to this many entities, :func:`near_siblings` tries every renaming (past it, none)
SIBLINGS_UPTO = 6


def _rooms_read(puzzle: WorldPuzzle, names: dict[str, str]) -> dict[str, tuple[str, str]]:
    """Each entity (by its new name) -> its statement and its own rule, renamed by `names`
    (entities and statement ids; the parts of "and", "or", "iff" in order)."""
    said = {s.by: repr(_rename(_said(s), names)) for s in puzzle.statements if s.by}
    rules = puzzle.mode_overrides
    return {names[e]: (said.get(e, ""), repr(_rename(thaw(rules[e]), {}) if e in rules
                                             else None))
            for e in puzzle.entities}


def near_siblings(a: WorldPuzzle, b: WorldPuzzle) -> bool:
    """`a` and `b` are one step apart, up to renaming entities: the same promises, and under
    some renaming every entity but one says the same and follows the same rule (one sign or
    one room's rule apart; twins, no step apart, are near siblings too). A hard trials'
    walk finds its trials in bursts of such neighbours: two in a pack feel alike. Each
    entity speaks at most once (the trials); past :data:`SIBLINGS_UPTO` entities only the
    names as they are are compared."""
    ents = list(a.entities)
    if (ents != list(b.entities) or a.constraints != b.constraints or a.modes != b.modes
            or len(a.statements) != len(b.statements)):
        return False

    def names(order: tuple[str, ...], puzzle: WorldPuzzle) -> dict[str, str]:
        to = dict(zip(ents, order))
        return {**to, **{s.id: f"#{to[s.by]}" for s in puzzle.statements if s.by}}

    mine = _rooms_read(b, names(tuple(ents), b))
    orders = permutations(ents) if len(ents) <= SIBLINGS_UPTO else iter([tuple(ents)])
    for order in orders:
        theirs = _rooms_read(a, names(order, a))
        if sum(theirs[e] != mine[e] for e in ents) <= 1:
            return True
    return False


def _orders(groups: list[list[str]], every: bool) -> Iterator[list[tuple[str, ...]]]:
    if not every:
        yield [tuple(g) for g in groups]
        return
    if not groups:
        yield []
        return
    for head in permutations(groups[0]):
        for rest in _orders(groups[1:], True):
            yield [head, *rest]


# ----------------------------------------------------------------------------- names

#: people's names a generated puzzle draws from (rooms keep their numbers)
NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gail", "Hugo", "Ida", "Jack", "Kate",
         "Liam", "Mia", "Ned", "Olga", "Paul", "Rosa", "Sam", "Tess", "Vic", "Wendy", "Zoe")


def _renamed(f: Any, table: dict[str, str]) -> Any:
    if isinstance(f, (list, tuple)):
        return [_renamed(g, table) for g in f]
    if isinstance(f, dict):
        return {table.get(k, k): _renamed(v, table) for k, v in f.items()}
    return table.get(f, f) if isinstance(f, str) else f


def named(island: Island, names: list[str], roles: tuple[str, str] = ("knight", "knave"),
          keep_ids: bool = False, source: str = "") -> Island:
    """The island with its entities named `names` (in order) and the speaker's two values
    called `roles`; the answer and solution renamed alike. A statement's id becomes its
    speaker's name (so a file writes "says = [...]"), unless `keep_ids`."""
    p = island.puzzle
    table = dict(zip(p.entities, names))
    if "type" in p.attributes:
        table.update({"knight": roles[0], "knave": roles[1]})
    attrs = {a: tuple(table.get(v, v) for v in vals) for a, vals in p.attributes.items()}
    ids = {s.id: s.id if keep_ids or s.by is None else table[s.by] for s in p.statements}
    words = {**table, **ids}  # a sign that speaks of another sign names it by its new id
    statements = tuple(WorldStatement(id=ids[s.id], by=table.get(s.by, s.by) if s.by else None,
                                      says=_renamed(thaw(s.says), words))
                       for s in p.statements)
    puzzle = WorldPuzzle(entities=tuple(table.get(e, e) for e in p.entities), attributes=attrs,
                         speaker_attr=p.speaker_attr,
                         modes={table.get(v, v): m for v, m in p.modes.items()},
                         mode_overrides={table.get(e, e): {table.get(v, v): m
                                                           for v, m in own.items()}
                                         for e, own in p.mode_overrides.items()},
                         statements=statements,
                         constraints=tuple(_renamed(thaw(c), table) for c in p.constraints),
                         ask=p.ask, title=p.title, source=source or p.source).validate()
    answer = {_answer_key(k, table): _renamed(v, table) for k, v in island.answer.items()}
    solution = {table.get(e, e): {a: table.get(v, v) for a, v in vals.items()}
                for e, vals in island.solution.items()}
    return Island(puzzle, answer, solution, island.grade, island.key, island.tuples,
                  island.family, island.settings)


def _answer_key(key: str, table: dict[str, str]) -> str:
    """An answer's key renamed: "P1.type" -> "Ann.type" ("where ..." keys name no one)."""
    who, dot, attr = key.partition(".")
    return table[who] + dot + attr if dot and who in table else key


# ----------------------------------------------------------------------------- the search

#: what _keep says of a candidate too large to grade within reasoning.GRADE_STEPS
TOO_LARGE = "too large"


def _keep(settings: IslandSettings, puzzle: WorldPuzzle) -> tuple[Any, Grade] | str | None:
    """(the solve, the grade) of a candidate to keep; None to drop it, TOO_LARGE when it is
    too large to grade within its work budget (dropped too, and counted)."""
    result = solve(puzzle, limit=1)  # one world is enough to say "one answer"
    if not result.unique:
        return None
    graded = None
    if settings.difficulty:  # a level asked for turns most candidates away: it goes first
        graded = grade_within(puzzle)
        if graded is None:
            return TOO_LARGE
        if not graded.solved or graded.level != settings.difficulty:
            return None
    if not settings.allow_trivial and _constant(puzzle):
        return None
    if not settings.allow_symmetry and _symmetric(puzzle):
        return None
    if not settings.allow_wasted and _wasted(puzzle):
        return None
    graded = graded or grade_within(puzzle)
    if graded is None:
        return TOO_LARGE
    return (result, graded) if graded.solved else None


class _Variety:
    """A pack of 6 or more varies: no answer holds more than a third of the puzzles (when
    enough answers exist); for knights and knaves, no number of knights more than half; at
    most one in 8 has every entity alike; in a pack of 8 or more no motif (the statements
    the solution opens with, names blurred: :func:`motif`) more than twice in 8; and in a
    pack of tricky or fiendish trials, instead of the motif, no shape (:func:`trial_motif`:
    what the hardest step splits, and the rings of signs) in more than half the puzzles."""

    def __init__(self, settings: IslandSettings, answers_possible: int):
        self.on = _varied(settings)
        count = settings.count
        self.cap = max(1, -(-count // 3)) if answers_possible >= 3 else count
        self.half = max(1, count // 2)
        self.alike_cap = max(1, count // 8)
        self.motif_cap = max(2, count // 4) if count >= 8 else count
        self.shape_cap = max(1, count // 2)
        self.seen: dict[str, int] = {}

    def answer_full(self, answer: dict[str, Any]) -> bool:
        """The pack holds as many puzzles with this answer as it may."""
        return self.on and self.seen.get(f"answer {answer!r}", 0) >= self.cap

    def full(self, shape: str) -> bool:
        """The pack holds as many puzzles of this trial shape as it may."""
        return self.on and self.seen.get(f"shape {shape}", 0) >= self.shape_cap

    def admits(self, answer: dict[str, Any], alike: bool, knights: int | None,
               opening: str, shape: str | None = None) -> bool:
        if not self.on:
            return True
        marks = [(f"answer {answer!r}", self.cap)]
        # a hard trial's shape is the one rule of how its solution goes (its opening, with
        # the signs' ids in it, told the packs' puzzles apart too finely to limit them)
        marks.append((f"shape {shape}", self.shape_cap) if shape is not None
                     else (f"motif {opening}", self.motif_cap))
        if alike:
            marks.append(("alike", self.alike_cap))
        if knights is not None:
            marks.append((f"knights {knights}", self.half))
        if any(self.seen.get(key, 0) >= cap for key, cap in marks):
            return False
        for key, _cap in marks:
            self.seen[key] = self.seen.get(key, 0) + 1
        return True


def motif(puzzle: WorldPuzzle, graded: Grade) -> str:
    """The statements the solution by hand opens with (its first step and what that step
    reads inside), each with every name and every sign's id blurred ("I" kept): two puzzles
    with one motif start the same way."""
    from portia_tui.core.explain.reasoning import every_step

    if not graded.steps or graded.solver is None:
        return "none"
    first = graded.steps[0]
    read = set()
    for step in [first, *every_step(first.inner),
                 *(s for _v, b in first.branches for s in every_step(b))]:
        if step.source is not None:
            _kind, st, c = graded.solver.sources[step.source]
            formula = st.says if st is not None else c
            blur = {e: "*" for e in puzzle.entities} | {
                t.id: "#" for t in puzzle.statements}  # "Sign # is wrong"
            read.add(repr(_rename(thaw(formula), blur)))
    return f"{first.technique}: " + " | ".join(sorted(read))


def _rings(says: list[Any]) -> list[list[int]]:
    """The rings of signs (each a sorted list of indices into `says`, two signs or more that
    speak of each other, through others or at once), smallest first."""
    n = len(says)
    ids = _ids(n)
    reach = [{ids.index(sid) for sid in _spoken_of([f, *says[1:]]) if _mentions(f) & {sid}}
             for f in says]
    for k in range(n):  # the signs each one reaches, through any others
        for i in range(n):
            if k in reach[i]:
                reach[i] |= reach[k]
    rings = {tuple(sorted(j for j in range(n) if j in reach[i] and i in reach[j]))
             for i in range(n) if i in reach[i]}
    return sorted((list(r) for r in rings), key=lambda r: (len(r), r))


def trial_motif(puzzle: WorldPuzzle, graded: Grade) -> str:
    """What a hard trial's solution turns on, as a shape: the hardest step's technique and
    what it splits (a room, a sign in a ring, another sign), and each ring of signs by its
    size and its signs' connectives ("cases on a sign in a ring; ring of 2: iff, claim").
    Two trials of one shape are solved alike whatever their words."""
    from portia_tui.core.explain.reasoning import TRUTH, every_step

    says = [thaw(s.says) for s in puzzle.statements if s.says is not None]
    rings = _rings(says)
    ids = [s.id for s in puzzle.statements if s.says is not None]
    ringed = {ids[i] for r in rings for i in r}
    hardest = next((s for s in every_step(graded.steps) if s.technique == graded.technique),
                   None)
    if hardest is None or hardest.supposed is None:
        split = "nothing"
    elif hardest.supposed[0][1] != TRUTH:
        split = "a room"
    else:
        split = "a sign in a ring" if hardest.supposed[0][0] in ringed else "a sign"

    return f"{graded.technique} on {split}; " + _ring_shape(says, rings)


def _ring_shape(says: list[Any], rings: list[list[int]] | None = None) -> str:
    """The rings of signs of :func:`trial_motif`'s shape, each by its size and its signs'
    connectives ("ring of 2: claim, iff"; "no ring")."""

    def op(f: Any) -> str:
        return f[0] if f[0] in _OPS else "claim"

    rings = _rings(says) if rings is None else rings
    # by size, then by words: the same whatever the rooms' order (two rings of one size
    # were told in the order of their first rooms, so renaming rooms could change a shape)
    shapes = sorted(((len(r), f"ring of {len(r)}: " + ", ".join(sorted(op(says[i]) for i in r)))
                     for r in rings))
    return "; ".join(text for _n, text in shapes) or "no ring"


#: the rings of a planted either-way ring alone (:func:`_either_way_ring`)
_PLANTED = "ring of 2: claim, iff"


def _screened(settings: IslandSettings, rng: random.Random, screen: _Screen | None,
              walk: _Walk | None) -> tuple[WorldPuzzle, Any] | None:
    """One candidate (drawn, or the walk's next step) past the quick look, with its tuples;
    None when the quick look drops it."""
    if screen is None:
        return candidate(settings, rng)
    fam = FAMILIES[settings.family]
    if walk is not None and (walk.says is not None
                             or isinstance(walk, _PoolWalk) and walk.resume(rng)):
        ents, says, shell = walk.next(settings, rng)
    else:
        crowded = isinstance(walk, _PoolWalk) and _PLANTED in walk.crowded
        ents, says, shell = _drawn(settings, rng, screen, 1.0 if crowded else 0.0)
    if walk is not None:
        walk.step()
    if screen.shared and not screen.passes(shell, ents, says, fam.signs):
        if walk is not None and screen.graded is not None:
            walk.offer(ents, says, shell, screen.graded)
        elif isinstance(walk, _WideWalk):
            walk.offer_at(ents, says, shell, screen.distance(shell, ents, says, fam))
        return None
    if walk is not None:
        walk.found(ents, says, shell, screen.graded)  # a candidate of the level
    puzzle, tuples = _assemble(fam, ents, says, shell)
    if not screen.shared and not screen.passes_whole(puzzle):
        return None
    return puzzle, tuples


def _admitted(settings: IslandSettings, variety: _Variety, walk: _Walk | None,
              puzzle: WorldPuzzle, answer: dict[str, Any], sol: dict[str, Any], graded: Grade
              ) -> bool:
    """The pack's variety admits the puzzle (counted then); when it refuses a pool walk's
    find, the walk starts afresh (its burst's neighbours share the answer and the shape) and
    learns the rings of a shape the pack is full of (:attr:`_PoolWalk.crowded`)."""
    fam = FAMILIES[settings.family]
    speaker = puzzle.speaker_attr or ""
    alike = len({sol[e].get(speaker) for e in puzzle.entities}) == 1
    knights = (sum(sol[e]["type"] == "knight" for e in puzzle.entities)
               if fam.key == "knights-knaves" else None)
    shape = (trial_motif(puzzle, graded) if fam.key == "lady-tiger"
             and settings.difficulty in ("tricky", "fiendish") else None)
    if variety.admits(answer, alike, knights, motif(puzzle, graded), shape):
        if isinstance(walk, _PoolWalk) and shape is not None and settings.difficulty == "tricky":
            says = [_renamed(thaw(t.says), {"self": t.by or ""}) for t in puzzle.statements]
            walk.seeds.append((list(puzzle.entities), says, puzzle.replace(statements=()),
                               shape))
            if variety.full(shape):
                walk.full.add(shape)
        return True
    if isinstance(walk, _PoolWalk):
        walk.restart()
        if shape is not None and variety.full(shape):
            walk.crowded.add(_ring_shape([thaw(t.says) for t in puzzle.statements]))
    return False


def _swapped(puzzle: WorldPuzzle, a: str, b: str) -> WorldPuzzle:
    """A trial with rooms `a` and `b` named the other way round: each keeps its sign and
    its rule, and every sign that names one of the rooms, or one of their signs, names the
    other (the signs stay in the rooms' order, sign k on room k). The same trial up to the
    rooms' names."""
    ents = list(puzzle.entities)
    i, j = ents.index(a), ents.index(b)
    ids = [st.id for st in puzzle.statements]
    table = {a: b, b: a, ids[i]: ids[j], ids[j]: ids[i]}
    says = [_renamed(thaw(st.says), table) for st in puzzle.statements]
    says[i], says[j] = says[j], says[i]
    return puzzle.replace(
        statements=tuple(WorldStatement(sid, e, f) for sid, e, f in zip(ids, ents, says)),
        mode_overrides={table.get(e, e): own for e, own in puzzle.mode_overrides.items()})


def _lady_moved(settings: IslandSettings, variety: _Variety, puzzle: WorldPuzzle,
                answer: dict[str, Any]) -> tuple[WorldPuzzle, Any, Grade] | None:
    """A hard trial whose lady's room the pack holds as many answers in as it may, with
    that room and the room the pack's answers name least swapped (:func:`_swapped`), kept
    afresh by :func:`_keep`: (the trial, its solve, its grade); None when every room is full
    or the renamed trial is not kept. Twins, near siblings and shapes are read up to the
    rooms' names, so the pack's other filters judge it as before; its answers vary the
    more (the walk's bursts put the lady in one room: tricky seeds 2 and 5 gave up at 5 of
    8 with a trial of a new shape refused for its answer alone)."""
    if [st.by for st in puzzle.statements] != list(puzzle.entities) or len(answer) != 1:
        return None
    ((key, (lady, *more)),) = answer.items()
    if more:
        return None
    free = min((e for e in puzzle.entities if e != lady),
               key=lambda e: variety.seen.get(f"answer {({key: [e]})!r}", 0))
    if variety.answer_full({key: [free]}):
        return None
    moved = _swapped(puzzle, lady, free)
    kept = _keep(settings, moved)
    if kept is None or isinstance(kept, str):
        return None
    return moved, kept[0], kept[1]


def _fresh(settings: IslandSettings, variety: _Variety, keys: set[str],
           siblings: list[WorldPuzzle] | None, puzzle: WorldPuzzle, kept: tuple[Any, Grade]
           ) -> tuple[WorldPuzzle, Any, Grade, str] | None:
    """A kept candidate that is new to the pack: (the puzzle, its solve, its grade, its
    canonical key), a hard trial's lady moved when the pack is full of her room
    (:func:`_lady_moved`); None for a twin or a near sibling of a puzzle of the pack."""
    result, graded = kept
    if siblings is not None and variety.answer_full(result.answers[0]):
        moved = _lady_moved(settings, variety, puzzle, result.answers[0])
        if moved is None:
            return None
        puzzle, result, graded = moved
    key = canonical_key(puzzle)
    if not settings.allow_twins and key in keys:
        return None
    if siblings is not None and any(near_siblings(puzzle, k) for k in siblings):
        return None  # one sign (or rule) from a puzzle of the pack: it would feel alike
    return puzzle, result, graded, key


def generate(settings: IslandSettings, too_large: list[int] | None = None
             ) -> Iterator[Island]:
    """`settings.count` puzzles (raises IslandError when `attempts` candidates in a row give
    nothing new). A candidate too large to grade within reasoning.GRADE_STEPS is dropped;
    `too_large` (a one-item list), when given, counts them."""
    settings.check()
    rng = random.Random(settings.seed)
    fam = FAMILIES[settings.family]
    variety = _Variety(settings, 2 ** settings.size if fam.key == "knights-knaves"
                       else settings.size)
    keys: set[str] = set()
    # the hard trials' packs keep near siblings apart too (a walk finds them in bursts)
    siblings: list[WorldPuzzle] | None = (
        [] if fam.key == "lady-tiger" and settings.difficulty in ("tricky", "fiendish")
        and not settings.allow_twins else None)
    made, misses = 0, 0
    # a quick look first: for a level asked for, and for any level when candidates can share
    # one Evaluation (most are not well posed: at 7 rooms or more a fresh Evaluation each was
    # most of the work)
    screen = (_Screen(settings.difficulty, fam.screens(settings), settings.allow_wasted,
                      settings.allow_trivial)
              if settings.difficulty or fam.screens(settings) else None)
    walk = _Walk() if screen is not None and screen.shared and _walks(settings) else None
    if screen is not None and screen.shared and settings.size >= WIDE_WALK_FROM.get(
            settings.family, {}).get(settings.difficulty or "", 99):
        walk = _WideWalk()
    if (screen is not None and screen.shared and settings.difficulty in ("tricky", "fiendish")
            and _share(settings) >= HARD_SHARE
            and settings.size >= POOL_WALK_FROM.get(settings.family, 99)):
        walk = _PoolWalk(settings.difficulty)
    while made < settings.count:
        if misses >= settings.attempts:
            raise IslandError(f"gave up after {misses} candidates without a new puzzle "
                              f"({made} of {settings.count} made): loosen the settings",
                              "attempts")
        misses += 1
        drawn = _screened(settings, rng, screen, walk)
        if drawn is None:
            continue
        puzzle, tuples = drawn
        kept = _keep(settings, puzzle)
        if kept == TOO_LARGE and too_large is not None:
            too_large[0] += 1
        if kept is None or isinstance(kept, str):
            continue
        fresh = _fresh(settings, variety, keys, siblings, puzzle, kept)
        if fresh is None:
            continue
        puzzle, result, graded, key = fresh
        sol = result.solutions[0]["entities"]
        if not _admitted(settings, variety, walk, puzzle, result.answers[0], sol, graded):
            continue
        keys.add(key)
        if siblings is not None:
            siblings.append(puzzle)
        made += 1
        misses = 0
        yield Island(puzzle, result.answers[0], sol, graded, key, tuples, settings.family)


def generate_named(settings: IslandSettings) -> Iterator[Island]:
    """:func:`generate`, each puzzle's people given names drawn from :data:`NAMES` (the
    draw follows the seed; rooms keep their numbers)."""
    rng = random.Random(f"names:{settings.seed}")
    for island in generate(settings):
        ents = list(island.puzzle.entities)
        names = ents if island.family == "lady-tiger" else sorted(
            rng.sample(NAMES, len(ents)), key=NAMES.index)
        yield named(island, names, source="portia generate")


__all__ = ["FAMILIES", "NAMES", "RANGES", "Island", "IslandError", "IslandSettings",
           "canonical_key", "generate", "generate_named", "most_in_pack", "named", "near_siblings",
           "trial_motif"]
