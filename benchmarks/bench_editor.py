"""Editor speed, through Textual's Pilot (headless), with public hooks only.

(a) edit -> its analysis on screen: a pick or an m change, until the analysis panel showed
    the new report and the screen refreshed after it (``call_after_refresh``), at Portia-10
    (3 caskets x 10) and 12 x 10; target p90 <= 50 ms
(b) a key while the 12 x 10 is being analysed (in the child process): the key posted as a
    terminal would, until its action ran and the screen refreshed; target p90 <= 100 ms
(c) opening the 12 x 10 editor until its first refresh, against a minimal Textual app that
    composes the same number of widgets (Statics in a grid); target <= 1.5x
(d) a key while the assistant works out the repairs of an invalid 12 x 10 (python-sat, which
    holds the GIL while it solves): 'v' posted while they run: key -> action -> refresh;
    target p90 <= 100 ms

Each figure is measured for this tree ("now") and for BASELINE ("before": ``git archive``
unpacked into a temporary folder), each measurement in a process of its own, the two sides
alternating, so both see the same machine. The machine is shared: the load average is printed
with the figures, and the ratio in (c) is of medians taken in alternation in the same process.

Run: .venv/bin/python benchmarks/bench_editor.py   (or `make bench`); PORTIA_BENCH_ROWS=c runs only
the rows named (a3, a12, b, d, c); PORTIA_BENCH_BASELINE=COMMIT sets "before".
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: main before the appspeed branch (d8ccf72, the editor before issue 21's speed work, is in
#: docs/benchmarks.md); PORTIA_BENCH_BASELINE names another commit
BASELINE = os.environ.get("PORTIA_BENCH_BASELINE", "e12cd96")
if "PORTIA_BENCH_TREE" not in os.environ:  # a worker takes the tree from PYTHONPATH
    sys.path.insert(0, str(ROOT))

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
            await until(lambda generation=generation: generation in clock.painted)
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


def assistant_busy(app) -> bool:
    return any(w.group in ("marks", "repairs") and w.is_running for w in app.editor.workers)


async def bench_key_while_assisting(clock: Clock, rounds: int) -> tuple[list[float], int]:
    """The 12 x 10 is complete and not valid, so its repairs are looked for once the author
    pauses (a few seconds of python-sat at 12 x 10, up to the budget); when they are being
    worked out, 'v' is posted: key -> its action ran -> the screen refreshed. Returns the
    times and how many keys met the repairs (or a menu's marks) being worked out."""
    app = EditorApp(EditorModel.new(random_puzzle(12, 10, seed=11)))
    out, busy = [], 0
    async with app.run_test(size=SIZE):
        await until(lambda: app.model.generation in clock.painted)
        for i in range(rounds):
            # an edit that leaves it invalid: its repairs are looked for anew once it pauses
            await app.editor.run_action("m_down" if i % 2 else "m_up")
            try:
                await until(lambda: assistant_busy(app), limit=3)
            except RuntimeError:
                pass
            busy += assistant_busy(app)
            clock.key_painted.clear()
            start = time.perf_counter()
            app.post_message(events.Key("v", "v"))
            await until(lambda: clock.key_painted)
            out.append(clock.key_painted[0] - start)
            await asyncio.sleep(0.05)
    clock.shown.clear()
    clock.painted.clear()
    return out, busy


class Minimal(App):
    """A minimal Textual app composing `count` widgets (the editor's number), in one column.

    At 160 x 50 only 50 of them get a row (the others are 0 rows high), and one column is
    cut nowhere across: the editor shows about 117 of its 175 widgets, side by side."""

    def __init__(self, count: int) -> None:
        super().__init__()
        self.count = count

    def compose(self) -> ComposeResult:
        with Grid():
            for i in range(self.count):
                yield Static(f"statement {i}: the portrait is not in this casket")


class MinimalShown(Minimal):
    """The same widgets, every one on screen: six columns of one-line Statics."""

    CSS = "Grid { grid-size: 6; grid-rows: 1; }"


async def open_time(make, cpu: list[float] | None = None) -> tuple[float, int]:
    """Construction to the first refresh of the app's screen; the widgets on it. With `cpu`,
    the process's CPU time over the same span is appended to it (a measure the other jobs on
    a shared machine disturb far less than the wall clock)."""
    done: list[float] = []
    cpu_start = time.process_time()
    start = time.perf_counter()
    app = make()
    async with app.run_test(size=SIZE):
        app.call_after_refresh(lambda: (done.append(time.perf_counter()),
                                        cpu is not None and cpu.append(
                                            time.process_time() - cpu_start)))
        await until(lambda: done)
        widgets = len(list(app.screen.walk_children()))
    return done[0] - start, widgets


def open_calls(make) -> int:
    """Python function calls from construction to the first refresh (cProfile's count): a
    load-free measure of the work an open does."""
    import cProfile
    import pstats

    profile = cProfile.Profile()
    profile.enable()
    asyncio.run(open_time(make))
    profile.disable()
    return pstats.Stats(profile).total_calls  # type: ignore[attr-defined]


def ms(x: float) -> str:
    return f"{x * 1000:8.1f}"


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1] if len(values) > 1 else values[0]


