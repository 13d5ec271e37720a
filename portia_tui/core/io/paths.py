"""Where portia keeps the user's files: one rule for the whole program.

- ``config_dir()``: ``$PORTIA_CONFIG_DIR`` if set, else ``platformdirs.user_config_path("portia")``
  (settings and the user's own themes).
- ``data_dir()``: ``$PORTIA_DATA_DIR`` if set, else ``platformdirs.user_data_path("portia")``
  (what portia records, such as the player's progress).

Neither folder is created here; whoever writes into one creates it.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "portia"
CONFIG_ENV = "PORTIA_CONFIG_DIR"
DATA_ENV = "PORTIA_DATA_DIR"


def _folder(env: str, kind: str) -> Path:
    override = os.environ.get(env, "").strip()
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(getattr(platformdirs, f"user_{kind}_path")(APP_NAME))


def config_dir() -> Path:
    """The folder for portia's settings and the user's themes."""
    return _folder(CONFIG_ENV, "config")


def data_dir() -> Path:
    """The folder for what portia records, e.g. the player's progress."""
    return _folder(DATA_ENV, "data")
