"""One menu's Algorithm 2 marks (core/author/world_marks.py) as the truth editor asks for them,
on the two pages issue 20 names, side by side against BASELINE (main before this change) in
the same run:

- the labyrinth (9 rooms, one sign each), blank: room 1's sign menu with the eight other
  signs open, and the rules menu;
- the labyrinth mid-session: rooms 1 to 3 written (each a ★ sign), room 4's menu with five
  other signs open; and the menu where bench_world_marks' session of seed 1 left two marks
  undecided at 30 s (room 3's, six other signs open, toward room 3);
- nine rooms with two signs each (603,979,776 worlds), blank: sign 1.1's menu with the 17
  other signs open, the rules menu, and sign 1.1's compound first step ("and": each first
  part by the best compound it can start); and the page that ended with 63 `?` (every
  second sign "There is no tiger in this room", 1.1 "Sign 9.1 is right", 2.1 "There is no
  tiger in room 3", toward room 3: sign 3.1's menu, six first signs open).

Each figure is the median of ROUNDS whole-menu runs in a child process per tree (the
package from PYTHONPATH only), the trees taking turns, wall time and the child's CPU time
(under load, what an idle machine's wall time would be); with the marks each left
undecided at the editor's budget and the machine's load average before and after. A tree
whose marks take a work budget (branch marks6) gets the editor's MARKS_STEPS
(``--steps=N`` for another); one whose budget is seconds gets BUDGET, the editor's old
MARKS_BUDGET (``--budget=S`` for another).

Run: .venv/bin/python benchmarks/bench_marks_menu.py [CASE...] [--budget=S] [--steps=N]
(or `make bench`)
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

BASELINE = "8fcaa97"  # main before the greedy witness with compounds (marks9)
ROUNDS = 3
BUDGET = 8.0

#: the 9 x 2 page that ended with 63 `?` (worker code, `draft` a blank 9 x 2 labyrinth; it
#: sets target, draft and sid), also bench_marks_cancel's page "two-hard"
TWO_HARD = """target = {"where content=lady": ["3"]}
for s in draft.slots:
    if s.id.endswith(".2"):
        draft = draft.with_statement(s.id, "There is no tiger in this room")
draft = draft.with_statement("1.1", "Sign 9.1 is right").with_statement(
    "2.1", "There is no tiger in room 3")
sid = "3.1"
"""

_WORKER = r"""
import inspect, json, sys, time
from portia_tui.core.author import world_editing as we
from portia_tui.core.author import world_marks as mk
from portia_tui.core.author import world_menus as wm

case, budget, steps = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
if "steps" in inspect.signature(mk.mark_slot).parameters:  # a work budget, not seconds
    if not steps:
        from portia_tui.app.world_editor.analysis import MARKS_STEPS as steps
    bound = {"steps": steps}
else:
    bound = {"seconds": budget}
target = {"where content=lady": ["7"]}
per = 2 if case.startswith("two") else 1
draft = we.blank("labyrinth", 9, statements=per)
sid = draft.slots[0].id
if case == "one-session":
    for s in draft.slots[:3]:
        menu = wm.slot_menu(draft, s.id)
        marks = mk.mark_slot(draft, s.id, target, menu)
        draft = [e for e, m in zip(menu, marks) if m == "valid"][-1].apply(draft, s.id)
    sid = draft.slots[3].id
if case == "one-hard":  # bench_world_marks' labyrinth session of seed 1, at its third sign
    target = {"where content=lady": ["3"]}
    draft = draft.with_statement("1", "Sign 9 is right").with_statement(
        "2", "There is no tiger in room 3")
    sid = "3"
if case == "two-hard":  # the same on 9 x 2, every second sign "no tiger in this room"
    TWO_HARD
t0, c0 = time.perf_counter(), time.process_time()
if case.endswith("rules"):
    marks = mk.mark_rules(draft, target, **bound)
elif case.endswith("first"):  # the "and" step of a compound: each first part's best
    marks = mk.mark_first_parts(draft, sid, target, "and", **bound)
else:
    marks = mk.mark_slot(draft, sid, target, wm.slot_menu(draft, sid), **bound)
print(json.dumps([time.perf_counter() - t0, len(marks), marks.count("undecided"),
                  time.process_time() - c0]))
""".replace("    TWO_HARD\n", textwrap.indent(TWO_HARD, "    "))

CASES = [("one-slot", "labyrinth, room 1's menu"), ("one-rules", "labyrinth, rules menu"),
         ("one-session", "labyrinth, room 4 (3 written)"),
         ("one-hard", "labyrinth, room 3 (seed 1)"),
         ("two-slot", "9 rooms x 2 signs, sign 1.1"),
         ("two-hard", "9 x 2, room 3, 2nd signs alike"), ("two-rules", "9 rooms x 2, rules"),
         ("two-first", "9 rooms x 2, sign 1.1 'and' step")]


def run(tree: Path, case: str, budget: float = BUDGET, steps: int = 0
        ) -> tuple[float, int, int, float]:
    out = subprocess.run([sys.executable, "-P", "-c", _WORKER, case, str(budget), str(steps)],
                         capture_output=True, text=True, cwd="/", check=True,
                         env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin",
                              "PYTHONDONTWRITEBYTECODE": "1"})
    seconds, count, undecided, cpu = json.loads(out.stdout.strip().splitlines()[-1])
    return seconds, count, undecided, cpu


def main() -> None:
    only = sys.argv[1:]  # case names to run (all by default); --budget=S, --steps=N
    budget, steps = BUDGET, 0
    for arg in [a for a in only if a.startswith("--")]:
        name, _eq, value = arg.partition("=")
        if name == "--budget":
            budget = float(value)
        elif name == "--steps":
            steps = int(value)
        else:
            raise SystemExit(f"bench_marks_menu: unknown option {arg}")
        only.remove(arg)
    from baseline_tree import sides  # a sibling module: see its docstring

    with tempfile.TemporaryDirectory() as tmp:
        trees = sides(BASELINE, Path(tmp))
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; "
              f"median of {ROUNDS}; budget {steps or 'MARKS_STEPS'} steps (a tree without "
              f"steps: {budget:g} s); before = {BASELINE}; "
              f"cpu: the child's CPU time (what an idle machine's wall time would be)")
        print(f"{'menu':32} {'entries':>7} {'now':>9} {'cpu':>9} {'?':>4} {'main':>9} "
              f"{'cpu':>9} {'?':>4} {'ratio':>6}")
        for case, label in CASES:
            if only and case not in only:
                continue
            times: dict[str, list[float]] = {name: [] for name, _t in trees}
            cpus: dict[str, list[float]] = {name: [] for name, _t in trees}
            undecided: dict[str, int] = {name: 0 for name, _t in trees}
            count = 0
            for _round in range(ROUNDS):
                for name, tree in trees:
                    seconds, count, left, cpu = run(tree, case, budget, steps)
                    times[name].append(seconds)
                    cpus[name].append(cpu)
                    undecided[name] = max(undecided[name], left)
            now = statistics.median(times["now"])
            line = (f"{label:32} {count:7} {now * 1000:6.0f} ms "
                    f"{statistics.median(cpus['now']) * 1000:6.0f} ms {undecided['now']:4}")
            if "main" in times:
                old = statistics.median(times["main"])
                line += (f" {old * 1000:6.0f} ms {statistics.median(cpus['main']) * 1000:6.0f} ms "
                         f"{undecided['main']:4} {old / now:5.1f}x")
            print(line, flush=True)
        print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
