"""The editor's partial repaints leave the screen as a full render would draw it.

Every update the app writes is replayed on a shadow terminal (a grid of cells); after each
edit, undo, values toggle, focus move and row change, the shadow must equal a full render of
the screen (text and style of every cell). This checks the editor's RegionCompositor (which
renders only the widgets that overlap a change) and the in-place text updates.
"""

from __future__ import annotations

import random

import pytest
from rich.cells import cell_len
from rich.segment import ControlType

from portia_tui.app.editor import compositor
from portia_tui.app.editor.app import EditorApp
from portia_tui.core.author.editing import EditorModel
from portia_tui.core.language.model import Puzzle
from portia_tui.core.language.vocabulary import Statement


class Shadow:
    """What a terminal would show after the updates written so far."""

    def __init__(self, width: int, height: int) -> None:
        self.cells = [[(" ", None)] * width for _ in range(height)]

    def apply(self, app, update) -> None:
        x = y = 0
        row = self.cells[0]
        console = app.console
        for segment in update.__rich_console__(console, console.options):
            if segment.control:
                for code in segment.control:
                    if code[0] == ControlType.CURSOR_MOVE_TO:
                        x, y = code[1], code[2]
                        row = self.cells[y]
                continue
            if segment.text == "\n":
                continue
            for char in segment.text:
                width = cell_len(char)
                if width and x < len(row):
                    row[x] = (char, segment.style)
                    for extra in range(1, width):
                        if x + extra < len(row):
                            row[x + extra] = ("", segment.style)
                x += width

    def lines(self) -> list[str]:
        return ["".join(char for char, _ in row) for row in self.cells]


def full_render(app, screen) -> Shadow:
    shadow = Shadow(*app.size)
    shadow.apply(app, screen._compositor.render_full_update())
    return shadow


def puzzle() -> Puzzle:
    rng = random.Random(7)
    names = ["gold", "silver", "lead"]
    built = Puzzle.build({name: [Statement("not_in", name)] * 10 for name in names}, m=10)
    for ci in range(3):
        for pos in range(10):
            built = built.with_statement(ci, pos, rng.choice(built.options(ci)))
    return built


async def settled(app, pilot) -> None:
    for _ in range(50):
        await pilot.pause(0.02)
        if app.editor.shown_generation == app.model.generation and not any(
                w.is_running for w in app.workers if w.group in ("analysis", "repairs")):
            break
    await pilot.pause(0.05)


@pytest.mark.parametrize("size", [(160, 50), (80, 24)])
async def test_partial_repaints_match_a_full_render(size, monkeypatch):
    app = EditorApp(EditorModel.new(puzzle()))
    shadow = Shadow(*size)
    display = type(app)._display
    written: list[str] = []

    def recording_display(self, screen, update):
        if update is not None and screen is self.screen:
            shadow.apply(self, update)
            written.append(type(update).__name__)
        return display(self, screen, update)

    monkeypatch.setattr(type(app), "_display", recording_display)
    rng = random.Random(3)
    async with app.run_test(size=size) as pilot:
        await settled(app, pilot)
        editor = app.editor
        assert type(editor._compositor) is compositor.RegionCompositor

        async def check(what: str) -> None:
            await settled(app, pilot)
            assert app.screen is editor
            for _ in range(20):
                # a late answer (the repairs come after a pause) may still be unpainted
                expected = full_render(app, editor)
                if shadow.cells == expected.cells:
                    return
                await pilot.pause(0.05)
            assert shadow.lines() == expected.lines(), what
            assert shadow.cells == expected.cells, what

        await check("opened")
        for step in range(6):
            ci, pos = rng.randrange(3), rng.randrange(10)
            options = [s for s in app.model.puzzle.options(ci)
                       if s != app.model.puzzle.caskets[ci].statements[pos]]
            await editor.pick(ci, pos, rng.choice(options))
            await check(f"edit {step}")
            if step % 3 == 0:
                await pilot.press("plus" if step % 2 else "minus")
                await check(f"m change {step}")
        await pilot.press("v")
        await check("values shown")
        await pilot.press("down", "right", "down")
        await check("focus moved")
        await editor.pick(0, 0, app.model.puzzle.options(0)[0])
        await check("values shown, edited")
        await pilot.press("u")
        await check("undo")
        await editor.run_action("add_row")
        await check("row added")
        await pilot.press("v")
        await check("values hidden")
    assert "ChopsUpdate" in written  # partial updates were checked, not only full ones
