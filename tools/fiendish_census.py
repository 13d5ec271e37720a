"""A census of the fiendish puzzles with 2 statements on each of 3 caskets (Portia's caskets,
the whole vocabulary) by the rule Portia states: the evidence behind
core/packs/generator/settings.py FIENDISH_N2_PACK (packs larger than it refused up front).

The space is too large to count every candidate (101 statements a casket, about 5,000 pairs
a casket, 1.25e11 candidates before the rules), so the census runs the generator's own search
(the fiendish walk, every filter on but the pack's variety) with Portia's rules held to one
group at a time, for the same number of candidates each (same seed, same figures), and
counts the distinct fiendish puzzles found, by the pack's rule motif
(:func:`.quality.rule_motif`: a rule's kind, comparison and value, the numbers aside). The
pack's variety takes at most 2 puzzles of a motif in any 8 in a row, so what a pack can hold
follows from which motifs are found and how often.

Run: ``.venv/bin/python tools/fiendish_census.py [--candidates 20000] [--seed 1] [GROUP ...]``
(groups: bearing, pure, each, total, m, makers; default all; about 35 s of CPU a group of
20,000 candidates under load).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from portia_tui.core.language.rules import is_m_rule  # noqa: E402
from portia_tui.core.packs.generator import Settings  # noqa: E402
from portia_tui.core.packs.generator.families import FamilySearch  # noqa: E402
from portia_tui.core.packs.generator.quality import Keeper, rule_motif  # noqa: E402
from portia_tui.core.packs.generator.search import Stats  # noqa: E402

GROUPS = ("bearing", "pure", "each", "total", "m", "makers")


def group_of(rules: tuple) -> str:
    """The census group of a rule set: the kind of its count rule ("m" for "Exactly m
    statements are true"), "makers" for the Bellini/Cellini rule alone."""
    for r in rules:
        if r.kind != "makers":
            return "m" if is_m_rule(r) else r.kind
    return "makers"


def census(group: str, candidates: int, seed: int, n: int = 2) -> tuple[float, Counter, int]:
    """(CPU seconds, the distinct fiendish puzzles found by motif, their number) in
    `candidates` candidates with Portia's rules held to `group`."""
    s = Settings(n=n, difficulty="fiendish", vocabulary="full", count=10_000, seed=seed,
                 allow_sameness=True).check()
    stats = Stats()
    seen: set = set()
    keeper = Keeper(s, s.count, s.caskets)
    search = FamilySearch(s, stats, seen, keeper)
    search.rule_sets = {m: [[rs for rs in tier if group_of(rs) == group] for tier in tiers]
                        for m, tiers in search.rule_sets.items()}
    motifs: Counter = Counter()
    began = time.process_time()
    while stats.attempts < candidates:
        found = search.candidate()
        kept = None if found is None else keeper.offer(found, stats)
        if kept is not None:
            keeper.keep(kept)
            seen.add(kept.key)
            side = kept.generated.puzzle.side_rules
            motifs[" + ".join(" ".join(map(str, rule_motif(r)[1:])) for r in side) or "m"] += 1
    return time.process_time() - began, motifs, len(seen)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--candidates", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-n", type=int, default=2)
    ap.add_argument("groups", nargs="*", default=list(GROUPS))
    a = ap.parse_args()
    print(f"fiendish, n = {a.n}, 3 caskets, whole vocabulary, every filter on but the pack's "
          f"variety; {a.candidates:,} candidates a group, seed {a.seed}")
    for g in a.groups:
        cpu, motifs, distinct = census(g, a.candidates, a.seed, a.n)
        found = ", ".join(f"{m} {c}" for m, c in motifs.most_common()) or "none"
        print(f"  {g:<8} {distinct:>3} distinct fiendish in {a.candidates:,} candidates "
              f"({cpu:5.1f} s of CPU): {found}",
              flush=True)


if __name__ == "__main__":
    main()
