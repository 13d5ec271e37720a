"""How hard a puzzle is to solve by hand, read off the work a solver by hand does.

Such a solver supposes the portrait is in each casket in turn and evaluates the statements in
dependency order, splitting cases inside loops (the stories of :mod:`portia_tui.core.deduction`,
whose facts come from the casket engine). What it has to do is what a person has to do, so the
rating counts it:

=====================  ==========================================================  ========
feature                what it measures                                            points
=====================  ==========================================================  ========
base                   every puzzle: suppose each placement, count true statements  1.0
depth                  longest chain of statements about statements that had to be  1.25 each
                       followed (0 when only portrait statements; a truth statement
                       about portrait statements is 1, one about that is 2, ...)
loops                  loops the solver had to split by cases (most in one          2.5 each
                       placement)
open cases             consistent cases left open in one placement, beyond the      0.5 each
                       first (at most 4 counted)
near misses            wrong placements whose achievable counts include m - 1 or    0.5 each
                       m + 1: one slip and the wrong casket fits
paradoxes              placements with no consistent assignment at all              0.5 each
length                 statements per casket beyond the first                      0.1 each
=====================  ==========================================================  ========

The ladder: a puzzle of portrait statements only is decided by counting (easy); chains of
truth statements must be followed (medium once a chain or several near misses appear); long
chains and loops that must be split make it hard.

    easy    score < 3.0
    medium  3.0 <= score < 5.5
    hard    score >= 5.5

Smullyan's first casket scores 2.0 (two near misses, nothing else): easy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .deduction import Deducer, Story, TooManyCases
from .engine import CasketEngine
from .model import Puzzle

DIFFICULTIES = ("easy", "medium", "hard")
#: lowest score of each level
THRESHOLDS = {"easy": 0.0, "medium": 3.0, "hard": 5.5}

W_BASE = 1.0
W_DEPTH = 1.25
W_LOOP = 2.5
W_CASE = 0.5
MAX_CASES_COUNTED = 4
W_NEAR = 0.5
W_PARADOX = 0.5
W_LENGTH = 0.1
#: the score given when the deduction solver gives up (more cases than it lists)
SCORE_TOO_MANY = 20.0


def level_of(score: float) -> str:
    """The difficulty word for a score."""
    if score >= THRESHOLDS["hard"]:
        return "hard"
    if score >= THRESHOLDS["medium"]:
        return "medium"
    return "easy"


@dataclass(frozen=True)
class Rating:
    level: str
    score: float
    depth: int = 0
    loops: int = 0
    open_cases: int = 1
    near_misses: int = 0
    paradoxes: int = 0
    length: float = 1.0

    def describe(self) -> str:
        parts = [f"{self.level} ({self.score:.2f})", f"depth {self.depth}"]
        if self.loops:
            parts.append(f"{self.loops} loop{'s' if self.loops != 1 else ''} split")
        if self.open_cases > 1:
            parts.append(f"{self.open_cases} cases open")
        parts.append(f"{self.near_misses} near miss{'es' if self.near_misses != 1 else ''}")
        if self.paradoxes:
            parts.append(f"{self.paradoxes} paradox{'es' if self.paradoxes != 1 else ''}")
        return ", ".join(parts)


def rate_stories(puzzle: Puzzle, stories: list[Story], m: int | None = None) -> Rating:
    """The rating from the deduction solver's stories (explain=False is enough)."""
    return rate_facts(puzzle, puzzle.m if m is None else m, [s.counts for s in stories],
                      depth=max((s.depth for s in stories), default=0),
                      loops=max((s.splits for s in stories), default=0),
                      worlds=[s.worlds for s in stories])


def rate_facts(puzzle: Puzzle, m: int, counts: Sequence[frozenset[int]], depth: int,
               loops: int = 0, worlds: Sequence[int] | None = None) -> Rating:
    """The rating from the facts of a solution: per placement the achievable true counts and
    how many consistent worlds it has (None: one each, as in a loop-free puzzle), the longest
    chain of statements about statements, the loops split (most in one placement)."""
    worlds = [1] * len(counts) if worlds is None else worlds
    open_cases = max(worlds, default=1)
    near = sum(1 for c in counts if m not in c and ({m - 1, m + 1} & c))
    paradoxes = sum(1 for w in worlds if not w)
    length = sum(len(c.statements) for c in puzzle.caskets) / max(len(puzzle.caskets), 1)
    score = (
        W_BASE
        + W_DEPTH * depth
        + W_LOOP * loops
        + W_CASE * min(max(open_cases - 1, 0), MAX_CASES_COUNTED)
        + W_NEAR * near
        + W_PARADOX * paradoxes
        + W_LENGTH * max(length - 1, 0)
    )
    score = round(score, 2)
    return Rating(level_of(score), score, depth, loops, open_cases, near, paradoxes,
                  round(length, 2))


def rate(puzzle: Puzzle, m: int | None = None, engine: CasketEngine | None = None) -> Rating:
    """Rate a puzzle (for its own m by default), reading the casket engine's evaluation
    (`engine`, e.g. ``analysis.evaluation``, or one made here)."""
    try:
        stories = Deducer(puzzle, engine).stories(explain=False)
    except TooManyCases:
        return Rating("hard", SCORE_TOO_MANY, open_cases=MAX_CASES_COUNTED + 1)
    return rate_stories(puzzle, stories, m)


def max_depth_loop_free(caskets: int, n: int) -> int:
    """The longest statement-about-statement chain a loop-free puzzle can hold.

    A chain only moves to another casket along the (acyclic) casket graph, at most
    caskets - 1 hops; with n >= 2 an "other" statement can add one hop inside each casket
    of the chain.
    """
    hops = caskets - 1
    return hops if n < 2 else 2 * hops + 1


def max_score_loop_free(caskets: int, n: int) -> float:
    """An upper bound of the score of any loop-free puzzle of this shape."""
    return (W_BASE + W_DEPTH * max_depth_loop_free(caskets, n)
            + W_NEAR * (caskets - 1) + W_LENGTH * max(n - 1, 0))
