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
"""

from __future__ import annotations

from portia_tui.core.language.model import Puzzle
from portia_tui.core.language.vocabulary import FreeMeaning, GroupMeaning, Meaning, PortraitMeaning


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
    assert isinstance(meaning, GroupMeaning)
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
