"""Fiendish packs with 2 statements on each of Portia's three caskets (issue 19): nearly every
such puzzle states "K caskets bear J true statements" ('exactly' or 'at least' K:
tools/fiendish_census.py), and the pack's variety takes a rule motif at most twice in 8, so a
pack past settings.FIENDISH_N2_PACK is refused up front with one line (exit 2), and a pack up
to it is made."""

from __future__ import annotations

import pytest

from portia_tui.core.errors import SettingsError
from portia_tui.core.explain.difficulty import rate
from portia_tui.core.packs.generator import Settings
from portia_tui.core.packs.generator.quality import faults
from portia_tui.core.packs.generator.search import iter_generate
from portia_tui.core.packs.generator.settings import FIENDISH_N2_PACK
from portia_tui.core.solve.engine import analyse

from .conftest import HEAVY

FIENDISH_2 = dict(n=2, difficulty="fiendish", vocabulary="full")


def test_a_pack_past_the_bound_is_refused_up_front():
    assert FIENDISH_N2_PACK == 4
    Settings(**FIENDISH_2, count=FIENDISH_N2_PACK).check()  # up to the bound: searched
    with pytest.raises(SettingsError, match="at most 4 a pack, unless sameness is allowed") as e:
        Settings(**FIENDISH_2, count=FIENDISH_N2_PACK + 1).check()
    assert e.value.setting == "count"
    # the pack's variety lifted, m fixed (no rule motif), another shape: no such bound
    Settings(**FIENDISH_2, count=30, allow_sameness=True).check()
    Settings(**FIENDISH_2, count=30, m=3).check()
    Settings(n=3, difficulty="fiendish", vocabulary="full", count=30).check()
    Settings(n=2, vocabulary="full", count=30).check()


def test_the_cli_refuses_it_in_one_line(capsys):
    from portia_tui.cli import main

    code = main(["generate", "-n", "2", "--difficulty", "fiendish", "--count", "30",
                 "--seed", "1"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "--count 30" in err and "unless sameness is allowed" in err


def _assert_fiendish_and_clean(g) -> None:
    p = g.puzzle
    assert rate(p).level == "fiendish"
    assert [p.names[i] for i in analyse(p).solutions(p.m)] == [g.solution]
    found = faults(p)
    for hard in ("symmetry", "giveaways", "repeats", "negations", "echoes", "fillers"):
        assert found[hard] == 0.0, hard


def test_a_small_pack_is_made():
    settings = Settings(**FIENDISH_2, count=2, seed=1).check()
    got = list(iter_generate(settings, patience=None))
    assert len(got) == 2
    for g in got:
        _assert_fiendish_and_clean(g)


@pytest.mark.skipif(not HEAVY, reason="a minute or two of CPU: PORTIA_HEAVY=1")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_pack_at_the_bound_is_made(seed):
    settings = Settings(**FIENDISH_2, count=FIENDISH_N2_PACK, seed=seed).check()
    got = list(iter_generate(settings))  # (the default patience: 60 s of CPU a puzzle)
    assert len(got) == FIENDISH_N2_PACK
    for g in got:
        _assert_fiendish_and_clean(g)
