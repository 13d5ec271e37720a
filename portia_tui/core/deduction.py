"""The deduction solver: Algorithm 1 generalised, with an explanation people can read.

For each placement it evaluates the statements in dependency order (a statement after the
statements it speaks of). A statement outside any loop has one value in each case; inside a
loop it splits cases, propagating each assumption, and keeps every consistent case. The
result is the same analysis the SAT engine gives, computed independently, plus a story per
placement for players and authors.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .model import Puzzle
from .semantics import Analysis, LoopReport, closure, components, find_loops, holds
from .vocabulary import GroupMeaning, PortraitMeaning
from .words import listing, numbers, truth_list

#: more cases than this under one placement and the solver gives up (SAT has no such limit)
MAX_CASES = 4096


class TooManyCases(Exception):
    """A loop leaves more cases than the deduction solver will list."""


def _truth_list(values: dict[int, bool], items: list[int]) -> str:
    """'statements 1 and 3 are true, statement 2 is false'."""
    return truth_list(values, items) or "no statements"


def count_verdict(name: str, counts: frozenset[int], m: int) -> str:
    """One sentence: do the achievable true counts with the portrait in casket `name` fit m?"""
    says = f"the puzzle says {m}"
    ordered = sorted(counts)
    if not ordered:
        return f"No consistent assignment exists with the portrait in the {name} casket."
    if len(ordered) == 1:
        c = ordered[0]
        word = "statement" if c == 1 else "statements"
        if c == m:
            return f"{c} true {word}, as the puzzle says: the {name} casket fits."
        return f"{c} true {word}, but {says}: the portrait is not in the {name} casket."
    listed = listing(ordered, "or")
    if m in counts:
        return f"{listed} true statements are possible, {m} among them: the {name} casket fits."
    return f"{listed} true statements are possible, never {m}: the portrait is not in the {name} casket."


@dataclass
class Story:
    """What happens with the portrait in one casket."""

    placement: int
    #: the explanation, one line a step
    steps: list[str] = field(default_factory=list)
    #: every consistent assignment (statement index -> value)
    cases: list[dict[int, bool]] = field(default_factory=list)
    #: how many loop cases were tried (0 when no loop had to be split)
    splits: int = 0
    #: longest chain of statements about statements that had to be followed
    depth: int = 0

    @property
    def counts(self) -> frozenset[int]:
        return frozenset(sum(case.values()) for case in self.cases)

    def values(self) -> tuple[bool | None, ...] | None:
        """Each statement's value when all cases agree on it, else None; None when no case."""
        if not self.cases:
            return None
        keys = sorted(self.cases[0])
        return tuple(
            self.cases[0][i] if all(c[i] == self.cases[0][i] for c in self.cases) else None
            for i in keys
        )

    def verdict(self, puzzle: Puzzle, m: int | None = None) -> str:
        """One sentence: does this placement fit m?"""
        m = puzzle.m if m is None else m
        return count_verdict(puzzle.names[self.placement], self.counts, m)

    def text(self, puzzle: Puzzle, m: int | None = None) -> str:
        name = puzzle.names[self.placement]
        lines = [f"Suppose the portrait is in the {name} casket."]
        lines += [f"  {s}" for s in self.steps]
        if len(self.cases) == 1:
            case = self.cases[0]
            lines.append(f"  So {_truth_list(case, sorted(case))}.")
        lines.append(f"  {self.verdict(puzzle, m)}")
        return "\n".join(lines)


