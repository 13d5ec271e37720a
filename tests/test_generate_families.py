"""The generator's families (Smullyan's three generations) and the whole language."""

from __future__ import annotations

import pytest

from portia_tui.cli import main
from portia_tui.core import analyse
from portia_tui.core.solve import sat
from portia_tui.core.errors import SettingsError
from portia_tui.core.packs.generator import GaveUpError, Settings, Stats, generate
from portia_tui.core.packs.pack import build_pack
from portia_tui.core.packs.generator.families import (FAMILIES, MAKER_KINDS, RuleTable,
                                                family_defaults)
from portia_tui.core.language.model import Casket, Puzzle
from portia_tui.core.packs.pack import check_pack, dumps_pack, load_pack, loads_pack
from portia_tui.core.language.rules import Rule, rule_options
from portia_tui.core.packs.twins import twin_key, whole_key
from portia_tui.core.language.vocabulary import Layout, Statement


def family(key: str | None, **kw) -> Settings:
    return Settings(family=key, **{**family_defaults(key), **kw})


def made(settings: Settings, stats: Stats | None = None):
    return generate(settings, stats=stats)


def check_valid(g) -> None:
    puzzle = g.puzzle
    puzzle.validate()
    assert analyse(puzzle).solution_names() == [g.solution]
    assert sat.analyse(puzzle).solution_names() == [g.solution]


def test_the_generator_and_the_census_name_the_same_families():
    from portia_tui.core.packs.families import CENSUS_FAMILIES

    assert tuple(FAMILIES) == CENSUS_FAMILIES


def test_portia1_one_statement_a_casket_one_count_rule():
    for g in made(family("portia1", count=4, seed=1)):
        check_valid(g)
        assert g.puzzle.layout.counts == (1, 1, 1)
        assert [r.kind for r in g.puzzle.rules] == ["total"]


def test_portia2_two_statements_a_casket_one_rule_about_every_casket():
    for g in made(family("portia2", count=4, seed=2)):
        check_valid(g)
        assert g.puzzle.layout.counts == (2, 2, 2)
        assert len(g.puzzle.rules) == 1 and g.puzzle.rules[0].kind in ("each", "pure", "bearing")
        assert g.puzzle.m is None


def test_portia3_bellini_cellini_with_maker_statements():
    for g in made(family("portia3", count=4, seed=3)):
        check_valid(g)
        rules = g.puzzle.rules
        assert rules[0] == Rule("makers") and all(r.kind == "total" for r in rules[1:])
        assert len(rules) <= 2
        assert any(st.kind in MAKER_KINDS for _c, st in g.puzzle.flat)


def test_portia3_adds_a_count_only_when_the_maker_rule_leaves_several_caskets():
    for g in made(family("portia3", count=6, seed=4)):
        if len(g.puzzle.rules) == 2:
            alone = g.puzzle.replace(rules=g.puzzle.rules[:1])
            assert len(analyse(alone).solutions()) > 1


def test_the_whole_language_without_a_family():
    settings = family(None, n=2, count=4, seed=5)
    assert settings.vocabulary == "full"
    for g in made(settings):
        check_valid(g)
        assert g.puzzle.layout.counts == (2, 2, 2)
        if any(st.kind in MAKER_KINDS for _c, st in g.puzzle.flat):
            assert Rule("makers") in g.puzzle.rules


def test_the_rule_table_reads_as_the_engine_does():
    layout = Layout(("gold", "silver", "lead"), (2, 2, 2))
    table = RuleTable(layout)
    caskets = (Casket("gold", (Statement("in", "gold"), Statement("count_all", op="at most", k=2))),
               Casket("silver", (Statement("not_in", "gold"), Statement("other_true"))),
               Casket("lead", (Statement("count", "lead", op="exactly", k=1, value=False),
                               Statement("in_one_of", caskets=("gold", "lead")))))
    from portia_tui.core.solve.engine import WholeEngine

    reach = [[K for K, _T, _f in WholeEngine(Puzzle(caskets), rules=False).vectors(p)]
             for p in range(3)]
    for rule in rule_options(layout)[::3]:  # every kind, a third of each menu (speed)
        left = tuple(table.left((rule,), reach))
        assert analyse(Puzzle(caskets, rules=(rule,))).solutions() == left, rule


