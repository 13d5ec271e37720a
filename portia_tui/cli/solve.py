"""portia solve / check / convert / cnf: the core from the command line (no textual here)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from portia_tui.cli.timeout import TOO_LARGE, TooLarge, add_timeout, budget
from portia_tui.core.io import formats
from portia_tui.core.errors import PortiaError
from portia_tui.core.language.words import listing, verdict

from . import count_arg, error_line
from .source import add_id, is_casket, place, read_many, read_puzzle, resolve

if TYPE_CHECKING:  # a truth puzzle's solve needs neither the casket model nor its rules
    from portia_tui.core.language.model import Puzzle
    from portia_tui.core.solve.semantics import Analysis

#: the largest m, slot number or statement count an option may name (a share code's and the
#: editor's bound: 100 caskets of 100 statements)
MAX_STATEMENTS = 10_000


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("solve", help="solve a puzzle (.toml, .txt or .json) or every puzzle "
                       "of a pack",
                       description="Solve a puzzle: solutions, validity, true counts per "
                       "placement, every m with a unique solution, loops. A puzzle still being "
                       "written (empty slots) gets, per placement, the true statements so far "
                       "and the totals its empty slots can still reach. A pack: every puzzle.")
    p.add_argument("file", metavar="FILE", help="puzzle file: .toml, .txt (thesis text) or "
                   ".json (thesis JSON), a pack (every puzzle, or --id), or a share code")
    add_id(p)
    p.add_argument("--m", type=count_arg(0, MAX_STATEMENTS), metavar="M",
                   help=f"ask about this m instead of the puzzle's own (0 to {MAX_STATEMENTS:,}, "
                   "and at most the puzzle's statements)")
    p.add_argument("--json", action="store_true", help="print the analysis as JSON")
    p.add_argument("--explain", action="store_true",
                   help="explain each placement step by step")
    add_timeout(p)
    p.set_defaults(func=cmd_solve)

    p = sub.add_parser("hint", help="the hint ladder of a puzzle, gentle to the answer",
                       description="The hints a player gets, in order: the puzzle's key "
                       "observation (or where to start), then one wrong casket ruled out per "
                       "step with its reason, the technique the last wrong casket needs, and "
                       "last the reveal (the answer, and why). No hint before the reveal says "
                       "that the answer's casket fits. A truth puzzle (islanders, doors) "
                       "gets the player's ladder: the key observation, then one step of the "
                       "solution by hand each, the reveal last. Exit 1 when the puzzle has no "
                       "single answer. A pack: every puzzle.")
    p.add_argument("file", help="puzzle file: .toml, .txt (thesis text) or .json (thesis JSON)")
    p.add_argument("--json", action="store_true",
                   help='print {"hints": [{"text", "rules_out", "fits"}, ...]}; the last '
                   "entry is the reveal")
    add_id(p)
    add_timeout(p, default=HINT_TIMEOUT, what="each puzzle's hints")
    p.set_defaults(func=cmd_hint)

    p = sub.add_parser("check", help="check that puzzles have exactly one solution",
                       description="One line per file (per puzzle for a pack); exit 0 when "
                       "every puzzle is valid, 1 when any is not (or is incomplete), 2 when a "
                       "file cannot be read, 3 when one is too large to analyse within "
                       "--timeout.")
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="puzzle files, packs (every puzzle, or --id) or share codes")
    add_id(p, "check only the puzzle with this id of each pack")
    add_timeout(p, what="each puzzle's check")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("convert", help="convert between formats by extension",
                       description="Convert IN to OUT; the extensions (.toml, .txt, .json, "
                       ".cnf) choose the formats.")
    p.add_argument("input", metavar="IN", help="a puzzle file, a share code, or a pack with "
                   "--id")
    p.add_argument("output", metavar="OUT")
    add_id(p)
    p.add_argument("--force", action="store_true", help="replace OUT if it exists")
    p.set_defaults(func=cmd_convert)

    p = sub.add_parser("cnf", help="export DIMACS CNF for any SAT solver",
                       description="DIMACS CNF whose comments map variables to caskets and "
                       "statements; satisfiable with casket k's variable true exactly when k is "
                       "a solution under the puzzle's rules (m and every other).")
    p.add_argument("file", metavar="FILE", help="a puzzle file, a share code, or a pack with "
                   "--id")
    add_id(p)
    p.add_argument("-o", "--output", help="write here instead of standard output")
    p.add_argument("--force", action="store_true", help="replace the output if it exists")
    p.set_defaults(func=cmd_cnf)


def _check_m(puzzle: Puzzle, m: int | None, path: str) -> int | None:
    if m is None:
        return puzzle.m
    if not 0 <= m <= puzzle.size:
        raise PortiaError(f"--m {m} is out of range: this puzzle has {puzzle.size} statements",
                          path)
    return m


def _shape(puzzle: Puzzle) -> str:
    """'3 caskets, 9 statements (Portia-3)'; a mixed puzzle's shape is its statement count."""
    shape = f"{len(puzzle.names)} caskets, {puzzle.size} statements"
    return f"{shape} ({puzzle.shape})" if puzzle.n is not None else shape


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def _mid_line(sentence: str) -> str:
    """A rule's sentence inside the header line: 'at most 1 statement is true'."""
    return sentence[:1].lower() + sentence[1:]


