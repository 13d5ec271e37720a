"""Keys that arrive together (a paste, key repeat, a slow link), in both apps.

Every burst is posted in one go, before the app handles any of it, as a terminal read would
deliver it. The apps must handle the keys in order, each on the screen the keys before it
left on top; dialogs act only while on top, and a stray enter presses the safe choice.

The random bursts (200 keys each) run 2 seeds per app by default, to keep the suite quick;
PORTIA_BURST_SEEDS=50 runs the full set.
"""

from __future__ import annotations

import os
import random

import pytest
from textual.widgets import DirectoryTree
from textual import events

from portia_tui.app.editor.app import EditorApp
from portia_tui.app.editor.files import FileActions
from portia_tui.app.editor.screens.dialogs import ChoiceScreen
from portia_tui.app.editor.screens.menu import MenuScreen
from portia_tui.app.play import PlayApp
from portia_tui.core.author.editing import EditorModel
from portia_tui.core.io import formats
from portia_tui.core.io.progress import ProgressStore
from portia_tui.core.io.recovery import RecoveryStore
from portia_tui.core.language.model import blank_puzzle, default_puzzle
from portia_tui.core.packs.pack import load_pack

from .test_play_support import make_pack

SMALL = (80, 24)
#: random bursts: seeds run by default, and the full number (PORTIA_BURST_SEEDS=50)
SEEDS = int(os.environ.get("PORTIA_BURST_SEEDS", "2"))
BURST = 200


#: the key names Textual's driver gives the printable keys that are not letters or digits
#: (a Key("?", "?") matches no binding: "?" in a key list used to reach no help screen)
NAMED = {"?": "question_mark", "+": "plus", "-": "minus", "=": "equals_sign",
         "[": "left_square_bracket", "]": "right_square_bracket", " ": "space"}
CHARS = {**{name: char for char, name in NAMED.items()}, "enter": "\r", "tab": "\t",
         "escape": "\x1b", "backspace": "\x7f"}


def key_event(key: str) -> events.Key:
    """The event a terminal gives for `key` (a key name, or one printable character)."""
    name = NAMED.get(key, key)
    return events.Key(name, key if len(key) == 1 else CHARS.get(name))


def burst(app, keys: list[str]) -> None:
    """All `keys` queued at once, before any is handled."""
    for key in keys:
        app.post_message(key_event(key))


def typed(text: str) -> list[str]:
    return ["space" if c == " " else c for c in text]


async def calm(app, pilot, rounds: int = 400) -> None:
    """Until every key was handled and no analysis, marks or dialog worker is running."""
    for _ in range(rounds):
        await pilot.pause()
        # a file dialog's DirectoryTree keeps a loader worker running while it is open
        busy = [w for w in app.workers if w.is_running and w.group != "dialog"
                and not isinstance(w.node, DirectoryTree)]
        if not app.is_running or (not app.keys_pending and not busy):
            break
    await pilot.pause()


def saved_file(tmp_path, puzzle=None):
    path = tmp_path / "p.toml"
    formats.save(puzzle or default_puzzle(), path, force=True)
    return path


def editor_on(path, store: RecoveryStore) -> EditorApp:
    return EditorApp(EditorModel.opened(formats.load(path), path), store=store)


# --------------------------------------------------------------------------- named bursts
@pytest.mark.parametrize("opener", ["q", "n"])
async def test_escape_then_enter_in_the_unsaved_dialog_saves_nothing(tmp_path, opener):
    path = saved_file(tmp_path)
    before = path.read_bytes()
    app = editor_on(path, RecoveryStore(tmp_path / "rec"))
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        burst(app, ["plus", opener])
        await calm(app, pilot)
        assert isinstance(app.screen, ChoiceScreen)
        burst(app, ["escape", "enter"])
        await calm(app, pilot)
        assert app.is_running and app.model.dirty
        # a stray enter alone on the dialog presses its default: Cancel
        if isinstance(app.screen, MenuScreen):  # the enter opened a slot's menu
            burst(app, ["escape"])
            await calm(app, pilot)
        burst(app, [opener, "enter"])
        await calm(app, pilot)
        assert app.is_running and app.model.dirty and app.screen is app.editor
    assert path.read_bytes() == before


