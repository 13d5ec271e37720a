"""Pilot tests of the casket editor: edits, analysis, assistant, files, confirmations."""

from __future__ import annotations

import asyncio
import threading

from textual.widgets import Input, OptionList, Static
from textual.worker import WorkerCancelled

from portia_tui.app.editor.analysis import Report, Request
from portia_tui.app.editor.analysis import compute as real_compute
from portia_tui.app.editor.app import EditorApp
from portia_tui.app.editor.messages import AnalysisReady
from portia_tui.core.author.editing import EditorModel
from portia_tui.app.editor.screens.dialogs import ChoiceScreen, MetaScreen, NewPuzzleScreen, PathScreen
from portia_tui.app.editor.screens.help import HelpScreen
from portia_tui.app.editor.screens.menu import MenuScreen
from portia_tui.app.editor.widgets.toolbar import ToolbarActions
from portia_tui.core.io import formats
from portia_tui.core.language.model import Puzzle, blank_puzzle, default_puzzle
from portia_tui.core.solve.sat import analyse
from portia_tui.core.language.vocabulary import Statement

SIZE = (160, 50)


async def wait_until(pilot, condition, timeout: float = 10.0) -> None:
    """Let the app run until condition() holds (a wait on a condition, not a fixed sleep)."""
    import time

    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the condition did not come true in time"
        # a plain sleep: each pilot.pause() posts a callback to every widget of the screen
        await asyncio.sleep(0.02)


async def settle(app, pilot) -> None:
    """Let the analysis and marks workers finish and their messages be handled."""
    for _ in range(3):
        await pilot.pause()
        busy = [w for w in app.workers
                if w.group in ("analysis", "marks", "repairs") and w.is_running]
        if busy:
            try:
                await app.workers.wait_for_complete(busy)
            except WorkerCancelled:
                pass  # a newer edit superseded it; the next round waits for the newer one
    await pilot.pause()


def text_of(app, selector: str) -> str:
    return str(app.editor.query_one(selector, Static).render())


def loop_puzzle() -> Puzzle:
    # gold and silver speak of each other: a loop of statements 1 and 2
    return Puzzle.build(
        {
            "gold": [Statement("true", "silver")],
            "silver": [Statement("false", "gold")],
            "lead": [Statement("not_in", "lead")],
        },
        m=1,
    )


async def test_picking_a_statement_changes_the_analysis():
    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        before = default_puzzle()
        assert "VALID" in text_of(app, "#analysis-body")
        slot = app.editor.slot_at(1, 0)
        slot.focus()
        await pilot.press("enter")  # open silver's menu
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        # the menu: in silver, in gold, in lead, not in silver (current), ...
        await pilot.press("up", "up", "up", "enter")
        await settle(app, pilot)
        after = before.with_statement(1, 0, Statement("in", "silver"))
        assert app.model.puzzle == after
        expected = analyse(after)
        body = text_of(app, "#analysis-body")
        assert body != "" and f"m = {after.m}" in body
        if expected.valid():
            assert f"the portrait is in the {expected.solution_names()[0]} casket" in body
        else:
            assert "✘ NO SOLUTION" in body or "✘ NOT UNIQUE" in body
            for name in expected.solution_names():
                assert name in body
        for name, counts in zip(after.names, expected.true_counts):
            assert f"{name} {' or '.join(map(str, sorted(counts)))}" in body
        assert "* unsaved" in text_of(app, "#title-bar")


async def test_changing_m_by_keys_field_and_unique_list():
    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("plus")
        await settle(app, pilot)
        assert app.model.puzzle.m == 2
        assert "m = 2" in text_of(app, "#title-bar")
        assert "for m = 2" in text_of(app, "#analysis-body")
        await pilot.press("minus", "minus")
        await settle(app, pilot)
        assert app.model.puzzle.m == 0
        # the m field: type a number and press enter
        field = app.editor.query_one("#m-input", Input)
        field.focus()
        field.value = "3"
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.model.puzzle.m == 3
        # out of range is refused
        field.value = "9"
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.model.puzzle.m == 3
        # choosing an entry of the unique-m list sets m
        unique = app.editor.query_one("#unique-m", OptionList)
        wanted = analyse(default_puzzle()).unique_m
        assert unique.option_count == len(wanted)
        unique.focus()
        unique.highlighted = 0
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.model.puzzle.m == wanted[0]


