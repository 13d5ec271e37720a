"""Authoring truth puzzles (knights and knaves, werewolves, the lady or the tiger, the
labyrinth): blank pages per family, a draft with empty statement slots, and the editor's
session model (undo, redo, the file, the target answer).

A :class:`Draft` is immutable: ``puzzle`` holds every slot as a statement (an empty slot says
:data:`EMPTY`, "this statement is true", free either way) and ``empty`` the ids of the slots
not written yet. ``draft.analysed()`` is the puzzle as it stands (empty slots left out, or
free where a statement names them): what the engines solve. Every ``with_*`` method returns a
new draft (a checked edit: :class:`WorldError` says what is wrong). Drafts save as format-3
TOML, an empty slot written ``""`` (:func:`dumps`, :func:`loads`).

Public API:

- :data:`FAMILIES` (name -> :class:`Family`), :data:`FAMILY_NAMES`, :func:`blank`;
- :class:`Draft`, :class:`Slot`; :func:`dumps`, :func:`loads`, :func:`family_of`;
- :class:`WorldEditor`: the session (draft, path, saved, generation, target, undo/redo).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from portia_tui.core.io.formats import world_toml
from portia_tui.core.author.history import History
from portia_tui.core.io.recovery import FileStamp
from portia_tui.core.language import formulas as fm
from portia_tui.core.language import sentences as sn
from portia_tui.core.language.formulas import Formula, WorldError, freeze
from portia_tui.core.language.world import Ask, WorldPuzzle, WorldStatement

#: what an empty slot says while it is empty ("this statement is true": free either way)
EMPTY: Formula = world_toml.EMPTY
#: the most statements one entity may have in a blank page
MAX_STATEMENTS = 4
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: the kinds a page's speakers may be, for people and for rooms, each with the mode it
#: starts with (the language page: knights true, knaves false, normals free; Smullyan's
#: spies may lie or not; a lady's sign true, a tiger's false, an empty room's free). The
#: author may change any mode afterwards, and give other values (a value and its mode).
KNOWN_VALUES: dict[str, dict[str, str]] = {
    "people": {"knight": "true", "knave": "false", "normal": "free", "spy": "free"},
    "rooms": {"lady": "true", "tiger": "false", "empty": "free"},
}
#: the werewolf attribute, beside the speaker's (Smullyan's werewolves are knights or knaves
#: too): its name and values
WOLF: tuple[str, tuple[str, str]] = ("wolf", ("werewolf", "human"))
#: the narrator's rule Smullyan's puzzles state with an attribute, by the attribute's name:
#: werewolves come with "exactly one of them is a werewolf". The editor offers it when the
#: author adds the attribute; once added it is one of the puzzle's rules like any other
#: (listed, removable and undone in the rules menu): it lives in the puzzle's constraints.
PAIRED_RULES: dict[str, Formula] = {WOLF[0]: ("count", "all", {WOLF[0]: WOLF[1][0]}, "==", 1)}
#: a value's name: a lower-case word (hyphens inside), so sentences can say it
_VALUE_NAME = re.compile(r"[a-z][a-z-]{1,19}")


@dataclass(frozen=True)
class Family:
    """A family of truth puzzles: how its entities are named and counted (``size_option``
    "people" or "rooms", from ``low`` to ``high``), its attributes, modes, rules and
    question."""

    name: str
    size_option: str
    low: int
    high: int
    default: int
    summary: str

    def names(self, k: int) -> tuple[str, ...]:
        if self.size_option == "people":
            return tuple(LETTERS[:k])
        if self.name == "labyrinth":
            return tuple(str(i) for i in range(1, k + 1))
        return ROMAN[:k]

    @property
    def speaker_attr(self) -> str:
        """The attribute whose value sets how truly an entity speaks."""
        return "type" if self.size_option == "people" else "content"

    def default_modes(self, k: int) -> tuple[tuple[str, str], ...]:
        """The speaker attribute's values of a blank page of `k` entities, with their modes."""
        if self.size_option == "people":
            values: tuple[str, ...] = ("knight", "knave")
        elif self.name == "labyrinth" or k > 2:
            values = ("lady", "tiger", "empty")
        else:
            values = ("lady", "tiger")
        known = KNOWN_VALUES[self.size_option]
        return tuple((v, known[v]) for v in values)

    def frame(self, names: tuple[str, ...],
              modes: tuple[tuple[str, str], ...] | None = None) -> WorldPuzzle:
        """The family's puzzle with these entities and no statements; `modes` the speaker
        attribute's values and their modes, in order (the family's by default)."""
        pairs = self.default_modes(len(names)) if modes is None else tuple(modes)
        values = tuple(v for v, _m in pairs)
        table = {v: m for v, m in pairs}
        attr = self.speaker_attr
        if self.size_option == "people":
            attributes: dict[str, tuple[str, ...]] = {attr: values}
            constraints: tuple = ()
            if self.name == "werewolves":
                attributes[WOLF[0]] = WOLF[1]
                constraints = (PAIRED_RULES[WOLF[0]],)
            return WorldPuzzle(names, attributes, constraints=constraints,
                               speaker_attr=attr, modes=table)
        from portia_tui.core.language.world import AskWhere

        one = ("count", "all", {attr: "lady"}, "==", 1)
        return WorldPuzzle(names, {attr: values}, constraints=(one,),
                           ask=(AskWhere({attr: "lady"}),), speaker_attr=attr, modes=table)


