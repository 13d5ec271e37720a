"""The statement vocabulary of Definition 1: every kind defined once.

Each kind knows its meaning (as a :class:`PortraitMeaning` or :class:`GroupMeaning`), its
canonical English sentence, how to parse that sentence back, which statements of its kind may
stand on a given casket (the menu), and what makes one invalid there.

Nothing here knows about files, solvers or interfaces; it speaks of caskets through a
:class:`Layout` (the casket names in order and how many statements each holds).
"""

from __future__ import annotations

import re
from typing import NamedTuple, Sequence


class Statement(NamedTuple):
    """One statement: a kind key and, for the kinds that name a casket, that casket's name.

    Portrait statements about their own casket store that casket's name; they read
    "this casket".  "other" statements store no target.
    """

    kind: str
    target: str | None = None


#: an empty slot: a statement still to be chosen (a partial puzzle while it is being authored)
EMPTY = Statement("")


def is_empty(st: Statement) -> bool:
    """Whether st is an empty slot."""
    return st.kind == ""


class PortraitMeaning(NamedTuple):
    """T(s) <-> P(casket) when positive, T(s) <-> not P(casket) otherwise."""

    casket: int
    positive: bool


class GroupMeaning(NamedTuple):
    """T(s) <-> every statement in group has truth value `value`."""

    group: tuple[int, ...]
    value: bool


class FreeMeaning(NamedTuple):
    """An empty slot: it says nothing yet, so its truth value is unconstrained."""


Meaning = PortraitMeaning | GroupMeaning | FreeMeaning


class Layout(NamedTuple):
    """Casket names in order and how many statements each holds."""

    names: tuple[str, ...]
    counts: tuple[int, ...]

    def offset(self, casket: int) -> int:
        return sum(self.counts[:casket])

    def group(self, casket: int) -> tuple[int, ...]:
        start = self.offset(casket)
        return tuple(range(start, start + self.counts[casket]))

    def index(self, name: str) -> int:
        return self.names.index(name)


def _norm(text: str) -> str:
    """Lower case, single spaces, no trailing full stop."""
    text = " ".join(text.strip().split()).lower()
    return text[:-1].rstrip() if text.endswith(".") else text


def _verb(count: int) -> tuple[str, str]:
    """('statement', 'is') or ('statements', 'are')."""
    return ("statement", "is") if count == 1 else ("statements", "are")


class Kind:
    """A statement kind. Subclasses fill in the five faces of the definition."""

    key: str = ""
    #: short words for menus and help
    summary: str = ""
    #: the regular expression its sentence matches (on normalised text)
    pattern: re.Pattern[str]

    def sentence(self, st: Statement, layout: Layout, owner: int) -> str:
        raise NotImplementedError

    def from_match(self, match: re.Match[str], layout: Layout, owner: int) -> Statement:
        raise NotImplementedError

    def options(self, layout: Layout, owner: int) -> list[Statement]:
        raise NotImplementedError

    def problem(self, st: Statement, layout: Layout, owner: int) -> str | None:
        """Why st may not stand on casket `owner`, or None when it may."""
        raise NotImplementedError

    def meaning(self, st: Statement, layout: Layout, owner: int, index: int) -> Meaning:
        raise NotImplementedError


def _casket_problem(target: str | None, layout: Layout) -> str | None:
    if target is None:
        return "the statement names no casket"
    if target not in layout.names:
        known = ", ".join(layout.names)
        return f"unknown casket {target!r} (the caskets are {known})"
    return None


class _Portrait(Kind):
    positive: bool = True

    def sentence(self, st: Statement, layout: Layout, owner: int) -> str:
        place = "this casket" if st.target == layout.names[owner] else f"the {st.target} casket"
        return f"The portrait is {'in' if self.positive else 'not in'} {place}"

    def from_match(self, match: re.Match[str], layout: Layout, owner: int) -> Statement:
        name = match.group("casket")
        return Statement(self.key, layout.names[owner] if name is None else name)

    def options(self, layout: Layout, owner: int) -> list[Statement]:
        # own casket first ("this casket"), then the others in order
        order = [owner] + [i for i in range(len(layout.names)) if i != owner]
        return [Statement(self.key, layout.names[i]) for i in order]

    def problem(self, st: Statement, layout: Layout, owner: int) -> str | None:
        return _casket_problem(st.target, layout)

    def meaning(self, st: Statement, layout: Layout, owner: int, index: int) -> Meaning:
        return PortraitMeaning(layout.index(st.target or ""), self.positive)


class PortraitIn(_Portrait):
    key = "in"
    summary = "the portrait is in a casket"
    positive = True
    pattern = re.compile(r"^the portrait is in (?:this casket|the (?P<casket>.+?) casket)$")


class PortraitNotIn(_Portrait):
    key = "not_in"
    summary = "the portrait is not in a casket"
    positive = False
    pattern = re.compile(r"^the portrait is not in (?:this casket|the (?P<casket>.+?) casket)$")


class _Truth(Kind):
    value: bool = True

    def sentence(self, st: Statement, layout: Layout, owner: int) -> str:
        target = st.target or ""
        count = layout.counts[layout.index(target)] if target in layout.names else 1
        noun, verb = _verb(count)
        return f"The {noun} on the {target} casket {verb} {'true' if self.value else 'false'}"

    def from_match(self, match: re.Match[str], layout: Layout, owner: int) -> Statement:
        return Statement(self.key, match.group("casket"))

    def options(self, layout: Layout, owner: int) -> list[Statement]:
        return [Statement(self.key, name) for i, name in enumerate(layout.names) if i != owner]

    def problem(self, st: Statement, layout: Layout, owner: int) -> str | None:
        bad = _casket_problem(st.target, layout)
        if bad:
            return bad
        if st.target == layout.names[owner]:
            return (
                f"a statement on the {st.target} casket may not speak of its own casket's "
                "statements (use 'The other statements on this casket ...')"
            )
        return None

    def meaning(self, st: Statement, layout: Layout, owner: int, index: int) -> Meaning:
        return GroupMeaning(layout.group(layout.index(st.target or "")), self.value)


