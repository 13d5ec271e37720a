"""Make docs/editor-algorithm2.png (the editor in the middle of an Algorithm 2 session) and
docs/editor-marks.png (the last slot's menu with its marks). Run: .venv/bin/python docs/make_editor_screenshot.py
(needs rsvg-convert: apt-get install librsvg2-bin)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
_home = tempfile.mkdtemp(prefix="portia-shot-")
os.environ.setdefault("PORTIA_CONFIG_DIR", os.path.join(_home, "config"))
os.environ.setdefault("PORTIA_DATA_DIR", os.path.join(_home, "data"))

from portia_tui.app.editor.app import EditorApp  # noqa: E402
from portia_tui.app.editor.model import EditorModel  # noqa: E402
from portia_tui.app.editor.screens.menu import MenuScreen  # noqa: E402
from portia_tui.core.language.model import blank_puzzle  # noqa: E402
from portia_tui.core.language.vocabulary import Statement as St  # noqa: E402

#: statements about statements first, then the portrait; the last slot still empty
STEPS = [
    (0, 0, St("true", "lead")), (1, 0, St("other_false")), (2, 0, St("false", "gold")),
    (0, 1, St("other_true")), (1, 1, St("false", "lead")), (2, 1, St("not_in", "gold")),
    (0, 2, St("other_false")), (1, 2, St("in", "silver")),
]


async def main() -> None:
    puzzle = blank_puzzle(3, 3, m=4, target="silver")
    app = EditorApp(EditorModel.new(puzzle))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        for ci, pos, st in STEPS:
            await app.editor.pick(ci, pos, st)
        while app.editor.shown_generation != app.model.generation:
            await pilot.pause(0.05)
        app.editor.slot_at(2, 2).focus()
        await pilot.pause(0.5)
        shoot(app, "editor-algorithm2")
        await pilot.press("enter")
        while not isinstance(app.screen, MenuScreen) or app.screen.marks is None:
            await pilot.pause(0.05)
        await pilot.pause(0.2)
        shoot(app, "editor-marks")


def shoot(app, name: str) -> None:
    svg = HERE / f"{name}.svg"
    app.save_screenshot(str(svg))
    png = HERE / f"{name}.png"
    subprocess.run(["rsvg-convert", "-o", str(png), str(svg)], check=True)
    svg.unlink()
    print(f"wrote {png}")


if __name__ == "__main__":
    asyncio.run(main())
