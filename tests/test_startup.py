"""What `portia solve` imports, and the core's records.

Start-up time is measured in benchmarks/bench_startup.py; these tests only pin what the fast
path must not import, so a new import does not slow every command down unnoticed."""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest

from portia_tui.core.language.model import Casket
from portia_tui.core.language.rules import Rule
from portia_tui.core.solve.semantics import LoopReport
from portia_tui.core.language.vocabulary import EMPTY, Layout, Statement

from .conftest import REPO

#: modules the loop-free `portia solve --json` never needs: the SAT solver and the UI (the
#: standard library's typing and tomllib are fine: start-up is measured against
#: `import pysat.solvers` in benchmarks/bench_startup.py)
NEVER = ("pysat", "textual", "rich")


def _imported(argv: list[str]) -> list[str]:
    code = (
        "import sys, io\n"
        "from portia_tui.cli import main\n"
        "out = io.StringIO(); sys.stdout = out\n"
        f"main({argv!r})\n"
        "sys.stdout = sys.__stdout__\n"
        "print(sorted(m for m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=REPO)
    return eval(out.stdout)  # noqa: S307 (our own list of module names)


@pytest.mark.parametrize("ext", [".txt", ".toml"])
def test_solve_imports_nothing_it_does_not_need(tmp_path, ext):
    from portia_tui.core.io import formats

    path = tmp_path / f"six{ext}"
    formats.save(formats.load(REPO / "puzzles" / "six-a-side.toml"), path)
    modules = _imported(["solve", str(path), "--json"])
    assert "portia_tui.core.solve.engine" in modules  # the probe saw the command run
    bad = [m for m in modules if m.split(".")[0] in NEVER]
    assert bad == []
    # dataclasses imports inspect (and ast, dis, tokenize): most of what start-up spent
    # beyond `import pysat.solvers`; a file argument needs no share-code decoding either
    assert "dataclasses" not in modules and "inspect" not in modules
    assert "portia_tui.core.io.formats.code" not in modules
    assert ("tomllib" in modules) == (ext == ".toml")


# ----------------------------------------------------------------------------- records
def test_the_core_records_keep_their_fields_and_defaults():
    """The core's records are typing.NamedTuple classes: fields, defaults, tuple equality and
    pickling as before (core/record.py made the same named tuples without typing)."""
    assert Statement._fields == ("kind", "target", "caskets", "op", "k", "value")
    assert EMPTY == Statement("") == ("", None, (), "", 0, True)
    assert Layout(("a",), (2,)).size == 2
    assert Casket._fields[:2] == ("name", "statements")
    assert Rule._fields and LoopReport._fields
    for cls in (Statement, Layout, Casket, Rule, LoopReport):
        assert pickle.loads(pickle.dumps(cls._make(range(len(cls._fields))))) == tuple(
            range(len(cls._fields)))
    with pytest.raises(AttributeError):
        EMPTY.kind = "in"  # immutable, and no __dict__


def test_a_puzzle_is_a_value_that_pickles_through_its_constructor():
    """Puzzle is a typing.NamedTuple subclass whose constructor takes m: equal and hashed by
    its fields, immutable, pickled and copied without its cached properties."""
    import copy

    from portia_tui.core.io import formats

    p = formats.load(REPO / "puzzles" / "thesis-example-1.toml")
    assert p.layout.size == 6  # a cached property, which pickling leaves out
    back = pickle.loads(pickle.dumps(p))
    assert back == p and hash(back) == hash(p) and back.m == 4 and "layout" not in vars(back)
    assert copy.deepcopy(p) == p and copy.copy(p) == p
    assert p.replace(m=3).m == 3 and p.replace(m=3) != p and p.replace(m=4) == p
    assert repr(p).startswith("Puzzle(caskets=(Casket(name='gold'")
    with pytest.raises(AttributeError):
        p.caskets = ()  # type: ignore[misc]
