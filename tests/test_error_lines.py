"""Error lines of the puzzle and pack readers: each message points at the line it is about
(through the public loaders only)."""

from __future__ import annotations

import pytest

from portia_tui.core.io import formats
from portia_tui.core.errors import FormatError
from portia_tui.core.packs.pack import loads_pack
from portia_tui.core.language.vocabulary import Layout, Statement, sentence

IN_GOLD = '"The portrait is in the gold casket"'


def test_a_pack_without_puzzles_is_reported_on_line_one():
    for text in ('type = "pack"\nformat = 1\n', 'type = "pack"\nformat = 1\npuzzles = []\n'):
        with pytest.raises(FormatError) as info:
            loads_pack(text, "p.toml")
        assert info.value.line == 1 and "holds no [[puzzles]]" in info.value.message


def test_a_nameless_casket_on_the_first_line_is_reported_on_its_header():
    text = (f"[[caskets]]\nstatements = [{IN_GOLD}]\n\n"
            f'[[caskets]]\nname = "silver"\nstatements = [{IN_GOLD}]\n')
    with pytest.raises(FormatError) as info:
        formats.loads(text, "native", "a.toml")
    assert info.value.line == 1 and "needs a name" in info.value.message


def test_a_nameless_casket_in_a_pack_is_reported_on_its_own_header():
    """The caskets' region ends at the next [[puzzles]] header (not another casket)."""
    text = ('type = "pack"\nformat = 1\n\n[[puzzles]]\nid = "a"\nm = 1\n\n'
            f"[[puzzles.caskets]]\nstatements = [{IN_GOLD}]\n\n"
            f'[[puzzles.caskets]]\nname = "silver"\nstatements = [{IN_GOLD}]\n\n'
            '[[puzzles]]\nid = "b"\nm = 1\n\n'
            f'[[puzzles.caskets]]\nname = "gold"\nstatements = [{IN_GOLD}]\n')
    assert text.split("\n")[7] == "[[puzzles.caskets]]"
    with pytest.raises(FormatError) as info:
        loads_pack(text, "p.toml")
    assert info.value.line == 8 and "needs a name" in info.value.message


def test_a_truth_statement_about_no_casket_is_worded_in_the_singular():
    layout = Layout(("gold", "silver"), (2, 2))
    assert sentence(Statement("true", "tin"), layout, 0) == \
        "The statement on the tin casket is true"
    assert sentence(Statement("false", "silver"), layout, 0) == \
        "The statements on the silver casket are false"


def test_a_toml_file_that_is_no_pack_is_reported_on_line_one():
    """Mutation run 6: the line of 'not a pack'."""
    with pytest.raises(FormatError) as info:
        loads_pack('format = 1\n\n[[caskets]]\nname = "gold"\n', "p.toml")
    assert info.value.line == 1 and "not a pack" in info.value.message


def test_missing_caskets_are_reported_on_their_key_or_the_first_line():
    """Mutation run 6: the line of "missing [[caskets]]"."""
    for text, line in (("format = 1\nm = 1\n", 1), ("format = 1\nm = 1\ncaskets = []\n", 3)):
        with pytest.raises(FormatError) as info:
            formats.loads(text, "native", "a.toml")
        assert info.value.line == line and "missing [[caskets]]" in info.value.message


SMULLYAN_CASKETS = ('\n[[caskets]]\nname = "gold"\nstatements = ["The portrait is in this '
                    'casket"]\n\n[[caskets]]\nname = "silver"\nstatements = ["The portrait '
                    'is not in this casket"]\n\n[[caskets]]\nname = "lead"\nstatements = '
                    '["The portrait is not in the gold casket"]\n')


def test_an_exact_total_rule_clashes_with_m_only_when_m_is_given():
    """Mutation run 6: rules = ["Exactly 1 statement is true"] stands for m; beside m = 1 it
    is a second exact total, reported on m's line."""
    from portia_tui.core.language.rules import Rule

    alone = formats.loads('format = 1\nrules = ["Exactly 1 statement is true"]\n'
                          + SMULLYAN_CASKETS, "native", "a.toml")
    assert Rule("total", "exactly", 1, True) in alone.rules
    with pytest.raises(FormatError) as info:
        formats.loads('format = 1\nm = 1\nrules = ["Exactly 2 statements are false"]\n'
                      + SMULLYAN_CASKETS, "native", "a.toml")
    assert info.value.line == 2
