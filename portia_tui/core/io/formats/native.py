"""portia's own TOML format, made to be read and edited by hand.

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

Format 2 adds Portia's other rules, as sentences (core/language/rules.py):

    format = 2
    rules = ["At most 1 statement is true"]

`m = K` stays shorthand for the rule "Exactly K statements are true" in both formats (a file
may give m, rules, or both). portia writes format 1 whenever the puzzle needs nothing more
(the six statement kinds of Definition 1 and at most the m rule), so older readers keep
reading it, and format 2 otherwise, with every rule (the m rule too) in `rules`.
:func:`puzzle_from_table` and :func:`puzzle_to_table` are shared with the pack format.
"""

from __future__ import annotations

import re
from typing import Any

from portia_tui.core.io import files
from portia_tui.core.errors import FormatError, PortiaError
from portia_tui.core.language.model import Casket, Puzzle, check_name
from portia_tui.core.language.rules import Rule, clash_message, fixes_total, parse_rule, rule_problem
from portia_tui.core.language.vocabulary import CLASSIC_KINDS, EMPTY, Layout
from portia_tui.core.language.words import number_said, quoted
from portia_tui.core.io.formats.common import key_line, line_of, lines_of, statement_from_sentence

#: the format portia writes when a puzzle needs nothing more (see :func:`format_for`)
FORMAT = 1
#: the format with rules
RULES_FORMAT = 2
FORMATS = (FORMAT, RULES_FORMAT)
META = ("title", "author", "notes")


def needs_rules_format(puzzle: Puzzle) -> bool:
    """Whether the puzzle needs format 2: a rule besides m, or a statement kind beyond the six
    of Definition 1."""
    return bool(puzzle.side_rules) or any(
        st.kind not in CLASSIC_KINDS and st != EMPTY for _ci, st in puzzle.flat)


def format_for(puzzles) -> int:
    """The format a file holding these puzzles is written in."""
    return RULES_FORMAT if any(needs_rules_format(p) for p in puzzles) else FORMAT


def parse_toml(text: str, path: str) -> dict[str, Any]:
    """The TOML table in text; FormatError (one line) for anything tomllib cannot read."""
    return files.parse_toml(text, path)


_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]*?)\s*\]\]?")


def casket_regions(text: str, start: int, count: int) -> list[tuple[int, int]] | None:
    """The lines (first, after last) of each of the `count` [[...caskets]] tables that follow
    line `start`, or None when the caskets are not written as such tables (inline arrays)."""
    lines = lines_of(text)
    heads: list[int] = []
    end = len(lines) + 1
    for number in range(start, len(lines) + 1):
        line = lines[number - 1]
        found = _HEADER.match(line) if "[" in line else None
        if not found or (number == start and start > 1):
            continue
        if found.group(1).split(".")[-1].strip("\"' ") == "caskets" \
                and lines[number - 1].lstrip().startswith("[["):
            heads.append(number)
        else:
            end = number
            break
    if len(heads) != count:
        return None
    return list(zip(heads, heads[1:] + [end]))


def _key_in(text: str, key: str, region: tuple[int, int]) -> int | None:
    """The line setting key inside region (first line, after last), or None."""
    line = key_line(text, key, region[0])
    return line if line is not None and line < region[1] else None


def puzzle_from_table(table: dict[str, Any], text: str, path: str, start: int = 1,
                      allowed: tuple[str, ...] = (), end: int | None = None,
                      sentences: bool = True) -> Puzzle:
    """A puzzle from a parsed TOML table; `start` is the line where the table begins in text
    and `end` the line after it (a pack's next puzzle; None: the end of the text), used to
    point at the right line; `allowed` are extra keys the caller handles.

    With `sentences` False the statements' sentences are not read: the puzzle has the
    table's caskets, statement counts, rules, m and metadata (all checked) and empty slots,
    its outline (what `portia pack list` shows, in a fraction of the time)."""
    meta, m = _top_keys(table, text, path, (start, end), allowed)
    raw_rules, rules, rules_line = _rules(table, m, text, path, (start, end))
    raw = table.get("caskets")
    if not isinstance(raw, list) or not raw:
        raise FormatError("missing [[caskets]]: a puzzle needs caskets", path,
                          key_line(text, "caskets", start, end) or start)
    quick = _sound_caskets(raw)
    firsts: list[int] | _Firsts
    if quick is None:  # something is off: found again with the lines its error names
        regions = casket_regions(text, start, len(raw))
        names, spans = _casket_names(raw, text, path, start, regions)
        firsts = [(_key_in(text, "statements", span) if regions else
                   key_line(text, "statements", span[0])) or span[0] for span in spans]
        counts = _statement_counts(raw, names, firsts, path)
    else:  # the lines are looked for only if a sentence is refused (_statements)
        names, counts = quick
        firsts = _Firsts(raw, text, path, start)
    target = _target(table, names, text, path, (start, end))
    layout = Layout(tuple(names), tuple(counts))
    for rule, sentence in zip(rules, raw_rules):
        bad = rule_problem(rule, layout)
        if bad:
            raise FormatError(f"rule {quoted(sentence.strip())}: {bad}", path,
                              line_of(text, sentence.strip(), rules_line or start) or rules_line)
    kinds = {r.kind for r in rules}
    caskets = [Casket(names[ci], _statements(entry["statements"], layout, ci, text, path,
                                             firsts, kinds) if sentences
                      else (EMPTY,) * counts[ci])
               for ci, entry in enumerate(raw)]
    size = sum(counts)
    if m is not None and not 0 <= m <= size:
        raise FormatError(f"m = {number_said(m)} is out of range: it must be between 0 and {size}", path,
                          key_line(text, "m", start, end))
    puzzle = Puzzle(tuple(caskets), m, rules=rules, target=target, **meta)
    return puzzle.validate() if sentences else puzzle


