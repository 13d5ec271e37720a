"""The Portia figures then and now (issue 18: "the Portia figures stay within 10% of today's"):
the casket engine's full analysis, side by side with the code of THEN (main at the end of the
2026-11-23 session, whose figures docs/benchmarks.md records), in the same run.

The puzzles are bench_core's (the same seeds and cases: random statements from every slot's
menu, Portia-3, Portia-10, Portia-20, 12 x 10, 3 x 100 with loops), made once by this tree and
handed to both trees as TOML text, so both analyse the very same puzzles. Each tree runs in its
own process (``git archive THEN portia_tui`` unpacked into a temporary folder for the old
one), the two alternating, ROUNDS rounds; each process times every puzzle's ``analyse`` best of
5 and prints the median. The table gives the median over the rounds of each side and their
ratio (now / then: above 1 is slower). `python benchmarks/bench_then_now.py [ROUNDS]`.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: main at the end of the 2026-11-23 session (the figures docs/benchmarks.md records)
THEN = "2cbc3a1"
ROUNDS = 3
#: issue 18: at most this much slower than then
LIMIT = 1.10

_WORKER = r"""
import json, statistics, sys, time
try:
    from portia_tui.core.solve import engine
    from portia_tui.core.io import formats
except ImportError:  # the layout before issue 18
    from portia_tui.core import engine, formats
cases = json.load(open(sys.argv[1]))
out = {}
for label, texts in cases.items():
    puzzles = [formats.loads(t, "native", "bench") for t in texts]
    for p in puzzles[:10]:
        engine.analyse(p)  # warm up
    times = []
    for p in puzzles:
        best = float("inf")
        for _ in range(5):
            t = time.perf_counter()
            engine.analyse(p)
            best = min(best, time.perf_counter() - t)
        times.append(best)
    out[label] = statistics.median(times) * 1000
print(json.dumps(out))
"""


_GENERATOR = r"""
import dataclasses, json, sys, time
try:
    from portia_tui.core.packs.generator import Settings, generate
    from portia_tui.core.packs.census import census
except ImportError:  # the layout before issue 18
    from portia_tui.core.generator import Settings, generate
    from portia_tui.core.census import census
names = {f.name for f in dataclasses.fields(Settings)}
# the filters issue 19 added after THEN, lifted: the same kind of stream as THEN's generator
then_filters = {k: True for k in ("allow_symmetry", "allow_giveaways", "allow_fillers",
                                  "allow_wasted", "allow_sameness") if k in names}
out = {}
for label, kw, count in json.loads(sys.argv[1]):
    generate(Settings(**kw, **then_filters, count=5, seed=99))  # warm up
    t = time.perf_counter()
    made = generate(Settings(**kw, **then_filters, count=count, seed=1))
    out[label] = len(made) / (time.perf_counter() - t)
census(1, "classic")  # warm up
t = time.perf_counter()
census(2, "classic")
out["census n = 2, classic (ms)"] = (time.perf_counter() - t) * 1000
print(json.dumps(out))
"""
#: (label, settings both generators know, count)
GENERATOR_CASES = [("generator Portia-3 (/s)", {"n": 3}, 300),
                   ("generator Portia-10 (/s)", {"n": 10, "repeats": "allow"}, 100),
                   ("generator Portia-3, loops (/s)", {"n": 3, "loops": True}, 150)]


def cases() -> dict[str, list[str]]:
    """bench_core's puzzles (its seeds, cases and order), as TOML text."""
    from benchmarks.bench_core import random_puzzle, with_loops
    from portia_tui.core.io import formats

    rng = random.Random(1)
    out = {}
    for n, k, loops_only, samples in [(3, 3, False, 200), (10, 3, False, 150),
                                      (20, 3, False, 60), (10, 12, False, 60),
                                      (100, 3, True, 20)]:
        puzzles = (with_loops(rng, n, k, samples) if loops_only
                   else [random_puzzle(rng, n, k) for _ in range(samples)])
        label = f"Portia-{n}" + (f" x {k} caskets" if k != 3 else "") + (
            ", loops" if loops_only else "")
        out[label] = [formats.dumps(p, "native") for p in puzzles]
    return out


def tree_of_then(folder: Path) -> Path | None:
    from baseline_tree import unpack  # a sibling module: see its docstring

    return unpack(THEN, folder)


def run(tree: Path, arg: str, worker: str = _WORKER) -> dict[str, float]:
    """The worker's figures with the package of `tree` (`arg`: its one argument)."""
    # -P and cwd "/": the package comes from PYTHONPATH only, not from the current folder
    out = subprocess.run([sys.executable, "-P", "-c", worker, arg], capture_output=True,
                         text=True, check=True, cwd="/",
                         env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin",
                              "PYTHONDONTWRITEBYTECODE": "1"})
    return json.loads(out.stdout)


def main(rounds: int = ROUNDS) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "cases.json"
        path.write_text(json.dumps(cases()))
        (Path(tmp) / "then").mkdir()
        then = tree_of_then(Path(tmp) / "then")
        if then is None:
            print(f"no git history here: the code of {THEN} cannot be unpacked (skipped)")
            return
        now_runs, then_runs = [], []
        for _ in range(rounds):
            now_runs.append(run(ROOT, str(path)))
            then_runs.append(run(then, str(path)))
        load = os.getloadavg()[0]
        gen_now, gen_then = [], []
        for _ in range(rounds):
            gen_now.append(run(ROOT, json.dumps(GENERATOR_CASES), _GENERATOR))
            gen_then.append(run(then, json.dumps(GENERATOR_CASES), _GENERATOR))
    engine_table(now_runs, then_runs, rounds, load)
    generator_table(gen_now, gen_then, rounds)


def engine_table(now_runs: list[dict], then_runs: list[dict], rounds: int, load: float) -> None:
    print(f"casket engine, full analysis, median of per-puzzle best of 5, ms; this tree and "
          f"{THEN} in turn, {rounds} rounds (load average {load:.1f} on {os.cpu_count()} cores)")
    print(f"{'puzzle':<26}{'now':>10}{'then':>10}{'now/then':>10}")
    worst = 0.0
    for label in now_runs[0]:
        now = statistics.median(r[label] for r in now_runs)
        before = statistics.median(r[label] for r in then_runs)
        worst = max(worst, now / before)
        print(f"{label:<26}{now:>10.4f}{before:>10.4f}{now / before:>9.2f}x")
    print(f"target: every row at most {LIMIT:.2f}x then"
          f"{' ok' if worst <= LIMIT else ' MISSED'} (worst {worst:.2f}x)")


def generator_table(now_runs: list[dict], then_runs: list[dict], rounds: int) -> None:
    load = os.getloadavg()[0]
    print()
    print(f"generator (puzzles per second; higher is faster) with the quality filters added "
          f"since {THEN} lifted, and the census (ms); {rounds} rounds in turn (load average "
          f"{load:.1f})")
    print(f"{'case':<34}{'now':>10}{'then':>10}{'now/then':>10}")
    for label in now_runs[0]:
        now = statistics.median(r[label] for r in now_runs)
        before = statistics.median(r[label] for r in then_runs)
        print(f"{label:<34}{now:>10.1f}{before:>10.1f}{now / before:>9.2f}x")


if __name__ == "__main__":
    # a count of runs when run alone; under `make bench` (run.py) argv holds its filters
    main(int(sys.argv[1]) if sys.argv[1:2] and sys.argv[1].isdigit() else ROUNDS)
