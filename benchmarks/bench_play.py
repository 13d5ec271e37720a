"""What the player computes when a puzzle opens and on each key: Coach (SAT analysis), each
hint step, a verdict and the explanation; and a progress save. Prints a table (ms).

Then the app through Textual's Pilot (headless, public hooks only): opening a 12 x 10 puzzle
until its screen has refreshed, against a minimal Textual app with the same number of
widgets (target <= 1.5x, medians taken in alternation), and a key (down: the next
statement; right: the next casket) posted as a terminal would, until the screen refreshed
after its action, at 3 x 10 and 12 x 10."""

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
sys.path.insert(0, str(Path(__file__).resolve().parent))
_home = tempfile.mkdtemp(prefix="portia-bench-")
os.environ.setdefault("PORTIA_CONFIG_DIR", os.path.join(_home, "config"))
os.environ.setdefault("PORTIA_DATA_DIR", os.path.join(_home, "data"))

from portia_tui.core.explain.hints import Coach
from portia_tui.core.language.model import Puzzle
from portia_tui.core.io.progress import ProgressStore
from portia_tui.core.language.vocabulary import Layout, options

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
        hints = sum(timed(lambda c=Coach(p): [c.hint(i) for i in (1, 2, 3)], 1)
                    for p in puzzles) / len(puzzles)
        verdicts = sum(timed(lambda c=c: [c.judge(i) for i in range(k)], 3)
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


async def open_player(puzzle: Puzzle) -> tuple[float, int]:
    """Construction to the first refresh of the puzzle screen; the widgets on it."""
    from portia_tui.app.play import PlayApp, PlayPuzzleScreen, single_pack

    done: list[float] = []
    start = time.perf_counter()
    app = PlayApp(single_pack(puzzle), single=True)
    async with app.run_test(size=(160, 50)):
        while not isinstance(app.screen, PlayPuzzleScreen) or not app.screen.is_mounted:
            await asyncio.sleep(0.001)
        app.call_after_refresh(lambda: done.append(time.perf_counter()))
        while not done:
            await asyncio.sleep(0.001)
        widgets = len(list(app.screen.walk_children()))
    return done[0] - start, widgets


async def keys_on(puzzle: Puzzle, rounds: int = 30, action: str = "action_line",
                  keys: tuple[str, str] = ("down", "up"), first: str = "") -> list[float]:
    """A key (down then up; or right then left, action_move; or t, action_mark, after s)
    posted as a terminal would, until the screen refreshed after its action."""
    from textual import events

    from portia_tui.app.play import PlayApp, PlayPuzzleScreen, single_pack

    acted: list[float] = []
    line = getattr(PlayPuzzleScreen, action)

    def timed(screen, delta):
        result = line(screen, delta)
        screen.app.call_after_refresh(lambda: acted.append(time.perf_counter()))
        return result

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
                start = time.perf_counter()
                key = keys[0] if i % 8 < 4 else keys[1]
                app.post_message(events.Key(key, key if len(key) == 1 else None))
                while not acted:
                    await asyncio.sleep(0.0005)
                out.append(acted[0] - start)
                await asyncio.sleep(0.02)
    finally:
        setattr(PlayPuzzleScreen, action, line)
    return out


def app_main() -> None:
    from bench_editor import Minimal, open_time, row

    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"({os.cpu_count()} cores)")
    print(f"{'measure':<58} {'median ms':>8} {'p90 ms':>8} {'target':>10}")
    for k, n in ((3, 10), (12, 10)):
        times = asyncio.run(keys_on(app_puzzle(k, n)))
        row(f"key (down) -> screen refreshed, {k} x {n}, n={len(times)}", times, "p90 <= 100")
        times = asyncio.run(keys_on(app_puzzle(k, n), action="action_move",
                                    keys=("right", "left")))
        row(f"key (right) -> screen refreshed, {k} x {n}, n={len(times)}", times,
            "p90 <= 100")
        times = asyncio.run(keys_on(app_puzzle(k, n), action="action_mark", keys=("t", "t"),
                                    first="s"))
        row(f"key (t, a pencil mark) -> screen refreshed, {k} x {n}, n={len(times)}", times,
            "p90 <= 100")
    big = app_puzzle(12, 10)
    _, widgets = asyncio.run(open_player(big))
    player, minimal = [], []
    for _ in range(6):
        player.append(asyncio.run(open_player(big))[0])
        minimal.append(asyncio.run(open_time(lambda: Minimal(widgets)))[0])
    row("open a 12 x 10 puzzle in the player to its first refresh", player, "")
    row(f"open a minimal app with {widgets} widgets", minimal, "")
    ratio = statistics.median(player) / statistics.median(minimal)
    print(f"{'ratio player / minimal (medians)':<58} {ratio:8.2f} {'':>8} {'<= 1.5':>10}")
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
    app_main()