def report(puzzle: Puzzle, analysis: Analysis, m: int | None) -> str:
    """The plain report for people."""
    from portia_tui.core.language.rules import rule_sentence

    names = puzzle.names
    width = max(len(n) for n in names)
    head = puzzle.title or "Untitled puzzle"
    said = [f"exactly {m} true"] if m is not None else []
    said += [_mid_line(rule_sentence(r, puzzle.layout)) for r in puzzle.side_rules]
    lines = [f"{head}: {_shape(puzzle)}, {'; '.join(said) or 'no rule yet'}"]
    for i, (ci, sentence) in enumerate(puzzle.sentences()):
        lines.append(f"  {i + 1:>3}  {names[ci]:<{width}}  {sentence}")
    lines.append(_sentence(verdict(analysis.solution_names(m), m)))
    lines.append("True statements per placement" + (" (under the rules):" if puzzle.side_rules
                                                     else ":"))
    impossible = ("none: with the portrait here, the statements and the rules cannot all hold"
                  if puzzle.side_rules else
                  "none: with the portrait here, the statements contradict each other")
    for ci, counts in enumerate(analysis.true_counts):
        shown = ", ".join(map(str, sorted(counts))) or impossible
        mark = "  <- fits m" if m is not None and m in counts else ""
        lines.append(f"  {names[ci]:<{width}}  {shown}{mark}")
    if not puzzle.side_rules:  # with other rules, m is not what the author chooses
        unique = ", ".join(map(str, analysis.unique_m)) or "none"
        lines.append(f"Values of m with exactly one solution: {unique}")
    return "\n".join(lines + _loop_lines(puzzle, analysis))


def _loop_lines(puzzle: Puzzle, analysis: Analysis) -> list[str]:
    names = puzzle.names
    lines = []
    if not analysis.loops:
        lines.append("Loops: none")
    for loop in analysis.loops:
        nums = ", ".join(str(s + 1) for s in loop.statements)
        parts = []
        if loop.paradox_in:
            where = listing((names[p] for p in loop.paradox_in), "or")
            parts.append(f"with the portrait in {where}, they cannot be true or false "
                         "consistently")
        if loop.undetermined_in:
            where = listing((names[p] for p in loop.undetermined_in), "or")
            parts.append(f"with the portrait in {where}, they can be true or false in more "
                         "than one way")
        detail = "; ".join(parts) or "wherever the portrait is, they can be true or false " \
            "in one way only"
        lines.append(f"Loop of statements {nums}: {loop.kind} ({detail})")
    return lines


def _spans(values) -> str:
    """'0-3, 5' for {0, 1, 2, 3, 5}; 'none' for none."""
    parts: list[list[int]] = []
    for v in sorted(values):
        if parts and v == parts[-1][1] + 1:
            parts[-1][1] = v
        else:
            parts.append([v, v])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in parts) or "none"


