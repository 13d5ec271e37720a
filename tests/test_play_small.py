"""The player on small terminals, in workers, with pencil marks and share codes (Pilot)."""

from __future__ import annotations

import threading

import pytest
from textual.containers import VerticalScroll
from textual.events import MouseScrollDown

from portia_tui.app.play import PlayPuzzleScreen, PlayApp, single_pack
from portia_tui.app.play.widgets import CasketCard, StatementLine
from portia_tui.core.io import formats
from portia_tui.core.io.formats.code import decode
from portia_tui.core.packs.generator import Settings, generate
from portia_tui.core.language.model import default_puzzle
from portia_tui.core.io.progress import ProgressStore, pack_key

from .conftest import REPO
from .test_play_app import feedback, press, settle
from .test_play_support import thesis_example

SMALL = (80, 24)


def six_caskets():
    s = Settings(n=2, caskets=6, count=1, seed=4).check()
    return next(iter(generate(s))).puzzle


def _visible(app, number: int) -> bool:
    board = app.screen.query_one("#board", VerticalScroll)
    line = app.screen.query_one(f"#statement-{number}", StatementLine)
    return board.region.contains_region(line.region)


@pytest.mark.parametrize("make", [
    lambda: formats.load(REPO / "puzzles" / "six-a-side.toml"),
    six_caskets,
])
async def test_every_statement_is_readable_at_80x24(make):
    puzzle = make()
    app = PlayApp(single_pack(puzzle), single=True)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.has_class("-compact")
        board = screen.query_one("#board", VerticalScroll)
        assert board.max_scroll_y > 0  # the caskets do not fit: the board scrolls
        hidden = [i for i in range(puzzle.size) if not _visible(app, i)]
        assert hidden  # some statements start out of view ...
        for i in range(puzzle.size):  # ... and the statement cursor brings each one in
            await pilot.wait_for_scheduled_animations()
            for _ in range(100):  # scrolling may still be under way on a loaded machine
                if _visible(app, i):
                    break
                await pilot.pause(0.02)
            assert screen.cursor == i and _visible(app, i), i
            line = screen.query_one(f"#statement-{i}", StatementLine)
            assert line.sentence == puzzle.sentence(i)
            await pilot.press("down")
        # cards side by side as far as the width allows (six caskets wrap onto rows)
        columns = screen.query_one("#board").styles.grid_size_columns
        assert columns == min(len(puzzle.caskets), 3)
        # the mouse wheel scrolls the board too
        board.scroll_home(animate=False)
        await pilot.pause()
        board.post_message(MouseScrollDown(board, 2, 2, 0, 1, 0, False, False, False))
        await pilot.pause()
        assert board.scroll_y > 0


async def test_left_right_keep_the_row_and_follow_into_view():
    puzzle = six_caskets()
    app = PlayApp(single_pack(puzzle), single=True)
    async with app.run_test(size=SMALL) as pilot:
        screen = app.screen
        await pilot.press("down", "right", "right", "right")  # row 2 of the fourth casket
        await pilot.pause()
        assert screen.selected == 3 and screen.cursor == puzzle.layout.offset(3) + 1
        assert _visible(app, screen.cursor)
        card = screen.query_one("#casket-3", CasketCard)
        assert card.selected and "▶ 4 ·" in str(card.border_title)


async def keys_done(app, pilot) -> None:
    """Until every key pressed was handled (the app hands keys on one at a time: on a loaded
    machine Pilot's wait for an idle process can return before the last one was)."""
    await pilot.pause()
    for _ in range(500):
        if not app.keys_pending:
            break
        await pilot.pause(0.01)
    await pilot.pause()


async def test_a_key_during_a_slow_hint_is_answered_first():
    s = Settings(n=8, caskets=12, count=1, seed=2).check()
    puzzle = next(iter(generate(s))).puzzle
    app = PlayApp(single_pack(puzzle), single=True)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(2000):  # a big puzzle: checked in the child process first
            if isinstance(app.screen, PlayPuzzleScreen):
                break
            await pilot.pause(0.01)
        screen = app.screen
        session = screen.session
        release = threading.Event()
        real = session.work_hints

        def slow(*args):
            assert release.wait(10)
            return real(*args)

        session.work_hints = slow  # the hint's work stays in its thread until released
        await pilot.press("h")
        await keys_done(app, pilot)
        assert "hint" in screen.busy and "Working out the hint" in feedback(app)
        await pilot.press("right", "down")
        await keys_done(app, pilot)
        assert screen.selected == 1 and screen.cursor == puzzle.layout.offset(1) + 1
        assert session.hints_shown == 0  # the key was answered while the hint still ran
        await pilot.press("h")  # a second h while the first runs is not queued twice
        release.set()
        await settle(pilot)
        assert session.hints_shown == 1 and not screen.busy
        first = session.hints()[0]
        assert f"Hint 1 of {session.hint_levels}: {first.title}" in feedback(app)
        assert "key" not in session.hints()[0].text


