"""A screen change waits (briefly) for the progress writer: the last pencil mark is on disk
before the list or the next puzzle shows, so a kill right after the change keeps it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from portia_tui.app.play import PlayApp, PlayPuzzleScreen
from portia_tui.app.play.screens import PackScreen
from portia_tui.core.io.progress import ProgressStore, pack_key

from .test_play_support import make_pack

ROOT = Path(__file__).resolve().parents[1]

# the player in a process of its own, on a slow disk (each write sleeps first); it kills
# itself (SIGKILL) at the very moment the screen changes (back to the list, or on to the
# next puzzle): whatever is on disk then is what survives
KILLED_AT_CHANGE = textwrap.dedent("""
    import asyncio, os, signal, sys, time
    from pathlib import Path

    from portia_tui.app.play import app as play_app
    from portia_tui.app.play.app import PlayApp
    from portia_tui.core.io.progress import ProgressStore
    from tests.test_play_support import make_pack

    progress, pack_path, slow, keys = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4:]
    # under a full suite's load a write may take longer than the bound a key waits for
    # (bench_play shows the bound holds on this machine); here the order is what is tested
    play_app.SCREEN_CHANGE_WAIT = 30.0

    class SlowDisk(ProgressStore):
        def write(self, pending):
            time.sleep(slow)
            return super().write(pending)

    armed = False

    def killing(change):
        def at_change(self, *args, **kwargs):
            if armed:
                os.kill(os.getpid(), signal.SIGKILL)
            return change(self, *args, **kwargs)
        return at_change

    PlayApp.pop_screen = killing(PlayApp.pop_screen)
    PlayApp.switch_screen = killing(PlayApp.switch_screen)

    async def main():
        global armed
        app = PlayApp(make_pack(Path(pack_path)), store=SlowDisk(progress))
        async with app.run_test(size=(140, 45)) as pilot:
            await pilot.press("enter")
            for _ in range(3):
                await pilot.pause()
            armed = True
            await pilot.press(*keys)  # s t ... and the screen change, in one burst
            for _ in range(50):
                await pilot.pause()
        print("not killed", flush=True)

    asyncio.run(main())
""")


def _marks_on_disk(progress: Path, pack_path: Path) -> dict:
    from portia_tui.core.packs.pack import load_pack

    data = json.loads(progress.read_text())
    key = pack_key(load_pack(pack_path))
    return data["packs"][key]["puzzles"]["001"].get("marks", {})


@pytest.mark.parametrize("change", ["escape", "n"])
def test_a_kill_right_after_a_screen_change_keeps_the_last_mark(tmp_path, change):
    progress, pack_path = tmp_path / "progress.json", tmp_path / "pack.toml"
    env = dict(os.environ, PYTHONPATH=str(ROOT), PORTIA_DATA_DIR=str(tmp_path / "data"),
               PORTIA_CONFIG_DIR=str(tmp_path / "config"))
    # s supposes the first casket, t marks statement 1 true, down f marks statement 2 false
    got = subprocess.run([sys.executable, "-c", KILLED_AT_CHANGE, str(progress),
                          str(pack_path), "0.05", "s", "t", "down", "f", change],
                         env=env, cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert got.returncode == -signal.SIGKILL, got.stdout + got.stderr
    assert _marks_on_disk(progress, pack_path) == {"0": {"0": True, "1": False}}


async def test_a_stuck_disk_holds_the_screen_change_back_no_longer_than_the_bound(tmp_path):
    """A write that never ends: the list still shows (the wait has a bound), and keys go on."""
    stuck = threading.Event()

    class StuckDisk(ProgressStore):
        def write(self, pending):
            stuck.wait(30)
            return super().write(pending)

    pack = make_pack(tmp_path / "pack.toml")
    app = PlayApp(pack, store=StuckDisk(tmp_path / "progress.json"))
    try:
        async with app.run_test(size=(140, 45)) as pilot:
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, PlayPuzzleScreen)
            await pilot.press("s", "t", "escape", "down")
            for _ in range(5):
                await pilot.pause()
            assert isinstance(app.screen, PackScreen)
            stuck.set()
    finally:
        stuck.set()
    # written at the end all the same (quit flushes the writer)
    data = json.loads((tmp_path / "progress.json").read_text())
    assert data["packs"][pack_key(pack)]["puzzles"]["001"]["marks"] == {"0": {"0": True}}
