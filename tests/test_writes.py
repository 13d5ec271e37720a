"""Issue 11, writes: atomic writes follow symlinks, respect the umask, sync the folder, refuse
to replace a file without a gap; export names are unique per id; the progress file is safe for
several players."""

from __future__ import annotations

import json
import os
import stat

import pytest

from portia_tui.cli import main
from portia_tui.core.io import files
from portia_tui.core.io import formats
from portia_tui.core.errors import ExistsError
from portia_tui.core.language.model import default_puzzle
from portia_tui.core.packs.pack import Pack, PackPuzzle, save_pack
from portia_tui.core.io.progress import ProgressStore, PuzzleRecord

TOML = formats.dumps(default_puzzle(), "native")


# --------------------------------------------------------------------------- atomic writes
def test_saving_through_a_symlink_writes_the_real_file(tmp_path):
    real = tmp_path / "real.toml"
    real.write_text("old")
    link = tmp_path / "link.toml"
    link.symlink_to(real.name)
    formats.save(default_puzzle(), link, force=True)
    assert link.is_symlink() and real.read_text() == TOML


def test_new_files_respect_the_umask_and_replaced_files_keep_their_mode(tmp_path):
    old = os.umask(0o077)
    try:
        formats.save(default_puzzle(), tmp_path / "a.toml")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.toml").stat().st_mode) == 0o600
    os.chmod(tmp_path / "a.toml", 0o640)
    formats.save(default_puzzle(), tmp_path / "a.toml", force=True)
    assert stat.S_IMODE((tmp_path / "a.toml").stat().st_mode) == 0o640


def test_the_folder_is_synced_after_the_rename(tmp_path, monkeypatch):
    synced = []
    real_fsync = os.fsync

    def fsync(fd):
        synced.append(stat.S_ISDIR(os.fstat(fd).st_mode))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    formats.save(default_puzzle(), tmp_path / "a.toml")
    assert synced == [False, True]  # the data, then the folder


def test_a_file_made_after_the_check_is_not_replaced(tmp_path, monkeypatch):
    target = tmp_path / "a.toml"
    real_temp = files._temp_file

    def temp_then_someone_else_writes(folder, base):
        made = real_temp(folder, base)
        target.write_text("theirs")  # between the check and the rename
        return made

    monkeypatch.setattr(files, "_temp_file", temp_then_someone_else_writes)
    with pytest.raises(ExistsError) as err:
        formats.save(default_puzzle(), target)
    assert err.value.path == str(target) and "--" not in err.value.message
    assert target.read_text() == "theirs"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.toml"]


def test_the_command_line_says_how_to_replace(tmp_path, capsys):
    src = tmp_path / "a.toml"
    src.write_text(TOML)
    assert main(["convert", str(src), str(src)]) == 2
    assert capsys.readouterr().err.strip() == f"{src}: already exists: use --force to replace it"


# --------------------------------------------------------------------------- export names
def test_export_gives_every_id_its_own_file(tmp_path, capsys):
    pack = Pack("p", tuple(PackPuzzle(pid, default_puzzle(), "gentle", 1.0, "lead")
                           for pid in ("a/b", "a_b", "A_B")))
    save_pack(pack, tmp_path / "p.toml")
    for fmt in ("txt", "json"):
        out = tmp_path / fmt
        assert main(["pack", "export", str(tmp_path / "p.toml"), "--format", fmt, "--out",
                     str(out)]) == 0
        assert capsys.readouterr().err.strip() == f"wrote 3 files into {out}"
        assert sorted(p.name for p in out.iterdir()) == sorted(
            [f"a_b.{fmt}", f"a_b-2.{fmt}", f"A_B-3.{fmt}"])


# --------------------------------------------------------------------------- progress
def test_two_stores_on_one_folder_keep_each_others_records(tmp_path):
    path = tmp_path / "progress.json"
    first, second = ProgressStore(path), ProgressStore(path)
    a = first.pack("pack-a", "A").record("1")
    a.seconds = 30
    a.solved()
    assert first.save() is None
    b = second.pack("pack-b", "B").record("1")
    b.wrong_pick()
    assert second.save() is None
    # the same puzzle in both: time adds up, the status only moves forward
    first.pack("pack-b").record("1").seconds = 5
    assert first.save() is None
    second.pack("pack-b").record("1").seconds = 7
    second.pack("pack-b").record("1").revealed()
    assert second.save() is None
    third = ProgressStore(path)
    assert third.pack("pack-a").record("1") == PuzzleRecord("solved", 0, 30.0, 0)
    assert third.pack("pack-b").record("1") == PuzzleRecord("revealed", 0, 12.0, 1)
    # and the store that saved first sees the other's records after its next save
    assert first.save() is None
    assert first.pack("pack-b").record("1").status == "revealed"


