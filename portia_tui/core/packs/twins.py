"""Twins: two puzzles that are the same up to renaming the caskets and reordering the
statements on each casket (and have the same m).

:func:`twin_key` is a canonical form: equal keys exactly when two puzzles are twins. It drops
the casket names, relabels the caskets 0..K-1 and sorts each casket's statements. With up to
:data:`BRUTE_CASKETS` caskets it orders the caskets by what they say and what is said of them,
and where that ties takes the smallest key over the orders left; beyond, it refines casket
colours (what a casket says and what is said of it, round after round)
and branches only where colours tie, skipping a branch when swapping the two caskets maps the
puzzle onto itself (then both branches give the same key).
"""

from __future__ import annotations

from itertools import permutations

from portia_tui.core.language.model import Puzzle
from portia_tui.core.language.vocabulary import KINDS

#: up to this many caskets, every relabelling is tried (4! = 24)
BRUTE_CASKETS = 4
_KIND_RANK = {k: i for i, k in enumerate(KINDS)}
_Coded = list[list[tuple[int, int]]]
#: the weight of each kind in a cell, by base (statements on a casket, plus one)
_WEIGHTS: dict[int, list[int]] = {}


def _coded(puzzle: Puzzle) -> _Coded:
    """Per casket, its statements as (kind rank, target index or -1)."""
    index = {name: i for i, name in enumerate(puzzle.names)}
    return [[(_KIND_RANK.get(st.kind, -1), index.get(st.target, -1) if st.target else -1)
             for st in c.statements] for c in puzzle.caskets]


def _matrix(coded: _Coded) -> tuple[list[list[int]], list[int]]:
    """The statements as a table: cell [c][t] the kinds of casket c's statements about casket
    t, and per casket the kinds of those that name no casket ("other"); each multiset of kinds
    as one number (how many of kind r, times base**r: equal numbers, equal multisets)."""
    k = len(coded)
    base = 1 + max(map(len, coded), default=0)
    weight = _WEIGHTS.get(base)
    if weight is None:
        weight = _WEIGHTS[base] = [base ** r for r in range(len(KINDS) + 1)]
    cells = []
    free = []
    for sts in coded:
        row = [0] * k
        f = 0
        for kind, t in sts:
            if t < 0:
                f += weight[kind]
            else:
                row[t] += weight[kind]
        cells.append(row)
        free.append(f)
    return cells, free


def _relabelled(table, new: list[int] | tuple[int, ...]) -> tuple:
    """The table with casket c renamed new[c], rows and columns in the new order (one flat
    tuple: per casket its "other" kinds, then its row)."""
    return _in_order(table, sorted(range(len(new)), key=new.__getitem__))


def _in_order(table, old: list[int]) -> tuple:
    """The table relabelled so that casket old[i] becomes casket i (one flat tuple)."""
    cells, free = table
    out = []
    for c in old:
        row = cells[c]
        out.append(free[c])
        out.extend([row[t] for t in old])
    return tuple(out)


def _signature(table, c: int) -> tuple:
    """What casket c says (of itself, of the others in some order) and what is said of it."""
    cells, free = table
    row = cells[c]
    said = row[:c] + row[c + 1:]
    said.sort()
    heard = [r[c] for r in cells]
    del heard[c]
    heard.sort()
    return (free[c], row[c], *said, *heard)


