"""The statement vocabulary of Definition 1: every kind defined once.

Each kind knows its meaning (as a :class:`PortraitMeaning` or :class:`GroupMeaning`), its
canonical English sentence, how to parse that sentence back, which statements of its kind may
stand on a given casket (the menu), and what makes one invalid there.

Nothing here knows about files, solvers or interfaces; it speaks of caskets through a
:class:`Layout` (the casket names in order and how many statements each holds).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

# their home is words.py (a truth puzzle's sentences need them, not this module); re-exported
from portia_tui.core.language.words import (  # noqa: F401
    MAKER, NUMBER, NUMBER_WORDS, PORTRAIT, LazyPattern, number)


class Statement(NamedTuple):
    """One statement: a kind key and, for the kinds that name a casket, that casket's name.

    Portrait statements about their own casket store that casket's name; they read
    "this casket".  "other" statements store no target. The kinds beyond Definition 1 use
    the other fields: `caskets` (the portrait is in one of these), `op` and `k` (a count:
    "exactly", "at least" or "at most" k), `value` (true/false statements counted; for the
    maker kinds True is Bellini and False Cellini).
    """

    kind: str
    target: str | None = None
    caskets: tuple[str, ...] = ()
    op: str = ""
    k: int = 0
    value: bool = True


#: an empty slot: a statement still to be chosen (a partial puzzle while it is being authored)
EMPTY = Statement("")


def is_empty(st: Statement) -> bool:
    """Whether st is an empty slot."""
    return st.kind == ""


#: a casket comparison as a formula's comparison
FORMULA_OPS = {"exactly": "==", "at least": ">=", "at most": "<="}
#: the same comparison read on the other side ("at least k false" is "at most n - k true")
_FLIPPED_OPS = {"exactly": "==", "at least": "<=", "at most": ">="}


def count_formula(group: tuple[str, ...], op: str, k: int, value: bool) -> tuple:
    """"op k of the statements in group (ids) are true (false)" as a ``count_true`` formula."""
    if value:
        return ("count_true", group, FORMULA_OPS[op], k)
    return ("count_true", group, _FLIPPED_OPS[op], len(group) - k)


# The meanings are the one algebra every kind (and every rule, core/language/rules.py)
# compiles to; the engines interpret it. Each shape also says itself as a formula of the world
# model (core/language/formulas.py), its `formula` face: `names` are the caskets, `ids` the
# statements' ids (statement i is ``ids[i]``).

class PortraitMeaning(NamedTuple):
    """T(s) <-> P(casket) when positive, T(s) <-> not P(casket) otherwise."""

    casket: int
    positive: bool

    def formula(self, names: Sequence[str], ids: Sequence[str]) -> tuple:
        return ("is" if self.positive else "isnot", names[self.casket], PORTRAIT, "yes")


class GroupMeaning(NamedTuple):
    """T(s) <-> every statement in group has truth value `value`."""

    group: tuple[int, ...]
    value: bool

    def formula(self, names: Sequence[str], ids: Sequence[str]) -> tuple:
        if not self.group:
            return ("const", True)
        said = "true" if self.value else "false"
        return ("and",) + tuple((said, ids[t]) for t in self.group)


class FreeMeaning(NamedTuple):
    """An empty slot: it says nothing yet, so its truth value is unconstrained."""

    def formula(self, names: Sequence[str], ids: Sequence[str]) -> tuple:
        return ("true", "this")


class AnyOfMeaning(NamedTuple):
    """T(s) <-> the portrait is in one of `caskets` (casket indices)."""

    caskets: tuple[int, ...]

    def formula(self, names: Sequence[str], ids: Sequence[str]) -> tuple:
        from portia_tui.core.language.formulas import Frozen

        return ("count", tuple(names[c] for c in self.caskets), Frozen({PORTRAIT: "yes"}),
                ">=", 1)


class CountMeaning(NamedTuple):
    """T(s) <-> the number of statements in `group` whose truth value is `value`
    compares to k by op ("exactly", "at least", "at most")."""

    group: tuple[int, ...]
    op: str
    k: int
    value: bool

    def formula(self, names: Sequence[str], ids: Sequence[str]) -> tuple:
        return count_formula(tuple(ids[t] for t in self.group), self.op, self.k, self.value)


class CasketsMeaning(NamedTuple):
    """T(s) <-> the number of caskets whose true count lies in their accepted set compares to
    k by op. `groups[c]` are casket c's statements and `accept[c]` the true counts accepted
    there: only true statements is {len(group)}, only false {0}, exactly J true {J}, made by
    Bellini or by Cellini {0, len(group)}."""

    groups: tuple[tuple[int, ...], ...]
    accept: tuple[frozenset[int], ...]
    op: str
    k: int

    def formula(self, names: Sequence[str], ids: Sequence[str]) -> tuple:
        each = tuple(
            ("or",) + tuple(("count_true", tuple(ids[t] for t in g), "==", j)
                            for j in sorted(ok)) if ok else ("const", False)
            for g, ok in zip(self.groups, self.accept))
        return ("nof", FORMULA_OPS[self.op], self.k) + each if each else ("const", True)


Meaning = PortraitMeaning | GroupMeaning | FreeMeaning | AnyOfMeaning | CountMeaning | CasketsMeaning

#: how a count compares, in menu order
OPS = ("exactly", "at least", "at most")


def compare(count: int, op: str, k: int) -> bool:
    """count op k, op one of :data:`OPS`."""
    if op == "exactly":
        return count == k
    if op == "at least":
        return count >= k
    if op == "at most":
        return count <= k
    raise ValueError(f"unknown comparison {op!r}")


def refers_to(mn: Meaning) -> tuple[int, ...]:
    """The statements whose truth values a meaning reads (the edges of the reference graph)."""
    if isinstance(mn, (GroupMeaning, CountMeaning)):
        return mn.group
    if isinstance(mn, CasketsMeaning):
        return tuple(i for g in mn.groups for i in g)
    return ()


def evaluate(mn: Meaning, placement: int, values, own: bool = False) -> bool:
    """The truth value a meaning demands in a world (placement and truth values; `values` maps
    statement indices to booleans); `own` is the statement's own value, all that an empty
    slot demands. Rule conditions are evaluated the same way (they must be True)."""
    if isinstance(mn, FreeMeaning):
        return own
    if isinstance(mn, PortraitMeaning):
        return (mn.casket == placement) == mn.positive
    if isinstance(mn, GroupMeaning):
        return all(values[t] == mn.value for t in mn.group)
    if isinstance(mn, AnyOfMeaning):
        return placement in mn.caskets
    if isinstance(mn, CountMeaning):
        return compare(sum(1 for t in mn.group if values[t] == mn.value), mn.op, mn.k)
    if isinstance(mn, CasketsMeaning):
        hits = sum(1 for g, ok in zip(mn.groups, mn.accept) if sum(bool(values[t]) for t in g) in ok)
        return compare(hits, mn.op, mn.k)
    raise TypeError(f"unknown meaning {mn!r}")


class Layout(NamedTuple):
    """Casket names in order and how many statements each holds."""

    names: tuple[str, ...]
    counts: tuple[int, ...]

    @property
    def size(self) -> int:
        return sum(self.counts)

    @property
    def groups(self) -> tuple[tuple[int, ...], ...]:
        return tuple(self.group(c) for c in range(len(self.names)))

    def offset(self, casket: int) -> int:
        return sum(self.counts[:casket])

    def group(self, casket: int) -> tuple[int, ...]:
        start = self.offset(casket)
        return tuple(range(start, start + self.counts[casket]))

    def index(self, name: str) -> int:  # type: ignore[override]  # a casket's place, by name
        return self.names.index(name)


def _norm(text: str) -> str:
    """Lower case, single spaces, no trailing full stop."""
    text = " ".join(text.strip().split()).lower()
    return text[:-1].rstrip() if text.endswith(".") else text


def _verb(count: int) -> tuple[str, str]:
    """('statement', 'is') or ('statements', 'are')."""
    return ("statement", "is") if count == 1 else ("statements", "are")


#: a comparison in a sentence: "exactly", "at least", "at most"
OP = "|".join(OPS)
#: the head of a counted sentence: an optional comparison and a number ("at most 2", "no",
#: "all three": exactly that many, every one);
#: read it with :func:`op_of` and :func:`number`
COUNT = rf"(?:(?P<op>{OP}) |all )?(?P<k>{NUMBER})"


def count_phrase(op: str, k: int, noun: str, nouns: str, most: int | None = None) -> str:
    """'Exactly 1 statement', 'At most 2 caskets', 'No caskets' for exactly 0, 'All three
    caskets' ('Both caskets') for exactly `most` (every one of two or more: the count's top;
    capitalised, digits but there)."""
    if op == "exactly" and k == 0:
        return f"No {nouns}"
    if op == "exactly" and most is not None and k == most >= 2:
        return f"Both {nouns}" if k == 2 else \
            f"All {NUMBER_WORDS[k] if k < len(NUMBER_WORDS) else k} {nouns}"
    return f"{op.capitalize()} {k} {noun if k == 1 else nouns}"


def op_of(match: re.Match[str]) -> str:
    """The comparison of a count read from a sentence: 'exactly' when none is said ('No
    statements are false', 'two caskets were made by Bellini')."""
    return match["op"] or "exactly"


#: the Bellini/Cellini rule's sentence (core/language/rules.py's `Makers` says it; the maker
#: kinds name it when it is missing, and the statements sit below the rules)
MAKERS_RULE = "Every casket was made by Bellini or by Cellini"


def maker_name(value: bool) -> str:
    return "Bellini" if value else "Cellini"


#: the shapes of Definition 1's readings (see :class:`Reading`)
READ_PORTRAIT, READ_TRUTH, READ_OTHER = "portrait", "truth", "other"


class Reading(NamedTuple):
    """How Definition 1 (the thesis) reads a statement of its six kinds: what the casket
    engine's signal walk, its SAT encoding, the sampler, the share codes and the thesis JSON
    read instead of the kind's name. `shape` is :data:`READ_PORTRAIT` (the portrait is (not)
    in a casket), :data:`READ_TRUTH` (the statements on another casket are all true / false)
    or :data:`READ_OTHER` (the other statements on this casket are all true / false);
    `sense` is in / true (True) or not in / false (False)."""

    shape: str
    sense: bool


class Kind:
    """A statement kind. Subclasses fill in the five faces of the definition (meaning,
    sentence, parser, menu, problems) and the attributes other modules read instead of
    switching on the kind's name."""

    key: str = ""
    #: short words for menus and help
    summary: str = ""
    #: the family it belongs to, for grouping menus: see :data:`FAMILIES`
    family: str = ""
    #: the rule kind a statement of this kind needs in the puzzle ("" for none)
    needs_rule: str = ""
    #: the regular expression its sentence matches (on normalised text)
    pattern: re.Pattern[str]
    #: the words its sentence puts between two casket names ("the gold or the lead casket"):
    #: a name holding them would make the sentence read two ways (see :func:`name_joiner`)
    joiners: tuple[str, ...] = ()
    #: how Definition 1 reads it (None: a kind beyond the thesis, read through its meaning)
    reading: Reading | None = None
    #: its tag in share codes (core/io/formats/code.py; 0: codes hold no statement of it).
    #: Codes are in the wild: a tag never changes
    tag: int = 0
    #: whether its statements name one casket (`Statement.target`)
    targeted: bool = False
    #: which truth values it reads: "" none (only where the portrait is: a supposition
    #: settles it), "own" (the other statements on its own casket), "any" (statements on
    #: any casket: loops across caskets)
    reads: str = ""
    #: whether a statement of it may read its own truth value (a loop of its own)
    reads_itself: bool = False
    #: the fewest statements the casket it stands on must hold
    least: int = 1

    def placements(self, st: Statement, layout: Layout) -> int | None:
        """The placements (a bit mask over the caskets) where st holds, for a kind that reads
        only where the portrait is; None for a kind that reads truth values."""
        return None

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
    family = "portrait"
    targeted = True

    def placements(self, st: Statement, layout: Layout) -> int | None:
        at = 1 << layout.index(st.target or "")
        return at if self.positive else ((1 << len(layout.names)) - 1) ^ at

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
    reading = Reading(READ_PORTRAIT, True)
    tag = 1
    pattern = LazyPattern(r"^the portrait is in (?:this casket|the (?P<casket>.+?) casket)$")


class PortraitNotIn(_Portrait):
    key = "not_in"
    summary = "the portrait is not in a casket"
    positive = False
    reading = Reading(READ_PORTRAIT, False)
    tag = 2
    pattern = LazyPattern(r"^the portrait is not in (?:this casket|the (?P<casket>.+?) casket)$")


class _Truth(Kind):
    value: bool = True
    family = "truth"
    targeted = True
    reads = "any"

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
    reading = Reading(READ_TRUTH, True)
    tag = 3
    pattern = LazyPattern(r"^the statements? on the (?P<casket>.+?) casket (?:is|are) true$")


class StatementsFalse(_Truth):
    key = "false"
    summary = "the statements on another casket are all false"
    value = False
    reading = Reading(READ_TRUTH, False)
    tag = 4
    pattern = LazyPattern(r"^the statements? on the (?P<casket>.+?) casket (?:is|are) false$")


class _Other(Kind):
    value: bool = True
    family = "truth"
    reads = "own"
    least = 2

    def sentence(self, st: Statement, layout: Layout, owner: int) -> str:
        noun, verb = _verb(max(layout.counts[owner] - 1, 1))
        return f"The other {noun} on this casket {verb} {'true' if self.value else 'false'}"

    def from_match(self, match: re.Match[str], layout: Layout, owner: int) -> Statement:
        return Statement(self.key)

    def options(self, layout: Layout, owner: int) -> list[Statement]:
        return [Statement(self.key)] if layout.counts[owner] >= self.least else []

    def problem(self, st: Statement, layout: Layout, owner: int) -> str | None:
        if layout.counts[owner] < self.least:
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
    reading = Reading(READ_OTHER, True)
    tag = 5
    pattern = LazyPattern(r"^the other statements? on this casket (?:is|are) true$")


class OtherFalse(_Other):
    key = "other_false"
    summary = "the other statements on this casket are all false"
    value = False
    reading = Reading(READ_OTHER, False)
    tag = 6
    pattern = LazyPattern(r"^the other statements? on this casket (?:is|are) false$")


def _place(target: str | None, layout: Layout, owner: int) -> str:
    """'this casket' for the owner's own casket, else 'the X casket'."""
    return "this casket" if target == layout.names[owner] else f"the {target} casket"


def _target(match: re.Match[str], layout: Layout, owner: int) -> str:
    """The casket a matched sentence names ("this casket" is the owner's)."""
    name = match.group("casket")
    return layout.names[owner] if name is None else name


class PortraitInOneOf(Kind):
    key = "in_one_of"
    summary = "the portrait is in one of two or more caskets"
    family = "portrait"
    pattern = LazyPattern(r"^the portrait is in the (?P<list>.+? or the .+?) casket$")
    _split = LazyPattern(r", the | or the ")
    joiners = (", the", "or the")
    #: menus offer every choice of 2 .. k-1 caskets up to this many caskets, pairs beyond
    MENU_ALL_UP_TO = 5

    def placements(self, st: Statement, layout: Layout) -> int | None:
        return sum(1 << layout.index(name) for name in st.caskets)

    def sentence(self, st: Statement, layout: Layout, owner: int) -> str:
        names = [f"the {name}" for name in st.caskets]
        listed = ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else "".join(names)
        return f"The portrait is in {listed} casket"

    def from_match(self, match: re.Match[str], layout: Layout, owner: int) -> Statement:
        names = tuple(self._split.split(match.group("list")))
        if all(n in layout.names for n in names) and len(set(names)) == len(names):
            names = tuple(sorted(names, key=layout.names.index))
        return Statement(self.key, caskets=names)

    def options(self, layout: Layout, owner: int) -> list[Statement]:
        from itertools import combinations

        k = len(layout.names)
        top = k - 1 if k <= self.MENU_ALL_UP_TO else min(2, k - 1)
        return [Statement(self.key, caskets=combo)
                for size in range(2, top + 1) for combo in combinations(layout.names, size)]

    def problem(self, st: Statement, layout: Layout, owner: int) -> str | None:
        if len(st.caskets) < 2:
            return "'the portrait is in the X or the Y casket' needs two or more caskets"
        for name in st.caskets:
            bad = _casket_problem(name, layout)
            if bad:
                return bad
        if len(set(st.caskets)) != len(st.caskets):
            return "a casket is named twice in 'the portrait is in ... or ...'"
        if tuple(sorted(st.caskets, key=layout.names.index)) != st.caskets:
            return "name the caskets in their order (" + ", ".join(layout.names) + ")"
        return None

    def meaning(self, st: Statement, layout: Layout, owner: int, index: int) -> Meaning:
        return AnyOfMeaning(tuple(layout.index(n) for n in st.caskets))


def _count_problem(op: str, k: int, most: int, where: str) -> str | None:
    if op not in OPS:
        return f"unknown comparison {op!r} (use {', '.join(OPS)})"
    if not 0 <= k <= most:
        from portia_tui.core.language.words import number_said

        return f"{number_said(k)} is out of range: {where} {most}"
    return None


def _count_menu(most: int) -> list[tuple[str, int]]:
    """(op, k) worth offering for a count of 0..most: no comparison that always holds."""
    out = [("exactly", k) for k in range(most + 1)]
    out += [("at least", k) for k in range(1, most + 1)]
    out += [("at most", k) for k in range(most)]
    return out


class CountOn(Kind):
    key = "count"
    summary = "how many statements on a casket are true (or false)"
    family = "count"
    targeted = True
    reads = "any"
    reads_itself = True
    pattern = LazyPattern(
        rf"^{COUNT} statements? on (?:this casket|the (?P<casket>.+?) casket) "
        r"(?:is|are) (?P<value>true|false)$")

    def sentence(self, st: Statement, layout: Layout, owner: int) -> str:
        most = layout.counts[layout.index(st.target)] if st.target in layout.names else None
        head = count_phrase(st.op, st.k, "statement", "statements", most)
        verb = "is" if st.k == 1 else "are"
        return (f"{head} on {_place(st.target, layout, owner)} {verb} "
                f"{'true' if st.value else 'false'}")

    def from_match(self, match: re.Match[str], layout: Layout, owner: int) -> Statement:
        return Statement(self.key, _target(match, layout, owner), op=op_of(match),
                         k=number(match["k"]), value=match["value"] == "true")

    def options(self, layout: Layout, owner: int) -> list[Statement]:
        order = [owner] + [i for i in range(len(layout.names)) if i != owner]
        return [Statement(self.key, layout.names[c], op=op, k=k, value=value)
                for c in order for value in (True, False)
                for op, k in _count_menu(layout.counts[c])]

    def problem(self, st: Statement, layout: Layout, owner: int) -> str | None:
        bad = _casket_problem(st.target, layout)
        if bad:
            return bad
        most = layout.counts[layout.index(st.target or "")]
        return _count_problem(st.op, st.k, most, f"the {st.target} casket holds {most} "
                              f"statement{'s' if most != 1 else ''}, so count 0 to")

    def meaning(self, st: Statement, layout: Layout, owner: int, index: int) -> Meaning:
        return CountMeaning(layout.group(layout.index(st.target or "")), st.op, st.k, st.value)


class CountAll(Kind):
    key = "count_all"
    summary = "how many of all the statements are true (or false), itself included"
    family = "count"
    reads = "any"
    reads_itself = True
    pattern = LazyPattern(
        rf"^{COUNT} of (?:all )?the statements (?:is|are) "
        r"(?P<value>true|false)$")

    def sentence(self, st: Statement, layout: Layout, owner: int) -> str:
        verb = "is" if st.k == 1 else "are"
        return (f"{st.op.capitalize()} {st.k} of all the statements {verb} "
                f"{'true' if st.value else 'false'}")

    def from_match(self, match: re.Match[str], layout: Layout, owner: int) -> Statement:
        return Statement(self.key, op=op_of(match), k=number(match["k"]),
                         value=match["value"] == "true")

    def options(self, layout: Layout, owner: int) -> list[Statement]:
        return [Statement(self.key, op=op, k=k, value=value)
                for value in (True, False) for op, k in _count_menu(layout.size)]

    def problem(self, st: Statement, layout: Layout, owner: int) -> str | None:
        return _count_problem(st.op, st.k, layout.size,
                              f"the puzzle has {layout.size} statements, so count 0 to")

    def meaning(self, st: Statement, layout: Layout, owner: int, index: int) -> Meaning:
        return CountMeaning(tuple(range(layout.size)), st.op, st.k, st.value)


class MadeBy(Kind):
    key = "made_by"
    summary = "who made a casket (Bellini: all true; Cellini: all false)"
    family = "maker"
    needs_rule = "makers"
    targeted = True
    reads = "any"
    reads_itself = True
    pattern = LazyPattern(
        r"^(?:this casket|the (?P<casket>.+?) casket) was made by (?P<maker>bellini|cellini)$")

    def sentence(self, st: Statement, layout: Layout, owner: int) -> str:
        place = _place(st.target, layout, owner)
        return f"{place[0].upper()}{place[1:]} was made by {maker_name(st.value)}"

    def from_match(self, match: re.Match[str], layout: Layout, owner: int) -> Statement:
        return Statement(self.key, _target(match, layout, owner),
                         value=match["maker"] == "bellini")

    def options(self, layout: Layout, owner: int) -> list[Statement]:
        order = [owner] + [i for i in range(len(layout.names)) if i != owner]
        return [Statement(self.key, layout.names[c], value=value)
                for c in order for value in (True, False)]

    def problem(self, st: Statement, layout: Layout, owner: int) -> str | None:
        return _casket_problem(st.target, layout)

    def meaning(self, st: Statement, layout: Layout, owner: int, index: int) -> Meaning:
        return GroupMeaning(layout.group(layout.index(st.target or "")), st.value)


def _maker_accept(layout: Layout, value: bool) -> tuple[frozenset[int], ...]:
    return tuple(frozenset({n if value else 0}) for n in layout.counts)


class MakerCount(Kind):
    key = "makers"
    summary = "how many caskets Bellini (or Cellini) made"
    family = "maker"
    needs_rule = "makers"
    reads = "any"
    reads_itself = True
    pattern = LazyPattern(
        rf"^{COUNT} caskets? (?:was|were) made by (?P<maker>bellini|cellini)$")

    def sentence(self, st: Statement, layout: Layout, owner: int) -> str:
        verb = "was" if st.k == 1 else "were"
        head = count_phrase(st.op, st.k, 'casket', 'caskets', len(layout.names))
        return f"{head} {verb} made by {maker_name(st.value)}"

    def from_match(self, match: re.Match[str], layout: Layout, owner: int) -> Statement:
        return Statement(self.key, op=op_of(match), k=number(match["k"]),
                         value=match["maker"] == "bellini")

    def options(self, layout: Layout, owner: int) -> list[Statement]:
        return [Statement(self.key, op=op, k=k, value=value)
                for value in (True, False) for op, k in _count_menu(len(layout.names))]

    def problem(self, st: Statement, layout: Layout, owner: int) -> str | None:
        k = len(layout.names)
        return _count_problem(st.op, st.k, k, f"the puzzle has {k} caskets, so count 0 to")

    def meaning(self, st: Statement, layout: Layout, owner: int, index: int) -> Meaning:
        return CasketsMeaning(layout.groups, _maker_accept(layout, st.value), st.op, st.k)


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
        PortraitInOneOf(),
        CountOn(),
        CountAll(),
        MadeBy(),
        MakerCount(),
    )
}

