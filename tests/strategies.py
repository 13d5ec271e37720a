"""Hypothesis strategies: random puzzles of any shape, loops and empty slots included."""

from __future__ import annotations

from hypothesis import strategies as st

from portia_tui.core.model import Casket, Puzzle, casket_names
from portia_tui.core.vocabulary import EMPTY, Layout, options

NAMES = ("gold", "silver", "lead", "copper", "iron")


@st.composite
def puzzles(draw, max_statements: int = 10, equal: bool | None = None, caskets=None,
            empty: bool = False, max_caskets: int = 4, max_per_casket: int = 3):
    """A valid random puzzle with at most max_statements statements; 2..max_caskets caskets
    (or exactly `caskets`); with empty=True, some slots may be empty (a partial puzzle)."""
    k = draw(st.integers(2 if max_caskets > 1 else 1, max_caskets)) if caskets is None else caskets
    same = draw(st.booleans()) if equal is None else equal
    if same:
        n = draw(st.integers(1, max(1, max_statements // k)))
        counts = [n] * k
    else:
        counts = [draw(st.integers(1, max_per_casket)) for _ in range(k)]
        while sum(counts) > max_statements:
            i = counts.index(max(counts))
            counts[i] -= 1
            if counts[i] == 0:
                counts[i] = 1
                break
    names = NAMES[:k] if k <= len(NAMES) else casket_names(k)
    layout = Layout(names, tuple(counts))
    # a bias towards statements about statements makes loops of every kind common
    loopy = draw(st.sampled_from((0.0, 0.5, 0.85)))
    caskets_ = []
    for ci, name in enumerate(names):
        menu = options(layout, ci)
        about = [s for s in menu if s.kind not in ("in", "not_in")]
        sts = []
        for _ in range(counts[ci]):
            if empty and draw(st.integers(0, 4)) == 0:
                sts.append(EMPTY)
            elif about and draw(st.floats(0, 1)) < loopy:
                sts.append(draw(st.sampled_from(about)))
            else:
                sts.append(draw(st.sampled_from(menu)))
        caskets_.append(Casket(name, tuple(sts)))
    size = sum(counts)
    m = draw(st.integers(0, size))
    return Puzzle(tuple(caskets_), m).validate()
