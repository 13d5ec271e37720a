"""Difficulty levels: milliseconds per kept puzzle when generating 20 puzzles of each level at
n = 2, 3 and 4, and of each family (portia1, portia2, portia3), with the quality filters of
issue 19 on (the defaults) beside the same tree with every filter lifted (every --allow-...
switch and repeats allowed: the generator as it was before the filters) in the same run; and
the level distribution of 100 puzzles generated without a target at n = 2 to 5.

A third side, "before", is the generator as it was just before the quality filters of issue 19
began (BEFORE, the parent of their first commit fec8b6f), unpacked from git with
baseline_tree.unpack and run with its own defaults: "today's generation time" as the issue
meant it. Its levels came from the old structural grader, so it is a cost baseline, not a
like-for-like puzzle. Without the git history that side is left out. `bench_levels.py CASE...`
times only the cases whose label contains one of the words given (e.g. `gentle portia`);
`--cpu` times the process's CPU time instead of the wall clock (on a machine other work
loads, the wall clock mostly measures waiting for a core), `--runs N` takes N seeds, and
`--before REV` makes the "before" side the commit REV instead (e.g. `--before main` beside a
branch: a change's cost measured side by side in one run).

Each timing runs in its own process (imports and caches warm, then timed), the two sides
alternating, RUNS seeds each; the table gives the medians and their ratio (the quality
filters' budget: about 2x). A side that refuses the settings or gives up says so.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 3
COUNT = 20
TARGET = 10.0
#: the commit just before the first quality-filter commit of issue 19 (fec8b6f)
BEFORE_FILTERS = "fec8b6f^"
#: the "before" side (--before REV)
BEFORE = BEFORE_FILTERS
#: "wall" (time.perf_counter) or "cpu" (time.process_time): --cpu
CLOCK = "wall"

_TIMED = """
import json, sys, time
from portia_tui.core.packs.generator import Settings, generate
kw, seed = json.loads(sys.argv[1]), int(sys.argv[2])
if sys.argv[3] == "off":  # every filter lifted
    from portia_tui.core.packs.generator.quality import FILTERS
    kw.update({f.setting: True for f in FILTERS.values() if f.setting.startswith("allow")})
    kw["repeats"] = "allow"
clock = time.process_time if sys.argv[4] == "cpu" else time.perf_counter
try:
    generate(Settings(**kw, count=1, seed=seed + 99))  # warm up: imports, solver, caches
    t = clock()
    made = generate(Settings(**kw, count=%d, seed=seed).check())
    print(json.dumps((clock() - t) / len(made)))
except Exception as exc:  # refused up front, or gave up
    print(json.dumps(type(exc).__name__))
""" % COUNT

_SPREAD = """
import json, sys
from portia_tui.core.explain.difficulty import DIFFICULTIES
from portia_tui.core.packs.generator import Settings, generate
n, loops = int(sys.argv[1]), sys.argv[2] == "1"
made = generate(Settings(n=n, count=100, seed=1, loops=loops, repeats="allow" if n > 4 else "auto"))
print(json.dumps([sum(1 for g in made if g.rating.level == d) for d in DIFFICULTIES]))
"""


def run(code: str, *args: object, tree: Path = ROOT) -> str:
    out = subprocess.run([sys.executable, "-P", "-c", code, *map(str, args)],
                         capture_output=True, text=True, check=True, cwd="/",
                         env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin",
                              "PYTHONDONTWRITEBYTECODE": "1"})
    return out.stdout.strip().splitlines()[-1]


def cases() -> list[tuple[str, dict]]:
    from portia_tui.core.explain.difficulty import DIFFICULTIES

    out = [(f"n={n} {level}", {"n": n, "difficulty": level,  # fiendish: full vocabulary
                                **({"vocabulary": "full"} if level == "fiendish" else {})})
           for n in (2, 3, 4) for level in DIFFICULTIES]
    out += [(f, {"family": f, "n": 2 if f == "portia2" else 1, "vocabulary": "portrait"})
            for f in ("portia1", "portia2", "portia3")]
    return out


def median(got: list) -> tuple[str, float | None]:
    """The median of a side's timings in ms, and a note when some refused or gave up."""
    times = [g for g in got if isinstance(g, float)]
    if len(times) < len(got):
        failed = next(g for g in got if not isinstance(g, float))
        what = "refused" if failed == "SettingsError" else "gave up"
        return f"{what} {len(got) - len(times)}/{len(got)}", \
            (statistics.median(times) * 1000 if times else None)
    return "", statistics.median(times) * 1000


