"""Fiendish keeps its meaning (a split inside a case) and comes from the vocabulary that can
make it (issue 19): the grader reads a lid that can never be all false at once, judges counts
of all the statements against m, and counts through lids and the rules, as a person does; so
the classic vocabulary has no fiendish puzzle, is refused up front for it, and `--difficulty
fiendish` alone draws from the full vocabulary."""

from __future__ import annotations

import pytest

from portia_tui.cli import main
from portia_tui.core.errors import SettingsError
from portia_tui.core.explain.difficulty import possible_levels, rate
from portia_tui.core.io import formats
from portia_tui.core.language.vocabulary import VOCABULARIES
from portia_tui.core.packs.generator import Settings
from portia_tui.core.packs.generator.settings import vocabulary_for

#: solved by hand: silver's "gold false" and "lead false" are false at once (gold and lead
#: each bear "the other statements on this casket are false", so neither is ever all false);
#: then under gold and under lead, following leaves three caskets bearing exactly one true
#: statement (the rule allows two): steady, no case
NEVER_ALL = """format = 2
rules = ["At most 2 caskets bear exactly 1 true statement"]
[[caskets]]
name = "gold"
statements = ["The statements on the silver casket are false",
              "The other statements on this casket are false",
              "The portrait is not in the lead casket"]
[[caskets]]
name = "silver"
statements = ["The statements on the gold casket are false",
              "The statements on the lead casket are false",
              "The portrait is not in this casket"]
[[caskets]]
name = "lead"
statements = ["Exactly 2 statements on this casket are true",
              "Exactly 2 statements on the silver casket are true",
              "The other statements on this casket are false"]
"""

#: solved by hand: exactly 3 true, so "at least 1 of all the statements is true" and "at most
#: 6 of all the statements are false" are true at once; then following and counting
BY_M = """format = 2
rules = ["Exactly 3 statements are true"]
[[caskets]]
name = "gold"
statements = ["The portrait is in the gold or the silver casket",
              "The statements on the silver casket are false",
              "The statements on the lead casket are true"]
[[caskets]]
name = "silver"
statements = ["The portrait is in the gold casket",
              "At least 1 of all the statements is true",
              "At least 2 statements on the lead casket are true"]
[[caskets]]
name = "lead"
statements = ["At most 6 of all the statements are false",
              "The statements on the silver casket are false",
              "The statements on the gold casket are false"]
"""


def test_a_lid_never_all_false_is_read_at_once():
    got = rate(formats.loads(NEVER_ALL, "native", "never-all"))
    assert got.level == "steady" and "split" not in got.needs and "nested" not in got.needs


def test_a_count_of_all_the_statements_is_judged_against_m():
    got = rate(formats.loads(BY_M, "native", "by-m"))
    assert (got.level, got.technique) == ("steady", "count")


def test_the_classic_vocabulary_makes_no_fiendish_puzzle():
    for vocabulary in ("classic", "portrait"):
        for n in (2, 3, 4):
            assert "fiendish" not in possible_levels(True, VOCABULARIES[vocabulary], n)
            with pytest.raises(SettingsError, match="full vocabulary"):
                Settings(n=n, difficulty="fiendish", vocabulary=vocabulary, loops=True,
                         repeats="allow").check()
    assert "fiendish" in possible_levels(True, VOCABULARIES["full"], 3)
    assert vocabulary_for("fiendish") == "full"
    assert all(vocabulary_for(d) is None for d in ("gentle", "steady", "tricky", None))


@pytest.mark.parametrize("argv", [["--vocabulary", "classic", "--difficulty", "fiendish"],
                                  ["--vocabulary", "classic", "--difficulty", "fiendish",
                                   "--loops", "-n", "4"]])
def test_classic_fiendish_is_refused_in_one_line_exit_2(argv, capsys):
    assert main(["generate", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("portia: --difficulty fiendish: ") and err.count("\n") == 1
    assert "full vocabulary" in err


def test_fiendish_alone_draws_from_the_full_vocabulary_and_says_so(capsys):
    # one attempt (25 for fiendish): the search gives up at once, naming what it drew from
    assert main(["generate", "--difficulty", "fiendish", "--loops", "--attempts", "1",
                 "--seed", "1"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("note: fiendish puzzles need a split inside a case")
    assert "full vocabulary is used" in err[0]
    assert "the whole language" in err[-1] and "fiendish" in err[-1]
