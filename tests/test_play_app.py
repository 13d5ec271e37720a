"""Pilot tests of the player: verdicts, hints, reveal, mouse, invalid puzzles, packs, progress."""

from __future__ import annotations

import json

import pytest
from textual.widgets import DataTable, Static

from portia_tui.app.base import PortiaApp
from portia_tui.app.play import PlayApp, PlayPuzzleScreen, single_pack
from portia_tui.app.play.screens import HelpScreen, PackScreen, StatsScreen
from portia_tui.app.play.screens.puzzle import spaced
from portia_tui.app.play.widgets import CasketCard
from portia_tui.core.solve import sat
from portia_tui.core.explain.deduction import explain
from portia_tui.core.explain.hints import Coach
from portia_tui.core.language.model import default_puzzle
from portia_tui.core.packs.pack import Pack, PackPuzzle, load_pack
from portia_tui.core.io.progress import ProgressStore, pack_key

from .test_play_support import make_pack, no_solution_puzzle, thesis_example, two_solution_puzzle

SIZE = (140, 45)


@pytest.fixture(autouse=True)
def _dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("PORTIA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PORTIA_CONFIG_DIR", str(tmp_path / "config"))


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def feedback(app) -> str:
    return app.screen.query_one("#feedback-text", Static).content.plain


def top(app) -> str:
    return app.screen.query_one("#top", Static).content.plain


async def press(pilot, *keys: str) -> None:
    """Press keys one by one, letting each key's worker (a pick, a hint...) land."""
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


async def click(pilot, selector: str) -> None:
    await pilot.click(selector)
    await settle(pilot)


async def settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def single(puzzle=None, **kw) -> PlayApp:
    return PlayApp(single_pack(puzzle or default_puzzle()), single=True, **kw)


# --------------------------------------------------------------------------- one puzzle
async def test_right_answer_says_so_with_the_explanation():
    app = single()
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "2")
        screen = app.screen
        assert isinstance(screen, PlayPuzzleScreen)
        assert screen.session.verdict.correct
        text = feedback(app)
        assert "✔ Right: the portrait is in the silver casket." in text
        assert "1 true statement, as the puzzle says" in text
        assert spaced(explain(default_puzzle())) in text
        assert "✔ the portrait" in screen.query_one("#casket-1", CasketCard).border_subtitle
        assert "● solved" in top(app)
        assert screen.session.record.status == "solved"


async def test_wrong_answer_says_why_then_arrows_and_enter_pick_again():
    app = single(thesis_example())
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "1")
        text = feedback(app)
        assert "✘ Wrong: not the gold casket." in text
        # the count under that placement against m, from the deduction story
        assert "statements 1, 5 and 6 are true" in text
        assert "3 true statements: too few for exactly 4" in text
        assert "Pick another casket to try again" in text and "r to reveal" in text
        card = app.screen.query_one("#casket-0", CasketCard)
        assert card.border_subtitle == "✘ not here" and card.has_class("-wrong")
        assert "○ unsolved" in top(app)
        # arrows and enter: from gold, right once is silver
        await press(pilot, "right", "enter")
        session = app.screen.session
        assert session.verdict.correct and session.verdict.placement == 1
        assert session.record.status == "solved" and session.record.wrong == 1


async def test_mouse_click_picks_a_casket():
    app = single()
    async with app.run_test(size=SIZE) as pilot:
        await click(pilot, "#casket-2")
        assert app.screen.session.verdict.placement == 2
        assert "✘ Wrong: not the lead casket." in feedback(app)
        await click(pilot, "#casket-1")
        assert app.screen.session.verdict.correct


async def test_each_hint_step_is_shown_and_correct():
    puzzle = thesis_example()
    coach = Coach(puzzle)
    analysis = sat.analyse(puzzle)
    app = single(puzzle)
    async with app.run_test(size=SIZE) as pilot:
        session = app.screen.session
        for k in (1, 2, 3):
            await press(pilot, "h")
            text = feedback(app)
            hint = coach.hint(k)
            assert f"Hint {k} of 3: {hint.title}" in text
            assert hint.text in text
            assert f"hints {k} of 3" in top(app)
        # the key observation, then the lead casket ruled out with its count against m
        assert coach.hint(1).title == "A key observation"
        assert coach.hint(2).rules_out == ("lead",)
        assert analysis.true_counts[2] == frozenset({1})
        assert "1 true statement: too few for exactly 4" in text
        # no hint says the answer fits
        assert "silver casket fits" not in text

        await press(pilot, "h")  # no fourth step
        assert session.hints_shown == 3
        assert session.record.hints == 3
        await press(pilot, "2")
        assert session.record.status == "hinted"
        assert "◐ solved with hints" in top(app)


