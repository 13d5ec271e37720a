"""Glue between the editor and the core's engines (no textual here: workers call these).

A request says what the screen wants for one edit generation; the worker turns it into an
answer that carries the request, so the screen can drop an answer to an older edit. All the
puzzle logic is the core's: the analysis (the casket engine) and the truth values under a
placement it gives, the assistant's judgement (core/author/assistant.py: the standing of the target,
the marks on a menu, the repairs of an invalid puzzle).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from portia_tui.core import analyse
from portia_tui.core.author.assistant import MARK_SYMBOLS, AssistantReport, assess, mark_choices
from portia_tui.core.author.assistant import repairs as find_repairs
from portia_tui.core.language.model import Puzzle
from portia_tui.core.solve.semantics import Analysis
from portia_tui.core.language.vocabulary import (FAMILIES, KINDS, Layout, Statement, in_menu_order,
                                        options, sentence, vocabulary_kinds)
from portia_tui.core.language.words import listing

from ..process import stop_poller

__all__ = ["MARK_SYMBOLS"]  # the core's symbols (one home), re-exported for the widgets

#: what the symbols mean, for people (meaning never by colour alone)
MARK_LEGEND = "Menu marks: ★ valid · ✓ reachable · ✗ impossible · ? undecided (? for help)"

#: seconds the marks of one menu may take before the rest show "?" (undecided)
MARKS_BUDGET = 2.0
#: seconds the repairs of one puzzle may take
REPAIRS_BUDGET = 5.0


@dataclass(frozen=True)
class Request:
    """What to compute for one edit generation."""

    generation: int
    puzzle: Puzzle
    #: compute each statement's value under the solution (the values toggle)
    values: bool = False
    #: the target placement (casket index), or None when the assistant is off
    target: int | None = None


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
        assistant = assess(result, request.target, puzzle.m,  # type: ignore[arg-type]  # m None:
                           result.values(request.target))  # the panel words the rules (no standing)
    return Report(request, result, values_for, values, assistant)


# --------------------------------------------------------------------------- marks
@dataclass(frozen=True)
class MarksRequest:
    """The marks of one slot's menu, for one edit generation, target and m."""

    generation: int
    puzzle: Puzzle
    casket: int
    position: int
    target: int
    vocabulary: str = "classic"

    @property
    def slot(self) -> int:
        return self.puzzle.number(self.casket, self.position)


def marks(request: MarksRequest, cancelled: Callable[[], bool] = lambda: False,
          budget: float | None = MARKS_BUDGET) -> tuple[str, ...] | None:
    """One mark per menu entry of the slot (menu order): "valid", "reachable", "impossible"
    or "undecided" (core/author/assistant.py ``mark_choices``; with m open, for some m). None when
    cancelled."""
    if cancelled():
        return None
    puzzle = request.puzzle
    choices = [st for _sentence, st in menu(puzzle.layout, request.casket, request.vocabulary,
                                            puzzle.rule_kinds)]
    found = mark_choices(puzzle, request.slot, choices, request.target, puzzle.m,
                         vocabulary=request.vocabulary, budget=budget, cancelled=cancelled)
    if cancelled():
        return None
    return tuple(found)


# --------------------------------------------------------------------------- repairs
@dataclass(frozen=True)
class RepairsRequest:
    generation: int
    puzzle: Puzzle
    vocabulary: str = "classic"
    #: the slot the cursor was on (its repairs are looked for first), or None
    cursor: int | None = None


def repairs(request: RepairsRequest, cancelled: Callable[[], bool] = lambda: False,
            budget: float | None = REPAIRS_BUDGET):
    """The core's repairs of a complete puzzle that is not valid (core Repairs), the slots
    nearest the cursor tried first (a budget that runs out leaves those found)."""
    order = (None if request.cursor is None
             else nearest_first(request.puzzle, request.cursor, range(request.puzzle.size)))
    return find_repairs(request.puzzle, request.vocabulary, budget=budget, cancelled=cancelled,
                        order=order)


