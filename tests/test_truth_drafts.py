"""A truth puzzle with empty slots is a draft, as a casket draft is: never valid, and the
player refuses it (from a file, a share code or the structured JSON) with one line."""

from __future__ import annotations

import json

import pytest

from portia_tui.cli import main
from portia_tui.core.io.formats import code, structured, world_toml

#: A says "Both of us are knaves" (one answer: A knave, B knight); B's slot is empty
KNIGHTS = '''format = 3
attributes = { type = ["knight", "knave"] }
speaker_attr = "type"
modes = { knight = "true", knave = "false" }

[[entities]]
name = "A"
says = ["Both of us are knaves"]

[[entities]]
name = "B"
says = [""]
'''

#: the trial: room I's sign says both rooms hold tigers (so the lady is in room II); room
#: II's sign is still empty
TRIAL = '''format = 3
attributes = { content = ["lady", "tiger"] }
speaker_attr = "content"
modes = { lady = "true", tiger = "false" }
rules = ["Exactly one of these rooms contains a lady"]
question = ["Where is the lady?"]

[[entities]]
name = "I"
says = ["Both rooms contain tigers"]

[[entities]]
name = "II"
says = [""]
'''


@pytest.fixture(autouse=True)
def _dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("PORTIA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PORTIA_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture(params=["knights", "trial"])
def draft(request, tmp_path):
    path = tmp_path / f"{request.param}.toml"
    path.write_text(KNIGHTS if request.param == "knights" else TRIAL)
    return path


def _one_line(capsys) -> str:
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_the_player_refuses_a_truth_draft(draft, capsys):
    # what is written has one answer: before, the player played it
    assert main(["play", str(draft)]) == 2
    assert _one_line(capsys) == (f"{draft}: a draft (incomplete: 1 empty slot) cannot be "
                                 "played: finish it in the editor (portia edit) first")


def test_a_share_code_keeps_the_empty_slots_and_is_refused(draft, capsys):
    assert main(["code", str(draft)]) == 0
    shared = capsys.readouterr().out.strip()
    assert code.decode(shared).empty == ("B",) if "knights" in draft.name else ("II",)
    assert main(["play", shared]) == 2
    assert "a draft (incomplete: 1 empty slot) cannot be played" in _one_line(capsys)


def test_solve_json_says_a_draft_is_not_valid(draft, capsys):
    assert main(["solve", str(draft), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["unique"] is True  # what is written so far has one answer
    assert data["valid"] is False
    assert data["incomplete"] == "incomplete: 1 empty slot"
    assert data["empty_slots"] == (["B"] if "knights" in draft.name else ["II"])
    assert main(["solve", str(draft)]) == 0
    out = capsys.readouterr().out
    assert "Incomplete: 1 empty slot: so far one answer" in out and "Valid" not in out


def test_check_says_incomplete_and_exits_1(draft, capsys):
    assert main(["check", str(draft)]) == 1
    assert capsys.readouterr().out.strip() == f"{draft}: incomplete: 1 empty slot"


def test_a_finished_puzzle_is_valid_and_the_structured_json_round_trips_a_draft(tmp_path,
                                                                               capsys):
    done = tmp_path / "done.toml"
    done.write_text(KNIGHTS.replace('says = [""]', 'says = ["A is a knave"]'))
    assert main(["solve", str(done), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["valid"] is True and "empty_slots" not in data
    puzzle = world_toml.loads(TRIAL)
    assert puzzle.empty == ("II",)
    back = structured.loads(structured.dumps(puzzle))
    assert back == puzzle and structured.to_data(world_toml.loads(done.read_text())).get(
        "empty") is None


def test_a_draft_keeps_its_empty_slots_through_json_code_and_back_to_toml(tmp_path, capsys):
    from portia_tui.core.author import world_editing as we

    text = KNIGHTS.replace('says = ["Both of us are knaves"]',
                           'says = ["", "Both of us are knaves", ""]')
    path = tmp_path / "d.toml"
    path.write_text(text)
    draft = we.loads(text)
    for middle in ("d.json", None):
        if middle is None:  # through a share code
            assert main(["code", str(path)]) == 0
            source = capsys.readouterr().out.strip()
        else:
            assert main(["convert", str(path), str(tmp_path / middle)]) == 0
            source = str(tmp_path / middle)
        back = tmp_path / f"back-{middle}.toml"
        assert main(["convert", source, str(back)]) == 0
        assert we.loads(back.read_text()) == draft  # before: the empty slots were dropped
        puzzle = code.decode(source) if middle is None else structured.loads(
            (tmp_path / middle).read_text())
        assert we.of_puzzle(puzzle) == draft  # the editor's page of a code: the same slots
    capsys.readouterr()
