"""What every file format shares: reading a puzzle file, finding lines, parsing sentences.
Reading and writing files is :mod:`portia_tui.core.io.files` (re-exported here)."""

from __future__ import annotations

import os
import re
from functools import lru_cache

from portia_tui.core.errors import FormatError, PortiaError
from portia_tui.core.io.files import (SMALL_LIMIT, atomic_write, check_target, decode, parse_json,  # noqa: F401
                     parse_toml, read_bytes, toml_error)
from portia_tui.core.language.words import quoted

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from portia_tui.core.language.vocabulary import Layout, Statement


def read_text(path: str | os.PathLike[str], limit: int = SMALL_LIMIT) -> str:
    """A puzzle file's text; a clear FormatError for a missing, special, too large, binary,
    empty or non-UTF-8 file (see :mod:`portia_tui.core.io.files`)."""
    name = str(path)
    data = read_bytes(path, limit, "puzzle file")
    if b"\x00" in data:
        raise FormatError("binary file, not a puzzle", name)
    text = decode(data, name)
    if not text.strip():
        raise FormatError("the file is empty", name, 1)
    return text


_LINES: tuple[str | None, tuple[str, ...]] = (None, ())


def lines_of(text: str) -> tuple[str, ...]:
    """text's lines, kept for the last text asked about: a pack's reader asks for the lines of
    one text thousands of times. Kept by identity, not equality: an lru_cache compared a new
    copy of the same pack with the cached one, all of it, at every call (seconds a pack)."""
    global _LINES
    held = _LINES
    if held[0] is text:
        return held[1]
    lines = tuple(text.split("\n"))
    _LINES = (text, lines)
    return lines


def line_of(text: str, needle: str, start: int = 1, end: int | None = None) -> int | None:
    """The 1-based number of the first line at or after `start` (and before `end`, when
    given) that contains `needle`."""
    lines = lines_of(text)
    for number in range(max(start, 1), _stop(lines, end)):
        if needle in lines[number - 1]:
            return number
    return None


def key_line(text: str, key: str, start: int = 1, end: int | None = None) -> int | None:
    """The 1-based number of the first line at or after `start` (and before `end`, when
    given) that sets TOML `key` (bare or quoted: ``m =``, ``"m" =``, ``'m' =``). A pack's
    reader gives each puzzle's `end`, so looking for a key a puzzle lacks does not read the
    rest of the pack (which made reading a pack quadratic)."""
    pattern = _key_pattern(key)
    lines = lines_of(text)
    for number in range(max(start, 1), _stop(lines, end)):
        if pattern.match(lines[number - 1]):
            return number
    return None


def _stop(lines: tuple[str, ...], end: int | None) -> int:
    """The line number after the last one to search: `end`, or past the last line."""
    return len(lines) + 1 if end is None else min(end, len(lines) + 1)


@lru_cache(maxsize=64)
def _key_pattern(key: str) -> re.Pattern[str]:
    k = re.escape(key)
    return re.compile(rf"""^\s*(?:{k}|"{k}"|'{k}')\s*=""")


def checked(st: Statement, layout: Layout, owner: int, rules=()) -> Statement:
    """st, when it may stand on casket `owner` of a puzzle stating `rules` (rule kind keys);
    else PortiaError saying why (no location)."""
    from portia_tui.core.language.vocabulary import problem

    bad = problem(st, layout, owner, rules)
    if bad:
        raise PortiaError(bad)
    return st


def statement_from_sentence(sentence: str, layout: Layout, owner: int, rules=()) -> Statement:
    """Parse and check one sentence on casket `owner` (of a puzzle stating `rules`, rule kind
    keys); raise PortiaError (no location)."""
    from portia_tui.core.language.vocabulary import parse_sentence

    st = parse_sentence(sentence, layout, owner)
    if st is None:
        raise PortiaError(f"unknown statement {quoted(sentence.strip())}")
    return checked(st, layout, owner, rules)


def thesis_refusal(puzzle, what: str) -> str | None:
    """Why the thesis format `what` cannot hold the puzzle (one line), or None."""
    from portia_tui.core.language.rules import rule_sentence
    from portia_tui.core.language.vocabulary import CLASSIC_KINDS, KINDS

    if puzzle.side_rules:
        said = rule_sentence(puzzle.side_rules[0], puzzle.layout)
        return f"{what} holds only 'Exactly M statements are true': this puzzle states {said!r}"
    for _ci, st in puzzle.flat:
        if st.kind and st.kind not in CLASSIC_KINDS:
            return (f"{what} holds only the six statement kinds of the thesis: this puzzle has "
                    f"'{KINDS[st.kind].summary}'")
    return None
