"""Hypothesis strategies: random puzzles of any shape, loops and empty slots included."""

from __future__ import annotations

from hypothesis import strategies as st

from portia_tui.core.language.model import Casket, Puzzle, casket_names
from portia_tui.core.language.vocabulary import EMPTY, Layout, options

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


@st.composite
def full_puzzles(draw, max_statements: int = 9, max_caskets: int = 4):
    """A valid random puzzle from the whole language: any statement kind, and one to three
    rules of any kind (the m rule among them or not); maker statements only under the
    Bellini/Cellini rule."""
    from portia_tui.core.language.rules import rule_options
    from portia_tui.core.language.vocabulary import VOCABULARIES

    k = draw(st.integers(2, max_caskets))
    counts = [draw(st.integers(1, 3)) for _ in range(k)]
    while sum(counts) > max_statements:
        i = counts.index(max(counts))
        counts[i] -= 1
    names = NAMES[:k]
    layout = Layout(names, tuple(counts))
    rule_menu = rule_options(layout)
    rules = draw(st.lists(st.sampled_from(rule_menu), min_size=1, max_size=2, unique=True))
    if len(rules) == 2 and all(r.kind == "total" and r.op == "exactly" for r in rules):
        rules.pop()  # one exact total at most (core/language/rules.py total_clash)
    if draw(st.integers(0, 3)) == 0:
        rules.append(rule_options(layout, ["makers"])[0])
    kinds = {r.kind for r in rules}
    caskets_ = []
    for ci, name in enumerate(names):
        # a kind first, then one of its statements: every kind is drawn as often
        menus = [m for m in (options(layout, ci, [key], kinds) for key in VOCABULARIES["full"])
                 if m]
        sts = tuple(draw(st.sampled_from(draw(st.sampled_from(menus))))
                    for _ in range(counts[ci]))
        caskets_.append(Casket(name, sts))
    return Puzzle(tuple(caskets_), rules=rules).validate()
