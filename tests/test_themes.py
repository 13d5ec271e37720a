"""Theme files: the built-in ones, and the checks every file goes through (no app here)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.color import Color

from portia_tui.app import themes as themes_mod
from portia_tui.app.themes import (
    DEFAULT_THEME,
    ThemeFileError,
    builtin_theme_dir,
    builtin_theme_names,
    load_themes,
    parse_theme,
    read_theme_file,
)

REPO_THEMES = Path(__file__).resolve().parents[1] / "themes"


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours."""

    def luminance(text: str) -> float:
        c = Color.parse(text)

        def channel(v: int) -> float:
            v = v / 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

        return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# -- the built-in themes ----------------------------------------------------------------------

def test_builtin_themes_all_load_without_problems():
    found = load_themes(builtin_theme_dir(), None, use_defaults=False)
    assert found.problems == []
    assert {"portia-dark", "portia-light", "portia-high-contrast"} <= set(found.themes)
    assert DEFAULT_THEME in found.themes
    assert builtin_theme_names() == sorted(found.themes)
    assert len(found.themes) == len(list(REPO_THEMES.glob("*.toml")))


def test_builtin_themes_build_their_colour_systems():
    """The shipped themes are not built at each start (load_themes skips it for them): each
    is built here, as Textual does when it applies one; a user's file is built on load."""
    files = sorted(REPO_THEMES.glob("*.toml"))
    assert files
    for file in files:
        read_theme_file(file)  # generate=True: raises ThemeFileError if Textual cannot


def test_builtin_themes_cover_dark_light_and_high_contrast():
    themes = load_themes(builtin_theme_dir(), None, use_defaults=False).themes
    assert themes["portia-dark"].dark is True
    assert themes["portia-light"].dark is False
    assert themes["portia-high-contrast"].dark is True


@pytest.mark.parametrize("name", ["portia-dark", "portia-light", "portia-high-contrast"])
def test_builtin_themes_are_readable(name):
    theme = load_themes(builtin_theme_dir(), None, use_defaults=False).themes[name]
    need = 7.0 if "high-contrast" in name else 4.5
    for ground in (theme.background, theme.surface, theme.panel):
        assert contrast(theme.foreground, ground) >= need, (name, ground)
    for key in ("primary", "secondary", "accent", "warning", "error", "success"):
        assert contrast(getattr(theme, key), theme.background) >= need, (name, key)
    # dimmed text and placeholders (Textual's default is a faded foreground) stay legible
    for key in ("text-muted", "text-disabled"):
        assert key in theme.variables, (name, key)
        for ground in (theme.background, theme.surface, theme.panel):
            assert contrast(theme.variables[key], ground) >= 4.5, (name, key, ground)


def test_builtin_dir_is_the_checkout_folder_in_a_dev_install():
    assert Path(str(builtin_theme_dir())) == REPO_THEMES


def test_builtin_dir_prefers_the_packaged_copy(tmp_path, monkeypatch):
    packaged = tmp_path / "portia_tui" / "_data" / "themes"
    packaged.mkdir(parents=True)
    (packaged / "x.toml").write_text('name = "x"\n[colors]\nprimary = "red"\n')
    monkeypatch.setattr(themes_mod.resources, "files", lambda pkg: tmp_path / pkg)
    assert builtin_theme_dir() == packaged
    assert builtin_theme_names() == ["x"]


# -- checking one file ------------------------------------------------------------------------

GOOD = """\
name = "mine"
dark = false

[colors]
primary = "#5fafff"
background = "white"

[variables]
"footer-key-foreground" = "#ffcc00"
"input-selection-background" = "#81a1c1 35%"
"block-cursor-text-style" = "bold reverse"
"link-color" = "auto 87%"
"""


def test_a_good_file_maps_onto_a_textual_theme():
    theme = parse_theme(GOOD)
    assert theme.name == "mine" and theme.dark is False
    assert theme.primary == "#5fafff" and theme.background == "white"
    assert theme.secondary is None
    assert theme.variables["footer-key-foreground"] == "#ffcc00"
    theme.to_color_system().generate()


def test_dark_defaults_to_true_and_variables_are_optional():
    theme = parse_theme('name = "m"\n[colors]\nprimary = "#123456"\n')
    assert theme.dark is True and theme.variables == {}


def test_inline_colour_table_is_fine():
    assert parse_theme('name = "m"\ncolors = { primary = "red" }\n').primary == "red"


