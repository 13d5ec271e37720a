"""Stories: what happens under each placement, in words people can read, over the casket
engine's evaluation (core/solve/engine.py).

Every fact a story states comes from the engine: the achievable true counts, each statement's
value, how many consistent worlds remain, whether the placement is a paradox. The words walk
the statements in dependency order (a statement after the statements it speaks of), as a
person would: a statement outside any loop is read off; a loop is split into cases, each
assumption propagated, and every case tried is told (the *narrator*, used only when the
words are wanted). Ratings and hints read the facts alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping, Sequence

from portia_tui.core.solve.budget import check
from portia_tui.core.solve.engine import CasketEngine, bits, evaluator
from portia_tui.core.language.model import Puzzle
from portia_tui.core.language.rules import (Rule, counts_line, has_speaker, makers_said, rule_kind,
                                            rule_sentence)
from portia_tui.core.solve.semantics import Analysis, components, holds, references
from portia_tui.core.language.vocabulary import (AnyOfMeaning, CasketsMeaning, CountMeaning, FreeMeaning, GroupMeaning,
                         Meaning, PortraitMeaning, compare, kind_of, maker_name, refers_to)
from portia_tui.core.language.words import listing, numbers, plural, truth_list

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


def _truth_list(values: Mapping[int, bool | None], items: Iterable[int]) -> str:
    """'statements 1 and 3 are true, statement 2 is false'."""
    return truth_list(values, items) or "no statements"


def count_verdict(name: str, counts: frozenset[int], m: int | None) -> str:
    """One sentence: do the achievable true counts with the portrait in casket `name` fit m?"""
    ordered = sorted(counts)
    if not ordered:
        return (f"With the portrait in the {name} casket the statements contradict each "
                "other: no way of judging them true or false makes every one hold.")
    if len(ordered) == 1:
        c = ordered[0]
        word = "statement" if c == 1 else "statements"
        if c == m:
            return f"{c} true {word}, as the puzzle says: the {name} casket fits."
        much = "too many" if m is not None and c > m else "too few"
        return (f"{c} true {word}: {much} for exactly {m}, so the portrait is not in the "
                f"{name} casket.")
    listed = listing(ordered, "or")
    if m in counts:
        return f"{listed} true statements are possible, {m} among them: the {name} casket fits."
    return f"{listed} true statements are possible, never {m}: the portrait is not in the {name} casket."


def group_words(puzzle: Puzzle | None, s: int, mn: GroupMeaning) -> str:
    """The statements statement s speaks of, named by their casket: "the lead casket's
    statements", "the other statements on the gold casket" ("its statements" without the
    puzzle)."""
    if puzzle is None or not mn.group:
        return "its statements"
    owner, target = puzzle.owner(s), puzzle.owner(mn.group[0])
    if owner == target:
        other = "statement" if len(mn.group) == 1 else "statements"
        return f"the other {other} on the {puzzle.names[owner]} casket"
    return f"the {puzzle.names[target]} casket's statements"


def _are(puzzle: Puzzle | None, s: int, mn: GroupMeaning) -> str:
    """The verb that agrees with :func:`group_words`: "is" for the one other statement on a
    casket, "are" for statements (a casket's statements are plural whatever their number)."""
    if puzzle is None or len(mn.group) != 1:
        return "are"
    return "is" if puzzle.owner(s) == puzzle.owner(mn.group[0]) else "are"


def _forced(s: int, mn: GroupMeaning, values: dict[int, bool],
            puzzle: Puzzle | None = None) -> tuple[bool | None, str]:
    """What the known values of its group force statement s to be, and the reason (None, ""
    while they force nothing)."""
    want = _v(mn.value)
    known = [values.get(t) for t in mn.group]
    breaker = next((t for t, v in zip(mn.group, known) if v is not None and v != mn.value), None)
    if breaker is not None:
        return False, (f"statement {breaker + 1} is {_v(not mn.value)}, and "
                       f"statement {s + 1} says {group_words(puzzle, s, mn)} "
                       f"{_are(puzzle, s, mn)} {want}")
    if all(v is not None for v in known):
        are = {1: "is", 2: "are both"}.get(len(mn.group), "are all")
        return True, (f"statement{'s' if len(mn.group) > 1 else ''} {numbers(mn.group)} "
                      f"{are} {want}, as statement {s + 1} says")
    return None, ""


def _propagate(loop: tuple[int, ...], members: set[int], meanings: Sequence[Meaning],
               values: dict[int, bool], why: list[str] | None,
               puzzle: Puzzle | None = None) -> bool:
    """Every value the known ones force inside a loop of group statements; `why` (when words
    are wanted) gets one reason a fact, and the clash when there is one. False on a clash."""
    def say(text: str) -> None:
        if why is not None:
            why.append(text)

    changed = True
    while changed:
        # (the budget in force: core/solve/budget.py) a pass reads every statement of the
        # loop: it counts for them all
        check(len(loop))
        changed = False
        for s in loop:
            mn = meanings[s]
            assert isinstance(mn, GroupMeaning)
            want = _v(mn.value)
            forced, reason = _forced(s, mn, values, puzzle)
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
                    if _are(puzzle, s, mn) == "is":
                        say(f"statement {open_[0] + 1} is {_v(not mn.value)}: statement "
                            f"{s + 1} is false, so {group_words(puzzle, s, mn)} is not {want}")
                    else:
                        say(f"statement {open_[0] + 1} is {_v(not mn.value)}: statement "
                            f"{s + 1} is false, so one of {group_words(puzzle, s, mn)} is "
                            f"not {want}, and only this one is left")
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

    def give_up(self, part: str, splits: int) -> None:
        """The words stop at `part`, too large to spell out; the exact analysis decides."""
        self.steps = [f"This part is too large to spell out here: {part}. The exact "
                      "analysis gives the verdict."]
        self.splits = splits
        self.too_large = part

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
        #: what the grader observed while ruling out the wrong caskets (explain() sets it):
        #: a loop whose cases a lid or pair among them counts is told as that observation,
        #: not as a case split, and a lid that can never be all false (or true) whatever the
        #: placement settles its statements before a loop's cases are tried
        self.observed: Sequence = ()

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
            if not self._settle(loop, placement, values, words):
                if story is not None:
                    story.steps.append(f"    Case {name}: {'; '.join(why)}: impossible.")
                return
            open_ = [s for s in loop if s not in values]
            if not open_:
                # re-check every member against its meaning
                wrong = next((s for s in loop
                              if values[s] != holds(meanings[s], placement, values,
                                                    values[s])), None)
                if wrong is None:
                    found.append({s: values[s] for s in loop})
                    if len(found) > MAX_CASES:
                        raise TooManyCases(f"more than {MAX_CASES} cases in one loop")
                    if story is not None and not assumed and why:
                        # forced: a plain chain, "so" where a step follows from the one
                        # before it
                        chain = _chain(why)
                        so = f" So {_truth_list(values, list(loop))}." if len(why) > 1 else ""
                        story.steps.append(f"    {chain[0].upper()}{chain[1:]}.{so}")
                    elif story is not None:
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

        search(*self._given(loop, world))
        return found

    def _given(self, loop: tuple[int, ...], world: dict[int, bool]
               ) -> tuple[dict[int, bool], list[tuple[int, bool]], list[str]]:
        """A loop's search starts from the world outside and what a lid that can never be
        all false (or all true) whatever the placement settles in it, said as such."""
        start, given = dict(world), []
        for obs in self.observed:
            if obs.what == "never" and obs.placement is None:
                name = self.puzzle.names[self.puzzle.owner(obs.statements[0])]
                for i, v in obs.settles:
                    if i in loop and i not in start:
                        start[i] = v
                        lid = self.puzzle.layout.group(self.puzzle.owner(obs.statements[0]))
                        every = "both" if len(lid) == 2 else "all"
                        given.append(f"statement {i + 1} is {_v(v)}: the {name} casket's "
                                     f"statements are never {every} {_v(bool(obs.true))} "
                                     "(said above)")
        return start, [], given

    def _settle(self, loop: tuple[int, ...], placement: int, values: dict[int, bool],
                why: list[str] | None) -> bool:
        """Every value the known ones force inside a loop; `why` (when given) gets one reason
        a fact, and the clash. False on a clash."""
        return _propagate(loop, set(loop), self.meanings, values, why, self.puzzle)

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
                        (depth.get(t, 0) for t in refers_to(self.meanings[i]) if t not in comp),
                        default=0)
            self._depth = max(depth.values(), default=0)
        return self._depth

    #: the kind of story this narrator tells
    story_type: type[Story] = Story

    def story(self, placement: int, explain: bool = True) -> Story:
        """The story with the portrait in `placement`: the engine's facts, and with
        explain=True the words."""
        engine = self.engine
        total = engine.total(placement)
        worlds = engine.worlds(placement)
        story = self.story_type(placement, counts=frozenset(bits(total)), worlds=worlds,
                                depth=self.depth(), splits=self._loops,
                                settle=(lambda: engine.values(placement)) if total else None)
        if explain:
            try:
                self._tell(placement, story)
            except (TooLarge, TooManyCases) as exc:
                story.give_up(exc.part if isinstance(exc, TooLarge) else str(exc), self._loops)
        elif worlds > MAX_CASES:
            raise TooManyCases(f"more than {MAX_CASES} cases")
        return story

    def _tell(self, placement: int, story: Story) -> None:
        """Fill in the story's words (steps, and how many cases were tried)."""
        story.steps, story.splits = self._narrate(placement, explain=True)

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
            head = len(story.steps)  # the loop's first line goes here, once its cases are known
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
            counted = self._told_loop(story, head, comp, placement, worlds, new_worlds) \
                if explain else None
            worlds = new_worlds
            if explain:
                if not worlds:
                    story.steps.append("No case is consistent: the loop is a paradox here.")
                elif len(worlds) > 1 and counted is None:
                    story.steps.append(f"{len(worlds)} cases remain consistent.")
                if len(worlds) > CASE_BUDGET:
                    raise TooLarge(f"the {len(worlds)} cases left after the loop of statements "
                                   f"{numbers(comp)}")
                if len(story.steps) > LINE_BUDGET:
                    raise TooLarge(f"the story past the loop of statements {numbers(comp)} "
                                   f"(more than {LINE_BUDGET} lines)")
        return story.steps, story.splits

    def _told_loop(self, story: Story, head: int, comp: tuple[int, ...], placement: int,
                   before: list[dict[int, bool]], after: list[dict[int, bool]]) -> str | None:
        """A loop's first line (story.steps from `head` are its cases), or, when a lid or
        pair counts it (:meth:`_counted`), that one line instead of its cases (returned)."""
        counted = self._counted(comp, placement, before, after)
        if counted is not None:
            del story.steps[head:]
            story.steps.append(counted)
        else:
            chain = len(after) == len(before) == 1 and \
                not any(line.lstrip().startswith("Case ") for line in story.steps[head:])
            story.steps.insert(head, _loop_head(comp, len(after) == len(before) == 1, chain))
        return counted

    def _counted(self, comp: tuple[int, ...], placement: int, before: list[dict[int, bool]],
                 after: list[dict[int, bool]]) -> str | None:
        """The loop told by the lid or pair the grader counts with, instead of its case
        split: when one case came in and several cases remain, and a fixed lid or
        contradictory pair among the loop's statements (whatever the placement, or with the
        portrait here) has its count in every case left. None otherwise."""
        if len(before) != 1 or len(after) < 2 or len(after) > LIST_CASES:
            return None
        for obs in self.observed:
            if obs.what not in ("lid", "pair") or obs.placement not in (None, placement) or \
                    not set(obs.statements) <= set(comp):
                continue
            if any(sum(w[i] for i in obs.statements) != obs.true for w in after):
                continue
            cases = "; ".join(f"case {k}: {_truth_list(w, comp)}"
                              for k, w in enumerate(after, 1))
            which = ("them" if set(obs.statements) == set(comp) else
                     f"statements {numbers(obs.statements)}")
            said = (f"as said above, exactly {obs.true} of {which} "
                    f"{'is' if obs.true == 1 else 'are'} true" if obs.placement is None else
                    f"with the portrait here, {obs.fact(self.puzzle)}")
            return (f"Statements {numbers(comp)} speak of each other in a loop; {said}. "
                    f"Which way stays open, and no case split is needed to count them: "
                    f"{len(after)} cases remain ({cases}).")
        return None

    def _in_each_case(self, i: int, placement: int, worlds: list[dict[int, bool]]) -> str:
        """A statement read after a loop left several cases: its value in each case, and
        why (what it speaks of)."""
        mn = self.meanings[i]
        head = self._about(i, True)
        seen = {w[i] for w in worlds}
        if isinstance(mn, PortraitMeaning) or len(worlds) > LIST_CASES:
            if len(seen) == 1:
                value = _v(seen.pop())
                why = self._reason(i, placement, worlds[0])[len(f"{head} is {value}: "):] \
                    if isinstance(mn, PortraitMeaning) else "it follows the same way in each"
                return f"{head} is {value} in every case: {why}"
            true = sum(1 for w in worlds if w[i])
            return (f"{head} is true in {true} of the {len(worlds)} cases and false in the "
                    f"other {len(worlds) - true}, as the statements it speaks of are.")
        parts = []
        for number, w in enumerate(worlds, 1):
            why = self._reason(i, placement, w)[len(f"{head} is {_v(w[i])}: "):].rstrip(".")
            parts.append(f"in case {number} {_v(w[i])} ({why})")
        if len(seen) == 1:
            return f"{head} is {_v(seen.pop())} in every case: {'; '.join(parts)}."
        return f"{head} depends on the case: {'; '.join(parts)}."


