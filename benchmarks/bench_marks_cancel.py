"""How long a truth marks job runs between two looks at its cancel (issue 21: `q` and a newer
edit land within 100 ms whatever the analysis is doing), on bench_marks_menu's four pages of
nine rooms with two signs, side by side with BASELINE (main before the finer checks).

Each page's menu is marked twice in one child process per tree (the package from
PYTHONPATH only), with the editor's MARKS_STEPS and a cancel function that never says stop
but notes the process's CPU time at each call: the longest CPU stretch between two calls
(from the job's start to its end) is what a cancel may wait on top of the stop pipe's own
poll (process.STOP_POLL, 10 ms). "warm": the second run, as the editor's child process runs
each later job (its modules imported); "cold": the first, which also imports numpy on the
SAT-only pages (about 70 ms, not cut by any check). Then the number of looks and the job's
CPU time (the checks' own cost).

Run: .venv/bin/python benchmarks/bench_marks_cancel.py [ROUNDS] (default 3; medians over the
rounds of the longest stretch) or `make bench`.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

BASELINE = "18ce26e"  # main before the finer cancel checks (hardening5)
ROUNDS = 3

_WORKER = r"""
import json, sys, time
from portia_tui.core.author import world_editing as we
from portia_tui.core.author import world_marks as mk
from portia_tui.core.author import world_menus as wm
from portia_tui.app.world_editor.analysis import MARKS_STEPS

case = sys.argv[1]
target = {"where content=lady": ["7"]}
draft = we.blank("labyrinth", 9, statements=2)
sid = draft.slots[0].id
if case == "two-hard":  # bench_marks_menu's: every second sign "no tiger in this room"
    TWO_HARD
menu = None if case.endswith(("rules", "first")) else wm.slot_menu(draft, sid)
out = []
for _run in range(2):
    last, longest, looks = [time.process_time()], [0.0], [0]

    def cancel():
        now = time.process_time()
        longest[0] = max(longest[0], now - last[0])
        last[0] = now
        looks[0] += 1
        return False

    bound = {"steps": MARKS_STEPS, "cancel": cancel}
    c0 = last[0] = time.process_time()
    if case.endswith("rules"):
        marks = mk.mark_rules(draft, target, **bound)
    elif case.endswith("first"):
        marks = mk.mark_first_parts(draft, sid, target, "and", **bound)
    else:
        marks = mk.mark_slot(draft, sid, target, menu, **bound)
    end = time.process_time()
    longest[0] = max(longest[0], end - last[0])
    out.append([longest[0], looks[0], end - c0, marks.count("undecided")])
print(json.dumps(out))
"""

CASES = [("two-slot", "9 rooms x 2 signs, sign 1.1"),
         ("two-hard", "9 x 2, room 3, 2nd signs alike"), ("two-rules", "9 rooms x 2, rules"),
         ("two-first", "9 rooms x 2, sign 1.1 'and' step")]


def run(tree: Path, case: str) -> list[list[float]]:
    from bench_marks_menu import TWO_HARD  # a sibling module: the page is defined there
    worker = _WORKER.replace("    TWO_HARD\n", textwrap.indent(TWO_HARD, "    "))
    out = subprocess.run([sys.executable, "-P", "-c", worker, case], capture_output=True,
                         text=True, cwd="/", check=True,
                         env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin",
                              "PYTHONDONTWRITEBYTECODE": "1"})
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(rounds: int = ROUNDS) -> None:
    from baseline_tree import sides  # a sibling module: see its docstring

    with tempfile.TemporaryDirectory() as tmp:
        trees = sides(BASELINE, Path(tmp))
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; medians of "
              f"{rounds}; main = {BASELINE}; the longest CPU stretch between two looks at the "
              "cancel, warm (cold), ms; looks; the job's CPU ms (warm)")
        med = statistics.median
        for case, label in CASES:
            got: dict[str, list[list[list[float]]]] = {name: [] for name, _t in trees}
            for _round in range(rounds):
                for name, tree in trees:
                    got[name].append(run(tree, case))
            cells = []
            for name, _t in trees:
                runs = got[name]
                warm = med(r[1][0] for r in runs) * 1000
                cold = med(r[0][0] for r in runs) * 1000
                cells.append(f"{name} {warm:5.0f} ({cold:4.0f}) ms, {runs[0][1][1]:5} looks, "
                             f"{med(r[1][2] for r in runs) * 1000:5.0f} ms, "
                             f"{runs[0][1][3]} ?")
            print(f"  {label:34} " + " | ".join(cells), flush=True)
        print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main(int(sys.argv[1]) if sys.argv[1:2] and sys.argv[1].isdigit() else ROUNDS)
