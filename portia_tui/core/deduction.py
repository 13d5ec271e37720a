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
from typing import Callable, Sequence

from .engine import CasketEngine, bits, evaluator
from .model import Puzzle
from .semantics import Analysis, components, holds
from .vocabulary import FreeMeaning, GroupMeaning, Meaning, PortraitMeaning
from .words import listing, numbers, truth_list

#: more cases than this under one placement and the stories give up (the engine has no limit)
MAX_CASES = 4096
#: the words' budget under one placement: cases tried in loops, cases carried past a loop,
#: and lines; beyond it the story says which part is too large to spell out and still gives
#: the verdict (from the engine's counts)
CASE_BUDGET = 64
LINE_BUDGET = 200
#: a statement that follows in more cases than this is told as a tally, not case by case
LIST_CASES = 4


class TooManyCases(Exception):
    """A loop leaves more cases than the deduction solver will list."""


class TooLarge(Exception):
    """The words for one placement pass the budget; `part` says which part."""

    def __init__(self, part: str):
        super().__init__(part)
        self.part = part


def _v(value: bool) -> str:
    return "true" if value else "false"


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


def _forced(s: int, mn: GroupMeaning, values: dict[int, bool]) -> tuple[bool | None, str]:
    """What the known values of its group force statement s to be, and the reason (None, ""
    while they force nothing)."""
    want = _v(mn.value)
    known = [values.get(t) for t in mn.group]
    breaker = next((t for t, v in zip(mn.group, known) if v is not None and v != mn.value), None)
    if breaker is not None:
        return False, (f"statement {breaker + 1} is {_v(not mn.value)}, and "
                       f"statement {s + 1} says its statements are {want}")
    if all(v is not None for v in known):
        several = len(mn.group) > 1
        return True, (f"statement{'s' if several else ''} {numbers(mn.group)} "
                      f"{'are all' if several else 'is'} {want}, as statement {s + 1} says")
    return None, ""


