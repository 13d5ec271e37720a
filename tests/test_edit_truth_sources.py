"""`portia edit` on a truth puzzle that is not a file of its own: a share code (it crashed
the casket editor with AttributeError 'empty_slots', exit 1) and `PACK --id ID` (refused,
though the README says every command that takes a puzzle takes it). Both open the truth
editor on a new page; the app itself is not run here."""

from __future__ import annotations

from pathlib import Path

import portia_tui.cli.edit as edit
from portia_tui.cli import main
from portia_tui.core.io.formats.code import encode_world
from portia_tui.core.io.formats.world_toml import loads

THREE = Path(__file__).resolve().parent.parent / "puzzles" / "truth" / "three-islanders.toml"


def _opened(monkeypatch) -> list:
    apps: list = []
    monkeypatch.setattr(edit, "run_app", lambda app: apps.append(app) or 0)
    return apps


def test_a_truth_share_code_opens_the_truth_editor(monkeypatch):
    from portia_tui.app.world_editor.app import WorldEditorApp

    puzzle = loads(THREE.read_text(encoding="utf-8"))
    apps = _opened(monkeypatch)
    assert main(["edit", encode_world(puzzle)]) == 0
    (app,) = apps
    assert isinstance(app, WorldEditorApp)
    page = app.model.draft.puzzle
    assert page.statements == puzzle.statements and page.entities == puzzle.entities
    assert app.model.path is None and not app.model.draft.empty


def test_a_truth_puzzle_of_a_pack_opens_as_a_new_page(monkeypatch, tmp_path, capsys):
    from portia_tui.app.world_editor.app import WorldEditorApp

    pack = tmp_path / "kk.toml"
    assert main(["generate", "--family", "knights-knaves", "--people", "3", "--count", "2",
                 "--seed", "1", "-o", str(pack)]) == 0
    capsys.readouterr()
    apps = _opened(monkeypatch)
    assert main(["edit", str(pack), "--id", "002"]) == 0
    (app,) = apps
    assert isinstance(app, WorldEditorApp)
    assert app.model.path == tmp_path / "kk-002.toml" and app.model.dirty
    assert not (tmp_path / "kk-002.toml").exists()
    assert len(app.model.draft.puzzle.entities) == 3


def test_the_player_asks_for_the_werewolf_not_a_room():
    """The player's first words on a werewolf puzzle said "Pick the werewolf's room"."""
    from portia_tui.app.play.islands import how_to_answer

    wolves = how_to_answer(loads(WOLF))
    lady = how_to_answer(loads((THREE.parent / "trial-1.toml").read_text(encoding="utf-8")))
    assert "room" not in wolves and wolves.startswith("Pick the werewolf: move")
    assert lady.startswith("Pick the lady's room: move to it")


WOLF = """format = 3
attributes = { type = ["knight", "knave"], wolf = ["werewolf", "human"] }
speaker_attr = "type"
modes = { knight = "true", knave = "false" }
rules = ["Exactly one of them is a werewolf"]
question = ["Who is the werewolf?"]

[[entities]]
name = "Ann"
says = ["Eve is a werewolf"]

[[entities]]
name = "Eve"
says = ["Finn is human if and only if I and Liam are of different types"]

[[entities]]
name = "Finn"
says = ["Ann is not human"]

[[entities]]
name = "Liam"
says = ["At least two of us are knaves"]
"""
