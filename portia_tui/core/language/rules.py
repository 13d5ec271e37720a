"""Portia's rules: what she tells the suitor besides the inscriptions. Every rule kind is
defined once here, with the same five faces as a statement kind (vocabulary.py): its meaning
(the conditions a world must meet), its canonical sentence, its parser, its menu and its
problems.

    Exactly 1 statement is true                          total   (m = 1 is this rule)
    On every casket, at most 1 statement is false        each
    Exactly 1 casket bears only true statements          pure
    Exactly 2 caskets bear exactly 1 true statement      bearing
    Every casket was made by Bellini or by Cellini       makers

A puzzle states one or more rules; all must hold. Every condition is a :data:`Meaning` from
vocabulary.py that must be true in a consistent world, so each engine evaluates rules the way
it evaluates statements. Plain Python.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from portia_tui.core.language.vocabulary import (COUNT, MAKER, MAKERS_RULE, NUMBER, CasketsMeaning,
                                                 CountMeaning, LazyPattern, Layout, Meaning,
                                                 _count_menu, _count_problem, _norm, compare,
                                                 count_phrase, number, op_of)
from portia_tui.core.language.words import listing, plural


class Rule(NamedTuple):
    """One rule: a kind key, a comparison (op, k), the value counted (true/false), and for
    'bearing' the true count J each counted casket bears."""

    kind: str
    op: str = "exactly"
    k: int = 0
    value: bool = True
    j: int = 0


def m_rule(m: int) -> Rule:
    """The rule `m = K` in a file stands for: exactly m statements are true."""
    return Rule("total", "exactly", m, True)


def is_m_rule(rule: Rule) -> bool:
    kind = RULE_KINDS.get(rule.kind)
    return kind is not None and kind.is_m(rule)


def fixes_total(rule: Rule) -> bool:
    """An exact total ("Exactly K statements are true|false"; the m rule is one): it fixes how
    many statements are true, so a puzzle states one at most (a second one would either say
    the same again or leave no solution)."""
    kind = RULE_KINDS.get(rule.kind)
    return kind is not None and kind.fixes_total(rule)


def pins_every_value(rule: Rule, size: int) -> bool:
    """Whether a count over all `size` statements fixes every one's value ("No statements
    are false", "At least 3 statements are true" with 3 statements)."""
    kind = RULE_KINDS.get(rule.kind)
    return kind is not None and kind.pins_every_value(rule, size)


def total_clash(rules: Sequence[Rule]) -> tuple[Rule, Rule] | None:
    """The first two exact totals among `rules`, or None when there are fewer than two."""
    first = None
    for rule in rules:
        if fixes_total(rule):
            if first is not None:
                return first, rule
            first = rule
    return None


def clash_message(first: str, second: str) -> str:
    """Why a puzzle may not state two exact totals (the rules' sentences)."""
    return f"{first} and the rule {second!r} both say how many statements are true: keep one"


def _tf(value: bool) -> str:
    return "true" if value else "false"


def _statements(count: int, value: bool) -> str:
    """'1 true statement', '2 false statements'."""
    return plural(count, f"{_tf(value)} statement")


def _bear(count: int) -> str:
    return "bears" if count == 1 else "bear"


def caskets_said(names: Sequence[str]) -> str:
    """'the gold casket', 'the gold and lead caskets', 'no casket'."""
    if not names:
        return "no casket"
    return f"the {listing(names)} casket{'s' if len(names) > 1 else ''}"


def counts_line(names: Sequence[str], per: Sequence[int], value: bool = True) -> str:
    """'gold bears 2 true statements, silver 1, lead 0' (`per`: each casket's count of
    statements with truth value `value`)."""
    head = f"{names[0]} bears {_statements(per[0], value)}"
    return ", ".join([head] + [f"{name} {x}" for name, x in zip(names[1:], per[1:])])


def makers_said(names: Sequence[str], true: Sequence[int], counts: Sequence[int]) -> str:
    """Who made which casket, from each casket's true count: 'Bellini made the gold casket,
    Cellini the silver and lead caskets' (a casket all true is Bellini's, none true
    Cellini's)."""
    bellini = [n for n, t, c in zip(names, true, counts) if t == c]
    cellini = [n for n, t in zip(names, true) if t == 0]
    return f"Bellini made {caskets_said(bellini)}, Cellini {caskets_said(cellini)}"