async def test_adding_and_removing_rows():
    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("a")
        await settle(app, pilot)
        puzzle = app.model.puzzle
        assert puzzle.n == 2
        assert [len(p.slots) for p in app.editor.panels] == [2, 2, 2]
        # numbers run 1..S across the caskets
        labels = [s.label.split()[0] for p in app.editor.panels for s in p.slots]
        assert labels == ["1", "2", "3", "4", "5", "6"]
        # the menus now offer "the other statement" (n >= 2)
        app.editor.slot_at(0, 1).focus()
        await pilot.press("space")
        await pilot.pause()
        assert Statement("other_true") in [st for _, st in app.screen.options]
        await pilot.press("escape")
        await pilot.press("a")
        await settle(app, pilot)
        assert app.model.puzzle.n == 3
        # remove the focused row (the first): every casket loses its first statement
        app.editor.slot_at(2, 0).focus()
        three = app.model.puzzle
        await pilot.press("x")
        await settle(app, pilot)
        assert app.model.puzzle == three.with_row_removed(0)
        assert [len(p.slots) for p in app.editor.panels] == [2, 2, 2]
        for ci, panel in enumerate(app.editor.panels):
            for pos, slot in enumerate(panel.slots):
                assert slot.statement == app.model.puzzle.caskets[ci].statements[pos]
                assert slot.sentence == app.model.puzzle.sentence(slot.number - 1)
        await pilot.press("x", "x")  # the second removal is refused: n stays >= 1
        await settle(app, pilot)
        assert app.model.puzzle.n == 1


async def test_undo_and_redo_every_edit():
    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        p0 = app.model.puzzle
        await pilot.press("plus")
        p1 = app.model.puzzle
        await pilot.press("a")
        p2 = app.model.puzzle
        await app.editor.pick(0, 1, Statement("other_false"))
        await settle(app, pilot)
        p3 = app.model.puzzle
        assert p3.caskets[0].statements[1] == Statement("other_false")
        await pilot.press("u")
        await settle(app, pilot)
        assert app.model.puzzle == p2
        assert app.editor.slot_at(0, 1).statement == p2.caskets[0].statements[1]
        await pilot.press("ctrl+z", "u")
        await settle(app, pilot)
        assert app.model.puzzle == p0
        assert [len(p.slots) for p in app.editor.panels] == [1, 1, 1]
        assert not app.model.dirty
        await pilot.press("r", "ctrl+y")
        await settle(app, pilot)
        assert app.model.puzzle == p2
        await pilot.press("r")
        await settle(app, pilot)
        assert app.model.puzzle == p3
        assert app.editor.slot_at(0, 1).statement == Statement("other_false")
        assert p1.m == p0.m + 1
        assert app.editor.shown_generation == app.model.generation


async def test_save_and_reopen(tmp_path):
    target = tmp_path / "mine.toml"
    app = EditorApp.for_file(None, target)  # a missing file is created on first save
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert "* unsaved" in text_of(app, "#title-bar")
        await pilot.press("a", "plus")
        await settle(app, pilot)
        await pilot.press("s")
        await pilot.pause()
        assert target.exists()
        assert "unsaved" not in text_of(app, "#title-bar")
        saved = app.model.puzzle
    assert formats.load(target) == saved
    reopened = EditorApp.for_file(formats.load(target), target)
    async with reopened.run_test(size=SIZE) as pilot:
        await settle(reopened, pilot)
        assert reopened.model.puzzle == saved
        assert [len(p.slots) for p in reopened.editor.panels] == [2, 2, 2]
        assert not reopened.model.dirty