def coded_key(coded: _Coded, m: int | None, brute: bool = False) -> tuple:
    """The twin key of a puzzle given as, per casket, (kind rank, target index or -1) pairs
    (kind ranks in the order of :data:`portia_tui.core.language.vocabulary.KINDS`); `brute`: try every
    relabelling whatever the number of caskets."""
    table = _matrix(coded)
    k = len(coded)
    if brute:
        return (m, min(_relabelled(table, perm) for perm in permutations(range(k))))
    if k > BRUTE_CASKETS:
        return (m, _search(coded, table, _refine(coded, [0] * k)))
    # caskets ordered by what they say and what is said of them; ties: every order tried
    if k == 3:
        key = _three(table)
        if key is not None:
            return (m, key)
    signatures = [_signature(table, c) for c in range(k)]
    old = sorted(range(k), key=signatures.__getitem__)
    for a, b in zip(old, old[1:]):
        if signatures[a] == signatures[b]:
            break
    else:  # the colours' order: no tie
        return (m, _in_order(table, old))
    colours = _rank(signatures)
    return (m, min(_relabelled(table, perm) for perm in permutations(range(k))
                   if all(colours[a] < colours[b] for a in range(k) for b in range(k)
                          if perm[a] < perm[b] and colours[a] != colours[b])))


def _three(table) -> tuple | None:
    """The key of three caskets whose signatures (:func:`_signature`) all differ, or None:
    the general path for the generator's most common shape, unrolled (the same key)."""
    (row0, row1, row2), (f0, f1, f2) = table
    a, b, c = row0
    d, e, f = row1
    g, h, i = row2
    sigs = ((f0, a) + ((b, c) if b <= c else (c, b)) + ((d, g) if d <= g else (g, d)),
            (f1, e) + ((d, f) if d <= f else (f, d)) + ((b, h) if b <= h else (h, b)),
            (f2, i) + ((g, h) if g <= h else (h, g)) + ((c, f) if c <= f else (f, c)))
    s0, s1, s2 = sigs
    if s0 == s1 or s0 == s2 or s1 == s2:
        return None
    x, y, z = sorted((0, 1, 2), key=sigs.__getitem__)
    rx, ry, rz = table[0][x], table[0][y], table[0][z]
    free = table[1]
    return (free[x], rx[x], rx[y], rx[z], free[y], ry[x], ry[y], ry[z],
            free[z], rz[x], rz[y], rz[z])


def brute_key(puzzle: Puzzle) -> tuple:
    """The twin key by trying every relabelling (K! of them: small K only)."""
    return coded_key(_coded(puzzle), puzzle.m, brute=True)


def twin_key(puzzle: Puzzle) -> tuple:
    """Equal for two puzzles exactly when they are twins (see the module notes)."""
    if not puzzle.thesis_only:  # the whole language: its statements carry more than a target
        return whole_key(puzzle)
    return coded_key(_coded(puzzle), puzzle.m)


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


def _search(coded: _Coded, table, colours: list[int]) -> tuple:
    """The smallest key over the leaves of individualisation and refinement."""
    k = len(coded)
    if len(set(colours)) == k:
        return _relabelled(table, colours)
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
        key = _search(coded, table, split)
        if best is None or key < best:
            best = key
    assert best is not None
    return best


#: up to this many caskets, :func:`whole_key` tries every renaming of the caskets
WHOLE_CASKETS = 6


def _renamed(st, new: dict[str, str]):
    if st.caskets:
        return st._replace(caskets=tuple(sorted(new[n] for n in st.caskets)))
    if st.target is not None:
        return st._replace(target=new[st.target])
    return st


def whole_key(puzzle: Puzzle) -> tuple:
    """The twin key of a puzzle of the whole language (count and maker statements, rules
    beyond m): equal for two puzzles with the same rules that are the same up to renaming the
    caskets (every renaming tried, up to :data:`WHOLE_CASKETS` caskets; beyond, the caskets
    as named) and the order of statements on each casket."""
    names = puzzle.names
    k = len(names)
    orders = permutations(range(k)) if k <= WHOLE_CASKETS else [tuple(range(k))]
    best = None
    for order in orders:  # casket names[order[i]] takes the i-th name
        new = {names[old]: names[i] for i, old in enumerate(order)}
        key = tuple(tuple(sorted(_renamed(st, new) for st in puzzle.caskets[old].statements))
                    for old in order)
        if best is None or key < best:
            best = key
    return ("whole", best, tuple(sorted(puzzle.rules)))
