"""What ranking the clues costs the truth-puzzle editor's analysis: on pages with several
answers, the core's analysis alone (core/author/world_marks.analyse: answers and single-fact
clues) beside the same analysis with the clues that name no one and the ranking
(app/world_editor/analysis.ranked_clues), side by side in one run, median of REPEATS each.
The machine's load is printed with them.

Run: .venv/bin/python benchmarks/bench_clue_rank.py   (or `make bench`)
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from portia_tui.app.world_editor.analysis import ranked_clues  # noqa: E402
from portia_tui.core.author import world_editing as we  # noqa: E402
from portia_tui.core.author.world_marks import analyse  # noqa: E402

REPEATS = 7


def pages() -> list[tuple[str, we.Draft]]:
    kk = we.blank("knights-knaves", 3).with_statement("A", "B is a knave") \
        .with_statement("B", "C is a knave")
    six = we.blank("knights-knaves", 6)
    for a, b in zip("ABCDE", "BCDEF"):
        six = six.with_statement(a, f"{b} is a knave")
    normals = we.blank("knights-knaves", 4, modes=we.parse_modes("knights-knaves",
                                                                 "knight,knave,normal"))
    normals = normals.with_statement("A", "B is a knave").with_statement("B", "I am a knight") \
        .with_statement("C", "A is a normal")
    wolves = we.blank("werewolves", 4).with_statement("A", "B is a werewolf") \
        .with_statement("B", "I am a knave or C is a knight")
    lab = we.loads((ROOT / "puzzles" / "truth" / "labyrinth.toml").read_text())
    return [("knights-knaves 3, chain", kk), ("knights-knaves 6, chain", six),
            ("with normals 4", normals), ("werewolves 4", wolves), ("labyrinth", lab)]


def median_ms(fn) -> float:
    times = []
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def main() -> None:
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'page':26} {'answers':>7} {'clues':>9} {'analysis':>10} {'+ ranked':>10} "
          f"{'ratio':>6}")
    for name, draft in pages():
        found = analyse(draft, seconds=30)
        ranked = ranked_clues(draft, found, time.monotonic() + 30)
        alone = median_ms(lambda d=draft: analyse(d, seconds=30))
        both = median_ms(lambda d=draft: ranked_clues(d, analyse(d, seconds=30),
                                                      time.monotonic() + 30))
        print(f"{name:26} {found.count:7} {len(found.clues):3} -> {len(ranked):3} "
              f"{alone:7.1f} ms {both:7.1f} ms {both / alone:6.2f}", flush=True)


if __name__ == "__main__":
    main()