# =========================================================================== the whole language
# Count and maker statements, and Portia's rules beyond "exactly m true": the same walk in
# dependency order (a statement after those it speaks of, a loop split into cases), over the
# whole-language engine's facts; then every rule is checked in each case the statements leave.


def _chain(why: Sequence[str]) -> str:
    """Forced steps ("statement 3 is false: statement 1 is ...") as one plain chain:
    "statement 3 is false, because ...; so statement 2 is false, because statement 3 ...",
    with "so" where a step leans on one settled before it in the chain and "and" where it
    leans only on what was known before the loop."""
    out = ""
    before: set[str] = set()
    for w in why:
        said, _, reason = w.partition(": ")
        step = f"{said}, because {reason}" if reason else said
        link = "; so " if before & set(re.findall(r"\d+", reason.split(" says", 1)[0])) \
            else "; and "
        out = f"{out}{link}{step}" if out else step
        before.add(said.split()[1])
    return out


def _loop_head(comp: tuple[int, ...], forced: bool, chain: bool = False) -> str:
    """A loop's first line: "try each case", or, when one case only holds, just that, or,
    when what is known forces it with no case tried (`chain`), that it follows."""
    return (f"Statements {numbers(comp)} speak of each other in a loop"
            + (f", but what is known settles {'it' if len(comp) == 1 else 'them'}:" if chain
               else ", but only one case holds:" if forced else ": try each case."))


