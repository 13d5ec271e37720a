"""The casket player's statement lines (one widget each) and when a key's progress is saved;
the theme check's quick refusal of a colour with a percentage."""

from __future__ import annotations

from textual.containers import VerticalScroll

from portia_tui.app.play import PlayApp, PlayPuzzleScreen, single_pack
from portia_tui.app.play.widgets import CasketCard, StatementLine
from portia_tui.app.themes import _is_colour
from portia_tui.core.io.progress import ProgressStore
from portia_tui.core.language.model import Puzzle
from portia_tui.core.language.vocabulary import Statement

from .test_play_app import press


def big_puzzle(k: int = 12, n: int = 10) -> Puzzle:
    names = [f"c{i}" for i in range(k)]
    table = {name: [Statement("not_in", name)] * n for name in names}
    table[names[0]] = [Statement("in", names[0])] + [Statement("not_in", names[0])] * (n - 1)
    return Puzzle.build(table, m=1 + (k - 1) * n)


async def test_a_statement_is_one_widget_that_wraps_under_itself():
    puzzle = big_puzzle(4, 3)
    app = PlayApp(single_pack(puzzle), single=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.query_one("#board", VerticalScroll)
        # the board holds its cards (its own grid) and one widget per statement, nothing else
        kinds = {type(w) for w in board.walk_children()}
        assert kinds == {CasketCard, StatementLine}
        assert len(board.query(StatementLine)) == puzzle.size
        line = app.screen.query_one("#statement-0", StatementLine)
        text = str(line.render())
        rows = text.split("\n")
        assert rows[0].startswith("▸ 1. ") and len(rows) == line.size.height > 1
        gutter = len("▸ 1. ")
        # the sentence wraps under itself, not under the gutter, and says it all
        assert all(row.startswith(" " * gutter) for row in rows[1:])
        assert " ".join(row.strip() for row in rows).replace("▸ 1. ", "") == line.sentence
        await press(pilot, "s")  # the mark column: '·' beside each statement
        assert str(line.render()).startswith("▸ 1. · ")
        assert line.size.height == len(str(line.render()).split("\n"))


async def test_a_keys_progress_is_saved_once_its_frame_is_drawn():
    app = PlayApp(single_pack(big_puzzle(4, 3)), single=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PlayPuzzleScreen)
        await pilot.press("s", "t", "down", "f")  # a burst: saved once the frames are drawn
        for _ in range(50):
            await pilot.pause()
            if not app.keys_pending:
                break
        await pilot.pause()
        assert app.flush_saves(5)  # written by the app's writer thread
        stored = ProgressStore().packs[app.key].puzzles["1"]
        assert stored.supposing == 0
        assert stored.marks == {"0": {"0": True, "1": False}}


def test_a_colour_with_a_percentage_is_not_one_colour():
    assert not _is_colour("auto 60%") and not _is_colour("#d9ae52 35%")
    assert _is_colour("#d9ae52") and _is_colour("rgb(10, 20, 30)") and _is_colour("red")
    assert not _is_colour("bold") and not _is_colour("")


async def test_the_lines_drawn_are_the_lines_rendered_in_every_state():
    """render_line (Textual's line API, what the screen draws) gives render()'s rows, in
    each state of the gutter: cursor, mark column, T, F and a mark found wrong."""
    puzzle = big_puzzle(3, 2)
    app = PlayApp(single_pack(puzzle), single=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = app.screen.query_one("#statement-0", StatementLine)
        other = app.screen.query_one("#statement-1", StatementLine)

        def drawn(widget: StatementLine) -> list[str]:
            return [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]

        def rendered(widget: StatementLine) -> list[str]:
            return [row.rstrip() for row in str(widget.render()).split("\n")]

        for state in ((True, None, False, False), (False, None, False, True),
                      (True, True, False, True), (False, False, True, True)):
            line.show(*state)
            await pilot.pause()
            assert drawn(line) == rendered(line)
            assert drawn(line)[0].startswith("▸" if state[0] else " ")
        assert "F✘" in drawn(line)[0]
        line.show(True, None, False, False)
        other.show(False, None, False, False)
        await pilot.pause()
        # the cursor's line has its own background (and its ▸: never colour alone)
        assert line.render_line(0).text.startswith("▸")
        assert not other.render_line(0).text.startswith("▸")


async def test_the_collector_is_off_while_the_board_is_built_and_frozen_after():
    """The objects of the open board are frozen after its first frame (collections then
    skip them) and handed back when the app closes."""
    import gc

    seen: list[tuple[bool, int]] = []
    app = PlayApp(single_pack(big_puzzle(4, 3)), single=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        seen.append((gc.isenabled(), gc.get_freeze_count()))
        await pilot.press("s", "right", "down")
    assert seen[0][0] and seen[0][1] > 0
    assert gc.isenabled() and gc.get_freeze_count() == 0


async def test_a_card_is_as_high_as_its_lines_and_they_stack_without_gaps():
    """CasketCard.get_content_height adds its lines' heights instead of arranging them: the
    layout it gives is the one Textual's vertical layout gives (each line right under the one
    before, the last at the card's inner bottom), at every width and with the mark column."""
    from textual.widgets import Static

    puzzle = Puzzle.build({"gold": [Statement("not_in", "gold"), Statement("in", "silver")],
                           "silver": [Statement("not_in", "lead")] * 3,
                           "lead": [Statement("in", "lead")]}, m=3)
    for size in ((80, 24), (120, 40), (57, 30)):
        app = PlayApp(single_pack(puzzle), single=True)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for key in ("", "s"):
                if key:
                    await press(pilot, key)
                for card in app.screen.query(CasketCard):
                    lines = list(card.query(StatementLine))
                    inner = card.content_region
                    assert lines[0].region.y == inner.y
                    for above, below in zip(lines, lines[1:]):
                        assert below.region.y == above.region.bottom
                    assert lines[-1].region.bottom == inner.bottom
                    assert all(line.size.height == len(str(line.render()).split("\n"))
                               for line in lines)
            assert app.screen.query_one("#rule", Static).region.height > 0