class RuleKind:
    key: str = ""
    summary: str = ""
    #: one sentence of this kind, for messages
    example: str = ""
    pattern: re.Pattern[str]
    #: whether its conditions read the total count of true statements alone
    reads_sum: bool = False
    #: in the world model (core/language/world.py), the speaker attribute the rule is
    #: instead of a constraint: (attribute, its values, {value: mode}); None for a constraint
    speaker: tuple[str, tuple[str, ...], dict[str, str]] | None = None

    def is_m(self, rule: Rule) -> bool:
        """Whether the rule is `m` ("Exactly m statements are true")."""
        return False

    def fixes_total(self, rule: Rule) -> bool:
        """Whether the rule fixes how many statements are true (see :func:`fixes_total`)."""
        return False

    def pins_every_value(self, rule: Rule, size: int) -> bool:
        """Whether the rule alone fixes every statement's value (see
        :func:`pins_every_value`)."""
        return False

    def formulas(self, rule: Rule, layout: Layout, ids: Sequence[str]) -> tuple[tuple, ...]:
        """The rule as constraints of the world model (statement i is ``ids[i]``): its
        conditions' formulas; none for a speaker rule."""
        if self.speaker is not None:
            return ()
        return tuple(mn.formula(layout.names, ids) for mn in self.conditions(rule, layout))

    def tally(self, rule: Rule, layout: Layout, true: Sequence[int]) -> str | None:
        """What the rule counts in a world, in words, from each casket's true count ('the
        silver casket bears 2 false statements'); None: the caskets' true counts say it."""
        return None

    def sentence(self, rule: Rule, layout: Layout) -> str:
        raise NotImplementedError

    def from_match(self, match: re.Match[str]) -> Rule:
        raise NotImplementedError

    def options(self, layout: Layout) -> list[Rule]:
        raise NotImplementedError

    def problem(self, rule: Rule, layout: Layout) -> str | None:
        raise NotImplementedError

    def conditions(self, rule: Rule, layout: Layout) -> tuple[Meaning, ...]:
        """What must hold in every consistent world."""
        raise NotImplementedError


class Total(RuleKind):
    key = "total"
    summary = "how many statements are true (or false) in all"
    example = "Exactly 1 statement is true"
    pattern = LazyPattern(rf"^{COUNT} statements? (?:is|are) "
                          r"(?P<value>true|false)$")

    def sentence(self, rule: Rule, layout: Layout) -> str:
        verb = "is" if rule.k == 1 else "are"
        head = count_phrase(rule.op, rule.k, 'statement', 'statements', layout.size)
        return f"{head} {verb} {_tf(rule.value)}"

    def from_match(self, match: re.Match[str]) -> Rule:
        return Rule(self.key, op_of(match), number(match["k"]), match["value"] == "true")

    def options(self, layout: Layout) -> list[Rule]:
        return [Rule(self.key, op, k, value)
                for value in (True, False) for op, k in _count_menu(layout.size)]

    def problem(self, rule: Rule, layout: Layout) -> str | None:
        return _count_problem(rule.op, rule.k, layout.size,
                              f"the puzzle has {layout.size} statements, so count 0 to")

    def conditions(self, rule: Rule, layout: Layout) -> tuple[Meaning, ...]:
        return (CountMeaning(tuple(range(layout.size)), rule.op, rule.k, rule.value),)

    reads_sum = True

    def is_m(self, rule: Rule) -> bool:
        return rule.op == "exactly" and rule.value

    def fixes_total(self, rule: Rule) -> bool:
        return rule.op == "exactly"

    def pins_every_value(self, rule: Rule, size: int) -> bool:
        return (rule.op in ("exactly", "at most") and rule.k == 0) or (
            rule.op in ("exactly", "at least") and rule.k == size)

    def formulas(self, rule: Rule, layout: Layout, ids: Sequence[str]) -> tuple[tuple, ...]:
        if self.is_m(rule):  # m: "exactly m of all the statements are true"
            return (("count_true", "all", "==", rule.k),)
        return super().formulas(rule, layout, ids)

    def tally(self, rule: Rule, layout: Layout, true: Sequence[int]) -> str | None:
        count = sum(true) if rule.value else layout.size - sum(true)
        verb = "is" if count == 1 else "are"
        return f"{count} of the {layout.size} statements {verb} {_tf(rule.value)}"


