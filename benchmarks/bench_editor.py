"""Editor speed, through Textual's Pilot (headless), with public hooks only.

(a) edit -> its analysis on screen: a pick or an m change, until the analysis panel showed
    the new report and the screen refreshed after it (``call_after_refresh``), at Portia-10
    (3 caskets x 10) and 12 x 10; target p90 <= 50 ms
(b) a key while the 12 x 10 is being analysed (in the child process): the key posted as a
    terminal would, until its action ran and the screen refreshed; target p90 <= 100 ms
(c) opening the 12 x 10 editor until its first refresh, against a minimal Textual app that
    composes the same number of widgets (Statics in a grid); target <= 1.5x

The machine is shared: the load average is printed with the figures, and the ratio in (c)
is of medians taken in alternation in the same run.

Run: .venv/bin/python benchmarks/bench_editor.py   (or `make bench`)
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

_home = tempfile.mkdtemp(prefix="portia-bench-")
os.environ.setdefault("PORTIA_CONFIG_DIR", os.path.join(_home, "config"))
os.environ.setdefault("PORTIA_DATA_DIR", os.path.join(_home, "data"))

from textual import events  # noqa: E402
from textual.app import App, ComposeResult  # noqa: E402
from textual.containers import Grid  # noqa: E402
from textual.widgets import Static  # noqa: E402

from portia_tui.app.editor.app import EditorApp  # noqa: E402
from portia_tui.app.editor.screens.editor import EditorScreen  # noqa: E402
from portia_tui.app.editor.widgets.analysis_panel import AnalysisPanel  # noqa: E402
from portia_tui.core.author.editing import EditorModel  # noqa: E402
from portia_tui.core.language.model import Puzzle  # noqa: E402
from portia_tui.core.language.vocabulary import Statement  # noqa: E402

SIZE = (160, 50)


def random_puzzle(k: int, n: int, seed: int) -> Puzzle:
    rng = random.Random(seed)
    names = ["gold", "silver", "lead"] if k == 3 else [f"c{i}" for i in range(k)]
    puzzle = Puzzle.build({name: [Statement("not_in", name)] * n for name in names},
                          m=(k * n) // 3)
    for ci in range(k):
        for pos in range(n):
            puzzle = puzzle.with_statement(ci, pos, rng.choice(puzzle.options(ci)))
    return puzzle


class Clock:
    """When each edit generation's report was shown (our own AnalysisPanel.show, wrapped)
    and when the screen had refreshed after it; when a timed action ran."""

    def __init__(self) -> None:
        self.shown: dict[int, float] = {}
        self.painted: dict[int, float] = {}
        self.acted: list[float] = []
        self.key_painted: list[float] = []

    def install(self) -> None:
        clock = self
        show = AnalysisPanel.show
        toggle = EditorScreen.action_toggle_values

        def timed_show(panel, report):
            result = show(panel, report)
            generation = report.request.generation
            if generation not in clock.shown:
                clock.shown[generation] = time.perf_counter()
                panel.app.call_after_refresh(
                    lambda: clock.painted.setdefault(generation, time.perf_counter()))
            return result

        def timed_toggle(screen):
            result = toggle(screen)
            clock.acted.append(time.perf_counter())
            screen.app.call_after_refresh(lambda: clock.key_painted.append(time.perf_counter()))
            return result

        AnalysisPanel.show = timed_show
        EditorScreen.action_toggle_values = timed_toggle


async def until(condition, limit: float = 60.0) -> None:
    start = time.perf_counter()
    while not condition():
        await asyncio.sleep(0.001)
        if time.perf_counter() - start > limit:
            raise RuntimeError("timed out")


async def bench_edits(clock: Clock, k: int, n: int, rounds: int) -> list[float]:
    """Edit -> analysis on screen, seconds per edit (three picks, then an m change)."""
    app = EditorApp(EditorModel.new(random_puzzle(k, n, seed=7)))
    rng = random.Random(1)
    out = []
    async with app.run_test(size=SIZE):
        await until(lambda: app.model.generation in clock.painted)
        for i in range(rounds):
            start = time.perf_counter()
            if i % 4 == 3:
                m = app.model.puzzle.m
                await app.editor.run_action("m_up" if m < app.model.puzzle.size else "m_down")
            else:
                ci, pos = rng.randrange(k), rng.randrange(n)
                choices = [c for c in app.model.puzzle.options(ci)
                           if c != app.model.puzzle.caskets[ci].statements[pos]]
                await app.editor.pick(ci, pos, rng.choice(choices))
            generation = app.model.generation
            await until(lambda: generation in clock.painted)
            out.append(clock.painted[generation] - start)
            await asyncio.sleep(0.02)
    clock.shown.clear()
    clock.painted.clear()
    return out


async def bench_key_while_analysing(clock: Clock, rounds: int) -> tuple[list[float], int]:
    """An edit starts the analysis of a 12 x 10; 'v' is posted at once: key -> its action
    ran -> the screen refreshed. Returns the times and how many keys met a running
    analysis."""
    app = EditorApp(EditorModel.new(random_puzzle(12, 10, seed=11)))
    out, busy = [], 0
    async with app.run_test(size=SIZE):
        await until(lambda: app.model.generation in clock.painted)
        for i in range(rounds):
            await app.editor.run_action("m_down" if i % 2 else "m_up")
            await asyncio.sleep(0.002)
            busy += app.editor.jobs.analysing()
            clock.key_painted.clear()
            start = time.perf_counter()
            app.post_message(events.Key("v", "v"))
            await until(lambda: clock.key_painted)
            out.append(clock.key_painted[0] - start)
            await until(lambda: not app.editor.jobs.analysing())
            await asyncio.sleep(0.02)
    clock.shown.clear()
    clock.painted.clear()
    return out, busy


class Minimal(App):
    """A minimal Textual app showing `count` widgets (the editor's number)."""

    def __init__(self, count: int) -> None:
        super().__init__()
        self.count = count

    def compose(self) -> ComposeResult:
        with Grid():
            for i in range(self.count):
                yield Static(f"statement {i}: the portrait is not in this casket")


async def open_time(make) -> tuple[float, int]:
    """Construction to the first refresh of the app's screen; the widgets on it."""
    done: list[float] = []
    start = time.perf_counter()
    app = make()
    async with app.run_test(size=SIZE):
        app.call_after_refresh(lambda: done.append(time.perf_counter()))
        await until(lambda: done)
        widgets = len(list(app.screen.walk_children()))
    return done[0] - start, widgets


def ms(x: float) -> str:
    return f"{x * 1000:8.1f}"


def row(label: str, values: list[float], target: str) -> None:
    p90 = statistics.quantiles(values, n=10)[-1]
    print(f"{label:<58} {ms(statistics.median(values))} {ms(p90)} {target:>10}")


def main() -> None:
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"({os.cpu_count()} cores)")
    clock = Clock()
    clock.install()
    print(f"{'measure':<58} {'median ms':>8} {'p90 ms':>8} {'target':>10}")
    for k, n in ((3, 10), (12, 10)):
        times = asyncio.run(bench_edits(clock, k, n, rounds=40))
        row(f"(a) edit -> analysis on screen, {k} x {n}, n={len(times)}", times, "p90 <= 50")
    keys, busy = asyncio.run(bench_key_while_analysing(clock, rounds=30))
    row(f"(b) key while 12 x 10 analysed ({busy}/{len(keys)} met it)", keys, "p90 <= 100")
    editor_make = (lambda: EditorApp(EditorModel.new(random_puzzle(12, 10, seed=11))))
    _, widgets = asyncio.run(open_time(editor_make))
    editor, minimal = [], []
    for _ in range(6):  # alternated, so both see the same machine
        editor.append(asyncio.run(open_time(editor_make))[0])
        minimal.append(asyncio.run(open_time(lambda: Minimal(widgets)))[0])
    row("(c) open the 12 x 10 editor to its first refresh", editor, "")
    row(f"(c) open a minimal app with {widgets} widgets", minimal, "")
    ratio = statistics.median(editor) / statistics.median(minimal)
    print(f"{'(c) ratio editor / minimal (medians)':<58} {ratio:8.2f} {'':>8} {'<= 1.5':>10}")
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
