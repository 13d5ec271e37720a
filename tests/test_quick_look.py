"""The island generator's quick look (core/packs/islands.py, _Screen) builds a shell's
grader solver once and adds each candidate's statements (reasoning.Solver.saying), and grades
only as far as the level asked for (reasoning.grade_solver's `upto`). Both must be exact:
the same solver as one built whole, and the same verdict ("of this level, solved") as the
whole grade, whose steps it shares up to where it stops (the werewolves' walk steers by
them). Candidates come from the generator's own draw, a few dozen, so this stays lean."""

from __future__ import annotations

import random

import pytest

from portia_tui.core.explain.reasoning import LEVELS, Solver, grade_solver
from portia_tui.core.language.formulas import meaning_memo
from portia_tui.core.packs import islands
from portia_tui.core.solve.general import Evaluation


def _candidates(family: str, size: int, level: str, count: int, one: bool = False):
    """(shell, Evaluation, the statements as (speaker, meaning), ids, spoken of) of
    `count` drawn candidates with at least one world (`one`: with one answer, as the quick
    look grades)."""
    settings = islands.IslandSettings(family=family, size=size, difficulty=level, seed=5,
                                      grammar="rich")
    fam = islands.FAMILIES[family]
    rng = random.Random(5)
    screen = islands._Screen(level, True)
    memo: dict[str, int] = {}
    out = []
    while len(out) < count:
        ents, says, shell = islands._drawn(settings, rng, screen)
        ev = screen.ev or Evaluation(shell)
        screen.ev = ev
        try:
            plain = islands._unfolded(says) if fam.signs else says
        except islands._Loop:  # signs in a ring: the quick look hands them to the full check
            continue
        said = [(e, meaning_memo(f, shell.scope(), ev.alg, memo)) for e, f in zip(ents, plain)]
        spoken = islands._spoken_of(says) if fam.signs else set()
        whole = Solver(shell, ev, said, memo, islands._ids(len(says)), spoken)
        worlds = ev.full
        for m in whole.masks:
            worlds &= m
        if worlds and (not one or screen._one_answer(ev, worlds)):
            out.append((shell, ev, said, memo, islands._ids(len(says)), spoken, whole))
    return out


CASES = [("werewolves", 5, "tricky"), ("knights-knaves", 6, "fiendish"),
         ("lady-tiger", 4, "tricky")]


@pytest.mark.parametrize("family, size, level", CASES)
def test_a_solver_saying_statements_is_the_solver_built_whole(family, size, level):
    for shell, ev, said, memo, ids, spoken, whole in _candidates(family, size, level, 12):
        base = Solver(shell, ev, [], memo)
        added = base.saying(said, ids, spoken)
        assert added.cells == whole.cells
        assert added.masks == whole.masks
        assert added.sources == whole.sources
        assert {c: added.values[c] for c in added.cells} == whole.values
        assert all(added.atom[k] == v for k, v in whole.atom.items())
        assert base.masks == Solver(shell, ev, [], memo).masks  # the shell's left as it was
        for e, t in said:
            assert added.obeys(e, t) == whole.obeys(e, t)


@pytest.mark.parametrize("family, size, level", CASES)
def test_a_grade_up_to_a_level_decides_as_the_whole_grade(family, size, level):
    for _shell, _ev, _said, _memo, _ids, _spoken, whole in _candidates(family, size, level, 8,
                                                                               one=True):
        full = grade_solver(whole)
        for upto in LEVELS:
            part = grade_solver(whole, upto)
            assert (part.solved and part.level == upto) == (full.solved and full.level == upto)
            if LEVELS.index(full.level) <= LEVELS.index(upto) and full.solved:
                assert part == full  # within the level: the whole grade
            else:
                assert not part.solved
                assert part.steps == full.steps[:len(part.steps)]  # the same steps so far
