"""What the player computes when a puzzle opens and on each key: Coach (SAT analysis), each
hint step, a verdict and the explanation; and a progress save. Prints a table (ms).

Then the app through Textual's Pilot (headless, public hooks only): opening a 12 x 10 puzzle
until its screen has refreshed, against a minimal Textual app with the same number of
widgets (target <= 1.5x, medians taken in alternation), and a key (down: the next
statement; right: the next casket) posted as a terminal would, until the screen refreshed
after its action, at 3 x 10 and 12 x 10; and s (suppose the portrait in the chosen casket,
again: stop supposing), which puts a mark column beside every statement.

The keys are timed for this tree ("now") and for BASELINE ("before": ``git archive``
unpacked into a temporary folder), each measurement in a process of its own, the two sides
alternating, so both see the same machine; the load average is printed with the figures."""

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
#: main before the casket player's one-widget statement lines (appspeed);
#: PORTIA_BENCH_BASELINE names another commit
BASELINE = os.environ.get("PORTIA_BENCH_BASELINE", "e12cd96")
if "PORTIA_BENCH_TREE" not in os.environ:  # a worker takes the tree from PYTHONPATH
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
_home = tempfile.mkdtemp(prefix="portia-bench-")
os.environ.setdefault("PORTIA_CONFIG_DIR", os.path.join(_home, "config"))
os.environ.setdefault("PORTIA_DATA_DIR", os.path.join(_home, "data"))

# imported only now: the tree to time is on sys.path and the data folders are set (above)
from portia_tui.core.explain.hints import Coach  # noqa: E402
from portia_tui.core.language.model import Puzzle  # noqa: E402
from portia_tui.core.io.progress import ProgressStore  # noqa: E402
from portia_tui.core.language.vocabulary import Layout, options  # noqa: E402

NAMES = ("gold", "silver", "lead", "tin", "copper")


def random_puzzle(rng: random.Random, k: int, n: int) -> Puzzle:
    layout = Layout(NAMES[:k], (n,) * k)
    table = {name: [rng.choice(options(layout, ci)) for _ in range(n)]
             for ci, name in enumerate(NAMES[:k])}
    return Puzzle.build(table, m=rng.randint(0, k * n))


