"""The marks on every menu entry and the repairs, as the editor shows them.

The judgement is the core's (core/author/assistant.py: mark_choices, repairs); the menus must show
exactly what a brute-force reference over every completion says. These tests check the
editor's glue: the worker, the symbols and words, and that a result for another edit, slot or
target is never shown.
"""

from __future__ import annotations

import itertools

from textual.widgets import OptionList, Static

from portia_tui.app.editor.analysis import MARK_SYMBOLS, MarksRequest
from portia_tui.app.editor.app import EditorApp
from portia_tui.app.editor.messages import MarksReady
from portia_tui.core.author.editing import EditorModel
from portia_tui.app.editor.screens.menu import MenuScreen
from portia_tui.core.language.model import blank_puzzle
from portia_tui.core.solve.sat import analyse

SIZE = (120, 40)


def brute_marks(puzzle, slot, choices, target, m):
    """Every completion of the other empty slots from their menus (and every m when m is
    open), analysed one by one."""
    others = [i for i in puzzle.empty_slots if i != slot]
    out = []
    for choice in choices:
        valid = reachable = False
        for fill in itertools.product(*(puzzle.options(puzzle.owner(i)) for i in others)):
            p = puzzle
            for i, st in zip((slot, *others), (choice, *fill)):
                ci = p.owner(i)
                p = p.with_statement(ci, i - p.layout.offset(ci), st)
            analysis = analyse(p)
            for sols in (analysis.solutions(x) for x in ([m] if m is not None
                                                          else range(p.size + 1))):
                valid |= sols == (target,)
                reachable |= target in sols
            if valid:
                break
        out.append("valid" if valid else "reachable" if reachable else "impossible")
    return tuple(out)


async def menu_marks(app, pilot) -> list[str]:
    """Wait until the open menu shows its marks; the entries' prompts."""
    screen = app.screen
    assert isinstance(screen, MenuScreen)
    for _ in range(200):
        if screen.marks is not None:
            break
        await pilot.pause(0.02)
    await pilot.pause()
    return [str(o.prompt) for o in screen.query_one(OptionList).options if not o.disabled]


async def test_every_menu_entry_is_marked_toward_the_target():
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


async def test_marks_for_another_edit_or_slot_are_not_shown():
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


async def test_with_m_open_the_marks_are_for_any_m():
    puzzle = blank_puzzle(3, 1)
    app = EditorApp(EditorModel.new(puzzle, target=2))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down", "right", "right", "enter")  # lead's menu
        prompts = await menu_marks(app, pilot)
        expected = brute_marks(puzzle, 2, puzzle.options(2), 2, None)
        assert [p.split(" ")[0] for p in prompts] == [MARK_SYMBOLS[m] for m in expected]
        assert "m open (any m)" in str(app.screen.query_one("#menu-legend", Static).render())


async def test_repairs_of_an_invalid_puzzle_are_listed():
    from portia_tui.core.author.assistant import repairs
    from portia_tui.core.language.model import default_puzzle

    puzzle = default_puzzle().with_m(0)  # Smullyan's first casket with m = 0: not valid
    app = EditorApp(EditorModel.new(puzzle))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            await pilot.pause(0.02)
            if app.editor._repairs_found is not None:
                break
        await pilot.pause()
        status = " ".join(str(app.editor.query_one("#assistant-status", Static).render()).split())
        found = repairs(puzzle)
        assert found.statements or found.m
        for r in found.statements:
            assert f"statement {r.index + 1} →" in status
        for m in found.m:
            assert f"m = {m} (portrait in" in status
