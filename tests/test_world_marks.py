"""The Algorithm 2 marks of the truth-puzzle editor, checked against a brute force over every
filling of the other empty slots (each complete puzzle solved by tests/world_brute.py, which
shares no meaning code with the engines), and the analysis panel's summary."""

from __future__ import annotations

import ast
import json
from itertools import product
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from portia_tui.core.author import world_editing as we
from portia_tui.core.author import world_marks as mk
from portia_tui.core.author import world_menus as wm
from portia_tui.core.solve.general import solve

from .conftest import examples
from .world_brute import brute

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles" / "truth"
SMALL = [("knights-knaves", 2, 2), ("knights-knaves", 3, 1), ("werewolves", 2, 1),
         ("werewolves", 3, 1), ("lady-tiger", 2, 1), ("lady-tiger", 3, 1),
         ("labyrinth", 3, 1), ("lady-tiger", 2, 2)]


def _key(answer) -> str:
    return json.dumps(answer, sort_keys=True)


def brute_marks(draft, sid, target, entries, menus, solved=None):
    """★ / ✓ / ✗ by trying every filling of the other empty slots from their menus.
    `solved`: a dict that keeps each filling's brute-force answers for the next target of
    the same draft (the same puzzles, solved once)."""
    others = sorted(draft.empty - {sid})
    want = _key(target)
    solved = {} if solved is None else solved
    out = []
    for f in entries:
        mark = "impossible"
        for filling in product(*[menus[o] for o in others]):
            answers = solved.get((f, filling))
            if answers is None:
                d = draft.with_statement(sid, f)
                for o, g in zip(others, filling):
                    d = d.with_statement(o, g)
                answers = {_key(ast.literal_eval(a)) for a in brute(d.analysed())["answers"]}
                solved[f, filling] = answers
            if answers == {want}:
                mark = "valid"
                break
            if want in answers:
                mark = "reachable"
        out.append(mark)
    return out


@st.composite
def cases(draw, shape=None):
    """A draft of `shape` (family, size, statements each; any of SMALL when None), one slot
    to mark, up to two other empty slots with a few entries of their menus, and a target."""
    family, size, per = shape if shape is not None else draw(st.sampled_from(SMALL))
    draft = we.blank(family, size, statements=per)
    slots = [s.id for s in draft.slots]
    sid = draw(st.sampled_from(slots))
    empties = {sid}
    for other in slots:
        if other == sid:
            continue
        menu = wm.slot_menu(draft, other)
        if len(empties) < 3 and draw(st.booleans()):
            empties.add(other)
            continue
        draft = draft.with_statement(other, draw(st.sampled_from(menu)).formula)
    menus = {}
    for other in sorted(empties - {sid}):
        menu = wm.slot_menu(draft, other)
        menus[other] = [e.formula for e in draw(st.lists(st.sampled_from(menu), min_size=1,
                                                         max_size=3, unique=True))]
    menu = wm.slot_menu(draft, sid)
    entries = [e.formula for e in draw(st.lists(st.sampled_from(menu), min_size=1,
                                                 max_size=6, unique=True))]
    if draw(st.booleans()):
        try:
            entries.append(wm.compound(draft, sid, draw(st.sampled_from(list(wm.CONNECTIVES))),
                                       draw(st.sampled_from(menu)).formula,
                                       draw(st.sampled_from(menu)).formula).formula)
        except ValueError:
            pass
    target = draw(st.sampled_from(mk.targets(draft)))
    return draft, sid, target, entries, menus