async def test_menu_burst_fills_the_menus_in_order(tmp_path):
    path = tmp_path / "blank.toml"
    formats.save(blank_puzzle(3, 2), path, force=True)
    before = path.read_bytes()
    app = editor_on(path, RecoveryStore(tmp_path / "rec"))
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        keys = (["enter"] + typed("silver false") + ["enter", "down", "enter"]
                + typed("in this") + ["enter"])
        burst(app, keys)
        await calm(app, pilot)
        assert app.screen is app.editor  # no menu left open
        puzzle = app.model.puzzle
        first = puzzle.sentence(puzzle.number(0, 0))
        assert "silver casket" in first and "false" in first
        assert puzzle.sentence(puzzle.number(0, 1)) == "The portrait is in this casket"
    assert path.read_bytes() == before  # no key of the burst saved


async def test_e_then_a_title_in_one_burst(tmp_path):
    app = editor_on(saved_file(tmp_path), RecoveryStore(tmp_path / "rec"))
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        burst(app, ["e"] + typed("Title") + ["enter"])
        await calm(app, pilot)
        assert app.model.puzzle.title == "Title"
        assert app.screen is app.editor


async def test_q_then_c_cancels_the_quit_and_copies_nothing(tmp_path):
    app = editor_on(saved_file(tmp_path), RecoveryStore(tmp_path / "rec"))
    copied: list[str] = []
    app.copy_to_clipboard = copied.append
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        burst(app, ["plus", "q", "c"])
        await calm(app, pilot)
        assert app.is_running and app.screen is app.editor
        assert copied == []


# --------------------------------------------------------------------------- a busy machine
# KEY_PATIENCE is how often the app looks at a key still being handled; a tenth of the time
# the slow key takes here stands for a machine so busy that a key takes 3.3 s (load 21-23 on
# 2 cores, the player's random bursts 34 and 37)
async def test_a_slow_key_is_not_overtaken_by_the_next(tmp_path):
    """The focused widget is busy (0.3 s) when the burst comes: the plus waits in its queue,
    and the ctrl+s (a priority key, handled by the app at once) must wait for it."""
    import asyncio

    app = editor_on(saved_file(tmp_path), RecoveryStore(tmp_path / "rec"))
    app.KEY_PATIENCE = 0.03
    order: list[str] = []

    async def busy() -> None:
        await asyncio.sleep(0.3)

    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        app.editor.action_m_up = lambda: order.append("plus")
        app.editor.action_save = lambda: order.append("ctrl+s")
        assert app.focused is not None
        app.focused.call_later(busy)
        burst(app, ["plus", "ctrl+s"])
        await calm(app, pilot)
    assert order == ["plus", "ctrl+s"]  # the ctrl+s went first, after KEY_PATIENCE


# --------------------------------------------------------------------------- recovery
async def test_undo_back_to_the_saved_puzzle_leaves_no_recovery(tmp_path, monkeypatch):
    import portia_tui.app.editor.files as files

    monkeypatch.setattr(files, "AUTOSAVE_DELAY", 0.05)
    store = RecoveryStore(tmp_path / "rec")
    path = saved_file(tmp_path)
    app = editor_on(path, store)
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        await pilot.press("plus")
        for _ in range(100):  # the timer writes the copy of the unsaved edit
            await pilot.pause(0.01)
            if store.read(path) is not None:
                break
        assert store.read(path) is not None
        await pilot.press("u")  # back to the saved puzzle: the copy goes at once
        await calm(app, pilot)
        assert store.read(path) is None
        await pilot.press("q")  # clean: quits without asking
        await pilot.pause()
    assert app.return_code == 0 and store.read(path) is None
    again = editor_on(path, store)
    async with again.run_test(size=SMALL) as pilot:
        await calm(again, pilot)
        assert again.screen is again.editor  # nothing offered


async def test_restore_is_not_the_default_of_the_recovery_offer(tmp_path):
    store = RecoveryStore(tmp_path / "rec")
    path = saved_file(tmp_path)
    store.write(path, default_puzzle().with_m(2))
    app = editor_on(path, store)
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        assert isinstance(app.screen, ChoiceScreen)
        burst(app, ["enter"])  # a stray enter: later, not restore
        await calm(app, pilot)
        assert app.model.puzzle == formats.load(path)
        assert store.read(path) is not None  # kept for later


