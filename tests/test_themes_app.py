"""PortiaApp with Pilot: themes registered, bad files noticed, the choice persisted."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from textual.app import ComposeResult
from textual.widgets import Footer, Label

from portia_tui.app.base import PortiaApp
from portia_tui.app.themes import DEFAULT_THEME


class DemoApp(PortiaApp):
    """A subclass with handlers of its own, as the editor and player will have."""

    def __init__(self) -> None:
        super().__init__()
        self.mounted = False

    def compose(self) -> ComposeResult:
        yield Label("The portrait is in this casket", id="text")
        yield Footer()

    def on_mount(self) -> None:
        self.mounted = True


def notices(app: PortiaApp) -> list[str]:
    return [n.message for n in app._notifications]


def saved(cfg: Path) -> dict:
    return tomllib.loads((cfg / "settings.toml").read_text())


def user_theme(cfg: Path, file: str, text: str) -> Path:
    folder = cfg / "themes"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file
    path.write_text(text)
    return path


async def test_fresh_start_uses_the_default_theme_quietly(cfg):
    app = DemoApp()
    async with app.run_test(notifications=True) as pilot:
        await pilot.pause()
        assert app.mounted, "the subclass's own on_mount still runs"
        assert app.theme == DEFAULT_THEME
        assert {"portia-dark", "portia-light", "portia-high-contrast"} <= set(app.available_themes)
        assert notices(app) == []
        assert app.screen.styles.background == app.current_theme.to_color_system().background
    assert not (cfg / "settings.toml").exists(), "nothing is written until the user chooses"


async def test_every_builtin_theme_renders(cfg):
    app = DemoApp()
    async with app.run_test(notifications=True) as pilot:
        for name in ("portia-light", "portia-high-contrast", "portia-dark"):
            app.theme = name
            await pilot.pause()
            assert app.query_one("#text", Label).render()  # still drawing
            assert app.screen.styles.background.hex.lower() == (
                app.get_theme(name).background.lower())


async def test_choice_persists_across_runs(cfg):
    app = DemoApp()
    async with app.run_test() as pilot:
        app.theme = "portia-light"
        await pilot.pause()
    assert saved(cfg)["theme"] == "portia-light"
    again = DemoApp()
    async with again.run_test() as pilot:
        await pilot.pause()
        assert again.theme == "portia-light"
        again.theme = "nord"  # Textual's own themes persist as well
        await pilot.pause()
    third = DemoApp()
    async with third.run_test() as pilot:
        await pilot.pause()
        assert third.theme == "nord"


async def test_command_palette_theme_picker_persists(cfg):
    app = DemoApp()
    async with app.run_test() as pilot:
        app.action_change_theme()
        await pilot.pause()
        await pilot.press(*"high-contrast")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert app.theme == "portia-high-contrast"
    assert saved(cfg)["theme"] == "portia-high-contrast"


async def test_user_theme_is_picked_up_and_can_be_chosen(cfg):
    user_theme(cfg, "sea.toml", 'name = "sea"\n[colors]\nprimary = "#0088cc"\n'
                                'background = "#001022"\n')
    app = DemoApp()
    async with app.run_test(notifications=True) as pilot:
        assert "sea" in app.available_themes
        app.theme = "sea"
        await pilot.pause()
        assert app.screen.styles.background.hex.lower() == "#001022"
        assert notices(app) == []


async def test_user_theme_replaces_a_builtin(cfg):
    user_theme(cfg, "dark.toml", 'name = "portia-dark"\n[colors]\nprimary = "#00ff00"\n')
    app = DemoApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.theme == "portia-dark" and app.current_theme.primary == "#00ff00"


@pytest.mark.parametrize("text, words", [
    ('name = "bad"\n[colors]\nprimary = "#00ff00"\nbackground = "#zzzzzz"\n',
     "bad.toml:4: colour 'background'"),
    ('name = "bad"\n[colors]\nprimary = "#00ff00"\n[variables]\nborder = "nope"\n',
     "bad.toml:5: variable 'border'"),
    ('name = "bad"\n[colors\nprimary = "#00ff00"\n', "bad.toml:2: not valid TOML"),
    ('name = "bad"\n[colors]\nsecondary = "#00ff00"\n', "bad.toml:2: missing 'primary'"),
])
async def test_bad_theme_file_gives_one_notice_and_the_app_still_works(cfg, text, words):
    user_theme(cfg, "bad.toml", text)
    user_theme(cfg, "good.toml", 'name = "good"\n[colors]\nprimary = "#00ff00"\n')
    app = DemoApp()
    async with app.run_test(notifications=True) as pilot:
        await pilot.pause()
        said = notices(app)
        assert len(said) == 1, said
        assert words in said[0] and "skipped" in said[0]
        assert app._notifications and list(app._notifications)[0].severity == "warning"
        assert "bad" not in app.available_themes and "good" in app.available_themes
        assert app.theme == DEFAULT_THEME
        for name in sorted(app.available_themes):  # every theme that got in can be drawn
            app.theme = name
            await pilot.pause()
        assert app.query_one("#text", Label).render()


async def test_saved_theme_that_is_gone_falls_back_with_a_notice(cfg):
    cfg.mkdir()
    (cfg / "settings.toml").write_text('theme = "deleted-theme"\n')
    app = DemoApp()
    async with app.run_test(notifications=True) as pilot:
        await pilot.pause()
        assert app.theme == DEFAULT_THEME
        assert len(notices(app)) == 1 and "'deleted-theme'" in notices(app)[0]
    assert saved(cfg)["theme"] == "deleted-theme", "falling back is not a new choice"


async def test_saved_theme_whose_file_turned_bad_falls_back(cfg):
    user_theme(cfg, "mine.toml", 'name = "mine"\n[colors]\nprimary = "#123456"\n')
    app = DemoApp()
    async with app.run_test() as pilot:
        app.theme = "mine"
        await pilot.pause()
    user_theme(cfg, "mine.toml", 'name = "mine"\n[colors]\nprimary = "#12345"\n')
    again = DemoApp()
    async with again.run_test(notifications=True) as pilot:
        await pilot.pause()
        assert again.theme == DEFAULT_THEME
        said = notices(again)
        assert len(said) == 2 and "mine.toml:3" in said[0] and "'mine'" in said[1]


async def test_corrupt_settings_give_defaults_and_a_notice(cfg):
    cfg.mkdir()
    (cfg / "settings.toml").write_text('theme = "portia-light\n')
    app = DemoApp()
    async with app.run_test(notifications=True) as pilot:
        await pilot.pause()
        assert app.theme == DEFAULT_THEME
        said = notices(app)
        assert len(said) == 1 and "settings.toml:1" in said[0] and "defaults" in said[0]
        app.theme = "portia-high-contrast"
        await pilot.pause()
    assert saved(cfg)["theme"] == "portia-high-contrast"
    assert (cfg / "settings.toml.bad").read_text() == 'theme = "portia-light\n'


async def test_unsavable_choice_is_a_notice_not_a_crash(cfg):
    cfg.parent.mkdir(exist_ok=True)
    cfg.write_text("a file where the config folder should be")
    app = DemoApp()
    async with app.run_test(notifications=True) as pilot:
        await pilot.pause()
        before = len(notices(app))
        app.theme = "portia-light"
        await pilot.pause()
        assert app.theme == "portia-light"
        assert len(notices(app)) == before + 1 and "could not be saved" in notices(app)[-1]


async def test_the_saved_theme_is_there_from_the_first_parse_without_a_second(cfg, monkeypatch):
    """The chosen theme is the app's from Textual's __init__ on: its colours, classes and
    ANSI filter are the theme's, and the stylesheet is parsed once at start (setting the
    theme after __init__ made Textual parse every stylesheet again)."""
    from textual.css.stylesheet import Stylesheet

    cfg.mkdir(parents=True, exist_ok=True)
    (cfg / "settings.toml").write_text('theme = "portia-light"\n')
    reparses: list[int] = []
    real = Stylesheet.reparse
    monkeypatch.setattr(Stylesheet, "reparse", lambda self: (reparses.append(1), real(self)))
    app = DemoApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.theme == "portia-light"
        assert {"-theme-portia-light", "-light-mode"} <= set(app.classes)
        assert "-dark-mode" not in app.classes
        assert app.screen.styles.background == app.current_theme.to_color_system().background
        assert reparses == []
        app.theme = "portia-dark"  # a change afterwards goes through Textual's watcher
        await pilot.pause()
        assert {"-theme-portia-dark", "-dark-mode"} <= set(app.classes)
        assert "-theme-portia-light" not in app.classes
        assert app.screen.styles.background == app.current_theme.to_color_system().background
    assert saved(cfg)["theme"] == "portia-dark"
