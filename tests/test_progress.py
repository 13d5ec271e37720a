"""The progress store: statuses, atomic saves, corrupt files, statistics."""

from __future__ import annotations

import json

import pytest

from portia_tui.core.packs.pack import Pack, PackPuzzle
from portia_tui.core.io.progress import (ProgressStore, PuzzleRecord, clock, default_progress_path,
                                      pack_key, statistics)
from portia_tui.core.language.model import default_puzzle

from .test_play_support import make_pack, thesis_example


@pytest.fixture(autouse=True)
def _dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("PORTIA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PORTIA_CONFIG_DIR", str(tmp_path / "config"))


def test_default_path_honours_the_environment(tmp_path):
    assert default_progress_path() == tmp_path / "data" / "progress.json"


def test_record_status_moves_only_forward():
    rec = PuzzleRecord()
    rec.wrong_pick()
    rec.solved()
    assert rec.status == "solved" and rec.wrong == 1
    rec.revealed()
    rec.hint_seen(2)
    assert rec.status == "solved" and rec.hints == 0

    rec = PuzzleRecord()
    rec.hint_seen(2)
    rec.hint_seen(1)
    rec.solved()
    assert rec.status == "hinted" and rec.hints == 2

    rec = PuzzleRecord()
    rec.revealed()
    rec.solved()
    assert rec.status == "revealed"


def test_pack_key_is_stable_and_follows_content(tmp_path):
    a = make_pack(tmp_path / "a.toml")
    b = make_pack(tmp_path / "b.toml")
    assert pack_key(a) == pack_key(b)
    changed = Pack(a.title, a.puzzles[:2])
    assert pack_key(changed) != pack_key(a)
    retitled = Pack("Other", a.puzzles)
    assert pack_key(retitled) != pack_key(a)


def test_save_and_load_round_trip(tmp_path):
    store = ProgressStore()
    assert store.path == tmp_path / "data" / "progress.json"
    assert store.notice is None and store.packs == {}
    prog = store.pack("k1", "My pack")
    prog.current = "002"
    rec = prog.record("001")
    rec.hint_seen(1)
    rec.seconds = 12.5
    rec.solved()
    assert store.save() is None  # creates the data folder
    again = ProgressStore()
    got = again.pack("k1")
    assert got.title == "My pack" and got.current == "002"
    assert got.record("001") == PuzzleRecord("hinted", 1, 12.5, 0)
    assert again.save() is None  # replaces the file (force)


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"format": 99, "packs": {}}', "\x00\xff"])
def test_corrupt_file_starts_fresh_with_a_notice_and_keeps_a_copy(tmp_path, text):
    path = tmp_path / "data" / "progress.json"
    path.parent.mkdir()
    path.write_bytes(text.encode("latin-1"))
    store = ProgressStore()
    assert store.packs == {}
    assert store.notice and "starting with fresh progress" in store.notice
    assert (tmp_path / "data" / "progress.json.corrupt").read_bytes() == text.encode("latin-1")
    store.pack("k").record("1").solved()
    assert store.save() is None
    assert json.loads(path.read_text())["packs"]["k"]["puzzles"]["1"]["status"] == "solved"


def test_bad_fields_fall_back_to_defaults(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"format": 1, "packs": {
        "k": {"current": 3, "puzzles": {"1": {"status": "won", "hints": -1, "seconds": "x",
                                               "wrong": True}, "2": "junk"}}}}))
    store = ProgressStore(path)
    assert store.notice is None
    prog = store.pack("k")
    assert prog.current is None
    assert prog.record("1") == PuzzleRecord()
    assert prog.record("2") == PuzzleRecord()


