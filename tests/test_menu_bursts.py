"""The casket editor's menus (a slot's statements, add and remove a rule) under keys that
arrive together: each key goes to the screen the keys before it left on top, so a burst ends
in the same puzzle as the same keys pressed one at a time, and a menu already answered or
dismissed never takes a key meant for the editor (the truth editor's menus: WorldMenu)."""

from __future__ import annotations

import pytest

from portia_tui.app.editor.app import EditorApp
from portia_tui.core.author.editing import EditorModel
from portia_tui.core.io import formats
from portia_tui.core.io.recovery import RecoveryStore
from portia_tui.core.language.model import blank_puzzle

from .test_app_bursts import SMALL, burst, calm, typed


async def _final(tmp_path, keys: list[str], together: bool, tag: str):
    path = tmp_path / f"{tag}.toml"
    formats.save(blank_puzzle(3, 2), path, force=True)
    before = path.read_bytes()
    app = EditorApp(EditorModel.opened(formats.load(path), path),
                    store=RecoveryStore(tmp_path / f"rec-{tag}"))
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        if together:
            burst(app, keys)
            await calm(app, pilot)
        else:
            for key in keys:
                burst(app, [key])
                await calm(app, pilot)
        state = (app.model.puzzle, type(app.screen).__name__)
    assert path.read_bytes() == before  # no key of these saves
    return state


BURSTS = {
    # a slot's menu: chosen, then at once another key for the editor
    "enter-enter-down-enter-enter": ["enter", "enter", "down", "enter", "enter"],
    "enter-escape-enter-enter": ["enter", "escape", "enter", "enter"],
    "enter-text-enter-text": (["enter"] + typed("in this") + ["enter", "down", "enter"]
                              + typed("gold") + ["enter"]),
    # the rules menus: the L reached the add-rule menu as it closed (failed before the fix)
    "rule-escape-enter": ["l", "escape", "enter", "escape", "l", "enter", "L", "enter",
                          "escape"],
    "rule-text-enter-down-enter": ["l"] + typed("every") + ["enter", "down", "enter", "enter"],
    "repairs-enter-enter": ["enter", "enter", "f", "enter", "enter", "escape"],
    # the title dialog: enter in its field, then l (typed into the closing dialog before)
    "meta-enter-rule": ["e", "i", "f", "enter", "l", "enter"],
    "new-enter-row": ["n", "enter", "a", "enter", "escape"],
}


@pytest.mark.parametrize("name", sorted(BURSTS))
async def test_a_menu_burst_ends_as_the_same_keys_one_at_a_time(tmp_path, name):
    keys = BURSTS[name]
    slow = await _final(tmp_path, keys, together=False, tag="slow")
    fast = await _final(tmp_path, keys, together=True, tag="fast")
    assert fast == slow


async def test_a_pasted_5000_digit_number_in_the_new_puzzle_dialog(tmp_path):
    """int() refuses over 4,300 digits: the dialog says the range instead of crashing."""
    from textual import events
    from textual.widgets import Input, Static

    app = EditorApp(store=RecoveryStore(tmp_path / "rec"))
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        for field, said in (("n", "between 1 and 100 statements"), ("m", "m must be")):
            burst(app, ["n"])
            await calm(app, pilot)
            box = app.screen.query_one(f"#new-{field}", Input)
            box.focus()
            box.value = ""
            box.post_message(events.Paste("9" * 5000))
            await calm(app, pilot)
            burst(app, ["enter"])
            await calm(app, pilot)
            assert said in str(app.screen.query_one("#new-error", Static).render())
            burst(app, ["escape"])
            await calm(app, pilot)
        assert app.is_running and app.screen is app.editor
