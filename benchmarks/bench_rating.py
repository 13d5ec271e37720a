"""Rating by technique: milliseconds to rate each shipped puzzle (median of RUNS), beside the
time its exact analysis takes, so the ratio says what the rating costs over solving (the
grader asks the analysis which caskets fit, then solves by technique; "language" says whether
the puzzle is in the thesis's classic language or the whole rulebook: one grader reads both)."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 21


def _median_ms(fn) -> float:
    fn()  # warm
    times = []
    for _ in range(RUNS):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def main() -> None:
    from portia_tui.core.io import formats
    from portia_tui.core.explain.difficulty import rate
    from portia_tui.core.solve.engine import analyse, covers

    print(f"{'puzzle':<26}{'language':>9}{'rate ms':>10}{'analyse ms':>12}{'ratio':>8}  level")
    for path in sorted((ROOT / "puzzles").glob("*.toml")):
        puzzle = formats.load(path)
        if puzzle.m is None and covers(puzzle):
            continue
        r = rate(puzzle)
        t_rate = _median_ms(lambda puzzle=puzzle: rate(puzzle))
        t_an = _median_ms(lambda puzzle=puzzle: analyse(puzzle))
        kind = "classic" if covers(puzzle) else "whole"
        print(f"{path.stem:<26}{kind:>9}{t_rate:>10.2f}{t_an:>12.2f}{t_rate / t_an:>8.1f}  "
              f"{r.level} ({r.technique})")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
