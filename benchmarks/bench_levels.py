"""Difficulty levels: milliseconds per kept puzzle when generating 20 puzzles of each level at
n = 2, 3 and 4, and of each family (portia1, portia2, portia3), with the quality filters of
issue 19 on (the defaults) beside the same tree with every filter lifted (every --allow-...
switch and repeats allowed: the generator as it was before the filters) in the same run; and
the level distribution of 100 puzzles generated without a target at n = 2 to 5.

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

_TIMED = """
import json, sys, time
from portia_tui.core.packs.generator import Settings, generate
from portia_tui.core.packs.generator.quality import FILTERS
kw, seed = json.loads(sys.argv[1]), int(sys.argv[2])
if sys.argv[3] == "off":  # every filter lifted
    kw.update({f.setting: True for f in FILTERS.values() if f.setting.startswith("allow")})
    kw["repeats"] = "allow"
try:
    generate(Settings(**kw, count=1, seed=seed + 99))  # warm up: imports, solver, caches
    t = time.perf_counter()
    made = generate(Settings(**kw, count=%d, seed=seed).check())
    print(json.dumps((time.perf_counter() - t) / len(made)))
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


def run(code: str, *args: object) -> str:
    out = subprocess.run([sys.executable, "-P", "-c", code, *map(str, args)],
                         capture_output=True, text=True, check=True, cwd="/",
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
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


def both(kw: dict) -> tuple[tuple[str, float | None], tuple[str, float | None]]:
    """(on, off): each seed timed with the filters on, then off, in turn."""
    got: dict[str, list] = {"on": [], "off": []}
    for r in range(RUNS):
        for side in ("on", "off"):
            got[side].append(json.loads(run(_TIMED, json.dumps(kw), 1000 + r, side)))
    return median(got["on"]), median(got["off"])


def main() -> None:
    import os

    print(f"{COUNT} puzzles of one level or family: ms per kept puzzle, median of {RUNS} seeds; "
          f"'on': the quality filters (defaults), 'off': every filter lifted and repeats "
          f"allowed; the machine's load average: {os.getloadavg()[0]:.1f} (other work shares "
          "it: compare the ratio)")
    print(f"{'case':<16}{'on':>12}{'off':>12}{'ratio':>8}  note")
    for label, kw in cases():
        (note_on, on), (note_off, off) = both(kw)
        ratio = f"{on / off:>7.1f}x" if on and off else f"{'':>8}"
        cell = (lambda v: f"{v:>12.1f}" if v is not None else f"{'-':>12}")
        note = "; ".join(x for x in (note_on and f"on: {note_on}",
                                     note_off and f"off: {note_off}") if x)
        print(f"{label:<16}{cell(on)}{cell(off)}{ratio}  {note}", flush=True)
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
    main()
