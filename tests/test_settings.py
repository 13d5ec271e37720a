"""The settings store and the config/data folders (plain Python, no app)."""

from __future__ import annotations

import tomllib

import platformdirs
import pytest

from portia_tui.app import settings as settings_mod
from portia_tui.app.settings import Settings, config_dir, data_dir, settings_path


def test_folders_follow_the_environment(cfg, tmp_path):
    assert config_dir() == cfg
    assert data_dir() == tmp_path / "data"
    assert settings_path() == cfg / "settings.toml"
    assert not cfg.exists(), "asking for the folder must not create it"


def test_folders_default_to_platformdirs(monkeypatch):
    monkeypatch.delenv("PORTIA_CONFIG_DIR", raising=False)
    monkeypatch.setenv("PORTIA_DATA_DIR", "")  # empty counts as unset
    assert config_dir() == platformdirs.user_config_path("portia")
    assert data_dir() == platformdirs.user_data_path("portia")


def test_missing_file_gives_defaults(cfg):
    s = Settings.load()
    assert s.theme is None and s.problem is None and s.as_dict() == {}


def test_set_saves_atomically_and_reloads(cfg):
    s = Settings.load()
    s.set("theme", "portia-light")
    assert tomllib.loads((cfg / "settings.toml").read_text()) == {"theme": "portia-light"}
    assert Settings.load().theme == "portia-light"
    assert not [p for p in cfg.iterdir() if p.name.endswith(".tmp")]


def test_other_keys_are_kept_and_other_writers_not_undone(cfg):
    cfg.mkdir()
    (cfg / "settings.toml").write_text('theme = "a"\nplayer_hints = true\n')
    mine = Settings.load()
    other = Settings.load()
    other.set("sound", "off")          # another app saves a key of its own meanwhile
    mine.set("theme", "b")
    assert tomllib.loads((cfg / "settings.toml").read_text()) == {
        "theme": "b", "player_hints": True, "sound": "off"}


def test_corrupt_toml_gives_defaults_and_a_located_problem(cfg):
    cfg.mkdir()
    (cfg / "settings.toml").write_text('# settings\ntheme = "portia-dark\n')
    s = Settings.load()
    assert s.theme is None
    assert s.problem is not None
    assert s.problem.path == str(cfg / "settings.toml") and s.problem.line == 2
    assert "settings.toml:2:" in str(s.problem)


def test_corrupt_file_is_kept_aside_when_new_settings_are_saved(cfg):
    cfg.mkdir()
    (cfg / "settings.toml").write_text("theme = = 3\n")
    s = Settings.load()
    s.set("theme", "portia-light")
    assert (cfg / "settings.toml.bad").read_text() == "theme = = 3\n"
    assert Settings.load().theme == "portia-light"


def test_a_file_gone_bad_since_it_was_read_is_kept_aside_not_replaced(cfg):
    """Read fine at start, then edited by hand with a slip: a theme change in the app keeps
    the hand-edited file as settings.toml.bad."""
    cfg.mkdir()
    (cfg / "settings.toml").write_text('theme = "a"\nauthor = "me"\n')
    s = Settings.load()
    (cfg / "settings.toml").write_text('theme = "a"\nauthor = "me, by hand\n')
    s.set("theme", "b")
    assert (cfg / "settings.toml.bad").read_text() == 'theme = "a"\nauthor = "me, by hand\n'
    assert Settings.load().as_dict() == {"theme": "b", "author": "me"}


def test_wrong_type_is_a_problem_but_other_keys_survive(cfg):
    cfg.mkdir()
    (cfg / "settings.toml").write_text('volume = 3\ntheme = 42\n')
    s = Settings.load()
    assert s.theme is None and s.get("volume") == 3
    assert s.problem is not None and s.problem.line == 2 and "'theme'" in s.problem.message


@pytest.mark.parametrize("content", [b"\xff\xfe\x00bad", b"theme = 'x'\n\xff\n"])
def test_unreadable_bytes_give_defaults(cfg, content):
    cfg.mkdir()
    (cfg / "settings.toml").write_bytes(content)
    s = Settings.load()
    assert s.theme is None and s.problem is not None


def test_a_folder_in_the_way_is_a_problem_not_a_crash(cfg):
    (cfg / "settings.toml").mkdir(parents=True)
    s = Settings.load()
    assert s.problem is not None and "folder" in s.problem.message


def test_save_failure_is_a_portia_error(cfg):
    cfg.parent.mkdir(exist_ok=True)
    cfg.write_text("a file where the config folder should be")
    s = Settings.load()
    with pytest.raises(settings_mod.PortiaError) as err:
        s.set("theme", "x")
    assert str(cfg) in str(err.value)


def test_set_rejects_wrong_types(cfg):
    with pytest.raises(TypeError):
        Settings.load().set("theme", 3)
    with pytest.raises(TypeError):
        Settings.load().set("thing", object())