#: the kinds Definition 1 reads, and how (:class:`Reading`)
READINGS: dict[str, Reading] = {key: k.reading for key, k in KINDS.items() if k.reading}


def reading_kinds(shape: str) -> tuple[str, ...]:
    """The kinds Definition 1 reads in this shape (:data:`READ_PORTRAIT`, ...), in menu order."""
    return tuple(key for key, r in READINGS.items() if r.shape == shape)


def with_reading(reading: Reading, target: str | None = None) -> Statement:
    """The statement of the kind read this way (naming `target`, for a targeted kind)."""
    key = next(key for key, r in READINGS.items() if r == reading)
    return Statement(key, target if KINDS[key].targeted else None)


#: the families kinds are grouped in (menus), in order, with a heading each
FAMILIES = {
    "portrait": "Where the portrait is",
    "truth": "Statements about statements",
    "count": "Counting true and false statements",
    "maker": "Bellini and Cellini",
}

#: the kinds of the portrait-only vocabulary (Mackinnon's census)
PORTRAIT_KINDS = ("in", "not_in")
#: the six kinds of Definition 1 (the thesis)
CLASSIC_KINDS = ("in", "not_in", "true", "false", "other_true", "other_false")
#: the named vocabularies (one home: generator, census, assistant, repair and the CLI use it):
#: kind keys in menu order. The names mean the same everywhere: "portrait" is in / not in,
#: "classic" the six kinds of Definition 1, "full" the whole language
VOCABULARIES: dict[str, tuple[str, ...]] = {
    "portrait": PORTRAIT_KINDS,
    "classic": CLASSIC_KINDS,
    "full": tuple(KINDS),
}
#: the order sentences are tried in (a longer form before the form it contains)
_PARSE_ORDER = ("in_one_of",) + tuple(k for k in KINDS if k != "in_one_of")

