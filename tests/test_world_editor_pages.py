"""The truth-puzzle editor's kinds of speaker (normals, spies, werewolves, empty rooms added and
removed from the modes menu; `portia new --modes`), and its own New, Open and Play, driven with
key bursts at 80 x 24 (a dismiss followed at once by another key included)."""

from __future__ import annotations

import asyncio

import pytest

from portia_tui.app.editor.screens.dialogs import PathScreen
from portia_tui.app.editor.screens.menu import MenuScreen
from portia_tui.app.play.islands import IslandScreen
from portia_tui.app.world_editor.app import WorldEditorApp
from portia_tui.app.world_editor.files import world_store
from portia_tui.app.world_editor.new import NewPageScreen
from portia_tui.app.world_editor.page import Session
from portia_tui.core.author import world_editing as we
from portia_tui.core.author import world_menus as wm
from portia_tui.core.language.world import WorldError
from portia_tui.core.solve.general import solve

from .test_app_bursts import burst, calm, typed
from .test_world_editor import SMALL, editor, page_file

KKN = (("knight", "true"), ("knave", "false"), ("normal", "free"))


async def until(app, pilot, done, rounds: int = 400) -> None:
    """Until every key was handled and `done()` (the path dialog's folder tree keeps a
    worker running, so `calm` would wait its whole count)."""
    import time

    deadline = time.monotonic() + rounds * 0.15  # as long as 400 pauses took under load
    while time.monotonic() < deadline:
        if not app.keys_pending and done():
            break
        await asyncio.sleep(0.02)  # pilot.pause() posts a callback to every widget each time
    await pilot.pause()


# ----------------------------------------------------------------------------- the core
def test_blank_pages_with_normals_and_spies():
    d = we.blank("knights-knaves", 3, modes=we.parse_modes("knights-knaves",
                                                           "knight,knave,normal"))
    assert d.puzzle.attributes["type"] == ("knight", "knave", "normal")
    assert d.puzzle.modes == {"knight": "true", "knave": "false", "normal": "free"}
    assert we.loads(we.dumps(d)) == d
    # 27 answers: a normal may say anything, the others nothing yet
    assert len(solve(d.analysed(), limit=100).answers) == 27
    spy = we.parse_modes("werewolves", "knight,knave,spy=false")
    assert spy == (("knight", "true"), ("knave", "false"), ("spy", "false"))
    w = we.blank("werewolves", 2, modes=spy)
    assert w.puzzle.attributes == {"type": ("knight", "knave", "spy"),
                                   "wolf": ("werewolf", "human")}
    rooms = we.blank("lady-tiger", 2, modes=we.parse_modes("lady-tiger", "lady,tiger,empty"))
    assert rooms.puzzle.modes["empty"] == "free"


@pytest.mark.parametrize("text, said", [
    ("knight", "two or more"),
    ("knight,troll", "needs its mode"),
    ("knight,knave,knight", "twice"),
    ("knight,werewolf", "another attribute"),
    ("knight,knave=maybe", "true, false or free"),
    ("knight,Kn4ve=true", "not a value name"),
])
def test_parse_modes_refuses_bad_lists(text, said):
    with pytest.raises(ValueError, match=said):
        we.parse_modes("knights-knaves", text)


def test_rooms_keep_the_lady():
    with pytest.raises(ValueError, match="lady"):
        we.parse_modes("lady-tiger", "tiger,empty")


