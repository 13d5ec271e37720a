"""Twins: two puzzles that are the same up to renaming the caskets and reordering the
statements on each casket (and have the same m).

:func:`twin_key` is a canonical form: equal keys exactly when two puzzles are twins. It drops
the casket names, relabels the caskets 0..K-1 by the order that gives the smallest key, and
sorts each casket's statements. With up to :data:`BRUTE_CASKETS` caskets it tries every order;
beyond, it refines casket colours (what a casket says and what is said of it, round after round)
and branches only where colours tie, skipping a branch when swapping the two caskets maps the
puzzle onto itself (then both branches give the same key).
"""

from __future__ import annotations

from itertools import permutations

from .model import Puzzle
from .vocabulary import KINDS

#: up to this many caskets, every relabelling is tried (4! = 24)
BRUTE_CASKETS = 4
_KIND_RANK = {k: i for i, k in enumerate(KINDS)}
_Coded = list[list[tuple[int, int]]]


def _coded(puzzle: Puzzle) -> _Coded:
    """Per casket, its statements as (kind rank, target index or -1)."""
    index = {name: i for i, name in enumerate(puzzle.names)}
    return [[(_KIND_RANK.get(st.kind, -1), index.get(st.target, -1) if st.target else -1)
             for st in c.statements] for c in puzzle.caskets]


def _relabelled(coded: _Coded, new: list[int] | tuple[int, ...]) -> tuple:
    """The caskets in their new order (casket c becomes new[c]), statements sorted."""
    k = len(coded)
    out: list = [None] * k
    for c, sts in enumerate(coded):
        out[new[c]] = tuple(sorted((kind, new[t] if t >= 0 else -1) for kind, t in sts))
    return tuple(out)


def brute_key(puzzle: Puzzle) -> tuple:
    """The twin key by trying every relabelling (K! of them: small K only)."""
    coded = _coded(puzzle)
    best = min(_relabelled(coded, perm) for perm in permutations(range(len(coded))))
    return (puzzle.m, best)


def twin_key(puzzle: Puzzle) -> tuple:
    """Equal for two puzzles exactly when they are twins (see the module notes)."""
    if len(puzzle.caskets) <= BRUTE_CASKETS:
        return brute_key(puzzle)
    coded = _coded(puzzle)
    return (puzzle.m, _search(coded, _refine(coded, [0] * len(coded))))


def _rank(signatures: list) -> list[int]:
    """Colours 0, 1, ... in the order of the signatures (equal signatures, equal colours)."""
    order = {sig: i for i, sig in enumerate(sorted(set(signatures)))}
    return [order[sig] for sig in signatures]


def _refine(coded: _Coded, colours: list[int]) -> list[int]:
    """Colour refinement: a casket's colour, what it says and what is said of it, until no
    colour class splits."""
    k = len(coded)
    while True:
        said_of: list[list] = [[] for _ in range(k)]
        for c, sts in enumerate(coded):
            for kind, t in sts:
                if t >= 0 and t != c:
                    said_of[t].append((kind, colours[c]))
        sigs = [(colours[c],
                 tuple(sorted((kind, -1 if t < 0 else -2 if t == c else colours[t])
                              for kind, t in sts)),
                 tuple(sorted(said_of[c])))
                for c, sts in enumerate(coded)]
        new = _rank(sigs)
        if len(set(new)) == len(set(colours)):
            return new
        colours = new


def _swaps_onto_itself(coded: _Coded, a: int, b: int) -> bool:
    """Whether exchanging caskets a and b maps the puzzle onto itself."""
    def swap(x: int) -> int:
        return b if x == a else a if x == b else x

    for c, sts in enumerate(coded):
        mapped = sorted((kind, swap(t) if t >= 0 else -1) for kind, t in sts)
        if mapped != sorted(coded[swap(c)]):
            return False
    return True


def _search(coded: _Coded, colours: list[int]) -> tuple:
    """The smallest key over the leaves of individualisation and refinement."""
    k = len(coded)
    if len(set(colours)) == k:
        return _relabelled(coded, colours)
    counts: dict[int, int] = {}
    for col in colours:
        counts[col] = counts.get(col, 0) + 1
    cell = min(col for col, n in counts.items() if n > 1)
    members = [c for c in range(k) if colours[c] == cell]
    best = None
    tried: list[int] = []
    for v in members:
        if any(_swaps_onto_itself(coded, u, v) for u in tried):
            continue
        tried.append(v)
        split = _refine(coded, _rank([(col, c != v) for c, col in enumerate(colours)]))
        key = _search(coded, split)
        if best is None or key < best:
            best = key
    assert best is not None
    return best
