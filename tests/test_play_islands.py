"""The player on island and door puzzles, at 80x24: marks, checks, hints, the verdict and
the reveal, through keys (a Pilot session each)."""

from __future__ import annotations

from pathlib import Path

import pytest

from portia_tui.app.play.islands import IslandPlayApp
from portia_tui.core.explain.island_game import IslandGame
from portia_tui.core.io.formats import world_toml

TRUTH = Path(__file__).resolve().parents[1] / "puzzles" / "truth"


@pytest.fixture(autouse=True)
def _folders(tmp_path, monkeypatch):
    monkeypatch.setenv("PORTIA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PORTIA_CONFIG_DIR", str(tmp_path / "config"))


def load(name):
    return world_toml.loads((TRUTH / name).read_text(), name)


async def _ready(app, pilot):
    for _ in range(200):
        if app.game is not None:
            return
        await pilot.pause(0.02)
    raise AssertionError("the puzzle was never ready")


def said(app) -> str:
    return str(app.query_one("#said").render())


def grid(app) -> str:
    return str(app.query_one("#grid").render())


async def test_knights_and_knaves_marked_and_judged_at_80x24():
    app = IslandPlayApp(load("three-islanders.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await _ready(app, pilot)
        assert "Both A and B are knaves" in grid(app)
        # A knight (wrong), then check: that mark cannot be right
        await pilot.press("space", "c")
        assert "cannot be right: A's type" in said(app)
        # A knave, B knight, C knave, all in one burst of keys
        await pilot.press("space", "right", "space", "right", "space", "space", "enter")
        assert said(app).startswith("Right!")
        assert "A is a knave" in said(app)


async def test_a_three_door_trial_played_with_hints_and_reveal():
    app = IslandPlayApp(load("trial-9.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await _ready(app, pilot)
        assert "Find: the lady." in str(app.query_one("#rules").render())
        await pilot.press("enter")
        assert "do not answer" in said(app)
        await pilot.press("h")
        assert said(app).startswith("Hint 1:")
        await pilot.press("right", "space", "enter")  # the lady in room II: wrong
        assert said(app).startswith("Not quite")
        await pilot.press("r")
        assert "again" in said(app)
        await pilot.press("r")
        assert "Answer: A lady is in room I" in said(app)


async def test_an_ill_posed_puzzle_is_not_played():
    app = IslandPlayApp(load("mutual-praise.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await _ready(app, pilot)
        assert "cannot be played" in said(app)
        await pilot.press("space", "enter", "c", "h", "r", "r")
        assert app.game is not None and not app.game.marks


def test_hints_never_give_the_whole_answer_before_the_reveal():
    for path in sorted(TRUTH.glob("*.toml")):
        game = IslandGame(world_toml.loads(path.read_text(), path.name))
        if not game.playable:
            continue
        ladder = game.hints()
        assert ladder[-1].text == game.reveal_text()
        for hint in ladder[:-1]:
            assert "Answer:" not in hint.text


def test_check_finds_marks_that_clash_together():
    game = IslandGame(load("three-islanders.toml"))
    game.set(("A", "type"), "knave")
    game.set(("B", "type"), "knave")
    found = game.check()
    assert found.wrong == (("B", "type"),) and not found.together


def test_share_codes_carry_every_family():
    from portia_tui.core.io.formats.code import CodeError, decode, encode_world

    for path in sorted(TRUTH.glob("*.toml")):
        puzzle = world_toml.loads(path.read_text(), path.name)
        code = encode_world(puzzle)
        assert code.startswith("3") and code[1:].isalnum()
        back = decode(code)
        assert back.statements == puzzle.statements and back.entities == puzzle.entities
        assert back.constraints == puzzle.constraints and back.question == puzzle.question
    for bad in ("3", "3ABCDEFGH", encode_world(load("trial-9.toml"))[:-2] + "AA"):
        with pytest.raises(CodeError):
            decode(bad)
