"""The truth puzzles of puzzles/truth/ (format 3), each pinned by its answers, and the
format-3 TOML reader and writer (round trips with the structured JSON, errors with lines)."""

from __future__ import annotations

import json

import pytest

from portia_tui.core.errors import FormatError
from portia_tui.core.io import formats
from portia_tui.core.io.formats import structured, world_toml
from portia_tui.core.solve.general import solve

from .conftest import REPO, examples

TRUTH = REPO / "puzzles" / "truth"
LADY = "where content=lady"
A_, B_, C_ = "A", "B", "C"

#: file -> (its answers, how many solutions); checked against the reference document 004
#: where it states a solution (trial 2, werewolves II and IV, the labyrinth's clue) and
#: against Smullyan's book otherwise
EXPECTED = {
    "trial-1.toml": ([{LADY: ["II"]}], 1),
    "trial-2.toml": ([{LADY: ["II"]}], 1),
    "trial-4.toml": ([{LADY: ["II"]}], 1),
    "trial-8-unhung-signs.toml": (
        [{LADY: ["II"], "Does door I bear the sign 'Both rooms contain tigers'?": True}], 1),
    "trial-9.toml": ([{LADY: ["I"]}], 1),
    "trial-10.toml": ([{LADY: ["I"]}], 1),
    "werewolves-2.toml": ([{"A.type": "knave", "A.wolf": "human", "B.type": "knave",
                            "B.wolf": "human", "C.type": "knight", "C.wolf": "werewolf"}], 1),
    "werewolves-4.toml": ([{"A.type": "knight", "A.wolf": "werewolf", "B.type": "knave",
                            "B.wolf": "human", "C.type": "knave", "C.wolf": "human"}], 1),
    "labyrinth.toml": ([{LADY: [room]} for room in ("1", "3", "4", "5", "7")], 68),
    "labyrinth-clue.toml": ([{LADY: ["7"]}], 8),
    "rank.toml": ([{"A.type": "normal", "B.type": "normal"}], 1),
    "paradox.toml": ([], 0),
    "three-islanders.toml": ([{"A.type": "knave", "B.type": "knight", "C.type": "knave"}], 1),
    "mutual-praise.toml": ([{"A.type": "knight", "B.type": "knight", "C.type": "knight"},
                            {"A.type": "knave", "B.type": "knave", "C.type": "knight"}], 2),
}


def test_every_truth_puzzle_is_pinned():
    assert sorted(p.name for p in TRUTH.glob("*.toml")) == sorted(EXPECTED)
    assert len(EXPECTED) >= 12


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_answers(name):
    answers, count = EXPECTED[name]
    result = solve(formats.load_any(TRUTH / name))
    assert sorted(map(repr, result.answers)) == sorted(map(repr, answers))
    assert len(result.solutions) == count
    assert result.unique == (len(answers) == 1)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_gives_its_source(name):
    source = formats.load_any(TRUTH / name).source
    assert "Smullyan" in source or "our own" in source


def test_the_unhung_signs_are_placed_by_the_answer():
    result = solve(formats.load_any(TRUTH / "trial-8-unhung-signs.toml"))
    assert result.solutions[0]["choices"] == {"I": 1, "II": 0}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_round_trips(name):
    puzzle = formats.load_any(TRUTH / name)
    assert world_toml.loads(world_toml.dumps(puzzle)) == puzzle
    assert structured.loads(structured.dumps(puzzle)) == puzzle


def test_written_as_sentences():
    text = world_toml.dumps(formats.load_any(TRUTH / "labyrinth.toml"))
    assert 'says = ["Either sign 2 or sign 4 is right"]' in text
    assert '"Exactly one of these rooms contains a lady"' in text


GOOD = '''format = 3
attributes = { type = ["knight", "knave"] }
modes = { knight = "true", knave = "false" }

[[entities]]
name = "A"
says = ["B is a knight"]

[[entities]]
name = "B"
says = ["A is a knave", "I am a knight"]
'''


def test_ids_and_the_speaker_attribute_by_default():
    puzzle = world_toml.loads(GOOD)
    assert [s.id for s in puzzle.statements] == ["A", "B.1", "B.2"]
    assert puzzle.speaker_attr == "type"


@pytest.mark.parametrize("change,line,words", [
    (('"A is a knave"', '"A is a nave"'), 11, "unknown value 'nave'"),
    (('"B is a knight"', '"B is knightly or so"'), 7, "the nearest form is"),
    (('name = "A"', 'name = "A"\ncolour = "red"'), 7, "unknown key 'colour'"),
    (("attributes = ", "attribs = "), 2, "unknown key 'attribs'"),
    (('modes = { knight = "true", knave = "false" }', 'modes = { knight = "maybe" }'), 3,
     "a mode is true, false or free"),
])
def test_errors_name_the_line(change, line, words):
    with pytest.raises(FormatError) as err:
        world_toml.loads(GOOD.replace(*change), "bad.toml")
    assert err.value.line == line and words in err.value.message
    assert str(err.value).startswith(f"bad.toml:{line}: ")


def test_casket_readers_point_format_3_elsewhere(tmp_path):
    path = tmp_path / "w.toml"
    path.write_text(GOOD)
    with pytest.raises(FormatError, match="truth puzzle"):
        formats.load(path)


