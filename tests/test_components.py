"""Tarjan's search (`semantics.strong_components`), the one home of the engines' and the
deduction's component order, against reachability computed the slow way."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from portia_tui.core.solve.semantics import strong_components

graphs = st.integers(1, 9).flatmap(
    lambda n: st.lists(st.lists(st.integers(0, n - 1), max_size=4), min_size=n, max_size=n))


def reachable(children, start):
    seen, todo = {start}, [start]
    while todo:
        for nxt in children[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


@settings(max_examples=150, deadline=None)
@given(graphs)
def test_components_are_the_mutually_reachable_sets_in_dependency_order(children):
    comps = strong_components(children)
    assert sorted(x for c in comps for x in c) == list(range(len(children)))
    reach = [reachable(children, i) for i in range(len(children))]
    where = {x: i for i, c in enumerate(comps) for x in c}
    for c in comps:
        assert list(c) == sorted(c)
        for x in c:
            assert {y for y in reach[x] if x in reach[y]} == set(c)
    for x, kids in enumerate(children):
        for y in kids:  # whatever a node points into comes no later than the node
            assert where[y] <= where[x]


def test_roots_limit_the_search_to_what_they_reach():
    children = [[1], [0], [3], [], [4]]
    assert strong_components(children, [2]) == [(3,), (2,)]
    assert strong_components(children, [4, 0]) == [(4,), (0, 1)]
    assert strong_components(children) == [(0, 1), (3,), (2,), (4,)]


def test_an_analysis_reads_back_in_its_repr():
    from portia_tui.core.solve import engine
    from portia_tui.core.language.model import default_puzzle

    p = default_puzzle()
    text = repr(engine.analyse(p))
    assert engine.analyse(p) == engine.analyse(p)  # equal: same puzzle, counts and loops
    assert engine.analyse(p) != engine.analyse(p.with_row_added()) and engine.analyse(p) != 1
    assert text.startswith("Analysis(engine=") and "true_counts=(" in text and "loops=" in text


def test_unique_m_reaches_every_statement_true():
    """unique_m looks at every m from 0 to the number of statements, both ends included."""
    from portia_tui.core import analyse
    from portia_tui.core.language.model import Puzzle
    from portia_tui.core.language.vocabulary import Statement

    p = Puzzle.build({"gold": [Statement("in", "gold")], "silver": [Statement("not_in", "silver")]},
                     m=2)
    assert analyse(p).unique_m == (0, 2)  # gold: both true; silver: both false
