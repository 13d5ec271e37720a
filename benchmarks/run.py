"""`make bench`: run every benchmarks/bench_*.py in turn (each prints its own table)."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    only = sys.argv[1:]
    for path in sorted(HERE.glob("bench_*.py")):
        if only and not any(o in path.stem for o in only):
            continue
        print(f"== {path.stem} ==", flush=True)
        runpy.run_path(str(path), run_name="__main__")
        print(flush=True)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    raise SystemExit(main())
