"""The census of each family (core/packs/families.py), checked against brute force (core/solve/brute.py)
on the same space: every puzzle of a small space analysed one by one."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from portia_tui.cli import main
from . import brute
from portia_tui.core.packs.census import census, clue_census
from portia_tui.core.errors import SettingsError
from portia_tui.core.packs.families import (family_census, first_generation, rule_condition,
                                      third_generation, total_rules)
from portia_tui.core.language.model import Casket, Puzzle
from portia_tui.core.language.rules import Rule
from portia_tui.core.language.vocabulary import VOCABULARIES, Layout, evaluate, options

NAMES = ("gold", "silver", "lead")
ONE = Layout(NAMES, (1, 1, 1))


def puzzle(choice, n, rules=()):
    return Puzzle([Casket(name, tuple(choice[c * n:(c + 1) * n]))
                   for c, name in enumerate(NAMES)], rules=rules)


# --------------------------------------------------------------------------- first generation
def brute_first(menus):
    """The first generation's figures by analysing every statement choice with brute force:
    a placement is a solution under a count rule when some consistent world has a number of
    true statements the rule allows (checked rule by rule in the next test)."""
    rules = total_rules(ONE)
    conds = {r: rule_condition(r, 3) for r in rules}
    valid = valid_rules = exactly = some = 0
    for choice in itertools.product(*menus):
        counts = brute.analyse(puzzle(choice, 1)).true_counts
        ok = {r for r in rules if sum(1 for c in counts if c & conds[r]) == 1}
        valid += len({conds[r] for r in ok})
        valid_rules += len(ok)
        exactly += sum(1 for r in ok if r.op == "exactly" and r.value)
        some += bool(ok)
    return valid, valid_rules, exactly, some


def figures_first(r):
    return r["valid"], r["valid_rules"], r["valid_exactly"], r["with_a_valid_rule"]


@pytest.mark.parametrize("vocabulary", ["portrait", "classic"])
def test_first_generation_equals_brute_force(vocabulary):
    menus = [options(ONE, c, VOCABULARIES[vocabulary]) for c in range(3)]
    r = family_census("portia1", vocabulary=vocabulary).figures
    assert figures_first(r) == brute_first(menus)
    assert r["statement_sets"] == len(menus[0]) ** 3


def test_first_generation_portrait_figures():
    """Mackinnon's 348 is the first generation with the rules 'Exactly K statements are
    true': the census of Portia-1-m. Every count rule of the menu gives more."""
    r = family_census("portia1").figures
    assert r == {"statement_sets": 216, "rules": 20, "conditions": 8, "valid": 558,
                 "valid_rules": 1416, "valid_exactly": 348, "with_a_valid_rule": 204}
    assert r["valid_exactly"] == census(1, "portrait").valid
    assert family_census("portia1", vocabulary="classic").figures["valid_exactly"] == \
        census(1, "classic").valid


def test_rule_conditions_dedupe_the_menu():
    """20 rule sentences, 8 conditions: 'exactly K true' is 'exactly 3-K false', 'at least
    K true' is 'at most 3-K false'; nothing that always holds is in the menu."""
    conds = Counter(rule_condition(r, 3) for r in total_rules(ONE))
    assert len(conds) == 8 and sum(conds.values()) == 20
    assert frozenset(range(4)) not in conds
    assert rule_condition(Rule("total", "exactly", 1, False), 3) == frozenset({2})
    assert rule_condition(Rule("total", "at least", 1, True), 3) == frozenset({1, 2, 3})


@settings(max_examples=20, deadline=None)
@given(st.data())
def test_a_count_rule_is_a_condition_on_the_true_count(data):
    """The brute force with the rule stated agrees with reading its condition off the true
    counts (what brute_first does)."""
    menus = [options(ONE, c, VOCABULARIES["full"]) for c in range(3)]
    choice = [data.draw(st.sampled_from(m)) for m in menus]
    rule = data.draw(st.sampled_from(total_rules(ONE)))
    counts = brute.analyse(puzzle(choice, 1)).true_counts
    with_rule = brute.analyse(puzzle(choice, 1, [rule]))
    cond = rule_condition(rule, 3)
    assert with_rule.solutions() == tuple(p for p, c in enumerate(counts) if c & cond)