FAMILIES: dict[str, Family] = {f.name: f for f in (
    Family("knights-knaves", "people", 2, 12, 3,
           "knights always tell the truth, knaves always lie; what is each?"),
    Family("werewolves", "people", 2, 12, 3,
           "knights and knaves, and exactly one of them is a werewolf; what is each?"),
    Family("lady-tiger", "rooms", 2, 9, 2,
           "a lady in one room, a tiger (or nothing) in the others; the lady's sign is true, "
           "a tiger's false; where is the lady?"),
    Family("labyrinth", "rooms", 2, 9, 9,
           "the nine-door labyrinth: a lady, tigers and empty rooms; empty rooms' signs are "
           "free; where is the lady?"),
)}
#: every family `portia new --family` takes (portia: the casket editor's blank page)
FAMILY_NAMES = (*FAMILIES, "portia")


def slot_ids(name: str, count: int) -> list[str]:
    """The ids of an entity's statements as format 3 gives them: its name for one, else
    NAME.1, NAME.2, ..."""
    return [name] if count == 1 else [f"{name}.{k}" for k in range(1, count + 1)]


def parse_modes(family: str, text: str) -> tuple[tuple[str, str], ...]:
    """`portia new --modes`: "knight,knave,normal" or "knight,knave,spy=false" -> the speaker
    attribute's values with their modes, in order. A known value (:data:`KNOWN_VALUES`) takes
    its usual mode unless one is given; any other value needs ``=true``, ``=false`` or
    ``=free``. ValueError (its message says what is wrong) for a bad list."""
    fam = FAMILIES.get(family)
    if fam is None:
        raise ValueError(f"unknown family {family!r} (the families are {', '.join(FAMILIES)})")
    known = KNOWN_VALUES[fam.size_option]
    out: list[tuple[str, str]] = []
    for part in text.split(","):
        value, eq, mode = (x.strip().lower() for x in part.partition("="))
        if not value:
            raise ValueError(f"--modes {text!r}: an empty value (give values between commas)")
        _not_another_attribute(value)
        if not eq:
            if value not in known:
                raise ValueError(f"--modes: {value!r} needs its mode ({value}=true, "
                                 f"{value}=false or {value}=free); the values known without "
                                 f"one are {', '.join(known)}")
            mode = known[value]
        out.append((value, mode))
    values = [v for v, _m in out]
    check_values(fam, out)
    if len(set(values)) != len(values):
        raise ValueError(f"--modes: {', '.join(values)} names a value twice")
    return tuple(out)


