"""The editor's state in plain Python: the current puzzle, its undo/redo history, the file.

A session model, so it lives in core beside the player's progress (see docs/design.md, "The
engines and the words"); the editor (app/editor) renders it and words it.

Widgets never hold puzzle state; they render from an :class:`EditorModel`. Every edit replaces
the immutable puzzle and bumps :attr:`EditorModel.generation`, the number that tags worker
results so a result computed for an older edit is never shown.

The puzzle's m is the only m (the Algorithm 2 marks use it too), and the puzzle's target is
the only target (the casket the author wants the portrait in; choosing it is an edit, saved
with the puzzle). While the puzzle names no target, :attr:`EditorModel.fallback_target` stands
in: the solution once the analysis has found one, else the first casket.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from portia_tui.core.errors import PuzzleError
from portia_tui.core.language.model import Puzzle
from portia_tui.core.author.history import History
from portia_tui.core.io.recovery import FileStamp
from portia_tui.core.language.rules import Rule, fixes_total, rule_options
from portia_tui.core.language.vocabulary import VOCABULARIES, is_empty, smallest_vocabulary

#: how many edits undo remembers


@dataclass
class EditorModel:
    puzzle: Puzzle
    #: where "save" writes (a .toml file); None for a new or imported puzzle
    path: Path | None = None
    #: the file the puzzle came from when it was imported (.txt or .json)
    source: Path | None = None
    #: the puzzle as it is on disk at `path` (None: nothing saved yet)
    saved: Puzzle | None = None
    #: what `path` looked like on disk when it was opened or last saved (None: no file)
    stamp: FileStamp | None = None
    generation: int = 0
    #: what the screen shows besides the puzzle (plain settings, not puzzle state)
    show_values: bool = False
    assistant: bool = True
    #: the statement kinds the menus, marks and repairs offer (a name in
    #: vocabulary.VOCABULARIES: "classic" the six of the thesis, "full" the whole language)
    vocabulary: str = "classic"
    #: the target while the puzzle names none; None: not known yet (the screen then takes the
    #: puzzle's solution once the analysis has found one)
    fallback_target: int | None = None
    history: History[Puzzle] = field(default_factory=History)

    # ----------------------------------------------------------------- constructors
    @classmethod
    def new(cls, puzzle: Puzzle, path: Path | None = None,
            target: int | None = None) -> "EditorModel":
        """A fresh puzzle: not dirty unless it is meant for a file that does not exist yet."""
        return cls(puzzle, path=path, saved=None if path is not None else puzzle,
                   fallback_target=target)

    @classmethod
    def opened(cls, puzzle: Puzzle, path: Path) -> "EditorModel":
        """A puzzle read from `path`: .toml files save back there; others are imports."""
        if path.suffix.lower() == ".toml":
            return cls(puzzle, path=path, saved=puzzle, stamp=FileStamp.of(path))
        return cls(puzzle, path=None, source=path, saved=puzzle)

    # ----------------------------------------------------------------- state
    @property
    def dirty(self) -> bool:
        """True when there are changes a save would keep."""
        return self.saved is None or self.puzzle != self.saved

    @property
    def can_undo(self) -> bool:
        return self.history.can_undo

    @property
    def can_redo(self) -> bool:
        return self.history.can_redo

    def suggested_path(self) -> Path:
        """Where a save-as dialog should start: the file, a .toml beside an import, or cwd."""
        if self.path is not None:
            return self.path
        if self.source is not None:
            return self.source.with_suffix(".toml")
        return Path.cwd() / "puzzle.toml"

    @property
    def target(self) -> int | None:
        """The target casket's index: the puzzle's, else the fallback (None: not known yet)."""
        puzzle = self.puzzle
        if puzzle.target is not None and puzzle.target in puzzle.names:
            return puzzle.names.index(puzzle.target)
        return self.fallback_target

    def target_or(self, fallback: int = 0) -> int:
        """The target casket (a valid index for the current puzzle)."""
        target = self.target if self.target is not None else fallback
        return max(0, min(target, len(self.puzzle.caskets) - 1))

    def changed_on_disk(self) -> bool:
        """True when `path` changed on disk since it was opened or last saved."""
        if self.path is None:
            return False
        now = FileStamp.of(self.path)
        if self.stamp is None:
            return now is not None  # a file appeared where none was
        return now != self.stamp

    @property
    def kinds_used(self) -> frozenset[str]:
        """The statement kinds the puzzle's filled slots use."""
        return frozenset(st.kind for _ci, st in self.puzzle.flat if not is_empty(st))

    def widen_vocabulary(self) -> tuple[str, frozenset[str]] | None:
        """When the puzzle uses statement kinds the menus' vocabulary lacks, switch to the
        smallest vocabulary that holds every kind it uses. Returns (the vocabulary left, the
        kinds it lacked), or None when the vocabulary held them all already (no change)."""
        used = self.kinds_used
        lacking = used - set(VOCABULARIES.get(self.vocabulary, ()))
        if not lacking:
            return None
        old = self.vocabulary
        self.vocabulary = smallest_vocabulary(used)
        return old, frozenset(lacking)

    # ----------------------------------------------------------------- edits
    def apply(self, puzzle: Puzzle) -> bool:
        """Make `puzzle` current, remembering the old one for undo. False when nothing changed."""
        if puzzle == self.puzzle:
            return False
        self.history.record(self.puzzle)
        self._set(puzzle)
        return True

    # ----------------------------------------------------------------- rules
    def rule_choices(self) -> list[Rule]:
        """The rules menu: every valid rule for the layout the puzzle does not state yet (no
        second exact total: see :meth:`total_held`)."""
        stated = set(self.puzzle.rules)
        held = self.total_held()
        return [r for r in rule_options(self.puzzle.layout)
                if r not in stated and not (held is not None and fixes_total(r))]

    def total_held(self) -> Rule | None:
        """The exact total the puzzle states ("Exactly K statements are true|false", m among
        them), if any: a puzzle states one at most, so the rules menu offers no other."""
        return next((r for r in self.puzzle.rules if fixes_total(r)), None)

    def with_m(self, m: int | None) -> Puzzle:
        """The puzzle with m set (or taken out: None); apply() it. Raises PuzzleError when the
        puzzle states another exact total ("Exactly K statements are false")."""
        return self._checked(self.puzzle.with_m(m))

    def with_rule_added(self, rule: Rule) -> Puzzle:
        """The puzzle with one more rule (apply() it: an undoable edit). Raises PuzzleError when
        the rule is stated already or the puzzle would break a rule it keeps now."""
        if rule in self.puzzle.rules:
            raise PuzzleError("the puzzle states that rule already")
        return self._checked(self.puzzle.replace(rules=self.puzzle.rules + (rule,)))

    def with_rule_removed(self, rule: Rule) -> Puzzle:
        """The puzzle without `rule` (apply() it: an undoable edit). Raises PuzzleError when a
        statement needs the rule (the maker statements need the Bellini/Cellini rule)."""
        rules = self.puzzle.rules
        if rule not in rules:
            raise PuzzleError("the puzzle does not state that rule")
        at = rules.index(rule)
        return self._checked(self.puzzle.replace(rules=rules[:at] + rules[at + 1:]))

    def _checked(self, puzzle: Puzzle) -> Puzzle:
        before = set(self.puzzle.problems())
        new = [p for p in puzzle.problems() if p not in before]
        if new:
            index, message = new[0]
            raise PuzzleError(message if index is None else f"statement {index + 1}: {message}")
        return puzzle

    def undo(self) -> bool:
        state = self.history.back(self.puzzle)
        if state is None:
            return False
        self._set(state)
        return True

    def redo(self) -> bool:
        state = self.history.forward(self.puzzle)
        if state is None:
            return False
        self._set(state)
        return True

    def mark_saved(self, path: Path) -> None:
        self.path = path
        self.source = None
        self.saved = self.puzzle
        self.stamp = FileStamp.of(path)

    def _set(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.generation += 1
