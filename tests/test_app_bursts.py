"""Keys that arrive together (a paste, key repeat, a slow link), in both apps.

Every burst is posted in one go, before the app handles any of it, as a terminal read would
deliver it. The apps must handle the keys in order, each on the screen the keys before it
left on top; dialogs act only while on top, and a stray enter presses the safe choice.

The random bursts (200 keys each) run 2 seeds per app by default, to keep the suite quick;
PORTIA_BURST_SEEDS=50 runs the full set.
"""

from __future__ import annotations

import asyncio
import os
import random
from typing import NamedTuple

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
#: seconds calm() sleeps while a key or worker is busy (pilot.pause() takes at least 0.02)
SETTLE = 0.02


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


def _busy(app) -> bool:
    """A key not yet handled, or an analysis, marks or dialog worker running."""
    # a file dialog's DirectoryTree keeps a loader worker running while it is open
    return bool(app.keys_pending) or any(
        w.is_running and w.group != "dialog" and not isinstance(w.node, DirectoryTree)
        for w in app.workers)


async def calm(app, pilot, rounds: int = 400, patience: float = 60.0) -> None:
    """Until every key was handled and no analysis, marks or dialog worker is running (at
    most `rounds` pauses, and `patience` seconds of busy app: an analysis under heavy load)."""
    import time

    deadline = time.monotonic() + patience
    for _ in range(rounds):
        while app.is_running and _busy(app) and time.monotonic() < deadline:
            # a plain sleep while busy: each pilot.pause() posts a callback to every widget
            # of the screen and waits for them all (a third of an app test's CPU went there)
            await asyncio.sleep(SETTLE)
        await pilot.pause()
        if not app.is_running or not _busy(app):
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


async def test_a_palette_opened_while_the_last_one_is_taken_down(tmp_path):
    """Random tmux burst (`portia new`, 80x24, 1 of 80): ctrl+p over a menu, closed, and
    ctrl+p again before Textual had taken the first palette down: both bore the id
    '--command-palette' (DuplicateIds, Textual 8.2), and the editor stopped."""
    from textual.command import CommandPalette

    app = editor_on(saved_file(tmp_path), RecoveryStore(tmp_path / "rec"))
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        app.action_command_palette()
        await calm(app, pilot)
        app.pop_screen()               # taken off the stack; removed from the app later
        app.action_command_palette()   # at once
        await calm(app, pilot)
        assert isinstance(app.screen, CommandPalette)
    assert app.return_code in (0, None)


@pytest.mark.parametrize("action", ["page_up", "page_down"])
async def test_an_option_list_paged_before_it_is_drawn_does_not_crash(tmp_path, action):
    """Random editor burst 34 of 50: an option list (the assistant's Select, opened) paged
    before it was drawn: KeyError in Textual 8.2's OptionList paging, and the app stopped.
    The app pages it through the public API instead."""
    from textual.widgets import OptionList

    app = editor_on(saved_file(tmp_path), RecoveryStore(tmp_path / "rec"))
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        options = OptionList(*[f"option {i}" for i in range(40)])
        await app.screen.mount(options)
        options.highlighted = 20
        assert await app.run_action(action, options)  # at once: not drawn yet
        assert options.highlighted != 20
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


def screen_name(screen) -> str:
    """A screen's class, named by its module under portia_tui.app (the casket editor's help
    and the player's are both HelpScreen): 'editor.screens.help.HelpScreen'."""
    kind = type(screen)
    return f"{kind.__module__.removeprefix('portia_tui.app.')}.{kind.__name__}"


def reached(app) -> set[str]:
    """The screens pushed while the app runs (their class names, see screen_name, and for a
    menu its title's first words), filled in as they come."""
    seen: set[str] = set()

    def wrap(real):
        def push(screen, *args, **kwargs):
            if not isinstance(screen, str):
                name = screen_name(screen)
                seen.add(name)
                # a menu also by its title's first words: the repairs, the rules, a slot's
                title = getattr(screen, "title_text", None)
                if isinstance(title, str):
                    seen.add(f"{name}: {' '.join(title.split()[:3])}")
            return real(screen, *args, **kwargs)
        return push

    app.push_screen = wrap(app.push_screen)
    app.switch_screen = wrap(app.switch_screen)
    return seen


