"""A small mutation tester for portia_tui/core (not part of `make test`).

    .venv/bin/python tools/mutate.py [MODULE ...] [--max 40] [--seed 1] [--timeout 90]

MODULE is a path under portia_tui/core without .py (`files`, `formats/native`, ...); none runs
the stable set below, `all` every module of core/ (CORE). The tree is copied to a scratch
folder once, so the working tree can be edited while a run goes on. Each mutant is one AST change:

- comparison flips (== !=, < >=, <= >, in / not in, is / is not);
- integer constants n -> n + 1 and n -> n - 1;
- True <-> False;
- and <-> or; `not x` -> `x`;
- + <-> -;
- an identifier-like string constant swapped for another one of the same module
  ("other_true" -> "other_false"), docstrings left alone;
- `return X` -> `return None`.

The mutated module is written as `ast.unparse` of the changed tree (comments go, behaviour
stays); the unmutated unparse is run first as a baseline that must pass. Each mutant runs
`pytest -x -q` over the module's test files (TESTS below) with a per-mutant timeout; a failing
or timed-out run kills it (timeouts are listed apart in --json). PORTIA_MUTATION=1 makes
tests/conftest.py skip hypothesis's shrinking: a failing example is enough. Up to --max mutants
per module are sampled with --seed. Survivors are printed with their line and change, and the
table goes to stdout (and --out as Markdown).
"""

from __future__ import annotations

import argparse
import ast
import copy
import json
import queue
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: which test files exercise each module (the fewer, the faster a mutant runs)
TESTS: dict[str, list[str]] = {
    "files": ["test_writes.py", "test_bad_input.py", "test_error_lines.py",
              "test_formats.py"],
    "formats/native": ["test_formats.py", "test_bad_input.py", "test_error_lines.py"],
    "formats/text": ["test_formats.py"],
    "formats/thesis_json": ["test_formats.py", "test_bad_input.py"],
    "formats/common": ["test_formats.py", "test_writes.py"],
    "formats/code": ["test_code.py"],
    "progress": ["test_progress.py"],
    "census": ["test_census.py", "test_rulebook.py"],
    "families": ["test_census_families.py"],
    "generator/families": ["test_generate_families.py"],
    "assistant": ["test_assistant.py", "test_assistant_marks.py"],
    "completions": ["test_assistant_marks.py", "test_assistant.py",
                    "test_assist_cli.py"],
    "marks": ["test_marks.py", "test_editor_model.py"],
    "twins": ["test_generator_quality.py"],
    "words": ["test_words.py"],
    "model": ["test_puzzles.py", "test_formats.py", "test_editor_model.py"],
    "vocabulary": ["test_vocabulary.py", "test_puzzles.py", "test_rulebook.py",
                   "test_error_lines.py"],
    "semantics": ["test_engines.py", "test_components.py", "test_rulebook.py", "test_cli.py"],
    "pack": ["test_pack_generate.py", "test_play_support.py", "test_error_lines.py"],
    "export": ["test_export_layout.py", "test_export_print.py", "test_writes.py"],
    "hints": ["test_hints.py"],
    "editing": ["test_editor_model.py"],
    "engine": ["test_casket_engine.py", "test_engine_quick.py"],
    "sat": ["test_engines.py", "test_rulebook.py", "test_puzzles.py"],
    "rules": ["test_rulebook.py", "test_puzzles.py"],
    "deduction": ["test_stories.py", "test_hints.py", "test_difficulty.py",
                  "test_every_puzzle_speaks.py"],
    "difficulty": ["test_difficulty.py", "test_difficulty_whole.py", "test_export_print.py"],
    "errors": ["test_errors.py", "test_bad_input.py", "test_formats.py", "test_writes.py"],
    "paths": ["test_settings.py"],
    "recovery": ["test_recovery.py"],
    "formats/__init__": ["test_formats.py", "test_bad_input.py", "test_writes.py"],
    "formats/dimacs": ["test_dimacs.py", "test_engines.py", "test_formats.py"],
    "generator/quality": ["test_generator_quality.py"],
    "generator/sampler": ["test_generator.py", "test_generator_property.py"],
    "generator/search": ["test_errors.py", "test_generator.py"],
    "generator/settings": ["test_errors.py", "test_generator.py", "test_difficulty.py"],
}
#: every module of core/ (the re-export-only __init__ files of core/ and generator/ left out)
CORE = ["engine", "sat", "semantics", "vocabulary", "rules", "model",
        "deduction", "difficulty", "hints", "assistant", "completions", "editing", "marks",
        "progress", "recovery", "files", "paths", "errors", "words", "pack", "export",
        "census", "twins", "formats/__init__", "formats/common", "formats/native", "formats/text",
        "formats/thesis_json", "formats/code", "formats/dimacs", "generator/settings",
        "generator/sampler", "generator/search", "generator/quality", "families",
        "generator/families"]
