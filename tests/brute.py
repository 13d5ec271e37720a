"""Brute force: try every world (a placement and a truth value for every statement).
Exponential; the yardstick the engines are tested against, usable up to about 16 statements.
Rules are conditions on the world, checked like statements' meanings."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from portia_tui.core.language.model import Puzzle
from portia_tui.core.solve.semantics import Analysis, LoopReport, closure, find_loops, holds


def _assignments(puzzle: Puzzle, placement: int, statements: tuple[int, ...]):
    """Consistent assignments of just `statements` (a set closed under references)."""
    meanings = puzzle.meanings
    for bits in product((False, True), repeat=len(statements)):
        values = dict(zip(statements, bits))
        if all(values[i] == holds(meanings[i], placement, values, values[i]) for i in statements):
            yield values


def _worlds(puzzle: Puzzle, placement: int):
    """Consistent worlds with the portrait in `placement`: statements and side rules."""
    every = tuple(range(puzzle.size))
    rules = puzzle.conditions
    for values in _assignments(puzzle, placement, every):
        if all(holds(c, placement, values) for c in rules):
            yield values


def consistent(puzzle: Puzzle, placement: int, values: Sequence[bool]) -> bool:
    """Whether a full truth assignment agrees with every statement's meaning and with every
    side rule (every rule but m: see :attr:`Puzzle.side_rules`)."""
    return (all(values[i] == holds(mn, placement, values, values[i])
                for i, mn in enumerate(puzzle.meanings))
            and all(holds(c, placement, values) for c in puzzle.conditions))


def analyse(puzzle: Puzzle) -> Analysis:
    counts = tuple(
        frozenset(sum(v.values()) for v in _worlds(puzzle, p))
        for p in range(len(puzzle.caskets))
    )
    reports = []
    for loop in find_loops(puzzle):
        whole = closure(puzzle, loop)
        deps = tuple(i for i in whole if i not in loop)
        undetermined, paradox = [], []
        for p in range(len(puzzle.caskets)):
            projections = {tuple(v[i] for i in loop) for v in _assignments(puzzle, p, whole)}
            if not projections:
                if any(True for _ in _assignments(puzzle, p, deps)):
                    paradox.append(p)
            elif len(projections) > 1:
                undetermined.append(p)
        reports.append(LoopReport(loop, tuple(undetermined), tuple(paradox)))
    return Analysis(puzzle, counts, tuple(reports), engine="brute")
