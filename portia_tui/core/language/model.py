"""The puzzle model: caskets in order, their statements, m, and metadata.

A :class:`Puzzle` is immutable; every edit returns a new puzzle, so an editor keeps its
history as a list of puzzles and a worker can analyse one while the author makes the next.
Nothing here assumes three caskets or equal statement counts.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import cached_property
from typing import NamedTuple

from portia_tui.core.language import vocabulary as voc
from portia_tui.core.errors import PuzzleError
from portia_tui.core.language.rules import (Rule, clash_message, conditions, is_m_rule, m_rule, rule_problem,
                    rule_sentence, total_clash)
from portia_tui.core.language.vocabulary import EMPTY, Layout, Meaning, Statement, is_empty
from portia_tui.core.language.words import number_said

DEFAULT_CASKETS = ("gold", "silver", "lead")
#: names for puzzles with more caskets, in order (then "casket13", "casket14", ...)
CASKET_NAMES = ("gold", "silver", "lead", "copper", "iron", "tin", "bronze", "platinum",
                "zinc", "nickel", "brass", "steel")


def casket_names(k: int) -> tuple[str, ...]:
    """Names for k caskets: gold, silver, lead, copper, ..., then casket13, casket14, ..."""
    return tuple(CASKET_NAMES[i] if i < len(CASKET_NAMES) else f"casket{i + 1}"
                 for i in range(k))
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*( [a-z0-9_-]+)*$")
_RESERVED = {"this", "other", "the"}
#: the longest casket name (a share code holds names of up to 200 bytes; a name is read in a
#: sentence, a menu and a column of the player)
MAX_NAME = 40


def check_name(name: str) -> str | None:
    """Why `name` cannot name a casket, or None: its characters, its length, a reserved word,
    or words the sentences put between names (" or the "), which would make a sentence read
    two ways."""
    if not _NAME.match(name):
        return (
            f"bad casket name {_excerpt(name)}: use lower-case letters, digits, '-', '_' "
            "and single spaces"
        )
    if len(name) > MAX_NAME:
        return f"bad casket name {_excerpt(name)}: at most {MAX_NAME} characters"
    if name in _RESERVED:
        return f"{name!r} cannot name a casket"
    joiner = voc.name_joiner(name)
    if joiner is not None:
        return (f"bad casket name {name!r}: sentences put {joiner.strip()!r} between two "
                "names ('the gold or the lead casket'), so a name cannot hold it")
    return None


def _excerpt(text: str, limit: int = 40) -> str:
    """text quoted, cut to `limit` characters ("...") so an error line stays short."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


class Casket(NamedTuple):
    name: str
    statements: tuple[Statement, ...]


def _with_m(rules: tuple[Rule, ...], m: int | None) -> tuple[Rule, ...]:
    """rules with the m rule ("Exactly m statements are true") set to m, or taken out."""
    at = next((i for i, r in enumerate(rules) if is_m_rule(r)), None)
    if m is None:
        return rules if at is None else rules[:at] + rules[at + 1:]
    if at is None:
        return (m_rule(m),) + rules
    return rules[:at] + (m_rule(m),) + rules[at + 1:]


class _Fields(NamedTuple):
    """What a puzzle is made of (its equality and hash); see :class:`Puzzle`."""

    caskets: tuple[Casket, ...]
    rules: tuple[Rule, ...]
    title: str
    author: str
    notes: str
    #: the casket the author is building toward (an authoring choice kept with the puzzle, so
    #: the assistant defaults to it), or None
    target: str | None


