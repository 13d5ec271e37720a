"""An exhaustive census of the looped Portia-n candidates of a few caskets: which levels the
ones free of echoes across caskets reach. The evidence behind
core/packs/generator/settings.py ECHOED_TRICKY (tricky at n = 2 on 2 or 3 caskets refused up
front: none is free of echoes).

Every candidate the classic sampler can draw with loops allowed and the filters on is counted:
per casket each set of n statements of its menu that the sampler's blocks allow (no repeat, no
exact negation, no echo on the casket), all their combinations over the caskets. A candidate
goes on when no two placements agree on every portrait statement (symmetry), it holds a loop
(a level below tricky needs none), some m other than 0 and all fits exactly one placement, and
no two statements on different caskets are true in exactly the same consistent worlds (the
coded worlds, :class:`.sampler.CodedWorlds`, the generator's own reading); each such m is
graded by the grader (`difficulty.rate`).

Run: ``.venv/bin/python tools/echo_census.py N CASKETS`` (n = 2 on 3 caskets: 250,047
candidates, about 10 s idle).
"""

from __future__ import annotations

import sys
from collections import Counter
from itertools import combinations, product
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from portia_tui.core.explain.difficulty import rate  # noqa: E402
from portia_tui.core.packs.generator import Settings  # noqa: E402
from portia_tui.core.packs.generator.quality import giveaway_m, symmetric_pair  # noqa: E402
from portia_tui.core.packs.generator.sampler import (CodedWorlds, Sampler,  # noqa: E402
                                                     coded_portrait_masks, has_loop, to_puzzle)
from portia_tui.core.packs.generator.search import unique_solutions  # noqa: E402


def census(n: int, caskets: int) -> tuple[Counter, Counter]:
    """(what became of the candidates, the levels of the echo-free ones with each m that one
    placement fits)."""
    import random

    s = Settings(n=n, caskets=caskets, loops=True, seed=1).check()
    sampler = Sampler(s, random.Random(1))
    k = s.caskets
    sets = [[list(c) for c in combinations(sampler.menus[x], n)
             if not any(b in sampler.blocks[a] for a in c for b in c if a != b)]
            for x in range(k)]
    fate: Counter = Counter()
    levels: Counter = Counter()
    for rows in product(*sets):
        cands = [list(r) for r in rows]
        if symmetric_pair(coded_portrait_masks(cands, k), k):
            fate["symmetry"] += 1
            continue
        if not has_loop(cands):
            fate["no loop"] += 1
            continue
        worlds = CodedWorlds(cands, k)
        solutions = {m: p for m, p in unique_solutions(worlds.totals()).items()
                     if not giveaway_m(m, n * k)}
        if not solutions:
            fate["no unique m"] += 1
            continue
        if worlds.echoes():
            fate["echoes"] += 1
            continue
        fate["graded"] += 1
        puzzle = to_puzzle(cands, s.names, None)
        for m, p in solutions.items():
            levels[rate(puzzle, m, solutions=(p,)).level] += 1
    return fate, levels


def main() -> None:
    n, caskets = int(sys.argv[1]), int(sys.argv[2])
    fate, levels = census(n, caskets)
    print(f"Portia-{n}, {caskets} caskets, loops allowed, every filter on: "
          f"{sum(fate.values()):,} candidates")
    for what, count in fate.most_common():
        print(f"  {what:<12}{count:>10,}")
    print("levels of the echo-free ones (each m that one placement fits): " +
          (", ".join(f"{lvl} {c:,}" for lvl, c in levels.most_common()) or "none"))


if __name__ == "__main__":
    main()
