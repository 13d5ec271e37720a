"""The structured JSON form of a truth puzzle (``../shared/truth-puzzles.md``): a JSON object
with ``"entities"``. (A JSON object with ``"portia"`` and ``"caskets"`` is the thesis JSON,
:mod:`portia_tui.core.io.formats.thesis_json`, and keeps its meaning.)

    {"entities": ["I", "II"], "attributes": {"content": ["lady", "tiger"]},
     "statements": [{"id": "I", "by": "I", "says": [...]}, ...],
     "constraints": [[...]], "ask": [{"where": {"content": "lady"}}]}

Other keys: ``speaker_attr``, ``modes``, ``mode_overrides``, ``given`` (entity -> {attr:
value}, the attribute values the puzzle fixes), ``title``, ``author``, ``notes``, ``source``,
``empty`` (a draft's slots not written yet, by id: a draft is never valid).
A statement with ``"one_of": [F, ...]`` has an unknown wording. An ask item is ``{"of": X,
"attr": a}``, ``{"where": {attr: value}}`` or ``{"formula": F, "label": text}``.

Public API: :func:`is_structured` (data), :func:`loads` (text, path) -> WorldPuzzle,
:func:`from_data` (data, text, path), :func:`to_data` (puzzle) -> dict, :func:`dumps`
(puzzle) -> str, :func:`statement_data` and :func:`ask_data` (one statement, one ask item as
data). Every problem is a FormatError ``FILE:LINE: message``.
"""

from __future__ import annotations

import json
import re
from typing import Any

from portia_tui.core.errors import FormatError
from portia_tui.core.io.files import parse_json
from portia_tui.core.io.formats.common import line_of
from portia_tui.core.language.formulas import thaw
from portia_tui.core.language.world import (
    Ask,
    AskFormula,
    AskOf,
    AskWhere,
    WorldError,
    WorldPuzzle,
    WorldStatement,
)

KEYS = ("entities", "attributes", "speaker_attr", "modes", "mode_overrides", "given",
        "statements", "constraints", "ask", "title", "author", "notes", "source", "empty")
_META = ("title", "author", "notes", "source")


def is_structured(data: object) -> bool:
    """Whether parsed JSON is the structured form (an object with "entities")."""
    return isinstance(data, dict) and "entities" in data


def loads(text: str, path: str = "<json>") -> WorldPuzzle:
    data = parse_json(text, path, unique_keys=True)
    return from_data(data, text, path)


