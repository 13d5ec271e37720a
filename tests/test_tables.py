"""The README's tables as an oracle (tests/tables.py): the engines agree with a brute force that
reads only casket names and sentences, so a slip in a kind's meaning that the shared-meaning
brute force (tests/brute.py) would copy is caught here."""

from __future__ import annotations

from hypothesis import given, settings

from portia_tui.core import analyse
from portia_tui.core.language.model import Casket, Puzzle
from portia_tui.core.language.rules import Rule
from portia_tui.core.language.vocabulary import Statement as S
from portia_tui.core.solve import engine, sat

from . import tables
from .strategies import full_puzzles


def test_the_tables_read_every_sentence_the_writers_write():
    w = tables.Worlds(
        ("gold", "silver", "lead"), (2, 1, 1),
        [(0, "The portrait is in this casket"), (0, "The other statement on this casket is false"),
         (1, "Exactly two of all the statements are true."), (2, "")],
        ["At most 3 statements are true", "Exactly 1 statement is true"])
    assert w.m == 1 and len(w.rules) == 1 and len(w.tests) == 3


EXACTLY_TWO_TRUE = (Rule("total", "exactly", 2, True),)


def _three_named(rules=EXACTLY_TWO_TRUE):
    """Gold says the portrait is in the gold, the silver or the lead casket. With the portrait
    in gold or silver three statements are true, in copper none, in lead two (gold's list and
    lead's own): under exactly two true statements only lead fits, and only if the list's last
    casket counts."""
    return Puzzle((
        Casket("gold", (S("in_one_of", caskets=("gold", "silver", "lead")),)),
        Casket("silver", (S("in", "silver"),)),
        Casket("lead", (S("not_in", "copper"),)),
        Casket("copper", (S("in", "gold"),)),
    ), rules=rules).validate()


def test_in_the_x_the_y_or_the_z_casket_counts_z():
    """Mutation audit (issue 21): "in the X, the Y or the Z casket" forgetting Z survived
    while the test brute force shared the meaning code."""
    puzzle = _three_named()
    for got in (engine.analyse(puzzle), sat.analyse(puzzle)):
        tables.check(got)
    assert tables.worlds(puzzle).solutions() == (2,)
    assert analyse(puzzle).solution_names() == ["lead"]


@settings(max_examples=150, deadline=None)
@given(full_puzzles(max_statements=8, max_caskets=5))
def test_the_casket_engine_equals_the_tables_on_the_whole_language(puzzle):
    tables.check(analyse(puzzle))
