"""portia solve / check / cnf / convert / clue for truth puzzles (islanders, doors: the world
model of core/language/world.py). A thin layer: the core solves, words and searches; this
module prints."""

from __future__ import annotations

import argparse
import json
import sys

from portia_tui.core.errors import PortiaError


def _context(puzzle, speaker=None, this=None):
    from portia_tui.core.language.sentences import Context

    return Context.of(puzzle, speaker, this)


def said(formula, puzzle, speaker=None, this=None) -> str:
    """A formula in words (its canonical sentence), or its JSON when no sentence says it;
    `speaker` says it, as statement `this`."""
    from portia_tui.core.io.formats.world_toml import sentence_or_formula

    out = sentence_or_formula(formula, _context(puzzle, speaker, this))
    return out if isinstance(out, str) else json.dumps(out)


def answer_text(answer: dict) -> str:
    """'where content=lady: II; A.type: knight' (a list of entities joined by commas)."""
    parts = []
    for key, value in answer.items():
        if isinstance(value, list):
            value = ", ".join(value) or "none"
        elif isinstance(value, bool):
            value = "yes" if value else "no"
        parts.append(f"{key}: {value}")
    return "; ".join(parts)


def verdict(result) -> tuple[int, str]:
    """(status, words): 0 when the puzzle has exactly one answer."""
    count = len(result.answers)
    more = "" if result.complete else " (or more: the listing was cut)"
    if result.unique:
        return 0, f"valid: one answer ({answer_text(result.answers[0])})"
    if count == 0 and result.complete:
        return 1, "no solution: no world fits every statement and rule"
    return 1, f"not unique: {count} answers{more}"


def solve_world(puzzle, budget: float | None = None):
    import time

    from portia_tui.core.solve.general import solve

    deadline = None if budget is None else time.monotonic() + budget
    return solve(puzzle, deadline=deadline)


#: the plain report lists this many solutions
SHOWN = 10


def report(puzzle, result) -> str:
    """The plain report for people."""
    attrs = "; ".join(f"{a}: {' | '.join(v)}" for a, v in puzzle.attributes.items())
    lines = [f"{puzzle.title or 'Untitled puzzle'}: {len(puzzle.entities)} entities ({attrs})"]
    width = max(len(s.id) for s in puzzle.statements) if puzzle.statements else 0
    for s in puzzle.statements:
        words = (said(s.says, puzzle, s.by, s.id) if not s.unknown else
                 "one of: " + " / ".join(said(f, puzzle, s.by, s.id) for f in s.one_of))
        lines.append(f"  {s.id:<{width}}  {words}")
    for c in puzzle.constraints:
        lines.append(f"Rule: {said(c, puzzle)}")
    if puzzle.ask:
        from portia_tui.core.language.sentences import question_text
        from portia_tui.core.io.formats.structured import ask_data

        asked = [question_text(ask_data(a), _context(puzzle)) for a in puzzle.ask]
        lines.append("Question: " + " ".join(asked))
    status, words = verdict(result)
    lines.append(words[:1].upper() + words[1:] + ".")
    lines.append(f"Solutions: {len(result.solutions)}" + ("" if result.complete else " (cut)"))
    for i, (sol, truths) in enumerate(zip(result.solutions, result.truths), 1):
        if i > SHOWN:
            lines.append(f"  ... and {len(result.solutions) - SHOWN} more (--json lists "
                         "them all)")
            break
        lines.append(f"  {i}. {_solution_text(sol, truths)}")
    lines.append("Answers:" if result.answers else "Answers: none")
    lines += [f"  {answer_text(a)}" for a in result.answers]
    return "\n".join(lines)


def _solution_text(sol: dict, truths: dict) -> str:
    ents = "; ".join(f"{e}: {', '.join(v.values())}" for e, v in sol["entities"].items())
    chosen = "".join(f"; {s} says wording {k + 1}" for s, k in sol["choices"].items())
    tv = ", ".join(f"{s} {'?' if v is None else 'true' if v else 'false'}"
                   for s, v in truths.items())
    return f"{ents}{chosen}" + (f"  (statements: {tv})" if tv else "")


def solve_one(puzzle, args: argparse.Namespace, where: str):
    """What `portia solve` says of one truth puzzle: its JSON data (--json) or its text."""
    if args.m is not None:
        raise PortiaError("--m applies to casket puzzles (Portia's m); this is a truth puzzle",
                          where)
    result = solve_world(puzzle)
    draft = draft_words(puzzle)
    if args.json:
        data = result.as_dict()
        data["truths"] = result.truths
        # a draft is never valid, whatever its empty slots could say ("unique" is what is
        # written so far)
        data["valid"] = result.unique and not draft
        if draft:
            data.update(incomplete=draft, empty_slots=list(puzzle.empty))
        if args.explain:
            data["explanation"] = explanation(puzzle, result)
        return data
    text = report(puzzle, result)
    if draft:  # what is written so far is solved; the verdict says it is a draft first
        text = text.replace("\nValid: one answer", f"\n{draft[:1].upper() + draft[1:]}: so far "
                            "one answer", 1) if result.unique else f"{text}\n{draft}"
    if args.explain:
        text += "\n\n" + explanation(puzzle, result)
    return text


