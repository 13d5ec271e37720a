"""Puzzle packs: many puzzles in one TOML file.

    format = 1
    type = "pack"
    title = "Twelve caskets"
    author = "portia generate"
    created = "2026-11-22T18:30:00+00:00"

    [generator]            # the settings and seed that made the pack (free-form)
    n = 3
    seed = 7

    [[puzzles]]
    id = "001"
    title = "Puzzle 1"
    n = 3
    m = 4
    difficulty = "steady"     # gentle, steady, tricky, fiendish (old packs: easy/medium/hard)
    rating = 2.09
    solution = "9c1f0e4b6a2d"   # a keyed hash of the answer: a glance does not spoil it

    [[puzzles.caskets]]
    name = "gold"
    statements = ["...", "...", "..."]

The solution is stored as a short SHA-256 digest of the pack puzzle's id and the casket's
name; reading it back means trying each casket, which a program does and an eye does not.

An entry with ``format = 3`` holds a truth puzzle (islanders, doors) in the keys of a format-3
file, its entities under ``[[puzzles.entities]]``; a pack holding one says ``format = 3`` at
the top. core/packs/island_pack.py reads and writes those entries.
"""

from __future__ import annotations

import copy
import hashlib
import os
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Iterator

from portia_tui.core.errors import FormatError, PortiaError
from portia_tui.core.io.files import LARGE_LIMIT, reading
from portia_tui.core.io.formats.common import atomic_write, key_line, lines_of, read_text
from portia_tui.core.io.formats.native import (FORMAT, check_format, format_for, multiline_safe,
                                               parse_toml, puzzle_from_table, puzzle_to_table)
# the one list of levels; pack.DIFFICULTIES stays importable
from portia_tui.core.explain.difficulty import DIFFICULTIES, level_name
from portia_tui.core.language.model import Puzzle
from portia_tui.core.packs import island_pack
from portia_tui.core.packs.twins import twin_key
from portia_tui.core.language.words import quoted, verdict

if TYPE_CHECKING:
    from portia_tui.core.language.world import WorldPuzzle
    from portia_tui.core.packs.islands import Island, IslandSettings
    from portia_tui.core.packs.generator import Generated, Settings
_ENTRY_KEYS = ("id", "n", "difficulty", "rating", "solution")
#: the largest rating a pack may store (ratings are a few points; this only keeps them finite)
MAX_RATING = 1e6


def encode_solution(pid: str, casket: str) -> str:
    return hashlib.sha256(f"portia:{pid}:{casket}".encode()).hexdigest()[:12]


def decode_solution(pid: str, token: str, names: tuple[str, ...]) -> str | None:
    """The casket name whose digest is token, or None."""
    for name in names:
        if encode_solution(pid, name) == token:
            return name
    return None


@dataclass(frozen=True)
class PackPuzzle:
    id: str
    #: a casket puzzle, or a truth puzzle (WorldPuzzle: islanders, doors; core/packs/island_pack.py)
    puzzle: Puzzle | WorldPuzzle
    difficulty: str = "steady"
    rating: float = 0.0
    #: the solution casket's name (decoded), or None when the file stores none
    solution: str | None = None
    #: a truth puzzle's stored solution, still sealed (island_pack.answer_token), or None
    token: str | None = None

    @property
    def is_truth(self) -> bool:
        return not isinstance(self.puzzle, Puzzle)

    @property
    def casket(self) -> Puzzle:
        """The casket puzzle (TypeError for a truth puzzle: its own code reads those)."""
        if not isinstance(self.puzzle, Puzzle):
            raise TypeError(f"puzzle {self.id} is a truth puzzle, not a casket puzzle")
        return self.puzzle

    @property
    def world(self) -> WorldPuzzle:
        """The truth puzzle (TypeError for a casket puzzle)."""
        if isinstance(self.puzzle, Puzzle):
            raise TypeError(f"puzzle {self.id} is a casket puzzle, not a truth puzzle")
        return self.puzzle

    @property
    def title(self) -> str:
        return self.puzzle.title or f"Puzzle {self.id}"


