"""The generator: valid, verified, reproducible, loop-free by default, clear errors."""

from __future__ import annotations

from dataclasses import replace

import pytest

from portia_tui.core.solve import sat
from portia_tui.core.explain.difficulty import rate
from portia_tui.core.errors import PortiaError, SettingsError
from portia_tui.core.packs.generator import (Settings, Stats, casket_names, distinct_bound, generate,
                                       loop_free_counts)
from portia_tui.core.packs.pack import canonical_key
from portia_tui.core.solve.semantics import find_loops


def _valid(g):
    a = sat.analyse(g.puzzle)
    assert a.valid(g.puzzle.m)
    assert a.solution_names(g.puzzle.m) == [g.solution]


@pytest.mark.parametrize("n, negations", [(1, False), (2, False), (4, False), (5, True),
                                          (7, True)])
def test_generated_puzzles_are_valid_loop_free_and_distinct(n, negations):
    stats = Stats()
    # (at n = 7 beside negations the last casket is always a filler lid: allowed here)
    out = generate(Settings(n=n, count=30, seed=n, allow_negations=negations,
                            allow_fillers=n == 7), stats=stats)
    assert len(out) == 30
    keys = set()
    for g in out:
        _valid(g)
        assert g.puzzle.n == n and g.puzzle.names == ("gold", "silver", "lead")
        assert not find_loops(g.puzzle)
        for c in g.puzzle.caskets:  # distinct statements per casket by default
            assert len(set(c.statements)) == n
        keys.add(canonical_key(g.puzzle))
    assert len(keys) == 30
    assert stats.sat_disagreements == 0


def test_same_seed_same_puzzles_and_different_seed_differs():
    a = generate(Settings(n=3, count=10, seed=42))
    b = generate(Settings(n=3, count=10, seed=42))
    c = generate(Settings(n=3, count=10, seed=43))
    assert [g.puzzle for g in a] == [g.puzzle for g in b]
    assert [g.puzzle for g in a] != [g.puzzle for g in c]


def test_fast_evaluator_agrees_with_sat_counts():
    for g in generate(Settings(n=4, count=20, seed=5)):
        p = g.puzzle
        a = sat.analyse(p)
        # rebuild the coded form and an evaluation order from the puzzle
        names = p.names
        codes = {"in": 0, "not_in": 1, "true": 2, "false": 3, "other_true": 4, "other_false": 5}
        cands = [[(codes[st.kind], -1 if st.target is None else names.index(st.target))
                  for st in c.statements] for c in p.caskets]
        order, left = [], set(range(len(names)))
        while left:  # sinks first
            for c in sorted(left):
                if all(t == -1 or t not in left or t == c or code not in (2, 3)
                       for code, t in cands[c]):
                    order.append(c)
                    left.remove(c)
                    break
        counts = loop_free_counts(cands, order, len(names))
        assert [frozenset({x}) for x in counts] == list(a.true_counts)


def test_m_fixed_policies_and_solution():
    for g in generate(Settings(n=3, count=10, seed=1, m=4)):
        assert g.puzzle.m == 4
        _valid(g)
    for g in generate(Settings(n=3, count=10, seed=1, m_policy="smallest")):
        assert g.puzzle.m == min(g.unique_m)
    for g in generate(Settings(n=3, count=10, seed=1, m_policy="largest")):
        assert g.puzzle.m == max(g.unique_m)
    for g in generate(Settings(n=2, count=10, seed=1, solution="lead")):
        assert g.solution == "lead"
        _valid(g)


def test_more_caskets_names():
    assert casket_names(5) == ("gold", "silver", "lead", "copper", "iron")
    assert casket_names(14)[-2:] == ("casket13", "casket14")
    for g in generate(Settings(n=2, caskets=5, count=5, seed=2)):
        assert g.puzzle.names == casket_names(5)
        _valid(g)


def test_loops_opt_in_still_valid():
    out = generate(Settings(n=3, count=40, seed=9, loops=True))
    assert any(find_loops(g.puzzle) for g in out)
    for g in out:
        _valid(g)


