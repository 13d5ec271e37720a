"""A second brute force, written from the README's tables alone ("File formats": the six
statement kinds, the whole-rulebook families and the rules table).

It shares no meaning code with the engines: it reads a puzzle as a user would read its file,
the casket names, each statement's sentence and each rule's sentence, parses those sentences
with its own patterns, and evaluates every world (a placement and a truth value for every
statement) itself, on bit masks. Nothing here imports portia_tui's vocabulary, rules or
semantics; the puzzle is only asked for its names and its sentences.

A world is consistent when every filled statement's truth value is what its sentence says of
that world (an empty slot "" is free) and every rule but the m rule holds; the true counts of a
placement are the numbers of true statements over its consistent worlds. The m rule is
"Exactly K statements are true" ("m = K" is its shorthand, README "The whole rulebook").
"""

from __future__ import annotations

import re
from typing import Callable

#: number words a sentence may use (README: "K, J are numbers, digits or words such as 'two'")
WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve")
_N = r"(?:(?P<op>exactly|at least|at most) )?(?P<k>\d+|no|" + "|".join(WORDS) + ")"
_TF = r"(?P<tf>true|false)"

#: a world: (placement, truth bits: bit i is statement i's value)
Test = Callable[[int, int], bool]


def _k(match: re.Match[str], key: str = "k") -> int:
    word = match[key]
    if word == "no":
        return 0
    return int(word) if word.isdigit() else WORDS.index(word)


def _compare(count: int, match: re.Match[str]) -> bool:
    op, k = match["op"] or "exactly", _k(match)
    return {"exactly": count == k, "at least": count >= k, "at most": count <= k}[op]


def _norm(text: str) -> str:
    text = " ".join(text.split()).lower()
    return text[:-1].rstrip() if text.endswith(".") else text


class Reader:
    """The sentences of one puzzle, read against its casket names and statement layout."""

    def __init__(self, names: tuple[str, ...], counts: tuple[int, ...]) -> None:
        self.names = names
        self.masks: list[int] = []
        start = 0
        for n in counts:
            self.masks.append(((1 << n) - 1) << start)
            start += n
        self.all = (1 << start) - 1

    def casket(self, words: str | None, owner: int) -> int:
        """'this' casket (None) or a named one."""
        if words is None:
            return owner
        if words not in self.names:
            raise ValueError(f"no casket {words!r}")
        return self.names.index(words)

    def counted(self, mask: int, t: int, tf: str) -> int:
        """How many statements of `mask` have the truth value tf."""
        return (t & mask).bit_count() if tf == "true" else (mask & ~t).bit_count()

    def every(self, mask: int, t: int, tf: str) -> bool:
        return self.counted(mask, t, tf) == mask.bit_count()

    def made(self, t: int, maker: str) -> int:
        """How many caskets Bellini (every statement true) or Cellini (every one false) made."""
        tf = "true" if maker == "bellini" else "false"
        return sum(1 for m in self.masks if self.every(m, t, tf))

    # ------------------------------------------------------------------ statements
    def statement(self, text: str, owner: int, index: int) -> Test:
        """What a statement's sentence says, as a test of a world (README tables)."""
        s = _norm(text)
        place = r"(?:this casket|the (?P<c>.+?) casket)"
        if m := re.fullmatch(rf"the portrait is (?P<no>not )?in {place}", s):
            if m["c"] is None or m["c"] in self.names:
                c, positive = self.casket(m["c"], owner), m["no"] is None
                return lambda p, t: (p == c) == positive
        if m := re.fullmatch(r"the portrait is in the (?P<list>.+) casket", s):
            listed = {self.casket(n, owner) for n in re.split(r", the | or the ", m["list"])}
            return lambda p, t: p in listed
        if m := re.fullmatch(rf"the other statements? on this casket (?:is|are) {_TF}", s):
            mask, tf = self.masks[owner] & ~(1 << index), m["tf"]
            return lambda p, t: self.every(mask, t, tf)
        if m := re.fullmatch(rf"the statements? on the (?P<c>.+?) casket (?:is|are) {_TF}", s):
            mask, tf = self.masks[self.casket(m["c"], owner)], m["tf"]
            return lambda p, t: self.every(mask, t, tf)
        if m := re.fullmatch(rf"{_N} statements? on {place} (?:is|are) {_TF}", s):
            mask, tf = self.masks[self.casket(m["c"], owner)], m["tf"]
            return lambda p, t: _compare(self.counted(mask, t, tf), m)
        if m := re.fullmatch(rf"{_N} of all the statements (?:is|are) {_TF}", s):
            return lambda p, t: _compare(self.counted(self.all, t, m["tf"]), m)
        if m := re.fullmatch(rf"{place} was made by (?P<who>bellini|cellini)", s):
            mask = self.masks[self.casket(m["c"], owner)]
            tf = "true" if m["who"] == "bellini" else "false"
            return lambda p, t: self.every(mask, t, tf)
        if m := re.fullmatch(rf"{_N} caskets? (?:was|were) made by (?P<who>bellini|cellini)", s):
            return lambda p, t: _compare(self.made(t, m["who"]), m)
        raise ValueError(f"not a sentence of the README's tables: {text!r}")

    # ------------------------------------------------------------------ rules
    def rule(self, text: str) -> tuple[Test, int | None]:
        """A rule as a test of a world, and K when it is the m rule."""
        s = _norm(text)
        if m := re.fullmatch(rf"{_N} statements? (?:is|are) {_TF}", s):
            is_m = (m["op"] or "exactly") == "exactly" and m["tf"] == "true"
            return (lambda p, t: _compare(self.counted(self.all, t, m["tf"]), m)), (
                _k(m) if is_m else None)
        if m := re.fullmatch(rf"on every casket, {_N} statements? (?:is|are) {_TF}", s):
            return (lambda p, t: all(_compare(self.counted(mask, t, m["tf"]), m)
                                     for mask in self.masks)), None
        if m := re.fullmatch(rf"{_N} caskets? bears? only {_TF} statements?", s):
            return (lambda p, t: _compare(
                sum(1 for mask in self.masks if self.every(mask, t, m["tf"])), m)), None
        if m := re.fullmatch(rf"{_N} caskets? bears? exactly (?P<j>\d+|no|{'|'.join(WORDS)}) "
                             r"true statements?", s):
            j = _k(m, "j")
            return (lambda p, t: _compare(
                sum(1 for mask in self.masks if (t & mask).bit_count() == j), m)), None
        if re.fullmatch(r"every casket was made by bellini or by cellini", s):
            return (lambda p, t: self.made(t, "bellini") + self.made(t, "cellini")
                    == len(self.masks)), None
        raise ValueError(f"not a rule of the README's table: {text!r}")


