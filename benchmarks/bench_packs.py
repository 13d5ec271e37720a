"""Reading packs: `portia pack list` on a 4,000-puzzle pack (issue 21: under 1 s), side by
side with the code of BASELINE (the session's start, before `pack list` read outlines).

The pack: 250 generated Portia-3 puzzles (seed 1), repeated under 4,000 ids, as
`portia generate -o` writes them (about 2.8 MB). Whole processes, this tree and the baseline
(``git archive BASELINE portia_tui`` unpacked into a temporary folder, both compiled first) in
turn: the medians of their CPU time (user + system) and wall time. Then, in this process,
where the time goes: tomllib alone, the pack read in outline (what `pack list` does) and read
whole (what `pack check`, `solve PACK` and `play PACK` do). Without git history the baseline
columns say so. `python benchmarks/bench_packs.py [RUNS]` (default 5).
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: main at the start of the session that made `pack list` read outlines
BASELINE = "d8ccf72"
#: issue 21's target for `pack list` on 4,000 puzzles, seconds
TARGET = 1.0
SIZE = 4000

_LIST = "from portia_tui.cli import main; raise SystemExit(main(['pack', 'list', {path!r}]))"


def make_pack(path: Path) -> None:
    from portia_tui.core.packs.generator import Settings, generate
    from portia_tui.core.packs.pack import Pack, PackPuzzle, save_pack

    made = generate(Settings(n=3, count=250, seed=1))
    entries = []
    for i in range(SIZE):
        g = made[i % len(made)]
        pid = f"{i + 1:04d}"
        entries.append(PackPuzzle(pid, g.puzzle.with_meta(title=f"Puzzle {pid}"),
                                  g.rating.level, g.rating.score, g.solution))
    save_pack(Pack("Four thousand", tuple(entries), "bench_packs"), path, force=True)


def baseline_tree(folder: Path) -> Path | None:
    """BASELINE's package unpacked under folder, or None without the git history."""
    from baseline_tree import unpack  # a sibling module: see its docstring

    return unpack(BASELINE, folder)


def run_once(tree: Path, path: Path) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of `pack list` with the package of `tree`."""
    # -P and cwd "/": the package comes from PYTHONPATH only, not from the current folder
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-P", "-c", _LIST.format(path=str(path))],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd="/",
                             env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin",
                                  "PYTHONDONTWRITEBYTECODE": "1"})
    _pid, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"pack list failed in {tree}: {child.stderr.read().decode()}")
    return usage.ru_utime + usage.ru_stime, wall


def in_process(path: Path) -> None:
    import tomllib

    from portia_tui.core.io.files import LARGE_LIMIT
    from portia_tui.core.io.formats.common import read_text
    from portia_tui.core.packs.pack import loads_pack

    text = read_text(path, LARGE_LIMIT)

    def best(fn) -> float:
        times = []
        for _ in range(3):
            t = time.process_time()
            fn()
            times.append(time.process_time() - t)
        return min(times)

    parse = best(lambda: tomllib.loads(text))
    outline = best(lambda: loads_pack(text, str(path), sentences=False))
    whole = best(lambda: loads_pack(text, str(path)))
    print(f"in this process, CPU, best of 3: tomllib alone {parse:.2f} s; the pack in outline "
          f"{outline:.2f} s (pack list); read whole {whole:.2f} s (check, solve, play)")


def main(runs: int = 5) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "pack.toml"
        make_pack(path)
        (Path(tmp) / "baseline").mkdir()
        old = baseline_tree(Path(tmp) / "baseline")
        trees = {"this tree": ROOT} | ({"baseline": old} if old else {})
        for tree in trees.values():
            compileall.compile_dir(str(tree / "portia_tui"), quiet=1)
        times: dict[str, list[tuple[float, float]]] = {label: [] for label in trees}
        for tree in trees.values():
            run_once(tree, path)  # warm the file cache
        for _ in range(runs):
            for label, tree in trees.items():
                times[label].append(run_once(tree, path))
        load = os.getloadavg()[0]
        print(f"portia pack list, {SIZE:,} puzzles ({path.stat().st_size / 1e6:.1f} MB), whole "
              f"process, medians of {runs} (load average {load:.1f} on {os.cpu_count()} cores)")
        med = statistics.median
        for label, got in times.items():
            print(f"  {label:<12} CPU {med(t[0] for t in got):.2f} s, wall "
                  f"{med(t[1] for t in got):.2f} s")
        if not old:
            print(f"  baseline: no git history here ({BASELINE})")
        cpu = med(t[0] for t in times["this tree"])
        print(f"target: CPU under {TARGET:g} s{' ok' if cpu < TARGET else ' MISSED'}")
        in_process(path)


if __name__ == "__main__":
    # a count of runs when run alone; under `make bench` (run.py) argv holds its filters
    main(int(sys.argv[1]) if sys.argv[1:2] and sys.argv[1].isdigit() else 5)