@settings(max_examples=8, deadline=None)
@given(st.data())
def test_first_generation_whole_language_equals_brute_force(data):
    """Small menus drawn from the whole language (count statements, 'in X or Y', loops)."""
    full = [options(ONE, c, VOCABULARIES["full"]) for c in range(3)]
    menus = [data.draw(st.lists(st.sampled_from(m), min_size=1, max_size=5, unique=True))
             for m in full]
    assert figures_first(first_generation((), menus=menus)) == brute_first(menus)


# --------------------------------------------------------------------------- second generation
def test_second_generation_n1_equals_brute_force():
    """One statement a casket: every (statements, placement) pair whose clue (the rules
    'Exactly K caskets bear exactly J true statements') makes the puzzle valid with that
    placement, analysed one by one."""
    menus = [options(ONE, c, VOCABULARIES["portrait"]) for c in range(3)]
    pairs = 0
    for choice in itertools.product(*menus):
        base = puzzle(choice, 1)
        for p in range(3):
            clue = Counter(int(evaluate(mn, p, ())) for mn in base.meanings)
            rules = [Rule("bearing", "exactly", clue.get(j, 0), True, j) for j in range(2)]
            pairs += brute.analyse(base.replace(rules=tuple(rules))).solutions() == (p,)
    r = family_census("portia2", 1).figures
    assert r["pairs"] == pairs == 348


def test_second_generation_figures_and_alias(capsys):
    r = family_census("portia2").figures
    assert (r["statement_sets"], r["pairs"], r["up_to_swap"]) == (27_000, 60_960, 30_480)
    assert main(["census", "--family", "portia2", "-q", "--json"]) == 0
    by_family = json.loads(capsys.readouterr().out)
    assert main(["census", "--clue", "-n", "2", "-q", "--json"]) == 0
    by_clue = json.loads(capsys.readouterr().out)
    assert by_family["pairs"] == by_clue["pairs"] == 60_960
    assert by_family["up_to_swap"] == by_clue["up_to_swap"] == 30_480
    assert clue_census(3)["pairs"] == 3_569_184  # measured with the census before (1.7M loop)


# --------------------------------------------------------------------------- third generation
def brute_third(menus, n):
    """(valid, no repeat, up to order, makers known) by analysing every puzzle with brute
    force under 'Every casket was made by Bellini or by Cellini'."""
    makers = Rule("makers")
    out = [0, 0, 0, 0]
    slots = [m for m in menus for _ in range(n)]
    for choice in itertools.product(*slots):
        pz = puzzle(choice, n, [makers])
        solutions = brute.analyse(pz).solutions()
        if len(solutions) != 1:
            continue
        per = [choice[c * n:(c + 1) * n] for c in range(3)]
        out[0] += 1
        out[1] += all(len(set(s)) == n for s in per)
        out[2] += all(list(s) == sorted(s, key=menus[c].index) for c, s in enumerate(per))
        out[3] += sum(1 for _ in brute._worlds(pz, solutions[0])) == 1
    return tuple(out)


def figures_third(r):
    return r["valid"], r["valid_no_repeat"], r["valid_unordered"], r["valid_makers_known"]


def test_third_generation_n1_equals_brute_force():
    """One statement a casket from portrait statements and makers: no puzzle is valid (nor
    with the classic vocabulary, whose truth statements say what makers say). Each casket's
    maker is fixed by its one statement, from the placement or from another maker; a
    contradiction can only come from a cycle of makers, which no placement enters, so every
    placement fits or none does."""
    menus = [options(ONE, c, VOCABULARIES["portrait"] + ("made_by",), ("makers",))
             for c in range(3)]
    assert family_census("portia3", 1, "classic").figures["valid"] == 0
    r = family_census("portia3", 1).figures
    assert r["statement_sets"] == len(menus[0]) ** 3
    assert figures_third(r) == brute_third(menus, 1) == (0, 0, 0, 0)


