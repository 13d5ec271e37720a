"""The editor on the whole rulebook (Pilot, lean): opening a puzzle widens the menus'
vocabulary to its kinds; a puzzle solved by its rules is worded by them; the assistant's marks
and repairs under every rule kind."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import OptionList, Static

from portia_tui.app.editor.analysis import MARK_SYMBOLS
from portia_tui.app.editor.app import EditorApp
from portia_tui.app.editor.screens.menu import MenuScreen
from portia_tui.app.editor.widgets.toolbar import title_text
from portia_tui.core import analyse
from . import brute
from portia_tui.core.io import formats
from portia_tui.core.author.editing import EditorModel
from portia_tui.core.language.vocabulary import VOCABULARIES, menu, sentence

from .conftest import REPO

SIZE = (120, 40)
PUZZLES = REPO / "puzzles"


def opened(name: str) -> EditorApp:
    path = PUZZLES / name
    return EditorApp(EditorModel.opened(formats.load(path), path))


def text(app, selector: str) -> str:
    return " ".join(str(app.editor.query_one(selector, Static).render()).split())


async def settle(app, pilot, until=lambda: True) -> None:
    import time

    deadline = time.monotonic() + 45  # as long as 300 pauses took under load
    while time.monotonic() < deadline:
        await asyncio.sleep(0.02)  # pilot.pause() posts a callback to every widget each time
        if app.editor.report is not None and until():
            break
    await pilot.pause()


# --------------------------------------------------------------------------- 1. vocabulary
@pytest.mark.parametrize("name, kept, widened", [
    ("portia3-bellini-cellini.toml", "classic", "full"),  # maker statements
    ("self-count.toml", "classic", "full"),  # a count statement
    ("thesis-example-1.toml", "portrait", "classic"),  # statements about statements
    ("smullyan-first.toml", "portrait", None),  # in / not in only: portrait holds them
])
def test_opening_widens_the_vocabulary_to_the_smallest_that_holds_the_kinds(name, kept,
                                                                             widened):
    path = PUZZLES / name
    model = EditorModel.opened(formats.load(path), path)
    model.vocabulary = kept
    got = model.widen_vocabulary()
    if widened is None:
        assert got is None and model.vocabulary == kept
        return
    assert got is not None and got[0] == kept and model.vocabulary == widened
    assert model.kinds_used <= set(VOCABULARIES[widened])
    assert not model.kinds_used <= set(VOCABULARIES[kept])
    assert model.widen_vocabulary() is None  # nothing more to do


# --------------------------------------------------------------------------- 2. wording
# (the Pilot checks of a puzzle solved by its rules are in the rule-kind test below)
def test_titles_name_the_condition():
    from portia_tui.core.language.model import blank_puzzle
    from portia_tui.core.language.rules import Rule

    model = EditorModel.new(blank_puzzle(3, 1))
    assert "m open" in title_text(model)
    model.apply(model.puzzle.with_m(1))
    assert "m = 1," in title_text(model)
    model.apply(model.with_rule_added(Rule("each", "at most", 1, False)))
    assert "m = 1 + 1 rule" in title_text(model)
    model.apply(model.puzzle.with_m(None))
    assert "1 rule" in title_text(model) and "m " not in title_text(model).split("—")[1]


# --------------------------------------------------------------------------- 3. every rule kind
def _slot_with_an_invalid_choice(puzzle, vocabulary):
    """(slot, a menu entry that makes the puzzle invalid) for the first slot that has one."""
    for i in range(puzzle.size):
        ci = puzzle.owner(i)
        for x in menu(puzzle, i, vocabulary):
            q = puzzle.with_statement(ci, i - puzzle.layout.offset(ci), x)
            if len(analyse(q).solutions()) != 1:
                return i, x
    raise AssertionError("every single change keeps the puzzle valid")


#: a puzzle of puzzles/ for each rule kind (each solved by its rules alone: no m)
RULE_KIND_PUZZLES = (
    "portia1-at-most-one.toml",  # total, at most
    "portia1-true-and-false.toml",  # total, at least (twice)
    "portia2-two-lids.toml",  # each
    "one-honest-lid.toml",  # pure
    "mackinnon-clue.toml",  # bearing
    "portia3-bellini-cellini.toml",  # makers
)


async def test_marks_and_repairs_under_every_rule_kind():
    """One session opens a puzzle per rule kind (o: load_model), opens a slot's menu, and
    checks its marks and the repairs of an invalid choice."""
    app = opened(RULE_KIND_PUZZLES[0])
    app.editor.REPAIRS_AFTER = 0.05  # no author pausing here
    async with app.run_test(size=SIZE) as pilot:
        for name in RULE_KIND_PUZZLES:
            if app.model.path != PUZZLES / name:
                assert await app.editor.open_path(PUZZLES / name), name
            await settle(app, pilot, lambda: app.editor.report.assistant is not None
                         and app.editor.report.analysis.puzzle == app.model.puzzle)
            await _marks_and_repairs(app, pilot, name)


async def _marks_and_repairs(app, pilot, name: str) -> None:
    model = app.model
    puzzle = model.puzzle
    target = model.target_or(0)
    assert brute.analyse(puzzle).solutions() == (target,), name  # the target is the solution
    # solved by its rules (no m): worded by them, never "m is open", no list of m values
    assert puzzle.m is None and puzzle.rules
    assistant = text(app, "#assistant-status")
    analysis = text(app, "#analysis-body") + " " + text(app, "#unique-label")
    for shown in (assistant, analysis, title_text(model)):
        assert "m open" not in shown and "m is open" not in shown, name
    assert "rules decide" in assistant, name
    assert f"only {puzzle.names[target]} fits" in assistant, name
    assert "Solved by its rules" in analysis, name
    assert app.editor.query_one("#unique-m", OptionList).option_count == 0
    slot, invalid = _slot_with_an_invalid_choice(puzzle, model.vocabulary)
    ci = puzzle.owner(slot)
    pos = slot - puzzle.layout.offset(ci)
    app.editor.slot_at(ci, pos).focus()
    await pilot.pause()
    await pilot.press("enter")  # that slot's menu
    screen = app.screen
    assert isinstance(screen, MenuScreen), name
    for _ in range(300):
        if screen.marks is not None:
            break
        await pilot.pause(0.02)
    assert screen.marks is not None and "undecided" not in screen.marks, name
    assert "by the rules" in str(screen.query_one("#menu-legend", Static).render())
    # grouped by family; the marked part (entries after it add a rule the puzzle lacks)
    choices = [st for _s, st in screen.options][:len(screen.marks)]
    assert sorted(choices) == sorted(menu(puzzle, slot, model.vocabulary))
    prompts = [str(o.prompt) for o in screen.query_one(OptionList).options if not o.disabled]
    marks = dict(zip(choices, screen.marks))

    def want(x, engine=analyse):
        # the completed puzzle's own verdict (by its m, else by its rules)
        sols = engine(puzzle.with_statement(ci, pos, x)).solutions()
        return "valid" if sols == (target,) else "reachable" if target in sols else "impossible"

    for x, prompt in zip(choices, prompts):
        assert marks[x] == want(x), (name, x)
        assert prompt.startswith(MARK_SYMBOLS[marks[x]] + " ")
    assert marks[puzzle.flat[slot][1]] == "valid", name
    assert marks[invalid] == want(invalid, brute.analyse) != "valid"  # and by brute force
    await pilot.press("escape")
    await pilot.pause()
    # an invalid choice: the repairs offer (at least) the statement it replaced
    await app.editor.pick(ci, pos, invalid)
    await settle(app, pilot, lambda: app.editor._repairs_found is not None)
    found = app.editor._repairs_found
    assert (slot, puzzle.flat[slot][1], target) in [
        (r.index, r.statement, r.solution) for r in found.statements], name
    status = text(app, "#assistant-status")
    assert "make it valid" in status or "makes it valid" in status, name
    first = found.statements[0]
    said = sentence(first.statement, puzzle.layout, puzzle.owner(first.index))
    assert f"statement {first.index + 1} → {said}" in status, name
    await pilot.press("u")  # back to the file as it is on disk (not dirty: opens the next)
    await pilot.pause()
    assert not app.model.dirty, name


# --------------------------------------------------------------------------- 4. one exact total
#: Smullyan's first casket stating two exact totals, three ways (line of the fault)
TWO_TOTALS = [
    ('m = 1\nrules = ["Exactly 2 statements are true"]', 1,
     "m = 1 and the rule 'Exactly 2 statements are true'"),
    ('m = 1\nrules = ["Exactly 1 statement is false"]', 1,
     "m = 1 and the rule 'Exactly 1 statement is false'"),
    ('rules = [\n  "Exactly 1 statement is true",\n  "Exactly 2 statements are true",\n]', 3,
     "the rule 'Exactly 1 statement is true' and the rule 'Exactly 2 statements are true'"),
]
CASKETS = """
[[caskets]]
name = "gold"
statements = ["The portrait is in this casket"]

