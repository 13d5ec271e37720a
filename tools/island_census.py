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

- ``lady-tiger-4``: every four-room trial the generator draws for tricky and fiendish at
  ``--depth 1`` (one claim a sign, 36 a room, any rooms reversed; compound signs, the default
  ``--depth 2``, reach both levels), graded as the generator's quick look grades
  it, a sign's truth a fact once known (:func:`lady_tiger_4`).

The grader carries a sign's truth as a fact once it is known (reasoning.TRUTH); the census of
three rooms reads masks only (no sign's truth), so it counts with a grader that knows less: a
level it finds is an upper bound, and "no tricky three-room trial" holds all the more.

- ``two-packs``: every two-islander tricky werewolves puzzle the generator draws, through the
  generator's own checks (islands.TWO_WOLVES_TRICKY: the most a pack can hold).

Run: ``.venv/bin/python tools/island_census.py werewolves`` or ``... lady-tiger`` or
``... lady-tiger-4`` (slow) or ``... two-packs``."""

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


def knights_knaves() -> None:
    """Three islanders, one statement each: every triple of the meanings statements within
    --depth 1 can have (islands._wordings, the rich grammar's atoms: a type, a count of
    knights or knaves, two alike or not), graded where it has one answer; then --depth 2."""
    fam = islands.FAMILIES["knights-knaves"]
    ents = fam.entities(3)
    shell = fam.shell(ents, [], _Pick(0))  # type: ignore[arg-type]
    ev = Evaluation(shell)
    for depth in (1, 2):
        memo: dict[str, int] = {}
        solver = Solver(shell, ev, [(e, 0) for e in ents], memo)
        meanings = list(islands._wordings(fam, ents, ev, shell, depth, 2, memo))
        masks = [[_obeys(ev, e, "type", "knight", t) for t in meanings] for e in ents]
        levels: Counter[str] = Counter()
        for m1 in masks[0]:
            for m2 in masks[1]:
                for m3 in masks[2]:
                    w = m1 & m2 & m3
                    if not w or len(ev.answers(w, 2)) != 1:
                        continue
                    solver.masks = [m1, m2, m3]
                    g = grade_solver(solver)
                    levels[g.level if g.solved else "unsolved"] += 1
        print(f"knights-knaves, 3 people, {len(meanings)} meanings within --depth {depth}: "
              f"{dict(sorted(levels.items()))}", flush=True)


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


def _hard_claims(ents: list[str]) -> list[Any]:
    """Every claim the generator's hard trials draw for a sign (LadyTiger.atom at depth 1,
    the hard share): counts of tigers or empty rooms, a room's content; the other signs'
    claims ("Sign II is right / wrong") are added per room."""
    k = len(ents)
    out: list[Any] = [["count", "all", {"content": v}, op, n] for v in ("tiger", "empty")
                      for op in ("==", ">=", "<=") for n in range(1, k)]
    return out + [["is", e, "content", v] for e in ents for v in ("lady", "tiger", "empty")]


def lady_tiger_4() -> None:
    """Every four-room trial the generator draws for tricky and fiendish (one claim a sign
    at depth 1, half of them about another sign; any rooms reversed): 36 claims a sign,
    1,679,616 quadruples, under each number of reversed rooms (the claims are the same for
    every room, so which rooms are reversed does not matter, only how many); each with one
    answer and no wasted sign (the quick look's judgement) graded by the grader as the
    generator's quick look grades it. A ring of signs ("I: Sign II is right", "II: Sign I
    is wrong") gets the full check. About 30 minutes on a loaded machine."""
    import numpy as np

    from portia_tui.core.language.formulas import meaning_memo

    k = 4
    fam = islands.FAMILIES["lady-tiger"]
    ents = fam.entities(k)
    base = _hard_claims(ents)
    shell0 = fam.shell(ents, [], _Pick(0))  # type: ignore[arg-type]
    ev = Evaluation(shell0)
    scope, memo, full = shell0.scope(), {}, ev.full
    meaning = [meaning_memo(f, scope, ev.alg, memo) for f in base]
    # a room's claims: the base ones, then "sign j is right / wrong" for each other room j
    claims = [[("b", b) for b in range(len(base))] +
              [(t, j) for j in range(k) if j != i for t in ("true", "false")] for i in range(k)]
    width = len(claims[0])
    pick = np.indices((width,) * k).reshape(k, -1)
    n = pick.shape[1]
    target = np.array([[c[1] if c[0] != "b" else 0 for c in cl] for cl in claims])
    denies = np.array([[c[0] == "false" for c in cl] for cl in claims])
    said = np.stack([np.array([meaning[c[1]] if c[0] == "b" else 0 for c in claims[i]],
                              dtype=np.int64)[pick[i]] for i in range(k)])
    known = np.stack([np.array([c[0] == "b" for c in claims[i]])[pick[i]] for i in range(k)])
    cols = np.arange(n)
    for _round in range(k):  # a sign about a sign says what that sign says (or its denial)
        for i in range(k):
            t = target[i][pick[i]]
            ready = ~known[i] & known[t, cols]
            m = said[t, cols]
            m = np.where(denies[i][pick[i]], ~m & full, m)
            said[i] = np.where(ready, m, said[i])
            known[i] |= ready
    ring = ~known.all(axis=0)
    lady = [ev.atom(e, "content", "lady") for e in ents]
    tiger = [ev.atom(e, "content", "tiger") for e in ents]
    promise = ev.mask(shell0.constraints[0])

    def one_answer(w: Any) -> Any:
        return sum(((w & lady[i]) != 0).astype(np.int8) for i in range(k)) == 1

    levels: Counter[str] = Counter()
    found: list[Any] = []
    start = time.perf_counter()
    for rev in range(k + 1):
        shell = shell0.replace(mode_overrides={e: islands.REVERSED for e in ents[:rev]})
        obey = []
        for i in range(k):
            t = said[i]
            if i < rev:
                obey.append(((~lady[i] | ~t) & (~tiger[i] | t)) & full)
            else:
                obey.append(((~lady[i] | t) & (~tiger[i] | ~t)) & full)
        w = promise & obey[0] & obey[1] & obey[2] & obey[3]
        keep = one_answer(w) & ~ring
        for i in range(k):
            rest = np.full(n, promise, dtype=np.int64)
            for j in range(k):
                if j != i:
                    rest &= obey[j]
            keep &= ~one_answer(rest)
        ids = [f"s{i + 1}" for i in range(k)]
        for g in np.nonzero(keep)[0]:
            says = [base[c[1]] if c[0] == "b" else [c[0], ids[c[1]]]
                    for c in (claims[i][pick[i][g]] for i in range(k))]
            solver = Solver(shell, ev, [(ents[i], int(said[i][g])) for i in range(k)], memo,
                            ids, islands._spoken_of(says))
            graded = grade_solver(solver)
            level = graded.level if graded.solved else "unsolved"
            levels[level] += 1
            if level not in ("gentle", "steady"):
                found.append((rev, says))
        for g in np.nonzero(ring)[0]:
            says = [base[c[1]] if c[0] == "b" else [c[0], ids[c[1]]]
                    for c in (claims[i][pick[i][g]] for i in range(k))]
            puzzle = shell.replace(statements=tuple(islands._statements(ents, says)))
            solver = Solver(puzzle)
            w = full
            for m in solver.masks:
                w &= m
            if not w or len(solver.ev.answers(w, 2)) != 1 or \
                    islands._Screen._needless(solver, k):
                continue
            graded = grade_solver(solver)
            level = graded.level if graded.solved else "unsolved"
            levels["ring " + level] += 1
            if level not in ("gentle", "steady"):
                found.append((rev, says))
        print(f"{rev} reversed: {dict(sorted(levels.items()))} "
              f"({time.perf_counter() - start:.0f} s)", flush=True)
    print(f"lady-tiger, 4 rooms, the hard draw: {dict(sorted(levels.items()))}; "
          f"past steady: {found[:10]}")


def two_packs() -> None:
    """Every two-islander tricky werewolves puzzle the generator draws (meaning first: one
    wording a meaning within --depth, each of the three promises), through the quick look and
    the full check as `generate` runs them: how many, how many with both islanders alike
    (islands.TWO_WOLVES_TRICKY), and how many openings (motifs). A second or so a depth."""
    from portia_tui.core.packs.islands import (_assemble, _keep, _Screen, _wordings,
                                               canonical_key, motif)

    fam = islands.FAMILIES["werewolves"]
    ents = fam.entities(2)
    for depth in (1, 2, 3):
        settings = islands.IslandSettings(family="werewolves", size=2, difficulty="tricky",
                                          grammar="rich", count=10, depth=depth)
        screen = _Screen("tricky", True, False, False)
        found: dict[str, tuple[bool, str]] = {}
        for k in range(3):
            shell = fam.shell(ents, [], _Pick(k))  # type: ignore[arg-type]
            words = list(_wordings(fam, ents, Evaluation(shell), shell, depth, 2, {}).values())
            for a in words:
                for b in words:
                    if not screen.passes(shell, ents, [a, b], fam.signs):
                        continue
                    puzzle, _tuples = _assemble(fam, ents, [a, b], shell)
                    kept = _keep(settings, puzzle)
                    if kept is None or isinstance(kept, str):
                        continue
                    result, graded = kept
                    sol = result.solutions[0]["entities"]
                    alike = sol[ents[0]]["type"] == sol[ents[1]]["type"]
                    found[canonical_key(puzzle)] = (alike, motif(puzzle, graded))
        print(f"werewolves tricky, 2 people, --depth {depth}: {len(found)} puzzles, "
              f"{sum(a for a, _m in found.values())} alike, "
              f"{len({m for _a, m in found.values()})} openings", flush=True)


if __name__ == "__main__":
    {"werewolves": werewolves, "lady-tiger": lady_tiger,
     "lady-tiger-4": lady_tiger_4, "two-packs": two_packs,
     "knights-knaves": knights_knaves}[sys.argv[1]]()
