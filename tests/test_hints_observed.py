"""Hint 1 and the explanations say what the grader observes (issue #19 points 3 and 4), a
pack entry's sealed answer is checked before hints (#20), and the truth player's grading has
a work budget (#20)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portia_tui.cli import main
from portia_tui.core.explain.deduction import explain
from portia_tui.core.explain.difficulty import BY_KEY, Grader, rate
from portia_tui.core.explain.hints import Coach
from portia_tui.core.io import formats
from portia_tui.core.language.model import Puzzle
from portia_tui.core.language.vocabulary import Statement as S

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "tests" / "golden" / "examples"

#: gold's statements 2 and 3 contradict each other, so gold is never all true, and silver's
#: "the statements on the gold casket are true" is false whatever the placement
NEVER = Puzzle.build({"gold": [S("not_in", "silver"), S("true", "silver"), S("false", "silver")],
                      "silver": [S("true", "gold")], "lead": [S("in", "gold")]}, m=1)


def _first_observation(puzzle: Puzzle):
    """The grader's own first observation on the casket that needs its hardest technique."""
    rating = rate(puzzle)
    grader = Grader(puzzle, puzzle.m)
    return grader.observe(rating.placement, BY_KEY[rating.technique].rank)[0]


def test_hint_one_is_the_never_all_true_lid_the_grader_reads():
    obs = _first_observation(NEVER)
    assert (obs.what, obs.placement, obs.statements, obs.settles) == \
        ("never", None, (0, 1, 2), ((3, False),))
    hint = Coach(NEVER).hint(1)
    assert hint.title == "A key observation"
    assert hint.text == obs.words(NEVER, quote=True) == (
        "Whatever the placement, the gold casket's statements can never all be true: "
        'statements 2 and 3 contradict each other; so statement 4 ("The statements on the '
        'gold casket are true") is false.')


#: "the other statements on this casket are false" on gold: gold is never all false (else
#: that statement would be true), so lead's "the statements on the gold casket are false" is
#: false whatever the placement; a person reads it at once, with no case split
NEVER_FALSE = Puzzle.build({"gold": [S("false", "lead"), S("other_false"), S("in", "gold")],
                            "silver": [S("true", "gold"), S("other_false")],
                            "lead": [S("other_true"), S("false", "gold")]}, m=3)


def test_a_lid_never_all_false_is_hint_one_and_said_once_before_the_placements():
    said = ("Whatever the placement, the gold casket's statements can never all be false: if "
            'they were, statement 2 ("The other statements on this casket are false") would be '
            'true; so statement 7 ("The statements on the gold casket are false") is false.')
    coach = Coach(NEVER_FALSE)
    assert coach.rating.technique == "lid"
    assert coach.hint(1).text == said
    # the last step is the casket that needs the lid: hint 1 is what it takes
    assert coach.hint(3).text.endswith("The key observation of hint 1 is what it takes.")
    text = explain(NEVER_FALSE)
    assert text.splitlines()[0] == said
    assert text.count("the gold casket's statements can never all be false") == 1
    assert "try each case" not in text and "Case 1" not in text
    # (said once for the silver and the lead placements alike, and once for the gold)
    assert text.count("      Statement 7 is false, because the gold casket's statements "
                      "are never all false (said above); ") == 2
    assert "Under the silver and the lead placements alike:" in text.splitlines()


def test_a_supposition_observation_is_worded_under_its_supposition():
    puzzle = formats.load(EXAMPLES / "undetermined-4.toml")
    hint = Coach(puzzle).hint(1)
    assert hint.text.startswith("Suppose the portrait is in the lead casket. With the portrait "
                                "there, exactly one of statement 1 (gold: ")
    assert "whatever" not in hint.text.lower()
    assert hint.placement == 2 and hint.rules_out == () and hint.fits == ()
    text = explain(puzzle)
    # said in the lead story, under its supposition, instead of lead's case split
    lead = text.split("Suppose the portrait is in the lead casket.")[1]
    assert ("Statements 1, 2, 3, 5, 6 and 7 speak of each other in a loop; with the portrait "
            "here, exactly one of statements 1 and 5 is true: they contradict each other.") in lead
    assert "try each case" not in lead and "Case 1" not in lead
    assert "Whatever the placement, exactly one of statements 1 and 5" not in text


