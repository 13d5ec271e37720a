"""The grader against a fresh hand-solved sample (tests/data/hand_sample_fresh.toml): 18
puzzles, solved by hand and rated 1-5 (16 generated ones before the grader's level was looked
at; see the file's header for R1 and F1).

A grader that sorts puzzles as a person feels them gives each level a higher mean felt rating
than the level below. Exact matches (felt 1 gentle, 2 steady, 3 tricky, 4 fiendish) were 10
of 16 when the sample was taken. With lids and pairs seen inside a case (the ring of three
liars is one case analysis, tricky) they are 10 of 18: gentle 1.75, steady 2.2, tricky 3.12.
The misses: three gentle puzzles felt as 2 (their wrong caskets fall to counting the portrait
statements alone, but I followed every statement), P07 felt 3 but steady (a pair under the
supposition), P03 and P05 felt 4 but tricky (the same ring as P11 and P16, felt 3: longer, not
deeper), P13 felt 2 but tricky, and F1, the one fiendish puzzle, felt 2: the grader does not
see that a casket bearing "the other statements on this casket are false" is never all false.
So fiendish is not yet felt harder than tricky (an expected failure below, until the grader
reads such lids; then the classic vocabulary has no fiendish puzzle at all, see issue 19).
"""

from __future__ import annotations

import tomllib
from statistics import mean

import pytest

from portia_tui.core.explain.difficulty import DIFFICULTIES, rate
from portia_tui.core.io import formats
from portia_tui.core.solve.engine import analyse

from .conftest import REPO

SAMPLE = tomllib.loads((REPO / "tests" / "data" / "hand_sample_fresh.toml").read_text())["sample"]
#: exact matches (a grader change that lowers it must say why)
EXACT = 10


def _graded():
    for s in SAMPLE:
        p = formats.loads(s["puzzle"], "native", s["id"])
        yield s, p, rate(p)


def test_the_hand_solutions_are_the_puzzles_answers():
    for s, p, _r in _graded():
        assert [p.names[i] for i in analyse(p).solutions(p.m)] == [s["answer"]], s["id"]


def _felt_by_level() -> dict[str, list[int]]:
    felt: dict[str, list[int]] = {d: [] for d in DIFFICULTIES}
    for s, _p, r in _graded():
        felt[r.level].append(s["felt"])
    return felt


def test_each_level_feels_harder_than_the_level_below():
    felt = _felt_by_level()
    means = [mean(felt[d]) for d in DIFFICULTIES[:-1]]
    assert all(len(felt[d]) >= 4 for d in DIFFICULTIES[:-1])
    assert means == sorted(means) and len(set(means)) == len(means), means


@pytest.mark.xfail(strict=True, reason="the grader's fiendish puzzles (F1) are solved without "
                   "cases once a lid that is never all false is read")
def test_fiendish_feels_harder_than_tricky():
    felt = _felt_by_level()
    assert len(felt["fiendish"]) >= 1
    assert mean(felt["fiendish"]) > mean(felt["tricky"])


def test_the_ring_of_three_liars_is_one_case_analysis():
    ring = next(p for s, p, _r in _graded() if s["id"] == "R1")
    got = rate(ring)
    assert (got.level, got.technique) == ("tricky", "split")
    assert got.needs == (None, "follow", "split")


def test_exact_matches():
    exact = sum(1 for s, _p, r in _graded() if s["felt"] == DIFFICULTIES.index(r.level) + 1)
    assert exact == EXACT
    assert len(SAMPLE) == 18