class Puzzle(_Fields):
    """A Portia puzzle: caskets in a fixed order, each with its statements, and its rules.

    `rules` are what Portia tells the suitor (core/language/rules.py); all must hold. `m` is shorthand
    for the rule "Exactly m statements are true": ``Puzzle(caskets, m=1)`` states that rule,
    and ``puzzle.m`` reads it back (None when the puzzle states no such rule). The other rules
    are :attr:`side_rules`; the analysis counts true statements under them, so "m in the true
    counts" still says whether a casket is a solution.

    A puzzle being authored may be *partial*: some slots hold :data:`EMPTY` (a statement still
    to choose), and m may be open (None). Such a puzzle is a valid shape; it is just not
    complete (see :attr:`empty_slots`, :attr:`complete`).

    Immutable: a typing.NamedTuple of its fields (equal and hashed by them), whose
    constructor also takes m. (Not a dataclass: `import dataclasses` imports inspect, which
    is most of the time `portia solve` would spend starting beyond `import pysat.solvers`.)
    The subclass keeps a ``__dict__`` for its cached properties.
    """

    def __new__(cls, caskets: Sequence[Casket], m: int | None = None, title: str = "",
                author: str = "", notes: str = "", target: str | None = None,
                rules: Sequence[Rule] = ()) -> "Puzzle":
        rules = tuple(Rule(*r) for r in rules)
        return super().__new__(cls, tuple(Casket(c.name, tuple(c.statements)) for c in caskets),
                               rules if m is None else _with_m(rules, m), title, author, notes,
                               target)

    def __reduce__(self) -> tuple:
        """Pickled and copied through the constructor (which takes m), without the caches."""
        return Puzzle, (self.caskets, None, self.title, self.author, self.notes, self.target,
                        self.rules)

    def replace(self, **changes: object) -> "Puzzle":
        """A copy with some fields changed (caskets, rules, m, title, author, notes, target); m
        sets or (None) takes out the rule "Exactly m statements are true"."""
        values = self._asdict()
        for key in changes:
            if key not in values and key != "m":
                raise TypeError(f"Puzzle has no field {key!r}")
        m_given = "m" in changes
        m = changes.pop("m", None)
        values.update(changes)
        if m_given:
            values["rules"] = _with_m(tuple(values["rules"]), m)  # type: ignore[arg-type]
        return Puzzle(**values)  # type: ignore[arg-type]

    # ----------------------------------------------------------------- rules
    @property
    def m(self) -> int | None:
        """K of the rule "Exactly K statements are true" (the first), or None."""
        for r in self.rules:
            if is_m_rule(r):
                return r.k
        return None

    @cached_property
    def side_rules(self) -> tuple[Rule, ...]:
        """Every rule but the m rule: the analysis counts true statements under these."""
        return _with_m(self.rules, None)

    @cached_property
    def conditions(self) -> tuple[Meaning, ...]:
        """What the side rules demand of a consistent world (meanings that must hold)."""
        return conditions(self.side_rules, self.layout)

    @property
    def rule_kinds(self) -> frozenset[str]:
        return frozenset(r.kind for r in self.rules)

    @property
    def thesis_only(self) -> bool:
        """Only the classic six statement kinds and only the m rule (the thesis holds it)."""
        from portia_tui.core.language.vocabulary import CLASSIC_KINDS

        return (not self.side_rules and self.m is not None
                and all(st.kind in CLASSIC_KINDS for _ci, st in self.flat))

    def rule_sentences(self) -> list[str]:
        return [rule_sentence(r, self.layout) for r in self.rules]

    @property
    def rules_said(self) -> str:
        """The puzzle's rules in short, for one-line reports: 'm = 4' for the classic rule
        alone, else every rule's sentence ('At most 1 statement is true; ...'), 'm open'
        when there is none."""
        if not self.side_rules:
            return "m open" if self.m is None else f"m = {self.m}"
        return "; ".join(self.rule_sentences())

    # ----------------------------------------------------------------- construction
    @classmethod
    def build(
        cls,
        statements: dict[str, Sequence[Statement]] | Sequence[tuple[str, Sequence[Statement]]],
        m: int | None,
        **meta: str,
    ) -> "Puzzle":
        """A puzzle from {casket name: [statements]} (order kept), validated."""
        pairs = statements.items() if isinstance(statements, dict) else statements
        puzzle = cls(tuple(Casket(name, tuple(sts)) for name, sts in pairs), m,
                     **meta)  # type: ignore[arg-type]  # title, author, notes: strings
        puzzle.validate()
        return puzzle

    # ----------------------------------------------------------------- shape
    @cached_property
    def layout(self) -> Layout:
        return Layout(
            tuple(c.name for c in self.caskets), tuple(len(c.statements) for c in self.caskets)
        )

    @property
    def names(self) -> tuple[str, ...]:
        return self.layout.names

    @property
    def size(self) -> int:
        """Total number of statements."""
        return sum(self.layout.counts)

    @property
    def n(self) -> int | None:
        """Statements per casket when every casket holds the same number, else None."""
        counts = set(self.layout.counts)
        return counts.pop() if len(counts) == 1 else None

    @property
    def shape(self) -> str:
        """'Portia-3' when every casket holds 3 statements, else '7 statements'."""
        return f"Portia-{self.n}" if self.n is not None else f"{self.size} statements"

    @property
    def is_classic(self) -> bool:
        """Gold, silver and lead with n statements each (the thesis formats can hold it)."""
        return self.names == DEFAULT_CASKETS and self.n is not None

    @cached_property
    def empty_slots(self) -> tuple[int, ...]:
        """The 0-based numbers of the slots still empty."""
        return tuple(i for i, (_ci, st) in enumerate(self.flat) if is_empty(st))

    @property
    def complete(self) -> bool:
        """Every slot holds a statement and some rule is stated (m or another)."""
        return not self.empty_slots and bool(self.rules)

    @cached_property
    def flat(self) -> tuple[tuple[int, Statement], ...]:
        """Every statement in number order, as (casket index, statement)."""
        return tuple((ci, st) for ci, c in enumerate(self.caskets) for st in c.statements)

    def owner(self, index: int) -> int:
        """The casket index holding statement `index` (0-based)."""
        return self.flat[index][0]

    def number(self, casket: int, position: int) -> int:
        """The 0-based statement index of the position-th statement on casket."""
        return self.layout.offset(casket) + position

    def sentence(self, index: int) -> str:
        ci, st = self.flat[index]
        return voc.sentence(st, self.layout, ci)

    def sentences(self) -> Iterator[tuple[int, str]]:
        """(casket index, sentence) for every statement in number order."""
        for i, (ci, _st) in enumerate(self.flat):
            yield ci, self.sentence(i)

    @cached_property
    def meanings(self) -> tuple[Meaning, ...]:
        return tuple(voc.meaning(st, self.layout, ci, i) for i, (ci, st) in enumerate(self.flat))

    def options(self, casket: int, kinds: Sequence[str] | None = None) -> list[Statement]:
        """The valid statements for a slot on `casket` (the editor's menu; classic kinds unless
        `kinds` says otherwise; maker statements only under the Bellini/Cellini rule)."""
        return voc.options(self.layout, casket, kinds, self.rule_kinds)

    # ----------------------------------------------------------------- validity of the shape
    def problems(self) -> list[tuple[int | None, str]]:
        """Every rule the puzzle breaks, as (statement index or None, message)."""
        out: list[tuple[int | None, str]] = []
        if not self.caskets:
            return [(None, "a puzzle needs at least one casket")]
        seen: set[str] = set()
        for c in self.caskets:
            bad = check_name(c.name)
            if bad:
                out.append((None, bad))
            if c.name in seen:
                out.append((None, f"two caskets are named {c.name!r}"))
            seen.add(c.name)
            if not c.statements:
                out.append((None, f"the {c.name} casket holds no statement (n must be 1 or more)"))
        kinds = self.rule_kinds
        for i, (ci, st) in enumerate(self.flat):
            bad = voc.problem(st, self.layout, ci, kinds)
            if bad:
                out.append((i, bad))
        if self.target is not None and self.target not in seen:
            out.append((None, f"the target {self.target!r} is not one of the caskets"))
        for r in self.rules:
            if is_m_rule(r) and not 0 <= r.k <= self.size:
                out.append((None, f"m = {number_said(r.k)} is out of range: it must be between 0 and "
                                  f"{self.size}"))
                continue
            bad = rule_problem(r, self.layout)
            if bad:
                out.append((None, f"rule {rule_sentence(r, self.layout)!r}: {bad}"))
        clash = total_clash(self.rules)
        if clash is not None:
            first, second = (rule_sentence(r, self.layout) for r in clash)
            out.append((None, clash_message(f"the rule {first!r}", second)))
        return out

    def validate(self) -> "Puzzle":
        """Raise PuzzleError for the first rule the puzzle breaks; return the puzzle."""
        found = self.problems()
        if found:
            index, message = found[0]
            if index is not None:
                message = f"statement {index + 1}: {message}"
            raise PuzzleError(message)
        return self

    # ----------------------------------------------------------------- edits (new puzzles)
    def with_m(self, m: int | None) -> "Puzzle":
        return self.replace(m=m)

    def with_meta(self, **meta: str) -> "Puzzle":
        return self.replace(**meta)

    def with_statement(self, casket: int, position: int, st: Statement) -> "Puzzle":
        caskets = list(self.caskets)
        sts = list(caskets[casket].statements)
        sts[position] = st
        caskets[casket] = Casket(caskets[casket].name, tuple(sts))
        return self.replace(caskets=tuple(caskets))

    def with_row_added(self, default: Statement = EMPTY) -> "Puzzle":
        """Portia-n to Portia-(n+1): every casket gains one slot at the end, empty unless a
        `default` statement is given."""
        caskets = tuple(Casket(c.name, c.statements + (default,)) for c in self.caskets)
        return self.replace(caskets=caskets)

    def with_row_removed(self, position: int) -> "Puzzle":
        """Every casket loses its statement at `position`; m is clamped to the new range.

        "other" statements left alone on a one-statement casket become empty slots, so the
        result is always a valid shape.
        """
        caskets = []
        for c in self.caskets:
            if len(c.statements) <= 1:
                raise PuzzleError("every casket must keep at least one statement")
            sts = c.statements[:position] + c.statements[position + 1 :]
            if len(sts) == 1 and not is_empty(sts[0]) and voc.kind_of(sts[0]).least > 1:
                sts = (EMPTY,)
            caskets.append(Casket(c.name, sts))
        size = sum(len(c.statements) for c in caskets)
        m = None if self.m is None else min(self.m, size)
        return self.replace(caskets=tuple(caskets), m=m)


def blank_puzzle(caskets: int | Sequence[str] = 3, n: int = 1, m: int | None = None,
                 author: str = "", target: str | None = None) -> Puzzle:
    """A new puzzle with every slot empty: `caskets` (a count, named by :func:`casket_names`,
    or the names themselves), n slots on each, m open unless given, and the target casket
    (a name) if the author chose one."""
    names = casket_names(caskets) if isinstance(caskets, int) else tuple(caskets)
    puzzle = Puzzle(tuple(Casket(name, (EMPTY,) * n) for name in names), m, author=author,
                    target=target)
    return puzzle.validate()


def default_puzzle() -> Puzzle:
    """The built-in puzzle the editor opens with: Smullyan's first casket."""
    g, s, lead = DEFAULT_CASKETS
    return Puzzle.build(
        {
            g: [Statement("in", g)],
            s: [Statement("not_in", s)],
            lead: [Statement("not_in", g)],
        },
        m=1,
        title="Smullyan's first casket",
        author="after Raymond Smullyan",
        notes="Exactly one statement is true. Where is the portrait?",
    )
