"""Puzzles of growing size for the world engines' benchmarks (and their tests): islanders in
a chain of statements, and islanders with werewolves."""

from __future__ import annotations

from portia_tui.core.language.world import WorldPuzzle, WorldStatement

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
    says = []
    for i, me in enumerate(names):
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
