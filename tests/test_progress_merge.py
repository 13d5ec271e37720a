"""Two players on one progress file: pencil marks, grid cells and the supposition merge one
by one (three-way against what each store last read; changed by both, the change written
later wins, by a logical stamp kept in the file, never by the system clock),
so two players on two puzzles of one pack, or on two marks of one puzzle, both keep their
work."""

from __future__ import annotations

import json

import time

from portia_tui.core.io.progress import ProgressStore, PuzzleRecord, cell_key


def mark(store: ProgressStore, pid: str, placement: int, statement: int,
         value: bool | None, at: float = 0.0) -> None:
    """What the player's session does on t/f/u: one mark changed, applied to the record."""
    rec = store.pack("k", "K").record(pid)
    marks = {p: dict(row) for p, row in rec.marks.items()}
    was = ({p: dict(row) for p, row in marks.items()}, rec.supposing)
    row = marks.setdefault(str(placement), {})
    if value is None:
        row.pop(str(statement), None)
    else:
        row[str(statement)] = value
    # `at`: when the player made it, by a system clock that may jump (the stamps never read it)
    rec.change_marks(was, ({p: r for p, r in marks.items() if r}, placement))


def on_disk(path) -> dict:
    return {pid: rec.get("marks", {}) for pid, rec in
            json.loads(path.read_text())["packs"]["k"]["puzzles"].items()}


def test_two_players_on_two_puzzles_of_one_pack_both_keep_their_marks(tmp_path):
    path = tmp_path / "progress.json"
    alice, bob = ProgressStore(path), ProgressStore(path)
    mark(alice, "1", 0, 0, True, at=10.0)
    mark(bob, "2", 1, 3, False, at=11.0)
    assert alice.save() is None and bob.save() is None
    # alice goes on: her store learnt bob's puzzle 2 at her next save's settle ...
    mark(alice, "1", 0, 1, False, at=12.0)
    assert alice.save() is None
    mark(bob, "2", 1, 4, True, at=13.0)
    assert bob.save() is None
    mark(alice, "1", 0, 2, True, at=14.0)
    assert alice.save() is None  # ... and never writes its old view of puzzle 2 back
    assert on_disk(path) == {"1": {"0": {"0": True, "1": False, "2": True}},
                             "2": {"1": {"3": False, "4": True}}}


def test_a_record_known_to_both_keeps_both_players_marks_on_two_puzzles(tmp_path):
    """Both stores hold both records (each player opened both puzzles once): a save of an
    unchanged view of the other puzzle does not wipe the other's marks there."""
    path = tmp_path / "progress.json"
    seed = ProgressStore(path)
    mark(seed, "1", 0, 0, True, at=1.0)
    mark(seed, "2", 0, 0, True, at=1.0)
    assert seed.save() is None
    alice, bob = ProgressStore(path), ProgressStore(path)
    mark(bob, "2", 0, 6, False, at=11.0)
    assert bob.save() is None
    mark(alice, "1", 0, 5, True, at=12.0)
    assert alice.save() is None  # her store learns bob's record of puzzle 2 ...
    mark(alice, "1", 0, 7, True, at=13.0)
    assert alice.save() is None  # ... and does not write its old view of it back
    assert on_disk(path) == {"1": {"0": {"0": True, "5": True, "7": True}},
                             "2": {"0": {"0": True, "6": False}}}


def test_two_players_on_one_puzzle_keep_each_others_marks_and_removals(tmp_path):
    path = tmp_path / "progress.json"
    alice, bob = ProgressStore(path), ProgressStore(path)
    mark(alice, "1", 0, 0, True, at=10.0)
    mark(bob, "1", 0, 1, False, at=11.0)
    assert alice.save() is None and bob.save() is None
    assert on_disk(path) == {"1": {"0": {"0": True, "1": False}}}
    # alice's store now holds bob's mark (settled after her next write), and keeps it
    mark(alice, "1", 0, 2, True, at=12.0)
    assert alice.save() is None
    assert alice.pack("k").peek("1").marks == {"0": {"0": True, "1": False, "2": True}}
    # bob clears alice's first mark (u, or t again): the removal is kept ...
    mark(bob, "1", 0, 0, None, at=13.0)
    assert bob.save() is None
    assert on_disk(path) == {"1": {"0": {"1": False, "2": True}}}
    # ... and alice, who never changed it since, does not bring it back
    mark(alice, "1", 0, 3, True, at=14.0)
    assert alice.save() is None
    assert on_disk(path) == {"1": {"0": {"1": False, "2": True, "3": True}}}