@dataclass(frozen=True)
class Pack:
    title: str
    puzzles: tuple[PackPuzzle, ...]
    author: str = ""
    created: str = ""
    generator: dict[str, Any] = field(default_factory=dict)

    def by_id(self, pid: str) -> PackPuzzle:
        for p in self.puzzles:
            if p.id == pid:
                return p
        raise KeyError(pid)

    def ids_said(self, most: int = 8) -> str:
        return ids_said([p.id for p in self.puzzles], most)


def ids_said(pids, most: int = 8) -> str:
    """The ids for a message: '001, 002, 003', or the first `most` and how many in all
    ('001, 002, ..., 008, ... (4,000 in all)'); a long id is cut short."""
    ids = [pid if len(pid) <= 20 else pid[:20] + "..." for pid in pids]
    if len(ids) <= most:
        return ", ".join(ids)
    return ", ".join(ids[:most]) + f", ... ({len(ids):,} in all)"


_PUZZLES_HEADER = re.compile(r"^\s*\[\[\s*puzzles\s*\]\]")


def _header_lines(text: str) -> list[int]:
    """The line of each [[puzzles]] header."""
    return [no for no, line in enumerate(lines_of(text), 1)
            if "[[" in line and _PUZZLES_HEADER.match(line)]


def loads_pack(text: str, path: str = "<pack>", sentences: bool = True) -> Pack:
    """The pack in text; FormatError (file, line) for anything else, whatever the input.
    With `sentences` False, each puzzle is its outline (caskets, statement counts, rules,
    no sentences read: native.puzzle_from_table), which is all a listing shows."""
    try:
        with reading(path):
            pack = _loads_pack(text, path, sentences)
    except FormatError:
        raise
    except PortiaError as exc:
        raise exc.located(path) from None
    return pack


def _loads_pack(text: str, path: str, sentences: bool = True, first: int = 0) -> Pack:
    """The pack in text, its entries numbered from `first` (an entry with no id is
    f"{k + 1:03d}", k counted in the whole pack: a piece of a pack starts past 0)."""
    data = parse_toml(text, path)
    head = _head(data, text, path)
    raw = data.get("puzzles")
    if not isinstance(raw, list) or not raw:
        raise FormatError("the pack holds no [[puzzles]]", path, 1)
    starts = _header_lines(text)
    lines: list[str] | None = None
    entries = []
    seen: set[str] = set()
    for k, table in enumerate(raw):
        start = starts[k] if k < len(starts) else 1
        end = starts[k + 1] if k + 1 < len(starts) else None
        if not isinstance(table, dict):
            raise FormatError("each [[puzzles]] entry must be a table", path, start)
        pid = str(table.get("id", f"{first + k + 1:03d}"))
        if pid in seen:
            raise FormatError(f"two puzzles have id {quoted(pid)}", path, start)
        seen.add(pid)
        if island_pack.is_truth_entry(table):  # read whole: its sentences are its meaning
            lines = lines if lines is not None else text.split("\n")  # once per pack
            entries.append(_truth_entry(table, pid, text, lines, path, start, end))
            continue
        entries.append(_casket_entry(table, pid, text, path, start, end, sentences))
    return Pack(puzzles=tuple(entries), **head)


def _head(data: dict[str, Any], text: str, path: str) -> dict[str, Any]:
    """The pack's own keys (title, author, created, generator), once its type and format
    are checked."""
    if data.get("type") != "pack":
        raise FormatError('not a pack (a pack file says type = "pack")', path, 1)
    if data.get("format", FORMAT) != island_pack.FORMAT:  # 3: it holds truth puzzles
        check_format(data.get("format", FORMAT), text, path)
    gen = data.get("generator", {})
    return {"title": str(data.get("title", "")), "author": str(data.get("author", "")),
            "created": str(data.get("created", "")),
            "generator": gen if isinstance(gen, dict) else {}}


def _level(table: dict[str, Any], pid: str, text: str, path: str, start: int,
           end: int | None) -> tuple[str, float]:
    """An entry's (difficulty, rating), either family; FormatError at the rating's line."""
    difficulty = level_name(str(table.get("difficulty", "steady")))
    rating = _rating(table.get("rating", 0.0))
    if rating is None:
        raise FormatError(f"puzzle {pid}: rating must be a number between 0 and "
                          f"{MAX_RATING:g}", path, key_line(text, "rating", start, end) or start)
    return difficulty, rating


