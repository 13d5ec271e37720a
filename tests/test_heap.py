"""The collector around a big screen (portia_tui.app.heap): off while screens are built,
on again with what lives frozen once none is, everything handed back on release."""

from __future__ import annotations

import gc

from portia_tui.app import heap
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
        gc.collect()  # the next full collection (it would come anyway)
        # the outer screen still holds: what lives is frozen again, the collector on
        assert gc.isenabled() and gc.get_freeze_count() > 0
        outer.release()
        assert gc.get_freeze_count() == 0
        gc.collect()
        assert gc.get_freeze_count() == 0  # none holds: nothing frozen again
    finally:
        outer.release()
        inner.release()
    assert gc.isenabled() and gc.get_freeze_count() == 0


class _Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only a collection frees it


def test_an_inner_screen_going_keeps_the_outer_frozen_and_frees_its_own_objects():
    import weakref

    outer, inner = HeapHold(), HeapHold()
    try:
        outer.hold()
        outer_objects = [_Node() for _ in range(100)]
        outer.settle()
        outer_frozen = gc.get_freeze_count()
        assert outer_frozen >= 100
        inner.hold()
        inner_objects = [_Node() for _ in range(5000)]
        probe = weakref.ref(inner_objects[0])
        inner.settle()
        assert gc.get_freeze_count() >= outer_frozen + 5000
        del inner_objects  # the inner screen's objects are garbage (cycles) ...
        inner.release()
        assert heap._after_collection in gc.callbacks
        gc.collect()  # the next full collection
        assert probe() is None  # ... collected, not kept frozen
        # the outer screen's objects are frozen again (a later collection skips them)
        assert gc.isenabled() and gc.get_freeze_count() >= len(outer_objects)
        assert gc.get_freeze_count() < outer_frozen + 5000
        outer.release()
        assert gc.get_freeze_count() == 0
        assert heap._after_collection not in gc.callbacks  # the hook goes with the last
    finally:
        inner.release()
        outer.release()
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_an_outer_screen_going_first_leaves_the_inner_frozen():
    outer, inner = HeapHold(), HeapHold()
    try:
        outer.hold()
        outer.settle()
        inner.hold()
        inner.settle()
        outer.release()
        gc.collect()
        assert gc.isenabled() and gc.get_freeze_count() > 0
        inner.release()
        assert gc.get_freeze_count() == 0
    finally:
        inner.release()
        outer.release()


def test_an_inner_screen_going_while_another_is_built_leaves_the_freeze_to_that_one():
    outer, inner, third = HeapHold(), HeapHold(), HeapHold()
    try:
        outer.hold()
        outer.settle()
        inner.hold()
        inner.settle()
        third.hold()  # a third screen being built
        inner.release()
        gc.collect()
        assert not gc.isenabled() and gc.get_freeze_count() == 0  # the third is built
        third.settle()
        assert gc.isenabled() and gc.get_freeze_count() > 0
        third.release()
        gc.collect()
        assert gc.get_freeze_count() > 0  # the outer still holds
    finally:
        third.release()
        inner.release()
        outer.release()
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


async def test_the_editor_stays_frozen_after_the_player_opened_from_it_goes(tmp_path):
    from portia_tui.app.editor.app import EditorApp
    from portia_tui.core.author.editing import EditorModel
    from portia_tui.app.play import PlayPuzzleScreen
    from portia_tui.core.io.recovery import RecoveryStore
    from portia_tui.core.language.model import default_puzzle

    app = EditorApp(EditorModel.new(default_puzzle()), store=RecoveryStore(tmp_path / "r"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        editor_frozen = gc.get_freeze_count()
        assert gc.isenabled() and editor_frozen > 0
        await pilot.press("p")
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, PlayPuzzleScreen)
        assert gc.get_freeze_count() > editor_frozen  # the player's board frozen too
        # back to the editor, and a key at once, in one burst
        await pilot.press("escape", "right")
        for _ in range(3):
            await pilot.pause()
        assert app.screen is app.editor
        gc.collect()  # the next full collection
        # the editor's objects are frozen again (gc.unfreeze handed them all back)
        assert gc.isenabled() and gc.get_freeze_count() > editor_frozen // 2
    assert gc.isenabled() and gc.get_freeze_count() == 0
