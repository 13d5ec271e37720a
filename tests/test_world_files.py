"""The structured JSON form and the pinned fixtures: Smullyan's second trial, the nine-door
labyrinth (several answers; with "room 8 is not empty", eight solutions and one answer),
werewolves II and IV of the reference document, the liar and the truth-teller signs; bad
input is one FormatError ``FILE:LINE: message``; the DIMACS export; cooperative stops."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pysat.formula import CNF
from pysat.solvers import Solver

from portia_tui.core.errors import FormatError
from portia_tui.core.io.formats import structured
from portia_tui.core.language.world import WorldPuzzle, WorldStatement
from portia_tui.core.solve.general import Stopped, solve
from portia_tui.core.solve.world_sat import dimacs
from tests.conftest import examples
from tests.world_strategies import world_puzzles

DATA = Path(__file__).parent / "data"
KNIGHTS = {"knight": "true", "knave": "false"}


def _load(name: str) -> WorldPuzzle:
    return structured.loads((DATA / name).read_text(), name)


@pytest.mark.parametrize("engine", ["masks", "sat"])
def test_the_second_trial(engine):
    result = solve(_load("trial2.json"), engine=engine)
    assert result.solutions == [{"entities": {"I": {"content": "tiger"},
                                              "II": {"content": "lady"}}, "choices": {}}]
    assert result.truths == [{"I": True, "II": True}]
    assert result.answers == [{"where content=lady": ["II"]}] and result.unique


@pytest.mark.parametrize("engine", ["masks", "sat"])
def test_the_labyrinth_has_several_answers_until_room_8_is_not_empty(engine):
    puzzle = _load("labyrinth.json")
    result = solve(puzzle, engine=engine)
    assert len(result.solutions) == 68 and not result.unique
    assert sorted(a["where content=lady"][0] for a in result.answers) == ["1", "3", "4", "5",
                                                                            "7"]
    clued = solve(puzzle.with_constraint(["isnot", "8", "content", "empty"]), engine=engine)
    assert len(clued.solutions) == 8
    assert clued.answers == [{"where content=lady": ["7"]}] and clued.unique


def _forest(says_a, says_b, says_c=None, extra=()):
    statements = [WorldStatement("A", "A", says_a), WorldStatement("B", "B", says_b)]
    if says_c is not None:
        statements.append(WorldStatement("C", "C", says_c))
    return WorldPuzzle(("A", "B", "C"), {"type": ("knight", "knave"),
                                         "wolf": ("werewolf", "human")}, tuple(statements),
                       (["count", "all", {"wolf": "werewolf"}, "==", 1], *extra),
                       speaker_attr="type", modes=KNIGHTS).validate()


def test_werewolves_ii():
    puzzle = _forest(["is", "self", "wolf", "werewolf"], ["is", "self", "wolf", "werewolf"],
                     ["count", "all", {"type": "knight"}, "<=", 1])
    result = solve(puzzle)
    assert result.unique
    (answer,) = result.answers
    assert [answer[f"{p}.type"] for p in "ABC"] == ["knave", "knave", "knight"]
    assert [answer[f"{p}.wolf"] for p in "ABC"] == ["human", "human", "werewolf"]


def test_werewolves_iv():
    puzzle = _forest(["count", "all", {"type": "knave"}, ">=", 1], ["is", "C", "type", "knight"],
                     extra=(["forall", "?x", "all", ["implies", ["is", "?x", "wolf", "werewolf"],
                                                     ["is", "?x", "type", "knight"]]],))
    result = solve(puzzle)
    assert result.unique
    (answer,) = result.answers
    assert [answer[f"{p}.type"] for p in "ABC"] == ["knight", "knave", "knave"]
    assert answer["A.wolf"] == "werewolf"


def test_the_liar_sign_has_no_world_and_the_truth_teller_two():
    def sign(says):
        return WorldPuzzle(("I",), {"content": ("lady", "tiger")},
                           (WorldStatement("I", "I", says),)).validate()

    assert solve(sign(["false", "this"])).solutions == []
    both = solve(sign(["true", "this"]))
    assert len(both.solutions) == 2 and both.truths == [{"I": None}, {"I": None}]


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(world_puzzles())
def test_the_structured_form_reads_back_what_it_wrote(puzzle):
    text = structured.dumps(puzzle)
    assert structured.loads(text, "x.json") == puzzle
    assert json.loads(text) == structured.to_data(puzzle)


HEAD = '{"entities": ["A"],\n "attributes": {"t": ["x", "y"]},\n'


def _says(formula: str) -> str:
    """A file whose one statement (on line 4) says `formula`."""
    return HEAD + ' "statements": [\n  {"id": "s", "by": "A", "says": ' + formula + "}]}"


BAD = [
    ('[1, 2]', 1, "entities"),
    ('{"entities": "A"}', 1, "list of names"),
    (HEAD + ' "colour": 1}', 3, "unknown key"),
    (_says('["is", "B", "t", "x"]'), 4, "unknown entity 'B'"),
    (_says('["is", "A", "t"]'), 4, "is takes 3 arguments"),
    (_says('["count", "all", {"t": "x"}, "~", 1]'), 4, "unknown comparison"),
    (_says('["is", "other", "t", "x"]'), 4, "exactly two"),
    (_says('["said", "s", 0]'), 4, "one wording"),
    (HEAD + ' "constraints": [\n  ["forall", "?x", "all", ["is", "?y", "t", "x"]]]}', 3,
     "?y is not bound"),
    (HEAD + ' "constraints": [\n  ["true", "s9"]]}', 3, "unknown statement"),
    (HEAD + ' "speaker_attr": "t",\n "modes": {"x": "sometimes"}}', 4, "true, false or free"),
    ('{"entities": ["A", "A"], "attributes": {"t": ["x"]}}', 1, "named twice"),
    ('{"entities": ["A"], "attributes": {"t": ["x"]},\n "ask": [{"of": "A"}]}', 2, "ask item"),
]


@pytest.mark.parametrize("text,line,words", BAD)
def test_bad_input_is_one_line_naming_file_and_line(text, line, words):
    with pytest.raises(FormatError) as err:
        structured.loads(text, "bad.json")
    assert str(err.value).startswith(f"bad.json:{line}: "), str(err.value)
    assert words in str(err.value)


# a fuzz of the reader: 80 documents in make test, 200 under PORTIA_HEAVY=1
@settings(max_examples=examples(80, 200), deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=4),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.sampled_from(["entities", "attributes", "statements",
                                                       "constraints", "ask", "id", "by", "says",
                                                       "A", "t", "x", "modes"]), inner,
                                      max_size=4), max_leaves=20))
def test_any_json_reads_or_fails_with_a_format_error(data):
    try:
        structured.loads(json.dumps(data), "f.json")
    except FormatError as err:
        assert str(err).startswith("f.json:")


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(world_puzzles())
def test_dimacs_is_satisfiable_exactly_when_a_world_exists(puzzle):
    cnf = CNF(from_string=dimacs(puzzle))
    with Solver(name="minisat22", bootstrap_with=cnf.clauses) as solver:
        assert solver.solve() == bool(solve(puzzle).solutions)


@pytest.mark.parametrize("engine", ["masks", "sat"])
def test_a_cancelled_or_late_analysis_stops(engine):
    puzzle = _load("labyrinth.json")
    with pytest.raises(Stopped) as err:
        solve(puzzle, engine=engine, cancel=lambda: True)
    assert err.value.reason == "cancelled"
    with pytest.raises(Stopped) as err:
        solve(puzzle, engine=engine, deadline=0.0)
    assert err.value.reason == "timeout"


def test_thirty_islanders_are_solved_by_sat():
    names = tuple(f"P{i + 1}" for i in range(30))
    statements = [WorldStatement(f"s{i + 1}", names[i], ("is" if i % 2 == 0 else "isnot",
                                                         names[i + 1], "type", "knight"))
                  for i in range(29)]
    statements.append(WorldStatement("s30", names[-1],
                                     ("count", "all", {"type": "knight"}, "==", 15)))
    puzzle = WorldPuzzle(names, {"type": ("knight", "knave")}, tuple(statements),
                         speaker_attr="type", modes=KNIGHTS).validate()
    result = solve(puzzle)
    assert result.engine == "sat" and result.unique
    (answer,) = result.answers
    knight = [answer[f"{n}.type"] == "knight" for n in names]
    for i in range(29):  # each islander is a knight exactly when what he says holds
        assert knight[i] == (knight[i + 1] if i % 2 == 0 else not knight[i + 1])
    assert knight[29] == (sum(knight) == 15)
