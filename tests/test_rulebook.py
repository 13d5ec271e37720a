"""The whole rulebook: new statement kinds and rules, their five faces, and Puzzle.rules."""

from __future__ import annotations

import pytest

from portia_tui.core.errors import PuzzleError
from portia_tui.core.language.model import Casket, Puzzle
from portia_tui.core.language.rules import (RULE_KINDS, Rule, parse_rule, rule_options, rule_problem,
                                   rule_sentence)
from portia_tui.core.language.vocabulary import (FAMILIES, KINDS, VOCABULARIES, Layout, Statement,
                                        options, parse_sentence, problem, sentence)

L3 = Layout(("gold", "silver", "lead"), (1, 1, 1))
L32 = Layout(("gold", "silver", "lead"), (2, 2, 2))
L4 = Layout(("gold", "silver", "lead", "copper"), (1, 2, 3, 1))
ALL = VOCABULARIES["full"]


def test_every_kind_has_a_family():
    assert {k.family for k in KINDS.values()} == set(FAMILIES)
    assert VOCABULARIES["classic"] == tuple(KINDS)[:6]
    assert VOCABULARIES["portrait"] == ("in", "not_in")


@pytest.mark.parametrize("layout", [L3, L32, L4])
def test_every_menu_entry_reads_back(layout):
    for owner in range(len(layout.names)):
        menu = options(layout, owner, ALL, rules=("makers",))
        assert len(set(menu)) == len(menu)
        for st in menu:
            assert problem(st, layout, owner, ("makers",)) is None
            text = sentence(st, layout, owner)
            assert parse_sentence(text, layout, owner) == st, text
            assert parse_sentence(text.upper() + ".", layout, owner) == st


def test_canonical_sentences():
    gold = 0
    assert sentence(Statement("in_one_of", caskets=("gold", "silver")), L3, gold) == \
        "The portrait is in the gold or the silver casket"
    assert sentence(Statement("in_one_of", caskets=("gold", "silver", "lead")), L4, gold) == \
        "The portrait is in the gold, the silver or the lead casket"
    assert sentence(Statement("count", "gold", op="exactly", k=1, value=True), L32, gold) == \
        "Exactly 1 statement on this casket is true"
    assert sentence(Statement("count", "lead", op="at most", k=2, value=False), L32, gold) == \
        "At most 2 statements on the lead casket are false"
    assert sentence(Statement("count_all", op="at least", k=1, value=True), L32, gold) == \
        "At least 1 of all the statements is true"
    assert sentence(Statement("made_by", "gold", value=True), L3, gold) == \
        "This casket was made by Bellini"
    assert sentence(Statement("made_by", "lead", value=False), L3, gold) == \
        "The lead casket was made by Cellini"
    assert sentence(Statement("makers", op="exactly", k=2, value=False), L3, gold) == \
        "Exactly 2 caskets were made by Cellini"


def test_parser_reads_number_words_and_singular_plural():
    st = parse_sentence("exactly one statements on the silver casket are TRUE.", L32, 0)
    assert st == Statement("count", "silver", op="exactly", k=1, value=True)
    st = parse_sentence("At most two of all the statements is false", L32, 0)
    assert st == Statement("count_all", op="at most", k=2, value=False)
    st = parse_sentence("Exactly one casket were made by Bellini", L3, 0)
    assert st == Statement("makers", op="exactly", k=1, value=True)
    st = parse_sentence("The portrait is in the lead or the gold casket", L3, 1)
    assert st == Statement("in_one_of", caskets=("gold", "lead"))  # casket order
    # the one-casket form is still the plain statement
    assert parse_sentence("The portrait is in the gold casket", L3, 1) == Statement("in", "gold")


def test_problems_name_the_fault():
    assert "out of range" in problem(Statement("count", "gold", op="exactly", k=3), L32, 0)
    assert "unknown casket" in problem(Statement("in_one_of", caskets=("gold", "tin")), L3, 0)
    assert "two or more" in problem(Statement("in_one_of", caskets=("gold",)), L3, 0)
    made = Statement("made_by", "gold", value=True)
    assert "Every casket was made by Bellini or by Cellini" in problem(made, L3, 0, ())
    assert problem(made, L3, 0, ("makers",)) is None
    # makers are offered only under their rule
    assert not [s for s in options(L3, 0, ALL) if s.kind in ("made_by", "makers")]


def test_maker_statement_without_rule_is_refused():
    caskets = (Casket("gold", (Statement("made_by", "gold", value=True),)),
               Casket("silver", (Statement("in", "silver"),)),
               Casket("lead", (Statement("in", "lead"),)))
    with pytest.raises(PuzzleError, match="Bellini"):
        Puzzle(caskets, m=1).validate()
    Puzzle(caskets, rules=[Rule("makers")]).validate()


