"""The smaller things of issue 21 in the editor: the menu at 80 x 24, its filter, the m list."""

from __future__ import annotations

from textual.widgets import OptionList, Static

from portia_tui.app.editor.app import EditorApp
from portia_tui.app.editor.screens.menu import MenuScreen, matches, rank
from portia_tui.core.author.editing import EditorModel
from portia_tui.core.io.recovery import RecoveryStore
from portia_tui.core.language.model import Puzzle, blank_puzzle, default_puzzle
from portia_tui.core.language.vocabulary import Statement

from .test_app_bursts import burst, calm, typed


def test_the_filter_matches_at_word_starts_only():
    assert matches("The portrait is in this casket", "in this")
    assert not matches("This casket was made by Cellini", "in this")
    assert matches("This casket was made by Cellini", "cell")
    assert rank("The portrait is in this casket", "in this") == 0
    assert rank("The portrait is not in the silver casket", "sil") == 1


def on_screen(app) -> str:
    """The text on the terminal (from Textual's screenshot), spaces as spaces."""
    import html
    import re

    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


def visible(menu: OptionList) -> bool:
    """The highlighted line is inside the list's visible rows."""
    top = menu.scroll_offset.y
    return menu.highlighted is not None and top <= menu.highlighted < top + menu.size.height


async def test_the_menu_scrolls_to_its_last_entry_at_80x24(tmp_path):
    app = EditorApp(EditorModel.new(blank_puzzle(3, 3)), store=RecoveryStore(tmp_path / "r"))
    async with app.run_test(size=(80, 24)) as pilot:
        await calm(app, pilot)
        burst(app, ["enter"])
        await calm(app, pilot)
        assert isinstance(app.screen, MenuScreen)
        menu = app.screen.query_one("#menu", OptionList)
        region = menu.region
        assert region.bottom <= app.screen.query_one(".menu-dialog").region.bottom
        burst(app, ["end"])
        await calm(app, pilot)
        assert menu.highlighted == menu.option_count - 1
        await pilot.pause(0.2)
        assert visible(menu)
        last = app.screen.options[app.screen.shown[-1]][0]
        assert last in on_screen(app)  # scrolled into sight, inside the dialog


async def test_the_filter_puts_the_highlight_on_the_best_match(tmp_path):
    app = EditorApp(EditorModel.new(blank_puzzle(3, 1)), store=RecoveryStore(tmp_path / "r"))
    async with app.run_test(size=(100, 40)) as pilot:
        await calm(app, pilot)
        burst(app, ["enter", "end"] + typed("not in"))
        await calm(app, pilot)
        screen = app.screen
        assert isinstance(screen, MenuScreen)
        menu = screen.query_one("#menu", OptionList)
        assert menu.highlighted == 0  # not the entry highlighted before the typing
        first = screen.options[screen.shown[0]][0]
        assert first.startswith("The portrait is not in")


async def test_the_m_list_follows_a_new_puzzle(tmp_path):
    app = EditorApp(EditorModel.new(default_puzzle().with_m(None)),
                    store=RecoveryStore(tmp_path / "r"))
    async with app.run_test(size=(120, 40)) as pilot:
        await calm(app, pilot)
        other = Puzzle.build({"tin": [Statement("in", "tin")],
                              "iron": [Statement("not_in", "iron")],
                              "zinc": [Statement("not_in", "tin")]}, m=None)  # m open: a list
        await app.editor.load_model(EditorModel.new(other))
        await calm(app, pilot)
        texts = [str(o.prompt) for o in app.editor.query_one("#unique-m", OptionList).options]
        assert texts and not any("gold" in t or "silver" in t or "lead" in t for t in texts)


