"""Three things a truth puzzle lost on the way: its notes in a share code (the eighth trial's
sign-placement rule has no sentence but the notes), the wordings of a sign not yet hung in
the explanation (it said "(unknown words)"), and the pack list's column of wrong answers (it
was named for casket picks)."""

from __future__ import annotations

from portia_tui.app.play.islands import IslandScreen, rules_text
from portia_tui.core.explain.island_game import IslandGame
from portia_tui.core.io.formats.code import decode, encode_world

from .test_play_islands import _ready, _truth_pack_file, load


def test_a_share_code_keeps_the_notes_the_player_shows():
    puzzle = load("trial-8-unhung-signs.toml")
    back = decode(encode_world(puzzle))
    assert back.notes == puzzle.notes and back.notes
    assert back.title == ""  # a code still carries no title
    assert "Each belongs on one door" in rules_text(back)
    assert back.replace(title=puzzle.title, source=puzzle.source) == puzzle


def test_the_eighth_trial_explained_with_its_wordings():
    game = IslandGame(load("trial-8-unhung-signs.toml"))
    texts = [h.text for h in game.hints()] + [game.reveal_text()]
    for text in texts:
        assert "unknown words" not in text
    assert ('sign on room I ("A tiger is in this room" or "Both rooms contain tigers", '
            "whichever hangs there)") in texts[-1]


async def test_the_pack_list_counts_wrong_answers_of_truth_puzzles(tmp_path):
    from textual.widgets import DataTable

    from portia_tui.app.play import PlayApp
    from portia_tui.app.play.screens import PackScreen
    from portia_tui.core.packs.pack import load_pack

    app = PlayApp(load_pack(_truth_pack_file(tmp_path)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = await _ready(app, pilot)
        assert isinstance(screen, IslandScreen) and screen.game is not None
        game = screen.game
        answer = game.result.answers[0]
        for key, value in answer.items():  # every mark right but the first one
            entity, attr = key.split(".")
            game.set((entity, attr), value)
        first = next(iter(answer))
        entity, attr = first.split(".")
        wrong = next(v for v in game.values((entity, attr)) if v != answer[first])
        game.set((entity, attr), wrong)
        await pilot.press("enter", "escape")
        await pilot.pause()
        assert isinstance(app.screen, PackScreen)
        table = app.screen.query_one(DataTable)
        labels = [str(c.label) for c in table.columns.values()]
        assert "wrong answers" in labels and "wrong picks" not in labels
        row = table.get_row_at(0)
        assert row[labels.index("wrong answers")] == "1"
