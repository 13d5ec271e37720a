"""The grader against a fresh hand-solved sample (tests/data/hand_sample_fresh.toml): 20
puzzles, solved by hand and rated 1-5 (16 generated ones before the grader's level was looked
at; see the file's header for R1 and F1-F3).

A grader that sorts puzzles as a person feels them gives each level a higher mean felt rating
than the level below. Exact matches (felt 1 gentle, 2 steady, 3 tricky, 4 fiendish) were 10
of 16 when the sample was taken. With lids and pairs seen inside a case, a lid that is never
all false read at once, and counts judged against m and the rules, they are 12 of 20: gentle
1.75, steady 2.25, tricky 3.29, fiendish 3 (F3 alone). The misses: three gentle puzzles felt as
2 (their wrong caskets fall to counting the portrait statements alone, but I followed every
statement), P07 and P10 felt 3 but steady (a pair under the supposition; a lid never all
false), P03 and P05 felt 4 but tricky (the same ring as P11 and P16, felt 3: longer, not
deeper), and F3, the one fiendish puzzle left, felt 3: one split whose second case reads a lid
with two states (all true, or one true), where the grader splits again. So fiendish is not yet
felt harder than tricky (an expected failure below): no puzzle the grader rates fiendish was
felt as 4, and none felt as 4 was found among the generated ones.
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
EXACT = 12


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


@pytest.mark.xfail(strict=True, reason="the grader's one fiendish puzzle (F3) is solved by hand "
                   "with one split and a lid of two states (felt 3, as tricky)")
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
    assert len(SAMPLE) == 20