class Each(RuleKind):
    key = "each"
    summary = "how many statements are true (or false) on every casket"
    example = "On every casket, at most 1 statement is false"
    pattern = LazyPattern(rf"^on (?:every|each) casket,? {COUNT} statements? "
                          r"(?:is|are) (?P<value>true|false)$")

    def sentence(self, rule: Rule, layout: Layout) -> str:
        verb = "is" if rule.k == 1 else "are"
        even = layout.counts[0] if len(set(layout.counts)) == 1 else None
        head = count_phrase(rule.op, rule.k, "statement", "statements", even)
        return f"On every casket, {head[0].lower()}{head[1:]} {verb} {_tf(rule.value)}"

    def from_match(self, match: re.Match[str]) -> Rule:
        return Rule(self.key, op_of(match), number(match["k"]), match["value"] == "true")

    def options(self, layout: Layout) -> list[Rule]:
        return [Rule(self.key, op, k, value)
                for value in (True, False) for op, k in _count_menu(max(layout.counts))]

    def problem(self, rule: Rule, layout: Layout) -> str | None:
        most = max(layout.counts)
        return _count_problem(rule.op, rule.k, most,
                              f"no casket holds more than {most} statements, so count 0 to")

    def conditions(self, rule: Rule, layout: Layout) -> tuple[Meaning, ...]:
        return tuple(CountMeaning(g, rule.op, rule.k, rule.value) for g in layout.groups)

    def tally(self, rule: Rule, layout: Layout, true: Sequence[int]) -> str | None:
        per = [t if rule.value else n - t for t, n in zip(true, layout.counts)]
        bad = [c for c, x in enumerate(per) if not compare(x, rule.op, rule.k)]
        if bad:
            return "; ".join(f"the {layout.names[c]} casket bears "
                             f"{_statements(per[c], rule.value)}" for c in bad)
        return counts_line(layout.names, per, rule.value)


class Pure(RuleKind):
    key = "pure"
    summary = "how many caskets bear only true (or only false) statements"
    example = "Exactly 1 casket bears only true statements"
    pattern = LazyPattern(rf"^{COUNT} caskets? bears? only "
                          r"(?P<value>true|false) statements?$")

    def sentence(self, rule: Rule, layout: Layout) -> str:
        verb = "bears" if rule.k == 1 else "bear"
        head = count_phrase(rule.op, rule.k, 'casket', 'caskets', len(layout.names))
        return (f"{head} {verb} only "
                f"{_tf(rule.value)} statements")

    def from_match(self, match: re.Match[str]) -> Rule:
        return Rule(self.key, op_of(match), number(match["k"]), match["value"] == "true")

    def options(self, layout: Layout) -> list[Rule]:
        return [Rule(self.key, op, k, value)
                for value in (True, False) for op, k in _count_menu(len(layout.names))]

    def problem(self, rule: Rule, layout: Layout) -> str | None:
        k = len(layout.names)
        return _count_problem(rule.op, rule.k, k, f"the puzzle has {k} caskets, so count 0 to")

    def conditions(self, rule: Rule, layout: Layout) -> tuple[Meaning, ...]:
        accept = tuple(frozenset({n if rule.value else 0}) for n in layout.counts)
        return (CasketsMeaning(layout.groups, accept, rule.op, rule.k),)

    def tally(self, rule: Rule, layout: Layout, true: Sequence[int]) -> str | None:
        hit = [c for c, (t, n) in enumerate(zip(true, layout.counts))
               if t == (n if rule.value else 0)]
        return _hits(layout, hit, f"only {_tf(rule.value)} statements")


class Bearing(RuleKind):
    key = "bearing"
    summary = "how many caskets bear exactly J true statements"
    example = "Exactly 2 caskets bear exactly 1 true statement"
    pattern = LazyPattern(rf"^{COUNT} caskets? bears? exactly "
                          rf"(?P<j>{NUMBER}) true statements?$")

    def sentence(self, rule: Rule, layout: Layout) -> str:
        verb = "bears" if rule.k == 1 else "bear"
        noun = "statement" if rule.j == 1 else "statements"
        head = count_phrase(rule.op, rule.k, 'casket', 'caskets', len(layout.names))
        return (f"{head} {verb} exactly {rule.j} "
                f"true {noun}")

    def from_match(self, match: re.Match[str]) -> Rule:
        return Rule(self.key, op_of(match), number(match["k"]), True, number(match["j"]))

    def options(self, layout: Layout) -> list[Rule]:
        return [Rule(self.key, op, k, True, j)
                for j in range(max(layout.counts) + 1)
                for op, k in _count_menu(len(layout.names))]

    def problem(self, rule: Rule, layout: Layout) -> str | None:
        k = len(layout.names)
        bad = _count_problem(rule.op, rule.k, k, f"the puzzle has {k} caskets, so count 0 to")
        if bad is None and not 0 <= rule.j <= max(layout.counts):
            return (f"{rule.j} is out of range: no casket holds more than {max(layout.counts)} "
                    "statements")
        return bad

    def conditions(self, rule: Rule, layout: Layout) -> tuple[Meaning, ...]:
        accept = tuple(frozenset({rule.j}) for _ in layout.counts)
        return (CasketsMeaning(layout.groups, accept, rule.op, rule.k),)

    def tally(self, rule: Rule, layout: Layout, true: Sequence[int]) -> str | None:
        hit = [c for c, t in enumerate(true) if t == rule.j]
        return _hits(layout, hit, f"exactly {_statements(rule.j, True)}")


