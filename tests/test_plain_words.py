"""The command line in plain words (issue 21, item 9): no "no consistent assignment",
"Unique m values", "m = None"; the editor and `portia assist` list a slot's menu in one order."""

from __future__ import annotations

import json

import pytest

from portia_tui.cli import main
from portia_tui.core.io import formats
from portia_tui.core.language.model import Casket, Puzzle
from portia_tui.core.language.rules import Rule
from portia_tui.core.language.vocabulary import EMPTY, Statement

from .conftest import REPO

JARGON = ("no consistent assignment", "Unique m values", "m = None", "m = none",
          "determined under every placement", "one value each")


def _out(capsys, *argv) -> str:
    assert main([str(a) for a in argv]) in (0, 1)
    return capsys.readouterr().out


@pytest.mark.parametrize("name", ["portia1-at-most-one", "two-liars-loop", "smullyan-first",
                                  "self-count", "portia3-bellini-cellini"])
def test_solve_and_repair_speak_plainly(capsys, name):
    path = REPO / "puzzles" / f"{name}.toml"
    said = _out(capsys, "solve", path) + _out(capsys, "repair", path)
    for word in JARGON:
        assert word not in said, word


def test_solve_says_why_a_placement_has_no_count(capsys):
    out = _out(capsys, "solve", REPO / "puzzles" / "portia1-at-most-one.toml")
    assert "gold    none: with the portrait here, the statements and the rules cannot all " \
           "hold" in out


def test_repair_of_a_puzzle_stated_by_rules_says_the_rules(tmp_path, capsys):
    """It said 'Not valid for m = None'."""
    puzzle = Puzzle([Casket("gold", (Statement("in", "gold"),)),
                     Casket("silver", (Statement("in", "silver"),)),
                     Casket("lead", (Statement("in", "lead"),))],
                    rules=[Rule("total", "at most", 1, True)])
    path = tmp_path / "p.toml"
    formats.save(puzzle, path)
    out = _out(capsys, "repair", path)
    assert out.startswith("Not valid under the rule: at most 1 statement is true (gold, silver "
                          "and lead fit).")
    assert "m =" not in out
    assert "other m" not in out


def test_the_editor_and_assist_list_a_slot_menu_in_one_order(tmp_path, capsys):
    """assist listed 'in one of' statements after the statements about statements; the
    editor's menu groups them with the other portrait statements."""
    from portia_tui.app.editor.analysis import menu as editor_menu

    puzzle = Puzzle([Casket(n, (EMPTY,)) for n in ("gold", "silver", "lead", "copper")], m=1,
                    target="gold")
    path = tmp_path / "d.toml"
    formats.save(puzzle, path)
    data = json.loads(_out(capsys, "assist", path, "--json", "--vocabulary", "full"))
    listed = [c["statement"] for c in data["choices"]]
    editor = [said for said, _st in editor_menu(puzzle.layout, 0, "full", puzzle.rule_kinds)]
    assert listed == editor
    assert listed.index("The portrait is in the gold or the silver casket") < \
        listed.index("The statement on the silver casket is true")
