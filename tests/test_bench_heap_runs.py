"""`make bench` (benchmarks/run.py, which passes its filters in argv) runs both of
bench_heap's tables: the editor back from the player (`--return`) was left out."""

from __future__ import annotations

import runpy

from .conftest import REPO


def test_make_bench_runs_the_return_table_too(monkeypatch):
    bench = runpy.run_path(str(REPO / "benchmarks" / "bench_heap.py"), run_name="bench_heap")
    ran = []
    monkeypatch.setitem(bench["cli"].__globals__, "main", lambda: ran.append("main"))
    monkeypatch.setitem(bench["cli"].__globals__, "main_return", lambda: ran.append("return"))
    bench["cli"](["heap"])  # as run.py runs it: `make bench heap`
    assert ran == ["main", "return"]
    ran.clear()
    bench["cli"](["--return"])
    assert ran == ["return"]
