"""Real `portia new` processes in tmux (80x24), a random burst of 200 editor keys sent in one
write, then quit: does each process end once its screen has closed? (issue 21: one run of
51 left its process running over 30 s after the screen closed.)

For each seed: start `portia new` in a tmux session, wait for the editor, send the burst
(the key pool of tests/test_app_bursts.py, in tmux's names), then Escape x3 and ctrl+q, and
shift+tab Enter (Discard in the unsaved-changes dialog, whose default is Cancel) until the
screen closes (the pane leaves the alternate screen). A process still alive `HANG` seconds
after its screen closed is a hang: its pane (with the exit guard's stacks, after 10 s) is
kept in OUT/hang-SEED.txt.

    python tools/burst_exits.py [FIRST] [COUNT] [OUT]     (default 1 100 /tmp/burst_exits)
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PORTIA = ROOT / ".venv" / "bin" / "portia"
HANG = 15.0
KEYS = (list("uramxvgtfsSonecCplLw?q+-=[]dD01239") + [
    "Enter", "Escape", "Tab", "BTab", "Up", "Down", "Left", "Right", "Space", "BSpace",
    "Home", "End", "PPage", "NPage", "C-z", "C-y", "C-p", "C-s", "C-q", "C-e", "C-o", "F1"])
RARE = {"q": 0.1, "C-q": 0.1, "C-p": 0.3, "F1": 0.3, "?": 0.3}


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True).stdout


def burst(seed: int, count: int = 200) -> list[str]:
    rng = random.Random(seed)
    keys: list[str] = []
    while len(keys) < count:
        key = rng.choice(KEYS)
        if rng.random() < RARE.get(key, 1.0):
            keys.append(key)
    return keys


def alternate(session: str) -> bool:
    return tmux("display", "-p", "-t", session, "#{alternate_on}").strip() == "1"


def run(seed: int, out: Path) -> str:
    session = f"burst-exits-{os.getpid()}-{seed}"
    done = out / f"exit-{seed}"
    done.unlink(missing_ok=True)
    target = out / f"s{seed}.toml"
    target.unlink(missing_ok=True)
    tmux("new", "-d", "-s", session, "-x", "80", "-y", "24",
         f"{PORTIA} new {target}; echo $? > {done}; sleep 600")
    try:
        deadline = time.monotonic() + 60
        while "Analysis" not in tmux("capture-pane", "-p", "-t", session):
            if time.monotonic() > deadline:
                return "did not start"
            time.sleep(0.2)
        tmux("send-keys", "-t", session, *burst(seed))  # one write
        closed = None
        for _ in range(20):
            time.sleep(2)
            if not alternate(session):
                closed = time.monotonic()
                break
            tmux("send-keys", "-t", session, "Escape", "Escape", "Escape", "C-q")
            time.sleep(1)
            if alternate(session):
                tmux("send-keys", "-t", session, "BTab", "Enter")
        if closed is None:
            (out / f"open-{seed}.txt").write_text(tmux("capture-pane", "-p", "-t", session))
            return "screen still open"
        while not done.exists():
            if time.monotonic() - closed > HANG:
                time.sleep(2)  # the guard's stacks (at 10 s) reach the pane
                (out / f"hang-{seed}.txt").write_text(
                    tmux("capture-pane", "-p", "-S", "-2000", "-t", session))
                return f"HANG: alive {HANG:g} s after the screen closed"
            time.sleep(0.1)
        took = time.monotonic() - closed
        code = done.read_text().strip()
        if code != "0":
            (out / f"code-{seed}.txt").write_text(
                tmux("capture-pane", "-p", "-S", "-2000", "-t", session))
        return f"exit {code}, {took:.1f} s after the screen closed"
    finally:
        tmux("kill-session", "-t", session)


def main() -> None:
    first = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    out = Path(sys.argv[3] if len(sys.argv) > 3 else "/tmp/burst_exits")
    out.mkdir(parents=True, exist_ok=True)
    for seed in range(first, first + count):
        print(f"seed {seed}: {run(seed, out)} (load {os.getloadavg()[0]:.1f})", flush=True)


if __name__ == "__main__":
    main()
