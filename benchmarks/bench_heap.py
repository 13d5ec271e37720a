"""The garbage-collector switch around a big screen (``portia_tui/app/heap.py``), judged by
measurement: the same figures with the switch as it ships and in three other forms, each
form in processes of its own, the forms alternating so that all see the same machine.

Forms (set in the worker by replacing HeapHold's methods; nothing in portia_tui reads them):
  both     as shipped: the collector off while a screen is built, gc.freeze after its first
           frame, gc.unfreeze when it is taken down
  freeze   only gc.freeze after the first frame (and unfreeze when taken down)
  disable  only the collector off while the screen is built
  none     no switch at all

Figures: keys at 12 x 10 in the player (t a pencil mark, s suppose/stop, right the next
casket: key -> refreshed, bench_play.keys_on), opening the 12 x 10 player and editor
(construction -> first refresh), and the editor's edit -> analysis on screen at 12 x 10
(bench_editor.bench_edits). Targets: a key p90 <= 100 ms, edit -> screen p90 <= 50 ms.

Run: .venv/bin/python benchmarks/bench_heap.py; PORTIA_BENCH_FORMS=both,none picks forms,
PORTIA_BENCH_ROUNDS=2 the alternations.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FORMS = ("both", "freeze", "disable", "none")


def set_form(form: str) -> None:
    from portia_tui.app import heap

    if form == "both":
        return
    state = {"frozen": 0}

    def hold(self) -> None:
        if not self._held:
            self._held = True
            if form == "disable":
                gc.disable()

    def settle(self) -> None:
        if self._held and not self._settled:
            self._settled = True
            if form == "disable":
                gc.enable()
            elif form == "freeze":
                gc.freeze()
                state["frozen"] += 1

    def release(self) -> None:
        if self._held and not self._released:
            self.settle()
            self._released = True
            if form == "freeze":
                gc.unfreeze()

    if form == "none":
        hold = settle = release = lambda self: None  # type: ignore[assignment]  # noqa: E731
    heap.HeapHold.hold = hold  # type: ignore[method-assign]
    heap.HeapHold.settle = settle  # type: ignore[method-assign]
    heap.HeapHold.release = release  # type: ignore[method-assign]


def measure(form: str) -> dict:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import bench_editor
    import bench_play

    set_form(form)
    out: dict[str, list[float]] = {}
    big = bench_play.app_puzzle(12, 10)
    for name in ("mark12", "suppose12", "right12"):
        # no saved progress from the run before (a restored supposition turns `s` off)
        os.environ["PORTIA_DATA_DIR"] = tempfile.mkdtemp(prefix="portia-bench-data-")
        _label, k, args = bench_play.KEY_ROWS[name]
        out["cpu_" + name] = []
        out[name] = asyncio.run(bench_play.keys_on(bench_play.app_puzzle(k, 10), rounds=20,
                                                   cpu=out["cpu_" + name], **args))
    out["cpu_open_player"] = []
    out["open_player"] = [asyncio.run(bench_play.open_player(big, out["cpu_open_player"]))[0]
                          for _ in range(4)]
    clock = bench_editor.Clock()
    clock.install()
    start = time.process_time()
    out["edit12"] = asyncio.run(bench_editor.bench_edits(clock, 12, 10, rounds=24))
    out["cpu_edit12_per_edit"] = [(time.process_time() - start) / 24]
    puzzle = bench_editor.random_puzzle(12, 10, seed=11)
    out["cpu_open_editor"] = []
    out["open_editor"] = [asyncio.run(bench_editor.open_time(
        lambda: bench_editor.EditorApp(bench_editor.EditorModel.new(puzzle)),
        out["cpu_open_editor"]))[0] for _ in range(4)]
    out["collections"] = [float(sum(s["collections"] for s in gc.get_stats()))]
    return out


def run_form(form: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PORTIA_BENCH_TREE=str(ROOT))
    got = subprocess.run([sys.executable, "-P", str(Path(__file__).resolve()), "--worker", form],
                         capture_output=True, text=True, check=True, cwd="/", env=env)
    return json.loads(got.stdout.strip().splitlines()[-1])


ROWS = (("mark12", "t (pencil mark), 12 x 10", "p90 <= 100"),
        ("suppose12", "s (suppose / stop), 12 x 10", "p90 <= 100"),
        ("right12", "right (next casket), 12 x 10", "p90 <= 100"),
        ("edit12", "editor: edit -> analysis on screen, 12 x 10", "p90 <= 50"),
        ("open_player", "open the 12 x 10 player", ""),
        ("open_editor", "open the 12 x 10 editor", ""),
        ("cpu_mark12", "CPU: t, 12 x 10", ""),
        ("cpu_suppose12", "CPU: s, 12 x 10", ""),
        ("cpu_right12", "CPU: right, 12 x 10", ""),
        ("cpu_edit12_per_edit", "CPU: editor, per edit (the UI process)", ""),
        ("cpu_open_player", "CPU: open the 12 x 10 player", ""),
        ("cpu_open_editor", "CPU: open the 12 x 10 editor", ""),
        ("collections", "collections made in the worker (gc.get_stats)", ""))


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1] if len(values) > 1 else values[0]


def main() -> None:
    forms = [f for f in os.environ.get("PORTIA_BENCH_FORMS", ",".join(FORMS)).split(",") if f]
    rounds = int(os.environ.get("PORTIA_BENCH_ROUNDS", "2"))
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"({os.cpu_count()} cores)")
    got: dict[str, dict[str, list[float]]] = {f: {} for f in forms}
    for _ in range(rounds):
        for form in forms:
            for name, values in run_form(form).items():
                got[form].setdefault(name, []).extend(values)
    head = "".join(f"{form + ': median':>16}{'p90':>8}" for form in forms)
    print(f"{'ms':<46}{head} {'target':>11}")
    for name, label, target in ROWS:
        cells = "".join(f"{statistics.median(got[f][name]) * 1000:16.1f}"
                        f"{p90(got[f][name]) * 1000:8.1f}" for f in forms)
        print(f"{label:<46}{cells} {target:>11}")
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        print(json.dumps(measure(sys.argv[2])))
    else:
        main()