def test_kinds_added_and_removed_on_a_draft():
    d = we.blank("knights-knaves", 2).with_value_added("normal").with_value_added("spy")
    assert d.puzzle.attributes["type"] == ("knight", "knave", "normal", "spy")
    assert d.puzzle.modes["spy"] == "free"
    d = d.with_statement("A", "I am a spy")
    with pytest.raises(WorldError, match="spies cannot be removed: statement A names it"):
        d.with_value_removed("spy")
    d = d.with_value_removed("normal")
    assert d.puzzle.attributes["type"] == ("knight", "knave", "spy")
    assert "normal" not in d.puzzle.modes
    with pytest.raises(WorldError, match="duplicate|already"):
        d.with_value_added("knave")
    wolves = d.with_attribute_added(*we.WOLF)
    assert wolves.with_statement("B", "Exactly one of us is a werewolf").sentence("B") == \
        "Exactly one of us is a werewolf"
    assert wolves.with_attribute_removed("wolf") == d
    two = we.blank("knights-knaves", 2)
    with pytest.raises(WorldError, match="two kinds"):
        two.with_value_removed("knave")


def test_the_kind_menu_offers_what_the_page_lacks():
    said = [c.text for c in wm.kind_menu(we.blank("knights-knaves", 3))]
    assert said[0].startswith("Add normals") and any("werewolves" in t for t in said)
    assert not any(t.startswith("Remove") for t in said)  # two kinds: none can go
    rooms = [c.text for c in wm.kind_menu(we.blank("labyrinth"))]
    assert "Remove empty rooms" in rooms
    assert [t for t in rooms if t.startswith("Add")] == [
        "Add a kind of room of your own (its name, its sign) …"]


@pytest.mark.parametrize("name, mode, said", [
    ("knight", "true", "has 'knight' already"),
    ("werewolf", "free", "werewolves are another attribute"),
    ("troll", "maybe", "a mode is true, false or free"),
    ("t", "free", "not a value name"),
    ("tr0ll", "free", "not a value name"),
    ("", "free", "give the kind a name"),
    ("troll", "", "say how troll speaks"),
])
def test_a_kind_of_ones_own_is_checked_as_modes_checks_it(name, mode, said):
    """The modes menu's own kind is refused with the reason, for what `--modes` refuses
    (the same checks, without its "--modes:") and for a clash with the page."""
    d = we.blank("knights-knaves", 2)
    with pytest.raises(ValueError, match=said):
        d.with_own_kind(name, mode)
    if said not in ("has 'knight' already", "give the kind a name", "say how troll speaks"):
        with pytest.raises(ValueError, match=said):
            we.parse_modes("knights-knaves", f"knight,knave,{name}={mode}")


def test_a_kind_of_ones_own_is_added_with_its_mode():
    d = we.blank("knights-knaves", 2).with_own_kind("Troll ", "FREE")
    assert d.puzzle.attributes["type"] == ("knight", "knave", "troll")
    assert d.puzzle.modes["troll"] == "free"
    assert d.puzzle == we.blank("knights-knaves", 2, modes=we.parse_modes(
        "knights-knaves", "knight,knave,troll=free")).puzzle
    wolves = we.blank("werewolves", 2)
    with pytest.raises(ValueError, match="clashes with the page's 'wolf'"):
        wolves.with_own_kind("human", "true")
    rooms = we.blank("lady-tiger", 2).with_own_kind("dragon", "false")
    assert rooms.puzzle.modes["dragon"] == "false"
    assert any(c.asks_name for c in wm.kind_menu(rooms))


def test_werewolves_come_with_their_rule_offered_and_leave_with_it():
    """Adding werewolves offers Smullyan's "exactly one is a werewolf" (taken or declined);
    removing them removes it too, each in one edit; the rule is the puzzle's like any other
    and the werewolves family's blank page states the same one."""
    d = we.blank("knights-knaves", 3)
    adds = [c for c in wm.kind_menu(d) if c.action == "add" and c.attribute]
    assert [c.rule for c in adds] == [True, False]
    assert "“Exactly one of them is a werewolf”" in adds[0].text
    assert "alone" in adds[1].text and "no rule" in adds[1].text
    ruled, alone = adds[0].apply(d), adds[1].apply(d)
    assert ruled.rule_sentences() == ["Exactly one of them is a werewolf"]
    assert alone.rule_sentences() == [] and alone.puzzle.attributes == ruled.puzzle.attributes
    assert ruled.puzzle.constraints == we.blank("werewolves", 3).puzzle.constraints
    assert ruled.paired_rule("wolf") == 0 and alone.paired_rule("wolf") is None
    assert len(solve(ruled.analysed(), limit=100).answers) < len(
        solve(alone.analysed(), limit=100).answers)
    # the author may remove the rule from the rules menu; werewolves then leave alone
    assert ruled.with_rule_removed(0).puzzle == alone.puzzle
    remove = next(c for c in wm.kind_menu(ruled) if c.action == "remove" and c.attribute)
    assert remove.rule and "and the rule" in remove.text
    assert remove.apply(ruled).puzzle == d.puzzle
    # a statement that names werewolves keeps them (and the rule): refused, nothing dropped
    named = ruled.with_statement("A", "Exactly one of us is a werewolf")
    with pytest.raises(WorldError, match="names it"):
        next(c for c in wm.kind_menu(named) if c.action == "remove").apply(named)