BAD = [
    # (file text, words the message must contain, line)
    ('name = "m"\n[colors\nprimary = "red"\n', "not valid TOML", 2),
    ('name = "m"\n[colors]\nprimary = "#12345g"\n', "'primary' = '#12345g' is not a colour", 3),
    ('name = "m"\n[colors]\nprimary = "red"\nsurface = "blurple"\n', "'surface'", 4),
    ('name = "m"\n[colors]\nprimary = 255\n', "must be a string", 3),
    ('[colors]\nprimary = "red"\n', "missing 'name'", None),
    ('name = "m"\n[colors]\nsecondary = "red"\n', "missing 'primary'", 2),
    ('name = "m"\n', "missing [colors]", None),
    ('name = "m"\ncolours = 1\n[colors]\nprimary = "red"\n', "unknown key 'colours'", 2),
    ('name = "m"\n[colors]\nprimary = "red"\nprimery = "red"\n', "unknown colour 'primery'", 4),
    ('name = "m"\n[colors]\nprimary = "red"\n[variables]\n"nope" = "red"\n',
     "unknown variable 'nope'", 5),
    ('name = "m"\n[colors]\nprimary = "red"\n[variables]\n"border" = "bleu"\n',
     "'border' = 'bleu' is not a colour", 5),
    ('name = "m"\n[colors]\nprimary = "red"\n[variables]\n"border" = "red; x: y"\n',
     "is not a colour", 5),
    ('name = "m"\n[colors]\nprimary = "red"\n[variables]\n"link-style" = "wobbly"\n',
     "not a text style", 5),
    ('name = "m"\n[colors]\nprimary = "red"\n[variables]\n"border" = 3\n',
     "must be a string", 5),
    ('name = "my theme"\n[colors]\nprimary = "red"\n', "may only use", 1),
    ('name = 7\n[colors]\nprimary = "red"\n', "'name' must be a string", 1),
    ('name = "m"\ndark = "yes"\n[colors]\nprimary = "red"\n', "'dark' must be true or false", 2),
    ('name = "m"\ncolors = "red"\n', "must be a table", 2),
    ('name = "m"\ncolors = { primary = "nope" }\n', "is not a colour", 2),
]


@pytest.mark.parametrize("text, words, line", BAD)
def test_bad_files_are_refused_with_a_line(text, words, line):
    with pytest.raises(ThemeFileError) as err:
        parse_theme(text)
    assert words in err.value.message
    assert err.value.line == line


def test_app_variables_may_be_set_and_are_checked():
    extra = {"casket-gold": "#d4af37"}
    text = 'name = "m"\n[colors]\nprimary = "red"\n[variables]\n"casket-gold" = "%s"\n'
    assert parse_theme(text % "#ffd700", extra).variables == {"casket-gold": "#ffd700"}
    with pytest.raises(ThemeFileError, match="not a colour"):
        parse_theme(text % "goldish", extra)


# -- loading folders --------------------------------------------------------------------------

def write(folder: Path, name: str, text: str | bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return path


def test_user_theme_replaces_builtin_of_the_same_name(tmp_path):
    user = tmp_path / "themes"
    path = write(user, "mine.toml", 'name = "portia-dark"\n[colors]\nprimary = "#00ff00"\n')
    found = load_themes(builtin_theme_dir(), user)
    assert found.themes["portia-dark"].primary == "#00ff00"
    assert found.sources["portia-dark"] == str(path)
    assert found.problems == []


def test_bad_files_are_skipped_one_problem_each(tmp_path):
    user = tmp_path / "themes"
    write(user, "a-good.toml", 'name = "good"\n[colors]\nprimary = "red"\n')
    bad_colour = write(user, "b.toml", 'name = "b"\n[colors]\nprimary = "redd"\nerror = "x"\n')
    write(user, "c.toml", b"name = \"c\"\n\xff\xfe\n")
    dup = write(user, "d.toml", '# again\nname = "good"\n[colors]\nprimary = "blue"\n')
    write(user, "notes.txt", "not a theme")
    found = load_themes(tmp_path / "none", user)
    assert set(found.themes) == {"good"} and found.themes["good"].primary == "red"
    assert len(found.problems) == 3
    first = found.problems[0]
    assert first.path == str(bad_colour) and first.line == 3
    assert str(first).startswith(f"Theme file {bad_colour}:3: colour 'primary'")
    assert "UTF-8" in found.problems[1].message and found.problems[1].line == 2
    assert found.problems[2].path == str(dup) and found.problems[2].line == 2
    assert "already used by" in found.problems[2].message


def test_missing_folders_are_fine(tmp_path):
    found = load_themes(tmp_path / "a", tmp_path / "b")
    assert found.themes == {} and found.problems == []


def test_the_readme_example_is_a_valid_theme():
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    section = readme.split("## Themes", 1)[1]
    example = section.split("```toml\n", 1)[1].split("```", 1)[0]
    theme = parse_theme(example)
    assert theme.name == "my-theme" and theme.boost == "#ffffff10"
    assert set(theme.variables) == {
        "footer-key-foreground", "input-selection-background", "block-cursor-text-style"}
