"""Escape and the key after it in one terminal read (a paste, a slow link, tmux ``send-keys
Escape q``), issue 21 point 1.

Textual 8.2's parser reads ESC followed at once by a letter as one key, ``alt+q`` with the
letter as its character (checked on the real parser in a terminal by
``test_escape_then_a_key_through_a_terminal``, behind PORTIA_HEAVY=1). The Pilot tests post
that key as the driver delivers it; the apps must handle it as the escape then the letter.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from portia_tui.app.base import PortiaApp
from portia_tui.app.editor.screens.dialogs import ChoiceScreen
from portia_tui.app.editor.screens.menu import MenuScreen
from portia_tui.core.io.recovery import RecoveryStore

from .test_app_bursts import SMALL, burst, calm, editor_on, saved_file


def escaped(letter: str) -> events.Key:
    """What Textual 8.2's driver delivers for ESC and `letter` in one read."""
    shift = "shift+" if letter.isupper() else ""
    return events.Key(f"alt+{shift}{letter.lower()}", letter)


async def test_escape_then_a_letter_in_a_dialog_or_a_menu_is_the_escape_then_the_letter(tmp_path):
    path = saved_file(tmp_path)
    before = path.read_bytes()
    app = editor_on(path, RecoveryStore(tmp_path / "rec"))
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        burst(app, ["plus", "q"])
        await calm(app, pilot)
        assert isinstance(app.screen, ChoiceScreen)
        # escape, d: the dialog cancelled, then d on the editor (no key there): never Discard
        app.post_message(escaped("d"))
        await calm(app, pilot)
        assert app.is_running and app.screen is app.editor and app.model.dirty
        burst(app, ["q"])
        await calm(app, pilot)
        # escape, u: the dialog cancelled, then the edit undone on the editor below
        app.post_message(escaped("u"))
        await calm(app, pilot)
        assert app.is_running and app.screen is app.editor and not app.model.dirty
        # escape, q in a slot's menu: the menu closed with nothing chosen, and q quit
        # (nothing unsaved: no question; before, the menu's filter got the q)
        burst(app, ["enter"])
        await calm(app, pilot)
        assert isinstance(app.screen, MenuScreen)
        app.post_message(escaped("q"))
        await calm(app, pilot)
    assert app.return_code == 0
    assert path.read_bytes() == before


async def test_escape_then_a_letter_in_the_truth_editor(tmp_path):
    from portia_tui.app.world_editor.app import WorldEditorApp
    from portia_tui.app.world_editor.files import world_store
    from portia_tui.core.author import world_editing as we

    source = Path(__file__).resolve().parents[1] / "puzzles" / "truth" / "three-islanders.toml"
    path = tmp_path / "t.toml"
    path.write_bytes(source.read_bytes())
    before = path.read_bytes()
    app = WorldEditorApp.on_draft(we.loads(before.decode(), str(path)), path, opened=True,
                                  store=world_store(tmp_path / "rec"))
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        burst(app, ["enter", "down", "enter", "q"])  # an edit from the menu, then quit
        await calm(app, pilot)
        assert isinstance(app.screen, ChoiceScreen) and app.model.dirty
        app.post_message(escaped("u"))
        await calm(app, pilot)
        assert app.is_running and not app.model.dirty
        burst(app, ["enter"])
        await calm(app, pilot)
        assert app.screen is not app.editor  # the slot's menu
        app.post_message(escaped("q"))
        await calm(app, pilot)
    assert app.return_code == 0
    assert path.read_bytes() == before


class _Bound(PortiaApp):
    """An app that binds alt+x itself."""

    BINDINGS = [Binding("alt+x", "mark('alt')", "")]

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("keys")

    def action_mark(self, what: str) -> None:
        self.seen.append(what)

    def on_key(self, event: events.Key) -> None:
        self.seen.append(event.key)


async def test_an_alt_key_that_is_bound_or_not_from_esc_is_left_alone(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    app = _Bound()
    async with app.run_test(size=SMALL) as pilot:
        await calm(app, pilot)
        app.post_message(escaped("x"))  # bound: Alt pressed with x
        app.post_message(events.Key("alt+y", None))  # the kitty protocol's alt+y
        app.post_message(escaped("Y"))  # ESC, Y
        await calm(app, pilot)
    assert app.seen == ["alt+x", "alt", "alt+y", "escape", "Y"]


# --------------------------------------------------------------------------- a real terminal
HEAVY = os.environ.get("PORTIA_HEAVY") == "1"


def _tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], check=True, capture_output=True,
                          text=True).stdout


@pytest.mark.skipif(not HEAVY or shutil.which("tmux") is None,
                    reason="PORTIA_HEAVY=1 and tmux: the real parser through a terminal")
def test_escape_then_a_key_through_a_terminal(tmp_path):
    """The editor in tmux at 80x24: a menu, then ESC q written in one go (tmux send-keys of
    both keys): the menu closes and q quits, status 0."""
    path = saved_file(tmp_path)
    name = f"portia-esc-{os.getpid()}"
    done = tmp_path / "status"
    env = f"PORTIA_DATA_DIR={tmp_path / 'data'} XDG_CONFIG_HOME={tmp_path / 'cfg'}"
    command = (f"cd {tmp_path} && {env} {sys.executable} -m portia_tui edit {path}; "
               f"echo $? > {done}")
    _tmux("new-session", "-d", "-s", name, "-x", "80", "-y", "24", command)
    try:
        def wait_for(text: str, limit: float = 30.0) -> bool:
            end = time.monotonic() + limit
            while time.monotonic() < end and not done.exists():
                if text in _tmux("capture-pane", "-p", "-t", name):
                    return True
                time.sleep(0.2)
            return False

        assert wait_for("Quit")
        _tmux("send-keys", "-t", name, "Enter")
        assert wait_for("escape keeps it")
        _tmux("send-keys", "-t", name, "Escape", "q")
        end = time.monotonic() + 30
        while not done.exists() and time.monotonic() < end:
            time.sleep(0.2)
        assert done.exists() and done.read_text().strip() == "0"
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)
