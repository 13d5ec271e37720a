"""The world model of the truth-puzzle language (``../shared/truth-puzzles.md``): entities with
attributes, a speaker attribute and its modes, statements (a formula, or an unknown wording),
constraints and a question. Caskets, doors and islanders are all puzzles of this one model.

Public API (typing.NamedTuple records, so start-up needs no dataclasses; every field also
accepts plain lists and dicts, which are frozen on construction):

- :class:`WorldPuzzle` ``(entities, attributes, statements=(), constraints=(), ask=(),
  speaker_attr=None, modes={}, mode_overrides={}, given={}, title="", author="", notes="",
  source="", empty=())``

  - ``entities``: tuple of names, in order; ``attributes``: ordered mapping attr -> tuple of
    values; ``given``: entity -> {attr: value} for the attribute values a puzzle fixes;
  - ``speaker_attr`` and ``modes`` (value -> "true" | "false" | "free"; a value left out is
    free); ``mode_overrides``: entity -> {value: mode};
  - ``statements``: :class:`WorldStatement`; ``constraints``: formulas;
  - ``ask``: question items (:class:`AskOf`, :class:`AskWhere`, :class:`AskFormula`); empty
    means every ``"E.attr"`` (see :attr:`WorldPuzzle.question`);
  - ``empty``: the ids of a draft's empty slots (statements not written yet: each left out
    of ``statements``, or there saying "this statement is true", free, where another
    statement names it); a draft is never valid and is not played;
  - methods: ``validate()`` (returns the puzzle, raises :class:`WorldError`), ``mode(entity,
    value)``, ``statement(id)``, ``by(entity)``, ``scope(statement=None)``,
    ``with_constraint(formula)``, ``replace(**changes)``; properties ``question``,
    ``speakers`` (id -> entity or None), ``wordings`` (id -> number of wordings),
    ``domain(entity, attr)`` (the values an entity may take).
- :class:`WorldStatement` ``(id, by=None, says=None, one_of=())``: ``wordings`` is
  ``(says,)`` or ``one_of``; ``unknown`` is True for an unknown wording.
- :func:`from_casket` (a Portia casket puzzle as a world puzzle) and :data:`PORTRAIT`.
- Formulas and their checks are :mod:`portia_tui.core.language.formulas` (``Formula``,
  ``freeze``, ``thaw``, ``WorldError`` are re-exported here).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

from portia_tui.core.language import formulas as fm
from portia_tui.core.language.words import MAKER, PORTRAIT
from portia_tui.core.language.formulas import (
    MODES,
    RESERVED_ENTITIES,
    Formula,
    Frozen,
    Scope,
    WorldError,
    freeze,
    thaw,
)

if TYPE_CHECKING:
    from portia_tui.core.language.model import Puzzle


class _StatementFields(NamedTuple):
    id: str
    by: str | None = None
    says: Formula | None = None
    one_of: tuple[Formula, ...] = ()


class WorldStatement(_StatementFields):
    """One statement: an id, its speaker (an entity, or None for a statement no one makes)
    and what it says: one formula, or (an unknown wording) one of several."""

    def __new__(cls, id: str, by: str | None = None, says: Any = None,
                one_of: Iterable[Any] = ()) -> WorldStatement:
        return super().__new__(cls, id, by, None if says is None else freeze(says),
                               tuple(freeze(f) for f in one_of))

    @property
    def unknown(self) -> bool:
        """Whether the wording is unknown (one of several formulas)."""
        return self.says is None

    @cached_property
    def wordings(self) -> tuple[Formula, ...]:
        return self.one_of if self.says is None else (self.says,)


class AskOf(NamedTuple):
    """"What is E's attr?", answered as the key ``"E.attr"`` with a value."""

    entity: str
    attr: str

    @property
    def key(self) -> str:
        return f"{self.entity}.{self.attr}"


class _AskWhereFields(NamedTuple):
    pairs: Mapping[str, str]


class AskWhere(_AskWhereFields):
    """"Which entities have these values?", answered as the key ``"where attr=value"`` with
    the sorted list of the entities that have them (the language page's answer: sorted by
    name, as strings sort, whatever the puzzle's entity order)."""

    __slots__ = ()

    def __new__(cls, pairs: Mapping[str, str]) -> AskWhere:
        return super().__new__(cls, Frozen(pairs))

    @property
    def key(self) -> str:
        return "where " + ",".join(f"{a}={v}" for a, v in self.pairs.items())

    def answer(self, members: Iterable[str]) -> list[str]:
        """The answer when `members` are the entities that have the values: sorted."""
        return sorted(members)


class _AskFormulaFields(NamedTuple):
    formula: Formula
    label: str


class AskFormula(_AskFormulaFields):
    """"Does F hold?", answered as the key `label` with true or false."""

    __slots__ = ()

    def __new__(cls, formula: Any, label: str) -> AskFormula:
        return super().__new__(cls, freeze(formula), label)

    @property
    def key(self) -> str:
        return self.label


Ask = AskOf | AskWhere | AskFormula


def _frozen_table(table: Mapping[str, Any]) -> Frozen:
    return Frozen((k, Frozen(v)) for k, v in table.items())


class _PuzzleFields(NamedTuple):
    entities: tuple[str, ...]
    attributes: Mapping[str, tuple[str, ...]]
    statements: tuple[WorldStatement, ...] = ()
    constraints: tuple[Formula, ...] = ()
    ask: tuple[Ask, ...] = ()
    speaker_attr: str | None = None
    modes: Mapping[str, str] = Frozen()
    mode_overrides: Mapping[str, Mapping[str, str]] = Frozen()
    given: Mapping[str, Mapping[str, str]] = Frozen()
    title: str = ""
    author: str = ""
    notes: str = ""
    source: str = ""
    empty: tuple[str, ...] = ()


class WorldPuzzle(_PuzzleFields):
    """A truth puzzle: see the module docstring and ``truth-puzzles.md``. Equal and hashed
    by its fields; its cached properties live in the instance's __dict__."""

    def __new__(cls, entities: Iterable[str], attributes: Mapping[str, Iterable[str]],
                statements: Iterable[WorldStatement] = (), constraints: Iterable[Any] = (),
                ask: Iterable[Ask] = (), speaker_attr: str | None = None,
                modes: Mapping[str, str] = Frozen(),
                mode_overrides: Mapping[str, Mapping[str, str]] = Frozen(),
                given: Mapping[str, Mapping[str, str]] = Frozen(), title: str = "",
                author: str = "", notes: str = "", source: str = "",
                empty: Iterable[str] = ()) -> WorldPuzzle:
        return super().__new__(
            cls, tuple(entities), Frozen((a, tuple(v)) for a, v in attributes.items()),
            tuple(statements), tuple(freeze(c) for c in constraints), tuple(ask), speaker_attr,
            Frozen(modes), _frozen_table(mode_overrides), _frozen_table(given), title, author,
            notes, source, tuple(empty))

    # ----------------------------------------------------------------- reading
    @cached_property
    def speakers(self) -> Mapping[str, str | None]:
        """Statement id -> its speaker (None for a statement no one makes), in order."""
        return {s.id: s.by for s in self.statements}

    @cached_property
    def wordings(self) -> Mapping[str, int]:
        """Statement id -> how many wordings it may have (1 for a known wording)."""
        return {s.id: len(s.wordings) for s in self.statements}

    def statement(self, sid: str) -> WorldStatement:
        for s in self.statements:
            if s.id == sid:
                return s
        raise KeyError(sid)

    def by(self, entity: str) -> tuple[WorldStatement, ...]:
        """The statements `entity` makes, in order."""
        return tuple(s for s in self.statements if s.by == entity)

    def mode(self, entity: str | None, value: str) -> str:
        """The mode ("true", "false", "free") of a statement by `entity` when its speaker
        attribute has `value` (an override first, then the puzzle's table; free by default)."""
        if entity is not None and entity in self.mode_overrides:
            own = self.mode_overrides[entity]
            if value in own:
                return str(own[value])
        return str(self.modes.get(value, "free"))

    def domain(self, entity: str, attr: str) -> tuple[str, ...]:
        """The values `entity` may take for `attr`: the given one, or all of them."""
        fixed = self.given.get(entity, {}).get(attr)
        return (fixed,) if fixed is not None else self.attributes[attr]

    def scope(self, statement: WorldStatement | None = None) -> Scope:
        """Where a formula stands: in `statement` (its speaker is "self"), or in a constraint
        or question (no speaker)."""
        if statement is None:
            return Scope(self)
        return Scope(self, statement.by, statement.id)

    @property
    def question(self) -> tuple[Ask, ...]:
        """The question: `ask`, or every attribute of every entity when it is empty."""
        if self.ask:
            return self.ask
        return tuple(AskOf(e, a) for e in self.entities for a in self.attributes)

    def replace(self, **changes: Any) -> WorldPuzzle:
        return type(self)(**{**self._asdict(), **changes})

    def with_constraint(self, formula: Formula) -> WorldPuzzle:
        """The same puzzle with one more constraint."""
        return self.replace(constraints=self.constraints + (freeze(formula),))

    # ----------------------------------------------------------------- checks
    def validate(self) -> WorldPuzzle:
        """The puzzle itself, when it follows the language; else WorldError (the first
        problem, with ``at`` saying where)."""
        _check_shape(self)
        _check_speaker(self)
        _check_given(self)
        _check_statements(self)
        for i, c in enumerate(self.constraints, 1):
            _at(f"constraint {i}", fm.check, c, self.scope())
        _check_ask(self)
        return self


def _at(at: str, fn: Any, *args: Any) -> None:
    try:
        fn(*args)
    except WorldError as err:
        raise err.where(at) from None


def _fail(at: str, message: str, problem: str, value: object = None) -> WorldError:
    return WorldError(f"{at}: {message}", problem, at, value)


def _names(kind: str, names: Iterable[object], at: str) -> None:
    seen: set[object] = set()
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise _fail(at, f"a {kind} needs a name, not {name!r}", "bad-name", name)
        if name in seen:
            raise _fail(at, f"the {kind} {name!r} is named twice", "duplicate", name)
        seen.add(name)


def _check_shape(p: WorldPuzzle) -> None:
    if not p.entities:
        raise _fail("entities", "a puzzle needs at least one entity", "empty")
    _names("entity", p.entities, "entities")
    for e in p.entities:
        if e in RESERVED_ENTITIES or e.startswith("?"):
            raise _fail("entities", f"{e!r} cannot name an entity: it means something in a "
                        "formula", "reserved", e)
    if not p.attributes:
        raise _fail("attributes", "a puzzle needs at least one attribute", "empty")
    _names("attribute", p.attributes, "attributes")
    for a, values in p.attributes.items():
        if not values:
            raise _fail("attributes", f"the attribute {a!r} has no values", "empty", a)
        _names(f"value of {a}", values, "attributes")
    _names("statement", [s.id for s in p.statements], "statements")
    for s in p.statements:
        if s.id == "this":
            raise _fail("statements", '"this" cannot be a statement id', "reserved", s.id)


def _check_speaker(p: WorldPuzzle) -> None:
    if p.speaker_attr is None:
        if p.modes or p.mode_overrides:
            raise _fail("modes", "modes need a speaker attribute", "no-speaker-attr")
        return
    if p.speaker_attr not in p.attributes:
        raise _fail("speaker_attr", f"unknown attribute {p.speaker_attr!r}",
                    "unknown-attribute", p.speaker_attr)
    values = p.attributes[p.speaker_attr]
    tables = [("modes", p.modes)] + [(f"mode_overrides {e}", t)
                                      for e, t in p.mode_overrides.items()]
    for e in p.mode_overrides:
        if e not in p.entities:
            raise _fail("mode_overrides", f"unknown entity {e!r}", "unknown-entity", e)
    for at, table in tables:
        for value, mode in table.items():
            if value not in values:
                raise _fail(at, f"{p.speaker_attr} has no value {value!r}", "unknown-value",
                            value)
            if mode not in MODES:
                raise _fail(at, f"a mode is true, false or free, not {mode!r}", "bad-mode",
                            mode)


def _check_given(p: WorldPuzzle) -> None:
    for e, table in p.given.items():
        at = f"entity {e}"
        if e not in p.entities:
            raise _fail("given", f"unknown entity {e!r}", "unknown-entity", e)
        for a, v in table.items():
            _at(at, p.scope().value, a, v)


def _check_statements(p: WorldPuzzle) -> None:
    for s in p.statements:
        at = f"statement {s.id}"
        if s.by is not None and s.by not in p.entities:
            raise _fail(at, f"unknown speaker {s.by!r}", "unknown-entity", s.by)
        if s.says is None and len(s.one_of) < 2:
            raise _fail(at, "an unknown wording is one of two or more formulas", "arity")
        if s.says is not None and s.one_of:
            raise _fail(at, "a statement says one formula or one of several, not both",
                        "bad-argument")
        for f in s.wordings:
            _at(at, fm.check, f, p.scope(s))


def _check_ask(p: WorldPuzzle) -> None:
    keys: set[str] = set()
    for i, item in enumerate(p.ask, 1):
        at = f"ask {i}"
        if isinstance(item, AskOf):
            _at(at, p.scope().entity, item.entity)
            _at(at, p.scope().attribute, item.attr)
        elif isinstance(item, AskWhere):
            if not item.pairs:
                raise _fail(at, "where needs at least one attr: value pair", "empty")
            for a, v in item.pairs.items():
                _at(at, p.scope().value, a, v)
        elif isinstance(item, AskFormula):
            if not item.label:
                raise _fail(at, "a question formula needs a label", "bad-name")
            _at(at, fm.check, item.formula, p.scope())
        else:
            raise _fail(at, f"not a question item: {item!r}", "bad-argument", item)
        if item.key in keys:
            raise _fail(at, f"the question {item.key!r} is asked twice", "duplicate", item.key)
        keys.add(item.key)


# --------------------------------------------------------------------------- caskets
def from_casket(puzzle: Puzzle) -> WorldPuzzle:
    """Portia's casket puzzle as a world puzzle: each casket an entity with ``portrait: yes |
    no`` (exactly one yes), statement i (1-based, in casket order) on its casket saying its
    meaning's formula, every rule its constraints (m is "exactly m statements are true"), and
    a speaker rule (Bellini and Cellini) its attribute and modes: each kind, meaning and rule
    kind says its own part (core/language/vocabulary.py, rules.py). The question is where the
    portrait is. An empty slot says ``["true", "this"]`` (free either way). A puzzle with m
    open and no rule has no solution yet, as the casket analysis says (the constraint ``const
    false``)."""
    from portia_tui.core.language.rules import rule_kind

    layout = puzzle.layout
    ids = [str(i + 1) for i in range(layout.size)]
    statements = tuple(WorldStatement(ids[i], layout.names[ci], mn.formula(layout.names, ids))
                       for i, ((ci, _st), mn) in enumerate(zip(puzzle.flat, puzzle.meanings)))
    constraints: list[Formula] = [("count", "all", Frozen({PORTRAIT: "yes"}), "==", 1)]
    attributes: dict[str, tuple[str, ...]] = {PORTRAIT: ("yes", "no")}
    speaker_attr: str | None = None
    modes: dict[str, str] = {}
    for rule in puzzle.rules:
        kind = rule_kind(rule)
        constraints.extend(kind.formulas(rule, layout, ids))
        if kind.speaker is not None:
            speaker_attr, values, modes = kind.speaker
            attributes[speaker_attr] = values
    if not puzzle.rules:
        constraints.append(("const", False))
    return WorldPuzzle(
        layout.names, attributes, statements, tuple(constraints),
        (AskWhere({PORTRAIT: "yes"}),), speaker_attr, dict(modes),
        title=puzzle.title, author=puzzle.author, notes=puzzle.notes)


__all__ = [
    "MAKER",
    "PORTRAIT",
    "Ask",
    "AskFormula",
    "AskOf",
    "AskWhere",
    "Formula",
    "WorldError",
    "WorldPuzzle",
    "WorldStatement",
    "freeze",
    "from_casket",
    "thaw",
]
