"""Truth puzzles (knights and knaves, werewolves, the lady or the tiger) in a pack file.

A pack entry that holds a truth puzzle says ``format = 3``; its other keys are those of a
format-3 puzzle file (core/io/formats/world_toml.py), its entities under
``[[puzzles.entities]]``, beside the pack's own keys::

    [[puzzles]]
    id = "001"
    format = 3
    difficulty = "steady"
    rating = 2.07
    solution = "5be0c1d2a9f3"     # a keyed hash of the answer: a glance does not spoil it
    title = "Puzzle 001"
    attributes = { type = ["knight", "knave"] }
    speaker_attr = "type"
    modes = { knight = "true", knave = "false" }

    [[puzzles.entities]]
    name = "Ann"
    says = ["Ben is a knave"]

The stored solution is a short SHA-256 digest of the entry's id and its answer (the answer as
:func:`answer_text` writes it). Reading a pack never solves a puzzle: the digest is kept
sealed (:attr:`PackPuzzle.token`) and compared when a puzzle is solved (``pack check``, the
player).

Each entry is read from its own lines of the pack (the lines between its ``[[puzzles]]``
header and the next), so a pack reads in time linear in its size.

Public API: :func:`is_truth_entry`, :func:`read_entry`, :func:`entry_text`,
:func:`answer_text`, :func:`answer_token`, :func:`family_of`, :func:`shape`,
:func:`check_entry` (pack.py's build_island_pack makes a pack of generated ones).
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from portia_tui.core.errors import FormatError

if TYPE_CHECKING:
    from portia_tui.core.language.world import WorldPuzzle
    from portia_tui.core.packs.pack import PackPuzzle

#: the format an entry's ``format`` key gives a truth puzzle, and a pack holding one
FORMAT = 3
#: the keys a truth-puzzle entry has besides those of a format-3 puzzle file
ENTRY_KEYS = ("id", "format", "difficulty", "rating", "solution")
HEADER = "[[puzzles.entities]]"


def is_truth_entry(table: object) -> bool:
    return isinstance(table, dict) and table.get("format") == FORMAT


def answer_text(answer: dict[str, Any]) -> str:
    """An answer (the general engine's: "Ann.type" -> "knight", "where content=lady" ->
    ["II"]) as one canonical string."""
    return json.dumps(answer, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def answer_token(pid: str, answer: dict[str, Any]) -> str:
    return hashlib.sha256(f"portia:{pid}:{answer_text(answer)}".encode()).hexdigest()[:12]


def read_entry(table: dict[str, Any], lines: list[str], path: str, start: int,
               end: int | None) -> WorldPuzzle:
    """The truth puzzle of one [[puzzles]] entry; `lines` are the whole pack's (split once),
    the entry's are start..end-1 (end None: to the end): each entry reads only its own lines,
    so a pack reads in linear time. FormatError with the pack's line numbers."""
    from portia_tui.core.io.formats import world_toml

    own = "\n".join(world_toml_header(line) for line in lines[start - 1:(end - 1 if end else None)])
    body = {k: v for k, v in table.items() if k not in ENTRY_KEYS}
    try:
        return world_toml.from_table({"format": FORMAT, **body}, own, path)
    except FormatError as err:
        line = err.line + start - 1 if err.line is not None else start
        raise FormatError(err.message, path, line) from None


def world_toml_header(line: str) -> str:
    """A pack's entity header as the puzzle file's (the lines keep their numbers)."""
    return "[[entities]]" if line.strip().replace(" ", "") == HEADER else line


def entry_text(entry: PackPuzzle) -> str:
    """One [[puzzles]] block of TOML for a truth-puzzle entry."""
    from portia_tui.core.io.formats import world_toml

    puzzle = entry.world
    head = [f"id = {world_toml.toml_value(entry.id)}", f"format = {FORMAT}",
            f"difficulty = {world_toml.toml_value(entry.difficulty)}",
            f"rating = {round(float(entry.rating), 2)!r}"]
    if entry.token is not None:
        head.append(f"solution = {world_toml.toml_value(entry.token)}")
    body = world_toml.dumps(puzzle).split("\n")
    body = [(HEADER if line == "[[entities]]" else line) for line in body
            if not line.startswith("format = ")]
    return "[[puzzles]]\n" + "\n".join(head + body).rstrip("\n") + "\n"


def family_of(puzzle: WorldPuzzle) -> str:
    """The family a truth puzzle belongs to, read off its attributes."""
    if "wolf" in puzzle.attributes:
        return "werewolves"
    if "content" in puzzle.attributes:
        return "lady-tiger"
    if puzzle.speaker_attr is not None:
        return "knights-knaves"
    return "truth puzzle"


def shape(puzzle: WorldPuzzle) -> str:
    """'knights-knaves, 6 people' or 'lady-tiger, 3 rooms'."""
    fam = family_of(puzzle)
    k = len(puzzle.entities)
    noun = "room" if fam == "lady-tiger" else "person" if k == 1 else "people"
    noun = noun + ("s" if noun == "room" and k != 1 else "")
    return f"{fam}, {k} {noun}"


def check_entry(entry: PackPuzzle) -> tuple[bool, str]:
    """Solve the entry with the general engine: one answer, the stored one (when the pack
    stores one), and the level the grader (core/explain/reasoning.py) gives it. (ok, what
    was found)."""
    from portia_tui.core.explain.reasoning import grade
    from portia_tui.core.solve.general import solve

    puzzle = entry.world
    result = solve(puzzle)
    said = shape(puzzle)
    if not result.unique:
        count = len(result.answers)
        return False, (f"{said}: {count} answers, not one" if count
                       else f"{said}: no answer (a paradox)")
    if entry.token is not None and entry.token != answer_token(entry.id, result.answers[0]):
        return False, f"{said}: one answer, but not the stored one"
    stored = "no stored solution to compare" if entry.token is None else "as stored"
    graded = grade(puzzle)
    if graded.level != entry.difficulty:
        return False, (f"{said}: one answer ({stored}), but it rates {graded.level} "
                       f"({graded.score:.2f}), not {entry.difficulty} as stored")
    return True, f"{said}: one answer ({stored}), {graded.level}"


__all__ = ["ENTRY_KEYS", "FORMAT", "answer_text", "answer_token", "check_entry",
           "entry_text", "family_of", "is_truth_entry", "read_entry", "shape"]