class Deducer:
    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        self.meanings = puzzle.meanings
        self.order = components(puzzle)

    # ------------------------------------------------------------------ words
    def _about(self, i: int, start: bool = False) -> str:
        p = self.puzzle
        word = "Statement" if start else "statement"
        return f'{word} {i + 1} ({p.names[p.owner(i)]}: "{p.sentence(i)}")'

    def _reason(self, i: int, placement: int, values: dict[int, bool]) -> str:
        mn = self.meanings[i]
        value = values[i]
        verdict = "true" if value else "false"
        if isinstance(mn, PortraitMeaning):
            where = self.puzzle.names[placement]
            named = self.puzzle.names[mn.casket]
            if mn.casket == placement:
                why = f"the portrait is in the {where} casket"
            else:
                why = f"the portrait is in the {where} casket, not the {named}"
            return f"{self._about(i, True)} is {verdict}: {why}."
        assert isinstance(mn, GroupMeaning)
        group = list(mn.group)
        wrong = [t for t in group if values[t] != mn.value]
        why = _truth_list(values, wrong or group)
        return f"{self._about(i, True)} is {verdict}: {why}."

    # ------------------------------------------------------------------ loops
    def _loop_cases(self, loop: tuple[int, ...], placement: int, world: dict[int, bool],
                    story: Story | None) -> list[dict[int, bool]]:
        """Every consistent assignment of the loop's statements, given the world outside."""
        meanings = self.meanings
        members = set(loop)
        found: list[dict[int, bool]] = []

        def propagate(values: dict[int, bool]) -> bool:
            changed = True
            while changed:
                changed = False
                for s in loop:
                    mn = meanings[s]
                    assert isinstance(mn, GroupMeaning)
                    known = [values.get(t) for t in mn.group]
                    if any(v is not None and v != mn.value for v in known):
                        forced: bool | None = False
                    elif all(v is not None for v in known):
                        forced = True
                    else:
                        forced = None
                    if forced is not None:
                        if s in values and values[s] != forced:
                            return False
                        if s not in values:
                            values[s] = forced
                            changed = True
                    if values.get(s) is True:  # every member must carry the value
                        for t in mn.group:
                            if values.get(t) is None:
                                if t not in members:
                                    return False
                                values[t] = mn.value
                                changed = True
                            elif values[t] != mn.value:
                                return False
                    elif values.get(s) is False:  # some member must break it
                        open_ = [t for t in mn.group if values.get(t) is None]
                        breaking = [t for t in mn.group if values.get(t) == (not mn.value)]
                        if not breaking and len(open_) == 1 and open_[0] in members:
                            values[open_[0]] = not mn.value
                            changed = True
                        elif not breaking and not open_:
                            return False
            return True

        def search(values: dict[int, bool], assumed: list[tuple[int, bool]]) -> None:
            if story is not None:
                story.splits += 1
            if not propagate(values):
                if story is not None and assumed:
                    story.steps.append(f"    Case {self._case(assumed)}: impossible, a statement "
                                       "would have to be both true and false.")
                return
            open_ = [s for s in loop if s not in values]
            if not open_:
                # re-check every member against its meaning
                if all(values[s] == holds(meanings[s], placement, values) for s in loop):
                    found.append({s: values[s] for s in loop})
                    if len(found) > MAX_CASES:
                        raise TooManyCases(f"more than {MAX_CASES} cases in one loop")
                    if story is not None:
                        story.steps.append(
                            f"    Case {self._case(assumed) if assumed else 'forced'}: consistent, "
                            f"{_truth_list(values, list(loop))}.")
                elif story is not None:
                    story.steps.append(f"    Case {self._case(assumed)}: impossible.")
                return
            s = open_[0]
            for guess in (True, False):
                trial = dict(values)
                trial[s] = guess
                search(trial, assumed + [(s, guess)])

        search(dict(world), [])
        return found

    @staticmethod
    def _case(assumed: list[tuple[int, bool]]) -> str:
        return ", ".join(f"{s + 1} {'true' if v else 'false'}" for s, v in assumed)

    # ------------------------------------------------------------------ placements
    def story(self, placement: int, order: list[tuple[int, ...]] | None = None,
              explain: bool = True) -> Story:
        """Evaluate the statements (all, or the components given) with the portrait in `placement`."""
        story = Story(placement)
        worlds: list[dict[int, bool]] = [{}]
        depth: dict[int, int] = {}
        for comp in self.order if order is None else order:
            if len(comp) == 1:
                i = comp[0]
                mn = self.meanings[i]
                for w in worlds:
                    w[i] = holds(mn, placement, w)
                if isinstance(mn, GroupMeaning):
                    depth[i] = 1 + max((depth.get(t, 0) for t in mn.group), default=0)
                else:
                    depth[i] = 0
                if explain and len(worlds) == 1:
                    story.steps.append(self._reason(i, placement, worlds[0]))
                elif explain and worlds:
                    story.steps.append(f"{self._about(i, True)} follows in each case.")
                continue
            if explain:
                story.steps.append(
                    f"Statements {numbers(comp)} speak of each other in a loop: "
                    "try each case.")
            new_worlds = []
            for w in worlds:
                for case in self._loop_cases(comp, placement, w, story if explain else None):
                    merged = dict(w)
                    merged.update(case)
                    new_worlds.append(merged)
                    if len(new_worlds) > MAX_CASES:
                        raise TooManyCases(f"more than {MAX_CASES} cases")
            if not explain:
                story.splits += 1
            for i in comp:
                depth[i] = len(comp) + max(
                    (depth.get(t, 0) for t in self.meanings[i].group if t not in comp), default=0)
            worlds = new_worlds
            if explain:
                if not worlds:
                    story.steps.append("No case is consistent: the loop is a paradox here.")
                elif len(worlds) > 1:
                    story.steps.append(f"{len(worlds)} cases remain consistent.")
        story.cases = worlds
        story.depth = max(depth.values(), default=0)
        return story

    def stories(self, explain: bool = True) -> list[Story]:
        return [self.story(p, explain=explain) for p in range(len(self.puzzle.caskets))]

    def loop_report(self, loop: tuple[int, ...]) -> LoopReport:
        whole = closure(self.puzzle, loop)
        inside = set(whole)
        order = [c for c in self.order if c[0] in inside]
        before = [c for c in order if c != loop]
        undetermined, paradox = [], []
        for p in range(len(self.puzzle.caskets)):
            cases = self.story(p, order, explain=False).cases
            projections = {tuple(c[i] for i in loop) for c in cases}
            if not projections:
                if self.story(p, before, explain=False).cases:
                    paradox.append(p)
            elif len(projections) > 1:
                undetermined.append(p)
        return LoopReport(loop, tuple(undetermined), tuple(paradox))

    def analyse(self) -> Analysis:
        counts = tuple(s.counts for s in self.stories(explain=False))
        loops = tuple(self.loop_report(loop) for loop in find_loops(self.puzzle))
        return Analysis(self.puzzle, counts, loops, engine="deduction")