def _sound_caskets(raw: list) -> tuple[list[str], list[int]] | None:
    """(the caskets' names, their statement counts) when every casket is a table of a good
    name, not taken before, and a non-empty list of strings (what _casket_names and
    _statement_counts check), else None; no line is looked for (a pack of 95,000 entries
    spent a third of its outline read finding lines no error needed)."""
    names: list[str] = []
    counts: list[int] = []
    for entry in raw:
        if not isinstance(entry, dict) or not entry.keys() <= {"name", "statements"}:
            return None
        name, sts = entry.get("name"), entry.get("statements")
        if not isinstance(name, str) or not isinstance(sts, list) or not sts \
                or not all(isinstance(st, str) for st in sts):
            return None
        name = name.strip().lower()
        if name in names or check_name(name):
            return None
        names.append(name)
        counts.append(len(sts))
    return names, counts


class _Firsts:
    """The line of each casket's `statements`, as puzzle_from_table finds them, looked for
    when one is first asked for (a refused sentence's line)."""

    def __init__(self, raw: list, text: str, path: str, start: int) -> None:
        self._args = (raw, text, path, start)
        self._lines: list[int] | None = None

    def __getitem__(self, ci: int) -> int:
        if self._lines is None:
            raw, text, path, start = self._args
            regions = casket_regions(text, start, len(raw))
            _names, spans = _casket_names(raw, text, path, start, regions)
            self._lines = [(_key_in(text, "statements", span) if regions else
                            key_line(text, "statements", span[0])) or span[0]
                           for span in spans]
        return self._lines[ci]


def _top_keys(table: dict[str, Any], text: str, path: str, span: tuple[int, int | None],
              allowed: tuple[str, ...]) -> tuple[dict[str, str], int | None]:
    """(title/author/notes, m) after refusing unknown keys; m None is m still open. `span`:
    the lines (first, after last) of the puzzle's table."""
    known = {"format", "m", "rules", "target", "caskets", *META, *allowed}
    for key in table:
        if key not in known:
            raise FormatError(f"unknown key {quoted(key)}", path, key_line(text, key, *span))
    meta: dict[str, str] = {}
    for key in META:
        value = table.get(key, "")
        if not isinstance(value, str):
            raise FormatError(f"{key} must be a string", path, key_line(text, key, *span))
        meta[key] = value
    m = table.get("m")  # no m: m is still open (a puzzle being written)
    if m is not None and (not isinstance(m, int) or isinstance(m, bool)):
        raise FormatError("m must be a whole number", path, key_line(text, "m", *span))
    return meta, m


def _rules(table: dict[str, Any], m: int | None, text: str, path: str,
           span: tuple[int, int | None]) -> tuple[list[str], list, int | None]:
    """(the rule sentences, the rules they say, the line of `rules`); `span`: the lines
    (first, after last) of the puzzle's table."""
    raw_rules = table.get("rules", [])
    start = span[0]
    rules_line = key_line(text, "rules", *span) if "rules" in table else None
    if not isinstance(raw_rules, list) or not all(isinstance(r, str) for r in raw_rules):
        raise FormatError('rules must be a list of sentences: rules = ["...", ...]', path,
                          rules_line)
    rules: list[Rule] = []
    for sentence in raw_rules:
        rule = parse_rule(sentence)
        if rule is None:
            raise FormatError(f"unknown rule {quoted(sentence.strip())}", path,
                              line_of(text, sentence.strip(), rules_line or start) or rules_line)
        if m is not None and fixes_total(rule):
            raise FormatError(clash_message(f"m = {m}", sentence.strip()), path,
                              key_line(text, "m", *span))
        before = next((said for r, said in zip(rules, raw_rules) if fixes_total(r)), None)
        if before is not None and fixes_total(rule):
            raise FormatError(clash_message(f"the rule {before.strip()!r}", sentence.strip()),
                              path,
                              line_of(text, sentence.strip(), rules_line or start) or rules_line)
        rules.append(rule)
    return raw_rules, rules, rules_line