# --------------------------------------------------------------------------- tours
# Drawn at random alone, 200 keys seldom reach a dialog two keys deep (a kind of one's own,
# the repairs of an invalid puzzle, a new page's form). Each random burst therefore starts
# with a tour: for every screen its app can show, the keys that open it from the app's first
# screen, a few keys that browse it (drawn at random, none that answers it), and escapes back;
# then come the 200 random keys. All of it is one burst. Each burst test checks that every
# stop of its tour reached its screen, and test_the_tours_reach_every_screen_class checks that
# the tours of the default seeds cover every screen class the apps define.
class Stop(NamedTuple):
    screen: str  # the screen reached (screen_name, or its start: a menu by its title)
    keys: tuple[str, ...]  # from the app's first screen


#: keys that look round a screen without answering it (no enter, space or letters)
BROWSE = ["up", "down", "left", "right", "tab", "shift+tab", "pageup", "pagedown", "home",
          "end", "backspace"]
#: back to the app's first screen from a stop (two screens deep at most, and one spare)
HOME = ["escape"] * 3


def tour(rng: random.Random, first: list[Stop], middle: list[Stop], last: list[Stop]
         ) -> list[str]:
    """The keys of a tour: `first` and `last` in their order (a stop that needs the puzzle as
    it started, one that leaves it edited), `middle` shuffled."""
    shuffled = rng.sample(middle, len(middle))
    keys: list[str] = []
    for stop in [*first, *shuffled, *last]:
        keys += [*stop.keys, *(rng.choice(BROWSE) for _ in range(rng.randint(2, 8))), *HOME]
    return keys


def assert_toured(stops: list[Stop], seen: set[str]) -> None:
    missed = [stop for stop in stops if not any(name.startswith(stop.screen) for name in seen)]
    assert not missed, f"the tour missed {missed}; it reached {sorted(seen)}"


def log_reached(test: str, seed: int, seen: set[str]) -> None:
    """With PORTIA_BURST_LOG=FILE, one JSON line a seed: the screens its keys reached (to
    check that the key lists reach every screen and dialog)."""
    log = os.environ.get("PORTIA_BURST_LOG")
    if log:
        import json

        with open(log, "a", encoding="utf-8") as fh:
            fh.write(json.dumps({"test": test, "seed": seed, "screens": sorted(seen)}) + "\n")


def editor_start(seed: int):
    """The puzzle an editor burst starts on: even seeds a complete, invalid one (repairs are
    offered, and it can be played), odd seeds one with an empty row (as a page being written)."""
    return default_puzzle().with_m(2) if seed % 2 == 0 else default_puzzle().with_row_added()


def editor_tour(seed: int) -> tuple[list[Stop], list[Stop], list[Stop]]:
    menu, dialogs = "editor.screens.menu.MenuScreen", "editor.screens.dialogs."
    complete = seed % 2 == 0
    # f first: the repairs are listed only while the analysis on screen is of the puzzle
    first = [Stop(f"{menu}: Repairs:", ("f",))] if complete else []
    first.append(Stop(dialogs + "NewPuzzleScreen", ("n",)))  # asks nothing while clean
    middle = [Stop(menu, ("enter",)), Stop(f"{menu}: Add a rule", ("l",)),
              Stop(dialogs + "MetaScreen", ("e",)), Stop(dialogs + "PathScreen", ("S",)),
              Stop(dialogs + "PathScreen", ("o",)),
              Stop("editor.screens.help.HelpScreen", ("question_mark",)),
              Stop("base.PortiaPalette", ("ctrl+p",))]
    if complete:  # only a complete puzzle is played
        middle += [Stop("play.screens.puzzle.PlayPuzzleScreen", ("p",)),
                   Stop("play.screens.help.HelpScreen", ("p", "question_mark"))]
    last = [Stop(dialogs + "ChoiceScreen", ("plus", "q")),  # an edit: quit asks
            Stop("editor.screens.editor.EditorScreen", ())]  # the first screen, browsed
    return first, middle, last


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
    path = saved_file(tmp_path, editor_start(seed))
    before = path.read_bytes()
    app = editor_on(path, store)
    seen = reached(app)
    stops = editor_tour(seed)
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        seen.add(screen_name(app.screen))  # the first screen (the app's default, not pushed)
        if seed % 2 == 0:  # the repairs are looked for once the author pauses
            for _ in range(400):
                if app.editor._repairs_found is not None:
                    break
                await pilot.pause(0.01)
        burst(app, tour(rng, *stops) + _random_keys(rng, EDITOR_KEYS))
        await calm(app, pilot)
        dirty = app.model.dirty
        app.editor.files.autosave(quiet=True)  # what the timer would do: the copy is current
    assert app.return_code in (0, None)
    log_reached("editor_bursts", seed, seen)
    assert_toured([stop for part in stops for stop in part], seen)
    written = sorted(p.name for p in tmp_path.glob("*.toml"))
    if not asked:
        assert path.read_bytes() == before and written == ["p.toml"]
    kept = store.read(path)
    if kept is not None and path.exists():
        assert dirty or kept.puzzle == formats.load(path)


