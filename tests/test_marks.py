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


def _worlds(puzzle, placement):
    """Every consistent world under the supposition, by brute force (m is no condition)."""
    from itertools import product

    from .brute import consistent

    return [w for w in product((False, True), repeat=puzzle.size)
            if consistent(puzzle, placement, w)]


def _fits(worlds, marks) -> bool:
    return any(all(w[i] == v for i, v in marks.items()) for w in worlds)


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_marks_that_clash_together_are_found_on_random_loop_puzzles(data):
    """Marks each fine alone but with no consistent world giving them all: the check names a
    smallest set of them that cannot hold at once (brute force over every world and every
    smaller set), and nothing when they fit together."""
    from itertools import combinations

    puzzle = data.draw(puzzles(max_statements=9, max_caskets=3))
    placement = data.draw(st.integers(0, len(puzzle.caskets) - 1))
    marks = data.draw(st.dictionaries(st.integers(0, puzzle.size - 1), st.booleans(),
                                      min_size=2))
    worlds = _worlds(puzzle, placement)
    result = check_marks(puzzle, placement, marks)
    rest = {i: v for i, v in marks.items() if i not in result.wrong}
    if not worlds or _fits(worlds, rest):
        assert result.clash == ()
        assert result.ok == (not result.wrong)
        return
    clash = result.clash
    assert clash and set(clash) <= set(rest) and list(clash) == sorted(clash)
    assert not _fits(worlds, {i: rest[i] for i in clash})
    for size in range(1, len(clash)):
        for group in combinations(sorted(rest), size):
            assert _fits(worlds, {i: rest[i] for i in group}), group
    assert not result.ok
    text = result.sentence(puzzle)
    assert "cannot" in text and f"statement {clash[0] + 1} " in text
    others = [n for p, n in enumerate(puzzle.names) if p != placement]
    assert not any(f"the {n} casket" in text for n in others)


def test_the_two_liars_loop_marks_clash():
    """Issue 19: gold and silver each call the other's statement false; "1 true" and
    "2 true" each fit, but not together."""
    from portia_tui.core.io import formats

    p = formats.load("puzzles/two-liars-loop.toml")
    got = check_marks(p, 0, {0: True, 1: True, 2: False})
    assert got.wrong == () and got.clash == (0, 1) and not got.ok
    assert got.sentence(p) == (
        "Supposing the portrait is in the gold casket, your marks do not fit together: "
        "statement 1 (marked true) and statement 2 (marked true) cannot both hold at once.")
    both = check_marks(p, 1, {0: True, 1: True, 2: False})
    assert both.wrong == (2,) and both.clash == (0, 1)
    assert both.sentence(p).endswith("is wrong: statement 3 (marked false). And statement 1 "
                                     "(marked true) and statement 2 (marked true) cannot both "
                                     "hold at once.")
    assert check_marks(p, 0, {0: True, 1: False, 2: False}).ok


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
