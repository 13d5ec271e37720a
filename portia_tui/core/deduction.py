"""Stories: what happens under each placement, in words people can read, over the casket
engine's evaluation (core/engine.py).

Every fact a story states comes from the engine: the achievable true counts, each statement's
value, how many consistent worlds remain, whether the placement is a paradox. The words walk
the statements in dependency order (a statement after the statements it speaks of), as a
person would: a statement outside any loop is read off; a loop is split into cases, each
assumption propagated, and every case tried is told (the *narrator*, used only when the
words are wanted). Ratings and hints read the facts alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .engine import CasketEngine, bits, evaluator
from .model import Puzzle
from .semantics import Analysis, components, holds
from .vocabulary import FreeMeaning, GroupMeaning, PortraitMeaning
from .words import listing, numbers, truth_list

#: more cases than this under one placement and the stories give up (the engine has no limit)
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
    #: the explanation, one line a step (empty unless the words were asked for)
    steps: list[str] = field(default_factory=list)
    #: every achievable number of true statements (the engine's)
    counts: frozenset[int] = frozenset()
    #: how many consistent worlds (assignments of every statement) there are
    worlds: int = 0
    #: how many loop cases were tried (without words: how many loops were split)
    splits: int = 0
    #: longest chain of statements about statements that had to be followed
    depth: int = 0
    #: each statement's value when every world agrees on it, else None; None when no world
    settled: tuple[bool | None, ...] | None = None

    def values(self) -> tuple[bool | None, ...] | None:
        """Each statement's value when all worlds agree on it, else None; None when no world."""
        return self.settled

    def verdict(self, puzzle: Puzzle, m: int | None = None) -> str:
        """One sentence: does this placement fit m?"""
        m = puzzle.m if m is None else m
        return count_verdict(puzzle.names[self.placement], self.counts, m)

    def text(self, puzzle: Puzzle, m: int | None = None) -> str:
        name = puzzle.names[self.placement]
        lines = [f"Suppose the portrait is in the {name} casket."]
        lines += [f"  {s}" for s in self.steps]
        if self.worlds == 1 and self.settled is not None:
            case = dict(enumerate(self.settled))
            lines.append(f"  So {_truth_list(case, sorted(case))}.")
        lines.append(f"  {self.verdict(puzzle, m)}")
        return "\n".join(lines)


class Deducer:
    """Stories for one puzzle over one casket engine (made here unless given)."""

    def __init__(self, puzzle: Puzzle, engine: CasketEngine | None = None):
        self.puzzle = puzzle
        self.engine = evaluator(puzzle) if engine is None else engine
        self.meanings = puzzle.meanings
        self.order = components(puzzle)
        self._depth: int | None = None
        self._loops = sum(1 for c in self.order if len(c) > 1)

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
    def depth(self) -> int:
        """The longest chain of statements about statements (a loop counts its length)."""
        if self._depth is None:
            depth: dict[int, int] = {}
            for comp in self.order:
                if len(comp) == 1:
                    i = comp[0]
                    mn = self.meanings[i]
                    depth[i] = (1 + max((depth.get(t, 0) for t in mn.group), default=0)
                                if isinstance(mn, GroupMeaning) else 0)
                    continue
                for i in comp:
                    depth[i] = len(comp) + max(
                        (depth.get(t, 0) for t in self.meanings[i].group if t not in comp),
                        default=0)
            self._depth = max(depth.values(), default=0)
        return self._depth

    def _case_bound(self) -> int:
        """At most this many cases are ever held while the loops (and empty slots) are split
        in dependency order: the product of 2^(loop size), times 2 per empty slot."""
        bound = 1
        for comp in self.order:
            if len(comp) > 1 or isinstance(self.meanings[comp[0]], FreeMeaning):
                bound <<= len(comp)
        return bound

    def story(self, placement: int, explain: bool = True) -> Story:
        """The story with the portrait in `placement`: the engine's facts, and with
        explain=True the words."""
        engine = self.engine
        total = engine.total(placement)
        worlds = engine.worlds(placement)
        story = Story(placement, counts=frozenset(bits(total)), worlds=worlds,
                      depth=self.depth(), splits=self._loops,
                      settled=engine.values(placement) if total else None)
        if explain:
            steps, splits = self._narrate(placement, explain=True)
            story.steps, story.splits = steps, splits
        elif worlds > MAX_CASES:
            raise TooManyCases(f"more than {MAX_CASES} cases")
        elif self._case_bound() > MAX_CASES:  # would listing them pass the limit on the way?
            self._narrate(placement, explain=False)
        return story

    def stories(self, explain: bool = True) -> list[Story]:
        return [self.story(p, explain=explain) for p in range(len(self.puzzle.caskets))]

    def _narrate(self, placement: int, explain: bool = True) -> tuple[list[str], int]:
        """The words: walk the statements in dependency order, splitting loops into cases.
        Returns (steps, cases tried); raises TooManyCases past MAX_CASES cases."""
        story = Story(placement)
        worlds: list[dict[int, bool]] = [{}]
        for comp in self.order:
            if len(comp) == 1:
                i = comp[0]
                mn = self.meanings[i]
                if isinstance(mn, FreeMeaning):  # an empty slot: either value
                    worlds = [{**w, i: v} for w in worlds for v in (True, False)]
                    if explain and worlds:
                        owner = self.puzzle.names[self.puzzle.owner(i)]
                        story.steps.append(f"Statement {i + 1} ({owner}) is empty: it may be "
                                           "true or false.")
                    if len(worlds) > MAX_CASES:
                        raise TooManyCases(f"more than {MAX_CASES} cases")
                    continue
                for w in worlds:
                    w[i] = holds(mn, placement, w)
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
            worlds = new_worlds
            if explain:
                if not worlds:
                    story.steps.append("No case is consistent: the loop is a paradox here.")
                elif len(worlds) > 1:
                    story.steps.append(f"{len(worlds)} cases remain consistent.")
        return story.steps, story.splits


def explain(puzzle: Puzzle, m: int | None = None, analysis: Analysis | None = None) -> str:
    """The whole explanation: each placement in turn, then the conclusion.

    When the loops leave more cases than the solver lists, it says so and gives each
    placement's verdict from the exact analysis (`analysis`, or one computed here) instead.
    """
    m = puzzle.m if m is None else m
    engine = None if analysis is None else analysis.evaluation
    try:
        stories = Deducer(puzzle, engine).stories()
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