@pytest.mark.parametrize("layout", [L3, L32, L4])
def test_every_rule_reads_back(layout):
    menu = rule_options(layout)
    assert {r.kind for r in menu} == set(RULE_KINDS)
    for rule in menu:
        assert rule_problem(rule, layout) is None
        text = rule_sentence(rule, layout)
        assert parse_rule(text) == rule, text
        assert parse_rule(text.lower() + ".") == rule


def test_rule_sentences():
    assert rule_sentence(Rule("total", "at most", 1, True), L3) == "At most 1 statement is true"
    assert rule_sentence(Rule("each", "at most", 1, False), L32) == \
        "On every casket, at most 1 statement is false"
    assert rule_sentence(Rule("pure", "exactly", 1, True), L3) == \
        "Exactly 1 casket bears only true statements"
    assert rule_sentence(Rule("bearing", "exactly", 2, True, 1), L32) == \
        "Exactly 2 caskets bear exactly 1 true statement"
    assert rule_sentence(Rule("makers"), L3) == "Every casket was made by Bellini or by Cellini"
    assert parse_rule("There are two true statements") is None
    assert parse_rule("exactly two statements are true") == Rule("total", "exactly", 2, True)
    assert "out of range" in rule_problem(Rule("each", "exactly", 3, True), L32)


def test_m_is_shorthand_for_the_exact_total_rule():
    p = Puzzle((Casket("gold", (Statement("in", "gold"),)),), m=1)
    assert p.rules == (Rule("total", "exactly", 1, True),) and p.m == 1 and not p.side_rules
    q = p.replace(rules=(Rule("total", "at most", 1, True),))
    assert q.m is None and q.side_rules == (Rule("total", "at most", 1, True),)
    r = q.with_m(0)
    assert r.m == 0 and r.side_rules == q.side_rules
    assert r.with_m(None) == q
    assert p.replace(m=1) == p


# --------------------------------------------------------------------------- engines
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as hst  # noqa: E402
from pysat.solvers import Solver  # noqa: E402

from . import brute, tables  # noqa: E402
from benchmarks import sat_legacy  # noqa: E402
from portia_tui.core.solve import sat  # noqa: E402

from .strategies import full_puzzles  # noqa: E402


def _same(a, b):
    assert a.true_counts == b.true_counts
    assert [(r.statements, r.undetermined_in, r.paradox_in) for r in a.loops] == [
        (r.statements, r.undetermined_in, r.paradox_in) for r in b.loops]


@settings(max_examples=60, deadline=None)
@given(full_puzzles())
def test_engine_equals_sat_equals_brute_on_the_whole_language(puzzle):
    """The casket engine (count vectors), the SAT analysis and brute force agree: true counts,
    loops, and every statement's value per placement (any m and the puzzle's m)."""
    from portia_tui.core import analyse
    from portia_tui.core.solve import engine

    truth = brute.analyse(puzzle)
    _same(sat.analyse(puzzle), truth)
    got = analyse(puzzle)
    tables.check(got)
    assert got.engine == "casket" and got.loops == truth.loops
    _same(got, truth)
    oracle = sat.SatEngine(puzzle)
    for p in range(len(puzzle.caskets)):
        for m in {None, puzzle.m}:
            assert got.values(p, m) == oracle.values(p, m)
    oracle.close()
    assert isinstance(got.evaluation, engine.WholeEngine) != engine.covers(puzzle)
    # the exported CNF holds every rule, m included
    clauses, _top = sat.puzzle_cnf(puzzle)
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        got = tuple(p for p in range(len(puzzle.caskets)) if solver.solve(assumptions=[p + 1]))
    assert got == truth.solutions()


@settings(max_examples=60, deadline=None)
@given(full_puzzles(max_statements=7), hst.data())
def test_reachable_choices_on_the_whole_language(puzzle, data):
    from portia_tui.core.language.vocabulary import VOCABULARIES

    index = data.draw(hst.integers(0, puzzle.size - 1))
    placement = data.draw(hst.integers(0, len(puzzle.caskets) - 1))
    m = data.draw(hst.integers(0, puzzle.size))
    owner = puzzle.owner(index)
    choices = puzzle.layout and __import__("portia_tui.core.language.vocabulary", fromlist=["x"]).options(
        puzzle.layout, owner, VOCABULARIES["full"], puzzle.rule_kinds)[:12]
    got = sat_legacy.reachable_choices(puzzle, index, choices, placement, m)
    pos = index - puzzle.layout.offset(owner)
    want = tuple(placement in brute.analyse(puzzle.with_statement(owner, pos, c)).solutions(m)
                 for c in choices)
    assert got == want


