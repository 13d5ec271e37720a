"""The assistant's marks and repairs under every rule kind (total at most / at least, each,
pure, bearing, makers), against brute force over every completion.

A puzzle that states rules but no m is solved by its rules: a casket fits when some world
consistent with the statements and the rules has the portrait there (any number of true
statements). Its marks must judge that, not "some m"."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from . import brute
from portia_tui.core.author.assistant import IMPOSSIBLE, REACHABLE, VALID, mark_choices, repairs
from portia_tui.core.language.model import Casket, Puzzle
from portia_tui.core.language.rules import Rule, rule_options
from portia_tui.core.language.vocabulary import EMPTY, VOCABULARIES, Layout, menu, options

NAMES = ("gold", "silver", "lead")
#: one family per rule kind; "total" split by its comparisons (exactly is the m rule)
RULE_FAMILIES = ("at_most", "at_least", "each", "pure", "bearing", "makers")


def _rule_menu(layout: Layout, family: str) -> list[Rule]:
    if family in ("at_most", "at_least"):
        op = family.replace("_", " ")
        return [r for r in rule_options(layout, ["total"]) if r.op == op]
    return rule_options(layout, [family])


def fill(puzzle: Puzzle, changes) -> Puzzle:
    for index, st_ in changes:
        ci = puzzle.owner(index)
        puzzle = puzzle.with_statement(ci, index - puzzle.layout.offset(ci), st_)
    return puzzle


@st.composite
def ruled_puzzles(draw, family: str):
    """2-3 caskets, 4-5 statements from the whole language, one rule of `family` (and
    sometimes m as well), one or two empty slots."""
    k = draw(st.integers(2, 3))
    counts = [2, 2] if k == 2 else [2, 1, 1]
    if k == 3 and draw(st.booleans()):
        counts = [2, 2, 1]
    layout = Layout(NAMES[:k], tuple(counts))
    rules = [draw(st.sampled_from(_rule_menu(layout, family)))]
    size = sum(counts)
    if draw(st.integers(0, 3)) == 0:
        rules.append(Rule("total", "exactly", draw(st.integers(0, size)), True))
    kinds = {r.kind for r in rules}
    caskets = []
    for ci, name in enumerate(NAMES[:k]):
        menus = [m for m in (options(layout, ci, [key], kinds) for key in VOCABULARIES["full"])
                 if m]
        caskets.append(Casket(name, tuple(draw(st.sampled_from(draw(st.sampled_from(menus))))
                                          for _ in range(counts[ci]))))
    puzzle = Puzzle(tuple(caskets), rules=rules).validate()
    empty = draw(st.lists(st.integers(0, size - 1), min_size=1, max_size=2, unique=True))
    return fill(puzzle, [(e, EMPTY) for e in empty])


def brute_marks(puzzle: Puzzle, slot: int, choices, target: int, vocabulary: str):
    """Brute force: fill the other empty slots every way, and judge each completed puzzle by
    its brute-force analysis (its m, else its rules)."""
    others = [e for e in puzzle.empty_slots if e != slot]
    out = []
    for x in choices:
        best = IMPOSSIBLE
        with_x = fill(puzzle, [(slot, x)])
        for combo in product(*(menu(with_x, e, vocabulary) for e in others)):
            sols = brute.analyse(fill(with_x, zip(others, combo))).solutions()
            if sols == (target,):
                best = VALID
                break
            if target in sols:
                best = REACHABLE
        out.append(best)
    return tuple(out)


def _check_marks(puzzle: Puzzle, data) -> None:
    slot = data.draw(st.sampled_from(puzzle.empty_slots))
    target = data.draw(st.integers(0, len(puzzle.caskets) - 1))
    choices = menu(puzzle, slot, "full")
    choices = data.draw(st.lists(st.sampled_from(choices), min_size=1, max_size=6,
                                 unique=True))
    got = mark_choices(puzzle, slot, choices, target, puzzle.m, vocabulary="portrait")
    assert got == brute_marks(puzzle, slot, choices, target, "portrait"), puzzle


def _check_repairs(puzzle: Puzzle, data) -> None:
    """Every repair makes the puzzle valid, and every valid single change is listed."""
    complete = fill(puzzle, [(e, data.draw(st.sampled_from(menu(puzzle, e, "portrait"))))
                             for e in puzzle.empty_slots])
    found = repairs(complete, "portrait")
    want = []
    for i, (_ci, current) in enumerate(complete.flat):
        for x in menu(complete, i, "portrait"):
            if x != current:
                sols = brute.analyse(fill(complete, [(i, x)])).solutions()
                if len(sols) == 1:
                    want.append((i, x, sols[0]))
    assert [(r.index, r.statement, r.solution) for r in found.statements] == want
    a = brute.analyse(complete)
    if complete.m is None:
        assert found.m == ()
    else:
        assert list(found.m) == [m for m in a.unique_m if m != complete.m]


def _family_test(family: str):
    @settings(max_examples=12, deadline=None)
    @given(ruled_puzzles(family), st.data())
    def test(puzzle, data):
        assert any(r.kind == family or r.op == family.replace("_", " ") for r in puzzle.rules)
        _check_marks(puzzle, data)
        _check_repairs(puzzle, data)

    test.__name__ = f"test_marks_and_repairs_equal_brute_force_under_{family}"
    return test


for _family in RULE_FAMILIES:
    globals()[f"test_marks_and_repairs_equal_brute_force_under_{_family}"] = \
        _family_test(_family)


def test_a_rules_only_puzzle_is_judged_by_its_rules_not_by_some_m():
    """Gold and silver both fit "At least 1 statement is true" (with 2 and 1 true statements):
    the puzzle is not valid, so the entry may not be marked valid, although m = 2 alone would
    single gold out."""
    layout = Layout(NAMES, (1, 1, 1))
    def in_(owner: int, casket: str):
        return next(x for x in options(layout, owner, ["in"]) if x.target == casket)

    in_gold = in_(2, "gold")
    puzzle = Puzzle((Casket("gold", (in_(0, "gold"),)), Casket("silver", (in_(1, "silver"),)),
                     Casket("lead", (EMPTY,))), rules=[Rule("total", "at least", 1, True)])
    assert brute.analyse(fill(puzzle, [(2, in_gold)])).solutions() == (0, 1)
    got = mark_choices(puzzle, 2, [in_gold], 0, None, vocabulary="portrait")
    assert got == (REACHABLE,)
