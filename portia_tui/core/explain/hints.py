"""Playing a puzzle: judging a pick, and the hint ladder from gentle to full.

Everything a player is told comes from the engines (and no hint names a key: the interface
says which keys do what): whether a pick is right comes from the
exact SAT analysis (and, for a pack puzzle, must also match the pack's stored solution); the
words come from the deduction solver's story for that placement.

The ladder (``Coach.hint(level)``):

1. **Where to start**: a supposition to make and the statement to read first. The casket is
   chosen without looking at the answer or m, so the hint eliminates no casket: the first (in
   casket order) whose supposition settles every statement (no loop to split by cases), else
   the first; caskets the player has already ruled out by a wrong pick are skipped while others
   remain. The statement is one about the portrait (settled at once by the supposition) that
   most other statements speak of (see :meth:`Coach.first_statement`).
2. **One count**: the statements true under that placement and their number, against m.
3. **Every count**: the true count under each placement, and which placements fit m.

Then *reveal* (``Coach.explanation()``) is the deduction solver's whole step-by-step story.

Puzzles in the whole language (count and maker statements, Portia's rules beyond m) climb the
same ladder on the whole-language stories: hint 1 asks to check the rules instead of counting
(the casket still chosen from the statements alone, never the rules), hint 2 and a judged pick
give the story's key lines (what the statements give under the placement and which rule
decides, who made which casket), hint 3 every placement's counts under the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Iterable

from portia_tui.core.explain.deduction import (Deducer, Story, TooManyCases, WholeStory, deducer, explain,
                        placement_verdict)
from portia_tui.core.language.model import Puzzle
from portia_tui.core.solve.engine import analyse, covers
from portia_tui.core.solve.semantics import Analysis
from portia_tui.core.language.vocabulary import AnyOfMeaning, PortraitMeaning, refers_to
from portia_tui.core.language.words import numbers, truth_list, verdict

#: the number of hint steps before reveal
HINT_LEVELS = 3


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
    #: the placement the hint is about (level 1 and 2), else None
    placement: int | None = None


class Coach:
    """Judges picks and gives hints for one puzzle (exact analysis + deduction stories)."""

    def __init__(self, puzzle: Puzzle, stored_solution: str | None = None):
        self.puzzle = puzzle
        self.stored_solution = stored_solution
        self.analysis: Analysis = analyse(puzzle)
        self._stories: dict[int, Story | None] = {}

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

    def _start_text(self, i: int) -> str:
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

    def hint(self, level: int, placement: int | None = None) -> Hint:
        """Hint step `level`; steps 1 and 2 speak of `placement` (first_placement() when None)."""
        p = self.puzzle
        if level == 1:
            i = self.first_placement() if placement is None else placement
            return Hint(1, "Where to start", self._start_text(i), i)
        if level == 2:
            i = self.first_placement() if placement is None else placement
            name = p.names[i]
            key = self.key_lines(i)
            settled = self.which_true(i, capital=False)
            if key:
                text = f"With the portrait in the {name} casket: {key} "
            else:
                text = f"With the portrait in the {name} casket, {settled} " if settled else ""
            text += self.verdict_sentence(i)
            title = ("The rules" if key and p.side_rules else "The count") + \
                f" with the portrait in the {name} casket"
            return Hint(2, title, text, i)
        if level == 3:
            if p.side_rules or p.m is None:
                said = "; ".join(f'"{r}"' for r in p.rule_sentences())
                lines = [f"Portia's rule{'s' if len(p.rules) > 1 else ''}: {said}. Under each "
                         "placement, the true statements the statements and rules allow:"]
                impossible = "impossible (no assignment keeps every statement and rule)"
            else:
                lines = [f"The puzzle says exactly {p.m} true. Under each placement:"]
                impossible = "impossible (a paradox)"
            solutions = self.analysis.solutions()
            for i, name in enumerate(p.names):
                counts = sorted(self.counts(i))
                if counts:
                    shown = " or ".join(map(str, counts)) + " true"
                else:
                    shown = impossible
                mark = "fits" if i in solutions else "does not fit"
                lines.append(f"  {i + 1} {name}: {shown} - {mark}")
            return Hint(3, "The counts under every placement", "\n".join(lines))
        raise ValueError(f"hint levels are 1 to {HINT_LEVELS}")

    def explanation(self) -> str:
        """The full step-by-step explanation (deduction solver), for reveal and after a right
        answer; the verdicts from the exact analysis when the deduction solver gives up."""
        return explain(self.puzzle, analysis=self.analysis)

    def answer_sentence(self) -> str:
        if self.solution is None:
            return self.problem or ""
        return f"The portrait is in the {self.puzzle.names[self.solution]} casket."
