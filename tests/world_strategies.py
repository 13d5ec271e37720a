"""Hypothesis strategies: random world puzzles of every family (knights/knaves/normals,
werewolves, lady-or-tiger doors with modes and overrides, free attributes), with loops of
statements about statements, paradoxes, unknown wordings, silent entities and fixed values."""

from __future__ import annotations

from hypothesis import strategies as st

from portia_tui.core.language.world import (
    AskFormula,
    AskOf,
    AskWhere,
    WorldPuzzle,
    WorldStatement,
)

FAMILIES = ("knights", "werewolves", "doors", "free")
OPS = ("==", "!=", ">=", "<=", ">", "<", "even", "odd")
NAMES = ("A", "B", "C", "D")


def _attributes(draw, family: str) -> tuple[dict, str | None, dict, list]:
    """attributes, speaker attribute, modes, constraints a family brings."""
    if family == "knights":
        types = ("knight", "knave", "normal") if draw(st.booleans()) else ("knight", "knave")
        return {"type": types}, "type", {"knight": "true", "knave": "false"}, []
    if family == "werewolves":
        k = draw(st.integers(0, 2))
        return ({"type": ("knight", "knave"), "wolf": ("werewolf", "human")}, "type",
                {"knight": "true", "knave": "false"}, [("count", "all", {"wolf": "werewolf"}, "==", k)])
    if family == "doors":
        contents = ("lady", "tiger", "empty") if draw(st.booleans()) else ("lady", "tiger")
        modes = {v: draw(st.sampled_from(("true", "false", "free"))) for v in contents}
        constraints = [("count", "all", {"content": "lady"}, "==", 1)] if draw(
            st.booleans()) else []
        speaker = "content" if draw(st.booleans()) else None
        return {"content": contents}, speaker, modes if speaker else {}, constraints
    colours = ("red", "green", "blue")[:draw(st.integers(1, 3))]
    attrs: dict[str, tuple[str, ...]] = {"colour": colours}
    if draw(st.booleans()):
        attrs["size"] = ("big", "small")
    return attrs, None, {}, []


class _Ctx:
    def __init__(self, entities, attributes, ids, unknown, speaker, this):
        self.entities = entities
        self.attributes = attributes
        self.ids = ids
        self.unknown = unknown  # id -> number of wordings
        self.speaker = speaker
        self.this = this
        self.bound: list[str] = []


def _entity(draw, c: _Ctx):
    menu = list(c.entities) + c.bound
    if c.speaker is not None:
        menu.append("self")
        if len(c.entities) == 2:
            menu.append("other")
    return draw(st.sampled_from(menu))


def _set(draw, c: _Ctx):
    menu = ["all", "list"] + (["others"] if c.speaker is not None else [])
    pick = draw(st.sampled_from(menu))
    if pick != "list":
        return pick
    return tuple(draw(st.lists(st.sampled_from(list(c.entities) + c.bound), max_size=3)))


def _sid(draw, c: _Ctx):
    return draw(st.sampled_from(c.ids + (["this"] if c.this else [])))


def _sset(draw, c: _Ctx):
    pick = draw(st.sampled_from(("all", "list", "by", "by_except") if c.this
                                else ("all", "list", "by")))
    if pick == "all":
        return "all"
    if pick == "list":
        return tuple(_sid(draw, c) for _ in range(draw(st.integers(0, 3))))
    out = {"by": _entity(draw, c)}
    if pick == "by_except":
        out["except_this"] = True
    return out


def _atomic(draw, c: _Ctx):
    attr = draw(st.sampled_from(list(c.attributes)))
    value = draw(st.sampled_from(c.attributes[attr]))
    kinds = ["is", "isnot", "same", "differ", "alleq", "lt", "count", "const"]
    if c.ids:
        kinds += ["true", "false", "count_true"] * 2
    if c.unknown:
        kinds.append("said")
    kind = draw(st.sampled_from(kinds))
    if kind in ("is", "isnot"):
        return (kind, _entity(draw, c), attr, value)
    if kind in ("same", "differ", "lt"):
        return (kind, _entity(draw, c), _entity(draw, c), attr)
    if kind == "alleq":
        return (kind, _set(draw, c), attr)
    if kind == "count":
        return (kind, _set(draw, c), {attr: value}, draw(st.sampled_from(OPS)),
                draw(st.integers(-1, 4)))
    if kind == "const":
        return (kind, draw(st.booleans()))
    if kind in ("true", "false"):
        return (kind, _sid(draw, c))
    if kind == "count_true":
        return (kind, _sset(draw, c), draw(st.sampled_from(OPS)), draw(st.integers(-1, 4)))
    sid = draw(st.sampled_from(sorted(c.unknown)))
    return ("said", sid, draw(st.integers(0, c.unknown[sid] - 1)))


