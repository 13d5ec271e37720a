"""portia play on the command line: bad files stop before the app with one line, exit 2."""

from __future__ import annotations

import pytest

from portia_tui.cli import main
from portia_tui.cli.play import load_playable
from portia_tui.core.language.model import Puzzle, default_puzzle
from portia_tui.core.packs.pack import Pack
from portia_tui.core.io import formats

from .test_play_support import make_pack


@pytest.fixture(autouse=True)
def _dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("PORTIA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PORTIA_CONFIG_DIR", str(tmp_path / "config"))


@pytest.mark.parametrize("name, text, where", [
    ("bad.toml", 'format = 1\nm = 1\n[[caskets]]\nname = "gold"\nstatements = ["bogus words"]\n',
     ":5: "),
    ("bad-pack.toml", 'format = 1\ntype = "pack"\ntitle = "x"\n', ":1: "),
    ("bad.txt", "this is not a thesis puzzle\n", ":"),
    ("empty.json", "", ":1: "),
    ("puzzle.png", "x", ": "),
])
def test_bad_file_gives_one_line_and_exit_2(tmp_path, capsys, name, text, where):
    path = tmp_path / name
    path.write_text(text)
    assert main(["play", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{path}{where}")
    assert "Traceback" not in err


def test_missing_file(tmp_path, capsys):
    assert main(["play", str(tmp_path / "nope.toml")]) == 2
    assert capsys.readouterr().err.strip() == f"{tmp_path / 'nope.toml'}: no such file"


def test_files_are_told_apart(tmp_path):
    make_pack(tmp_path / "pack.toml")
    assert isinstance(load_playable(str(tmp_path / "pack.toml")), Pack)
    formats.save(default_puzzle(), tmp_path / "one.toml")
    formats.save(default_puzzle(), tmp_path / "one.json")
    assert isinstance(load_playable(str(tmp_path / "one.toml")), Puzzle)
    assert load_playable(str(tmp_path / "one.json")).m == 1


def test_help_mentions_packs(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "pack" in capsys.readouterr().out
