"""Random Portia puzzles (Algorithm 3 of the thesis), each one verified by the exact analysis.

The algorithm: put random statements on every casket (from the menu a slot offers), find every
m for which exactly one casket fits, and pick m among those (smallest, largest or at random);
statements with no such m are drawn again. Quality filters keep a statement off a casket that
carries its exact negation or one that says the same, and a puzzle out of a pack that holds its
twin (see :mod:`.quality`).

- :mod:`.settings`: what to generate, its checks and bounds;
- :mod:`.sampler`: drawing candidates, the loop-free evaluator;
- :mod:`.quality`: the quality filters, defined exactly;
- :mod:`.search`: judging candidates and emitting puzzles.

Packs of generated puzzles are built by :func:`portia_tui.core.packs.pack.build_pack` (the pack
sits above the generator: nothing here imports it).
"""

from __future__ import annotations

from portia_tui.core.packs.generator.sampler import loop_free_counts
from portia_tui.core.packs.generator.search import PATIENCE, GaveUpError, Generated, Stats, generate, iter_generate
from portia_tui.core.packs.generator.settings import (DEFAULT_ATTEMPTS, M_POLICIES, MAX_CASKETS, MAX_STATEMENTS,
                                                     REPEATS, Settings, casket_names, distinct_bound,
                                                     notices)

__all__ = [
    "DEFAULT_ATTEMPTS", "GaveUpError", "Generated", "MAX_CASKETS", "MAX_STATEMENTS",
    "M_POLICIES", "PATIENCE", "REPEATS", "Settings", "Stats", "casket_names",
    "distinct_bound", "generate", "iter_generate", "loop_free_counts", "notices",
]