def sides(kw: dict, before: Path | None) -> dict[str, tuple[str, float | None]]:
    """{on, off, before}: each seed timed with the filters on, off, and on the tree before the
    filters (its defaults), in turn."""
    got: dict[str, list] = {"on": [], "off": [], "before": []}
    for r in range(RUNS):
        for side in got:
            if side == "before":
                if before is None:
                    continue
                got[side].append(json.loads(run(_TIMED, json.dumps(kw), 1000 + r, "on", CLOCK,
                                                tree=before)))
            else:
                got[side].append(json.loads(run(_TIMED, json.dumps(kw), 1000 + r, side,
                                                CLOCK)))
    return {side: median(v) if v else ("", None) for side, v in got.items()}


def main(words: list[str]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        from baseline_tree import unpack  # a sibling module: see its docstring

        before = unpack(BEFORE, Path(tmp))
        table(words, before)
    if words:
        return
    spread()


def ratio(a: float | None, b: float | None) -> str:
    return f"{a / b:>7.1f}x" if a and b else f"{'':>8}"


def cell(v: float | None) -> str:
    return f"{v:>10.1f}" if v is not None else f"{'-':>10}"


def table(words: list[str], before: Path | None) -> None:
    import os

    clock = "CPU ms" if CLOCK == "cpu" else "ms"
    print(f"{COUNT} puzzles of one level or family: {clock} per kept puzzle, median of {RUNS} "
          f"seeds; "
          f"'on': the quality filters (defaults), 'off': every filter lifted and repeats "
          f"allowed, 'before': {BEFORE} ("
          f"{'the tree before the filters' if BEFORE == BEFORE_FILTERS else 'that tree'}, "
          f"its defaults)"
          f"{'' if before else ' (no git history: left out)'}; the machine's load average: "
          f"{os.getloadavg()[0]:.1f} (other work shares it: compare the ratios)")
    print(f"{'case':<16}{'on':>10}{'off':>10}{'before':>10}{'on/off':>8}{'on/bef':>8}  note")
    for label, kw in cases():
        if words and not any(w in label for w in words):
            continue
        got = sides(kw, before)
        on, off, bef = (got[s][1] for s in ("on", "off", "before"))
        note = "; ".join(f"{s}: {got[s][0]}" for s in got if got[s][0])
        print(f"{label:<16}{cell(on)}{cell(off)}{cell(bef)}{ratio(on, off)}{ratio(on, bef)}"
              f"  {note}", flush=True)


def spread() -> None:
    from portia_tui.core.explain.difficulty import DIFFICULTIES

    print()
    print("level distribution of 100 generated puzzles (seed 1; n = 5: repeats allowed)")
    print(f"{'n':<4}{'loops':<7}" + "".join(f"{d:>10}" for d in DIFFICULTIES))
    for n in (2, 3, 4, 5):
        for loops in (0, 1):
            counts = json.loads(run(_SPREAD, n, loops))
            print(f"{n:<4}{'yes' if loops else 'no':<7}" + "".join(f"{c:>10}" for c in counts),
                  flush=True)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    # (run by benchmarks/run.py, the arguments are run.py's)
    args = sys.argv[1:] if Path(sys.argv[0]).stem == "bench_levels" else []
    if "--cpu" in args:
        args.remove("--cpu")
        CLOCK = "cpu"
    if "--runs" in args:
        at = args.index("--runs")
        RUNS = int(args[at + 1])
        del args[at:at + 2]
    if "--before" in args:
        at = args.index("--before")
        BEFORE = args[at + 1]
        del args[at:at + 2]
    main(args)
