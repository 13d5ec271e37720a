"""No function over 60 lines in core/ and app/ unless ALLOWED says why (a long function does
several jobs; split it). The check is on source lines from `def` to the last line, docstring
included."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "portia_tui"
LIMIT = 60

#: "path:function" -> why it may stay long
ALLOWED = {
}


def long_functions() -> dict[str, int]:
    found = {}
    for folder in ("core", "app"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    length = node.end_lineno - node.lineno + 1
                    if length > LIMIT:
                        found[f"{path.relative_to(ROOT).as_posix()}:{node.name}"] = length
    return found


def test_no_new_long_functions():
    new = {name: n for name, n in long_functions().items() if name not in ALLOWED}
    assert not new, f"functions over {LIMIT} lines (split them, or say why in ALLOWED): {new}"


def test_the_allow_list_is_current():
    # nothing allowed, nothing to look for (the walk over every module costs a second or two)
    gone = set(ALLOWED) - set(long_functions()) if ALLOWED else set()
    assert not gone, f"no longer long, take them off ALLOWED: {sorted(gone)}"