def _casket_entry(table: dict[str, Any], pid: str, text: str, path: str, start: int,
                  end: int | None, sentences: bool) -> PackPuzzle:
    """A [[puzzles]] entry holding a casket puzzle."""
    puzzle = puzzle_from_table(table, text, path, start, allowed=_ENTRY_KEYS, end=end,
                               sentences=sentences)
    n = table.get("n")
    if n is not None and n != puzzle.n:
        raise FormatError(f"puzzle {pid}: n = {n}, but its caskets hold {puzzle.layout.counts}",
                          path, start)
    difficulty, rating = _level(table, pid, text, path, start, end)
    token = table.get("solution")
    solution = None
    if token is not None:
        solution = decode_solution(pid, str(token), puzzle.names)
        if solution is None:
            raise FormatError(f"puzzle {pid}: its stored solution matches no casket", path, start)
    return PackPuzzle(pid, puzzle, difficulty, rating, solution)


# --------------------------------------------------------------------------- one entry at a time
#: a [[puzzles]] header as portia and most hands write it, to the line's end (found from
#: its "[[": a pattern that opens with ^ is tried at every character of 64 MiB)
_HEADER_AT = re.compile(r"\[\[[ \t]*puzzles[ \t]*\]\][ \t]*(?:#[^\n]*)?\r?$", re.MULTILINE)
#: an entry's first line when it is its id as a plain string (anything else: the entry is read)
_ID_FIRST = re.compile(r"""[ \t]*id[ \t]*=[ \t]*(?:"([^"\\\n]*)"|'([^'\n]*)')[ \t]*(?:#[^\n]*)?\r?(?:\n|$)""")
#: a header with a quoted key ([["puzzles"]]): a pack with one, or with a multi-line string
#: (where a line may look like a header and not be one), is read whole
_QUOTED_HEADER = re.compile(r"\[\[[ \t]*[\"']")


@dataclass(frozen=True)
class PackIndex:
    """Where each entry of a pack's text begins, and its id, found without reading the
    entries: a [[puzzles]] header line outside a multi-line string is a header in any text
    tomllib accepts (inside an array it would not parse), and a pack with a multi-line string
    or a quoted header key has no index (`index` gives None: read it whole).
    `offsets[k]` is where entry k begins in the text, `lines[k]` its line."""
    text: str
    path: str
    offsets: tuple[int, ...]
    lines: tuple[int, ...]
    ids: tuple[str, ...]

    def piece(self, k: int, stop: int | None = None) -> tuple[str, int]:
        """(the head of the pack and entry k (entries k to stop - 1) as one text, what to add
        to a line number of that text past the head to get the line in the pack)."""
        head = self.text[:self.offsets[0]]
        stop = k + 1 if stop is None else stop
        end = self.offsets[stop] if stop < len(self.offsets) else len(self.text)
        block = self.text[self.offsets[k]:end]
        return head + block, self.lines[k] - 1 - head.count("\n")

    def read(self, k: int, sentences: bool = True, stop: int | None = None) -> Pack:
        """The pack holding entry k alone (entries k to stop - 1: one tomllib call for a run
        of entries), each as the whole read builds it; FormatError with the line in the whole
        pack."""
        text, shift = self.piece(k, stop)
        past = self.text.count("\n", 0, self.offsets[0])  # the head's lines are the pack's
        try:
            with reading(self.path):
                return _loads_pack(text, self.path, sentences, first=k)
        except PortiaError as exc:
            moved = copy.copy(exc)
            moved.path = exc.path if exc.path is not None else self.path
            if exc.line is not None and exc.line > past:
                moved.line = exc.line + shift
            raise moved from None