def _not_another_attribute(value: str, how: str = "--family werewolves") -> None:
    if value in WOLF[1] or value == WOLF[0]:
        raise ValueError(f"--modes: {value!r} is not a speaker's kind: werewolves are "
                         f"another attribute ({how})")


def check_values(fam: Family, pairs: Sequence[tuple[str, str]]) -> None:
    """ValueError unless `pairs` are two or more (value, mode) pairs a page of the family can
    have: lower-case words, modes true, false or free, none another attribute's value; rooms
    keep the lady (the rule and the question speak of her)."""
    from portia_tui.core.language.formulas import MODES

    if len(pairs) < 2:
        raise ValueError("--modes: give two or more values (a knight and a knave, ...)")
    for value, mode in pairs:
        if not _VALUE_NAME.fullmatch(value):
            raise ValueError(f"--modes: {value!r} is not a value name (a lower-case word of "
                             "2 to 20 letters)")
        if mode not in MODES:
            raise ValueError(f"--modes: {value}={mode}: a mode is true, false or free")
    if fam.size_option == "rooms" and "lady" not in (v for v, _m in pairs):
        raise ValueError("--modes: rooms need the lady (the rule and the question name her)")


def blank(family: str, size: int | None = None, statements: int = 1, *, title: str = "",
          author: str = "", modes: Sequence[tuple[str, str]] | None = None) -> Draft:
    """A blank page of the family: `size` people or rooms (the family's default when None),
    `statements` empty slots each (1 to :data:`MAX_STATEMENTS`), `modes` the speaker's values
    and their modes (:func:`parse_modes`; the family's by default). ValueError for a family,
    size or modes out of range."""
    fam = FAMILIES.get(family)
    if fam is None:
        raise ValueError(f"unknown family {family!r} (the families are {', '.join(FAMILIES)})")
    size = fam.default if size is None else size
    if not fam.low <= size <= fam.high:
        raise ValueError(f"{fam.name}: {fam.size_option} is {fam.low} to {fam.high}, not {size}")
    if not 1 <= statements <= MAX_STATEMENTS:
        raise ValueError(f"statements per entity is 1 to {MAX_STATEMENTS}, not {statements}")
    if modes is not None:
        check_values(fam, tuple(modes))
    frame = fam.frame(fam.names(size), None if modes is None else tuple(modes))
    slots = [WorldStatement(sid, e, EMPTY) for e in frame.entities
             for sid in slot_ids(e, statements)]
    puzzle = frame.replace(statements=tuple(slots), title=title, author=author)
    return Draft(puzzle.validate(), frozenset(s.id for s in slots), fam.name)


def family_of(puzzle: WorldPuzzle) -> str:
    """The family a truth puzzle looks like (by its attributes): knights-knaves, werewolves,
    lady-tiger or labyrinth ("" for none of them)."""
    attrs = puzzle.attributes
    if "wolf" in attrs and "type" in attrs:
        return "werewolves"
    if "type" in attrs:
        return "knights-knaves"
    if "content" in attrs:
        if all(e.isdigit() for e in puzzle.entities) and "empty" in attrs["content"]:
            return "labyrinth"
        return "lady-tiger"
    return ""


@dataclass(frozen=True)
class Slot:
    """One statement slot: its id, speaker, formula (None while empty, and for an unknown
    wording: its possible formulas are `one_of`), its place among its speaker's slots
    (0-based), and whether it is empty (not written yet)."""

    id: str
    by: str | None
    says: Formula | None
    index: int
    one_of: tuple[Formula, ...] = ()
    empty: bool = False


