"""Fiendish packs at n = 2 (issue 19; 2 statements on each of Portia's three caskets, the
whole vocabulary): per seed, how many puzzles a pack gets and the CPU seconds it takes, as
`portia generate -n 2 --difficulty fiendish --vocabulary full --count C --seed S` makes
them (with the default patience: 60 s of CPU without a new puzzle, then it gives up). A pack
past settings.FIENDISH_N2_PACK is refused up front (0 made, no search).

``bench_fiendish_n2.py [OTHER_TREE] [CASE ...]`` runs the same packs in another checkout (main's, say)
beside this one, one process each at once (both see the same load), and prints them side by
side: made count and CPU seconds per seed, for a pack of 30 and a pack of FIENDISH_N2_PACK
with every filter on, and a pack of 30 with the pack's variety lifted (--allow-sameness); CASE
picks some: ``30``, ``bound``, ``30s`` (seeds: ``30:1`` for seed 1 alone). ``make bench`` runs
``30`` and ``bound`` in this tree alone (a refusal, then three packs of 4: seconds); the pack
of 30 with sameness lifted takes a minute or more a seed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEEDS = (1, 2, 3)

_TIMED = """
import json, sys, time
from portia_tui.core.errors import SettingsError
from portia_tui.core.packs.generator import Settings
from portia_tui.core.packs.generator.search import GaveUpError, iter_generate
count, seed, same = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1"
c = time.process_time()
made, why = 0, "made"
try:
    s = Settings(n=2, difficulty="fiendish", vocabulary="full", count=count, seed=seed,
                 allow_sameness=same).check()
    for g in iter_generate(s):
        assert g.rating.level == "fiendish"
        made += 1
except GaveUpError:
    why = "gave up"
except SettingsError:
    why = "refused"
print(json.dumps([made, time.process_time() - c, why]))
"""


def _start(count: int, seed: int, same: bool, root: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-P", "-c", _TIMED, str(count), str(seed),
                             "1" if same else "0"],
                            stdout=subprocess.PIPE, text=True, cwd="/",
                            env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin",
                                 "PYTHONDONTWRITEBYTECODE": "1"})


def _result(proc: subprocess.Popen) -> tuple[int, float, str]:
    out, _err = proc.communicate()
    if proc.returncode:
        raise SystemExit(f"the timed run failed (exit {proc.returncode})")
    made, cpu, why = json.loads(out.strip().splitlines()[-1])
    return made, cpu, why


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from portia_tui.core.packs.generator.settings import FIENDISH_N2_PACK

    args = sys.argv[1:]
    other = Path(args.pop(0)).resolve() if args and "/" in args[0] else None
    trees = ([("before", other)] if other else []) + [("after", ROOT)]
    named = {"30": (30, False), "bound": (FIENDISH_N2_PACK, False), "30s": (30, True)}
    cases = []
    for a in args or ["30", "bound"]:
        name, _, seeds = a.partition(":")
        cases.append((*named[name], tuple(map(int, seeds.split(","))) if seeds else SEEDS))
    print(f"fiendish packs at n = 2: made / CPU s per seed; load average "
          f"{os.getloadavg()[0]:.1f} at the start", flush=True)
    for count, same, seeds in cases:
        label = f"pack of {count}" + (", --allow-sameness" if same else "")
        for seed in seeds:
            procs = [(name, _start(count, seed, same, root)) for name, root in trees]
            row = []
            for name, proc in procs:
                made, cpu, why = _result(proc)
                row.append(f"{name} {made}/{count} {cpu:6.1f} s ({why})")
            print(f"  {label:<28} seed {seed}: " + "   ".join(row) +
                  f"   load {os.getloadavg()[0]:.1f}", flush=True)


if __name__ == "__main__":
    main()
