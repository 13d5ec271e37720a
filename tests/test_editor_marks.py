"""The marks on every menu entry and the repairs, as the editor shows them.

The judgement is the core's (core/assistant.py: mark_choices, repairs). Here a brute-force
reference with the same signature stands in for it, so these tests check the editor's glue:
the worker, the symbols and words, and that a result for another edit, slot or target is
never shown.
"""

from __future__ import annotations

import itertools

import pytest
from textual.widgets import OptionList, Static

import portia_tui.core.assistant as core_assistant
from portia_tui.app.editor.analysis import MARK_SYMBOLS, MarksRequest
from portia_tui.app.editor.app import EditorApp
from portia_tui.app.editor.messages import MarksReady
from portia_tui.app.editor.model import EditorModel
from portia_tui.app.editor.screens.menu import MenuScreen
from portia_tui.core.model import blank_puzzle
from portia_tui.core.sat import analyse

SIZE = (120, 40)


def brute_marks(puzzle, slot, choices, target, m, *, budget=None, cancelled=None):
    """Every completion of the other empty slots from their menus, analysed one by one."""
    others = [i for i in puzzle.empty_slots if i != slot]
    out = []
    for choice in choices:
        valid = reachable = False
        for fill in itertools.product(*(puzzle.options(puzzle.owner(i)) for i in others)):
            p = puzzle
            for i, st in zip((slot, *others), (choice, *fill)):
                ci = p.owner(i)
                p = p.with_statement(ci, i - p.layout.offset(ci), st)
            sols = analyse(p).solutions(m)
            valid |= sols == (target,)
            reachable |= target in sols
            if valid:
                break
        out.append("valid" if valid else "reachable" if reachable else "impossible")
    return tuple(out)


@pytest.fixture
def reference_marks(monkeypatch):
    monkeypatch.setattr(core_assistant, "mark_choices", brute_marks, raising=False)


async def menu_marks(app, pilot) -> list[str]:
    """Wait until the open menu shows its marks; the entries' prompts."""
    screen = app.screen
    assert isinstance(screen, MenuScreen)
    for _ in range(200):
        if screen.marks is not None:
            break
        await pilot.pause(0.02)
    await pilot.pause()
    return [str(o.prompt) for o in screen.query_one(OptionList).options]


async def test_every_menu_entry_is_marked_toward_the_target(reference_marks):
    puzzle = blank_puzzle(3, 1, m=1)
    app = EditorApp(EditorModel.new(puzzle, target=0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # gold's menu
        prompts = await menu_marks(app, pilot)
        menu = puzzle.options(0)
        expected = brute_marks(puzzle, 0, menu, 0, 1)
        assert len(prompts) == len(menu)
        for prompt, mark in zip(prompts, expected):
            assert prompt.startswith(MARK_SYMBOLS[mark] + " ")
        legend = str(app.screen.query_one("#menu-legend", Static).render())
        assert "★ valid" in legend and "✗ impossible" in legend and "gold" in legend
        await pilot.press("escape", "t")  # another target: other marks
        await pilot.press("enter")
        prompts = await menu_marks(app, pilot)
        expected = brute_marks(puzzle, 0, menu, 1, 1)
        assert [p.split(" ")[0] for p in prompts] == [MARK_SYMBOLS[m] for m in expected]


async def test_marks_for_another_edit_or_slot_are_not_shown(reference_marks):
    puzzle = blank_puzzle(3, 1, m=1)
    app = EditorApp(EditorModel.new(puzzle, target=0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await menu_marks(app, pilot)
        screen = app.screen
        shown = screen.marks
        dropped = app.editor.stale_dropped
        # an answer for an older edit, and one for another slot, arrive late
        for request in (MarksRequest(-1, puzzle, 0, 0, 0), MarksRequest(0, puzzle, 1, 0, 0)):
            app.editor.post_message(MarksReady(request, ("impossible",) * len(shown)))
        await pilot.pause()
        await pilot.pause()
        assert screen.marks == shown
        assert app.editor.stale_dropped == dropped + 2


async def test_m_open_asks_for_m_before_marking(reference_marks):
    app = EditorApp(EditorModel.new(blank_puzzle(3, 1), target=0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert screen.marks is None
        assert "m is open" in str(screen.query_one("#menu-legend", Static).render())
