"""Glue between the editor and the core's engines (no textual here: workers call these).

A :class:`Request` says what the screen wants to show for one edit generation; the worker
turns it into a :class:`Report`. All the puzzle logic is the core's: the analysis (the casket
engine) and the truth values under a placement it gives, whether a placement can have exactly
m true statements, how the assistant's target stands (core/assistant.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from portia_tui.core.assistant import AssistantReport, assess
from portia_tui.core import analyse
from portia_tui.core.model import Puzzle
from portia_tui.core.sat import reachable_choices
from portia_tui.core.semantics import Analysis
from portia_tui.core.vocabulary import Layout, Statement, options, sentence
from portia_tui.core.words import listing


@dataclass(frozen=True)
class Request:
    """What to compute for one edit generation."""

    generation: int
    puzzle: Puzzle
    #: compute each statement's value under the solution (the values toggle)
    values: bool = False
    #: the assistant's target placement (casket index) and m, or None when it is off
    target: int | None = None
    target_m: int = 0


@dataclass(frozen=True)
class Report:
    request: Request
    analysis: Analysis
    #: the placement the values are shown for (the first solution), or None
    values_for: int | None = None
    values: tuple[bool | None, ...] | None = None
    assistant: AssistantReport | None = None


def compute(request: Request) -> Report:
    """Everything the screen shows for one edit (runs in a worker thread)."""
    puzzle = request.puzzle
    result = analyse(puzzle)
    values_for = values = assistant = None
    if request.values:
        sols = result.solutions()
        if sols:
            values_for = sols[0]
            values = result.values(values_for, puzzle.m)
    if request.target is not None and request.target < len(puzzle.caskets):
        assistant = assess(result, request.target, request.target_m,
                           result.values(request.target))
    return Report(request, result, values_for, values, assistant)


@dataclass(frozen=True)
class MarksRequest:
    """Which choices for one slot keep the assistant's target reachable."""

    generation: int
    puzzle: Puzzle
    casket: int
    position: int
    target: int
    target_m: int


def marks(request: MarksRequest, cancelled=lambda: False) -> tuple[bool, ...] | None:
    """For each menu option of the slot (in menu order): does choosing it keep the target
    reachable with exactly m true statements?  None when cancelled before it started.
    One core call answers the whole menu (a few milliseconds even at 12 x 10)."""
    if cancelled():
        return None
    puzzle = request.puzzle
    return reachable_choices(
        puzzle,
        puzzle.number(request.casket, request.position),
        puzzle.options(request.casket),
        request.target,
        request.target_m,
    )


def names(puzzle: Puzzle, caskets) -> str:
    """'gold', 'gold and lead', ... from casket indices."""
    return listing(puzzle.names[i] for i in caskets)


def counts_text(counts: frozenset[int]) -> str:
    """'2', '1 or 3', 'none' for a set of achievable true counts."""
    if not counts:
        return "none (no consistent assignment)"
    return listing(sorted(counts), last="or")


@lru_cache(maxsize=512)
def menu(layout: Layout, casket: int) -> tuple[tuple[str, Statement], ...]:
    """The menu for a slot on `casket`: (sentence, statement) in the core's menu order.

    Cached by layout, so every slot of a casket shares one tuple until rows change.
    """
    return tuple((sentence(st, layout, casket), st) for st in options(layout, casket))
