"""Recovery copies of unsaved work and file stamps (core/io/recovery.py), through its public API."""

from __future__ import annotations

import os

from portia_tui.core.io import recovery
from portia_tui.core.language.model import default_puzzle
from portia_tui.core.io.recovery import FileStamp, RecoveryStore


def test_a_copy_round_trips_and_names_its_puzzle_file(tmp_path):
    store = RecoveryStore(tmp_path / "rec")
    puzzle = default_puzzle()
    source = tmp_path / "a.toml"
    written = store.write(source, puzzle)
    assert written == store.file_for(source) and written.parent == tmp_path / "rec"
    first = written.read_text(encoding="utf-8").splitlines()[0]
    assert first == f"# portia recovery copy of {os.path.abspath(source)}"
    got = store.read(source)
    assert got is not None and got.puzzle == puzzle and got.path == written
    assert abs(got.written - written.stat().st_mtime) < 1e-6
    store.clear(source)
    assert not written.exists() and store.read(source) is None
    store.clear(source)  # clearing twice is fine


def test_a_newer_copy_replaces_the_older(tmp_path):
    store = RecoveryStore(tmp_path)
    store.write(None, default_puzzle())
    newer = default_puzzle().with_m(2)
    store.write(None, newer)
    assert store.read(None).puzzle == newer


def test_each_puzzle_file_has_its_own_copy_and_untitled_has_one(tmp_path):
    store = RecoveryStore(tmp_path)
    a, b = store.file_for(tmp_path / "a.toml"), store.file_for(tmp_path / "b.toml")
    assert a != b and a.suffix == ".toml" and len(a.stem) == 24
    assert store.file_for(None) == tmp_path / "untitled.toml"
    store.write(None, default_puzzle())
    assert store.file_for(None).read_text().startswith("# portia recovery copy of untitled\n")
    assert store.read(None).puzzle == default_puzzle()
    assert store.read(tmp_path / "a.toml") is None


def test_a_bad_copy_is_set_aside(tmp_path):
    store = RecoveryStore(tmp_path)
    bad = store.file_for(None)
    bad.write_text("[[caskets]\n")
    assert store.read(None) is None
    assert not bad.exists() and bad.with_name(bad.name + ".bad").exists()


def test_an_oversized_copy_is_ignored(tmp_path, monkeypatch):
    store = RecoveryStore(tmp_path)
    store.write(None, default_puzzle())
    size = store.file_for(None).stat().st_size
    monkeypatch.setattr(recovery, "MAX_BYTES", size)
    assert store.read(None) is not None
    monkeypatch.setattr(recovery, "MAX_BYTES", size - 1)
    copy = store.file_for(None)
    assert store.read(None) is None and not copy.exists()  # set aside, not later replaced
    assert copy.with_name(copy.name + ".bad").stat().st_size == size


def test_the_store_defaults_to_the_data_folder(cfg):
    assert RecoveryStore().folder == cfg.parent / "data" / "recovery"


def test_an_unwritable_folder_is_one_error(tmp_path):
    (tmp_path / "file").write_text("x")
    store = RecoveryStore(tmp_path / "file" / "rec")
    try:
        store.write(None, default_puzzle())
    except Exception as exc:  # PortiaError naming the folder
        assert type(exc).__name__ == "PortiaError" and "cannot create the folder" in str(exc)
        assert str(tmp_path / "file" / "rec") in str(exc)
    else:
        raise AssertionError("no error")


def test_a_stamp_changes_with_the_bytes(tmp_path):
    path = tmp_path / "p.toml"
    assert FileStamp.of(path) is None
    assert FileStamp.of(tmp_path) is None
    path.write_bytes(b"abc")
    one = FileStamp.of(path)
    assert one is not None and one.size == 3 and len(one.digest) == 64
    assert FileStamp.of(path) == one
    path.write_bytes(b"abd")
    os.utime(path, ns=(one.mtime_ns, one.mtime_ns))
    two = FileStamp.of(path)
    assert two.size == 3 and two.digest != one.digest and two != one


def test_a_copy_up_to_4_mib_is_read_and_a_larger_one_set_aside_unread(tmp_path):
    """Mutation run 6: MAX_BYTES is 4 MiB. A copy of that size is read (a puzzle padded with
    a comment); one byte more and it is not read, only set aside (issue 21: a file that
    cannot be read is never replaced)."""
    from portia_tui.core.io.formats import dumps

    store = RecoveryStore(tmp_path)
    copy = store.file_for(None)
    text = dumps(default_puzzle(), "native")
    for size in (4 << 20, (4 << 20) + 1):
        pad = size - len(text.encode()) - 2
        copy.write_text(text + "#" + "x" * pad + "\n")
        assert copy.stat().st_size == size
        found = store.read(None)
        if size == 4 << 20:
            assert found is not None and found.puzzle == default_puzzle()
        else:
            assert found is None and not copy.exists()
            assert copy.with_name(copy.name + ".bad").stat().st_size == size