def partial_lines(puzzle: Puzzle, part, m: int | None) -> list[str]:
    """The partial puzzle's counts, for people (`part`: the core's PartialReport)."""
    from portia_tui.core.language.words import incomplete

    names = puzzle.names
    width = max(len(n) for n in names)
    lines = [incomplete(len(puzzle.empty_slots), m is None and not puzzle.rules),
             "Per placement: true statements so far (filled slots), and the totals the empty "
             "slots can still reach:"]
    for ci, name in enumerate(names):
        mark = "  <- can still fit m" if m is not None and m in part.reachable[ci] else ""
        lines.append(f"  {name:<{width}}  so far {_spans(part.filled[ci])}; can reach "
                     f"{_spans(part.reachable[ci])}{mark}")
    return lines


def _partial_dict(puzzle: Puzzle, part, m: int | None) -> dict:
    """The keys `solve --json` adds for a puzzle still being written."""
    from portia_tui.core.language.words import incomplete

    names = puzzle.names
    return {
        "complete": False,
        "incomplete": incomplete(len(puzzle.empty_slots), m is None and not puzzle.rules),
        "empty_slots": [i + 1 for i in puzzle.empty_slots],
        "partial": {names[ci]: {"so_far": sorted(part.filled[ci]),
                                "reachable": sorted(part.reachable[ci])}
                    for ci in range(len(names))},
    }


def _solve_one(puzzle: Puzzle, m_arg: int | None, path: str, as_json: bool,
               explain: bool) -> Any:
    from portia_tui.core import analyse

    m = _check_m(puzzle, m_arg, path)
    analysis = analyse(puzzle)
    part = None
    if puzzle.empty_slots or (m is None and not puzzle.rules):
        from portia_tui.core.author.assistant import partial_report

        part = partial_report(puzzle)
    if as_json:
        from portia_tui.cli.world import casket_worlds

        data = analysis.as_dict(m)
        data["worlds"] = casket_worlds(puzzle, analysis)
        if part is not None:  # a draft is never valid, whatever its empty slots could say
            data.update(_partial_dict(puzzle, part, m), valid=False)
        else:
            data["difficulty"] = _difficulty(puzzle, m, analysis)
        if explain and part is None and (m is not None or puzzle.side_rules):
            from portia_tui.core.explain.deduction import explain_within

            data["explanation"] = explain_within(puzzle, m, analysis)
        return data
    text = report(puzzle, analysis, m) if part is None else partial_report_text(
        puzzle, analysis, part, m)
    if explain and part is None and (m is not None or puzzle.side_rules):
        from portia_tui.core.explain.deduction import explain_within

        text += "\n\n" + explain_within(puzzle, m, analysis)
    return text


def _difficulty(puzzle: Puzzle, m: int | None, analysis: Analysis) -> dict | None:
    """The grader's rating as JSON (None with nothing to judge: m open and no rule); past
    the rating's work budget, level "too large to rate" and no score or technique."""
    if m is None and not puzzle.side_rules:
        return None
    from portia_tui.core.explain.difficulty import RATE_STEPS, TOO_LARGE_TO_RATE, rate_within

    r = rate_within(puzzle, m, solutions=analysis.solutions(m), steps=RATE_STEPS)
    if r is None:
        return {"level": TOO_LARGE_TO_RATE, "score": None, "technique": None}
    return {"level": r.level, "score": r.score, "technique": r.technique}


def partial_report_text(puzzle: Puzzle, analysis: Analysis, part, m: int | None) -> str:
    """The report for a puzzle still being written: no verdict, the counts so far."""
    names = puzzle.names
    width = max(len(n) for n in names)
    head = puzzle.title or "Untitled puzzle"
    aim = f"exactly {m} true" if m is not None else "m open"
    lines = [f"{head}: {_shape(puzzle)}, {aim}"]
    for i, (ci, sentence) in enumerate(puzzle.sentences()):
        lines.append(f"  {i + 1:>3}  {names[ci]:<{width}}  {sentence or '(empty)'}")
    lines += partial_lines(puzzle, part, m)
    return "\n".join(lines + _loop_lines(puzzle, analysis))


