"""Playing a puzzle: judging a pick, and the hint ladder from gentle to full.

Everything a player is told comes from the engines (and no hint names a key: the interface
says which keys do what): whether a pick is right comes from the
exact SAT analysis (and, for a pack puzzle, must also match the pack's stored solution); the
words come from the deduction solver's story for that placement.

The ladder (``Coach.ladder``; ``Coach.hint(level)`` is its step `level`) teaches, never
tells: no step before the reveal says that the answer's casket fits, and the hardest wrong
casket is ruled out only by the reveal, so the hints never leave the answer alone.

1. **The key observation**: the first one the grader makes and counts with while ruling
   out the casket that needs the puzzle's hardest technique (then the other wrong caskets,
   hardest first; :meth:`.difficulty.Grader.observe`), in its own words
   (:class:`.difficulty.Observation`): a fixed lid ("whatever the placement, the gold casket
   bears exactly one true statement"), a contradictory pair, a lid that can never be all
   false (or all true), a count against the puzzle's total, or counts put together; under
   a supposition when the grader sees it only there ("Suppose the portrait is in the lead
   casket. With the portrait there, ..."). Without one: a statement false under every
   placement, a lid or pair the grader did not need, or **where to start**: a supposition to
   make and the statement to read first (the casket chosen without looking at the answer or
   m, see :meth:`Coach.first_placement`).
2. **Rule out one wrong casket** per step, the easiest first (by the technique the grader
   needs for it), with its reason: what the statements give under the supposition and why
   the count or a rule fails. Every wrong casket but the hardest gets a step.
3. **The last step**: the technique the hardest wrong casket needs, and where to apply it
   (the statement to split on), without naming the casket.

Then the **reveal**: the answer, the reason the hardest wrong casket fails, and why the
answer fits. In the player, reveal shows the whole explanation (:meth:`Coach.explanation`).
Each step carries the caskets it rules out and the caskets it says fit (only the reveal
says one fits); ``portia hint FILE --json`` prints them.

Puzzles in the whole language (count and maker statements, Portia's rules beyond m) climb the
same ladder: the reasons give the story's key lines (what the statements give and which rule
decides).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Iterable

from portia_tui.core.explain.deduction import (Deducer, Story, TooManyCases, WholeStory, deducer,
                                               explain_within, placement_verdict)
from portia_tui.core.explain.difficulty import (BY_KEY, LID, RATE_STEPS, Block, Grader,
                                                Observation, Rating, false_everywhere,
                                                observation_of,
                                                rate_within)
from portia_tui.core.solve.budget import Budget, OutOfTime
from portia_tui.core.language.model import Puzzle
from portia_tui.core.solve.engine import analyse, covers
from portia_tui.core.solve.semantics import Analysis
from portia_tui.core.language.vocabulary import AnyOfMeaning, PortraitMeaning, refers_to
from portia_tui.core.language.words import numbers, truth_list, verdict

#: the number of hint steps before the reveal with three caskets (k caskets: k steps)
HINT_LEVELS = 3
#: the work budget of the hint ladder beyond the rating's own (difficulty.RATE_STEPS), in the
#: same steps: its observations (contradictory pairs, fixed lids) and each casket's reasons
HINT_STEPS = 1_000_000


class HintsTooLarge(Exception):
    """The hint ladder of a puzzle is past its work budget: `part` is "rating" (the
    rating, which orders the steps, is over RATE_STEPS) or "hints" (the observations and
    reasons are over HINT_STEPS); `steps` that budget. The player and `portia hint` say the
    puzzle is too large for hints."""

    def __init__(self, part: str, steps: int):
        self.part = part
        self.steps = steps
        super().__init__(f"too large for hints: its {part} is over its budget of "
                         f"{steps:,} steps")

    def __reduce__(self):  # (the player's child process sends a Coach back whole)
        return HintsTooLarge, (self.part, self.steps)


@dataclass(frozen=True)
class Verdict:
    """What a pick means: right or wrong, and why."""

    placement: int
    correct: bool
    #: every achievable number of true statements with the portrait in this casket
    counts: frozenset[int]
    #: "Right: the portrait is in the gold casket." / "Wrong: not the lead casket."
    headline: str
    #: why: the statements true under the placement and the count against m
    reason: str

    @property
    def text(self) -> str:
        return f"{self.headline} {self.reason}"


@dataclass(frozen=True)
class Hint:
    level: int
    title: str
    text: str
    #: the placement the hint is about (a supposition to make, a casket ruled out), else None
    placement: int | None = None
    #: the caskets this step rules out, and those it says fit (only the reveal names one)
    rules_out: tuple[str, ...] = ()
    fits: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        return {"text": self.text, "rules_out": list(self.rules_out), "fits": list(self.fits)}


class Coach:
    """Judges picks and gives hints for one puzzle (exact analysis + deduction stories)."""

    def __init__(self, puzzle: Puzzle, stored_solution: str | None = None):
        self.puzzle = puzzle
        self.stored_solution = stored_solution
        self.analysis: Analysis = analyse(puzzle)
        self._stories: dict[int, Story | None] = {}
        self._ladder: tuple[Hint, ...] | HintsTooLarge | None = None

    # ------------------------------------------------------------------ validity
    @property
    def solutions(self) -> tuple[int, ...]:
        return self.analysis.solutions()

    @cached_property
    def problem(self) -> str | None:
        """Why this puzzle cannot be played honestly, or None when it can."""
        p, sols = self.puzzle, self.solutions
        names = [p.names[i] for i in sols]
        if len(sols) != 1:
            return (f"This puzzle cannot be played, {verdict(names, p.m)}: no single answer "
                    "can be called right.")
        if self.stored_solution is not None and self.stored_solution != names[0]:
            return (f"The pack says the portrait is in the {self.stored_solution} casket, but the "
                    f"analysis finds the {names[0]} casket: this puzzle entry is broken.")
        return None

    @property
    def playable(self) -> bool:
        return self.problem is None

    @property
    def solution(self) -> int | None:
        """The casket index holding the portrait, when the puzzle is playable."""
        return self.solutions[0] if self.playable else None

    # ------------------------------------------------------------------ stories
    @cached_property
    def _deducer(self) -> Deducer:
        return deducer(self.puzzle, self.analysis.evaluation)

    @cached_property
    def whole(self) -> bool:
        """Whether the puzzle speaks beyond the six kinds and m (count or maker statements,
        other rules): its stories carry their key lines, worked out with the words."""
        return not covers(self.puzzle)

    def story(self, placement: int) -> Story | None:
        """The deduction solver's story for a placement (None when it gives up); worked out
        once per placement, since judging and every hint step read it again. A whole-language
        story is told in words, for its key lines (what the statements give, which rule
        decides)."""
        if placement not in self._stories:
            try:
                self._stories[placement] = self._deducer.story(placement, explain=self.whole)
            except TooManyCases:
                self._stories[placement] = None
        return self._stories[placement]

    def key_lines(self, placement: int) -> str:
        """A whole-language story's key lines in one paragraph ('' for the six kinds, or when
        the story is too large to tell)."""
        story = self.story(placement)
        if not isinstance(story, WholeStory) or story.too_large:
            return ""
        return " ".join(story.key)

    def counts(self, placement: int) -> frozenset[int]:
        """Exact achievable true counts under a placement (SAT analysis)."""
        return self.analysis.true_counts[placement]

    def verdict_sentence(self, placement: int) -> str:
        """Whether the placement fits m, in words. A placement with no consistent assignment is
        a paradox; otherwise the deduction story's verdict when it agrees with the exact
        analysis, else a sentence built from the exact counts."""
        if not self.counts(placement) and not (self.whole and self.puzzle.side_rules):
            name = self.puzzle.names[placement]
            return (f"No assignment of true and false fits every statement with the portrait in "
                    f"the {name} casket (a paradox): the portrait cannot be there.")
        return self._verdict(placement)

    def _verdict(self, placement: int) -> str:
        """The deduction verdict, or one from the exact counts when the two disagree."""
        story = self.story(placement)
        if story is not None and story.counts == self.counts(placement):
            return story.verdict(self.puzzle)
        return self._verdict_from_counts(placement)

    def _verdict_from_counts(self, placement: int) -> str:
        return placement_verdict(self.puzzle, placement, self.counts(placement), self.puzzle.m)

    def which_true(self, placement: int, capital: bool = True) -> str:
        """'Statements 1 and 3 are true, statement 2 is false.' when every statement is settled
        under the placement; a sentence about the cases otherwise."""
        story = self.story(placement)
        if story is None or not story.worlds:
            return ""
        values = story.values()
        assert values is not None
        text = truth_list(values, range(len(values)))
        if story.worlds > 1:
            undecided = [i for i, v in enumerate(values) if v is None]
            text = (f"{story.worlds} consistent cases remain; statements "
                    f"{numbers(undecided)} differ between them"
                    + (f"; in every case {text}" if text else ""))
        return (text[0].upper() if capital else text[0]) + text[1:] + "."

    # ------------------------------------------------------------------ judging
    def judge(self, placement: int) -> Verdict:
        """Right or wrong, with the reason. Only a playable puzzle has a right pick."""
        p = self.puzzle
        name = p.names[placement]
        correct = self.playable and placement == self.solution
        counts = self.counts(placement)
        key = self.key_lines(placement)
        if key:  # the whole language: what the statements give and which rule decides
            headline = (f"Right: the portrait is in the {name} casket." if correct
                        else f"Wrong: not the {name} casket." if self.playable
                        else f"The {name} casket (this puzzle has no single answer):")
            reason = f"With the portrait there: {key} {self.verdict_sentence(placement)}"
        elif correct:
            headline = f"Right: the portrait is in the {name} casket."
            reason = self.verdict_sentence(placement)
        else:
            # an invalid puzzle has no right pick: say what the placement gives, not "wrong"
            headline = (f"Wrong: not the {name} casket." if self.playable
                        else f"The {name} casket (this puzzle has no single answer):")
            settled = self.which_true(placement, capital=False)
            reason = f"With the portrait there, {settled} " if settled else ""
            reason += self.verdict_sentence(placement)
        return Verdict(placement, correct, counts, headline, reason)

    # ------------------------------------------------------------------ hints
    def first_placement(self, exclude: Iterable[int] = ()) -> int:
        """The supposition hint 1 suggests (see the module docstring): never chosen with the
        answer or m, so it tells nothing about where the portrait is. Caskets in `exclude`
        (those the player has already ruled out) are skipped while others remain."""
        every = list(range(len(self.puzzle.caskets)))
        skip = set(exclude)
        candidates = [i for i in every if i not in skip] or every

        def key(i: int) -> tuple[int, int]:
            story = self.story(i)
            # the statements alone, never the rules (they would tell where the portrait is)
            worlds = (story.before_rules if isinstance(story, WholeStory) and not
                      story.too_large else None if self.whole else
                      story.worlds if story is not None else None)
            settled = worlds == 1
            return (0 if settled else 1, i)

        return min(candidates, key=key)

    def first_statement(self, placement: int) -> int:
        """The statement to read first under a supposition: one about the portrait (the
        supposition settles it at once) that most other statements speak of; without such a
        statement, the one most others speak of. Ties go to the lowest number."""
        meanings = self.puzzle.meanings
        spoken_of = [0] * self.puzzle.size
        for mn in meanings:
            for t in refers_to(mn):
                spoken_of[t] += 1
        portrait = [i for i, mn in enumerate(meanings)
                    if isinstance(mn, (PortraitMeaning, AnyOfMeaning))]
        pool = portrait or list(range(self.puzzle.size))
        return min(pool, key=lambda i: (-spoken_of[i], i))

    def start_text(self, i: int) -> str:
        """Where to start: a supposition and the statement to read first (hint 1 when the
        puzzle has no key observation)."""
        p = self.puzzle
        j = self.first_statement(i)
        owner = p.names[p.owner(j)]
        said = f'statement {j + 1} ({owner}: "{p.sentence(j)}")'
        speakers = [t for t, mn in enumerate(p.meanings) if t != j and j in refers_to(mn)]
        if isinstance(p.meanings[j], (PortraitMeaning, AnyOfMeaning)):
            why = "it speaks of where the portrait is, so the supposition settles it at once"
        else:
            why = ("no statement speaks of the portrait, so suppose it true, follow what "
                   "follows, then suppose it false")
        follow = (f"; then statement{'s' if len(speakers) > 1 else ''} {numbers(speakers)}, "
                  f"which speak{'' if len(speakers) > 1 else 's'} of it" if speakers else "")
        if p.side_rules or p.m is None:
            rules = "; ".join(f'"{r}"' for r in p.rule_sentences())
            check = (f"then check Portia's rule{'s' if len(p.rules) > 1 else ''} ({rules}) "
                     "against the true and false statements")
        else:
            check = f"count the true ones and compare the count with {p.m}"
        return (f"Suppose the portrait is in the {p.names[i]} casket (casket {i + 1} from the "
                f"left). Read {said} first: {why}{follow}. Work out every statement that way, "
                f"{check}. This says nothing about whether the portrait is really there.")

    @property
    def hint_levels(self) -> int:
        """The hint steps before the reveal: one per casket (none for an unplayable puzzle)."""
        return max(1, len(self.puzzle.caskets)) if self.playable else 0

    def hint(self, level: int, placement: int | None = None) -> Hint:
        """Hint step `level` (1 to hint_levels) of the ladder. `placement` is kept for
        callers that fixed a supposition: the ladder is the same for everyone."""
        if not 1 <= level <= self.hint_levels:
            raise ValueError(f"hint levels are 1 to {self.hint_levels}")
        return self.ladder[level - 1]

    @cached_property
    def rating(self) -> Rating | None:
        """The grader's rating within its work budget (None: too large to rate)."""
        return rate_within(self.puzzle, solutions=self.solutions, steps=RATE_STEPS)

    @property
    def ladder(self) -> tuple[Hint, ...]:
        """Every hint step, then the reveal (see the module docstring). An unplayable puzzle
        has only the reveal: why it cannot be played. Raises HintsTooLarge (every time, worked
        out once) when the rating or the steps are past their work budgets; a deadline or
        cancel in force outside raises OutOfTime."""
        if self._ladder is None:
            try:
                with Budget(steps=HINT_STEPS) as budget:
                    self._ladder = self._make_ladder()
            except OutOfTime as exc:
                if exc.steps is None or budget.checks <= HINT_STEPS:
                    raise  # not this budget's
                self._ladder = HintsTooLarge("hints", HINT_STEPS)
            except HintsTooLarge as exc:
                self._ladder = exc
        if isinstance(self._ladder, HintsTooLarge):
            raise self._ladder
        return self._ladder

    @property
    def too_large(self) -> HintsTooLarge | None:
        """Why this puzzle has no hints (its ladder is past its budget), else None; works the
        ladder out if it was not yet."""
        try:
            _ = self.ladder
        except HintsTooLarge as exc:
            return exc
        return None

    def _rated(self) -> Rating:
        rating = self.rating
        if rating is None:
            raise HintsTooLarge("rating", RATE_STEPS)
        return rating

    def _make_ladder(self) -> tuple[Hint, ...]:
        p = self.puzzle
        if not self.playable:
            return (Hint(1, "No single answer", self.problem or "", None, (),
                         tuple(p.names[i] for i in self.solutions)),)
        answer = self.solution
        assert answer is not None
        needs = self._rated().needs
        wrong = sorted((i for i in range(len(p.caskets)) if i != answer),
                       key=lambda i: (BY_KEY[needs[i] or "suppose"].rank, i))
        steps = [self._first_hint()]
        steps += [self._rule_out(i) for i in wrong[:-1]]
        if wrong:
            steps.append(self._last_step(wrong[-1]))
        steps.append(self._reveal(answer, wrong[-1] if wrong else None))
        return tuple(Hint(n, h.title, h.text, h.placement, h.rules_out, h.fits)
                     for n, h in enumerate(steps, 1))

    def _first_hint(self) -> Hint:
        """The key observation, or where to start."""
        said = self.observation()
        if said is not None:
            key = self.key_observation()
            return Hint(1, "A key observation", said, None if key is None else key.placement)
        i = self.first_placement()
        return Hint(1, "Where to start", self.start_text(i), i)

    def observation(self) -> str | None:
        """The puzzle's key observation in words (None when it has none): the first the
        grader makes while ruling out the casket that needs its hardest technique (then the
        other wrong caskets, hardest first), worded by the observation itself (see
        :class:`.difficulty.Observation`); without one, a statement false under every
        placement, a fixed lid or contradictory pair the grader did not need, or two portrait
        statements that contradict each other (Smullyan's first casket's aha)."""
        p = self.puzzle
        found = self.key_observation()
        if found is not None:
            return self._observation_text(found)
        grader = Grader(p, p.m)
        said = [self._false_text(i) for i in false_everywhere(p)]
        # a lid or pair the grader does not need is still worth seeing
        said += [self._observation_text(observation_of(b)) for b in grader.lids + grader.pairs
                 if not _portrait_only(p, b.statements)]
        said += [self._pair_text(b) for b in grader.pairs if _portrait_only(p, b.statements)]
        return said[0] if said else None

    def key_observation(self) -> Observation | None:
        """The first observation (outside any case split) the grader makes and counts with,
        on the wrong caskets in the order :meth:`observation` says; None when it needs none."""
        return None if self._key is None else self._key[0]

    @cached_property
    def _key(self) -> tuple[Observation, int] | None:
        """(the key observation, the wrong casket whose ruling out it comes from)."""
        rating = self._rated()
        needs = rating.needs
        wrong = [i for i, need in enumerate(needs) if need is not None]
        wrong.sort(key=lambda i: (i != rating.placement, -BY_KEY[needs[i] or "suppose"].rank, i))
        grader = Grader(self.puzzle, self.puzzle.m)
        for i in wrong:
            rank = BY_KEY[needs[i] or "suppose"].rank
            if rank < LID:
                continue  # supposing and following make no observation
            got = [o for o in grader.observe(i, rank) if o.case == 0]
            if got:
                return got[0], i
        return None

    def _uses_key(self, i: int) -> bool:
        """Whether the grader's ruling out of wrong casket i makes the key observation."""
        if self._key is None:
            return False
        obs, casket = self._key
        if casket == i:
            return True
        rank = BY_KEY[self._rated().needs[i] or "suppose"].rank
        return rank >= LID and obs.placement is None and any(
            o.key == obs.key for o in Grader(self.puzzle, self.puzzle.m).observe(i, rank))

    def _observation_text(self, obs: Observation) -> str:
        p = self.puzzle
        if obs.placement is None:
            text = obs.words(p, quote=True)
        else:
            text = (f"Suppose the portrait is in the {p.names[obs.placement]} casket. With the "
                    f"portrait there, {obs.fact(p, quote=True)}.")
        if obs.what in ("lid", "pair"):
            text += (" That count needs no case split: use it when you count against "
                     f"{self._target()}.")
        return text

    def _quote(self, i: int) -> str:
        p = self.puzzle
        return f'statement {i + 1} ({p.names[p.owner(i)]}: "{p.sentence(i)}")'

    def _pair_text(self, block: Block) -> str:
        a, b = block.statements
        text = (f"Compare {self._quote(a)} with {self._quote(b)}: whatever the placement, "
                "exactly one of the two is true.")
        return text[0].upper() + text[1:] + " Together they count one true statement."

    def _false_text(self, i: int) -> str:
        text = (f"{self._quote(i)} is false whatever the placement: what it says can never "
                "hold. Count it false from the start.")
        return text[0].upper() + text[1:]

    def _target(self) -> str:
        p = self.puzzle
        return str(p.m) if p.m is not None else "Portia's rules"

    def _rule_out(self, i: int) -> Hint:
        """A step that rules out wrong casket i with its reason."""
        name = self.puzzle.names[i]
        technique = BY_KEY[self._rated().needs[i] or "suppose"]
        text = (f"Suppose the portrait is in the {name} casket. With the portrait there, "
                f"{self._reason(i)} (Technique: {technique.name}.)")
        return Hint(0, f"Rule out the {name} casket", text, i, (name,))

    def _last_step(self, i: int) -> Hint:
        """The technique the hardest wrong casket needs, without naming the casket."""
        technique = BY_KEY[self._rated().needs[i] or "suppose"]
        text = (f"One more casket is to be ruled out. The technique it needs: "
                f"{technique.name} ({technique.step}).")
        if technique.key not in ("split", "nested") and self._uses_key(i):
            text += " The key observation of hint 1 is what it takes."
        point = Grader(self.puzzle, self.puzzle.m).split_point(i) \
            if technique.key in ("split", "nested") else None
        if point is not None:
            j, value = point
            text += (f" Under that casket's supposition, try {self._quote(j)} "
                     f"{'true' if value else 'false'} and follow it.")
        return Hint(0, "The last step", text)

    def _reveal(self, answer: int, last: int | None) -> Hint:
        p = self.puzzle
        name = p.names[answer]
        text = f"The portrait is in the {name} casket."
        if last is not None:
            text += (f" The {p.names[last]} casket is ruled out: with the portrait there, "
                     f"{self._reason(last)}")
        text += f" With the portrait in the {name} casket, {self._reason(answer)}"
        return Hint(0, "The answer", text, answer,
                    () if last is None else (p.names[last],), (name,))

    def _reason(self, i: int) -> str:
        """What the statements give under placement i and the verdict, as one clause."""
        key = self.key_lines(i)
        if key:
            return f"{key[0].lower()}{key[1:]} {self.verdict_sentence(i)}"
        settled = self.which_true(i, capital=False)
        return f"{settled} {self.verdict_sentence(i)}" if settled else self.verdict_sentence(i)

    def reveal(self) -> Hint:
        return self.ladder[-1]

    def explanation(self) -> str:
        """The full step-by-step explanation (deduction solver), for reveal and after a right
        answer; the verdicts from the exact analysis when the deduction solver gives up;
        past its work budget, one line that says so (deduction.explain_within)."""
        return explain_within(self.puzzle, analysis=self.analysis)

    def answer_sentence(self) -> str:
        if self.solution is None:
            return self.problem or ""
        return f"The portrait is in the {self.puzzle.names[self.solution]} casket."


def _portrait_only(puzzle: Puzzle, statements: Iterable[int]) -> bool:
    """Whether every one of the statements speaks only of where the portrait is (a lid of
    them is fixed by the supposition anyway: no observation)."""
    return all(isinstance(puzzle.meanings[i], (PortraitMeaning, AnyOfMeaning))
               for i in statements)
