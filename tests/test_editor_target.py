"""The Algorithm 2 panel's target field: one light widget drawn as a compact Select; enter,
space or a click opens the menu of caskets, and the casket chosen becomes the target (an
undoable edit). Keys typed in one burst land as they would typed slowly."""

from __future__ import annotations

from portia_tui.app.editor.app import EditorApp
from portia_tui.app.editor.screens.menu import MenuScreen
from portia_tui.app.editor.widgets.assistant_panel import TargetField
from portia_tui.core.author.editing import EditorModel
from portia_tui.core.language.model import default_puzzle

from .test_app_bursts import burst, calm


def field_text(field: TargetField) -> str:
    return str(field.render())


async def test_enter_opens_the_caskets_and_a_burst_sets_the_target():
    app = EditorApp(EditorModel.new(default_puzzle()))
    async with app.run_test(size=(120, 40)) as pilot:
        await calm(app, pilot)
        field = app.editor.query_one("#target", TargetField)
        names = app.model.puzzle.names
        start = app.model.target_or(0)  # the solution, silver, until the author chooses
        assert start == 1
        assert field_text(field).startswith(names[start] + " ") and field_text(field).endswith("▼")
        assert field.outer_size.width == 16
        field.focus()
        await calm(app, pilot)
        # enter opens the menu on the current target, down moves to lead, enter chooses it:
        # one write
        burst(app, ["enter", "down", "enter"])
        await calm(app, pilot)
        assert not isinstance(app.screen, MenuScreen)
        assert app.model.target == 2
        assert field_text(field).startswith("lead ")
        # undo takes it back, and the field follows
        await app.editor.run_action("undo")
        await calm(app, pilot)
        assert app.model.target_or(0) == start
        assert field_text(field).startswith(names[start] + " ")
        # escape leaves the target as it was, and the key after it reaches the editor
        burst(app, ["enter", "down", "escape", "t"])
        await calm(app, pilot)
        assert not isinstance(app.screen, MenuScreen)
        assert app.model.target == 2  # t: the next target, after the menu closed


async def test_a_click_opens_the_menu_with_the_current_target_marked():
    app = EditorApp(EditorModel.new(default_puzzle()))
    async with app.run_test(size=(120, 40)) as pilot:
        await calm(app, pilot)
        await pilot.click("#target")
        await calm(app, pilot)
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        assert [name for name, _ in menu.options] == [
            f"the {n} casket" for n in app.model.puzzle.names]
        assert menu.current == app.model.target_or(0)
        await pilot.press("escape")
        await calm(app, pilot)
        assert app.screen is app.editor
