"""The child of tests/test_files_as_nobody.py: the progress, settings and recovery stores, run
as the unprivileged user nobody (uid and gid 65534, no supplementary groups) on files it may not
read, in the folder given as the first argument. Prints one JSON object of what each store said.

It starts as root and drops its privileges itself (what ``setpriv --reuid=65534 --regid=65534
--clear-groups`` does), after a first run in a scratch folder has imported every module the
stores load lazily: the interpreter may live under a folder that nobody cannot enter (here
/root/.pyenv, mode 0700), so neither setpriv nor runuser can start it as nobody.

    python -m tests.as_nobody FOLDER
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

NOBODY = 65534
#: the puzzle file whose recovery copy is tried (it need not exist)
PUZZLE = Path("/nonexistent/p.toml")


def run(folder: Path) -> dict[str, object]:
    from portia_tui.app.settings import Settings
    from portia_tui.core.errors import PortiaError
    from portia_tui.core.io.progress import ProgressStore
    from portia_tui.core.io.recovery import RecoveryStore
    from portia_tui.core.language.model import default_puzzle

    out: dict[str, object] = {}
    store = ProgressStore(folder / "progress.json")
    out["progress_notice"] = store.notice
    store.pack("k").record("1").solved()
    out["progress_save"] = store.save()

    settings = Settings.load(folder / "settings.toml")
    out["settings_problem"] = None if settings.problem is None else str(settings.problem)
    try:
        settings.set("author", "nobody")
        out["settings_set"] = None
    except PortiaError as exc:
        out["settings_set"] = str(exc)

    recovery = RecoveryStore(folder)
    out["recovery_read"] = repr(recovery.read(PUZZLE))
    try:
        recovery.write(PUZZLE, default_puzzle())
        out["recovery_write"] = None
    except PortiaError as exc:
        out["recovery_write"] = str(exc)
    recovery.clear(PUZZLE)  # a save or a discard: an unreadable file must stay
    return out


def drop_privileges() -> None:
    os.setgroups([])
    os.setresgid(NOBODY, NOBODY, NOBODY)
    os.setresuid(NOBODY, NOBODY, NOBODY)


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:  # imports every lazy module, as root
        run(Path(scratch))
    drop_privileges()
    assert os.geteuid() == NOBODY and os.getegid() == NOBODY and os.getgroups() == []
    print(json.dumps(run(Path(sys.argv[1]))))


if __name__ == "__main__":
    main()
