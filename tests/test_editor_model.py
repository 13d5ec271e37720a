"""The editor's plain-Python state and analysis glue (no textual needed)."""

from __future__ import annotations

from pathlib import Path


from portia_tui.app.editor.analysis import MarksRequest, Request, compute, marks, menu
from portia_tui.app.editor.model import EditorModel
from portia_tui.core.model import default_puzzle
from portia_tui.core.sat import SatEngine, analyse
from portia_tui.core.vocabulary import Statement


def test_apply_undo_redo_and_dirty():
    p0 = default_puzzle()
    model = EditorModel.new(p0)
    assert not model.dirty and not model.can_undo
    p1 = p0.with_m(2)
    assert model.apply(p1)
    assert model.apply(p1) is False  # no change, no history entry
    assert model.puzzle == p1 and model.dirty and model.generation == 1
    assert model.undo() and model.puzzle == p0 and not model.dirty
    assert model.undo() is False
    assert model.redo() and model.puzzle == p1
    assert model.redo() is False
    p2 = p1.with_row_added()
    model.undo()
    model.apply(p2)
    assert not model.can_redo  # a new edit forgets the undone future
    assert model.generation == 5  # every change of puzzle, undo and redo included


def test_files_and_names(tmp_path):
    p = default_puzzle()
    fresh = EditorModel.new(p, path=tmp_path / "new.toml")
    assert fresh.dirty  # a file that does not exist yet is unsaved
    imported = EditorModel.opened(p, tmp_path / "x.txt")
    assert imported.path is None and imported.suggested_path() == tmp_path / "x.toml"
    assert "imported" in imported.display_name and not imported.dirty
    native = EditorModel.opened(p, tmp_path / "y.toml")
    assert native.path == tmp_path / "y.toml"
    native.apply(p.with_m(0))
    native.mark_saved(tmp_path / "z.toml")
    assert not native.dirty and native.display_name == "z.toml"
    assert EditorModel.new(p).suggested_path().parent == Path.cwd()


def test_compute_matches_the_core():
    p = default_puzzle()
    report = compute(Request(3, p, values=True, target=0, target_m=1))
    assert report.analysis.true_counts == analyse(p).true_counts
    (sol,) = report.analysis.solutions()
    assert report.values_for == sol
    assert report.values == SatEngine(p).values(sol, p.m)
    assert report.assistant.counts == analyse(p).true_counts[0]
    assert report.assistant.exceeded == (min(report.assistant.counts) > 1)


def test_marks_say_which_choices_keep_the_target_reachable():
    p = default_puzzle()
    request = MarksRequest(0, p, casket=1, position=0, target=2, target_m=1)
    found = marks(request)
    options = p.options(1)
    assert len(found) == len(options)
    for st, ok in zip(options, found):
        sub = p.with_statement(1, 0, st)
        assert ok == (1 in analyse(sub).true_counts[2])
    assert marks(request, cancelled=lambda: True) is None
    too_many = MarksRequest(0, p, casket=1, position=0, target=2, target_m=p.size + 1)
    assert set(marks(too_many)) == {False}


def test_menu_is_the_core_menu_as_sentences():
    p = default_puzzle()
    items = menu(p.layout, 0)
    assert [st for _, st in items] == p.options(0)
    assert items[0] == ("The portrait is in this casket", Statement("in", "gold"))
    assert menu(p.layout, 0) is items  # cached: one tuple per layout and casket