def test_same_seed_same_puzzles_and_no_twins_in_a_run():
    a = made(family("portia2", count=5, seed=9))
    b = made(family("portia2", count=5, seed=9))
    assert [g.puzzle for g in a] == [g.puzzle for g in b]
    assert len({whole_key(g.puzzle) for g in a}) == 5


def test_solution_and_difficulty_filters():
    for g in made(family("portia1", count=3, seed=6, solution="lead", difficulty="gentle")):
        # any count rule: portrait statements against a count are gentle whatever it says
        assert g.solution == "lead" and g.rating.level == "gentle"
        assert g.rating.technique == "suppose"


def test_verified_puzzles_agree_with_sat():
    stats = Stats()
    made(family("portia3", n=2, count=3, seed=8, verify=True), stats)
    assert stats.verified == 3 and stats.sat_disagreements == 0


@pytest.mark.parametrize("changes, setting", [
    ({"family": "portia2", "m": 1}, "m"),
    ({"family": "portia3", "m": 1}, "m"),
    ({"family": "portia1", "n": 2}, "n"),
    ({"family": "portia2", "n": 1}, "n"),
    ({"family": "portia1", "m_policy": "smallest"}, "m_policy"),
    ({"family": "portia1", "loops": True}, "loops"),
    # every casket rule needs at least "lids" (steady): a second generation is never gentle
    ({"family": "portia2", "difficulty": "gentle"}, "difficulty"),
    ({"family": "portia1", "difficulty": "steady"}, "difficulty"),  # portrait statements only
    ({"family": "portia4"}, "family"),
    ({"family": "portia2", "caskets": 2}, "n"),  # one of in / not in gold, silver: 1 statement
    ({"family": "portia2", "n": 4}, "n"),  # three caskets: 3 distinct statements at most
    ({"family": "portia1", "caskets": 12}, "caskets"),  # 2 ** 12 count vectors
])
def test_settings_that_mean_nothing_with_a_family_are_refused(changes, setting):
    key = changes.pop("family")
    base = family_defaults(key) if key in FAMILIES else {}
    with pytest.raises(SettingsError) as err:
        Settings(family=key, **{**base, **changes}).check()
    assert err.value.setting == setting


def test_the_quality_filters_lifted_let_more_statements_on():
    settings = family("portia2", caskets=2, seed=1, allow_negations=True, allow_echoes=True)
    check_valid(made(settings)[0])


def test_impossible_settings_give_up_quickly():
    # two caskets, one statement each: far fewer than 200 distinct puzzles
    with pytest.raises(GaveUpError):
        made(family("portia1", caskets=2, count=200, seed=1, attempts=300))


def test_a_pack_round_trips_with_its_rules():
    generated = made(family("portia3", count=3, seed=10))
    settings = family("portia3", count=3, seed=10)
    text = dumps_pack(build_pack(generated, settings, created="2026-01-01T00:00:00+00:00"))
    assert "format = 2" in text and "rules = [" in text
    pack = loads_pack(text)
    assert pack.generator["family"] == "portia3"
    for entry, g in zip(pack.puzzles, generated):
        assert entry.puzzle.rules == g.puzzle.rules
        assert analyse(entry.puzzle).valid()
        assert entry.solution == g.solution
    assert all(r.ok for r in check_pack(pack))


def test_twins_of_the_whole_language_see_every_field():
    a = Puzzle((Casket("gold", (Statement("makers", op="at most", k=1, value=True),)),
                Casket("silver", (Statement("in", "gold"),))), rules=(Rule("makers"),))
    b = Puzzle((Casket("gold", (Statement("makers", op="at most", k=2, value=True),)),
                Casket("silver", (Statement("in", "gold"),))), rules=(Rule("makers"),))
    renamed = Puzzle((Casket("gold", (Statement("in", "silver"),)),
                      Casket("silver", (Statement("makers", op="at most", k=1, value=True),))),
                     rules=(Rule("makers"),))
    assert twin_key(a) != twin_key(b)
    assert twin_key(a) == twin_key(renamed)
    assert twin_key(a) != twin_key(a.replace(rules=(Rule("makers"), Rule("total", "exactly", 1))))