def _casket_names(raw: list, text: str, path: str, start: int,
                  regions: list[tuple[int, int]] | None
                  ) -> tuple[list[str], list[tuple[int, int]]]:
    """Each casket's name (checked, distinct) and the span of lines its table covers."""
    names: list[str] = []
    spans: list[tuple[int, int]] = []
    cursor = start
    for ci, entry in enumerate(raw):
        if not isinstance(entry, dict):
            where = regions[ci][0] if regions else cursor
            raise FormatError("each casket must be a table with name and statements", path, where)
        for key in entry:
            if key not in ("name", "statements"):
                line = _key_in(text, key, regions[ci]) if regions else key_line(text, key, cursor)
                raise FormatError(f"unknown casket key {quoted(key)}", path, line)
        name = entry.get("name")
        if regions:
            span = regions[ci]
            where = _key_in(text, "name", span) or span[0]
        else:
            where = key_line(text, "name", cursor) or cursor
            span = (where, where + 1)
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
        spans.append(span)
    return names, spans


def _statement_counts(raw: list, names: list[str], firsts: list[int], path: str) -> list[int]:
    """How many statements each casket holds, after checking each is a non-empty string list."""
    counts = []
    for ci, entry in enumerate(raw):
        sts = entry.get("statements")
        if not isinstance(sts, list) or not all(isinstance(s, str) for s in sts):
            raise FormatError(f"the {names[ci]} casket needs statements = [\"...\", ...]",
                              path, firsts[ci])
        if not sts:
            raise FormatError(f"the {names[ci]} casket holds no statement (n must be 1 or more)",
                              path, firsts[ci])
        counts.append(len(sts))
    return counts


def _target(table: dict[str, Any], names: list[str], text: str, path: str,
            span: tuple[int, int | None]) -> str | None:
    target = table.get("target")
    if target is None:
        return None
    where = key_line(text, "target", *span)
    if not isinstance(target, str):
        raise FormatError("target must be a string (a casket's name)", path, where)
    target = target.strip().lower()
    if target not in names:
        raise FormatError(f"target {quoted(target)} is not one of the caskets "
                          f"({', '.join(names)})", path, where)
    return target


def _statements(sentences: list[str], layout: Layout, ci: int, text: str, path: str,
                firsts: "list[int] | _Firsts", kinds: set) -> tuple:
    """One casket's statements parsed (under the rules' kinds); a bad sentence points at its
    own line (found from firsts[ci], the line of the casket's statements)."""
    parsed = []
    for sentence in sentences:
        try:
            parsed.append(statement_from_sentence(sentence, layout, ci, kinds))
        except PortiaError as exc:
            first = firsts[ci]
            at = (line_of(text, sentence.strip(), first) if sentence.strip() else None) or first
            raise FormatError(f"{exc.message} (on the {layout.names[ci]} casket)", path,
                              at) from None
    return tuple(parsed)


def check_format(version: object, text: str, path: str) -> None:
    if version == 3:
        raise FormatError("format = 3 is a truth puzzle (islanders, doors), not a casket "
                          "puzzle (format = 1 or 2)", path, key_line(text, "format"))
    if version not in FORMATS:
        raise FormatError(f"unsupported format = {quoted(version)} (this portia reads format = 1 "
                          "or 2 (caskets) or 3 (truth puzzles))", path, key_line(text, "format"))


def loads(text: str, path: str = "<toml>") -> Puzzle:
    data = parse_toml(text, path)
    check_format(data.get("format", FORMAT), text, path)
    return puzzle_from_table(data, text, path)


def puzzle_to_table(puzzle: Puzzle, meta: bool = True) -> dict[str, Any]:
    table: dict[str, Any] = {}
    if meta:
        for key in META:
            value = getattr(puzzle, key)
            if value:
                table[key] = value
    if needs_rules_format(puzzle):
        table["rules"] = puzzle.rule_sentences()
    elif puzzle.m is not None:
        table["m"] = puzzle.m
    if puzzle.target is not None:
        table["target"] = puzzle.target
    table["caskets"] = [
        {"name": c.name, "statements": [puzzle.sentence(puzzle.number(ci, j))
                                        for j in range(len(c.statements))]}
        for ci, c in enumerate(puzzle.caskets)
    ]
    return table


def multiline_safe(puzzles, *more: str) -> bool:
    """Whether the free text of these puzzles (title, author, notes) and `more` may be written
    as multi-line strings: tomli_w writes "\r\n" there as "\n", so a text holding "\r" is
    written escaped on one line instead, and reads back as it was."""
    texts = [getattr(p, key) for p in puzzles for key in META] + list(more)
    return not any("\r" in text for text in texts)


def dumps(puzzle: Puzzle) -> str:
    import tomli_w

    return tomli_w.dumps({"format": format_for([puzzle]), **puzzle_to_table(puzzle)},
                         multiline_strings=multiline_safe([puzzle]))