def measure(name: str) -> dict:
    """One measurement in this process: {"times": [...], ...} (seconds)."""
    clock = Clock()
    clock.install()
    if name in ("a3", "a12"):
        k = 3 if name == "a3" else 12
        return {"times": asyncio.run(bench_edits(clock, k, 10, rounds=40))}
    if name == "b":
        keys, busy = asyncio.run(bench_key_while_analysing(clock, rounds=30))
        return {"times": keys, "busy": busy}
    if name == "d":
        keys, busy = asyncio.run(bench_key_while_assisting(clock, rounds=30))
        return {"times": keys, "busy": busy}
    # the puzzle is made before the clock starts (the minimal app makes nothing either)
    puzzle = random_puzzle(12, 10, seed=11)

    def editor_make() -> EditorApp:
        return EditorApp(EditorModel.new(puzzle))

    _, widgets = asyncio.run(open_time(editor_make))
    editor, minimal, shown = [], [], []
    cpu: dict[str, list[float]] = {"times": [], "minimal": [], "shown": []}
    for _ in range(5):  # alternated, so both see the same machine
        editor.append(asyncio.run(open_time(editor_make, cpu["times"]))[0])
        minimal.append(asyncio.run(open_time(lambda: Minimal(widgets), cpu["minimal"]))[0])
        shown.append(asyncio.run(open_time(lambda: MinimalShown(widgets), cpu["shown"]))[0])
    calls = {"times": open_calls(editor_make), "minimal": open_calls(lambda: Minimal(widgets)),
             "shown": open_calls(lambda: MinimalShown(widgets))}
    return {"times": editor, "minimal": minimal, "shown": shown, "widgets": widgets,
            "cpu": cpu, "calls": calls}


def baseline_tree(folder: Path) -> Path | None:
    """BASELINE's package unpacked under folder, or None without the git history."""
    from baseline_tree import unpack  # a sibling module: see its docstring

    return unpack(BASELINE, folder, "themes")


def run_side(tree: Path, name: str) -> dict:
    """`measure(name)` in a process of its own, with `tree`'s package first on the path."""
    env = dict(os.environ, PYTHONPATH=str(tree), PORTIA_BENCH_TREE=str(tree),
               PYTHONDONTWRITEBYTECODE="1")
    out = subprocess.run([sys.executable, "-P", str(Path(__file__).resolve()), "--worker", name],
                         capture_output=True, text=True, check=True, cwd="/", env=env)
    return json.loads(out.stdout.strip().splitlines()[-1])


def pooled(sides: list[dict]) -> dict:
    merged: dict = {"times": [], "minimal": [], "shown": [], "busy": 0}
    for side in sides:
        merged["times"] += side["times"]
        merged["minimal"] += side.get("minimal", [])
        merged["shown"] += side.get("shown", [])
        merged["busy"] += side.get("busy", 0)
        merged["widgets"] = side.get("widgets", 0)
        for key in ("cpu", "calls"):
            if key in side:
                into = merged.setdefault(key, {"times": [], "minimal": [], "shown": []})
                for what, values in side[key].items():
                    into[what] += values if isinstance(values, list) else [values]
    return merged