@dataclass(frozen=True)
class Draft:
    """A truth puzzle being written: see the module docstring."""

    puzzle: WorldPuzzle
    empty: frozenset[str] = frozenset()
    family: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "empty", frozenset(self.empty))
        if not self.family:
            object.__setattr__(self, "family", family_of(self.puzzle))

    # ----------------------------------------------------------------- reading
    @property
    def slots(self) -> tuple[Slot, ...]:
        """Every slot, entity by entity, in statement order."""
        out: list[Slot] = []
        seen: dict[str | None, int] = {}
        for s in self.puzzle.statements:
            k = seen.get(s.by, 0)
            seen[s.by] = k + 1
            blank = s.id in self.empty
            out.append(Slot(s.id, s.by, None if blank else s.says, k,
                            () if blank else s.one_of, blank))
        return tuple(out)

    def slot(self, sid: str) -> Slot:
        for s in self.slots:
            if s.id == sid:
                return s
        raise KeyError(sid)

    def slots_of(self, entity: str) -> tuple[Slot, ...]:
        return tuple(s for s in self.slots if s.by == entity)

    @property
    def complete(self) -> bool:
        """Every slot written."""
        return not self.empty

    def context(self, sid: str | None = None) -> sn.Context:
        """The sentence context of slot `sid` (its speaker's words), or the narrator's."""
        if sid is None:
            return sn.Context.of(self.puzzle)
        return sn.Context.of(self.puzzle, self.puzzle.statement(sid).by, sid)

    def sentence(self, sid: str) -> str:
        """Slot `sid` in words ("" while empty; the formula as JSON when no sentence says it)."""
        slot = self.slot(sid)
        if slot.empty:
            return ""
        if slot.says is None:
            return " / ".join(words(f, self.context(sid)) for f in slot.one_of)
        return words(slot.says, self.context(sid))

    def rule_sentences(self) -> list[str]:
        ctx = self.context()
        return [words(c, ctx) for c in self.puzzle.constraints]

    def question_text(self) -> list[str]:
        """The question in words ("What is each?" for the default question)."""
        from portia_tui.core.io.formats.structured import ask_data

        if not self.puzzle.ask:
            return ["What is each?"]
        ctx = self.context()
        return [sn.question_text(ask_data(a), ctx) for a in self.puzzle.ask]

    def analysed(self) -> WorldPuzzle:
        """The puzzle as it stands, for the engines: empty slots left out (free where another
        statement names them)."""
        return world_toml.settled(self.puzzle, self.empty)

    # ----------------------------------------------------------------- edits
    def with_statement(self, sid: str, formula: Any) -> Draft:
        """Slot `sid` says `formula` (a formula, or a sentence read in the slot's context)."""
        old = self.puzzle.statement(sid)
        if isinstance(formula, str):
            formula = sn.parse(formula, self.context(sid))
        new = WorldStatement(sid, old.by, freeze(formula))
        puzzle = self._swap(sid, new)
        _check(puzzle, f"statement {sid}", fm.check, new.says, puzzle.scope(new))
        return Draft(puzzle, self.empty - {sid}, self.family)

    def with_cleared(self, sid: str) -> Draft:
        """Slot `sid` empty again."""
        old = self.puzzle.statement(sid)
        return Draft(self._swap(sid, WorldStatement(sid, old.by, EMPTY)), self.empty | {sid},
                     self.family)

    def _swap(self, sid: str, new: WorldStatement) -> WorldPuzzle:
        return self.puzzle.replace(statements=tuple(
            new if s.id == sid else s for s in self.puzzle.statements))

    def with_rules(self, rules: tuple[Any, ...]) -> Draft:
        """The narrator's rules (constraints) replaced: formulas or sentences."""
        ctx = self.context()
        out = tuple(freeze(sn.parse(r, ctx) if isinstance(r, str) else r) for r in rules)
        puzzle = self.puzzle.replace(constraints=out)
        for i, c in enumerate(out, 1):
            _check(puzzle, f"rule {i}", fm.check, c, puzzle.scope())
        return Draft(puzzle, self.empty, self.family)

    def with_rule_added(self, rule: Any) -> Draft:
        return self.with_rules(self.puzzle.constraints + (rule,))

    def with_rule_removed(self, index: int) -> Draft:
        rules = self.puzzle.constraints
        return self.with_rules(rules[:index] + rules[index + 1:])

    def with_mode(self, value: str, mode: str, entity: str | None = None) -> Draft:
        """The mode of speakers with `value` ("true", "false", "free"): the puzzle's table, or
        `entity`'s own (a mode override; None as the mode takes the override out)."""
        p = self.puzzle
        if entity is None:
            modes = dict(p.modes) | {value: mode}
            puzzle = p.replace(modes=modes)
        else:
            own = dict(p.mode_overrides.get(entity, {}))
            if mode is None:
                own.pop(value, None)
            else:
                own[value] = mode
            table = {e: dict(t) for e, t in p.mode_overrides.items()} | {entity: own}
            puzzle = p.replace(mode_overrides={e: t for e, t in table.items() if t})
        return self._valid(puzzle)

    def with_question(self, ask: tuple[Ask, ...]) -> Draft:
        """The question (empty: what is each)."""
        return self._valid(self.puzzle.replace(ask=tuple(ask)))

    def with_meta(self, **meta: str) -> Draft:
        """title, author, notes or source changed."""
        return self._valid(self.puzzle.replace(**meta))

    def with_entity_added(self, name: str | None = None, statements: int = 1) -> Draft:
        """One more entity (the family's next name by default) with empty slots."""
        p = self.puzzle
        fam = FAMILIES.get(self.family)
        if name is None:
            pool = fam.names(fam.high) if fam else tuple(LETTERS)
            name = next((n for n in pool if n not in p.entities), f"E{len(p.entities) + 1}")
        if fam and len(p.entities) >= fam.high:
            raise WorldError(f"a {fam.name} puzzle has at most {fam.high} {fam.size_option}",
                             "too-many", "entities", name)
        slots = tuple(WorldStatement(sid, name, EMPTY) for sid in slot_ids(name, statements))
        puzzle = p.replace(entities=p.entities + (name,), statements=p.statements + slots)
        return Draft(self._validated(puzzle), self.empty | {s.id for s in slots}, self.family)

    def with_entity_removed(self, name: str) -> Draft:
        """The entity and its slots taken out. WorldError when another statement, a rule or
        the question names it (clear that first: nothing is dropped silently)."""
        p = self.puzzle
        if name not in p.entities or len(p.entities) <= 1:
            raise WorldError(f"cannot remove {name!r}", "bad-argument", "entities", name)
        gone = {s.id for s in p.statements if s.by == name}
        puzzle = p.replace(entities=tuple(e for e in p.entities if e != name),
                           statements=tuple(s for s in p.statements if s.by != name),
                           given={e: t for e, t in p.given.items() if e != name},
                           mode_overrides={e: t for e, t in p.mode_overrides.items()
                                           if e != name})
        return Draft(_named_check(puzzle, name), self.empty - gone, self.family)

    def with_slot_added(self, entity: str) -> Draft:
        """One more empty slot for `entity` (after its last). Its id is the next free
        ``NAME.k``; no slot's id ever changes (a sentence that names a slot keeps naming it)."""
        p = self.puzzle
        if entity not in p.entities:
            raise WorldError(f"unknown entity {entity!r}", "unknown-entity", "entities", entity)
        mine = p.by(entity)
        if len(mine) >= MAX_STATEMENTS:
            raise WorldError(f"{entity} has {MAX_STATEMENTS} slots already (the most)",
                             "too-many", f"entity {entity}", entity)
        ids = {s.id for s in p.statements}
        k = len(mine) + 1
        while f"{entity}.{k}" in ids:
            k += 1
        new = WorldStatement(f"{entity}.{k}", entity, EMPTY)
        at = max((i for i, s in enumerate(p.statements) if s.by == entity), default=None)
        if at is None:
            at = max((i for i, s in enumerate(p.statements)
                      if s.by in p.entities[:p.entities.index(entity)]), default=-1)
        statements = p.statements[:at + 1] + (new,) + p.statements[at + 1:]
        return Draft(self._validated(p.replace(statements=statements)), self.empty | {new.id},
                     self.family)

    def with_slot_removed(self, sid: str) -> Draft:
        """Slot `sid` taken out. WorldError when a statement, a rule or the question names it
        (change that first: nothing is dropped silently)."""
        p = self.puzzle
        p.statement(sid)  # KeyError for an unknown slot
        kept = tuple(s for s in p.statements if s.id != sid)
        puzzle = _named_check(p.replace(statements=kept), f"slot {sid}")
        return Draft(puzzle, self.empty - {sid}, self.family)

    # ----------------------------------------------------------------- kinds (values)
    def with_value_added(self, value: str, mode: str | None = None) -> Draft:
        """One more value of the speaker attribute (normals beside knights and knaves, empty
        rooms beside ladies and tigers), last in its list, speaking in `mode` (a known
        value's usual mode, else free, when None). WorldError for a name a sentence could not
        say or one some attribute has already."""
        p = self.puzzle
        attr = p.speaker_attr
        if attr is None:
            raise WorldError("this puzzle has no speaker attribute", "no-speaker-attr",
                             "attributes", value)
        value = value.strip().lower()
        if not _VALUE_NAME.fullmatch(value):
            raise WorldError(f"{value!r} is not a value name (a lower-case word)", "bad-name",
                             "attributes", value)
        if any(value in vals for vals in p.attributes.values()) or value in p.attributes:
            raise WorldError(f"the puzzle has {value!r} already", "duplicate", "attributes",
                             value)
        if mode is None:
            mode = next((t[value] for t in KNOWN_VALUES.values() if value in t), "free")
        attributes = dict(p.attributes) | {attr: p.attributes[attr] + (value,)}
        return self._valid(p.replace(attributes=attributes, modes=dict(p.modes) | {value: mode}))

    def with_own_kind(self, name: str, mode: str) -> Draft:
        """A kind of the author's own (a troll who may say anything: ``troll``, ``free``),
        checked as ``portia new --modes`` checks ``troll=free``: a lower-case word of 2 to
        20 letters, a mode true, false or free, not the werewolves' attribute or its values.
        ValueError with the reason (without the ``--modes:`` of the command line) for a bad
        name or mode, or one that clashes with a kind or a value the page has already."""
        p = self.puzzle
        name, mode = name.strip().lower(), mode.strip().lower()
        attr = p.speaker_attr
        fam = FAMILIES.get(self.family) or next(
            (f for f in FAMILIES.values() if f.speaker_attr == attr), None)
        if attr is None or fam is None:
            raise ValueError("this page has no kinds of speaker")
        if not name:
            raise ValueError("give the kind a name (a lower-case word)")
        if not mode:
            raise ValueError(f"say how {name} speaks: true, false or free")
        if name in p.attributes[attr]:
            raise ValueError(f"the page has {name!r} already")
        for other, values in p.attributes.items():
            if name == other or name in values:
                raise ValueError(f"{name!r} clashes with the page's {other!r} "
                                 f"({', '.join(values)}): give the kind another name")
        try:
            _not_another_attribute(name, "add werewolves from the modes menu")
            pairs = [(v, p.modes.get(v, "free")) for v in p.attributes[attr]] + [(name, mode)]
            check_values(fam, pairs)
        except ValueError as exc:
            raise ValueError(str(exc).removeprefix("--modes: ")) from None
        return self.with_value_added(name, mode)

    def with_value_removed(self, value: str) -> Draft:
        """The speaker attribute's `value` taken out (with its modes). WorldError when two
        values would be left no longer, or a statement, rule or the question names it (change
        that first: nothing is dropped silently)."""
        p = self.puzzle
        attr = p.speaker_attr
        values = p.attributes.get(attr, ()) if attr is not None else ()
        if value not in values:
            raise WorldError(f"the speakers have no value {value!r}", "unknown-value",
                             "attributes", value)
        if len(values) <= 2:
            raise WorldError(f"{value} cannot be removed: a speaker needs two kinds at least",
                             "too-few", "attributes", value)
        attributes = dict(p.attributes) | {attr: tuple(v for v in values if v != value)}
        overrides = {e: {v: m for v, m in t.items() if v != value}
                     for e, t in p.mode_overrides.items()}
        puzzle = p.replace(attributes=attributes,
                           modes={v: m for v, m in p.modes.items() if v != value},
                           mode_overrides={e: t for e, t in overrides.items() if t})
        return Draft(_named_check(puzzle, sn.plural(value)), self.empty, self.family)

    def with_attribute_added(self, attr: str, values: tuple[str, ...]) -> Draft:
        """Another attribute every entity has (werewolves: ``wolf``, werewolf or human),
        saying nothing about how truly they speak."""
        p = self.puzzle
        if attr in p.attributes or any(v in vals for vals in p.attributes.values()
                                       for v in values):
            raise WorldError(f"the puzzle has {attr!r} or its values already", "duplicate",
                             "attributes", attr)
        return self._valid(p.replace(attributes=dict(p.attributes) | {attr: tuple(values)}))

    def with_paired_attribute(self, attr: str, values: tuple[str, ...],
                              rule: bool = True) -> Draft:
        """:meth:`with_attribute_added`, and with `rule` the narrator's rule Smullyan's
        puzzles pair it with (:data:`PAIRED_RULES`), unless stated already: one edit, so one
        undo takes both back."""
        draft = self.with_attribute_added(attr, values)
        paired = PAIRED_RULES.get(attr)
        if not rule or paired is None:
            return draft
        if freeze(paired) in {freeze(c) for c in draft.puzzle.constraints}:
            return draft
        return draft.with_rule_added(paired)

    def paired_rule(self, attr: str) -> int | None:
        """Where the rule paired with `attr` stands among the puzzle's rules, or None."""
        paired = PAIRED_RULES.get(attr)
        if paired is None:
            return None
        frozen = freeze(paired)
        return next((i for i, c in enumerate(self.puzzle.constraints) if freeze(c) == frozen),
                    None)

    def with_attribute_removed(self, attr: str) -> Draft:
        """An attribute taken out (not the speaker's). WorldError when a statement, rule or
        the question names it."""
        p = self.puzzle
        if attr not in p.attributes or attr == p.speaker_attr:
            raise WorldError(f"cannot remove the attribute {attr!r}", "bad-argument",
                             "attributes", attr)
        given = {e: {a: v for a, v in t.items() if a != attr} for e, t in p.given.items()}
        puzzle = p.replace(attributes={a: v for a, v in p.attributes.items() if a != attr},
                           given={e: t for e, t in given.items() if t})
        return Draft(_named_check(puzzle, attr), self.empty, self.family)

    def _valid(self, puzzle: WorldPuzzle) -> Draft:
        return Draft(self._validated(puzzle), self.empty, self.family)

    @staticmethod
    def _validated(puzzle: WorldPuzzle) -> WorldPuzzle:
        return puzzle.validate()


