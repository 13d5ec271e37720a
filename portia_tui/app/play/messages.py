"""Messages the player's screens send up to the app."""

from __future__ import annotations

from textual.message import Message


class Navigate(Message):
    """Go to the next (+1) or previous (-1) puzzle of the pack."""

    def __init__(self, delta: int) -> None:
        super().__init__()
        self.delta = delta


class OpenPuzzle(Message):
    """Play the puzzle at this position of the pack (0-based)."""

    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = index