async def test_reveal_needs_a_second_press_and_shows_the_explanation():
    app = single(thesis_example())
    async with app.run_test(size=SIZE) as pilot:
        session = app.screen.session
        await press(pilot, "r")
        assert "Press r again to reveal" in feedback(app)
        assert session.record.status == "unsolved" and not session.revealed
        await press(pilot, "r")
        text = feedback(app)
        assert "◌ Revealed: The portrait is in the silver casket." in text
        assert spaced(explain(thesis_example())) in text
        assert session.record.status == "revealed"
        assert "◌ revealed" in top(app)
        assert not session.running
        await press(pilot, "2")  # a pick after reveal does not make it solved
        assert session.record.status == "revealed"


@pytest.mark.parametrize("make, words", [
    (no_solution_puzzle, "no solution: no casket fits"),
    (two_solution_puzzle, "not unique: 2 caskets fit"),
])
async def test_invalid_puzzle_says_so(make, words):
    app = single(make())
    async with app.run_test(size=SIZE) as pilot:
        text = feedback(app)
        assert "⚠ This puzzle cannot be played as it is." in text and words in text
        assert "⚠ invalid puzzle" in top(app)
        await press(pilot, "1")
        session = app.screen.session
        assert not session.verdict.correct
        assert "Right" not in feedback(app)
        await press(pilot, "h")
        assert session.hints_shown == 0
        assert session.record.status == "unsolved"
        await press(pilot, "r")  # no confirmation needed: nothing to spoil
        assert explain(make()).splitlines()[-1] in feedback(app)


async def test_help_opens_and_closes():
    app = single()
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "escape")
        assert isinstance(app.screen, PlayPuzzleScreen)


async def test_timer_counts_while_unfinished_and_is_stored():
    fake = FakeClock()
    app = single(clock=fake)
    async with app.run_test(size=SIZE) as pilot:
        fake.now += 65
        await pilot.pause()
        session = app.screen.session
        assert session.elapsed == pytest.approx(65)
        await press(pilot, "2")
        fake.now += 100  # stopped once solved
        assert session.elapsed == pytest.approx(65)
        await press(pilot, "q")
    data = json.loads((ProgressStore().path).read_text())
    (entry,) = data["packs"].values()
    assert entry["puzzles"]["1"]["seconds"] == pytest.approx(65)
    assert entry["puzzles"]["1"]["status"] == "solved"


async def test_any_app_can_push_the_play_screen():
    class Host(PortiaApp):
        def on_mount(self) -> None:
            self.push_screen(PlayPuzzleScreen(default_puzzle()))

    app = Host()
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, PlayPuzzleScreen)
        assert screen.check_action("navigate", (1,)) is False  # no pack: no next/previous
        await press(pilot, "2")
        assert screen.session.verdict.correct
        await press(pilot, "escape")
        assert not isinstance(app.screen, PlayPuzzleScreen)
    assert not ProgressStore().path.exists()  # nothing saved for an author's trial


# --------------------------------------------------------------------------- packs
def status_cells(app) -> list[str]:
    table = app.screen.query_one(DataTable)
    return [table.get_cell_at((r, 3)).plain for r in range(table.row_count)]


async def test_home_and_end_go_to_the_first_and_last_puzzle_of_a_pack(tmp_path):
    """A row cursor's DataTable only scrolls sideways on home and end (Textual 8.2); the pack
    list moves its cursor (found by the burst tours: 'home enter' opened the last puzzle)."""
    path = tmp_path / "pack.toml"
    make_pack(path)
    app = PlayApp(load_pack(path))
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen.query_one(DataTable)
        await press(pilot, "end")
        assert table.cursor_row == table.row_count - 1 == 2
        await press(pilot, "home")
        assert table.cursor_row == 0
        await press(pilot, "end", "home", "enter")  # one burst
        assert app.screen.session.place.index == 1


