"""portia census: count every valid three-casket Portia-n puzzle by exhaustive enumeration."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "census", help="count every valid Portia-n puzzle (exhaustive)",
        description="Count every valid (statements, m) puzzle with gold, silver and lead and n "
        "statements each. 'valid' counts statements in order on each casket, loops and repeats "
        "included; the other lines narrow that down (see the README).")
    p.add_argument("-n", type=int, required=True, metavar="N", help="statements per casket")
    p.add_argument("--vocabulary", choices=("portrait", "full"), default="portrait",
                   help="portrait: in / not in a casket only (default); full: every kind")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from portia_tui.core.census import census

    r = census(args.n, args.vocabulary)
    if args.json:
        import json

        print(json.dumps(r.as_dict()))
        return 0
    rows = [
        ("statement choices enumerated (ordered)", r.statement_sets),
        ("  of which some m is valid", r.puzzles_with_a_valid_m),
        ("valid (statements, m), ordered, loops included", r.valid),
        ("valid, up to the order on each casket", r.valid_unordered),
        ("valid, loop-free, ordered", r.valid_loop_free),
        ("valid, loop-free, up to order", r.valid_loop_free_unordered),
    ]
    width = max(len(label) for label, _ in rows)
    print(f"Census of Portia-{r.n}, {r.caskets} caskets, {r.vocabulary} vocabulary "
          f"({r.seconds:.3f} s)")
    for label, value in rows:
        print(f"  {label:<{width}}  {value:>12,}")
    per_m = ", ".join(f"m={m}: {v:,}" for m, v in enumerate(r.valid_by_m))
    print(f"  valid by m (ordered, loops included): {per_m}")
    return 0