# --------------------------------------------------------------------------- files
from portia_tui.core.io import formats  # noqa: E402
from portia_tui.core.errors import FormatError  # noqa: E402

RULED = """format = 2
title = "Two lids"
rules = ["On every casket, at most one statement is false", "at least 1 statement is true"]

[[caskets]]
name = "gold"
statements = ["The portrait is in the gold or the silver casket", "Exactly 1 of all the statements is false"]

[[caskets]]
name = "silver"
statements = ["The portrait is not in this casket", "At most 1 statement on the gold casket is true"]
"""


def test_format_2_reads_and_round_trips():
    p = formats.loads(RULED, "native")
    assert p.m is None
    assert p.rule_sentences() == ["On every casket, at most 1 statement is false",
                                  "At least 1 statement is true"]
    text = formats.dumps(p, "native")
    assert text.startswith("format = 2")
    assert formats.loads(text, "native") == p


def test_format_1_is_written_when_nothing_more_is_needed():
    from portia_tui.core.language.model import default_puzzle

    text = formats.dumps(default_puzzle(), "native")
    assert text.startswith("format = 1") and "m = 1" in text and "rules" not in text


def test_format_1_files_with_m_keep_their_meaning():
    text = RULED.replace("format = 2", "format = 1").replace(
        'rules = ["On every casket, at most one statement is false", "at least 1 statement is true"]',
        "m = 2")
    p = formats.loads(text, "native")
    assert p.rules == (Rule("total", "exactly", 2, True),)


@pytest.mark.parametrize("change, message, line", [
    ('"at least 1 statement is true"', "unknown rule 'at least 1 statement is truthy'", 3),
    ('"The portrait is not in this casket"', "Bellini", 11),
])
def test_format_2_errors_point_at_the_line(change, message, line):
    bad = {'"at least 1 statement is true"': RULED.replace("is true\"]", "is truthy\"]"),
           '"The portrait is not in this casket"': RULED.replace(
               "The portrait is not in this casket", "This casket was made by Bellini")}[change]
    with pytest.raises(FormatError) as info:
        formats.loads(bad, "native", "p.toml")
    assert message in str(info.value) and info.value.line == line


def test_m_and_an_m_rule_together_are_refused():
    bad = RULED.replace('rules = [', 'm = 1\nrules = ["Exactly 2 statements are true", ')
    with pytest.raises(FormatError, match="keep one"):
        formats.loads(bad, "native")


@pytest.mark.parametrize("fmt", ["text", "thesis_json"])
def test_thesis_formats_refuse_in_one_line(fmt):
    three = RULED.replace('[[caskets]]\nname = "silver"', '[[caskets]]\nname = "silver"') + (
        '\n[[caskets]]\nname = "lead"\nstatements = ["The portrait is in this casket", '
        '"The portrait is in this casket"]\n')
    p = formats.loads(three, "native")
    with pytest.raises(FormatError) as info:
        formats.dumps(p, fmt)
    assert "\n" not in str(info.value) and "thesis" in str(info.value)
    assert "On every casket" in str(info.value)
    only_kinds = p.replace(rules=(Rule("total", "exactly", 2, True),))
    with pytest.raises(FormatError, match="six statement kinds"):
        formats.dumps(only_kinds, fmt)


def test_cnf_export_lists_every_rule():
    p = formats.loads(RULED, "native")
    text = formats.dumps(p, "dimacs")
    assert "c rule: On every casket, at most 1 statement is false" in text


def test_share_codes_refuse_what_version_1_cannot_hold():
    from portia_tui.core.errors import PortiaError
    from portia_tui.core.io.formats import code

    p = formats.loads(RULED, "native")
    with pytest.raises(PortiaError, match="share code holds only"):
        code.encode(p)


# --------------------------------------------------------------------------- census
def test_mackinnon_second_generation():
    from portia_tui.core.packs.census import clue_census

    r = clue_census(2)
    assert (r["statement_sets"], r["pairs"], r["up_to_swap"]) == (27_000, 60_960, 30_480)
    # one statement a casket: the clue is m, and the figure is the first generation's
    assert clue_census(1)["pairs"] == 348


