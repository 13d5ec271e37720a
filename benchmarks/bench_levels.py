"""Difficulty levels: seconds to generate 20 puzzles of each level at n = 2, 3 and 4 (the
target: under 10 s a puzzle; "gave up" when the generator finds none of that level within
its patience, as fiendish, a split inside a split, at n = 2 and often at 3), and the level distribution of 100 puzzles generated without a
target at n = 2 to 5 (no loops, the default, and loops allowed).

Each timing runs in its own process (imports and caches warm, then timed); the table gives the
median of RUNS seeds and the slowest.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 3
COUNT = 20
TARGET = 10.0

_TIMED = """
import json, sys, time
from portia_tui.core.errors import SettingsError
from portia_tui.core.packs.generator import GaveUpError, Settings, generate
n, level, seed = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
generate(Settings(n=n, count=1, seed=seed + 99))  # warm up: imports, solver, caches
t = time.perf_counter()
try:
    generate(Settings(n=n, count=%d, seed=seed, difficulty=level).check())
except (GaveUpError, SettingsError):
    print(-1)
else:
    print(time.perf_counter() - t)
""" % COUNT

_SPREAD = """
import json, sys
from portia_tui.core.explain.difficulty import DIFFICULTIES
from portia_tui.core.packs.generator import Settings, generate
n, loops = int(sys.argv[1]), sys.argv[2] == "1"
made = generate(Settings(n=n, count=100, seed=1, loops=loops))
print(json.dumps([sum(1 for g in made if g.rating.level == d) for d in DIFFICULTIES]))
"""


def run(code: str, *args: object) -> str:
    out = subprocess.run([sys.executable, "-P", "-c", code, *map(str, args)],
                         capture_output=True, text=True, check=True, cwd="/",
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
                              "PYTHONDONTWRITEBYTECODE": "1"})
    return out.stdout.strip().splitlines()[-1]


def main() -> None:
    from portia_tui.core.explain.difficulty import DIFFICULTIES

    print(f"{COUNT} puzzles of one level: seconds (median of {RUNS} seeds, slowest), "
          f"target < {TARGET:.0f} s a puzzle")
    print(f"{'n':<4}" + "".join(f"{d:>20}" for d in DIFFICULTIES))
    for n in (2, 3, 4):
        cells = []
        for level in DIFFICULTIES:
            times = [float(run(_TIMED, n, level, 1000 + r)) for r in range(RUNS)]
            done = [x for x in times if x >= 0]
            cells.append(f"{statistics.median(done):.2f} ({max(done):.2f})"
                         + ("" if len(done) == RUNS else f" {RUNS - len(done)} gave up")
                         if done else "gave up")
        print(f"{n:<4}" + "".join(f"{c:>20}" for c in cells), flush=True)
    print()
    print("level distribution of 100 generated puzzles (seed 1)")
    print(f"{'n':<4}{'loops':<7}" + "".join(f"{d:>10}" for d in DIFFICULTIES))
    for n in (2, 3, 4, 5):
        for loops in (0, 1):
            counts = json.loads(run(_SPREAD, n, loops))
            print(f"{n:<4}{'yes' if loops else 'no':<7}" + "".join(f"{c:>10}" for c in counts),
                  flush=True)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
