"""English sentences <-> formulas for islanders, doors and signs (the truth-puzzle language).

A formula is the JSON list of ../shared/truth-puzzles.md (``["is", "A", "type", "knight"]``).
Every sentence form is one class below: its pattern (on normalised text), the formula it
builds and the canonical wording it gives a formula of its shape. Compound sentences (and, or,
not, if, if and only if; commas, "both ... and", "either ... or", "neither ... nor") are read
by :func:`parse` around the forms, and worded by :func:`render`.

Sentences are read against a :class:`Context`: the puzzle's entities, attributes, statements
and the speaker ("I", "this room"). Portia's casket sentences are not here: they stay in
vocabulary.py and rules.py, and a puzzle with the portrait attribute reads and words them
there (the end of this module).

Plain Python: no files, no solver.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, NamedTuple

from portia_tui.core.errors import PortiaError
from portia_tui.core.language.words import NUMBER, NUMBER_WORDS, LazyPattern, number


class SentenceError(PortiaError):
    """A sentence the language cannot read; `nearest` is the example of the closest form."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None,
                 nearest: str = ""):
        super().__init__(message, path, line)
        self.nearest = nearest

    def located(self, path: str | None = None, line: int | None = None) -> "SentenceError":
        return SentenceError(self.message, self.path if self.path is not None else path,
                             self.line if self.line is not None else line, self.nearest)


class _NoForm(Exception):
    """A pattern matched but the words do not fit this puzzle (soft: other forms may)."""


# ----------------------------------------------------------------------------- the context

#: the attribute of Portia's caskets (core/language/world.py's PORTRAIT): a puzzle with it
#: reads Portia's sentences through vocabulary.py and rules.py
PORTRAIT = "portrait"
ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii",
         "xiv", "xv", "xvi", "xvii", "xviii", "xix", "xx")
#: values said without an article ("This room is empty", "I am normal")
ADJECTIVES = frozenset({"empty", "normal", "human", "sane", "insane"})
#: nouns entities may be called by in sentences ("room 3", "door II")
ENTITY_NOUNS = ("room", "door", "casket", "person")
#: comparison words <-> the formula's OP
OP_WORDS = {"exactly": "==", "at least": ">=", "at most": "<=", "more than": ">",
            "fewer than": "<", "less than": "<"}
OP_NAMES = {"==": "exactly", ">=": "at least", "<=": "at most", ">": "more than",
            "<": "fewer than"}


def numeral(name: str) -> int | None:
    """The number an entity's name stands for ("8", "VIII"), or None."""
    low = name.lower()
    if low.isdigit():
        return int(low)
    return ROMAN.index(low) + 1 if low in ROMAN else None


class _ContextFields(NamedTuple):
    entities: tuple[str, ...]
    attributes: tuple[tuple[str, tuple[str, ...]], ...]
    statements: tuple[tuple[str, str | None], ...] = ()
    speaker: str | None = None
    noun: str | None = None
    speaker_attr: str | None = None
    #: the id of the statement being read (Portia's "the other statements on this casket")
    this: str | None = None


class Context(_ContextFields):
    """What a sentence is read against.

    `entities` in order; `attributes` as (name, values) pairs; `statements` as (id, speaker)
    pairs; `speaker` the entity saying the sentence (None for the narrator's rules); `noun`
    what entities are called ("room", or None for people called by name: by default "room"
    when every name is a numeral). A typing.NamedTuple (no dataclasses at start-up)."""

    __slots__ = ()

    def __new__(cls, entities: tuple[str, ...], attributes: tuple[tuple[str, tuple[str, ...]], ...],
                statements: tuple[tuple[str, str | None], ...] = (), speaker: str | None = None,
                noun: str | None = None, speaker_attr: str | None = None,
                this: str | None = None) -> Context:
        if noun is None and entities and all(numeral(e) for e in entities):
            noun = "room"
        return super().__new__(cls, entities, attributes, statements, speaker, noun,
                               speaker_attr, this)

    @classmethod
    def of(cls, puzzle, speaker: str | None = None, this: str | None = None) -> "Context":
        """The context of a truth puzzle (a WorldPuzzle), read as `speaker`'s words: the one
        place every reader and writer of its sentences builds it."""
        return cls(tuple(puzzle.entities), tuple(puzzle.attributes.items()),
                   tuple((s.id, s.by) for s in puzzle.statements), speaker,
                   speaker_attr=puzzle.speaker_attr, this=this)

    def speaking(self, speaker: str | None, this: str | None = None) -> "Context":
        """The same puzzle, read as `speaker`'s words (statement `this`)."""
        return Context(self.entities, self.attributes, self.statements, speaker, self.noun,
                       self.speaker_attr, this)

    @property
    def rooms(self) -> bool:
        return self.noun in ("room", "door")

    @property
    def attrs(self) -> dict[str, tuple[str, ...]]:
        return dict(self.attributes)

    def entity(self, word: str) -> str:
        """The entity (or "self", "other") a phrase names; _NoForm when none."""
        word = word.strip()
        if word in ("i", "me", "myself") or re.fullmatch(r"this (?:room|door|casket|person)", word):
            if self.speaker is None:
                raise _NoForm(f"{word!r} needs a speaker: the narrator's rules name entities")
            return "self"
        if re.fullmatch(r"the other (?:room|door|casket|one)", word):
            if len(self.entities) != 2:
                raise _NoForm(f"{word!r} needs exactly two entities")
            return "other"
        bare = re.sub(rf"^(?:{'|'.join(ENTITY_NOUNS)}) ", "", word)
        return self._named(bare, word)

    def _named(self, bare: str, word: str) -> str:
        for name in self.entities:
            if name.lower() == bare:
                return name
        num = number(bare) if re.fullmatch(NUMBER, bare) else (
            ROMAN.index(bare) + 1 if bare in ROMAN else None)
        for name in self.entities:
            if num is not None and numeral(name) == num:
                return name
        raise _NoForm(f"unknown entity {word!r} (the entities are {', '.join(self.entities)})")

    def value(self, word: str) -> tuple[str, str]:
        """(attribute, value) a word names, singular or plural ("knaves", "ladies")."""
        for cand in _singulars(word.strip()):
            found = [(a, v) for a, vals in self.attributes for v in vals if v.lower() == cand]
            if len(found) == 1:
                return found[0]
            if found:
                raise _NoForm(f"{cand!r} is a value of several attributes")
        raise _NoForm(f"unknown value {word!r} (the values are {', '.join(self.values())})")

    def values(self) -> list[str]:
        return [v for _a, vals in self.attributes for v in vals]

    def attribute(self, word: str) -> str:
        for cand in _singulars(word.strip()):
            for name, _vals in self.attributes:
                if name.lower() == cand:
                    return name
        raise _NoForm(f"unknown attribute {word!r}")

    def statement(self, word: str) -> str:
        """The statement id "sign 5" or "statement 5" names (a sign is the statement on its
        door); "this" for this sign."""
        word = word.strip()
        ids = [sid for sid, _by in self.statements]
        for sid in ids:
            if sid.lower() == word:
                return sid
        try:
            who = self._named(word, word)
        except _NoForm:
            raise _NoForm(f"unknown sign {word!r}") from None
        on = [sid for sid, by in self.statements if by == who]
        if len(on) != 1:
            raise _NoForm(f"sign {word!r}: {who} has {len(on)} statements, name one by its id")
        return on[0]

    def sign_name(self, sid: str) -> str:
        """How a sentence names statement sid: its speaker's name when it is their only one."""
        by = dict(self.statements).get(sid)
        if by is not None and sum(1 for _s, b in self.statements if b == by) == 1:
            return by
        return sid

    def name(self, ref: str, subject: bool = True) -> str:
        """How a sentence names an entity reference."""
        if ref == "self":
            return ("I" if subject else "me") if not self.rooms else f"this {self.noun}"
        if ref == "other":
            return f"the other {self.noun or 'one'}"
        return f"{self.noun} {ref}" if self.noun else ref

    def rank_attr(self) -> str:
        """The attribute "rank" speaks of: the speaker attribute, else the first."""
        if self.speaker_attr:
            return self.speaker_attr
        if not self.attributes:
            raise _NoForm("the puzzle has no attributes")
        return self.attributes[0][0]

    def numbered(self, parity: int) -> list[str]:
        return [e for e in self.entities if (numeral(e) or 0) % 2 == parity and numeral(e)]

    def refs(self) -> list[str]:
        """The entities a menu offers statements about, as references: the speaker first
        ("self"), then the others by name ("other" for the other of two rooms)."""
        out = ["self"] if self.speaker is not None else []
        for e in self.entities:
            if e == self.speaker:
                continue
            out.append("other" if self.speaker is not None and self.rooms
                       and len(self.entities) == 2 else e)
        return out

    def group_words(self, key: str) -> str:
        """The heading of a menu group (:data:`MENU_GROUPS`) for this puzzle."""
        return MENU_GROUPS[key][1 if self.rooms else 0]


