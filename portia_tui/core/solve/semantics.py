"""What a puzzle means, engine-free: references between statements, loops, consistency.

Statement s *refers to* t when s reads t's truth value: a truth or "other" statement whose group
holds t, a count or maker statement that counts t. A loop is a strongly connected component of
that graph with two or more statements, or one statement that refers to itself ("Exactly 1
statement on this casket is true"). The result types every engine fills in live here too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple
from functools import cached_property

from portia_tui.core.language.model import Puzzle
from portia_tui.core.language.vocabulary import Meaning, evaluate, refers_to
from portia_tui.core.solve.graph import strong_components  # noqa: F401  (its home is graph.py)


def references(puzzle: Puzzle) -> tuple[tuple[int, ...], ...]:
    """For each statement, the statements it refers to."""
    return tuple(refers_to(mn) for mn in puzzle.meanings)


def components(puzzle: Puzzle) -> list[tuple[int, ...]]:
    """Strongly connected components of the statements in dependency order: every statement
    comes after the statements it refers to."""
    return strong_components(references(puzzle))


def find_loops(puzzle: Puzzle, refs: Sequence[Sequence[int]] | None = None
               ) -> list[tuple[int, ...]]:
    """Every loop (component of two or more statements, or a statement that refers to itself),
    in dependency order. `refs`: the puzzle's :func:`references`, when already made."""
    refs = references(puzzle) if refs is None else refs
    return [c for c in strong_components(refs) if len(c) > 1 or c[0] in refs[c[0]]]


def closure(puzzle: Puzzle, statements: Sequence[int]) -> tuple[int, ...]:
    """The statements given and every statement they refer to, directly or not."""
    refs = references(puzzle)
    seen = set(statements)
    todo = list(statements)
    while todo:
        for t in refs[todo.pop()]:
            if t not in seen:
                seen.add(t)
                todo.append(t)
    return tuple(sorted(seen))


def holds(mn: Meaning, placement: int, values: Mapping[int, bool] | Sequence[bool],
          own: bool = False) -> bool:
    """The truth value the meaning demands, given the placement and the other values; `own` is
    the statement's own value, which is all an empty slot (FreeMeaning) demands."""
    return evaluate(mn, placement, values, own)


# --------------------------------------------------------------------------- results
class LoopReport(NamedTuple):
    """A loop and how it behaves under each placement (casket indices)."""

    statements: tuple[int, ...]
    undetermined_in: tuple[int, ...] = ()
    paradox_in: tuple[int, ...] = ()

    @property
    def kind(self) -> str:
        """'paradox' when some placement leaves it no consistent assignment, else
        'undetermined' when some placement leaves it several, else 'determined'."""
        if self.paradox_in:
            return "paradox"
        if self.undetermined_in:
            return "undetermined"
        return "determined"


class Analysis:
    """The exact analysis of a puzzle's statements, for every placement and every m.

    puzzle; true_counts: for each placement (casket index), every achievable number of true
    statements in a world consistent with the statements and the side rules (every rule but
    m); loops: every loop with how it behaves (statements only, rules aside); engine: which
    engine computed it.

    For a partial puzzle an empty slot is a statement free to be true or false, so the counts
    range over its values too; with m open (None), no casket is a solution until m is given.
    """

    def __init__(self, puzzle: Puzzle, true_counts: Sequence[frozenset[int]],
                 loops: Sequence[LoopReport], engine: str = "",
                 values: Callable[[int, int | None], tuple[bool | None, ...] | None]
                 | None = None):
        self.puzzle = puzzle
        self.true_counts = tuple(true_counts)
        self.loops = tuple(loops)
        self.engine = engine
        self._values = values
        #: the evaluation this analysis was read from (the casket engine's), when kept
        self.evaluation: object | None = None

    def values(self, placement: int, m: int | None = None) -> tuple[bool | None, ...] | None:
        """Each statement's truth value with the portrait in `placement` (and exactly m true
        statements when m is given): True/False when every consistent world agrees, None when
        it varies; None overall when no consistent world exists."""
        if self._values is None:  # the engines pass their values; semantics knows no engine
            raise ValueError(f"this analysis ({self.engine or 'made by hand'}) keeps no values: "
                             "ask an engine (engine.evaluator(puzzle).values)")
        return self._values(placement, m)

    def __getstate__(self) -> dict:
        # the evaluation and the values function are caches (closures, rebuilt on demand by
        # values()): a copy sent to another process (the apps analyse in one) leaves them out
        state = self.__dict__.copy()
        state["_values"] = None
        state["evaluation"] = None
        return state

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Analysis) and self.puzzle == other.puzzle
                and self.true_counts == other.true_counts and self.loops == other.loops)

    def __repr__(self) -> str:
        return (f"Analysis(engine={self.engine!r}, true_counts={self.true_counts!r}, "
                f"loops={self.loops!r})")

    def solutions(self, m: int | None = None) -> tuple[int, ...]:
        """Casket indices consistent with the rules and exactly m true statements (the puzzle's
        m by default). A puzzle without m is solved by its other rules alone; one that states
        no rule at all (m still open) has no solution yet."""
        m = self.puzzle.m if m is None else m
        if m is None:
            if not self.puzzle.rules:
                return ()
            return tuple(i for i, counts in enumerate(self.true_counts) if counts)
        return tuple(i for i, counts in enumerate(self.true_counts) if m in counts)

    def solution_names(self, m: int | None = None) -> list[str]:
        return [self.puzzle.names[i] for i in self.solutions(m)]

    def valid(self, m: int | None = None) -> bool:
        return len(self.solutions(m)) == 1

    @cached_property
    def unique_m(self) -> tuple[int, ...]:
        """Every m in 0..S for which exactly one casket is a solution."""
        return tuple(m for m in range(self.puzzle.size + 1) if len(self.solutions(m)) == 1)

    def as_dict(self, m: int | None = None) -> dict:
        """The JSON shape printed by ``portia solve --json``."""
        names = self.puzzle.names
        m = self.puzzle.m if m is None else m
        out = {
            "caskets": list(names),
            "m": m,
            "solutions": self.solution_names(m),
            "valid": self.valid(m),
            "true_counts": {names[i]: sorted(c) for i, c in enumerate(self.true_counts)},
            "unique_m": list(self.unique_m),
            "loops": [
                {
                    "statements": [s + 1 for s in loop.statements],
                    "kind": loop.kind,
                    "undetermined_in": [names[i] for i in loop.undetermined_in],
                    "paradox_in": [names[i] for i in loop.paradox_in],
                }
                for loop in self.loops
            ],
        }
        if self.puzzle.side_rules:  # Portia's other rules (the m rule is "m" above)
            out["rules"] = self.puzzle.rule_sentences()
        return out