#: the sub-package of core/ each module (or folder) lives in; errors sits in core/
LOCATION = {
    "model": "language", "vocabulary": "language", "rules": "language", "words": "language",
    "engine": "solve", "semantics": "solve", "sat": "solve",
    "assistant": "author", "completions": "author", "editing": "author",
    "deduction": "explain", "hints": "explain", "difficulty": "explain", "marks": "explain",
    "generator": "packs", "census": "packs", "families": "packs", "pack": "packs",
    "export": "packs", "twins": "packs", "formats": "io", "files": "io", "paths": "io",
    "progress": "io", "recovery": "io",
}
STABLE = ["files", "formats/native", "formats/thesis_json", "formats/common", "formats/text",
          "progress", "census", "assistant", "completions", "marks", "twins", "words", "model",
          "vocabulary", "semantics", "pack", "export", "hints", "editing"]

_FLIP = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.GtE, ast.GtE: ast.Lt,
         ast.LtE: ast.Gt, ast.Gt: ast.LtE, ast.In: ast.NotIn, ast.NotIn: ast.In,
         ast.Is: ast.IsNot, ast.IsNot: ast.Is}
_WORD = re.compile(r"^[a-z][a-z_]{1,30}$")


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def sites(tree: ast.AST) -> list[tuple[int, str, str]]:
    """(node index in walk order, change kind, readable change) for every mutant."""
    nodes = list(ast.walk(tree))
    docs = _docstrings(tree)
    words = sorted({n.value for n in nodes if isinstance(n, ast.Constant)
                    and isinstance(n.value, str) and _WORD.match(n.value) and id(n) not in docs})
    out = []
    for i, node in enumerate(nodes):
        if isinstance(node, ast.Compare):
            for j, op in enumerate(node.ops):
                if type(op) in _FLIP:
                    out.append((i, f"cmp{j}", f"{type(op).__name__} -> {_FLIP[type(op)].__name__}"))
        elif isinstance(node, ast.Constant) and id(node) not in docs:
            v = node.value
            if isinstance(v, bool):
                out.append((i, "bool", f"{v} -> {not v}"))
            elif isinstance(v, int):
                out.append((i, "inc", f"{v} -> {v + 1}"))
                if v > 0:
                    out.append((i, "dec", f"{v} -> {v - 1}"))
            elif isinstance(v, str) and _WORD.match(v) and len(words) > 1:
                other = words[(words.index(v) + 1) % len(words)]
                out.append((i, "word:" + other, f"{v!r} -> {other!r}"))
        elif isinstance(node, ast.BoolOp):
            out.append((i, "boolop", "and <-> or"))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            out.append((i, "not", "not x -> x"))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            out.append((i, "addsub", "+ <-> -"))
        elif isinstance(node, ast.Return) and node.value is not None and not (
                isinstance(node.value, ast.Constant) and node.value.value is None):
            out.append((i, "return", "return X -> return None"))
    return out


class _Replace(ast.NodeTransformer):
    def __init__(self, target: ast.AST, new: ast.AST):
        self.target, self.new = target, new

    def visit(self, node):
        if node is self.target:
            return self.new
        return self.generic_visit(node)


def mutate(source: str, index: int, kind: str) -> str:
    tree = ast.parse(source)
    node = list(ast.walk(tree))[index]
    new: ast.AST
    if kind.startswith("cmp"):
        j = int(kind[3:])
        node.ops[j] = _FLIP[type(node.ops[j])]()
        new = node
    elif kind == "bool":
        new = ast.Constant(not node.value)
    elif kind == "inc":
        new = ast.Constant(node.value + 1)
    elif kind == "dec":
        new = ast.Constant(node.value - 1)
    elif kind.startswith("word:"):
        new = ast.Constant(kind[5:])
    elif kind == "boolop":
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        new = node
    elif kind == "not":
        new = node.operand
    elif kind == "addsub":
        node.op = ast.Sub() if isinstance(node.op, ast.Add) else ast.Add()
        new = node
    elif kind == "return":
        new = ast.Return(ast.Constant(None))
    else:  # pragma: no cover
        raise ValueError(kind)
    if new is not node:
        tree = _Replace(node, copy.copy(new)).visit(tree)
    return ast.unparse(ast.fix_missing_locations(tree))