# --------------------------------------------------------------------------- crashes
@pytest.mark.parametrize("keys", [
    ["ctrl+p", "pageup"],
    ["ctrl+p", "pagedown", "pageup", "pageup"],
    ["plus", "ctrl+p", "ctrl+q", "ctrl+p"],
    ["ctrl+p", "enter", "enter"],
    ["ctrl+p", "escape", "ctrl+p", "enter", "escape", "enter"],
    # a key after the palette answered starts a gather of commands as it closes
    ["ctrl+p", "d", "backspace", "tab", "space", "e", "enter", "backspace", "D"],
    ["ctrl+p", *"theme", "enter", "pagedown", "pageup", "enter"],  # the theme picker
])
async def test_palette_bursts_do_not_crash_the_editor(tmp_path, keys):
    app = editor_on(saved_file(tmp_path), RecoveryStore(tmp_path / "rec"))
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        burst(app, keys)
        await calm(app, pilot)
    assert app.return_code in (0, None)


@pytest.mark.parametrize("keys", [
    ["ctrl+p", "pageup"],
    ["ctrl+p", "down", "escape", "ctrl+p", "enter", "enter"],
    ["enter", "question_mark", "escape", "question_mark", "q"],
    ["enter", "n", "n", "p", "question_mark", "escape", "escape", "enter"],
])
async def test_player_bursts_do_not_crash(tmp_path, keys):
    path = tmp_path / "pack.toml"
    make_pack(path)
    app = PlayApp(load_pack(path))
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        burst(app, keys)
        await calm(app, pilot)
    assert app.return_code in (0, None)


def test_a_player_crash_exits_non_zero(tmp_path):
    import asyncio

    from portia_tui.cli.edit import run_app

    path = tmp_path / "pack.toml"
    make_pack(path)
    app = PlayApp(load_pack(path))

    def boom(*_args) -> None:
        raise RuntimeError("boom")

    app.action_quit = boom  # q now crashes the player

    async def drive() -> None:
        try:
            async with app.run_test(size=SMALL) as pilot:
                await pilot.press("q")
                await pilot.pause()
        except RuntimeError:
            pass

    app.run = lambda: asyncio.run(drive())
    assert run_app(app) == 1


async def test_a_marks_key_that_is_a_superscript_digit_does_not_stop_play(tmp_path):
    import json

    from portia_tui.app.play import single_pack
    from portia_tui.core.io.progress import pack_key

    pack = single_pack(default_puzzle())
    store = ProgressStore()
    store.pack(pack_key(pack), pack.title).record("1")
    store.save()
    data = json.loads(store.path.read_text())
    entry = data["packs"][pack_key(pack)]["puzzles"]["1"]
    entry["marks"] = {"²": {"0": True}, "0": {"²": True, "1": True}}
    store.path.write_text(json.dumps(data))
    app = PlayApp(pack, single=True)
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        assert app.is_running
        assert app.screen.session.pencil.marks() in ({}, {1: True})
    assert app.return_code in (0, None)


# --------------------------------------------------------------------------- random bursts
EDITOR_KEYS = (list("uramxvgtfsSonecCplLw?q+-=[]dD01239 ") + ["enter", "escape", "tab",
               "shift+tab", "up", "down", "left", "right", "space", "backspace", "home",
               "end", "pageup", "pagedown", "ctrl+z", "ctrl+y", "ctrl+p", "ctrl+s",
               "ctrl+q", "ctrl+e", "ctrl+o", "f1"])
PLAYER_KEYS = (list("123456789hrstfcuxnpq?") + ["enter", "escape", "tab", "up", "down", "left",
               "right", "pageup", "pagedown", "home", "end", "space", "ctrl+p", "backspace"])


#: keys drawn less often (the share kept): the quits, so a burst gets round the screens
#: before it ends, and the palette and the help, which take the keys given to them (drawn as
#: often as the others, 67 of the 124 keys one burst sent before a quit went to the palette,
#: 50 to the help and 7 to the editor)
RARE = {"q": 0.1, "ctrl+q": 0.1, "ctrl+p": 0.3, "f1": 0.3, "?": 0.3}


def _random_keys(rng: random.Random, pool: list[str]) -> list[str]:
    keys: list[str] = []
    while len(keys) < BURST:
        key = rng.choice(pool)
        if rng.random() < RARE.get(key, 1.0):
            keys.append(key)
        if rng.random() < 0.04:  # a way out of a menu, dialog or palette now and then
            keys.append("escape")
    return keys[:BURST]


