"""The editor's plain-Python state and analysis glue (no textual needed)."""

from __future__ import annotations

from pathlib import Path


from portia_tui.app.editor.analysis import MarksRequest, Request, compute, marks, menu
from portia_tui.app.editor.widgets.toolbar import display_name
from portia_tui.core.author.editing import EditorModel
from portia_tui.core.language.model import blank_puzzle, default_puzzle
from portia_tui.core.solve.sat import SatEngine, analyse
from portia_tui.core.language.vocabulary import Statement


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
    assert "imported" in display_name(imported) and not imported.dirty
    native = EditorModel.opened(p, tmp_path / "y.toml")
    assert native.path == tmp_path / "y.toml"
    native.apply(p.with_m(0))
    native.mark_saved(tmp_path / "z.toml")
    assert not native.dirty and display_name(native) == "z.toml"
    assert EditorModel.new(p).suggested_path().parent == Path.cwd()


def test_compute_matches_the_core():
    p = default_puzzle()
    report = compute(Request(3, p, values=True, target=0))
    assert report.analysis.true_counts == analyse(p).true_counts
    (sol,) = report.analysis.solutions()
    assert report.values_for == sol
    assert report.values == SatEngine(p).values(sol, p.m)
    assert report.assistant.counts == analyse(p).true_counts[0]
    assert report.assistant.m == p.m  # one m: the puzzle's
    assert report.assistant.exceeded == (min(report.assistant.counts) > 1)


def test_compute_on_a_blank_page():
    blank = blank_puzzle(3, 2)
    report = compute(Request(0, blank, values=True, target=1))
    assert report.analysis.solutions() == ()  # m open: nothing fits yet
    assert report.values is None and report.assistant.m is None
    assert report.assistant.counts == frozenset(range(7))  # each slot either way


def test_marks_are_the_cores_for_the_slots_menu(monkeypatch):
    import portia_tui.app.editor.analysis as glue

    calls = []

    def fake(puzzle, slot, choices, target, m, *, vocabulary="classic", budget=None,
             cancelled=None):
        calls.append((slot, tuple(choices), target, m))
        return ("valid",) * len(choices)

    monkeypatch.setattr(glue, "mark_choices", fake)
    p = default_puzzle().with_row_added()
    request = MarksRequest(0, p, casket=1, position=1, target=2)
    found = marks(request)
    assert found == ("valid",) * len(p.options(1))
    assert calls == [(3, tuple(p.options(1)), 2, p.m)]
    assert marks(request, cancelled=lambda: True) is None
    marks(MarksRequest(0, p.with_m(None), 1, 1, 2))  # m open: the core marks for any m
    assert calls[-1][3] is None


def test_model_target_and_disk_changes(tmp_path):
    from portia_tui.core.io import formats

    path = tmp_path / "p.toml"
    formats.save(default_puzzle(), path)
    model = EditorModel.opened(default_puzzle(), path)
    assert model.target is None and model.target_or(5) == 2  # clamped to the caskets
    assert not model.changed_on_disk()
    formats.save(default_puzzle().with_m(0), path, force=True)
    assert model.changed_on_disk()
    model.mark_saved(path)
    assert not model.changed_on_disk()


def test_menu_is_the_core_menu_as_sentences():
    p = default_puzzle()
    items = menu(p.layout, 0)
    assert [st for _, st in items] == p.options(0)
    assert items[0] == ("The portrait is in this casket", Statement("in", "gold"))
    assert menu(p.layout, 0) is items  # cached: one tuple per layout and casket


def test_rule_choices_leave_out_stated_rules_and_a_second_exact_total():
    """Mutation run 6: the rules menu of the model (more in test_editor_rulebook.py)."""
    from portia_tui.core.language.rules import Rule, fixes_total

    model = EditorModel.new(default_puzzle())  # m = 1: an exact total is held
    choices = model.rule_choices()
    assert Rule("makers") in choices and not any(fixes_total(r) for r in choices)
    model.apply(model.with_rule_added(Rule("makers")))
    assert Rule("makers") not in model.rule_choices()


def test_a_target_the_puzzle_names_beats_the_fallback():
    model = EditorModel.new(default_puzzle().replace(target="silver"), target=0)
    assert model.target == 1
