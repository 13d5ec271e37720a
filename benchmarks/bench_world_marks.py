"""The truth-puzzle editor's Algorithm 2 marks (core/author/world_marks.py), as an author meets
them: a blank page of the family, a target answer drawn at random, then slot after slot the
whole menu marked (every other empty slot filled from its whole menu) and a ★ entry picked
(✓ when none), until every slot is written; then the rules menu and a compound's first step
on each blank page. Printed per family and size: the median and the
slowest mark time per slot, how many marks were undecided at the budget, and whether the
finished puzzle has the target as its only answer. Side by side, in the same run: one
analysis of the same drafts (world_marks.analyse), as a ratio. The machine's load is printed
with them (other work on the machine slows every figure alike).

Run: .venv/bin/python benchmarks/bench_world_marks.py   (or `make bench`)
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from portia_tui.core.author import world_editing as we  # noqa: E402
from portia_tui.core.author import world_marks as mk  # noqa: E402
from portia_tui.core.author import world_menus as wm  # noqa: E402

SHAPES = [("knights-knaves", 3), ("knights-knaves", 6), ("knights-knaves", 8),
          ("werewolves", 4), ("lady-tiger", 3), ("labyrinth", 9)]
#: the budget of one slot's marks, in seconds (the editor's is its own)
BUDGET = 30.0


def session(family: str, size: int, seed: int) -> tuple[list[float], list[float], int, bool]:
    """(mark seconds per slot, analysis seconds per slot, undecided marks, well posed)."""
    rng = random.Random(seed)
    draft = we.blank(family, size)
    target = rng.choice(mk.targets(draft))
    marks_t, analysis_t, undecided = [], [], 0
    for slot in draft.slots:
        menu = wm.slot_menu(draft, slot.id)
        t0 = time.perf_counter()
        marks = mk.mark_slot(draft, slot.id, target, menu, seconds=BUDGET)
        marks_t.append(time.perf_counter() - t0)
        undecided += marks.count("undecided")
        t0 = time.perf_counter()
        mk.analyse(draft, target, seconds=BUDGET)
        analysis_t.append(time.perf_counter() - t0)
        best = [e for e, m in zip(menu, marks) if m == "valid"] or [
            e for e, m in zip(menu, marks) if m == "reachable"] or menu
        draft = rng.choice(best).apply(draft, slot.id)
    done = mk.analyse(draft, target)
    return marks_t, analysis_t, undecided, bool(done.target_alone)


def main() -> None:
    only = sys.argv[1:]  # family names to run (all by default)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'family':15} {'size':>4} {'median/slot':>12} {'slowest':>9} {'analysis':>9} "
          f"{'ratio':>6} {'undecided':>9} {'well posed':>10}")
    for family, size in SHAPES:
        if only and family not in only:
            continue
        marks_t: list[float] = []
        analysis_t: list[float] = []
        undecided = posed = 0
        runs = 3
        for seed in range(runs):
            m, a, u, ok = session(family, size, seed)
            marks_t += m
            analysis_t += a
            undecided += u
            posed += ok
        med, worst = statistics.median(marks_t), max(marks_t)
        amed = statistics.median(analysis_t)
        print(f"{family:15} {size:4} {med * 1000:9.1f} ms {worst * 1000:6.0f} ms "
              f"{amed * 1000:6.1f} ms {med / amed:6.1f} {undecided:9} {posed:>6}/{runs}",
              flush=True)
    other_menus(only)


def other_menus(only: list[str]) -> None:
    """The menus besides a slot's own, on each blank page toward its first target: the rules
    menu (each rule as the puzzle it makes) and a compound's first step ("Both … and …" in
    the first slot: each part by the best compound it can become); the median of 3 runs."""
    if not hasattr(mk, "mark_rules"):  # a tree from before these marks
        return
    print(f"{'family':15} {'size':>4} {'rules menu':>11} {'entries':>7} {'first step':>11} "
          f"{'entries':>7} {'undecided':>9}")
    for family, size in SHAPES:
        if only and family not in only:
            continue
        draft = we.blank(family, size)
        target = mk.targets(draft)[0]
        sid = draft.slots[0].id
        rules_t, first_t, undecided = [], [], 0
        for _run in range(3):
            t0 = time.perf_counter()
            rules = mk.mark_rules(draft, target, seconds=BUDGET)
            rules_t.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            first = mk.mark_first_parts(draft, sid, target, "and", seconds=BUDGET)
            first_t.append(time.perf_counter() - t0)
            undecided += rules.count("undecided") + first.count("undecided")
        print(f"{family:15} {size:4} {statistics.median(rules_t) * 1000:8.0f} ms "
              f"{len(rules):7} {statistics.median(first_t) * 1000:8.0f} ms {len(first):7} "
              f"{undecided:9}", flush=True)


if __name__ == "__main__":
    main()