def _propagate(loop: tuple[int, ...], members: set[int], meanings: Sequence[Meaning],
               values: dict[int, bool], why: list[str] | None) -> bool:
    """Every value the known ones force inside a loop of group statements; `why` (when words
    are wanted) gets one reason a fact, and the clash when there is one. False on a clash."""
    def say(text: str) -> None:
        if why is not None:
            why.append(text)

    changed = True
    while changed:
        changed = False
        for s in loop:
            mn = meanings[s]
            assert isinstance(mn, GroupMeaning)
            want = _v(mn.value)
            forced, reason = _forced(s, mn, values)
            if forced is not None:
                if s in values and values[s] != forced:
                    say(f"statement {s + 1} would have to be {_v(forced)} ({reason}) "
                        f"and {_v(values[s])}")
                    return False
                if s not in values:
                    values[s] = forced
                    say(f"statement {s + 1} is {_v(forced)}: {reason}")
                    changed = True
            if values.get(s) is True:  # every member must carry the value
                for t in mn.group:
                    if values.get(t) is None:
                        if t not in members:
                            return False
                        values[t] = mn.value
                        say(f"statement {t + 1} is {want}: statement {s + 1} is true and says so")
                        changed = True
                    elif values[t] != mn.value:
                        say(f"statement {t + 1} would have to be {want} (statement "
                            f"{s + 1} is true and says so) and {_v(values[t])}")
                        return False
            elif values.get(s) is False:  # some member must break it
                open_ = [t for t in mn.group if values.get(t) is None]
                breaking = [t for t in mn.group if values.get(t) == (not mn.value)]
                if not breaking and len(open_) == 1 and open_[0] in members:
                    values[open_[0]] = not mn.value
                    say(f"statement {open_[0] + 1} is {_v(not mn.value)}: statement "
                        f"{s + 1} is false, so one of its statements is not {want}, "
                        "and only this one is left")
                    changed = True
                elif not breaking and not open_:
                    say(f"statement {s + 1} would have to be false and true: every "
                        f"statement it speaks of is {want}")
                    return False
    return True


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
    #: the part too large to spell out (the words stop there), or None
    too_large: str | None = None
    #: a function giving `settled` (the engine's values), called when first read: a rating
    #: reads the counts, worlds and depth only
    settle: Callable[[], tuple[bool | None, ...] | None] | None = field(
        default=None, repr=False, compare=False)

    @property
    def settled(self) -> tuple[bool | None, ...] | None:
        """Each statement's value when every world agrees on it, else None; None when no
        world."""
        if self.settle is not None:
            self._settled = self.settle()
            self.settle = None
        return getattr(self, "_settled", None)

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
        if self.worlds == 1 and self.settled is not None and self.too_large is None:
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

        tried = [0]

        def search(values: dict[int, bool], assumed: list[tuple[int, bool]],
                   why: list[str]) -> None:
            if story is not None:
                story.splits += 1
                tried[0] += 1
                if tried[0] > CASE_BUDGET:
                    raise TooLarge(f"the loop of statements {numbers(loop)} (more than "
                                   f"{CASE_BUDGET} cases to try)")
            why = list(why)
            words = why if story is not None else None
            name = self._case(assumed) if assumed else "forced"
            if not _propagate(loop, members, meanings, values, words):
                if story is not None:
                    story.steps.append(f"    Case {name}: {'; '.join(why)}: impossible.")
                return
            open_ = [s for s in loop if s not in values]
            if not open_:
                # re-check every member against its meaning
                wrong = next((s for s in loop
                              if values[s] != holds(meanings[s], placement, values)), None)
                if wrong is None:
                    found.append({s: values[s] for s in loop})
                    if len(found) > MAX_CASES:
                        raise TooManyCases(f"more than {MAX_CASES} cases in one loop")
                    if story is not None:
                        said = f"{'; '.join(why)}. " if why else ""
                        story.steps.append(
                            f"    Case {name}: {said}Consistent: "
                            f"{_truth_list(values, list(loop))}.")
                elif story is not None:
                    story.steps.append(
                        f"    Case {name}: {'; '.join(why)}; but statement {wrong + 1} is "
                        f"{_v(values[wrong])} while what it says is "
                        f"{_v(not values[wrong])}: impossible.")
                return
            s = open_[0]
            for guess in (True, False):
                trial = dict(values)
                trial[s] = guess
                search(trial, assumed + [(s, guess)], why)

        search(dict(world), [], [])
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
                      settle=(lambda: engine.values(placement)) if total else None)
        if explain:
            try:
                steps, splits = self._narrate(placement, explain=True)
            except (TooLarge, TooManyCases) as exc:
                part = exc.part if isinstance(exc, TooLarge) else str(exc)
                story.steps = [f"This part is too large to spell out here: {part}. The exact "
                               "analysis gives the verdict."]
                story.splits = self._loops
                story.too_large = part
            else:
                story.steps, story.splits = steps, splits
        elif worlds > MAX_CASES:
            raise TooManyCases(f"more than {MAX_CASES} cases")
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
                    if explain and len(worlds) > CASE_BUDGET:
                        raise TooLarge(f"the {len(worlds)} cases of the empty slots")
                    continue
                for w in worlds:
                    w[i] = holds(mn, placement, w)
                if explain and len(worlds) == 1:
                    story.steps.append(self._reason(i, placement, worlds[0]))
                elif explain and worlds:
                    story.steps.append(self._in_each_case(i, placement, worlds))
                continue
            if explain:
                story.steps.append(
                    f"Statements {numbers(comp)} speak of each other in a loop: "
                    "try each case.")
            new_worlds: list[dict[int, bool]] = []
            for w in worlds:
                for case in self._loop_cases(comp, placement, w, story if explain else None):
                    merged = dict(w)
                    merged.update(case)
                    new_worlds.append(merged)
                    if len(new_worlds) > MAX_CASES:
                        raise TooManyCases(f"more than {MAX_CASES} cases")
                if explain and len(story.steps) > LINE_BUDGET:
                    before = (f", tried in each of the {len(worlds)} cases before it"
                              if len(worlds) > 1 else "")
                    raise TooLarge(f"the loop of statements {numbers(comp)}{before} (more "
                                   f"than {LINE_BUDGET} lines)")
            if not explain:
                story.splits += 1
            worlds = new_worlds
            if explain:
                if not worlds:
                    story.steps.append("No case is consistent: the loop is a paradox here.")
                elif len(worlds) > 1:
                    story.steps.append(f"{len(worlds)} cases remain consistent.")
                if len(worlds) > CASE_BUDGET:
                    raise TooLarge(f"the {len(worlds)} cases left after the loop of statements "
                                   f"{numbers(comp)}")
                if len(story.steps) > LINE_BUDGET:
                    raise TooLarge(f"the story past the loop of statements {numbers(comp)} "
                                   f"(more than {LINE_BUDGET} lines)")
        return story.steps, story.splits

    def _in_each_case(self, i: int, placement: int, worlds: list[dict[int, bool]]) -> str:
        """A statement read after a loop left several cases: its value in each case, and
        why (what it speaks of)."""
        mn = self.meanings[i]
        head = self._about(i, True)
        seen = {w[i] for w in worlds}
        if isinstance(mn, PortraitMeaning) or len(worlds) > LIST_CASES:
            if len(seen) == 1:
                value = _v(seen.pop())
                why = self._reason(i, placement, worlds[0]).split(": ", 1)[1] \
                    if isinstance(mn, PortraitMeaning) else "it follows the same way in each"
                return f"{head} is {value} in every case: {why}"
            true = sum(1 for w in worlds if w[i])
            return (f"{head} is true in {true} of the {len(worlds)} cases and false in the "
                    f"other {len(worlds) - true}, as the statements it speaks of are.")
        parts = []
        for number, w in enumerate(worlds, 1):
            why = self._reason(i, placement, w).split(": ", 1)[1].rstrip(".")
            parts.append(f"in case {number} {_v(w[i])} ({why})")
        if len(seen) == 1:
            return f"{head} is {_v(seen.pop())} in every case: {'; '.join(parts)}."
        return f"{head} depends on the case: {'; '.join(parts)}."