def test_unwritable_folder_gives_a_line_not_a_crash(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    store = ProgressStore(blocker / "progress.json")
    store.pack("k")
    why = store.save()
    assert why and "progress not saved" in why


def test_statistics_per_difficulty(tmp_path):
    pack = make_pack(tmp_path / "p.toml")
    store = ProgressStore()
    prog = store.pack(pack_key(pack))
    a = prog.record("001")
    a.seconds = 30
    a.solved()
    b = prog.record("002")
    b.hint_seen(3)
    b.seconds = 90
    b.solved()
    c = prog.record("003")
    c.seconds = 10
    c.revealed()
    rows = statistics([(e.id, e.difficulty) for e in pack.puzzles], prog)
    assert [r.label for r in rows] == ["gentle", "steady", "tricky", "all"]
    easy, medium, hard, total = rows
    assert (easy.solved, easy.mean_solve_seconds) == (1, 30)
    assert (medium.hinted, medium.hints, medium.mean_solve_seconds) == (1, 3, 90)
    assert (hard.revealed, hard.mean_solve_seconds) == (1, None)
    assert (total.puzzles, total.solved, total.hinted, total.revealed, total.unsolved) == (3, 1, 1, 1, 0)
    assert total.seconds == 130 and total.mean_solve_seconds == 60


def test_statistics_count_unplayed_puzzles_as_unsolved():
    pack = Pack("one", (PackPuzzle("1", default_puzzle(), "odd"), PackPuzzle("2", thesis_example())))
    rows = statistics([(e.id, e.difficulty) for e in pack.puzzles], ProgressStore().pack("x"))
    assert [r.label for r in rows] == ["steady", "odd", "all"]
    assert rows[-1].unsolved == 2


def test_clock():
    assert clock(7) == "0:07"
    assert clock(754.9) == "12:34"
    assert clock(3723) == "1:02:03"


def test_pencil_marks_survive_the_merge_of_two_stores(tmp_path):
    """Marks written by one player are kept when another player saves other puzzles."""
    from portia_tui.core.io.progress import ProgressStore

    path = tmp_path / "progress.json"
    a, b = ProgressStore(path), ProgressStore(path)
    rec = a.pack("k", "Pack").record("001")
    rec.marks = {"0": {"1": True}}
    rec.supposing = 0
    assert a.save() is None
    b.pack("k", "Pack").record("002").wrong_pick()
    assert b.save() is None
    again = ProgressStore(path).pack("k").peek("001")
    assert again.marks == {"0": {"1": True}} and again.supposing == 0
    assert ProgressStore(path).pack("k").peek("002").wrong == 1


def test_stored_seconds_are_capped_at_a_century():
    from portia_tui.core.io.progress import _seconds

    century = 100 * 365 * 24 * 3600.0
    assert _seconds(century) == century and _seconds(century + 1) == century
    assert _seconds(12) == 12.0 and _seconds(-1) == 0.0 and _seconds(True) == 0.0


def test_a_truth_puzzles_grid_of_marks_round_trips_bounded_and_merges(tmp_path):
    store = ProgressStore()
    rec = store.pack("k", "T").record("1")
    rec.grid = {"A": {"type": "knave"}, "?": {"Is it so?": "yes"}}
    assert store.save() is None
    back = ProgressStore().pack("k").record("1")
    assert back.grid == {"A": {"type": "knave"}, "?": {"Is it so?": "yes"}}
    # bad stored values are left out, never a crash
    data = json.loads(store.path.read_text())
    data["packs"]["k"]["puzzles"]["1"]["grid"] = {"A": {"type": 3, "wolf": "human"},
                                                  "B": "knave", "C": {"x" * 500: "y"}}
    store.path.write_text(json.dumps(data))
    assert ProgressStore().pack("k").record("1").grid == {"A": {"wolf": "human"}}
    # two players: the one who changed the marks last keeps them; the other's time adds up
    first, second = ProgressStore(), ProgressStore()
    first.pack("k").record("1").grid = {"A": {"type": "knight"}}
    assert first.save() is None
    second.pack("k").record("1").seconds += 10
    assert second.save() is None
    merged = ProgressStore().pack("k").record("1")
    assert merged.grid == {"A": {"type": "knight"}} and merged.seconds == 10