def test_large_n_is_refused_up_front_unless_repeats_are_allowed():
    assert distinct_bound(3, 20, loops=False) == 7
    with pytest.raises(SettingsError, match="at most 4 distinct statements") as info:
        Settings(n=20, count=3, seed=3).check()
    assert info.value.setting == "n" and "unless repeats are allowed" in info.value.message
    out = generate(Settings(n=20, count=3, seed=3, repeats="allow"))
    for g in out:
        assert g.puzzle.n == 20
        assert not find_loops(g.puzzle)
        _valid(g)


@pytest.mark.parametrize("n, negations", [(7, True), (4, False)])
def test_distinct_loop_free_bound_is_tight(n, negations):
    out = generate(Settings(n=n, count=3, seed=1, repeats="never", allow_negations=negations,
                            allow_fillers=True))
    for g in out:
        assert all(len(set(c.statements)) == n for c in g.puzzle.caskets)
    with pytest.raises(PortiaError, match=f"at most {n} distinct"):
        Settings(n=n + 1, repeats="never", allow_negations=negations).check()


def test_bounds_with_the_quality_filters():
    # three caskets: one of "in X" / "not in X" per X; two caskets: "in the gold" is the
    # negation of "in the silver" and says what "not in the silver" says
    assert distinct_bound(3, 3, loops=False, negations=False) == 4
    assert distinct_bound(3, 3, loops=True, negations=False) == 3 + 4 + 2
    assert distinct_bound(2, 1, loops=False, vocabulary="portrait") == 4
    assert distinct_bound(2, 1, loops=False, vocabulary="portrait", negations=False) == 2
    assert distinct_bound(2, 1, loops=False, vocabulary="portrait", echoes=False) == 2
    assert distinct_bound(2, 1, False, "portrait", negations=False, echoes=False) == 1
    with pytest.raises(SettingsError, match="beside its exact negation") as info:
        Settings(n=5, repeats="never").check()
    assert info.value.bound == 4


@pytest.mark.parametrize("settings, words", [
    (Settings(n=11, repeats="never"), "impossible"),
    (Settings(solution="tin"), "not a casket"),
    (Settings(n=1, difficulty="fiendish"), "impossible"),
    (Settings(m=99), "out of range"),
    (Settings(caskets=1), "at least 2"),
    (Settings(n=0), "at least one"),
    (Settings(count=0), "at least one"),
])
def test_impossible_settings_raise_one_line(settings, words):
    with pytest.raises(PortiaError, match=words) as info:
        settings.check()
    assert "\n" not in str(info.value)


def test_attempt_budget_ends_the_search():
    # portrait statements only, n = 1: 348 valid puzzles exist; asking for more must stop
    with pytest.raises(PortiaError, match="gave up after 2000 attempts"):
        generate(Settings(n=1, vocabulary="portrait", count=400, seed=1, attempts=2000))


@pytest.mark.parametrize("vocabulary", ["portrait", "classic"])
def test_named_vocabularies(vocabulary):
    from portia_tui.core.language.vocabulary import VOCABULARIES

    kinds = set()
    # (two portrait statements on each of three caskets, no echo across caskets: all six
    # placement masks once, so every placement makes 3 true and none is the answer)
    n = 1 if vocabulary == "portrait" else 2
    for g in generate(Settings(n=n, count=10, seed=1, vocabulary=vocabulary)):
        kinds |= {st.kind for c in g.puzzle.caskets for st in c.statements}
    assert kinds <= set(VOCABULARIES[vocabulary])
    if vocabulary == "classic":  # statements about statements too, as with "full"
        assert kinds - {"in", "not_in"}


@pytest.mark.parametrize("level", ["gentle", "steady", "tricky"])
def test_difficulty_target(level):
    # (fiendish comes from the full vocabulary, rare: test_difficulty_early.py with
    # PORTIA_HEAVY; the classic vocabulary refuses it, test_fiendish_vocabulary.py)
    for g in generate(Settings(n=3, count=5, seed=2, difficulty=level)):
        assert g.rating.level == level and g.rating == rate(g.puzzle)
        _valid(g)