def reached(app) -> set[str]:
    """The screens pushed while the app runs (their class names), filled in as they come."""
    seen: set[str] = set()
    real = app.push_screen

    def push(screen, *args, **kwargs):
        name = screen if isinstance(screen, str) else type(screen).__name__
        # a menu by its title's first words: the modes menu, the rules menu, a slot's menu
        title = getattr(screen, "title_text", None)
        seen.add(f"{name}: {' '.join(title.split()[:3])}" if isinstance(title, str) else name)
        return real(screen, *args, **kwargs)

    app.push_screen = push
    return seen


def log_reached(test: str, seed: int, seen: set[str]) -> None:
    """With PORTIA_BURST_LOG=FILE, one JSON line a seed: the screens its keys reached (to
    check that the key lists reach every screen and dialog)."""
    log = os.environ.get("PORTIA_BURST_LOG")
    if log:
        import json

        with open(log, "a", encoding="utf-8") as fh:
            fh.write(json.dumps({"test": test, "seed": seed, "screens": sorted(seen)}) + "\n")


@pytest.mark.parametrize("seed", range(SEEDS))
async def test_random_editor_bursts(tmp_path, monkeypatch, seed):
    """No exception; no file written unless a save was asked for; no recovery copy that
    differs from the saved file unless the last edit was unsaved."""
    monkeypatch.chdir(tmp_path)
    asked: list[str] = []
    for name in ("save", "save_as"):
        real = getattr(FileActions, name)

        async def wrapped(self, _real=real, _name=name):
            asked.append(_name)
            return await _real(self)

        monkeypatch.setattr(FileActions, name, wrapped)
    rng = random.Random(seed)
    store = RecoveryStore(tmp_path / "rec")
    path = saved_file(tmp_path, default_puzzle().with_row_added())
    before = path.read_bytes()
    app = editor_on(path, store)
    seen = reached(app)
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        burst(app, _random_keys(rng, EDITOR_KEYS))
        await calm(app, pilot)
        dirty = app.model.dirty
        app.editor.files.autosave(quiet=True)  # what the timer would do: the copy is current
    assert app.return_code in (0, None)
    log_reached("editor_bursts", seed, seen)
    written = sorted(p.name for p in tmp_path.glob("*.toml"))
    if not asked:
        assert path.read_bytes() == before and written == ["p.toml"]
    kept = store.read(path)
    if kept is not None and path.exists():
        assert dirty or kept.puzzle == formats.load(path)


@pytest.mark.parametrize("seed", range(SEEDS))
async def test_random_player_bursts(tmp_path, seed):
    rng = random.Random(1000 + seed)
    path = tmp_path / "pack.toml"
    make_pack(path)
    app = PlayApp(load_pack(path))
    seen = reached(app)
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        burst(app, _random_keys(rng, PLAYER_KEYS))
        await calm(app, pilot)
    assert app.return_code in (0, None)
    log_reached("player_bursts", seed, seen)


# --------------------------------------------------------------------------- the truth editor
WORLD_KEYS = (list("urlmktcsSeaxAXopq?bink2 ") + ["enter", "escape", "tab", "shift+tab",
              "up", "down", "left", "right", "space", "backspace", "delete", "home", "end",
              "pageup", "pagedown", "ctrl+z", "ctrl+y", "ctrl+p", "ctrl+s", "ctrl+q",
              "ctrl+o", "f1"])


@pytest.mark.parametrize("seed", range(SEEDS))
async def test_random_truth_editor_bursts(tmp_path, monkeypatch, seed):
    """The truth-puzzle editor under 200 random keys: no exception; no file written unless a
    save was asked for; no recovery copy that differs from the saved file unless the last
    edit was unsaved."""
    from portia_tui.app.world_editor.app import WorldEditorApp
    from portia_tui.app.world_editor.files import WorldFiles, world_store
    from portia_tui.core.author import world_editing as we
    from portia_tui.core.io.files import atomic_write

    monkeypatch.chdir(tmp_path)
    asked: list[str] = []
    for name in ("save", "save_as"):
        real = getattr(WorldFiles, name)

        async def wrapped(self, _real=real, _name=name):
            asked.append(_name)
            return await _real(self)

        monkeypatch.setattr(WorldFiles, name, wrapped)
    rng = random.Random(2000 + seed)
    store = world_store(tmp_path / "rec")
    path = tmp_path / "k.toml"
    start = we.blank("knights-knaves", 3).with_statement("A", "B is a knave")
    atomic_write(path, we.dumps(start))
    before = path.read_bytes()
    app = WorldEditorApp.on_draft(we.loads(before.decode(), str(path)), path, opened=True,
                                  store=store)
    seen = reached(app)
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        burst(app, _random_keys(rng, WORLD_KEYS))
        await calm(app, pilot)
        dirty = app.model.dirty
        app.editor.files.autosave(quiet=True)  # what the timer would do: the copy is current
    assert app.return_code in (0, None)
    log_reached("truth_editor_bursts", seed, seen)
    written = sorted(p.name for p in tmp_path.glob("*.toml"))
    if not asked:
        assert path.read_bytes() == before and written == ["k.toml"]
    kept = store.read(path)
    if kept is not None and path.exists():
        assert dirty or kept.puzzle == we.loads(path.read_text(), str(path))