# each shape of SMALL its own examples (150 drawn over all of them could leave one out):
# make test draws 8 of each, PORTIA_HEAVY=1 20 of each
@pytest.mark.parametrize("shape", SMALL)
@settings(max_examples=examples(8, 20), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_marks_equal_the_brute_force_over_every_filling(shape, data):
    draft, sid, target, entries, menus = data.draw(cases(shape))
    marks = mk.mark_slot(draft, sid, target, entries, menus=menus)
    assert marks == brute_marks(draft, sid, target, entries, menus)


@pytest.mark.parametrize("shape", SMALL)
@settings(max_examples=examples(5, 10), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_the_exact_search_alone_equals_the_brute_force(shape, data):
    """The quick greedy witness off: every ★ / ✓ comes from the searches."""
    from unittest import mock

    draft, sid, target, entries, menus = data.draw(cases(shape))
    with mock.patch.object(mk, "_greedy", lambda *args: False):
        marks = mk.mark_slot(draft, sid, target, entries, menus=menus)
    assert marks == brute_marks(draft, sid, target, entries, menus)


@pytest.mark.parametrize("family, size, per", SMALL[:6])
def test_full_menus_with_every_other_slot_empty_match_the_brute_force(family, size, per):
    """The real menus, one other slot empty (the brute force tries all of its menu)."""
    draft = we.blank(family, size, statements=per)
    sid, other = draft.slots[0].id, draft.slots[1].id
    for s in draft.slots[2:]:
        draft = draft.with_statement(s.id, wm.slot_menu(draft, s.id)[0].formula)
    menus = {other: [e.formula for e in wm.slot_menu(draft, other)]}
    entries = [e.formula for e in wm.slot_menu(draft, sid)][:12]
    solved: dict = {}  # the three targets share the brute force's puzzles
    for target in mk.targets(draft)[:3]:
        marks = mk.mark_slot(draft, sid, target, entries, menus=menus)
        assert marks == brute_marks(draft, sid, target, entries, menus, solved)


@pytest.mark.parametrize("name, slot", [("labyrinth-clue.toml", "8"), ("trial-2.toml", "I"),
                                        ("three-islanders.toml", "B"),
                                        ("werewolves-4.toml", "A")])
def test_a_well_posed_puzzle_marks_its_own_statement_valid(name, slot):
    draft = we.loads((PUZZLES / name).read_text(), name)
    result = solve(draft.analysed())
    assert result.unique
    own = draft.puzzle.statement(slot).says
    marks = mk.mark_slot(draft, slot, result.answers[0], [own], seconds=30)
    assert marks == ["valid"]
    other = [a for a in mk.targets(draft) if a != result.answers[0]][0]
    assert mk.mark_slot(draft, slot, other, [own], seconds=30) in (["impossible"],
                                                                    ["reachable"])


def test_marks_are_undecided_when_the_budget_is_spent():
    draft = we.blank("knights-knaves", 6)
    target = mk.targets(draft)[5]
    marks = mk.mark_slot(draft, "A", target, cancel=lambda: True)
    assert set(marks) == {"undecided"} and len(marks) == len(wm.slot_menu(draft, "A"))


def test_targets_are_the_answers_the_rules_allow():
    assert len(mk.targets(we.blank("knights-knaves", 3))) == 8
    assert len(mk.targets(we.blank("werewolves", 3))) == 3 * 8
    assert [t["where content=lady"] for t in mk.targets(we.blank("labyrinth", 9))] == [
        [str(i)] for i in range(1, 10)]
    # past MAX_WORLDS (603,979,776 worlds) by SAT: the editor's t menu froze listing them
    assert mk.targets(we.blank("labyrinth", 9, statements=2)) == mk.targets(
        we.blank("labyrinth", 9))


# --------------------------------------------------------------------------- the analysis
def test_the_analysis_counts_answers_paradoxes_and_clues():
    blank = mk.analyse(we.blank("knights-knaves", 2))
    assert blank.count == 4 and blank.several and not blank.paradox and blank.empty_slots == 2
    paradox = we.blank("knights-knaves", 2).with_statement("A", "I am a knave")
    report = mk.analyse(paradox)
    assert report.paradox and report.count == 0 and not report.clues
    lab = we.loads((PUZZLES / "labyrinth.toml").read_text())
    report = mk.analyse(lab, {"where content=lady": ["7"]})
    assert report.several and report.target_fits and not report.target_alone
    sentences = [c[0] for c in report.clues]
    assert "Room 8 is not empty" in sentences or "There is no tiger in room 8" in sentences \
        or any("8" in s for s in sentences)
    done = we.loads((PUZZLES / "labyrinth-clue.toml").read_text())
    report = mk.analyse(done, {"where content=lady": ["7"]})
    assert report.unique and report.target_alone and report.clues == []


def test_the_analysis_stops_at_its_budget():
    report = mk.analyse(we.blank("knights-knaves", 8), cancel=lambda: True)
    assert report.stopped


def test_answers_in_words():
    kk = we.blank("knights-knaves", 2)
    assert mk.answer_words(kk, {"A.type": "knight", "B.type": "knave"}) == (
        "A is a knight, B is a knave")
    lab = we.blank("labyrinth", 9)
    assert mk.answer_words(lab, {"where content=lady": ["7"]}) == "A lady is in room 7"
    assert mk.answer_words(lab, {"where content=lady": []}).startswith("None")


def test_a_target_for_another_question_is_refused():
    draft = we.blank("knights-knaves", 2)
    with pytest.raises(ValueError, match="targets"):
        mk.mark_slot(draft, "A", {"where type=knave": ["A"]})


# --------------------------------------------------------------------------- first steps, rules
def _rank(marks):
    for mark in ("valid", "reachable"):
        if mark in marks:
            return mark
    return "impossible"


def brute_first(draft, sid, target, connective, parts, menus):
    """A compound's first step by trying every second part (those a sentence says) and
    every filling: the best mark of the compounds each first part can become."""
    out = []
    for p in parts:
        whole = []
        for q in parts:
            try:
                whole.append(wm.compound(draft, sid, connective, p, q).formula)
            except ValueError:
                continue
        out.append(_rank(brute_marks(draft, sid, target, whole, menus)) if whole
                   else "impossible")
    return out


def brute_rules(draft, target, rules, menus):
    """Each rule added, every filling of every empty slot tried."""
    out = []
    for rule in rules:
        d = draft.with_rule_added(rule)
        empty = sorted(d.empty)
        if not empty:
            answers = {_key(ast.literal_eval(a)) for a in brute(d.analysed())["answers"]}
            out.append("valid" if answers == {_key(target)} else
                       "reachable" if _key(target) in answers else "impossible")
            continue
        first, rest = empty[0], {o: menus[o] for o in empty[1:]}
        out.append(_rank(brute_marks(d, first, target, menus[first], rest)))
    return out


@settings(max_examples=int(__import__("os").environ.get("PORTIA_MARKS_EXAMPLES", 15)),
          deadline=None, suppress_health_check=list(HealthCheck))
@given(cases(), st.sampled_from(["and", "or", "if", "iff", "neither", "not"]))
def test_first_step_marks_equal_the_brute_force(case, connective):
    _assert_first_step_is_the_brute_force(case, connective)


def _assert_first_step_is_the_brute_force(case, connective, max_worlds=None):
    """The first step's marks (at ``MAX_WORLDS = max_worlds`` when given) against brute force."""
    from unittest import mock

    draft, sid, target, entries, menus = case
    parts = entries[:3]
    with mock.patch.object(mk, "MAX_WORLDS", mk.MAX_WORLDS if max_worlds is None else max_worlds):
        marks = mk.mark_first_parts(draft, sid, target, connective, parts, menus=menus)
    if connective == "not":
        whole = [wm.compound(draft, sid, "not", p).formula for p in parts]
        assert marks == brute_marks(draft, sid, target, whole, menus)
    else:
        assert marks == brute_first(draft, sid, target, connective, parts, menus)


@settings(max_examples=int(__import__("os").environ.get("PORTIA_MARKS_EXAMPLES", 15)),
          deadline=None, suppress_health_check=list(HealthCheck))
@given(cases(), st.sampled_from(["and", "or", "if", "iff", "neither", "not"]))
def test_first_step_marks_by_sat_alone_equal_the_brute_force(case, connective):
    """Past MAX_WORLDS a compound's first step is marked by SAT alone (world_marks_sat.
    FirstParts: both parts chosen in the encoding, a pair no sentence says ruled out)."""
    _assert_first_step_is_the_brute_force(case, connective, max_worlds=0)


@settings(max_examples=int(__import__("os").environ.get("PORTIA_MARKS_EXAMPLES", 8)),
          deadline=None, suppress_health_check=list(HealthCheck))
@given(cases(), st.sampled_from(["and", "or", "if", "iff", "neither"]), st.data())
def test_a_rule_compounds_first_step_by_sat_alone_equals_the_brute_force(case, connective,
                                                                        data):
    from unittest import mock

    draft, sid, target, entries, menus = case
    menus = {**menus, sid: entries[:2]}
    offered = [e.formula for e in wm.rule_menu(draft)]
    parts = data.draw(st.lists(st.sampled_from(offered), min_size=1, max_size=3, unique=True))
    with mock.patch.object(mk, "MAX_WORLDS", 0):
        marks = mk.mark_first_parts(draft, None, target, connective, parts, menus=menus)
    want = []
    for p in parts:
        whole = []
        for q in parts:
            try:
                whole.append(wm.compound(draft, None, connective, p, q).formula)
            except ValueError:
                continue
        want.append(_rank(brute_rules(draft, target, whole, menus)) if whole else "impossible")
    assert marks == want


@settings(max_examples=int(__import__("os").environ.get("PORTIA_MARKS_EXAMPLES", 15)),
          deadline=None, suppress_health_check=list(HealthCheck))
@given(cases(), st.data())
def test_rule_marks_equal_the_brute_force(case, data):
    draft, sid, target, entries, menus = case
    menus = {**menus, sid: entries[:2]}
    offered = [e.formula for e in wm.rule_menu(draft)]
    rules = data.draw(st.lists(st.sampled_from(offered), min_size=1, max_size=3, unique=True))
    marks = mk.mark_rules(draft, target, rules, menus=menus)
    assert marks == brute_rules(draft, target, rules, menus)


@settings(max_examples=int(__import__("os").environ.get("PORTIA_MARKS_EXAMPLES", 15)),
          deadline=None, suppress_health_check=list(HealthCheck))
@given(cases(), st.data())
def test_rule_marks_by_sat_alone_equal_the_brute_force(case, data):
    """Past MAX_WORLDS the rules menu is marked by SAT alone (no world listed)."""
    from unittest import mock

    draft, sid, target, entries, menus = case
    menus = {**menus, sid: entries[:2]}
    offered = [e.formula for e in wm.rule_menu(draft)]
    rules = data.draw(st.lists(st.sampled_from(offered), min_size=1, max_size=3, unique=True))
    with mock.patch.object(mk, "MAX_WORLDS", 0):
        marks = mk.mark_rules(draft, target, rules, menus=menus)
    assert marks == brute_rules(draft, target, rules, menus)


def test_rule_marks_on_a_finished_puzzle_say_what_it_becomes():
    """The labyrinth as posed has several answers: the clue "Room 8 is not empty" makes
    room 7 the only one (★), "Room 7 is empty" leaves no lady there (✗)."""
    draft = we.loads((PUZZLES / "labyrinth.toml").read_text())
    target = {"where content=lady": ["7"]}
    menu = wm.rule_menu(draft)
    marks = dict(zip((e.sentence for e in menu),
                     mk.mark_rules(draft, target, seconds=30)))
    assert marks["Room 8 is not empty"] == "valid"
    assert marks["A lady is in room 7"] == "valid"
    assert marks["Room 7 is empty"] == "impossible"
    assert marks["Room 1 is empty"] == "reachable"


@pytest.mark.parametrize("patch", [{"EXACT_OPEN": 0, "SHORT_SEARCH": 0, "SECOND_SEARCH": 0},
                                   {"EXACT_OPEN": 0, "SHORT_SEARCH": 10**6},
                                   {"EXACT_OPEN": 0, "SHORT_SEARCH": 1, "SECOND_SEARCH": 10**6},
                                   {"PAIR_WORDS": 0}, {"MAX_WORLDS": 0}])
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(case=cases())
def test_every_path_of_the_exact_search_equals_the_brute_force(patch, case):
    """The lazy SAT loop alone (as past EXACT_OPEN open slots, with no short search), the
    short search alone, its second pass alone (the first cut at one step), the table of one
    slot instead of pairs, and SAT over the encoding with no world listed (as past
    MAX_WORLDS): each decides the same marks."""
    from unittest import mock

    draft, sid, target, entries, menus = case
    with mock.patch.multiple(mk, _greedy=lambda *args: 0, **patch):
        marks = mk.mark_slot(draft, sid, target, entries, menus=menus)
    assert marks == brute_marks(draft, sid, target, entries, menus)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_the_exhaustive_search_equals_trying_every_choice_on_wide_masks(data):
    """_Exact on random classes over up to 300 worlds (several 64-bit words): some choice
    of one class per slot keeps a target world and drops every other world of the base."""
    from itertools import product as every

    from portia_tui.core.solve.world_result import Stop

    width = data.draw(st.integers(1, 300))
    full = (1 << width) - 1
    mask = st.integers(0, full)
    alive = data.draw(mask)
    slots = data.draw(st.integers(0, 4))
    classes = {str(i): data.draw(st.lists(mask, min_size=1, max_size=4)) for i in range(slots)}
    bases = data.draw(st.lists(mask, min_size=1, max_size=4))
    exact = mk._Exact(classes, alive, full & ~alive, Stop())
    for base in bases:
        want = False
        for choice in every(*classes.values()):
            kept = base
            for c in choice:
                kept &= c
            if kept & alive and not kept & ~alive & full:
                want = True
                break
        assert exact.valid(base) is want


def test_undecided_marks_say_why():
    draft = we.blank("knights-knaves", 6)
    target = mk.targets(draft)[5]
    marks = mk.mark_slot(draft, "A", target, seconds=0)
    assert set(marks) == {"undecided"} and "within 0 s" in marks.why


def test_nine_rooms_with_two_signs_are_marked_by_sat():
    """603,979,776 worlds (past MAX_WORLDS): a slot's marks and the rules' come from SAT
    alone, none undecided: every sign but "This sign is false" (✗) is ★ toward room 7, as
    with one sign a room (the masks' marks, which the brute force checks).
    The rule "Room 7 is empty" is ✗."""
    big = we.blank("labyrinth", 9, statements=2)
    target = {"where content=lady": ["7"]}
    menu = wm.slot_menu(big, "1.1")
    marks = mk.mark_slot(big, "1.1", target, menu, seconds=60)
    assert "undecided" not in marks and not marks.why
    said = dict(zip((e.sentence for e in menu), marks))
    assert said.pop("This sign is false") == "impossible"
    assert set(said.values()) == {"valid"}
    small = we.blank("labyrinth", 9)
    one = dict(zip((e.sentence for e in wm.slot_menu(small, "1")),
                   mk.mark_slot(small, "1", target, seconds=60)))
    assert one.pop("This sign is false") == "impossible"
    assert set(one.values()) == {"valid"}
    rules = {e.sentence: e for e in wm.rule_menu(big)}
    picked = [rules["Room 7 is empty"], rules["Room 8 is not empty"]]
    assert mk.mark_rules(big, target, picked, seconds=60) == ["impossible", "valid"]
    # a compound's first step too ("This sign is false and ..." can be ★: said by a tiger's
    # room, whose sign is false)
    first = mk.mark_first_parts(big, "1.1", target, "and", menu[:12], seconds=60)
    assert "undecided" not in first and not first.why


@settings(max_examples=int(__import__("os").environ.get("PORTIA_MARKS_EXAMPLES", 8)),
          deadline=None, suppress_health_check=list(HealthCheck))
@given(cases(), st.sampled_from(["and", "or", "if", "iff", "neither"]), st.data())
def test_a_rule_compounds_first_step_is_its_best_whole_rule(case, connective, data):
    """A compound rule's first step: the best rule mark (brute-checked above) over the
    compounds each first part makes with the parts offered."""
    draft, sid, target, entries, menus = case
    menus = {**menus, sid: entries[:2]}
    offered = [e.formula for e in wm.rule_menu(draft)]
    parts = data.draw(st.lists(st.sampled_from(offered), min_size=1, max_size=3, unique=True))
    marks = mk.mark_first_parts(draft, None, target, connective, parts, menus=menus)
    want = []
    for p in parts:
        whole = []
        for q in parts:
            try:
                whole.append(wm.compound(draft, None, connective, p, q).formula)
            except ValueError:
                continue
        want.append(_rank(mk.mark_rules(draft, target, whole, menus=menus)) if whole
                    else "impossible")
    assert marks == want


COUNTING = ("count_true", "count")


@st.composite
def counting_cases(draw, shapes=(("labyrinth", 3, 1), ("lady-tiger", 3, 1),
                                 ("lady-tiger", 2, 2), ("labyrinth", 2, 2))):
    """A case of :func:`cases` (labyrinths and trials by default) whose menus and entries
    hold counting statements ("At least two of the signs are true", "Exactly one of these
    rooms is empty"): one or two more in every open slot's menu and in the entries."""
    shape = draw(st.sampled_from(list(shapes)))
    draft, sid, target, entries, menus = draw(cases(shape))

    def counting(slot):
        offered = [e.formula for e in wm.slot_menu(draft, slot) if e.formula[0] in COUNTING]
        return draw(st.lists(st.sampled_from(offered), min_size=1, max_size=2, unique=True))

    menus = {o: list(dict.fromkeys(fs + counting(o))) for o, fs in menus.items()}
    entries = list(dict.fromkeys(entries + counting(sid)))
    return draft, sid, target, entries, menus


@pytest.mark.parametrize("patch", [{"MAX_CONFLICTS": 1, "CORE_STEPS": 1},
                                   {"MAX_CONFLICTS": 1, "CORE_STEPS": 10**6}])
@settings(max_examples=examples(12, 60), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(case=counting_cases())
def test_counting_statements_by_the_lazy_loop_and_its_kinds_equal_the_brute_force(patch, case):
    """The lazy SAT loop alone (no greedy try, no short search), cut short after every
    conflict (so that the exhaustive search on the kinds of world given clauses,
    _Lazy._refuted, is tried whenever a call is), with few and with many steps: the marks
    of drafts with counting statements are the brute force's; and after each base, that
    search on the worlds given clauses refutes no base SAT found a witness for."""
    from unittest import mock

    draft, sid, target, entries, menus = case
    refuted: list[tuple[int, bool]] = []  # (base, refuted)
    real = mk._Lazy.valid

    def valid(self, j):  # then the exhaustive search on the kinds given clauses by then
        found = real(self, j)
        refuted.append((self.bases[j], self._refuted(j)))
        assert not (found and refuted[-1][1])
        return found

    with mock.patch.multiple(mk, _greedy=lambda *args: 0, EXACT_OPEN=0, SHORT_SEARCH=0,
                             SECOND_SEARCH=0, SAT_EFFORT=0, **patch), \
            mock.patch.object(mk._Lazy, "valid", valid):
        marks = mk.mark_slot(draft, sid, target, entries, menus=menus)
    assert marks == brute_marks(draft, sid, target, entries, menus)


#: a shape of every family, for the counting statements by SAT alone
EVERY_FAMILY = (("knights-knaves", 3, 1), ("knights-knaves", 2, 2), ("werewolves", 2, 1),
                ("werewolves", 3, 1), ("lady-tiger", 3, 1), ("labyrinth", 3, 1),
                ("labyrinth", 2, 2))


@pytest.mark.parametrize("conflicts", [None, 1])
@settings(max_examples=examples(10, 60), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(case=counting_cases(EVERY_FAMILY), data=st.data())
def test_counting_statements_by_sat_alone_equal_the_brute_force(conflicts, case, data):
    """No world listed (MAX_WORLDS 0, as on the 9 x 2 pages): the slot's marks and the
    counting rules' marks of drafts of every family with counting statements come from the
    SAT encoding alone (its counting by the language's counter of gates), and are the
    brute force's; with `conflicts` 1 every SAT call is cut short and resumed
    (world_marks_sat's conflict budget)."""
    from unittest import mock

    from portia_tui.core.author import world_marks_sat as ms

    draft, sid, target, entries, menus = case
    offered = [e.formula for e in wm.rule_menu(draft) if e.formula[0] in COUNTING]
    rules = data.draw(st.lists(st.sampled_from(offered), min_size=1, max_size=2, unique=True))
    with mock.patch.object(mk, "MAX_WORLDS", 0), mock.patch.object(
            ms, "CONFLICTS", conflicts or ms.CONFLICTS):
        marks = mk.mark_slot(draft, sid, target, entries, menus=menus)
        ruled = mk.mark_rules(draft, target, rules, menus={**menus, sid: entries[:2]})
    assert marks == brute_marks(draft, sid, target, entries, menus)
    assert ruled == brute_rules(draft, target, rules, {**menus, sid: entries[:2]})


def _singles(draft, sid):
    """The other empty slots' menus, single statements only (no compounds): the marks'
    machinery on them (with the compounds the user's menus also hold, "All of the signs are
    true" below is ★: tests/test_world_marks_compounds.py)."""
    return {o: [e.formula for e in wm.slot_menu(draft, o)] for o in draft.empty if o != sid}


def test_the_labyrinths_counting_signs_are_decided_by_the_kinds_of_world():
    """bench_marks_menu's hard menu (labyrinth seed 1, room 3, six other signs open), the
    other signs from single statements: "All
    of the signs are true" is ✓ and "At least eight of the signs are true" is ★ (both
    were left undecided at 300 s). ✓ is the kinds' refutation: with the lady in room 2 and
    every other room empty, every sign true toward room 3 (the only ones the sign in room
    3 allows there) is monotone in the signs' truth values, so some truth values always
    stand (Knaster-Tarski); the exhaustive search sees it on that kind of world alone.
    The target world the ✓ keeps is checked by the brute force (tests/world_brute.py):
    each open sign saying "All of the signs are true", the lady in room 3 and every sign
    true is a consistent world."""
    from unittest import mock

    from .world_brute import World

    draft = we.blank("labyrinth", 9).with_statement("1", "Sign 9 is right").with_statement(
        "2", "There is no tiger in room 3")
    target = {"where content=lady": ["3"]}
    menu = {e.sentence: e for e in wm.slot_menu(draft, "3")}
    entries = [menu["All of the signs are true"], menu["At least eight of the signs are true"]]
    refuted = []
    real = mk._Lazy._refuted

    def spy(self, j):
        refuted.append(real(self, j))
        return refuted[-1]

    with mock.patch.object(mk._Lazy, "_refuted", spy):
        marks = mk.mark_slot(draft, "3", target, entries, seconds=120, menus=_singles(draft, "3"))
    assert marks == ["reachable", "valid"] and not marks.why
    assert True in refuted
    full = draft
    for s in draft.slots:
        if s.id in draft.empty:
            full = full.with_statement(s.id, entries[0].formula)
    p = full.analysed()
    values = {(e, "content"): "lady" if e == "3" else "empty" for e in p.entities}
    world = World(p, values, {}, {s.id: True for s in p.statements})
    assert world.consistent() and world.answer() == target


@pytest.mark.parametrize("kinds", [1, 4])
def test_the_labyrinths_star_does_not_rest_on_the_kinds_cut(kinds):
    """The ★ of "At least eight of the signs are true" (bench_marks_menu's hard menu) is
    found whatever the lazy loop's kinds cut per wrong guess (with 4 it stayed ? at 60 s
    when only the lazy loop looked for it): the SAT encoding of the page finds the witness
    first within a bounded number of steps (not seconds);
    the lazy loop gets only "All of the signs are true" (✓, refuted by its kinds)."""
    from unittest import mock

    draft = we.blank("labyrinth", 9).with_statement("1", "Sign 9 is right").with_statement(
        "2", "There is no tiger in room 3")
    target = {"where content=lady": ["3"]}
    menu = {e.sentence: e for e in wm.slot_menu(draft, "3")}
    entries = [menu["All of the signs are true"], menu["At least eight of the signs are true"]]
    lazy: list[int] = []
    real = mk._Lazy.__init__

    def spy(self, classes, alive, rest, bases, *args, **kwargs):
        lazy.append(len(bases))
        real(self, classes, alive, rest, bases, *args, **kwargs)

    with mock.patch.object(mk._Lazy, "KIND_SPREAD", kinds), \
            mock.patch.object(mk._Lazy, "__init__", spy):
        marks = mk.mark_slot(draft, "3", target, entries, seconds=120, menus=_singles(draft, "3"))
    assert marks == ["reachable", "valid"] and not marks.why
    assert lazy == [1]