async def test_save_as_asks_before_replacing_another_file(tmp_path):
    other = tmp_path / "other.toml"
    formats.save(default_puzzle().with_m(0), other)
    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("plus")
        await pilot.press("ctrl+s")  # no file yet: save as
        await pilot.pause()
        assert isinstance(app.screen, PathScreen)
        app.screen.query_one("#path", Input).value = str(other)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("c")  # cancel: the other file is kept
        await pilot.pause()
        assert formats.load(other).m == 0 and app.model.dirty
        await pilot.press("S")
        await pilot.pause()
        app.screen.query_one("#path", Input).value = str(other)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("o")  # overwrite
        await pilot.pause()
        assert formats.load(other) == app.model.puzzle and not app.model.dirty
        assert app.model.path == other


async def test_import_saves_as_toml_beside_it(tmp_path):
    source = tmp_path / "thesis.txt"
    formats.save(default_puzzle(), source)
    app = EditorApp.for_file(formats.load(source), source)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert "imported" in text_of(app, "#title-bar")
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, PathScreen)
        assert app.screen.query_one("#path", Input).value == str(tmp_path / "thesis.toml")
        await pilot.press("enter")
        await pilot.pause()
        assert formats.load(tmp_path / "thesis.toml") == app.model.puzzle


async def test_open_a_file_and_a_bad_file(tmp_path):
    good = tmp_path / "good.toml"
    formats.save(loop_puzzle(), good)
    bad = tmp_path / "bad.toml"
    bad.write_text("format = 1\nm = \n", encoding="utf-8")
    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert not await app.editor.open_path(bad)
        assert app.model.puzzle == default_puzzle()
        await pilot.press("o")
        await pilot.pause()
        app.screen.query_one("#path", Input).value = str(good)
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.model.puzzle == loop_puzzle() and app.model.path == good
        assert "good.toml" in text_of(app, "#title-bar")


async def test_loop_warning_names_statements_and_marks_panels():
    app = EditorApp(EditorModel.new(loop_puzzle()))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        body = text_of(app, "#analysis-body")
        (loop,) = analyse(loop_puzzle()).loops
        assert f"⟳ Loop of statements 1 and 2: {loop.kind}" in body
        labels = [s.label for p in app.editor.panels for s in p.slots]
        assert "⟳" in labels[0] and "⟳" in labels[1] and "⟳" not in labels[2]
        assert "⟳" in str(app.editor.slot_at(0, 0).render())
        # the loop goes away with an edit, and so do the marks
        await app.editor.pick(0, 0, Statement("in", "gold"))
        await settle(app, pilot)
        assert "Loops: none." in text_of(app, "#analysis-body")
        assert not any("⟳" in s.label for p in app.editor.panels for s in p.slots)


async def test_values_toggle_shows_truth_under_the_solution():
    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("v")
        await settle(app, pilot)
        puzzle = app.model.puzzle
        (sol,) = analyse(puzzle).solutions()
        from portia_tui.core.solve.sat import SatEngine

        values = SatEngine(puzzle).values(sol, puzzle.m)
        marks = [s.label.split()[-1] for p in app.editor.panels for s in p.slots]
        assert marks == ["T" if v else "F" for v in values]
        assert f"with the portrait in {puzzle.names[sol]} (the solution)" in text_of(app, "#analysis-body")
        await pilot.press("v")
        await settle(app, pilot)
        labels = [s.label.split() for p in app.editor.panels for s in p.slots]
        assert all(len(parts) == 1 for parts in labels)


