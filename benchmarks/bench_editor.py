"""Editor speed, measured through Textual's Pilot (headless, as a user's keys arrive).

(a) edit -> updated analysis painted, for a Portia-10 puzzle: the panels' text replaced in
    place (no relayout unless its height changes) and only the widgets that overlap a change
    rendered (editor/compositor.py) against the old way (every update relayouts the screen:
    analysis_panel.FORCE_RELAYOUT, and frames render Textual's way: compositor.ENABLED off),
    interleaved in one app (blocks of four edits each way); target: ratio <= 1/2
(c) marks: menu opened -> every entry marked, Portia-3 (target 150 ms) and Portia-10 (1 s),
    with how many entries were left undecided
(b) key press -> its effect painted while a 12-casket x 10-statement puzzle is being analysed
    (target: <= 100 ms); and a key in a statement menu while the Algorithm 2 assistant is
    checking that menu's 48 entries in a worker thread
Times are taken inside the app (the analysis handler, the action, the next painted frame).
plus, for information: opening the 12 x 10 editor (120 menus) and adding a row to it.

Run: .venv/bin/python benchmarks/bench_editor.py   (or `make bench`)
"""

from __future__ import annotations

import asyncio
import math
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

from portia_tui.app.editor.app import EditorApp  # noqa: E402
from portia_tui.core.author.editing import EditorModel  # noqa: E402
from portia_tui.app.editor.screens.editor import EditorScreen  # noqa: E402
from portia_tui.app.editor import compositor  # noqa: E402
from portia_tui.app.editor.widgets import analysis_panel  # noqa: E402
from portia_tui.app.editor.widgets.analysis_panel import AnalysisPanel  # noqa: E402
from textual import events  # noqa: E402
from textual.screen import Screen  # noqa: E402
from textual.widgets import OptionList  # noqa: E402
from portia_tui.app.editor.messages import SlotMenuRequested  # noqa: E402
from portia_tui.app.editor.screens.menu import MenuScreen  # noqa: E402
from portia_tui.core.language.model import Puzzle  # noqa: E402
from portia_tui.core.language.vocabulary import Statement  # noqa: E402

SIZE = (160, 50)


def random_puzzle(names: list[str], n: int, m: int, seed: int) -> Puzzle:
    rng = random.Random(seed)
    puzzle = Puzzle.build({name: [Statement("not_in", name)] * n for name in names}, m=m)
    for ci in range(len(names)):
        for pos in range(n):
            puzzle = puzzle.with_statement(ci, pos, rng.choice(puzzle.options(ci)))
    return puzzle


def loopy_puzzle() -> Puzzle:
    """12 caskets x 10: nine 'the other statements are true' per casket (undetermined loops)."""
    names = [f"c{i}" for i in range(12)]
    return Puzzle.build({name: [Statement("other_true")] * 9 + [Statement("in", name)]
                         for name in names}, m=5)


class Clock:
    """In-app timestamps: when an analysis was shown, when an action ran, when a frame
    was painted. Pilot's own waits sleep until the whole process (worker threads included)
    is idle, so timing pilot calls would measure the workers, not the keys."""

    def __init__(self) -> None:
        self.frames: list[float] = []
        self.shown: dict[int, float] = {}
        self.actions: list[tuple[float, bool]] = []
        self._arrived: asyncio.Event | None = None

    async def wait_shown(self, generation: int) -> None:
        """Until the analysis of `generation` is shown: woken by the panel, not polled (a
        polling loop would take main-thread time from the app it measures)."""
        try:
            while generation not in self.shown:
                self._arrived = asyncio.Event()
                await self._arrived.wait()
        finally:
            self._arrived = None  # an event of this loop: never set from a later one

    def install(self) -> None:
        clock = self
        screen_cls = EditorScreen
        refresh = Screen._compositor_refresh
        show = AnalysisPanel.show
        toggle = screen_cls.action_toggle_values

        def timed_refresh(screen):
            result = refresh(screen)
            clock.frames.append(time.perf_counter())
            return result

        def timed_show(panel, report):
            result = show(panel, report)
            clock.shown.setdefault(report.request.generation, time.perf_counter())
            if clock._arrived is not None:
                clock._arrived.set()
            return result

        def timed_toggle(screen):
            busy = any(w.is_running for w in screen.app.workers
                       if w.group in ("analysis", "marks"))
            result = toggle(screen)
            clock.actions.append((time.perf_counter(), busy))
            return result

        down = OptionList.action_cursor_down

        def timed_down(option_list):
            busy = any(w.is_running for w in option_list.app.workers if w.group == "marks")
            result = down(option_list)
            clock.actions.append((time.perf_counter(), busy))
            return result

        OptionList.action_cursor_down = timed_down
        Screen._compositor_refresh = timed_refresh
        AnalysisPanel.show = timed_show
        screen_cls.action_toggle_values = timed_toggle

    def painted_after(self, t: float) -> float:
        return next((f for f in self.frames if f >= t), float("nan"))