def cmd_solve(args: argparse.Namespace) -> int:
    puzzle, pack = resolve(args.file, args.id)
    if pack is None and not is_casket(puzzle):
        from portia_tui.cli import world

        return world.cmd_solve(puzzle, args)
    if pack is None:
        with budget(args.timeout, args.file):
            result = _solve_one(puzzle, args.m, args.file, args.json, args.explain)
        if args.json:
            import json

            print(json.dumps(result))
        else:
            print(result)
        return 0
    results = []
    for e in pack.puzzles:
        name = f"{args.file} {e.id}"
        with budget(args.timeout, name):
            if e.is_truth:  # islanders or doors (cli/world.py)
                from portia_tui.cli import world

                results.append((e.id, world.solve_one(e.puzzle, args, name)))
                continue
            results.append((e.id, _solve_one(e.casket, args.m, name, args.json,
                                             args.explain)))
    if args.json:
        import json

        print(json.dumps({"pack": pack.title,
                          "puzzles": [{"id": pid, **data} for pid, data in results]}))
        return 0
    print("\n\n".join(f"== {args.file} {pid} ==\n{text}" for pid, text in results))
    return 0


#: the default --timeout of `portia hint`, in seconds: the ladder rates the puzzle and words
#: its observation, which a person's puzzle needs a few milliseconds for
HINT_TIMEOUT = 60.0


def _hints_one(puzzle: Puzzle, as_json: bool, stored: str | None = None,
               name: str = "") -> tuple[int, object]:
    """(status, the ladder as JSON data or text): status 1 when the puzzle has no single
    answer (its one entry says why), 3 when it is too large for hints (past the ladder's
    work budget: one line that says so)."""
    from portia_tui.cli.timeout import TOO_LARGE
    from portia_tui.core.explain.hints import Coach, HintsTooLarge

    coach = Coach(puzzle, stored)
    try:
        ladder = coach.ladder
    except HintsTooLarge as exc:
        if as_json:
            return TOO_LARGE, {"hints": [], "too_large": str(exc)}
        return TOO_LARGE, f"{name}: {exc}" if name else str(exc)
    status = 0 if coach.playable else 1
    if as_json:
        return status, {"hints": [h.as_dict() for h in ladder]}
    if not coach.playable:
        return status, ladder[0].text
    lines = []
    for h in ladder:
        head = "Reveal" if h is ladder[-1] else f"Hint {h.level}"
        lines.append(f"{head}: {h.title}\n  {h.text}")
    return status, "\n".join(lines)


def _truth_hints_one(puzzle: Any, as_json: bool, name: str = "") -> tuple[int, object]:
    """:func:`_hints_one` for a truth puzzle (islanders, doors): the player's ladder
    (core/explain/island_game.py), in the casket ladder's shape. `rules_out` holds the
    suppositions a step refutes, in words; `fits` is empty but in the reveal, which names the
    answer, a fact a part. Status 1 without a single answer, 3 past the grader's budget."""
    from portia_tui.cli.timeout import TOO_LARGE
    from portia_tui.cli.world import check_line as world_line
    from portia_tui.core.explain.island_game import IslandGame, Hint
    from portia_tui.core.explain.reasoning import GRADE_STEPS

    game = IslandGame(puzzle)
    if not game.playable:
        said = world_line(puzzle)[1]
        why = Hint(f"This puzzle cannot be played ({said}): no single answer can be "
                   "called right.")
        return 1, ({"hints": [why.as_dict()]} if as_json else why.text)
    ladder = game.hints_within()
    if ladder is None:
        exc = f"too large for hints: its grading is over its budget of {GRADE_STEPS:,} steps"
        if as_json:
            return TOO_LARGE, {"hints": [], "too_large": exc}
        return TOO_LARGE, f"{name}: {exc}" if name else exc
    if as_json:
        return 0, {"hints": [h.as_dict() for h in ladder]}
    lines = []
    for level, h in enumerate(ladder, 1):
        head = "Reveal" if h is ladder[-1] else f"Hint {level}"
        lines.append(f"{head}:\n  " + h.text.replace("\n", "\n  "))
    return 0, "\n".join(lines)


