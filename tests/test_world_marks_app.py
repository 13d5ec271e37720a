"""The truth editor's marks beyond a slot's own menu, at 80 x 24: a compound's first step
(each first part by the best compound it can become) and the rules menu (each rule by the
puzzle it makes), both the core's marks, worked out in the marks process."""

from __future__ import annotations

from portia_tui.app.editor.screens.menu import MenuScreen
from portia_tui.core.author import world_editing as we
from portia_tui.core.author import world_marks as mk
from portia_tui.core.author import world_menus as wm

from .test_app_bursts import burst, calm, typed
from .test_world_editor import SMALL, choose_target, editor

LADY_I = {"where content=lady": ["I"]}


async def _marked(app, pilot) -> MenuScreen:
    for _ in range(100):
        await calm(app, pilot)
        menu = app.screen
        if isinstance(menu, MenuScreen) and menu.marks is not None:
            return menu
        await pilot.pause(0.1)
    raise AssertionError("no marks came")


async def test_the_first_step_of_a_compound_and_the_rules_menu_are_marked(tmp_path):
    draft = we.blank("lady-tiger", 3)
    app = editor(tmp_path, draft, "doors.toml")
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        await choose_target(app, pilot, LADY_I)
        # slot I: the compound "Both … and …", then its first step
        burst(app, ["enter", *typed("both"), "enter"])
        menu = await _marked(app, pilot)
        parts = [v for _s, v in menu.options]
        assert list(menu.marks) == mk.mark_first_parts(draft, "I", LADY_I, "and", parts)
        assert "best compound" in menu.legend and "valid" in menu.marks
        # a first part chosen, then escape at once: nothing changes
        burst(app, ["enter", "escape"])
        await calm(app, pilot)
        assert app.model.draft == draft
        # the rules menu: each rule as the puzzle it makes
        burst(app, ["l"])
        menu = await _marked(app, pilot)
        rules = [e.formula for e in wm.rule_menu(draft)]
        assert list(menu.marks) == mk.mark_rules(draft, LADY_I, rules)
        assert {"valid", "impossible"} <= set(menu.marks)
        burst(app, ["escape"])
        await calm(app, pilot)
        assert app.model.draft == draft
