"""The thesis toolkit's JSON (section 3.2).

    {"portia": n, "true_statements": m,
     "caskets": {"gold": [statement, ...], "silver": [...], "lead": [...]}}

with each statement one of
    {"contains_portrait": bool, "mentioned_casket": name}           in / not in
    {"mentioned_casket": name, "statement_truth": "true"|"false"}    statements on a casket
    {"other_statements_truth": "true"|"false"}                       the other statements
"""

from __future__ import annotations

import json

from portia_tui.core.errors import FormatError, PortiaError
from portia_tui.core.language.model import Casket, Puzzle, check_name
from portia_tui.core.language.vocabulary import (READ_OTHER, READ_PORTRAIT, READ_TRUTH, READINGS,
                                                 Layout, Reading, Statement, with_reading)
from portia_tui.core.io.formats.common import checked, line_of, parse_json, thesis_refusal


def _shown(value: object) -> str:
    """A JSON value in a message, cut to 60 characters."""
    said = json.dumps(value)
    return said if len(said) <= 60 else said[:57] + "..."


def _statement(raw: object) -> Statement:
    if not isinstance(raw, dict):
        raise PortiaError(f"a statement must be an object, not {_shown(raw)}")
    if "other_statements_truth" in raw:
        value = raw["other_statements_truth"]
        if value not in ("true", "false"):
            raise PortiaError(f"other_statements_truth must be \"true\" or \"false\", not {_shown(value)}")
        return with_reading(Reading(READ_OTHER, value == "true"))
    target = raw.get("mentioned_casket")
    if not isinstance(target, str):
        raise PortiaError("a statement needs \"mentioned_casket\" (a casket name)")
    target = target.lower()
    if "statement_truth" in raw:
        value = raw["statement_truth"]
        if value not in ("true", "false"):
            raise PortiaError(f"statement_truth must be \"true\" or \"false\", not {_shown(value)}")
        return with_reading(Reading(READ_TRUTH, value == "true"), target)
    if "contains_portrait" in raw:
        value = raw["contains_portrait"]
        if not isinstance(value, bool):
            raise PortiaError("contains_portrait must be true or false")
        return with_reading(Reading(READ_PORTRAIT, value), target)
    raise PortiaError(f"unknown statement {_shown(raw)}")


def loads(text: str, path: str = "<json>") -> Puzzle:
    data = parse_json(text, path, unique_keys=True)  # a casket given twice is refused
    if not isinstance(data, dict):
        raise FormatError("expected a JSON object with portia, true_statements and caskets", path, 1)
    for key in ("portia", "true_statements", "caskets"):
        if key not in data:
            raise FormatError(f"missing \"{key}\"", path, 1)
    n, m, raw_caskets = data["portia"], data["true_statements"], data["caskets"]
    for key, value in (("portia", n), ("true_statements", m)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise FormatError(f"\"{key}\" must be a whole number", path, line_of(text, f'"{key}"'))
    if n < 1:
        raise FormatError("portia = 0: every casket needs at least one statement", path,
                          line_of(text, '"portia"'))
    if not isinstance(raw_caskets, dict) or not raw_caskets:
        raise FormatError("\"caskets\" must map casket names to lists of statements", path,
                          line_of(text, '"caskets"'))
    names = tuple(str(k).lower() for k in raw_caskets)
    for name in names:
        bad = check_name(name)
        if bad:
            raise FormatError(bad, path, line_of(text, f'"{name}"'))
    layout = Layout(names, (n,) * len(names))
    caskets = []
    for ci, (key, items) in enumerate(raw_caskets.items()):
        where = line_of(text, f'"{key}"', line_of(text, '"caskets"') or 1)
        if not isinstance(items, list):
            raise FormatError(f"the {key} casket must hold a list of statements", path, where)
        if len(items) != n:
            raise FormatError(
                f"the {key} casket holds {len(items)} statements, but portia = {n}", path, where)
        sts = []
        for raw in items:
            try:
                st = checked(_statement(raw), layout, ci)
            except PortiaError as exc:
                raise FormatError(f"{exc.message} (on the {key} casket)", path, where) from None
            sts.append(st)
        caskets.append(Casket(names[ci], tuple(sts)))
    size = n * len(names)
    if not 0 <= m <= size:
        raise FormatError(f"true_statements = {m} is out of range 0..{size}", path,
                          line_of(text, '"true_statements"'))
    return Puzzle(tuple(caskets), m).validate()


def to_data(puzzle: Puzzle) -> dict:
    if not puzzle.is_classic:
        raise FormatError(
            "the thesis JSON holds only gold, silver and lead caskets with the same number of "
            "statements each")
    refusal = thesis_refusal(puzzle, "the thesis JSON")
    if refusal:
        raise FormatError(refusal)

    def one(owner: int, st: Statement) -> dict:
        shape, sense = READINGS[st.kind]  # the thesis JSON says Definition 1's reading
        if shape == READ_PORTRAIT:
            return {"contains_portrait": sense, "mentioned_casket": st.target}
        if shape == READ_TRUTH:
            return {"mentioned_casket": st.target, "statement_truth": "true" if sense else "false"}
        return {"other_statements_truth": "true" if sense else "false"}

    return {
        "portia": puzzle.n,
        "true_statements": puzzle.m,
        "caskets": {
            c.name: [one(ci, st) for st in c.statements] for ci, c in enumerate(puzzle.caskets)
        },
    }


def dumps(puzzle: Puzzle) -> str:
    return json.dumps(to_data(puzzle), indent=4) + "\n"
