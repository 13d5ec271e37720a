"""Every analysis `portia solve` runs after the solve is bounded (issue 21): the rating and
the step-by-step explanation have default work budgets (core/solve/budget.py's `steps`), so a
puzzle too large for them says "too large to rate" or that its explanation is too large,
instead of running for minutes. A work budget stops the same puzzle at the same step on any
machine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portia_tui.cli import main
from portia_tui.core.explain import deduction, difficulty
from portia_tui.core.io import formats
from portia_tui.core.language.model import Casket, Puzzle, casket_names
from portia_tui.core.language.vocabulary import Statement
from portia_tui.core.solve.budget import Budget, OutOfTime, check
from portia_tui.core.solve.engine import analyse


def lopsided_ring(k: int) -> Puzzle:
    """k caskets, each with one truth statement about the next (a ring), and the first
    casket also says "The portrait is in this casket": one m leaves the first casket alone,
    and ruling out each other casket means following the whole ring (k = 40 takes about
    440,000 steps, k = 120 about 3.5 million, 4 s, past the rating's default budget)."""
    names = casket_names(k)
    caskets = [Casket(names[c], (Statement("true" if c % 3 else "false", names[(c + 1) % k]),))
               for c in range(k)]
    caskets[0] = Casket(names[0], caskets[0].statements + (Statement("in", names[0]),))
    puzzle = Puzzle(tuple(caskets)).validate()
    unique = analyse(puzzle).unique_m
    assert unique, k
    return puzzle.replace(m=unique[0])


def test_a_work_budget_stops_at_its_step_and_says_so():
    with pytest.raises(OutOfTime) as got:
        with Budget(steps=3) as budget:
            for _ in range(10):
                check()
    assert got.value.steps == 3 and budget.checks == 4 and "3 steps" in str(got.value)
    with Budget(steps=3) as outer:  # a nested budget's checks are its own
        with Budget() as inner:
            for _ in range(10):
                check()
    assert inner.checks == 10 and outer.checks == 0
    with pytest.raises(OutOfTime):  # a step that tries many cases counts for them all
        with Budget(steps=100) as budget:
            check(64)
            check(64)
    assert budget.checks == 128
    with pytest.raises(ValueError):
        Budget(steps=0)


def test_the_rating_stops_at_its_budget_and_is_the_same_within_it():
    puzzle = lopsided_ring(40)
    m = puzzle.m
    assert difficulty.rate_within(puzzle, m, steps=1_000) is None
    assert difficulty.rate_within(puzzle, m) == difficulty.rate(puzzle, m)
    assert difficulty.rate(puzzle, m).technique == "split"


def test_a_deadline_or_cancel_outside_the_rating_is_not_swallowed():
    """Only the rating's own work budget gives None: `--timeout` (an outer deadline) or an
    app's cancel still stops the command."""
    puzzle = lopsided_ring(40)
    with pytest.raises(OutOfTime) as got:
        with Budget(cancel=lambda: True):
            difficulty.rate_within(puzzle, puzzle.m)
    assert got.value.steps is None


def test_solve_json_says_too_large_to_rate_with_no_timeout(tmp_path, capsys):
    """No --timeout: the rating's default budget (a million steps) ends it; unbounded, the
    rating of this puzzle takes 3.5 million steps (a ring of 500 statements about each other
    would take about an hour)."""
    path = tmp_path / "ring.toml"
    formats.save(lopsided_ring(120), path)
    assert main(["solve", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["solutions"] == ["gold"] and data["valid"] is True
    assert data["difficulty"] == {"level": "too large to rate", "score": None,
                                  "technique": None}


def test_the_explanation_says_when_the_rating_or_itself_is_too_large(tmp_path, capsys,
                                                                     monkeypatch):
    path = tmp_path / "ring.toml"
    formats.save(lopsided_ring(40), path)
    assert main(["solve", str(path), "--explain"]) == 0
    assert "Difficulty: tricky." in capsys.readouterr().out
    monkeypatch.setattr(difficulty, "RATE_STEPS", 1_000)
    assert main(["solve", str(path), "--explain"]) == 0
    out = capsys.readouterr().out
    assert "Only the gold casket fits" in out
    assert "Difficulty: too large to rate (over its budget of 1,000 steps)." in out
    assert main(["solve", str(path), "--json", "--explain"]) == 0
    assert json.loads(capsys.readouterr().out)["difficulty"]["level"] == "too large to rate"
    text = deduction.explain_within(lopsided_ring(40), steps=100)
    assert text.startswith("The explanation is too large to work out step by step (over its "
                           "budget of 100 steps)")


def test_a_pack_exported_with_full_solutions_is_bounded_too(tmp_path, monkeypatch):
    """`pack export --solutions full` explains every puzzle within the same budget."""
    from portia_tui.core.packs.export import export_pack
    from portia_tui.core.packs.pack import Pack, PackPuzzle

    puzzle = lopsided_ring(40)
    pack = Pack("Rings", (PackPuzzle("001", puzzle, "tricky", 6.0, "gold"),))
    monkeypatch.setattr(deduction, "EXPLAIN_STEPS", 100)
    export_pack(pack, "md", tmp_path / "rings.md", solutions="full")
    text = (tmp_path / "rings.md").read_text()
    assert "The explanation is too large to work out step by step (over its budget of 100 " \
        "steps)" in text


def test_hint_is_bounded_by_its_timeout(tmp_path, capsys):
    """`portia hint` rates the puzzle for its ladder: on a puzzle whose rating takes seconds,
    --timeout stops it with one line and exit 3 (60 s by default, not unbounded)."""
    path = tmp_path / "ring.toml"
    formats.save(lopsided_ring(120), path)
    assert main(["hint", str(path), "--timeout", "0.2"]) == 3
    out, err = capsys.readouterr()
    lines = (out + err).strip().splitlines()
    assert len(lines) == 1 and "too large to analyse within 0.2 s" in lines[0]
    first = Path(__file__).resolve().parents[1] / "puzzles" / "smullyan-first.toml"
    assert main(["hint", str(first)]) == 0


def test_hints_say_too_large_past_their_budgets(tmp_path, capsys, monkeypatch):
    """The hint ladder rests on the rating: past the rating's budget, or past the ladder's
    own (its observations and reasons), the coach says the puzzle is too large for hints;
    `portia hint` says so in one line and exits 3, with no --timeout needed."""
    import pickle

    from portia_tui.core.explain import hints

    puzzle = lopsided_ring(40)
    assert hints.Coach(puzzle).too_large is None
    monkeypatch.setattr(hints, "RATE_STEPS", 1_000)
    coach = hints.Coach(puzzle)
    why = coach.too_large
    assert why is not None and (why.part, why.steps) == ("rating", 1_000)
    with pytest.raises(hints.HintsTooLarge):
        coach.hint(1)
    again = pickle.loads(pickle.dumps(coach))  # the player's child process sends it back
    assert again.too_large is not None and again.too_large.part == "rating"
    assert coach.explanation()  # the reveal's explanation is bounded on its own
    path = tmp_path / "ring.toml"
    formats.save(puzzle, path)
    assert main(["hint", str(path)]) == 3
    out, err = capsys.readouterr()
    lines = (out + err).strip().splitlines()
    assert lines == [f"{path}: too large for hints: its rating is over its budget of 1,000 "
                     "steps"]
    assert main(["hint", str(path), "--json"]) == 3
    assert json.loads(capsys.readouterr().out)["too_large"].startswith("too large for hints")
    monkeypatch.setattr(hints, "RATE_STEPS", difficulty.RATE_STEPS)
    monkeypatch.setattr(hints, "HINT_STEPS", 10)
    why = hints.Coach(puzzle).too_large
    assert why is not None and (why.part, why.steps) == ("hints", 10)
