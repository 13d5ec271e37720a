"""portia new / assist / repair: authoring from the command line (the core's assistant, worded).

No textual here, except that `portia new` opens the editor afterwards (as `portia edit` does).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from portia_tui.cli.timeout import TooLarge, add_timeout, budget
from portia_tui.core.errors import PortiaError

from . import count_arg
from .source import add_id, casket_only, read_puzzle

#: the bounds of `portia new` (the editor's "new puzzle" dialog has the same): a blank puzzle
#: of 100 caskets of 100 statements, filled in, still fits a puzzle file (1 MiB)
MAX_CASKETS = 100
MAX_PER_CASKET = 100
MAX_STATEMENTS = MAX_CASKETS * MAX_PER_CASKET
#: the bounds of `portia new --family` for truth puzzles (core/author/world_editing.py's
#: families: the marks stay interactive up to these)
MAX_PEOPLE, MAX_ROOMS, MAX_SPOKEN = 12, 9, 4


def _families() -> tuple[str, ...]:
    from portia_tui.core.author.world_editing import FAMILY_NAMES

    return FAMILY_NAMES


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("new", help="start a blank puzzle (every slot empty) and edit it",
                       description="Write a blank puzzle to FILE (.toml): every slot empty, m "
                       "open unless given, your author name from the settings (author = "
                       "\"...\" in settings.toml) if you have set one. Then open the editor on "
                       "it. Never replaces an existing file.")
    p.add_argument("file", metavar="FILE", help="the new puzzle file (.toml)")
    p.add_argument("--caskets", type=count_arg(2, MAX_CASKETS), metavar="K",
                   help=f"number of caskets, 2 to {MAX_CASKETS} (default 3: gold, silver, lead)")
    p.add_argument("-n", type=count_arg(1, MAX_PER_CASKET), metavar="N",
                   help=f"statements per casket, 1 to {MAX_PER_CASKET} (default 1; casket "
                   "puzzles only: a truth puzzle takes --statements)")
    p.add_argument("--m", type=count_arg(0, MAX_STATEMENTS), metavar="M",
                   help=f"how many statements are true, 0 to K x N (at most {MAX_STATEMENTS:,}; default: open, decide "
                   "later)")
    p.add_argument("--target", metavar="CASKET",
                   help="the casket you are building toward (the assistant's default)")
    p.add_argument("--family", choices=_families(), default="portia",
                   help="the kind of puzzle (default portia: Portia's caskets; knights-knaves, "
                   "werewolves, lady-tiger and labyrinth are truth puzzles, format 3)")
    p.add_argument("--people", type=count_arg(2, MAX_PEOPLE), metavar="K",
                   help=f"islanders of knights-knaves or werewolves, 2 to {MAX_PEOPLE} "
                   "(default 3)")
    p.add_argument("--rooms", type=count_arg(2, MAX_ROOMS), metavar="K",
                   help=f"rooms of lady-tiger or labyrinth (caskets for portia), 2 to "
                   f"{MAX_ROOMS} (default 2 for lady-tiger, 9 for labyrinth)")
    p.add_argument("--statements", type=count_arg(1, MAX_SPOKEN), metavar="S",
                   help=f"statements per islander or room, 1 to {MAX_SPOKEN} (default 1; "
                   "for portia the same as -n)")
    p.add_argument("--modes", metavar="VALUES",
                   help="the kinds of speaker of a truth puzzle and how truly each speaks, "
                   "comma-separated, e.g. knight,knave,normal (islanders: knight, knave, "
                   "normal, spy; rooms: lady, tiger, empty; each takes its usual mode, or "
                   "give one: spy=false, troll=free); default: the family's")
    p.add_argument("--no-edit", action="store_true", help="write the file, do not open the "
                   "editor")
    p.set_defaults(func=cmd_new)

    vocabularies = _vocabularies()
    p = sub.add_parser("assist", help="mark every statement a slot could take (Algorithm 2)",
                       description="For each statement of a slot's menu: valid (some way to "
                       "fill the other empty slots makes the puzzle valid with the portrait in "
                       "the target and exactly m true statements), reachable (the target can "
                       "fit with m, but never alone), or impossible (it never fits with m).")
    p.add_argument("file", metavar="FILE", help="a puzzle file, a share code, or a pack with "
                   "--id")
    add_id(p)
    p.add_argument("--target", metavar="CASKET",
                   help="the casket to build toward (default: the file's target)")
    p.add_argument("--m", type=count_arg(0, MAX_STATEMENTS), metavar="M",
                   help=f"exactly M true statements, 0 to the puzzle's statements (at most "
                        f"{MAX_STATEMENTS:,}; default: the file's m; when m is open, any m)")
    p.add_argument("--slot", type=count_arg(1, MAX_STATEMENTS), metavar="N",
                   help=f"statement number, 1 to the puzzle's statements (at most "
                        f"{MAX_STATEMENTS:,}; default: the first empty slot)")
    p.add_argument("--vocabulary", choices=vocabularies, default="classic",
                   help="the statements a slot may take (default classic: the six kinds of "
                        "Definition 1; portrait: in / not in; full: the whole language)")
    p.add_argument("--json", action="store_true", help="print the marks as JSON")
    add_timeout(p, default=ASSIST_TIMEOUT, what="marking (the marks not reached are "
                "undecided, ?)")
    p.set_defaults(func=cmd_assist)

    p = sub.add_parser("repair", help="every single change that makes a puzzle valid",
                       description="For a complete puzzle: every replacement of one statement "
                       "by another from its slot's menu, and every other m, that leaves exactly "
                       "one casket fitting.")
    p.add_argument("file", metavar="FILE", help="a puzzle file, a share code, or a pack with "
                   "--id")
    add_id(p)
    p.add_argument("--vocabulary", choices=vocabularies, default="classic",
                   help="the replacements to try (default classic; full: the whole language)")
    p.add_argument("--json", action="store_true", help="print the repairs as JSON")
    add_timeout(p, default=REPAIR_TIMEOUT, what="the search (the repairs found so far are "
                "printed)")
    p.set_defaults(func=cmd_repair)


#: the default budgets of assist and repair, in seconds (their searches grow with the menus:
#: the full vocabulary offers over a thousand statements a slot on 12 caskets)
ASSIST_TIMEOUT = REPAIR_TIMEOUT = 10.0


def _vocabularies() -> tuple[str, ...]:
    from portia_tui.core.language.vocabulary import VOCABULARIES

    return tuple(VOCABULARIES)


# --------------------------------------------------------------------------- new
def _author_from_settings() -> str:
    from portia_tui.app.settings import Settings

    settings = Settings.load()
    if settings.notice is not None:  # as the apps say it (then the editor says it again)
        print(settings.notice, file=sys.stderr)
    author = settings.get("author", "")
    return author.strip() if isinstance(author, str) else ""


def _new_world(args: argparse.Namespace) -> int:
    """`portia new --family F`: a blank truth puzzle (format 3), every slot empty."""
    from portia_tui.core.author.world_editing import FAMILIES, blank, dumps, parse_modes
    from portia_tui.core.io.files import atomic_write

    path, fam = args.file, FAMILIES[args.family]
    wrongs = ("--rooms" if fam.size_option == "people" else "--people", "--caskets")
    for wrong in wrongs:
        if getattr(args, wrong[2:]) is not None:
            raise PortiaError(f"{wrong}: {fam.name} puzzles have {fam.size_option} (give "
                              f"--{fam.size_option} K)", path)
    if args.m is not None or args.target is not None:
        raise PortiaError("--m and --target are for casket puzzles (--family portia); a truth "
                          "puzzle's target is picked in the editor", path)
    if args.n is not None:
        raise PortiaError(f"-n is statements per casket (--family portia); {fam.name} "
                          f"puzzles take --statements S (1 to {MAX_SPOKEN})", path)
    if not path.lower().endswith(".toml"):
        raise PortiaError("a new puzzle file must end in .toml", path)
    modes = None
    if args.modes is not None:
        try:
            modes = parse_modes(fam.name, args.modes)
        except ValueError as exc:
            raise PortiaError(str(exc), path) from None
    draft = blank(fam.name, getattr(args, fam.size_option),
                  args.statements or 1, author=_author_from_settings(), modes=modes)
    atomic_write(path, dumps(draft))
    print(f"wrote {path}", file=sys.stderr)
    if args.no_edit:
        return 0
    from .edit import run

    return run(argparse.Namespace(file=path, id=None))


def cmd_new(args: argparse.Namespace) -> int:
    import os

    from portia_tui.core.io import formats
    from portia_tui.core.language.model import blank_puzzle, casket_names

    path = args.file
    if os.path.lexists(path):
        raise PortiaError("already exists: portia new never replaces a file", path)
    if args.family != "portia":
        return _new_world(args)
    if args.people is not None:
        raise PortiaError("--people: Portia's puzzles have caskets (give --caskets K)", path)
    if args.modes is not None:
        raise PortiaError("--modes is for truth puzzles (--family knights-knaves, werewolves, "
                          "lady-tiger, labyrinth)", path)
    if args.rooms is not None:
        args.caskets = args.rooms
    if args.caskets is None:
        args.caskets = 3
    if args.statements is not None:
        args.n = args.statements
    if args.n is None:
        args.n = 1
    size = args.caskets * args.n
    if args.m is not None and not 0 <= args.m <= size:
        raise PortiaError(f"--m {args.m} is out of range: this puzzle has {size} statements",
                          path)
    names = casket_names(args.caskets)
    target = None
    if args.target is not None:
        target = args.target.strip().lower()
        if target not in names:
            raise PortiaError(f"--target {args.target}: the caskets are {', '.join(names)}",
                              path)
    puzzle = blank_puzzle(names, args.n, args.m, author=_author_from_settings(), target=target)
    formats.save(puzzle, path)
    print(f"wrote {path}", file=sys.stderr)
    if args.no_edit:
        return 0
    from .edit import run

    return run(argparse.Namespace(file=path, id=None))


# --------------------------------------------------------------------------- assist
def _target(puzzle, given: str | None, path: str) -> int:
    name = puzzle.target if given is None else given.strip().lower()
    if name is None:
        raise PortiaError("no target casket: give --target CASKET (or target = \"...\" in the "
                          "file)", path)
    if name not in puzzle.names:
        raise PortiaError(f"--target {name}: the caskets are {', '.join(puzzle.names)}", path)
    return puzzle.names.index(name)


def cmd_assist(args: argparse.Namespace) -> int:
    from portia_tui.core.author.assistant import MARK_SYMBOLS, mark_choices
    from portia_tui.core.language.vocabulary import menu, sentence

    path = args.file
    puzzle = casket_only(read_puzzle(path, args.id), path, "assist")
    target = _target(puzzle, args.target, path)
    m = puzzle.m if args.m is None else args.m
    if m is not None and not 0 <= m <= puzzle.size:
        raise PortiaError(f"--m {m} is out of range: this puzzle has {puzzle.size} statements",
                          path)
    if args.slot is None:
        if not puzzle.empty_slots:
            raise PortiaError("no empty slot: give --slot N to mark a statement's menu", path)
        slot = puzzle.empty_slots[0]
    else:
        if not 1 <= args.slot <= puzzle.size:
            raise PortiaError(f"--slot {args.slot}: the statements are numbered 1 to "
                              f"{puzzle.size}", path)
        slot = args.slot - 1
    choices = menu(puzzle, slot, args.vocabulary)
    with budget(args.timeout, path):
        marks = mark_choices(puzzle, slot, choices, target, m, vocabulary=args.vocabulary)
    owner = puzzle.owner(slot)
    sentences = [sentence(st, puzzle.layout, owner) for st in choices]
    if args.json:
        import json

        print(json.dumps({"slot": slot + 1, "choices": [
            {"statement": s, "mark": mark} for s, mark in zip(sentences, marks)]}))
        return _undecided(marks, args.timeout, path)
    aim = (f"exactly {m} true" if m is not None else
           "by the rules" if puzzle.rules else "any m")  # rules but no m: the rules decide
    print(f"Statement {slot + 1} ({puzzle.names[owner]} casket), portrait in the "
          f"{puzzle.names[target]} casket, {aim}, {args.vocabulary} vocabulary:")
    width = max(len(mark) for mark in marks)
    for s, mark in zip(sentences, marks):
        print(f"  {MARK_SYMBOLS[mark]} {mark:<{width}}  {s}")
    return _undecided(marks, args.timeout, path)


def _undecided(marks: Sequence[str], limit: float | None, path: str) -> int:
    """0, or TooLarge when the budget left marks undecided."""
    from portia_tui.core.author.assistant import UNDECIDED

    left = sum(1 for mark in marks if mark == UNDECIDED)
    if left and limit is not None:
        raise TooLarge(path, limit, f"{left} of {len(marks)} statements left undecided")
    return 0


# --------------------------------------------------------------------------- repair
def cmd_repair(args: argparse.Namespace) -> int:
    from portia_tui.core import analyse
    from portia_tui.core.author.assistant import repairs
    from portia_tui.core.solve.budget import part
    from portia_tui.core.language.vocabulary import sentence
    from portia_tui.core.language.words import listing

    path = args.file
    puzzle = casket_only(read_puzzle(path, args.id), path, "repair")
    try:
        with budget(args.timeout, path):
            with part("the analysis of the puzzle as it stands"):
                sols = analyse(puzzle).solution_names()
            found = repairs(puzzle, args.vocabulary)
    except PortiaError as exc:
        raise exc.located(path) from None
    names = puzzle.names
    rows = [(r.index + 1, sentence(r.statement, puzzle.layout, puzzle.owner(r.index)),
             names[r.solution]) for r in found.statements]
    if args.json:
        import json

        print(json.dumps({"repairs": [{"statement": n, "sentence": s, "solution": c}
                                      for n, s, c in rows], "m": list(found.m),
                          "complete": found.complete}))
        return _stopped(found, puzzle, args, path)
    said = _rules_said(puzzle)
    if len(sols) == 1:
        print(f"Valid already (the portrait is in the {sols[0]} casket, {said}); these "
              "changes keep it valid:")
    else:
        what = "no casket fits" if not sols else f"{listing(sols)} fit"
        print(f"Not valid {said} ({what}).")
    among = "" if found.complete else f" (stopped at statement {found.tried + 1})"
    if rows:
        print(f"Replace one statement{among}:")
        for n, s, c in rows:
            print(f"  statement {n} ({names[puzzle.owner(n - 1)]}): {s}  -> the {c} casket")
    else:
        print(f"No single replacement makes it valid{among}.")
    if found.m:
        print("Or change m to " + listing(map(str, found.m), "or") + ".")
    elif puzzle.m is not None:  # a puzzle stated by other rules has no m to change
        print("No other m makes it valid.")
    return _stopped(found, puzzle, args, path)


def _stopped(found, puzzle, args: argparse.Namespace, path: str) -> int:
    """0, or TooLarge naming the part not tried when the budget stopped the search."""
    from portia_tui.core.language.vocabulary import menu

    if found.complete:
        return 0
    at = found.tried
    each = len(menu(puzzle, at, args.vocabulary)) - 1
    raise TooLarge(path, args.timeout, f"stopped at statement {at + 1} of {puzzle.size}, "
                   f"which has {each} replacements in the {args.vocabulary} vocabulary")


def _rules_said(puzzle) -> str:
    """'for m = 2', or the rules in words: 'under the rules: at most 1 statement is true'."""
    if not puzzle.side_rules:
        return f"for m = {puzzle.m}"
    said = "; ".join(s[:1].lower() + s[1:] for s in puzzle.rule_sentences())
    return f"under the rule{'s' if len(puzzle.rules) > 1 else ''}: {said}"
