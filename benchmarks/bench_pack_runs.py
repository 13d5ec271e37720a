"""`portia pack list` at 4,000 puzzles and at the pack cap (64 MiB, about 95,857 entries),
this tree beside BASELINE (main before the entries were read in runs of 200 and a sound
puzzle table without looking for lines: hardening5), whole processes taking turns, both
packages compiled first: medians of CPU (user + system) and wall time, and tomllib alone on
the cap pack in this process (the floor: `pack list` cannot be quicker than one parse).
The packs are bench_packs.py's. `python benchmarks/bench_pack_runs.py [RUNS]` (default 3;
the cap runs RUNS // 2 + 1 times each, some 15 s of CPU a run).
"""

from __future__ import annotations

import compileall
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
BASELINE = "18ce26e"


def main(runs: int = 3) -> None:
    import tomllib

    from baseline_tree import unpack
    from bench_packs import make_cap_pack, make_pack, run_measured

    with tempfile.TemporaryDirectory() as tmp:
        small, cap = Path(tmp) / "pack.toml", Path(tmp) / "cap.toml"
        make_pack(small)
        make_cap_pack(small, cap)
        (Path(tmp) / "base").mkdir()
        old = unpack(BASELINE, Path(tmp) / "base")
        trees = {"this tree": ROOT} | ({"main": old} if old else {})
        for tree in trees.values():
            compileall.compile_dir(str(tree / "portia_tui"), quiet=1)
        print(f"portia pack list, whole processes taking turns; main = {BASELINE}; load "
              f"average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        med = statistics.median
        for label, path, count in (("4,000 (2.8 MB)", small, runs),
                                   ("cap (64 MiB)", cap, runs // 2 + 1)):
            got: dict[str, list[tuple[float, float, float]]] = {name: [] for name in trees}
            for _ in range(count):
                for name, tree in trees.items():
                    got[name].append(run_measured(tree, path))
            cells = [f"{name} CPU {med(g[0] for g in got[name]):6.2f} s, wall "
                     f"{med(g[1] for g in got[name]):6.2f} s, {max(g[2] for g in got[name]):4.0f}"
                     " MB" for name in trees]
            ratio = (f", {med(g[0] for g in got['this tree']) / med(g[0] for g in got['main']):.2f}x"
                     if "main" in got else "")
            print(f"  {label:<16} " + " | ".join(cells) + ratio, flush=True)
        text = cap.read_text()
        t = time.process_time()
        tomllib.loads(text)
        print(f"  tomllib alone on the cap pack, in this process: CPU "
              f"{time.process_time() - t:.2f} s; load average after {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main(int(sys.argv[1]) if sys.argv[1:2] and sys.argv[1].isdigit() else 3)
