"""The truth generator (core/packs/islands.py) per family and size, 7 to 9 rooms included,
side by side with BASELINE (main before the steered large trials and the meaning-first two
islanders), in the same run.

Each measurement runs in its own process (this tree's package or BASELINE's first on the
path), the two sides alternating, seeds 1..RUNS; a run past CAP seconds is stopped and counted
as "over CAP" (none made). The table gives the median seconds a puzzle of each side, the ratio
of the medians and the load average. Without git history the baseline column says so.

Run alone: `.venv/bin/python benchmarks/bench_island_sizes.py [--quick] [--cpu] [--baseline=REV]
[WORD...]`
(`--cpu`: the process's CPU seconds, not the wall clock; WORDs: only the cases whose label
holds one of them, e.g. `tricky`)."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: main before this branch (session 8's start); `--baseline=REV` for another
BASELINE = next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--baseline=")),
                "a50498b")
RUNS = 3
#: seconds a run may take before it is stopped
CAP = 60.0
#: "wall" (the clock) or "cpu" (the process's CPU time: on a loaded machine the wall clock
#: counts the neighbours' work too): `--cpu`
CLOCK = "cpu" if "--cpu" in sys.argv else "wall"

#: (label, settings, puzzles a run)
CASES = [
    ("knights-knaves 6", {"family": "knights-knaves", "size": 6}, 20),
    ("werewolves 2 tricky", {"family": "werewolves", "size": 2, "difficulty": "tricky"}, 2),
    ("werewolves 2 fiendish, depth 3",
     {"family": "werewolves", "size": 2, "difficulty": "fiendish", "depth": 3}, 2),
    ("lady-tiger 3", {"family": "lady-tiger", "size": 3}, 5),
    ("lady-tiger 4 tricky", {"family": "lady-tiger", "size": 4, "difficulty": "tricky"}, 1),
    ("lady-tiger 5 tricky", {"family": "lady-tiger", "size": 5, "difficulty": "tricky"}, 1),
    ("lady-tiger 5", {"family": "lady-tiger", "size": 5}, 5),
    ("lady-tiger 6", {"family": "lady-tiger", "size": 6}, 3),
    ("lady-tiger 7", {"family": "lady-tiger", "size": 7}, 3),
    ("lady-tiger 8", {"family": "lady-tiger", "size": 8}, 3),
    ("lady-tiger 9", {"family": "lady-tiger", "size": 9}, 3),
    ("lady-tiger 9 steady", {"family": "lady-tiger", "size": 9, "difficulty": "steady"}, 2),
]

_WORKER = """
import json, sys, time
from portia_tui.core.packs.islands import IslandError, IslandSettings, generate
kw, count, seed = json.loads(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
t, c = time.perf_counter(), time.process_time()
try:
    made = list(generate(IslandSettings(**kw, count=count, seed=seed, grammar="rich",
                                        attempts=1_000_000)))
    print((time.perf_counter() - t) / len(made), (time.process_time() - c) / len(made))
except IslandError as exc:
    print("refused" if exc.problem == "impossible" else "gave up")
"""


def baseline_tree(folder: Path) -> Path | None:
    from baseline_tree import unpack  # a sibling module: see its docstring

    return unpack(BASELINE, folder)


def seconds(tree: Path, settings: dict, count: int, seed: int) -> float | str:
    """Seconds a puzzle in `tree` (its own process), or why none: "refused", "gave up",
    "over CAP". CPU seconds (the process's own) when CLOCK says so."""
    from baseline_tree import last_line  # a sibling module: see its docstring

    try:
        said = last_line(tree, _WORKER, [json.dumps(settings), str(count), str(seed)], CAP)
    except subprocess.TimeoutExpired:
        return f"over {CAP:.0f}"
    words = said.split()
    try:
        return float(words[CLOCK == "cpu"] if len(words) == 2 else words[0])
    except ValueError:
        return said


def _median(values: list[float | str]) -> str:
    """The median of the runs (a run stopped or refused counts as slower than any)."""
    times = [v for v in values if isinstance(v, float)]
    if len(times) * 2 > len(values):
        return f"{statistics.median(times):.2f}"
    words = [v for v in values if isinstance(v, str)]
    return words[0] + (f" ({len(times)} of {len(values)} runs finished)" if times else "")


def main() -> None:
    runs = 1 if "--quick" in sys.argv else RUNS
    with tempfile.TemporaryDirectory() as tmp:
        old = baseline_tree(Path(tmp))
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {CLOCK} s a "
              f"puzzle, median of {runs} seeds; runs stopped at {CAP:.0f} s (wall)")
        print(f"| case | now | main ({BASELINE}) | ratio | load |")
        print("|---|---|---|---|---|")
        words = [w for w in sys.argv[1:] if not w.startswith("--")]
        for label, settings, count in CASES:
            if words and not any(w in label for w in words):
                continue
            now, before = [], []
            for seed in range(1, runs + 1):
                now.append(seconds(ROOT, settings, count, seed))
                if old is not None:
                    before.append(seconds(old, settings, count, seed))
            a, b = _median(now), _median(before) if before else "no git history"
            try:
                ratio = f"{float(b) / float(a):.1f}x"
            except ValueError:
                ratio = ""
            print(f"| {label} | {a} | {b} | {ratio} | {os.getloadavg()[0]:.1f} |", flush=True)


if __name__ == "__main__":
    main()