class Makers(RuleKind):
    key = "makers"
    summary = "every casket was made by Bellini (all true) or by Cellini (all false)"
    example = MAKERS_RULE
    speaker = (MAKER, ("Bellini", "Cellini"), {"Bellini": "true", "Cellini": "false"})
    pattern = LazyPattern(r"^every casket was made (?:either )?by bellini or (?:by )?cellini$")

    def sentence(self, rule: Rule, layout: Layout) -> str:
        return self.example

    def from_match(self, match: re.Match[str]) -> Rule:
        return Rule(self.key)

    def options(self, layout: Layout) -> list[Rule]:
        return [Rule(self.key)]

    def problem(self, rule: Rule, layout: Layout) -> str | None:
        return None

    def conditions(self, rule: Rule, layout: Layout) -> tuple[Meaning, ...]:
        accept = tuple(frozenset({0, n}) for n in layout.counts)
        return (CasketsMeaning(layout.groups, accept, "exactly", len(layout.names)),)

    def tally(self, rule: Rule, layout: Layout, true: Sequence[int]) -> str | None:
        mixed = [name for name, t, n in zip(layout.names, true, layout.counts) if 0 < t < n]
        if mixed:
            them = "it" if len(mixed) == 1 else "them"
            return (f"{caskets_said(mixed)} {_bear(len(mixed))} true and false statements, so "
                    f"neither Bellini nor Cellini made {them}")
        return makers_said(layout.names, true, layout.counts)


def _hits(layout: Layout, hit: Sequence[int], what: str) -> str:
    """'2 caskets bear only true statements (gold and lead)'."""
    which = f" ({listing(layout.names[c] for c in hit)})" if hit else ""
    return f"{plural(len(hit), 'casket')} {_bear(len(hit))} {what}{which}"


#: every rule kind, in menu order
RULE_KINDS: dict[str, RuleKind] = {r.key: r for r in (Total(), Each(), Pure(), Bearing(), Makers())}


def rule_kind(rule: Rule) -> RuleKind:
    try:
        return RULE_KINDS[rule.kind]
    except KeyError:
        raise ValueError(f"unknown rule kind {rule.kind!r}") from None


def has_speaker(rules: Sequence[Rule]) -> bool:
    """Whether a speaker rule is among `rules` (Bellini and Cellini: who made a casket sets
    how truly it speaks)."""
    return any(rule_kind(r).speaker is not None for r in rules)


def rule_sentence(rule: Rule, layout: Layout) -> str:
    """The canonical English sentence of a rule."""
    return rule_kind(rule).sentence(rule, layout)


def parse_rule(text: str) -> Rule | None:
    """The rule a sentence states, or None (any letter case, a final full stop, singular or
    plural, number words)."""
    norm = _norm(text)
    for kind in RULE_KINDS.values():
        match = kind.pattern.match(norm)
        if match:
            return kind.from_match(match)
    return None


def rule_problem(rule: Rule, layout: Layout) -> str | None:
    """Why a rule cannot be stated for this layout, or None."""
    if rule.kind not in RULE_KINDS:
        return f"unknown rule kind {rule.kind!r}"
    return RULE_KINDS[rule.kind].problem(rule, layout)


def rule_options(layout: Layout, kinds: Sequence[str] | None = None) -> list[Rule]:
    """The rules menu: every valid rule for this layout (no rule that always holds)."""
    chosen = RULE_KINDS.values() if kinds is None else (RULE_KINDS[k] for k in kinds)
    return [r for kind in chosen for r in kind.options(layout)]


def conditions(rules: Sequence[Rule], layout: Layout) -> tuple[Meaning, ...]:
    """Every condition the rules put on a world."""
    return tuple(c for r in rules for c in rule_kind(r).conditions(r, layout))