def explanation(puzzle, result) -> str:
    """The solution by hand as the player's reveal tells it (one home: island_game.story),
    graded within the grader's work budget."""
    from portia_tui.core.explain.island_game import story
    from portia_tui.core.explain.reasoning import grade_within, too_large

    graded = grade_within(puzzle)
    head = [too_large(), ""] if graded is None else []
    return "\n".join([*head, *story(puzzle, result, graded)])


def cmd_solve(puzzle, args: argparse.Namespace) -> int:
    found = solve_one(puzzle, args, args.file)
    print(json.dumps(found) if args.json else found)
    return 0


def draft_words(puzzle) -> str:
    """'incomplete: 2 empty slots' for a draft (slots not written yet), '' otherwise."""
    from portia_tui.core.language.words import incomplete

    return incomplete(len(puzzle.empty), False)


def check_line(puzzle) -> tuple[int, str]:
    draft = draft_words(puzzle)
    if draft:
        return 1, draft
    status, words = verdict(solve_world(puzzle))
    return status, words


#: seconds the general engine may spend on a casket puzzle's "worlds" (the casket engine's
#: own answer does not wait on it)
WORLDS_BUDGET = 10.0


def casket_worlds(puzzle, analysis=None) -> dict:
    """The general engine's lists for a casket puzzle (``"worlds"`` of ``solve --json``);
    ``{"stopped": "timeout"}`` when they take longer than :data:`WORLDS_BUDGET`.

    When the puzzle states a rule and no speaker rule (Bellini and Cellini), a world is only where the portrait is, so
    the lists are read off the casket engine's solutions (the fast path: no world model to
    import, and tests/test_world_cli.py checks it equals the general engine's lists)."""
    from portia_tui.core.language.rules import has_speaker

    if analysis is not None and puzzle.rules and not has_speaker(puzzle.rules):
        fits = analysis.solution_names()
        return {"solutions": [{"entities": {c: {"portrait": "yes" if c == s else "no"}
                                            for c in puzzle.names}, "choices": {}}
                              for s in fits],
                "answers": [{"where portrait=yes": [s]} for s in fits],
                "unique": len(fits) == 1}
    return general_casket_worlds(puzzle)


def general_casket_worlds(puzzle) -> dict:
    """:func:`casket_worlds` by the general engine (through :func:`from_casket`)."""
    from portia_tui.core.language.world import from_casket
    from portia_tui.core.solve.world_result import Stopped

    try:
        result = solve_world(from_casket(puzzle), WORLDS_BUDGET)
    except Stopped as stop:
        return {"stopped": stop.reason}
    return {"solutions": sorted(result.solutions, key=lambda sol: _casket_key(puzzle, sol)),
            "answers": sorted(result.answers, key=lambda a: json.dumps(
                [puzzle.names.index(c) for c in a["where portrait=yes"]])),
            "unique": result.unique}


def _casket_key(puzzle, sol: dict) -> str:
    """Solutions in casket order (where the portrait is), whatever order the engine found
    them in: the output is the same from run to run and engine to engine."""
    ents = sol["entities"]
    return json.dumps([[ents[c].get("portrait") != "yes" for c in puzzle.names],
                       [sorted(ents[c].items()) for c in puzzle.names], sol["choices"]])


def cmd_cnf(puzzle, args: argparse.Namespace) -> int:
    from portia_tui.core.io import formats

    text = formats.dumps_world(puzzle, "dimacs")
    if args.output:
        formats.atomic_write(args.output, text, force=args.force)
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def cmd_convert(puzzle, args: argparse.Namespace) -> int:
    from portia_tui.core.io import formats

    formats.save_world(puzzle, args.output, force=args.force)
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


# ----------------------------------------------------------------------------- portia clue

#: --timeout: seconds the clue search may take (range)
TIMEOUT_RANGE = (0.1, 3600.0)



