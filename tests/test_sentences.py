"""English sentences <-> formulas (core/language/sentences.py): every form the issue names,
the canonical wording read back to the same formula, compounds two deep, and errors that name
the nearest form."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from portia_tui.core.language.sentences import (FORMS, Context, NoSentence, SentenceError,
                                                parse, parse_question, question_text, render)

ISLAND = Context(("A", "B", "C"),
                 (("type", ("knave", "normal", "knight")), ("wolf", ("werewolf", "human"))),
                 (("A", "A"), ("B", "B"), ("C", "C")), speaker="A", speaker_attr="type")
TWO = Context(("I", "II"), (("content", ("lady", "tiger")),), (("I", "I"), ("II", "II")),
              speaker="I")
CASKETS = Context(("gold", "silver", "lead"), (("portrait", ("yes", "no")),),
                  (("gold", "gold"), ("silver", "silver"), ("lead", "lead")), speaker="lead")
NINE = Context(tuple(str(i) for i in range(1, 10)), (("content", ("lady", "tiger", "empty")),),
               tuple((str(i), str(i)) for i in range(1, 10)), speaker="3")

KNIGHT, KNAVE = ("type", "knight"), ("type", "knave")


def is_(x, attr, value):
    return ["is", x, attr, value]


CASES = [
    (ISLAND, "A is a knight", is_("A", *KNIGHT)),
    (ISLAND, "I am a knave", is_("self", *KNAVE)),
    (ISLAND, "B is not a knave", ["isnot", "B", *KNAVE]),
    (ISLAND, "A and B are of the same type", ["same", "A", "B", "type"]),
    (ISLAND, "At least one of us is a knave", ["count", "all", {"type": "knave"}, ">=", 1]),
    (ISLAND, "Exactly two of us are knights", ["count", "all", {"type": "knight"}, "==", 2]),
    (ISLAND, "B is a knight or I am a knave",
     ["or", is_("B", *KNIGHT), is_("self", *KNAVE)]),
    (ISLAND, "If A is a knight then B is a knave",
     ["implies", is_("A", *KNIGHT), is_("B", *KNAVE)]),
    (ISLAND, "A is a knave if and only if B is a knight",
     ["iff", is_("A", *KNAVE), is_("B", *KNIGHT)]),
    (ISLAND, "Neither A nor B is a knave",
     ["not", ["or", is_("A", *KNAVE), is_("B", *KNAVE)]]),
    (ISLAND, "I am a werewolf", is_("self", "wolf", "werewolf")),
    (ISLAND, "The werewolf is a knight",
     ["forall", "?x", "all", ["implies", is_("?x", "wolf", "werewolf"), is_("?x", *KNIGHT)]]),
    (ISLAND, "I am of lower rank than B", ["lt", "self", "B", "type"]),
    (ISLAND, "B is of higher rank than C", ["lt", "C", "B", "type"]),
    (ISLAND, "At most one of the three of us is a knight",
     ["count", "all", {"type": "knight"}, "<=", 1]),
    (ISLAND, "Exactly one of A, B and C is a werewolf",
     ["count", ["A", "B", "C"], {"wolf": "werewolf"}, "==", 1]),
    (ISLAND, "I am normal", is_("self", "type", "normal")),
    (TWO, "A tiger is in this room", is_("self", "content", "tiger")),
    (TWO, "A lady is in the other room", is_("other", "content", "lady")),
    (TWO, "At least one of these rooms contains a lady",
     ["count", "all", {"content": "lady"}, ">=", 1]),
    (TWO, "Both rooms contain tigers", ["count", "all", {"content": "tiger"}, "==", 2]),
    (TWO, "In this room there is a lady, and in the other room there is a tiger",
     ["and", is_("self", "content", "lady"), is_("other", "content", "tiger")]),
    (NINE, "This room is empty", is_("self", "content", "empty")),
    (NINE, "The lady is in an odd-numbered room",
     ["count", ["1", "3", "5", "7", "9"], {"content": "lady"}, ">=", 1]),
    (NINE, "Sign 5 is right", ["true", "5"]),
    (NINE, "Either sign 2 or sign 4 is right", ["or", ["true", "2"], ["true", "4"]]),
    (NINE, "Sign 1 is wrong", ["false", "1"]),
    (NINE, "The lady is not in room I", ["isnot", "1", "content", "lady"]),
    (NINE, "Room 8 is not empty", ["isnot", "8", "content", "empty"]),
    (NINE, "At most one of the signs is true", ["count_true", "all", "<=", 1]),
    (NINE, "This sign is false", ["false", "this"]),
]


@pytest.mark.parametrize("ctx,text,formula", CASES, ids=[c[1] for c in CASES])
def test_each_form_reads_and_its_wording_reads_back(ctx, text, formula):
    assert parse(text, ctx) == formula
    assert parse(render(formula, ctx), ctx) == formula


def test_the_issue_sentences_are_their_own_canonical_wording():
    for ctx, text, formula in CASES[:13] + CASES[17:21] + CASES[22:27]:
        assert render(formula, ctx) == text


def test_any_case_spaces_and_final_stop():
    assert parse("  a   IS a Knight. ", ISLAND) == is_("A", *KNIGHT)
    assert parse("Both A and B are knaves", ISLAND) == ["count", ["A", "B"], {"type": "knave"},
                                                         "==", 2]


NESTED = [
    ("If A is a knight, then B is a knave and C is a knave",
     ["implies", is_("A", *KNIGHT), ["and", is_("B", *KNAVE), is_("C", *KNAVE)]]),
    ("Either A is a knight or B is a knave, and C is a knave",
     ["and", ["or", is_("A", *KNIGHT), is_("B", *KNAVE)], is_("C", *KNAVE)]),
    ("Both A is a knight and B is a knave, or C is a knave",
     ["or", ["and", is_("A", *KNIGHT), is_("B", *KNAVE)], is_("C", *KNAVE)]),
    ("It is not the case that both A and B are knaves",
     ["not", ["count", ["A", "B"], {"type": "knave"}, "==", 2]]),
    ("A is a knight and B is a knave or C is a knave",  # and binds tighter than or
     ["or", ["and", is_("A", *KNIGHT), is_("B", *KNAVE)], is_("C", *KNAVE)]),
    ("If either A or B is a knave, then C is a knight if and only if I am a knave",
     ["implies", ["or", is_("A", *KNAVE), is_("B", *KNAVE)],
      ["iff", is_("C", *KNIGHT), is_("self", *KNAVE)]]),
]


@pytest.mark.parametrize("text,formula", NESTED, ids=[n[0] for n in NESTED])
def test_compounds_nest_two_deep(text, formula):
    assert parse(text, ISLAND) == formula


ATOMS = st.sampled_from([
    is_("A", *KNIGHT), is_("self", *KNAVE), ["isnot", "B", *KNAVE], ["same", "B", "C", "type"],
    ["count", "all", {"type": "knave"}, ">=", 1], ["lt", "self", "C", "type"],
    is_("C", "wolf", "werewolf"), ["count", ["B", "C"], {"wolf": "human"}, "==", 1],
])


def _compound(children):
    two = st.lists(children, min_size=2, max_size=3)
    return st.one_of(
        two.map(lambda parts: ["and", *parts]), two.map(lambda parts: ["or", *parts]),
        st.tuples(children, children).map(lambda p: ["implies", *p]),
        st.tuples(children, children).map(lambda p: ["iff", *p]),
        children.map(lambda g: ["not", g]))


def _flat(f):
    """and/or inside the same connective read back flattened (the same meaning)."""
    if f[0] in ("and", "or"):
        out = []
        for g in map(_flat, f[1:]):
            out += g[1:] if g[0] == f[0] else [g]
        return [f[0], *out]
    if f[0] in ("not", "implies", "iff"):
        return [f[0], *map(_flat, f[1:])]
    return f


@settings(max_examples=300, deadline=None)
@given(_compound(st.one_of(ATOMS, _compound(ATOMS))))
def test_wording_reads_back_two_deep(formula):
    formula = _flat(formula)
    assert parse(render(formula, ISLAND), ISLAND) == formula


@pytest.mark.parametrize("text,nearest", [
    ("Sign 5 is rihgt", "Sign 5 is right"),
    ("A tiger is in this room and sign 2 is rite", "Sign 5 is right"),
    ("Bananas are yellow and so on", None),
])
def test_errors_name_the_nearest_form(text, nearest):
    with pytest.raises(SentenceError) as err:
        parse(text, NINE)
    assert "the nearest form is" in str(err.value)
    if nearest:
        assert err.value.nearest == nearest


def test_errors_say_what_does_not_fit():
    with pytest.raises(SentenceError, match="unknown value 'nite'"):
        parse("A is a nite", ISLAND)
    with pytest.raises(SentenceError, match="unknown entity 'd'"):
        parse("D is a knight", ISLAND)
    with pytest.raises(SentenceError, match="needs a speaker"):
        parse("I am a knave", ISLAND.speaking(None))
    with pytest.raises(SentenceError, match="empty"):
        parse("  ", ISLAND)


def test_every_form_example_reads_in_some_context():
    for form in FORMS:
        assert any(_reads(form.example, ctx) for ctx in (ISLAND, TWO, NINE, CASKETS)), form.key


def _reads(text, ctx):
    try:
        parse(text, ctx)
    except SentenceError:
        return False
    return True


def test_a_formula_without_a_form_says_so():
    with pytest.raises(NoSentence):
        render(["nof", "==", 1, is_("A", *KNIGHT)], ISLAND)


@pytest.mark.parametrize("ctx,text,item", [
    (NINE, "Where is the lady?", {"where": {"content": "lady"}}),
    (NINE, "Is room 8 empty?", {"formula": is_("8", "content", "empty"),
                                "label": "Is room 8 empty?"}),
    (ISLAND, "What is B?", {"of": "B", "attr": "type"}),
    (ISLAND, "What wolf is A?", {"of": "A", "attr": "wolf"}),
    (ISLAND, "Which is the werewolf?", {"where": {"wolf": "werewolf"}}),
])
def test_questions(ctx, text, item):
    ctx = ctx.speaking(None)
    assert parse_question(text, ctx) == item
    assert parse_question(question_text(item, ctx), ctx) == item


def test_a_question_it_cannot_read():
    with pytest.raises(SentenceError, match="cannot read the question"):
        parse_question("How are you?", ISLAND)


def test_portia_sentences_are_read_by_the_casket_vocabulary():
    assert parse("The portrait is not in the gold casket", CASKETS) == [
        "isnot", "gold", "portrait", "yes"]
    assert parse("The statement on the silver casket is false", CASKETS) == [
        "and", ["false", "silver"]]
    assert render(["is", "self", "portrait", "yes"], CASKETS) == "The portrait is in this casket"
    rules = CASKETS.speaking(None)
    assert parse("Exactly 1 statement is true", rules) == ["count_true", "all", "==", 1]
    assert parse("Exactly one casket holds the portrait", rules) == [
        "count", "all", {"portrait": "yes"}, "==", 1]
    assert render(["isnot", "gold", "portrait", "yes"], rules) == (
        "The portrait is not in the gold casket")


@pytest.mark.parametrize("text,nearest", [
    ("B is a nave", "A is a knight"),
    ("A and B are the same kind", "A and B are of the same type"),
    ("I am lower than B", "I am of lower rank than B"),
    ("If A is a knight B is a knave", "If A is a knight then B is a knave"),
    ("Exactly 2 of us is knightly", "Exactly two of us are knights"),
])
def test_the_nearest_form_is_found_word_by_word(text, nearest):
    with pytest.raises(SentenceError) as err:
        parse(text, ISLAND)
    assert err.value.nearest == nearest
