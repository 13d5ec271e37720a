"""A brute force for Portia's caskets, written from the statements' sentences alone.

It shares no meaning code with the engines or the generator: it reads each statement's fields
(kind, target, caskets, op, k, value) and says what the sentence means itself, then tries
every world (a placement of the portrait and a truth value for every statement), keeping those
in which every statement's value is what it says. m and the rules are left aside (the quality
filters compare statements over these worlds). Exponential: up to about 14 statements.
"""

from __future__ import annotations

from itertools import product


def _compare(op: str, got: int, k: int) -> bool:
    if op == "exactly":
        return got == k
    if op == "at least":
        return got >= k
    assert op == "at most", op
    return got <= k


def _says(names: list[str], spans: list[range], index: int, owner: int, st, place: int,
          v: tuple[bool, ...]) -> bool:
    """Whether statement `index` (on casket `owner`) is right in the world (place, v);
    `spans[c]`: the indices of casket c's statements."""

    def trues(c: int) -> int:
        return sum(v[i] for i in spans[c])

    kind = st.kind
    if kind == "in":
        return place == names.index(st.target)
    if kind == "not_in":
        return place != names.index(st.target)
    if kind == "in_one_of":
        return place in {names.index(n) for n in st.caskets}
    if kind in ("true", "false"):
        want = kind == "true"
        return all(v[i] == want for i in spans[names.index(st.target)])
    if kind in ("other_true", "other_false"):
        want = kind == "other_true"
        return all(v[i] == want for i in spans[owner] if i != index)
    if kind == "count":
        c = names.index(st.target)
        return _compare(st.op, sum(v[i] == st.value for i in spans[c]), st.k)
    if kind == "count_all":
        return _compare(st.op, sum(x == st.value for x in v), st.k)
    if kind == "made_by":  # Bellini's caskets bear only true statements, Cellini's only false
        return all(v[i] == st.value for i in spans[names.index(st.target)])
    if kind == "makers":
        made = sum(1 for c in range(len(names))
                   if trues(c) == (len(spans[c]) if st.value else 0))
        return _compare(st.op, made, st.k)
    raise AssertionError(f"unknown kind {kind!r}")


def worlds(puzzle) -> list[tuple[int, tuple[bool, ...]]]:
    """Every consistent world (placement, truth values), m and the rules aside."""
    flat = [(c, st) for c, cas in enumerate(puzzle.caskets) for st in cas.statements]
    names = [c.name for c in puzzle.caskets]
    spans = []
    at = 0
    for cas in puzzle.caskets:
        spans.append(range(at, at + len(cas.statements)))
        at += len(cas.statements)
    out = []
    for place in range(len(puzzle.caskets)):
        for v in product((False, True), repeat=len(flat)):
            if all(v[i] == _says(names, spans, i, c, st, place, v) for i, (c, st) in enumerate(flat)):
                out.append((place, v))
    return out


def echoes(puzzle) -> list[tuple[int, int]]:
    """Statement pairs (i < j) on different caskets true in exactly the same consistent worlds
    (none when no world is consistent)."""
    owners = [c for c, cas in enumerate(puzzle.caskets) for _ in cas.statements]
    found = worlds(puzzle)
    if not found:
        return []
    size = len(owners)
    return [(i, j) for i in range(size) for j in range(i + 1, size)
            if owners[i] != owners[j] and all(v[i] == v[j] for _p, v in found)]
