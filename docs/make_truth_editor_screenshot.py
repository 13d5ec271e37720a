"""Make docs/truth-editor.png (the truth-puzzle editor during Algorithm 2: A and B written,
two answers left and the clues that would settle them) and docs/truth-editor-marks.png (C's
menu, each entry marked toward the target), by the keys the README's session types. Run: .venv/bin/python docs/make_truth_editor_screenshot.py
(needs rsvg-convert: apt-get install librsvg2-bin; without it, headless Chromium draws the
SVG at its own size)."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
_home = tempfile.mkdtemp(prefix="portia-shot-")
os.environ.setdefault("PORTIA_CONFIG_DIR", os.path.join(_home, "config"))
os.environ.setdefault("PORTIA_DATA_DIR", os.path.join(_home, "data"))

from textual import events  # noqa: E402

from portia_tui.app.editor.screens.menu import MenuScreen  # noqa: E402
from portia_tui.app.world_editor.app import WorldEditorApp  # noqa: E402
from portia_tui.core.author import world_editing as we  # noqa: E402
from portia_tui.core.io.files import atomic_write  # noqa: E402

SIZE = (90, 28)
#: the target: the third answer of the target menu (A knave, B knight, C knave)
TARGET = ["t", "home", "down", "down", "enter"]
#: A: "B is a knave"; B: "C is a knave"; then down to C
TO_C = ["enter", *"b knave", "enter", "down", "enter", *"c knave", "enter", "down"]
#: C: both ... and ...: "A is a knave", then "B is a knave"
BOTH = [*"both", "enter", *"a is knave", "enter", *"b is knave", "enter"]


def send(app, keys: list[str]) -> None:
    for key in keys:
        name = {" ": "space"}.get(key, key)
        char = key if len(key) == 1 else {"enter": "\r"}.get(key)
        app.post_message(events.Key(name, char))


async def settle(app, pilot) -> None:
    for _ in range(400):
        await pilot.pause(0.02)
        busy = [w for w in app.workers if w.is_running and w.group != "dialog"]
        if not app.keys_pending and not busy:
            break
    await pilot.pause(0.3)


async def main() -> None:
    path = Path(_home) / "k.toml"
    atomic_write(path, we.dumps(we.blank("knights-knaves", 3)))
    app = WorldEditorApp.on_draft(we.loads(path.read_text(), str(path)), path, opened=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        send(app, TARGET + TO_C)
        await settle(app, pilot)
        assert app.editor.current_report().answers == 2
        shoot(app, "truth-editor")
        send(app, ["enter"])
        await settle(app, pilot)
        assert isinstance(app.screen, MenuScreen) and app.screen.marks is not None
        shoot(app, "truth-editor-marks")
        send(app, BOTH)
        await settle(app, pilot)
        assert app.editor.current_report().answers == 1


def shoot(app, name: str) -> None:
    svg = HERE / f"{name}.svg"
    app.save_screenshot(str(svg))
    png = HERE / f"{name}.png"
    if shutil.which("rsvg-convert"):
        subprocess.run(["rsvg-convert", "-o", str(png), str(svg)], check=True)
    else:
        width, height = (round(float(v)) for v in re.search(
            r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg.read_text()).groups())
        subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu",
                        "--hide-scrollbars", f"--window-size={width},{height + 1}",
                        f"--screenshot={png}", svg.as_uri()], check=True,
                       capture_output=True)
    svg.unlink()
    print(f"wrote {png}")


if __name__ == "__main__":
    asyncio.run(main())
