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

``--return`` (and after the first table when run alone or by `make bench`): the editor's
figures before the player is opened from it and after it is taken down again (12 x 10:
edit -> analysis on screen, and the key v -> refreshed), with the release as shipped
(``both``: an inner screen's release freezes the outer one's objects again after the next
full collection), collecting at once on the release (``collect``), and as it was (``old``:
gc.unfreeze alone, which handed the editor's frozen objects back to the collector for good).
PORTIA_BENCH_ROUNDS alternations (default 3).
"""

from __future__ import annotations

import asyncio
import gc
import json
import math
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

    def forget(self) -> bool:
        """The release before nesting was counted: this hold's count down and everything
        unfrozen; whether there was anything to release."""
        if not self._held or self._released:
            return False
        self.settle()
        self._released = True
        heap._frozen = max(0, heap._frozen - 1)
        gc.unfreeze()
        return True

    if form == "old":  # unfreeze everything
        heap.HeapHold.release = forget  # type: ignore[method-assign, assignment]
        return
    if form == "collect":  # an inner release collects at once and freezes again
        def release(self) -> None:  # type: ignore[misc]
            if forget(self) and heap._frozen and heap._building == 0:
                gc.collect()
                gc.freeze()

        heap.HeapHold.release = release  # type: ignore[method-assign]
        return
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


async def editor_phase(app, clock, rng, rounds: int) -> tuple[list[float], list[float], int]:
    """`rounds` edits (edit -> analysis on screen) and `rounds` v keys (key -> refreshed) in
    the editor; the full collections made meanwhile."""
    import bench_editor
    from textual import events

    full = gc.get_stats()[2]["collections"]
    FULL_TIMES.clear()
    edits, keys = [], []
    for _ in range(rounds):
        start = time.perf_counter()
        ci, pos = rng.randrange(12), rng.randrange(10)
        puzzle = app.model.puzzle
        choices = [c for c in puzzle.options(ci) if c != puzzle.caskets[ci].statements[pos]]
        await app.editor.pick(ci, pos, rng.choice(choices))
        generation = app.model.generation
        await bench_editor.until(lambda generation=generation: generation in clock.painted)
        edits.append(clock.painted[generation] - start)
        await asyncio.sleep(0.02)
        clock.key_painted.clear()
        start = time.perf_counter()
        app.post_message(events.Key("v", "v"))
        await bench_editor.until(lambda: clock.key_painted)
        keys.append(clock.key_painted[0] - start)
        await bench_editor.until(lambda: not app.editor.jobs.analysing())
        await asyncio.sleep(0.02)
    return edits, keys, gc.get_stats()[2]["collections"] - full


#: how long each full collection took (seconds), from a gc.callbacks hook
FULL_TIMES: list[float] = []
_full_start: list[float] = []


def _time_full(phase: str, info: dict) -> None:
    if info.get("generation") == 2:
        if phase == "start":
            _full_start[:] = [time.perf_counter()]
        elif _full_start:
            FULL_TIMES.append(time.perf_counter() - _full_start[0])


async def editor_return(clock, rounds: int, after: int) -> dict[str, list[float]]:
    import random

    import bench_editor
    from portia_tui.app.play import PlayPuzzleScreen
    from portia_tui.core.explain.hints import Coach

    puzzle = bench_editor.random_puzzle(12, 10, seed=11)
    coach = Coach(puzzle, None)
    _ = coach.problem  # worked out before, as the editor's analysis process does
    app = bench_editor.EditorApp(bench_editor.EditorModel.new(puzzle))
    rng = random.Random(3)
    out: dict[str, list[float]] = {}
    async with app.run_test(size=bench_editor.SIZE) as pilot:
        await bench_editor.until(lambda: app.model.generation in clock.painted)
        await asyncio.sleep(0.3)
        edits, keys, full = await editor_phase(app, clock, rng, rounds)
        out.update(edit_before=edits, key_before=keys, full_before=[float(full)],
                   full_ms_before=list(FULL_TIMES))
        app.push_screen(PlayPuzzleScreen(app.model.puzzle, coach=coach))
        await bench_editor.until(lambda: isinstance(app.screen, PlayPuzzleScreen))
        await asyncio.sleep(0.5)
        await pilot.press("s", "down", "t", "down", "f")
        await asyncio.sleep(0.3)
        start = time.perf_counter()
        app.pop_screen()
        await bench_editor.until(lambda: app.screen is app.editor)
        await pilot.pause()
        out["close_player"] = [time.perf_counter() - start]
        await asyncio.sleep(0.3)
        edits, keys, full = await editor_phase(app, clock, rng, after)
        out.update(edit_after=edits, key_after=keys, full_after=[float(full)],
                   full_ms_after=list(FULL_TIMES), frozen_after=[float(gc.get_freeze_count())])
    return out


def measure_return(form: str) -> dict:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import bench_editor

    set_form(form)
    clock = bench_editor.Clock()
    clock.install()
    gc.callbacks.append(_time_full)
    return asyncio.run(editor_return(clock, rounds=30, after=90))


RETURN_ROWS = (("edit_before", "edit -> screen, before the player", "ms"),
               ("edit_after", "edit -> screen, back from the player", "ms"),
               ("key_before", "key v -> refreshed, before the player", "ms"),
               ("key_after", "key v -> refreshed, back from the player", "ms"),
               ("close_player", "closing the player (pop -> editor shown)", "ms"),
               ("full_before", "full collections in 30 edits+keys, before", "n"),
               ("full_after", "full collections in 90 edits+keys, after", "n"),
               ("full_ms_before", "a full collection's time, before", "ms"),
               ("full_ms_after", "a full collection's time, back from the player", "ms"),
               ("frozen_after", "objects frozen, back in the editor", "n"))


def main_return() -> None:
    forms = ("old", "collect", "both")
    rounds = int(os.environ.get("PORTIA_BENCH_ROUNDS", "3"))
    got = gather(forms, rounds, "--worker-return")
    head = "".join(f"{form + ': median':>16}{'p90':>10}" for form in forms)
    print(f"{'editor 12 x 10 (' + str(rounds) + ' processes each)':<52}{head}")
    for name, label, unit in RETURN_ROWS:
        scale = 1000 if unit == "ms" else 1
        cells = "".join(f"{statistics.median(got[f][name] or [math.nan]) * scale:16.1f}"
                        f"{p90(got[f][name] or [math.nan]) * scale:10.1f}" for f in forms)
        print(f"{label + ' (' + unit + ')':<52}{cells}")
    print(f"load average after: {load()}")


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def gather(forms, rounds: int, mode: str) -> dict[str, dict[str, list[float]]]:
    """Each form's worker run `rounds` times, the forms alternating: every figure's values,
    by form and name (the load average printed first)."""
    print(f"load average before: {load()} ({os.cpu_count()} cores)")
    got: dict[str, dict[str, list[float]]] = {f: {} for f in forms}
    for _ in range(rounds):
        for form in forms:
            for name, values in run_form(form, mode).items():
                got[form].setdefault(name, []).extend(values)
    return got


def run_form(form: str, mode: str = "--worker") -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PORTIA_BENCH_TREE=str(ROOT))
    got = subprocess.run([sys.executable, "-P", str(Path(__file__).resolve()), mode, form],
                         capture_output=True, text=True, check=True, cwd="/", env=env)
    return json.loads(got.stdout.strip().splitlines()[-1])


#: (name, label, unit, target): "ms" values are seconds shown in ms, "n" counts as they are
ROWS = (("mark12", "t (pencil mark), 12 x 10", "ms", "p90 <= 100"),
        ("suppose12", "s (suppose / stop), 12 x 10", "ms", "p90 <= 100"),
        ("right12", "right (next casket), 12 x 10", "ms", "p90 <= 100"),
        ("edit12", "editor: edit -> analysis on screen, 12 x 10", "ms", "p90 <= 50"),
        ("open_player", "open the 12 x 10 player", "ms", ""),
        ("open_editor", "open the 12 x 10 editor", "ms", ""),
        ("cpu_mark12", "CPU: t, 12 x 10", "ms", ""),
        ("cpu_suppose12", "CPU: s, 12 x 10", "ms", ""),
        ("cpu_right12", "CPU: right, 12 x 10", "ms", ""),
        ("cpu_edit12_per_edit", "CPU: editor, per edit (the UI process)", "ms", ""),
        ("cpu_open_player", "CPU: open the 12 x 10 player", "ms", ""),
        ("cpu_open_editor", "CPU: open the 12 x 10 editor", "ms", ""),
        ("collections", "collections made in a worker (gc.get_stats)", "n", ""))


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1] if len(values) > 1 else values[0]


def main() -> None:
    forms = [f for f in os.environ.get("PORTIA_BENCH_FORMS", ",".join(FORMS)).split(",") if f]
    rounds = int(os.environ.get("PORTIA_BENCH_ROUNDS", "2"))
    got = gather(forms, rounds, "--worker")
    print(f"{rounds} processes a form, the forms alternating; median and p90 of each")
    head = "".join(f"{form + ': median':>17}{'p90':>9}" for form in forms)
    print(f"{'(unit)':<52}{head}  target")
    for name, label, unit, target in ROWS:
        scale = 1000 if unit == "ms" else 1
        cells = "".join(f"{statistics.median(got[f][name]) * scale:17.1f}"
                        f"{p90(got[f][name]) * scale:9.1f}" for f in forms)
        print(f"{label + ' (' + unit + ')':<52}{cells}  {target}".rstrip())
    print(f"load average after: {load()}")


def cli(argv: list[str]) -> None:
    """The workers' modes, `--return` alone, or (no mode: run alone or under `make bench`,
    whose filters are in argv) both tables."""
    if argv[:1] == ["--worker"]:
        print(json.dumps(measure(argv[1])))
    elif argv[:1] == ["--worker-return"]:
        print(json.dumps(measure_return(argv[1])))
    elif argv[:1] == ["--return"]:
        main_return()
    else:
        main()
        print()
        main_return()


if __name__ == "__main__":
    cli(sys.argv[1:])
