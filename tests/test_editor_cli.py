"""`portia edit FILE`: bad files are one line and exit 2, before the app starts."""

from __future__ import annotations


from portia_tui.cli import main
from portia_tui.cli.edit import load_for_editing
from portia_tui.core.io import formats
from portia_tui.core.language.model import default_puzzle


def test_bad_file_is_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\nm = 1\n\n[[caskets]]\nname = "gold"\nstatements = ["Hello"]\n',
                   encoding="utf-8")
    assert main(["edit", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"{bad}:")
    assert "Traceback" not in err


def test_missing_file_must_be_toml(tmp_path, capsys):
    assert main(["edit", str(tmp_path / "new.txt")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(str(tmp_path / "new.txt"))
    assert main(["edit", str(tmp_path / "no-folder" / "x.toml")]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_load_for_editing(tmp_path):
    assert load_for_editing(None) == (None, None)
    new = tmp_path / "new.toml"
    assert load_for_editing(str(new)) == (None, new)
    formats.save(default_puzzle(), new)
    assert load_for_editing(str(new)) == (default_puzzle(), new)
