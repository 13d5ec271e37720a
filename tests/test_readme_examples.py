"""What the README says, tried as a reader would: its plain-json snippet for a dataset, and
what the truth editor's ★/✓ count in the other slots (compounds too)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from portia_tui.cli import main
from portia_tui.core.author import world_editing as we
from portia_tui.core.author import world_marks as mk
from portia_tui.core.author import world_menus as wm

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_plain_json_snippet_loads_a_split(tmp_path, capsys):
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    snippet = next(b for b in blocks if "import ast, json" in b)
    assert main(["dataset", "--people", "3", "--count", "4", "--seed", "1",
                 "-o", str(tmp_path / "kk.jsonl"), "--split", "train=0.5,test=0.5"]) == 0
    capsys.readouterr()
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        exec(compile(snippet, "README.md", "exec"), {})  # noqa: S102 - the README's own code
    finally:
        os.chdir(here)
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("A very special island") and len(out) == 3


K = """format = 3
attributes = { type = ["knight", "knave"] }
speaker_attr = "type"
modes = { knight = "true", knave = "false" }

[[entities]]
name = "A"
says = ["B is a knave"]

[[entities]]
name = "B"
says = [""]

[[entities]]
name = "C"
says = [""]
"""


def test_the_marks_fill_other_slots_with_compounds_too():
    """README ("Authoring truth puzzles"): the other slots are filled from their menus as
    the user sees them, compounds included. A says "B is a knave"; toward A knave, B
    knight, C knave, B's "I am a knight" is ★: C's compound "A is a knight and I am a
    knave" (no single statement of C's menu does it) makes the target the only answer."""
    draft = we.loads(K)
    target = {"A.type": "knave", "B.type": "knight", "C.type": "knave"}
    menu = wm.slot_menu(draft, "B")
    knight = next(i for i, e in enumerate(menu) if e.sentence == "I am a knight")
    assert mk.mark_slot(draft, "B", target)[knight] == "valid"
    draft = draft.with_statement("B", menu[knight].formula)
    simple = wm.slot_menu(draft, "C")
    singles = {"C": [e.formula for e in simple]}  # the single statements alone: ✓ only
    assert "valid" not in mk.mark_slot(draft, "B", target, [menu[knight].formula],
                                       menus=singles)
    assert "valid" not in mk.mark_slot(draft, "C", target)
    part = {e.sentence: e.formula for e in simple}
    both = wm.compound(draft, "C", "and", part["A is a knight"], part["I am a knave"])
    assert list(mk.mark_slot(draft, "C", target, [both])) == ["valid"]
