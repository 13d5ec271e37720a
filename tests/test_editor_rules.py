"""The statement menus grouped by family with type-to-filter, the editor's vocabulary choice,
and the rules panel (Pilot, lean)."""

from __future__ import annotations

from textual.widgets import OptionList

from portia_tui.app.editor.app import EditorApp
from portia_tui.app.editor.screens.menu import MenuScreen
from portia_tui.core.author.editing import EditorModel
from portia_tui.core.language.model import blank_puzzle
from portia_tui.core.language.vocabulary import FAMILIES, VOCABULARIES, options

SIZE = (120, 40)


def lines(app) -> list[tuple[str, bool]]:
    return [(str(o.prompt), o.disabled) for o in app.screen.query_one(OptionList).options]


async def test_full_menu_grouped_by_family_and_filtered_by_typing():
    puzzle = blank_puzzle(3, 1, m=1)
    app = EditorApp(EditorModel.new(puzzle, target=0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.model.vocabulary == "classic"
        await pilot.press("w")  # classic -> full
        assert app.model.vocabulary == "full"
        assert app.settings.get("editor_vocabulary") == "full"  # kept for next time
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MenuScreen)
        shown = lines(app)
        headings = [p for p, disabled in shown if disabled]
        # the maker statements too, though the puzzle lacks their rule: each says picking
        # it adds the rule
        full = options(puzzle.layout, 0, VOCABULARIES["full"], ("makers",))
        assert len(shown) - len(headings) == len(full)
        assert all("(+ rule)" in p for p, _d in shown if "made by" in p)
        # every family offered has its heading, in FAMILIES order
        assert [h.strip("─ ") for h in headings] == [
            FAMILIES[f] for f in ("portrait", "truth", "count", "maker")]
        await pilot.press("l", "e", "a", "d")
        assert screen.filter == "lead"
        narrowed = [p for p, disabled in lines(app) if not disabled]
        assert narrowed and all("lead" in p.lower() for p in narrowed)
        assert "filter: lead" in str(screen.query_one("#menu-title").render())
        await pilot.press("backspace", "backspace", "backspace", "backspace")
        assert screen.filter == ""
        assert len(lines(app)) == len(shown)
        await pilot.press("n", "o", "t", "space", "l", "e", "a", "d", "enter")
        await pilot.pause()
        assert app.screen is not screen
        assert app.model.puzzle.sentence(0).lower() == "the portrait is not in the lead casket"


async def test_vocabulary_is_read_back_from_the_settings():
    app = EditorApp(EditorModel.new(blank_puzzle(3, 1, m=1), target=0))
    app.settings.set("editor_vocabulary", "portrait")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.model.vocabulary == "portrait"
        await pilot.press("enter")
        await pilot.pause()
        assert len(app.screen.query_one(OptionList).options) == 6  # in / not in, one family


async def test_rules_panel_adds_and_removes_rules_undoably():
    from portia_tui.core.language.rules import Rule

    puzzle = blank_puzzle(3, 1, m=1)
    app = EditorApp(EditorModel.new(puzzle, target=0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        panel = str(app.screen.query_one("#rules").render())
        assert "Exactly 1 statement is true" in panel
        await pilot.press("l")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        headings = [p for p, disabled in lines(app) if disabled]
        assert len(headings) == 5  # one per rule kind
        # the m rule the puzzle states is not offered again
        assert Rule("total", "exactly", 1, True) not in [r for _s, r in menu.options]
        for key in "bellini":
            await pilot.press(key)
        await pilot.press("enter")
        await pilot.pause()
        assert Rule("makers") in app.model.puzzle.rules
        assert "Bellini" in str(app.screen.query_one("#rules").render())
        # maker statements are offered now (full vocabulary), under their family's heading
        await pilot.press("w", "enter")
        await pilot.pause()
        assert any("Bellini and Cellini" in p for p, disabled in lines(app) if disabled)
        await pilot.press("escape")
        await pilot.press("u")  # undo takes the rule back
        await pilot.pause()
        assert Rule("makers") not in app.model.puzzle.rules
        await pilot.press("L")
        await pilot.pause()
        await pilot.press("enter")  # the only rule: m
        await pilot.pause()
        assert app.model.puzzle.m is None and app.model.puzzle.rules == ()


def test_a_rule_a_statement_needs_cannot_be_removed():
    import pytest

    from portia_tui.core.errors import PuzzleError
    from portia_tui.core.language.rules import Rule
    from portia_tui.core.language.vocabulary import Statement

    model = EditorModel.new(blank_puzzle(3, 1, m=1))
    model.apply(model.with_rule_added(Rule("makers")))
    maker = next(st for st in options(model.puzzle.layout, 0, VOCABULARIES["full"],
                                      model.puzzle.rule_kinds) if st.kind == "made_by")
    model.apply(model.puzzle.with_statement(0, 0, maker))
    with pytest.raises(PuzzleError):
        model.with_rule_removed(Rule("makers"))
    with pytest.raises(PuzzleError):
        model.with_rule_added(Rule("makers"))
    assert isinstance(maker, Statement)


def test_a_puzzle_solved_by_its_rules_alone_shows_its_verdict():
    """m open but rules given (the third Portia): the analysis gives the verdict under the
    rules, not 'choose m'."""
    from portia_tui.app.editor.analysis import Request, compute
    from portia_tui.app.editor.widgets.analysis_panel import verdict
    from portia_tui.core.io import formats

    from .conftest import REPO

    puzzle = formats.load(REPO / "puzzles" / "portia3-who-made-what.toml")
    assert puzzle.m is None and puzzle.side_rules
    text = verdict(compute(Request(1, puzzle)))
    assert "under the rules" in text and "m open" not in text