def player_tour(seed: int) -> tuple[list[Stop], list[Stop], list[Stop]]:
    """The player on a pack: the first screen is the pack's list (escape there does nothing)."""
    return [], [Stop("play.screens.puzzle.PlayPuzzleScreen", ("home", "enter")),
                Stop("play.screens.help.HelpScreen", ("question_mark",)),
                Stop("play.screens.stats.StatsScreen", ("s",)),
                Stop("base.PortiaPalette", ("ctrl+p",))], [
        Stop("play.screens.pack_list.PackScreen", ())]  # the first screen, browsed


@pytest.mark.parametrize("seed", range(SEEDS))
async def test_random_player_bursts(tmp_path, monkeypatch, seed):
    """Even seeds: every puzzle counts as big, so the pack opens on the screen that checks
    them in the child process, and the first keys of the burst are sent while it is up (a
    check this small may be over before the keys are handled: they go to the list then)."""
    import portia_tui.app.play.app as play_app

    rng = random.Random(1000 + seed)
    path = tmp_path / "pack.toml"
    make_pack(path)
    checking = seed % 2 == 0
    if checking:
        monkeypatch.setattr(play_app, "CHECK_AT_ONCE", 0)
        monkeypatch.setattr(play_app, "TRY_HERE_SECONDS", 0)  # checked in the child process
    app = PlayApp(load_pack(path))
    seen = reached(app)
    stops = player_tour(seed)
    async with app.run_test(size=SMALL) as pilot:
        if checking:
            burst(app, [rng.choice(BROWSE) for _ in range(20)])
        await calm(app, pilot)
        burst(app, tour(rng, *stops) + _random_keys(rng, PLAYER_KEYS))
        await calm(app, pilot)
    assert app.return_code in (0, None)
    log_reached("player_bursts", seed, seen)
    assert_toured([stop for part in stops for stop in part]
                  + ([Stop("play.app.CheckingScreen", ())] if checking else []), seen)


# --------------------------------------------------------------------------- the truth editor
WORLD_KEYS = (list("urlmktcsSeaxAXopq?bink2 ") + ["enter", "escape", "tab", "shift+tab",
              "up", "down", "left", "right", "space", "backspace", "delete", "home", "end",
              "pageup", "pagedown", "ctrl+z", "ctrl+y", "ctrl+p", "ctrl+s", "ctrl+q",
              "ctrl+o", "f1"])


def world_start(seed: int):
    """The page a truth-editor burst starts on: even seeds a well-posed one (it can be
    played), odd seeds a blank page of three with one statement."""
    from pathlib import Path

    from portia_tui.core.author import world_editing as we

    if seed % 2 == 0:
        text = (Path(__file__).resolve().parents[1] / "puzzles" / "truth"
                / "three-islanders.toml").read_text()
        return we.loads(text, "three-islanders.toml")
    return we.blank("knights-knaves", 3).with_statement("A", "B is a knave")


def world_tour(seed: int) -> tuple[list[Stop], list[Stop], list[Stop]]:
    menus, dialogs = "world_editor.menus.WorldMenu", "editor.screens.dialogs."
    # a new page's form: n asks nothing while the page is clean, enter takes the family
    first = [Stop("world_editor.new.NewPageScreen", ("n", "enter"))]
    if seed % 2 == 0:  # only a page with one answer is played
        first.append(Stop("play.islands.IslandScreen", ("p",)))
    middle = [Stop(menus, ("enter",)), Stop(f"{menus}: Add a rule", ("l",)),
              Stop(f"{menus}: Who speaks truly,", ("m",)),
              Stop("world_editor.new.OwnKindScreen", ("m", *typed("your own"), "enter")),
              Stop(f"{menus}: What must the", ("k",)), Stop(dialogs + "MetaScreen", ("e",)),
              Stop(dialogs + "PathScreen", ("o",)), Stop(dialogs + "PathScreen", ("S",)),
              Stop("world_editor.help.WorldHelp", ("question_mark",)),
              Stop("base.PortiaPalette", ("ctrl+p",))]
    last = [Stop(dialogs + "ChoiceScreen", ("a", "n")),  # an edit: a new page asks
            Stop("world_editor.screen.WorldEditorScreen", ())]  # the first screen, browsed
    return first, middle, last


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
    atomic_write(path, we.dumps(world_start(seed)))
    before = path.read_bytes()
    app = WorldEditorApp.on_draft(we.loads(before.decode(), str(path)), path, opened=True,
                                  store=store)
    seen = reached(app)
    stops = world_tour(seed)
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        seen.add(screen_name(app.screen))  # the first screen (the app's default, not pushed)
        burst(app, tour(rng, *stops) + _random_keys(rng, WORLD_KEYS))
        await calm(app, pilot)
        dirty = app.model.dirty
        app.editor.files.autosave(quiet=True)  # what the timer would do: the copy is current
    assert app.return_code in (0, None)
    log_reached("truth_editor_bursts", seed, seen)
    assert_toured([stop for part in stops for stop in part], seen)
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