def _span(lo: int, hi: int, op: str, k: int) -> bool | None:
    """What `count op k` is for every count lo..hi: True or False when all agree, else None."""
    seen = {compare(x, op, k) for x in range(lo, hi + 1)}
    return seen.pop() if len(seen) == 1 else None


def forced_value(mn: Meaning, placement: int, values: dict[int, bool]) -> bool | None:
    """The truth value a meaning demands whatever the statements not yet in `values` turn out
    to be, or None while it still depends on them."""
    if isinstance(mn, FreeMeaning):
        return None
    if isinstance(mn, (PortraitMeaning, AnyOfMeaning)):
        return holds(mn, placement, values)
    if isinstance(mn, GroupMeaning):
        known = [values.get(t) for t in mn.group]
        if any(v is not None and v != mn.value for v in known):
            return False
        return True if all(v is not None for v in known) else None
    if isinstance(mn, CountMeaning):
        c = sum(1 for t in mn.group if t in values and values[t] == mn.value)
        u = sum(1 for t in mn.group if t not in values)
        return _span(c, c + u, mn.op, mn.k)
    if isinstance(mn, CasketsMeaning):
        sure = maybe = 0
        for group, ok in zip(mn.groups, mn.accept):
            t = sum(1 for i in group if values.get(i) is True)
            u = sum(1 for i in group if i not in values)
            hits = {x in ok for x in range(t, t + u + 1)}
            if hits == {True}:
                sure += 1
            elif True in hits:
                maybe += 1
        return _span(sure, sure + maybe, mn.op, mn.k)
    raise TypeError(f"unknown meaning {mn!r}")


def case_label(k: int) -> str:
    """The name of the k-th case (0-based) the statements leave: A, B, ..., Z, then 27, 28, ...
    (letters, so they are not read as statement numbers)."""
    return chr(ord("A") + k) if k < 26 else str(k + 1)


def _bear(count: int) -> str:
    return "bears" if count == 1 else "bear"


def _statements(count: int, value: bool) -> str:
    """'1 true statement', '2 false statements'."""
    return plural(count, f"{_v(value)} statement")


def casket_counts(puzzle: Puzzle, world: dict[int, bool], value: bool = True) -> str:
    """'gold bears 2 true statements, silver 1, lead 0'."""
    per = [sum(1 for i in g if world[i] == value) for g in puzzle.layout.groups]
    return counts_line(puzzle.names, per, value)


def makers_line(puzzle: Puzzle, world: Mapping[int, bool | None]) -> str:
    """Who made which casket in a world where each casket is all true or all false:
    'Bellini made the gold casket, Cellini the silver and lead caskets'."""
    layout = puzzle.layout
    true = [sum(1 for i in g if world[i]) for g in layout.groups]
    return makers_said(puzzle.names, true, layout.counts)


def rule_check(puzzle: Puzzle, rule: Rule, placement: int, world: dict[int, bool]
               ) -> tuple[bool, str]:
    """Whether a rule holds in a world (from its conditions, core/language/rules.py), and why in words
    ('the silver casket bears 2 false statements': the rule's own tally)."""
    layout = puzzle.layout
    kind = rule_kind(rule)
    ok = all(holds(c, placement, world) for c in kind.conditions(rule, layout))
    true = [sum(1 for i in g if world[i]) for g in layout.groups]
    said = kind.tally(rule, layout, true)
    return ok, casket_counts(puzzle, world) if said is None else said


