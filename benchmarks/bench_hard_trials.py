"""The lady-or-tiger trials' hard levels (core/packs/islands.py): how often each level comes
out of the hard draw (tricky and fiendish: reversed rooms, signs about signs), one claim a
sign (--depth 1, the draw before this change) side by side with compound signs (--depth 2,
the default now), in one run; and the CPU seconds a tricky and a fiendish trial takes to
generate (seeds 0..RUNS-1, median), with the candidates drawn a puzzle.

Levels: DRAWS candidates a size and depth, the same seed; a candidate counts when it has one
answer and no wasted sign (the generator's quick look), and is graded by
core/explain/reasoning.py as the generator grades it; then the full filters (trivial,
symmetry) as :func:`islands._keep` applies them.

Run alone: `.venv/bin/python benchmarks/bench_hard_trials.py [--quick]`."""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from collections import Counter

from portia_tui.core.explain.reasoning import LEVELS, grade_within
from portia_tui.core.packs import islands as I

QUICK = "--quick" in sys.argv
DRAWS = 4_000 if QUICK else 20_000
RUNS = 2 if QUICK else 5


def levels(rooms: int, depth: int) -> tuple[Counter[str], int, float]:
    """(levels of the usable candidates, usable, CPU seconds) of DRAWS hard draws."""
    settings = I.IslandSettings(family="lady-tiger", size=rooms, depth=depth,
                                difficulty="tricky", grammar="rich")
    fam = I.FAMILIES["lady-tiger"]
    rng = random.Random(1)
    screen = I._Screen(None, True, allow_wasted=False)
    found: Counter[str] = Counter()
    start = time.process_time()
    for _ in range(DRAWS):
        ents, says = I._says(settings, rng)
        shell = fam.shell(ents, [], rng, True)
        if not screen.passes(shell, ents, says):
            continue
        puzzle, _t = I._assemble(fam, ents, says, shell)
        if I._constant(puzzle) or I._symmetric(puzzle):
            continue
        graded = grade_within(puzzle)
        found["too large" if graded is None else
              graded.level if graded.solved else "past fiendish"] += 1
    return found, sum(found.values()), time.process_time() - start


def per_puzzle(rooms: int, level: str) -> tuple[float, float]:
    """(median CPU seconds, median candidates drawn) a puzzle over RUNS seeds."""
    drawn = [0]
    plain = I._drawn

    def counted(*a, **kw):
        drawn[0] += 1
        return plain(*a, **kw)

    secs, draws = [], []
    I._drawn = counted
    try:
        for seed in range(RUNS):
            drawn[0] = 0
            t = time.process_time()
            list(I.generate(I.IslandSettings(family="lady-tiger", size=rooms, seed=seed,
                                             difficulty=level, grammar="rich",
                                             attempts=1_000_000)))
            secs.append(time.process_time() - t)
            draws.append(drawn[0])
    finally:
        I._drawn = plain
    return statistics.median(secs), statistics.median(draws)


def main() -> None:
    print(f"load average {os.getloadavg()[0]:.1f}; {DRAWS} hard draws a row (seed 1)")
    print("\n| rooms | signs | usable | " + " | ".join(LEVELS) + " | CPU s |")
    print("|---|---|---|" + "---|" * len(LEVELS) + "---|")
    for rooms in (4, 5):
        for depth in (1, 2):
            found, usable, took = levels(rooms, depth)
            cells = [f"{found[lv]} ({100 * found[lv] / max(usable, 1):.1f}%)" for lv in LEVELS]
            print(f"| {rooms} | {'one claim' if depth == 1 else 'compound'} (--depth {depth}) "
                  f"| {usable} | " + " | ".join(cells) + f" | {took:.1f} |", flush=True)
    print(f"\n| rooms | --difficulty | CPU s a puzzle (median of {RUNS} seeds) | "
          "candidates drawn (median) |")
    print("|---|---|---|---|")
    for rooms in (4, 5):
        for level in ("tricky", "fiendish"):
            sec, draws = per_puzzle(rooms, level)
            print(f"| {rooms} | {level} | {sec:.2f} | {draws:.0f} |", flush=True)
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
