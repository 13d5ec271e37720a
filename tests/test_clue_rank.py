"""The clues a person would want first (core/author/clue.rank, the editor's clue list): what
each clue gives away on its own is checked against the brute force of the language page on
random puzzles; the labyrinth's punchline comes first; the editor's panel shows the least
given away, never the bare answer when a smaller clue exists, and says how many it left out."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from hypothesis import HealthCheck, assume, given, settings

from portia_tui.app.world_editor.analysis import Request, compute
from portia_tui.core.author import world_editing as we
from portia_tui.core.author.clue import clues, frame, rank, related_facts
from portia_tui.core.language.formulas import freeze
from tests.world_brute import brute, count_worlds
from tests.world_strategies import world_puzzles

PUZZLES = Path(__file__).parent.parent / "puzzles" / "truth"


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(world_puzzles(max_entities=3, max_statements=2))
def test_what_each_clue_gives_away_is_the_brute_force_ratio(puzzle):
    bare_frame = frame(puzzle)
    assume(count_worlds(puzzle) <= 800 and count_worlds(bare_frame) <= 800)
    found = clues(puzzle).clues + clues(puzzle, facts=related_facts(puzzle)).clues
    assume(found)
    before = len(brute(bare_frame)["answers"])
    assume(before)
    ranked = rank(puzzle, found)
    assert sorted(map(id, (r.clue for r in ranked))) == sorted(map(id, found))
    for r in ranked:
        after = len(brute(bare_frame.with_constraint(r.clue.fact))["answers"])
        assert r.bare == (after == 1)
        assert math.isclose(r.bits, math.log2(before / after) if after else math.inf)
    # the first clue toward each answer, then the rest; each part least given away first;
    # the bare answers last
    answers = {freeze(r.clue.answer) for r in ranked if not r.bare}
    head, tail = ranked[:len(answers)], ranked[len(answers):]
    assert {freeze(r.clue.answer) for r in head} == answers
    for part in (head, [r for r in tail if not r.bare]):
        assert [r.bits for r in part] == sorted(r.bits for r in part)
    bare = [r.bare for r in tail]
    assert bare == sorted(bare)


def test_the_labyrinth_clue_gives_nothing_away():
    draft = we.loads((PUZZLES / "labyrinth.toml").read_text())
    report = compute(Request(0, draft))
    assert report.answers == 5
    assert report.clues[0].startswith("“Room 8 is not empty” → A lady is in room 7")
    shown = report.clues[:report.clues_shown]
    assert not any("(the answer itself)" in c for c in shown)
    assert any("(the answer itself)" in c for c in report.clues[report.clues_shown:])
    assert len(report.clue_facts) == len(report.clues)


def test_what_is_each_clues_are_trimmed_and_counted():
    draft = we.blank("knights-knaves", 3).with_statement("A", "B is a knave") \
        .with_statement("B", "C is a knave")
    report = compute(Request(0, draft))
    assert report.answers == 2 and report.clues_shown == 6 and len(report.clues) == 10
    # one clue toward each answer first, each naming only part of the answer
    assert report.clues[0].endswith("(names part of the answer)")
    assert {c.split("→ ")[1].split(" (")[0] for c in report.clues[:2]} == {
        "A knight, B knave, C knight", "A knave, B knight, C knave"}
    # counts that name no one are offered too (they give more away here: listed later)
    assert "“Exactly one of them is a knight” → A knave, B knight, C knave" in report.clues


async def test_the_panel_says_how_many_clues_were_left_out(tmp_path):
    from .test_app_bursts import burst, calm, typed
    from .test_world_editor import SMALL, analysis_text, editor

    app = editor(tmp_path, we.blank("knights-knaves", 3))
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        burst(app, ["enter", *typed("b knave"), "enter", "down", "enter", *typed("c knave"),
                    "enter", "pagedown"])
        await calm(app, pilot)
        text = analysis_text(app)
        assert "least given away first" in text
        assert "(4 more left out: each gives more away; c lists them all.)" in text
        # c lists all ten, the shown ones first; escape, and the key after it is the editor's
        burst(app, ["c"])
        await calm(app, pilot)
        assert len(app.screen.options) == 10
        burst(app, ["escape", "up"])
        await calm(app, pilot)
        assert app.screen is app.editor and app.editor.focused_slot() == (0, 0)
        burst(app, ["c", "end", "enter"])
        await calm(app, pilot)
        assert len(app.model.draft.puzzle.constraints) == 1
        assert "Well posed" in analysis_text(app)


@pytest.mark.parametrize("name", ["labyrinth.toml", "mutual-praise.toml"])
def test_portia_clue_ranks_as_the_editor_does(name, capsys):
    """One path: `portia clue` prints the clues in the editor's order (related facts too),
    the bare answer last, with what each gives away."""
    from portia_tui.cli import main
    from portia_tui.core.language.formulas import thaw

    draft = we.loads((PUZZLES / name).read_text())
    report = compute(Request(0, draft))
    assert main(["clue", str(PUZZLES / name), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [c["fact"] for c in data["clues"]] == [thaw(f) for f in report.clue_facts]
    assert len(data["clues"]) > 1
    bare = [c["bare"] for c in data["clues"]]
    assert bare == sorted(bare)
    kept = [c["bits"] for c in data["clues"] if not c["bare"]]
    assert all(b is not None and b >= 0 for b in kept)
    assert main(["clue", str(PUZZLES / name)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[2].startswith("  " + data["clues"][0]["text"] + "  ->  ")