def shortfall(puzzle: Puzzle, rule: Rule, placement: int, world: dict[int, bool]) -> str:
    """Why a rule that fails misses, in plain words: ", too many for 'at most 1'" (the first
    of its counts that fails: statements or caskets counted against a bound), or "" when the
    rule counts no such thing (a rule about every casket says which caskets fail instead)."""
    misses = set()
    for cond in rule_kind(rule).conditions(rule, puzzle.layout):
        if holds(cond, placement, world):
            continue
        if isinstance(cond, CountMeaning):
            count = sum(1 for i in cond.group if world[i] == cond.value)
        elif isinstance(cond, CasketsMeaning) and cond.k < len(cond.groups):
            count = sum(1 for g, ok in zip(cond.groups, cond.accept)
                        if sum(1 for i in g if world[i]) in ok)
        else:
            return ""
        bound = "none" if cond.k == 0 and cond.op in ("exactly", "at most") \
            else f"{cond.op} {cond.k}"
        misses.add(f"{'too many' if count > cond.k else 'too few'} for '{bound}'")
    if len(misses) != 1:
        return ""
    failing = sum(1 for c in rule_kind(rule).conditions(rule, puzzle.layout)
                  if not holds(c, placement, world))
    return f", {'each ' if failing > 1 else ''}{misses.pop()}"


@dataclass
class WholeStory(Story):
    """A story in the whole language: besides the engine's facts, what the words found."""

    #: the true counts of the cases the words keep (None until the words are worked out)
    found: frozenset[int] | None = None
    #: the cases (assignments: statement index -> value) the words keep, statements and
    #: rules together
    cases: list[dict[int, bool]] = field(default_factory=list)
    #: each loop the words reached (its statements) and what it is here: 'paradox',
    #: 'undetermined' or 'determined'
    loop_kinds: dict[tuple[int, ...], str] = field(default_factory=dict)
    #: the key lines: what the statements give and which rule decides (for hints)
    key: list[str] = field(default_factory=list)
    #: how many cases the statements alone leave, before any rule is checked
    before_rules: int = 0

    def give_up(self, part: str, splits: int) -> None:
        super().give_up(part, splits)
        self.key = []
        self.found = None
        self.cases = []

    def verdict(self, puzzle: Puzzle, m: int | None = None) -> str:
        m = puzzle.m if m is None else m
        if "paradox" in self.loop_kinds.values():  # the statements themselves, rules aside
            return count_verdict(puzzle.names[self.placement], frozenset(), m)
        counts = self.counts if self.found is None else self.found
        return placement_verdict(puzzle, self.placement, counts, m)

    def text(self, puzzle: Puzzle, m: int | None = None) -> str:
        name = puzzle.names[self.placement]
        lines = [f"Suppose the portrait is in the {name} casket."]
        lines += [f"  {s}" for s in self.steps]
        lines.append(f"  {self.verdict(puzzle, m)}")
        return "\n".join(lines)


def placement_verdict(puzzle: Puzzle, placement: int, counts: frozenset[int],
                      m: int | None) -> str:
    """One sentence: does the placement fit, given the true counts its consistent worlds (the
    statements and every rule but m) reach, and m (None when the puzzle states no m)?"""
    name = puzzle.names[placement]
    if not counts and puzzle.side_rules:
        return (f"The statements and the rules cannot all hold: the portrait is not in the "
                f"{name} casket.")
    if m is None:
        if not counts:
            return count_verdict(name, counts, m)
        return f"The statements and every rule can all hold: the {name} casket fits."
    return count_verdict(name, counts, m)


def _fits(counts: frozenset[int], m: int | None) -> bool:
    return bool(counts) if m is None else m in counts


