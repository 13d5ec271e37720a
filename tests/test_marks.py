"""Pencil marks: checking against every consistent world (brute force), state, undo, storage."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from .brute import _assignments
from portia_tui.core.explain.marks import PencilMarks, check_marks, possible_values
from portia_tui.core.language.model import default_puzzle

from .strategies import puzzles


@settings(max_examples=40)
@given(st.data())
def test_a_mark_is_wrong_exactly_when_no_consistent_world_has_it(data):
    puzzle = data.draw(puzzles(max_statements=9))
    placement = data.draw(st.integers(0, len(puzzle.caskets) - 1))
    marks = data.draw(st.dictionaries(st.integers(0, puzzle.size - 1), st.booleans()))
    worlds = list(_assignments(puzzle, placement, tuple(range(puzzle.size))))
    result = check_marks(puzzle, placement, marks)
    expected = tuple(sorted(i for i, v in marks.items()
                            if not any(w[i] == v for w in worlds)))
    assert result.wrong == expected
    # the check never depends on m: the same marks, the same verdict for every m
    assert check_marks(puzzle.with_m((puzzle.m + 1) % (puzzle.size + 1)), placement,
                       marks).wrong == expected


def test_sentences_name_the_wrong_marks_and_not_the_answer():
    p = default_puzzle()  # the answer is silver
    good = check_marks(p, 0, {0: True, 2: False})
    assert good.ok and good.sentence(p) == ("Supposing the portrait is in the gold casket, all 2 "
                                            "of your marks fit.")
    bad = check_marks(p, 0, {0: False, 1: True, 2: True})
    assert bad.wrong == (0, 2)
    text = bad.sentence(p)
    assert text == ("Supposing the portrait is in the gold casket, 2 of your 3 marks are wrong: "
                    "statement 1 (marked false) and statement 3 (marked true).")
    assert "silver" not in text and "fits the puzzle" not in text
    assert "no statement" in check_marks(p, 1, {}).sentence(p)
    assert possible_values(p, 1) == (False, False, True)


def test_marks_per_supposition_toggle_and_undo():
    pm = PencilMarks()
    pm.supposing = 0
    assert pm.toggle(1, True) is True
    assert pm.toggle(2, False) is False
    pm.supposing = 2
    pm.toggle(1, False)
    assert pm.marks(0) == {1: True, 2: False} and pm.marks() == {1: False}
    assert pm.toggle(1, False) is None and pm.marks(2) == {}  # same mark again clears it
    assert pm.undo() == (2, 1) and pm.marks(2) == {1: False}
    assert pm.undo() == (2, 1) and pm.marks(2) == {}
    assert pm.undo() == (0, 2) and pm.supposing == 0 and pm.marks() == {1: True}
    assert pm.undo() == (0, 1) and pm.empty
    assert pm.undo() is None
    pm.toggle(0, True)
    pm.clear()
    assert pm.empty and pm.supposing is None and pm.undo() is None


def test_storage_round_trip_and_bounds():
    pm = PencilMarks({0: {1: True, 4: False}, 2: {0: True}}, supposing=2)
    back = PencilMarks.from_dict(pm.to_dict(), 2)
    assert back.by_placement == pm.by_placement and back.supposing == 2
    junk = {"0": {"1": True, "x": True, "2": "yes", "-1": False, "99999999": True},
            "abc": {"1": True}, "5": {"1": True}, "1": "nope", "2": {}}
    loaded = PencilMarks.from_dict(junk, supposing=True, shape=(3, 9))
    assert loaded.by_placement == {0: {1: True}} and loaded.supposing is None
    assert PencilMarks.from_dict([1, 2], 7, shape=(3, 9)).empty
    # the supposition's bounds: casket 0 and the last casket are kept, -1 and k are not
    for supposing, kept in ((0, 0), (2, 2), (-1, None), (3, None)):
        assert PencilMarks.from_dict({}, supposing, shape=(3, 9)).supposing == kept