def position(puzzle: Puzzle, slot: int) -> tuple[int, int]:
    """(casket, row) of a statement number (0-based)."""
    casket = puzzle.owner(slot)
    return casket, slot - puzzle.number(casket, 0)


def nearest_first(puzzle: Puzzle, cursor: int, slots) -> list[int]:
    """`slots` (statement numbers) nearest the cursor's first: by caskets plus rows between
    them (the cursor's own slot first), then in statement order."""
    cc, cp = position(puzzle, cursor)

    def distance(slot: int) -> tuple[int, int]:
        ci, pos = position(puzzle, slot)
        return abs(ci - cc) + abs(pos - cp), slot

    return sorted(slots, key=distance)


#: the heading of the m changes in the list of repairs
ANOTHER_M = "Another m (no statement changes: + and − set it too)"


def repair_entries(analysis: Analysis, found, cursor: int | None
                   ) -> list[tuple[str, str, object]]:
    """Every repair as (heading, text, value) for the editor's list: the statement changes
    nearest the cursor's slot first (one heading per slot, its menu's order within it), then
    every other m. A value is the core's Repair, or ("m", m)."""
    puzzle = analysis.puzzle
    by_slot: dict[int, list] = {}
    for r in found.statements:
        by_slot.setdefault(r.index, []).append(r)
    slots = (sorted(by_slot) if cursor is None
             else nearest_first(puzzle, cursor, by_slot))
    out: list[tuple[str, str, object]] = []
    for i in slots:
        ci, _pos = position(puzzle, i)
        now = puzzle.sentence(i)
        heading = f"Statement {i + 1} on the {puzzle.names[ci]} casket, now: {now}"
        for r in by_slot[i]:
            text = sentence(r.statement, puzzle.layout, ci)
            out.append((heading, f"{i + 1}: {text}  → portrait in {puzzle.names[r.solution]}",
                        r))
    for m in found.m:
        where = puzzle.names[analysis.solutions(m)[0]]
        out.append((ANOTHER_M, f"m = {m}  → portrait in {where}", ("m", m)))
    return out


# --------------------------------------------------------------------------- in a child
# The assistant's jobs as the editor runs them: in the helper process (app/process.py), where
# python-sat's solve() holding the GIL cannot stop the app answering keys; they stop as soon
# as the editor cancels them (a newer edit, another slot), seen within process.STOP_POLL s:
# they check their stop on every step, and stop_poller reads the pipe at most that often.
def marks_job(request: MarksRequest) -> tuple[str, ...] | None:
    return marks(request, cancelled=stop_poller())


def repairs_job(request: RepairsRequest):
    return repairs(request, cancelled=stop_poller())


# --------------------------------------------------------------------------- words
def names(puzzle: Puzzle, caskets) -> str:
    """'gold', 'gold and lead', ... from casket indices."""
    return listing(puzzle.names[i] for i in caskets)


def counts_text(counts: frozenset[int]) -> str:
    """'2', '1 or 3', '1 to 4', 'none' for a set of achievable true counts."""
    if not counts:
        return "none (the statements contradict each other)"
    ordered = sorted(counts)
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]} to {ordered[-1]}"
    return listing(ordered, last="or")


@lru_cache(maxsize=512)
def menu(layout: Layout, casket: int, vocabulary: str = "classic",
         rules: frozenset[str] = frozenset()) -> tuple[tuple[str, Statement], ...]:
    """The menu for a slot on `casket`: (sentence, statement) in the core's menu order, from
    the named `vocabulary` (maker kinds only under their rule: `rules` are rule kind keys),
    family by family (:data:`FAMILIES` order; the core's order within a family).

    Cached by layout, so every slot of a casket shares one tuple until rows change.
    """
    found = in_menu_order(options(layout, casket, vocabulary_kinds(vocabulary), rules))
    return tuple((sentence(st, layout, casket), st) for st in found)


def family_heading(st: Statement) -> str:
    """The heading of a statement's family (menus group entries under it)."""
    return FAMILIES[KINDS[st.kind].family]