async def test_stale_results_are_dropped(monkeypatch):
    import portia_tui.app.editor.workers as editor_module

    release = threading.Event()
    first = threading.Event()

    def slow_compute(request: Request) -> Report:
        if not first.is_set():
            first.set()
            release.wait(10)  # the first edit's analysis is slow
        return real_compute(request)

    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        monkeypatch.setattr(editor_module, "compute", slow_compute)
        app.editor.jobs.close()
        app.editor.jobs.runner = None  # analyses in the worker threads: the fake holds one
        await pilot.press("plus")  # edit 1: its analysis blocks
        await pilot.pause()
        assert first.wait(5)
        await pilot.press("plus")  # edit 2: analysed at once
        await wait_until(pilot, lambda: app.editor.shown_generation == app.model.generation)
        assert "for m = 3" in text_of(app, "#analysis-body")
        release.set()  # now the old result arrives, and must not be shown
        await settle(app, pilot)
        assert app.editor.stale_dropped >= 1
        assert app.editor.shown_generation == app.model.generation
        assert "for m = 3" in text_of(app, "#analysis-body")
        # a report for an older request posted by hand is dropped too
        old = real_compute(Request(0, default_puzzle()))
        dropped = app.editor.stale_dropped
        app.editor.post_message(AnalysisReady(old))
        await settle(app, pilot)
        assert app.editor.stale_dropped == dropped + 1
        assert "for m = 3" in text_of(app, "#analysis-body")


async def test_unsaved_changes_are_confirmed_before_quit_and_new():
    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("plus")
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("escape")  # cancel
        await pilot.pause()
        assert app.model.puzzle.m == 2
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("c")
        await pilot.pause()
        assert app.is_running and app.model.puzzle.m == 2
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("d")  # discard: then the blank page's shape
        await pilot.pause()
        assert isinstance(app.screen, NewPuzzleScreen)
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.model.puzzle == blank_puzzle(3, 1, target="gold") and not app.model.dirty
        await pilot.press("plus", "ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("d")
        await pilot.pause()
    assert app.return_code == 0


async def test_quit_without_changes_asks_nothing():
    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen)
    assert app.return_code == 0


async def test_help_palette_metadata_and_copy():
    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        # the command palette runs editor actions
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"add a row")

        def found() -> bool:  # the palette has searched and highlighted a hit
            from textual.command import CommandList

            hits = app.screen.query(CommandList)
            return bool(hits) and hits.first().highlighted is not None

        await wait_until(pilot, found)
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.model.puzzle.n == 2
        # title, author, notes
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, MetaScreen)
        app.screen.query_one("#meta-title", Input).value = "My casket"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert app.model.puzzle.title == "My casket"
        assert "My casket" in text_of(app, "#title-bar")
        # copy as thesis text and as TOML (OSC 52 through textual); the new row is still
        # empty, which the thesis text cannot hold, so only TOML is copied
        assert app.model.puzzle.empty_slots
        await pilot.press("c")
        assert app.clipboard != formats.dumps(app.model.puzzle, "native")
        await pilot.press("C")
        assert app.clipboard == formats.dumps(app.model.puzzle, "native")


async def test_arrow_keys_move_between_slots():
    app = EditorApp(EditorModel.new(default_puzzle().with_row_added()))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert app.focused is app.editor.slot_at(0, 0)
        await pilot.press("down")
        assert app.focused is app.editor.slot_at(0, 1)
        await pilot.press("right", "right")
        assert app.focused is app.editor.slot_at(2, 1)
        await pilot.press("up")
        assert app.focused is app.editor.slot_at(2, 0)
        assert "Statement 5 on the lead casket" in text_of(app, "#focus-line")


async def test_mouse_opens_a_menu_and_buttons_work():
    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        slot = app.editor.slot_at(2, 0)
        assert await pilot.click(slot)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.screen.casket == 2
        menu_list = app.screen.query_one(OptionList)
        heading, first = menu_list.get_option_at_index(0), menu_list.get_option_at_index(1)
        assert heading.disabled and "Where the portrait is" in str(heading.prompt)
        assert "The portrait is in this casket" in str(first.prompt)
        # click the first entry (under its family's heading): "The portrait is in this casket"
        assert await pilot.click(menu_list, offset=(3, 1))
        await settle(app, pilot)
        assert app.model.puzzle.caskets[2].statements[0] == Statement("in", "lead")
        # the toolbar is one widget: each item is a clickable region of its line
        actions = app.editor.query_one("#toolbar-actions", ToolbarActions)
        assert await pilot.click("#toolbar-actions", offset=actions.offset_of("row-add"))
        await settle(app, pilot)
        assert app.model.puzzle.n == 2
        assert await pilot.click("#toolbar-actions", offset=actions.offset_of("undo"))
        await settle(app, pilot)
        assert app.model.puzzle.n == 1
        assert await pilot.click("#toolbar-actions", offset=actions.offset_of("m-up"))
        await settle(app, pilot)
        assert app.model.puzzle.m == 2
        # with nothing to redo, "redo" is not a link: a click there does nothing
        assert not actions.enabled["redo"] and actions.enabled["undo"]
        assert await pilot.click("#toolbar-actions", offset=actions.offset_of("redo"))
        await settle(app, pilot)
        assert app.model.puzzle.m == 2 and app.model.puzzle.n == 1


