"""Exact marks, repairs and partial reports (core/author/assistant.py) against brute force over every
completion, loops included."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from portia_tui.core import analyse
from portia_tui.core.author.assistant import (IMPOSSIBLE, MARK_SYMBOLS, MARKS, REACHABLE, UNDECIDED,
                                       VALID, IncompletePuzzle, mark_choices, partial_report,
                                       repairs)
from portia_tui.core.language.model import Casket, Puzzle, blank_puzzle, default_puzzle
from portia_tui.core.solve.semantics import holds
from portia_tui.core.language.vocabulary import EMPTY, VOCABULARIES, Layout, Statement, menu, options

NAMES = ("gold", "silver", "lead")


def fill(puzzle: Puzzle, changes) -> Puzzle:
    """The puzzle with statements put in 0-based slots."""
    for index, st_ in changes:
        ci = puzzle.owner(index)
        puzzle = puzzle.with_statement(ci, index - puzzle.layout.offset(ci), st_)
    return puzzle


def true_counts(puzzle: Puzzle) -> list[set[int]]:
    """Brute force: every count of true statements per placement (empty slots free)."""
    meanings = puzzle.meanings
    out = []
    for p in range(len(puzzle.caskets)):
        found = set()
        for values in product((False, True), repeat=puzzle.size):
            if all(values[i] == holds(mn, p, values, values[i]) for i, mn in enumerate(meanings)):
                found.add(sum(values))
        out.append(found)
    return out


def completions(puzzle: Puzzle, slots, vocabulary):
    menus = [menu(puzzle, e, vocabulary) for e in slots]
    for combo in product(*menus):
        yield fill(puzzle, zip(slots, combo))


def brute_marks(puzzle, slot, choices, target, m, vocabulary):
    others = [e for e in puzzle.empty_slots if e != slot]
    ms = [m] if m is not None else list(range(puzzle.size + 1))
    out = []
    for x in choices:
        best = IMPOSSIBLE
        for q in completions(fill(puzzle, [(slot, x)]), others, vocabulary):
            counts = true_counts(q)
            for mm in ms:
                fits = [p for p, c in enumerate(counts) if mm in c]
                if fits == [target]:
                    best = VALID
                    break
                if target in fits:
                    best = REACHABLE
            if best == VALID:
                break
        out.append(best)
    return tuple(out)


@st.composite
def partial_puzzles(draw, max_empty: int = 3):
    """2-3 caskets, 1-2 slots each, 1 to max_empty empty slots, loops allowed."""
    k = draw(st.integers(2, 3))
    counts = [draw(st.integers(1, 2)) for _ in range(k)]
    if k == 3 and sum(counts) > 5:
        counts = [2, 2, 1]
    layout = Layout(NAMES[:k], tuple(counts))
    caskets = []
    for ci, name in enumerate(NAMES[:k]):
        caskets.append(Casket(name, tuple(draw(st.sampled_from(options(layout, ci)))
                                          for _ in range(counts[ci]))))
    size = sum(counts)
    empty = draw(st.lists(st.integers(0, size - 1), min_size=1, max_size=max_empty, unique=True))
    puzzle = Puzzle(tuple(caskets), None).validate()
    puzzle = fill(puzzle, [(e, EMPTY) for e in empty])
    m = draw(st.one_of(st.none(), st.integers(0, size)))
    return puzzle.with_m(m)


def test_marks_and_symbols_have_one_home():
    assert MARKS == ("valid", "reachable", "impossible", "undecided")
    assert set(MARK_SYMBOLS) == set(MARKS)
    assert MARK_SYMBOLS[VALID] == "★" and MARK_SYMBOLS[UNDECIDED] == "?"


@settings(max_examples=40, deadline=None)
@given(partial_puzzles(), st.data())
def test_marks_equal_brute_force_over_every_completion(puzzle, data):
    vocabulary = data.draw(st.sampled_from(("classic", "classic", "portrait")))
    slot = data.draw(st.sampled_from(puzzle.empty_slots + (0,)))
    target = data.draw(st.integers(0, len(puzzle.caskets) - 1))
    m = puzzle.m
    choices = menu(puzzle, slot, "classic")
    got = mark_choices(puzzle, slot, choices, target, m, vocabulary=vocabulary)
    assert got == brute_marks(puzzle, slot, choices, target, m, vocabulary)


def test_a_loop_can_make_a_rival_fit_although_one_of_its_worlds_does_not():
    # silver's two statements say each other true: with the portrait in silver they can be
    # both true or both false, so silver fits m = 2 and m = 0 alike
    puzzle = Puzzle.build({"gold": [EMPTY], "silver": [Statement("other_true")] * 2,
                           "lead": [Statement("in", "gold")]}, m=None)
    for m in range(puzzle.size + 1):
        choices = menu(puzzle, 0)
        got = mark_choices(puzzle, 0, choices, 0, m)
        assert got == brute_marks(puzzle, 0, choices, 0, m, "classic")


def test_blank_portia_3_menu_has_valid_entries_and_is_never_undecided():
    puzzle = blank_puzzle(3, 3, m=4)
    choices = menu(puzzle, 0)
    marks = mark_choices(puzzle, 0, choices, 1, 4, budget=5.0)
    assert UNDECIDED not in marks and VALID in marks


def test_a_budget_of_nothing_leaves_entries_undecided_never_guessed():
    puzzle = blank_puzzle(3, 3, m=4)
    marks = mark_choices(puzzle, 0, menu(puzzle, 0), 1, 4, budget=0.0)
    assert set(marks) == {UNDECIDED}


def test_cancelled_returns_early():
    puzzle = blank_puzzle(3, 2, m=2)
    marks = mark_choices(puzzle, 0, menu(puzzle, 0), 0, 2, cancelled=lambda: True)
    assert set(marks) == {UNDECIDED}


def test_m_out_of_range_is_impossible():
    puzzle = blank_puzzle(2, 1)
    assert set(mark_choices(puzzle, 0, menu(puzzle, 0), 0, 5)) == {IMPOSSIBLE}


# --------------------------------------------------------------------------- repairs
@st.composite
def complete_puzzles(draw):
    puzzle = draw(partial_puzzles())
    layout = puzzle.layout
    sts = [draw(st.sampled_from(options(layout, ci))) for ci, _ in puzzle.flat]
    return fill(puzzle, enumerate(sts)).with_m(draw(st.integers(0, puzzle.size)))


def brute_repairs(puzzle, vocabulary):
    found = []
    for i, (_ci, current) in enumerate(puzzle.flat):
        for x in menu(puzzle, i, vocabulary):
            if x == current:
                continue
            counts = true_counts(fill(puzzle, [(i, x)]))
            fits = [p for p, c in enumerate(counts) if puzzle.m in c]
            if len(fits) == 1:
                found.append((i, x, fits[0]))
    counts = true_counts(puzzle)
    ms = [m for m in range(puzzle.size + 1) if m != puzzle.m
          and sum(1 for c in counts if m in c) == 1]
    return found, ms


@settings(max_examples=40, deadline=None)
@given(complete_puzzles(), st.sampled_from(("portrait", "classic")))
def test_repairs_equal_brute_force(puzzle, vocabulary):
    got = repairs(puzzle, vocabulary)
    found, ms = brute_repairs(puzzle, vocabulary)
    assert [(r.index, r.statement, r.solution) for r in got.statements] == found
    assert list(got.m) == ms and got.complete


def test_repairs_of_smullyans_casket_with_the_wrong_m():
    got = repairs(default_puzzle().with_m(2))
    assert got.m == (1,)
    assert all(analyse(fill(default_puzzle().with_m(2), [(r.index, r.statement)]))
               .solutions() == (r.solution,) for r in got.statements)


def test_repairs_need_a_complete_puzzle():
    with pytest.raises(IncompletePuzzle) as err:
        repairs(blank_puzzle(3, 1))
    assert err.value.empty == (0, 1, 2) and err.value.m_open
    assert str(err.value) == "incomplete: 3 empty slots and m is open"


# --------------------------------------------------------------------------- partial report
@settings(max_examples=25, deadline=None)
@given(partial_puzzles(max_empty=2), st.sampled_from(("classic", "portrait")))
def test_partial_report_equals_brute_force(puzzle, vocabulary):
    report = partial_report(puzzle, vocabulary)
    empty = set(puzzle.empty_slots)
    meanings = puzzle.meanings
    reach = [set() for _ in puzzle.caskets]
    for q in completions(puzzle, sorted(empty), vocabulary):
        for p, c in enumerate(true_counts(q)):
            reach[p] |= c
    for p in range(len(puzzle.caskets)):
        filled = set()
        for values in product((False, True), repeat=puzzle.size):
            if all(values[i] == holds(mn, p, values, values[i]) for i, mn in enumerate(meanings)):
                filled.add(sum(v for i, v in enumerate(values) if i not in empty))
        assert report.filled[p] == filled
        assert report.reachable[p] == reach[p]
    assert report.empty == puzzle.empty_slots


def test_partial_report_of_a_complete_puzzle_is_its_true_counts():
    puzzle = default_puzzle()
    report = partial_report(puzzle)
    assert report.filled == report.reachable == analyse(puzzle).true_counts
    assert tuple(p for p, counts in enumerate(report.reachable) if 1 in counts) == (1,)


def test_vocabularies_have_one_home():
    assert set(VOCABULARIES) == {"portrait", "classic", "full"}
    assert VOCABULARIES["portrait"] == ("in", "not_in")
    assert len(VOCABULARIES["classic"]) == 6
    puzzle = blank_puzzle(3, 2)
    assert menu(puzzle, 0, "portrait") == [Statement("in", "gold"), Statement("in", "silver"),
                                           Statement("in", "lead"), Statement("not_in", "gold"),
                                           Statement("not_in", "silver"),
                                           Statement("not_in", "lead")]
    with pytest.raises(ValueError):
        menu(puzzle, 0, "nonsense")


@settings(max_examples=25, deadline=None)
@given(partial_puzzles())
def test_the_analysis_of_a_partial_puzzle_lets_empty_slots_take_either_value(puzzle):
    from . import brute

    assert analyse(puzzle).true_counts == brute.analyse(puzzle).true_counts


# --------------------------------------------------------------------------- counting statements
COUNTING = ("count", "count_all")


@st.composite
def counting_puzzles(draw):
    """Like partial_puzzles, with one empty slot, over the whole language (counts included)."""
    k = draw(st.integers(2, 3))
    counts = [draw(st.integers(1, 2)) for _ in range(k)]
    if k == 3 and sum(counts) > 4:
        counts = [2, 1, 1]
    layout = Layout(NAMES[:k], tuple(counts))
    caskets = []
    for ci, name in enumerate(NAMES[:k]):
        menu_ = options(layout, ci, VOCABULARIES["full"])
        caskets.append(Casket(name, tuple(draw(st.sampled_from(menu_))
                                          for _ in range(counts[ci]))))
    puzzle = Puzzle(tuple(caskets), None).validate()
    slot = draw(st.integers(0, puzzle.size - 1))
    puzzle = fill(puzzle, [(slot, EMPTY)])
    return puzzle.with_m(draw(st.one_of(st.none(), st.integers(0, puzzle.size))))


@settings(max_examples=20, deadline=None)
@given(counting_puzzles(), st.data())
def test_marks_of_counting_statements_equal_brute_force(puzzle, data):
    """"At least / at most / exactly k statements are true" put in an open slot: the
    assistant's reified count comparisons (completions.World) against brute force."""
    slot = puzzle.empty_slots[0]
    choices = [x for x in menu(puzzle, slot, "full") if x.kind in COUNTING]
    assert choices
    target = data.draw(st.integers(0, len(puzzle.caskets) - 1))
    got = mark_choices(puzzle, slot, choices, target, puzzle.m, vocabulary="full")
    assert got == brute_marks(puzzle, slot, choices, target, puzzle.m, "full")


@settings(max_examples=10, deadline=None)
@given(counting_puzzles())
def test_partial_report_with_counting_statements_equals_brute_force(puzzle):
    report = partial_report(puzzle, "full")
    reach = [set() for _ in puzzle.caskets]
    for q in completions(puzzle, puzzle.empty_slots, "full"):
        for p, c in enumerate(true_counts(q)):
            reach[p] |= c
    assert list(report.reachable) == reach
