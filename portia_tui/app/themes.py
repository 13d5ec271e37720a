"""Theme files: read, check and turn into ``textual.theme.Theme`` objects.

A theme file is TOML (the README's "Themes" section is the reference)::

    name = "portia-dark"        # required: letters, digits, '-' and '_'
    dark = true                 # optional, default true
    [colors]
    primary = "#d4a84a"         # required
    # optional: secondary accent warning error success foreground background surface panel boost
    [variables]                 # optional: Textual theme variables
    "footer-key-foreground" = "#d4a84a"

Everything is checked before Textual sees it (``register_theme`` accepts a bad colour and the
app then crashes at the next redraw): TOML syntax, required keys, unknown keys, value types,
every colour (``textual.color.Color.parse``), every variable (a colour, a colour with an alpha
percentage such as ``"#808080 40%"``, or a text style for the ``*-style`` variables), names.
A bad file becomes one ``ThemeProblem`` (file, line where known, what is wrong) and is skipped.

Built-in themes come from the repository's ``themes/`` folder in a checkout, or from
``portia_tui/_data/themes`` in an installed wheel. The user's themes are
``<config dir>/themes/*.toml``; a user theme with the same name as a built-in one replaces it.
"""

from __future__ import annotations

from functools import lru_cache

import re
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from textual.color import Color, ColorParseError
from textual.css.styles import Styles
from textual.theme import Theme

from portia_tui.core.errors import PortiaError
from portia_tui.core.io.files import SMALL_LIMIT, decode, parse_toml, read_text

from .settings import config_dir

#: the theme portia starts with, and falls back to
DEFAULT_THEME = "portia-dark"

#: the colours a theme file may set in [colors]; only primary is required
COLOR_KEYS = (
    "primary", "secondary", "accent", "warning", "error", "success",
    "foreground", "background", "surface", "panel", "boost",
)
TOP_KEYS = ("name", "dark", "colors", "variables")
NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")


@dataclass(frozen=True)
class ThemeProblem:
    """Why one theme file was skipped."""

    path: str
    line: int | None
    message: str

    def __str__(self) -> str:
        where = self.path + (f":{self.line}" if self.line is not None else "")
        return f"Theme file {where}: {self.message}. The file was skipped."


class ThemeFileError(Exception):
    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.line = line


@dataclass
class ThemeSet:
    """What loading found: usable themes by name, where each came from, and the bad files."""

    themes: dict[str, Theme] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    problems: list[ThemeProblem] = field(default_factory=list)


# -- where the files are ----------------------------------------------------------------------

def builtin_theme_dir() -> Traversable | None:
    """The built-in themes: the wheel's ``portia_tui/_data/themes``, else the checkout's ``themes/``."""
    packaged = resources.files("portia_tui") / "_data" / "themes"
    if packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parents[2] / "themes"
    if checkout.is_dir():
        return checkout
    return None


def user_theme_dir() -> Path:
    """Where the user's own themes go: ``<config dir>/themes``."""
    return config_dir() / "themes"


# -- checking one file ------------------------------------------------------------------------

def _textual_variables() -> dict[str, str]:
    """Every variable a Textual theme can set, with its default value (for a sample theme)."""
    return Theme(name="sample", primary="#808080").to_color_system().generate()


_KNOWN_VARIABLES = _textual_variables()


def _key_line(text: str, section: str | None, key: str) -> int | None:
    """The line where `key = ...` is set in [section] (None: the top level); None if not found."""
    key_re = re.compile(
        rf"""^\s*(?:{re.escape(key)}|"{re.escape(key)}"|'{re.escape(key)}')\s*="""
    )
    header_re = re.compile(r"^\s*\[\s*([^\]]+?)\s*\]")
    current: str | None = None
    for number, line in enumerate(text.split("\n"), 1):
        header = header_re.match(line)
        if header:
            current = header.group(1).strip("\"'")
            continue
        if current == section and key_re.match(line):
            return number
    if section is not None:
        # an inline table (colors = {...}) or a dotted key (colors.primary = ...)
        return _key_line(text, None, section) or _key_line(text, None, f"{section}.{key}")
    return None


@lru_cache(maxsize=1024)
def _is_colour(value: str) -> bool:
    text = value.strip()
    if " " in text and "(" not in text:
        # "auto 60%", "#rrggbb 40%": not one colour. Color.parse would say so too, after
        # looking for the nearest colour name (difflib over every name: half the time of
        # loading the themes, at every start of an app)
        return False
    try:
        Color.parse(value)
    except ColorParseError:
        return False
    return True


