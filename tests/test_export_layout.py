"""Blank lines in the Markdown export (core/packs/export.py): one between a solution's blocks, never two."""

from __future__ import annotations

from portia_tui.core.io import formats
from portia_tui.core.packs.export import to_markdown
from portia_tui.core.language.model import default_puzzle
from portia_tui.core.packs.pack import Pack, PackPuzzle

from .conftest import REPO


def test_markdown_solutions_never_hold_two_blank_lines_in_a_row():
    loop = formats.load(REPO / "puzzles" / "two-liars-loop.toml")
    pack = Pack("p", (PackPuzzle("a", default_puzzle(), "gentle"),
                      PackPuzzle("b", loop, "tricky")))
    md = to_markdown(pack, solutions="full")
    solutions = md.split("## Solutions", 1)[1].split("\n### ")[1:]
    assert len(solutions) == 2
    for text in solutions:  # the steps of each solution, one blank line between blocks
        assert "\n\n\n" not in text.rstrip(), text
