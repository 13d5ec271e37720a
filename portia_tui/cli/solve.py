"""portia solve / check / convert / cnf: the core from the command line (no textual here)."""

from __future__ import annotations

import argparse
import sys

from portia_tui.core import formats
from portia_tui.core.errors import PortiaError
from portia_tui.core.model import Puzzle
from portia_tui.core.rules import rule_sentence
from portia_tui.core.semantics import Analysis


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("solve", help="solve a puzzle (.toml, .txt or .json)",
                       description="Solve a puzzle: solutions, validity, true counts per "
                       "placement, every m with a unique solution, loops.")
    p.add_argument("file", help="puzzle file: .toml, .txt (thesis text) or .json (thesis JSON)")
    p.add_argument("--m", type=int, help="ask about this m instead of the puzzle's own")
    p.add_argument("--json", action="store_true", help="print the analysis as JSON")
    p.add_argument("--explain", action="store_true",
                   help="explain each placement step by step (deduction solver)")
    p.set_defaults(func=cmd_solve)

    p = sub.add_parser("check", help="check that puzzles have exactly one solution",
                       description="One line per file; exit 0 when every puzzle is valid, "
                       "1 when any is not, 2 when a file cannot be read.")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("convert", help="convert between formats by extension",
                       description="Convert IN to OUT; the extensions (.toml, .txt, .json, "
                       ".cnf) choose the formats.")
    p.add_argument("input", metavar="IN")
    p.add_argument("output", metavar="OUT")
    p.add_argument("--force", action="store_true", help="replace OUT if it exists")
    p.set_defaults(func=cmd_convert)

    p = sub.add_parser("cnf", help="export DIMACS CNF for any SAT solver",
                       description="DIMACS CNF whose comments map variables to caskets and "
                       "statements; satisfiable with casket k's variable true exactly when k is "
                       "a solution under the puzzle's rules (m and every other).")
    p.add_argument("file")
    p.add_argument("-o", "--output", help="write here instead of standard output")
    p.add_argument("--force", action="store_true", help="replace the output if it exists")
    p.set_defaults(func=cmd_cnf)


def _check_m(puzzle: Puzzle, m: int | None, path: str) -> int:
    if m is None:
        return puzzle.m
    if not 0 <= m <= puzzle.size:
        raise PortiaError(f"--m {m} is out of range: this puzzle has {puzzle.size} statements",
                          path)
    return m


def report(puzzle: Puzzle, analysis: Analysis, m: int) -> str:
    """The plain report for people."""
    names = puzzle.names
    width = max(len(n) for n in names)
    shape = f"Portia-{puzzle.n}" if puzzle.n else "mixed counts"
    head = puzzle.title or "Untitled puzzle"
    said = [f"exactly {m} true"] if m is not None else []
    said += [rule_sentence(r, puzzle.layout) for r in puzzle.side_rules]
    lines = [f"{head}: {len(names)} caskets, {puzzle.size} statements ({shape}), "
             f"{'; '.join(said) or 'no rule yet'}"]
    for i, (ci, sentence) in enumerate(puzzle.sentences()):
        lines.append(f"  {i + 1:>3}  {names[ci]:<{width}}  {sentence}")
    sols = analysis.solution_names(m)
    if len(sols) == 1:
        lines.append(f"Solution: the portrait is in the {sols[0]} casket (valid: exactly one "
                     "casket fits)")
    elif not sols and m is None:
        lines.append("No solution: no casket fits the rules (invalid)")
    elif not sols:
        lines.append(f"No solution: no casket fits {m} true statements (invalid)")
    else:
        lines.append(f"{len(sols)} solutions: {', '.join(sols)} (invalid: not unique)")
    lines.append("True statements per placement:")
    for ci, counts in enumerate(analysis.true_counts):
        shown = ", ".join(map(str, sorted(counts))) or "none (no consistent assignment)"
        mark = "  <- fits m" if m is not None and m in counts else ""
        lines.append(f"  {names[ci]:<{width}}  {shown}{mark}")
    unique = ", ".join(map(str, analysis.unique_m)) or "none"
    lines.append(f"Unique m values: {unique}")
    if not analysis.loops:
        lines.append("Loops: none")
    for loop in analysis.loops:
        nums = ", ".join(str(s + 1) for s in loop.statements)
        parts = []
        if loop.paradox_in:
            parts.append("paradox with the portrait in " +
                         ", ".join(names[p] for p in loop.paradox_in))
        if loop.undetermined_in:
            parts.append("undetermined with the portrait in " +
                         ", ".join(names[p] for p in loop.undetermined_in))
        detail = "; ".join(parts) or "determined under every placement"
        lines.append(f"Loop of statements {nums}: {loop.kind} ({detail})")
    return "\n".join(lines)


def cmd_solve(args: argparse.Namespace) -> int:
    from portia_tui.core.sat import analyse

    puzzle = formats.load(args.file)
    m = _check_m(puzzle, args.m, args.file)
    analysis = analyse(puzzle)
    if args.json:
        import json

        data = analysis.as_dict(m)
        if args.explain:
            from portia_tui.core.deduction import explain

            data["explanation"] = explain(puzzle, m)
        print(json.dumps(data))
        return 0
    print(report(puzzle, analysis, m))
    if args.explain:
        from portia_tui.core.deduction import explain

        print()
        print(explain(puzzle, m))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from portia_tui.core.sat import analyse

    status = 0
    for path in args.files:
        try:
            puzzle = formats.load(path)
        except PortiaError as exc:
            print(str(exc), file=sys.stderr)
            status = 2
            continue
        analysis = analyse(puzzle)
        sols = analysis.solution_names()
        rules = f"m = {puzzle.m}" if not puzzle.side_rules else "; ".join(puzzle.rule_sentences())
        if len(sols) == 1:
            print(f"{path}: valid, the portrait is in the {sols[0]} casket ({rules})")
        else:
            what = "no solution" if not sols else f"{len(sols)} solutions ({', '.join(sols)})"
            print(f"{path}: invalid, {what} for {rules}")
            status = max(status, 1)
    return status


def cmd_convert(args: argparse.Namespace) -> int:
    puzzle = formats.load(args.input)
    formats.save(puzzle, args.output, force=args.force)
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


def cmd_cnf(args: argparse.Namespace) -> int:
    text = formats.dumps(formats.load(args.file), "dimacs")
    if args.output:  # DIMACS whatever the extension says
        formats.atomic_write(args.output, text, force=args.force)
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