def _named_check(puzzle: WorldPuzzle, what: str) -> WorldPuzzle:
    """The puzzle validated after `what` was taken out; WorldError saying who names it."""
    try:
        return puzzle.validate()
    except WorldError as err:
        raise WorldError(f"{what} cannot be removed: {err.at or 'the puzzle'} names it",
                         "named", err.at, what) from None


def _check(puzzle: WorldPuzzle, at: str, fn: Any, *args: Any) -> None:
    try:
        fn(*args)
    except WorldError as err:
        raise err.where(at) from None


def words(formula: Formula, ctx: sn.Context) -> str:
    """A formula in words: the sentence that reads back to it, else its JSON."""
    said = world_toml.sentence_or_formula(formula, ctx)
    if isinstance(said, str):
        return said
    import json

    return json.dumps(said)


# --------------------------------------------------------------------------- files
def dumps(draft: Draft) -> str:
    """The draft as format-3 TOML (empty slots as ``""``)."""
    return world_toml.dumps(draft.puzzle, draft.empty)


def of_puzzle(puzzle: WorldPuzzle) -> Draft:
    """The draft of a puzzle read from a pack or a share code: its empty slots (its
    ``empty``) slots again."""
    return Draft(*world_toml.unsettled(puzzle))


def loads(text: str, path: str = "<puzzle>") -> Draft:
    """A draft from format-3 TOML; FormatError ``FILE:LINE: message``."""
    puzzle, empty = world_toml.loads_slots(text, path)
    return Draft(puzzle, empty)


