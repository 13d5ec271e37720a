"""portia pack: check a pack and export it (md, html, thesis txt, thesis json)."""

from __future__ import annotations

import argparse
import sys


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("pack", help="check, list or export a puzzle pack",
                       description="Work with puzzle packs (the TOML files 'portia generate -o' "
                       "writes).")
    psub = p.add_subparsers(dest="pack_command", metavar="ACTION", required=True)

    c = psub.add_parser("check", help="re-verify every puzzle of a pack",
                        description="Re-verify every puzzle with the exact analysis and its "
                        "stored solution; one line per puzzle; exit 1 if any fails.")
    c.add_argument("pack", metavar="PACK")
    c.set_defaults(func=cmd_check)

    s = psub.add_parser("list", help="list a pack's puzzles (no solutions)")
    s.add_argument("pack", metavar="PACK")
    s.set_defaults(func=cmd_list)

    x = psub.add_parser("extract", help="write one puzzle of a pack to its own file",
                        description="Write the puzzle with this id to FILE (the extension "
                        "chooses the format), to edit or share on its own. Never replaces a "
                        "file without --force.")
    x.add_argument("pack", metavar="PACK")
    x.add_argument("id", metavar="ID", help="the puzzle's id (see 'portia pack list')")
    x.add_argument("-o", "--output", required=True, metavar="FILE")
    x.add_argument("--force", action="store_true", help="replace FILE if it exists")
    x.set_defaults(func=cmd_extract)

    from portia_tui.core.packs.export import FORMATS, ORDERS, SOLUTIONS

    e = psub.add_parser("export", help="export a pack to md, html, txt or json",
                        description="md and html: one printable file (html prints on A4, "
                        "several puzzles a page): the puzzles with their caskets side by side "
                        "and an answer line under each, then the solutions as --solutions "
                        "says. txt: a folder with one thesis-format text file per puzzle. "
                        "json: a folder with one thesis JSON file per puzzle.")
    e.add_argument("pack", metavar="PACK")
    e.add_argument("--format", required=True, choices=FORMATS)
    e.add_argument("--out", required=True, metavar="PATH",
                   help="the file (md, html) or folder (txt, json) to write")
    e.add_argument("--force", action="store_true", help="replace existing files")
    e.add_argument("--solutions", choices=SOLUTIONS, default="key",
                   help="md, html: after the puzzles, nothing (none), a one-line-per-puzzle "
                   "answer key (key, the default), or the key and every step-by-step "
                   "explanation (full)")
    e.add_argument("--order", choices=ORDERS, default="difficulty",
                   help="md, html: easiest first (difficulty, the default) or the pack's own "
                   "order (pack)")
    e.set_defaults(func=cmd_export)


def cmd_check(args: argparse.Namespace) -> int:
    from portia_tui.core.packs.pack import check_pack, load_pack

    pack = load_pack(args.pack)
    results = check_pack(pack)
    for r in results:
        print(f"{args.pack}: {r.line()}")
    bad = sum(1 for r in results if not r.ok)
    print(f"{args.pack}: {len(results) - bad} of {len(results)} puzzles pass", file=sys.stderr)
    return 1 if bad else 0


def cmd_list(args: argparse.Namespace) -> int:
    from portia_tui.core.io.files import LARGE_LIMIT
    from portia_tui.core.io.formats.common import read_text
    from portia_tui.core.packs.pack import iter_entries

    # one entry at a time, in outline (the list shows no statement): a pack at the cap
    # (100,000 puzzles) holds only its lines at once, not its puzzles; printed once all
    # are read, so a bad entry prints nothing but its line
    pack, entries = iter_entries(read_text(args.pack, LARGE_LIMIT), args.pack, sentences=False)
    rows = [f"{pack.title}" + (f" by {pack.author}" if pack.author else "")
            + (f", {pack.created}" if pack.created else "")]
    for e in entries:
        if e.is_truth:
            from portia_tui.core.packs.island_pack import shape

            rows.append(f"{e.id}  {e.title}  {shape(e.world)}, {e.difficulty} ({e.rating:.2f})")
            continue
        p = e.casket
        rows.append(f"{e.id}  {e.title}  {p.shape}, {len(p.caskets)} caskets, {p.rules_said}, "
                    f"{e.difficulty} ({e.rating:.2f})")
    print("\n".join(rows))
    return 0


def pack_puzzle(path: str, pid: str):
    """The puzzle with id `pid` of the pack at `path`, with the pack's author when it has
    none of its own and its title (or "Puzzle ID") kept; PortiaError naming the ids if none."""
    from portia_tui.core.io.files import LARGE_LIMIT
    from portia_tui.core.io.formats.common import read_text
    from portia_tui.core.packs.pack import is_pack_text, loads_pack

    from .source import entry_pack, pick

    text = read_text(path, LARGE_LIMIT)
    if not is_pack_text(text):
        loads_pack(text, path)  # one line: not a pack
    return pick(entry_pack(text, path, pid), pid, path)


def cmd_extract(args: argparse.Namespace) -> int:
    from portia_tui.core.io import formats

    from portia_tui.core.language.world import WorldPuzzle

    puzzle = pack_puzzle(args.pack, args.id)
    if isinstance(puzzle, WorldPuzzle):  # a truth puzzle: format 3 (.toml) or structured (.json)
        formats.save_world(puzzle, args.output, force=args.force)
    else:
        formats.save(puzzle, args.output, force=args.force)
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from portia_tui.core.packs.export import export_pack
    from portia_tui.core.packs.pack import load_pack

    pack = load_pack(args.pack)
    result = export_pack(pack, args.format, args.out, force=args.force,
                         solutions=args.solutions, order=args.order)
    for note in result.notes:
        print(f"{args.pack}: {note}", file=sys.stderr)
    what = (f"{len(result.written)} file{'s' if len(result.written) != 1 else ''} into "
            f"{args.out}" if args.format in ("txt", "json") else args.out)
    print(f"wrote {what}", file=sys.stderr)
    return 0
