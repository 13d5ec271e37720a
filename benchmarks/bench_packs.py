"""Reading packs: `portia pack list` on a 4,000-puzzle pack (issue 21: under 1 s), side by
side with the code of BASELINE (the session's start, before `pack list` read outlines).

The pack: 250 generated Portia-3 puzzles (seed 1), repeated under 4,000 ids, as
`portia generate -o` writes them (about 2.8 MB). Whole processes, this tree and the baseline
(``git archive BASELINE portia_tui`` unpacked into a temporary folder, both compiled first) in
turn: the medians of their CPU time (user + system) and wall time. Then, in this process,
where the time goes: tomllib alone, the pack read in outline (what `pack list` does) and read
whole (what `pack check`, `solve PACK` and `play PACK` do). Without git history the baseline
columns say so. `python benchmarks/bench_packs.py [RUNS]` (default 5).

Then `pack list` at 4,000, and one puzzle of a pack (`solve PACK --id ID`, the last id) at
4,000 and at the pack cap (64 MiB: the 4,000 entries repeated under new ids, about 95,000),
and `pack list` at the cap, side by side with ENTRY_BASELINE (main before `--id` read one
entry and `pack list` one entry at a time): CPU, wall and peak resident memory of whole
processes, this tree's medians of RUNS and the baseline's of CAP_RUNS at the cap (it takes
20-30 s CPU a run).
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
_MAIN = "import sys; from portia_tui.cli import main; raise SystemExit(main(sys.argv[1:]))"
#: main before `--id` read one entry and `pack list` one entry at a time (hardening4)
ENTRY_BASELINE = "cf6b3a7"
CAP_RUNS = 1


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


def run_once(tree: Path, path: Path, args: list[str] | None = None) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of `pack list` (or portia `args`) with the package of
    `tree`."""
    return run_measured(tree, path, args)[:2]


def run_measured(tree: Path, path: Path,
                 args: list[str] | None = None) -> tuple[float, float, float]:
    """(CPU seconds, wall seconds, peak resident MB) of `pack list` on path, or of portia
    `args`, with the package of `tree`."""
    # -P and cwd "/": the package comes from PYTHONPATH only, not from the current folder
    start = time.perf_counter()
    code = ["-c", _LIST.format(path=str(path))] if args is None else ["-c", _MAIN, *args]
    # the peak memory by /usr/bin/time (a child's ru_maxrss starts at its parent's peak at
    # the fork: this bench holds the cap pack); NaN without it
    timed = ["/usr/bin/time", "-f", "maxrss %M"] if os.path.exists("/usr/bin/time") else []
    child = subprocess.Popen([*timed, sys.executable, "-P", *code],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd="/",
                             env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin",
                                  "PYTHONDONTWRITEBYTECODE": "1"})
    _pid, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    err = child.stderr.read().decode() if child.stderr else ""
    if os.waitstatus_to_exitcode(status) not in (0, 1):  # solve: 1 for no single answer
        raise SystemExit(f"{args or 'pack list'} failed in {tree}: {err}")
    peak = [line for line in err.splitlines() if line.startswith("maxrss ")]
    return (usage.ru_utime + usage.ru_stime, wall,
            int(peak[-1].split()[1]) / 1024 if peak else float("nan"))


def make_cap_pack(small: Path, path: Path) -> str:
    """The 4,000-entry pack's entries repeated under new ids up to the pack cap (each
    sealed answer sealed again for its id): the last id."""
    import re

    from portia_tui.core.io.files import LARGE_LIMIT
    from portia_tui.core.packs.pack import decode_solution, encode_solution, load_pack

    text = small.read_text()
    first = text.index("\n[[puzzles]]\n") + 1
    head, body = text[:first], text[first:]
    blocks = ["[[puzzles]]\n" + b for b in body.split("[[puzzles]]\n") if b]
    answers = [e.solution for e in load_pack(small).puzzles]
    parts, size, k = [head], len(head), 0
    while True:
        block = blocks[k % len(blocks)]
        pid = f"{k + 1:06d}"
        block = re.sub(r'^id = "[^"]*"', f'id = "{pid}"', block, count=1, flags=re.M)
        answer = answers[k % len(blocks)]
        assert answer is not None and decode_solution(f"{k % len(blocks) + 1:04d}", re.search(
            r'^solution = "([0-9a-f]+)"', blocks[k % len(blocks)], re.M).group(1),
            (answer,)) == answer
        block = re.sub(r'^solution = "[0-9a-f]+"', f'solution = "{encode_solution(pid, answer)}"',
                       block, count=1, flags=re.M)
        if size + len(block) > LARGE_LIMIT:
            break
        parts.append(block)
        size += len(block)
        k += 1
    path.write_text("".join(parts))
    return f"{k:06d}"


def entry_rows(tmp: Path, small: Path, runs: int) -> None:
    """`solve --id` at 4,000 and at the cap, `pack list` at the cap: this tree beside
    ENTRY_BASELINE."""
    cap = tmp / "cap.toml"
    last = make_cap_pack(small, cap)
    (tmp / "entry_baseline").mkdir()
    from baseline_tree import unpack

    old = unpack(ENTRY_BASELINE, tmp / "entry_baseline")
    trees = {"this tree": ROOT} | ({"baseline": old} if old else {})
    for tree in trees.values():
        compileall.compile_dir(str(tree / "portia_tui"), quiet=1)
    cases = [("pack list, 4,000", small, None),
             ("solve --id, 4,000", small, ["solve", str(small), "--id", "4000"]),
             (f"solve --id, cap ({int(last):,})", cap, ["solve", str(cap), "--id", last]),
             ("pack list, cap", cap, None)]
    print(f"one puzzle of a pack, and the cap ({cap.stat().st_size / (1 << 20):.1f} MiB); "
          f"baseline {ENTRY_BASELINE}; load average {os.getloadavg()[0]:.1f}")
    med = statistics.median
    for label, path, args in cases:
        cells = []
        for name, tree in trees.items():
            count = runs if name == "this tree" or path is small else CAP_RUNS
            got = [run_measured(tree, path, args) for _ in range(count)]
            cells.append(f"{name} CPU {med(g[0] for g in got):6.2f} s, wall "
                         f"{med(g[1] for g in got):6.2f} s, {max(g[2] for g in got):5.0f} MB")
        print(f"  {label:<24} " + " | ".join(cells))
    if not old:
        print(f"  baseline: no git history here ({ENTRY_BASELINE})")


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
        entry_rows(Path(tmp), path, runs)


if __name__ == "__main__":
    # a count of runs when run alone; under `make bench` (run.py) argv holds its filters
    main(int(sys.argv[1]) if sys.argv[1:2] and sys.argv[1].isdigit() else 5)
