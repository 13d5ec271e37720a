"""The command line for truth puzzles: solve (plain, --json, --explain), check, clue, cnf,
convert, and bad input (one line, exit 2)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings

from portia_tui.cli import main
from portia_tui.core.io import formats

from .conftest import REPO
from .strategies import full_puzzles

TRUTH = REPO / "puzzles" / "truth"


def run(capsys, *argv):
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exc:  # a usage error: argparse's one line
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_solve_json_lists_solutions_answers_and_unique(capsys):
    code, out, _ = run(capsys, "solve", TRUTH / "trial-2.toml", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["solutions"] == [{"entities": {"I": {"content": "tiger"},
                                               "II": {"content": "lady"}}, "choices": {}}]
    assert data["answers"] == [{"where content=lady": ["II"]}] and data["unique"] is True
    assert data["truths"] == [{"I": True, "II": True}]


def test_solve_json_choices_of_unknown_wordings(capsys):
    _code, out, _ = run(capsys, "solve", TRUTH / "trial-8-unhung-signs.toml", "--json")
    assert json.loads(out)["solutions"][0]["choices"] == {"I": 1, "II": 0}


def test_solve_json_several_answers_and_none(capsys):
    _code, out, _ = run(capsys, "solve", TRUTH / "labyrinth.toml", "--json")
    data = json.loads(out)
    assert len(data["answers"]) == 5 and data["unique"] is False
    _code, out, _ = run(capsys, "solve", TRUTH / "paradox.toml", "--json")
    assert json.loads(out)["answers"] == [] and json.loads(out)["unique"] is False


def test_casket_solve_json_keeps_its_solutions_and_adds_worlds(capsys):
    _code, out, _ = run(capsys, "solve", REPO / "puzzles" / "smullyan-first.toml", "--json")
    data = json.loads(out)
    assert data["solutions"] == ["silver"]
    assert data["worlds"]["answers"] == [{"where portrait=yes": ["silver"]}]
    assert data["worlds"]["unique"] is True


def test_solve_plain_and_explain(capsys):
    """--explain tells the solution by hand with reasons: a statement that settles its own
    speaker by its cases, a supposition and the statement that cannot then hold."""
    code, out, _ = run(capsys, "solve", TRUTH / "werewolves-4.toml", "--explain")
    assert code == 0
    assert "Valid: one answer" in out
    assert 'A\'s statement "At least one of us is a knave" settles a fact by itself: if A is a ' \
           "knight, it is true; if A is a knave, it must be false, but it would be true; so A " \
           "is a knight." in out
    assert "Suppose B is a knight.\n  As A is a knight, A's statement" in out
    assert '\n  But then B\'s statement "C is a knight" cannot hold: as B is a knight, it must ' \
           'be true, but it would be false.\nSo B is a knave.' in out
    # the rule's step, one fact a line, each with its reason; the last fact the counts leave
    assert 'By the rule "The werewolf is a knight", as B is a knave, B is human.\n' in out
    assert "\nSo A is a werewolf.\n\nAnswer:" in out
    assert out.endswith("\n\nAnswer: A is a knight; A is a werewolf; B is a knave; B is human; "
                        "C is a knave; C is human.\n")


def test_explain_rooms_and_json(capsys):
    _code, out, _ = run(capsys, "solve", TRUTH / "labyrinth-clue.toml", "--json", "--explain")
    story = json.loads(out)["explanation"]
    # what a sign rules out without settling a fact is said, once, where it is found
    assert story.startswith('From the sign on room 2 ("This room is empty"): there is no lady '
                            "in room 2.\n")
    assert story.endswith("\n\nAnswer: A lady is in room 7.")


def test_check_every_family(capsys):
    files = [TRUTH / "trial-9.toml", TRUTH / "labyrinth.toml", TRUTH / "paradox.toml",
             REPO / "puzzles" / "smullyan-first.toml"]
    code, out, _ = run(capsys, "check", *files)
    lines = out.splitlines()
    assert code == 1
    assert lines[0].endswith("trial-9.toml: valid: one answer (where content=lady: I)")
    assert lines[1].endswith("labyrinth.toml: not unique: 5 answers")
    assert lines[2].endswith("paradox.toml: no solution: no world fits every statement and rule")
    assert "valid: the portrait is in the silver casket" in lines[3]
    assert run(capsys, "check", TRUTH / "rank.toml")[0] == 0


def test_clue_finds_room_8_and_deduces_the_reply(capsys):
    code, out, _ = run(capsys, "clue", TRUTH / "labyrinth.toml", "--json",
                       "--question", "Is room 8 empty?")
    data = json.loads(out)
    assert code == 0 and data["answers"] == 5
    texts = [c["text"] for c in data["clues"]]
    assert "Room 8 is not empty" in texts
    assert data["clues"][0]["text"] == "Room 8 is not empty"  # ranked: it gives nothing away
    first_bare = next(i for i, c in enumerate(data["clues"]) if c["bare"])
    assert all(c["bare"] and c["trivial"] for c in data["clues"][first_bare:])
    assert data["deduced"]["reply"] == "no" and data["deduced"]["text"] == "Room 8 is not empty"
    assert data["deduced"]["answers"] == [{"where content=lady": ["7"]}]


def test_clue_with_facts_given(capsys):
    _code, out, _ = run(capsys, "clue", TRUTH / "labyrinth.toml", "--json", "--fact",
                        "Room 8 is not empty", "--fact", '["is", "2", "content", "tiger"]')
    data = json.loads(out)
    assert [c["fact"] for c in data["clues"]] == [["isnot", "8", "content", "empty"]]
    _code, out, _ = run(capsys, "clue", TRUTH / "labyrinth.toml")
    assert "Room 8 is not empty  ->  a lady is in room 7" in out


def test_cnf_and_convert(capsys, tmp_path):
    code, out, _ = run(capsys, "cnf", TRUTH / "werewolves-2.toml")
    assert code == 0 and "p cnf" in out
    js, back = tmp_path / "w.json", tmp_path / "w.toml"
    assert run(capsys, "convert", TRUTH / "werewolves-2.toml", js)[0] == 0
    assert json.loads(js.read_text())["entities"] == ["A", "B", "C"]
    assert run(capsys, "convert", js, back)[0] == 0
    assert "format = 3" in back.read_text()
    assert formats.load_any(back) == formats.load_any(TRUTH / "werewolves-2.toml")
    code, _out, err = run(capsys, "convert", js, back)
    assert code == 2 and "use --force" in err


@pytest.mark.parametrize("argv,words", [
    (["solve", "{bad}"], "cannot read 'b is a nave': unknown value 'nave'"),
    (["solve", "{good}", "--m", "1"], "--m applies to casket puzzles"),
    (["clue", "{good}", "--fact", "Room 9 is purple"], "--fact: cannot read"),
    (["clue", "{good}", "--question", "Where is the lady?"], "not a yes/no question"),
    (["clue", "{good}", "--timeout", "0"], "argument --timeout: 0 is out of range: 0.1 to 3600"),
    (["clue", "{good}", "--fact", "[1, 2"], "not a JSON formula"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, tmp_path, argv, words):
    bad = tmp_path / "bad.toml"
    bad.write_text((TRUTH / "mutual-praise.toml").read_text().replace(
        '"A is a knight"', '"B is a nave"'))
    argv = [a.format(bad=bad, good=TRUTH / "labyrinth.toml") for a in argv]
    code, _out, err = run(capsys, *argv)
    assert code == 2 and words in err and err.count("\n") == 1
    if "bad" in argv[1]:
        assert err.startswith(f"{bad}:15: ")  # the line of the bad sentence


@pytest.mark.parametrize("path", sorted(TRUTH.glob("*.toml")), ids=lambda p: p.name)
def test_solve_explain_is_the_players_reveal(capsys, path):
    """One home for the explanation: `solve --explain` tells what the player's reveal tells
    (and ends in the verdict when there is no single answer)."""
    from portia_tui.core.explain.island_game import IslandGame

    puzzle = formats.load_any(path)
    game = IslandGame(puzzle)
    _code, out, _ = run(capsys, "solve", path, "--explain")
    told = out.split("\n\n", 1)[1].rstrip("\n")
    if game.playable:
        assert told == game.reveal_text()
    elif not game.result.answers:
        assert told.endswith("No answer: no world fits every statement and rule.")
    else:
        assert f"{len(game.result.answers)} answers remain: " in told


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(full_puzzles(max_statements=7, max_caskets=4))
def test_casket_worlds_fast_path_equals_the_general_engine(puzzle):
    """solve --json lists a casket puzzle's worlds from the casket engine when no maker rule
    is stated (no world model to load): the same lists as the general engine's, in casket
    order."""
    from portia_tui.cli.world import casket_worlds, general_casket_worlds
    from portia_tui.core import analyse

    if not puzzle.rules or any(r.kind == "makers" for r in puzzle.rules):
        return
    fast = casket_worlds(puzzle, analyse(puzzle))
    slow = general_casket_worlds(puzzle)
    assert fast["unique"] == slow["unique"]
    assert fast["solutions"] == slow["solutions"]
    key = [puzzle.names.index(a["where portrait=yes"][0]) for a in slow["answers"]]
    assert [a["where portrait=yes"][0] for a in fast["answers"]] == \
        [puzzle.names[i] for i in sorted(key)]


# entities out of name order: a `where` answer is the sorted list (the language page), the
# same from the masks, SAT, `solve --json` and `clue`
UNSORTED = {
    "entities": ["Zed", "Amy", "Bo"],
    "attributes": {"type": ["knight", "knave"]},
    "speaker_attr": "type", "modes": {"knight": "true", "knave": "false"},
    "statements": [{"id": "Z", "by": "Zed", "says": ["is", "self", "type", "knight"]}],
    "constraints": [["count", "all", {"type": "knight"}, "==", 2]],
    "ask": [{"where": {"type": "knight"}}],
}


def test_where_answers_are_sorted_by_name(capsys, tmp_path):
    from portia_tui.core.author.clue import clues
    from portia_tui.core.io.formats import structured
    from portia_tui.core.solve.general import solve

    path = tmp_path / "unsorted.json"
    path.write_text(json.dumps(UNSORTED), encoding="utf-8")
    puzzle = structured.loads(path.read_text(encoding="utf-8"))
    want = [{"where type=knight": pair} for pair in (["Amy", "Bo"], ["Amy", "Zed"], ["Bo", "Zed"])]
    for engine in ("masks", "sat"):
        assert sorted(solve(puzzle, engine=engine).answers, key=str) == want, engine
    _code, out, _ = run(capsys, "solve", path, "--json")
    assert sorted(json.loads(out)["answers"], key=str) == want
    report = clues(puzzle, [["is", "Bo", "type", "knave"]])
    assert [c.answer for c in report.clues] == [{"where type=knight": ["Amy", "Zed"]}]


@pytest.mark.parametrize("name", ["three-islanders.toml", "werewolves-4.toml", "trial-9.toml",
                                  "labyrinth-clue.toml"])
def test_hint_prints_a_truth_puzzles_ladder_as_the_player_has_it(capsys, name):
    """`portia hint` on a truth puzzle: the player's ladder, in the casket ladder's JSON
    shape; only the reveal (last) names the answer, in `fits`."""
    from portia_tui.core.explain.island_game import IslandGame, answer_parts
    from portia_tui.core.io.formats import load_any

    puzzle = load_any(str(TRUTH / name))
    game = IslandGame(puzzle)
    code, out, _ = run(capsys, "hint", TRUTH / name, "--json")
    hints = json.loads(out)["hints"]
    assert code == 0 and [h["text"] for h in hints] == [h.text for h in game.hints()]
    assert all(set(h) == {"text", "rules_out", "fits"} for h in hints)
    assert hints[-1]["fits"] == answer_parts(puzzle, game.result.answers[0])
    assert all(h["fits"] == [] for h in hints[:-1])
    assert hints[-1]["text"].endswith("Answer: " + "; ".join(hints[-1]["fits"]) + ".")
    code, out, _ = run(capsys, "hint", TRUTH / name)
    assert code == 0 and "Reveal:" in out
    assert out.count("Hint ") == len(hints) - 1


def test_hint_on_a_truth_puzzle_without_one_answer_or_too_large(capsys, monkeypatch):
    code, out, _ = run(capsys, "hint", TRUTH / "labyrinth.toml", "--json")
    assert code == 1 and "not unique: 5 answers" in json.loads(out)["hints"][0]["text"]
    code, out, _ = run(capsys, "hint", TRUTH / "paradox.toml")
    assert code == 1 and "cannot be played" in out
    from portia_tui.core.explain import reasoning

    monkeypatch.setattr(reasoning, "GRADE_STEPS", 3)
    code, out, _ = run(capsys, "hint", TRUTH / "three-islanders.toml")
    assert code == 3 and "too large for hints" in out and len(out.strip().splitlines()) == 1
    code, out, _ = run(capsys, "hint", TRUTH / "three-islanders.toml", "--json")
    assert code == 3 and json.loads(out)["hints"] == []