@settings(max_examples=8, deadline=None)
@given(st.data())
def test_third_generation_n1_whole_language_equals_brute_force(data):
    full = [options(ONE, c, VOCABULARIES["full"], ("makers",)) for c in range(3)]
    menus = [data.draw(st.lists(st.sampled_from(m), min_size=1, max_size=6, unique=True))
             for m in full]
    assert figures_third(third_generation(1, (), menus=menus)) == brute_third(menus, 1)


@settings(max_examples=4, deadline=None)
@given(st.data())
def test_third_generation_n2_equals_brute_force(data):
    """Two statements a casket: orders, repeats and multisets weighed right."""
    two = Layout(NAMES, (2, 2, 2))
    full = [options(two, c, VOCABULARIES["full"], ("makers",)) for c in range(3)]
    portrait = [[s for s in m if s.kind in ("in", "not_in", "made_by")] for m in full]
    source = data.draw(st.sampled_from((portrait, full)))
    menus = [data.draw(st.lists(st.sampled_from(m), min_size=2, max_size=2, unique=True))
             for m in source]
    assert figures_third(third_generation(2, (), menus=menus)) == brute_third(menus, 2)


def test_third_generation_figures():
    r = family_census("portia3", 2).figures
    assert r == {"statement_sets": 144 ** 3, "valid": 374_124, "valid_no_repeat": 266_016,
                 "valid_unordered": 62_358, "valid_makers_known": 367_680}
    r = family_census("portia3", 1, "full").figures
    assert (r["valid"], r["valid_makers_known"]) == (17_496, 13_392)


# --------------------------------------------------------------------------- settings and CLI
def test_settings_are_refused_with_their_data():
    with pytest.raises(SettingsError) as e:
        family_census("portia2", vocabulary="full")
    assert (e.value.setting, e.value.value) == ("vocabulary", "full")
    with pytest.raises(SettingsError) as e:
        family_census("portia1", 2)
    assert (e.value.setting, e.value.value) == ("n", 2)
    with pytest.raises(SettingsError) as e:
        family_census("portia4")
    assert e.value.setting == "family"
    with pytest.raises(SettingsError) as e:
        census(2, "full")
    assert (e.value.setting, e.value.value) == ("vocabulary", "full")


@pytest.mark.parametrize("argv, words", [
    (["-n", "2", "--vocabulary", "full"], "--vocabulary full: the census of Portia-n counts"),
    (["--family", "portia2", "--vocabulary", "classic"], "--vocabulary classic"),
    (["--family", "portia3", "-n", "3"], "-n 3: the portia3 census counts 1 or 2"),
    (["--family", "portia1", "--clue"], "--clue is --family portia2"),
    ([], "-n N is needed without --family"),
])
def test_cli_refusals_are_one_line(argv, words, capsys):
    assert main(["census", *argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0]


def test_cli_families(capsys):
    assert main(["census", "--family", "portia1", "-q"]) == 0
    out = capsys.readouterr().out
    assert "first generation" in out and "348" in out and "558" in out
    assert main(["census", "--family", "portia3", "-n", "2", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert (r["family"], r["n"], r["valid"]) == ("portia3", 2, 374_124)
    assert main(["census", "--family", "portia1", "--vocabulary", "full", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["vocabulary"] == "full" and r["valid_exactly"] == 64_908


def test_family_progress_ends_at_its_total():
    calls = []
    family_census("portia3", 2, progress=lambda done, total: calls.append((done, total)))
    assert calls and calls[-1][0] == calls[-1][1] and len({t for _, t in calls}) == 1


def test_the_second_generation_counts_four_statements_a_casket():
    from portia_tui.core.packs.families import family_census

    r = family_census("portia2", n=4).figures
    assert (r["statement_sets"], r["pairs"], r["up_to_swap"]) == (
        46_656_000, 105_338_880, 52_669_440)
