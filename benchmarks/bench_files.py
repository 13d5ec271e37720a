"""What the bounded, total readers and the safe writes cost, side by side with the plain way
in one run (medians in ms, and the ratio): reading a puzzle (open().read() + parse vs
formats.load), reading a pack (and a pack of 4,000 puzzles: tomllib's parse alone vs the whole
read, which was quadratic before issue 21), an atomic write, and a progress save (lock, re-read, merge,
write) vs writing the same JSON atomically; then the progress write up to its rename (what
the player's screen change waits for) beside the whole write with the folder's fsync."""

from __future__ import annotations

import statistics
import tempfile
import time
import tomllib
from pathlib import Path

from portia_tui.core.io import formats
from portia_tui.core.io.files import atomic_write
from portia_tui.core.packs.generator import Settings, generate
from portia_tui.core.packs.pack import Pack, PackPuzzle, build_pack, load_pack, loads_pack, save_pack
from portia_tui.core.io.progress import ProgressStore


def median_ms(fn, repeat: int = 41) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def row(label: str, plain, safe, repeat: int = 41) -> None:
    a, b = median_ms(plain, repeat), median_ms(safe, repeat)
    print(f"{label:<34}{a:>10.3f}{b:>10.3f}{b / a:>8.2f}")


def main() -> None:
    s = Settings(n=3, count=200, seed=1).check()
    pack = build_pack(generate(s), s, created="2026-01-01T00:00:00+00:00")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        puzzle_file = folder / "p.toml"
        formats.save(pack.puzzles[0].puzzle, puzzle_file)
        pack_file = folder / "pack.toml"
        save_pack(pack, pack_file)
        print(f"{'':<34}{'plain':>10}{'safe':>10}{'ratio':>8}")
        row("read a puzzle (.toml)",
            lambda: formats.loads(open(puzzle_file, encoding="utf-8").read(), "native"),
            lambda: formats.load(puzzle_file))
        row("read a pack (200 puzzles)",
            lambda: loads_pack(open(pack_file, encoding="utf-8").read()),
            lambda: load_pack(pack_file), repeat=9)
        row("parse TOML only (pack text)",
            lambda: tomllib.loads(pack_file.read_text()),
            lambda: tomllib.loads(pack_file.read_text()), repeat=9)
        big = Pack(pack.title, tuple(PackPuzzle(f"{i:04d}", e.puzzle, e.difficulty, e.rating,
                                                e.solution)
                                     for i, e in enumerate(pack.puzzles * 20)))
        big_file = folder / "big.toml"
        save_pack(big, big_file)
        row("read a pack (4,000 puzzles; issue 21)",
            lambda: tomllib.loads(big_file.read_text()),
            lambda: load_pack(big_file), repeat=5)
        text = formats.dumps(pack.puzzles[0].puzzle, "native")

        def plain_write():
            with open(folder / "w.toml", "w", encoding="utf-8") as fh:
                fh.write(text)

        row("write a puzzle", plain_write,
            lambda: atomic_write(folder / "w2.toml", text, force=True))
        store = ProgressStore(folder / "progress.json")
        for p in range(50):
            prog = store.pack(f"pack{p}", "x")
            for i in range(40):
                prog.record(f"{i:03d}").seconds = i
        store.save()
        row("progress save (50 packs x 40)",
            lambda: atomic_write(folder / "plain.json", store.dumps(), force=True),
            store.save, repeat=15)
        renamed(folder / "renamed.json", store.dumps())


def renamed(path: Path, text: str, repeat: int = 41) -> None:
    """What the player's screen change waits for (issue 21): an atomic write up to its rename
    (atomic_write's placed=, LatestWriter.placed) and the whole write with its folder's
    fsync; medians and p90 in ms (a key's budget is 100 ms: SCREEN_CHANGE_WAIT)."""
    import os

    placed: list[float] = []
    whole: list[float] = []
    marks: list[float] = []
    for _ in range(repeat):
        start = time.perf_counter()
        atomic_write(path, text, force=True, placed=lambda: marks.append(time.perf_counter()))
        whole.append((time.perf_counter() - start) * 1000)
        placed.append((marks[-1] - start) * 1000)

    def p90(values: list[float]) -> float:
        return statistics.quantiles(values, n=10)[-1]

    print(f"progress write ({len(text.encode()) / 1024:.0f} KiB), ms: to the rename median "
          f"{statistics.median(placed):.2f} p90 {p90(placed):.2f}; with the folder's fsync "
          f"median {statistics.median(whole):.2f} p90 {p90(whole):.2f} (load average "
          f"{os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
