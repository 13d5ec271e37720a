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


async def test_a_casket_panel_is_as_high_as_its_slots_and_they_stack_without_gaps():
    """CasketPanel.get_content_height adds its slots' heights instead of arranging them: the
    layout it gives is the one Textual's vertical layout gives (each slot right under the one
    before, the last at the panel's inner bottom), with two-row and narrow three-row slots, and
    a row of more caskets than fit shows its sideways scroll bar (kept from the first layout)."""
    from portia_tui.app.editor.widgets.caskets_view import HorizontalScroll

    for caskets, n in ((12, 10), (3, 4), (5, 1)):
        for size in ((80, 24), (120, 40), (160, 50)):
            app = EditorApp(EditorModel.new(blank_puzzle(caskets, n, m=1)))
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                row = app.editor.query_one("#caskets", HorizontalScroll)
                shown = min(caskets, size[0] // 26)
                assert row.show_horizontal_scrollbar == (caskets > shown)
                for panel in app.editor.panels:
                    slots = panel.slots
                    inner = panel.content_region
                    assert slots[0].region.y == inner.y
                    for above, below in zip(slots, slots[1:]):
                        assert below.region.y == above.region.bottom
                    assert slots[-1].region.bottom == inner.bottom
                    assert inner.height == sum(slot.size.height for slot in slots)
                    assert all(slot.size.height in (2, 3) for slot in slots)


async def test_spare_rows_go_to_the_analysis_and_nothing_falls_below_the_screen():
    """The caskets view is the row of panels (up to its share of the screen), the sign's
    line right under it, with no blank rows under them: the analysis and Algorithm 2 panels
    take every row left, on screen (a 12 x 10 at 120 x 40 had 8 blank rows and the panels
    below the fold; at 80 x 24 nothing of them showed)."""
    from portia_tui.app.editor.widgets.caskets_view import HorizontalScroll

    for caskets, n in ((12, 10), (3, 10), (12, 1)):
        for size in ((80, 24), (120, 40), (200, 50)):
            app = EditorApp(EditorModel.new(blank_puzzle(caskets, n, m=1)))
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                screen = app.editor
                row = screen.query_one("#caskets", HorizontalScroll)
                sign = screen.query_one("#more-caskets", Static)
                if sign.display:
                    assert sign.region.y == row.region.bottom and sign.size.height == 1
                under = sign.region.bottom if sign.display else row.region.bottom
                assert screen.query_one("#focus-line").region.y == under
                assert screen.max_scroll_y == 0, (caskets, n, size)
                bottom = screen.query_one("#bottom")
                footer = screen.query_one(Footer)
                assert bottom.region.y == screen.query_one("#focus-line").region.bottom
                assert bottom.region.bottom == footer.region.y
                assert bottom.size.height >= 5
                if row.max_scroll_y == 0 and size[1] >= 40:
                    # every statement shows: the rest is the analysis's
                    assert bottom.size.height >= 10


async def test_the_row_keeps_its_vertical_bar_from_the_first_layout_only_when_needed():
    """CasketsView.fit sets `-tall` (overflow-y: scroll) only when the panels are certainly
    taller than the row shows, so the bar is there from the first layout instead of coming
    in a second pass; it never adds a bar that Textual's "auto" would not show. Its numbers
    (slot rows, the row's share of the screen) are the stylesheet's."""
    from portia_tui.app.editor.widgets import caskets_view
    from portia_tui.app.editor.widgets.caskets_view import HorizontalScroll

    for caskets, n in ((12, 10), (3, 10), (3, 4), (5, 1), (12, 7)):
        for size in ((80, 24), (120, 40), (200, 50)):
            app = EditorApp(EditorModel.new(blank_puzzle(caskets, n, m=1)))
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                row = app.editor.query_one("#caskets", HorizontalScroll)
                overflows = row.virtual_size.height > row.scrollable_content_region.height
                assert row.show_vertical_scrollbar == overflows, (caskets, n, size)
                if row.has_class("-tall"):
                    assert overflows, (caskets, n, size)
                if (caskets, n) == (12, 10):
                    assert row.has_class("-tall"), size  # 32 rows or more: surely taller
                slot = app.editor.slot_at(0, 0)
                rows = (caskets_view.NARROW_SLOT_ROWS if row.has_class("-narrow")
                        else caskets_view.SLOT_ROWS)
                assert slot.size.height == rows
                share = (caskets_view.MANY_ROW_SHARE if row.has_class("-many")
                         else caskets_view.ROW_SHARE)
                assert row.styles.max_height.value == share
                assert row.styles.max_height.unit.name == "VIEW_HEIGHT"


async def test_the_focused_slots_panel_has_the_accent_border_and_follows_the_focus_and_theme():
    """CasketsView.light draws what `.casket-panel:focus-within` drew: the panel holding the
    focused slot has a round border in the theme's accent, the others the stylesheet's
    (primary); it follows the focus (keys, the m field) and a change of theme."""
    from textual.color import Color

    app = EditorApp(EditorModel.new(blank_puzzle(3, 2, m=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()

        def colours() -> list[tuple[str, Color]]:
            return [p.styles.border_top for p in app.editor.panels]

        def expect(lit: int | None) -> None:
            accent = Color.parse(app.theme_variables["accent"])
            primary = Color.parse(app.theme_variables["primary"])
            assert colours() == [("round", accent if i == lit else primary) for i in range(3)]

        expect(0)
        await pilot.press("right")
        await pilot.pause()
        expect(1)
        await pilot.press("m")  # the m field: no panel holds the focus
        await pilot.pause()
        expect(None)
        await pilot.press("escape")  # back to the slot it came from
        await pilot.pause()
        expect(1)
        dark_accent = app.theme_variables["accent"]
        app.theme = "portia-light"
        await pilot.pause()
        await pilot.pause()
        assert app.theme_variables["accent"] != dark_accent
        expect(1)