async def test_a_selection_from_before_the_list_was_filled_anew_picks_its_own_entry(tmp_path):
    """The rules menu is filled anew while a selection is on its way (typing, marks): the
    selection names its option, whose index may be past the new list (IndexError before)."""
    app = EditorApp(EditorModel.new(default_puzzle()), store=RecoveryStore(tmp_path / "r"))
    async with app.run_test(size=(120, 40)) as pilot:
        await calm(app, pilot)
        burst(app, ["l"])
        await calm(app, pilot)
        screen = app.screen
        assert isinstance(screen, MenuScreen)
        menu = screen.query_one("#menu", OptionList)
        index = menu.option_count - 1
        option = menu.get_option_at_index(index)
        wanted = screen.options[screen._lines[index]][1]
        burst(app, typed("zzz"))  # nothing matches: the list is empty now
        await calm(app, pilot)
        assert menu.option_count == 0
        screen.post_message(OptionList.OptionSelected(menu, option, index))
        await calm(app, pilot)
        assert app.screen is app.editor and wanted in app.model.puzzle.rules


async def test_maker_statements_are_found_from_a_slot_menu_and_add_their_rule(tmp_path):
    model = EditorModel.new(default_puzzle())
    model.vocabulary = "full"
    app = EditorApp(model, store=RecoveryStore(tmp_path / "r"))
    async with app.run_test(size=(120, 40)) as pilot:
        await calm(app, pilot)
        app.editor.model.vocabulary = "full"
        before = app.model.puzzle
        burst(app, ["enter"] + typed("cellini"))
        await calm(app, pilot)
        screen = app.screen
        assert isinstance(screen, MenuScreen) and screen.shown
        # the sentences match, not the note about the rule (which names Bellini too)
        assert all("Cellini" in screen.options[i][0] for i in screen.shown)
        burst(app, ["backspace"] * 7 + typed("bellini"))
        await calm(app, pilot)
        first = screen.options[screen.shown[0]][0]
        assert "Bellini" in first and screen.notes[screen.shown[0]] == "(+ rule)"
        assert "adds the rule 'Every casket was made by Bellini" in screen.note_legend
        burst(app, ["enter"])
        await calm(app, pilot)
        puzzle = app.model.puzzle
        assert "makers" in puzzle.rule_kinds
        assert "Bellini" in puzzle.sentence(0)
        burst(app, ["u"])  # one edit: one undo takes both back
        await calm(app, pilot)
        assert app.model.puzzle == before


async def test_the_filter_title_counts_the_entries_it_shows(tmp_path):
    """The title's "(N of M)" is the list under it, not the list of the key before (it said
    33 of 33 for "o" and 24 of 33 for "or", the count of one key earlier)."""
    app = EditorApp(EditorModel.new(blank_puzzle(3, 1)), store=RecoveryStore(tmp_path / "r"))
    async with app.run_test(size=(100, 40)) as pilot:
        await calm(app, pilot)
        burst(app, ["enter"])
        await calm(app, pilot)
        screen = app.screen
        assert isinstance(screen, MenuScreen)
        for key in typed("not in") + ["backspace"]:
            burst(app, [key])
            await calm(app, pilot)
            title = str(screen.query_one("#menu-title", Static).render())
            assert f"({len(screen.shown)} of {len(screen.options)})" in title, (key, title)


async def test_the_help_stands_in_the_middle_at_80x24(tmp_path):
    """Both editors' help screens lacked the class that centres a dialog: at 80 x 24 the box
    stood at the left edge, the screen below showing on its right."""
    from portia_tui.app.world_editor.app import WorldEditorApp
    from portia_tui.app.world_editor.files import world_store
    from portia_tui.core.author import world_editing as we

    path = tmp_path / "k.toml"
    path.write_text(we.dumps(we.blank("knights-knaves", 3)))
    apps = [EditorApp(EditorModel.new(blank_puzzle(3, 1)), store=RecoveryStore(tmp_path / "r")),
            WorldEditorApp.on_draft(we.loads(path.read_text(), str(path)), path, opened=True,
                                    store=world_store(tmp_path / "w"))]
    for app in apps:
        async with app.run_test(size=(80, 24)) as pilot:
            await calm(app, pilot)
            burst(app, ["question_mark"])
            await calm(app, pilot)
            box = app.screen.query_one(".help-dialog").region
            left, right = box.x, 80 - box.right
            assert left > 0 and abs(left - right) <= 1, (type(app).__name__, box)
