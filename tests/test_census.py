"""The census: exact counts, checked against brute force with the SAT analysis and against
the census as it was before it was factored by casket (tests/census_reference.py)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from portia_tui.cli import main
from portia_tui.core.solve import sat
from portia_tui.core.packs.census import census
from portia_tui.core.errors import PortiaError
from portia_tui.core.language.model import Casket, Puzzle
from portia_tui.core.solve.semantics import find_loops
from portia_tui.core.language.vocabulary import CLASSIC_KINDS, KINDS, Layout, options

from .census_reference import reference_census

NAMES = ("gold", "silver", "lead")


def brute(n, kinds):
    """(valid, valid unordered, valid loop-free) by analysing every puzzle with SAT."""
    layout = Layout(NAMES, (n,) * 3)
    menus = [options(layout, c, kinds) for c in range(3)]
    valid = unordered = loop_free = 0
    for combo in itertools.product(*(menus[c] for c in range(3) for _ in range(n))):
        caskets = tuple(Casket(NAMES[c], combo[c * n:(c + 1) * n]) for c in range(3))
        puzzle = Puzzle(caskets, 0)
        u = len(sat.analyse(puzzle).unique_m)
        valid += u
        if all(list(c.statements) == sorted(c.statements, key=menus[i].index)
               for i, c in enumerate(caskets)):
            unordered += u
        if not find_loops(puzzle):
            loop_free += u
    return valid, unordered, loop_free


def test_mackinnon_348():
    r = census(1, "portrait")
    assert r.valid == 348
    assert r.statement_sets == 216
    assert sum(r.valid_by_m) == 348


def test_full_vocabulary_n1_matches_brute_force():
    r = census(1, "classic")
    assert (r.valid, r.valid_unordered, r.valid_loop_free) == brute(1, None)
    assert r.valid == 1338 and r.valid_loop_free == 1284


@pytest.mark.parametrize("kinds", [("in", "other_false"), ("false", "other_true"),
                                   ("true", "other_false")])
def test_n2_subsets_match_brute_force(kinds):
    """Portrait with truth statements (15,625 SAT analyses) is left to the reference below."""
    r = census(2, kinds=kinds)
    assert (r.valid, r.valid_unordered, r.valid_loop_free) == brute(2, kinds)


def test_n2_full_numbers():
    r = census(2, "classic")
    assert r.statement_sets == 12 ** 6
    assert r.valid == 4436628
    assert r.valid_unordered == 715794
    assert r.valid_loop_free == 3153072
    assert r.valid_loop_free_unordered == 501291


def test_n2_portrait_and_n3_portrait_numbers():
    """n = 3 was measured with the census before the factorisation (16 s)."""
    r = census(2, "portrait")
    assert (r.valid, r.valid_unordered, r.valid_loop_free) == (91944, 18750, 91944)
    r = census(3, "portrait")
    assert r.statement_sets == 6 ** 9
    assert (r.valid, r.valid_unordered, r.valid_loop_free) == (21462000, 391494, 21462000)
    assert sum(r.valid_by_m) == r.valid


def figures(r):
    return (r.statement_sets, r.puzzles_with_a_valid_m, r.valid, r.valid_unordered,
            r.valid_loop_free, r.valid_loop_free_unordered, r.valid_by_m)


@settings(max_examples=30)
@given(st.sets(st.sampled_from(CLASSIC_KINDS), min_size=1))
def test_n1_equals_reference_for_every_vocabulary(kinds):
    kinds = tuple(k for k in KINDS if k in kinds)
    assert figures(census(1, kinds=kinds)) == figures(reference_census(1, kinds=kinds))


@settings(max_examples=6)
@given(st.sets(st.sampled_from(CLASSIC_KINDS), min_size=1, max_size=2))
def test_n2_restricted_equals_reference(kinds):
    kinds = tuple(k for k in KINDS if k in kinds)
    assert figures(census(2, kinds=kinds)) == figures(reference_census(2, kinds=kinds))


def test_n2_with_three_kinds_equals_reference():
    """Portrait, truth and "other" statements together: loops of every kind."""
    kinds = ("not_in", "false", "other_true")
    assert figures(census(2, kinds=kinds)) == figures(reference_census(2, kinds=kinds))


def test_an_empty_menu_counts_nothing():
    r = census(1, kinds=("other_true",))  # "other" needs two statements on a casket
    assert figures(r) == (0, 0, 0, 0, 0, 0, (0, 0, 0, 0))


def test_progress_reports_a_fixed_total_up_to_the_end():
    calls = []
    census(2, "classic", progress=lambda done, total: calls.append((done, total)))
    totals = {total for _, total in calls}
    assert len(totals) == 1
    done = [d for d, _ in calls]
    assert done == sorted(done) and done[-1] == calls[-1][1]


def test_too_large_is_refused():
    with pytest.raises(PortiaError, match="too many"):
        census(5, "classic")
    with pytest.raises(PortiaError, match="too many"):
        census(4, "classic")  # 12 options: the join of two caskets would be too large


def test_cli(capsys):
    assert main(["census", "-n", "1"]) == 0
    out = capsys.readouterr().out
    assert "348" in out
    assert main(["census", "-n", "1", "-q", "--vocabulary", "classic", "--json"]) == 0
    assert '"valid": 1338' in capsys.readouterr().out


@pytest.mark.parametrize("n", ["100000", "1000000000"])
def test_huge_n_is_one_line_at_once(n, capsys):
    """-n 100000 once crashed formatting a 30000-digit number; -n 10**9 hung computing it.
    Now -n is bounded up front (1 to 6), and the core's own check words n = 5."""
    with pytest.raises(SystemExit) as info:
        main(["census", "-n", n])
    assert info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "out of range: 1 to 6" in err[0]
    assert main(["census", "-n", "5"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "too many" in err[0]


def test_progress_bar_waits_a_second_then_shows(monkeypatch):
    from portia_tui.cli import census as cli

    clock = [100.0]
    monkeypatch.setattr(cli.time, "monotonic", lambda: clock[0])
    with cli._Bar(enabled=True) as bar:
        bar.update(1, 10)
        assert bar.progress is None  # under a second: no bar
        clock[0] += 1.5
        bar.update(2, 10)
        assert bar.progress is not None
        bar.update(10, 10)
        assert bar.progress.tasks[0].completed == 10
    with cli._Bar(enabled=False) as bar:
        clock[0] += 5
        bar.update(1, 10)
        assert bar.progress is None
