"""The islands generator side by side with BASELINE (main before the islands6 branch), each
run in its own process, the two sides alternating over ROUNDS rounds; CPU seconds (the
process's own time: the 2-core machine is shared), median of the rounds.

- 100 well-posed 6-person puzzles (`generate`, no level, seed 1) per family and grammar: the
  issue's speed target (under 10 s), and what islanders' trivial judgement (`_constant`,
  over the shell's kept Evaluation since islands6) costs;
- the small hard cells (packs of 10, rich grammar, every filter on, seeds 1..SEEDS): made
  count and CPU seconds a pack: knights-knaves 3 fiendish and werewolves 2 tricky at
  --depth 3, drawn meaning first since islands6 (`islands._Screen.by_meaning`).

Run alone: `.venv/bin/python benchmarks/bench_island_hundred.py [--quick]
[--baseline=REV|none]`."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--baseline=")),
                "cf6b3a7")
QUICK = "--quick" in sys.argv
ROUNDS = 1 if QUICK else 3
SEEDS = 2 if QUICK else 5
#: (family, grammar) for the hundred
HUNDRED = [("knights-knaves", "tuple"), ("knights-knaves", "rich"), ("werewolves", "tuple"),
           ("werewolves", "rich")]
#: (label, settings) of the small hard cells
CELLS = [("knights-knaves 3 fiendish", {"family": "knights-knaves", "size": 3,
                                        "difficulty": "fiendish"}),
         ("werewolves 2 tricky --depth 3", {"family": "werewolves", "size": 2,
                                            "difficulty": "tricky", "depth": 3})]

_WORKER = """
import json, sys, time
from portia_tui.core.packs.islands import IslandError, IslandSettings, generate
kw = json.loads(sys.argv[1])
c = time.process_time()
made = 0
try:
    for _island in generate(IslandSettings(**kw)):
        made += 1
except IslandError:
    pass
print(json.dumps([made, time.process_time() - c]))
"""


def run(tree: Path, settings: dict) -> tuple[int, float] | str:
    from baseline_tree import last_line  # a sibling module: see its docstring

    try:
        made, cpu = json.loads(last_line(tree, _WORKER, [json.dumps(settings)], 600))
    except (subprocess.TimeoutExpired, subprocess.CalledProcessError) as exc:
        return f"error ({type(exc).__name__})"
    return made, cpu


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"now": ROOT}
        if BASELINE != "none":
            from baseline_tree import unpack

            base = unpack(BASELINE, Path(tmp))
            if base is not None:
                trees[BASELINE] = base
        print(f"load average {os.getloadavg()[0]:.1f} at the start; CPU s, median of "
              f"{ROUNDS} rounds, sides alternating")
        print("\n| 100 six-person puzzles | " + " | ".join(trees) + " | ratio |")
        print("|---|" + "---|" * (len(trees) + 1))
        for family, grammar in HUNDRED:
            kw = {"family": family, "size": 6, "count": 100, "seed": 1, "grammar": grammar}
            times: dict[str, list[float]] = {side: [] for side in trees}
            for _round in range(ROUNDS):
                for side, tree in trees.items():
                    got = run(tree, kw)
                    if not isinstance(got, str):
                        times[side].append(got[1])
            med = {s: statistics.median(t) if t else float("nan") for s, t in times.items()}
            ratio = med["now"] / med[BASELINE] if BASELINE in med else float("nan")
            print(f"| {family} {grammar} | " + " | ".join(f"{med[s]:.2f}" for s in trees)
                  + f" | {ratio:.2f} |", flush=True)
        print(f"\n| pack of 10 (seeds 1-{SEEDS}) | side | made | CPU s a pack | load |")
        print("|---|---|---|---|---|")
        for label, kw in CELLS:
            for side, tree in trees.items():
                got = [run(tree, {**kw, "count": 10, "seed": seed, "grammar": "rich"})
                       for seed in range(1, SEEDS + 1)]
                made = " ".join(str(g[0]) if not isinstance(g, str) else g for g in got)
                cpu = " ".join(f"{g[1]:.1f}" for g in got if not isinstance(g, str))
                print(f"| {label} | {side} | {made} | {cpu} | {os.getloadavg()[0]:.1f} |",
                      flush=True)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
