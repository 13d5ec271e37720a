"""Packs of one level from the truth generator (core/packs/islands.py): seconds to make a pack
of COUNT puzzles for each family, size and --difficulty (the rich grammar of `portia
generate`, every filter on, the pack's variety included), side by side with BASELINE (main
before the islands3 branch) in the same run.

Each pack is made in its own process (this tree's package or BASELINE's first on the path),
the two sides alternating, seeds 1..RUNS; a pack past CAP seconds (wall) is stopped. A cell
gives the median CPU seconds of a pack (the process's own time: on the shared 2-core machine
the wall clock mostly counts the neighbours' work) and, in brackets, the median wall seconds;
"gave up k/10" when the generator gave up after --attempts candidates with k made, "over
CAP" when stopped, "refused" when the level cannot be at that size.

Target (islands3, islands4): every cell the README's 'Levels by size' offers (knights and
knaves 2 to 12 people, werewolves 2 to 12) makes a pack of 10 in 10 s or less idle (CPU
seconds), or the README names the cell with its figure. `make bench` runs ROWS; `--grid`
every size the README offers.

Run alone: `.venv/bin/python benchmarks/bench_island_levels.py [--quick] [--grid] [--runs=N]
[--baseline=REV|none] [--cap=S] [WORD...]` (WORDs: only the rows whose label holds one, e.g.
`werewolves`; a word ending in a space, `"werewolves 1 "`, holds a whole size)."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--baseline=")),
                "e496025")
RUNS = int(next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--runs=")), "2"))
COUNT = 10
CAP = float(next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--cap=")), "180"))
LEVELS = ("gentle", "steady", "tricky", "fiendish")
#: (family, sizes): the rows
ROWS = [("knights-knaves", (5, 6, 8, 12)), ("werewolves", (3, 6, 8, 12))]
#: every size the README offers (--grid)
GRID = [("knights-knaves", tuple(range(2, 13))), ("werewolves", tuple(range(2, 13)))]

_WORKER = """
import json, sys, time
from portia_tui.core.packs.islands import IslandError, IslandSettings, generate
kw, count, seed = json.loads(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
t, c = time.perf_counter(), time.process_time()
made = 0
try:
    for _island in generate(IslandSettings(**kw, count=count, seed=seed, grammar="rich")):
        made += 1
    print(json.dumps([time.process_time() - c, time.perf_counter() - t]))
except IslandError as exc:
    print(json.dumps("refused" if exc.problem == "impossible" else f"gave up {made}/{count}"))
"""


def pack(tree: Path, settings: dict, seed: int) -> list[float] | str:
    """[CPU s, wall s] of one pack in `tree` (its own process), or why none."""
    from baseline_tree import last_line  # a sibling module: see its docstring

    try:
        said = last_line(tree, _WORKER, [json.dumps(settings), str(COUNT), str(seed)], CAP)
    except subprocess.TimeoutExpired:
        return f"over {CAP:.0f}"
    except subprocess.CalledProcessError as exc:
        return f"error ({exc.stderr.strip().splitlines()[-1][:40]})"
    return json.loads(said)


def cell(runs: list[list[float] | str]) -> str:
    """The medians of the runs that made their pack; else the first reason none was."""
    done = [r for r in runs if isinstance(r, list)]
    if len(done) * 2 > len(runs) or (done and len(done) * 2 == len(runs)):
        cpu = statistics.median(r[0] for r in done)
        wall = statistics.median(r[1] for r in done)
        more = "" if len(done) == len(runs) else f", {len(done)} of {len(runs)} made"
        return f"{cpu:.1f} ({wall:.0f}{more})"
    return next(r for r in runs if isinstance(r, str))


def main() -> None:
    runs = 1 if "--quick" in sys.argv else RUNS
    words = [w for w in sys.argv[1:] if not w.startswith("--")]
    with tempfile.TemporaryDirectory() as tmp:
        from baseline_tree import unpack  # a sibling module: see its docstring

        old = None if BASELINE == "none" else unpack(BASELINE, Path(tmp))
        print(f"packs of {COUNT}, rich grammar, every filter on; CPU s a pack (wall s), median "
              f"of {runs} seeds; load average {os.getloadavg()[0]:.1f} at the start on "
              f"{os.cpu_count()} cores; 'now' is this tree, 'main' is {BASELINE}")
        print("| family | size | side | " + " | ".join(LEVELS) + " | load |")
        print("|---|---|---|" + "---|" * (len(LEVELS) + 1))
        for family, sizes in GRID if "--grid" in sys.argv else ROWS:
            for size in sizes:
                label = f"{family} {size} "
                if words and not any(w in label for w in words):
                    continue
                now: dict[str, list] = {lv: [] for lv in LEVELS}
                before: dict[str, list] = {lv: [] for lv in LEVELS}
                for level in LEVELS:
                    settings = {"family": family, "size": size, "difficulty": level}
                    for seed in range(1, runs + 1):
                        now[level].append(pack(ROOT, settings, seed))
                        if old is not None:
                            before[level].append(pack(old, settings, seed))
                load = f"{os.getloadavg()[0]:.1f}"
                print(f"| {family} | {size} | now | "
                      + " | ".join(cell(now[lv]) for lv in LEVELS) + f" | {load} |", flush=True)
                if old is not None:
                    print("| | | main | " + " | ".join(cell(before[lv]) for lv in LEVELS)
                          + f" | {load} |", flush=True)


if __name__ == "__main__":
    main()