[[caskets]]
name = "silver"
statements = ["The portrait is not in this casket"]

[[caskets]]
name = "lead"
statements = ["The portrait is not in the gold casket"]
"""


@pytest.mark.parametrize("head, line, said", TWO_TOTALS)
def test_a_second_exact_total_is_refused_by_the_files_and_portia_check(tmp_path, capsys, head,
                                                                       line, said):
    from portia_tui.cli import main

    path = tmp_path / "two.toml"
    path.write_text(head + "\n" + CASKETS)
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"{path}:{line}: {said} both say how many statements are true: keep one"


def test_a_second_exact_total_is_refused_by_the_model():
    from portia_tui.core.errors import PuzzleError
    from portia_tui.core.language.model import Puzzle, default_puzzle
    from portia_tui.core.language.rules import Rule, fixes_total

    smullyan = default_puzzle()  # m = 1
    two = Rule("total", "exactly", 2, True)
    assert any("keep one" in message for _i, message in
               Puzzle(smullyan.caskets, 1, rules=[Rule("total", "exactly", 1, False)]).problems())
    model = EditorModel.new(smullyan)
    # the rules menu offers no second exact total, and adding one is refused
    assert not any(fixes_total(r) for r in model.rule_choices())
    assert model.total_held() == Rule("total", "exactly", 1, True)
    with pytest.raises(PuzzleError, match="keep one"):
        model.with_rule_added(two)
    # "Exactly 2 statements are false" instead of m: setting m then is refused, as in a file
    model.apply(model.puzzle.with_m(None))
    assert two in model.rule_choices()
    model.apply(model.with_rule_added(Rule("total", "exactly", 2, False)))
    with pytest.raises(PuzzleError, match="keep one"):
        model.with_m(1)
    assert model.with_m(None) == model.puzzle


async def test_the_editor_on_totals_and_vocabularies():
    """One session: the rules menu offers no second exact total, m is refused beside
    "Exactly 2 statements are false", and opening a file with maker statements switches the
    menus to the full vocabulary, with a notice."""
    from portia_tui.core.language.rules import Rule, fixes_total

    app = opened("smullyan-first.toml")  # m = 1
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        assert app.model.vocabulary == "classic"  # the settings' choice holds its kinds
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MenuScreen)
        assert not any(fixes_total(r) for _s, r in screen.options)
        assert "No other exact total" in str(screen.query_one("#menu-title").render())
        await pilot.press("escape")
        await app.editor.edit(app.model.puzzle.with_m(None).replace(
            rules=(Rule("total", "exactly", 2, False),)))
        await pilot.press("plus")  # m + would state a second exact total
        await pilot.pause()
        assert app.model.puzzle.m is None
        messages = [n.message for n in app._notifications]
        assert any(m.startswith("Cannot set m:") and "keep one" in m for m in messages)
        # opening another file (o) goes through load_model: maker statements need "full"
        await app.editor.open_path(PUZZLES / "portia3-bellini-cellini.toml")
        await settle(app, pilot)
        assert app.model.vocabulary == "full"
        messages = [n.message for n in app._notifications]
        assert any("beyond the classic vocabulary" in m and "full" in m for m in messages)
        assert app.editor.query_one("#toolbar-actions").labels["vocabulary"] == "full"
        await pilot.press("enter")  # gold's first slot: the menu offers what the puzzle uses
        await pilot.pause()
        prompts = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
        assert any("Bellini and Cellini" in p for p in prompts)
        assert any("◀ current" in p for p in prompts)


def test_portia_assist_says_a_puzzle_with_rules_is_marked_by_its_rules(capsys):
    from portia_tui.cli import main

    assert main(["assist", str(PUZZLES / "portia1-at-most-one.toml"), "--slot", "1",
                 "--target", "silver"]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    assert "by the rules" in head and "any m" not in head
