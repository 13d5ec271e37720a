"""The assistant's exact marks and repairs (core/author/assistant.py), as the editor asks for them.

Marks: one full menu (every entry of the full vocabulary for one slot), judged valid /
reachable / impossible over every way to fill the other empty slots, with the editor's budget
(150 ms at Portia-3, 1 s at Portia-10). Puzzles: blank, and half filled at random from the full
vocabulary (loops allowed); target and slot at random; m drawn from the counts the target can
still reach (an author's feasible aim). Side by side, in the same run: the old one-call
"can the target still fit" marks (sat.reachable_choices, ✓/✗ only), as a ratio.

Repairs: every single-statement replacement and every other m that makes a random complete
(invalid) puzzle valid; side by side: one full analysis of the same puzzle, as a ratio.

Run: .venv/bin/python benchmarks/bench_assistant.py   (or `make bench`)
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from portia_tui.core import analyse  # noqa: E402
from portia_tui.core.author.assistant import (UNDECIDED, mark_choices, partial_report,  # noqa: E402
                                       repairs)
from portia_tui.core.language.model import Puzzle, blank_puzzle  # noqa: E402
from benchmarks.sat_legacy import reachable_choices  # noqa: E402
from portia_tui.core.language.vocabulary import menu  # noqa: E402

BUDGETS = {3: 0.150, 10: 1.0}


def filled(n: int, k: int, seed: int, fraction: float) -> Puzzle:
    rng = random.Random(seed)
    puzzle = blank_puzzle(k, n)
    for i in range(puzzle.size):
        if rng.random() < fraction:
            ci = puzzle.owner(i)
            puzzle = puzzle.with_statement(ci, i - puzzle.layout.offset(ci),
                                           rng.choice(menu(puzzle, i)))
    return puzzle


def cases(n: int, k: int, fraction: float, count: int):
    """(puzzle with m, slot, target) for `count` random authoring moments."""
    out = []
    seed = 0
    while len(out) < count:
        seed += 1
        rng = random.Random(seed * 7919 + n)
        puzzle = filled(n, k, seed * 31 + n, fraction)
        if not puzzle.empty_slots:
            continue
        target = rng.randrange(k)
        reach = sorted(partial_report(puzzle).reachable[target])
        if not reach:
            continue
        m = rng.choice(reach)
        slot = rng.choice(puzzle.empty_slots)
        out.append((puzzle.with_m(m), slot, target))
    return out


def ms(times: list[float]) -> str:
    return f"{statistics.median(times):>9.1f}{max(times):>9.1f}"


def marks_table() -> None:
    print("Marks for one full menu (valid / reachable / impossible), with the editor's budget")
    print(f"{'puzzle':<24}{'menus':>6}{'entries':>8}{'median ms':>10}{'max ms':>9}"
          f"{'target':>9}{'undecided':>11}{'x old ✓/✗':>11}")
    for n, fraction, count in ((3, 0.0, 40), (3, 0.5, 40), (10, 0.0, 20), (10, 0.5, 20)):
        budget = BUDGETS[n]
        runs = cases(n, 3, fraction, count)
        for puzzle, slot, target in runs[:3]:  # warm up
            mark_choices(puzzle, slot, menu(puzzle, slot), target, puzzle.m, budget=budget)
        times, old, undecided, entries = [], [], 0, 0
        for puzzle, slot, target in runs:
            choices = menu(puzzle, slot)
            t = time.perf_counter()
            marks = mark_choices(puzzle, slot, choices, target, puzzle.m, budget=budget)
            times.append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            reachable_choices(puzzle, slot, choices, target, puzzle.m)
            old.append((time.perf_counter() - t) * 1000)
            undecided += marks.count(UNDECIDED)
            entries += len(marks)
        name = f"Portia-{n}, " + ("blank" if fraction == 0 else "half filled")
        ratio = statistics.median(times) / statistics.median(old)
        rate = f"{undecided}/{entries}"
        print(f"{name:<24}{len(runs):>6}{entries:>8}{ms(times)}{f'<= {budget * 1000:.0f}':>9}"
              f"{rate:>11}{ratio:>10.1f}x")


def repairs_table() -> None:
    print()
    print("Repairs of a complete, invalid puzzle (every replacement from the full menus)")
    print(f"{'puzzle':<24}{'puzzles':>8}{'median ms':>10}{'max ms':>9}{'x one analysis':>16}")
    for n, count in ((3, 40), (10, 15)):
        rng = random.Random(n)
        puzzles = []
        while len(puzzles) < count:
            puzzle = filled(n, 3, rng.randrange(10**9), 1.0)
            puzzle = puzzle.with_m(rng.randrange(puzzle.size + 1))
            if not analyse(puzzle).valid():
                puzzles.append(puzzle)
        repairs(puzzles[0])
        times, one = [], []
        for puzzle in puzzles:
            t = time.perf_counter()
            repairs(puzzle)
            times.append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            analyse(puzzle)
            one.append((time.perf_counter() - t) * 1000)
        ratio = statistics.median(times) / statistics.median(one)
        print(f"{f'Portia-{n}':<24}{len(puzzles):>8}{ms(times)}{ratio:>15.0f}x")


if __name__ == "__main__":
    marks_table()
    repairs_table()
