"""Packs of hard trials at the default --attempts (core/packs/islands.py, branches trials5 and
trials6): for 4 rooms, a pack of 8 tricky trials for seeds 1-5 and of 8 fiendish for seeds
1-3; for 5 rooms, a pack of 4 (seed 1). Each row: how many were made (or where the search gave
up), the wall and CPU seconds of the pack, and how many shapes the pack holds (:func:`islands.trial_motif`:
what the hardest step splits and the rings of signs) with the most puzzles of one shape in
brackets; a second table lists each pack's shapes, one a row, with how often each came.

Run alone: `.venv/bin/python benchmarks/bench_trial_packs.py [--quick]` (quick: seed 1 only,
4 rooms)."""

from __future__ import annotations

import os
import sys
import time
from collections import Counter

from portia_tui.core.packs import islands as I

QUICK = "--quick" in sys.argv
#: level -> the seeds of the four-room packs of 8
SEEDS = {"tricky": (1, 2, 3, 4, 5), "fiendish": (1, 2, 3)}


def pack(level: str, rooms: int, count: int, seed: int
         ) -> tuple[int, float, float, str, Counter[str]]:
    """(made, wall seconds, CPU seconds, "ok" or the give-up message, shapes)."""
    settings = I.IslandSettings(family="lady-tiger", size=rooms, count=count, seed=seed,
                                difficulty=level, grammar="rich")
    shapes: Counter[str] = Counter()
    made, outcome = 0, "ok"
    wall, start = time.perf_counter(), time.process_time()
    try:
        for island in I.generate(settings):
            made += 1
            shapes[I.trial_motif(island.puzzle, island.grade)] += 1
    except I.IslandError as exc:
        outcome = f"gave up ({exc.problem})"
    return made, time.perf_counter() - wall, time.process_time() - start, outcome, shapes


def main() -> None:
    print(f"load average {os.getloadavg()[0]:.1f}; default --attempts (20000)")
    print("\n| rooms | --difficulty | seed | made | wall s | CPU s | outcome | shapes (most in one) "
          "| load |")
    print("|---|---|---|---|---|---|---|---|---|")
    runs = [(4, level, 8, seed) for level in ("tricky", "fiendish")
            for seed in ((1,) if QUICK else SEEDS[level])]
    if not QUICK:
        runs += [(5, "tricky", 4, 1), (5, "fiendish", 4, 1)]
    packs = []
    for rooms, level, count, seed in runs:
        made, wall, secs, outcome, shapes = pack(level, rooms, count, seed)
        most = max(shapes.values(), default=0)
        print(f"| {rooms} | {level} | {seed} | {made} of {count} | {wall:.1f} | {secs:.1f} | "
              f"{outcome} | {len(shapes)} ({most}) | {os.getloadavg()[0]:.1f} |", flush=True)
        packs.append((rooms, level, seed, shapes))
    # the shapes one a row: in one cell they ran together (each holds "; " itself)
    print("\n| rooms | --difficulty | seed | puzzles | shape |")
    print("|---|---|---|---|---|")
    for rooms, level, seed, shapes in packs:
        for shape, n in shapes.most_common():
            print(f"| {rooms} | {level} | {seed} | {n} | {shape} |")
    print(f"\nload average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
