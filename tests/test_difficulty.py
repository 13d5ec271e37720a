"""The difficulty rating: a documented ladder read off the deduction solver's work."""

from __future__ import annotations

from portia_tui.core.difficulty import (DIFFICULTIES, level_of, max_score_loop_free, rate)
from portia_tui.core.generator import Settings, generate
from portia_tui.core.model import Puzzle, default_puzzle
from portia_tui.core.vocabulary import Statement as S


def test_smullyan_first_casket_is_easy():
    r = rate(default_puzzle())
    assert r.level == "easy"
    assert r.depth == 0 and r.loops == 0
    assert r.near_misses == 2  # gold and lead both give 2 true statements, m = 1
    assert r.score == 2.0


def test_levels_and_order():
    assert DIFFICULTIES == ("easy", "medium", "hard")
    assert level_of(0) == "easy" and level_of(2.99) == "easy"
    assert level_of(3.0) == "medium" and level_of(5.49) == "medium"
    assert level_of(5.5) == "hard"


def test_chains_raise_the_rating():
    flat = Puzzle.build({"gold": [S("in", "gold")], "silver": [S("not_in", "silver")],
                         "lead": [S("not_in", "gold")]}, m=1)
    chained = Puzzle.build({"gold": [S("true", "silver")], "silver": [S("false", "lead")],
                            "lead": [S("not_in", "gold")]}, m=1)
    a, b = rate(flat), rate(chained)
    assert b.depth == 2 and a.depth == 0
    assert b.score > a.score


def test_loops_rate_higher_than_no_loops():
    loop = Puzzle.build({"gold": [S("true", "silver")], "silver": [S("true", "gold")],
                         "lead": [S("in", "lead")]}, m=1)
    r = rate(loop)
    assert r.loops == 1
    assert r.score >= 1 + 2.5


def test_bound_for_loop_free_puzzles_holds():
    for n in (1, 2, 3):
        top = max_score_loop_free(3, n)
        for g in generate(Settings(n=n, count=60, seed=7)):
            assert g.rating.score <= top + 1e-9
