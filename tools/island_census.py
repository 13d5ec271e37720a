"""An exhaustive census of the levels small truth puzzles can reach, meaning by meaning: the
evidence behind core/packs/island_ranges.py (FEWEST, DEPTH) for the sizes a random search
could not settle.

The grader (core/explain/reasoning.py) reads only masks: the worlds where each statement obeys
its speaker's mode, and the promises. So every puzzle of a shape is one choice of a mask per
speaker, and a small shape can be counted whole, for *every* meaning a statement could have
(a superset of what the generator's words can say):

- ``werewolves 2``: 8 worlds (one werewolf of two, two types), 256 meanings a statement, 65,536
  pairs under each of the three promises the generator draws; then the same over only the
  meanings statements within ``--depth`` 1 and 2 can have (islands._wordings);
- ``lady-tiger 3``: 12 worlds (the lady in one room of three, tiger or empty in the others);
  a room's sign binds only where the room holds the lady or a tiger (8 worlds), so 256 masks
  a room, whatever its rule (a reversed room flips what its sign says, which the count covers
  already) and whatever the sign says (compound or about another sign): 16,777,216 triples,
  every one with a unique answer graded (about 2.3 million; minutes).

Run: ``.venv/bin/python tools/island_census.py werewolves`` or ``... lady-tiger`` (slow)."""

from __future__ import annotations

import sys
import time
from collections import Counter
from typing import Any

from portia_tui.core.explain.reasoning import Solver, grade_solver
from portia_tui.core.packs import islands
from portia_tui.core.solve.general import Evaluation


class _Pick:
    """A stand-in for random.Random that picks the k-th choice (the shell's promise)."""

    def __init__(self, k: int):
        self.k = k

    def choice(self, seq: Any) -> Any:
        return seq[self.k]

    def random(self) -> float:
        return 1.0  # lady-tiger: no reversed room (the masks cover reversal already)


def _obeys(ev: Evaluation, who: str, attr: str, true_value: str, t: int) -> int:
    yes = ev.atom(who, attr, true_value)
    return ((~yes | t) & (yes | ~t)) & ev.full


def werewolves() -> None:
    fam = islands.FAMILIES["werewolves"]
    ents = fam.entities(2)
    for depth in (1, 2, 3, None):
        levels: Counter[str] = Counter()
        for k in range(3):
            shell = fam.shell(ents, [], _Pick(k))  # type: ignore[arg-type]
            ev = Evaluation(shell)
            memo: dict[str, int] = {}
            solver = Solver(shell, ev, [(e, 0) for e in ents], memo)
            promises = solver.masks[2:]
            meanings = (range(1 << ev.size) if depth is None else
                        list(islands._wordings(fam, ents, ev, shell, depth, 3, memo)))
            masks = [[_obeys(ev, e, "type", "knight", t) for t in meanings] for e in ents]
            for m1 in masks[0]:
                for m2 in masks[1]:
                    w = m1 & m2
                    for p in promises:
                        w &= p
                    if not w or len(ev.answers(w, 2)) != 1:
                        continue
                    solver.masks = [m1, m2, *promises]
                    g = grade_solver(solver)
                    levels[g.level if g.solved else "unsolved"] += 1
        said = "every meaning" if depth is None else f"within --depth {depth}"
        print(f"werewolves, 2 people, {said}: {dict(sorted(levels.items()))}", flush=True)


def lady_tiger() -> None:
    import numpy as np

    fam = islands.FAMILIES["lady-tiger"]
    ents = fam.entities(3)
    shell = fam.shell(ents, [], _Pick(0))  # type: ignore[arg-type]
    ev = Evaluation(shell)
    solver = Solver(shell, ev, [(e, 0) for e in ents], {})
    promises = solver.masks[3:]
    ladies = [ev.atom(e, "content", "lady") for e in ents]
    empty = [ev.atom(e, "content", "empty") for e in ents]
    table = []
    for i in range(3):
        bound = [w for w in range(ev.size) if not (empty[i] >> w) & 1]
        row = []
        for sub in range(1 << len(bound)):
            m = empty[i]
            for b, w in enumerate(bound):
                if sub >> b & 1:
                    m |= 1 << w
            row.append(m)
        table.append(np.array(row, dtype=np.int64))
    w = table[0][:, None, None] & table[1][None, :, None] & table[2][None, None, :]
    for p in promises:
        w &= p
    lady_rooms = sum(((w & lady) != 0).astype(np.int8) for lady in ladies)
    unique = np.argwhere(lady_rooms == 1)
    print(f"lady-tiger, 3 rooms: {len(table[0]) ** 3} mask triples, {len(unique)} with one "
          "answer; grading them all", flush=True)
    levels: Counter[str] = Counter()
    start = time.perf_counter()
    for a, b, c in unique:
        solver.masks = [int(table[0][a]), int(table[1][b]), int(table[2][c]), *promises]
        g = grade_solver(solver)
        levels[g.level if g.solved else "unsolved"] += 1
    print(f"lady-tiger, 3 rooms, every sign: {dict(sorted(levels.items()))} "
          f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    {"werewolves": werewolves, "lady-tiger": lady_tiger}[sys.argv[1]]()
