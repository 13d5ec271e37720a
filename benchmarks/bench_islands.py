"""The island and door generator (core/packs/islands.py): well-posed, filtered, graded
puzzles a second, per family and size; and the dataset writer's whole run.

Target (issue 20): 100 well-posed 6-person knights-and-knaves puzzles in under 10 s."""

from __future__ import annotations

import statistics
import time

from portia_tui.core.packs import dataset
from portia_tui.core.packs.islands import IslandSettings, generate

CASES = [("knights-knaves", 2, 3), ("knights-knaves", 4, 20), ("knights-knaves", 6, 20),
         ("knights-knaves", 8, 20), ("knights-knaves", 12, 5), ("werewolves", 3, 20),
         ("werewolves", 5, 10), ("lady-tiger", 3, 20), ("lady-tiger", 5, 10)]


def per_second(family: str, size: int, count: int, runs: int = 3) -> tuple[float, float]:
    times = []
    for seed in range(runs):
        t = time.perf_counter()
        made = list(generate(IslandSettings(family=family, size=size, count=count, seed=seed)))
        times.append((time.perf_counter() - t) / len(made))
    med = statistics.median(times)
    return 1 / med, med * 1000


def main() -> None:
    print("| family | size | puzzles a second | ms a puzzle (median of 3 seeds) |")
    print("|---|---|---|---|")
    for family, size, count in CASES:
        rate, ms = per_second(family, size, count)
        print(f"| {family} | {size} | {rate:,.0f} | {ms:.1f} |")
    t = time.perf_counter()
    lines = list(dataset.records(IslandSettings(size=6, count=100, seed=1)))
    took = time.perf_counter() - t
    print(f"\n100 well-posed 6-person knights-and-knaves dataset lines: {took:.2f} s "
          f"(target 10 s; {len(lines)} lines)")


if __name__ == "__main__":
    main()
