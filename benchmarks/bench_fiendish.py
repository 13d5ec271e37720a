"""Fiendish puzzles (issue 19): 20 fiendish Portia-3 and Portia-4 puzzles (3 caskets), the
quality filters on, as `portia generate --difficulty fiendish` makes them (from the full
vocabulary: the classic one is refused up front). Seconds per puzzle, each puzzle timed from
the one before (wall clock and the process's CPU time), median and max; the target is under
10 s each. One process per size, warmed up first (imports, solver, caches). Each row says how
many of the 20 were made within the budget, and how many took under 10 s (wall, and CPU: the
figure to read when the machine is shared).

``bench_fiendish.py OTHER_TREE [SEED]`` times the same seed in another checkout (main's, say)
and in this one at once, and prints each puzzle's CPU seconds side by side.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COUNT = 20
TARGET = 10.0
#: CPU seconds a size (the process's: a shared machine slows the wall clock, not the work):
#: past it the bench reports the puzzles made so far
BUDGET = 300

_TIMED = """
import json, sys, time
from portia_tui.core.packs.generator import Settings, generate
from portia_tui.core.packs.generator.search import GaveUpError, iter_generate
n, seed = int(sys.argv[1]), int(sys.argv[2])
kw = dict(n=n, difficulty="fiendish", vocabulary="full", attempts=10**6)
generate(Settings(**kw, count=1, seed=seed + 99).check())  # warm up
wall, cpu = [], []
t, c = time.perf_counter(), time.process_time()
start = c
try:  # the bench is bounded: BUDGET CPU seconds a size, then it says how many were made
    for g in iter_generate(Settings(**kw, count=%d, seed=seed).check(), patience=%d):
        assert g.rating.level == "fiendish"
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        t, c = time.perf_counter(), time.process_time()
        if c - start > %d:
            break
except GaveUpError:
    pass
print(json.dumps([wall, cpu]))
""" % (COUNT, BUDGET, BUDGET)


def _start(n: int, seed: int, root: Path = ROOT) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-P", "-c", _TIMED, str(n), str(seed)],
                            stdout=subprocess.PIPE, text=True, cwd="/",
                            env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin",
                                 "PYTHONDONTWRITEBYTECODE": "1"})


def _result(proc: subprocess.Popen) -> tuple[list[float], list[float]]:
    out, _err = proc.communicate()
    if proc.returncode:
        raise SystemExit(f"the timed run failed (exit {proc.returncode})")
    wall, cpu = json.loads(out.strip().splitlines()[-1])
    return wall, cpu


def run(n: int, seed: int) -> tuple[list[float], list[float]]:
    return _result(_start(n, seed))


def side_by_side(other: Path, seed: int) -> None:
    """The same seeds timed in this tree and in `other` (another checkout, e.g. main's) at
    once, one process each, so both see the same load: each puzzle's CPU seconds in a row."""
    import statistics

    print(f"CPU s per fiendish puzzle, seed {seed}, {other} (before) beside this tree (after); "
          f"load average {os.getloadavg()[0]:.1f} at the start", flush=True)
    for n in (3, 4):
        before, after = _start(n, seed, other), _start(n, seed)
        (_w, b), (_w2, a) = _result(before), _result(after)
        print(f"n={n}")
        for i in range(max(len(a), len(b))):
            cells = [f"{x[i]:8.2f}" if i < len(x) else f"{'-':>8}" for x in (b, a)]
            print(f"  {i + 1:3}" + "".join(cells))
        for name, x in (("before", b), ("after", a)):
            if x:
                print(f"  {name:<7} made {len(x)}/{COUNT}, median {statistics.median(x):.2f}, "
                      f"max {max(x):.2f}, total {sum(x):.1f}, under {TARGET:.0f} s: "
                      f"{sum(1 for c in x if c < TARGET)}")
        if a and b:
            print(f"  median ratio before/after {statistics.median(b) / statistics.median(a):.2f}, "
                  f"total {sum(b) / sum(a):.2f}", flush=True)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


def main() -> None:
    import statistics

    print(f"{COUNT} fiendish puzzles a size (full vocabulary, filters on): s per puzzle; "
          f"load average {os.getloadavg()[0]:.1f} at the start")
    print(f"{'case':<10}{'made':>8}{'wall median':>12}{'wall max':>10}{'cpu median':>12}"
          f"{'cpu max':>10}  under {TARGET:.0f} s (wall / cpu)")
    for n in (3, 4):
        wall, cpu = run(n, 1000)
        if not wall:
            print(f"n={n:<8}{'0/' + str(COUNT):>8}  none made within {BUDGET} s of CPU",
                  flush=True)
            continue
        under = sum(1 for w in wall if w < TARGET)
        under_cpu = sum(1 for c in cpu if c < TARGET)
        print(f"n={n:<8}{f'{len(wall)}/{COUNT}':>8}{statistics.median(wall):>12.2f}"
              f"{max(wall):>10.2f}{statistics.median(cpu):>12.2f}{max(cpu):>10.2f}"
              f"  {under} / {under_cpu} of {COUNT}", flush=True)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    if len(sys.argv) > 1:  # bench_fiendish.py OTHER_TREE [SEED]: before and after at once
        side_by_side(Path(sys.argv[1]).resolve(), int(sys.argv[2]) if len(sys.argv) > 2 else 1000)
    else:
        main()