async def test_pencil_marks_check_undo_restart_and_save():
    puzzle = default_puzzle()  # gold: statements 1 and 2 true, 3 false
    app = PlayApp(single_pack(puzzle), single=True)
    async with app.run_test(size=SMALL) as pilot:
        screen = app.screen
        session = screen.session
        await press(pilot, "t")  # no supposition yet: nothing marked
        assert session.pencil.empty
        await press(pilot, "s", "t", "right", "t", "right", "t")  # gold supposed: 1, 2, 3 true
        assert session.pencil.marks(0) == {0: True, 1: True, 2: True}
        card = screen.query_one("#casket-0", CasketCard)
        assert "✎ supposed" in card.border_subtitle
        await press(pilot, "c")
        text = feedback(app)
        assert ("Supposing the portrait is in the gold casket, 1 of your 3 marks is wrong: "
                "statement 3 (marked true).") in text
        assert "silver" not in text.split("Share")[0]  # the answer is not given away
        line = screen.query_one("#statement-2", StatementLine)
        assert line.state == (True, True, True, True)  # cursor, marked true, wrong, marking
        await press(pilot, "u")  # undo the last mark: the check is gone with it
        assert session.pencil.marks(0) == {0: True, 1: True} and session.mark_check is None
        await press(pilot, "f")
        await press(pilot, "c")
        assert "all 3 of your marks fit" in feedback(app)
        # another supposition keeps its own marks
        await press(pilot, "left", "s", "f")  # from lead to silver
        assert session.pencil.supposing == 1 and session.pencil.marks() == {1: False}
        assert session.pencil.marks(0) == {0: True, 1: True, 2: False}
        # saved with progress (by the app's writer thread)
        assert app.flush_saves(5)
        stored = ProgressStore().packs[app.key].puzzles["1"]
        assert stored.marks == {"0": {"0": True, "1": True, "2": False}, "1": {"1": False}}
        assert stored.supposing == 1
        # restart: twice
        await press(pilot, "x")
        assert "Press x again to start over" in feedback(app) and not session.pencil.empty
        await press(pilot, "x")
        assert session.pencil.empty and session.pencil.supposing is None
        assert app.flush_saves(5)
        assert ProgressStore().packs[app.key].puzzles["1"].marks == {}


async def test_marks_are_restored_when_the_puzzle_is_opened_again():
    pack = single_pack(thesis_example())
    app = PlayApp(pack, single=True)
    async with app.run_test(size=SMALL) as pilot:
        await press(pilot, "right", "s", "down", "t", "1")
    again = PlayApp(pack, single=True)
    async with again.run_test(size=SMALL) as pilot:
        await settle(pilot)
        session = again.screen.session
        assert session.pencil.supposing == 1 and session.pencil.marks() == {3: True}
        assert again.screen.selected == 1 and session.wrong_picks == set()
    assert pack_key(pack) == again.key


async def test_the_player_shows_the_share_code():
    puzzle = formats.load(REPO / "puzzles" / "six-a-side.toml")
    app = PlayApp(single_pack(puzzle), single=True)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        subtitle = str(app.screen.query_one("#feedback").border_subtitle)
        code = subtitle.removeprefix("code ")
        assert decode(code) == puzzle.replace(title="", author="", notes="")
        assert f"portia play {code}" in feedback(app)


async def test_the_text_under_the_caskets_grows_and_shrinks_with_what_it_says():
    """The text is redrawn without a new layout while it keeps its number of lines, and laid
    out again when it takes more or fewer (a mark, then the help of a hint)."""
    app = PlayApp(single_pack(six_caskets()), single=True)
    async with app.run_test(size=SMALL) as pilot:
        screen = app.screen
        text = screen.query_one("#feedback-text")
        for keys in (("s",), ("t",), ("t",), ("h",), ("s",)):
            await pilot.press(*keys)
            await keys_done(app, pilot)
            for _ in range(100):
                if not screen.busy:
                    break
                await pilot.pause(0.02)
            await pilot.pause()
            width = text.content_size.width
            assert text.content_size.height == text.get_content_height(
                screen.query_one("#feedback").size, app.size, width), keys


def _card_places(app) -> list[tuple[int, int, int]]:
    return [(card.virtual_region.x, card.virtual_region.y, card.virtual_region.width)
            for card in app.screen.query(CasketCard)]


async def test_the_board_refits_to_every_terminal_size_as_a_fresh_opening_does():
    """The screen skips Textual's second layout of a size it was just laid out at (the echo
    of its own first layout, see PlayPuzzleScreen.on_resize): a real resize, also one that
    came while the help covered the screen, still refits the caskets and the compact look
    as an opening at that size does."""
    puzzle = six_caskets()
    fresh = {}
    for size in ((160, 50), SMALL):
        app = PlayApp(single_pack(puzzle), single=True)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            fresh[size] = (_card_places(app), app.screen.has_class("-compact"))
    assert fresh[(160, 50)][1] is False and fresh[SMALL][1] is True
    assert len({y for _x, y, _w in fresh[(160, 50)][0]}) == 1  # six side by side
    assert len({y for _x, y, _w in fresh[SMALL][0]}) == 2  # two rows of three
    app = PlayApp(single_pack(puzzle), single=True)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        assert (_card_places(app), app.screen.has_class("-compact")) == fresh[(160, 50)]
        await pilot.resize_terminal(*SMALL)
        await pilot.pause(0.1)
        assert (_card_places(app), app.screen.has_class("-compact")) == fresh[SMALL]
        await pilot.press("question_mark")  # the help covers the board while it grows
        await pilot.pause()
        assert not isinstance(app.screen, PlayPuzzleScreen)
        await pilot.resize_terminal(160, 50)
        await pilot.pause(0.1)
        await pilot.press("escape")
        await pilot.pause(0.1)
        assert isinstance(app.screen, PlayPuzzleScreen)
        assert (_card_places(app), app.screen.has_class("-compact")) == fresh[(160, 50)]