class WholeDeducer(Deducer):
    """Stories for the whole language (count and maker statements, rules beyond m) over the
    whole-language engine (engine.WholeEngine): the statements walked in dependency order as
    for the six kinds, a loop (a count over a group it belongs to speaks of itself) split into
    cases, each assumption propagated; then each of Portia's rules checked in every case left.
    The facts (counts, worlds, values) are the engine's; the words keep exactly the cases that
    are consistent (checked against the engine and brute force by the tests)."""

    def __init__(self, puzzle: Puzzle, engine=None):
        super().__init__(puzzle, engine)
        self.refs = references(puzzle)
        self._loops = sum(1 for c in self.order if self._is_loop(c))

    def _is_loop(self, comp: tuple[int, ...]) -> bool:
        return len(comp) > 1 or comp[0] in self.refs[comp[0]]

    def depth(self) -> int:
        if self._depth is None:
            depth: dict[int, int] = {}
            for comp in self.order:
                inside = set(comp)
                loop = self._is_loop(comp)
                for i in comp:
                    below = max((depth.get(t, 0) for t in self.refs[i] if t not in inside),
                                default=0)
                    depth[i] = (len(comp) + below if loop
                                else (1 + below if self.refs[i] else 0))
            self._depth = max(depth.values(), default=0)
        return self._depth

    # ------------------------------------------------------------------ words
    def _count_words(self, mn: CountMeaning, values: dict[int, bool]) -> str:
        """'the gold casket bears 1 false statement (statement 2)', '2 of all the statements
        are false (statements 2 and 3)'; with statements still open, the range."""
        p = self.puzzle
        word = _v(mn.value)
        hit = [t for t in mn.group if t in values and values[t] == mn.value]
        open_ = [t for t in mn.group if t not in values]
        every = len(mn.group) == p.size and tuple(mn.group) == tuple(range(p.size))
        where = "all the statements" if every else f"the {p.names[p.owner(mn.group[0])]} casket"
        which = f" ({'statement' if len(hit) == 1 else 'statements'} {numbers(hit)})" \
            if hit and len(hit) < len(mn.group) else ""
        if open_:
            lead = (f"whatever statement{'s' if len(open_) > 1 else ''} {numbers(open_)} "
                    f"turn{'' if len(open_) > 1 else 's'} out to be, ")
            if every:
                return (f"{lead}between {len(hit)} and {len(hit) + len(open_)} of all the "
                        f"statements are {word}{which}")
            return (f"{lead}{where} bears between {len(hit)} and {len(hit) + len(open_)} "
                    f"{word} statements{which}")
        if every:
            verb = "is" if len(hit) == 1 else "are"
            return f"{len(hit)} of all the statements {verb} {word}{which}"
        return f"{where} bears {_statements(len(hit), mn.value)}{which}"

    def _caskets_words(self, i: int, mn: CasketsMeaning, values: dict[int, bool]) -> str:
        """'2 caskets bear only false statements (gold and lead), Cellini's'."""
        p = self.puzzle
        n = p.layout.counts
        st = p.flat[i][1]
        only = (True if all(ok == frozenset({n[c]}) for c, ok in enumerate(mn.accept))
                else False if all(ok == frozenset({0}) for ok in mn.accept) else None)
        what = (f"only {_v(only)} statements" if only is not None
                else "the true counts it names")
        maker = kind_of(st).family == "maker" and only is not None
        sure, maybe = [], []
        for c, (group, ok) in enumerate(zip(mn.groups, mn.accept)):
            t = sum(1 for j in group if values.get(j) is True)
            u = sum(1 for j in group if j not in values)
            hits = {x in ok for x in range(t, t + u + 1)}
            if hits == {True}:
                sure.append(c)
            elif True in hits:
                maybe.append(c)
        names = [p.names[c] for c in sure]
        if maybe:
            open_ = [j for j in refers_to(mn) if j not in values]
            return (f"whatever statement{'s' if len(open_) > 1 else ''} {numbers(open_)} "
                    f"turn{'' if len(open_) > 1 else 's'} out to be, between {len(sure)} and "
                    f"{len(sure) + len(maybe)} caskets bear {what}")
        which = f" ({listing(names)})" if names else ""
        made = (f", so {maker_name(st.value)} made "
                f"{plural(len(sure), 'casket') if sure else 'no casket'}" if maker else "")
        return f"{plural(len(sure), 'casket')} {_bear(len(sure))} {what}{which}{made}"

    def _why(self, i: int, placement: int, values: dict[int, bool]) -> str:
        """Why statement i has the value its meaning gives, from the placement and the values
        known (all it reads, or enough of them)."""
        mn = self.meanings[i]
        p = self.puzzle
        where = p.names[placement]
        if isinstance(mn, PortraitMeaning):
            named = p.names[mn.casket]
            if mn.casket == placement:
                return f"the portrait is in the {where} casket"
            return f"the portrait is in the {where} casket, not the {named}"
        if isinstance(mn, AnyOfMeaning):
            listed = listing((f"the {p.names[c]}" for c in mn.caskets), "or")
            if placement in mn.caskets:
                return f"the portrait is in the {where} casket, one of the caskets it names"
            return f"the portrait is in the {where} casket, not {listed} casket"
        if isinstance(mn, GroupMeaning):
            if any(t not in values for t in mn.group):
                return _forced(i, mn, values, self.puzzle)[1]
            wrong = [t for t in mn.group if values[t] != mn.value]
            return _truth_list(values, wrong or list(mn.group))
        if isinstance(mn, CountMeaning):
            return self._count_words(mn, values)
        if isinstance(mn, CasketsMeaning):
            return self._caskets_words(i, mn, values)
        return "it is an empty slot"

    def _reason(self, i: int, placement: int, values: dict[int, bool]) -> str:
        return f"{self._about(i, True)} is {_v(values[i])}: {self._why(i, placement, values)}."

    # ------------------------------------------------------------------ loops
    def _settle(self, loop: tuple[int, ...], placement: int, values: dict[int, bool],
                why: list[str] | None) -> bool:
        """Every value the known ones force inside a loop (a statement whose meaning no longer
        depends on what is open); `why` (when given) gets one reason a fact, and the clash.
        False on a clash."""
        why = [] if why is None else why
        changed = True
        while changed:
            changed = False
            for s in loop:
                forced = forced_value(self.meanings[s], placement, values)
                if forced is None:
                    continue
                if s in values:
                    if values[s] != forced:
                        why.append(f"statement {s + 1} would have to be {_v(forced)} "
                                   f"({self._why(s, placement, values)}) and {_v(values[s])}")
                        return False
                    continue
                values[s] = forced
                why.append(f"statement {s + 1} is {_v(forced)}: "
                           f"{self._why(s, placement, values)}")
                changed = True
        return True

    # ------------------------------------------------------------------ placements
    story_type = WholeStory

    def _tell(self, placement: int, story: Story) -> None:
        assert isinstance(story, WholeStory)
        self._walk(placement, story)

    def _walk(self, placement: int, story: WholeStory) -> None:
        """The words: the statements in dependency order, loops split into cases, then the
        rules in every case left. Fills steps, key, found, cases and loop_kinds."""
        p = self.puzzle
        steps = story.steps
        story.splits = 0
        worlds: list[dict[int, bool]] = [{}]
        for comp in self.order:
            if not self._is_loop(comp):
                i = comp[0]
                mn = self.meanings[i]
                if isinstance(mn, FreeMeaning):
                    worlds = [{**w, i: v} for w in worlds for v in (True, False)]
                    steps.append(f"Statement {i + 1} ({p.names[p.owner(i)]}) is empty: it may "
                                 "be true or false.")
                    if len(worlds) > CASE_BUDGET:
                        raise TooLarge(f"the {len(worlds)} cases of the empty slots")
                    continue
                for w in worlds:
                    w[i] = holds(mn, placement, w)
                steps.append(self._reason(i, placement, worlds[0]) if len(worlds) == 1
                             else self._in_each_case(i, placement, worlds))
                continue
            worlds = self._split(comp, placement, worlds, story)
            if not worlds:
                break
        if not worlds:
            story.found = frozenset()
            story.cases = []
            return
        story.before_rules = len(worlds)
        kept = self._rules(placement, worlds, story)
        story.found = frozenset(sum(w.values()) for w in kept)
        story.cases = kept
        if len(steps) > LINE_BUDGET:
            raise TooLarge(f"the story (more than {LINE_BUDGET} lines)")

    def _split(self, comp: tuple[int, ...], placement: int, worlds: list[dict[int, bool]],
               story: WholeStory) -> list[dict[int, bool]]:
        """A loop split into cases in each case so far: the cases that stay consistent, and
        what the loop is here (paradox, undetermined or determined)."""
        p = self.puzzle
        steps = story.steps
        head = len(steps)  # the loop's first line goes here, once its cases are known
        new_worlds: list[dict[int, bool]] = []
        forced = True  # one case only in each case so far
        for k, w in enumerate(worlds):
            before, told = len(new_worlds), len(steps)
            for case in self._loop_cases(comp, placement, w, story):
                new_worlds.append({**w, **case})
                if len(new_worlds) > MAX_CASES:
                    raise TooManyCases(f"more than {MAX_CASES} cases")
            forced = forced and len(new_worlds) - before == 1
            if len(worlds) > 1 and len(steps) > told:
                # several cases so far: each one's lines under its label (the labels the
                # lines before gave them: "in case A true ...")
                steps[told:] = [f"    In case {case_label(k)}:"] + [f"  {line}"
                                                                     for line in steps[told:]]
            if len(steps) > LINE_BUDGET:
                raise TooLarge(f"the loop of statements {numbers(comp)} (more than "
                               f"{LINE_BUDGET} lines)")
        head_line = _loop_head(comp, forced and len(worlds) == 1, forced and len(worlds) == 1
                               and not any(line.lstrip().startswith("Case ")
                                           for line in steps[head:]))
        if len(comp) == 1:
            head_line = (f"Statement {comp[0] + 1} ({p.names[p.owner(comp[0])]}: "
                         f"\"{p.sentence(comp[0])}\") speaks of itself"
                         + head_line[head_line.index(" in a loop") + len(" in a loop"):])
        if forced and len(worlds) > 1:
            head_line = head_line.split(": try each case.")[0] + \
                ", but in each case so far only one way holds:"
        steps.insert(head, head_line)
        ways = {tuple(w[s] for s in comp) for w in new_worlds}
        if not new_worlds:
            story.loop_kinds[comp] = "paradox"
            steps.append("No case is consistent: the loop is a paradox here.")
            story.key = [f"The loop of statement{'s' if len(comp) > 1 else ''} "
                         f"{numbers(comp)} has no consistent case: a paradox."]
            return new_worlds
        story.loop_kinds[comp] = "undetermined" if len(ways) > 1 else "determined"
        if len(ways) > 1:
            more = (f"; with what came before, {len(new_worlds)} cases remain"
                    if len(new_worlds) != len(ways) else "")
            steps.append(f"The loop is undetermined here: it can be settled "
                         f"{len(ways)} ways{more}.")
        elif len(new_worlds) > 1:
            steps.append(f"{len(new_worlds)} cases remain consistent.")
        if len(new_worlds) > CASE_BUDGET:
            raise TooLarge(f"the {len(new_worlds)} cases left after the loop of statements "
                           f"{numbers(comp)}")
        return new_worlds

    def _summary(self, world: dict[int, bool]) -> str:
        p = self.puzzle
        said = _truth_list(world, range(p.size))
        if p.side_rules:
            return f"{said}: {casket_counts(p, world)}"
        return f"{said}: {_statements(sum(world.values()), True)} in all"

    def _rules(self, placement: int, worlds: list[dict[int, bool]],
               story: WholeStory) -> list[dict[int, bool]]:
        """Check each side rule in every case left; returns the cases that keep them all."""
        p = self.puzzle
        steps, key = story.steps, story.key
        rules = p.side_rules
        if len(worlds) == 1:
            return self._rules_one(placement, worlds[0], story)
        alive = list(range(len(worlds)))
        if rules or len(worlds) <= LIST_CASES:
            steps.append(f"The {len(worlds)} cases:")
            for number, w in enumerate(worlds):
                steps.append(f"    Case {case_label(number)}: {self._summary(w)}.")
        if len(worlds) <= LIST_CASES:
            key.append(f"{len(worlds)} cases fit the statements: " + "; ".join(
                f"in case {case_label(c)}, {self._summary(w)}" for c, w in enumerate(worlds))
                + ".")
        else:
            key.append(f"{len(worlds)} cases fit the statements.")
        for rule in rules:
            sentence = rule_sentence(rule, p.layout)
            left = []
            for c in alive:
                ok, why = rule_check(p, rule, placement, worlds[c])
                if ok:
                    left.append(c)
                else:
                    why += shortfall(p, rule, placement, worlds[c])
                    line = f'The rule "{sentence}" rules out case {case_label(c)}: {why}.'
                    steps.append(line)
                    if len(key) <= LIST_CASES:
                        key.append(line)
            if left and len(left) == len(alive):
                steps.append(f'The rule "{sentence}" holds in every case left.')
            alive = left
            if not alive:
                break
        if rules:
            if not alive:
                line = "No case keeps every rule."
            else:
                which = [case_label(c) for c in alive]
                line = (f"Case{'s' if len(which) > 1 else ''} {listing(which)} "
                        f"keep{'' if len(which) > 1 else 's'} every rule")
                if has_speaker(p.rules) and len(which) == 1:
                    line += f": {makers_line(p, worlds[alive[0]])}"
                line += "."
            steps.append(line)
            key.append(line)
        return [worlds[c] for c in alive]

    def _rules_one(self, placement: int, world: dict[int, bool], story: WholeStory
                   ) -> list[dict[int, bool]]:
        """:meth:`_rules` with one case left: the summary, then each rule until one fails."""
        p = self.puzzle
        said = self._summary(world)
        story.steps.append(f"So {said}.")
        story.key.append(f"{said[0].upper()}{said[1:]}.")
        for rule in p.side_rules:
            ok, why = rule_check(p, rule, placement, world)
            if not ok:
                why += shortfall(p, rule, placement, world)
            line = f'The rule "{rule_sentence(rule, p.layout)}" {"holds" if ok else "fails"}: {why}.'
            story.steps.append(line)
            story.key.append(line)
            if not ok:
                return []
        return [world]

    def _in_each_case(self, i: int, placement: int, worlds: list[dict[int, bool]]) -> str:
        """A statement read after a loop left several cases: its value in each case."""
        mn = self.meanings[i]
        head = self._about(i, True)
        seen = {w[i] for w in worlds}
        if isinstance(mn, (PortraitMeaning, AnyOfMeaning)):
            return f"{head} is {_v(seen.pop())} in every case: {self._why(i, placement, worlds[0])}."
        if len(worlds) > LIST_CASES:
            if len(seen) == 1:
                return f"{head} is {_v(seen.pop())} in every case: it follows the same way in each."
            true = sum(1 for w in worlds if w[i])
            return (f"{head} is true in {true} of the {len(worlds)} cases and false in the "
                    f"other {len(worlds) - true}, as the statements it speaks of are.")
        parts = [f"in case {case_label(number)} {_v(w[i])} ({self._why(i, placement, w)})"
                 for number, w in enumerate(worlds)]
        if len(seen) == 1:
            return f"{head} is {_v(seen.pop())} in every case: {'; '.join(parts)}."
        return f"{head} depends on the case: {'; '.join(parts)}."


