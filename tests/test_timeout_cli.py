"""`--timeout SECONDS` on the commands that analyse: one line, exit 3 (cli/timeout.py).

The puzzles here are large on purpose (a ring of 500 caskets); the budgets are the shortest
allowed (0.1 s), far below what the work needs, so the outcome does not hang on the
machine's speed."""

from __future__ import annotations

import pytest

from portia_tui.cli import main
from portia_tui.core.io import formats
from portia_tui.core.language.vocabulary import EMPTY

from .test_engine_bounds import ring


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    path = tmp_path_factory.mktemp("timeout") / "ring.toml"
    path.write_text(formats.dumps(ring(500), "native"))
    return str(path)


@pytest.fixture(scope="module")
def big_draft(tmp_path_factory):
    puzzle = ring(500)
    first = puzzle.caskets[0]
    draft = puzzle.replace(caskets=(first.__class__(first.name, (EMPTY,)),) + puzzle.caskets[1:])
    path = tmp_path_factory.mktemp("timeout") / "draft.toml"
    path.write_text(formats.dumps(draft, "native"))
    return str(path)


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_solve_explain_stops_at_its_budget(big, capsys):
    assert main(["solve", "--explain", "--timeout", "0.1", big]) == 3
    out, err = capsys.readouterr()
    assert _one_line(err) == f"{big}: too large to analyse within 0.1 s"
    assert out == ""


def test_solve_without_a_timeout_is_unbounded_and_fast_enough(big, capsys):
    assert main(["solve", big]) == 0
    assert "no solution" in capsys.readouterr().out.lower()


def test_check_reports_each_file_and_goes_on(big, capsys):
    """check's own analysis of a ring is quick; a budget the work cannot meet is shown by
    repair below. Here: a file within the budget still gets its verdict beside another."""
    assert main(["check", "--timeout", "60", big, "puzzles/two-liars-loop.toml"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{big}: no solution") and "valid" in out[1]


def test_check_too_large_is_exit_3(big, capsys, monkeypatch):
    from portia_tui.cli import solve
    from portia_tui.core.solve.budget import check

    def slow(puzzle):
        while True:
            check()

    monkeypatch.setattr(solve, "check_line", slow)
    assert main(["check", "--timeout", "0.1", big, big]) == 3
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{big}: too large to analyse within 0.1 s"] * 2


def test_repair_says_where_it_stopped(capsys, monkeypatch):
    """The budget runs out among the replacements (the clock is made to say so at once):
    the line names the statement reached and how many replacements it has."""
    from portia_tui.core.author import assistant

    monkeypatch.setattr(assistant._Clock, "out", lambda self: True)
    path = "puzzles/two-liars-loop.toml"
    assert main(["repair", "--timeout", "5", path]) == 3
    out, err = capsys.readouterr()
    assert _one_line(err) == (f"{path}: too large to analyse within 5 s (stopped at statement "
                              "1 of 3, which has 9 replacements in the classic vocabulary)")
    assert "(stopped at statement 1)" in out  # what was found so far, said to be partial
    assert main(["repair", "--json", "--timeout", "5", path]) == 3
    import json

    assert json.loads(capsys.readouterr().out)["complete"] is False


def test_repair_of_a_large_puzzle_stops_within_its_budget(big, capsys):
    assert main(["repair", "--timeout", "0.1", big]) == 3
    line = _one_line(capsys.readouterr().err)
    assert line.startswith(f"{big}: too large to analyse within 0.1 s (")


def test_repairs_stop_cleanly_when_cancelled():
    """The core's repairs, cancelled after some calls: what was found, and how far it got."""
    from portia_tui.core.author.assistant import repairs

    puzzle = formats.load("puzzles/two-liars-loop.toml")
    whole = repairs(puzzle)
    calls = []

    def cancelled():
        calls.append(1)
        return len(calls) > 25

    part_ = repairs(puzzle, cancelled=cancelled)
    assert whole.complete and whole.tried == 3
    assert not part_.complete and 0 <= part_.tried < 3
    assert set(part_.statements) <= set(whole.statements)


def test_assist_leaves_marks_undecided_and_says_so(big_draft, capsys):
    assert main(["assist", "--target", "gold", "--timeout", "0.1", big_draft]) == 3
    out, err = capsys.readouterr()
    assert "undecided" in out
    assert "statements left undecided" in _one_line(err)


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "1e999", "86401", "soon", ""])
@pytest.mark.parametrize("command", ["solve", "check", "assist", "repair"])
def test_timeout_out_of_range_is_one_line_exit_2(command, value, capsys):
    with pytest.raises(SystemExit) as exc:
        main([command, "--timeout", value, "puzzles/two-liars-loop.toml"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert _one_line(err).startswith(f"portia {command}: error: argument --timeout: ")


def test_the_range_and_defaults_are_documented(capsys):
    for command, default in (("solve", "none"), ("check", "none"), ("assist", "10 s"),
                             ("repair", "10 s")):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        assert f"(0.1 to 86400; default {default})" in text, command


def test_a_budget_that_is_enough_changes_nothing(capsys):
    path = "puzzles/two-liars-loop.toml"
    assert main(["solve", "--explain", path]) == 0
    plain = capsys.readouterr().out
    assert main(["solve", "--explain", "--timeout", "600", path]) == 0
    assert capsys.readouterr().out == plain
