"""Nothing lost: dialogs answer once, bursts of keys, recovery, crashes, saving with care."""

from __future__ import annotations

import random

from textual import events
from textual.widgets import Input, Static

from portia_tui.app.editor.app import EditorApp
from portia_tui.core.author.editing import EditorModel
from portia_tui.app.editor.screens.dialogs import ChoiceScreen, NewPuzzleScreen, PathScreen
from portia_tui.core.io import formats
from portia_tui.core.language.model import blank_puzzle, default_puzzle
from portia_tui.core.io.recovery import RecoveryStore

from .test_editor_app import settle, wait_until

SIZE = (120, 40)


def burst(app, keys: str | list[str]) -> None:
    """Many keys in one write (a paste, key repeat, a slow link): queued before any is handled."""
    for key in keys:
        char = key if len(key) == 1 else None
        app.post_message(events.Key(key, char))


async def test_keys_after_a_dialog_answered_are_not_its_own():
    """`q` with unsaved work, then `cc` in one write: the first c cancels, the second must
    not dismiss the dialog again (it crashed with ScreenStackError and lost the work)."""
    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("plus", "q")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        burst(app, "cc")
        await settle(app, pilot)
        assert app.is_running and app.model.puzzle.m == 2
        assert app.screen is app.editor
        burst(app, "qcc")  # all in one write: the dialog may open after the c's; no error
        await settle(app, pilot)
        burst(app, ["escape", "q", "d", "d", "d"])  # discard, then more keys after the app is gone
        # under load the five keys take more than one frame: wait for the quit, with a limit
        await wait_until(pilot, lambda: app.return_code is not None or not app.is_running)
    assert app.return_code == 0


KEYS = list("uramxvgtsSonecCp?q+-[]dD01 ") + ["enter", "escape", "tab", "up", "down", "left",
                                              "right", "space", "backspace", "ctrl+z"]