async def wait_shown(app, pilot, limit: float = 5.0) -> None:
    start = time.perf_counter()
    while app.editor.shown_generation != app.model.generation:
        await asyncio.sleep(0.001)
        if time.perf_counter() - start > limit:
            raise RuntimeError("analysis never arrived")
    await pilot.pause()


async def bench_edit_to_analysis(clock: Clock, rounds: int = 48
                                 ) -> tuple[list[float], list[float]]:
    """Edit -> its analysis painted, the two repaints interleaved in one app: blocks of four
    edits (three picks from a slot's menu, one m change) alternate between the in-place
    update and the old relayouting one (analysis_panel.FORCE_RELAYOUT, Textual's own
    frames), so both ways see the
    same puzzle sizes, the same kinds of edit and the same machine load. Returns (in place,
    old relayout), seconds per edit."""
    clock.shown.clear()
    puzzle = random_puzzle(["gold", "silver", "lead"], 10, 10, seed=7)
    app = EditorApp(EditorModel.new(puzzle))
    new: list[float] = []
    old: list[float] = []
    rng = random.Random(1)
    async with app.run_test(size=SIZE) as pilot:
        await wait_shown(app, pilot)
        for i in range(rounds):
            relayout = (i // 4) % 2 == 1
            analysis_panel.FORCE_RELAYOUT = relayout
            compositor.ENABLED = not relayout
            ci, pos = rng.randrange(3), rng.randrange(10)
            slot = app.editor.slot_at(ci, pos)
            choices = [c for c in app.model.puzzle.options(ci) if c != slot.statement]
            start = time.perf_counter()
            if i % 4 == 3:
                await app.editor.run_action("m_up" if app.model.puzzle.m < 20 else "m_down")
            else:
                # what choosing from the slot's menu does
                await app.editor.pick(ci, pos, rng.choice(choices))
            generation = app.model.generation
            await clock.wait_shown(generation)
            await asyncio.sleep(0.05)  # let the frame be painted
            (old if relayout else new).append(
                clock.painted_after(clock.shown[generation]) - start)
    analysis_panel.FORCE_RELAYOUT = False
    compositor.ENABLED = True
    return new, old


async def bench_marks(n: int, rounds: int = 6) -> tuple[list[float], int, int]:
    """Open a menu on a half-filled Portia-n puzzle; time until its marks are on screen."""
    from portia_tui.core.language.vocabulary import EMPTY

    puzzle = random_puzzle(["gold", "silver", "lead"], n, n, seed=3)
    rng = random.Random(5)
    for i in rng.sample(range(3 * n), (3 * n) // 2):
        ci = puzzle.owner(i)
        puzzle = puzzle.with_statement(ci, i - puzzle.layout.offset(ci), EMPTY)
    app = EditorApp(EditorModel.new(puzzle, target=0))
    out, undecided, entries = [], 0, 0
    async with app.run_test(size=SIZE) as pilot:
        await wait_shown(app, pilot)
        for r in range(rounds):
            ci, pos = r % 3, (r * 7) % n
            app.editor.slot_at(ci, pos).focus()
            await pilot.pause()
            await app.workers.wait_for_complete()
            app.editor._marks_found = None
            app.editor.jobs.marks = None  # as if the slot had never been looked at
            start = time.perf_counter()
            app.editor.post_message(SlotMenuRequested(ci, pos))
            while not isinstance(app.screen, MenuScreen) or app.screen.marks is None:
                await asyncio.sleep(0.0005)
                if time.perf_counter() - start > 30:
                    raise RuntimeError("marks never arrived")
            out.append(time.perf_counter() - start)
            undecided += app.screen.marks.count("undecided")
            entries += len(app.screen.marks)
            app.post_message(events.Key("escape", None))
            while isinstance(app.screen, MenuScreen):
                await asyncio.sleep(0.001)
    return out, undecided, entries


async def bench_key_while_analysing(clock: Clock, assistant: bool, rounds: int = 15):
    """assistant=False: edit (the analysis starts), then 'v' at once.
    assistant=True: open a menu (the assistant starts marking its 48 entries, ~0.3 s of SAT
    in a thread) and press 'down' in it at once."""
    clock.shown.clear()
    app = EditorApp(EditorModel.new(loopy_puzzle()))
    start = time.perf_counter()
    keys: list[tuple[float, bool]] = []
    async with app.run_test(size=SIZE) as pilot:
        await wait_shown(app, pilot, 30)
        opened = clock.painted_after(clock.shown[0]) - start
        app.editor.slot_at(0, 0).focus()
        await pilot.pause()
        t = time.perf_counter()
        await app.editor.run_action("add_row")  # 12 new slots, all renumbered
        generation = app.model.generation
        await clock.wait_shown(generation)
        await asyncio.sleep(0.05)
        add_row = clock.painted_after(clock.shown[generation]) - t
        await app.workers.wait_for_complete()
        for i in range(rounds):
            # an edit starts the analysis in a worker thread
            await app.editor.run_action("m_down" if i % 2 else "m_up")
            if assistant:
                app.editor.post_message(SlotMenuRequested(0, i % 5))
                while not isinstance(app.screen, MenuScreen):
                    await asyncio.sleep(0.0005)
                key = events.Key("down", None)
            else:
                key = events.Key("v", "v")
            await asyncio.sleep(0.002)
            clock.actions.clear()
            t = time.perf_counter()
            app.post_message(key)
            while not clock.actions:
                await asyncio.sleep(0.0005)
            await asyncio.sleep(0.05)
            done, busy = clock.actions[0]
            keys.append((clock.painted_after(done) - t, busy))
            if assistant:
                app.post_message(events.Key("escape", None))
                while isinstance(app.screen, MenuScreen):
                    await asyncio.sleep(0.001)
            await app.workers.wait_for_complete()
    return keys, opened, add_row


def ms(x: float) -> str:
    return f"{x * 1000:7.1f}"


def main() -> None:
    clock = Clock()
    clock.install()
    edits, old_edits = [], []
    for _ in range(2):  # the two ways interleaved, so both see the same machine
        got, got_old = asyncio.run(bench_edit_to_analysis(clock, rounds=48))
        edits += got
        old_edits += got_old
    plain, opened, add_row = asyncio.run(bench_key_while_analysing(clock, assistant=False))
    helped, _, _ = asyncio.run(bench_key_while_analysing(clock, assistant=True))
    q = statistics.quantiles

    def row(label: str, values: list[float], target: str) -> None:
        print(f"{label:<68} {ms(statistics.median(values)):>9} {ms(q(values, n=10)[-1]):>7}"
              f" {ms(max(values)):>7} {target:>8}")

    print(f"{'measure':<68} {'median ms':>9} {'p90 ms':>7} {'max ms':>7} {'target':>8}")
    row(f"(a) edit -> analysis painted, Portia-10, in place, n={len(edits)}", edits, "")
    row(f"(a) edit -> analysis painted, Portia-10, old relayout, n={len(old_edits)}",
        old_edits, "")
    ratio = statistics.median(edits) / statistics.median(old_edits)
    print(f"{'(a) ratio in place / old relayout (medians)':<68} {ratio:>9.2f} {'':>7} {'':>7}"
          f" {'<= 0.5':>8}")
    for name, timed in (("edit, analysis running", plain),
                        ("menu, assistant marking it", helped)):
        # a key whose action changed nothing on screen ('v' before the values arrive) has
        # no frame to wait for: counted apart, not as NaN in the statistics
        painted = [(k, b) for k, b in timed if not math.isnan(k)]
        busy = sum(b for _, b in painted)
        row(f"(b) key -> painted, 12 x 10, {name} ({busy}/{len(painted)} busy, "
            f"{len(timed) - len(painted)} unpainted)", [k for k, _ in painted], "<= 100")
    print(f"{'open the 12 x 10 editor (120 slots) to first analysis':<68} {ms(opened):>9}")
    print(f"{'add a row to 12 x 10 (12 new slots) to analysis painted':<68} {ms(add_row):>9}")
    for n, target in ((3, "<= 150"), (10, "<= 1000")):
        times, undecided, entries = asyncio.run(bench_marks(n))
        row(f"(c) menu opened -> marks shown, Portia-{n} ({undecided}/{entries} undecided)",
            times, target)


if __name__ == "__main__":
    main()