def test_portia_new_modes(tmp_path, monkeypatch, capsys):
    from portia_tui.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["new", "k.toml", "--family", "knights-knaves", "--people", "3", "--modes",
                 "knight,knave,normal", "--no-edit"]) == 0
    d = we.loads((tmp_path / "k.toml").read_text())
    assert d.puzzle.attributes["type"] == ("knight", "knave", "normal")
    capsys.readouterr()
    for args, said in ((["--family", "knights-knaves", "--modes", "knight,troll"],
                        "needs its mode"),
                       (["--modes", "knight,knave"], "--modes is for truth puzzles")):
        assert main(["new", "bad.toml", *args, "--no-edit"]) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("bad.toml: ") and said in err and "\n" not in err
    assert not (tmp_path / "bad.toml").exists()


# ----------------------------------------------------------------------------- the editor
async def test_a_kind_added_and_removed_from_the_modes_menu(tmp_path):
    app = editor(tmp_path, we.blank("knights-knaves", 2))
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        assert "4 answers" in str(app.editor.query_one("#w-analysis-text").render())
        # m, type to the entry, enter; a second m at once (the dismiss, then a key)
        burst(app, ["m", *typed("add normals"), "enter", "m", *typed("add spies"), "enter"])
        await calm(app, pilot)
        assert app.model.draft.puzzle.attributes["type"] == ("knight", "knave", "normal",
                                                              "spy")
        assert "normals may say anything" in str(app.editor.query_one("#w-rules").render())
        assert "16 answers" in str(app.editor.query_one("#w-analysis-text").render())
        burst(app, ["enter", *typed("i am a normal"), "enter"])
        await calm(app, pilot)
        # refused while A's statement names normals: nothing dropped, a notice says why
        burst(app, ["m", *typed("remove normals"), "enter"])
        await calm(app, pilot)
        assert "normal" in app.model.draft.puzzle.attributes["type"]
        burst(app, ["m", *typed("remove spies"), "enter", "u"])
        await calm(app, pilot)
        assert "spy" in app.model.draft.puzzle.attributes["type"]  # undone
        burst(app, ["r"])
        await calm(app, pilot)
        assert "spy" not in app.model.draft.puzzle.attributes["type"]


