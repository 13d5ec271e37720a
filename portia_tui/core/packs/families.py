"""Census of the three generations of Portia puzzles (Mackinnon's families), exactly.

Every family has three caskets, gold, silver and lead, and n statements on each.

``portia1``  first generation: one statement a casket (n = 1) from the vocabulary, and one
             count rule over all the statements: "Exactly|At least|At most K statements are
             true|false", K in 0..3. The rules are the menu's (:func:`rules.rule_options` of
             the kind "total": the 20 sentences that do not always hold); two sentences that
             allow the same numbers of true statements ("Exactly 1 statement is true",
             "Exactly 2 statements are false") are one *condition*: 8 conditions.
``portia2``  second generation: see :func:`portia_tui.core.packs.census.clue_census` (two
             statements a casket, the clue is how many true statements each casket bears).
``portia3``  third generation: the rule "Every casket was made by Bellini or by Cellini",
             n statements a casket (1 or 2) from the vocabulary plus "The X casket was made
             by Bellini|Cellini" / "This casket was made by ...".

A puzzle is *valid* when exactly one placement of the portrait is a solution (some world, a
placement and a truth value for every statement, is consistent with every statement's meaning
and every rule). Loops, repeated statements and statements that say nothing are all counted.

How. A world is a placement and the truth values of the statements: for the first generation
(three statements) 3 x 2^3 = 24 worlds; under Bellini/Cellini every statement on a casket
has its casket's maker's value, so a world is a placement and a maker for every casket, again
3 x 2^3 = 24. Each casket's statements accept the worlds in which each of them has the truth
value its meaning gives there (a bit mask); the puzzle's consistent worlds are the AND of the
three caskets' masks (and the rule's). Equal masks merge with their weights added, casket by
casket, so the work is over distinct masks, not over puzzles. In both spaces the order of a
casket's statements changes no mask (one statement a casket; or all of a casket's statements
share its maker's value), so each multiset of statements stands for its orders.

Plain Python and numpy.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from math import factorial
from typing import Callable

import numpy as np

from portia_tui.core.errors import SettingsError
from portia_tui.core.language.model import DEFAULT_CASKETS
from portia_tui.core.language.rules import Rule, rule_options
from portia_tui.core.language.vocabulary import (VOCABULARIES, Layout, Statement, compare, evaluate, meaning,
                         options)

#: the families the census counts, in order
CENSUS_FAMILIES = ("portia1", "portia2", "portia3")
#: statements a casket each family allows, the first being its default
FAMILY_N = {"portia1": (1,), "portia2": (2, 1, 3, 4, 5, 6), "portia3": (2, 1)}
#: the vocabularies each family counts (portia2's clue reads portrait statements only)
FAMILY_VOCABULARIES = {"portia1": ("portrait", "classic", "full"), "portia2": ("portrait",),
                       "portia3": ("portrait", "classic", "full")}
#: the statement kinds the third generation adds to its vocabulary ("made by"; not the maker
#: counts, which the generator's MAKER_KINDS also holds)
THIRD_GENERATION_KINDS = ("made_by",)

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class FamilyCensus:
    """A family's figures: `figures` maps a figure's key to its value, in the order the
    figures are best read (see each family's function for what the keys mean)."""

    family: str
    n: int
    vocabulary: str
    caskets: int
    figures: dict = field(default_factory=dict)
    seconds: float = 0.0

    def as_dict(self) -> dict:
        return {"family": self.family, "n": self.n, "vocabulary": self.vocabulary,
                "caskets": self.caskets, **self.figures, "seconds": self.seconds}


# --------------------------------------------------------------------------- masks
@dataclass
class _Rows:
    """Distinct world masks and their weights: (ordered choices, ordered with no statement
    twice on a casket, multisets)."""

    masks: np.ndarray  # (N,) int64, bit w = world w accepted
    weights: np.ndarray  # (N, 3) int64


def _weights(combo: tuple[int, ...]) -> tuple[int, int, int]:
    n = len(combo)
    ways = factorial(n)
    for o in set(combo):
        ways //= factorial(combo.count(o))
    return ways, ways if len(set(combo)) == n else 0, 1


def _consistent(mn, index: int, worlds: list[tuple[int, tuple[bool, ...]]]) -> int:
    """The worlds (placement, truth values) in which statement `index`, meaning mn, has the
    truth value its meaning gives."""
    mask = 0
    for w, (p, values) in enumerate(worlds):
        if evaluate(mn, p, values, values[index]) == values[index]:
            mask |= 1 << w
    return mask


def _casket_rows(layout: Layout, c: int, menu: list[Statement],
                 worlds: list[tuple[int, tuple[bool, ...]]]) -> _Rows:
    """Every multiset of statements on casket c: the worlds it accepts (order-free: see the
    module notes), equal masks merged."""
    n = layout.counts[c]
    start = layout.offset(c)
    slot_masks = [[_consistent(meaning(st, layout, c, start + j), start + j, worlds)
                   for j in range(n)] for st in menu]
    merged: dict[int, list[int]] = {}
    for combo in combinations_with_replacement(range(len(menu)), n):
        mask = -1
        for j, o in enumerate(combo):
            mask &= slot_masks[o][j]
        w = merged.setdefault(mask, [0, 0, 0])
        for i, x in enumerate(_weights(combo)):
            w[i] += x
    masks = np.array(list(merged), dtype=np.int64)
    return _Rows(masks, np.array(list(merged.values()), dtype=np.int64).reshape(-1, 3))


def _join(a: _Rows, b: _Rows) -> _Rows:
    """Every row of a with every row of b: the worlds both accept; equal masks merge, and
    masks that accept no world go (they are valid for nothing)."""
    masks = (a.masks[:, None] & b.masks[None, :]).ravel()
    weights = (a.weights[:, None, :] * b.weights[None, :, :]).reshape(-1, 3)
    keep = masks != 0
    masks, weights = masks[keep], weights[keep]
    distinct, inverse = np.unique(masks, return_inverse=True)
    summed = np.zeros((len(distinct), 3), dtype=np.int64)
    np.add.at(summed, inverse.ravel(), weights)
    return _Rows(distinct, summed)


def _count_all(layout: Layout, menus: list[list[Statement]], worlds, progress) -> _Rows:
    """The distinct consistent-world masks of every puzzle of the space, with weights."""
    steps, done = 2 * len(menus) - 1, 0
    rows = None
    for c, menu in enumerate(menus):
        mine = _casket_rows(layout, c, menu, worlds)
        rows = mine if rows is None else _join(rows, mine)
        done += 1 if c == 0 else 2
        if progress:
            progress(done, steps)
    assert rows is not None  # a puzzle has caskets
    return rows


def _placement_masks(worlds) -> np.ndarray:
    """For each placement, the worlds that put the portrait there."""
    out = np.zeros(len(DEFAULT_CASKETS), dtype=np.int64)
    for w, (p, _) in enumerate(worlds):
        out[p] |= 1 << w
    return out


def _solutions(masks: np.ndarray, placements: np.ndarray) -> np.ndarray:
    """(N,) the number of placements each world mask admits."""
    return sum(((masks & q) != 0).astype(np.int64) for q in placements)


# --------------------------------------------------------------------------- settings
def _check(family: str, n: int | None, vocabulary: str) -> int:
    if family not in CENSUS_FAMILIES:
        raise SettingsError(f"unknown family {family!r} (the families are "
                            f"{', '.join(CENSUS_FAMILIES)})", "family", family, CENSUS_FAMILIES)
    allowed = FAMILY_VOCABULARIES[family]
    if vocabulary not in allowed:
        why = ("its clue counts true statements per casket from where the portrait is alone"
               if family == "portia2" else "")
        raise SettingsError(f"the {family} census counts the {' and '.join(allowed)} "
                            f"vocabular{'y' if len(allowed) == 1 else 'ies'}"
                            f"{': ' + why if why else ''}", "vocabulary", vocabulary, allowed)
    n = FAMILY_N[family][0] if n is None else n
    if n not in FAMILY_N[family]:
        ns = sorted(FAMILY_N[family])
        said = (str(ns[0]) if len(ns) == 1 else f"{ns[0]} or {ns[1]}" if len(ns) == 2
                else f"{ns[0]} to {ns[-1]}")
        raise SettingsError(f"the {family} census counts {said} statement"
                            f"{'s' if ns[-1] > 1 else ''} a casket", "n", n, FAMILY_N[family])
    return n


def family_census(family: str, n: int | None = None, vocabulary: str = "portrait",
                  progress: Progress | None = None,
                  kinds: tuple[str, ...] | None = None) -> FamilyCensus:
    """Count the valid puzzles of a family (see the module notes). n defaults to the family's
    own (1, 2, 1). `kinds` narrows the vocabulary to those statement kinds (tests)."""
    start = time.perf_counter()
    n = _check(family, n, vocabulary)
    kinds = VOCABULARIES[vocabulary] if kinds is None else kinds
    if family == "portia1":
        figures = first_generation(kinds, progress)
    elif family == "portia3":
        figures = third_generation(n, kinds, progress)
    else:
        from portia_tui.core.packs.census import clue_census

        r = clue_census(n, vocabulary)
        if progress:
            progress(1, 1)
        figures = {key: r[key] for key in ("statement_sets", "pairs", "up_to_swap")}
    return FamilyCensus(family, n, vocabulary, len(DEFAULT_CASKETS), figures,
                        round(time.perf_counter() - start, 3))


# --------------------------------------------------------------------------- first generation
def total_rules(layout: Layout) -> list[Rule]:
    """The first generation's rules: the menu's rules of the kind "total"."""
    return rule_options(layout, ("total",))


def rule_condition(rule: Rule, size: int) -> frozenset[int]:
    """The numbers of true statements (0..size) a count rule allows."""
    return frozenset(t for t in range(size + 1)
                     if compare(t if rule.value else size - t, rule.op, rule.k))


def first_generation(kinds: tuple[str, ...], progress: Progress | None = None,
                     menus: list[list[Statement]] | None = None) -> dict:
    """Figures of the first generation (one statement a casket, one count rule):

    ``statement_sets``   statement choices (one statement a casket);
    ``rules``, ``conditions``  the menu's count rules, and how many distinct conditions
                         (sets of allowed true counts) they state;
    ``valid``            valid (statements, condition) pairs: rules that allow the same true
                         counts counted once;
    ``valid_rules``      valid (statements, rule) pairs, every rule sentence of the menu
                         counted ("Exactly 1 is true" and "Exactly 2 are false" twice);
    ``valid_exactly``    valid (statements, rule) pairs for the rules "Exactly K statements
                         are true", K = 0..3 (the m of Definition 2; 348 for the portrait
                         vocabulary, Mackinnon's first-generation figure);
    ``with_a_valid_rule``  statement choices for which some rule is valid.

    `menus` (one list of statements per casket) replaces the vocabulary's menus (tests).
    """
    layout = Layout(DEFAULT_CASKETS, (1, 1, 1))
    size = layout.size
    worlds = [(p, tuple(bool(v >> i & 1) for i in range(size)))
              for p in range(len(DEFAULT_CASKETS)) for v in range(1 << size)]
    if menus is None:
        menus = [options(layout, c, kinds) for c in range(len(DEFAULT_CASKETS))]
    rows = _count_all(layout, menus, worlds, progress)
    rules = total_rules(layout)
    conditions = sorted({rule_condition(r, size) for r in rules}, key=sorted)
    allowed = np.array([sum(1 << w for w, (_, values) in enumerate(worlds)
                            if sum(values) in cond) for cond in conditions], dtype=np.int64)
    placements = _placement_masks(worlds)
    valid = np.stack([_solutions(rows.masks & a, placements) == 1 for a in allowed], axis=1)
    per_condition = rows.weights[:, 0] @ valid.astype(np.int64)  # (conditions,)
    of_rule = [conditions.index(rule_condition(r, size)) for r in rules]
    exactly = [conditions.index(frozenset({k})) for k in range(size + 1)]
    statement_sets = 1
    for menu in menus:
        statement_sets *= len(menu)
    return {"statement_sets": statement_sets, "rules": len(rules),
            "conditions": len(conditions), "valid": int(per_condition.sum()),
            "valid_rules": int(sum(per_condition[i] for i in of_rule)),
            "valid_exactly": int(sum(per_condition[i] for i in exactly)),
            "with_a_valid_rule": int(rows.weights[:, 0] @ valid.any(axis=1))}


# --------------------------------------------------------------------------- third generation
def third_generation(n: int, kinds: tuple[str, ...], progress: Progress | None = None,
                     menus: list[list[Statement]] | None = None) -> dict:
    """Figures of the third generation (Bellini and Cellini, n statements a casket):

    ``statement_sets``   statement choices, in order on each casket, repeats allowed;
    ``valid``            valid puzzles, statements in order, repeats allowed;
    ``valid_no_repeat``  valid puzzles with no statement twice on a casket, in order;
    ``valid_unordered``  valid puzzles up to the order of each casket's statements;
    ``valid_makers_known``  valid puzzles (ordered) in which, the portrait placed, only one
                         choice of makers fits: the statements tell who made every casket.

    `menus` (one list of statements per casket) replaces the vocabulary's menus (tests).
    """
    k = len(DEFAULT_CASKETS)
    layout = Layout(DEFAULT_CASKETS, (n,) * k)
    owner = [c for c in range(k) for _ in range(n)]
    worlds = [(p, tuple(bool(b >> owner[i] & 1) for i in range(layout.size)))
              for p in range(k) for b in range(1 << k)]
    if menus is None:
        kinds = tuple(kinds) + tuple(x for x in THIRD_GENERATION_KINDS if x not in kinds)
        menus = [options(layout, c, kinds, ("makers",)) for c in range(k)]
    rows = _count_all(layout, menus, worlds, progress)
    placements = _placement_masks(worlds)
    valid = _solutions(rows.masks, placements) == 1
    # a valid puzzle's worlds all have its one placement: one world, one choice of makers
    single = (rows.masks & (rows.masks - 1)) == 0
    statement_sets = 1
    for menu in menus:
        statement_sets *= len(menu) ** n
    w = rows.weights
    return {"statement_sets": statement_sets, "valid": int(w[valid, 0].sum()),
            "valid_no_repeat": int(w[valid, 1].sum()) if n > 1 else int(w[valid, 0].sum()),
            "valid_unordered": int(w[valid, 2].sum()),
            "valid_makers_known": int(w[valid & single, 0].sum())}
