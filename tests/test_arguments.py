"""Arguments are bounded up front (issue 21, item 6): every numeric option of every command
has a range, said in --help; outside it, one short line `portia CMD: error: ...`, exit 2,
before any work or memory is spent. A file portia writes, portia can read."""

from __future__ import annotations

import argparse
import re
import resource

import pytest

from portia_tui.cli import build_parser, main
from portia_tui.core.errors import FormatError, SettingsError
from portia_tui.core.io import formats
from portia_tui.core.io.files import LARGE_LIMIT, SMALL_LIMIT
from portia_tui.core.language.model import Casket, Puzzle, casket_names
from portia_tui.core.language.vocabulary import Statement


def _numeric_options() -> list[tuple[str, argparse.Action]]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    found = []
    for name, command in sub.choices.items():
        for action in command._actions:
            if action.type is not None:
                found.append((name, action))
    return found


OPTIONS = _numeric_options()


def test_every_numeric_option_is_found():
    said = {(name, action.option_strings[-1]) for name, action in OPTIONS}
    assert said >= {("solve", "--m"), ("new", "--caskets"), ("new", "-n"), ("new", "--m"),
                    ("assist", "--m"), ("assist", "--slot"), ("generate", "--count"),
                    ("generate", "--seed"), ("generate", "--attempts"), ("generate", "-n"),
                    ("generate", "--caskets"), ("generate", "--m"), ("census", "-n")}


@pytest.mark.parametrize("name, action", OPTIONS,
                         ids=[f"{n} {a.option_strings[-1]}" for n, a in OPTIONS])
def test_every_numeric_option_has_a_range_said_in_its_help(name, action):
    """Whole numbers are read by cli.count_arg (its bounds kept on it); another type (a
    number of seconds) must say a range 'LOW to HIGH' in its help too."""
    bounds = getattr(action.type, "bounds", None)
    if bounds is None:
        assert re.search(r"\d to \d", action.help), action.help
        return
    low, high = bounds
    assert f"{low} to" in action.help, action.help
    assert f"{high:,}" in action.help or f"{high}" in action.help or "2^64" in action.help


def _run(capsys, argv):
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name, action", OPTIONS,
                         ids=[f"{n} {a.option_strings[-1]}" for n, a in OPTIONS])
@pytest.mark.parametrize("value", ["high+1", "low-1", "9" * 5000, "x", "²", "1e3", "99" * 10])
def test_outside_its_range_an_option_is_one_short_line(capsys, name, action, value):
    low, high = getattr(action.type, "bounds", (-1, 99999999999 - 1))
    value = {"high+1": str(high + 1), "low-1": str(low - 1)}.get(value, value)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    code, out, err = _run(capsys, [name, action.option_strings[-1], value])
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"portia {name}: error: argument "), err
    assert len(lines[0]) < 200
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 50_000  # KB


@pytest.mark.parametrize("argv", [["new", "n.toml", "-n", "99999999999", "--no-edit"],
                                  ["new", "n.toml", "--caskets", "99999999999", "--no-edit"],
                                  ["new", "n.toml", "-n", "100000", "--no-edit"]])
def test_new_with_absurd_sizes_writes_nothing(tmp_path, monkeypatch, capsys, argv):
    """-n 99999999999 gave a MemoryError traceback; --caskets 99999999999 grew to 2.6 GB;
    -n 100000 wrote a 2.3 MB file that portia then refused to read."""
    monkeypatch.chdir(tmp_path)
    code, _, err = _run(capsys, argv)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "n.toml").exists()


def test_the_largest_new_puzzle_filled_in_reads_back(tmp_path, capsys):
    """A file portia writes, portia can read: `portia new` at its bounds, every slot then
    filled with the longest sentence its menu offers, saves and loads."""
    assert _run(capsys, ["new", str(tmp_path / "big.toml"), "--caskets", "100", "-n", "100",
                         "--no-edit"])[0] == 0
    puzzle = formats.load(tmp_path / "big.toml")
    names = casket_names(100)
    longest = Statement("false", names[-1])
    caskets = [Casket(c.name, tuple(longest if c.name != names[-1] else
                                    Statement("false", names[0]) for _ in c.statements))
               for c in puzzle.caskets]
    filled = Puzzle(caskets, m=1)
    formats.save(filled, tmp_path / "filled.toml")
    assert formats.load(tmp_path / "filled.toml") == filled


def test_a_puzzle_portia_could_not_read_back_is_not_written(tmp_path):
    names = casket_names(100)
    wide = Puzzle([Casket(n, (Statement("in", n),) * 400) for n in names], m=1)
    with pytest.raises(FormatError, match="more than portia reads back"):
        formats.save(wide, tmp_path / "wide.toml")
    assert not (tmp_path / "wide.toml").exists()
    assert len(formats.dumps(wide, "native").encode()) > SMALL_LIMIT


def test_generate_refuses_a_pack_it_could_not_read_back_before_any_work(capsys):
    code, out, err = _run(capsys, ["generate", "--count", "10000", "-n", "10", "--caskets",
                                   "100", "-q"])
    assert code == 2 and out == ""
    assert "more than a pack holds" in err and len(err.strip().splitlines()) == 1


def test_the_pack_bound_is_generous():
    """The estimate is above what the generator's longest sentences take."""
    from portia_tui.core.packs.pack import (CASKET_BYTES, PUZZLE_BYTES, STATEMENT_BYTES,
                                            check_pack_fits)
    from portia_tui.core.language.vocabulary import VOCABULARIES, Layout, options, sentence

    names = casket_names(100)
    layout = Layout(names, (10,) * 100)
    longest = max(len(sentence(st, layout, 99)) for st in options(
        layout, 99, VOCABULARIES["full"], ("makers",)))
    small = Layout(casket_names(5), (200,) * 5)
    longest = max(longest, *(len(sentence(st, small, 4)) for st in options(
        small, 4, VOCABULARIES["full"], ("makers",))))
    assert longest + 8 <= STATEMENT_BYTES
    assert CASKET_BYTES >= len('[[puzzles.caskets]]\nname = "casket100"\nstatements = [\n]\n\n')
    assert PUZZLE_BYTES >= 600
    check_pack_fits(10_000, 3, 9)
    with pytest.raises(SettingsError):
        check_pack_fits(10_000, 100, 1000)
    assert LARGE_LIMIT == 64 << 20
