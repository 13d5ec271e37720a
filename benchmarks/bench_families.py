"""Generator speed for the families (Smullyan's generations) and the whole language: valid,
exactly solved and rated puzzles per second, beside the classic generator's at the same shape
(same caskets and statements a casket, "Exactly m statements are true" with the portrait or
classic vocabulary), in the same run.

Each measurement runs in its own process, the sides alternating, several seeds each; the table
gives the medians and the ratio family / classic. Times are the process's CPU time (the
machine is shared: wall time counts the neighbours' work too).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 3

#: (label, family settings, classic settings at the same shape or None, count)
CASES = [
    # (the classic generator makes only 12 portrait puzzles at n = 1 and none at n = 2 under
    # the quality filters: no classic column there)
    ("portia1", {"family": "portia1", "n": 1, "vocabulary": "portrait"}, None, 40),
    ("portia2", {"family": "portia2", "n": 2, "vocabulary": "portrait"}, None, 200),
    ("portia3", {"family": "portia3", "n": 1, "vocabulary": "portrait"}, None, 200),
    ("portia3, n = 2", {"family": "portia3", "n": 2, "vocabulary": "portrait"}, None, 200),
    ("full, n = 1", {"n": 1, "vocabulary": "full"}, {"n": 1, "vocabulary": "classic"}, 200),
    ("full, n = 3", {"n": 3, "vocabulary": "full"}, {"n": 3, "vocabulary": "classic"}, 200),
]

_WORKER = """
import json, sys, time
from portia_tui.core.packs.generator import Settings, generate
kw, count, seed = json.loads(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
generate(Settings(**kw, count=3, seed=seed + 99))  # warm up: imports, solver, caches
t = time.process_time()
out = generate(Settings(**kw, count=count, seed=seed))
print(len(out) / (time.process_time() - t))
"""


def rate(kw: dict, count: int, seed: int) -> float:
    out = subprocess.run([sys.executable, "-c", _WORKER, json.dumps(kw), str(count), str(seed)],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    return float(out.stdout.strip())


def main() -> None:
    print(f"{'case':<16} {'family /s':>10} {'classic /s':>11} {'ratio':>7}")
    for label, family, classic, count in CASES:
        mine, theirs = [], []
        for seed in range(RUNS):
            mine.append(rate(family, count, seed))
            if classic is not None:
                theirs.append(rate(classic, count, seed))
        a = statistics.median(mine)
        if theirs:
            b = statistics.median(theirs)
            print(f"{label:<16} {a:>10.0f} {b:>11.0f} {a / b:>7.2f}")
        else:
            print(f"{label:<16} {a:>10.0f} {'-':>11} {'-':>7}")


if __name__ == "__main__":
    main()
