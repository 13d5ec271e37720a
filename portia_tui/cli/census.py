"""portia census: count every valid three-casket Portia-n puzzle by exhaustive enumeration."""

from __future__ import annotations

import argparse
import sys
import time


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "census", help="count every valid Portia-n puzzle (exhaustive)",
        description="Count every valid (statements, m) puzzle with gold, silver and lead and n "
        "statements each. 'valid' counts statements in order on each casket, loops and repeats "
        "included; the other lines narrow that down (see the README).")
    p.add_argument("-n", type=int, required=True, metavar="N", help="statements per casket")
    p.add_argument("--vocabulary", choices=("portrait", "classic"), default="portrait",
                   help="portrait: in / not in a casket only (default); classic: the six kinds "
                   "of Definition 1")
    p.add_argument("--clue", action="store_true",
                   help="Mackinnon's second generation: the clue is how many true statements "
                   "each casket bears, not which (portrait vocabulary, no statement twice on a "
                   "casket); counts (statements, placement) pairs the clue singles out")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from portia_tui.core.census import census, clue_census

    if args.clue:
        r = clue_census(args.n, args.vocabulary)
        if args.json:
            import json

            print(json.dumps(dict(r)))
            return 0
        print(f"Second-generation census of Portia-{r['n']}, {r['caskets']} caskets, "
              f"{r['vocabulary']} vocabulary, clue = true statements per casket")
        print(f"  statement choices (ordered, no repeat on a casket)  {r['statement_sets']:>10,}")
        print(f"  (statements, placement) pairs the clue singles out  {r['pairs']:>10,}")
        if r["up_to_swap"] is not None:
            print(f"  the same, up to swapping first and second on every casket  "
                  f"{r['up_to_swap']:>10,}")
        return 0

    with _Bar(enabled=not args.quiet and sys.stderr.isatty()) as bar:
        r = census(args.n, args.vocabulary, progress=bar.update)
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


class _Bar:
    """A progress bar on stderr that appears only once the census has run for a second."""

    DELAY = 1.0

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.start = time.monotonic()
        self.progress = None
        self.task = None

    def update(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        if self.progress is None:
            if time.monotonic() - self.start < self.DELAY or done >= total:
                return
            from rich.console import Console
            from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn

            self.progress = Progress(TextColumn("census"), BarColumn(), TaskProgressColumn(),
                                     console=Console(stderr=True), transient=True)
            self.progress.start()
            self.task = self.progress.add_task("census", total=total)
        self.progress.update(self.task, completed=done, total=total)

    def __enter__(self) -> "_Bar":
        return self

    def __exit__(self, *exc) -> None:
        if self.progress is not None:
            self.progress.stop()
