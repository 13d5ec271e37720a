"""Share codes: exact round trips for puzzles of every shape, and bad codes as one line."""

from __future__ import annotations

import base64
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from portia_tui.cli import main
from portia_tui.core.io import formats
from portia_tui.core.io.formats.code import (TAGS, CodeError, decode, default_name, encode,
                                          looks_like_code)
from portia_tui.core.language.model import casket_names
from portia_tui.core.language.model import Casket, Puzzle, default_puzzle
from portia_tui.core.language.vocabulary import CLASSIC_KINDS, KINDS, Statement

from .conftest import REPO
from .strategies import puzzles

NAMES = st.sampled_from(["gold", "silver", "lead", "tin", "steel", "casket13", "ivory box",
                         "a", "very-long_name 2", "zz", "casket7"])


def _renamed(puzzle: Puzzle, names: list[str]) -> Puzzle:
    old = puzzle.names
    mapping = dict(zip(old, names))
    caskets = tuple(Casket(mapping[c.name], tuple(Statement(s.kind, mapping.get(s.target))
                                                  if s.target else s for s in c.statements))
                    for c in puzzle.caskets)
    return Puzzle(caskets, puzzle.m).validate()


@settings(max_examples=60)
@given(puzzles(max_statements=14))
def test_round_trip_default_names(puzzle):
    code = encode(puzzle)
    assert looks_like_code(code)
    assert decode(code) == puzzle
    assert decode(code.lower()) == puzzle


@settings(max_examples=40)
@given(st.data())
def test_round_trip_any_names_and_shapes(data):
    puzzle = data.draw(puzzles(max_statements=12))
    names = data.draw(st.lists(NAMES, min_size=len(puzzle.caskets),
                               max_size=len(puzzle.caskets), unique=True))
    renamed = _renamed(puzzle, names)
    assert decode(encode(renamed)) == renamed


def test_many_caskets_and_far_targets_round_trip():
    k = 20
    names = casket_names(k)
    caskets = [Casket(names[i], (Statement("in", names[(i * 7) % k]),
                                 Statement("false", names[k - 1 - i] if i != k - 1 - i
                                           else names[0])))
               for i in range(k)]
    puzzle = Puzzle(caskets, 3).validate()
    assert decode(encode(puzzle)) == puzzle


def test_title_is_not_carried_and_codes_are_short():
    puzzle = default_puzzle()
    code = encode(puzzle)
    assert decode(code) == puzzle.replace(title="", author="", notes="")
    assert len(code) <= 16
    six = formats.load(REPO / "puzzles" / "six-a-side.toml")
    assert len(encode(six)) <= 40  # 18 statements


def test_every_kind_has_a_tag_and_default_names_follow_the_generator():
    # version 1 holds the six kinds of Definition 1; the others are refused (test_rulebook)
    assert set(TAGS) == set(CLASSIC_KINDS) and set(TAGS) <= set(KINDS) and 0 not in TAGS.values()
    assert all(default_name(i) == casket_names(30)[i] for i in range(30))


def test_a_draft_travels_too():
    from portia_tui.core.language.model import blank_puzzle

    draft = blank_puzzle(3, n=2).with_statement(1, 0, Statement("true", "gold"))
    assert decode(encode(draft)) == draft  # empty slots and m open
    assert decode(_code(bytes([7, 3, 1, 0x00, 0x20, 0x20]))).empty_slots == (0,)


def _code(body: bytes) -> str:
    body = body + bytes([zlib.crc32(body) & 0xFF])
    return "1" + base64.b32encode(body).decode().rstrip("=")


@pytest.mark.parametrize("code, words", [
    ("", "empty"),
    ("2AMBQCEBBEAAYC", "version"),
    ("1AMBQ-CEBB", "cannot appear"),
    ("1AMBQCEBBFAAYC", "check"),
    ("1A", "wrong length"),
    (_code(bytes([3, 3, 1, 0x70, 0x20, 0x20, 1])), "kind 7 is unknown"),
    (_code(bytes([3, 3, 1, 0x13, 0x20, 0x20, 1])), "names casket 4 of 3"),
    (_code(bytes([3, 3, 1, 0x10, 0x20])), "ends too soon"),
    (_code(bytes([3, 3, 1, 0x10, 0x20, 0x20, 1, 9])), "left over"),
    (_code(bytes([3, 0xFF, 0xFF, 0xFF, 0x7F])), "more than"),
    (_code(bytes([3, 3, 1, 0x10, 0x20, 0x20, 9])), "m = 9 is out of range"),
    (_code(bytes([3, 3, 1, 0x30, 0x20, 0x20, 1])), "own casket"),
])
def test_bad_codes_say_why(code, words):
    with pytest.raises(CodeError) as info:
        decode(code)
    assert words in str(info.value)
    assert "\n" not in str(info.value)


def test_cli_code_then_play_and_edit_open_it(capsys, monkeypatch):
    path = REPO / "puzzles" / "thesis-example-1.toml"
    assert main(["code", str(path)]) == 0
    code = capsys.readouterr().out.strip()
    opened = {}

    from portia_tui.app.editor.app import EditorApp
    from portia_tui.app.play import PlayApp

    monkeypatch.setattr(PlayApp, "run", lambda self: opened.setdefault("play", self.pack))
    monkeypatch.setattr(EditorApp, "run", lambda self: opened.setdefault("edit", self.model))
    assert main(["play", code]) == 0
    assert main(["edit", code]) == 0
    expected = formats.load(path).replace(title="", author="", notes="")
    assert opened["play"].puzzles[0].puzzle == expected
    assert opened["edit"].puzzle == expected and opened["edit"].path is None


@pytest.mark.parametrize("command", ["play", "edit", "code"])
def test_cli_bad_code_one_line_exit_2(capsys, command):
    assert main([command, "1AMBQCEBBFAAYC"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1
    assert err.startswith("1AMBQCEBBFAAYC: not a valid share code")


def test_an_existing_file_wins_over_a_code(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "1AMBQCEBBEAAYC").write_text("not a puzzle")
    assert main(["code", "1AMBQCEBBEAAYC"]) == 2
    assert "unknown file type" in capsys.readouterr().err


def test_a_code_copied_off_a_narrow_screen_in_wrapped_lines_still_opens(capsys):
    """The player shows a truth puzzle's code (some 300 letters) wrapped at the screen's
    width; copied with its line breaks (and the indent), it opens the same puzzle."""
    from portia_tui.core.io.formats import world_toml
    from portia_tui.core.io.formats.code import encode_world, looks_like_code

    puzzle = world_toml.loads((REPO / "puzzles" / "truth" / "werewolves-4.toml").read_text(), "w")
    code = encode_world(puzzle)
    wrapped = "\n ".join(code[i:i + 78] for i in range(0, len(code), 78)) + "\n"
    assert "\n" in wrapped.strip() and looks_like_code(wrapped)
    assert decode(wrapped).statements == puzzle.statements
    assert main(["solve", wrapped]) == 0
    assert "werewolf" in capsys.readouterr().out