def index(text: str, path: str) -> PackIndex | None:
    """The index of a pack's text (PackIndex), or None when it must be read whole; a
    FormatError for two entries with one id, as the whole read gives."""
    if '"""' in text or "'''" in text or _QUOTED_HEADER.search(text):
        return None
    offsets = []
    for found in _HEADER_AT.finditer(text):
        start = text.rfind("\n", 0, found.start()) + 1
        if not text[start:found.start()].strip(" \t"):  # not after a key, not in a comment
            offsets.append(start)
    if not offsets:
        return None
    lines = []
    line, at = 1, 0
    for offset in offsets:
        line += text.count("\n", at, offset)
        at = offset
        lines.append(line)
    ids: list[str] = []
    seen: set[str] = set()
    for k, offset in enumerate(offsets):
        after = text.find("\n", offset)
        plain = _ID_FIRST.match(text, after + 1) if after >= 0 else None
        if plain is not None:
            pid = plain.group(1) if plain.group(1) is not None else plain.group(2)
        else:  # an entry that does not open with a plain id: read its table for it
            table = _entry_table(text, offsets, k, lines[k], path)
            pid = str(table.get("id", f"{k + 1:03d}"))
        if pid in seen:
            raise FormatError(f"two puzzles have id {quoted(pid)}", path, lines[k])
        seen.add(pid)
        ids.append(pid)
    return PackIndex(text, path, tuple(offsets), tuple(lines), tuple(ids))


def _entry_table(text: str, offsets: list[int], k: int, line: int, path: str) -> dict:
    stop = offsets[k + 1] if k + 1 < len(offsets) else len(text)
    try:
        data = parse_toml(text[offsets[k]:stop], path)
    except FormatError as exc:
        raise FormatError(exc.message, path,
                          None if exc.line is None else exc.line + line - 1) from None
    entries = data.get("puzzles")
    table = entries[0] if isinstance(entries, list) and entries else None
    if not isinstance(table, dict):
        raise FormatError("each [[puzzles]] entry must be a table", path, line)
    return table


def pack_ids(text: str, path: str) -> tuple[str, ...]:
    """The ids of a pack's puzzles in order, found from the index (the puzzles unbuilt) where
    it can be made; FormatError where the pack cannot be read."""
    with reading(path):
        found = index(text, path)
    if found is None:
        return tuple(p.id for p in loads_pack(text, path).puzzles)
    found.read(0, sentences=False)  # the head and the first entry: a pack, and readable
    return found.ids


def _indexed(text: str, path: str) -> PackIndex | None:
    """:func:`index`, its errors located at the pack (a FormatError already is)."""
    try:
        with reading(path):
            return index(text, path)
    except FormatError:
        raise
    except PortiaError as exc:
        raise exc.located(path) from None


def loads_entry(text: str, path: str, pid: str) -> tuple[Pack, tuple[str, ...]]:
    """(the pack holding only its puzzle `pid`, or no puzzle when it has none by that id; the
    ids of all its puzzles): what `--id` needs, without building the other puzzles. The
    pack's head and that entry are read as the whole read reads them; a pack the index cannot
    be sure of (a multi-line string) is read whole."""
    found = _indexed(text, path)
    if found is None:
        pack = loads_pack(text, path)
        ids = tuple(p.id for p in pack.puzzles)
        return replace(pack, puzzles=tuple(p for p in pack.puzzles if p.id == pid)), ids
    if pid not in found.ids:
        head = found.read(0, sentences=False)  # the head is checked all the same
        return replace(head, puzzles=()), found.ids
    return found.read(found.ids.index(pid)), found.ids


#: how many entries `iter_entries` reads in one parse (a run of Portia-3 entries: about
#: 150 KB of text, its tables held at once)
_RUN = 200


def iter_entries(text: str, path: str,
                 sentences: bool = True) -> tuple[Pack, Iterator[PackPuzzle]]:
    """(the pack's head as a Pack with no puzzles, an iterator of its entries, one read at a
    time): for `pack list` on a pack at the cap, whose puzzles need not all be held at once.
    A pack the index cannot be sure of is read whole first."""
    found = _indexed(text, path)
    if found is None:
        pack = loads_pack(text, path, sentences)
        return replace(pack, puzzles=()), iter(pack.puzzles)
    first = found.read(0, sentences)

    def entries() -> Iterator[PackPuzzle]:
        yield first.puzzles[0]
        for k in range(1, len(found.ids), _RUN):
            stop = min(k + _RUN, len(found.ids))
            try:  # a run of entries in one parse: tomllib's and the head's cost once a run
                run = found.read(k, sentences, stop).puzzles
            except PortiaError:  # entry by entry: the first bad one's line, as before
                run = tuple(found.read(j, sentences).puzzles[0] for j in range(k, stop))
            yield from run

    return replace(first, puzzles=()), entries()


