"""What the truth-puzzle editor's analysis panel shows, worked out away from the screen.

:func:`compute` runs in the analysis child process (app/process.py): its argument and result
are picklable, and this module imports no textual. Every request carries the edit generation
it was made for, so the screen drops an answer computed for an older edit.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from portia_tui.core.language import sentences as sn
from portia_tui.core.language.formulas import thaw
from portia_tui.core.language.world import WorldPuzzle

#: seconds one analysis may take (answers, paradoxes and clues together)
BUDGET = 4.0
#: seconds more the clues that name no one and their ranking may take (past them, the
#: clues are listed as the analysis found them)
RANK_BUDGET = 1.0
#: the work budget of the marks of one menu, in steps (SAT conflicts and propagations,
#: counterexamples, nodes of the exhaustive search: core/author/world_marks.py); the rest
#: are undecided. Steps, not seconds: a page gets the same marks on any machine, however
#: loaded (about 5-10 s of an idle machine's CPU on the hardest menus of
#: benchmarks/bench_marks_menu.py, whose decided menus take 0.1-2.4 s)
MARKS_STEPS = 150_000
#: answers listed in the panel (the count goes on past them)
SHOWN_ANSWERS = 6
#: clues listed in the panel
SHOWN_CLUES = 6


@dataclass(frozen=True)
class Request:
    """An analysis of `draft` (a core Draft: empty slots say nothing), made at edit
    `generation`, with the author's target answer (sorted (key, value) pairs) if any."""

    generation: int
    draft: Any
    target: tuple[tuple[str, Any], ...] | None = None


@dataclass
class Report:
    """The analysis panel's content; every line already in words."""

    request: Request
    #: how many answers (at most the core's limit); None when the analysis stopped first
    answers: int | None = None
    #: True when `answers` is every answer
    complete: bool = True
    answer_lines: list[str] = field(default_factory=list)
    #: statements that leave the puzzle no world ("I am a knave"), or whose removal brings
    #: one back, in words
    paradoxes: list[str] = field(default_factory=list)
    #: the facts that would leave exactly one answer, in words, and the facts themselves,
    #: the least given away first (the bare answer last); the panel shows the first
    #: `clues_shown` (c offers them all)
    clues: list[str] = field(default_factory=list)
    clue_facts: list[Any] = field(default_factory=list)
    clues_shown: int = 0
    #: the target answer: whether it is among the answers, and the only one
    target_fits: bool | None = None
    target_alone: bool | None = None
    #: why something is missing ("ran out of time")
    note: str = ""


def said(puzzle: WorldPuzzle, formula: Any, speaker: str | None = None) -> str:
    """A formula in words (the data itself when no sentence says it)."""
    try:
        return sn.render(thaw(formula), sn.Context.of(puzzle, speaker))
    except Exception:  # noqa: BLE001 - any formula the sentences cannot word: its data
        return str(thaw(formula))


def answer_words(puzzle: WorldPuzzle, answer: dict[str, Any]) -> str:
    """An answer, short: "A knight, B knave, C knight"; "A knight werewolf, B knave human";
    "the lady in room II" (the question's other items in the player's words)."""
    from portia_tui.core.explain.island_game import answer_words as words
    from portia_tui.core.language.world import AskOf

    asked = puzzle.question
    if asked and all(isinstance(q, AskOf) for q in asked):
        per: dict[str, list[str]] = {}
        for q in asked:
            per.setdefault(q.entity, []).append(str(answer.get(q.key)))  # type: ignore[union-attr]
        return ", ".join(f"{e} {' '.join(v)}" for e, v in per.items())
    try:
        return words(puzzle, answer)
    except Exception:  # noqa: BLE001 - an answer no sentence words: its keys and values
        return "; ".join(f"{k}: {v}" for k, v in answer.items())


def compute(request: Request) -> Report:
    """The whole report of one request (core/author/world_marks.analyse, worded), bounded by
    :data:`BUDGET` seconds."""
    from portia_tui.core.author.world_marks import analyse
    from portia_tui.core.solve.world_result import Stopped

    draft = request.draft
    puzzle = draft.analysed()
    target = None if request.target is None else target_dict(request.target)
    start = time.monotonic()
    found = analyse(draft, target, seconds=BUDGET)
    report = Report(request, target_fits=found.target_fits, target_alone=found.target_alone)
    if found.stopped and not found.answers:
        report.note = "The analysis ran out of time on this page."
        return report
    report.answers = found.count
    report.complete = found.complete
    report.answer_lines = [answer_words(puzzle, a) for a in found.answers[:SHOWN_ANSWERS]]
    if found.stopped:
        report.note = "Out of time before every clue was tried."
    elif found.clues:
        ranked = ranked_clues(draft, found, start + BUDGET + RANK_BUDGET)
        ctx = sn.Context.of(puzzle)
        from portia_tui.core.author.world_editing import words

        for r in ranked:
            tag = (" (the answer itself)" if r.bare else
                   " (names part of the answer)" if r.clue.trivial else "")
            report.clues.append(f"“{words(r.clue.fact, ctx)}” → "
                                f"{answer_words(puzzle, r.clue.answer)}{tag}")
            report.clue_facts.append(r.clue.fact)
        smaller = sum(1 for r in ranked if not r.bare)
        report.clues_shown = min(SHOWN_CLUES, smaller or len(ranked))
    if found.paradox:
        try:
            report.paradoxes = paradoxes(draft, found, time.monotonic() + BUDGET)
        except Stopped:
            report.note = "Out of time before the reason was found."
    return report


