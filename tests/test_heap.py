"""The collector around a big screen (portia_tui.app.heap): off while screens are built,
on again with what lives frozen once none is, everything handed back on release."""

from __future__ import annotations

import gc

from portia_tui.app.heap import HeapHold


def test_nested_screens_turn_the_collector_on_only_when_none_is_being_built():
    outer, inner = HeapHold(), HeapHold()
    try:
        outer.hold()
        inner.hold()
        assert not gc.isenabled()
        outer.settle()
        assert not gc.isenabled()  # the inner screen is still being built
        inner.settle()
        assert gc.isenabled() and gc.get_freeze_count() > 0
        inner.settle()  # twice: nothing more
        inner.release()
        assert gc.get_freeze_count() == 0
    finally:
        outer.release()
        inner.release()
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_a_screen_taken_down_before_its_first_frame_turns_the_collector_back_on():
    hold = HeapHold()
    hold.hold()
    assert not gc.isenabled()
    hold.release()  # never settled: released all the same
    assert gc.isenabled() and gc.get_freeze_count() == 0
    hold.release()
    HeapHold().release()  # never held: nothing happens
    assert gc.isenabled()


async def test_the_editor_turns_the_collector_back_on_once_drawn_and_hands_back_on_quit():
    from portia_tui.app.editor.app import EditorApp

    app = EditorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert gc.isenabled() and gc.get_freeze_count() > 0
    assert gc.isenabled() and gc.get_freeze_count() == 0
