"""Where portia keeps the user's files, and a tiny settings store.

Plain Python (no textual), so the CLI may use it too.

- ``config_dir()``: ``$PORTIA_CONFIG_DIR`` if set, else ``platformdirs.user_config_path("portia")``.
  Holds ``settings.toml`` and ``themes/*.toml`` (the user's own themes).
- ``data_dir()``: ``$PORTIA_DATA_DIR`` if set, else ``platformdirs.user_data_path("portia")``.
  For things portia records (progress in the player, ...). Neither folder is created here;
  whoever writes into one creates it (``ensure_dir``).

``Settings.load()`` never raises: a missing file gives the defaults, a corrupt one gives the
defaults plus ``settings.problem`` (one line naming the file and line; ``settings.notice`` is
the line the apps and the command line say of it).
Saving is atomic; a corrupt file is not thrown away but kept next to it as
``settings.toml.bad`` (``.bad-2``, ... when that name is taken: no copy is replaced) the first
time new settings are saved over it; one that cannot be moved is not replaced.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tomli_w

from portia_tui.core.errors import PortiaError
from portia_tui.core.io.files import SMALL_LIMIT, atomic_write, parse_toml, read_text, set_aside
from portia_tui.core.io.formats.common import key_line

from portia_tui.core.io.paths import config_dir, data_dir  # noqa: F401  (data_dir: re-exported for the app)
SETTINGS_FILE = "settings.toml"

#: known settings and the type each must have; unknown keys are kept as they are
SCHEMA: dict[str, type] = {"theme": str, "author": str, "editor_vocabulary": str}

#: TOML value types tomli-w can write back
_SCALARS = (str, bool, int, float)


def ensure_dir(folder: Path) -> Path:
    """Create folder (and its parents) if needed; a PortiaError naming it if that fails."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PortiaError(f"cannot create the folder: {exc.strerror or exc}", str(folder)) from None
    return folder


def settings_path() -> Path:
    """The settings file: ``<config dir>/settings.toml``."""
    return config_dir() / SETTINGS_FILE


def _read(path: Path) -> tuple[dict[str, Any], str]:
    """(the TOML table in path, its text); ({}, "") if there is no file; PortiaError naming
    file:line for anything else (a FIFO, a huge file, bad UTF-8, bad TOML, nesting too deep).
    The core's reader is the one home for all of it."""
    try:
        text = read_text(path, SMALL_LIMIT, "settings file")
    except PortiaError as exc:
        if exc.message == "no such file":
            return {}, ""
        raise
    return parse_toml(text, str(path), "not valid TOML"), text


def _read_table(path: Path) -> dict[str, Any]:
    """The TOML table in path ({} if there is no file); PortiaError naming file:line if bad."""
    return _read(path)[0]


class Settings:
    """The user's settings: one flat TOML table. Read with ``get``/``theme``, change with ``set``.

    ``problem`` is None, or a PortiaError describing why the file on disk could not be used
    (the settings then hold the defaults, and the app should show the problem once).
    """

    def __init__(self, path: Path, values: dict[str, Any] | None = None,
                 problem: PortiaError | None = None):
        self.path = path
        self._values: dict[str, Any] = dict(values or {})
        self.problem = problem
        self._keep_bad_file = problem is not None

    @property
    def notice(self) -> str | None:
        """The one line every command and app says of an unreadable settings file (None
        when it was read)."""
        return None if self.problem is None else f"Settings: {self.problem}. Using the defaults."

    @classmethod
    def load(cls, path: Path | None = None) -> "Settings":
        """Read the settings file; never raises (see ``problem``)."""
        path = settings_path() if path is None else path
        try:
            values, text = _read(path)
        except PortiaError as exc:
            return cls(path, {}, exc.located(str(path)))
        problem = None
        for key, kind in SCHEMA.items():
            if key in values and not isinstance(values[key], kind):
                bad = values.pop(key)
                shown = repr(bad) if not isinstance(bad, (dict, list)) else type(bad).__name__
                problem = PortiaError(
                    f"{key!r} must be a {kind.__name__}, not {shown[:40]}",
                    str(path), key_line(text, key),
                )
        settings = cls(path, values, problem)
        settings._keep_bad_file = False  # the file is readable: a bad value gets overwritten
        return settings

    @property
    def theme(self) -> str | None:
        """The name of the theme the user chose last, or None."""
        return self._values.get("theme")

    def get(self, key: str, default: Any = None) -> Any:
        return self._values.get(key, default)

    def as_dict(self) -> dict[str, Any]:
        return dict(self._values)

    def set(self, key: str, value: Any) -> None:
        """Change one setting and save the file at once (atomic); PortiaError if it cannot be saved.

        Other keys are re-read from disk first, so two portia apps running side by side do not
        undo each other's settings.
        """
        if key in SCHEMA and not isinstance(value, SCHEMA[key]):
            raise TypeError(f"setting {key!r} must be a {SCHEMA[key].__name__}")
        if not isinstance(value, (*_SCALARS, list, dict)):
            raise TypeError(f"setting {key!r}: {type(value).__name__} cannot be stored in TOML")
        if not self._keep_bad_file:
            try:
                fresh = _read_table(self.path)
            except PortiaError:
                # the file went bad since it was read (edited by hand, say): it is set aside
                # when these settings are saved over it, never replaced
                fresh = self._values
                self._keep_bad_file = True
            self._values = {
                name: val for name, val in fresh.items()
                if name not in SCHEMA or isinstance(val, SCHEMA[name])
            }
        self._values[key] = value
        self.save()

    def save(self) -> None:
        """Write all settings to the file (atomic); PortiaError naming the file if that fails."""
        ensure_dir(self.path.parent)
        if self._keep_bad_file and self.path.is_file():
            # kept as settings.toml.bad (then .bad-2, ...): an earlier copy is never replaced,
            # and a file that cannot be moved is not replaced either (set_aside raises)
            set_aside(self.path, ".bad")
        try:
            atomic_write(self.path, tomli_w.dumps(self._values), force=True)
        except OSError as exc:
            raise PortiaError(f"cannot save settings: {exc.strerror or exc}", str(self.path)) from None
        self._keep_bad_file = False
