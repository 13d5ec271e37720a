"""Names and saves keep their meaning (issue 21, item 5).

A casket name cannot hold the words sentences put between names ("or the"), so no sentence
reads two ways; and every puzzle reads back from every format that can hold it as the same
puzzle: any names, every statement kind, every rule kind, empty slots, m open or not."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from portia_tui.cli import main
from portia_tui.core.errors import PortiaError
from portia_tui.core.io import formats
from portia_tui.core.io.formats import code
from portia_tui.core.language import vocabulary as voc
from portia_tui.core.language.model import MAX_NAME, Casket, Puzzle, check_name
from portia_tui.core.language.rules import RULE_KINDS, rule_options, total_clash
from portia_tui.core.language.vocabulary import (EMPTY, KINDS, VOCABULARIES, Layout, options,
                                                 parse_sentence, sentence)
from portia_tui.core.packs.pack import Pack, PackPuzzle, dumps_pack, loads_pack

from .conftest import examples

#: words the sentences use, so names are drawn that come near every pattern
WORDS = ("gold", "a", "b", "or", "the", "casket", "this", "is", "are", "true", "false", "on",
         "made", "by", "bellini", "cellini", "statement", "statements", "in", "not", "other",
         "exactly", "at", "least", "most", "1", "no", "of", "all", "portrait", "x-y", "z_2")
NAMES = st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join).filter(
    lambda name: check_name(name) is None)
TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12) | \
    st.sampled_from(["a\r\nb", "\r", "x\n", '"""', "\\", "line\u2028two", "\ufefftitle"])


@pytest.mark.parametrize("name", ["a or the b", "y or the z", "or the b", "a or the",
                                  "gold or the silver"])
def test_a_name_holding_or_the_is_refused_in_one_line(name):
    why = check_name(name)
    assert why is not None and "or the" in why and "\n" not in why


def test_every_joiner_of_the_sentences_is_refused():
    """The joiners come from the kinds themselves: a new kind that joins names adds its own."""
    joiners = {j for kind in KINDS.values() for j in kind.joiners}
    assert joiners >= {"or the", ", the"}
    for joiner in joiners:
        assert voc.name_joiner(f"a {joiner} b".replace(" ,", ",")) == joiner


def test_a_long_name_is_refused_with_a_short_line():
    assert check_name("x" * MAX_NAME) is None
    why = check_name("x" * 5000)
    assert why is not None and len(why) < 120


def test_the_file_that_changed_its_solution_is_refused(tmp_path, capsys):
    """The issue's case: a casket "a or the b" read back as two caskets."""
    path = tmp_path / "p.toml"
    path.write_text('m = 1\n[[caskets]]\nname = "a"\nstatements = ["The portrait is not in '
                    'this casket"]\n[[caskets]]\nname = "b"\nstatements = ["The portrait is '
                    'not in this casket"]\n[[caskets]]\nname = "a or the b"\nstatements = '
                    '["The portrait is in the a or the b casket"]\n')
    assert main(["solve", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"{path}:9: bad casket name 'a or the b'")


@st.composite
def named_puzzles(draw):
    """Any names (near every pattern), every statement kind and rule kind, empty slots, m
    open or not, a target and free text."""
    names = tuple(draw(st.lists(NAMES, min_size=1, max_size=4, unique=True)))
    counts = tuple(draw(st.integers(1, 3)) for _ in names)
    layout = Layout(names, counts)
    rules = draw(st.lists(st.sampled_from(rule_options(layout)), max_size=2, unique=True))
    if total_clash(rules):
        rules.pop()
    kinds = {r.kind for r in rules}
    caskets = []
    for ci, name in enumerate(names):
        menus = [m for m in (options(layout, ci, [k], kinds) for k in VOCABULARIES["full"]) if m]
        sts = tuple(EMPTY if draw(st.integers(0, 5)) == 0 else
                    draw(st.sampled_from(draw(st.sampled_from(menus))))
                    for _ in range(counts[ci]))
        caskets.append(Casket(name, sts))
    target = draw(st.none() | st.sampled_from(names))
    return Puzzle(caskets, rules=rules, title=draw(TEXT), author=draw(TEXT), notes=draw(TEXT),
                  target=target).validate()


@settings(max_examples=examples(100, 300), deadline=None)
@given(named_puzzles())
def test_every_sentence_reads_back_as_its_statement(puzzle):
    for ci, st_ in puzzle.flat:
        said = sentence(st_, puzzle.layout, ci)
        assert parse_sentence(said, puzzle.layout, ci) == st_, said
    for rule in puzzle.rules:
        assert RULE_KINDS[rule.kind].pattern.match(
            voc._norm(RULE_KINDS[rule.kind].sentence(rule, puzzle.layout)))


def _same_puzzle(a: Puzzle, b: Puzzle, meta: bool = True) -> None:
    assert a.caskets == b.caskets
    assert a.rules == b.rules
    if meta:
        assert (a.title, a.author, a.notes, a.target) == (b.title, b.author, b.notes, b.target)


@settings(max_examples=examples(100, 300), deadline=None)
@given(named_puzzles())
def test_a_save_reads_back_as_the_same_puzzle_in_every_format(puzzle):
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:  # through a file: decoding, line ends
        formats.save(puzzle, Path(folder) / "p.toml")
        _same_puzzle(formats.load(Path(folder) / "p.toml"), puzzle)
    pack = Pack("p", (PackPuzzle("001", puzzle), PackPuzzle("x/y", puzzle)))
    for entry in loads_pack(dumps_pack(pack)).puzzles:
        _same_puzzle(entry.puzzle, puzzle)
    try:
        shared = code.encode(puzzle)
    except PortiaError:
        assert not puzzle.thesis_only or puzzle.side_rules
    else:
        _same_puzzle(code.decode(shared), puzzle, meta=False)
    for fmt in ("text", "thesis_json"):
        try:
            text = formats.dumps(puzzle, fmt)
        except PortiaError:
            assert not (puzzle.is_classic and puzzle.thesis_only and puzzle.complete)
        else:
            _same_puzzle(formats.loads(text, fmt), puzzle, meta=False)