class _Reader:
    """Reads one structured object; every error names the file and the nearest line."""

    def __init__(self, text: str, path: str):
        self.text = text
        self.path = path

    def fail(self, message: str, needle: str | None = None) -> FormatError:
        line = line_of(self.text, needle) if needle else None
        return FormatError(message, self.path, line or 1)

    def strings(self, value: object, what: str, key: str) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(f'"{key}" must be a list of names ({what})', f'"{key}"')
        return value

    def table(self, value: object, key: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(f'"{key}" must be an object', f'"{key}"')
        return value

    def string_table(self, value: object, key: str) -> dict[str, str]:
        table = self.table(value, key)
        for k, v in table.items():
            if not isinstance(v, str):
                raise self.fail(f'"{key}": the value of {json.dumps(k)} must be a string',
                                json.dumps(k))
        return table

    def formula(self, value: object, key: str) -> Any:
        if not isinstance(value, list):
            raise self.fail(f"{key}: a formula is a JSON list, not {json.dumps(value)}",
                            f'"{key}"')
        return value

    def statement(self, raw: object) -> WorldStatement:
        if not isinstance(raw, dict):
            raise self.fail(f"a statement must be an object, not {json.dumps(raw)}",
                            '"statements"')
        sid = raw.get("id")
        if not isinstance(sid, str):
            raise self.fail('a statement needs "id" (a string)', '"statements"')
        near = _id_needle(self.text, sid)
        extra = set(raw) - {"id", "by", "says", "one_of"}
        if extra:
            raise self.fail(f"statement {sid}: unknown key {json.dumps(min(extra))}", near)
        by = raw.get("by")
        if by is not None and not isinstance(by, str):
            raise self.fail(f'statement {sid}: "by" must be an entity name or null', near)
        if ("says" in raw) == ("one_of" in raw):
            raise self.fail(f'statement {sid}: give "says" (a formula) or "one_of" (a list of '
                            "formulas)", near)
        if "says" in raw:
            return WorldStatement(sid, by, self.formula(raw["says"], f"statement {sid}"))
        options = raw["one_of"]
        if not isinstance(options, list):
            raise self.fail(f'statement {sid}: "one_of" must be a list of formulas', near)
        return WorldStatement(sid, by, None,
                              tuple(self.formula(f, f"statement {sid}") for f in options))

    def ask(self, raw: object) -> Ask:
        if (isinstance(raw, dict) and set(raw) == {"of", "attr"}
                and isinstance(raw["of"], str) and isinstance(raw["attr"], str)):
            return AskOf(raw["of"], raw["attr"])
        if isinstance(raw, dict) and set(raw) == {"where"}:
            return AskWhere(self.string_table(raw["where"], "where"))
        if (isinstance(raw, dict) and set(raw) == {"formula", "label"}
                and isinstance(raw["label"], str)):
            return AskFormula(self.formula(raw["formula"], "ask"), raw["label"])
        raise self.fail('an ask item is {"of": X, "attr": a}, {"where": {attr: value}} or '
                        f'{{"formula": F, "label": text}}, not {json.dumps(raw)}', '"ask"')


def _id_needle(text: str, sid: str) -> str | None:
    """A piece of the line where statement `sid` is given."""
    found = re.search(r'"id"\s*:\s*' + re.escape(json.dumps(sid)), text)
    return found.group(0) if found else None


def _line(text: str, err: WorldError) -> int:
    """The line nearest to where a model error stands."""
    at = err.at
    needle: str | None = None
    if at.startswith("statement "):
        needle = _id_needle(text, at[len("statement "):])
    elif at.startswith("entity "):
        needle = json.dumps(at[len("entity "):])
    elif at:
        needle = '"' + at.split()[0].replace("constraint", "constraints") + '"'
    return (line_of(text, needle) if needle else None) or 1


def from_data(data: object, text: str = "", path: str = "<json>") -> WorldPuzzle:
    """A WorldPuzzle from parsed JSON; FormatError ``FILE:LINE: message``."""
    r = _Reader(text, path)
    if not is_structured(data):
        raise r.fail('expected a JSON object with "entities"')
    assert isinstance(data, dict)
    for key in data:
        if key not in KEYS:
            raise r.fail(f"unknown key {json.dumps(key)} (the keys are {', '.join(KEYS)})",
                         json.dumps(key))
    attributes = r.table(data.get("attributes", {}), "attributes")
    for name, values in attributes.items():
        r.strings(values, f"the values of {name}", "attributes")
    statements = data.get("statements", [])
    constraints = data.get("constraints", [])
    asks = data.get("ask", [])
    for key, value in (("statements", statements), ("constraints", constraints), ("ask", asks)):
        if not isinstance(value, list):
            raise r.fail(f'"{key}" must be a list', f'"{key}"')
    speaker = data.get("speaker_attr")
    if speaker is not None and not isinstance(speaker, str):
        raise r.fail('"speaker_attr" must be an attribute name', '"speaker_attr"')
    meta = {}
    for key in _META:
        if not isinstance(data.get(key, ""), str):
            raise r.fail(f'"{key}" must be a string', f'"{key}"')
        meta[key] = data.get(key, "")
    overrides = r.table(data.get("mode_overrides", {}), "mode_overrides")
    given = r.table(data.get("given", {}), "given")
    try:
        return WorldPuzzle(
            tuple(r.strings(data["entities"], "the entities", "entities")), attributes,
            tuple(r.statement(s) for s in statements),
            tuple(r.formula(c, "constraints") for c in constraints),
            tuple(r.ask(a) for a in asks), speaker,
            r.string_table(data.get("modes", {}), "modes"),
            {e: r.string_table(t, "mode_overrides") for e, t in overrides.items()},
            {e: r.string_table(t, "given") for e, t in given.items()},
            **meta, empty=r.strings(data.get("empty", []), "the empty slots", "empty")).validate()
    except WorldError as err:
        raise FormatError(err.message, path, _line(text, err)) from None
    except RecursionError:
        raise FormatError("formulas nested too deep", path, 1) from None


def to_data(puzzle: WorldPuzzle) -> dict[str, Any]:
    """The structured form of a puzzle (keys with default values left out)."""
    out: dict[str, Any] = {"entities": list(puzzle.entities),
                           "attributes": {a: list(v) for a, v in puzzle.attributes.items()}}
    if puzzle.speaker_attr is not None:
        out["speaker_attr"] = puzzle.speaker_attr
    if puzzle.modes:
        out["modes"] = dict(puzzle.modes)
    if puzzle.mode_overrides:
        out["mode_overrides"] = thaw(puzzle.mode_overrides)
    if puzzle.given:
        out["given"] = thaw(puzzle.given)
    out["statements"] = [_statement_data(s) for s in puzzle.statements]
    if puzzle.constraints:
        out["constraints"] = [thaw(c) for c in puzzle.constraints]
    if puzzle.ask:
        out["ask"] = [_ask_data(a) for a in puzzle.ask]
    for key in _META:
        if getattr(puzzle, key):
            out[key] = getattr(puzzle, key)
    if puzzle.empty:
        out["empty"] = list(puzzle.empty)
    return out


def _statement_data(s: WorldStatement) -> dict[str, Any]:
    out: dict[str, Any] = {"id": s.id, "by": s.by}
    if s.unknown:
        out["one_of"] = [thaw(f) for f in s.one_of]
    else:
        out["says"] = thaw(s.says)
    return out


def _ask_data(item: Ask) -> dict[str, Any]:
    if isinstance(item, AskOf):
        return {"of": item.entity, "attr": item.attr}
    if isinstance(item, AskWhere):
        return {"where": dict(item.pairs)}
    return {"formula": thaw(item.formula), "label": item.label}


#: one statement and one question item as structured data (public names)
statement_data = _statement_data
ask_data = _ask_data


def dumps(puzzle: WorldPuzzle) -> str:
    """The structured form as JSON text: one statement, constraint or ask item a line."""
    data = to_data(puzzle)
    lines = ["{"]
    items = list(data.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if key in ("statements", "constraints", "ask") and value:
            inner = ",\n".join(f"    {json.dumps(v, ensure_ascii=False)}" for v in value)
            lines.append(f"  {json.dumps(key)}: [\n{inner}\n  ]{comma}")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"
