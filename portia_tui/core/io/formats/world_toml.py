"""TOML ``format = 3``: a truth puzzle (islanders, doors, caskets) written in English.

    format = 3
    title = "The second trial"
    source = "Raymond Smullyan, The Lady or the Tiger? (1982), the second trial"
    attributes = { content = ["lady", "tiger"] }
    rules = ["Sign I is right if and only if sign II is right"]
    question = ["Where is the lady?"]

    [[entities]]
    name = "I"
    says = ["At least one of these rooms contains a lady"]

    [[entities]]
    name = "II"
    says = ["A tiger is in the other room"]

Top-level keys: ``format`` (3), ``title``, ``author``, ``notes``, ``source``,
``attributes`` (name -> values, in order), ``speaker_attr`` (whose value sets the mode),
``modes`` (value -> "true" | "false" | "free"), ``rules`` (the narrator's promises, as
sentences or formulas), ``question`` (questions in words, or ask tables), ``[[entities]]``.

An entity: ``name``; an attribute's value when the puzzle gives it (``type = "knight"``);
``modes`` (its own mode table); ``says`` (its statements: sentences, formulas, or tables
``{ id = "A2", says = "..." }``); ``one_of`` (one statement of unknown wording: its possible
sentences). A statement's id is its speaker's name when the speaker makes one statement,
else ``NAME.1``, ``NAME.2``... ("Sign 3 is right" names the statement on room 3).
Top-level ``statements`` holds statements no entity makes (tables with ``id``).
An empty string ``""`` in ``says`` is a slot not written yet (a draft from ``portia new
--family``): it keeps its id, and the puzzle is read as though its speaker said nothing there
(a slot another statement names is read as free: true or false). :func:`loads_slots` keeps
the slots.

Sentences are core/language/sentences.py; a formula is the JSON list of the language written
as a TOML array (an object becomes an inline table). Every error is ``FILE:LINE: message``
with the line of the bad sentence.
"""

from __future__ import annotations

import json
from typing import Any

from portia_tui.core.errors import FormatError
from portia_tui.core.io import files
from portia_tui.core.io.formats.common import key_line, line_of, lines_of
from portia_tui.core.language import sentences as sn
from portia_tui.core.language import formulas as fm
from portia_tui.core.language.formulas import thaw
from portia_tui.core.language.world import (AskFormula, AskOf, AskWhere, WorldError,
                                            WorldPuzzle, WorldStatement)

FORMAT = 3
META = ("title", "author", "notes", "source")
TOP_KEYS = ("format", *META, "attributes", "speaker_attr", "modes", "rules", "question",
            "entities", "statements")
ENTITY_KEYS = ("name", "says", "one_of", "modes")


def is_format3(table: dict[str, Any]) -> bool:
    return table.get("format") == FORMAT


