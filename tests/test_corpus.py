"""The thesis corpus (../shared/corpus/thesis-25): every answer exact. Skips without ../shared."""

from __future__ import annotations

import tomllib

import pytest

from portia_tui.core.solve import engine
from portia_tui.core.io import formats
from portia_tui.core.solve import sat

from .conftest import shared_dir

SHARED = shared_dir()
CORPUS = SHARED / "corpus" / "thesis-25" if SHARED else None
#: what a skipped run prints (pytest -ra shows it): why, and how to run these tests
SKIP_REASON = (
    "the thesis corpus is not here: these tests read corpus/thesis-25/expected.toml in the "
    "project's shared folder (../shared beside the checkout). To run them, put that folder "
    "there or point PORTIA_SHARED at it: PORTIA_SHARED=/path/to/shared make test")
EXPECTED = (
    tomllib.loads((CORPUS / "expected.toml").read_text())
    if CORPUS and (CORPUS / "expected.toml").exists()
    else {}
)


@pytest.mark.skipif(not EXPECTED, reason=SKIP_REASON)
@pytest.mark.parametrize("name", sorted(EXPECTED) or ["none"])
def test_corpus_puzzle(name):
    want = EXPECTED[name]
    puzzle = formats.load(CORPUS / name)
    assert puzzle.n == want["n"] and puzzle.m == want["m"]
    for analysis in (sat.analyse(puzzle), engine.analyse(puzzle)):
        assert analysis.solution_names() == want["solutions"]
        assert list(analysis.unique_m) == want["unique_m"]
        counts = {puzzle.names[i]: sorted(c) for i, c in enumerate(analysis.true_counts)}
        assert counts == want["true_counts"]


@pytest.mark.skipif(not EXPECTED, reason=SKIP_REASON)
def test_corpus_is_complete():
    assert len(EXPECTED) == 25


@pytest.mark.skipif(not EXPECTED, reason=SKIP_REASON)
@pytest.mark.parametrize("name", sorted(EXPECTED) or ["none"])
def test_corpus_round_trips_through_every_format(name, tmp_path):
    puzzle = formats.load(CORPUS / name)
    for ext in (".toml", ".txt", ".json"):
        out = tmp_path / f"p{ext}"
        formats.save(puzzle, out)
        again = formats.load(out)
        assert again.caskets == puzzle.caskets and again.m == puzzle.m
