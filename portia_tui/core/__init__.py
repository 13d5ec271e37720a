"""The core of portia: puzzle model, statement vocabulary, semantics, solvers and file formats.

Plain Python: nothing in this package may import textual (checked by import-linter).

The names below are loaded on first use (PEP 562): importing any core module imports this
package first, and a truth puzzle's commands need neither the casket model nor its vocabulary.
"""

from portia_tui.core.errors import FormatError, PortiaError, PuzzleError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from portia_tui.core.language.model import DEFAULT_CASKETS, Casket, Puzzle, default_puzzle
    from portia_tui.core.language.vocabulary import KINDS, Statement
    from portia_tui.core.solve.semantics import Analysis, LoopReport

#: each lazily loaded name and its module
_HOMES = {
    "DEFAULT_CASKETS": "language.model", "Casket": "language.model", "Puzzle": "language.model",
    "default_puzzle": "language.model", "Analysis": "solve.semantics",
    "LoopReport": "solve.semantics", "KINDS": "language.vocabulary",
    "Statement": "language.vocabulary",
}


def __getattr__(name: str):
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{_HOMES[name]}"), name)
    globals()[name] = value
    return value


def analyse(puzzle: "Puzzle") -> "Analysis":
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
