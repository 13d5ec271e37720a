"""The menus of the truth-puzzle editor: the statements a slot may take, grouped; compound
statements built from two simpler ones; the narrator's rules, the modes and the question.

Every statement entry comes from the sentence forms' one home (``Form.offers`` in
core/language/sentences.py: each form says what it offers and in which group), worded by
:func:`sentences.render` and kept only when the sentence reads back to its formula. No kind
or form name is switched on here.

Public API:

- :class:`Entry` (``group`` heading, ``key``, ``formula``, ``sentence``);
- :func:`slot_menu` ``(draft, sid)``, :func:`rule_menu` ``(draft)``;
- :data:`CONNECTIVES`, :func:`compound` ``(draft, sid, connective, left, right)``;
- :func:`search` ``(entries, query)``: word-start matches first;
- :class:`ModeChoice`, :func:`mode_menu`; :class:`KindChoice`, :func:`kind_menu` (kinds of
  speaker added or removed); :class:`QuestionChoice`, :func:`question_menu`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from portia_tui.core.author.world_editing import KNOWN_VALUES, WOLF, Draft
from portia_tui.core.language import sentences as sn
from portia_tui.core.language.formulas import MODES, Formula, WorldError, freeze, thaw
from portia_tui.core.language.world import Ask, AskFormula, AskOf, AskWhere


@dataclass(frozen=True)
class Entry:
    """One menu entry: the heading of its group, the group's key (a key of
    ``sentences.MENU_GROUPS``), the formula and its sentence."""

    group: str
    key: str
    formula: Formula
    sentence: str

    def apply(self, draft: Draft, sid: str | None) -> Draft:
        """The draft with this entry in slot `sid`, or added as a rule when `sid` is None."""
        if sid is None:
            return draft.with_rule_added(self.formula)
        return draft.with_statement(sid, self.formula)


def _entries(offers: Iterable[tuple[str, list]], ctx: sn.Context) -> list[Entry]:
    """Entries for offered (group, formula) pairs: each formula once, worded, read back;
    in the order of the groups, then as offered."""
    seen: set[Formula] = set()
    out: list[Entry] = []
    for key, data in offers:
        formula = freeze(data)
        if formula in seen:
            continue
        seen.add(formula)
        said = _sentence(data, ctx)
        if said is not None:
            out.append(Entry(ctx.group_words(key), key, formula, said))
    order = list(sn.MENU_GROUPS)
    return sorted(out, key=lambda e: order.index(e.key))


def _sentence(data: list, ctx: sn.Context) -> str | None:
    try:
        said = sn.render(data, ctx)
        return said if sn.parse(said, ctx) == data else None
    except (sn.NoSentence, sn.SentenceError):
        return None


def _offers(ctx: sn.Context) -> Iterable[tuple[str, list]]:
    for form in sn.FORMS:
        yield from form.offers(ctx)


def slot_menu(draft: Draft, sid: str) -> list[Entry]:
    """Every simple statement slot `sid` may take, grouped ("About the speaker", "About one
    islander", ...). Compounds are built with :func:`compound`."""
    return _entries(_offers(draft.context(sid)), draft.context(sid))


def rule_menu(draft: Draft) -> list[Entry]:
    """The narrator's rules the puzzle may state (the ones stated already left out): every
    simple statement no one says, and for signs "sign X is right if and only if sign Y is
    right" (the first trials' rule)."""
    ctx = draft.context()
    stated = set(draft.puzzle.constraints)
    offers = list(_offers(ctx))
    ids = [s.id for s in draft.puzzle.statements]
    if ctx.rooms:
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                offers.append(("signs", ["iff", ["true", a], ["true", b]]))
                offers.append(("signs", ["iff", ["true", a], ["false", b]]))
    return [e for e in _entries(offers, ctx) if e.formula not in stated]


#: the connectives of a compound statement: word -> how it joins two formulas
CONNECTIVES: dict[str, Callable[[Any, Any], list]] = {
    "and": lambda a, b: ["and", a, b],
    "or": lambda a, b: ["or", a, b],
    "if": lambda a, b: ["implies", a, b],
    "iff": lambda a, b: ["iff", a, b],
    "neither": lambda a, b: ["not", ["or", a, b]],
    "not": lambda a, _b: ["not", a],
}


def compound(draft: Draft, sid: str | None, connective: str, left: Formula,
             right: Formula | None = None) -> Entry:
    """The compound statement `left CONNECTIVE right` for slot `sid` (None: a rule), e.g.
    ("or", "B is a knight", "I am a knave") -> "B is a knight or I am a knave". ValueError
    for an unknown connective or a compound no sentence reads back to."""
    join = CONNECTIVES.get(connective)
    if join is None:
        raise ValueError(f"unknown connective {connective!r} (use {', '.join(CONNECTIVES)})")
    if connective != "not" and right is None:
        raise ValueError(f"{connective} joins two statements")
    data = join(thaw(left), None if right is None else thaw(right))
    ctx = draft.context(sid)
    said = _sentence(data, ctx)
    if said is None:
        raise ValueError("no sentence says this compound plainly: try the parts the other "
                         "way round, or fewer levels")
    return Entry(ctx.group_words("compound"), "compound", freeze(data), said)


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", text.lower())


def search(entries: Sequence[Entry], query: str) -> list[Entry]:
    """The entries every typed word is found in, best first: every typed word a whole word
    of the sentence, then each starting a word, then found inside words; each rank in menu
    order. An empty query keeps them all."""
    typed = _words(query)
    if not typed:
        return list(entries)
    ranked: list[tuple[int, int, Entry]] = []
    for i, e in enumerate(entries):
        words = _words(e.sentence)
        whole = set(words)
        if all(t in whole for t in typed):
            rank = 0
        elif all(any(w.startswith(t) for w in words) for t in typed):
            rank = 1
        elif all(t in e.sentence.lower() for t in typed):
            rank = 2
        else:
            continue
        ranked.append((rank, i, e))
    return [e for _r, _i, e in sorted(ranked, key=lambda x: (x[0], x[1]))]


# --------------------------------------------------------------------------- modes
@dataclass(frozen=True)
class ModeChoice:
    """One line of the modes menu: speakers with `value` (of `entity` alone, or every
    entity when None) are `mode`; `current` when the puzzle says so now; `text` in words."""

    entity: str | None
    value: str
    mode: str
    current: bool
    text: str

    def apply(self, draft: Draft) -> Draft:
        return draft.with_mode(self.value, self.mode, self.entity)


_MODE_WORDS = {"true": "always tell the truth", "false": "always lie", "free": "may say "
               "either"}
_SIGN_WORDS = {"true": "is true", "false": "is false", "free": "may be either"}


def mode_menu(draft: Draft) -> list[ModeChoice]:
    """For each value of the speaker attribute, each mode; for rooms, each room's own
    modes too (Smullyan's second day: room I true with a lady, room II the reverse)."""
    p = draft.puzzle
    if p.speaker_attr is None:
        return []
    ctx = draft.context()
    values = p.attributes[p.speaker_attr]
    out = []
    for v in values:
        for mode in MODES:
            out.append(ModeChoice(None, v, mode, p.modes.get(v, "free") == mode,
                                  _mode_text(ctx, None, v, mode)))
    if ctx.rooms:
        for e in p.entities:
            for v in values:
                for mode in MODES:
                    out.append(ModeChoice(e, v, mode, p.mode(e, v) == mode,
                                          _mode_text(ctx, e, v, mode)))
    return out


def _mode_text(ctx: sn.Context, entity: str | None, value: str, mode: str) -> str:
    if ctx.rooms:
        whose = f"the sign on {ctx.name(entity)}" if entity else "a sign"
        behind = (f"When its room is {value}" if value in sn.ADJECTIVES
                  else f"With {sn._article(value)} behind it")
        return f"{behind}, {whose} {_SIGN_WORDS[mode]}"
    return f"{sn.plural(value).capitalize()} {_MODE_WORDS[mode]}"


# --------------------------------------------------------------------------- kinds
@dataclass(frozen=True)
class KindChoice:
    """One line of the modes menu that adds or removes a kind of speaker (normals, spies,
    empty rooms) or the werewolf attribute: `action` "add", "remove" or "own" (a kind the
    author names: the editor asks its name and mode, then :meth:`Draft.with_own_kind`), the
    `value` (or attribute), `group` ("add" or "remove") and `text` in words. `rule`: adding
    the attribute adds the rule Smullyan's puzzles pair with it too (werewolves: exactly one
    of them), and removing it removes that rule, each in one edit."""

    action: str
    value: str
    text: str
    attribute: bool = False
    rule: bool = False

    @property
    def group(self) -> str:
        return "add" if self.action == "own" else self.action

    @property
    def asks_name(self) -> bool:
        """The author names this kind (and its mode) before it is added."""
        return self.action == "own"

    def apply(self, draft: Draft) -> Draft:
        if self.asks_name:
            raise ValueError("a kind of your own needs its name and mode (with_own_kind)")
        if self.attribute and self.action == "add":
            return draft.with_paired_attribute(self.value, WOLF[1], rule=self.rule)
        if self.attribute:
            at = draft.paired_rule(self.value) if self.rule else None
            if at is not None:
                draft = draft.with_rule_removed(at)
            return draft.with_attribute_removed(self.value)
        return (draft.with_value_added(self.value) if self.action == "add"
                else draft.with_value_removed(self.value))


def kind_menu(draft: Draft) -> list[KindChoice]:
    """The kinds a page may gain or lose (the language page's values with their usual modes:
    normals and spies beside knights and knaves, empty rooms beside ladies and tigers; a kind
    of the author's own; the werewolf attribute for islanders, with or without the rule
    Smullyan's puzzles pair with it). Adding first, removing last; a kind a statement, rule
    or the question names is offered too, and refused with who names it."""
    p = draft.puzzle
    attr = p.speaker_attr
    if attr is None:
        return []
    ctx = draft.context()
    known = KNOWN_VALUES["rooms" if ctx.rooms else "people"]
    values = p.attributes[attr]
    out = []
    for v, mode in known.items():
        if v not in values:
            out.append(KindChoice("add", v, f"Add {_kind_words(ctx, v, mode)}"))
    if not ctx.rooms and WOLF[0] not in p.attributes:
        paired = _paired_words(draft, WOLF[0], WOLF[1])
        if paired:
            out.append(KindChoice("add", WOLF[0], f"Add werewolves and the rule “{paired}”",
                                  attribute=True, rule=True))
        out.append(KindChoice("add", WOLF[0], "Add werewolves alone: each a werewolf or human, "
                              "no rule" if paired else
                              "Add werewolves: each is also a werewolf or human",
                              attribute=True))
    out.append(KindChoice("own", "", "Add a kind of room of your own (its name, its sign) …"
                          if ctx.rooms else
                          "Add a kind of your own (its name, and how it speaks) …"))
    if len(values) > 2:
        for v in values:
            said = (("empty rooms" if v in sn.ADJECTIVES else f"rooms with {sn._article(v)}")
                    if ctx.rooms else f"the {sn.plural(v)}")
            out.append(KindChoice("remove", v, f"Remove {said}"))
    for a in p.attributes:
        if a != attr:
            said = "werewolves" if a == WOLF[0] else f"the attribute {a}"
            at = draft.paired_rule(a)
            if at is not None:
                said += f", and the rule “{draft.rule_sentences()[at]}”"
            out.append(KindChoice("remove", a, f"Remove {said}", attribute=True,
                                  rule=at is not None))
    return out


def _paired_words(draft: Draft, attr: str, values: tuple[str, ...]) -> str:
    """The rule paired with an attribute, in words, as the page would say it once the
    attribute is there ("" when it has none, or it is stated already)."""
    try:
        after = draft.with_paired_attribute(attr, values)
    except (WorldError, ValueError):
        return ""
    at = after.paired_rule(attr)
    if at is None or len(after.puzzle.constraints) == len(draft.puzzle.constraints):
        return ""
    return after.rule_sentences()[at]


def _kind_words(ctx: sn.Context, value: str, mode: str) -> str:
    if ctx.rooms:
        room = "empty rooms" if value in sn.ADJECTIVES else f"rooms with {sn._article(value)}"
        return f"{room}: their signs {_SIGN_WORDS[mode].replace('is ', 'are ')}"
    return f"{sn.plural(value)}: they {_MODE_WORDS[mode]} (true or false)" if mode == "free" \
        else f"{sn.plural(value)}: they {_MODE_WORDS[mode]}"


# --------------------------------------------------------------------------- questions
@dataclass(frozen=True)
class QuestionChoice:
    """One question the puzzle may ask: its words and its ask items (empty: what is each)."""

    text: str
    ask: tuple[Ask, ...]

    def apply(self, draft: Draft) -> Draft:
        return draft.with_question(self.ask)


def question_menu(draft: Draft) -> list[QuestionChoice]:
    """"What is each?", "Where is the lady?" / "Who is the werewolf?" for each value, "What is
    A?" for each entity, and yes/no questions "Is A a knight?" for each simple fact."""
    p = draft.puzzle
    ctx = draft.context()
    out = [QuestionChoice("What is each?", ())]
    for attr, values in p.attributes.items():
        for v in values:
            item = AskWhere({attr: v})
            out.append(QuestionChoice(sn.question_text({"where": {attr: v}}, ctx), (item,)))
    for e in p.entities:
        for attr in p.attributes:
            out.append(QuestionChoice(sn.question_text({"of": e, "attr": attr}, ctx),
                                      (AskOf(e, attr),)))
    for entry in _entries(_facts(ctx), ctx):
        label = _yes_no(entry.sentence, p.entities)
        out.append(QuestionChoice(label, (AskFormula(entry.formula, label),)))
    return out


def _facts(ctx: sn.Context) -> Iterable[tuple[str, Any]]:
    for e in ctx.entities:
        for attr, values in ctx.attributes:
            for v in values:
                yield "one", ["is", e, attr, v]


def _yes_no(sentence: str, names: Sequence[str]) -> str:
    """"A is a knight" -> "Is A a knight?"; "A lady is in room 2" -> "Is a lady in room 2?"
    (an entity's name keeps its capital)."""
    head, _is, rest = sentence.partition(" is ")
    if not _is:
        return sentence + "?"
    if head.split(" ", 1)[0] not in names:
        head = head[:1].lower() + head[1:]
    return f"Is {head} {rest}?"


__all__ = [
    "CONNECTIVES",
    "Entry",
    "KindChoice",
    "ModeChoice",
    "QuestionChoice",
    "compound",
    "kind_menu",
    "mode_menu",
    "question_menu",
    "rule_menu",
    "search",
    "slot_menu",
]