def _singulars(word: str) -> list[str]:
    """The word and the singulars it may be the plural of."""
    out = [word]
    if word.endswith("ies"):
        out.append(word[:-3] + "y")
    if word.endswith("ves"):
        out += [word[:-3] + "f", word[:-3] + "fe"]
    if word.endswith("es"):
        out.append(word[:-2])
    if word.endswith("s"):
        out.append(word[:-1])
    return out


def plural(value: str) -> str:
    if value.endswith("y") and value[-2:-1] not in "aeiou":
        return value[:-1] + "ies"
    if value.endswith("f"):
        return value[:-1] + "ves"
    if value.endswith(("s", "x", "ch", "sh")):
        return value + "es"
    return value + "s"


def count_word(k: int) -> str:
    return NUMBER_WORDS[k] if 0 <= k < len(NUMBER_WORDS) else str(k)


def _article(value: str) -> str:
    if value in ADJECTIVES:
        return value
    return ("an " if value[:1] in "aeiou" else "a ") + value


def _be(ctx: Context, ref: str) -> str:
    return "am" if ref == "self" and not ctx.rooms else "is"


#: the groups of a statement menu, in the order menus show them: key -> (heading for
#: people, heading for rooms); each form's :meth:`Form.offers` says which group an entry is in
MENU_GROUPS = {
    "speaker": ("About the speaker", "About this room"),
    "one": ("About one islander", "About one room"),
    "two": ("About two islanders", "About two rooms"),
    "group": ("About the group", "About the rooms"),
    "signs": ("About statements", "About signs"),
    "compound": ("Compound", "Compound"),
}


def _about(ref: str) -> str:
    """The menu group of a statement about one entity reference."""
    return "speaker" if ref == "self" else "one"


# ----------------------------------------------------------------------------- the forms

#: an entity in a sentence: a pronoun, "this room", "the other room", "room 3", or a name
REF = (r"(?:i|me|this (?:room|door|casket|person)|the other (?:room|door|casket|one)|"
       r"(?:room |door |casket )?[\w'-]+)")
#: a value or attribute word
WORD = r"[a-z][\w-]*"
#: how many: a comparison and a number, a bare number, or all / both / none / neither
QUANT = (rf"(?:(?P<op>exactly|at least|at most|more than|fewer than|less than) (?P<k>{NUMBER})"
         rf"|(?P<k2>{NUMBER})|(?P<q>all|both|none|neither))")
#: the entities counted: "us", "the three of us", "these rooms", the others, or a list
SET = (r"(?P<set>us|them|the (?:\w+ )?of us|the (?:\w+ )?of them|the others|"
       r"(?:these|the) (?:\w+ )?(?:rooms|doors|people|islanders)|rooms|doors|"
       r"(?:(?:rooms|doors) )?[\w'-]+(?:, [\w'-]+)*,? (?:and|or) [\w'-]+)")


def _ref(x: str) -> bool:
    """Whether x is an entity reference a sentence can name (not a bound variable)."""
    return isinstance(x, str) and not x.startswith("?")


class Form:
    """A sentence form: its pattern, the formula it builds, the wording it gives back."""

    key = ""
    #: one sentence of this form (the nearest-form message shows it)
    example = ""
    pattern: re.Pattern[str]

    def build(self, m: re.Match[str], ctx: Context) -> list:
        raise NotImplementedError

    def render(self, f: list, ctx: Context) -> str | None:
        """The canonical sentence of formula f when f has this form's shape, else None."""
        return None

    def offers(self, ctx: Context) -> Iterator[tuple[str, list]]:
        """The statements of this form a menu offers for `ctx.speaker` (the narrator's rules
        when None): (group key of :data:`MENU_GROUPS`, formula) pairs. Their sentences are
        :func:`render`'s."""
        return iter(())


