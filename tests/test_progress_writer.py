"""The player's progress is written off the interface's thread (issue 21): a background writer
that keeps order, coalesces bursts, is flushed on quit, survives a kill, and says a failure in
one line without replacing the file."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from portia_tui.app.play import PlayApp, PlayPuzzleScreen, single_pack
from portia_tui.core.io.progress import ProgressStore, pack_key
from portia_tui.core.io.writer import LatestWriter

from .test_play_support import thesis_example

SIZE = (140, 45)
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("PORTIA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PORTIA_CONFIG_DIR", str(tmp_path / "config"))


# ----------------------------------------------------------------------------- the writer
def test_the_writer_keeps_order_and_coalesces_a_burst():
    gate = threading.Event()
    written: list[int] = []

    def write(item: int) -> None:
        gate.wait(5)
        written.append(item)

    writer: LatestWriter[int, None] = LatestWriter(write)
    for i in range(200):  # the first write is held: the 199 others wait, the last one wins
        writer.submit(i)
    assert writer.busy
    gate.set()
    assert writer.flush(5)
    assert written[-1] == 199 and written == sorted(written) and len(written) <= 3
    writer.submit(200)
    assert writer.close(5) and written[-1] == 200
    writer.submit(201)  # closed: ignored
    time.sleep(0.05)
    assert written[-1] == 200


def test_when_written_calls_back_once_what_was_handed_over_is_written():
    """What a screen change waits on (an event set from the writer's thread, no polling)."""
    gate = threading.Event()
    written: list[int] = []
    woken: list[tuple[str, list[int]]] = []

    def write(item: int) -> None:
        gate.wait(5)
        written.append(item)

    writer: LatestWriter[int, None] = LatestWriter(write)
    writer.when_written(lambda: woken.append(("idle", list(written))))  # nothing handed over
    writer.submit(1)
    writer.when_written(lambda: woken.append(("1", list(written))))
    writer.submit(2)
    writer.when_written(lambda: woken.append(("2", list(written))))
    assert woken == [("idle", [])]  # the first write is held: no one else woken yet
    gate.set()
    assert writer.flush(5)
    # each woken once, after the last item handed over before it was written (or replaced)
    assert [w for w, _ in woken] == ["idle", "1", "2"]
    assert woken[1][1][-1] in (1, 2) and woken[2][1][-1] == 2
    gate.clear()
    writer.submit(3)
    writer.when_written(lambda: woken.append(("3", list(written))))
    gate.set()
    assert writer.close(5) and woken[-1] == ("3", written) and written[-1] == 3
    writer.when_written(lambda: woken.append(("ended", [])))  # ended: at once
    assert woken[-1] == ("ended", [])


def test_a_failing_write_does_not_stop_the_writer():
    seen: list[int] = []

    def write(item: int) -> None:
        if item == 1:
            raise ValueError("boom")
        seen.append(item)

    writer: LatestWriter[int, None] = LatestWriter(write)
    writer.submit(1)
    assert writer.flush(5) and isinstance(writer.error, ValueError)
    writer.submit(2)
    assert writer.close(5) and seen == [2]


def test_a_copy_written_later_merges_like_a_save(tmp_path):
    """The copy is taken first, the player goes on, the write lands: the file holds the copy
    (never a later or an earlier state), and the change made since is written next time."""
    path = tmp_path / "progress.json"
    store = ProgressStore(path)
    rec = store.pack("k", "K").record("1")
    rec.seconds = 10
    first = store.pending()
    rec.seconds = 25  # after the copy
    assert store.write(first) is None
    store.settle()
    assert json.loads(path.read_text())["packs"]["k"]["puzzles"]["1"]["seconds"] == 10
    assert store.save() is None
    assert json.loads(path.read_text())["packs"]["k"]["puzzles"]["1"]["seconds"] == 25
    # another player added time meanwhile: both are kept, and this store sees it after a save
    other = ProgressStore(path)
    other.pack("k").record("1").seconds += 5
    assert other.save() is None
    late = store.pending()
    rec.seconds += 1  # during the write
    assert store.write(late) is None
    store.settle()
    assert rec.seconds == 31  # 25 + 5 from the other player + 1 since the copy
    assert store.save() is None
    assert json.loads(path.read_text())["packs"]["k"]["puzzles"]["1"]["seconds"] == 31


# ----------------------------------------------------------------------------- the player
def disk_record(puzzle) -> dict:
    data = json.loads(ProgressStore().path.read_text())
    return data["packs"][pack_key(single_pack(puzzle))]["puzzles"]["1"]


async def test_a_burst_of_marks_then_quit_leaves_the_last_state_on_disk():
    puzzle = thesis_example()
    app = PlayApp(single_pack(puzzle), single=True)
    async with app.run_test(size=SIZE) as pilot:
        while not isinstance(app.screen, PlayPuzzleScreen):
            await pilot.pause()
        screen = app.screen
        # one write of keys: suppose, marks down the statements, another casket, quit at once
        await pilot.press("s", "t", "down", "f", "down", "t", "f", "up", "t", "right", "right",
                          "s", "t", "down", "t", "q")
    session = screen.session
    assert session.pencil.supposing is not None
    got = disk_record(puzzle)
    assert got["marks"] == session.pencil.to_dict() and got["marks"]
    assert got["supposing"] == session.pencil.supposing
    assert app._writer.writes <= 16


async def test_keys_never_wait_for_a_slow_disk(monkeypatch):
    """A write held for seconds (a slow disk, another player's lock): the keys go on."""
    gate = threading.Event()
    real = ProgressStore.write

    def slow(self, pending, **kwargs):  # placed= (the rename, before the fsync)
        gate.wait(10)
        return real(self, pending, **kwargs)

    monkeypatch.setattr(ProgressStore, "write", slow)
    puzzle = thesis_example()
    app = PlayApp(single_pack(puzzle), single=True)
    async with app.run_test(size=SIZE) as pilot:
        while not isinstance(app.screen, PlayPuzzleScreen):
            await pilot.pause()
        screen = app.screen
        start = time.monotonic()
        await pilot.press("s", "t")
        await pilot.pause()
        for _ in range(3):
            await pilot.press("down", "t")
            await pilot.pause()
        assert time.monotonic() - start < 5  # the writer holds the write, not the keys
        assert len(screen.session.pencil.to_dict()[str(screen.session.pencil.supposing)]) == 4
        gate.set()
        await pilot.press("q")
    assert disk_record(puzzle)["marks"] == screen.session.pencil.to_dict()


async def test_a_failed_write_is_said_once_and_the_file_is_not_replaced(monkeypatch):
    """A full disk (the fsync of the new copy fails): one line, the old file stays whole."""
    import errno

    puzzle = thesis_example()
    store = ProgressStore()
    store.pack(pack_key(single_pack(puzzle)), "old").record("1").seconds = 7
    assert store.save() is None
    before = store.path.read_text()

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    said: list[str] = []
    app = PlayApp(single_pack(puzzle), single=True)
    app.notify = lambda message, **kw: said.append(str(message))  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        while not isinstance(app.screen, PlayPuzzleScreen):
            await pilot.pause()
        monkeypatch.setattr(os, "fsync", full)
        await pilot.press("s", "t", "down", "t")
        await pilot.pause()
        assert app.flush_saves(5)
        await pilot.pause()
        await pilot.press("down", "f")
        await pilot.pause()
        assert app.flush_saves(5)
        await pilot.press("q")
    lines = [s for s in said if "progress not saved" in s]
    assert len(lines) == 1 and "\n" not in lines[0] and "No space left" in lines[0]
    assert store.path.read_text() == before
    assert [f.name for f in store.path.parent.iterdir() if "tmp" in f.name] == []


KILLED = textwrap.dedent("""
    import sys
    from portia_tui.core.io.progress import ProgressStore
    from portia_tui.core.io.writer import LatestWriter
    store = ProgressStore(sys.argv[1])
    writer = LatestWriter(store.write)
    rec = store.pack("k", "K").record("1")
    i = 0
    while True:
        i += 1
        rec.seconds = i
        rec.marks = {"0": {str(j): True for j in range(i % 50)}}
        writer.submit(store.pending())
        if i == 5:
            writer.flush()
            print("ready", flush=True)
""")


@pytest.mark.parametrize("delay", [0.0, 0.013, 0.041])
def test_a_kill_during_writes_leaves_a_whole_file(tmp_path, delay):
    path = tmp_path / "progress.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", KILLED, str(path)], env=env,
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        time.sleep(delay)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    data = json.loads(path.read_text())  # old or new, whole
    rec = data["packs"]["k"]["puzzles"]["1"]
    assert rec["seconds"] >= 5 and len(rec.get("marks", {}).get("0", {})) == rec["seconds"] % 50


def test_a_screen_change_waits_for_the_rename_not_the_folder_fsync(tmp_path, monkeypatch):
    """The screen change's wait (when_written, bounded at SCREEN_CHANGE_WAIT) ends once the
    progress file has its new name: the folder's fsync after it (only a power cut needs
    it, not a kill) goes on behind it. flush() still waits for the whole write."""
    from portia_tui.core.io import files

    in_fsync, release = threading.Event(), threading.Event()

    def slow_sync(folder: str) -> None:  # a slow disk's folder fsync
        in_fsync.set()
        release.wait(5)

    monkeypatch.setattr(files, "_sync_folder", slow_sync)
    path = tmp_path / "progress.json"
    writer: LatestWriter[str, None] = LatestWriter(
        lambda text: files.atomic_write(path, text, force=True, placed=writer.placed))
    woken = threading.Event()
    writer.submit('{"a": 1}')
    writer.when_written(woken.set)
    assert in_fsync.wait(5)
    assert woken.wait(5) and path.read_text() == '{"a": 1}'  # renamed, fsync still running
    assert writer.busy and not writer.flush(0.05)
    release.set()
    assert writer.close(5) and not writer.busy
