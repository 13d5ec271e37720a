"""portia generate: random verified puzzles, printed or written as a pack."""

from __future__ import annotations

import argparse
import sys
from typing import Any


#: the most puzzles one pack is generated with, and candidates tried in a row
MAX_COUNT = 10_000
MAX_ATTEMPTS = 10_000_000
MAX_SEED = 2**64 - 1


def register(sub: argparse._SubParsersAction) -> None:
    from portia_tui.core.explain.difficulty import DIFFICULTIES
    from portia_tui.core.packs.generator.families import FAMILIES
    from portia_tui.core.packs.generator.settings import (DEFAULT_ATTEMPTS, M_POLICIES,
                                                          MAX_CASKETS, MAX_STATEMENTS)

    from . import count_arg
    from portia_tui.core.language.vocabulary import VOCABULARIES

    p = sub.add_parser(
        "generate", help="generate random puzzles, each verified to have one solution",
        description="Random Portia-n puzzles (Algorithm 3 of the thesis): random statements on "
        "each casket, then m chosen among the m values with exactly one solution. Every puzzle "
        "is solved exactly, re-verified by SAT (the first and one in twenty, or all with "
        "--verify) and rated by the hardest technique it needs (gentle, steady, tricky, "
        "fiendish). Quality filters keep dull puzzles out (see 'quality filters' below; the "
        "--allow-* switches lift them). With --family (or --vocabulary full) the "
        "statements come from the whole language and Portia's rule is chosen among those that "
        "leave one casket. Without -o the pack TOML is printed (or readable text with --print "
        "text).")
    p.add_argument("-n", type=count_arg(1, MAX_STATEMENTS), metavar="N",
                   help=f"statements per casket, 1 to {MAX_STATEMENTS:,} (N x K at most "
                   f"{MAX_STATEMENTS:,}; default 3; with --family, the family's)")
    from .generate_islands import FAMILY_CHOICES, add_options

    p.add_argument("--family", choices=tuple(FAMILIES) + FAMILY_CHOICES,
                   help="; ".join(f"{f.key}: {f.summary}" for f in FAMILIES.values())
                   + " (statements from --vocabulary, default portrait); knights-knaves, "
                   "werewolves, lady-tiger: truth puzzles (see 'truth puzzles' below)")
    p.add_argument("--caskets", type=count_arg(2, MAX_CASKETS), metavar="K",
                   help=f"number of caskets, 2 to {MAX_CASKETS}: gold, silver, lead, copper, "
                   "iron, tin, ... (default 3)")
    p.add_argument("--m", type=count_arg(0, MAX_STATEMENTS), metavar="M",
                   help=f"exactly M true statements (fixed), 0 to N x K (at most "
                   f"{MAX_STATEMENTS:,})")
    p.add_argument("--m-policy", choices=M_POLICIES,
                   help="which unique m to choose when --m is not given (default random)")
    p.add_argument("--solution", metavar="CASKET", help="the portrait must be in this casket")
    p.add_argument("--count", type=count_arg(1, MAX_COUNT), default=1, metavar="COUNT",
                   help=f"how many puzzles, 1 to {MAX_COUNT:,}, and as many as a pack file "
                   "holds (64 MiB; default 1)")
    p.add_argument("--seed", type=count_arg(0, MAX_SEED), metavar="SEED",
                   help="random seed, 0 to 2^64 - 1: same seed and options, same puzzles")
    p.add_argument("--loops", action="store_true",
                   help="allow statements that speak of each other in loops (default: none)")
    p.add_argument("--difficulty", choices=DIFFICULTIES,
                   help="keep only puzzles of this difficulty (the levels that need loops "
                   "allow them; fiendish without --vocabulary draws from the full vocabulary, "
                   "as the classic one makes no split inside a case)")
    p.add_argument("--vocabulary", choices=tuple(VOCABULARIES),
                   help="classic (default: the six kinds of the thesis; with --difficulty "
                   "fiendish, full: the classic kinds make no split inside a case), portrait "
                   "(in / not in a casket only) or full (the whole language)")
    _filter_switches(p)
    p.add_argument("--verify", action="store_true",
                   help="re-verify every puzzle with the SAT analysis (default: the first and one "
                   "in twenty; every puzzle is solved exactly either way)")
    p.add_argument("--attempts", type=count_arg(1, MAX_ATTEMPTS), metavar="A",
                   help="give up after this many candidates in a row without a "
                   f"new puzzle, 1 to {MAX_ATTEMPTS:,} (default {DEFAULT_ATTEMPTS:,})")
    p.add_argument("-o", "--output", metavar="PACK", help="write a pack (.toml) here")
    p.add_argument("--force", action="store_true", help="replace the output file if it exists")
    p.add_argument("--title", default="", help="the pack's title")
    p.add_argument("--author", default="", help="the pack's author")
    p.add_argument("--print", dest="print_format", choices=("toml", "text"), default="toml",
                   help="without -o: print the pack TOML (default) or readable text")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar or summary")
    add_options(p)
    p.set_defaults(func=run)


