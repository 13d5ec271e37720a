"""The "before" side of a side-by-side benchmark: an older commit's package (and any other
paths it needs, e.g. the themes) unpacked from git into a folder, to run in processes of its
own beside today's tree. Imported by the benches as a sibling module (their folder is first
on the path when they run as scripts or through benchmarks/run.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def unpack(commit: str, folder: Path, *extra: str) -> Path | None:
    """`commit`'s portia_tui (and `extra` paths) unpacked under `folder`; None without the
    git history (a source archive) or the commit."""
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "portia_tui",
                                  *extra], capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return folder


def sides(commit: str, folder: Path) -> list[tuple[str, Path]]:
    """[("now", this tree), ("main", `commit` unpacked under `folder`)], the second left out
    when it cannot be unpacked (see :func:`unpack`)."""
    before = unpack(commit, folder)
    return [("now", ROOT)] + ([("main", before)] if before else [])


def last_line(tree: Path, code: str, args: list[str], timeout: float) -> str:
    """The last line `code` prints when run with `args` in a process of its own on `tree`'s
    package (`-P` and an empty working folder: no other portia_tui on the path; no bytecode
    written). Raises subprocess.TimeoutExpired past `timeout` seconds and
    CalledProcessError when it fails."""
    out = subprocess.run([sys.executable, "-P", "-c", code, *args], capture_output=True,
                         text=True, check=True, cwd="/", timeout=timeout,
                         env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin",
                              "PYTHONDONTWRITEBYTECODE": "1"})
    return out.stdout.strip().splitlines()[-1]