@pytest.mark.parametrize("settings", [
    Settings(n=1), Settings(n=3), Settings(n=6, repeats="allow"), Settings(n=2, caskets=5),
    Settings(n=2, caskets=12), Settings(n=4, caskets=4, difficulty="steady"),
])
def test_loop_free_counts_are_the_ranked_rows(settings):
    """The generator's one pass over a loop-free candidate gives its true counts (the rating
    is difficulty.rate's, asked of the puzzle)."""
    import random

    from portia_tui.core.packs.generator.sampler import Sampler, loop_free_ranked
    settings = settings.check()
    sampler = Sampler(settings, random.Random(7))
    for _ in range(60):
        cands, order = sampler.draw()
        if cands is None:
            continue
        assert loop_free_ranked(cands, order, settings.caskets)[-1][1] == \
            loop_free_counts(cands, order, settings.caskets)


# --------------------------------------------------------------------------- issue 11
@pytest.mark.parametrize("settings", [
    Settings(n=12, loops=True, count=2, seed=1, allow_negations=True),
    Settings(n=16, caskets=4, loops=True, count=1, seed=1, allow_negations=True),
    Settings(n=6, vocabulary="portrait", count=2, seed=1, allow_negations=True),
])
def test_n_at_the_distinct_statement_bound_works(settings):
    # every casket's whole menu makes the caskets alike: at the bound, repeats are needed, so
    # they are refused up front unless allowed
    with pytest.raises(SettingsError, match="unless repeats are allowed"):
        settings.check()
    for g in generate(replace(settings, repeats="allow")):
        _valid(g)


@pytest.mark.parametrize("settings", [
    Settings(n=3, vocabulary="portrait", count=3, seed=1, repeats="never"),
    Settings(n=9, loops=True, count=2, seed=1),
])
def test_at_the_filtered_bound_caskets_still_choose(settings):
    # with the negation filter a casket at the bound picks "in X" or "not in X" for each X,
    # so the caskets need not be alike: no repeats are needed
    assert settings.bound == settings.n and not settings.allow_repeats
    for g in generate(settings):
        _valid(g)
        assert all(len(set(c.statements)) == settings.n for c in g.puzzle.caskets)


@pytest.mark.parametrize("settings", [
    Settings(n=12, loops=True, repeats="never", allow_negations=True),
    Settings(n=6, vocabulary="portrait", repeats="never", allow_negations=True),
])
def test_no_repeats_at_the_bound_is_refused_up_front_with_the_reason(settings):
    with pytest.raises(SettingsError, match="no casket is ever the one solution") as info:
        settings.check()
    assert info.value.setting == "repeats" and info.value.bound == settings.n


def test_a_search_that_finds_nothing_gives_up_within_its_patience(monkeypatch):
    import portia_tui.core.packs.generator as gen
    import portia_tui.core.packs.generator.search as search

    monkeypatch.setattr(search, "_choose_m", lambda *_args: None)  # no candidate is ever kept
    settings = Settings(n=3, loops=True, seed=1, attempts=10**9).check()
    with pytest.raises(gen.GaveUpError, match="gave up after") as info:
        list(gen.iter_generate(settings, patience=0.3))
    assert info.value.attempts < 10**9 and info.value.seconds < 5


@pytest.mark.parametrize("settings", [
    Settings(caskets=1), Settings(caskets=200), Settings(n=9, repeats="never"),
    Settings(n=1, difficulty="fiendish"), Settings(m=99), Settings(vocabulary="odd"),
])
def test_setting_errors_carry_data_and_name_no_flag(settings, capsys):
    with pytest.raises(SettingsError) as info:
        settings.check()
    err = info.value
    assert "--" not in err.message and "-n " not in err.message
    assert getattr(settings, err.setting) == err.value