# --------------------------------------------------------------------------- truth puzzles
ISLAND_KEYS = (list("hrcxnpq?s ") + ["enter", "escape", "tab", "up", "down", "left", "right",
               "pageup", "pagedown", "space", "backspace", "ctrl+p"])


def truth_pack():
    """A pack of three truth puzzles (islanders, werewolves, a trial) and a casket puzzle."""
    from pathlib import Path

    from portia_tui.core.io.formats import world_toml
    from portia_tui.core.packs.pack import Pack, PackPuzzle

    truth = Path(__file__).resolve().parents[1] / "puzzles" / "truth"
    entries = [PackPuzzle(f"00{i}", world_toml.loads((truth / name).read_text(), name),
                          "steady")
               for i, name in enumerate(("three-islanders.toml", "werewolves-2.toml",
                                         "trial-9.toml"), 1)]
    entries.append(PackPuzzle("004", default_puzzle(), "gentle"))
    return Pack("Truth and caskets", tuple(entries))


@pytest.mark.parametrize("keys", [
    # a dismiss followed at once by another key: back to the list, and enter there
    ["enter", "escape", "enter", "space", "escape", "down", "enter", "space", "enter"],
    ["enter", "n", "n", "n", "p", "escape", "escape", "enter", "question_mark", "escape", "h"],
    ["enter", "ctrl+p", "escape", "space", "ctrl+p", "enter", "enter", "r", "r", "escape"],
    ["down", "down", "enter", "right", "space", "enter", "escape", "enter", "x", "x"],
])
async def test_truth_pack_bursts(tmp_path, keys):
    app = PlayApp(truth_pack())
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        burst(app, keys)
        await calm(app, pilot)
    assert app.return_code in (0, None)


@pytest.mark.parametrize("seed", range(SEEDS))
async def test_random_truth_puzzle_bursts(tmp_path, seed):
    """200 keys on a pack of truth puzzles (and one casket puzzle): no exception, and the
    progress file is still readable (nothing set aside)."""
    rng = random.Random(2000 + seed)
    app = PlayApp(truth_pack())
    seen = reached(app)
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        burst(app, _random_keys(rng, ISLAND_KEYS))
        await calm(app, pilot)
    assert app.return_code in (0, None)
    log_reached("truth_puzzle_bursts", seed, seen)
    assert ProgressStore().notice is None


@pytest.mark.parametrize("seed", range(SEEDS))
async def test_random_bursts_on_one_truth_puzzle(tmp_path, seed):
    from portia_tui.app.play.islands import IslandPlayApp

    rng = random.Random(3000 + seed)
    app = IslandPlayApp(truth_pack().puzzles[1].puzzle)
    seen = reached(app)
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        burst(app, _random_keys(rng, ISLAND_KEYS))
        await calm(app, pilot)
    assert app.return_code in (0, None)
    log_reached("bursts_on_one_truth_puzzle", seed, seen)


async def test_a_palette_that_lost_its_list_gathers_no_commands(tmp_path):
    """Burst 37 of the truth editor: the palette was taken down (its CommandList gone) while
    a key typed into it started a gathering of commands: NoMatches stopped the app."""
    from textual.command import CommandList

    from portia_tui.app.base import PortiaPalette

    app = editor_on(saved_file(tmp_path), RecoveryStore(tmp_path / "rec"))
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        burst(app, ["ctrl+p"])
        await calm(app, pilot)
        assert isinstance(app.screen, PortiaPalette)
        await app.screen.query_one(CommandList).remove()
        burst(app, ["d"])  # a gathering for "d" starts, and finds no list
        await calm(app, pilot)
        assert app.is_running
    assert app.return_code in (0, None)
