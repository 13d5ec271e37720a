"""portia's own TOML format (format = 1), made to be read and edited by hand.

    format = 1
    title = "Smullyan's first casket"
    author = "after Raymond Smullyan"
    notes = "Exactly one statement is true."
    m = 1
    target = "silver"        # optional: the casket the author builds toward

    [[caskets]]
    name = "gold"
    statements = ["The portrait is in this casket"]

    [[caskets]]
    name = "silver"
    statements = ["The portrait is not in this casket"]

    [[caskets]]
    name = "lead"
    statements = ["The portrait is not in the gold casket"]

Statements are the canonical English sentences (any letter case, singular or plural). A puzzle
being written may leave slots empty (`""`) and m out (m still open). `target` (optional) names
the casket the author is building toward; readers that do not use it ignore it.
:func:`puzzle_from_table` and :func:`puzzle_to_table` are shared with the pack format.
"""

from __future__ import annotations

import tomllib
from typing import Any

from ..errors import FormatError, PortiaError
from ..model import Casket, Puzzle, check_name
from ..vocabulary import Layout
from .common import key_line, line_of, statement_from_sentence, toml_error

FORMAT = 1
META = ("title", "author", "notes")


def parse_toml(text: str, path: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message, line = toml_error(exc)
        raise FormatError(f"TOML syntax: {message}", path, line) from None


def puzzle_from_table(table: dict[str, Any], text: str, path: str, start: int = 1,
                      allowed: tuple[str, ...] = ()) -> Puzzle:
    """A puzzle from a parsed TOML table; `start` is the line where the table begins in text,
    used to point at the right line; `allowed` are extra keys the caller handles."""
    known = {"format", "m", "target", "caskets", *META, *allowed}
    for key in table:
        if key not in known:
            raise FormatError(f"unknown key {key!r}", path, key_line(text, key, start))
    meta: dict[str, str] = {}
    for key in META:
        value = table.get(key, "")
        if not isinstance(value, str):
            raise FormatError(f"{key} must be a string", path, key_line(text, key, start))
        meta[key] = value
    m = table.get("m")  # no m: m is still open (a puzzle being written)
    if m is not None and (not isinstance(m, int) or isinstance(m, bool)):
        raise FormatError("m must be a whole number", path, key_line(text, "m", start))
    raw = table.get("caskets")
    if not isinstance(raw, list) or not raw:
        raise FormatError("missing [[caskets]]: a puzzle needs caskets", path,
                          key_line(text, "caskets", start) or start)
    names: list[str] = []
    lines: list[int] = []
    cursor = start
    for entry in raw:
        if not isinstance(entry, dict):
            raise FormatError("each casket must be a table with name and statements", path, cursor)
        for key in entry:
            if key not in ("name", "statements"):
                raise FormatError(f"unknown casket key {key!r}", path, key_line(text, key, cursor))
        name = entry.get("name")
        where = key_line(text, "name", cursor) or cursor
        if not isinstance(name, str):
            raise FormatError("each casket needs a name (a string)", path, where)
        cursor = where + 1
        name = name.strip().lower()
        bad = check_name(name)
        if bad:
            raise FormatError(bad, path, where)
        if name in names:
            raise FormatError(f"two caskets are named {name!r}", path, where)
        names.append(name)
        lines.append(where)
    counts = []
    for entry, where in zip(raw, lines):
        sts = entry.get("statements")
        if not isinstance(sts, list) or not all(isinstance(s, str) for s in sts):
            raise FormatError(f"the {entry['name']} casket needs statements = [\"...\", ...]",
                              path, key_line(text, "statements", where) or where)
        if not sts:
            raise FormatError(
                f"the {entry['name']} casket holds no statement (n must be 1 or more)", path,
                key_line(text, "statements", where) or where)
        counts.append(len(sts))
    target = table.get("target")
    if target is not None:
        where = key_line(text, "target", start)
        if not isinstance(target, str):
            raise FormatError("target must be a string (a casket's name)", path, where)
        target = target.strip().lower()
        if target not in names:
            raise FormatError(f"target {target!r} is not one of the caskets "
                              f"({', '.join(names)})", path, where)
    caskets = []
    layout = Layout(tuple(names), tuple(counts))
    for ci, (entry, where) in enumerate(zip(raw, lines)):
        parsed = []
        for sentence in entry["statements"]:
            try:
                parsed.append(statement_from_sentence(sentence, layout, ci))
            except PortiaError as exc:
                at = line_of(text, sentence.strip(), where) or where
                raise FormatError(f"{exc.message} (on the {names[ci]} casket)", path, at) from None
        caskets.append(Casket(names[ci], tuple(parsed)))
    size = sum(counts)
    if m is not None and not 0 <= m <= size:
        raise FormatError(f"m = {m} is out of range: it must be between 0 and {size}", path,
                          key_line(text, "m", start))
    return Puzzle(tuple(caskets), m, target=target, **meta).validate()


def loads(text: str, path: str = "<toml>") -> Puzzle:
    data = parse_toml(text, path)
    version = data.get("format", FORMAT)
    if version != FORMAT:
        raise FormatError(f"unsupported format = {version!r} (this portia reads format = {FORMAT})",
                          path, key_line(text, "format"))
    return puzzle_from_table(data, text, path)


def puzzle_to_table(puzzle: Puzzle, meta: bool = True) -> dict[str, Any]:
    table: dict[str, Any] = {}
    if meta:
        for key in META:
            value = getattr(puzzle, key)
            if value:
                table[key] = value
    if puzzle.m is not None:
        table["m"] = puzzle.m
    if puzzle.target is not None:
        table["target"] = puzzle.target
    table["caskets"] = [
        {"name": c.name, "statements": [puzzle.sentence(puzzle.number(ci, j))
                                        for j in range(len(c.statements))]}
        for ci, c in enumerate(puzzle.caskets)
    ]
    return table


def dumps(puzzle: Puzzle) -> str:
    import tomli_w

    return tomli_w.dumps({"format": FORMAT, **puzzle_to_table(puzzle)}, multiline_strings=True)