@lru_cache(maxsize=1024)
def _css_accepts(prop: str, value: str) -> bool:
    """True if Textual's CSS parser takes `prop: value;` (how a variable is finally used)."""
    if any(ch in value for ch in ";{}") or not value.strip():
        return False
    try:
        Styles.parse(f"{prop}: {value};", ("theme", ""))
    except Exception:  # textual raises several kinds of parse errors
        return False
    return True


def _variable_kind(name: str, default: str | None) -> str:
    """'style' for text-style variables, 'colour' for colour ones, 'other' if unknown."""
    if name.endswith("style"):
        return "style"
    if default is None:
        return "other"
    if _is_colour(default) or _css_accepts("color", default):
        return "colour"
    if _css_accepts("text-style", default):
        return "style"
    return "other"


def check_variable(name: str, value: str, default: str | None) -> str | None:
    """What is wrong with setting variable `name` to `value`, or None if it is fine."""
    kind = _variable_kind(name, default)
    if kind == "colour":
        if _is_colour(value) or _css_accepts("color", value):
            return None
        return (f"variable {name!r} = {value!r} is not a colour (try \"#rrggbb\", "
                f"a colour name, or a colour with an alpha such as \"#rrggbb 40%\")")
    if kind == "style":
        if _css_accepts("text-style", value):
            return None
        return (f"variable {name!r} = {value!r} is not a text style "
                f"(e.g. \"bold\", \"underline\", \"reverse\", \"none\")")
    if any(ch in value for ch in ";{}") or not value.strip():
        return f"variable {name!r} = {value!r} is not a CSS value"
    return None


def parse_theme(text: str, extra_variables: dict[str, str] | None = None, *,
                generate: bool = True) -> Theme:
    """A checked Theme from a theme file's text; ThemeFileError (message, line) if it is bad.

    extra_variables: variables the app defines beyond Textual's (name -> default value).
    generate: also build the colour system from it, as Textual does when the theme is
    applied (off for the built-in themes, which tests/test_themes.py checks that way: each
    build is about a millisecond of every app's start).
    """
    try:
        table = parse_toml(text, "<theme>", "not valid TOML")
    except PortiaError as exc:
        raise ThemeFileError(exc.message, exc.line) from None
    for key in table:
        if key not in TOP_KEYS:
            raise ThemeFileError(
                f"unknown key {key!r} (a theme file has: {', '.join(TOP_KEYS)})",
                _key_line(text, None, key) or _section_line(text, key),
            )
    name = _theme_name(text, table)
    dark = table.get("dark", True)
    if not isinstance(dark, bool):
        raise ThemeFileError(
            f"'dark' must be true or false, not {dark!r}", _key_line(text, None, "dark")
        )
    colors = _theme_colors(text, table)
    variables = _theme_variables(text, table, extra_variables)
    theme = Theme(name=name, dark=dark, variables=dict(variables),
                  **{key: colors[key] for key in COLOR_KEYS if key in colors})
    if not generate:
        return theme
    try:  # the same work Textual does when the theme is applied
        theme.to_color_system().generate()
    except Exception as exc:  # pragma: no cover - everything above should catch it first
        raise ThemeFileError(f"Textual cannot use these colours: {exc}", None) from exc
    return theme


def _theme_name(text: str, table: dict) -> str:
    name = table.get("name")
    if name is None:
        raise ThemeFileError("missing 'name' (e.g. name = \"my-theme\")")
    if not isinstance(name, str):
        raise ThemeFileError(f"'name' must be a string, not {name!r}", _key_line(text, None, "name"))
    if not NAME_PATTERN.match(name):
        raise ThemeFileError(
            f"name {name!r} may only use letters, digits, '-' and '_' (at most 64)",
            _key_line(text, None, "name"),
        )
    return name


def _theme_colors(text: str, table: dict) -> dict:
    colors = table.get("colors")
    if colors is None:
        raise ThemeFileError("missing [colors] with at least 'primary'", None)
    if not isinstance(colors, dict):
        raise ThemeFileError("'colors' must be a table: [colors]", _key_line(text, None, "colors"))
    for key, value in colors.items():
        line = _key_line(text, "colors", key)
        if key not in COLOR_KEYS:
            raise ThemeFileError(
                f"unknown colour {key!r} in [colors] (known: {', '.join(COLOR_KEYS)})", line
            )
        if not isinstance(value, str):
            raise ThemeFileError(f"colour {key!r} must be a string such as \"#5fafff\", "
                                 f"not {value!r}", line)
        if not _is_colour(value):
            raise ThemeFileError(f"colour {key!r} = {value!r} is not a colour "
                                 f"(try \"#rrggbb\" or a colour name)", line)
    if "primary" not in colors:
        raise ThemeFileError("missing 'primary' in [colors]", _section_line(text, "colors"))
    return colors


