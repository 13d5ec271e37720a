"""The quality filters of issue 19 (core/packs/generator/quality.py): each one on hand-made
puzzles that show its fault and on ones that do not (Smullyan's first casket passes all), and
on what every generator path makes by default."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hyp_settings

from portia_tui.cli import main
from portia_tui.core.io.formats import load
from portia_tui.core.language.model import Casket, Puzzle
from portia_tui.core.language.rules import Rule, m_rule
from portia_tui.core.language.vocabulary import Layout, Statement
from portia_tui.core.packs.generator import Settings, Stats, generate
from portia_tui.core.packs.generator.families import family_defaults
from portia_tui.core.packs.generator.quality import (FILTERS, MOTIFS_PER_WINDOW, WINDOW, Keeper,
                                                     Offer, Worlds, fillers_allowed,
                                                     fixes_every_value, mask_echoes, mask_fillers,
                                                     motifs, plain_counts, portrait_masks,
                                                     repeated, symmetric_pair, wasted,
                                                     wasted_share)
from portia_tui.core.packs.generator.sampler import Sampler, loop_free_masks
from portia_tui.core.solve.engine import CasketEngine, WholeEngine

from . import casket_brute
from .conftest import HEAVY, examples
from .strategies import full_puzzles, puzzles

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("gold", "silver", "lead")


def _p(*caskets, m=1, rules=()):
    return Puzzle(tuple(Casket(NAMES[i], tuple(Statement(*s) for s in sts))
                        for i, sts in enumerate(caskets)), m, rules=rules).validate()


def _worlds(p):
    bare = p.replace(m=None, rules=())
    engine = CasketEngine(bare) if p.thesis_only else WholeEngine(bare, rules=False)
    return Worlds.from_engine(engine, bare)


def test_smullyans_first_casket_passes_every_filter():
    p = load(ROOT / "puzzles" / "smullyan-first.toml")
    k = len(p.caskets)
    assert symmetric_pair(portrait_masks(p), k) is None
    assert not fixes_every_value(p.rules, p.layout)
    assert repeated(p) == []
    w = _worlds(p)
    assert w.echoes() == [] and w.filler_lids() == []
    assert wasted(p) == []  # every statement matters


def test_symmetry_two_placements_no_portrait_statement_tells_apart():
    # "in this casket" and "not in the gold casket" say nothing that separates silver from
    # lead: neither can be the one answer, so gold wins without logic
    p = _p([("in", "gold")], [("not_in", "gold")], [("true", "gold")], m=2)
    assert symmetric_pair(portrait_masks(p), 3) == (1, 2)
    q = _p([("in", "gold")], [("not_in", "silver")], [("true", "gold")], m=2)
    assert symmetric_pair(portrait_masks(q), 3) is None
    # "in the silver or the lead casket" separates nothing either
    full = Puzzle((Casket("gold", (Statement("in_one_of", caskets=("silver", "lead")),)),
                   Casket("silver", (Statement("in", "gold"),)),
                   Casket("lead", (Statement("count_all", op="at least", k=1, value=True),))),
                  1)
    assert symmetric_pair(portrait_masks(full), 3) == (1, 2)


def test_symmetric_pair_by_table_is_the_column_test():
    # the table of pairs each mask tells apart (up to 8 caskets) finds the pair the plain
    # column-by-column test finds (the first q, then the first p), past it the test itself
    import random

    def columns(masks, k):
        seen = {}
        for p in range(k):
            column = tuple(m >> p & 1 for m in masks)
            if column in seen:
                return seen[column], p
            seen[column] = p
        return None

    rng = random.Random(19)
    for _ in range(3000):
        k = rng.randint(1, 9)
        masks = [rng.randrange(1 << k) for _ in range(rng.randint(0, 10))]
        assert symmetric_pair(masks, k) == columns(masks, k), (masks, k)


def test_giveaway_rules_fix_every_value():
    three = Layout(NAMES, (2, 2, 2))
    assert fixes_every_value((m_rule(0),), three) and fixes_every_value((m_rule(6),), three)
    assert not fixes_every_value((m_rule(1),), three)
    for rule, giveaway in [(Rule("each", "exactly", 0, False), True),  # no statement false
                           (Rule("pure", "exactly", 3, True), True),  # all three only true
                           (Rule("bearing", "exactly", 3, True, 0), True),
                           (Rule("total", "at most", 0, True), True),
                           (Rule("pure", "exactly", 0, False), False),
                           (Rule("each", "at most", 1, False), False),
                           (Rule("makers"), False)]:
        assert fixes_every_value((rule,), three) is giveaway, rule
    assert fixes_every_value((Rule("makers"), Rule("total", "exactly", 0, True)), three)


def test_repeated_sentences_on_a_lid():
    p = _p([("in", "gold"), ("in", "gold")], [("in", "lead"), ("not_in", "gold")],
           [("other_true",), ("in", "lead")])
    assert repeated(p) == [(0, 1)]
    assert repeated(_p([("in", "gold"), ("not_in", "lead")], [("in", "lead"), ("in", "gold")],
                       [("other_true",), ("in", "lead")])) == []


def test_echo_across_caskets_in_every_world():
    # silver's statement copies gold's: true in exactly the same worlds
    p = _p([("in", "gold")], [("true", "gold")], [("not_in", "silver")], m=1)
    assert _worlds(p).echoes() == [(0, 1)]
    # the same sentence meaning on two caskets
    q = _p([("in", "lead")], [("in", "lead")], [("not_in", "gold")], m=1)
    assert _worlds(q).echoes() == [(0, 1)]
    # a negation across caskets is no echo
    r = _p([("in", "gold")], [("false", "gold")], [("not_in", "silver")], m=1)
    assert _worlds(r).echoes() == []
    # a loop that leaves both open: "silver's statement is true" on gold beside "gold's
    # statement is true" on silver are true in exactly the same worlds (each true makes the
    # other true), though they do not mean the same
    loop = _p([("true", "silver")], [("true", "gold")], [("in", "lead")], m=1)
    assert _worlds(loop).echoes() == [(0, 1)]
    # open under a placement, but some world there tells them apart: no echo
    apart = _p([("false", "silver")], [("false", "gold")], [("in", "lead")], m=1)
    assert _worlds(apart).values[0] == (None, None, False) and _worlds(apart).echoes() == []


def test_filler_lids_whatever_the_world():
    # two "the other statement is false": exactly one true in every world
    p = _p([("other_false",), ("other_false",)], [("in", "gold"), ("not_in", "lead")],
           [("in", "lead"), ("true", "gold")], m=None, rules=(m_rule(3),))
    assert _worlds(p).filler_lids() == [0]
    # "in gold / in silver / in lead": exactly one true under every placement
    q = _p([("in", "gold"), ("in", "silver"), ("in", "lead")],
           [("not_in", "gold"), ("other_true",), ("in", "lead")],
           [("in", "lead"), ("not_in", "silver"), ("other_false",)], m=4)
    assert _worlds(q).filler_lids() == [0]
    assert _worlds(_p([("in", "gold")], [("not_in", "silver")], [("not_in", "gold")])
                   ).filler_lids() == []
    assert motifs(q, [0]) == (("filler", "in", "in", "in"),)


def test_wasted_statements_by_blanking():
    # the wrong placements miss m = 5 by two: any one statement could say nothing
    p = Puzzle.build({"gold": [Statement("not_in", "silver"), Statement("not_in", "gold"),
                               Statement("other_false")],
                      "silver": [Statement("not_in", "lead"), Statement("other_true"),
                                 Statement("in", "silver")],
                      "lead": [Statement("other_false"), Statement("not_in", "lead"),
                               Statement("true", "gold")]}, 5)
    assert wasted(p) == [0, 1, 2, 3, 4, 6, 7, 8]
    assert wasted_share(p) == pytest.approx(8 / 9)


def test_loop_free_masks_read_as_the_worlds_do():
    # the searches read loop-free candidates off their masks: the same echoes and fillers
    for settings in (Settings(n=2, seed=1).check(), Settings(n=3, seed=2).check(),
                     Settings(n=4, caskets=4, seed=3).check()):
        sampler = Sampler(settings, random.Random(settings.seed))
        for _ in range(80):
            cands, order = sampler.draw()
            if cands is None:
                continue
            from portia_tui.core.packs.generator.sampler import to_puzzle

            puzzle = to_puzzle(cands, settings.names, None)
            w = Worlds.from_engine(CasketEngine(puzzle), puzzle)
            masks = loop_free_masks(cands, order, settings.caskets)
            assert mask_echoes(masks) == w.echoes()
            assert mask_fillers(masks, settings.caskets) == w.filler_lids()


def test_generated_menus_say_no_and_all():
    from portia_tui.core.language.rules import rule_options

    layout = Layout(NAMES, (2, 2, 2))
    menu = plain_counts(rule_options(layout, ("pure",)))
    assert Rule("pure", "at most", 0, True) not in menu
    assert Rule("pure", "at least", 3, True) not in menu
    assert Rule("pure", "exactly", 3, True) in menu and Rule("pure", "at least", 2, True) in menu


DEFAULT_PATHS = [dict(n=1), dict(n=2), dict(n=3), dict(n=4), dict(n=3, loops=True),
                 dict(n=2, difficulty="steady"), dict(family="portia1"), dict(family="portia2"),
                 dict(family="portia3"), dict(vocabulary="full", n=2),
                 # the sampler's checked draws: every level's path, loop-free and with loops
                 dict(n=2, difficulty="gentle"), dict(n=3, difficulty="gentle"),
                 dict(n=4, difficulty="gentle"), dict(n=4, difficulty="steady"),
                 dict(n=3, difficulty="tricky")]


@pytest.mark.parametrize("kw", DEFAULT_PATHS)
def test_every_generator_path_keeps_the_hard_filters_and_the_pack_filters(kw):
    if "family" in kw or kw.get("vocabulary") == "full":
        kw = {**family_defaults(kw.get("family")), **kw}
    stats = Stats()
    made = generate(Settings(**kw, count=16, seed=5), stats=stats)
    answers: dict[str, int] = {}
    for g in made:
        p = g.puzzle
        assert symmetric_pair(portrait_masks(p), len(p.caskets)) is None
        assert not fixes_every_value(p.rules, p.layout)
        assert repeated(p) == []
        w = _worlds(p)
        if p.n is not None and p.n <= 2:
            assert w.echoes() == []
        answers[g.solution] = answers.get(g.solution, 0) + 1
    assert max(answers.values()) <= 8  # answers rotate
    # at most one puzzle with a filler lid and no motif more than twice in any 8 in a row
    fills = []
    marks = []
    for g in made:
        w = _worlds(g.puzzle)
        fills.append(bool(w.filler_lids()))
        marks.append(motifs(g.puzzle, w.filler_lids(), (Rule("makers"),)))
    assert sum(fills) <= len(made) // WINDOW  # one per 8 in the whole pack
    for start in range(len(made) - WINDOW + 1):
        assert sum(fills[start:start + WINDOW]) <= 1
        window = [m for ms in marks[start:start + WINDOW] for m in ms]
        assert all(window.count(m) <= MOTIFS_PER_WINDOW for m in window)


def _offer(answer, fillers):
    return Offer(None, None, answer, fillers, (), 0)  # type: ignore[arg-type]


@pytest.mark.parametrize("count", [1, 7, 8, 16, 30])
def test_fillers_at_most_one_per_8_in_the_whole_pack(count):
    # a sliding window of 8 alone would let a pack of 30 hold 4 (puzzles 1, 9, 17, 25)
    keeper = Keeper(Settings(n=2), count, 3)
    stats = Stats()
    kept = []
    for i in range(count * 4):
        if len(kept) == count:
            break
        o = keeper.offer(_offer(i % 3, 1 if i % 2 == 0 else 0), stats)
        if o is not None:
            keeper.keep(o)
            kept.append(o.fillers)
    fills = [bool(f) for f in kept]
    assert len(kept) == count
    assert sum(fills) == fillers_allowed(count) == count // 8
    for start in range(max(0, len(fills) - WINDOW + 1)):
        assert sum(fills[start:start + WINDOW]) <= 1


def test_a_filler_heavy_pack_of_30_holds_at_most_3():
    # n = 4 loop-free puzzles at the bound often carry a filler lid
    stats = Stats()
    made = generate(Settings(n=3, count=30, seed=3), stats=stats)
    fills = sum(1 for g in made if _worlds(g.puzzle).filler_lids())
    assert fills <= 3
    assert stats.filtered.get("fillers", 0) > 0  # the filter did refuse some


def test_every_filter_has_a_switch_in_help(capsys):
    with pytest.raises(SystemExit):
        main(["generate", "--help"])
    text = capsys.readouterr().out
    for f in FILTERS.values():
        assert f.switch in text and f"'{f.name}'" in text
    assert {f.setting for f in FILTERS.values()} <= set(Settings.__dataclass_fields__)


def test_a_giveaway_m_is_refused_up_front(capsys):
    assert main(["generate", "--m", "0"]) == 2
    assert capsys.readouterr().err.strip() == (
        "portia: --m 0: m = 0 says no statement is true, which fixes every statement's value "
        "(a giveaway), unless giveaways are allowed")
    assert main(["generate", "--family", "portia1", "--m", "3"]) == 2
    assert "giveaway" in capsys.readouterr().err
    made = generate(Settings(n=1, m=3, count=1, seed=1, allow_giveaways=True))
    assert made[0].puzzle.m == 3


def test_loop_free_blank_totals_are_the_engines():
    # the generator reads the wasted statements of loop-free candidates off their masks,
    # evaluating again only what reads a blanked statement: the casket engine's blank totals
    # (also given the draw's masks, as the wasted-statement check gives them)
    from portia_tui.core.packs.generator.quality import blank_totals, wasted_for
    from portia_tui.core.packs.generator.sampler import (LoopFreeBlanks, loop_free_blank_totals,
                                                        loop_free_counts, to_puzzle)

    for settings in (Settings(n=2, seed=1).check(), Settings(n=3, seed=2).check(),
                     Settings(n=3, caskets=4, seed=3, difficulty="steady").check(),
                     Settings(n=4, seed=4, difficulty="steady").check()):
        sampler = Sampler(settings, random.Random(settings.seed))
        k = settings.caskets
        for _ in range(25):
            cands, order = sampler.draw()
            if cands is None:
                continue
            puzzle = to_puzzle(cands, settings.names, None)
            want = blank_totals(puzzle)
            assert loop_free_blank_totals(cands, order, k) == want
            masks = loop_free_masks(cands, order, k)
            assert LoopFreeBlanks(cands, order, k, masks).all() == want
            # the wasted count off the masks (blank totals only where they leave a statement
            # open) is the count off every blank total, for every m one placement fits
            counts = loop_free_counts(cands, order, k)
            for m in range(settings.n * k + 1):
                if counts.count(m) == 1:
                    answer = counts.index(m)
                    assert LoopFreeBlanks(cands, order, k, masks).wasted(m, answer) == \
                        len(wasted_for(want, m, answer))


def test_coded_worlds_are_the_engines():
    # with loops the generator reads totals, echoes, filler lids and blank totals off every
    # truth assignment at once (CodedWorlds), not the casket engine: the same worlds, on
    # random looped candidates at n = 2, 3, 4 and on four caskets
    from portia_tui.core.packs.generator.quality import blank_totals
    from portia_tui.core.packs.generator.sampler import CodedWorlds, to_puzzle

    for settings in (Settings(n=2, loops=True, seed=1, allow_echoes=True).check(),
                     Settings(n=3, loops=True, seed=2).check(),
                     Settings(n=4, loops=True, seed=3, difficulty="tricky").check(),
                     Settings(n=3, caskets=4, loops=True, seed=4).check()):
        k = settings.caskets
        sampler = Sampler(settings, random.Random(settings.seed))
        for i in range(30):
            cands, _order = sampler.draw()
            if cands is None:
                continue
            puzzle = to_puzzle(cands, settings.names, None)
            engine = CasketEngine(puzzle)
            coded = CodedWorlds(cands, k)
            assert coded.totals() == [engine.total(p) for p in range(k)]
            want = Worlds.from_engine(engine, puzzle)
            got = coded.worlds()
            assert got.counts == want.counts
            assert [g for g, w in zip(got.values, want.values) if w is not None] == \
                [w for w in want.values if w is not None]
            assert got.echoes() == want.echoes() and got.filler_lids() == want.filler_lids()
            assert coded.echoes() == want.echoes()
            assert coded.filler_lids() == want.filler_lids()
            if i % 3 == 0:
                assert coded.blank_totals() == blank_totals(puzzle)


def test_blank_reach_bounds_how_far_a_blank_moves_the_counts():
    # the wasted-statement check skips the blank totals of statements out of reach of m
    from portia_tui.core.packs.generator.sampler import (blank_reach, loop_free_blank_totals,
                                                        loop_free_counts)

    for settings in (Settings(n=2, seed=1).check(), Settings(n=3, seed=2).check(),
                     Settings(n=4, caskets=4, seed=3).check()):
        sampler = Sampler(settings, random.Random(settings.seed))
        for _ in range(40):
            cands, order = sampler.draw()
            if cands is None:
                continue
            k = settings.caskets
            counts = loop_free_counts(cands, order, k)
            blank = loop_free_blank_totals(cands, order, k)
            for reach, totals in zip(blank_reach(cands, order), blank):
                for p in range(k):
                    moved = [abs(n - counts[p]) for n in range(totals[p].bit_length())
                             if totals[p] >> n & 1]
                    assert max(moved) <= reach


def test_coded_loops_are_the_puzzles_loops():
    # the search sends only candidates with a loop to the engine for tricky and fiendish
    from portia_tui.core.packs.generator.sampler import has_loop, to_puzzle
    from portia_tui.core.solve.semantics import find_loops

    seen = set()
    for settings in (Settings(n=2, loops=True, seed=1).check(),
                     Settings(n=3, loops=True, seed=2, allow_echoes=True).check(),
                     Settings(n=1, caskets=4, loops=True, seed=3).check()):
        sampler = Sampler(settings, random.Random(settings.seed))
        for _ in range(150):
            cands, _order = sampler.draw()
            if cands is None:
                continue
            got = has_loop(cands)
            seen.add(got)
            assert got == bool(find_loops(to_puzzle(cands, settings.names, None)))
    assert seen == {True, False}


@pytest.mark.parametrize("family", ["portia1", "portia2"])
def test_family_wasted_statements_off_the_rule_table(family):
    # portrait statements only: the family search reads the wasted statements off its rule
    # table, as the casket engine's blank totals give them
    from portia_tui.core.packs.generator import Stats
    from portia_tui.core.packs.generator.families import FamilySearch, family_defaults
    from portia_tui.core.packs.generator.quality import blank_totals, wasted_for

    settings = Settings(**family_defaults(family), family=family, count=12, seed=4,
                        allow_wasted=True, allow_sameness=True).check()
    search = FamilySearch(settings, Stats(), set(), Keeper(settings, 12, settings.caskets))
    seen = 0
    for g in generate(settings):
        solution = settings.names.index(g.solution)
        assert search.wasted(g.puzzle, solution) == \
            wasted_for(blank_totals(g.puzzle), g.puzzle.m, solution)
        seen += 1
    assert seen == 12


@pytest.mark.parametrize("n, most", [(2, 4), (3, 8), (4, 12)])
def test_gentle_packs_rank_by_wasted_statements(n, most):
    # the wasted-statement preference: gentle draws aim at about one statement about
    # statements and the last casket is drawn again while every m wastes more than 1/3, so
    # most gentle puzzles waste at most 1/3 (90 to 97% wasted more at n = 3 and 4 before)
    from portia_tui.core.packs.generator.quality import WASTED_PREFERRED, wasted_share

    made = generate(Settings(n=n, difficulty="gentle", count=20, seed=8))
    over = [g for g in made if wasted_share(g.puzzle) > WASTED_PREFERRED + 1e-9]
    assert len(over) <= most
    lifted = generate(Settings(n=n, difficulty="gentle", count=20, seed=8, allow_wasted=True))
    assert sum(wasted_share(g.puzzle) > WASTED_PREFERRED + 1e-9 for g in lifted) > len(over)


def test_the_last_casket_has_its_own_tries():
    # draw_checked's last_tries bounds the last casket's draws alone (the wasted-statement
    # preference's WASTED_TRIES + 1); the other caskets keep CASKET_TRIES
    import random

    from portia_tui.core.packs.generator.sampler import CASKET_TRIES, Sampler

    for last_tries in (None, 3, CASKET_TRIES + 5):
        sampler = Sampler(Settings(n=2, count=1, seed=1), random.Random(5))
        tries: list[int] = []

        def whole(cands, order, masks, t, tries=tries):
            tries.append(t)
            return "wasted"

        redrawn: dict[str, int] = {}
        got = sampler.draw_checked(lambda row, used: None, whole, redrawn,
                                   last_tries=last_tries)
        assert got == (None, None, "wasted")
        want = CASKET_TRIES if last_tries is None else last_tries
        assert tries == list(range(want)) and redrawn == {"wasted": want}


def test_an_always_agreeing_pair_left_open_by_a_loop_is_an_echo():
    # "lead's statements are true" on gold beside "gold's statements are true" on lead (and
    # beside gold's "the other statement on this casket is true", which says what gold's other
    # statement says) agree in every consistent world, though a loop leaves them open under
    # the silver placement: true in exactly the same worlds, so echoes (the words).
    # An n = 2 tricky puzzle main made (seed 1) before the echo was read exactly; its worlds
    # here by brute force over every placement and truth assignment
    from itertools import product

    p = _p([("true", "lead"), ("other_true", None)], [("not_in", "silver"), ("other_true", None)],
           [("not_in", "gold"), ("true", "gold")])
    code = [("true", 2), ("other", 0), ("not_in", 1), ("other", 1), ("not_in", 0), ("true", 0)]

    def means(i, v, place):
        kind, x = code[i]
        if kind == "not_in":
            return place != x
        if kind == "true":
            return v[2 * x] and v[2 * x + 1]
        return v[i ^ 1]  # the other statement on casket i // 2

    worlds = [(place, v) for place in range(3) for v in product((False, True), repeat=6)
              if all(v[i] == means(i, v, place) for i in range(6))]
    assert all(v[0] == v[5] == v[1] for _place, v in worlds)
    assert {v[0] for place, v in worlds if place == 1} == {False, True}  # open at silver
    echoes = _worlds(p).echoes()
    assert (0, 5) in echoes and (1, 5) in echoes


@hyp_settings(max_examples=examples(40, 400), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(puzzles(max_statements=8, max_caskets=3, max_per_casket=2))
def test_echoes_are_the_brute_forces_over_the_consistent_worlds(p):
    # the echo filter against a brute force that shares no meaning code (tests/casket_brute.py):
    # the casket engine's worlds, the whole-language engine's, and with loops the coded
    # worlds the search reads
    from portia_tui.core.packs.generator.sampler import CODE, CodedWorlds

    want = casket_brute.echoes(p)
    bare = p.replace(m=None, rules=())
    assert Worlds.from_engine(CasketEngine(bare), bare).echoes() == want
    assert Worlds.from_engine(WholeEngine(bare, rules=False), bare).echoes() == want
    names = list(p.names)
    cands = [[(CODE[st.kind], names.index(st.target) if st.target else -1)
              for st in cas.statements] for cas in p.caskets]
    coded = CodedWorlds(cands, len(names))
    assert coded.echoes() == want and coded.worlds().echoes() == want


@hyp_settings(max_examples=examples(25, 250), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(full_puzzles(max_statements=7, max_caskets=3))
def test_echoes_of_the_whole_language_are_the_brute_forces(p):
    want = casket_brute.echoes(p)
    bare = p.replace(m=None, rules=())
    assert Worlds.from_engine(WholeEngine(bare, rules=False), bare).echoes() == want


def test_gentle_last_casket_options_are_every_set_its_menu_allows():
    # gentle puzzles at n <= 2 draw their last casket among every statement set the menu
    # allows, grouped by what each adds to the true and portrait counts: the sets are every
    # n-subset without a blocked pair (checked by combinations), their sums what casket_masks
    # and counts_of give
    from itertools import combinations

    from portia_tui.core.packs.generator.sampler import NOT_IN, casket_masks

    for n in (1, 2):
        settings = Settings(n=n, seed=3, difficulty="gentle").check()
        sampler = Sampler(settings, random.Random(3))
        rng = random.Random(4)
        k, full = settings.caskets, (1 << settings.caskets) - 1
        for _ in range(20):
            order = list(range(k))
            rng.shuffle(order)
            c = order[0]
            menu = sampler._loop_free_menus(order)[c]
            all_true = [rng.randrange(full + 1) for _ in range(k)]
            all_false = [rng.randrange(full + 1) & ~all_true[d] for d in range(k)]
            got = {}
            for add, add_portrait, about, sets in sampler._last_options(c, menu, all_true,
                                                                        all_false):
                for chosen in sets:
                    got[frozenset(chosen)] = (add, add_portrait, about)
            want = {}
            for chosen in combinations(menu, n):
                if any(b in sampler.blocks[a] for a in chosen for b in chosen if a != b):
                    continue
                row, _at, _af = casket_masks(list(chosen), all_true, all_false, full)
                portrait = [v for o, v in zip(chosen, row) if o[0] <= NOT_IN]
                want[frozenset(chosen)] = (_packed(row, k), _packed(portrait, k),
                                           n - len(portrait))
            assert got == want


def _packed(masks, k):
    from portia_tui.core.packs.generator.sampler import counts_of

    return sum(x << (16 * p) for p, x in enumerate(counts_of(masks, k)))


@pytest.mark.parametrize("n", [1, 2])
def test_gentle_built_backwards_still_passes_every_check(n):
    # the backwards draw only narrows what the last casket is drawn from: every puzzle is
    # still judged by every filter and rated gentle, and the level refusals of blind draws
    # are gone
    stats = Stats()
    got = list(generate(Settings(n=n, count=10 if n == 2 else 6, seed=21, difficulty="gentle"),
                        stats=stats))
    assert all(g.rating.level == "gentle" for g in got)
    assert "level" not in stats.redrawn and "unique" not in stats.redrawn
    for g in got:
        assert not repeated(g.puzzle) and not symmetric_pair(portrait_masks(g.puzzle), 3)


@pytest.mark.parametrize("caskets", [2, 3] if HEAVY else [2])
def test_no_tricky_puzzle_of_two_statements_on_few_caskets_is_free_of_echoes(caskets):
    # the census behind the refusal: every looped candidate the sampler can draw (filters
    # on), graded where it is free of echoes, reaches no tricky (3 caskets: 250,047
    # candidates, PORTIA_HEAVY)
    import importlib.util

    from portia_tui.core.errors import SettingsError
    from portia_tui.core.packs.generator.settings import ECHOED_TRICKY

    spec = importlib.util.spec_from_file_location("echo_census", ROOT / "tools" / "echo_census.py")
    census = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(census)
    fate, levels = census.census(2, caskets)
    assert fate["graded"] > 0 and "tricky" not in levels and "fiendish" not in levels
    assert caskets in ECHOED_TRICKY
    with pytest.raises(SettingsError, match="true in exactly the same worlds"):
        Settings(n=2, caskets=caskets, difficulty="tricky").check()
    # with echoes allowed, or a filter lifted that the census counted under, the search runs
    for lifted in ("allow_echoes", "allow_symmetry", "allow_negations", "allow_giveaways"):
        Settings(n=2, caskets=caskets, difficulty="tricky", **{lifted: True}).check()


def test_certain_echoes_echo_in_every_candidate_with_a_world():
    # the looped draws keep out at n <= 2 the pairs that always echo: each candidate that
    # holds one has an echo by the coded worlds, or no consistent world at all (then no m
    # fits it either); and most that hold none have none of those pairs' kind
    from portia_tui.core.packs.generator.sampler import CodedWorlds, certain_echo

    held = 0
    for settings in (Settings(n=2, loops=True, seed=1, allow_echoes=True).check(),
                     Settings(n=1, loops=True, seed=2, allow_echoes=True).check(),
                     Settings(n=2, caskets=4, loops=True, seed=3, allow_echoes=True).check(),
                     Settings(n=3, loops=True, seed=4, allow_echoes=True).check()):
        sampler = Sampler(settings, random.Random(settings.seed))
        for _ in range(150):
            cands, _order = sampler.draw()
            if cands is None or not certain_echo(cands):
                continue
            held += 1
            worlds = CodedWorlds(cands, settings.caskets)
            assert worlds.echoes() or not any(worlds.consistent)
    assert held > 30


@pytest.mark.parametrize("kw", [dict(n=2, difficulty="gentle"), dict(n=4, difficulty="gentle"),
                                dict(n=3, difficulty="steady"), dict(n=3, caskets=4)])
def test_the_last_caskets_tries_judge_as_afresh(kw, monkeypatch):
    # the last casket's tries sum the caskets drawn before once (_Search._sums) and hand
    # the check's counts to the wasted preference: each try's verdict is the verdict of the
    # same candidate judged afresh (nothing kept), and every check is met by the made packs
    from portia_tui.core.packs.generator import search as search_mod

    judge = search_mod._Search._whole_check
    seen = []

    def both(self, cands, order, masks, tries):
        got = judge(self, cands, order, masks, tries)
        kept = self._prior, self._portrait, self._blank
        self._prior = None
        fresh = judge(self, [row[:] for row in cands], order[:], [row[:] for row in masks],
                      tries)
        self._prior, self._portrait, self._blank = kept
        seen.append(got)
        assert got == fresh
        return got

    monkeypatch.setattr(search_mod._Search, "_whole_check", both)
    made = generate(Settings(**kw, count=6, seed=3))
    assert len(made) == 6 and None in seen and len(set(seen)) > 1