def _truth_entry(table: dict[str, Any], pid: str, text: str, lines: list[str], path: str,
                 start: int, end: int | None) -> PackPuzzle:
    """A [[puzzles]] entry with format = 3: a truth puzzle (core/packs/island_pack.py)."""
    puzzle = island_pack.read_entry(table, lines, path, start, end)
    difficulty, rating = _level(table, pid, text, path, start, end)
    token = table.get("solution")
    if token is not None and not isinstance(token, str):
        raise FormatError(f"puzzle {pid}: solution must be a string (the stored answer's "
                          "digest)", path, key_line(text, "solution", start, end) or start)
    return PackPuzzle(pid, puzzle, difficulty, rating, None, token)


def _rating(value: object) -> float | None:
    """A stored rating as a float, or None when it is not a number in 0..MAX_RATING."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return None
    try:
        rating = float(value)
    except OverflowError:  # an integer too large for a float
        return None
    return rating if 0.0 <= rating <= MAX_RATING else None  # NaN fails both tests


def load_pack(path: str | os.PathLike[str], sentences: bool = True) -> Pack:
    return loads_pack(read_text(path, LARGE_LIMIT), str(path), sentences)


def is_pack_text(text: str) -> bool:
    """Whether TOML text is a pack (cheap check, no validation)."""
    return re.search(r'^\s*type\s*=\s*"pack"', text, re.MULTILINE) is not None


def dumps_pack(pack: Pack) -> str:
    import tomli_w

    if any(e.is_truth for e in pack.puzzles):
        return _dumps_mixed(pack)

    doc: dict[str, Any] = {"format": format_for(e.casket for e in pack.puzzles), "type": "pack",
                           "title": pack.title}
    if pack.author:
        doc["author"] = pack.author
    if pack.created:
        doc["created"] = pack.created
    if pack.generator:
        doc["generator"] = dict(pack.generator)
    puzzles = []
    for entry in pack.puzzles:
        table: dict[str, Any] = {"id": entry.id}
        body = puzzle_to_table(entry.casket)
        if "title" in body:
            table["title"] = body.pop("title")
        if entry.casket.n is not None:
            table["n"] = entry.casket.n
        if "m" in body:
            table["m"] = body.pop("m")
        if "rules" in body:
            table["rules"] = body.pop("rules")
        table["difficulty"] = entry.difficulty
        table["rating"] = round(float(entry.rating), 2)
        if entry.solution is not None:
            table["solution"] = encode_solution(entry.id, entry.solution)
        caskets = body.pop("caskets")
        table.update(body)  # author, notes, target: whatever else the puzzle keeps
        table["caskets"] = caskets
        puzzles.append(table)
    doc["puzzles"] = puzzles
    safe = multiline_safe((e.casket for e in pack.puzzles), pack.title, pack.author,
                          pack.created)
    return tomli_w.dumps(doc, multiline_strings=safe)


def _dumps_mixed(pack: Pack) -> str:
    """A pack holding truth puzzles (format = 3), casket puzzles among them or not: the
    header by tomli_w, then each entry in the pack's order."""
    import tomli_w

    head: dict[str, Any] = {"format": island_pack.FORMAT, "type": "pack", "title": pack.title}
    head.update({k: v for k, v in (("author", pack.author), ("created", pack.created)) if v})
    if pack.generator:
        head["generator"] = dict(pack.generator)
    blocks = [tomli_w.dumps(head)]
    for entry in pack.puzzles:
        if entry.is_truth:
            blocks.append(island_pack.entry_text(entry))
        else:
            casket = dumps_pack(Pack("", (entry,)))
            blocks.append(casket[casket.index("\n[[puzzles]]\n") + 1:])
    return "\n".join(blocks)


def save_pack(pack: Pack, path: str | os.PathLike[str], force: bool = False) -> None:
    """Write a pack atomically; refused (FormatError) when portia could not read it back."""
    try:
        text = dumps_pack(pack)
    except PortiaError as exc:
        raise exc.located(str(path)) from None
    check_fits(text, LARGE_LIMIT, "a pack", str(path))
    atomic_write(path, text, force=force)


