"""Files at the edges (issue 21, item 7): a progress, settings or recovery file that cannot be
read or moved aside is never replaced, and no set-aside copy is ever overwritten."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from portia_tui.core.errors import PortiaError
from portia_tui.core.io.files import set_aside
from portia_tui.core.io.progress import ProgressStore
from portia_tui.core.io.recovery import RecoveryStore
from portia_tui.core.language.model import default_puzzle


def _refuse_moving(monkeypatch, path: Path) -> None:
    """The system refuses to link or rename `path` (EPERM), as for a file the user may not
    read under protected hard links, on a file system without hard links."""
    real_link, real_replace, real_rename = os.link, os.replace, os.rename

    def guard(real):
        def call(src, dst, *args, **kwargs):
            if Path(src) == path:
                raise PermissionError(errno.EPERM, "Operation not permitted")
            return real(src, dst, *args, **kwargs)
        return call

    monkeypatch.setattr(os, "link", guard(real_link))
    monkeypatch.setattr(os, "replace", guard(real_replace))
    monkeypatch.setattr(os, "rename", guard(real_rename))


# --------------------------------------------------------------------------- set_aside
def test_set_aside_takes_the_first_free_name_and_replaces_none(tmp_path):
    path = tmp_path / "f"
    for k, text in enumerate(("one", "two", "three"), 1):
        path.write_text(text)
        got = set_aside(path, ".bad")
        assert got == str(path) + (".bad" if k == 1 else f".bad-{k}")
        assert not path.exists()
    assert [(tmp_path / n).read_text() for n in ("f.bad", "f.bad-2", "f.bad-3")] == \
        ["one", "two", "three"]


def test_set_aside_without_hard_links_renames_over_a_claimed_name(tmp_path, monkeypatch):
    path = tmp_path / "f"
    (tmp_path / "f.bad").write_text("earlier")
    path.write_text("now")

    def no_links(src, dst, *args, **kwargs):
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    assert set_aside(path, ".bad") == str(path) + ".bad-2"
    assert (tmp_path / "f.bad").read_text() == "earlier"
    assert (tmp_path / "f.bad-2").read_text() == "now" and not path.exists()


def test_a_file_that_cannot_be_moved_raises_and_stays(tmp_path, monkeypatch):
    path = tmp_path / "f"
    path.write_text("keep me")
    _refuse_moving(monkeypatch, path)
    with pytest.raises(PortiaError, match="cannot be set aside: Operation not permitted"):
        set_aside(path, ".bad")
    assert path.read_text() == "keep me" and sorted(os.listdir(tmp_path)) == ["f"]


# --------------------------------------------------------------------------- settings
def test_a_second_unreadable_settings_file_does_not_replace_the_first_copy(cfg):
    from portia_tui.app.settings import Settings

    cfg.mkdir()
    for k, text in enumerate(("theme = = 1\n", "theme = = 2\n"), 1):
        (cfg / "settings.toml").write_text(text)
        settings = Settings.load()
        assert settings.problem is not None
        settings.set("author", f"me {k}")
    assert (cfg / "settings.toml.bad").read_text() == "theme = = 1\n"
    assert (cfg / "settings.toml.bad-2").read_text() == "theme = = 2\n"
    assert Settings.load().get("author") == "me 2"


def test_unreadable_settings_that_cannot_be_moved_are_not_replaced(cfg, monkeypatch):
    from portia_tui.app.settings import Settings

    cfg.mkdir()
    path = cfg / "settings.toml"
    path.write_text("theme = = 1\n")
    settings = Settings.load()
    _refuse_moving(monkeypatch, path)
    with pytest.raises(PortiaError) as info:
        settings.set("author", "me")
    assert "\n" not in str(info.value) and "cannot be set aside" in str(info.value)
    assert path.read_text() == "theme = = 1\n"


# --------------------------------------------------------------------------- progress
def test_an_unreadable_progress_file_that_cannot_be_set_aside_is_never_replaced(
        tmp_path, monkeypatch):
    """The link failed (EPERM), the file was not set aside, and the next save replaced it."""
    path = tmp_path / "progress.json"
    path.write_text("{not json")
    _refuse_moving(monkeypatch, path)
    store = ProgressStore(path)
    assert store.notice is not None and "\n" not in store.notice
    assert "cannot be set aside" in store.notice and "not saved" in store.notice
    store.pack("k").record("1").solved()
    said = store.save()
    assert said is not None and "not saved" in said and "\n" not in said
    assert path.read_text() == "{not json"
    assert sorted(os.listdir(tmp_path)) == ["progress.json", "progress.json.lock"]


def test_once_the_unreadable_progress_file_is_gone_saving_works_again(tmp_path, monkeypatch):
    path = tmp_path / "progress.json"
    path.write_text("{not json")
    _refuse_moving(monkeypatch, path)
    store = ProgressStore(path)
    store.pack("k").record("1").solved()
    assert store.save() is not None
    monkeypatch.undo()
    path.unlink()  # the player removed it
    assert store.save() is None
    assert json.loads(path.read_text())["packs"]["k"]["puzzles"]["1"]["status"] == "solved"


def test_a_second_corrupt_progress_file_gets_its_own_copy(tmp_path):
    path = tmp_path / "progress.json"
    for text in ("{one", "{two"):
        path.write_text(text)
        assert "kept as" in ProgressStore(path).notice
    assert (tmp_path / "progress.json.corrupt").read_text() == "{one"
    assert (tmp_path / "progress.json.corrupt-2").read_text() == "{two"


# --------------------------------------------------------------------------- recovery
def test_a_second_bad_recovery_copy_does_not_replace_the_first(tmp_path):
    store = RecoveryStore(tmp_path)
    bad = store.file_for(None)
    for text in ("[[one\n", "[[two\n"):
        bad.write_text(text)
        assert store.read(None) is None
    assert bad.with_name(bad.name + ".bad").read_text() == "[[one\n"
    assert bad.with_name(bad.name + ".bad-2").read_text() == "[[two\n"


def test_a_recovery_file_that_cannot_be_read_nor_moved_is_never_replaced(tmp_path,
                                                                         monkeypatch):
    store = RecoveryStore(tmp_path)
    bad = store.file_for(None)
    bad.write_text("[[garbage\n")
    _refuse_moving(monkeypatch, bad)
    assert store.read(None) is None
    with pytest.raises(PortiaError) as info:
        store.write(None, default_puzzle())
    assert "\n" not in str(info.value) and "no recovery copy is written" in str(info.value)
    store.clear(None)  # a save or a discard: the unreadable file stays
    assert bad.read_text() == "[[garbage\n"


def test_an_unreadable_recovery_file_met_at_write_is_set_aside_first(tmp_path):
    """A save-as to a file whose recovery slot holds garbage: it is kept, not replaced."""
    store = RecoveryStore(tmp_path)
    target = store.file_for(tmp_path / "b.toml")
    target.write_text("[[garbage\n")
    store.write(tmp_path / "b.toml", default_puzzle())
    assert target.with_name(target.name + ".bad").read_text() == "[[garbage\n"
    assert store.read(tmp_path / "b.toml").puzzle == default_puzzle()


# --------------------------------------------------------------------------- exports
def _pack_of(ids):
    from portia_tui.core.io import formats
    from portia_tui.core.packs.pack import Pack, PackPuzzle

    from .conftest import REPO

    puzzle = formats.load(REPO / "puzzles" / "smullyan-first.toml")
    return Pack("p", tuple(PackPuzzle(pid, puzzle) for pid in ids))


@pytest.mark.parametrize("fmt", ["txt", "json"])
def test_an_export_with_an_over_long_id_writes_every_file(tmp_path, fmt):
    """An id of 300 characters failed halfway (file name too long), after the files before."""
    from portia_tui.core.packs.export import export_pack

    ids = ["001", "002", "x" * 300, "y" * 300, "é" * 200]
    result = export_pack(_pack_of(ids), fmt, tmp_path / "out")
    assert len(result.written) == 5 and len(os.listdir(tmp_path / "out")) == 5
    assert all(len(name.encode()) <= 255 for name in os.listdir(tmp_path / "out"))


def test_an_export_that_fails_halfway_writes_nothing(tmp_path, monkeypatch):
    from portia_tui.core.io import files
    from portia_tui.core.packs.export import export_pack

    real = files._temp_file
    calls = []

    def third_fails(folder, base):
        calls.append(base)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(folder, base)

    monkeypatch.setattr(files, "_temp_file", third_fails)
    with pytest.raises(PortiaError) as info:
        export_pack(_pack_of(["001", "002", "003", "004"]), "txt", tmp_path / "out")
    assert "no file written" in str(info.value) and "\n" not in str(info.value)
    assert not (tmp_path / "out").exists()
    (tmp_path / "out").mkdir()
    calls.clear()
    with pytest.raises(PortiaError):
        export_pack(_pack_of(["001", "002", "003", "004"]), "txt", tmp_path / "out")
    assert os.listdir(tmp_path / "out") == []  # no temporary file left either


# --------------------------------------------------------------------------- error lines
D = "9" * 4000
HOSTILE = [
    ("text", f"Portia {D}, There are 1 true statements\n"),
    ("text", "Portia 1, There are 1 true statements\n" + "blah " * 1000 + "\nx\ny\n"),
    ("native", f'format = 2\nrules = ["Exactly {D} statements are true"]\n[[caskets]]\n'
               'name = "gold"\nstatements = ["The portrait is in this casket"]\n'),
    ("native", f'm = 1\n[[caskets]]\nname = "gold"\nstatements = ["Exactly {D} statements '
               'on this casket are true"]\n'),
    ("native", 'm = 1\n[[caskets]]\nname = "gold"\nstatements = ["' + "blah " * 1000 + '"]\n'),
    ("native", "m = 1\n" + "k" * 5000 + " = 1\n"),
    ("native", 'm = 1\n[[caskets]]\nname = "' + "g" * 5000 + '"\nstatements = ["x"]\n'),
    ("native", f'm = {D}\n[[caskets]]\nname = "gold"\nstatements = ["The portrait is in this '
               'casket"]\n'),
    ("native", 'format = 2\nrules = ["' + "blah " * 1000 + '"]\n[[caskets]]\nname = "gold"\n'
               'statements = ["The portrait is in this casket"]\n'),
    ("thesis_json", '{"portia": 1, "true_statements": 1, "caskets": {"gold": [{"statement_truth'
                    '": "' + "x" * 5000 + '", "mentioned_casket": "lead"}], "silver": [], '
                    '"lead": []}}'),
    ("thesis_json", '{"portia": 1, "true_statements": 1, "caskets": {"gold": [' +
                    '{"x": "' + "y " * 3000 + '"}], "silver": [], "lead": []}}'),
]


@pytest.mark.parametrize("fmt, text", HOSTILE)
def test_an_error_quotes_at_most_a_short_excerpt_of_the_input(fmt, text):
    """A 5,000-digit number gave a 9 KB line."""
    from portia_tui.core.io import formats

    with pytest.raises(PortiaError) as info:
        formats.loads(text, fmt, "p")
    assert len(str(info.value)) < 250, str(info.value)


def test_the_command_line_cuts_a_long_file_name(capsys):
    from portia_tui.cli import main

    assert main(["solve", "9" * 5000]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 250


# --------------------------------------------------------------------------- thesis text
@pytest.mark.parametrize("sentence", ["Exactly 1 of all the statements are true",
                                      "The portrait is in the gold or the lead casket",
                                      "At most 1 statement on this casket is false"])
def test_the_thesis_text_import_refuses_what_its_export_refuses(sentence):
    """The import took whole-language statements that the thesis format cannot hold."""
    from portia_tui.core.io import formats

    text = (f"Portia 1, There are 1 true statements\nThe portrait is in this casket\n"
            f"{sentence}\nThe portrait is not in this casket\n")
    with pytest.raises(PortiaError) as info:
        formats.loads(text, "text", "p.txt")
    assert info.value.line == 3 and "six statement kinds" in str(info.value)


def test_a_progress_file_with_a_superscript_digit_for_a_key_is_read(tmp_path):
    """"²" is a digit to str.isdigit and not to int(): `portia play` gave a traceback."""
    path = tmp_path / "progress.json"
    path.write_text(json.dumps({"format": 1, "packs": {"k": {"puzzles": {"1": {
        "status": "unsolved", "marks": {"²": {"0": True}, "0": {"²": True, "1": False}},
        "supposing": 0}}}}}))
    store = ProgressStore(path)
    assert store.notice is None
    assert store.pack("k").record("1").marks == {"0": {"1": False}}


def test_source_date_epoch_that_is_no_number_is_ignored(monkeypatch):
    from portia_tui.core.packs.pack import created_now

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "²")
    assert created_now()[:2] == "20"