class _Reader:
    """Reads one format-3 table; errors name the file and the line of what is wrong."""

    def __init__(self, table: dict[str, Any], text: str, path: str):
        self.table, self.text, self.path = table, text, path
        self.heads = [i + 1 for i, line in enumerate(lines_of(text))
                      if line.strip().replace(" ", "") == "[[entities]]"]

    def fail(self, message: str, line: int | None = None) -> FormatError:
        return FormatError(message, self.path, line or 1)

    def entity_line(self, index: int) -> int:
        return self.heads[index] if index < len(self.heads) else (
            key_line(self.text, "entities") or 1)

    def line(self, needle: object, start: int = 1, key: str | None = None) -> int:
        """The line of a sentence (or key) at or after `start`."""
        if isinstance(needle, str):
            found = line_of(self.text, needle, start) or line_of(
                self.text, json.dumps(needle)[1:-1], start)
            if found:
                return found
        return (key_line(self.text, key, start) if key else None) or start

    def check_keys(self, table: dict[str, Any], known: tuple[str, ...], extra: tuple[str, ...],
                   where: str, start: int) -> None:
        for key in table:
            if key not in known and key not in extra:
                raise self.fail(f"{where}unknown key {key!r} (the keys are "
                                f"{', '.join(known + extra)})", self.line(None, start, key))

    def attributes(self) -> dict[str, tuple[str, ...]]:
        raw = self.table.get("attributes")
        line = key_line(self.text, "attributes") or 1
        if not isinstance(raw, dict) or not raw:
            raise self.fail("missing attributes: give each attribute its values, e.g. "
                            'attributes = { type = ["knight", "knave"] }', line)
        for name, values in raw.items():
            if not isinstance(values, list) or not values or not all(
                    isinstance(v, str) for v in values):
                raise self.fail(f"attribute {name!r}: give its values as a list of words", line)
        return {name: tuple(values) for name, values in raw.items()}

    def entities(self) -> list[dict[str, Any]]:
        raw = self.table.get("entities")
        if not isinstance(raw, list) or not raw or not all(isinstance(e, dict) for e in raw):
            raise self.fail("missing [[entities]]: a puzzle needs entities, each with a name",
                            key_line(self.text, "entities"))
        for i, ent in enumerate(raw):
            if not isinstance(ent.get("name"), str) or not ent["name"].strip():
                raise self.fail("an entity needs a name", self.entity_line(i))
        return raw

    def statements(self, ents: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Every statement as {id, by, kind ("says" | "one_of"), items, line}, ids given."""
        out: list[dict[str, Any]] = []
        for i, ent in enumerate(ents):
            start = self.entity_line(i)
            mine = [self._item(raw, ent["name"], start) for raw in self._said(ent, start)]
            if "one_of" in ent:
                options = ent["one_of"]
                if not isinstance(options, list) or len(options) < 2:
                    raise self.fail(f"{ent['name']}: one_of lists two or more sentences",
                                    self.line(None, start, "one_of"))
                mine.append({"id": None, "kind": "one_of", "items": options,
                             "line": self.line(None, start, "one_of")})
            for k, st in enumerate(mine, 1):
                st["by"] = ent["name"]
                if st["id"] is None:
                    st["id"] = ent["name"] if len(mine) == 1 else f"{ent['name']}.{k}"
            out += mine
        loose = self.table.get("statements", [])
        if not isinstance(loose, list):
            raise self.fail("statements is a list of tables { id = ..., says = ... }",
                            key_line(self.text, "statements"))
        for raw in loose:
            st = self._item(raw, None, key_line(self.text, "statements") or 1)
            if st["id"] is None:
                raise self.fail("a statement no entity makes needs an id", st["line"])
            out.append({**st, "by": None})
        return out

    def _said(self, ent: dict[str, Any], start: int) -> list[Any]:
        said = ent.get("says", [])
        said = [said] if isinstance(said, str) else said
        if not isinstance(said, list):
            raise self.fail(f"{ent['name']}: says is a list of sentences",
                            self.line(None, start, "says"))
        return said

    def _item(self, raw: Any, who: str | None, start: int) -> dict[str, Any]:
        if isinstance(raw, str) and not raw.strip() and who is not None:
            return {"id": None, "kind": "empty", "items": [list(EMPTY)], "line": start}
        if isinstance(raw, (str, list)):
            return {"id": None, "kind": "says", "items": [raw], "line": self.line(raw, start)}
        if isinstance(raw, dict) and isinstance(raw.get("id", ""), str) and (
                ("says" in raw) != ("one_of" in raw)):
            kind = "says" if "says" in raw else "one_of"
            items = [raw[kind]] if kind == "says" else raw[kind]
            if kind == "says" and isinstance(items[0], str) and not items[0].strip() and who:
                return {"id": raw.get("id"), "kind": "empty", "items": [list(EMPTY)],
                        "line": start}
            if isinstance(items, list) and items:
                return {"id": raw.get("id"), "kind": kind, "items": items,
                        "line": self.line(items[0], start)}
        raise self.fail(f"{who or 'statements'}: a statement is a sentence, a formula or a "
                        "table { id = ..., says = ... } (or one_of = [...])", start)

    def formula(self, raw: Any, ctx: sn.Context, line: int) -> Any:
        """A sentence or a formula (a TOML array) read at `line`."""
        if isinstance(raw, list):
            return raw
        if not isinstance(raw, str):
            raise self.fail(f"expected a sentence or a formula, not {raw!r}", line)
        try:
            return sn.parse(raw, ctx)
        except sn.SentenceError as err:
            raise self.fail(err.message, line) from None

    def question(self, ctx: sn.Context) -> tuple:
        raw = self.table.get("question", [])
        raw = [raw] if isinstance(raw, (str, dict)) else raw
        line = key_line(self.text, "question") or 1
        if not isinstance(raw, list):
            raise self.fail("question is a list of questions", line)
        out = []
        for item in raw:
            if isinstance(item, str):
                try:
                    item = sn.parse_question(item, ctx)
                except sn.SentenceError as err:
                    raise self.fail(err.message, self.line(item, line)) from None
            out.append(_ask(item, self, line))
        return tuple(out)

    def modes(self, table: Any, where: str, line: int) -> dict[str, str]:
        if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
            raise self.fail(f"{where}modes maps a value to true, false or free, e.g. "
                            'modes = { knight = "true", knave = "false" }', line)
        return table


def _ask(item: Any, r: _Reader, line: int):
    if isinstance(item, dict) and set(item) == {"of", "attr"}:
        return AskOf(str(item["of"]), str(item["attr"]))
    if isinstance(item, dict) and set(item) == {"where"} and isinstance(item["where"], dict):
        return AskWhere(item["where"])
    if isinstance(item, dict) and set(item) == {"formula", "label"}:
        return AskFormula(item["formula"], str(item["label"]))
    raise r.fail("a question is words ('Where is the lady?') or a table { of = ..., attr = ... },"
                 " { where = { ... } } or { formula = [...], label = ... }", line)


#: what an empty slot says while a draft is edited: "this statement is true", free either way
EMPTY = ("true", "this")


def loads(text: str, path: str = "<puzzle>") -> WorldPuzzle:
    """A format-3 puzzle from TOML text; FormatError ``FILE:LINE: message``. Empty slots
    (``""``) are left out, or read as free where another statement names them."""
    return settled(*loads_slots(text, path))


def loads_slots(text: str, path: str = "<puzzle>") -> tuple[WorldPuzzle, frozenset[str]]:
    """The puzzle with every slot (an empty one says :data:`EMPTY`) and the ids of the
    empty slots."""
    table = files.parse_toml(text, path)
    return from_table(table, text, path), frozenset(_empty_ids(table))


def _empty_ids(table: dict[str, Any]) -> list[str]:
    out = []
    for ent in table.get("entities", []):
        said = ent.get("says", [])
        said = [said] if isinstance(said, str) else said
        count = len(said) + ("one_of" in ent)
        for k, raw in enumerate(said, 1):
            sid = ent["name"] if count == 1 else f"{ent['name']}.{k}"
            if isinstance(raw, dict):
                sid, raw = raw.get("id") or sid, raw.get("says")
            if isinstance(raw, str) and not raw.strip():
                out.append(sid)
    return out


def settled(puzzle: WorldPuzzle, empty: frozenset[str] | set[str]) -> WorldPuzzle:
    """The puzzle as it stands with the slots `empty` not written: each left out, unless
    another statement names it (then it stays, free: it says :data:`EMPTY`); their ids, in
    order, are the puzzle's ``empty`` (a draft)."""
    if not empty:
        return puzzle
    named: set[str] = set()
    for s in puzzle.statements:
        if s.id not in empty:
            for f in s.wordings:
                named |= fm.reads(f, puzzle.scope(s))
    kept = tuple(s if s.id not in empty else WorldStatement(s.id, s.by, EMPTY) for s in puzzle.statements
                 if s.id not in empty or s.id in named)
    return puzzle.replace(statements=kept,
                          empty=[s.id for s in puzzle.statements if s.id in empty])


def unsettled(puzzle: WorldPuzzle) -> tuple[WorldPuzzle, frozenset[str]]:
    """The inverse of :func:`settled`: the puzzle with every empty slot of its ``empty`` a
    statement again (saying :data:`EMPTY`, in its speaker's order: ``NAME.k`` before the
    speaker's later slots), and their ids. An id that names no speaker stays out."""
    have = {s.id for s in puzzle.statements}
    statements = list(puzzle.statements)

    def speaker(sid: str) -> tuple[str, int] | None:
        if sid in puzzle.entities:
            return sid, 1
        name, _dot, k = sid.rpartition(".")
        return (name, int(k)) if name in puzzle.entities and k.isdecimal() else None

    def number(s: WorldStatement) -> int:
        found = speaker(s.id)
        return found[1] if found is not None and found[0] == s.by else 0

    for sid in puzzle.empty:
        found = speaker(sid)
        if sid in have or found is None:
            continue
        name, k = found
        mine = [i for i, s in enumerate(statements) if s.by == name]
        later = [i for i in mine if number(statements[i]) > k]
        at = later[0] if later else (mine[-1] + 1 if mine else len(statements))
        statements.insert(at, WorldStatement(sid, name, EMPTY))
    empty = frozenset(puzzle.empty) & {s.id for s in statements}
    return puzzle.replace(statements=statements, empty=()), empty


def from_table(table: dict[str, Any], text: str, path: str) -> WorldPuzzle:
    r = _Reader(table, text, path)
    r.check_keys(table, TOP_KEYS, (), "", 1)
    attrs = r.attributes()
    ents = r.entities()
    names = tuple(e["name"] for e in ents)
    speaker_attr = table.get("speaker_attr")
    if speaker_attr is None and "modes" in table and len(attrs) >= 1:
        speaker_attr = _speaker_of(table["modes"], attrs)
    specs = r.statements(ents)
    ctx = sn.Context(names, tuple(attrs.items()), tuple((s["id"], s["by"]) for s in specs),
                     speaker_attr=speaker_attr)
    statements = tuple(_statement(r, s, ctx) for s in specs)
    given, overrides = _entity_tables(r, ents, attrs)
    rules_line = key_line(text, "rules") or 1
    rules = table.get("rules", [])
    if not isinstance(rules, list):
        raise r.fail("rules is a list of sentences", rules_line)
    constraints = tuple(r.formula(x, ctx, r.line(x, rules_line)) for x in rules)
    for k in META:
        if not isinstance(table.get(k, ""), str):
            raise r.fail(f"{k} must be a string", key_line(text, k))
    meta = {k: table.get(k, "") for k in META}
    try:
        return WorldPuzzle(names, attrs, statements, constraints, r.question(ctx), speaker_attr,
                           r.modes(table.get("modes", {}), "", key_line(text, "modes") or 1),
                           overrides, given, **meta).validate()
    except WorldError as err:
        raise FormatError(err.message, path, _error_line(r, err, specs)) from None


def _speaker_of(modes: Any, attrs: dict[str, tuple[str, ...]]) -> str | None:
    """The attribute whose values the modes name (when speaker_attr is left out)."""
    if not isinstance(modes, dict):
        return None
    for name, values in attrs.items():
        if modes and set(modes) <= set(values):
            return name
    return None


def _statement(r: _Reader, spec: dict[str, Any], ctx: sn.Context) -> WorldStatement:
    said = ctx.speaking(spec["by"], spec["id"])
    forms = [r.formula(x, said, r.line(x, spec["line"])) for x in spec["items"]]
    if spec["kind"] in ("says", "empty"):
        return WorldStatement(spec["id"], spec["by"], forms[0])
    return WorldStatement(spec["id"], spec["by"], None, tuple(forms))


def _entity_tables(r: _Reader, ents: list[dict[str, Any]], attrs: dict[str, tuple[str, ...]]):
    given: dict[str, dict[str, str]] = {}
    overrides: dict[str, dict[str, str]] = {}
    for i, ent in enumerate(ents):
        start = r.entity_line(i)
        r.check_keys(ent, ENTITY_KEYS, tuple(attrs), f"entity {ent['name']}: ", start)
        fixed = {a: v for a, v in ent.items() if a in attrs}
        for a, v in fixed.items():
            if v not in attrs[a]:
                raise r.fail(f"entity {ent['name']}: {a} has no value {v!r} (its values are "
                             f"{', '.join(attrs[a])})", r.line(None, start, a))
        if fixed:
            given[ent["name"]] = fixed
        if "modes" in ent:
            overrides[ent["name"]] = r.modes(ent["modes"], f"entity {ent['name']}: ",
                                             r.line(None, start, "modes"))
    return given, overrides


def _error_line(r: _Reader, err: WorldError, specs: list[dict[str, Any]]) -> int:
    at = err.at
    if at.startswith("statement "):
        for spec in specs:
            if spec["id"] == at[len("statement "):]:
                return spec["line"]
    if at.startswith("constraint "):
        return key_line(r.text, "rules") or 1
    if at.startswith("ask "):
        return key_line(r.text, "question") or 1
    key = at.split(" ")[0] if at else ""
    return (key_line(r.text, key) if key else None) or 1


# ----------------------------------------------------------------------------- writing

def toml_value(value: Any) -> str:
    """A TOML value for JSON-like data (strings, numbers, booleans, lists, tables)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return json.dumps(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict) or hasattr(value, "items"):
        inner = ", ".join(f"{_key(k)} = {toml_value(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    raise TypeError(f"no TOML for {value!r}")


def _key(key: str) -> str:
    bare = key.replace("_", "a").replace("-", "a").isalnum() and key.isascii()
    return key if bare else json.dumps(key, ensure_ascii=False)


def sentence_or_formula(formula: Any, ctx: sn.Context) -> Any:
    """The canonical sentence of a formula when one reads back to it, else the formula."""
    data = thaw(formula)
    try:
        said = sn.render(data, ctx)
        if sn.parse(said, ctx) == data:
            return said
    except (sn.NoSentence, sn.SentenceError, KeyError, IndexError, TypeError):
        pass
    return data


def _context(puzzle: WorldPuzzle) -> sn.Context:
    return sn.Context.of(puzzle)


def _question(item: Any, ctx: sn.Context) -> Any:
    from portia_tui.core.io.formats.structured import ask_data

    data = ask_data(item)
    try:
        text = sn.question_text(data, ctx)
        if sn.parse_question(text, ctx) == data:
            return text
    except (sn.NoSentence, sn.SentenceError, KeyError, TypeError, ValueError):
        pass
    return data


def dumps(puzzle: WorldPuzzle, empty: frozenset[str] | set[str] = frozenset()) -> str:
    """The puzzle as format-3 TOML: sentences wherever a sentence says the formula; the
    statements `empty` (slots not written yet) as ``""``, and so the puzzle's own ``empty``
    (a draft read from a file or a code: :func:`unsettled` puts its slots back)."""
    if puzzle.empty:
        puzzle, own = unsettled(puzzle)
        empty = frozenset(empty) | own
    ctx = _context(puzzle)
    lines = [f"format = {FORMAT}"]
    lines += [f"{k} = {toml_value(getattr(puzzle, k))}" for k in META if getattr(puzzle, k)]
    lines.append(f"attributes = {toml_value({a: list(v) for a, v in puzzle.attributes.items()})}")
    if puzzle.speaker_attr:
        lines.append(f"speaker_attr = {toml_value(puzzle.speaker_attr)}")
    if puzzle.modes:
        lines.append(f"modes = {toml_value(dict(puzzle.modes))}")
    rules = [sentence_or_formula(c, ctx.speaking(None)) for c in puzzle.constraints]
    if rules:
        lines.append("rules = [\n" + "".join(f"  {toml_value(x)},\n" for x in rules) + "]")
    if puzzle.ask:
        asks = [_question(a, ctx.speaking(None)) for a in puzzle.ask]
        lines.append(f"question = {toml_value(asks)}")
    loose = [s for s in puzzle.statements if s.by is None]
    if loose:
        items = [_statement_table(s, ctx.speaking(None), True) for s in loose]
        lines.append("statements = [\n" + "".join(f"  {toml_value(x)},\n" for x in items) + "]")
    for name in puzzle.entities:
        lines += [""] + _entity_lines(puzzle, name, ctx, empty)
    return "\n".join(lines) + "\n"


def _statement_table(s: WorldStatement, ctx: sn.Context, with_id: bool,
                     empty: frozenset[str] | set[str] = frozenset()) -> Any:
    out: dict[str, Any] = {"id": s.id} if with_id else {}
    if s.id in empty:
        if not out:
            return ""
        out["says"] = ""
    elif s.unknown:
        out["one_of"] = [sentence_or_formula(f, ctx) for f in s.one_of]
    else:
        said = sentence_or_formula(s.says, ctx)
        if not out:
            return said
        out["says"] = said
    return out


def _entity_lines(puzzle: WorldPuzzle, name: str, ctx: sn.Context,
                  empty: frozenset[str] | set[str] = frozenset()) -> list[str]:
    lines = ["[[entities]]", f"name = {toml_value(name)}"]
    for attr, value in puzzle.given.get(name, {}).items():
        lines.append(f"{_key(attr)} = {toml_value(value)}")
    if name in puzzle.mode_overrides:
        lines.append(f"modes = {toml_value(dict(puzzle.mode_overrides[name]))}")
    mine = puzzle.by(name)
    defaults = [name] if len(mine) == 1 else [f"{name}.{k}" for k in range(1, len(mine) + 1)]
    last_unknown = bool(mine) and mine[-1].unknown and mine[-1].id == defaults[-1] and not any(
        s.unknown for s in mine[:-1])
    says = [_statement_table(s, ctx.speaking(name, s.id),
                             s.id != d or (s.unknown and not last_unknown), empty)
            for s, d in zip(mine, defaults)]
    if last_unknown:
        lines.append(f"one_of = {toml_value(says.pop()['one_of'])}")
    if says:
        lines.append(f"says = {toml_value(says)}")
    return lines