# ----------------------------------------------------------------------------- random puzzles
from hypothesis import HealthCheck, given, settings  # noqa: E402

from .world_strategies import world_puzzles  # noqa: E402


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(world_puzzles())
def test_format_3_round_trips_random_puzzles(puzzle):
    """Every puzzle of every family survives TOML format 3 (sentences where a sentence says
    the formula, formulas elsewhere) and the structured JSON, in both orders."""
    want = _by_speaker(puzzle)
    text = world_toml.dumps(puzzle)
    assert world_toml.loads(text) == want
    assert world_toml.loads(world_toml.dumps(structured.loads(structured.dumps(puzzle)))) == want


def _by_speaker(puzzle):
    """The puzzle with its statements in the order format 3 reads them: each entity's, then
    the unspoken ones (the order of statements means nothing)."""
    order = {None: len(puzzle.entities), **{e: i for i, e in enumerate(puzzle.entities)}}
    return puzzle.replace(statements=tuple(sorted(puzzle.statements,
                                                  key=lambda s: order[s.by])))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(world_puzzles())
def test_format_3_round_trips_random_rooms(puzzle):
    """The same with numbered entities, which sentences call rooms ("room 2", "sign 3")."""
    text = structured.dumps(puzzle)
    for i, name in enumerate(puzzle.entities, 1):
        text = text.replace(json.dumps(name), json.dumps(str(i)))
    rooms = structured.loads(text)
    assert world_toml.loads(world_toml.dumps(rooms)) == _by_speaker(rooms)


# ----------------------------------------------------------------------------- Portia's sentences
CASKETS = '''format = 3
attributes = { portrait = ["yes", "no"] }
rules = ["Exactly one casket holds the portrait", "Exactly 1 statement is true"]
question = ["Where is the portrait?"]

[[entities]]
name = "gold"
says = ["The statement on the silver casket is false"]

[[entities]]
name = "silver"
says = ["The statement on the gold casket is false"]

[[entities]]
name = "lead"
says = ["The portrait is not in the gold casket"]
'''


def test_portia_sentences_read_in_format_3_mean_what_they_meant():
    """Portia's sentences and rules, read through vocabulary.py and rules.py, give the worlds
    of the same puzzle in format 1 (the two liars' loop)."""
    from portia_tui.core.language.world import from_casket

    ours = solve(world_toml.loads(CASKETS))
    theirs = solve(from_casket(formats.load(REPO / "puzzles" / "two-liars-loop.toml")))
    assert ours.answers == theirs.answers == [{"where portrait=yes": ["gold"]}]
    assert ours.solutions == theirs.solutions
    text = world_toml.dumps(world_toml.loads(CASKETS))
    assert '"The portrait is not in the gold casket"' in text
    assert world_toml.loads(text) == world_toml.loads(CASKETS)


def test_portia_sentences_keep_their_problems():
    with pytest.raises(FormatError, match="unknown casket 'copper'"):
        world_toml.loads(CASKETS.replace("the gold casket is false", "the copper casket is false"))
    with pytest.raises(FormatError, match="Bellini and Cellini are an attribute"):
        world_toml.loads(CASKETS.replace('"Exactly 1 statement is true"',
                                         '"Every casket was made by Bellini or by Cellini"'))


# ----------------------------------------------------------------------------- any input
from hypothesis import strategies as st  # noqa: E402

_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from(
    ["", "A", "B", "knight", "knave", "type", "true", "free", "I am a knave", "A is a knight",
     "Where is the lady?", "What is B?", "is", "self", "this", "all", "sign 1 is right"]))
_VALUES = st.recursive(_SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(
        ["id", "says", "one_of", "of", "attr", "where", "formula", "label", "type", "knight"]),
        inner, max_size=3)), max_leaves=12)
_KEYS = ["format", "title", "attributes", "speaker_attr", "modes", "rules", "question",
         "entities", "statements", "colour"]
_ENTITY_KEYS = ["name", "says", "one_of", "modes", "type", "wolf"]


# a fuzz of the reader: 100 tables in make test, 300 under PORTIA_HEAVY=1
@settings(max_examples=examples(100, 300), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(_KEYS), _VALUES, max_size=6),
       st.lists(st.dictionaries(st.sampled_from(_ENTITY_KEYS), _VALUES, max_size=4),
                max_size=3), st.booleans())
def test_any_table_is_a_puzzle_or_one_line(top, entities, sane):
    """Whatever a format-3 table holds, the reader gives a puzzle or one FormatError line."""
    from portia_tui.core.errors import PortiaError

    table = {"format": 3, **top}
    if sane:
        table["attributes"] = {"type": ["knight", "knave"]}
    if entities:
        table["entities"] = entities
    try:
        world_toml.from_table(table, "", "any.toml")
    except PortiaError as err:
        assert "\n" not in str(err) and str(err).startswith("any.toml:")


def test_portia_sentences_are_written_back_through_their_menus():
    text = CASKETS.replace('says = ["The portrait is not in the gold casket"]',
                           'says = ["The portrait is not in the gold casket", '
                           '"The other statement on this casket is false"]')
    written = world_toml.dumps(world_toml.loads(text))
    assert '"The statement on the silver casket is false"' in written
    assert '"The other statement on this casket is false"' in written
    assert '"Exactly 1 statement is true"' in written
    assert world_toml.loads(written) == world_toml.loads(text)