def deducer(puzzle: Puzzle, engine=None) -> Deducer:
    """The deducer that words this puzzle: the six kinds of Definition 1 under the m rule, or
    the whole language."""
    from portia_tui.core.solve.engine import covers

    return Deducer(puzzle, engine) if covers(puzzle) else WholeDeducer(puzzle, engine)


def explain(puzzle: Puzzle, m: int | None = None, analysis: Analysis | None = None) -> str:
    """The whole explanation: each placement in turn, then the conclusion.

    The six kinds of Definition 1 under the m rule are told by :class:`Deducer`, the whole
    language (count and maker statements, Portia's other rules) by :class:`WholeDeducer`.
    When the loops leave more cases than the solver lists, it says so and gives each
    placement's verdict from the exact analysis (`analysis`, or one computed here) instead.
    """
    from portia_tui.core.explain.difficulty import RATE_STEPS, TOO_LARGE_TO_RATE, rate_within

    m = puzzle.m if m is None else m
    engine = None if analysis is None else analysis.evaluation
    told = deducer(puzzle, engine)
    engine = told.engine
    whole = isinstance(told, WholeDeducer)
    rating = rate_within(puzzle, m, engine, steps=RATE_STEPS) \
        if m is not None or puzzle.side_rules else None
    told.observed = observed(puzzle, m, rating)
    try:
        stories = told.stories()
    except TooManyCases as exc:
        if analysis is None:
            from portia_tui.core.solve.engine import analyse as engine_analyse

            analysis = engine_analyse(puzzle)
        parts = [f"The loops in this puzzle leave too many cases to list by hand ({exc}); "
                 "the SAT analysis is exact all the same:"]
        parts += [f"  {name}: "
                  + (placement_verdict(puzzle, i, analysis.true_counts[i], m) if whole
                     else count_verdict(name, analysis.true_counts[i], m))
                  for i, name in enumerate(puzzle.names)]
        fits = analysis.solution_names(m)

    else:
        parts = invariants(puzzle, m, stories, told.observed)
        parts += [s.text(puzzle, m) for s in stories]
        fits = [puzzle.names[s.placement] for s in stories
                if _fits(s.found if isinstance(s, WholeStory) and s.found is not None
                         else s.counts, m)]

    if len(fits) == 1:
        parts.append(f"Only the {fits[0]} casket fits: the portrait is in the {fits[0]} casket.")
        if has_speaker(puzzle.rules):
            values = engine.values(puzzle.names.index(fits[0]), m)
            if values is not None and all(v is not None for v in values):
                parts.append(f"{makers_line(puzzle, dict(enumerate(values)))}.")
            else:
                parts.append("Who made which casket is not settled: more than one way fits.")
        parts.append(rating.why(puzzle) if rating is not None else
                     f"Difficulty: {TOO_LARGE_TO_RATE} (over its budget of {RATE_STEPS:,} "
                     "steps).")
    elif not fits:
        what = ("every statement and every rule" if m is None
                else f"{m} true statements" if not puzzle.side_rules
                else f"every rule and {m} true statements")
        parts.append(f"No casket fits {what}: the puzzle has no solution.")
    else:
        parts.append(f"{len(fits)} caskets fit ({', '.join(fits)}): the puzzle has no unique solution.")

    return "\n".join(parts)


