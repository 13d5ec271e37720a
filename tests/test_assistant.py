"""The assistant's judgement (core/author/assistant.py), checked against the brute-force analysis."""

from __future__ import annotations

from hypothesis import given, settings

from . import brute
from portia_tui.core.author.assistant import EXCEEDED, PARADOX, REACHED, SHORT, SKIPPED, assess
from portia_tui.core.language.model import default_puzzle

from .strategies import puzzles


def test_default_puzzle_standings():
    puzzle = default_puzzle()
    analysis = brute.analyse(puzzle)
    (sol,) = analysis.solutions(puzzle.m)
    report = assess(analysis, sol, puzzle.m)
    assert report.standing == REACHED and report.unique and report.rivals == ()
    low = assess(analysis, sol, 0)
    if min(analysis.true_counts[sol]) > 0:
        assert low.standing == EXCEEDED and low.excess == min(analysis.true_counts[sol])
    high = assess(analysis, sol, puzzle.size)
    if max(analysis.true_counts[sol]) < puzzle.size:
        assert high.standing == SHORT
        assert high.missing == puzzle.size - max(analysis.true_counts[sol])


@settings(max_examples=60, deadline=None)
@given(puzzles(max_statements=6))
def test_standing_matches_the_counts(puzzle):
    analysis = brute.analyse(puzzle)
    for target in range(len(puzzle.caskets)):
        counts = analysis.true_counts[target]
        for m in range(puzzle.size + 1):
            report = assess(analysis, target, m)
            expected = (
                PARADOX if not counts
                else REACHED if m in counts
                else EXCEEDED if min(counts) > m
                else SHORT if max(counts) < m
                else SKIPPED
            )
            assert report.standing == expected
            fitting = analysis.solutions(m)
            assert report.fits == (target in fitting)
            assert report.unique == (tuple(fitting) == (target,))
            assert set(report.rivals) == set(fitting) - {target}