def timed(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best * 1000


def main() -> None:
    rng = random.Random(5)
    print(f"{'shape':<12}{'open (Coach)':>14}{'hints 1-3':>12}{'verdicts':>12}{'explain':>12}")
    for k, n in ((3, 1), (3, 2), (3, 3), (4, 3), (5, 4)):
        puzzles = [random_puzzle(rng, k, n) for _ in range(20)]
        coaches = [Coach(p) for p in puzzles]
        open_ = sum(timed(lambda p=p: Coach(p), 3) for p in puzzles) / len(puzzles)
        # a fresh coach for each puzzle, made just before its hints are timed (not timed)
        fresh = (Coach(p) for p in puzzles)
        hints = sum(timed(lambda c=c: [c.hint(i) for i in range(1, min(3, c.hint_levels) + 1)], 1)
                    for c in fresh) / len(puzzles)
        verdicts = sum(timed(lambda c=c, k=k: [c.judge(i) for i in range(k)], 3)
                       for c in coaches) / len(coaches)
        explain = sum(timed(c.explanation, 3) for c in coaches) / len(coaches)
        print(f"{f'{k} x {n}':<12}{open_:>14.2f}{hints:>12.2f}{verdicts:>12.2f}{explain:>12.2f}")
    with tempfile.TemporaryDirectory() as tmp:
        store = ProgressStore(Path(tmp) / "progress.json")
        for p in range(50):
            prog = store.pack(f"pack{p}", "x")
            for i in range(40):
                prog.record(f"{i:03d}").seconds = i
        print(f"progress save (50 packs x 40 puzzles): {timed(store.save, 5):.2f} ms")


def app_puzzle(k: int, n: int) -> Puzzle:
    """A k x n puzzle the player opens: 'not in this casket' everywhere but one 'in'."""
    from portia_tui.core.language.vocabulary import Statement

    names = [f"c{i}" for i in range(k)]
    table = {name: [Statement("not_in", name)] * n for name in names}
    table[names[0]] = [Statement("in", names[0])] + [Statement("not_in", names[0])] * (n - 1)
    return Puzzle.build(table, m=1 + (k - 1) * n)


async def open_player(puzzle: Puzzle, cpu: list[float] | None = None) -> tuple[float, int]:
    """Construction to the first refresh of the puzzle screen; the widgets on it. With
    `cpu`, the process's CPU time over the same span is appended to it."""
    from portia_tui.app.play import PlayApp, PlayPuzzleScreen, single_pack

    done: list[float] = []
    cpu_start = time.process_time()
    start = time.perf_counter()
    app = PlayApp(single_pack(puzzle), single=True)
    async with app.run_test(size=(160, 50)):
        while not isinstance(app.screen, PlayPuzzleScreen) or not app.screen.is_mounted:
            await asyncio.sleep(0.001)
        app.call_after_refresh(lambda: (done.append(time.perf_counter()),
                                        cpu is not None and cpu.append(
                                            time.process_time() - cpu_start)))
        while not done:
            await asyncio.sleep(0.001)
        widgets = len(list(app.screen.walk_children()))
    return done[0] - start, widgets


async def keys_on(puzzle: Puzzle, rounds: int = 30, action: str = "action_line",
                  keys: tuple[str, str] = ("down", "up"), first: str = "",
                  cpu: list[float] | None = None, gap: float = 0.02) -> list[float]:
    """A key (down then up; or right then left, action_move; or t, action_mark, after s)
    posted as a terminal would, until the screen refreshed after its action. With `cpu`,
    the process's CPU time over the same span is appended to it for each key (a measure
    the other jobs on a shared machine disturb far less than the wall clock). `gap`: the
    pause after a key's refresh before the next key (0: key repeat, the next key comes
    while the work the last one left after its frame, such as a progress save, runs)."""
    from textual import events

    from portia_tui.app.play import PlayApp, PlayPuzzleScreen, single_pack

    acted: list[float] = []
    line = getattr(PlayPuzzleScreen, action)

    def timed(screen, *args):
        result = line(screen, *args)
        screen.app.call_after_refresh(lambda: acted.append(time.perf_counter())
                                      or cpu_acted.append(time.process_time()))
        return result

    cpu_acted: list[float] = []

    setattr(PlayPuzzleScreen, action, timed)
    out = []
    try:
        app = PlayApp(single_pack(puzzle), single=True)
        async with app.run_test(size=(160, 50)):
            while not isinstance(app.screen, PlayPuzzleScreen):
                await asyncio.sleep(0.001)
            if first:
                app.post_message(events.Key(first, first))
            await asyncio.sleep(0.2)
            for i in range(rounds):
                acted.clear()
                cpu_acted.clear()
                cpu_start = time.process_time()
                start = time.perf_counter()
                key = keys[0] if i % 8 < 4 else keys[1]
                app.post_message(events.Key(key, key if len(key) == 1 else None))
                waited = time.perf_counter()
                while not acted:
                    await asyncio.sleep(0.0005)
                    if time.perf_counter() - waited > 30:
                        raise RuntimeError(f"{action}: no refresh after {key!r}")
                out.append(acted[0] - start)
                if cpu is not None:
                    cpu.append(cpu_acted[0] - cpu_start)
                await asyncio.sleep(gap)
    finally:
        setattr(PlayPuzzleScreen, action, line)
    return out


async def keys_at_a_rate(puzzle: Puzzle, rounds: int = 40, action: str = "action_mark",
                        keys: tuple[str, str] = ("t", "t"), first: str = "s",
                        period: float = 0.03, cpu: list[float] | None = None) -> list[float]:
    """Keys posted from a thread of their own every `period` seconds (key repeat, a paste
    over a slow link: the terminal does not wait for the app), each timed from its posting
    until the screen refreshed after its action. Unlike keys_on, whatever the app does
    after a frame (a progress save) is inside the next key's time."""
    import threading

    from textual import events

    from portia_tui.app.play import PlayApp, PlayPuzzleScreen, single_pack

    acted: list[float] = []
    line = getattr(PlayPuzzleScreen, action)

    def timed(screen, *args):
        result = line(screen, *args)
        screen.app.call_after_refresh(lambda: acted.append(time.perf_counter()))
        return result

    setattr(PlayPuzzleScreen, action, timed)
    posted: list[float] = []
    try:
        app = PlayApp(single_pack(puzzle), single=True)
        async with app.run_test(size=(160, 50)):
            while not isinstance(app.screen, PlayPuzzleScreen):
                await asyncio.sleep(0.001)
            if first:
                app.post_message(events.Key(first, first))
            await asyncio.sleep(0.3)
            acted.clear()
            cpu_start = time.process_time()

            def post() -> None:
                for i in range(rounds):
                    key = keys[0] if i % 8 < 4 else keys[1]
                    posted.append(time.perf_counter())
                    app.post_message(events.Key(key, key if len(key) == 1 else None))
                    time.sleep(period)

            thread = threading.Thread(target=post)
            thread.start()
            waited = time.perf_counter()
            while len(acted) < rounds:
                await asyncio.sleep(0.001)
                if time.perf_counter() - waited > 60:
                    raise RuntimeError(f"{action}: {len(acted)} of {rounds} keys refreshed")
            thread.join()
            if cpu is not None:
                cpu.append((time.process_time() - cpu_start) / rounds)
    finally:
        setattr(PlayPuzzleScreen, action, line)
    return [a - p for a, p in zip(acted, posted)]


def ms(x: float) -> str:
    return f"{x * 1000:8.1f}"


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1] if len(values) > 1 else values[0]