def load_free(a: dict, b: dict | None) -> None:
    """CPU time per open (medians) and Python calls per open, editor against each minimal
    app, now and before."""
    for key, label in (("cpu", "CPU ms per open"), ("calls", "Python calls per open")):
        if key not in a:
            continue
        for app in ("times", "minimal", "shown"):
            name = {"times": "editor", "minimal": "minimal (issue's)",
                    "shown": "minimal, all on screen"}[app]
            now = statistics.median(a[key][app])
            was = statistics.median(b[key][app]) if b and key in b else float("nan")
            scale = 1000 if key == "cpu" else 1
            print(f"{'(c) ' + label + ', ' + name:<52} {now * scale:>11.0f} {'':>8}  "
                  f"{was * scale:>14.0f}")
        for app, name in (("minimal", "issue's minimal"), ("shown", "minimal on screen")):
            now = statistics.median(a[key]["times"]) / statistics.median(a[key][app])
            was = (statistics.median(b[key]["times"]) / statistics.median(b[key][app])
                   if b and key in b else float("nan"))
            print(f"{'(c) ' + label + ' ratio / ' + name:<52} {now:>11.2f} {'':>8}  "
                  f"{was:>14.2f}")


def cells(values: list[float]) -> str:
    return f"{ms(statistics.median(values))} {ms(p90(values))}"


ROWS = [("a3", "(a) edit -> analysis on screen, 3 x 10", "p90 <= 50"),
        ("a12", "(a) edit -> analysis on screen, 12 x 10", "p90 <= 50"),
        ("b", "(b) key while a 12 x 10 is analysed", "p90 <= 100"),
        ("d", "(d) key while 12 x 10 repairs are worked out", "p90 <= 100"),
        ("c", "(c) open the 12 x 10 editor to its first refresh", "")]


def main() -> None:
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"({os.cpu_count()} cores, shared with other jobs)")
    with tempfile.TemporaryDirectory() as tmp:
        old = baseline_tree(Path(tmp))
        print(f"{'measure':<52} {'now: median':>11} {'p90 ms':>8}  {'before: median':>14} "
              f"{'p90 ms':>8} {'target':>10}")
        # PORTIA_BENCH_ROWS=c (or a3,b ...) runs only those rows
        only = [r for r in os.environ.get("PORTIA_BENCH_ROWS", "").split(",") if r]
        for name, label, target in ROWS:
            if only and name not in only:
                continue
            now, before = [], []
            for _ in range(2):  # the two sides alternate
                now.append(run_side(ROOT, name))
                if old is not None:
                    before.append(run_side(old, name))
            a = pooled(now)
            line = f"{label:<52} {cells(a['times']):>20}"
            b = pooled(before) if before else None
            line += f"  {cells(b['times']):>23}" if b else f"  {'(no baseline)':>23}"
            print(f"{line} {target:>10}")
            if name in ("b", "d"):
                met = f"{a['busy']}/{len(a['times'])}"
                met_before = f"{b['busy']}/{len(b['times'])}" if b else "-"
                print(f"{'    keys that met the work running (now / before)':<52} "
                      f"{met:>20}  {met_before:>23}")
            if name == "c":
                widgets = f"{a['widgets']} / {b['widgets'] if b else '-'}"
                print(f"{'(c) a minimal app with as many widgets (' + widgets + ')':<52} "
                      f"{cells(a['minimal']):>20}  "
                      f"{cells(b['minimal']) if b else '':>23}")
                ratio = statistics.median(a["times"]) / statistics.median(a["minimal"])
                ratio_b = (statistics.median(b["times"]) / statistics.median(b["minimal"])
                           if b else float("nan"))
                print(f"{'(c) ratio editor / minimal (medians)':<52} {ratio:>11.2f} {'':>8}  "
                      f"{ratio_b:>14.2f} {'':>8} {'<= 1.5':>10}")
                print(f"{'(c) the minimal app with every widget on screen':<52} "
                      f"{cells(a['shown']):>20}  {cells(b['shown']) if b else '':>23}")
                ratio = statistics.median(a["times"]) / statistics.median(a["shown"])
                ratio_b = (statistics.median(b["times"]) / statistics.median(b["shown"])
                           if b else float("nan"))
                print(f"{'(c) ratio editor / minimal on screen (medians)':<52} {ratio:>11.2f} "
                      f"{'':>8}  {ratio_b:>14.2f}")
                load_free(a, b)
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        print(json.dumps(measure(sys.argv[2])))
    else:
        main()