async def test_play_the_puzzle_being_edited_and_come_back():
    from portia_tui.app.play import PlayPuzzleScreen

    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("p")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PlayPuzzleScreen)
        assert screen.session.puzzle == app.editor.model.puzzle
        # the player's screen shows no analysis, and next/previous are off outside a pack
        assert "VALID" not in str(screen.query_one("#feedback-text", Static).render())
        assert screen.check_action("navigate", (1,)) is False
        await pilot.press("2")  # Smullyan's first casket: the portrait is in silver
        await pilot.pause()
        assert "Right" in str(screen.query_one("#feedback-text", Static).render())
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.editor
        assert not app.editor.model.dirty


async def test_one_menu_screen_serves_every_slot():
    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        puzzle = app.model.puzzle
        seen = []
        for casket in (2, 0, 2):
            app.editor.slot_at(casket, 0).focus()
            await pilot.press("enter")
            await pilot.pause()
            menu_screen = app.screen
            assert isinstance(menu_screen, MenuScreen) and menu_screen.casket == casket
            seen.append(menu_screen)
            menu_list = menu_screen.query_one(OptionList)
            prompts = [str(o.prompt) for o in menu_list.options]
            entries = [o for o in menu_list.options if not o.disabled]  # headings are disabled
            assert len(entries) == len(puzzle.options(casket))
            # the cursor starts on the slot's current statement, marked as such
            assert prompts[menu_list.highlighted].endswith("◀ current")
            assert f"on the {puzzle.names[casket]} casket" in str(
                menu_screen.query_one("#menu-title", Static).render())
            await pilot.press("escape")
            await pilot.pause()
        assert seen[0] is seen[1] is seen[2]
        assert app.model.puzzle == puzzle  # escape kept every statement


async def test_footer_rebuilds_only_when_its_keys_change():
    from portia_tui.app.footer import Footer

    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        footer = app.editor.query_one(Footer)
        app.editor.slot_at(0, 0).focus()
        await pilot.pause()
        shown = footer.keys
        assert any(k.action == "quit" for k in shown)
        await pilot.press("right", "down", "left")  # same keys on every slot
        await pilot.pause()
        assert footer.keys is shown
        await pilot.press("enter")  # a menu over the editor: its keys did not change
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert footer.keys is shown
        await pilot.press("ctrl+e")  # the m field: the slot's menu key is gone
        await pilot.pause()
        await pilot.pause()
        assert footer.keys is not shown and footer.keys != shown


async def test_footer_keys_are_clickable():
    """The footer is one widget: a click on a key presses it, as Textual's FooterKey did."""
    from portia_tui.app.footer import Footer

    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        footer = app.editor.query_one(Footer)
        at = footer.offset_of("help")
        assert at >= 0, [k.action for k in footer.keys]
        assert await pilot.click(Footer, offset=(at + 1, 0))
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_plain_key_m_goes_to_the_m_field():
    """ctrl+e may be taken by tmux or the shell: plain m does the same."""
    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        app.editor.slot_at(0, 0).focus()
        await pilot.press("m")
        assert app.focused is app.editor.query_one("#m-input", Input)
        app.focused.value = ""
        await pilot.press("2", "enter")
        await settle(app, pilot)
        assert app.model.puzzle.m == 2