def row(label: str, times: list[float], target: str) -> None:
    print(f"{label:<58} {ms(statistics.median(times))} {ms(p90(times))} {target:>10}")


#: the keys timed side by side: name -> (label, shape, keys_on arguments)
KEY_ROWS = {
    f"{name}{k}": (f"key ({label}) -> screen refreshed, {k} x 10", k, args)
    for k in (3, 12)
    for name, label, args in (
        ("down", "down", {}),
        ("right", "right", {"action": "action_move", "keys": ("right", "left")}),
        ("mark", "t, a pencil mark", {"action": "action_mark", "keys": ("t", "t"),
                                      "first": "s"}),
        ("suppose", "s, suppose / stop", {"action": "action_suppose", "keys": ("s", "s")}),
    )
}
#: keys posted from a thread every 30 ms (see keys_at_a_rate)
for _k in (3, 12):
    KEY_ROWS[f"markrate{_k}"] = (f"t every 30 ms from a thread, {_k} x 10", _k,
                                 {"rate": True})
#: a mark, then escape back to the pack's list (see back_to_list)
for _k in (3, 12):
    KEY_ROWS[f"back{_k}"] = (f"escape after a mark -> the list shown, {_k} x 10", _k,
                             {"back": True})


async def back_to_list(k: int, rounds: int = 12) -> list[float]:
    """In a pack of two k x 10 puzzles: open the first (enter), suppose and mark (s t), then
    escape, timed from its posting until the list is on screen and refreshed (the screen
    change waits, at most 0.1 s, for the progress writer: the last mark on disk first)."""
    from textual import events

    from portia_tui.app.play import PlayApp, PlayPuzzleScreen
    from portia_tui.app.play.screens import PackScreen
    from portia_tui.core.packs.pack import Pack, PackPuzzle

    pack = Pack(title="bench", puzzles=(PackPuzzle("1", app_puzzle(k, 10), "unrated"),
                                        PackPuzzle("2", app_puzzle(k, 10), "unrated")))
    app = PlayApp(pack)
    out = []
    async with app.run_test(size=(160, 50)) as pilot:
        while not isinstance(app.screen, PackScreen):
            await asyncio.sleep(0.001)
        for _ in range(rounds):
            await pilot.press("enter")
            while not isinstance(app.screen, PlayPuzzleScreen):
                await asyncio.sleep(0.001)
            await asyncio.sleep(0.2)
            await pilot.press("s", "t")
            await asyncio.sleep(0.005)  # the mark's save is handed over after its frame
            shown: list[float] = []
            start = time.perf_counter()
            app.post_message(events.Key("escape", None))
            while not isinstance(app.screen, PackScreen):
                await asyncio.sleep(0.0005)
            app.call_after_refresh(lambda shown=shown: shown.append(time.perf_counter()))
            while not shown:
                await asyncio.sleep(0.0005)
            out.append(shown[0] - start)
            await asyncio.sleep(0.1)
    return out


def measure_open() -> dict:
    """Opening the 12 x 10 player against a minimal app with as many widgets, in
    alternation in this process: wall and CPU seconds of each open."""
    from bench_editor import Minimal, open_time

    big = app_puzzle(12, 10)
    _, widgets = asyncio.run(open_player(big))
    out: dict = {"widgets": widgets, "player": [], "minimal": [], "cpu_player": [],
                 "cpu_minimal": []}
    for _ in range(6):
        out["player"].append(asyncio.run(open_player(big, out["cpu_player"]))[0])
        out["minimal"].append(asyncio.run(open_time(lambda: Minimal(widgets),
                                                    out["cpu_minimal"]))[0])
    out["calls_player"] = open_calls(lambda: open_player(big))
    out["calls_minimal"] = open_calls(lambda: open_time(lambda: Minimal(widgets)))
    return out


def open_calls(opening) -> int:
    """Python function calls of one open (cProfile's count, `opening()` a coroutine): a
    load-free measure of the work an open does."""
    import cProfile
    import pstats

    profile = cProfile.Profile()
    profile.enable()
    asyncio.run(opening())
    profile.disable()
    return pstats.Stats(profile).total_calls  # type: ignore[attr-defined]