def _any_hints(puzzle: Any, as_json: bool, stored: str | None = None,
               name: str = "") -> tuple[int, object]:
    if is_casket(puzzle):
        return _hints_one(puzzle, as_json, stored, name)
    return _truth_hints_one(puzzle, as_json, name)


def _sealed(pack, pid: str, path: str) -> str | None:
    """The sealed casket of entry `pid` (None when it seals none, or for a truth puzzle),
    once its sealed answer is checked as `pack check` checks it: one line's error (exit 2)
    when it is not the answer the analysis finds, so no hint is given on a broken entry."""
    from portia_tui.core.packs.pack import sealed_mismatch

    entry = pack.by_id(pid)
    wrong = sealed_mismatch(entry)
    if wrong is not None:
        sealed, found = wrong
        said = (f"its sealed answer is the {sealed} casket, but the analysis finds the "
                f"{found} casket" if sealed is not None else
                f"its sealed answer is not the one the analysis finds ({found})")
        raise PortiaError(f"puzzle {entry.id}: {said}: the pack entry is broken, so no hints "
                          "(portia pack check says more)", place(path))
    return entry.solution


def cmd_hint(args: argparse.Namespace) -> int:
    import json

    from .source import pick, read_source

    puzzle, pack = read_source(args.file, args.id)
    if args.id is not None and pack is None:
        resolve(args.file, args.id)  # (one line: --id on one puzzle)
    if args.id is not None:
        puzzle = pick(pack, args.id, args.file)
    if puzzle is not None:
        with budget(args.timeout, args.file):
            stored = None if args.id is None else _sealed(pack, args.id, args.file)
            status, out = _any_hints(puzzle, args.json, stored, name=args.file)
        print(json.dumps(out) if args.json else out)
        return status
    results = []
    for e in pack.puzzles:
        with budget(args.timeout, f"{args.file} {e.id}"):
            results.append((e.id, *_any_hints(e.puzzle, args.json, e.solution,
                                              f"{args.file} {e.id}")))
    status = max((r[1] for r in results), default=0)
    if args.json:
        print(json.dumps({"pack": pack.title,
                          "puzzles": [{"id": pid, **data}  # type: ignore[dict-item]
                                      for pid, _s, data in results]}))
    else:
        print("\n\n".join(f"== {args.file} {pid} ==\n{text}" for pid, _s, text in results))
    return status


def check_line(puzzle: object) -> tuple[int, str]:
    """(status, what `portia check` says after the file name): 0 valid, 1 not."""
    if not is_casket(puzzle):
        from portia_tui.cli.world import check_line as world_line

        return world_line(puzzle)
    from portia_tui.core import analyse

    if not puzzle.complete:
        from portia_tui.core.language.words import incomplete

        return 1, incomplete(len(puzzle.empty_slots), not puzzle.rules)
    sols = analyse(puzzle).solution_names()
    return int(len(sols) != 1), f"{verdict(sols, puzzle.m)} ({puzzle.rules_said})"


def cmd_check(args: argparse.Namespace) -> int:
    status = 0
    for path in args.files:
        try:
            entries = read_many(path, args.id)
        except PortiaError as exc:
            print(error_line(exc), file=sys.stderr)
            status = 2
            continue
        for name, one in entries:
            try:
                with budget(args.timeout, name):
                    bad, line = check_line(one)
            except TooLarge as exc:
                print(exc.line)
                status = max(status, TOO_LARGE)
                continue
            print(f"{name}: {line}")
            status = max(status, bad)
    return status


def cmd_convert(args: argparse.Namespace) -> int:
    puzzle = read_puzzle(args.input, args.id)
    if not is_casket(puzzle):
        from portia_tui.cli import world

        return world.cmd_convert(puzzle, args)
    formats.save(puzzle, args.output, force=args.force)
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


def cmd_cnf(args: argparse.Namespace) -> int:
    puzzle = read_puzzle(args.file, args.id)
    if not is_casket(puzzle):
        from portia_tui.cli import world

        return world.cmd_cnf(puzzle, args)
    text = formats.dumps(puzzle, "dimacs")
    if args.output:  # DIMACS whatever the extension says
        formats.atomic_write(args.output, text, force=args.force)
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