async def test_a_kind_of_your_own_and_werewolves_with_their_rule_from_the_menu(tmp_path):
    """At 80 x 24, in bursts: m, "your own", a name (the mode field says free), enter adds
    trolls; a name that clashes is refused in the dialog with the reason, escape then m at
    once opens the menu again; werewolves come with their rule, and one u takes both back;
    declined, they come alone."""
    app = editor(tmp_path, we.blank("knights-knaves", 2))
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        burst(app, ["m", *typed("your own"), "enter", *typed("troll"), "enter"])
        await calm(app, pilot)
        assert app.screen is app.editor
        assert app.model.draft.puzzle.attributes["type"] == ("knight", "knave", "troll")
        assert app.model.draft.puzzle.modes["troll"] == "free"
        assert "trolls may say anything" in str(app.editor.query_one("#w-rules").render())
        before = app.model.draft
        burst(app, ["m", *typed("your own"), "enter", *typed("knight"), "enter"])
        await calm(app, pilot)
        error = app.screen.query_one("#new-error")
        assert error.display and "has 'knight' already" in str(error.render())
        burst(app, ["escape", "m", *typed("werewolves alone"), "enter"])  # a dismiss, then m at once
        await calm(app, pilot)
        assert app.screen is app.editor
        assert "wolf" in app.model.draft.puzzle.attributes
        assert app.model.draft.rule_sentences() == []
        burst(app, ["u", "m", *typed("werewolves and the rule"), "enter"])
        await calm(app, pilot)
        assert app.model.draft.rule_sentences() == ["Exactly one of them is a werewolf"]
        assert "Exactly one of them is a werewolf" in str(
            app.editor.query_one("#w-rules").render())
        burst(app, ["u"])  # one step takes both back
        await calm(app, pilot)
        assert app.model.draft == before


async def test_a_target_naming_a_removed_kind_is_dropped(tmp_path):
    draft = we.blank("knights-knaves", 2, modes=KKN)
    app = editor(tmp_path, draft)
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        app.editor.set_target({"A.type": "normal", "B.type": "knight"})
        burst(app, ["m", *typed("remove normals"), "enter"])
        await calm(app, pilot)
        assert app.model.target is None


async def test_new_page_asks_first_and_a_stray_enter_discards_nothing(tmp_path):
    app = editor(tmp_path, we.blank("knights-knaves", 3))
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        burst(app, ["enter", *typed("i knight"), "enter"])
        await calm(app, pilot)
        edited = app.model.draft
        # n asks about the unsaved change; enter presses Cancel (the default), and the
        # down that follows at once is the editor's
        burst(app, ["n", "enter", "down"])
        await calm(app, pilot)
        assert app.screen is app.editor and app.model.draft == edited
        assert app.editor.focused_slot() == (1, 0)
        # n, discard, the family menu (lady-tiger), the dialog: 3 rooms, normals... refused
        burst(app, ["n", "d", *typed("lady"), "enter"])
        await calm(app, pilot)
        assert isinstance(app.screen, NewPageScreen)
        app.screen.query_one("#new-size").value = "3"
        app.screen.query_one("#new-modes").value = "lady,tiger,normal"
        burst(app, ["enter"])
        await calm(app, pilot)
        assert isinstance(app.screen, NewPageScreen)  # normal needs its mode: said inline
        assert "needs its mode" in str(app.screen.query_one("#new-error").render())
        app.screen.query_one("#new-modes").value = "lady,tiger,empty"
        burst(app, ["enter", "enter"])  # starts; the second enter opens room I's menu
        await calm(app, pilot)
        assert isinstance(app.screen, MenuScreen)
        burst(app, ["escape"])
        await calm(app, pilot)
        draft = app.model.draft
        assert draft.family == "lady-tiger" and draft.puzzle.entities == ("I", "II", "III")
        assert app.model.path is None and not app.model.dirty and not app.model.can_undo
        assert "3 answers" in str(app.editor.query_one("#w-analysis-text").render())
    assert we.loads((tmp_path / "k.toml").read_text()) == we.blank("knights-knaves", 3)


async def test_open_another_page_and_refuse_a_casket_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    other = page_file(tmp_path, we.blank("werewolves", 2), "w.toml")
    casket = tmp_path / "c.toml"
    casket.write_text('format = 1\nm = 1\n\n[[caskets]]\nname = "gold"\n'
                      'statements = ["The portrait is in this casket"]\n\n[[caskets]]\n'
                      'name = "silver"\nstatements = ["The portrait is not in this casket"]\n')
    app = editor(tmp_path, we.blank("knights-knaves", 3))
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        for path, opened in ((casket, False), (tmp_path / "missing.toml", False),
                             (other, True)):
            burst(app, ["o"])
            await until(app, pilot, lambda: isinstance(app.screen, PathScreen))
            app.screen.query_one("#path").value = str(path)
            burst(app, ["enter"])
            await calm(app, pilot)
            assert app.screen is app.editor
            assert (app.model.path == other) is opened
        assert app.model.draft == we.loads(other.read_text())
        assert not app.model.dirty


