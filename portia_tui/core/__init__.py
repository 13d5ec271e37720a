"""The core of portia: puzzle model, statement vocabulary, semantics, solvers and file formats.

Plain Python: nothing in this package may import textual (checked by import-linter).
"""

from portia_tui.core.errors import FormatError, PortiaError, PuzzleError
from portia_tui.core.language.model import DEFAULT_CASKETS, Casket, Puzzle, default_puzzle
from portia_tui.core.solve.semantics import Analysis, LoopReport
from portia_tui.core.language.vocabulary import KINDS, Statement


def analyse(puzzle: Puzzle) -> Analysis:
    """The exact analysis (the casket engine, core/solve/engine.py; no SAT solver involved)."""
    from portia_tui.core.solve.engine import analyse as engine_analyse

    return engine_analyse(puzzle)


__all__ = [
    "Analysis",
    "Casket",
    "DEFAULT_CASKETS",
    "FormatError",
    "KINDS",
    "LoopReport",
    "PortiaError",
    "Puzzle",
    "PuzzleError",
    "Statement",
    "analyse",
    "default_puzzle",
]