def _theme_variables(text: str, table: dict,
                     extra_variables: dict[str, str] | None) -> dict:
    variables = table.get("variables", {})
    if not isinstance(variables, dict):
        raise ThemeFileError("'variables' must be a table: [variables]",
                             _key_line(text, None, "variables"))
    known = {**_KNOWN_VARIABLES, **(extra_variables or {})}
    for key, value in variables.items():
        line = _key_line(text, "variables", key)
        if key not in known:
            raise ThemeFileError(f"unknown variable {key!r} in [variables]", line)
        if not isinstance(value, str):
            raise ThemeFileError(f"variable {key!r} must be a string, not {value!r}", line)
        problem = check_variable(key, value, known.get(key))
        if problem:
            raise ThemeFileError(problem, line)
    return variables


def _section_line(text: str, section: str) -> int | None:
    header_re = re.compile(rf"""^\s*\[\s*["']?{re.escape(section)}["']?\s*\]""")
    for number, line in enumerate(text.split("\n"), 1):
        if header_re.match(line):
            return number
    return None


def read_theme_file(file: Traversable | Path,
                    extra_variables: dict[str, str] | None = None, *,
                    generate: bool = True) -> Theme:
    """A checked Theme from one file; ThemeFileError if it cannot be read or is bad."""
    return parse_theme(_theme_text(file), extra_variables, generate=generate)


def _theme_text(file: Traversable | Path) -> str:
    """A theme file's text, read by the core's bounded reader (a FIFO, a device or a huge
    file is refused); ThemeFileError if it cannot be read."""
    try:
        if isinstance(file, Path):
            return read_text(file, SMALL_LIMIT, "theme file")
        data = file.read_bytes()  # inside the installed package (a zip, say): portia's own
        if len(data) > SMALL_LIMIT:
            raise ThemeFileError("too large for a theme file")
        return decode(data, str(file))
    except PortiaError as exc:
        raise ThemeFileError(exc.message, exc.line) from None
    except OSError as exc:
        raise ThemeFileError(f"cannot read: {exc.strerror or exc}") from None


def _theme_files(folder: Traversable | Path | None) -> list[Traversable | Path]:
    if folder is None:
        return []
    try:
        if not folder.is_dir():
            return []
        files = [f for f in folder.iterdir() if f.name.endswith(".toml") and f.is_file()]
    except OSError:
        return []
    return sorted(files, key=lambda f: f.name)


def load_themes(builtin: Traversable | Path | None = None,
                user: Traversable | Path | None = None,
                extra_variables: dict[str, str] | None = None,
                *, use_defaults: bool = True) -> ThemeSet:
    """Load the built-in themes, then the user's (which replace built-ins of the same name).

    With use_defaults, a folder left as None means the usual place (builtin_theme_dir(),
    user_theme_dir()). Two files in the same folder with one name: the second is a problem.
    """
    if use_defaults:
        builtin = builtin_theme_dir() if builtin is None else builtin
        user = user_theme_dir() if user is None else user
    found = ThemeSet()
    shipped = builtin_theme_dir()
    for folder in (builtin, user):
        seen_here: dict[str, str] = {}
        for file in _theme_files(folder):
            where = str(file)
            try:
                # the shipped themes' colour systems are built by a test, not at every start
                theme = read_theme_file(file, extra_variables,
                                        generate=folder is user or folder != shipped)
            except ThemeFileError as exc:
                found.problems.append(ThemeProblem(where, exc.line, exc.message))
                continue
            if theme.name in seen_here:
                found.problems.append(ThemeProblem(
                    where, _line_in(file, "name"),
                    f"the name {theme.name!r} is already used by {seen_here[theme.name]}",
                ))
                continue
            seen_here[theme.name] = where
            found.themes[theme.name] = theme
            found.sources[theme.name] = where
    return found


def _line_in(file: Traversable | Path, key: str) -> int | None:
    try:
        return _key_line(_theme_text(file), None, key)
    except ThemeFileError:
        return None


def builtin_theme_names() -> list[str]:
    """The names of the themes shipped with portia (for docs and tests)."""
    return sorted(load_themes(builtin_theme_dir(), None, use_defaults=False).themes)
