"""The one undo history both editors keep (core/author/history.py)."""

from portia_tui.core.author.history import History


def test_undo_redo_and_a_new_edit_forgets_redo():
    h: History[int] = History()
    h.record(0)
    h.record(1)          # states 0, 1 left behind; 2 is current
    assert h.back(2) == 1 and h.back(1) == 0 and h.back(0) is None
    assert h.forward(0) == 1 and h.can_redo
    h.record(1)          # an edit after an undo: nothing to redo
    assert not h.can_redo and h.forward(5) is None and h.can_undo


def test_at_most_limit_undo_steps_are_kept():
    h: History[int] = History(limit=3)
    for state in range(10):
        h.record(state)
    assert [h.back(c) for c in (10, 9, 8, 7)] == [9, 8, 7, None]
