"""A mouse selection over the editor's slots shows (issue 21): the slots draw their kept
lines through render_line, which left out the highlight Textual's default path gives
(Widget.text_selection, the screen's "screen--selection" style)."""

from __future__ import annotations

from textual.geometry import Offset
from textual.selection import Selection
from textual.style import Style

from portia_tui.app.editor.app import EditorApp
from portia_tui.app.editor.widgets.casket_panel import Slot
from portia_tui.core.author.editing import EditorModel
from portia_tui.core.language.model import default_puzzle


def _backgrounds(slot, y: int) -> list:
    return [segment.style.bgcolor if segment.style else None
            for segment in slot.render_line(y) for _ in segment.text]


def _changed(before: list, after: list) -> list[int]:
    return [x for x, (a, b) in enumerate(zip(before, after)) if a != b]


async def test_a_selection_over_a_slot_is_highlighted_and_copied():
    app = EditorApp(EditorModel.new(default_puzzle()))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        slot = app.editor.query(Slot).first()
        screen = app.screen
        assert Style.from_styles(screen.get_component_styles("screen--selection")).background
        plain = [_backgrounds(slot, 0), _backgrounds(slot, 1)]
        screen.selections = {slot: Selection(Offset(6, 0), Offset(12, 0))}
        await pilot.pause()
        assert _changed(plain[0], _backgrounds(slot, 0)) == list(range(6, 12))
        assert _changed(plain[1], _backgrounds(slot, 1)) == []
        assert screen.get_selected_text() == str(slot.render()).split("\n")[0][6:12]
        screen.selections = {}
        await pilot.pause()
        assert _backgrounds(slot, 0) == plain[0]  # the kept lines drawn again


async def test_a_selection_over_a_players_statement_is_highlighted():
    from portia_tui.app.play import PlayApp, PlayPuzzleScreen, single_pack
    from portia_tui.app.play.widgets.casket import StatementLine

    from .test_play_support import thesis_example

    app = PlayApp(single_pack(thesis_example()), single=True)
    async with app.run_test(size=(120, 40)) as pilot:
        while not isinstance(app.screen, PlayPuzzleScreen):
            await pilot.pause()
        await pilot.pause()
        line = app.screen.query(StatementLine).first()
        plain = _backgrounds(line, 0)
        app.screen.selections = {line: Selection(Offset(4, 0), Offset(9, 0))}
        await pilot.pause()
        assert _changed(plain, _backgrounds(line, 0)) == list(range(4, 9))
        app.screen.selections = {}
        await pilot.pause()
        assert _backgrounds(line, 0) == plain
