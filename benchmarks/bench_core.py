"""Core benchmark: the casket engine against the old SAT analysis, side by side in one run.

Full analysis = every placement's achievable true counts (so every m), plus every loop
classified under every placement. Puzzles are random over the full vocabulary (statements drawn
with replacement from each slot's menu), so loops are included as they come. Each puzzle is
timed with both engines in turn (best of 5 each), so both see the same machine load; the tables
give the medians over the puzzles and their ratio.

Tables: the analysis (with targets), growth with n (time per statement, 3 caskets with loops),
clause counts of the SAT encodings and the thesis corpus (when ../shared is present).
`portia solve --json` as a whole process against `python -c "import pysat.solvers"` is
benchmarks/bench_startup.py.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from math import comb
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import sat_legacy  # noqa: E402 (the old SAT analysis lives beside the benchmark)
from portia_tui.core.solve import engine  # noqa: E402
from portia_tui.core.io import formats
from portia_tui.core.solve import sat
from portia_tui.core.language.model import Casket, Puzzle
from portia_tui.core.language.vocabulary import Layout, options

EXTRA_NAMES = ("copper", "iron", "tin", "zinc", "brass", "bronze", "nickel", "steel", "pewter")
REPO = Path(__file__).resolve().parents[1]


def random_puzzle(rng: random.Random, n: int, k: int = 3) -> Puzzle:
    names = ("gold", "silver", "lead", *EXTRA_NAMES)[:k]
    layout = Layout(names, (n,) * k)
    caskets = tuple(
        Casket(name, tuple(rng.choice(options(layout, i)) for _ in range(n)))
        for i, name in enumerate(names)
    )
    return Puzzle(caskets, 0).validate()


def best_ms(fn, puzzle, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn(puzzle)
        best = min(best, time.perf_counter() - t)
    return best * 1000


def side_by_side(puzzles, fns, repeat: int = 5, mean: bool = False) -> list[float]:
    """Median (or mean) ms per function over the puzzles, each puzzle timed with every
    function in turn."""
    times: list[list[float]] = [[] for _ in fns]
    for p in puzzles:
        for i, fn in enumerate(fns):
            times[i].append(best_ms(fn, p, repeat))
    if mean:
        return [statistics.median(t) for t in times] + [statistics.fmean(t) for t in times]
    return [statistics.median(t) for t in times]


def with_loops(rng: random.Random, n: int, k: int, count: int) -> list[Puzzle]:
    out = []
    while len(out) < count:
        p = random_puzzle(rng, n, k)
        if engine.analyse(p).loops:
            out.append(p)
    return out


def analysis_table() -> None:
    rng = random.Random(1)
    # (n, caskets, loops only, samples, target ratio casket engine / old SAT)
    cases = [(3, 3, False, 200, None), (10, 3, False, 150, 1 / 10), (20, 3, False, 60, None),
             (10, 12, False, 60, 1 / 10), (100, 3, True, 20, 1 / 30)]
    print("full analysis, same puzzles, side by side (median of per-puzzle best of 5)")
    print(f"{'puzzle':<26}{'samples':>8}{'loops%':>7}{'old SAT ms':>12}{'new SAT ms':>12}"
          f"{'casket ms':>11}{'casket/old':>12}{'in total':>10}{'target':>12}")
    for n, k, loops_only, samples, target in cases:
        puzzles = (with_loops(rng, n, k, samples) if loops_only
                   else [random_puzzle(rng, n, k) for _ in range(samples)])
        for p in puzzles[:10]:  # warm up, and check they agree
            assert engine.analyse(p) == sat_legacy.analyse(p) == sat.analyse(p)
        looped = sum(1 for p in puzzles if engine.analyse(p).loops) * 100 // samples
        old, new, fast, old_mean, _new_mean, fast_mean = side_by_side(
            puzzles, (sat_legacy.analyse, sat.analyse, engine.analyse), mean=True)
        name = f"Portia-{n}" + (f" x {k} caskets" if k != 3 else "") + (
            ", loops" if loops_only else "")
        ratio = fast / old
        mark = "" if target is None else (f"<= 1/{round(1 / target)}"
                                          + (" ok" if ratio <= target else " MISSED"))
        print(f"{name:<26}{samples:>8}{looped:>6}%{old:>12.3f}{new:>12.3f}{fast:>11.4f}"
              f"{'1/' + format(old / fast, '.1f'):>12}"
              f"{'1/' + format(old_mean / fast_mean, '.1f'):>10}{mark:>12}")


def growth_table() -> None:
    rng = random.Random(7)
    print()
    print("growth with n: 3 caskets, puzzles with loops, casket engine")
    print(f"{'n':>5}{'statements':>12}{'median ms':>11}{'us per statement':>18}")
    per = {}
    for n in (10, 20, 50, 100):
        puzzles = with_loops(rng, n, 3, 30)
        (med,) = side_by_side(puzzles, (engine.analyse,), repeat=5)
        per[n] = med * 1000 / (3 * n)
        print(f"{n:>5}{3 * n:>12}{med:>11.3f}{per[n]:>18.2f}")
    ratio = per[100] / per[10]
    print(f"per-statement time at n = 100 / at n = 10: {ratio:.2f} "
          f"(target: <= 1, no worse than linear){' ok' if ratio <= 1 else ' MISSED'}")


def clause_table() -> None:
    print()
    print("clauses: the meaning of every statement plus 'exactly m' (m = S / 2), random puzzles")
    print(f"{'S statements':>13}{'old SAT':>10}{'new SAT':>10}{'thesis subsets':>28}")
    for n in (1, 3, 5, 10, 20, 100):
        size = 3 * n
        m = size // 2
        p = random_puzzle(random.Random(n), n).with_m(m)
        old_card, _ = sat_legacy.exactly_m_clauses(p, m, 3 + size)
        old = len(sat_legacy.base_clauses(p)) + len(old_card)
        base, top = sat.base_clauses(p)
        card, _ = sat.exactly_m_clauses(p, m, top)
        thesis = comb(size, m + 1) + comb(size, size - m + 1)
        shown = f"{thesis:,}" if thesis < 10**15 else f"{thesis:.2e}"
        print(f"{size:>13}{old:>10,}{len(base) + len(card):>10,}{shown:>28}")


def corpus_table() -> None:
    sys.path.insert(0, str(REPO))
    from tests.conftest import shared_dir

    shared = shared_dir()
    corpus = shared / "corpus" / "thesis-25" if shared else None
    print()
    if not corpus or not corpus.is_dir():
        print("thesis corpus: ../shared is not here (skipped)")
        return
    puzzles = [formats.load(path) for path in sorted(corpus.glob("*.txt"))]
    old, fast = side_by_side(puzzles, (sat_legacy.analyse, engine.analyse), repeat=5)
    print(f"thesis corpus ({len(puzzles)} puzzles), full analysis: old SAT {old * 1000:.0f} us, "
          f"casket engine {fast * 1000:.1f} us per puzzle (median), 1/{old / fast:.0f}")


if __name__ == "__main__":
    analysis_table()
    growth_table()
    clause_table()
    corpus_table()
