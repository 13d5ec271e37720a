"""Small pieces of English every layer shares: lists read aloud, counted nouns.

Plain Python, no puzzle logic: 'statements 1, 3 and 4', '2 hints', '1 or 3'. The editor,
the player and the CLI use these so the same thing is always said the same way.
"""

from __future__ import annotations

from typing import Iterable


def joined(items: Iterable[object], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c' ('' for nothing); `last` may be 'or'."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def numbers(indices: Iterable[int]) -> str:
    """Statement numbers as people read them, from 0-based indices: '1, 3 and 4'."""
    return joined(i + 1 for i in indices)


def plural(count: int, noun: str, plural_form: str | None = None) -> str:
    """'1 hint', '2 hints', '0 hints' (`plural_form` for nouns not made with -s)."""
    return f"{count} {noun if count == 1 else plural_form or noun + 's'}"