async def test_pack_progress_is_saved_and_resumed(tmp_path):
    path = tmp_path / "pack.toml"
    make_pack(path)
    fake = FakeClock()

    app = PlayApp(load_pack(path), clock=fake)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, PackScreen)
        assert status_cells(app) == ["○ unsolved"] * 3
        await press(pilot, "enter")
        assert app.screen.session.place.index == 1
        fake.now += 30
        await press(pilot, "2")  # default puzzle: silver
        assert app.screen.session.record.status == "solved"
        await press(pilot, "n")
        await pilot.pause()
        assert app.screen.session.place.index == 2
        assert "Puzzle 2 of 3 (steady)" in top(app)
        await press(pilot, "h", "1")  # one hint, one wrong pick
        fake.now += 12
        await press(pilot, "q")

    saved = json.loads(ProgressStore().path.read_text())
    entry = saved["packs"][pack_key(load_pack(path))]
    assert entry["current"] == "002"
    assert entry["puzzles"]["001"] == {"status": "solved", "hints": 0, "seconds": 30.0,
                                       "wrong": 0}
    assert entry["puzzles"]["002"]["hints"] == 1 and entry["puzzles"]["002"]["wrong"] == 1
    assert entry["puzzles"]["002"]["seconds"] == pytest.approx(12)

    app = PlayApp(load_pack(path), clock=fake)  # come back
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, PackScreen)
        summary = screen.query_one("#pack-summary", Static).content.plain
        assert "Welcome back: you were on puzzle 2" in summary
        assert "1 of 3 solved" in summary
        assert screen.query_one(DataTable).cursor_row == 1
        assert status_cells(app) == ["● solved", "○ unsolved", "○ unsolved"]
        await press(pilot, "enter")
        session = app.screen.session
        assert session.place.index == 2
        assert session.hints_shown == 1  # the hint seen before is back on screen
        assert "Hint 1 of 3" in feedback(app)
        fake.now += 8
        await press(pilot, "2")
        assert session.record.status == "hinted"
        assert session.record.seconds == pytest.approx(20)
        await press(pilot, "escape")
        assert isinstance(app.screen, PackScreen)
        assert status_cells(app) == ["● solved", "◐ solved with hints", "○ unsolved"]
        # the earlier puzzle shows its record instead of starting over
        await press(pilot, "up", "enter")
        assert "You have finished this puzzle before: solved in 0:30" in feedback(app)
        assert not app.screen.session.running


async def test_next_and_previous_stop_at_the_ends(tmp_path):
    path = tmp_path / "pack.toml"
    make_pack(path)
    app = PlayApp(load_pack(path))
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p")
        await pilot.pause()
        assert app.screen.session.place.index == 1
        await press(pilot, "n", "n")
        await pilot.pause()
        assert app.screen.session.place.index == 3
        await press(pilot, "n")
        await pilot.pause()
        assert app.screen.session.place.index == 3
        await press(pilot, "p")
        await pilot.pause()
        assert app.screen.session.place.index == 2


async def test_statistics_view(tmp_path):
    path = tmp_path / "pack.toml"
    make_pack(path)
    app = PlayApp(load_pack(path))
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "2", "n")  # easy: solved
        await pilot.pause()
        await press(pilot, "h", "h", "2", "n")  # medium: solved with 2 hints
        await pilot.pause()
        await press(pilot, "r", "r", "escape")  # hard: revealed
        await pilot.pause()
        await press(pilot, "s")
        assert isinstance(app.screen, StatsScreen)
        table = app.screen.query_one(DataTable)
        rows = {table.get_row_at(r)[0]: table.get_row_at(r) for r in range(table.row_count)}
        assert rows["gentle"][1:6] == ["1", "1", "0", "0", "0"]
        assert rows["steady"][1:7] == ["1", "0", "1", "0", "0", "2"]
        assert rows["tricky"][1:6] == ["1", "0", "0", "1", "0"]
        assert rows["all"][1:7] == ["3", "1", "1", "1", "0", "2"]
        await press(pilot, "escape")
        assert isinstance(app.screen, PackScreen)


async def test_pack_entry_whose_stored_answer_is_wrong_is_marked_invalid(tmp_path):
    pack = Pack("Broken", (PackPuzzle("a", default_puzzle(), "gentle", 1.0, "lead"),
                           PackPuzzle("b", thesis_example(), "gentle", 1.0, "silver")))
    app = PlayApp(pack)
    async with app.run_test(size=SIZE) as pilot:
        assert status_cells(app) == ["⚠ invalid puzzle", "○ unsolved"]
        await press(pilot, "enter")
        assert "the analysis finds the silver casket" in feedback(app)
        await press(pilot, "2")
        assert not app.screen.session.verdict.correct


async def test_corrupt_progress_file_does_not_stop_play(tmp_path):
    store_path = ProgressStore().path
    store_path.parent.mkdir(parents=True)
    store_path.write_text("{ nope")
    path = tmp_path / "pack.toml"
    make_pack(path)
    app = PlayApp(load_pack(path))
    async with app.run_test(size=SIZE) as pilot:
        assert app.store.notice and "starting with fresh progress" in app.store.notice
        await press(pilot, "enter", "2", "q")
    assert json.loads(store_path.read_text())["format"] == 1
    assert store_path.with_name("progress.json.corrupt").read_text() == "{ nope"


async def test_hints_after_a_wrong_pick_follow_the_same_ladder():
    app = single()
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "1", "h")  # gold ruled out by a wrong pick: the ladder is the same
        coach = app.screen.session.coach
        assert coach.hint(1).text in feedback(app)
        await press(pilot, "h")
        assert coach.hint(2).text in feedback(app)
        assert "silver casket fits" not in feedback(app)