def _filter_switches(p: argparse.ArgumentParser) -> None:
    """One --allow-NAME switch per quality filter (core/packs/generator/quality.py FILTERS)."""
    from portia_tui.core.packs.generator.quality import FILTERS

    group = p.add_argument_group(
        "quality filters", "On by default in every generator path (levels, --family, "
        "--vocabulary full); each switch lifts one filter, named as in the summary and the "
        "quality report. 'hard': never kept; 'score': the best of a few candidates is kept; "
        "'pack': judged against the puzzles made before in the pack.")
    for f in FILTERS.values():
        text = f"lift '{f.name}' ({f.acts}): allow {f.summary}"
        if f.name == "repeats":
            rep = group.add_mutually_exclusive_group()
            rep.add_argument(f.switch, dest="repeats", action="store_const", const="allow",
                             help=text + " (default: never; an -n past the distinct "
                             "statements a casket can carry is refused up front)")
            rep.add_argument("--no-repeats", dest="repeats", action="store_const",
                             const="never", help="never repeat a statement on a casket (the "
                             "default; kept for scripts)")
        else:
            group.add_argument(f.switch, dest=f.setting, action="store_true", help=text)
    p.set_defaults(repeats="auto")


def _text(pack) -> str:
    """Readable text: the thesis text format's header line, then each statement with its casket."""
    from portia_tui.core.io.formats import text

    out = []
    for entry in pack.puzzles:
        p = entry.puzzle
        out.append(f"# {entry.id}: {entry.title} ({entry.difficulty}, {entry.rating:.2f})")
        if p.side_rules or p.m is None:  # rules beyond "m = K": each in words
            out.append(f"{p.shape}; " + "; ".join(p.rule_sentences()))
        else:
            out.append(text.header(p.n, p.m) if p.n is not None else f"{p.shape}, m = {p.m}")
        for ci, sentence in p.sentences():
            out.append(f"{p.names[ci]}: {sentence}")
        out.append("")
    return "\n".join(out)


def run(args: argparse.Namespace) -> int:
    from portia_tui.core.explain.difficulty import DIFFICULTIES
    from portia_tui.core.packs.generator import Settings, Stats, iter_generate, notices
    from portia_tui.core.packs.generator.families import family_defaults
    from portia_tui.core.packs.generator.quality import FILTERS
    from portia_tui.core.packs.generator.settings import M_POLICIES
    from portia_tui.core.packs.pack import build_pack, dumps_pack, save_pack

    from . import generate_islands

    if args.family in generate_islands.FAMILY_CHOICES:
        return generate_islands.run(args)
    generate_islands.refuse_mixed(args, False)
    from portia_tui.core.packs.generator.settings import DEFAULT_ATTEMPTS

    defaults: dict[str, Any] = {"n": 3, "vocabulary": "classic"}
    implied = None
    if args.family is None and args.vocabulary is None:
        from portia_tui.core.packs.generator.settings import vocabulary_for

        implied = vocabulary_for(args.difficulty, args.n, args.caskets)
        if implied is not None:  # fiendish: the vocabulary that can make it
            args.vocabulary, args.loops = implied, False  # (loops are part of it)
    if args.family is not None or args.vocabulary == "full":
        defaults = family_defaults(args.family)
    asked = Settings(
        n=defaults["n"] if args.n is None else args.n,
        caskets=3 if args.caskets is None else args.caskets, count=args.count,
        m=args.m, m_policy=args.m_policy or M_POLICIES[-1],
        solution=args.solution.strip().lower() if args.solution else None, loops=args.loops,
        repeats=args.repeats, difficulty=args.difficulty,
        vocabulary=args.vocabulary or defaults["vocabulary"], seed=args.seed,
        attempts=DEFAULT_ATTEMPTS if args.attempts is None else args.attempts,
        verify=args.verify, family=args.family,
        **{f.setting: getattr(args, f.setting) for f in FILTERS.values() if f.name != "repeats"})
    settings = asked.check()
    from portia_tui.core.packs.pack import check_pack_fits

    check_pack_fits(settings.count, settings.caskets, settings.n * settings.caskets)
    if args.output:  # fail before the work, not after
        from portia_tui.core.io.formats.common import check_target

        check_target(args.output, args.force)
    if not args.quiet:
        if implied is not None:
            print(f"note: {args.difficulty} puzzles need a split inside a case, which the "
                  f"classic vocabulary cannot make, so the {implied} vocabulary is used",
                  file=sys.stderr)
        for note in notices(settings, asked):
            print(note, file=sys.stderr)
    stats = Stats()
    show = bool(args.output) and not args.quiet and sys.stderr.isatty() and settings.count > 1
    generated = []
    gen = iter_generate(settings, stats)
    if show:
        from rich.console import Console
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                                   TimeRemainingColumn)

        with Progress(TextColumn("generating"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=Console(stderr=True),
                      transient=True) as progress:
            task = progress.add_task("generate", total=settings.count)
            for g in gen:
                generated.append(g)
                progress.advance(task)
    else:
        generated = list(gen)
    pack = build_pack(generated, settings, title=args.title, author=args.author)
    if args.output:
        save_pack(pack, args.output, force=args.force)
        if not args.quiet:
            levels: dict[str, int] = {}
            for g in generated:
                levels[g.rating.level] = levels.get(g.rating.level, 0) + 1
            spread = ", ".join(f"{k} {levels[k]}" for k in DIFFICULTIES if k in levels)
            print(f"wrote {args.output}: {len(generated)} puzzle"
                  f"{'s' if len(generated) != 1 else ''} ({spread}), seed {settings.seed}",
                  file=sys.stderr)
        return 0
    sys.stdout.write(dumps_pack(pack) if args.print_format == "toml" else _text(pack))
    return 0