class Worlds:
    """Every world of a puzzle, judged from its sentences alone."""

    def __init__(self, names, counts, statements, rules) -> None:
        """names and counts: the caskets in order and how many statements each holds;
        statements: (casket index, sentence) in number order ("" for an empty slot);
        rules: the rule sentences (the m rule among them when the puzzle states m)."""
        reader = Reader(tuple(names), tuple(counts))
        self.k, self.size = len(names), sum(counts)
        self.tests = [(i, reader.statement(text, owner, i))
                      for i, (owner, text) in enumerate(statements) if text]
        self.rules: list[Test] = []
        self.m: int | None = None
        self.stated = bool(rules)
        for text in rules:
            test, m = reader.rule(text)
            if m is None:
                self.rules.append(test)
            else:
                self.m = m

    def consistent(self, p: int, t: int) -> bool:
        return (all(bool(t >> i & 1) == test(p, t) for i, test in self.tests)
                and all(rule(p, t) for rule in self.rules))

    def true_counts(self) -> tuple[frozenset[int], ...]:
        """For each placement, every number of true statements some consistent world has."""
        return tuple(frozenset(t.bit_count() for t in range(1 << self.size)
                               if self.consistent(p, t)) for p in range(self.k))

    def solutions(self, counts: tuple[frozenset[int], ...] | None = None) -> tuple[int, ...]:
        """The placements some consistent world with m true statements allows (any count when
        m is open but some rule is stated; none when no rule is stated at all)."""
        counts = self.true_counts() if counts is None else counts
        if self.m is None:
            return tuple(p for p, c in enumerate(counts) if c and self.stated)
        return tuple(p for p, c in enumerate(counts) if self.m in c)


def worlds(puzzle) -> Worlds:
    """The worlds of a portia Puzzle, read from its names and sentences only."""
    counts = tuple(len(c.statements) for c in puzzle.caskets)
    return Worlds(puzzle.names, counts, list(puzzle.sentences()), puzzle.rule_sentences())


def check(analysis) -> None:
    """An engine's analysis agrees with the README's tables: the true counts of every
    placement and the solutions under the puzzle's m (or its rules)."""
    w = worlds(analysis.puzzle)
    counts = w.true_counts()
    assert analysis.true_counts == counts, (analysis.puzzle, analysis.true_counts, counts)
    assert analysis.solutions() == w.solutions(counts)
