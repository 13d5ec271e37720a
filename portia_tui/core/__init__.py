"""The core of portia: puzzle model, statement vocabulary, semantics, solvers and file formats.

Plain Python: nothing in this package may import textual (checked by import-linter).
"""

from .errors import FormatError, PortiaError, PuzzleError
from .model import DEFAULT_CASKETS, Casket, Puzzle, default_puzzle
from .semantics import Analysis, LoopReport
from .vocabulary import KINDS, Statement


def analyse(puzzle: Puzzle) -> Analysis:
    """The exact analysis (the casket engine, core/engine.py; no SAT solver involved)."""
    from .engine import analyse as engine_analyse

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