def test_two_liars_explanation_word_for_word():
    text = explain(formats.load(REPO / "puzzles" / "two-liars-loop.toml"))
    head = text.split("Suppose the portrait")[0]
    assert head == (
        "Whatever the placement, exactly one of statements 1 and 2 is true: they contradict "
        "each other.\n"
        "Whatever the placement, these steps go the same way:\n"
        "  Statements 1 and 2 speak of each other in a loop; as said above, exactly 1 of them "
        "is true. Which way stays open, and no case split is needed to count them: 2 cases "
        "remain (case 1: statement 1 is true, statement 2 is false; case 2: statement 2 is "
        "true, statement 1 is false).\n")
    assert text.count("exactly one of statements 1 and 2") == 1


def test_never_lid_explanation_word_for_word():
    text = explain(NEVER)
    lines = text.splitlines()
    assert lines[0] == (
        "Whatever the placement, the gold casket's statements can never all be true: "
        'statements 2 and 3 contradict each other; so statement 4 ("The statements on the '
        'gold casket are true") is false.')
    # the clash of the lid is not said again as a pair of its own
    assert "Whatever the placement, exactly one of statements 2 and 3" not in text
    # the same derivation under every placement: said once, before the placements
    assert lines.count("  Statements 2, 3 and 4 speak of each other in a loop, but what is known "
                       "settles them:") == 1
    assert lines.count("  Statements 2, 3 and 4 go as said above whatever the placement.") == 3
    assert lines.index("Whatever the placement, these steps go the same way:") < \
        lines.index("Suppose the portrait is in the gold casket.")
    assert ("      Statement 4 is false, because the gold casket's statements are never all true "
            "(said above); so statement 2 is false, because statement 4 is false, and statement "
            "2 says the silver casket's statements are true; so statement 3 is true, because "
            "statement 4 is false, as statement 3 says. So statement 3 is true, statements 2 "
            "and 4 are false.") in lines


def test_a_lid_and_its_pair_are_one_invariant():
    text = explain(formats.load(REPO / "puzzles" / "one-honest-lid.toml"))
    assert ("Whatever the placement, the gold casket bears exactly 1 true statement, whichever "
            "it is: statements 1 and 2 settle that among themselves.") in text
    assert "its statements" not in text
    assert "exactly one of statements 1 and 2 is true" not in text


