"""The player on island and door puzzles, at 80x24: marks, checks, hints, the verdict and
the reveal, through keys (a Pilot session each)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from portia_tui.app.play.islands import IslandPlayApp, IslandScreen
from portia_tui.core.explain.island_game import IslandGame
from portia_tui.core.io.formats import world_toml

TRUTH = Path(__file__).resolve().parents[1] / "puzzles" / "truth"


@pytest.fixture(autouse=True)
def _folders(tmp_path, monkeypatch):
    monkeypatch.setenv("PORTIA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PORTIA_CONFIG_DIR", str(tmp_path / "config"))


def load(name):
    return world_toml.loads((TRUTH / name).read_text(), name)


async def _ready(app, pilot) -> IslandScreen:
    for _ in range(200):
        screen = app.screen
        if isinstance(screen, IslandScreen) and screen.game is not None:
            return screen
        await pilot.pause(0.02)
    raise AssertionError("the puzzle was never ready")


def said(app) -> str:
    return str(app.screen.query_one("#said").render())


def grid(app) -> str:
    return "\n".join(str(row.render()) for row in app.screen.query(".row"))


async def test_knights_and_knaves_marked_and_judged_at_80x24():
    app = IslandPlayApp(load("three-islanders.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await _ready(app, pilot)
        assert "Both A and B are knaves" in grid(app)
        # A knight (wrong), then check: that mark cannot be right
        await pilot.press("space", "c")
        assert said(app) == "Your mark cannot be right: A's type."
        # A knave, B knight, C knave, all in one burst of keys
        await pilot.press("space", "right", "space", "right", "space", "space", "enter")
        assert said(app).startswith("Right!")
        assert "A is a knave" in said(app)


async def test_a_three_door_trial_played_with_hints_and_reveal():
    app = IslandPlayApp(load("trial-9.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await _ready(app, pilot)
        assert "Find: the lady." in str(app.screen.query_one("#rules").render())
        await pilot.press("enter")
        assert "do not answer" in said(app)
        await pilot.press("h")
        assert said(app).startswith("Hint 1:")
        await pilot.press("right", "space", "enter")  # the lady in room II: wrong
        assert said(app).startswith("Not quite")
        await pilot.press("r")
        assert "again" in said(app)
        await pilot.press("r")
        assert "Answer: A lady is in room I" in said(app)


async def test_an_ill_posed_puzzle_is_not_played():
    app = IslandPlayApp(load("mutual-praise.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _ready(app, pilot)
        assert "cannot be played" in said(app)
        await pilot.press("space", "enter", "c", "h", "r", "r")
        assert screen.game is not None and not screen.game.marks


async def test_the_newest_hint_opens_the_text_at_80x24():
    """A hint below the fold of a small terminal looked like a key that did nothing: the
    newest hint comes first, on the top line of the text box."""
    app = IslandPlayApp(load("werewolves-2.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _ready(app, pilot)
        levels = len(screen.game.hints()) - 1
        for step in range(1, levels + 1):
            await pilot.press("h")
            await pilot.pause()
            first = said(app).splitlines()[0]
            assert first.startswith(f"Hint {step}:")
            assert screen.query_one("#feedback").scroll_y == 0
        await pilot.press("h", "h")  # past the last: the same words
        paragraphs = said(app).split("\n\n")
        assert paragraphs[0].startswith(f"Hint {levels}:")
        assert paragraphs[1] == "No more hints: r reveals the answer."


def test_hints_never_give_the_whole_answer_before_the_reveal():
    for path in sorted(TRUTH.glob("*.toml")):
        game = IslandGame(world_toml.loads(path.read_text(), path.name))
        if not game.playable:
            continue
        ladder = game.hints()
        assert ladder[-1].text == game.reveal_text()
        for hint in ladder[:-1]:
            assert "Answer:" not in hint.text


def test_check_finds_marks_that_clash_together():
    game = IslandGame(load("three-islanders.toml"))
    game.set(("A", "type"), "knave")
    game.set(("B", "type"), "knave")
    found = game.check()
    assert found.wrong == (("B", "type"),) and not found.together


def test_share_codes_carry_every_family():
    from portia_tui.core.io.formats.code import CodeError, decode, encode_world

    for path in sorted(TRUTH.glob("*.toml")):
        puzzle = world_toml.loads(path.read_text(), path.name)
        code = encode_world(puzzle)
        assert code.startswith("3") and code[1:].isalnum()
        back = decode(code)
        assert back.statements == puzzle.statements and back.entities == puzzle.entities
        assert back.constraints == puzzle.constraints and back.question == puzzle.question
    for bad in ("3", "3ABCDEFGH", encode_world(load("trial-9.toml"))[:-2] + "AA"):
        with pytest.raises(CodeError):
            decode(bad)


# --------------------------------------------------------------------------- answer forms
def test_every_question_kind_is_answered_by_marks():
    """Islanders by each one's marks, a trial by the lady's room (rooms left unmarked hold
    no lady), and a yes/no question by its own cell."""
    for path in sorted(TRUTH.glob("*.toml")):
        game = IslandGame(world_toml.loads(path.read_text(), path.name))
        if not game.playable:
            continue
        solution = game.result.solutions[0]["entities"]
        answer = game.result.answers[0]
        for cell in game.cells:
            if cell[0] == "?":
                game.set(cell, "yes" if answer[cell[1]] else "no")
            elif any(getattr(q, "entity", None) == cell[0] for q in game.puzzle.question) or \
                    solution[cell[0]][cell[1]] != "tiger":
                game.set(cell, solution[cell[0]][cell[1]])
        assert game.verdict() == "right", path.name
        assert game.check().together and not game.check().wrong, path.name


def test_the_lady_is_picked_by_marking_her_room():
    game = IslandGame(load("trial-9.toml"))
    assert game.verdict() == "unanswered"
    game.set(("II", "content"), "lady")
    assert game.verdict() == "wrong"
    game.set(("II", "content"), None)
    game.set(("I", "content"), "lady")
    assert game.verdict() == "right"
    game.set(("III", "content"), "lady")  # two ladies: not the answer
    assert game.verdict() == "wrong"
    every = IslandGame(load("trial-9.toml"))  # every room marked, none with the lady
    for room in ("I", "II", "III"):
        every.set((room, "content"), "tiger")
    assert every.player_answer() == {"where content=lady": []}
    assert every.verdict() == "wrong"


def test_the_yes_no_question_has_its_own_mark():
    game = IslandGame(load("trial-8-unhung-signs.toml"))
    question = ("?", "Does door I bear the sign 'Both rooms contain tigers'?")
    assert question in game.cells and game.values(question) == ("yes", "no")
    game.set(("II", "content"), "lady")
    assert game.verdict() == "unanswered"
    game.set(question, "no")
    assert game.verdict() == "wrong" and game.check().wrong == (question,)
    game.set(question, "yes")
    assert game.verdict() == "right"


def test_stored_marks_come_back_and_unknown_ones_are_dropped():
    game = IslandGame(load("werewolves-2.toml"))
    game.set(("A", "type"), "knave")
    game.set(("C", "wolf"), "werewolf")
    again = IslandGame(load("werewolves-2.toml"))
    again.restore({**game.stored(), "Z": {"type": "knave"}, "B": {"type": "wizard"},
                   "?": {"not asked": "yes"}})
    assert again.marks == game.marks


# --------------------------------------------------------------------------- progress
async def test_marks_hints_and_time_survive_quit_and_reopen(tmp_path):
    from portia_tui.core.io.progress import ProgressStore

    ticks = iter(range(0, 10_000, 5))
    app = IslandPlayApp(load("werewolves-2.toml"), clock=lambda: float(next(ticks)))
    async with app.run_test(size=(80, 24)) as pilot:
        await _ready(app, pilot)
        await pilot.press("space", "space", "right", "space", "h", "h")
        await pilot.press("q")
    record = next(iter(ProgressStore().packs.values())).puzzles["1"]
    assert record.grid == {"A": {"type": "knave", "wolf": "werewolf"}}
    assert record.hints == 2 and record.seconds > 0 and record.status == "unsolved"
    again = IslandPlayApp(load("werewolves-2.toml"))
    async with again.run_test(size=(80, 24)) as pilot:
        screen = await _ready(again, pilot)
        assert screen.game.marks == {("A", "type"): "knave", ("A", "wolf"): "werewolf"}
        assert said(again).startswith("Hint 2:") and "Hint 1:" not in said(again)
        assert "1 earlier hint: H shows it." in said(again)
        await pilot.press("H")  # the earlier hint unfolds under the newest
        assert said(again).startswith("Hint 2:") and "\n\nHint 1:" in said(again)
        await pilot.press("H")
        assert "Hint 1:" not in said(again)
        assert "hints 2 of" in str(screen.query_one("#top").render())
        # the right answer: A knave human, B knave human, C knight werewolf
        await pilot.press("right", "space", "right", "space", "space", "right", "space",
                          "space", "right", "space", "right", "space", "enter")
        assert said(again).startswith("Right!")
    record = next(iter(ProgressStore().packs.values())).puzzles["1"]
    assert record.status == "hinted" and record.hints == 2
    third = IslandPlayApp(load("werewolves-2.toml"))
    async with third.run_test(size=(80, 24)) as pilot:
        await _ready(third, pilot)
        assert "finished this puzzle before: solved with hints" in said(third)


async def test_a_wrong_answer_and_a_reveal_are_recorded():
    from portia_tui.core.io.progress import ProgressStore

    app = IslandPlayApp(load("trial-9.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await _ready(app, pilot)
        await pilot.press("right", "space", "enter", "r", "r")
        assert "Answer:" in said(app)
    record = next(iter(ProgressStore().packs.values())).puzzles["1"]
    assert record.wrong == 1 and record.status == "revealed"


async def test_an_unreadable_progress_file_is_set_aside_and_kept(tmp_path):
    from portia_tui.core.io.progress import default_progress_path

    path = default_progress_path()
    path.parent.mkdir(parents=True)
    path.write_text("{ not json")
    app = IslandPlayApp(load("three-islanders.toml"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await _ready(app, pilot)
        await pilot.press("space", "q")
    assert (path.parent / "progress.json.corrupt").read_text() == "{ not json"
    assert '"A"' in path.read_text()


async def test_progress_that_cannot_be_set_aside_is_never_replaced(tmp_path, monkeypatch):
    from portia_tui.core.io.progress import default_progress_path

    from .test_file_edges import _refuse_moving

    path = default_progress_path()
    path.parent.mkdir(parents=True)
    path.write_text("{ not json")
    _refuse_moving(monkeypatch, path)
    app = IslandPlayApp(load("three-islanders.toml"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await _ready(app, pilot)
        await pilot.press("space", "h", "q")
    assert path.read_text() == "{ not json"
    assert sorted(p.name for p in path.parent.iterdir()) == ["progress.json",
                                                             "progress.json.lock"]


def test_play_takes_a_truth_puzzle_share_code():
    from portia_tui.app.play import single_pack
    from portia_tui.cli.play import load_playable, refuse_drafts
    from portia_tui.core.io.formats.code import encode_world
    from portia_tui.core.language.world import WorldPuzzle

    code = encode_world(load("trial-9.toml"))
    found = load_playable(code)
    assert isinstance(found, WorldPuzzle)
    refuse_drafts(found, code)  # a truth puzzle is never a draft
    pack = single_pack(found, "Shared puzzle")
    assert pack.puzzles[0].puzzle == found


# --------------------------------------------------------------------------- packs
def _truth_pack_file(tmp_path):
    from portia_tui.cli import main

    path = tmp_path / "kk.toml"
    assert main(["generate", "--family", "knights-knaves", "--people", "3", "--count", "3",
                 "--seed", "1", "-o", str(path), "-q"]) == 0
    return path


async def test_a_pack_of_truth_puzzles_is_played_with_progress_per_puzzle(tmp_path):
    from portia_tui.app.play import PlayApp
    from portia_tui.app.play.screens import PackScreen
    from portia_tui.core.packs.pack import load_pack

    path = _truth_pack_file(tmp_path)
    app = PlayApp(load_pack(path))
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, PackScreen)
        await pilot.press("enter")
        screen = await _ready(app, pilot)
        assert "Puzzle 1 of 3" in str(screen.query_one("#top").render())
        await pilot.press("space", "r", "r")
        assert "Answer:" in said(app) and "n for the next puzzle" in said(app)
        await pilot.press("n")
        second = await _ready(app, pilot)
        assert second is not screen and "Puzzle 2 of 3" in str(second.query_one("#top").render())
        await pilot.press("p")
        again = await _ready(app, pilot)
        assert again.game.marks and again.record.status == "revealed"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PackScreen)
        await pilot.press("q")
    app = PlayApp(load_pack(path))
    progress = app.progress
    assert progress.current == "001" and progress.peek("001").status == "revealed"
    assert progress.peek("002").status == "unsolved"


async def test_a_pack_whose_stored_answer_disagrees_is_not_played(tmp_path):
    import dataclasses

    from portia_tui.app.play import PlayApp
    from portia_tui.core.packs.pack import Pack, load_pack

    pack = load_pack(_truth_pack_file(tmp_path))
    wrong = dataclasses.replace(pack.puzzles[0], token="0" * 12)
    app = PlayApp(Pack(pack.title, (wrong,) + pack.puzzles[1:]))
    async with app.run_test(size=(80, 24)) as pilot:
        assert not app.playable(0) and app.playable(1)  # the list says invalid
        await pilot.press("enter")
        screen = await _ready(app, pilot)
        for _ in range(50):
            if "stored answer" in said(app):
                break
            await pilot.pause(0.02)
        assert "stored answer is not the one" in said(app)
        await pilot.press("space", "enter")
        assert not screen.game.marks and screen.record.status == "unsolved"


async def test_help_toggles_back_and_gives_the_share_code():
    from portia_tui.core.io.formats.code import encode_world

    app = IslandPlayApp(load("trial-9.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await _ready(app, pilot)
        await pilot.press("h")
        hint = said(app)
        await pilot.press("question_mark")
        assert "space" in said(app) and encode_world(load("trial-9.toml")) in said(app)
        await pilot.press("question_mark")
        assert said(app) == hint


def _concluded(hint: str) -> str:
    """What a hint states as fact: its words outside quotes, without its hypotheses (a
    supposition to try, the way it fails, a speaker's cases)."""
    text = re.sub(r'"[^"]*"', '""', hint)
    text = re.sub(r"case by case: [^.]*\.", "", text)
    for mark in (" To see why, suppose ", "Suppose ", "suppose "):
        text = text.split(mark)[0]
    return text.lower()


def _names(part: str, text: str) -> bool:
    """Whether `text` states the answer's fact `part` ("a lady is in room I", not room II)."""
    return re.search(re.escape(part.lower()) + r"\b", text) is not None


#: (family, rooms or people, how many puzzles: PORTIA_HEAVY=1 takes 30 of each)
LADDERS = [("knights-knaves", 3), ("werewolves", 3), ("lady-tiger", 2), ("lady-tiger", 3),
           ("lady-tiger", 5)]


@pytest.mark.parametrize("family,size", LADDERS, ids=lambda v: str(v))
def test_hint_ladders_teach_and_never_tell(family, size):
    """Issue 19's ladder on generated puzzles of every truth family (and the labyrinth's
    empty rooms, at five rooms): hint 1 names no fact of the answer; no hint before the reveal
    names the answer (for "where is the lady?" any room of it, for islanders the whole
    assignment); no hint is, begins with or holds a line of the reveal; every hint cites a
    statement or a supposition (its reason)."""
    from .conftest import HEAVY

    from portia_tui.core.explain.island_game import answer_parts
    from portia_tui.core.language.world import AskWhere
    from portia_tui.core.packs.islands import IslandSettings, generate_named

    count = 30 if HEAVY else {2: 6, 3: 5, 5: 3}[size]
    games = [IslandGame(i.puzzle) for i in generate_named(IslandSettings(
        family=family, size=size, count=count, seed=11))]
    if family == "lady-tiger" and size == 5:
        games += [IslandGame(load("labyrinth-clue.toml"))]
    for game in games:
        ladder = game.hints()
        reveal = [line.strip() for line in ladder[-1].text.splitlines() if line.strip()]
        parts = answer_parts(game.puzzle, game.result.answers[0])
        where = any(isinstance(q, AskWhere) for q in game.puzzle.question)
        said = ""
        for k, hint in enumerate(ladder[:-1], 1):
            stated = _concluded(hint.text)
            said += " " + stated
            assert not (k == 1 or where) or not any(_names(p, stated) for p in parts), hint
            assert not any(line in hint.text for line in reveal), hint
            assert '"' in hint.text or "uppose" in hint.text, hint
        assert where or not all(_names(p, said) for p in parts), ladder


async def test_earlier_hints_fold_under_the_newest_in_one_burst():
    """The hint box at 80x24 showed every hint under the newest: now the newest alone, the
    earlier ones one line ('H shows them'); a new hint folds them again."""
    app = IslandPlayApp(load("werewolves-2.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await _ready(app, pilot)
        await pilot.press("h", "h", "H", "h")  # unfold, then a new hint at once
        await pilot.pause()
        text = said(app)
        assert text.startswith("Hint 3:") and "Hint 2:" not in text
        assert "2 earlier hints: H shows them." in text
        await pilot.press("H", "H", "H")
        await pilot.pause()
        text = said(app)
        assert text.startswith("Hint 3:")
        assert [n for n in (2, 1) if f"\n\nHint {n}:" in text] == [2, 1]
