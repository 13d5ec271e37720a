"""What the player computes when a puzzle opens and on each key: Coach (SAT analysis), each
hint step, a verdict and the explanation; and a progress save. Prints a table (ms)."""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from portia_tui.core.explain.hints import Coach
from portia_tui.core.language.model import Puzzle
from portia_tui.core.io.progress import ProgressStore
from portia_tui.core.language.vocabulary import Layout, options

NAMES = ("gold", "silver", "lead", "tin", "copper")


def random_puzzle(rng: random.Random, k: int, n: int) -> Puzzle:
    layout = Layout(NAMES[:k], (n,) * k)
    table = {name: [rng.choice(options(layout, ci)) for _ in range(n)]
             for ci, name in enumerate(NAMES[:k])}
    return Puzzle.build(table, m=rng.randint(0, k * n))


def timed(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best * 1000


def main() -> None:
    rng = random.Random(5)
    print(f"{'shape':<12}{'open (Coach)':>14}{'hints 1-3':>12}{'verdicts':>12}{'explain':>12}")
    for k, n in ((3, 1), (3, 2), (3, 3), (4, 3), (5, 4)):
        puzzles = [random_puzzle(rng, k, n) for _ in range(20)]
        coaches = [Coach(p) for p in puzzles]
        open_ = sum(timed(lambda p=p: Coach(p), 3) for p in puzzles) / len(puzzles)
        hints = sum(timed(lambda c=Coach(p): [c.hint(i) for i in (1, 2, 3)], 1)
                    for p in puzzles) / len(puzzles)
        verdicts = sum(timed(lambda c=c: [c.judge(i) for i in range(k)], 3)
                       for c in coaches) / len(coaches)
        explain = sum(timed(c.explanation, 3) for c in coaches) / len(coaches)
        print(f"{f'{k} x {n}':<12}{open_:>14.2f}{hints:>12.2f}{verdicts:>12.2f}{explain:>12.2f}")
    with tempfile.TemporaryDirectory() as tmp:
        store = ProgressStore(Path(tmp) / "progress.json")
        for p in range(50):
            prog = store.pack(f"pack{p}", "x")
            for i in range(40):
                prog.record(f"{i:03d}").seconds = i
        print(f"progress save (50 packs x 40 puzzles): {timed(store.save, 5):.2f} ms")


if __name__ == "__main__":
    main()
