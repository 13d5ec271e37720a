"""Census speed: the census factored by casket against the census before it, side by side.

Targets (issue 9): census n = 2 classic (the six kinds of Definition 1, called "full" when
issue 9 was written) <= 1/5 of the census before (tests/census_reference.py,
same process, runs interleaved); `portia census -n 3 --vocabulary portrait` <= 2 s as a whole
process. Medians; the other rows are for the record.
"""

from __future__ import annotations

import compileall
import statistics
import subprocess
import sys
import time
from pathlib import Path

from portia_tui.core.packs.census import census

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.census_reference import reference_census  # noqa: E402


def seconds(fn, *args, **kw) -> float:
    start = time.perf_counter()
    fn(*args, **kw)
    return time.perf_counter() - start


def side_by_side() -> None:
    census(1, "classic")  # warm up (imports, first numpy calls)
    fast, before = [], []
    for _ in range(3):
        before.append(seconds(reference_census, 2, "classic"))
        for _ in range(3):
            fast.append(seconds(census, 2, "classic"))
    f, b = statistics.median(fast), statistics.median(before)
    print(f"{'census n=2 classic':<36}{'median':>12}")
    print(f"{'  before (reference)':<36}{b * 1000:>9.1f} ms")
    print(f"{'  factored by casket':<36}{f * 1000:>9.1f} ms")
    print(f"{'  ratio factored / before':<36}{f / b:>12.3f}   target <= 0.2 "
          f"({'met' if f / b <= 0.2 else 'MISSED'})")


def process() -> None:
    import portia_tui

    compileall.compile_dir(str(Path(portia_tui.__file__).parent), quiet=1)
    script = Path(sys.executable).with_name("portia")
    cmd = ([str(script)] if script.exists() else [sys.executable, "-m", "portia_tui"])
    cmd += ["census", "-n", "3", "--vocabulary", "portrait", "-q"]
    subprocess.run(cmd, check=True, capture_output=True)
    times = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    med = statistics.median(times)
    print(f"{'portia census -n 3 (whole process)':<36}{med * 1000:>9.1f} ms   target <= 2000 ms "
          f"({'met' if med <= 2 else 'MISSED'})")


def table() -> None:
    print()
    print(f"{'census (in process)':<36}{'median':>12}{'valid':>18}")
    for n, vocab, runs in ((1, "portrait", 9), (1, "classic", 9), (2, "portrait", 9),
                           (3, "portrait", 5), (4, "portrait", 3), (3, "classic", 3)):
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            r = census(n, vocab)
            times.append(time.perf_counter() - start)
        print(f"{f'n={n} {vocab}':<36}{statistics.median(times) * 1000:>9.1f} ms{r.valid:>18,}")


if __name__ == "__main__":
    side_by_side()
    process()
    table()
