"""World engines benchmark: the general engine (bit masks) and the SAT encoding on every
family, with the issue's targets; the clue search on the labyrinth; and Portia's casket
puzzles through the world model against the casket engine, side by side in one run.

Each case is timed best-of-N, repeated, and the median printed; masks and SAT are timed in
turn on the same puzzle so both see the same machine load.
"""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path

from portia_tui.core.author.clue import clues
from portia_tui.core.io.formats import structured
from portia_tui.core.language.world import WorldPuzzle, WorldStatement, from_casket
from portia_tui.core.solve import engine as casket_engine
from portia_tui.core.solve.general import solve, world_count

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "tests" / "data"

KNIGHTS = {"knight": "true", "knave": "false"}


def islanders(n: int, normals: bool = False) -> WorldPuzzle:
    """n knights and knaves (and normals): islander i speaks of islander i+1, alternately
    "is a knight" and "is not a knight"; the last says how many of them are knights, so one
    world is left."""
    names = tuple(f"P{i + 1}" for i in range(n))
    types = ("knight", "knave", "normal") if normals else ("knight", "knave")
    statements = [WorldStatement(f"s{i + 1}", names[i],
                                 ("is" if i % 2 == 0 else "isnot", names[i + 1], "type", "knight"))
                  for i in range(n - 1)]
    statements.append(WorldStatement(f"s{n}", names[-1],
                                     ("count", "all", {"type": "knight"}, "==", (n + 1) // 2)))
    return WorldPuzzle(names, {"type": types}, tuple(statements), speaker_attr="type",
                       modes=KNIGHTS, title=f"{n} islanders").validate()


def werewolves(n: int) -> WorldPuzzle:
    """n knights and knaves, exactly one of them a werewolf: each says something of the
    werewolf or of a neighbour, in a pattern that leaves a few worlds."""
    names = tuple(f"P{i + 1}" for i in range(n))
    says: list[tuple] = []
    for i in range(n):
        nxt = names[(i + 1) % n]
        kind = i % 4
        if kind == 0:
            says.append(("is", "self", "wolf", "werewolf"))
        elif kind == 1:
            says.append(("forall", "?x", "all", ("implies", ("is", "?x", "wolf", "werewolf"),
                                                   ("is", "?x", "type", "knight"))))
        elif kind == 2:
            says.append(("count", "all", {"type": "knight"}, "<=", n // 2))
        else:
            says.append(("or", ("is", nxt, "type", "knave"), ("is", "self", "wolf", "human")))
    statements = tuple(WorldStatement(f"s{i + 1}", me, f) for i, (me, f) in
                       enumerate(zip(names, says)))
    return WorldPuzzle(names, {"type": ("knight", "knave"), "wolf": ("werewolf", "human")},
                       statements, (("count", "all", {"wolf": "werewolf"}, "==", 1),),
                       speaker_attr="type", modes=KNIGHTS, title=f"{n} with werewolves"
                       ).validate()


def _ms(fn, repeat: int = 5, rounds: int = 3) -> float:
    """Median over `rounds` of the best of `repeat` runs, in ms."""
    bests = []
    for _ in range(rounds):
        best = float("inf")
        for _ in range(repeat):
            t = time.perf_counter()
            fn()
            best = min(best, time.perf_counter() - t)
        bests.append(best)
    return statistics.median(bests) * 1000


def _load(name: str) -> WorldPuzzle:
    return structured.loads((DATA / name).read_text(), name)


def cases() -> list[tuple[str, WorldPuzzle, float]]:
    """(name, puzzle, target ms)."""
    labyrinth = _load("labyrinth.json")
    return [
        ("second trial", _load("trial2.json"), 5.0),
        ("8 knights/knaves", islanders(8), 5.0),
        ("nine-door labyrinth", labyrinth, 50.0),
        ("labyrinth + clue", labyrinth.with_constraint(("isnot", "8", "content", "empty")),
         50.0),
        ("8 with werewolves", werewolves(8), 50.0),
        ("8 knights/knaves/normals", islanders(8, normals=True), 50.0),
        ("16 knights/knaves", islanders(16), 500.0),
        ("16 with werewolves", werewolves(16), 500.0),
        ("30 knights/knaves", islanders(30), 5000.0),
        ("30 with werewolves", werewolves(30), 5000.0),
    ]


def solve_table() -> None:
    print(f"{'puzzle':28} {'worlds':>12} {'engine':>6} {'answers':>7} {'solve ms':>9} "
          f"{'target':>10} {'masks ms':>9} {'sat ms':>9} {'masks/sat':>9}")
    for name, puzzle, target in cases():
        count = world_count(puzzle)
        result = solve(puzzle)
        auto = _ms(lambda p=puzzle: solve(p), repeat=3 if count > 1 << 16 else 5)
        sat = _ms(lambda p=puzzle: solve(p, engine="sat"), repeat=3)
        masks = _ms(lambda p=puzzle: solve(p, engine="masks"), repeat=3) if count <= 1 << 20 \
            else None
        ok = "ok" if auto < target else "SLOW"
        shown = f"{masks:9.2f}" if masks is not None else f"{'-':>9}"
        ratio = f"{masks / sat:9.2f}" if masks is not None else f"{'-':>9}"
        print(f"{name:28} {count:12d} {result.engine:>6} {len(result.answers):7d} "
              f"{auto:9.2f} {f'<{target:g} ' + ok:>10} {shown} "
              f"{sat:9.2f} {ratio}")


def clue_table() -> None:
    labyrinth = _load("labyrinth.json")
    ms = _ms(lambda: clues(labyrinth, question=("is", "8", "content", "empty")), repeat=3)
    print(f"clue search, labyrinth (menu of {len(labyrinth.entities) * 6} facts and the "
          f"question 'is room 8 empty?'): {ms:.1f} ms")


def casket_table() -> None:
    from hypothesis import HealthCheck, given, settings

    from tests.strategies import full_puzzles

    found: list = []

    @settings(max_examples=60, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(full_puzzles())
    def collect(p):
        found.append(p)

    collect()
    rng = random.Random(3)
    rng.shuffle(found)
    case_ms, world_ms = [], []
    for p in found:
        case_ms.append(_ms(lambda p=p: casket_engine.analyse(p), repeat=3, rounds=1))
        world_ms.append(_ms(lambda p=p: solve(from_casket(p)), repeat=3, rounds=1))
    c, w = statistics.median(case_ms), statistics.median(world_ms)
    print(f"casket puzzles ({len(found)}, every rule): casket engine {c:.3f} ms, general "
          f"engine through from_casket {w:.3f} ms (medians; general/casket {w / c:.1f}x)")


if __name__ == "__main__":
    print("(the machine is shared with other engineers: figures are under load)")
    solve_table()
    clue_table()
    casket_table()
