"""Pencil marks: a player's own working, kept per supposition, and checking it.

A player supposes the portrait is in one casket and marks statements true or false, as on
paper. Checking the marks says which ones are wrong *under that supposition* without saying
anything about the answer:

A *world* under a supposition is the portrait in that casket plus a truth value for every
statement; it is *consistent* when every statement's value equals its meaning there. The
puzzle's number of true statements is *not* a condition (that is what the player compares
afterwards, and it would give the answer away). A mark "statement s is v" is **wrong** when
it contradicts every consistent world: no consistent world gives s the value v. A statement
whose value differs between consistent worlds (a loop left open) takes either mark.

The values come from the exact SAT analysis (:meth:`SatEngine.values` without m).

:class:`PencilMarks` is the state: marks per supposition (placement index -> {statement
index: value}), the supposition the player is working on, and an undo history of every change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from portia_tui.core.language.model import Puzzle
from portia_tui.core.language.words import listing

#: bounds on stored marks (progress files are read back with these)
MAX_PLACEMENTS = 1000
MAX_STATEMENTS = 10000


def possible_values(puzzle: Puzzle, placement: int) -> tuple[bool | None, ...] | None:
    """Each statement's value in every consistent world with the portrait in `placement`
    (m is no condition): True or False when all such worlds agree, None when it varies;
    None overall when there is no consistent world at all."""
    from portia_tui.core.solve.engine import evaluator

    return evaluator(puzzle).values(placement)


@dataclass(frozen=True)
class MarkCheck:
    """The outcome of checking the marks under one supposition."""

    placement: int
    #: (statement index, marked value) of every mark checked, in number order
    marks: tuple[tuple[int, bool], ...]
    #: the statements whose mark contradicts every consistent world, in number order
    wrong: tuple[int, ...]

    @property
    def ok(self) -> bool:
        return not self.wrong

    def sentence(self, puzzle: Puzzle) -> str:
        """One paragraph for the player: which marks are wrong, in words."""
        name = puzzle.names[self.placement]
        where = f"Supposing the portrait is in the {name} casket"
        if not self.marks:
            return f"{where}, you have marked no statement yet."
        total = len(self.marks)
        marked = dict(self.marks)
        if not self.wrong:
            what = "your mark fits" if total == 1 else f"all {total} of your marks fit"
            return f"{where}, {what}."
        items = [f"statement {i + 1} (marked {'true' if marked[i] else 'false'})"
                 for i in self.wrong]
        count = ("your mark is wrong" if total == 1 else
                 f"{len(self.wrong)} of your {total} marks "
                 f"{'is' if len(self.wrong) == 1 else 'are'} wrong")
        return f"{where}, {count}: {listing(items)}."


_UNKNOWN = object()


def check_marks(puzzle: Puzzle, placement: int, marks: Mapping[int, bool],
                values: object = _UNKNOWN) -> MarkCheck:
    """Check marks {statement index: value} under the supposition `placement`. `values` may
    be passed when already known (what possible_values gives for this puzzle and placement,
    None included)."""
    if values is _UNKNOWN:
        values = possible_values(puzzle, placement)
    given = tuple(sorted((i, bool(v)) for i, v in marks.items() if 0 <= i < puzzle.size))
    if values is None:
        wrong = tuple(i for i, _ in given)  # no consistent world: nothing fits
    else:
        assert isinstance(values, tuple)
        wrong = tuple(i for i, v in given if values[i] is not None and values[i] != v)
    return MarkCheck(placement, given, wrong)


@dataclass
class PencilMarks:
    """Marks per supposition, the supposition being worked on, and undo."""

    #: placement -> {statement index: marked value}
    by_placement: dict[int, dict[int, bool]] = field(default_factory=dict)
    #: the casket the player is supposing the portrait in, or None
    supposing: int | None = None
    #: every change, newest last: (placement, statement, value before or None)
    history: list[tuple[int, int, bool | None]] = field(default_factory=list)

    def marks(self, placement: int | None = None) -> dict[int, bool]:
        """The marks under a supposition (the current one by default); a copy."""
        where = self.supposing if placement is None else placement
        return dict(self.by_placement.get(where, {})) if where is not None else {}

    def get(self, statement: int) -> bool | None:
        if self.supposing is None:
            return None
        return self.by_placement.get(self.supposing, {}).get(statement)

    def set(self, statement: int, value: bool | None) -> bool:
        """Mark a statement under the current supposition (None clears the mark); returns
        whether anything changed. Needs a supposition."""
        if self.supposing is None:
            raise ValueError("choose a casket to suppose first")
        here = self.by_placement.setdefault(self.supposing, {})
        before = here.get(statement)
        if before == value:
            return False
        self.history.append((self.supposing, statement, before))
        if value is None:
            del here[statement]
        else:
            here[statement] = value
        if not here:
            del self.by_placement[self.supposing]
        return True

    def toggle(self, statement: int, value: bool) -> bool | None:
        """Mark `value`, or clear the mark when it already says `value`; the new mark."""
        new = None if self.get(statement) is value else value
        self.set(statement, new)
        return new

    def undo(self) -> tuple[int, int] | None:
        """Undo the last change (and go back to its supposition); (placement, statement) or
        None when there is nothing to undo."""
        if not self.history:
            return None
        placement, statement, before = self.history.pop()
        here = self.by_placement.setdefault(placement, {})
        if before is None:
            here.pop(statement, None)
        else:
            here[statement] = before
        if not here:
            del self.by_placement[placement]
        self.supposing = placement
        return placement, statement

    def clear(self) -> None:
        self.by_placement.clear()
        self.history.clear()
        self.supposing = None

    @property
    def empty(self) -> bool:
        return not self.by_placement

    # ------------------------------------------------------------------ storage
    def to_dict(self) -> dict[str, dict[str, bool]]:
        """{"placement": {"statement": value}} with string keys (JSON)."""
        return {str(p): {str(i): v for i, v in sorted(marks.items())}
                for p, marks in sorted(self.by_placement.items())}

    @classmethod
    def from_dict(cls, data: object, supposing: object = None,
                  shape: tuple[int, int] | None = None) -> "PencilMarks":
        """Marks from stored data, keeping only well-formed entries within the bounds (and
        within shape = (caskets, statements) when given); anything else is dropped."""
        k_max, s_max = shape if shape is not None else (MAX_PLACEMENTS, MAX_STATEMENTS)
        out = cls()
        if isinstance(data, dict):
            for p_key, marks in list(data.items())[:MAX_PLACEMENTS]:
                p = _index(p_key, k_max)
                if p is None or not isinstance(marks, dict):
                    continue
                kept = {}
                for s_key, value in list(marks.items())[:MAX_STATEMENTS]:
                    s = _index(s_key, s_max)
                    if s is not None and isinstance(value, bool):
                        kept[s] = value
                if kept:
                    out.by_placement[p] = kept
        if isinstance(supposing, int) and not isinstance(supposing, bool) \
                and 0 <= supposing < k_max:
            out.supposing = supposing
        return out


def _index(key: object, limit: int) -> int | None:
    # isascii: "²" is a digit to str.isdigit, and int() refuses it
    if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 6:
        value = int(key)
        return value if value < limit else None
    return None

