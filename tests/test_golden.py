"""Golden outputs: `portia solve` (plain, --json, --explain), ratings, hints and values, byte for
byte, on puzzles/*.toml and tests/golden/examples/*.toml (loop-free, every loop kind, unequal
counts, partial puzzles, more cases than the deduction story lists).

The corpus (../shared/corpus/thesis-25) is pinned by a hash of the same outputs when present.

Regenerate (only when an output is meant to change): PORTIA_GOLDEN=write pytest tests/test_golden.py
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
from pathlib import Path

import pytest

from portia_tui.cli import main
from portia_tui.core.io import formats
from portia_tui.core.io.formats.native import needs_rules_format

from .conftest import REPO, shared_dir

GOLDEN = REPO / "tests" / "golden"
FILES = sorted((REPO / "puzzles").glob("*.toml")) + sorted((GOLDEN / "examples").glob("*.toml"))
# the whole rulebook's puzzles (format 2) are pinned by tests/test_puzzles.py and
# tests/test_rulebook.py; the golden outputs are the thesis language's
FILES = [p for p in FILES if formats.load(p) is not None
         and not needs_rules_format(formats.load(p))]
WRITE = os.environ.get("PORTIA_GOLDEN") == "write"
SHARED = shared_dir()
CORPUS = SHARED / "corpus" / "thesis-25" if SHARED else None
CORPUS_FILES = sorted(CORPUS.glob("*.txt")) if CORPUS and CORPUS.is_dir() else []


def _run(*argv: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(list(argv))
    return f"[exit {code}]\n{out.getvalue()}"


def _values(v) -> str:
    return "none" if v is None else "".join("?" if x is None else "TF"[not x] for x in v)


def outputs(path: Path) -> str:
    """Everything pinned for one puzzle file, as one text."""
    puzzle = formats.load(path)
    parts = [f"== solve\n{_run('solve', str(path))}", f"== solve --json\n{_run('solve', str(path), '--json')}"]
    # an empty slot has no sentence to explain, and with m open there is nothing to judge
    playable = not puzzle.empty_slots and puzzle.m is not None
    if playable:
        parts.append(f"== solve --explain\n{_run('solve', str(path), '--explain')}")
        parts.append(f"== solve --json --explain\n{_run('solve', str(path), '--json', '--explain')}")
    from portia_tui.core import analyse

    analysis = analyse(puzzle)
    if hasattr(analysis, "values"):
        values = analysis.values
    else:  # before the casket engine: the SAT engine's values
        from portia_tui.core.solve.sat import SatEngine

        values = SatEngine(puzzle).values
    lines = ["== values (any m; puzzle's m)"]
    for p, name in enumerate(puzzle.names):
        both = [_values(values(p))]
        if puzzle.m is not None:
            both.append(_values(values(p, puzzle.m)))
        lines.append(f"{name}: {' '.join(both)}")
    parts.append("\n".join(lines) + "\n")
    if playable:
        from portia_tui.core.explain.difficulty import rate
        from portia_tui.core.explain.hints import Coach

        coach = Coach(puzzle)
        lines = ["== rating", rate(puzzle).describe(), "== hints"]
        for h in coach.ladder:
            lines += [f"-- {h.level} {h.title} ({h.placement}) out {list(h.rules_out)} "
                      f"fits {list(h.fits)}", h.text]
        lines.append("== judge")
        for p in range(len(puzzle.caskets)):
            lines.append(coach.judge(p).text)
        lines.append(f"== first placement excluding 0: {coach.first_placement([0])}")
        parts.append("\n".join(lines) + "\n")
    return "".join(parts)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_golden(path):
    got = outputs(path)
    want_path = GOLDEN / "out" / f"{path.parent.name}-{path.stem}.txt"
    if WRITE:
        want_path.parent.mkdir(exist_ok=True)
        want_path.write_text(got)
    assert got == want_path.read_text()


@pytest.mark.skipif(not CORPUS_FILES, reason="../shared/corpus/thesis-25 is not here")
def test_golden_corpus():
    got = {p.name: hashlib.sha256(outputs(p).encode()).hexdigest() for p in CORPUS_FILES}
    want_path = GOLDEN / "corpus-sha256.json"
    if WRITE:
        want_path.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n")
    assert got == json.loads(want_path.read_text())