def test_cli_writes_a_pack_that_loads_back(tmp_path, capsys):
    path = tmp_path / "p2.toml"
    assert main(["generate", "--family", "portia2", "--count", "3", "--seed", "4", "-q",
                 "-o", str(path)]) == 0
    pack = load_pack(path)
    assert len(pack.puzzles) == 3
    for entry in pack.puzzles:
        assert entry.puzzle.n == 2 and analyse(entry.puzzle).solution_names() == [entry.solution]
    assert main(["generate", "--family", "portia3", "--seed", "4", "--print", "text"]) == 0
    assert "Portia-1; Every casket was made by Bellini or by Cellini" in capsys.readouterr().out


@pytest.mark.parametrize("argv, start", [
    (["--family", "portia2", "--m", "1"], "portia: --m 1: "),
    (["--family", "portia1", "-n", "3"], "portia: -n 3: "),
    (["--family", "portia1", "--loops"], "portia: --loops: "),
    (["--family", "portia1", "--m-policy", "largest"], "portia: --m-policy largest: "),
    (["--family", "portia2", "--difficulty", "gentle"], "portia: --difficulty gentle: "),
])
def test_cli_refusals_are_one_line_exit_2(argv, start, capsys):
    assert main(["generate", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith(start) and err.count("\n") == 1


def test_family_packs_are_titled_and_listed_by_their_rules(tmp_path, capsys):
    from portia_tui.cli import main as cli_main

    out = tmp_path / "p.toml"
    assert cli_main(["generate", "--family", "portia2", "--count", "2", "--seed", "4",
                     "-o", str(out), "-q"]) == 0
    capsys.readouterr()
    cli_main(["pack", "list", str(out)])
    listed = capsys.readouterr().out.splitlines()
    assert listed[0].startswith("Portia puzzles, second generation")
    assert all("m = None" not in line and "caskets bear" in line for line in listed[1:])
    cli_main(["pack", "check", str(out)])
    checked = capsys.readouterr().out
    assert "m = None" not in checked and "caskets bear" in checked


def test_the_third_generation_never_adds_a_count_that_names_every_maker():
    from portia_tui.core.packs.generator import Settings, generate
    from portia_tui.core.packs.generator.families import family_defaults

    s = Settings(**{**family_defaults("portia3"), "count": 30, "seed": 3,
                    "family": "portia3"}).check()
    for g in generate(s):
        size = g.puzzle.size
        for r in g.puzzle.rules:
            if r.kind == "total":
                assert not ((r.op in ("exactly", "at most") and r.k == 0)
                            or (r.op in ("exactly", "at least") and r.k == size)), r


def test_family_shape_bounds_refuse_and_accept_on_the_right_side():
    import pytest

    from portia_tui.core.errors import SettingsError
    from portia_tui.core.packs.generator import Settings
    from portia_tui.core.packs.generator.families import family_defaults

    def settings(family, **over):
        return Settings(**{**family_defaults(family), "family": family, "seed": 1, "count": 1,
                           **over})

    with pytest.raises(SettingsError) as info:  # the first generation: one statement a casket
        settings("portia1", n=2).check()
    assert (info.value.setting, info.value.value) == ("n", 2)
    # statements about statements may loop in a family, so the distinct-statement bound is
    # the one with loops: 9 classic statements a casket, not 4
    assert settings("portia2", vocabulary="classic", n=5).check().n == 5


def test_the_third_generation_is_not_held_to_the_portrait_bound():
    # maker statements widen what a casket can carry: four statements a casket are more than
    # the portrait vocabulary's three distinct ones, and still allowed
    from portia_tui.core.packs.generator import Settings
    from portia_tui.core.packs.generator.families import family_defaults

    s = Settings(**{**family_defaults("portia3"), "family": "portia3", "n": 4, "seed": 1,
                    "count": 1})
    assert s.check().n == 4