async def test_play_opens_the_page_in_the_player_and_escape_comes_back(tmp_path):
    draft = we.blank("knights-knaves", 2)
    draft = draft.with_statement("A", "B is a knave").with_statement("B", "A and I are "
                                                                         "of the same type")
    app = editor(tmp_path, draft)
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        # p, then a burst of the player's keys; escape back, and down at once is the editor's
        burst(app, ["p", "space", "right", "space", "space"])
        await calm(app, pilot)
        screen = app.screen
        assert isinstance(screen, IslandScreen)
        assert screen.puzzle == draft.analysed()
        burst(app, ["escape", "down"])
        await calm(app, pilot)
        assert app.screen is app.editor and app.editor.focused_slot() == (1, 0)
    # a page with several answers is not played: the notice says why
    app = editor(tmp_path, we.blank("knights-knaves", 2), "open.toml")
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        burst(app, ["p"])
        await calm(app, pilot)
        assert app.screen is app.editor


async def test_the_players_help_from_the_editor_is_true_to_its_keys(tmp_path, monkeypatch):
    """Played from the editor, q is not bound and nothing is kept: the help says escape goes
    back to the editor (a try-out) and does not offer q; ? again, escape, and p at once
    play again; no progress file is written. In `portia play` the help still offers q."""
    monkeypatch.setenv("PORTIA_DATA_DIR", str(tmp_path / "data"))
    draft = we.blank("knights-knaves", 2)
    draft = draft.with_statement("A", "B is a knave").with_statement("B", "A and I are "
                                                                         "of the same type")
    app = editor(tmp_path, draft)
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        burst(app, ["p", "question_mark"])
        await calm(app, pilot)
        screen = app.screen
        assert isinstance(screen, IslandScreen)
        said = str(screen.query_one("#said").render())
        assert "Escape     back to the editor (a try-out: nothing is saved)" in said
        assert "quit" not in said and "progress" not in said
        assert "q" not in app.active_bindings  # the help offers no key that is not bound
        burst(app, ["question_mark", "space", "escape", "p"])  # a dismiss, then p at once
        await calm(app, pilot)
        assert isinstance(app.screen, IslandScreen) and app.screen is not screen
        burst(app, ["escape"])
        await calm(app, pilot)
        assert app.screen is app.editor
    assert not (tmp_path / "data").exists() or not any((tmp_path / "data").rglob("progress*"))
    player = IslandScreen(draft.analysed())
    assert "q          quit (your progress is saved" in player.help_keys()
    assert "Escape  back to" not in player.help_keys()


async def test_new_open_and_play_are_in_the_footer_help_and_palette(tmp_path):
    from portia_tui.app.world_editor.commands import ACTIONS, FOOTER

    actions = {a.action: a for a in ACTIONS}
    for name in ("new", "open", "play"):
        assert name in FOOTER and name in actions
    keys = {k for a in ACTIONS for k in a.bind.split(",")}
    assert "ctrl+b" not in keys  # tmux's prefix
    app = WorldEditorApp(Session.new(we.blank("knights-knaves", 2)),
                         store=world_store(tmp_path / "rec"))
    async with app.run_test(size=(120, 40)) as pilot:
        await calm(app, pilot)
        shown = {b.action for (_n, b, _e, _t) in app.editor.active_bindings.values()
                 if b.show}
        assert {"new", "open", "play"} <= shown
        burst(app, ["question_mark"])
        await calm(app, pilot)
        text = str(app.screen.query_one("Static").render())
        assert "New page" in text and "Open" in text and "Play this puzzle" in text
        burst(app, ["escape"])
        await calm(app, pilot)
        assert app.screen is app.editor
