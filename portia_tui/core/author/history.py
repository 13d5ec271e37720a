"""Undo and redo for an editing session: one history of immutable states, shared by the casket
editor's model (`editing.EditorModel`) and the truth-puzzle editor's (`world_editing.WorldEditor`).

The history keeps the states before the current one (undo) and those undone since the last edit
(redo). A new edit forgets the redo side, and at most `limit` undo steps are kept."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

State = TypeVar("State")

#: how many undo steps a session keeps
HISTORY_LIMIT = 500


@dataclass
class History(Generic[State]):
    limit: int = HISTORY_LIMIT
    _undo: list[State] = field(default_factory=list)
    _redo: list[State] = field(default_factory=list)

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def record(self, current: State) -> None:
        """An edit leaves `current`: it can be undone back to, and the redo side is gone."""
        self._undo.append(current)
        del self._undo[:-self.limit]
        self._redo.clear()

    def back(self, current: State) -> State | None:
        """The state before `current` (None when there is none); `current` can be redone."""
        if not self._undo:
            return None
        self._redo.append(current)
        return self._undo.pop()

    def forward(self, current: State) -> State | None:
        """The state undone last (None when there is none); `current` can be undone again."""
        if not self._redo:
            return None
        self._undo.append(current)
        return self._redo.pop()
