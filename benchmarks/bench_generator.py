"""Generator and census speed: valid (SAT-verified, rated) puzzles per second, census times.

Targets (issue 4): >= 1,000 Portia-3 puzzles/s, >= 100 Portia-10 puzzles/s, census n = 1
(portrait vocabulary) under 1 s. Medians of several runs with different seeds.
"""

from __future__ import annotations

import statistics
import time

from portia_tui.core.census import census
from portia_tui.core.generator import Settings, generate

RUNS = 5


def rate(settings: Settings) -> float:
    speeds = []
    for run in range(RUNS):
        s = Settings(**{**settings.__dict__, "seed": 1000 + run})
        start = time.perf_counter()
        out = generate(s)
        speeds.append(len(out) / (time.perf_counter() - start))
    return statistics.median(speeds)


def main() -> None:
    rows = []
    cases = [
        ("Portia-1", Settings(n=1, count=200)),
        ("Portia-3", Settings(n=3, count=1000)),
        ("Portia-5", Settings(n=5, count=500)),
        ("Portia-10", Settings(n=10, count=300)),
        ("Portia-20", Settings(n=20, count=200)),
        ("Portia-3, loops allowed", Settings(n=3, count=500, loops=True)),
        ("Portia-10, loops allowed", Settings(n=10, count=200, loops=True)),
        ("Portia-3, --difficulty hard", Settings(n=3, count=300, difficulty="hard")),
        ("Portia-10, --difficulty easy", Settings(n=10, count=50, difficulty="easy")),
    ]
    for label, settings in cases:
        rows.append((label, f"{rate(settings):,.0f} puzzles/s"))
    for n, vocab, runs in ((1, "portrait", 5), (1, "full", 5), (2, "portrait", 5),
                           (2, "full", 3)):
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            result = census(n, vocab)
            times.append(time.perf_counter() - start)
        rows.append((f"census n={n} {vocab} ({result.valid:,} valid)",
                     f"{statistics.median(times) * 1000:,.1f} ms"))
    width = max(len(label) for label, _ in rows)
    print(f"{'case':<{width}}  median")
    for label, value in rows:
        print(f"{label:<{width}}  {value}")


if __name__ == "__main__":
    main()
