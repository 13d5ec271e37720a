"""The DIMACS export's comments (core/io/formats/dimacs.py): what each variable means."""

from __future__ import annotations

from portia_tui.core.io.formats import dimacs
from portia_tui.core.language.model import Puzzle, default_puzzle
from portia_tui.core.language.vocabulary import Statement as S


def test_the_auxiliary_variables_are_named_as_a_range_after_the_statements():
    lines = dimacs.dumps(default_puzzle()).splitlines()
    aux = [line for line in lines if line.startswith("c vars ")]
    assert len(aux) == 1 and aux[0].startswith("c vars 7-11: auxiliary")
    assert "p cnf 11 20" in lines


def test_a_puzzle_without_auxiliary_variables_says_none():
    puzzle = Puzzle.build({"gold": [S("in", "gold")], "silver": [S("not_in", "silver")]}, m=1)
    text = dimacs.dumps(puzzle)
    assert "c vars" not in text and "p cnf 4 8\n" in text
    assert text.startswith("c portia puzzle\nc caskets: gold, silver\n")
