"""portia generate --family knights-knaves|werewolves|lady-tiger: generated truth puzzles
(core/packs/islands.py), one puzzle file or a pack (core/packs/pack.py build_island_pack).

Registered by cli/generate.py, which owns the shared options (--count, --seed, -o, --force,
--title, --author, --print, -q, --difficulty, --attempts and the filter switches)."""

from __future__ import annotations

import argparse
import sys

FAMILY_CHOICES = ("knights-knaves", "werewolves", "lady-tiger")
#: casket options that mean nothing for a truth puzzle (dest, flag)
CASKET_ONLY = (("n", "-n"), ("caskets", "--caskets"), ("m", "--m"), ("m_policy", "--m-policy"),
               ("solution", "--solution"), ("loops", "--loops"), ("vocabulary", "--vocabulary"),
               ("verify", "--verify"), ("allow_giveaways", "--allow-giveaways"),
               ("allow_negations", "--allow-negations"), ("allow_echoes", "--allow-echoes"),
               ("allow_fillers", "--allow-fillers"))
#: truth-puzzle options that mean nothing for caskets (dest, flag)
ISLAND_ONLY = (("people", "--people"), ("rooms", "--rooms"), ("depth", "--depth"),
               ("width", "--width"), ("allow_trivial", "--allow-trivial"))


def add_options(p: argparse.ArgumentParser) -> None:
    from portia_tui.core.packs.island_ranges import RANGES

    from . import count_arg

    group = p.add_argument_group(
        "truth puzzles", "With --family knights-knaves, werewolves or lady-tiger: each person "
        "(or the sign on each room) makes one statement built from simple claims ('Ann is a "
        "knave', 'exactly two of us are knights', 'Ann and Ben are of the same type') with "
        "not, and, or, if and if-and-only-if. Every puzzle has one answer and is graded by "
        "the techniques a person needs. Filters: wasted, symmetry, twins and sameness as "
        "above (no wasted speaker, no two people who could swap names, no twins, a pack "
        "varies) and trivial. With -o, one puzzle is a puzzle file (.toml format 3 or .json) "
        "and more make a pack. Levels by size (--difficulty): gentle and steady at every "
        "size; tricky needs 5 knights/knaves, fiendish 3 people; "
        "werewolves reach both from 2 people (fiendish at 2 needs --depth 3); below that a "
        "level cannot exist and is refused at once (exit 2); lady-tiger tricky and "
        "fiendish need 4 rooms and compound signs (--depth 2, the default; at --depth 1 "
        "nothing the generator draws at 4 rooms is either, and it is refused). "
        "See 'Levels by size' in the README.")
    lo, hi = RANGES["people"]
    group.add_argument("--people", type=count_arg(lo, hi), metavar="K",
                       help=f"islanders per puzzle, {lo} to {hi} (default 3)")
    lo, hi = RANGES["rooms"]
    group.add_argument("--rooms", type=count_arg(lo, hi), metavar="K",
                       help=f"rooms per lady-tiger puzzle, {lo} to {hi} (default 3)")
    lo, hi = RANGES["depth"]
    group.add_argument("--depth", type=count_arg(lo, hi), metavar="D",
                       help=f"how deep not/and/or/if nest in a statement, {lo} to {hi} "
                       "(default 2; knights-knaves --difficulty tricky and lady-tiger tricky "
                       "or fiendish draw single claims)")
    lo, hi = RANGES["width"]
    group.add_argument("--width", type=count_arg(lo, hi), metavar="W",
                       help=f"most parts of an 'and' or 'or', {lo} to {hi} (default 2)")
    group.add_argument("--allow-trivial", action="store_true",
                       help="lift 'trivial' (hard): allow a statement true (or false) "
                       "whatever happens, or a part of one that adds nothing")