def check_fits(text: str, limit: int, what: str, path: str) -> None:
    """FormatError when text is more than portia reads back as `what` ("a pack", "a puzzle
    file"): a file portia writes, portia can read."""
    size = len(text.encode("utf-8"))
    if size > limit:
        raise FormatError(f"would take {size / (1 << 20):.1f} MiB: more than portia reads "
                          f"back as {what} ({limit >> 20} MiB); not written", path)


#: the most bytes a pack portia writes takes for each statement, each casket and each puzzle
#: besides: generous bounds (the longest sentence with the generator's casket names, quoted
#: and indented, is under 80 bytes; a casket's table about 60; a puzzle's id, title, rules,
#: rating and solution a few hundred)
STATEMENT_BYTES = 96
CASKET_BYTES = 64
PUZZLE_BYTES = 640


def check_pack_fits(count: int, caskets: int, statements: int) -> None:
    """SettingsError (setting "count") when `count` puzzles of `caskets` caskets and
    `statements` statements each could make a pack larger than portia reads (64 MiB):
    checked before the work, so the generator never writes a pack it cannot read back."""
    from portia_tui.core.errors import SettingsError

    each = statements * STATEMENT_BYTES + caskets * CASKET_BYTES + PUZZLE_BYTES
    if count * each > LARGE_LIMIT:
        most = LARGE_LIMIT // each
        raise SettingsError(f"{count:,} puzzles of {statements:,} statements could take "
                            f"{count * each / (1 << 20):.0f} MiB, more than a pack holds "
                            f"({LARGE_LIMIT >> 20} MiB): at most {most:,} such puzzles",
                            "count", count, most)


# --------------------------------------------------------------------------- checking
def canonical_key(puzzle: Puzzle) -> tuple:
    """Two puzzles are the same up to the order of statements on each casket exactly when
    their keys are equal: per casket (in order) its name and sorted statements, plus m."""
    return (tuple((c.name, tuple(sorted(c.statements))) for c in puzzle.caskets), puzzle.m)


@dataclass(frozen=True)
class CheckResult:
    id: str
    ok: bool
    message: str

    def line(self) -> str:
        return f"{self.id}: {'ok' if self.ok else 'FAIL'}, {self.message}"


def sealed_mismatch(entry: PackPuzzle) -> tuple[str | None, str] | None:
    """(the sealed answer in words, None for a truth puzzle's, which is only a digest; the
    answer the analysis finds) when a pack entry's sealed answer is not its single answer;
    None when they agree, when nothing is sealed, or when the puzzle has no single answer
    (its own verdict says so). The check `pack check` makes (check_entry), for one entry."""
    if entry.is_truth:
        if entry.token is None:
            return None
        from portia_tui.core.packs.island_pack import answer_text
        from portia_tui.core.solve.general import solve

        result = solve(entry.world)
        if not result.unique or entry.token == island_pack.answer_token(entry.id,
                                                                         result.answers[0]):
            return None
        return None, answer_text(result.answers[0])
    if entry.solution is None:
        return None
    from portia_tui.core.solve.engine import analyse

    sols = analyse(entry.casket).solution_names()
    if len(sols) != 1 or sols[0] == entry.solution:
        return None
    return entry.solution, sols[0]


def check_entry(entry: PackPuzzle) -> CheckResult:
    """Re-verify one pack puzzle with the exact (SAT) analysis and its stored solution, and
    re-rate it: a level other than the stored one is reported. A truth puzzle is solved by
    the general engine and re-graded by core/explain/reasoning.py."""
    if entry.is_truth:
        return CheckResult(entry.id, *island_pack.check_entry(entry))
    from portia_tui.core.explain.difficulty import rate
    from portia_tui.core.solve.sat import analyse

    if entry.difficulty not in DIFFICULTIES:
        return CheckResult(entry.id, False, f"unknown difficulty {entry.difficulty!r}")
    puzzle = entry.casket
    sols = analyse(puzzle).solution_names()
    said = f"{puzzle.shape}, {puzzle.rules_said}: {verdict(sols, puzzle.m)}"
    if len(sols) != 1:
        return CheckResult(entry.id, False, said)
    if entry.solution is not None and entry.solution != sols[0]:
        return CheckResult(entry.id, False, f"{said}, but the stored solution is the "
                           f"{entry.solution} casket")
    stored = ("no stored solution to compare" if entry.solution is None else "as stored")
    rating = rate(entry.casket)
    if rating.level != entry.difficulty:
        return CheckResult(entry.id, False, f"{said} ({stored}), but it rates {rating.level} "
                           f"({rating.score:.2f}), not {entry.difficulty} as stored")
    return CheckResult(entry.id, True, f"{said} ({stored}), {rating.level}")