# =========================================================================== invariants
def _blocks(steps: list[str]) -> list[tuple[str, ...]]:
    """A story's steps in blocks: one statement's line, or a loop's lines (its first line,
    its cases, and what remains)."""
    out: list[list[str]] = []
    for line in steps:
        tail = line.startswith(" ") or line.endswith("cases remain consistent.") or \
            line.startswith("No case is consistent") or line.startswith("The loop is ")
        if tail and out and _loop_line(out[-1][0]):
            out[-1].append(line)
        else:
            out.append([line])
    return [tuple(b) for b in out]


def _common(puzzle: Puzzle, per: list[list[tuple[str, ...]]]) -> list[tuple[str, ...]]:
    """The blocks told word for word under every placement whose statements read only
    statements told up front too (so nothing said once leans on a step told later), in the
    order of the first story. A whole-language story's summary and rule lines stay its own:
    only what the statements give is said once."""
    refs = references(puzzle)
    said: set[int] = set()
    anywhere = {i for b in per[0] for i in _told(b[0])}  # (a walk cut short tells fewer)
    out = []
    for b in per[0]:
        told = _told(b[0])
        if not told or not all(b in other for other in per[1:]):
            continue
        if all(t in said or t in told or t not in anywhere for i in told for t in refs[i]):
            out.append(b)
            said |= told
    return out


def _told(head: str) -> set[int]:
    """The statements (0-based) a block's first line tells: "Statement 4 (...) is true: ...",
    "Statements 2, 3 and 7 speak of each other ..."; empty for other lines."""
    if not head.startswith("Statement"):
        return set()
    words = head.split(" (", 1)[0].split(" speak", 1)[0].split()[1:]
    return {int(w.strip(",")) - 1 for w in words if w.strip(",").isdigit()}


def _loop_line(line: str) -> bool:
    """Whether a step is a loop's first line (:func:`_loop_head`, or one statement that
    speaks of itself)."""
    return line.startswith("Statement") and (" in a loop" in line or "speaks of itself" in line)


def observed(puzzle: Puzzle, m: int | None, rating) -> list:
    """What the grader observes and counts with while ruling out each wrong casket (outside
    case splits), each once, in the order it makes them (difficulty.Grader.observe); none
    when the puzzle was too large to rate."""
    from portia_tui.core.explain.difficulty import BY_KEY, LID, Grader

    if rating is None:
        return []
    grader = Grader(puzzle, m)
    out: list = []
    for i, need in enumerate(rating.needs):
        if need is None or BY_KEY[need].rank < LID:
            continue
        for obs in grader.observe(i, BY_KEY[need].rank):
            if obs.case == 0 and all(o.key != obs.key for o in out):
                out.append(obs)
    # a lid or pair seen under every supposition that holds from the meanings alone holds
    # whatever the placement: said once up front (a count against m or the rules is the
    # grader's, under the supposition: the stories count against m at the end)
    every = set(range(len(puzzle.caskets)))
    merged: list = []
    for obs in out:
        general = obs._replace(placement=None)
        same = {o.placement for o in out if o._replace(placement=None).key == general.key}
        if obs.placement is not None and same == every and grader.holds_everywhere(general):
            if all(o.key != general.key for o in merged):
                merged.append(general)
        elif obs.placement is None or obs.what in ("lid", "pair"):
            merged.append(obs)
    return merged