class IsValue(Form):
    key = "is"
    example = "A is a knight"
    pattern = LazyPattern(rf"^(?P<x>{REF}) (?:is|am|are) (?P<neg>not )?(?:an? )?(?P<v>{WORD})$")

    def build(self, m, ctx):
        attr, value = ctx.value(m["v"])
        return ["isnot" if m["neg"] else "is", ctx.entity(m["x"]), attr, value]

    def render(self, f, ctx):
        if f[0] not in ("is", "isnot") or not _ref(f[1]) or f[2] == PORTRAIT:
            return None
        if ctx.rooms and f[3] not in ADJECTIVES:
            return None
        neg = "not " if f[0] == "isnot" else ""
        return f"{ctx.name(f[1])} {_be(ctx, f[1])} {neg}{_article(f[3])}"

    def offers(self, ctx):
        for ref in ctx.refs():
            for attr, values in ctx.attributes:
                if attr == PORTRAIT:
                    continue
                for value in values:
                    yield _about(ref), ["is", ref, attr, value]
                if len(values) >= 3:
                    for value in values:
                        yield _about(ref), ["isnot", ref, attr, value]


class InRoom(Form):
    key = "in_room"
    example = "A tiger is in this room"
    pattern = LazyPattern(rf"^(?:an?|the) (?P<v>{WORD}) is (?P<neg>not )?in (?P<x>{REF})$")

    def build(self, m, ctx):
        attr, value = ctx.value(m["v"])
        return ["isnot" if m["neg"] else "is", ctx.entity(m["x"]), attr, value]

    def render(self, f, ctx):
        if f[0] != "is" or not _ref(f[1]) or not ctx.rooms or f[3] in ADJECTIVES:
            return None
        return f"{_article(f[3]).capitalize()} is in {ctx.name(f[1])}"


class ThereIs(Form):
    key = "there_is"
    example = "There is no tiger in room 2"
    pattern = LazyPattern(rf"^there is (?P<neg>no |not an? |an? )(?P<v>{WORD}) in (?P<x>{REF})$")

    def build(self, m, ctx):
        attr, value = ctx.value(m["v"])
        neg = not m["neg"].startswith("a")
        return ["isnot" if neg else "is", ctx.entity(m["x"]), attr, value]

    def render(self, f, ctx):
        if f[0] != "isnot" or not _ref(f[1]) or not ctx.rooms or f[3] in ADJECTIVES:
            return None
        return f"There is no {f[3]} in {ctx.name(f[1])}"


class InThere(Form):
    key = "in_there"
    example = "In this room there is a lady"
    pattern = LazyPattern(rf"^in (?P<x>{REF}),? there is (?P<neg>no |an? )(?P<v>{WORD})$")

    def build(self, m, ctx):
        attr, value = ctx.value(m["v"])
        return ["isnot" if m["neg"] == "no " else "is", ctx.entity(m["x"]), attr, value]


class Contains(Form):
    key = "contains"
    example = "This room contains a lady"
    pattern = LazyPattern(rf"^(?P<x>{REF}) (?P<neg>does not contain|contains|holds|has) "
                          rf"(?:an? |the )?(?P<v>{WORD})$")

    def build(self, m, ctx):
        attr, value = ctx.value(m["v"])
        return ["isnot" if m["neg"] == "does not contain" else "is", ctx.entity(m["x"]), attr,
                value]


def _members(text: str, ctx: Context) -> str | list[str]:
    """The SET of a counted sentence: "all", "others" or a list of entities."""
    if text in ("us", "them", "rooms", "doors") or re.fullmatch(
            r"the (?:\w+ )?of (?:us|them)|(?:these|the) (?:\w+ )?(?:rooms|doors|people|islanders)",
            text):
        said = re.match(r"the (\w+) of|(?:these|the) (\w+) (?:rooms|doors|people)", text)
        word = said and (said[1] or said[2])
        if word and re.fullmatch(NUMBER, word) and number(word) != len(ctx.entities):
            raise _NoForm(f"{text!r}: the puzzle has {len(ctx.entities)} entities")
        return "all"
    if text in ("the others", "the other rooms"):
        return "others"
    text = re.sub(r"^(?:rooms|doors) ", "", text)
    names = re.split(r",? (?:and|or) |, ", text)
    return [ctx.entity(n) for n in names]


def _set_size(members, ctx: Context) -> int:
    if members == "all":
        return len(ctx.entities)
    if members == "others":
        return len(ctx.entities) - 1
    return len(members)


def _quant(m: re.Match[str], size: int) -> tuple[str, int]:
    """(OP, K) of a QUANT match over a set of `size`."""
    if m["q"]:
        if m["q"] == "both" and size != 2:
            raise _NoForm(f"'both' needs two, not {size}")
        return ("==", 0) if m["q"] in ("none", "neither") else ("==", size)
    if m["op"]:
        return OP_WORDS[m["op"]], number(m["k"])
    return "==", number(m["k2"])