def test_the_command_line_words_setting_errors_with_its_flags(capsys):
    from portia_tui.cli import main

    assert main(["generate", "--caskets", "100", "-n", "20"]) == 2
    assert capsys.readouterr().err.strip().startswith(
        "portia: -n 20: 20 statements on each of 100 caskets make 2000")
    assert main(["generate", "-n", "9", "--no-repeats"]) == 2
    assert capsys.readouterr().err.startswith("portia: --no-repeats: 9 statements")
    assert main(["census", "-n", "5"]) == 2
    assert capsys.readouterr().err.strip().startswith("portia: -n 5: a census at n = 5")
    # outside an option's own range, argparse says so (tests/test_arguments.py)
    with pytest.raises(SystemExit):
        main(["generate", "--caskets", "1"])
    assert capsys.readouterr().err.startswith(
        "portia generate: error: argument --caskets: 1 is out of range: 2 to 100")
    assert main(["generate", "-n", "9"]) == 2  # the default refuses repeats up front too
    assert capsys.readouterr().err.startswith("portia: -n 9: 9 statements")


def test_sat_reverifies_a_sample_or_everything():
    stats = Stats()
    out = generate(Settings(n=3, count=41, seed=6), stats=stats)
    assert stats.verified == 3 and stats.sat_disagreements == 0  # puzzles 1, 21 and 41
    for g in out:
        assert g.unique_m == sat.analyse(g.puzzle).unique_m
        assert g.rating == rate(g.puzzle)  # the loop-free facts rate as the deduction does
        g.puzzle.validate()
    stats = Stats()
    generate(Settings(n=3, count=10, seed=6, verify=True, loops=True), stats=stats)
    assert stats.verified == 10 and stats.sat_disagreements == 0


def _reference_draw(sampler, rng):
    """Sampler.draw without its graph of menus: rng.choice over the menu left, pick by pick
    (at n <= 2 a casket's portrait statements keep their placements off the caskets after
    it: the cross-casket echo filter)."""
    full = (1 << sampler.k) - 1

    def mask(o):  # (a statement about a casket's statements: itself)
        return 1 << o[1] if o[0] == 0 else full ^ (1 << o[1]) if o[0] == 1 else \
            o if o[0] in (2, 3) else None

    def pick(menu):
        picked = []
        for _ in range(sampler.n):
            if not menu:
                return None
            o = rng.choice(menu)
            picked.append(o)
            menu = [x for x in menu if x not in sampler.blocks[o]]
        return picked

    order = None
    if sampler.s.loops:
        menus = sampler.menus
    else:
        order = list(range(sampler.k))
        rng.shuffle(order)
        menus = sampler._loop_free_menus(order)
    out, used = [], set()
    for menu in menus:
        picked = pick([o for o in menu if mask(o) not in used])
        if picked is None:
            return None, None
        out.append(picked)
        if sampler.n <= 2 and not sampler.s.allow_echoes:
            used |= {mask(o) for o in picked} - {None}
    return out, (None if order is None else order[::-1])


@pytest.mark.parametrize("kw, nodes", [
    (dict(n=3), None), (dict(n=10, repeats="allow"), None), (dict(n=4, repeats="never"), None),
    (dict(n=3, loops=True), None), (dict(n=2, caskets=8), None), (dict(n=2, loops=True), None),
    (dict(n=5, repeats="allow"), 7),
    (dict(n=6, allow_negations=True, allow_echoes=True), None)])
def test_sampler_draws_as_plain_choices(kw, nodes, monkeypatch):
    # the graph of menus (kept per casket and statement set) is only a cache: the same draws
    import random

    from portia_tui.core.packs.generator import sampler as sampler_module

    if nodes is not None:  # few nodes kept: the path that makes menus afresh
        monkeypatch.setattr(sampler_module, "_NODES_MAX", nodes)
    s = Settings(**kw, seed=3).check()
    fast = sampler_module.Sampler(s, random.Random(3))
    plain = random.Random(3)
    for _ in range(300):
        assert fast.draw() == _reference_draw(fast, plain)


def test_an_unknown_choice_names_its_setting_and_the_choices():
    """Mutation run 6: the setting an unknown m policy is reported under."""
    from portia_tui.core.packs.generator.settings import M_POLICIES

    with pytest.raises(SettingsError) as info:
        Settings(m_policy="sometimes").check()
    assert (info.value.setting, info.value.value, info.value.bound) == \
        ("m_policy", "sometimes", M_POLICIES)


