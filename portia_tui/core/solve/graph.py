"""Strongly connected components of a statement graph: the casket engine's loops and the
general engine's independent parts both use it. Plain Python, no puzzle model (a truth puzzle's
solve imports it without the casket model)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def strong_components(children: Sequence[Sequence[int]],
                      roots: Iterable[int] | None = None) -> list[tuple[int, ...]]:
    """Strongly connected components of the graph where node i points at each of
    `children[i]`, searched from `roots` (every node in number order by default), each sorted,
    in dependency order: a component comes after the components it points into (Tarjan's
    algorithm, iterative, so no recursion limit)."""
    size = len(children)
    index = [-1] * size
    low = [0] * size
    on_stack = [False] * size
    stack: list[int] = []
    out: list[tuple[int, ...]] = []
    counter = 0
    for root in range(size) if roots is None else roots:
        if index[root] != -1:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        work = [(root, iter(children[root]))]
        while work:
            node, kids = work[-1]
            for nxt in kids:
                if index[nxt] == -1:  # a new node: go down, come back to `kids` later
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack[nxt] = True
                    work.append((nxt, iter(children[nxt])))
                    break
                if on_stack[nxt] and index[nxt] < low[node]:
                    low[node] = index[nxt]
            else:  # every child seen: node is done
                work.pop()
                if work:
                    parent = work[-1][0]
                    if low[node] < low[parent]:
                        low[parent] = low[node]
                if low[node] == index[node]:
                    if stack[-1] == node:
                        stack.pop()
                        on_stack[node] = False
                        out.append((node,))
                        continue
                    comp = []
                    while True:
                        w = stack.pop()
                        on_stack[w] = False
                        comp.append(w)
                        if w == node:
                            break
                    out.append(tuple(sorted(comp)))
    return out
