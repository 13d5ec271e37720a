"""Issue 21, item 7, for real: a progress, settings or recovery file that cannot be read or moved
aside is never replaced, and no set-aside copy is ever overwritten.

test_file_edges.py patches os.link and os.replace, since the suite runs as root here and
``chmod 000`` does not stop root. These tests run the stores in a child process as the user
nobody (tests/as_nobody.py drops its privileges as ``setpriv --reuid=65534 --regid=65534
--clear-groups`` would), on root's files of mode 0600, so the kernel refuses for real:
 - in a sticky folder (mode 1777, as /tmp) nobody may create files but may not move, replace
   or remove root's: the files cannot be read nor set aside;
 - in a folder of mode 0777 they can be moved (protected hard links refuse the link, so
   set_aside claims a free name and renames over the claim), and root's earlier set-aside
   copies must stay as they are.

They need root (to become nobody) and skip otherwise, saying so.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from portia_tui.core.io.recovery import RecoveryStore

from .as_nobody import NOBODY, PUZZLE
from .conftest import REPO

pytestmark = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0,
    reason="needs root, to run the stores as the user nobody (uid 65534)")

PROGRESS = b'{"format": 1, "packs": {"k": {"puzzles": {}}}}\n'  # readable to root only
SETTINGS = b'author = "root"\n'
RECOVERY = b"# portia recovery copy of /nonexistent/p.toml\nm = 1\n"


@pytest.fixture
def folder():
    """A folder nobody can reach: the pytest tmp_path is in root's 0700 folder."""
    base = Path(tempfile.mkdtemp(prefix="portia-nobody-"))
    base.chmod(0o755)
    yield base
    shutil.rmtree(base)


def _root_file(path: Path, data: bytes) -> None:
    path.write_bytes(data)
    path.chmod(0o600)
    os.chown(path, 0, 0)


def _as_nobody(folder: Path) -> dict:
    done = subprocess.run([sys.executable, "-m", "tests.as_nobody", str(folder)], cwd=REPO,
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "HOME": str(folder)})
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def _one_line(text) -> bool:
    return isinstance(text, str) and "\n" not in text and 0 < len(text) < 400


def _snapshot(folder: Path) -> dict[str, tuple[int, bytes]]:
    return {p.name: (p.stat().st_uid, p.read_bytes()) for p in folder.iterdir()}


def test_files_nobody_can_neither_read_nor_move_are_never_replaced(folder):
    sticky = folder / "sticky"
    sticky.mkdir()
    sticky.chmod(0o1777)
    recovery = RecoveryStore(sticky).file_for(PUZZLE)
    _root_file(sticky / "progress.json", PROGRESS)
    _root_file(sticky / "settings.toml", SETTINGS)
    _root_file(recovery, RECOVERY)
    before = _snapshot(sticky)

    said = _as_nobody(sticky)

    assert _one_line(said["progress_notice"])
    assert "Permission denied" in said["progress_notice"]
    assert "cannot be set aside" in said["progress_notice"]
    assert "not saved" in said["progress_notice"]
    assert _one_line(said["progress_save"]) and "not replaced" in said["progress_save"]
    assert _one_line(said["settings_problem"]) and "Permission denied" in said["settings_problem"]
    assert _one_line(said["settings_set"]) and "cannot be set aside" in said["settings_set"]
    assert said["recovery_read"] == "None"
    assert _one_line(said["recovery_write"])
    assert "no recovery copy is written" in said["recovery_write"]
    after = _snapshot(sticky)
    # every file as it was; only the progress lock is new (nobody's, empty); no stray copy
    assert {name: after[name] for name in before} == before
    assert set(after) - set(before) == {"progress.json.lock"}
    assert after["progress.json.lock"] == (NOBODY, b"")


def test_files_nobody_cannot_read_are_set_aside_beside_the_earlier_copies(folder):
    open_ = folder / "open"
    open_.mkdir()
    open_.chmod(0o777)
    recovery = RecoveryStore(open_).file_for(PUZZLE)
    _root_file(open_ / "progress.json", PROGRESS)
    _root_file(open_ / "progress.json.corrupt", b"an earlier copy\n")
    _root_file(open_ / "settings.toml", SETTINGS)
    _root_file(open_ / "settings.toml.bad", b"an earlier copy\n")
    _root_file(recovery, RECOVERY)
    _root_file(recovery.with_name(recovery.name + ".bad"), b"an earlier copy\n")

    said = _as_nobody(open_)

    assert _one_line(said["progress_notice"])
    assert said["progress_notice"].endswith("kept as " + str(open_ / "progress.json.corrupt-2"))
    assert said["progress_save"] is None
    assert _one_line(said["settings_problem"]) and said["settings_set"] is None
    assert said["recovery_read"] == "None" and said["recovery_write"] is None
    after = _snapshot(open_)
    for name in ("progress.json.corrupt", "settings.toml.bad", recovery.name + ".bad"):
        assert after[name] == (0, b"an earlier copy\n"), name  # never overwritten
    assert after["progress.json.corrupt-2"] == (0, PROGRESS)  # moved, still root's
    assert after["settings.toml.bad-2"] == (0, SETTINGS)
    assert after[recovery.name + ".bad-2"] == (0, RECOVERY)
    # the new files are nobody's, and hold what nobody saved
    uid, data = after["progress.json"]
    assert uid == NOBODY and json.loads(data)["packs"]["k"]["puzzles"]["1"]["status"] == "solved"
    assert after["settings.toml"] == (NOBODY, b'author = "nobody"\n')
    assert recovery.name not in after  # cleared after the write, as a save does
    assert not [name for name in after if name.endswith(".tmp")]
