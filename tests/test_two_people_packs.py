"""Packs of two people (issue #20, point 3): where a pack that varies cannot be as large as
--count asks, it is refused up front with one line and exit 2 (islands.most_in_pack), as the
casket generator refuses n=2 fiendish past FIENDISH_N2_PACK; up to the bound it is made.

- Knights and knaves: two of the four answers hold one knight and two are alike, so the
  variety rules (no number of knights in more than half, at most one in 8 alike) leave 4 of
  6, 6 of 10: fewer than asked at every count of 6 or more, at any level.
- Werewolves tricky: every puzzle the meaning-first draw can make was counted
  (TWO_WOLVES_TRICKY: 8 within --depth 2, 4 of them with both islanders alike)."""

from __future__ import annotations

import pytest

from portia_tui.cli import main
from portia_tui.core.packs.islands import (TWO_WOLVES_TRICKY, IslandError, IslandSettings,
                                           generate, most_in_pack)


def _settings(family, level, count, **kw):
    return IslandSettings(family=family, size=2, difficulty=level, count=count, seed=1,
                          grammar="rich", **kw)


@pytest.mark.parametrize("level", [None, "gentle", "steady"])
def test_knights_and_knaves_of_two_cannot_vary_from_six(level):
    assert most_in_pack(_settings("knights-knaves", level, 10)) == 6
    assert most_in_pack(_settings("knights-knaves", level, 6)) == 4
    assert most_in_pack(_settings("knights-knaves", level, 5)) is None  # no variety rules
    for count in (6, 10, 100):
        with pytest.raises(IslandError) as info:
            _settings("knights-knaves", level, count).check()
        assert info.value.problem == "impossible"
    assert len(list(generate(_settings("knights-knaves", level, 5)))) == 5
    assert len(list(generate(_settings("knights-knaves", level, 8, allow_monotony=True)))) == 8


def test_tricky_werewolves_of_two_are_counted():
    assert TWO_WOLVES_TRICKY[2] == (8, 4)
    assert most_in_pack(_settings("werewolves", "tricky", 10)) == 5
    assert most_in_pack(_settings("werewolves", "tricky", 5)) == 8
    assert most_in_pack(_settings("werewolves", "tricky", 10, allow_twins=True)) is None
    assert most_in_pack(_settings("werewolves", "steady", 10)) is None
    with pytest.raises(IslandError):
        _settings("werewolves", "tricky", 6).check()
    with pytest.raises(IslandError):
        _settings("werewolves", "tricky", 9, allow_monotony=True).check()
    made = list(generate(_settings("werewolves", "tricky", 8, allow_monotony=True)))
    assert len(made) == 8 and all(i.grade.level == "tricky" for i in made)
    # a varied pack of 5 (the bound at 6 and more) was out of reach before only by its size
    assert len(list(generate(_settings("werewolves", "tricky", 5)))) == 5


def test_the_refusal_is_one_line_with_exit_2(capsys):
    try:
        code = main(["generate", "--family", "knights-knaves", "--people", "2", "--count", "10",
                     "--difficulty", "gentle", "--attempts", "1"])
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "at most 6" in err and "gave up" not in err
