"""Generator speed: valid, verified and rated puzzles per second, side by side with the
generator of BASELINE (the commit before the fast path), in the same run.

The baseline is today's code as it was: ``git archive BASELINE portia_tui`` unpacked into a
temporary folder. Each measurement runs in its own process (the baseline's or this tree's
package first on the path), the two sides alternating, several seeds each; the table gives the
medians of puzzles per second and the ratio of the medians. Without git history (a source
archive) the baseline columns say so and the current figures still print.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: main before the generator's fast path (the generator of issue 4, SAT on every puzzle kept)
BASELINE = "75d6e5e7e6a24e0ad351c795ce4b75cb2953e7bd"
RUNS = 5

#: (label, settings both generators know, count, compare with the baseline)
CASES = [
    ("Portia-3", {"n": 3}, 1000, True),
    ("Portia-10", {"n": 10, "repeats": "allow"}, 300, True),
    ("Portia-1", {"n": 1}, 200, False),
    ("Portia-5", {"n": 5, "repeats": "allow"}, 500, False),
    ("Portia-20", {"n": 20, "repeats": "allow"}, 200, False),
    ("Portia-3, loops allowed", {"n": 3, "loops": True}, 500, True),
    ("Portia-10, loops allowed", {"n": 10, "loops": True}, 200, True),
    ("Portia-3, difficulty tricky", {"n": 3, "difficulty": "tricky"}, 300, False),
    ("Portia-10, difficulty gentle", {"n": 10, "difficulty": "gentle", "repeats": "allow"}, 50,
     False),
]

_WORKER = """
import json, sys, time
from portia_tui.core.packs.generator import Settings, generate
assert generate.__module__.startswith("portia_tui.core.packs.generator")
kw, count, seed = json.loads(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
generate(Settings(**kw, count=5, seed=seed + 99))  # warm up: imports, solver, caches
t = time.perf_counter()
out = generate(Settings(**kw, count=count, seed=seed))
print(len(out) / (time.perf_counter() - t))
"""


def baseline_tree(folder: Path) -> Path | None:
    """BASELINE's package unpacked under folder, or None without the git history."""
    from baseline_tree import unpack  # a sibling module: see its docstring

    return unpack(BASELINE, folder)


def speed(tree: Path, settings: dict, count: int, seed: int) -> float:
    """Puzzles per second of the generator in `tree` (its own process)."""
    # -P and cwd "/": the package comes from PYTHONPATH only, not from the current folder
    out = subprocess.run([sys.executable, "-P", "-c", _WORKER, json.dumps(settings), str(count),
                          str(seed)], capture_output=True, text=True, check=True, cwd="/",
                         env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin",
                              "PYTHONDONTWRITEBYTECODE": "1"})
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        old = baseline_tree(Path(tmp))
        print(f"{'case':<28}{'now /s':>10}{'baseline /s':>13}{'ratio':>8}{'target':>8}")
        for label, settings, count, compare in CASES:
            now, before = [], []
            for run in range(RUNS):
                now.append(speed(ROOT, settings, count, 1000 + run))
                if compare and old is not None:
                    before.append(speed(old, settings, count, 1000 + run))
            mid = statistics.median(now)
            if before:
                base = statistics.median(before)
                target = ">= 4x" if settings in ({"n": 3}, {"n": 10, "repeats": "allow"}) else ""
                print(f"{label:<28}{mid:>10,.0f}{base:>13,.0f}{mid / base:>7.1f}x{target:>8}")
            else:
                note = "" if not compare else "(no git history: no baseline)"
                print(f"{label:<28}{mid:>10,.0f}{'':>13}{'':>8}  {note}")


if __name__ == "__main__":
    main()
