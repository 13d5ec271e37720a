"""The Algorithm 2 assistant's judgement: with the portrait in a target casket, how do the
achievable counts of true statements stand against the m the author aims at?

Plain Python over an :class:`~portia_tui.core.semantics.Analysis`; the editor only words it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .semantics import Analysis

#: AssistantReport.standing values
PARADOX = "paradox"  # no consistent truth values with the portrait in the target
REACHED = "reached"  # exactly m true statements is achievable
EXCEEDED = "exceeded"  # every consistent assignment has more than m true
SHORT = "short"  # every consistent assignment has fewer than m true
SKIPPED = "skipped"  # m lies between achievable counts (a loop jumps over it)


@dataclass(frozen=True)
class AssistantReport:
    target: int
    m: int
    #: every achievable number of true statements with the portrait in the target
    counts: frozenset[int]
    #: each statement's value with the portrait in the target (any m); None: no assignment
    values: tuple[bool | None, ...] | None
    #: the caskets that fit with exactly m true statements (the solutions for m)
    fitting: tuple[int, ...] = ()

    @property
    def reached(self) -> bool:
        return self.m in self.counts

    @property
    def exceeded(self) -> bool:
        """Every consistent assignment already has more than m true statements."""
        return bool(self.counts) and min(self.counts) > self.m

    @property
    def standing(self) -> str:
        """PARADOX, REACHED, EXCEEDED, SHORT or SKIPPED (see the module's constants)."""
        if not self.counts:
            return PARADOX
        if self.reached:
            return REACHED
        if self.exceeded:
            return EXCEEDED
        if max(self.counts) < self.m:
            return SHORT
        return SKIPPED

    @property
    def excess(self) -> int:
        """How many true statements too many at the least (0 unless exceeded)."""
        return min(self.counts) - self.m if self.exceeded else 0

    @property
    def missing(self) -> int:
        """How many more true statements are needed at the least (0 unless short)."""
        return self.m - max(self.counts) if self.standing == SHORT else 0

    @property
    def unique(self) -> bool:
        """The target is the only casket that fits with m."""
        return self.fitting == (self.target,)

    @property
    def fits(self) -> bool:
        return self.target in self.fitting

    @property
    def rivals(self) -> tuple[int, ...]:
        """The other caskets that fit with m as well."""
        return tuple(c for c in self.fitting if c != self.target)


def assess(analysis: Analysis, target: int, m: int,
           values: tuple[bool | None, ...] | None = None) -> AssistantReport:
    """The assistant's report for `target` and `m`; `values` are the statements' values with
    the portrait in the target (``Analysis.values(target)``), when the caller has them."""
    return AssistantReport(target, m, analysis.true_counts[target], values,
                           tuple(analysis.solutions(m)))
