"""Core benchmark: full analysis time, clause counts, and `portia solve --json` as a process.

Full analysis = every placement's achievable true counts (so every m), plus every loop
classified under every placement. Puzzles are random over the full vocabulary (statements drawn
with replacement from each slot's menu), so loops are included as they come.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import tempfile
import time
from math import comb
from pathlib import Path

from portia_tui.core import formats, sat
from portia_tui.core.model import Casket, Puzzle
from portia_tui.core.vocabulary import Layout, options

EXTRA_NAMES = ("copper", "iron", "tin", "zinc", "brass", "bronze", "nickel", "steel", "pewter")


def random_puzzle(rng: random.Random, n: int, k: int = 3) -> Puzzle:
    names = ("gold", "silver", "lead", *EXTRA_NAMES)[:k]
    layout = Layout(names, (n,) * k)
    caskets = tuple(
        Casket(name, tuple(rng.choice(options(layout, i)) for _ in range(n)))
        for i, name in enumerate(names)
    )
    return Puzzle(caskets, 0).validate()


def median_ms(fn, puzzles) -> tuple[float, float]:
    times = []
    for p in puzzles:
        t = time.perf_counter()
        fn(p)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), max(times)


def analysis_table() -> None:
    rng = random.Random(1)
    cases = [(1, 3), (3, 3), (5, 3), (10, 3), (20, 3), (10, 12)]
    targets = {(3, 3): 0.3, (10, 3): 1.5, (10, 12): 30.0}
    print(f"{'puzzle':<22}{'samples':>8}{'loops%':>8}{'median ms':>11}{'max ms':>9}{'target':>9}")
    for n, k in cases:
        samples = 300 if n * k <= 30 else 100
        puzzles = [random_puzzle(rng, n, k) for _ in range(samples)]
        for p in puzzles[:20]:  # warm up
            sat.analyse(p)
        results = [sat.analyse(p) for p in puzzles]
        looped = sum(1 for a in results if a.loops) * 100 // samples
        med, worst = median_ms(sat.analyse, puzzles)
        name = f"Portia-{n}" + (f" x {k} caskets" if k != 3 else "")
        target = targets.get((n, k))
        print(f"{name:<22}{samples:>8}{looped:>7}%{med:>11.3f}{worst:>9.2f}"
              f"{(f'<= {target}' if target else ''):>9}")


def clause_table() -> None:
    print()
    print(f"{'S statements':>13}{'m':>5}{'portia clauses':>16}{'thesis subsets':>32}")
    for n in (1, 3, 5, 8, 10, 20):
        size = 3 * n
        m = size // 2
        p = random_puzzle(random.Random(n), n).with_m(m)
        clauses, _ = sat.exactly_m_clauses(p, m, 3 + size)
        thesis = comb(size, m + 1) + comb(size, size - m + 1)
        print(f"{size:>13}{m:>5}{len(clauses):>16,}{thesis:>32,}")


def process_table() -> None:
    rng = random.Random(10)
    while True:
        p = random_puzzle(rng, 10)
        a = sat.analyse(p)
        if a.unique_m:
            p = p.with_m(a.unique_m[0])
            break
    # An installed wheel ships compiled bytecode, as pysat's installed modules do; an editable
    # checkout may not have it (PYTHONDONTWRITEBYTECODE), so compile ours first for a fair race.
    import compileall

    import portia_tui

    compileall.compile_dir(str(Path(portia_tui.__file__).parent), quiet=1)
    script = Path(sys.executable).with_name("portia")
    portia_cmd = [str(script)] if script.exists() else [sys.executable, "-m", "portia_tui"]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "portia10.txt"
        formats.save(p, path)
        runs = {
            "python -c 'import pysat.solvers'": [sys.executable, "-c", "import pysat.solvers"],
            "portia solve --json (Portia-10)": portia_cmd + ["solve", str(path), "--json"],
        }
        results = {}
        for label, cmd in runs.items():
            subprocess.run(cmd, check=True, capture_output=True)
        for _ in range(31):
            for label, cmd in runs.items():
                t = time.perf_counter()
                subprocess.run(cmd, check=True, capture_output=True)
                results.setdefault(label, []).append((time.perf_counter() - t) * 1000)
    print()
    base = statistics.median(next(iter(results.values())))
    for label, times in results.items():
        med = statistics.median(times)
        print(f"{label:<36}{med:>9.1f} ms  ({med / base:.2f}x)")
    print("target: portia solve --json within 1.5x of importing pysat.solvers")


if __name__ == "__main__":
    analysis_table()
    clause_table()
    process_table()