async def test_random_bursts_on_every_screen_end_without_an_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rng = random.Random(13)
    app = EditorApp(EditorModel.new(default_puzzle().with_row_added(), path=tmp_path / "b.toml"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        # each opener leads to a screen or dialog; a burst of random keys follows at once
        for opener in ["enter", "n", "s", "S", "o", "e", "?", "p", "q", "ctrl+p"]:
            burst(app, [opener] + [rng.choice(KEYS) for _ in range(12)])
            await settle(app, pilot)
            for _ in range(6):  # back to the editor for the next round
                if app.screen is app.editor or not app.is_running:
                    break
                burst(app, ["escape"])
                await pilot.pause()
            if not app.is_running:
                break
    assert app.return_code in (0, None)


def test_a_crash_exits_non_zero_and_keeps_the_work(tmp_path):
    """The command line runs the app (cli.edit.run_app): an error stops it with a non-zero
    status, and the unsaved work is in the recovery file."""
    import asyncio

    from portia_tui.cli.edit import run_app

    store = RecoveryStore(tmp_path / "recovery")
    path = tmp_path / "p.toml"
    app = EditorApp(EditorModel.new(default_puzzle(), path=path), store=store)

    def boom(*_args) -> None:
        raise RuntimeError("boom")

    app.editor.action_toggle_values = boom  # the v key now crashes the app

    async def drive() -> None:
        try:
            async with app.run_test(size=SIZE) as pilot:
                await settle(app, pilot)
                await pilot.press("plus", "v")
                await pilot.pause()
        except RuntimeError:
            pass

    app.run = lambda: asyncio.run(drive())  # what a terminal would run
    assert run_app(app) == 1
    kept = store.read(path)
    assert kept is not None and kept.puzzle.m == 2


async def test_unsaved_work_is_kept_and_offered_back(tmp_path):
    store = RecoveryStore(tmp_path / "recovery")
    path = tmp_path / "mine.toml"
    formats.save(default_puzzle(), path)
    app = EditorApp(EditorModel.opened(formats.load(path), path), store=store)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("plus", "a")
        app.editor.files.autosave()  # what the timer does a moment after the last edit
        edited = app.model.puzzle
    assert store.read(path).puzzle == edited  # the app stopped without saving: still there
    again = EditorApp(EditorModel.opened(formats.load(path), path), store=store)
    async with again.run_test(size=SIZE) as pilot:
        await settle(again, pilot)
        assert isinstance(again.screen, ChoiceScreen)
        await pilot.press("r")  # restore
        await settle(again, pilot)
        assert again.model.puzzle == edited and again.model.dirty
        await pilot.press("s")
        await settle(again, pilot)
    assert formats.load(path) == edited and store.read(path) is None


async def test_the_recovery_timer_writes_after_edits(tmp_path, monkeypatch):
    import portia_tui.app.editor.files as files

    monkeypatch.setattr(files, "AUTOSAVE_DELAY", 0.05)
    store = RecoveryStore(tmp_path / "recovery")
    app = EditorApp(store=store)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("plus")
        for _ in range(40):
            await pilot.pause(0.02)
            if store.read(None) is not None:
                break
        assert store.read(None).puzzle == app.model.puzzle
        await pilot.press("q", "d")  # discarded on purpose: no recovery copy left
        await pilot.pause()
    assert store.read(None) is None


async def test_save_asks_before_replacing_a_file_changed_on_disk(tmp_path):
    path = tmp_path / "p.toml"
    formats.save(default_puzzle(), path)
    app = EditorApp(EditorModel.opened(formats.load(path), path))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        theirs = default_puzzle().with_m(0)
        formats.save(theirs, path, force=True)  # someone else saves the file
        await pilot.press("plus", "s")
        await settle(app, pilot)
        assert isinstance(app.screen, ChoiceScreen)
        assert "changed on disk" in app.screen.question
        await pilot.press("c")
        await settle(app, pilot)
        assert formats.load(path) == theirs and app.model.dirty
        await pilot.press("s")
        await settle(app, pilot)
        await pilot.press("o")  # overwrite
        await settle(app, pilot)
        assert formats.load(path) == app.model.puzzle and not app.model.dirty
        # the puzzle saved (m = 2) is not valid: the notice says so
        messages = [n.message for n in app._notifications]
        assert any("not valid" in m for m in messages)


async def test_incomplete_puzzles_save_with_a_word_and_failed_save_as_stays_open(tmp_path):
    app = EditorApp(EditorModel.new(blank_puzzle(3, 2)))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        await pilot.press("plus", "s")
        await settle(app, pilot)
        assert isinstance(app.screen, PathScreen)
        bad = tmp_path / "no-folder" / "x.toml"
        app.screen.query_one("#path", Input).value = str(bad)
        await pilot.press("enter")
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, PathScreen)  # still open, with the path and the reason
        assert screen.query_one("#path", Input).value == str(bad)
        assert str(screen.query_one("#path-error", Static).render())
        good = tmp_path / "x.toml"
        screen.query_one("#path", Input).value = str(good)
        await pilot.press("enter")
        await settle(app, pilot)
        assert formats.load(good) == app.model.puzzle
        messages = [n.message for n in app._notifications]
        assert any("incomplete: 6 empty slots" in m for m in messages)


async def test_new_asks_for_the_shape_and_starts_blank(cfg):
    from portia_tui.app.settings import Settings

    Settings.load().set("author", "Ada")
    app = EditorApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewPuzzleScreen)
        screen.query_one("#new-caskets", Input).value = "gold silver lead tin"
        screen.query_one("#new-n", Input).value = "2"
        screen.query_one("#new-target", Input).value = "tin"
        screen.query_one("#new-m", Input).value = "99"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen  # m out of range: said, not started
        assert "between 0 and 8" in str(screen.query_one("#new-error", Static).render())
        screen.query_one("#new-m", Input).value = ""
        await pilot.press("enter")
        await settle(app, pilot)
        puzzle = app.model.puzzle
        assert puzzle == blank_puzzle(("gold", "silver", "lead", "tin"), 2, None, author="Ada",
                                      target="tin")
        assert puzzle.title == "" and puzzle.notes == ""
        assert app.model.target == 3
        slot = app.editor.slot_at(0, 0)
        assert "— choose a statement —" in " ".join(str(slot.render()).split())
        title = str(app.editor.query_one("#title-bar", Static).render())
        assert "m open" in title and "8 empty" in title
        assert "m open" in str(app.editor.query_one("#analysis-body", Static).render())


async def test_keys_queued_after_the_last_screen_closed_are_dropped(tmp_path, monkeypatch):
    # seen under load: a burst ending in a quit left keys queued once the screens were gone,
    # and Textual crashed looking up the bindings of the missing screen
    monkeypatch.chdir(tmp_path)
    app = EditorApp(EditorModel.new(default_puzzle(), path=tmp_path / "k.toml"))
    assert app.screen_stack == []  # not started: no screen, as after the last one closed
    await app.on_event(events.Key("x", "x"))  # dropped, no ScreenStackError