def test_one_mark_changed_by_both_keeps_the_change_written_later(tmp_path):
    path = tmp_path / "progress.json"
    alice, bob = ProgressStore(path), ProgressStore(path)
    mark(alice, "1", 0, 0, True)
    mark(bob, "1", 0, 0, False)
    assert alice.save() is None
    assert bob.save() is None             # bob's write lands after alice's: his mark stays
    assert on_disk(path) == {"1": {"0": {"0": False}}}
    mark(alice, "1", 0, 1, True)          # an unrelated mark of alice's ...
    assert alice.save() is None           # ... does not bring her old change back
    assert on_disk(path) == {"1": {"0": {"0": False, "1": True}}}
    assert alice.pack("k").peek("1").marks == {"0": {"0": False, "1": True}}  # she sees it
    mark(alice, "1", 0, 0, True)          # a later change of hers wins again
    assert alice.save() is None
    assert on_disk(path) == {"1": {"0": {"0": True, "1": True}}}
    # a removal is a change too: an older view does not bring the mark back
    mark(bob, "1", 0, 0, None)
    assert bob.save() is None
    assert on_disk(path) == {"1": {"0": {"1": True}}}


def test_a_clock_set_back_does_not_pick_the_earlier_change(tmp_path, monkeypatch):
    """The system clock jumps back an hour between two players' changes of one mark (or two
    machines' clocks are apart): the change written later still wins, both ways round."""
    readings = iter([7_200.0, 3_600.0, 1_800.0, 900.0] + [0.0] * 100)  # each one earlier
    monkeypatch.setattr(time, "time", lambda: next(readings))
    for first, second in ((True, False), (False, True)):
        path = tmp_path / f"progress-{first}.json"
        alice, bob = ProgressStore(path), ProgressStore(path)
        mark(alice, "1", 0, 0, first)
        assert alice.save() is None
        mark(bob, "1", 0, 0, second)      # later, by a clock that says earlier
        assert bob.save() is None
        mark(alice, "1", 0, 1, True)
        assert alice.save() is None
        assert on_disk(path) == {"1": {"0": {"0": second, "1": True}}}
        assert alice.pack("k").peek("1").marks["0"]["0"] is second


def test_stamps_count_on_from_an_older_files_unix_times(tmp_path):
    """A file whose stamps are unix times (written before the logical stamps): read as it is,
    and a change written over one counts on from the highest."""
    path = tmp_path / "progress.json"
    path.write_text(json.dumps({"format": 1, "packs": {"k": {"title": "K", "current": "1",
                    "puzzles": {"1": {"status": "unsolved", "hints": 0, "seconds": 3.0,
                                      "wrong": 0, "marks": {"0": {"0": True, "1": True}},
                                      "supposing": 0,
                                      "stamps": {"0/0": 1764300000.25, "0/1": 1764300002.5,
                                                 "supposing": 1764299999.0}}}}}}))
    alice, bob = ProgressStore(path), ProgressStore(path)
    mark(alice, "1", 0, 0, False)
    mark(bob, "1", 0, 0, None)
    assert alice.save() is None and bob.save() is None
    rec = json.loads(path.read_text())["packs"]["k"]["puzzles"]["1"]
    assert rec["marks"] == {"0": {"1": True}}  # bob's removal, written later
    assert rec["stamps"]["0/0"] == 1764300005 and rec["stamps"]["0/1"] == 1764300002.5


