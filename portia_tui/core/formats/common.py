"""What every file format shares: reading text safely, finding lines, atomic writes."""

from __future__ import annotations

import os
import re

from ..errors import FormatError, PortiaError
from ..vocabulary import Layout, Statement, parse_sentence, problem


def read_text(path: str | os.PathLike[str]) -> str:
    """The file's text; a clear FormatError for a missing, binary, empty or non-UTF-8 file."""
    name = str(path)
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        raise FormatError("no such file", name) from None
    except IsADirectoryError:
        raise FormatError("is a folder, not a puzzle file", name) from None
    except OSError as exc:
        raise FormatError(f"cannot read: {exc.strerror or exc}", name) from None
    if b"\x00" in data:
        raise FormatError("binary file, not a puzzle", name)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise FormatError("not UTF-8 text", name, line) from None
    if not text.strip():
        raise FormatError("the file is empty", name, 1)
    return text.replace("\r\n", "\n").replace("\r", "\n")


def line_of(text: str, needle: str, start: int = 1) -> int | None:
    """The 1-based number of the first line at or after `start` that contains `needle`."""
    for number, line in enumerate(text.split("\n"), 1):
        if number >= start and needle in line:
            return number
    return None


def key_line(text: str, key: str, start: int = 1) -> int | None:
    """The 1-based number of the first line at or after `start` that sets TOML `key`
    (bare or quoted: ``m =``, ``"m" =``, ``'m' =``)."""
    k = re.escape(key)
    pattern = re.compile(rf"""^\s*(?:{k}|"{k}"|'{k}')\s*=""")
    for number, line in enumerate(text.split("\n"), 1):
        if number >= start and pattern.match(line):
            return number
    return None


def toml_error(exc: ValueError) -> tuple[str, int | None]:
    """(message, line) of a tomllib.TOMLDecodeError: Python 3.11 only gives the place inside
    the message ('... (at line 3, column 5)'), so it is taken out of the message here."""
    message = str(exc)
    found = re.search(r"\(at line (\d+)", message)
    message = re.sub(r"\s*\(at line \d+, column \d+\)", "", message)
    message = re.sub(r"\s*\(at end of document\)", " (at the end)", message)
    return message, int(found.group(1)) if found else None


def checked(st: Statement, layout: Layout, owner: int, rules=()) -> Statement:
    """st, when it may stand on casket `owner` of a puzzle stating `rules` (rule kind keys);
    else PortiaError saying why (no location)."""
    bad = problem(st, layout, owner, rules)
    if bad:
        raise PortiaError(bad)
    return st


def statement_from_sentence(sentence: str, layout: Layout, owner: int, rules=()) -> Statement:
    """Parse and check one sentence on casket `owner` (of a puzzle stating `rules`, rule kind
    keys); raise PortiaError (no location)."""
    st = parse_sentence(sentence, layout, owner)
    if st is None:
        raise PortiaError(f"unknown statement {sentence.strip()!r}")
    return checked(st, layout, owner, rules)


def thesis_refusal(puzzle, what: str) -> str | None:
    """Why the thesis format `what` cannot hold the puzzle (one line), or None."""
    from ..rules import rule_sentence
    from ..vocabulary import CLASSIC_KINDS, KINDS

    if puzzle.side_rules:
        said = rule_sentence(puzzle.side_rules[0], puzzle.layout)
        return f"{what} holds only 'Exactly M statements are true': this puzzle states {said!r}"
    for _ci, st in puzzle.flat:
        if st.kind and st.kind not in CLASSIC_KINDS:
            return (f"{what} holds only the six statement kinds of the thesis: this puzzle has "
                    f"'{KINDS[st.kind].summary}'")
    return None


def check_target(path: str | os.PathLike[str], force: bool = False) -> None:
    """The rules for a file portia is about to write, checked before any work is done:
    the folder must exist, the path must not be a folder, and an existing file is replaced
    only when force is true. Raises FormatError naming the path."""
    target = os.fspath(path)
    if os.path.isdir(target):
        raise FormatError("is a folder, not a file", target)
    if os.path.lexists(target) and not force:
        raise FormatError("already exists (use --force to replace it)", target)
    folder = os.path.dirname(target) or "."
    if not os.path.isdir(folder):
        raise FormatError(f"no such folder {folder!r}", target)


def atomic_write(path: str | os.PathLike[str], text: str, force: bool = False) -> None:
    """Write text to path through a temporary file in the same folder and a rename.

    Refuses to replace an existing file unless force is true (see :func:`check_target`); a
    write the system refuses (permissions, read-only or full disk) is a FormatError too.
    """
    import tempfile

    check_target(path, force)
    target = os.fspath(path)
    folder = os.path.dirname(target) or "."
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".tmp",
                                   dir=folder)
    except OSError as exc:
        raise FormatError(f"cannot write here: {exc.strerror or exc}", target) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if os.path.exists(target):
            try:
                os.chmod(tmp, os.stat(target).st_mode & 0o777)
            except OSError:
                pass
        else:
            os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise FormatError(f"cannot write: {exc.strerror or exc}", target) from None
        raise
