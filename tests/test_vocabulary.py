"""The statement vocabulary: sentences, parsing, menus."""

from __future__ import annotations

from hypothesis import given

from portia_tui.core.language.model import Puzzle, blank_puzzle, default_puzzle
from portia_tui.core.language.vocabulary import (CLASSIC_KINDS, EMPTY, KINDS, Layout, Statement, options,
                                                 parse_sentence, problem, sentence)

from .strategies import puzzles

L3 = Layout(("gold", "silver", "lead"), (2, 1, 2))


def test_six_kinds():
    assert list(KINDS)[:6] == ["in", "not_in", "true", "false", "other_true", "other_false"]
    assert list(KINDS)[:6] == list(CLASSIC_KINDS)


def test_sentences_follow_the_count():
    assert sentence(Statement("true", "silver"), L3, 0) == "The statement on the silver casket is true"
    assert sentence(Statement("false", "lead"), L3, 1) == "The statements on the lead casket are false"
    assert sentence(Statement("other_true"), L3, 0) == "The other statement on this casket is true"
    big = Layout(("gold", "silver", "lead"), (3, 3, 3))
    assert sentence(Statement("other_false"), big, 2) == "The other statements on this casket are false"
    assert sentence(Statement("in", "gold"), L3, 0) == "The portrait is in this casket"
    assert sentence(Statement("not_in", "lead"), L3, 0) == "The portrait is not in the lead casket"


def test_menu_for_a_slot():
    gold = options(L3, 0)
    assert Statement("true", "gold") not in gold and Statement("false", "gold") not in gold
    assert Statement("other_true") in gold  # gold holds two
    silver = options(L3, 1)
    assert Statement("other_true") not in silver  # silver holds one
    assert len(silver) == 6 + 4
    assert len(gold) == 6 + 4 + 2
    # "this casket" comes first in the portrait entries
    assert sentence(gold[0], L3, 0) == "The portrait is in this casket"


def test_problems():
    assert "own casket" in problem(Statement("true", "gold"), L3, 0)
    assert "two or more" in problem(Statement("other_false"), L3, 1)
    assert "unknown casket" in problem(Statement("in", "brass"), L3, 1)
    assert problem(Statement("in", "lead"), L3, 1) is None


@given(puzzles(max_statements=12))
def test_every_sentence_parses_back(puzzle: Puzzle):
    for i, (ci, st) in enumerate(puzzle.flat):
        text = puzzle.sentence(i)
        assert parse_sentence(text, puzzle.layout, ci) == st
        assert parse_sentence(text.upper() + ".", puzzle.layout, ci) == st
        for option in puzzle.options(ci):
            assert parse_sentence(sentence(option, puzzle.layout, ci), puzzle.layout, ci) == option


def test_unknown_sentence():
    assert parse_sentence("The portrait is under the bed", L3, 0) is None


def test_edits_return_new_valid_puzzles():
    p = default_puzzle()
    q = p.with_row_added()
    assert q.layout.counts == (2, 2, 2) and p.layout.counts == (1, 1, 1)
    q = q.with_statement(0, 1, Statement("other_true")).validate()
    r = q.with_row_removed(0)
    assert r.layout.counts == (1, 1, 1)
    assert r.caskets[0].statements == (EMPTY,)  # "other" could not stay: the slot is empty
    assert r.validate() is r
    assert p.with_m(3).m == 3
    assert q.caskets[1].statements[1] == EMPTY  # a new row is empty, not a made-up statement
    assert q.empty_slots == (3, 5) and not q.complete


def test_blank_puzzle_and_partial_meaning():
    blank = blank_puzzle(3, n=2)
    assert blank.names == ("gold", "silver", "lead") and blank.m is None
    assert blank.empty_slots == tuple(range(6)) and not blank.complete
    assert not blank.title and not blank.author and not blank.notes
    assert blank_puzzle(4).names[3] == "copper"
    assert blank.sentence(0) == ""
    assert parse_sentence("  ", blank.layout, 0) == EMPTY
    # an empty slot constrains nothing: brute force sees both of its values
    from .brute import analyse as brute

    half = blank.with_statement(0, 0, Statement("in", "gold")).with_m(1)
    counts = brute(half).true_counts
    assert counts[0] == frozenset({1, 2, 3, 4, 5, 6})  # 'in this casket' true + 0..5 free
    assert brute(half).solutions() == (0, 1, 2)
    assert brute(blank).solutions() == ()  # m open: nothing is a solution yet


def test_number_words_read_from_zero_to_twelve():
    from portia_tui.core.language.vocabulary import number

    words = ("zero one two three four five six seven eight nine ten eleven twelve").split()
    assert [number(w) for w in words] == list(range(13))
    assert number("no") == 0 and number("17") == 17