def check_pack(pack: Pack) -> list[CheckResult]:
    """One result per puzzle: valid by the exact analysis, the stored solution agrees, and no
    earlier puzzle in the pack is its twin (the same up to renaming the caskets and the order of
    statements on each casket; only the same up to the order when the pack's generator settings
    allowed twins)."""
    out = []
    first: dict[tuple, str] = {}
    twins = pack.generator.get("allow_twins") is True
    why = "the order of statements on a casket" if twins else \
        "renaming the caskets and the order of statements on a casket"
    for entry in pack.puzzles:
        result = check_entry(entry)
        if entry.is_truth:  # renaming entities is the only kind of twin; one key for both
            from portia_tui.core.packs.islands import canonical_key as island_key

            world = entry.world
            key: Any = ("truth", repr(world.replace(title="")) if twins else island_key(world))
        else:
            key = canonical_key(entry.casket) if twins else twin_key(entry.casket)
        if key in first:
            result = CheckResult(entry.id, False, f"the same puzzle as {first[key]} (up to {why})")
        else:
            first[key] = entry.id
        out.append(result)
    return out


# --------------------------------------------------------------------------- building
def created_now() -> str:
    """The creation time for a pack: now (UTC), or SOURCE_DATE_EPOCH when set, so a build
    can make byte-identical packs."""
    from datetime import datetime, timezone

    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    when = (datetime.fromtimestamp(int(epoch), timezone.utc) if epoch and epoch.isascii() and epoch.isdigit()
            else datetime.now(timezone.utc))
    return when.replace(microsecond=0).isoformat()


def _pack_title(settings: "Settings") -> str:
    """'Portia-3 puzzles', or for a family 'Portia puzzles, second generation'."""
    if settings.family is None:
        return f"Portia-{settings.n} puzzles"
    from portia_tui.core.packs.generator.families import FAMILIES

    return f"Portia puzzles, {FAMILIES[settings.family].summary.split(':')[0]}"


def build_pack(generated: "list[Generated]", settings: "Settings", title: str = "",
               author: str = "", created: str | None = None) -> Pack:
    """A Pack of generated puzzles: ids 001, 002, ...; the settings and seed recorded."""
    from portia_tui import __version__

    width = max(3, len(str(len(generated))))
    entries = []
    for i, g in enumerate(generated, 1):
        pid = f"{i:0{width}d}"
        puzzle = g.puzzle.with_meta(title=g.puzzle.title or f"Puzzle {pid}")
        entries.append(PackPuzzle(pid, puzzle, g.rating.level, g.rating.score, g.solution))
    table = {"program": f"portia {__version__}", **settings.as_table()}
    return Pack(title=title or _pack_title(settings), puzzles=tuple(entries),
                author=author, created=created_now() if created is None else created,
                generator=table)


def build_island_pack(islands: list[Island], settings: IslandSettings, title: str = "",
                      author: str = "", created: str | None = None) -> Pack:
    """A Pack of generated truth puzzles (core/packs/islands.py, named): ids 001, 002, ...;
    the settings recorded; each answer stored sealed (island_pack.answer_token)."""
    from dataclasses import asdict

    from portia_tui import __version__
    from portia_tui.core.packs.islands import FAMILIES

    width = max(3, len(str(len(islands))))
    entries = []
    for i, island in enumerate(islands, 1):
        pid = f"{i:0{width}d}"
        puzzle = island.puzzle.replace(title=island.puzzle.title or f"Puzzle {pid}")
        entries.append(PackPuzzle(pid, puzzle, island.grade.level, island.grade.score,
                                  token=island_pack.answer_token(pid, island.answer)))
    table = {"program": f"portia {__version__}",
             **{k: v for k, v in asdict(settings).items() if v is not None}}
    return Pack(title=title or FAMILIES[settings.family].title, puzzles=tuple(entries),
                author=author, created=created_now() if created is None else created,
                generator=table)