def formula(draw, c: _Ctx, depth: int = 2):
    kind = draw(st.sampled_from(("atom",) * 4 + ("not", "and", "or", "xor", "implies", "iff",
                                                 "nof", "forall", "exists")))
    if depth == 0 or kind == "atom":
        return _atomic(draw, c)
    if kind == "not":
        return ("not", formula(draw, c, depth - 1))
    if kind in ("and", "or"):
        return (kind,) + tuple(formula(draw, c, depth - 1)
                               for _ in range(draw(st.integers(1, 3))))
    if kind in ("xor", "implies", "iff"):
        return (kind, formula(draw, c, depth - 1), formula(draw, c, depth - 1))
    if kind == "nof":
        return ("nof", draw(st.sampled_from(OPS)), draw(st.integers(0, 3))) + tuple(
            formula(draw, c, depth - 1) for _ in range(draw(st.integers(1, 3))))
    var = f"?x{len(c.bound)}"
    members = _set(draw, c)
    c.bound.append(var)
    body = formula(draw, c, depth - 1)
    c.bound.pop()
    return (kind, var, members, body)


def _ask(draw, entities, attributes, ctx):
    items = []
    for _ in range(draw(st.integers(0, 2))):
        pick = draw(st.sampled_from(("of", "where", "formula")))
        attr = draw(st.sampled_from(list(attributes)))
        if pick == "of":
            items.append(AskOf(draw(st.sampled_from(entities)), attr))
        elif pick == "where":
            items.append(AskWhere({attr: draw(st.sampled_from(attributes[attr]))}))
        else:
            items.append(AskFormula(formula(draw, ctx, 1), f"q{len(items)}"))
    keys = set()
    unique = []
    for item in items:
        if item.key not in keys:
            keys.add(item.key)
            unique.append(item)
    return tuple(unique)


@st.composite
def world_puzzles(draw, family: str | None = None, max_entities: int = 3,
                  max_statements: int = 4):
    """A valid random world puzzle of `family` (any when None)."""
    family = family or draw(st.sampled_from(FAMILIES))
    attributes, speaker, modes, constraints = _attributes(draw, family)
    entities = NAMES[:draw(st.integers(1, max_entities))]
    owners = draw(st.lists(st.sampled_from(list(entities) + [None]), max_size=max_statements))
    ids = [f"s{i + 1}" for i in range(len(owners))]
    unknown = {sid: draw(st.integers(2, 3)) for sid in ids if draw(st.integers(0, 4)) == 0}
    statements = []
    for sid, by in zip(ids, owners):
        ctx = _Ctx(entities, attributes, ids, unknown, by, sid)
        if sid in unknown:
            statements.append(WorldStatement(sid, by, None, tuple(
                formula(draw, ctx) for _ in range(unknown[sid]))))
        else:
            statements.append(WorldStatement(sid, by, formula(draw, ctx)))
    top = _Ctx(entities, attributes, ids, unknown, None, None)
    constraints = constraints + [formula(draw, top, 1)
                                 for _ in range(draw(st.integers(0, 1)))]
    overrides = {}
    if speaker and draw(st.booleans()):
        who = draw(st.sampled_from(entities))
        value = draw(st.sampled_from(attributes[speaker]))
        overrides[who] = {value: draw(st.sampled_from(("true", "false", "free")))}
    given = {}
    if draw(st.integers(0, 3)) == 0:
        who = draw(st.sampled_from(entities))
        attr = draw(st.sampled_from(list(attributes)))
        given[who] = {attr: draw(st.sampled_from(attributes[attr]))}
    return WorldPuzzle(entities, attributes, tuple(statements), tuple(constraints),
                       _ask(draw, entities, attributes, top), speaker, modes, overrides,
                       given).validate()
