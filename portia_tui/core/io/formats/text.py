"""The thesis's plain-text format (section 3.1).

    Portia 2, There are 4 true statements
    <n gold statements>
    <n silver statements>
    <n lead statements>

Import accepts any letter case, "There is 1 true statement", blank lines, CRLF and a final
full stop; export writes "There are M true statements", the one form the toolkit reads.
"""

from __future__ import annotations

import re

from portia_tui.core.errors import FormatError, PortiaError
from portia_tui.core.language.model import DEFAULT_CASKETS, Casket, Puzzle
from portia_tui.core.language.vocabulary import CLASSIC_KINDS, Layout
from portia_tui.core.language.words import number_said, quoted
from portia_tui.core.io.formats.common import statement_from_sentence, thesis_refusal

HEADER = re.compile(
    r"^portia\s*-?\s*(?P<n>\d{1,9})\s*,?\s*there\s+(?:are|is)\s+(?P<m>\d{1,9})\s+true\s+statements?\s*\.?$",
    re.IGNORECASE,
)


def loads(text: str, path: str = "<text>") -> Puzzle:
    lines = [(no, line.strip()) for no, line in enumerate(text.split("\n"), 1) if line.strip()]
    if not lines:
        raise FormatError("the file is empty", path, 1)
    head_no, head = lines[0]
    match = HEADER.match(" ".join(head.split()))
    if not match:
        raise FormatError(
            f"bad header {quoted(head)}: expected 'Portia N, There are M true statements'", path, head_no)
    n, m = int(match["n"]), int(match["m"])
    if n < 1:
        raise FormatError("n = 0: every casket needs at least one statement", path, head_no)
    body = lines[1:]
    names = DEFAULT_CASKETS
    want = n * len(names)
    if len(body) < want:
        last = body[-1][0] if body else head_no
        raise FormatError(
            f"too few statements: Portia {n} needs {want} ({n} on each of "
            f"{', '.join(names)}), the file has {len(body)}", path, last)
    if len(body) > want:
        raise FormatError(
            f"too many statements: Portia {n} needs {want}, the file has {len(body)}",
            path, body[want][0])
    layout = Layout(names, (n,) * len(names))
    caskets = []
    for ci, name in enumerate(names):
        sts = []
        for no, sentence in body[ci * n:(ci + 1) * n]:
            try:
                st = statement_from_sentence(sentence, layout, ci)
            except PortiaError as exc:
                raise FormatError(f"{exc.message} (on the {name} casket)", path, no) from None
            if st.kind not in CLASSIC_KINDS:  # as export refuses it (common.thesis_refusal)
                raise FormatError(f"the thesis text format holds only the six statement kinds "
                                  f"of the thesis, not {quoted(sentence)} (portia's TOML holds "
                                  "it)", path, no)
            sts.append(st)
        caskets.append(Casket(name, tuple(sts)))
    if not 0 <= m <= want:
        raise FormatError(f"m = {number_said(m)} is out of range: Portia {n} has {want} statements", path, head_no)
    return Puzzle(tuple(caskets), m).validate()


def header(n: int | None, m: int | None) -> str:
    """The format's first line, 'Portia 2, There are 4 true statements' (the one form written)."""
    return f"Portia {n}, There are {m} true statements"


def dumps(puzzle: Puzzle) -> str:
    if not puzzle.is_classic:
        raise FormatError(
            "the thesis text format holds only gold, silver and lead caskets with the same "
            "number of statements each")
    refusal = thesis_refusal(puzzle, "the thesis text format")
    if refusal:
        raise FormatError(refusal)
    lines = [header(puzzle.n, puzzle.m)]
    lines += [s for _ci, s in puzzle.sentences()]
    return "\n".join(lines) + "\n"