def measure(name: str):
    if name == "open":
        return measure_open()
    _label, k, args = KEY_ROWS[name]
    cpu: list[float] = []
    if args.get("back"):
        return {"times": asyncio.run(back_to_list(k)), "cpu": [0.0]}
    if args.get("rate"):
        times = asyncio.run(keys_at_a_rate(app_puzzle(k, 10), rounds=40, cpu=cpu))
        return {"times": times, "cpu": cpu}
    times = asyncio.run(keys_on(app_puzzle(k, 10), rounds=20, cpu=cpu, **args))
    return {"times": times, "cpu": cpu}


def baseline_tree(folder: Path) -> Path | None:
    """BASELINE's package unpacked under folder, or None without the git history."""
    from baseline_tree import unpack  # a sibling module: see its docstring

    return unpack(BASELINE, folder, "themes")


def run_side(tree: Path, name: str):
    """`measure(name)` in a process of its own, with `tree`'s package first on the path."""
    # each process starts from no saved progress: a supposition saved by one side's run
    # was restored by the next, and its `s` then took the supposition away (its `t` keys
    # only said "First suppose a casket")
    with tempfile.TemporaryDirectory(prefix="portia-bench-data-") as data:
        env = dict(os.environ, PYTHONPATH=str(tree), PORTIA_BENCH_TREE=str(tree),
                   PYTHONDONTWRITEBYTECODE="1", PORTIA_DATA_DIR=data)
        out = subprocess.run([sys.executable, "-P", str(Path(__file__).resolve()), "--worker",
                              name], capture_output=True, text=True, check=True, cwd="/",
                             env=env)
    return json.loads(out.stdout.strip().splitlines()[-1])


def app_main() -> None:
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"({os.cpu_count()} cores)")
    # PORTIA_BENCH_ROWS=suppose12,right12,open runs only those rows
    only = [r for r in os.environ.get("PORTIA_BENCH_ROWS", "").split(",") if r]
    with tempfile.TemporaryDirectory() as tmp:
        old = baseline_tree(Path(tmp))
        print(f"baseline ('before'): {BASELINE}")
        print(f"{'measure (ms)':<52} {'now: median':>11} {'p90':>8}  {'before: median':>14} "
              f"{'p90':>8} {'target':>10}")
        for name, (label, _k, _args) in KEY_ROWS.items():
            if only and name not in only:
                continue
            got: dict[str, dict[str, list[float]]] = {"now": {"times": [], "cpu": []},
                                                      "before": {"times": [], "cpu": []}}
            for _ in range(2):  # the two sides alternate
                for side, tree in (("now", ROOT), ("before", old)):
                    if tree is not None:
                        for what, values in run_side(tree, name).items():
                            got[side][what] += values
            for what, tail in (("times", ""), ("cpu", " (CPU)")):
                now, before = got["now"][what], got["before"][what]
                cells = f"{ms(statistics.median(now))} {ms(p90(now))}"
                was = (f"{ms(statistics.median(before))} {ms(p90(before))}" if before
                       else "(no baseline)")
                print(f"{label + tail:<52} {cells:>20}  {was:>23} "
                      f"{'p90 <= 100' if not tail else '':>10}")
        if not only or "open" in only:
            opens = [run_side(ROOT, "open")]
            if old is not None:
                opens.append(run_side(old, "open"))
            for side, got in zip(("now", "before"), opens):
                print(f"{side}: {got['widgets']} widgets on the player's screen")
                row(f"{side}: open a 12 x 10 puzzle in the player (wall)", got["player"], "")
                row(f"{side}: open a minimal app with as many widgets (wall)", got["minimal"], "")
                row(f"{side}: open the player (CPU)", got["cpu_player"], "")
                row(f"{side}: open the minimal app (CPU)", got["cpu_minimal"], "")
                if "calls_player" in got:
                    print(f"{side + ': Python calls per open, player / minimal':<58} "
                          f"{got['calls_player']:>8} {got['calls_minimal']:>8} "
                          f"{got['calls_player'] / got['calls_minimal']:>10.2f}")
                for what in ("", "cpu_"):
                    ratio = (statistics.median(got[what + "player"])
                             / statistics.median(got[what + "minimal"]))
                    print(f"{side + ': ratio player / minimal, ' + (what[:-1] or 'wall') + ' medians':<58} "
                          f"{ratio:8.2f} {'':>8} {'<= 1.5':>10}")
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        print(json.dumps(measure(sys.argv[2])))
    elif sys.argv[1:2] == ["--app"]:
        app_main()
    else:
        main()
        app_main()