def truth_pack_tour(seed: int) -> tuple[list[Stop], list[Stop], list[Stop]]:
    """The pack of truth puzzles: an islanders' puzzle first in the list, a casket one last."""
    return [], [Stop("play.islands.IslandScreen", ("home", "enter")),
                Stop("play.screens.puzzle.PlayPuzzleScreen",
                     ("home", "down", "down", "down", "enter")),
                Stop("play.screens.help.HelpScreen", ("question_mark",)),
                Stop("play.screens.stats.StatsScreen", ("s",)),
                Stop("base.PortiaPalette", ("ctrl+p",))], [
        Stop("play.screens.pack_list.PackScreen", ())]  # the first screen, browsed


@pytest.mark.parametrize("seed", range(SEEDS))
async def test_random_truth_puzzle_bursts(tmp_path, seed):
    """200 keys on a pack of truth puzzles (and one casket puzzle): no exception, and the
    progress file is still readable (nothing set aside)."""
    rng = random.Random(2000 + seed)
    app = PlayApp(truth_pack())
    seen = reached(app)
    stops = truth_pack_tour(seed)
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        burst(app, tour(rng, *stops) + _random_keys(rng, ISLAND_KEYS))
        await calm(app, pilot)
    assert app.return_code in (0, None)
    log_reached("truth_puzzle_bursts", seed, seen)
    assert_toured([stop for part in stops for stop in part], seen)
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


# --------------------------------------------------------------------------- every screen
#: the apps' screen classes that are never shown themselves, only their subclasses
BASES = {"base.FileScreen", "editor.screens.dialogs.Dialog",
         "editor.screens.dialogs.DialogScreen", "editor.screens.dialogs.FormDialog"}
#: the default seeds (PORTIA_BURST_SEEDS unset): make test's bursts
DEFAULT_SEEDS = range(2)


def screen_classes() -> set[str]:
    """Every Screen class portia's apps define (screen_name), found by importing them all."""
    import importlib
    import pkgutil

    from textual.screen import Screen

    import portia_tui.app

    for module in pkgutil.walk_packages(portia_tui.app.__path__, "portia_tui.app."):
        importlib.import_module(module.name)
    found: set[str] = set()
    todo = [Screen]
    while todo:
        kind = todo.pop()
        todo += kind.__subclasses__()
        if kind.__module__.startswith("portia_tui.app."):
            found.add(f"{kind.__module__.removeprefix('portia_tui.app.')}.{kind.__name__}")
    return found


def test_the_tours_reach_every_screen_class():
    """The default seeds' random bursts, together, reach every screen class of the three apps
    (the casket editor, the truth editor, the player): each burst test asserts that its tour
    reached every stop, so a screen class no stop names fails here (add a stop for it)."""
    tours = [editor_tour, world_tour, player_tour, truth_pack_tour]
    named = {stop.screen.split(":")[0] for make in tours for seed in DEFAULT_SEEDS
             for part in make(seed) for stop in part}
    named.add("play.app.CheckingScreen")  # test_random_player_bursts, even seeds
    classes = screen_classes()
    assert "editor.screens.menu.MenuScreen" in classes and len(classes) > 15
    assert classes - BASES <= named, f"no burst reaches {sorted(classes - BASES - named)}"
    assert named <= classes  # every stop names a real class


@pytest.mark.parametrize("command", ["undo", "redo"])
async def test_a_key_after_a_palette_command_is_the_screen_s_below(tmp_path, command):
    """ctrl+p, a command, enter and q in one burst: the q went to the palette as it closed
    (Textual 8.2 selects the command a few messages after the enter) and was lost, so the
    editor did not quit. The keys after the enter wait until the command has run."""
    app = editor_on(saved_file(tmp_path), RecoveryStore(tmp_path / "rec"))
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        burst(app, ["ctrl+p", *typed(command), "enter", "q"])
        await calm(app, pilot)
    assert app.return_code == 0