def refuse_mixed(args: argparse.Namespace, island: bool) -> None:
    """An option of the other kind of puzzle is one line's error."""
    from portia_tui.core.errors import PortiaError

    for dest, flag in (CASKET_ONLY if island else ISLAND_ONLY):
        if getattr(args, dest, None) not in (None, False):
            kind = (f"--family {args.family}" if island else
                    "truth puzzles (--family knights-knaves, werewolves or lady-tiger)")
            raise PortiaError(f"{flag} is not for {kind}" if island else
                              f"{flag} is only for {kind}")
    if island and getattr(args, "repeats", "auto") != "auto":
        raise PortiaError(f"--allow-repeats and --no-repeats are not for --family {args.family}")
    if island and args.family == "lady-tiger" and args.people is not None:
        raise PortiaError("--people is for islanders: lady-tiger takes --rooms")
    if island and args.family != "lady-tiger" and args.rooms is not None:
        raise PortiaError(f"--rooms is for lady-tiger: {args.family} takes --people")


def settings_of(args: argparse.Namespace):
    import secrets

    from portia_tui.core.packs.islands import IslandSettings

    refuse_mixed(args, True)
    size = args.rooms if args.family == "lady-tiger" else args.people
    settings = IslandSettings(
        family=args.family, size=3 if size is None else size,
        depth=2 if args.depth is None else args.depth,
        width=2 if args.width is None else args.width, difficulty=args.difficulty,
        count=args.count, seed=secrets.randbelow(2**32) if args.seed is None else args.seed,
        attempts=20_000 if args.attempts is None else args.attempts, grammar="rich",
        allow_wasted=args.allow_wasted, allow_trivial=args.allow_trivial,
        allow_symmetry=args.allow_symmetry, allow_twins=args.allow_twins,
        allow_monotony=args.allow_sameness)
    settings.check()
    return settings


def _made(settings, show: bool) -> list:
    """The generated puzzles, named, with a progress bar on a terminal."""
    from portia_tui.core.packs.islands import generate_named

    gen = generate_named(settings)
    if not show:
        return list(gen)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    made = []
    with Progress(TextColumn("generating"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("generate", total=settings.count)
        for island in gen:
            made.append(island)
            bar.advance(task)
    return made


def _check_output(path: str, count: int) -> None:
    """One puzzle goes to a puzzle file (.toml format 3, .json structured, .cnf DIMACS); more
    to a pack, which is TOML."""
    from portia_tui.core.errors import PortiaError
    from portia_tui.core.io.formats import WORLD_WRITERS, format_of

    if count == 1:
        format_of(path, WORLD_WRITERS)  # FormatError naming the types for any other
    elif not path.lower().endswith(".toml"):
        raise PortiaError(f"{count} puzzles make a pack, which is TOML: name it FILE.toml", path)


def _text(pack) -> str:
    from portia_tui.core.packs.island_print import plain_text

    # the heading as the casket packs print it ("# 001: Puzzle 001 (steady, 2.07)"), said once:
    # plain_text's own first line is the title
    return "\n".join(plain_text(e.world, f"# {e.id}: {e.title} ({e.difficulty}, {e.rating:.2f})")
                     for e in pack.puzzles)


def run(args: argparse.Namespace) -> int:
    from portia_tui.core.explain.reasoning import LEVELS
    from portia_tui.core.io.formats import dumps_world, save_world
    from portia_tui.core.io.formats.common import check_target
    from portia_tui.core.packs.pack import build_island_pack, dumps_pack, save_pack

    settings = settings_of(args)
    if args.output:  # fail before the work, not after
        _check_output(args.output, settings.count)
        check_target(args.output, args.force)
    show = bool(args.output) and not args.quiet and sys.stderr.isatty() and settings.count > 1
    made = _made(settings, show)
    pack = build_island_pack(made, settings, title=args.title, author=args.author)
    one = settings.count == 1
    if args.output:
        if one:
            save_world(pack.puzzles[0].world.replace(author=args.author), args.output,
                       force=args.force)
        else:
            save_pack(pack, args.output, force=args.force)
        if not args.quiet:
            levels = [e.difficulty for e in pack.puzzles]
            spread = ", ".join(f"{k} {levels.count(k)}" for k in LEVELS if k in levels)
            print(f"wrote {args.output}: {len(levels)} puzzle{'s' if not one else ''} "
                  f"({spread}), seed {settings.seed}", file=sys.stderr)
        return 0
    if args.print_format == "text":
        sys.stdout.write(_text(pack))
    elif one:
        sys.stdout.write(dumps_world(pack.puzzles[0].world, "world_toml"))
    else:
        sys.stdout.write(dumps_pack(pack))
    return 0