def _words(text: str) -> list[str]:
    return text.replace(",", " , ").split()


def name_joiner(name: str) -> str | None:
    """The joiner (words a sentence puts between two casket names, such as "or the") that
    `name` holds as whole words, or None. A casket named "a or the b" would make "The
    portrait is in the a or the b casket" read as two caskets, so such a name is refused."""
    if " " not in name and "," not in name:
        return None  # every joiner is two words or more
    words = _words(name)
    for kind in KINDS.values():
        for joiner in kind.joiners:
            said = _words(joiner)
            if any(words[i:i + len(said)] == said for i in range(len(words))):
                return joiner
    return None


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

    Accepts any letter case, extra spaces, a final full stop, singular or plural, number words
    ("one", "two"). The casket a sentence names is returned as written (lower case); use
    :func:`problem` to check it. A blank sentence is an empty slot.
    """
    norm = _norm(text)
    if not norm:
        return EMPTY
    return _parse(norm, layout, owner)


@lru_cache(maxsize=4096)
def _parse(norm: str, layout: Layout, owner: int) -> Statement | None:
    """The statement a normalised sentence says (cached: a pack repeats its sentences)."""
    for key in _PARSE_ORDER:
        kind = KINDS[key]
        match = kind.pattern.match(norm)
        if match:
            return kind.from_match(match, layout, owner)
    return None


def problem(st: Statement, layout: Layout, owner: int,
            rules: Collection[str] | None = None) -> str | None:
    """Why st may not stand on casket `owner`, or None (an empty slot may stand anywhere).

    `rules` are the rule kinds the puzzle states (see core/language/rules.py); when given, a statement
    that needs a rule the puzzle lacks (made by Bellini/Cellini) is refused. None skips that
    check (a reader that checks the rules afterwards)."""
    if is_empty(st):
        return None
    if st.kind not in KINDS:
        return f"unknown statement kind {st.kind!r}"
    kind = KINDS[st.kind]
    bad = kind.problem(st, layout, owner)
    if bad is None and rules is not None and kind.needs_rule and kind.needs_rule not in rules:
        return f"statements about Bellini and Cellini need the rule {MAKERS_RULE!r}"
    return bad


def options(layout: Layout, owner: int, kinds: Sequence[str] | None = None,
            rules: Collection[str] = ()) -> list[Statement]:
    """The menu: every valid statement for a slot on casket `owner`, in menu order.

    `kinds` defaults to the classic six (:data:`CLASSIC_KINDS`); pass
    ``VOCABULARIES["full"]`` for the whole language. Kinds that need a rule (the maker kinds)
    are offered only when `rules` (rule kind keys) hold it."""
    chosen = (KINDS[k] for k in (CLASSIC_KINDS if kinds is None else kinds))
    return [st for kind in chosen if not kind.needs_rule or kind.needs_rule in rules
            for st in kind.options(layout, owner)]


def meaning(st: Statement, layout: Layout, owner: int, index: int) -> Meaning:
    """What statement number `index` (0-based, on casket `owner`) means. Remembered (a
    meaning is made of these four alone, and a generator asks for the same ones again and
    again: about a twentieth of a tricky search's rating went to making them afresh)."""
    key = (st, layout, owner, index)
    try:
        got = _MEANT.get(key)
    except TypeError:  # (a field given as a list: not hashable, so made afresh)
        return _meaning(st, layout, owner, index)
    if got is None:
        if len(_MEANT) >= _MEANT_MAX:
            _MEANT.clear()
        got = _MEANT[key] = _meaning(st, layout, owner, index)
    return got


def _meaning(st: Statement, layout: Layout, owner: int, index: int) -> Meaning:
    return FreeMeaning() if is_empty(st) else kind_of(st).meaning(st, layout, owner, index)


#: meaning() remembered, by its arguments
_MEANT: dict[tuple, Meaning] = {}
_MEANT_MAX = 100_000


def vocabulary_kinds(vocabulary: str) -> tuple[str, ...]:
    """The kind keys of a named vocabulary (see :data:`VOCABULARIES`); ValueError if unknown."""
    try:
        return VOCABULARIES[vocabulary]
    except KeyError:
        raise ValueError(f"unknown vocabulary {vocabulary!r} (the vocabularies are "
                         f"{', '.join(VOCABULARIES)})") from None


def smallest_vocabulary(kinds: Iterable[str]) -> str:
    """The first (smallest) vocabulary in :data:`VOCABULARIES` order (portrait < classic <
    full) that holds every statement kind in `kinds` (empty slots aside)."""
    wanted = {k for k in kinds if k}
    return next(name for name, held in VOCABULARIES.items() if wanted <= set(held))


def menu(puzzle, slot: int, vocabulary: str = "classic") -> list[Statement]:
    """The menu of statement number `slot` (0-based) of a puzzle: every statement of the
    vocabulary that may stand on its casket, in menu order (:func:`in_menu_order`: the one
    order the editor's menu and `portia assist` list)."""
    return in_menu_order(options(puzzle.layout, puzzle.owner(slot),
                                 vocabulary_kinds(vocabulary), puzzle.rule_kinds))


_FAMILY_ORDER = {family: i for i, family in enumerate(FAMILIES)}


def in_menu_order(statements: Iterable[Statement]) -> list[Statement]:
    """Statements as a slot's menu lists them: family by family (:data:`FAMILIES` order,
    each under its heading), the kinds' own order within a family ("in one of" beside "in"
    and "not in", before the statements about statements)."""
    return sorted(statements, key=lambda st: _FAMILY_ORDER[KINDS[st.kind].family])
