"""The filler filter's pre-check (quality.lid_counts, sure_fillers) against the brute force:
it reads a casket's own statements alone, before any engine, and must never call a lid a
filler that the full test (every consistent world of the whole puzzle) does not."""

from __future__ import annotations

from hypothesis import HealthCheck, given
from hypothesis import settings as hyp_settings

from portia_tui.core.language.model import Casket, Puzzle
from portia_tui.core.language.vocabulary import Statement
from portia_tui.core.packs.generator.quality import Worlds, lid_counts, sure_fillers
from portia_tui.core.solve.engine import WholeEngine

from . import casket_brute
from .conftest import examples
from .strategies import full_puzzles


def _bare(*caskets) -> Puzzle:
    names = ("gold", "silver", "lead")
    return Puzzle(tuple(Casket(n, tuple(Statement(*s) for s in sts))
                        for n, sts in zip(names, caskets)))


def test_the_common_filler_lids_are_seen_from_the_lid_alone():
    # "the other statement is false" twice: one true whatever the rest says
    p = _bare([("other_false",), ("other_false",)], [("in", "gold"), ("true", "lead")],
              [("in", "lead"), ("true", "silver")])
    assert lid_counts(p, 0) == {1} and sure_fillers(p) == ([0], False)
    # "in gold / in silver / in lead": one true under every placement
    q = _bare([("in", "gold"), ("in", "silver"), ("in", "lead")],
              [("not_in", "gold"), ("other_true",), ("in", "lead")],
              [("in", "lead"), ("not_in", "silver"), ("other_false",)])
    assert lid_counts(q, 0) == {1} and 0 in sure_fillers(q)[0]
    # two counts found: nothing known (the search stops there)
    assert len(lid_counts(q, 1)) == 2
    # a lid that cannot be consistent at all ("this statement is false" alone is no
    # statement of the language; "the other is true" beside "the other is false" is)
    r = _bare([("other_true",), ("other_false",)], [("in", "gold"), ("true", "lead")],
              [("in", "lead"), ("true", "silver")])
    assert lid_counts(r, 0) == frozenset() and sure_fillers(r) == ([], True)
    assert Worlds.from_engine(WholeEngine(r, rules=False), r).filler_lids() == []


@hyp_settings(max_examples=examples(40, 400), deadline=None,
              suppress_health_check=list(HealthCheck))
@given(full_puzzles(max_statements=8, max_caskets=3))
def test_a_sure_filler_is_a_filler_in_every_consistent_world(p):
    bare = p.replace(m=None, rules=())
    found = casket_brute.worlds(bare)
    sure, no_world = sure_fillers(bare)
    if no_world:
        assert found == []
        return
    spans, at = [], 0
    for cas in bare.caskets:
        spans.append(range(at, at + len(cas.statements)))
        at += len(cas.statements)
    for c in range(len(bare.caskets)):
        counts = {sum(v[i] for i in spans[c]) for _p, v in found}
        assert counts <= lid_counts(bare, c, most=len(spans[c]) + 1)  # a superset, always
        if c in sure and found:
            assert len(counts) == 1
            assert c in Worlds.from_engine(WholeEngine(bare, rules=False), bare).filler_lids()
