"""What `portia solve` imports, and the record classes that let it do without `typing`.

Start-up time is measured in benchmarks/bench_core.py; these tests only pin what the fast
path must not import, so a new import does not slow every command down unnoticed."""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest

from portia_tui.core.language.model import Casket
from portia_tui.core.record import record
from portia_tui.core.language.rules import Rule
from portia_tui.core.solve.semantics import LoopReport
from portia_tui.core.language.vocabulary import EMPTY, Layout, Statement

from .conftest import REPO

#: modules the loop-free `portia solve --json` never needs: the SAT solver, tomllib (about
#: 10 ms; portia's own plain TOML is read without it) and the UI. (typing and contextlib came
#: off this list with issue #18: `solve --json` lists a casket puzzle's worlds from the
#: general engine too, and the world model is dataclasses and typing, as the issue asks.)
NEVER = ("pysat", "textual", "rich", "tomllib")


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


# ----------------------------------------------------------------------------- records
@record
class Point:
    """A point."""

    x: int
    y: int = 0
    LIMIT = 10

    def far(self) -> bool:
        return abs(self.x) + abs(self.y) > self.LIMIT

    @property
    def flipped(self) -> "Point":
        return Point(self.y, self.x)


def test_a_record_is_a_named_tuple_with_the_body_kept():
    p = Point(3)
    assert p == (3, 0) and isinstance(p, tuple)
    assert Point._fields == ("x", "y") and Point._field_defaults == {"y": 0}
    assert p.flipped == Point(0, 3) and not p.far() and Point(11).far()
    assert p._replace(y=2) == Point(3, 2) and type(p._replace(y=2)) is Point
    assert repr(p) == "Point(x=3, y=0)"
    assert Point.__doc__ == "A point." and Point.__qualname__ == "Point"
    assert Point.__module__ == __name__ and Point.__annotations__ == {"x": "int", "y": "int"}
    assert pickle.loads(pickle.dumps(Point(1, 2))) == Point(1, 2)
    with pytest.raises(AttributeError):
        p.z = 1  # no __dict__: a record is as small as a tuple


def test_a_record_refuses_what_typing_refuses():
    with pytest.raises(TypeError, match="without a default follows"):
        @record
        class Bad:
            a: int = 0
            b: int

    with pytest.raises(AttributeError, match="_replace"):
        @record
        class Worse:
            a: int

            def _replace(self):
                return self


def test_the_core_records_keep_their_fields_and_defaults():
    assert Statement._fields == ("kind", "target", "caskets", "op", "k", "value")
    assert EMPTY == Statement("") == ("", None, (), "", 0, True)
    assert Layout(("a",), (2,)).size == 2
    assert Casket._fields[:2] == ("name", "statements")
    assert Rule._fields and LoopReport._fields
    for cls in (Statement, Layout, Casket, Rule, LoopReport):
        assert pickle.loads(pickle.dumps(cls._make(range(len(cls._fields))))) == tuple(
            range(len(cls._fields)))
