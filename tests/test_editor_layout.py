"""The editor fits the terminal: three caskets at 80 columns, four at 120 (more scroll, with a
sign), the analysis shows all its text when rows are free, the footer always shows Quit."""

from __future__ import annotations

from textual.widgets import Static

from portia_tui.app.footer import Footer
from portia_tui.app.editor.app import EditorApp
from portia_tui.core.author.editing import EditorModel
from portia_tui.core.language.model import blank_puzzle


def visible(widget, width: int) -> bool:
    region = widget.region
    return region.width > 0 and region.x >= 0 and region.right <= width


async def check(size, caskets: int, n: int, shown: int) -> None:
    app = EditorApp(EditorModel.new(blank_puzzle(caskets, n, m=1)))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        panels = app.editor.panels
        assert sum(visible(p, size[0]) for p in panels) == shown
        sign = app.editor.query_one("#more-caskets", Static)
        assert sign.display == (caskets > shown)
        if caskets > shown:
            assert "more caskets →" in str(sign.render())
        # the footer shows how to quit, inside the screen
        footer = app.editor.query_one(Footer)
        quit_at = footer.offset_of("quit")
        assert 0 <= quit_at and quit_at + len(" q Quit") <= size[0]
        assert "q Quit" in str(footer.render())
        # the analysis shows all its text (nothing scrolled out of sight) when rows are free
        analysis = app.editor.query_one("#analysis")
        if size[1] >= 40:
            assert analysis.max_scroll_y == 0 and analysis.size.height >= 10


async def test_80_columns_show_three_caskets():
    await check((80, 24), 3, 3, 3)


async def test_120_columns_show_four_and_a_sign_for_more():
    await check((120, 40), 5, 2, 4)


async def test_200_columns_show_five():
    await check((200, 50), 5, 2, 5)