def test_forgetting_a_pack_is_not_undone_by_the_merge(tmp_path):
    path = tmp_path / "progress.json"
    store = ProgressStore(path)
    store.pack("k").record("1").solved()
    assert store.save() is None
    again = ProgressStore(path)
    again.forget("k")
    again.pack("k")
    assert again.save() is None
    assert ProgressStore(path).pack("k").peek("1").status == "unsolved"


@pytest.mark.parametrize("text", [
    '{"format": 1, "packs": ' + "[" * 500 + "]" * 500 + "}",
    '{"format": 1, "packs": {"k": {"puzzles": {"1": {"hints": ' + "9" * 5000 + "}}}}}",
])
def test_a_corrupt_progress_file_is_set_aside_under_a_fresh_name(tmp_path, text):
    path = tmp_path / "progress.json"
    path.write_text(text)
    store = ProgressStore(path)
    assert store.packs == {} and "starting with fresh progress" in store.notice
    assert (tmp_path / "progress.json.corrupt").read_text() == text
    assert store.save() is None
    path.write_text("{ second")
    again = ProgressStore(path)
    assert again.notice and "progress.json.corrupt-2" in again.notice
    assert (tmp_path / "progress.json.corrupt").read_text() == text  # the first is kept
    assert (tmp_path / "progress.json.corrupt-2").read_text() == "{ second"


def test_progress_values_are_bounded_and_never_written_as_infinity(tmp_path):
    path = tmp_path / "progress.json"
    path.write_text('{"format": 1, "packs": {"k": {"puzzles": {"1": {"status": "solved", '
                    '"seconds": 1e400}, "2": {"seconds": -3, "hints": 2}}}}}')
    store = ProgressStore(path)
    assert store.notice is None
    assert store.pack("k").record("1") == PuzzleRecord("solved", 0, 0.0, 0)
    assert store.pack("k").record("2") == PuzzleRecord("unsolved", 2, 0.0, 0)
    store.pack("k").record("3").seconds = float("inf")
    store.pack("k").record("4").seconds = float("nan")
    assert store.save() is None
    text = path.read_text()
    assert "Infinity" not in text and "NaN" not in text
    assert json.loads(text)["packs"]["k"]["puzzles"]["3"]["seconds"] == 0.0


def test_a_bad_byte_is_reported_on_its_line():
    from portia_tui.core.errors import FormatError
    from portia_tui.core.io.files import decode

    with pytest.raises(FormatError) as info:
        decode(b"one\ntwo\nth\xffree\n", "f.txt")
    assert info.value.line == 3 and "not UTF-8" in str(info.value)
    assert decode(b"\xef\xbb\xbfa\r\nb\rc", "f.txt") == "a\nb\nc"


def test_a_failed_write_says_why_in_one_line(tmp_path, monkeypatch):
    from portia_tui.core.io import files
    from portia_tui.core.errors import FormatError

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    with pytest.raises(FormatError) as info:
        files.atomic_write(tmp_path / "x.toml", "x")
    assert str(info.value) == f"{tmp_path / 'x.toml'}: cannot write: No space left on device"
    assert os.listdir(tmp_path) == []  # the temporary file is gone


def test_export_names_fall_back_for_ids_without_letters():
    from portia_tui.core.packs.export import file_names

    assert file_names(["", "a/b", "a_b", "A_B"], ".txt") == [
        "puzzle.txt", "a_b.txt", "a_b-2.txt", "A_B-3.txt"]


def test_the_folder_synced_is_the_real_files_folder(tmp_path, monkeypatch):
    from portia_tui.core.io import files

    synced = []
    monkeypatch.setattr(files, "_sync_folder", synced.append)
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "link.toml").symlink_to(real / "x.toml")
    files.atomic_write(tmp_path / "link.toml", "x", force=True)
    assert synced == [str(real)] and (real / "x.toml").read_text() == "x"


def test_check_target_refuses_a_missing_folder_before_any_work(tmp_path, monkeypatch):
    from portia_tui.core.errors import FormatError

    monkeypatch.chdir(tmp_path)  # the working folder exists: it must not be the one checked
    with pytest.raises(FormatError, match="no such folder"):
        files.check_target(tmp_path / "missing" / "out.toml")
    files.check_target(tmp_path / "out.toml")  # an existing folder passes


def test_a_dangling_link_into_a_missing_folder_names_that_folder(tmp_path):
    """A progress file that is a symlink to a file in a folder that is gone: the message
    named the link's folder (which exists), not the missing one."""
    from portia_tui.core.errors import FormatError

    (tmp_path / "progress.json").symlink_to(tmp_path / "gone" / "progress.json")
    with pytest.raises(FormatError) as got:
        files.atomic_write(tmp_path / "progress.json", "{}", force=True)
    assert got.value.message == f"no such folder {str(tmp_path / 'gone')!r}"
