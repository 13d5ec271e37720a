"""Property: the independent deduction solver agrees with the SAT analysis on generated puzzles."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from portia_tui.core import deduction, sat
from portia_tui.core.generator import Settings, generate


@settings(max_examples=40, deadline=None)
# at most 12 statements: a loop can then never leave more cases than the deduction solver lists
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 3), caskets=st.integers(2, 4),
       loops=st.booleans(), policy=st.sampled_from(["smallest", "largest", "random"]))
def test_deduction_agrees_with_sat(seed, n, caskets, loops, policy):
    for g in generate(Settings(n=n, caskets=caskets, count=2, seed=seed, loops=loops,
                               m_policy=policy)):
        exact = sat.analyse(g.puzzle)
        independent = deduction.analyse(g.puzzle)
        assert independent.true_counts == exact.true_counts
        assert independent.solution_names() == [g.solution]