def run_tests(work: Path, tests: list[str], timeout: float) -> str:
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
           "-p", "no:randomly", "-o", "addopts=", *[f"tests/{t}" for t in tests]]
    env = dict(os.environ, PYTHONPATH=str(work), PYTHONDONTWRITEBYTECODE="1",
               PORTIA_MUTATION="1")
    try:
        res = subprocess.run(cmd, cwd=work, env=env, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout"
    return "survived" if res.returncode == 0 else "killed"


def run_module(work: Path, module: str, limit: int, seed: int, timeout: float) -> dict:
    path = work / "portia_tui" / "core" / LOCATION.get(module.split("/")[0], "") / f"{module}.py"
    original = path.read_text()
    tests = [t for t in TESTS.get(module, []) if (work / "tests" / t).exists()]
    found = sites(ast.parse(original))
    rng = random.Random(f"{seed}:{module}")
    chosen = sorted(rng.sample(found, min(limit, len(found))))
    result = {"module": module, "sites": len(found), "mutants": 0, "killed": 0,
              "survivors": [], "baseline": None}
    try:
        path.write_text(ast.unparse(ast.parse(original)))
        began = time.monotonic()
        result["baseline"] = run_tests(work, tests, timeout * 2)
        if result["baseline"] != "survived":
            return result
        # a mutant may take twice as long as the baseline did before its run counts as hung
        # (on a busy machine a fixed limit would call slow survivors killed)
        timeout = max(timeout, 2 * (time.monotonic() - began))
        result["timeout"] = round(timeout)
        for index, kind, what in chosen:
            tree = ast.parse(original)
            node = list(ast.walk(tree))[index]
            line = getattr(node, "lineno", 0)
            path.write_text(mutate(original, index, kind))
            outcome = run_tests(work, tests, timeout)
            result["mutants"] += 1
            if outcome == "survived":
                result["survivors"].append({"line": line, "change": what})
            else:
                result["killed"] += 1
                if outcome == "timeout":  # counted as killed; worth a look on a busy machine
                    result.setdefault("timeouts", []).append({"line": line, "change": what})
            print(f"  {module}:{line} {what}: {outcome}", flush=True)
    finally:
        path.write_text(original)
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("modules", nargs="*")
    ap.add_argument("--max", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=90)
    ap.add_argument("--jobs", type=int, default=1, help="modules run side by side")
    ap.add_argument("--json", help="write the results here (JSON)")
    args = ap.parse_args(argv)
    modules = CORE if args.modules == ["all"] else (args.modules or STABLE)
    scratch = Path(tempfile.mkdtemp(prefix="portia-mutate-"))
    works = []
    for j in range(max(1, args.jobs)):
        work = scratch / f"tree{j}"
        shutil.copytree(ROOT, work, ignore=shutil.ignore_patterns(
            ".venv", ".git", ".hypothesis", ".pytest_cache", "__pycache__", "*.egg-info"))
        works.append(work)
    free: queue.Queue[Path] = queue.Queue()
    for work in works:
        free.put(work)
    results: list[dict] = []

    def one(module: str) -> dict:
        work = free.get()
        try:
            start = time.monotonic()
            print(f"{module}: start", flush=True)
            r = run_module(work, module, args.max, args.seed, args.timeout)
            r["seconds"] = round(time.monotonic() - start)
            results.append(r)
            if args.json:
                Path(args.json).write_text(json.dumps(results, indent=1))
            return r
        finally:
            free.put(work)

    try:
        with ThreadPoolExecutor(len(works)) as pool:
            list(pool.map(one, modules))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    results.sort(key=lambda r: modules.index(r["module"]))
    print("| module | mutants | killed | survived | score |")
    for r in results:
        score = f"{100 * r['killed'] / r['mutants']:.0f}%" if r["mutants"] else "-"
        print(f"| {r['module']} | {r['mutants']} | {r['killed']} | {len(r['survivors'])} "
              f"| {score} |  baseline {r['baseline']}, {r['seconds']} s")
        for s in r["survivors"]:
            print(f"    line {s['line']}: {s['change']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