def ranked_clues(draft: Any, found: Any, deadline: float) -> list[Any]:
    """The analysis's clues with the facts that name no one's value (same or different
    kinds, "exactly k of them"), ranked by what each gives away on its own: the least first,
    the bare answer last (core/author/clue.ranked_clues, as `portia clue` prints them). Out
    of time, the analysis's clues as they came."""
    from portia_tui.core.author.clue import Clue, ranked_clues as ranked, trivial

    puzzle = draft.analysed()
    found_clues = [Clue(fact, answer, trivial(puzzle, fact))
                   for _s, fact, answer in found.clues]
    return ranked(puzzle, found_clues, deadline=deadline)


def paradoxes(draft: Any, found: Any, deadline: float) -> list[str]:
    """Why a page has no world: each statement no world can give a truth value alone (the
    core's analysis finds them: "I am a knave"), else each statement whose removal brings a
    world back."""
    from portia_tui.core.solve.general import solve

    puzzle = draft.analysed()
    if found.paradoxes:
        return [f"{_who(puzzle, sid)}: “{sentence}” is a paradox: no world gives it a truth "
                "value." for sid, sentence in found.paradoxes]
    culprits = []
    for s in puzzle.statements:
        rest = tuple(t for t in puzzle.statements if t.id != s.id)
        try:
            without = puzzle.replace(statements=rest).validate()
        except Exception:  # noqa: BLE001 - another statement reads it: it cannot go alone
            continue
        if solve(without, limit=1, deadline=deadline).answers:
            culprits.append(f"Without {_who(puzzle, s.id)}'s “{draft.sentence(s.id)}” the "
                            "puzzle has answers again.")
    return culprits


def _who(puzzle: WorldPuzzle, sid: str) -> str:
    by = puzzle.statement(sid).by
    return sid if by is None else by if sid == by else f"{by} ({sid})"


# --------------------------------------------------------------------------- marks
@dataclass(frozen=True)
class MarksRequest:
    """The marks of one slot's menu: the page at edit `generation`, the slot, the target
    answer (sorted (key, value) pairs) and the formulas of the menu's entries."""

    generation: int
    draft: Any
    sid: str | None
    target: tuple[tuple[str, Any], ...]
    formulas: tuple[Any, ...]
    #: "whole": each formula as the slot's statement (sid None: as a rule); "first": each
    #: formula as the first part of a compound joined by `connective`
    step: str = "whole"
    connective: str = ""


def target_dict(target: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in target}


def compute_marks(request: MarksRequest) -> tuple[tuple[str, ...], str]:
    """One mark per entry ("valid", "reachable", "impossible", "undecided"), bounded by
    :data:`MARKS_STEPS` steps of work (and stopped within ``process.STOP_POLL`` seconds when
    the call is cancelled): the core's marks (core/author/world_marks.py), and why some are
    undecided ("" if none)."""
    from portia_tui.app.process import stop_poller
    from portia_tui.core.author import world_marks as mk

    target, formulas = target_dict(request.target), list(request.formulas)
    # a newer edit stops the job within STOP_POLL s (the pipe read at most that often)
    steps, cancel = MARKS_STEPS, stop_poller()
    if request.step == "first":
        marks = mk.mark_first_parts(request.draft, request.sid, target, request.connective,
                                    formulas, steps=steps, cancel=cancel)
    elif request.sid is None:
        marks = mk.mark_rules(request.draft, target, formulas, steps=steps, cancel=cancel)
    else:
        marks = mk.mark_slot(request.draft, request.sid, target, formulas, steps=steps,
                             cancel=cancel)
    return tuple(marks), marks.why


def target_words(puzzle: WorldPuzzle, target: dict[str, Any] | None) -> str:
    return "" if target is None else answer_words(puzzle, target)


#: at most this many target answers are offered
TARGETS = 200


def target_choices(draft: Any) -> list[dict[str, Any]]:
    """The answers the page's rules allow whatever its statements say: what the author may
    build toward (core/author/world_marks.targets)."""
    from portia_tui.core.author.world_marks import targets

    return targets(draft, TARGETS)
