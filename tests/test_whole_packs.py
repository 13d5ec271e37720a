"""Every shipped puzzle, whatever its rules, is worded in full by the player, `portia solve
--explain` and every pack export; packs keep each puzzle's rules and target."""

from __future__ import annotations

import json

import pytest

from portia_tui.cli import main
from portia_tui.core.io import formats
from portia_tui.core.packs.export import export_pack, to_html, to_markdown
from portia_tui.core.packs.pack import Pack, PackPuzzle, dumps_pack, loads_pack
from portia_tui.core.language.rules import rule_sentence

from .conftest import REPO

SHIPPED = sorted((REPO / "puzzles").glob("*.toml"))
RULEBOOK = [p for p in SHIPPED if not formats.load(p).thesis_only]


@pytest.fixture(scope="module")
def shipped_pack() -> Pack:
    entries = []
    for k, path in enumerate(SHIPPED, 1):
        puzzle = formats.load(path)
        entries.append(PackPuzzle(f"{k:03d}", puzzle.replace(target=puzzle.names[-1])))
    return Pack("Shipped", tuple(entries))


def test_rulebook_puzzles_are_the_ones_beyond_the_thesis():
    assert {p.stem for p in RULEBOOK} >= {
        "portia1-at-most-one", "portia1-true-and-false", "portia2-two-lids",
        "portia3-bellini-cellini", "portia3-who-made-what", "mackinnon-clue", "self-count",
        "one-honest-lid"}


def test_a_pack_keeps_every_puzzle_its_rules_and_its_target(shipped_pack):
    back = loads_pack(dumps_pack(shipped_pack))
    assert [e.puzzle for e in back.puzzles] == [e.puzzle for e in shipped_pack.puzzles]
    assert all(e.puzzle.target == e.puzzle.names[-1] for e in back.puzzles)
    # a puzzle without a target stays without one
    plain = Pack("p", (PackPuzzle("001", formats.load(SHIPPED[0])),))
    assert "target" not in dumps_pack(plain)
    assert loads_pack(dumps_pack(plain)).puzzles[0].puzzle.target is None


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_printable_exports_word_every_rule_and_statement(shipped_pack, fmt):
    make = to_markdown if fmt == "md" else to_html
    text = make(shipped_pack, solutions="full", order="pack")
    if fmt == "html":
        import html

        text = html.unescape(text)
    assert "None statements" not in text and "Exactly None" not in text
    for entry in shipped_pack.puzzles:
        p = entry.puzzle
        for sentence in p.rule_sentences():
            assert f"{sentence}." in text, (p.title, sentence)
        for i in range(p.size):
            assert p.sentence(i) in text
        # the full solution words each of Portia's other rules
        for r in p.side_rules:
            assert f'The rule "{rule_sentence(r, p.layout)}"' in text, p.title
    assert "Step-by-step words cover" not in text


@pytest.mark.parametrize("fmt", ["txt", "json"])
def test_thesis_exports_write_the_thesis_puzzles_and_name_the_rest(shipped_pack, tmp_path,
                                                                   fmt):
    result = export_pack(shipped_pack, fmt, tmp_path / fmt)
    written = {e.id for e in shipped_pack.puzzles if e.puzzle.thesis_only
               and e.puzzle.is_classic}
    assert len(result.written) == len(written)
    skipped = {note.split(":", 1)[0] for note in result.notes}
    assert skipped == {e.id for e in shipped_pack.puzzles} - written
    for entry in shipped_pack.puzzles:
        if entry.id in skipped and not entry.puzzle.thesis_only and entry.puzzle.is_classic:
            note = next(n for n in result.notes if n.startswith(entry.id + ":"))
            assert "skipped" in note and "\n" not in note


@pytest.mark.parametrize("path", RULEBOOK, ids=lambda p: p.stem)
def test_solve_explain_words_every_rule(path, capsys):
    puzzle = formats.load(path)
    assert main(["solve", str(path), "--explain"]) == 0
    out = capsys.readouterr().out
    assert out.count("Suppose the portrait is in the") == len(puzzle.caskets)
    for r in puzzle.side_rules:
        assert f'The rule "{rule_sentence(r, puzzle.layout)}"' in out
    assert main(["solve", str(path), "--explain", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["explanation"].count("Suppose the portrait is in the") == len(puzzle.caskets)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_the_player_states_every_rule(path):
    from portia_tui.app.play.screens.puzzle import rule_text

    puzzle = formats.load(path)
    text = rule_text(puzzle)
    assert text == " ".join(f"{s}." for s in puzzle.rule_sentences()) + \
        " Which casket holds the portrait?"


async def test_playing_a_rulebook_puzzle_words_its_rule_the_verdict_and_the_story():
    """A puzzle no share code can hold still plays (no code shown), states its rule, and a
    right pick gives the key lines and the whole story."""
    from portia_tui.app.play import PlayApp, PlayPuzzleScreen, single_pack
    from portia_tui.core.explain.deduction import explain

    from .test_play_app import feedback, press

    puzzle = formats.load(REPO / "puzzles" / "portia3-who-made-what.toml")
    app = PlayApp(single_pack(puzzle), single=True)
    async with app.run_test(size=(140, 45)) as pilot:
        screen = app.screen
        assert isinstance(screen, PlayPuzzleScreen)
        assert "Every casket was made by Bellini or by Cellini." in str(
            screen.query_one("#rule").render())
        await press(pilot, "3")
        text = feedback(app)
        assert "✔ Right: the portrait is in the lead casket." in text
        assert "Case B keeps every rule: Bellini made the silver casket" in text
        assert "Share this puzzle" not in text
        assert explain(puzzle).splitlines()[-2] in text


def test_solve_header_words_rules_mid_line(capsys):
    from portia_tui.cli import main as cli_main

    root = __import__("pathlib").Path(__file__).resolve().parent.parent
    cli_main(["solve", str(root / "puzzles" / "portia1-at-most-one.toml")])
    head = capsys.readouterr().out.splitlines()[0]
    assert head.endswith("(Portia-1), at most 1 statement is true")


def test_solve_offers_no_m_values_when_rules_decide(capsys):
    from portia_tui.cli import main as cli_main

    root = __import__("pathlib").Path(__file__).resolve().parent.parent
    cli_main(["solve", str(root / "puzzles" / "portia2-two-lids.toml")])
    out = capsys.readouterr().out
    assert "Values of m" not in out and "per placement (under the rules):" in out
    cli_main(["solve", str(root / "puzzles" / "smullyan-first.toml")])
    assert "Values of m with exactly one solution: " in capsys.readouterr().out
