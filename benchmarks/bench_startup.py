"""Start-up: `portia solve FILE --json` as a whole process against `python -c "import
pysat.solvers"` (issue 18: at most 1.2x), side by side.

The two commands run in turn (A B A B ...), so both see the same machine load; each run's CPU
time (user + system, the kernel's own accounting of the finished child) and wall time are
kept, and the ratio is taken pair by pair. Printed: the medians of each command and the median
of the pair ratios, for a casket puzzle in TOML and in the thesis's text form, and a truth
puzzle (format 3). `python benchmarks/bench_startup.py [RUNS]` (default 40 pairs a puzzle).
"""

from __future__ import annotations

import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

#: the target of issue 18: portia solve's start-up over importing python-sat's solvers
TARGET = 1.2


def run_once(cmd: list[str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one run of cmd, its output thrown away."""
    start = time.perf_counter()
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited {child.returncode}")
    return usage.ru_utime + usage.ru_stime, wall


def paired(a: list[str], b: list[str], runs: int) -> dict[str, float]:
    """Medians of A's and B's CPU and wall ms and of the pair-by-pair ratios A/B."""
    for cmd in (a, b):  # warm the file cache
        run_once(cmd)
    rows: list[tuple[float, float, float, float]] = []
    for _ in range(runs):
        a_cpu, a_wall = run_once(a)
        b_cpu, b_wall = run_once(b)
        rows.append((a_cpu, a_wall, b_cpu, b_wall))
    med = statistics.median
    return {
        "a_cpu": med(r[0] for r in rows) * 1000, "a_wall": med(r[1] for r in rows) * 1000,
        "b_cpu": med(r[2] for r in rows) * 1000, "b_wall": med(r[3] for r in rows) * 1000,
        "cpu": med(r[0] / r[2] for r in rows if r[2] > 0),
        "wall": med(r[1] / r[3] for r in rows),
    }


def portia_command() -> list[str]:
    script = Path(sys.executable).with_name("portia")
    return [str(script)] if script.exists() else [sys.executable, "-m", "portia_tui.cli"]


def main(runs: int = 40) -> None:
    from portia_tui.core.io import formats

    import portia_tui

    # An installed wheel ships compiled bytecode, as python-sat's installed modules do; an
    # editable checkout may not (PYTHONDONTWRITEBYTECODE), so compile ours first: a fair race.
    compileall.compile_dir(str(Path(portia_tui.__file__).parent), quiet=1)
    pysat = [sys.executable, "-c", "import pysat.solvers"]
    with tempfile.TemporaryDirectory() as tmp:
        text = Path(tmp) / "thesis-example-1.txt"
        formats.save(formats.load(REPO / "puzzles" / "thesis-example-1.toml"), text)
        cases = {
            "casket puzzle, .toml (thesis-example-1)": REPO / "puzzles" / "thesis-example-1.toml",
            "casket puzzle, .txt (the same)": text,
            "truth puzzle, format 3 (truth/trial-2)": REPO / "puzzles" / "truth" / "trial-2.toml",
        }
        load = os.getloadavg()[0]
        print(f"portia solve FILE --json against python -c 'import pysat.solvers', {runs} pairs "
              f"each, in turn (load average {load:.1f} on {os.cpu_count()} cores)")
        print(f"{'puzzle':<42}{'portia cpu':>11}{'pysat cpu':>10}{'cpu ratio':>10}"
              f"{'portia wall':>12}{'pysat wall':>11}{'wall ratio':>11}")
        ratios = {}
        for label, path in cases.items():
            got = paired(portia_command() + ["solve", str(path), "--json"], pysat, runs)
            ratios[label] = got["cpu"]
            print(f"{label:<42}{got['a_cpu']:>9.1f}ms{got['b_cpu']:>8.1f}ms{got['cpu']:>9.2f}x"
                  f"{got['a_wall']:>10.1f}ms{got['b_wall']:>9.1f}ms{got['wall']:>10.2f}x")
    for label, ratio in ratios.items():
        print(f"target: CPU ratio (median of the pairs) <= {TARGET}x: {label}: {ratio:.2f}x"
              f"{' ok' if ratio <= TARGET else ' MISSED'}")


if __name__ == "__main__":
    # a count of runs when run alone; under `make bench` (run.py) argv holds its filters
    main(int(sys.argv[1]) if sys.argv[1:2] and sys.argv[1].isdigit() else 40)