# --------------------------------------------------------------------------- the session
#: how many edits undo remembers


@dataclass
class WorldEditor:
    """The editor's session on a truth puzzle: the draft, its file and history, and the
    target answer the marks aim at (an answer dict keyed as the question's answers; None
    until the author picks one). Every edit bumps ``generation`` (worker results carry it:
    a result for an older generation is never shown)."""

    draft: Draft
    path: Path | None = None
    saved: Draft | None = None
    stamp: FileStamp | None = None
    generation: int = 0
    target: Mapping[str, Any] | None = None
    history: History[Draft] = field(default_factory=History)

    @classmethod
    def new(cls, draft: Draft, path: Path | None = None) -> WorldEditor:
        return cls(draft, path=path, saved=None if path is not None else draft)

    @classmethod
    def opened(cls, path: Path) -> WorldEditor:
        """The draft in `path` (format-3 TOML)."""
        from portia_tui.core.io.files import read_text

        draft = loads(read_text(path), str(path))
        return cls(draft, path=path, saved=draft, stamp=FileStamp.of(path))

    @property
    def dirty(self) -> bool:
        return self.saved is None or self.draft != self.saved

    @property
    def can_undo(self) -> bool:
        return self.history.can_undo

    @property
    def can_redo(self) -> bool:
        return self.history.can_redo

    def apply(self, draft: Draft) -> bool:
        """Make `draft` current (undoable). False when nothing changed."""
        if draft == self.draft:
            return False
        self.history.record(self.draft)
        self._set(draft)
        return True

    def undo(self) -> bool:
        state = self.history.back(self.draft)
        if state is None:
            return False
        self._set(state)
        return True

    def redo(self) -> bool:
        state = self.history.forward(self.draft)
        if state is None:
            return False
        self._set(state)
        return True

    def set_target(self, target: Mapping[str, Any] | None) -> None:
        """The answer the marks aim at (not an edit of the puzzle: undo leaves it)."""
        self.target = None if target is None else dict(target)
        self.generation += 1

    def save(self, path: Path | None = None, force: bool = False) -> Path:
        """Write the draft atomically to `path` (default: its file). A file that exists is
        replaced only with `force` (ExistsError otherwise: ask first)."""
        from portia_tui.core.io.files import atomic_write

        where = path or self.path
        if where is None:
            raise ValueError("no file to save to: give a path")
        atomic_write(where, dumps(self.draft), force=force)
        self.path, self.saved, self.stamp = Path(where), self.draft, FileStamp.of(where)
        return Path(where)

    def changed_on_disk(self) -> bool:
        if self.path is None:
            return False
        now = FileStamp.of(self.path)
        return now is not None if self.stamp is None else now != self.stamp

    def _set(self, draft: Draft) -> None:
        self.draft = draft
        self.generation += 1


__all__ = [
    "EMPTY",
    "FAMILIES",
    "FAMILY_NAMES",
    "KNOWN_VALUES",
    "PAIRED_RULES",
    "MAX_STATEMENTS",
    "WOLF",
    "Draft",
    "Family",
    "Slot",
    "WorldEditor",
    "blank",
    "dumps",
    "check_values",
    "family_of",
    "loads",
    "parse_modes",
    "slot_ids",
    "words",
]
