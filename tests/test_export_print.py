"""Printable packs (md, html): caskets side by side, answer lines, the answer key, full
solutions in running text, the order, and the export options."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from portia_tui.cli import main
from portia_tui.core.explain.difficulty import DIFFICULTIES
from portia_tui.core.errors import PortiaError
from portia_tui.core.packs.export import (ANSWER_LINE, export_pack, ordered, to_html, to_markdown)
from portia_tui.core.language.model import default_puzzle
from portia_tui.core.packs.pack import Pack, PackPuzzle, load_pack


@pytest.fixture(scope="module")
def pack(tmp_path_factory) -> Pack:
    path = tmp_path_factory.mktemp("print") / "pack.toml"
    assert main(["generate", "-n", "3", "--count", "9", "--seed", "18", "-o", str(path)]) == 0
    loaded = load_pack(path)
    # a shuffled pack: the hardest first, so ordering by difficulty has work to do
    levels = {d: i for i, d in enumerate(DIFFICULTIES)}
    return replace(loaded, puzzles=tuple(sorted(loaded.puzzles,
                                                key=lambda e: -levels[e.difficulty])))


def _articles(text: str) -> list[str]:
    return re.findall(r'<article class="puzzle".*?</article>', text, re.S)


def test_html_caskets_side_by_side_with_an_answer_line(pack):
    text = to_html(pack)
    articles = _articles(text)
    assert len(articles) == len(pack.puzzles)
    for article in articles:
        row = re.search(r'<div class="caskets">(.*)</div>\s*<p class="answer-line">', article,
                        re.S)
        assert row, article
        assert row.group(1).count('<div class="casket">') == 3
        assert [h for h in re.findall(r"<h3>(\w+)</h3>", row.group(1))] == [
            "Gold", "Silver", "Lead"]
        assert article.count(ANSWER_LINE) == 1
    assert ".caskets { display: flex;" in text and "@page { size: A4;" in text
    assert ".puzzle { break-inside: avoid;" in text
    assert "<pre" not in text and "monospace" not in text


def test_markdown_caskets_side_by_side_with_an_answer_line(pack):
    text = to_markdown(pack, solutions="none")
    assert text.count("| Gold | Silver | Lead |") == len(pack.puzzles)
    assert text.count(ANSWER_LINE) == len(pack.puzzles)
    first = ordered(pack)[0].puzzle
    row = f"| 1. {first.sentence(0)} | 4. {first.sentence(3)} | 7. {first.sentence(6)} |"
    assert row in text
    assert "Answer key" not in text and "Suppose" not in text


def test_puzzles_ordered_by_difficulty_unless_pack_order(pack):
    levels = [DIFFICULTIES.index(e.difficulty) for e in ordered(pack)]
    assert levels == sorted(levels) and len(set(levels)) > 1
    titles = re.findall(r"<h2>\d+\. (Puzzle \d+) ", to_html(pack))
    assert titles == [e.title for e in ordered(pack)]
    as_pack = re.findall(r"<h2>\d+\. (Puzzle \d+) ", to_html(pack, order="pack"))
    assert as_pack == [e.title for e in pack.puzzles] != titles


def test_answer_key_one_line_per_puzzle(pack):
    text = to_html(pack, solutions="key")
    keys = re.findall(r'<li class="key">(.*?)</li>', text)
    assert len(keys) == len(pack.puzzles)
    for number, (line, entry) in enumerate(zip(keys, ordered(pack)), 1):
        assert line == f"{number}. {entry.title} ({entry.difficulty}): {entry.solution}"
    assert 'id="solutions"' not in text and "Suppose" not in text
    md = to_markdown(pack, solutions="key")
    assert md.count("\n- ") == len(pack.puzzles) and "## Answer key" in md
    none = to_html(pack, solutions="none")
    assert 'class="key"' not in none and 'id="key"' not in none


def test_full_solutions_in_running_text(pack):
    text = to_html(pack, solutions="full")
    assert text.index('id="key"') < text.index('id="solutions"')
    solutions = text[text.index('id="solutions"'):]
    assert solutions.count('<article class="solution"') == len(pack.puzzles)
    assert "<p>Suppose the portrait is in the gold casket.</p>" in solutions
    assert "<ul><li>Statement 1 (gold: " in solutions
    assert solutions.count("<ul>") == solutions.count("</ul>")
    assert "<pre" not in text
    md = to_markdown(pack, solutions="full")
    assert "```" not in md and "\n- Statement 1 (gold: " in md


def test_a_puzzle_without_a_stored_solution_gets_its_answer_worked_out():
    pack = Pack("one", (PackPuzzle("a", default_puzzle(), "easy"),))
    assert "1. Smullyan&#x27;s first casket (easy): silver" in to_html(pack)


def test_options_are_checked_and_passed_on(pack, tmp_path, capsys):
    with pytest.raises(PortiaError, match="unknown solutions"):
        export_pack(pack, "html", tmp_path / "x.html", solutions="some")
    with pytest.raises(PortiaError, match="unknown order"):
        to_markdown(pack, order="random")
    path = tmp_path / "p.toml"
    assert main(["generate", "-n", "2", "--count", "3", "--seed", "2", "-o", str(path)]) == 0
    out = tmp_path / "p.html"
    assert main(["pack", "export", str(path), "--format", "html", "--out", str(out),
                 "--solutions", "none", "--order", "pack"]) == 0
    assert 'id="key"' not in out.read_text()
    assert main(["pack", "export", str(path), "--format", "html", "--out", str(out),
                 "--force"]) == 0
    assert 'id="key"' in out.read_text()  # the default: an answer key
    with pytest.raises(SystemExit) as info:  # argparse: usage and exit 2
        main(["pack", "export", str(path), "--format", "md", "--out", str(out),
              "--solutions", "every"])
    assert info.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_outline_nests_one_level_at_a_time():
    from portia_tui.core.packs.export import _outline

    text = "Suppose\n  step\n      deep\n odd\nDone"
    assert _outline(text) == [(0, "Suppose"), (1, "step"), (2, "deep"), (1, "odd"), (0, "Done")]
    # cases indented alike stay siblings, however deep the first was clamped
    text = "Suppose\n  loop\n      Case 1 true\n      Case 1 false\n  next"
    assert _outline(text) == [(0, "Suppose"), (1, "loop"), (2, "Case 1 true"),
                              (2, "Case 1 false"), (1, "next")]


def test_html_numbers_statements_on_from_casket_to_casket(pack):
    n = pack.puzzles[0].puzzle.n
    text = _articles(to_html(pack, order="pack"))[0]
    assert re.findall(r'<ol start="(\d+)">', text)[:3] == ["1", str(n + 1), str(2 * n + 1)]



def test_markdown_nests_a_loops_cases_under_their_step():
    from portia_tui.core.io import formats

    from .conftest import REPO

    # (two-liars-loop.toml's loop is told as its contradictory pair now, with no cases, and
    # loop-on-paradox's as what its never-all lids settle: paradox-5's loop is tried by cases)
    puzzle = formats.load(REPO / "tests" / "golden" / "examples" / "paradox-5.toml")
    md = to_markdown(Pack("loop", (PackPuzzle("loop", puzzle, "hard"),)), solutions="full")
    assert "\n  - Case 1 true: statement 2 is false" in md  # depth 2: two spaces, then "- "
    assert md.split("\n  - Case 1", 1)[0].splitlines()[-1].startswith("- ")  # under a step


def test_a_folder_export_names_the_first_file_in_the_way_and_counts_the_rest(tmp_path):
    """Mutation run 6: "(and N more)" counts the clashing files after the first."""
    from portia_tui.core.errors import ExistsError

    three = Pack("three", tuple(PackPuzzle(f"p{i}", default_puzzle()) for i in range(3)))
    out = tmp_path / "out"
    assert len(export_pack(three, "json", out).written) == 3
    with pytest.raises(ExistsError) as info:
        export_pack(three, "json", out)
    assert info.value.message == "already exists (and 2 more)"
    assert info.value.path == str(out / "p0.json")
    one = Pack("one", (PackPuzzle("p2", default_puzzle()),))
    with pytest.raises(ExistsError) as info:
        export_pack(one, "json", out)
    assert info.value.message == "already exists"