def analyse(puzzle: Puzzle) -> Analysis:
    return Deducer(puzzle).analyse()


def explain(puzzle: Puzzle, m: int | None = None, analysis: Analysis | None = None) -> str:
    """The whole explanation: each placement in turn, then the conclusion.

    When the loops leave more cases than the solver lists, it says so and gives each
    placement's verdict from the exact analysis (`analysis`, or one computed here) instead.
    """
    m = puzzle.m if m is None else m
    try:
        stories = Deducer(puzzle).stories()
    except TooManyCases as exc:
        if analysis is None:
            from .engine import analyse as engine_analyse

            analysis = engine_analyse(puzzle)
        parts = [f"The loops in this puzzle leave too many cases to list by hand ({exc}); "
                 "the SAT analysis is exact all the same:"]
        parts += [f"  {name}: {count_verdict(name, analysis.true_counts[i], m)}"
                  for i, name in enumerate(puzzle.names)]
        fits = analysis.solution_names(m)
    else:
        parts = [s.text(puzzle, m) for s in stories]
        fits = [puzzle.names[s.placement] for s in stories if m in s.counts]
    if len(fits) == 1:
        parts.append(f"Only the {fits[0]} casket fits: the portrait is in the {fits[0]} casket.")
    elif not fits:
        parts.append(f"No casket fits {m} true statements: the puzzle has no solution.")
    else:
        parts.append(f"{len(fits)} caskets fit ({', '.join(fits)}): the puzzle has no unique solution.")
    return "\n".join(parts)
