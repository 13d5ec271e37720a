"""The `portia` command: solve, check, convert, cnf."""

from __future__ import annotations

import json
import subprocess
import sys

from portia_tui.cli import main
from portia_tui.core.io import formats
from portia_tui.core.language.model import default_puzzle

from .conftest import REPO

PUZZLES = REPO / "puzzles"


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_solve_plain(capsys):
    code, out, _ = run(capsys, "solve", str(PUZZLES / "thesis-example-1.toml"))
    assert code == 0
    assert "Valid: the portrait is in the silver casket." in out
    assert "Values of m with exactly one solution: 1, 3, 4" in out
    assert "silver  4  <- fits m" in out


def test_solve_json_shape(capsys):
    code, out, _ = run(capsys, "solve", str(PUZZLES / "two-liars-loop.toml"), "--json")
    data = json.loads(out)
    assert code == 0
    assert data == {
        "caskets": ["gold", "silver", "lead"],
        "m": 1,
        "solutions": ["gold"],
        "valid": True,
        "true_counts": {"gold": [1], "silver": [2], "lead": [2]},
        "unique_m": [1],
        "loops": [{"statements": [1, 2], "kind": "undetermined",
                   "undetermined_in": ["gold", "silver", "lead"], "paradox_in": []}],
        # the general engine's lists (issue #18): the loop's two readings are one solution
        "worlds": {"solutions": [{"entities": {"gold": {"portrait": "yes"},
                                               "silver": {"portrait": "no"},
                                               "lead": {"portrait": "no"}}, "choices": {}}],
                   "answers": [{"where portrait=yes": ["gold"]}], "unique": True},
    }


def test_solve_other_m_and_explain(capsys):
    code, out, _ = run(capsys, "solve", str(PUZZLES / "thesis-example-1.toml"), "--m", "1",
                       "--explain")
    assert "Valid: the portrait is in the lead casket." in out
    assert "Suppose the portrait is in the gold casket." in out
    assert "Only the lead casket fits" in out


def test_check_exit_codes(capsys, tmp_path):
    code, out, _ = run(capsys, "check", *map(str, sorted(PUZZLES.glob("*.toml"))))
    assert code == 0 and out.count("valid: the portrait is in") == len(list(PUZZLES.glob("*.toml")))
    bad = tmp_path / "three.toml"
    formats.save(default_puzzle().with_m(0), bad)
    code, out, _ = run(capsys, "check", str(PUZZLES / "smullyan-first.toml"), str(bad))
    assert code == 1
    assert f"{bad}: no solution: no casket fits 0 true statements (m = 0)" in out
    code, _, err = run(capsys, "check", str(tmp_path / "missing.txt"))
    assert code == 2 and "no such file" in err


def test_convert_between_all_formats(capsys, tmp_path):
    src = PUZZLES / "thesis-example-1.toml"
    for ext in ("txt", "json", "toml", "cnf"):
        code, _, _ = run(capsys, "convert", str(src), str(tmp_path / f"out.{ext}"))
        assert code == 0
    assert (tmp_path / "out.txt").read_text().startswith("Portia 2, There are 4 true statements\n")
    again = formats.load(tmp_path / "out.json")
    assert again.caskets == formats.load(src).caskets
    code, _, err = run(capsys, "convert", str(src), str(tmp_path / "out.txt"))
    assert code == 2 and "already exists" in err
    code, _, _ = run(capsys, "convert", str(src), str(tmp_path / "out.txt"), "--force")
    assert code == 0


def test_cnf_to_stdout_and_file(capsys, tmp_path):
    code, out, _ = run(capsys, "cnf", str(PUZZLES / "smullyan-first.toml"))
    assert code == 0 and "p cnf" in out
    code, _, _ = run(capsys, "cnf", str(PUZZLES / "smullyan-first.toml"), "-o", str(tmp_path / "s.cnf"))
    assert (tmp_path / "s.cnf").read_text() == out


def test_solve_path_never_imports_textual():
    code = (
        "import sys, io, contextlib\n"
        "from portia_tui.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main(['solve', {str(PUZZLES / 'six-a-side.toml')!r}, '--json'])\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_real_process_prints_one_line_and_exits_2(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("Portia 1, There are 1 true statements\nHello\nX\nY\n")
    out = subprocess.run([sys.executable, "-m", "portia_tui", "solve", str(bad)],
                         capture_output=True, text=True)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr == f"{bad}:2: unknown statement 'Hello' (on the gold casket)\n"
