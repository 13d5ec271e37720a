"""DIMACS CNF export: any SAT solver can check a puzzle.

The CNF is satisfiable with portrait variable k true exactly when casket k is a solution under
the puzzle's rules (m and every other). Comments map every variable to its casket or statement.
"""

from __future__ import annotations

from portia_tui.core.language.model import Puzzle
from portia_tui.core.solve.sat import placement_var, puzzle_cnf, statement_var


def clauses(puzzle: Puzzle) -> tuple[list[list[int]], int]:
    """(clauses, number of variables) for the puzzle with its rules (m and every other)."""
    return puzzle_cnf(puzzle)


def dumps(puzzle: Puzzle) -> str:
    cnf, top = clauses(puzzle)
    lines = ["c portia puzzle" + (f": {puzzle.title}" if puzzle.title else "")]
    lines.append(f"c caskets: {', '.join(puzzle.names)}")
    lines += [f"c rule: {r}" for r in puzzle.rule_sentences()]
    for ci, name in enumerate(puzzle.names):
        lines.append(f"c var {placement_var(ci)}: the portrait is in the {name} casket")
    for i, (ci, sentence) in enumerate(puzzle.sentences()):
        lines.append(f"c var {statement_var(puzzle, i)}: statement {i + 1} ({puzzle.names[ci]}) "
                     f"is true: {sentence}")
    first_aux = len(puzzle.caskets) + puzzle.size + 1
    if top >= first_aux:
        lines.append(f"c vars {first_aux}-{top}: auxiliary (all-true / all-false per casket, "
                     "counts and rules, then a totalizer counting true statements)")
    lines.append(f"p cnf {top} {len(cnf)}")
    lines += [" ".join(map(str, c)) + " 0" for c in cnf]
    return "\n".join(lines) + "\n"
