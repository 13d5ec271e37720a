"""portia dataset: generated knights-and-knaves (and werewolf, lady-or-tiger) puzzles as JSON
lines, in the field names of the research datasets, with splits that share no puzzle."""

from __future__ import annotations

import argparse
import sys

FAMILY_CHOICES = ("knights-knaves", "werewolves", "lady-tiger")


def register(sub: argparse._SubParsersAction) -> None:
    from . import count_arg

    p = sub.add_parser(
        "dataset", help="write generated island or door puzzles as JSON lines (a dataset)",
        description="Well-posed puzzles, one JSON object a line. Knights-and-knaves lines keep "
        "the fields of Xie et al. (2024): quiz, names, knight_knave, solution, solution_text, "
        "solution_text_format, statements; every line adds puzzle (the structured form, "
        "as a JSON string), "
        "family, all_solutions, unique, difficulty, explanation, seed, config, index and "
        "canonical_key (equal for puzzles alike up to renaming people and reordering "
        "statements). No two lines share a canonical key, so splits never share a puzzle.")
    p.add_argument("--family", choices=FAMILY_CHOICES, default="knights-knaves",
                   help="the kind of puzzle (default knights-knaves)")
    p.add_argument("--people", type=count_arg(2, 12), metavar="K",
                   help="islanders per puzzle, 2 to 12 (default 3)")
    p.add_argument("--rooms", type=count_arg(2, 9), metavar="K",
                   help="rooms per puzzle for lady-tiger, 2 to 9 (default 3)")
    p.add_argument("--depth", type=count_arg(1, 3), default=2, metavar="D",
                   help="how deep and/or/if/iff/not nest in a statement, 1 to 3 (default 2)")
    p.add_argument("--width", type=count_arg(2, 3), default=2, metavar="W",
                   help="most parts of an 'and' or 'or', 2 to 3 (default 2)")
    p.add_argument("--difficulty", choices=("gentle", "steady", "tricky", "fiendish"),
                   help="keep only puzzles of this level")
    p.add_argument("--count", type=count_arg(1, 100_000), default=100, metavar="N",
                   help="how many puzzles, 1 to 100,000 (default 100)")
    p.add_argument("--seed", type=count_arg(0, 2**63 - 1), metavar="S",
                   help="random seed, 0 to 9,223,372,036,854,775,807 (2^63 - 1): same seed "
                   "and options, same lines "
                   "(default: drawn, and written in every line)")
    p.add_argument("-o", "--output", required=True, metavar="FILE.jsonl",
                   help="where to write; with --split, FILE.NAME.jsonl per split")
    p.add_argument("--split", metavar="NAME=SHARE,...",
                   help="split the puzzles, e.g. train=0.8,test=0.2 (shares add up to 1)")
    p.add_argument("--role-words", metavar="TRUE,FALSE",
                   help="the two kinds of islander, e.g. angel,devil; 'random' draws a pair "
                   "per puzzle (default knight,knave; not for lady-tiger)")
    p.add_argument("--names", metavar="NAMES",
                   help="the islanders' names: 'random' (drawn per puzzle, the default), "
                   "'letters' (A, B, C ...) or a comma list (not for lady-tiger: rooms I, II, ...)")
    p.add_argument("--force", action="store_true", help="replace files that exist")
    for name, what in (("wasted", "a statement the answer does not need"),
                       ("trivial", "a statement true or false whatever happens"),
                       ("symmetry", "two islanders who could swap names"),
                       ("twins", "two puzzles alike up to names and order"),
                       ("monotony", "answers that repeat more than a third of the time")):
        p.add_argument(f"--allow-{name}", action="store_true", help=f"allow {what}")
    p.set_defaults(func=run)


def _settings(args: argparse.Namespace):
    import secrets

    from portia_tui.core.errors import PortiaError
    from portia_tui.core.packs.islands import IslandSettings

    if args.family == "lady-tiger":
        if args.people is not None:
            raise PortiaError("--people is for islanders: lady-tiger takes --rooms")
        for option, given in (("--role-words", args.role_words), ("--names", args.names)):
            if given is not None:  # it was dropped without a word before
                raise PortiaError(f"{option} is for islanders: lady-tiger's rooms are I, II, "
                                  "III, ... and hold a lady, a tiger or nothing")
        size = 3 if args.rooms is None else args.rooms
    else:
        if args.rooms is not None:
            raise PortiaError(f"--rooms is for lady-tiger: {args.family} takes --people")
        size = 3 if args.people is None else args.people
    seed = secrets.randbelow(2**31) if args.seed is None else args.seed
    if not 0 <= seed < 2**63:
        raise PortiaError(f"--seed must be 0 to 2**63-1, not {seed}")
    settings = IslandSettings(
        family=args.family, size=size, depth=args.depth, width=args.width,
        difficulty=args.difficulty, count=args.count, seed=seed,
        allow_wasted=args.allow_wasted, allow_trivial=args.allow_trivial,
        allow_symmetry=args.allow_symmetry, allow_twins=args.allow_twins,
        allow_monotony=args.allow_monotony)
    settings.check()
    return settings


def _targets(output: str, parts) -> list[str]:
    if not parts:
        return [output]
    stem = output[:-6] if output.endswith(".jsonl") else output
    return [f"{stem}.{name}.jsonl" for name, _share in parts]


def run(args: argparse.Namespace) -> int:
    from portia_tui.core.io.files import check_target, write_all
    from portia_tui.core.packs import dataset

    settings = _settings(args)
    if args.role_words is None:
        args.role_words = "knight,knave"
    if args.names is None:
        args.names = "random"
    parts = dataset.parse_split(args.split) if args.split else []
    if args.role_words != "random":
        dataset.check_roles(args.role_words)
    if args.family != "lady-tiger":
        dataset.check_names(args.names, settings.size)
    targets = _targets(args.output, parts)
    for t in targets:  # fail before the work, not after
        check_target(t, args.force)
    too_large = [0]
    recs = list(dataset.records(settings, args.names, args.role_words, too_large))
    lines = [dataset.line(r) for r in recs]
    plan = (dataset.split_plan(len(lines), parts, settings.seed,
                               [r["canonical_key"] for r in recs])
            if parts else [""] * len(lines))
    texts: dict[str, list[str]] = {name: [] for name in sorted(set(plan))}
    for text, name in zip(lines, plan):
        texts[name].append(text)
    names = [n for n, _s in parts] or [""]
    # all of the files or none; with --force the old files stay until every new one is ready
    write_all([(target, "".join(t + "\n" for t in texts.get(name, [])))
               for name, target in zip(names, targets)], args.force)
    sizes = ", ".join(f"{t} {len(texts.get(n, []))}" for n, t in zip(names, targets))
    print(f"wrote {sizes} (seed {settings.seed})", file=sys.stderr)
    if too_large[0]:
        from portia_tui.core.explain.reasoning import GRADE_STEPS

        print(f"skipped {too_large[0]} candidate puzzle{'s' if too_large[0] != 1 else ''} too "
              f"large to grade (over {GRADE_STEPS:,} steps each)", file=sys.stderr)
    return 0