class StatementsTrue(_Truth):
    key = "true"
    summary = "the statements on another casket are all true"
    value = True
    pattern = re.compile(r"^the statements? on the (?P<casket>.+?) casket (?:is|are) true$")


class StatementsFalse(_Truth):
    key = "false"
    summary = "the statements on another casket are all false"
    value = False
    pattern = re.compile(r"^the statements? on the (?P<casket>.+?) casket (?:is|are) false$")


class _Other(Kind):
    value: bool = True

    def sentence(self, st: Statement, layout: Layout, owner: int) -> str:
        noun, verb = _verb(max(layout.counts[owner] - 1, 1))
        return f"The other {noun} on this casket {verb} {'true' if self.value else 'false'}"

    def from_match(self, match: re.Match[str], layout: Layout, owner: int) -> Statement:
        return Statement(self.key)

    def options(self, layout: Layout, owner: int) -> list[Statement]:
        return [Statement(self.key)] if layout.counts[owner] >= 2 else []

    def problem(self, st: Statement, layout: Layout, owner: int) -> str | None:
        if layout.counts[owner] < 2:
            return (
                f"'the other statements' needs two or more statements on the "
                f"{layout.names[owner]} casket, which has {layout.counts[owner]}"
            )
        return None

    def meaning(self, st: Statement, layout: Layout, owner: int, index: int) -> Meaning:
        return GroupMeaning(tuple(i for i in layout.group(owner) if i != index), self.value)


class OtherTrue(_Other):
    key = "other_true"
    summary = "the other statements on this casket are all true"
    value = True
    pattern = re.compile(r"^the other statements? on this casket (?:is|are) true$")


class OtherFalse(_Other):
    key = "other_false"
    summary = "the other statements on this casket are all false"
    value = False
    pattern = re.compile(r"^the other statements? on this casket (?:is|are) false$")


#: every kind, in menu order
KINDS: dict[str, Kind] = {
    k.key: k
    for k in (
        PortraitIn(),
        PortraitNotIn(),
        StatementsTrue(),
        StatementsFalse(),
        OtherTrue(),
        OtherFalse(),
    )
}

#: the kinds of the portrait-only vocabulary (Mackinnon's census)
PORTRAIT_KINDS = ("in", "not_in")

#: the named vocabularies (one home: generator, census, assistant, repair and the CLI use it):
#: kind keys in menu order. "classic" is the six kinds of Definition 1; "full" is every kind
#: portia knows (today the same six).
VOCABULARIES: dict[str, tuple[str, ...]] = {
    "portrait": PORTRAIT_KINDS,
    "classic": ("in", "not_in", "true", "false", "other_true", "other_false"),
    "full": tuple(KINDS),
}


def kind_of(st: Statement) -> Kind:
    """The kind of a filled statement (an empty slot has none: see :func:`is_empty`)."""
    try:
        return KINDS[st.kind]
    except KeyError:
        raise ValueError(f"unknown statement kind {st.kind!r}") from None


def sentence(st: Statement, layout: Layout, owner: int) -> str:
    """The canonical English sentence of st on casket `owner` ("" for an empty slot)."""
    if is_empty(st):
        return ""
    return kind_of(st).sentence(st, layout, owner)


def parse_sentence(text: str, layout: Layout, owner: int) -> Statement | None:
    """The statement a sentence on casket `owner` says, or None when it is no statement.

    Accepts any letter case, extra spaces, a final full stop, singular or plural. The casket a
    sentence names is returned as written (lower case); use :func:`problem` to check it. A blank
    sentence is an empty slot.
    """
    norm = _norm(text)
    if not norm:
        return EMPTY
    for kind in KINDS.values():
        match = kind.pattern.match(norm)
        if match:
            return kind.from_match(match, layout, owner)
    return None


def problem(st: Statement, layout: Layout, owner: int) -> str | None:
    """Why st may not stand on casket `owner`, or None (an empty slot may stand anywhere)."""
    if is_empty(st):
        return None
    if st.kind not in KINDS:
        return f"unknown statement kind {st.kind!r}"
    return KINDS[st.kind].problem(st, layout, owner)


def options(layout: Layout, owner: int, kinds: Sequence[str] | None = None) -> list[Statement]:
    """The menu: every valid statement for a slot on casket `owner`, in menu order."""
    chosen = KINDS.values() if kinds is None else (KINDS[k] for k in kinds)
    return [st for kind in chosen for st in kind.options(layout, owner)]


def meaning(st: Statement, layout: Layout, owner: int, index: int) -> Meaning:
    """What statement number `index` (0-based, on casket `owner`) means."""
    if is_empty(st):
        return FreeMeaning()
    return kind_of(st).meaning(st, layout, owner, index)


def vocabulary_kinds(vocabulary: str) -> tuple[str, ...]:
    """The kind keys of a named vocabulary (see :data:`VOCABULARIES`); ValueError if unknown."""
    try:
        return VOCABULARIES[vocabulary]
    except KeyError:
        raise ValueError(f"unknown vocabulary {vocabulary!r} (the vocabularies are "
                         f"{', '.join(VOCABULARIES)})") from None


def menu(puzzle, slot: int, vocabulary: str = "full") -> list[Statement]:
    """The menu of statement number `slot` (0-based) of a puzzle: every statement of the
    vocabulary that may stand on its casket, in menu order."""
    return options(puzzle.layout, puzzle.owner(slot), vocabulary_kinds(vocabulary))