def test_clue_census_agrees_with_the_bearing_rules():
    """A pair counts exactly when the puzzle with the rules 'Exactly K caskets bear exactly J
    true statements' for its clue is valid with that placement (SAT)."""
    import random
    from collections import Counter

    from portia_tui.core.solve.semantics import holds
    from portia_tui.core.language.vocabulary import VOCABULARIES

    rnd = random.Random(7)
    layout = Layout(("gold", "silver", "lead"), (2, 2, 2))
    menus = [options(layout, c, VOCABULARIES["portrait"]) for c in range(3)]
    for _ in range(12):
        caskets = tuple(Casket(name, tuple(rnd.sample(menus[c], 2)))
                        for c, name in enumerate(layout.names))
        base = Puzzle(caskets)
        def clue(p, base=base):
            return Counter(sum(holds(mn, p, ()) for mn in base.meanings[2 * c:2 * c + 2])
                           for c in range(3))

        for p in range(3):
            rules = [Rule("bearing", "exactly", clue(p).get(j, 0), True, j) for j in range(3)]
            analysis = sat.analyse(base.replace(rules=tuple(rules)))
            singled_out = sum(1 for q in range(3) if clue(q) == clue(p)) == 1
            assert (analysis.solutions() == (p,)) == singled_out


def test_census_cli_clue(capsys):
    from portia_tui.cli import main

    assert main(["census", "-n", "2", "--clue", "-q"]) == 0
    out = capsys.readouterr().out
    assert "60,960" in out and "30,480" in out


# --------------------------------------------------------------------------- the assistant
@settings(max_examples=15, deadline=None)
@given(hst.data())
def test_marks_and_repairs_on_the_whole_language(data):
    """mark_choices over a full-language menu (rules included) = analysing each choice."""
    from portia_tui.core.author.assistant import IMPOSSIBLE, REACHABLE, VALID, mark_choices, repairs
    from portia_tui.core.language.vocabulary import menu as vocabulary_menu

    puzzle = data.draw(full_puzzles(max_statements=5, max_caskets=3))
    if puzzle.m is None and not puzzle.rules:
        return
    slot = data.draw(hst.integers(0, puzzle.size - 1))
    choices = vocabulary_menu(puzzle, slot, "full")[:10]
    target = data.draw(hst.integers(0, len(puzzle.caskets) - 1))
    got = mark_choices(puzzle, slot, choices, target, puzzle.m, vocabulary="full")
    ci = puzzle.owner(slot)
    for x, mark in zip(choices, got):
        q = puzzle.with_statement(ci, slot - puzzle.layout.offset(ci), x)
        a = brute.analyse(q)
        fits = [a.solutions()]  # by its m, else by its rules alone (no "some m")
        want = (VALID if any(f == (target,) for f in fits) else
                REACHABLE if any(target in f for f in fits) else IMPOSSIBLE)
        assert mark == want, (x, puzzle)
    if puzzle.m is not None:
        found = repairs(puzzle, "classic")
        for r in found.statements:
            q = puzzle.with_statement(puzzle.owner(r.index), r.index - puzzle.layout.offset(
                puzzle.owner(r.index)), r.statement)
            assert brute.analyse(q).solutions() == (r.solution,)


def test_exactly_zero_reads_no_and_both_forms_parse():
    from portia_tui.core.language.model import blank_puzzle
    from portia_tui.core.language.rules import Rule, parse_rule, rule_sentence
    from portia_tui.core.language.vocabulary import Statement, parse_sentence, sentence

    layout = blank_puzzle(n=2).layout
    rule = Rule("pure", "exactly", 0, False)
    assert rule_sentence(rule, layout) == "No caskets bear only false statements"
    assert parse_rule("No caskets bear only false statements.") == rule
    assert parse_rule("Exactly 0 caskets bear only false statements") == rule
    assert parse_rule("exactly zero caskets bear only false statements") == rule
    st = Statement("makers", op="exactly", k=0, value=False)
    text = sentence(st, layout, 0)
    assert text == "No caskets were made by Cellini"
    assert parse_sentence(text, layout, 0) == st
    assert parse_sentence("Exactly 0 caskets were made by Cellini", layout, 0) == st


# --- mutation run 6 (docs/mutation.md): behaviours no test pinned ---------------------------

def test_a_bearing_rule_with_a_fine_count_still_checks_j():
    from portia_tui.core.language.rules import rule_problem

    assert rule_problem(Rule("bearing", "exactly", 1, True, 5), L3) == \
        "5 is out of range: no casket holds more than 1 statements"
    assert rule_problem(Rule("bearing", "exactly", 1, True, 1), L3) is None
    # a bad count is named first
    assert rule_problem(Rule("bearing", "exactly", 9, True, 5), L3) == \
        "9 is out of range: the puzzle has 3 caskets, so count 0 to 3"


def test_a_bearing_rule_given_without_j_counts_caskets_with_no_true_statement():
    from portia_tui.core.language.rules import rule_sentence

    assert rule_sentence(Rule("bearing", "exactly", 1), L3) == \
        "Exactly 1 casket bears exactly 0 true statements"