def test_grid_cells_merge_one_by_one(tmp_path):
    path = tmp_path / "progress.json"
    alice, bob = ProgressStore(path), ProgressStore(path)
    a = alice.pack("k", "K").record("1")
    b = bob.pack("k", "K").record("1")
    a.change_grid({}, {"A": {"type": "knight"}})
    b.change_grid({}, {"B": {"type": "knave"}})
    assert alice.save() is None and bob.save() is None
    a.change_grid({"A": {"type": "knight"}}, {"A": {"type": "knave"}})
    assert alice.save() is None
    grid = json.loads(path.read_text())["packs"]["k"]["puzzles"]["1"]["grid"]
    assert grid == {"A": {"type": "knave"}, "B": {"type": "knave"}}


def test_stamps_are_logical_stored_bounded_and_read_back():
    rec = PuzzleRecord()
    rec.change_marks(({}, None), ({"0": {"2": True}}, 0))
    assert rec.marks == {"0": {"2": True}} and rec.supposing == 0
    assert rec.stamps == {cell_key("mark", 0, 2): 1.0, "supposing": 1.0}
    rec.change_marks(({"0": {"2": True}}, 0), ({}, 0))
    assert rec.marks == {} and rec.stamps[cell_key("mark", 0, 2)] == 2.0  # kept: removed
    back = PuzzleRecord.from_dict({"stamps": {"0/2": 6.0, "x": "soon", "y": float("inf"),
                                              "z": -1, "w": True, "v": 1e300}})
    assert back.stamps == {"0/2": 6.0}
    assert PuzzleRecord.from_dict({"stamps": [1, 2]}).stamps == {}


def test_stamps_at_the_cap_settle_a_tie_the_same_way_whoever_writes_last(tmp_path):
    """A (hostile) file whose stamps reached the cap: the next change cannot count on, and
    two players' changes tie; the value settles it, the same whichever store writes last."""
    results = []
    for order in ((0, 1), (1, 0)):
        path = tmp_path / f"progress-{order}.json"
        path.write_text(json.dumps({"format": 1, "packs": {"k": {"title": "K", "puzzles": {
            "1": {"status": "unsolved", "marks": {"0": {"5": True}}, "stamps": {"0/5": 1e12}}}}}}))
        stores = [ProgressStore(path), ProgressStore(path)]
        mark(stores[0], "1", 0, 0, True)
        mark(stores[1], "1", 0, 0, False)
        for i in order:
            assert stores[i].save() is None
        results.append(on_disk(path))
    assert results[0] == results[1] == {"1": {"0": {"0": True, "5": True}}}


def test_an_older_file_without_stamps_merges_as_before(tmp_path):
    path = tmp_path / "progress.json"
    path.write_text(json.dumps({"format": 1, "packs": {"k": {"title": "K", "current": "1",
                    "puzzles": {"1": {"status": "unsolved", "hints": 0, "seconds": 3.0,
                                      "wrong": 0, "marks": {"0": {"0": True}},
                                      "supposing": 0}}}}}))
    store = ProgressStore(path)
    mark(store, "1", 0, 1, False, at=10.0)
    assert store.save() is None
    assert on_disk(path) == {"1": {"0": {"0": True, "1": False}}}


def test_the_players_session_changes_the_record_mark_by_mark(tmp_path):
    """The player's session applies each key's change to the record: marks another player
    made there (brought in by a merge while the puzzle is open) stay, and are written."""
    from portia_tui.app.play.session import PuzzleSession
    from portia_tui.core.language.model import default_puzzle

    path = tmp_path / "progress.json"
    alice, bob = ProgressStore(path), ProgressStore(path)
    session = PuzzleSession(default_puzzle(), record=alice.pack("k", "K").record("1"))
    session.suppose(0)
    session.mark(0, True)
    assert alice.save() is None
    mark(bob, "1", 0, 1, False, at=1e10)
    assert bob.save() is None
    session.mark(2, False)
    assert alice.save() is None  # brings bob's mark into alice's record ...
    session.mark(2, False)       # ... (t again clears alice's own mark) ...
    assert alice.save() is None
    assert on_disk(path) == {"1": {"0": {"0": True, "1": False}}}  # ... and keeps it
    assert session.pencil.marks() == {0: True}  # (her screen shows her own marks)
