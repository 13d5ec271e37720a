"""The island and door generator (core/packs/islands.py): well-posed, filtered, graded
puzzles a second, per family and size, for the dataset's tuple grammar and for `portia
generate`'s rich grammar (counts and likeness), the levels tricky and fiendish included; the
level each makes; and the dataset writer's whole run.

Target (issue 20): 100 well-posed 6-person knights-and-knaves puzzles in under 10 s.

Run alone: `.venv/bin/python benchmarks/bench_islands.py [--quick]`. The machine has 2 cores
shared with other work: read the ratios between rows more than the absolute times."""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter

from portia_tui.core.explain.reasoning import LEVELS
from portia_tui.core.packs import dataset
from portia_tui.core.packs.islands import IslandError, IslandSettings, generate

#: (family, size, puzzles per run)
CASES = [("knights-knaves", 2, 3), ("knights-knaves", 4, 20), ("knights-knaves", 6, 20),
         ("knights-knaves", 8, 20), ("knights-knaves", 12, 5), ("werewolves", 3, 20),
         ("werewolves", 5, 10), ("lady-tiger", 3, 20), ("lady-tiger", 5, 10)]
#: (family, size, level, puzzles per run): the levels the rich grammar is for
HARD = [("knights-knaves", 4, "fiendish", 5), ("knights-knaves", 6, "tricky", 5),
        ("knights-knaves", 6, "fiendish", 5), ("knights-knaves", 8, "tricky", 5),
        ("knights-knaves", 8, "fiendish", 5), ("werewolves", 4, "tricky", 3),
        ("werewolves", 4, "fiendish", 3)]


def run(settings: IslandSettings) -> tuple[list, float]:
    t = time.perf_counter()
    made = list(generate(settings))
    return made, time.perf_counter() - t


def per_puzzle(family: str, size: int, count: int, grammar: str, level: str | None = None,
               runs: int = 3) -> tuple[float, Counter]:
    """The median seconds a puzzle over `runs` seeds, and the levels made."""
    times, levels = [], Counter()
    for seed in range(runs):
        made, took = run(IslandSettings(family=family, size=size, count=count, seed=seed,
                                        grammar=grammar, difficulty=level, attempts=20_000))
        times.append(took / len(made))
        levels.update(i.grade.level for i in made)
    return statistics.median(times), levels


def _spread(levels: Counter) -> str:
    total = sum(levels.values())
    return ", ".join(f"{k} {levels[k] * 100 // total}%" for k in LEVELS if levels[k])


def table(runs: int) -> None:
    print("| family | size | tuple: ms a puzzle | levels | rich: ms a puzzle | levels |")
    print("|---|---|---|---|---|---|")
    for family, size, count in CASES:
        tuple_ms, tuple_levels = per_puzzle(family, size, count, "tuple", runs=runs)
        rich_ms, rich_levels = per_puzzle(family, size, count, "rich", runs=runs)
        print(f"| {family} | {size} | {tuple_ms * 1000:.1f} | {_spread(tuple_levels)} | "
              f"{rich_ms * 1000:.1f} | {_spread(rich_levels)} |", flush=True)


def hard(runs: int) -> None:
    print("\n| family | size | --difficulty | rich: s a puzzle (median of seeds) |")
    print("|---|---|---|---|")
    for family, size, level, count in HARD:
        try:
            sec, _levels = per_puzzle(family, size, count, "rich", level, runs=runs)
            said = f"{sec:.2f}"
        except IslandError as exc:
            said = f"gave up ({exc.problem})"
        print(f"| {family} | {size} | {level} | {said} |", flush=True)


#: (family, sizes) for the levels grid: every level at every size, seconds a puzzle
GRID = [("knights-knaves", (2, 3, 4, 5, 6)), ("werewolves", (2, 3, 4)),
        ("lady-tiger", (2, 3, 4, 5))]


def grid(count: int = 2, attempts: int = 5_000) -> None:
    """Seconds a puzzle for each family, size and level asked for (`count` puzzles, seed 1,
    `attempts` candidates in a row at most): 'refused' when the generator says at once that
    the level cannot exist at that size, 'gave up (s)' when the budget ran out."""
    print(f"\n| family | size | gentle | steady | tricky | fiendish |  (s a puzzle; {count} "
          f"asked, --attempts {attempts})")
    print("|---|---|---|---|---|---|")
    for family, sizes in GRID:
        for size in sizes:
            cells = []
            for level in LEVELS:
                t = time.perf_counter()
                try:
                    made = list(generate(IslandSettings(family=family, size=size, count=count,
                                                        seed=1, grammar="rich",
                                                        difficulty=level,
                                                        attempts=attempts)))
                    cells.append(f"{(time.perf_counter() - t) / len(made):.2f}")
                except IslandError as exc:
                    took = time.perf_counter() - t
                    cells.append("refused" if exc.problem == "impossible"
                                 else f"gave up ({took:.0f} s)")
                except Exception as exc:  # noqa: BLE001 - an older tree may fail; say how
                    cells.append(f"error ({type(exc).__name__})")
            print(f"| {family} | {size} | " + " | ".join(cells) + " |", flush=True)


def target() -> None:
    for grammar in ("tuple", "rich"):
        _made, took = run(IslandSettings(size=6, count=100, seed=1, grammar=grammar))
        print(f"\n100 well-posed 6-person knights-and-knaves puzzles, {grammar} grammar: "
              f"{took:.2f} s (target 10 s)")
    t = time.perf_counter()
    lines = list(dataset.records(IslandSettings(size=6, count=100, seed=1)))
    took = time.perf_counter() - t
    print(f"100 6-person dataset lines (with explanations): {took:.2f} s ({len(lines)} lines)")


def main() -> None:
    if "--grid" in sys.argv:  # the levels grid alone
        grid()
        return
    runs = 1 if "--quick" in sys.argv else 3
    table(runs)
    hard(runs)
    grid()
    target()


if __name__ == "__main__":
    main()