def explain(puzzle: Puzzle, m: int | None = None, analysis: Analysis | None = None) -> str:
    """The whole explanation: each placement in turn, then the conclusion.

    When the loops leave more cases than the solver lists, it says so and gives each
    placement's verdict from the exact analysis (`analysis`, or one computed here) instead.
    """
    m = puzzle.m if m is None else m
    from .engine import covers

    if not covers(puzzle):
        return _verdicts_only(puzzle, m, analysis)
    engine = None if analysis is None else analysis.evaluation
    deducer = Deducer(puzzle, engine)
    engine = deducer.engine
    try:
        stories = deducer.stories()
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
        from .difficulty import rate

        parts.append(rate(puzzle, m, engine).why(puzzle))
    elif not fits:
        parts.append(f"No casket fits {m} true statements: the puzzle has no solution.")
    else:
        parts.append(f"{len(fits)} caskets fit ({', '.join(fits)}): the puzzle has no unique solution.")
    return "\n".join(parts)


def _verdicts_only(puzzle: Puzzle, m: int | None, analysis: Analysis | None) -> str:
    """The explanation of a puzzle the step-by-step words do not cover yet (count or maker
    statements, rules beyond m): each casket's exact verdict, then the conclusion."""
    if analysis is None:
        from .engine import analyse as engine_analyse

        analysis = engine_analyse(puzzle)
    parts = ["Step-by-step words cover the six statements of Definition 1 under 'exactly m "
             "true'; for this puzzle's statements and rules, each casket's verdict comes from "
             "the exact analysis:"]
    fits = analysis.solution_names(m)
    for i, name in enumerate(puzzle.names):
        counts = ", ".join(map(str, sorted(analysis.true_counts[i]))) or "none"
        said = "fits" if name in fits else "does not fit"
        parts.append(f"  {name}: true statements possible: {counts}; it {said}.")
    if len(fits) == 1:
        parts.append(f"Only the {fits[0]} casket fits: the portrait is in the {fits[0]} casket.")
    elif not fits:
        parts.append("No casket fits: the puzzle has no solution.")
    else:
        parts.append(f"{len(fits)} caskets fit ({', '.join(fits)}): the puzzle has no unique "
                     "solution.")
    return "\n".join(parts)