def _set_words(members, ctx: Context) -> str:
    if members == "all":
        return "these rooms" if ctx.rooms else ("us" if ctx.speaker else "them")
    if members == "others":
        return "the other rooms" if ctx.rooms else "the others"
    if not isinstance(members, list) or not all(_ref(x) for x in members):
        raise _NoForm("no words for this set")
    names = [ctx.name(x, subject=False) if x in ("self", "other") else x for x in members]
    head = f"{ctx.noun}s " if ctx.noun else ""
    return head + (", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0])


def _quant_words(op: str, k: int, size: int) -> str:
    if op == "==" and k == 0:
        return "None"
    if op == "==" and k == size == 2:
        return "Both"
    if op == "==" and k == size:
        return "All"
    return f"{OP_NAMES[op].capitalize()} {count_word(k)}"


def _counts(size: int) -> Iterator[tuple[str, int]]:
    """The comparisons a menu offers over `size` things: exactly k (0 to size), at least k
    and at most k where neither is always or never so."""
    for k in range(size + 1):
        yield "==", k
    for k in range(2, size):  # at least `size` is "all"
        yield ">=", k
    yield ">=", 1
    for k in range(1, size - 1):
        yield "<=", k


def _predicate(value: str, many: bool, rooms: bool) -> str:
    """'is a knight' / 'are knights' / 'contains a lady' / 'contain ladies' / 'are empty'."""
    if value in ADJECTIVES:
        return f"{'are' if many else 'is'} {value}"
    if rooms:
        return f"contain {plural(value)}" if many else f"contains {_article(value)}"
    return f"are {plural(value)}" if many else f"is {_article(value)}"


class Count(Form):
    key = "count"
    example = "Exactly two of us are knights"
    pattern = LazyPattern(rf"^{QUANT}(?: of)? {SET} (?:is|are|contains?|holds?|has|have) "
                          rf"(?:an? )?(?P<v>{WORD})$")

    def build(self, m, ctx):
        members = _members(m["set"], ctx)
        op, k = _quant(m, _set_size(members, ctx))
        attr, value = ctx.value(m["v"])
        return ["count", members, {attr: value}, op, k]

    def render(self, f, ctx):
        if f[0] != "count" or len(f[2]) != 1 or f[3] not in OP_NAMES:
            return None
        (_attr, value), = f[2].items()
        size = _set_size(f[1], ctx)
        head = _quant_words(f[3], f[4], size)
        many = head in ("Both", "All") or (f[4] != 1 and head != "None")
        if _attr == PORTRAIT:
            return None
        bare = head == "Both" and (isinstance(f[1], list) or ctx.rooms)
        of = "" if bare else " of"
        words = "rooms" if bare and f[1] == "all" else _set_words(f[1], ctx)
        return f"{head}{of} {words} {_predicate(value, many, ctx.rooms)}"

    def offers(self, ctx):
        for attr, values in ctx.attributes:
            if attr == PORTRAIT:
                continue
            for value in values:
                for op, k in _counts(len(ctx.entities)):
                    yield "group", ["count", "all", {attr: value}, op, k]


def _truth(word: str) -> bool:
    return word in ("true", "right")


class CountTrue(Form):
    key = "count_true"
    example = "At most one of the signs is true"
    pattern = LazyPattern(rf"^{QUANT}(?: of)? (?:the|these) (?:\w+ )?(?:signs|statements) "
                          r"(?:is|are) (?P<t>true|right|false|wrong)$")

    def build(self, m, ctx):
        size = len(ctx.statements)
        op, k = _quant(m, size)
        if _truth(m["t"]):
            return ["count_true", "all", op, k]
        flip = {"==": "==", ">=": "<=", "<=": ">=", ">": "<", "<": ">"}
        return ["count_true", "all", flip[op], size - k]

    def render(self, f, ctx):
        if f[0] != "count_true" or f[1] != "all" or f[2] not in OP_NAMES:
            return None
        head = _quant_words(f[2], f[3], len(ctx.statements))
        noun = "signs" if ctx.rooms else "statements"
        many = head in ("Both", "All") or (f[3] != 1 and head != "None")
        return f"{head} of the {noun} {'are' if many else 'is'} true"

    def offers(self, ctx):
        if not ctx.rooms:
            return
        size = len(ctx.statements)
        for op, k in _counts(size):
            yield "signs", ["count_true", "all", op, k]


class Same(Form):
    key = "same"
    example = "A and B are of the same type"
    pattern = LazyPattern(rf"^(?P<x>{REF}) and (?P<y>{REF}) are (?:of )?the same (?P<a>{WORD})$")
    op = "same"
    words = "the same {a}"

    def build(self, m, ctx):
        return [self.op, ctx.entity(m["x"]), ctx.entity(m["y"]), ctx.attribute(m["a"])]

    def render(self, f, ctx):
        if f[0] != self.op or not (_ref(f[1]) and _ref(f[2])):
            return None
        return f"{ctx.name(f[1])} and {ctx.name(f[2])} are of {self.words.format(a=f[3])}"

    def offers(self, ctx):
        refs = ctx.refs()
        for i, x in enumerate(refs):
            for y in refs[i + 1:]:
                if not ctx.rooms and ctx.attributes:
                    yield "two", [self.op, *self.spoken(x, y), ctx.rank_attr()]

    @staticmethod
    def spoken(x: Any, y: Any) -> list[Any]:
        """The pair in the order people say it: the speaker last ("A and I")."""
        return [y, x] if x == "self" else [x, y]


def speaker_last(f: Any) -> Any:
    """The formula (plain JSON data) with every likeness pair said as the menus say it, the
    speaker last ("Ann and I are of different types", never "I and Ann ..."): the one order
    of generated sentences."""
    if not isinstance(f, list):
        return f
    parts = [speaker_last(g) for g in f]
    if parts and parts[0] in (Same.op, Differ.op) and len(parts) == 4:
        return [parts[0], *Same.spoken(parts[1], parts[2]), parts[3]]
    return parts


class Differ(Same):
    key = "differ"
    example = "A and B are of different types"
    pattern = LazyPattern(rf"^(?P<x>{REF}) and (?P<y>{REF}) are (?:of )?different (?P<a>{WORD})$")
    op = "differ"
    words = "different {a}s"


class AllSame(Form):
    key = "alleq"
    example = "All of us are of the same type"
    pattern = LazyPattern(rf"^all(?: of)? {SET} are (?:of )?the same (?P<a>{WORD})$")

    def build(self, m, ctx):
        return ["alleq", _members(m["set"], ctx), ctx.attribute(m["a"])]

    def render(self, f, ctx):
        if f[0] != "alleq":
            return None
        return f"All of {_set_words(f[1], ctx)} are of the same {f[2]}"

    def offers(self, ctx):
        if len(ctx.entities) >= 3 and not ctx.rooms and ctx.attributes:
            yield "group", ["alleq", "all", ctx.rank_attr()]


class Rank(Form):
    key = "rank"
    example = "I am of lower rank than B"
    pattern = LazyPattern(rf"^(?P<x>{REF}) (?:is|am) of (?P<d>lower|higher) rank than "
                          rf"(?P<y>{REF})$")

    def build(self, m, ctx):
        x, y = ctx.entity(m["x"]), ctx.entity(m["y"])
        low, high = (x, y) if m["d"] == "lower" else (y, x)
        return ["lt", low, high, ctx.rank_attr()]

    def render(self, f, ctx):
        if f[0] != "lt" or not (_ref(f[1]) and _ref(f[2])) or f[3] != ctx.rank_attr():
            return None
        return f"{ctx.name(f[1])} {_be(ctx, f[1])} of lower rank than {ctx.name(f[2], False)}"

    def offers(self, ctx):
        if ctx.rooms or not ctx.speaker_attr or len(ctx.attrs[ctx.speaker_attr]) < 3:
            return
        refs = ctx.refs()
        for x in refs:
            for y in refs:
                if x != y:
                    yield "two", ["lt", x, y, ctx.speaker_attr]


class SignTruth(Form):
    key = "sign"
    example = "Sign 5 is right"
    pattern = LazyPattern(r"^(?:sign|statement) (?P<s>[\w.-]+) is (?P<t>right|true|wrong|false)$")

    def build(self, m, ctx):
        return ["true" if _truth(m["t"]) else "false", ctx.statement(m["s"])]

    def render(self, f, ctx):
        if f[0] not in ("true", "false") or f[1] == "this":
            return None
        if ctx.rooms:
            return f"Sign {ctx.sign_name(f[1])} is {'right' if f[0] == 'true' else 'wrong'}"
        return f"Statement {f[1]} is {f[0]}"

    def offers(self, ctx):
        if not ctx.rooms:
            return
        for sid, _by in ctx.statements:
            if sid != ctx.this:
                yield "signs", ["true", sid]
                yield "signs", ["false", sid]


class ThisSign(Form):
    key = "this_sign"
    example = "This sign is false"
    pattern = LazyPattern(r"^this (?:sign|statement) is (?P<t>right|true|wrong|false)$")

    def build(self, m, ctx):
        return ["true" if _truth(m["t"]) else "false", "this"]

    def render(self, f, ctx):
        if f[0] not in ("true", "false") or f[1] != "this":
            return None
        return f"This {'sign' if ctx.rooms else 'statement'} is {f[0]}"

    def offers(self, ctx):
        if ctx.rooms and ctx.this is not None:
            yield "signs", ["false", "this"]


class TheOne(Form):
    key = "the_one"
    example = "The werewolf is a knight"
    pattern = LazyPattern(rf"^the (?P<v1>{WORD}) is (?P<neg>not )?(?:an? )?(?P<v2>{WORD})$")

    def build(self, m, ctx):
        a1, v1 = ctx.value(m["v1"])
        a2, v2 = ctx.value(m["v2"])
        if a1 == a2:
            raise _NoForm(f"{v1!r} and {v2!r} are values of one attribute")
        return ["forall", "?x", "all", ["implies", ["is", "?x", a1, v1],
                                        ["isnot" if m["neg"] else "is", "?x", a2, v2]]]

    def render(self, f, ctx):
        if f[0] != "forall" or f[2] != "all" or not isinstance(f[3], list):
            return None
        body = f[3]
        if body[0] != "implies" or body[1][:2] != ["is", f[1]] or body[2][0] not in (
                "is", "isnot") or body[2][1] != f[1]:
            return None
        neg = "not " if body[2][0] == "isnot" else ""
        return f"The {body[1][3]} is {neg}{_article(body[2][3])}"

    def offers(self, ctx):
        if ctx.rooms or not ctx.speaker_attr:
            return
        for attr, values in ctx.attributes:
            if attr in (ctx.speaker_attr, PORTRAIT):
                continue
            for v1 in values[:1]:
                for v2 in ctx.attrs[ctx.speaker_attr]:
                    yield "group", ["forall", "?x", "all", ["implies", ["is", "?x", attr, v1],
                                                            ["is", "?x", ctx.speaker_attr, v2]]]


class Numbered(Form):
    key = "numbered"
    example = "The lady is in an odd-numbered room"
    pattern = LazyPattern(rf"^the (?P<v>{WORD}) is in an? (?P<p>odd|even)[- ]numbered "
                          r"(?:room|door)$")

    def build(self, m, ctx):
        attr, value = ctx.value(m["v"])
        return ["count", ctx.numbered(1 if m["p"] == "odd" else 0), {attr: value}, ">=", 1]

    def render(self, f, ctx):
        if f[0] != "count" or len(f[2]) != 1 or f[3:] != [">=", 1] or not ctx.rooms:
            return None
        for parity, word in ((1, "odd"), (0, "even")):
            if f[1] == ctx.numbered(parity):
                (_a, value), = f[2].items()
                return f"The {value} is in an {word}-numbered {ctx.noun}"
        return None

    def offers(self, ctx):
        if not ctx.rooms or not ctx.numbered(0) or not ctx.numbered(1):
            return
        for attr, values in ctx.attributes:
            for value in values[:1]:  # the one of its kind: "the lady"
                if value not in ADJECTIVES and attr != PORTRAIT:
                    for parity in (1, 0):
                        yield "group", ["count", ctx.numbered(parity), {attr: value}, ">=", 1]


class Coordinated(Form):
    """One predicate said of two entities: "Neither A nor B is a knave"."""

    key = "coordinated"
    example = "Neither A nor B is a knave"
    pattern = LazyPattern(rf"^(?:(?P<c>either|neither|both) )?(?P<x>(?:sign )?{REF}) "
                          rf"(?P<conn>and|or|nor) (?P<y>(?:sign )?{REF}) (?:is|are|am) (?P<rest>.+)$")
    _ok = {("either", "or"), (None, "or"), ("neither", "nor"), ("both", "and"), (None, "and")}

    def build(self, m, ctx):
        if (m["c"], m["conn"]) not in self._ok:
            raise _NoForm(f"'{m['c']} ... {m['conn']}' does not pair")
        parts = [_atom(f"{who} is {m['rest']}", ctx) for who in (m["x"], m["y"])]
        if m["conn"] == "and":
            return ["and", *parts]
        return ["or", *parts] if m["conn"] == "or" else ["not", ["or", *parts]]

    def render(self, f, ctx):
        neither = f[0] == "not" and isinstance(f[1], list) and f[1][0] == "or"
        inner = f[1] if neither else f
        if inner[0] != "or" or len(inner) != 3 or not all(_atomic(g) for g in inner[1:]):
            return None
        said = [_render_atom(g, ctx) for g in inner[1:]]
        split = [s.split(" is ", 1) for s in said]
        if any(len(p) != 2 for p in split) or split[0][1] != split[1][1]:
            return None
        (x, rest), (y, _r) = split
        text = (f"Neither {_low(x)} nor {_low(y)} is {rest}" if neither
                else f"Either {_low(x)} or {_low(y)} is {rest}")
        try:
            return text if parse(text, ctx) == f else None
        except SentenceError:
            return None


def _low(text: str) -> str:
    """A sentence's subject inside a sentence: 'sign 2', 'this room'; names keep their case."""
    first = text.split(" ", 1)[0]
    return text[:1].lower() + text[1:] if first.lower() in (
        "sign", "room", "door", "this", "the", "statement") else text


class OnePortrait(Form):
    """The promise every casket puzzle makes (Portia's caskets as a truth puzzle)."""

    key = "one_portrait"
    example = "Exactly one casket holds the portrait"
    pattern = LazyPattern(r"^(?:exactly )?one casket (?:holds|contains) the portrait$")

    def build(self, m, ctx):
        if PORTRAIT not in ctx.attrs:
            raise _NoForm(f"the puzzle has no attribute {PORTRAIT!r}")
        return ["count", "all", {PORTRAIT: "yes"}, "==", 1]

    def render(self, f, ctx):
        if f == ["count", "all", {PORTRAIT: "yes"}, "==", 1]:
            return self.example
        return None


#: every atomic form, in the order sentences are tried and formulas worded
FORMS: tuple[Form, ...] = (OnePortrait(), Numbered(), Same(), Differ(), AllSame(), Rank(), SignTruth(),
                           ThisSign(), CountTrue(), Count(), TheOne(), InRoom(), ThereIs(), InThere(),
                           Contains(), IsValue(), Coordinated())
FORM_KEYS = {form.key: form for form in FORMS}

#: the connectives: formula head -> canonical example (for messages and the README)
COMPOUND_EXAMPLES = (
    "B is a knight or I am a knave",
    "If A is a knight then B is a knave",
    "A is a knave if and only if B is a knight",
    "Both A is a knight and B is a knave, or C is a knave",
    "It is not the case that both A and B are knaves",
)


# ----------------------------------------------------------------------------- reading

#: connectives read around the forms, loosest first: (where, separator, formula head);
#: "start" separators need the sentence to begin with the word before them
_COMMA = ((", if and only if ", "iff"), (", or ", "or"), (", and ", "and"))
_PAIRED = (("either ", " or ", "or"), ("both ", " and ", "and"), ("neither ", " nor ", "nor"))
_PLAIN = ((" if and only if ", "iff"), (" or ", "or"), (" and ", "and"))
_NEGATIONS = ("it is not the case that ", "it is not true that ", "it is false that ")


#: the longest sentence read (a bound on the work of reading one)
MAX_LENGTH = 2000


def normalise(text: str) -> str:
    """Lower case, single spaces, plain quotes, no final full stop, no space before a comma."""
    text = " ".join(text.replace("\u2019", "'").replace("\u201c", "").replace("\u201d", "")
                    .split()).lower().strip("\"' ")
    text = text.replace(" ,", ",")
    while text[-1:] in (".", "!", "?"):
        text = text[:-1].rstrip()
    return text


def parse(text: str, ctx: Context) -> list:
    """The formula a sentence says, read as `ctx.speaker`'s words; SentenceError naming the
    nearest form when it cannot be read."""
    norm = normalise(text)
    if not norm:
        raise SentenceError("empty sentence")
    if len(norm) > MAX_LENGTH:
        raise SentenceError(f"a sentence of {len(norm)} characters is too long (at most "
                            f"{MAX_LENGTH})")
    try:
        found = _parse(norm, ctx, {})
    except RecursionError:
        raise SentenceError("the sentence nests too deeply") from None
    if found is None:
        raise _failure(norm, ctx)
    return found


def _atom(s: str, ctx: Context) -> list:
    """The formula of one atomic sentence; _NoForm saying why not."""
    reasons = []
    for form in FORMS:
        m = form.pattern.match(s)
        if m:
            try:
                return form.build(m, ctx)
            except _NoForm as exc:
                reasons.append(str(exc))
    if PORTRAIT in ctx.attrs:
        return _casket(s, ctx)
    raise _NoForm(reasons[0] if reasons else "")


def _parse(s: str, ctx: Context, memo: dict) -> list | None:
    if s in memo:
        return memo[s]
    memo[s] = None  # a sentence is not part of itself
    found: list | None
    try:
        found = _atom(s, ctx)
    except _NoForm:
        found = _compound(s, ctx, memo)
    memo[s] = found
    return found


def _node(head: str, left: list, right: list) -> list:
    if head == "nor":
        return ["not", ["or", left, right]]
    if head in ("and", "or"):
        parts = [g for side in (left, right)
                 for g in (side[1:] if side[0] == head else [side])]
        return [head, *parts]
    return [head, left, right]


def _split(s: str, sep: str, head: str, ctx: Context, memo: dict) -> list | None:
    """s read as LEFT sep RIGHT at the first place both sides read."""
    start = s.find(sep)
    while start > 0:
        left = _parse(s[:start], ctx, memo)
        right = left and _parse(s[start + len(sep):], ctx, memo)
        if left and right:
            return _node(head, left, right)
        start = s.find(sep, start + 1)
    return None


def _compound(s: str, ctx: Context, memo: dict) -> list | None:
    for sep, head in _COMMA:
        found = _split(s, sep, head, ctx, memo)
        if found:
            return found
    if s.startswith("if "):
        for sep in (", then ", " then ", ", "):
            found = _split(s[3:], sep, "implies", ctx, memo)
            if found:
                return found
    for word, sep, head in _PAIRED:
        found = _split(s[len(word):], sep, head, ctx, memo) if s.startswith(word) else None
        if found:
            return found
    for lead in _NEGATIONS:  # "it is not the case that" takes the rest (commas aside)
        inner = s.startswith(lead) and _parse(s[len(lead):], ctx, memo)
        if inner:
            return ["not", inner]
    for sep, head in _PLAIN:
        found = _split(s, sep, head, ctx, memo)
        if found:
            return found
    return None


#: where a sentence splits into clauses (compiled on the first sentence that cannot be read)
_CLAUSE_SPLIT = (r", if and only if |, then |, and |, or | if and only if | then |"
                 r", | and | or | nor |^if |^either |^neither |^both |"
                 + "|".join(f"^{n}" for n in _NEGATIONS))


def _failure(norm: str, ctx: Context) -> SentenceError:
    """Why a sentence cannot be read: the first clause that reads as nothing, what a form
    found wrong in it (an unknown value or entity), and the nearest form."""
    try:
        _atom(norm, ctx)
    except _NoForm as exc:  # the whole sentence has a form, but its words do not fit
        if str(exc):
            return SentenceError(f"cannot read {norm!r}: {exc}; the nearest form is "
                                 f"{nearest_form(norm, ctx)!r}",
                                 nearest=nearest_form(norm, ctx))
    bad = norm
    for clause in (c for c in re.split(_CLAUSE_SPLIT, norm) if c):
        if _parse(clause, ctx, {}) is None:
            bad = clause
            break
    reason = ""
    try:
        _atom(bad, ctx)
    except _NoForm as exc:
        reason = f"{exc}; " if str(exc) else ""
    example = nearest_form(bad, ctx)
    where = f" in {norm!r}" if bad != norm else ""
    return SentenceError(f"cannot read {bad!r}{where}: {reason}the nearest form is {example!r}",
                         nearest=example)


def nearest_form(text: str, ctx: Context | None = None) -> str:
    """The example of the sentence form closest to text: compared word by word, with names,
    values and numbers as placeholders ("b is a nave" is nearest "A is a knight")."""
    from difflib import SequenceMatcher  # here: only a sentence that cannot be read needs it

    examples = [form.example for form in FORMS] + list(COMPOUND_EXAMPLES)
    words = _shape(text, ctx)
    return max(examples, key=lambda e: SequenceMatcher(None, words, _shape(e.lower())).ratio())


#: the names and values the examples use
_EXAMPLE_NAMES = {"a", "b", "c", "i", "ii"}
_EXAMPLE_VALUES = {"knight", "knave", "knights", "knaves", "werewolf", "lady", "tiger",
                   "tigers", "ladies", "empty", "normal"}


def _shape(text: str, ctx: Context | None = None) -> list[str]:
    names = set(_EXAMPLE_NAMES) | ({e.lower() for e in ctx.entities} if ctx else set())
    values = set(_EXAMPLE_VALUES) | ({v.lower() for v in ctx.values()} if ctx else set())
    out = []
    for word in text.replace(",", " ,").split():
        if word in names:
            out.append("<name>")
        elif word in values or any(c in values for c in _singulars(word)):
            out.append("<value>")
        elif re.fullmatch(NUMBER, word):
            out.append("<number>")
        else:
            out.append(word)
    return out


# ----------------------------------------------------------------------------- wording

_CONNECTIVES = ("and", "or", "not", "implies", "iff")


def _atomic(f: list) -> bool:
    return f[0] not in _CONNECTIVES


class NoSentence(ValueError):
    """A formula no sentence form says (write it as a formula)."""


def _render_atom(f: list, ctx: Context) -> str:
    for form in FORMS:
        if form is FORM_KEYS["coordinated"]:
            continue
        said = form.render(f, ctx)
        if said:
            return said
    raise NoSentence(f"no sentence says {f!r}")


def render(f: list, ctx: Context) -> str:
    """The canonical sentence of formula f as `ctx.speaker`'s words (first letter capital, no
    full stop); NoSentence when no form says it."""
    text = _render(f, ctx, False)
    return text[:1].upper() + text[1:]


def _inner(text: str, ctx: Context) -> str:
    """A sentence as part of a longer one: its first letter small unless it is a name."""
    first = text.split(" ", 1)[0]
    return text if first == "I" or first in ctx.entities else text[:1].lower() + text[1:]


def _render(f: list, ctx: Context, nested: bool) -> str:
    """f worded; `nested` when it stands inside a compound (a compound then wraps itself:
    "both ... and", "either ... or")."""
    said = FORM_KEYS["coordinated"].render(f, ctx) or (
        _casket_words(f, ctx) if PORTRAIT in ctx.attrs else None)
    if said:
        return _inner(said, ctx) if nested else said
    if _atomic(f):
        said = _render_atom(f, ctx)
        return _inner(said, ctx) if nested else said
    parts = f[1:] if f[0] != "not" else [f[1]]
    complex_ = any(not _atomic(g) for g in parts)
    words = [_render(g, ctx, True) for g in parts]
    return _join(f[0], words, complex_, nested)


def _join(head: str, words: list[str], complex_: bool, nested: bool) -> str:
    comma = "," if complex_ else ""
    if head == "not":
        return f"it is not the case that {words[0]}"
    if head == "implies":
        return f"if {words[0]}{comma} then {words[1]}"
    if head == "iff":
        return f"{words[0]}{comma} if and only if {words[1]}"
    joined = f"{comma} {head} ".join(words)
    if nested and not complex_:
        return f"{'both' if head == 'and' else 'either'} {joined}"
    return joined


# ----------------------------------------------------------------------------- questions

class _Q:
    """The question patterns (compiled on first use)."""

    WHERE = LazyPattern(rf"^(?:where (?:is|are)|who (?:is|are)|which(?: one)?(?: of them)? (?:is|are)|"
                        rf"which (?:room|door|rooms|doors) (?:holds?|contains?|has|have)|"
                        rf"in which (?:room|door) is) (?:the |an? )?(?P<v>{WORD})$")
    WHAT = LazyPattern(rf"^what (?:is|are|am) (?P<x>{REF})$")
    WHAT_ATTR = LazyPattern(rf"^what (?P<a>{WORD}) (?:is|are) (?P<x>{REF})$")
    YES_NO = LazyPattern(r"^(?P<verb>is|are|does|do) (?P<rest>.+)$")


def parse_question(text: str, ctx: Context) -> dict:
    """One `ask` item from a question: "Where is the lady?", "What is B?", "What wolf is A?",
    or a yes/no question ("Is room 8 empty?", "Is the werewolf a knight?")."""
    norm = normalise(text)
    m = _Q.WHERE.match(norm)
    try:
        if m:
            if m["v"] == PORTRAIT and PORTRAIT in ctx.attrs:
                return {"where": {PORTRAIT: "yes"}}
            attr, value = ctx.value(m["v"])
            return {"where": {attr: value}}
        m = _Q.WHAT.match(norm) or _Q.WHAT_ATTR.match(norm)
        if m:
            attr = ctx.attribute(m["a"]) if "a" in m.groupdict() else ctx.rank_attr()
            return {"of": ctx.entity(m["x"]), "attr": attr}
    except _NoForm as exc:
        raise SentenceError(f"cannot read the question {text.strip()!r}: {exc}") from None
    formula = _yes_no(norm, ctx)
    if formula is None:
        raise SentenceError(f"cannot read the question {text.strip()!r}: ask 'Where is the "
                            "lady?', 'What is B?' or a yes/no question ('Is room 8 empty?')")
    label = " ".join(text.split())
    return {"formula": formula, "label": label if label.endswith("?") else label + "?"}


def _yes_no(norm: str, ctx: Context) -> list | None:
    """The formula a yes/no question asks about: "is room 8 empty" reads "room 8 is empty"."""
    m = _Q.YES_NO.match(norm)
    if not m:
        return None
    words = m["rest"].split(" ")
    verb = {"is": "is", "are": "are", "does": "", "do": ""}[m["verb"]]
    for cut in range(1, len(words)):
        head, tail = " ".join(words[:cut]), words[cut:]
        if not verb:  # "does room 8 contain a tiger" -> "room 8 contains a tiger"
            tail = [tail[0] + "s"] + tail[1:]
        said = " ".join([head] + ([verb] if verb else []) + tail)
        found = _parse(said, ctx, {})
        if found:
            return found
    return None


def question_text(item: dict, ctx: Context) -> str:
    """The question an `ask` item asks, in words."""
    if "where" in item:
        (attr, value), = item["where"].items()
        if (attr, value) == (PORTRAIT, "yes"):
            return "Where is the portrait?"
        return f"Where is the {value}?" if ctx.rooms else f"Who is the {value}?"
    if "of" in item:
        name = ctx.name(item["of"])
        if item["attr"] == ctx.rank_attr():
            return f"What is {name}?"
        return f"What {item['attr']} is {name}?"
    return item.get("label") or render(item["formula"], ctx) + "?"


# ----------------------------------------------------------------------------- Portia's caskets
# Portia's sentences keep their one home (vocabulary.py, rules.py): a puzzle with the portrait
# attribute reads them there and takes their meaning as the world model's formula.

def _casket_layout(ctx: Context):
    from portia_tui.core.language.vocabulary import Layout

    counts = tuple(sum(1 for _s, by in ctx.statements if by == e) for e in ctx.entities)
    ids = [sid for e in ctx.entities for sid, by in ctx.statements if by == e]
    return Layout(ctx.entities, counts), ids


def _casket(s: str, ctx: Context) -> list:
    """A casket statement (or, with no speaker, one of Portia's rules) as a formula."""
    from portia_tui.core.language import vocabulary as voc
    from portia_tui.core.language.formulas import thaw

    layout, ids = _casket_layout(ctx)
    if ctx.speaker is None:
        return _casket_rule(s, layout, ids)
    owner = ctx.entities.index(ctx.speaker)
    st = voc.parse_sentence(s, layout, owner)
    if st is None or voc.is_empty(st):
        raise _NoForm("")
    bad = voc.problem(st, layout, owner)
    if bad:
        raise _NoForm(bad)
    index = ids.index(ctx.this) if ctx.this in ids else layout.offset(owner)
    return thaw(voc.meaning(st, layout, owner, index).formula(layout.names, ids))


def _casket_rule(s: str, layout, ids: list[str]) -> list:
    from portia_tui.core.language.formulas import thaw
    from portia_tui.core.language.rules import parse_rule, rule_kind, rule_problem

    rule = parse_rule(s)
    if rule is None:
        raise _NoForm("")
    kind = rule_kind(rule)
    if kind.speaker is not None:
        attr, values, modes = kind.speaker
        listed = ", ".join(f'"{v}"' for v in values)
        said = ", ".join(f'{v} = "{mode}"' for v, mode in modes.items())
        raise _NoForm(f"{values[0]} and {values[1]} are an attribute here: {attr} = [{listed}], "
                      f'speaker_attr = "{attr}", modes = {{ {said} }}')
    bad = rule_problem(rule, layout)
    if bad:
        raise _NoForm(bad)
    conds = [thaw(f) for f in kind.formulas(rule, layout, ids)]
    return conds[0] if len(conds) == 1 else ["and", *conds]


def _casket_words(f: list, ctx: Context) -> str | None:
    """Portia's sentence (or rule) for a formula, from vocabulary.py and rules.py: the entry
    of their menus whose meaning is this formula."""
    said = _portrait_words(f, ctx)
    if said or not ctx.speaker and not ctx.statements:
        return said
    from portia_tui.core.language import vocabulary as voc
    from portia_tui.core.language.formulas import thaw

    layout, ids = _casket_layout(ctx)
    if ctx.speaker is None:
        from portia_tui.core.language.rules import rule_kind, rule_options, rule_sentence

        for rule in rule_options(layout):
            if rule_kind(rule).speaker is None and _casket_rule_formula(rule, layout, ids) == f:
                return rule_sentence(rule, layout)
        return None
    if ctx.speaker not in layout.names:
        return None
    owner = layout.names.index(ctx.speaker)
    index = ids.index(ctx.this) if ctx.this in ids else layout.offset(owner)
    for st in voc.options(layout, owner, voc.VOCABULARIES["full"]):
        mn = voc.meaning(st, layout, owner, index)
        if thaw(mn.formula(layout.names, ids)) == f:
            return voc.sentence(st, layout, owner)
    return None


def _casket_rule_formula(rule, layout, ids: list[str]) -> list:
    from portia_tui.core.language.rules import rule_sentence

    try:
        return _casket_rule(normalise(rule_sentence(rule, layout)), layout, ids)
    except _NoForm:
        return []


def _portrait_words(f: list, ctx: Context) -> str | None:
    """Portia's sentence for "the portrait is (not) in X", from vocabulary.py."""
    if f[0] not in ("is", "isnot") or f[2] != PORTRAIT or f[3] not in ("yes", "no") or (
            not _ref(f[1])):
        return None
    inside = (f[0] == "is") == (f[3] == "yes")
    from portia_tui.core.language import vocabulary as voc

    layout, _ids = _casket_layout(ctx)
    target = ctx.speaker if f[1] == "self" else f[1]
    if target not in layout.names:
        return None
    owner = (layout.names.index(ctx.speaker) if ctx.speaker in layout.names
             else (layout.names.index(target) + 1) % len(layout.names))
    if layout.names[owner] == target and ctx.speaker != target:
        return None
    st = voc.with_reading(voc.Reading(voc.READ_PORTRAIT, inside), target)
    return voc.sentence(st, layout, owner)