def invariants(puzzle: Puzzle, m: int | None, stories: Sequence[Story],
               observed: Sequence = ()) -> list[str]:
    """What holds whatever the placement, said once before the placements: what the grader
    observes whatever the placement (`observed`: fixed lids, contradictory pairs, lids that
    can never be all false), then the fixed lids and contradictory pairs it did not need
    (a pair that is a whole lid is that lid), in the observations' own words; then every
    derivation the stories tell word for word under every placement (taken out of each
    story: the lines that read statements, not a whole-language story's summaries and rule
    checks)."""
    from portia_tui.core.explain.difficulty import Grader, observation_of

    grader = Grader(puzzle, m)
    portrait = (PortraitMeaning, AnyOfMeaning)
    said: list = [o for o in observed if o.placement is None]
    for b in grader.lids + grader.pairs:
        if all(isinstance(puzzle.meanings[i], portrait) for i in b.statements):
            continue  # the supposition settles them at once: nothing to say up front
        obs = observation_of(b)
        if all(o.statements != obs.statements or o.what not in ("lid", "pair")
               for o in said) and all(o.clash != obs.statements for o in said):
            said.append(obs)
    lines = [o.words(puzzle) for o in said]
    if len(stories) > 1 and all(s.too_large is None for s in stories):
        per = [_blocks(s.steps) for s in stories]
        common = _common(puzzle, per)
        for s, blocks in zip(stories, per):
            s.steps = [line for b in blocks if b not in common for line in b]
        shared = _shared(puzzle, stories)
        # one heading for the steps that go the same way under every placement, whichever
        # of the two finds them
        same = [line for head, block in shared if head == SAME_WAY for line in block]
        if common or same:
            lines.append(SAME_WAY)
            lines += [f"  {line}" for b in common for line in b] + same
        for head, block in shared:
            if head != SAME_WAY:
                lines += [head] + block
    return ["\n".join(lines)] if lines else []


#: the heading of the steps told once because they go the same way under every placement
SAME_WAY = "Whatever the placement, these steps go the same way:"


def _shared(puzzle: Puzzle, stories: Sequence[Story]) -> list[tuple[str, list[str]]]:
    """A loop's derivation told word for word under two placements or more (and not said up
    front already, as it reads statements told under each), said once before the
    placements, after the values outside the loop its words read (the same under each of
    them); each of those stories then points to it in one line. Only a
    loop's cases are worth it (one line said once would save nothing), and only where each
    of those placements settles every statement the loop reads from outside. Each block
    comes with its heading (:data:`SAME_WAY` when it needs nothing from outside and goes
    the same way under every placement)."""
    refs = references(puzzle)
    per = [_blocks(s.steps) for s in stories]
    lines: list[tuple[str, list[str]]] = []
    done: set[tuple[str, ...]] = set()
    for blocks in per:
        for b in blocks:
            told = _told(b[0])
            if len(b) < 2 or not told or not _loop_line(b[0]) or b in done:
                continue
            done.add(b)
            where = [k for k, other in enumerate(per) if b in other]
            if len(where) < 2:
                continue
            # the statements outside the loop its words read (the same values under each)
            said = _statement_numbers(" ".join(b[1:]))
            outside = sorted(t for t in {t for i in told for t in refs[i]} - told
                             if str(t + 1) in said)
            if any(stories[k].worlds != 1 or stories[k].settled is None for k in where):
                continue
            settled = [v for k in where if (v := stories[k].settled) is not None]
            if any(v[t] != settled[0][t] or v[t] is None for v in settled for t in outside):
                continue
            names = [f"the {puzzle.names[stories[k].placement]}" for k in where]
            every = len(where) == len(stories)
            alike = "Whatever the placement" if every else f"Under {_and(names)} placements alike"
            given = _truth_list(dict(enumerate(settled[0])), outside) if outside else ""
            head = (f"{alike}, {given}, so:" if given else SAME_WAY if every
                    else f"{alike}:")
            lines.append((head, [f"  {line}" for line in b]))
            point = (f"Statements {numbers(sorted(told))} go as said above "
                     + ("whatever the placement." if every
                        else f"under {_and(names)} placements alike."))
            for k in where:
                stories[k].steps = [line for c in per[k]
                                    for line in ((point,) if c == b else c)]
    return lines


#: "statement 4", "statements 1, 2 and 3" in a line of words (not a count such as the "2" of
#: "2 of all the statements")
_STATEMENTS = re.compile(r"\b[Ss]tatements? (\d+(?:(?:, | and )\d+)*)")


def _statement_numbers(text: str) -> set[str]:
    """The statement numbers a line of words names, as written (1-based)."""
    return {n for group in _STATEMENTS.findall(text) for n in re.findall(r"\d+", group)}


def _and(words: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


#: the work budget of :func:`explain_within`, in steps (as difficulty.RATE_STEPS counts them:
#: the loops' cases, the lids and pairs judged), over the rating's own
EXPLAIN_STEPS = 1_000_000


def explain_within(puzzle: Puzzle, m: int | None = None, analysis: Analysis | None = None,
                   steps: int | None = None) -> str:
    """:func:`explain` within a work budget of `steps` checks (EXPLAIN_STEPS by default);
    past it, one line saying the explanation is too large to work out (the analysis stays
    exact). A deadline or cancel in force outside still raises OutOfTime."""
    from portia_tui.core.solve.budget import Budget, OutOfTime

    steps = EXPLAIN_STEPS if steps is None else steps
    try:
        with Budget(steps=steps) as budget:
            return explain(puzzle, m, analysis)
    except OutOfTime as exc:
        if exc.steps is None or budget.checks <= steps:
            raise  # not this budget's
    return (f"The explanation is too large to work out step by step (over its budget of "
            f"{steps:,} steps); the analysis above is exact all the same.")