def test_explanations_keep_their_json_facts(capsys):
    path = str(REPO / "puzzles" / "two-liars-loop.toml")
    assert main(["solve", path, "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main(["solve", path, "--json", "--explain"]) == 0
    told = json.loads(capsys.readouterr().out)
    assert told.pop("explanation").startswith("Whatever the placement, exactly one")
    assert told == plain


def test_hint_json_shape(capsys):
    path = str(EXAMPLES / "mixed-2.toml")
    assert main(["hint", path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["hints"]
    hints = data["hints"]
    assert all(list(h) == ["text", "rules_out", "fits"] for h in hints)
    assert hints[0]["text"].startswith("Whatever the placement, the gold casket's statements "
                                       "can never all be true")
    assert all(h["fits"] == [] for h in hints[:-1])
    assert hints[-1]["fits"] == ["silver"]
    assert hints[-1]["text"].startswith("The portrait is in the silver casket.")
    ruled = {c for h in hints for c in h["rules_out"]}
    assert ruled == {"gold", "lead"}


def _pack(tmp_path: Path) -> tuple[Path, str, str]:
    """A generated pack of two, and one with puzzle 001's sealed answer changed to another
    casket: (the bad pack, the sealed casket, the real one)."""
    from portia_tui.core.packs.pack import encode_solution, load_pack

    good = tmp_path / "good.toml"
    assert main(["generate", "-n", "2", "--count", "2", "--seed", "3", "-o", str(good)]) == 0
    entry = load_pack(str(good)).puzzles[0]
    wrong = next(n for n in entry.casket.names if n != entry.solution)
    bad = tmp_path / "bad.toml"
    bad.write_text(good.read_text().replace(encode_solution(entry.id, entry.solution),
                                            encode_solution(entry.id, wrong)))
    return bad, wrong, entry.solution


def test_hint_on_a_pack_entry_with_a_wrong_sealed_answer_is_refused(tmp_path, capsys):
    bad, sealed, real = _pack(tmp_path)
    capsys.readouterr()
    for extra in ([], ["--json"]):
        assert main(["hint", str(bad), "--id", "001", *extra]) == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert err == (f"{bad}: puzzle 001: its sealed answer is the {sealed} casket, but the "
                       f"analysis finds the {real} casket: the pack entry is broken, so no "
                       "hints (portia pack check says more)\n")
    # the other entry, sealed right, gives its hints
    assert main(["hint", str(bad), "--id", "002"]) == 0
    assert capsys.readouterr().out.startswith("Hint 1:")


def test_the_truth_players_grading_has_a_budget(monkeypatch):
    from portia_tui.app.play.islands import _too_large
    from portia_tui.core.explain import reasoning
    from portia_tui.core.explain.island_game import IslandGame
    from portia_tui.core.io.formats import world_toml

    path = REPO / "puzzles" / "truth" / "three-islanders.toml"
    puzzle = world_toml.loads(path.read_text(), path.name)
    monkeypatch.setattr(reasoning, "GRADE_STEPS", 5)
    game = IslandGame(puzzle)
    ladder = game.hints()
    assert game.too_large == 5
    assert len(ladder) == 1 and ladder[0].fits  # the reveal alone: the answer
    assert game.reveal_text().startswith("Answer: ")
    assert _too_large(game.too_large) == (
        "This puzzle is too large for hints: grading it takes over 5 steps (a second or two "
        "of work). Pencil marks and picks work as ever; r reveals the answer.")
    monkeypatch.undo()
    assert IslandGame(puzzle).too_large is None and len(IslandGame(puzzle).hints()) > 1


@pytest.mark.asyncio
async def test_the_truth_player_says_too_large_on_h(monkeypatch, tmp_path):
    from portia_tui.app.play.islands import IslandPlayApp, IslandScreen
    from portia_tui.core.explain import reasoning
    from portia_tui.core.io.formats import world_toml

    monkeypatch.setenv("PORTIA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PORTIA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setattr(reasoning, "GRADE_STEPS", 5)
    path = REPO / "puzzles" / "truth" / "three-islanders.toml"
    app = IslandPlayApp(world_toml.loads(path.read_text(), path.name))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            if isinstance(app.screen, IslandScreen) and app.screen.game is not None:
                break
            await pilot.pause(0.02)
        await pilot.press("h", "h")
        said = str(app.screen.query_one("#said").render())
        assert said.startswith("This puzzle is too large for hints: grading it takes over 5")


def test_hint_on_a_truth_pack_entry_with_a_wrong_sealed_answer_is_refused(tmp_path, capsys):
    import re

    path = tmp_path / "kk.toml"
    assert main(["generate", "--family", "knights-knaves", "--people", "3", "--count", "2",
                 "--seed", "1", "-o", str(path), "-q"]) == 0
    text = path.read_text()
    first = re.search(r'solution = "([0-9a-f]{12})"', text)
    assert first is not None
    path.write_text(text.replace(first.group(1), "000000000000", 1))
    capsys.readouterr()
    assert main(["hint", str(path), "--id", "001"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"{path}: puzzle 001: its sealed answer is not the one "
                                        "the analysis finds (")
    assert err.count("\n") == 1
