"""A census of where the hard trials' candidates are refused (core/packs/islands.py): the
generator's own search (`portia generate --family lady-tiger --rooms K --difficulty LEVEL`,
the quick look and the pool walk as they run), each candidate also judged afresh, stage by
stage, by the same filters the search applies:

``no world``         no world obeys the signs;
``several answers``  the lady may be in more than one room;
``trivial``          a sign true (or false) in every world, or a part that adds nothing or
                     reads oddly (the trivial-sign filter, :func:`islands._constant`);
``wasted``           a sign can go with the answer still unique (:func:`islands._wasted`);
then the grade of the rest (the pool), split by whether the signs hold a ring (and its size)
and by how the candidate was drawn (a plain draw or a walk step). The level asked for is
then split by the search's later refusals (symmetry, twins, the pack's variety: the shape
rule, :func:`islands.trial_motif`).

Run: ``.venv/bin/python tools/trial_census.py [--rooms 4] [--level tricky] [--seed 1]
[--candidates 20000]`` (about a minute of CPU for 20,000 candidates at four rooms: each is
judged twice).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from portia_tui.core.explain.reasoning import Solver, grade_within  # noqa: E402
from portia_tui.core.packs import islands as I  # noqa: E402


def judge(ents, says, shell) -> tuple[str, str | None]:
    """(the stage that refuses the candidate, or its level; the ring label)."""
    fam = I.FAMILIES["lady-tiger"]
    puzzle, _tuples = I._assemble(fam, ents, says, shell)
    rings = I._rings(says)
    ring = ("ring of " + "+".join(str(len(r)) for r in rings)) if rings else "no ring"
    solver = Solver(puzzle)
    ev = solver.ev
    worlds = ev.full
    for m in solver.masks:
        worlds &= m
    if not worlds:
        return "no world", ring
    if len(ev.answers(worlds, 2)) > 1:
        return "several answers", ring
    if I._constant(puzzle):
        return "trivial", ring
    if I._wasted(puzzle):
        return "wasted", ring
    graded = grade_within(solver)
    if graded is None:
        return "too large", ring
    return (graded.level if graded.solved else "unsolved"), ring


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rooms", type=int, default=4)
    ap.add_argument("--level", default="tricky")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--candidates", type=int, default=20_000)
    ap.add_argument("--count", type=int, default=8)
    a = ap.parse_args()
    settings = I.IslandSettings(family="lady-tiger", size=a.rooms, difficulty=a.level,
                                seed=a.seed, grammar="rich", count=a.count,
                                attempts=a.candidates)
    fam = I.FAMILIES["lady-tiger"]
    rng = random.Random(a.seed)
    screen = I._Screen(a.level, True, False, False)
    walk = I._PoolWalk(a.level)
    stages: Counter = Counter()
    by_ring: Counter = Counter()
    by_source: Counter = Counter()
    later: Counter = Counter()
    shapes: Counter = Counter()
    keys: set[str] = set()
    variety = I._Variety(settings, settings.size)
    began = time.process_time()
    for _n in range(a.candidates):
        source = "walk step" if walk.says is not None else "plain draw"
        if walk.says is not None:
            ents, says, shell = walk.next(settings, rng)
        else:
            ents, says, shell = I._drawn(settings, rng, screen)
        walk.step()
        stage, ring = judge(ents, says, shell)
        stages[stage] += 1
        if stage in I.LEVELS:
            by_ring[(ring, stage)] += 1
            by_source[(source, stage)] += 1
        passed = screen.passes(shell, ents, says, fam.signs)
        if not passed:
            if screen.graded is not None:
                walk.offer(ents, says, shell, screen.graded)
            continue
        walk.found(ents, says, shell, screen.graded)
        puzzle, _t = I._assemble(fam, ents, says, shell)
        kept = I._keep(settings, puzzle)
        if kept is None or isinstance(kept, str):
            later["refused by the full check (symmetry)"] += 1
            continue
        result, graded = kept
        key = I.canonical_key(puzzle)
        shape = I.trial_motif(puzzle, graded)
        if key in keys:
            later["twin of one found"] += 1
            continue
        keys.add(key)
        shapes[shape] += 1
        if not variety.admits(result.answers[0], False, None, I.motif(puzzle, graded), shape):
            later["refused by the pack's variety"] += 1
            continue
        later["kept"] += 1
    secs = time.process_time() - began
    print(f"{a.rooms} rooms, {a.level}, seed {a.seed}: {a.candidates} candidates, "
          f"{secs:.1f} CPU s")
    print("\nstage | candidates")
    for stage, n in stages.most_common():
        print(f"{stage} | {n}")
    print("\npool (one answer, no trivial or wasted sign) by rings | level | candidates")
    for (ring, stage), n in sorted(by_ring.items()):
        print(f"{ring} | {stage} | {n}")
    print("\npool by draw | level | candidates")
    for (source, stage), n in sorted(by_source.items()):
        print(f"{source} | {stage} | {n}")
    print(f"\n{a.level} candidates past the quick look:")
    for what, n in later.most_common():
        print(f"{what} | {n}")
    print("\ndistinct shapes found:")
    for s, n in shapes.most_common():
        print(f"{n} | {s}")


if __name__ == "__main__":
    main()
