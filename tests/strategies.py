"""Hypothesis strategies: random puzzles of any shape, loops included."""

from __future__ import annotations

from hypothesis import strategies as st

from portia_tui.core.model import Casket, Puzzle
from portia_tui.core.vocabulary import Layout, options

NAMES = ("gold", "silver", "lead", "copper", "iron")


@st.composite
def puzzles(draw, max_statements: int = 10, equal: bool | None = None, caskets=None):
    """A valid random puzzle with at most max_statements statements."""
    k = draw(st.integers(2, 4)) if caskets is None else caskets
    same = draw(st.booleans()) if equal is None else equal
    if same:
        n = draw(st.integers(1, max(1, max_statements // k)))
        counts = [n] * k
    else:
        counts = [draw(st.integers(1, 3)) for _ in range(k)]
        while sum(counts) > max_statements:
            i = counts.index(max(counts))
            counts[i] -= 1
            if counts[i] == 0:
                counts[i] = 1
                break
    names = NAMES[:k]
    layout = Layout(names, tuple(counts))
    caskets_ = []
    for ci, name in enumerate(names):
        menu = options(layout, ci)
        sts = tuple(draw(st.sampled_from(menu)) for _ in range(counts[ci]))
        caskets_.append(Casket(name, sts))
    size = sum(counts)
    m = draw(st.integers(0, size))
    return Puzzle(tuple(caskets_), m).validate()