def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "clue", help="find the single facts that leave a puzzle exactly one answer",
        description="The missing clue: every single fact (the automatic menu: each entity's "
        "value of each attribute, and each value it lacks for attributes of three or more "
        "values, and the facts that name no one's value: two of the same or different kinds, "
        "exactly k of them; or the facts given with --fact) that, added as a rule, leaves "
        "exactly one answer, ranked as the truth editor ranks them: the least given away "
        "first, the bare answer last. With --question, "
        "also the reply to that yes/no question that can be deduced. Any puzzle family "
        "(a casket puzzle is read as its world puzzle).")
    p.add_argument("file", metavar="FILE", help="puzzle: .toml (format 1-3) or .json, a pack "
                   "(with --id) or a share code")
    from .source import add_id

    add_id(p)
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--fact", action="append", metavar="F",
                   help="a fact to try instead of the automatic menu: a sentence ('Room 8 is "
                   "not empty') or a formula as JSON; repeat for several")
    p.add_argument("--question", metavar="Q",
                   help="a yes/no question the narrator answered unseen ('Is room 8 "
                   "empty?'), or its formula as JSON")
    from . import seconds_arg

    p.add_argument("--timeout", type=seconds_arg(*TIMEOUT_RANGE), default=60.0,
                   metavar="SECONDS",
                   help=f"stop after this many seconds ({TIMEOUT_RANGE[0]:g} to "
                   f"{TIMEOUT_RANGE[1]:g}; default 60)")
    p.set_defaults(func=cmd_clue)


def _formula_arg(text: str, puzzle, flag: str, question: bool = False):
    """A --fact or --question: JSON (a formula) or words."""
    from portia_tui.core.language import sentences as sn

    if text.strip().startswith("["):
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise PortiaError(f"{flag} {text!r}: not a JSON formula ({exc.msg})") from None
    try:
        if question:
            item = sn.parse_question(text, _context(puzzle))
            if "formula" not in item:
                raise sn.SentenceError(f"{text!r} is not a yes/no question")
            return item["formula"]
        return sn.parse(text, _context(puzzle))
    except sn.SentenceError as err:
        raise PortiaError(f"{flag}: {err.message}") from None


def _load_world(path: str, pid: str | None = None):
    from portia_tui.core.language.model import Puzzle

    from .source import read_puzzle

    # a puzzle file, one puzzle of a pack (--id) or a share code, as every command reads them
    puzzle = read_puzzle(path, pid)
    if isinstance(puzzle, Puzzle):
        from portia_tui.core.language.world import from_casket

        puzzle = from_casket(puzzle)
    return puzzle


def cmd_clue(args: argparse.Namespace) -> int:
    import time

    from portia_tui.core.author.clue import clues, ranked_clues

    puzzle = _load_world(args.file, args.id)
    facts = [_formula_arg(f, puzzle, "--fact") for f in args.fact] if args.fact else None
    question = (_formula_arg(args.question, puzzle, "--question", True)
                if args.question else None)
    deadline = time.monotonic() + args.timeout
    try:
        report = clues(puzzle, facts, question, deadline=deadline)
    except PortiaError as exc:
        raise exc.located(args.file) from None
    # ranked as the truth editor lists them (one path): the least given away first
    ranked = ranked_clues(puzzle, report.clues, related=facts is None, deadline=deadline)
    report.clues = [r.clue for r in ranked]
    data = clue_data(puzzle, report)
    for clue, r in zip(data["clues"], ranked):
        clue["bits"] = round(r.bits, 3) if r.bits != float("inf") else None
        clue["bare"] = r.bare
    print(json.dumps(data) if args.json else clue_text(puzzle, data, args.question))
    return 0


def clue_data(puzzle, report) -> dict:
    """The report as JSON, each fact with its words."""
    data = report.as_dict()
    for clue in data["clues"]:
        clue["text"] = said(clue["fact"], puzzle)
    if data["deduced"]:
        fact = data["deduced"]["fact"]
        if fact[0] == "not" and fact[1][0] in ("is", "isnot"):  # "room 8 is not empty"
            fact = ["isnot" if fact[1][0] == "is" else "is", *fact[1][1:]]
        data["deduced"]["text"] = said(fact, puzzle)
    return data


def clue_text(puzzle, data: dict, asked: str | None) -> str:
    from portia_tui.core.explain.island_game import answer_inline as answer_words

    head = puzzle.title or "Untitled puzzle"
    lines = [f"{head}: {data['answers']} answer{'s' if data['answers'] != 1 else ''} now."]
    if data["clues"]:
        lines.append("Single facts that leave exactly one answer (least given away first):")
        for clue in data["clues"]:
            mark = ("  (the answer itself)" if clue.get("bare") else
                    "  (trivial: it states the answer)" if clue["trivial"] else "")
            lines.append(f"  {clue['text']}  ->  {answer_words(puzzle, clue['answers'][0])}"
                         f"{mark}")
    else:
        lines.append("No single fact leaves exactly one answer.")
    deduced = data["deduced"]
    if asked:
        if deduced:
            lines.append(f"Asked {asked.strip()!r}: only the reply '{deduced['reply']}' leaves "
                         f"one answer, so that was the reply ({deduced['text']}): "
                         f"{answer_words(puzzle, deduced['answers'][0])}.")
        else:
            lines.append(f"Asked {asked.strip()!r}: no reply can be deduced (both or neither "
                         "leave exactly one answer).")
    return "\n".join(lines)
