"""portia census: count every valid three-casket Portia-n puzzle, or every puzzle of one of
Mackinnon's generations (--family), by exhaustive enumeration."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any


def register(sub: argparse._SubParsersAction) -> None:
    from portia_tui.core.packs.families import CENSUS_FAMILIES
    from portia_tui.core.language.vocabulary import VOCABULARIES

    p = sub.add_parser(
        "census", help="count every valid puzzle of Portia-n or of a family (exhaustive)",
        description="Count every valid puzzle with gold, silver and lead, exactly. Without "
        "--family: every (statements, m) with n statements a casket ('valid' counts statements "
        "in order on each casket, loops and repeats included). With --family, one of "
        "Mackinnon's generations: portia1, one statement a casket and one count rule ('Exactly"
        "|At least|At most K statements are true|false'; the rules 'Exactly K statements are "
        "true' alone give Mackinnon's 348); portia2, two statements a casket "
        "(none twice), the clue being how many true statements each casket bears (60,960 "
        "pairs, 30,480 up to swapping each casket's two statements); portia3, "
        "'Every casket was made by Bellini or by Cellini' with the vocabulary's statements and "
        "'The X casket was made by Bellini|Cellini'. See the README for every figure.")
    from . import count_arg

    p.add_argument("-n", type=count_arg(1, 6), metavar="N",
                   help="statements per casket, 1 to 6 (needed without --family, 1 to 4 "
                   "there; portia1: 1; portia2: 2 by default, 1 to 6; portia3: 2 by default, "
                   "or 1)")
    p.add_argument("--family", choices=CENSUS_FAMILIES,
                   help="count one generation of puzzles instead of Portia-n-m")
    p.add_argument("--vocabulary", choices=tuple(VOCABULARIES), default="portrait",
                   help="portrait: in / not in a casket (default); classic: the six kinds of "
                   "Definition 1; full: the whole language (counted by the families portia1 and "
                   "portia3)")
    p.add_argument("--clue", action="store_true",
                   help="the same as --family portia2 (Mackinnon's second generation)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    family = args.family
    if args.clue:
        if family not in (None, "portia2"):
            print(f"portia census: --clue is --family portia2, not {family}", file=sys.stderr)
            return 2
        family = "portia2"
    if family is not None:
        return _family(args, family)
    if args.n is None:
        print("portia census: -n N is needed without --family (see portia census --help)",
              file=sys.stderr)
        return 2
    from portia_tui.core.packs.census import census

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
    print(f"Census of Portia-{r.n}, {r.caskets} caskets, {r.vocabulary} vocabulary "
          f"({r.seconds:.3f} s)")
    _table(rows)
    per_m = ", ".join(f"m={m}: {v:,}" for m, v in enumerate(r.valid_by_m))
    print(f"  valid by m (ordered, loops included): {per_m}")
    return 0


#: each family: its generation, its rule in a few words, the wording of its figures in order
FAMILY_WORDS = {
    "portia1": ("first", "one statement a casket, one count rule over all of them", (
        ("statement_sets", "statement choices (one a casket)"),
        ("rules", "count rules (the menu's sentences)"),
        ("conditions", "  distinct conditions they state"),
        ("valid", "valid (statements, rule), same condition once"),
        ("valid_rules", "valid (statements, rule), every rule sentence"),
        ("valid_exactly", "valid with 'Exactly K statements are true'"),
        ("with_a_valid_rule", "statement choices with some valid rule"))),
    "portia2": ("second", "the clue: how many true statements each casket bears", (
        ("statement_sets", "statement choices (ordered, none twice on a casket)"),
        ("pairs", "(statements, placement) pairs the clue singles out"),
        ("up_to_swap", "the same, up to swapping first and second on every casket"))),
    "portia3": ("third", "every casket made by Bellini (all true) or Cellini (all false)", (
        ("statement_sets", "statement choices (ordered, repeats allowed)"),
        ("valid", "valid, ordered"),
        ("valid_no_repeat", "valid, no statement twice on a casket"),
        ("valid_unordered", "valid, up to the order on each casket"),
        ("valid_makers_known", "valid, and who made each casket follows"))),
}


def _family(args: argparse.Namespace, family: str) -> int:
    from portia_tui.core.packs.families import family_census

    with _Bar(enabled=not args.quiet and sys.stderr.isatty()) as bar:
        r = family_census(family, args.n, args.vocabulary, progress=bar.update)
    if args.json:
        import json

        print(json.dumps(r.as_dict()))
        return 0
    ordinal, rule, words = FAMILY_WORDS[family]
    print(f"Census of {family}, the {ordinal} generation ({r.seconds:.3f} s)")
    print(f"  {rule}")
    print(f"  {r.caskets} caskets, {r.n} statement{'s' if r.n > 1 else ''} a casket, "
          f"{r.vocabulary} vocabulary")
    _table([(label, r.figures[key]) for key, label in words
            if r.figures.get(key) is not None])
    return 0


def _table(rows: list[tuple[str, int]]) -> None:
    width = max(len(label) for label, _ in rows)
    digits = max(12, *(len(f"{value:,}") for _, value in rows))
    for label, value in rows:
        print(f"  {label:<{width}}  {value:>{digits},}")


class _Bar:
    """A progress bar on stderr that appears only once the census has run for a second."""

    DELAY = 1.0

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.start = time.monotonic()
        self.progress: Any = None  # a rich Progress, made once the census is slow
        self.task: Any = None

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
