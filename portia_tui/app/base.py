"""The base every portia app shares: themes (built-in and the user's), the persisted choice."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import App

from portia_tui.core.errors import PortiaError

from .settings import Settings
from .themes import DEFAULT_THEME, ThemeSet, load_themes

#: how long (seconds) a notice about a bad theme or settings file stays up
NOTICE_TIMEOUT = 12.0


class PortiaApp(App):
    """Subclass this for every portia app (editor, player).

    When the app is constructed (``super().__init__(...)``, which every subclass calls) it:

    - registers the built-in themes and the user's (``<config dir>/themes/*.toml``); each bad
      theme file gives one warning notice naming the file and line, and is skipped;
    - applies the theme chosen last time (``settings.toml``), or ``portia-dark``; a saved theme
      that no longer exists gives a notice and the default;
    - from then on saves every change of ``self.theme`` (the command palette's "Change theme"
      included), so the choice persists.

    No event handler is involved, so a subclass may define ``on_mount``, ``watch_theme`` or
    ``__init__`` (calling ``super().__init__``) freely. Setting ``self.theme`` in code after
    ``super().__init__`` counts as a user choice and is saved.

    Subclasses may read ``self.settings`` (a ``portia_tui.app.settings.Settings``) to keep
    their own small settings next to the theme. Theme variables of their own are declared the
    Textual way, by overriding ``get_theme_variable_defaults``; theme files may then set them.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.settings = Settings.load()
        if self.settings.problem is not None:
            self._portia_notice(f"Settings: {self.settings.problem}. Using the defaults.")
        self.portia_themes: ThemeSet = load_themes(
            extra_variables=self.get_theme_variable_defaults()
        )
        for theme in self.portia_themes.themes.values():
            self.register_theme(theme)
        for problem in self.portia_themes.problems:
            self._portia_notice(str(problem))
        self.theme = self._portia_starting_theme()
        self.watch(self, "theme", self._portia_save_theme, init=False)

    async def on_event(self, event: events.Event) -> None:
        # A burst of keys that ends the app (a quit in a paste, keys typed ahead on a slow
        # link) leaves keys queued after the last screen has closed; Textual would look up
        # the bindings of a screen that is gone and crash on the way out. They are dropped.
        if isinstance(event, events.Key) and not self.screen_stack:
            return
        await super().on_event(event)

    def _portia_starting_theme(self) -> str:
        wanted = self.settings.theme
        if wanted and wanted in self.available_themes:
            return wanted
        fallback = DEFAULT_THEME if DEFAULT_THEME in self.available_themes else self.theme
        if wanted:
            self._portia_notice(
                f"The theme {wanted!r} chosen last time is not available any more; "
                f"using {fallback!r}."
            )
        return fallback

    def _portia_save_theme(self, name: str) -> None:
        if name == self.settings.theme:
            return
        try:
            self.settings.set("theme", name)
        except PortiaError as exc:
            self._portia_notice(f"The theme choice could not be saved: {exc}")

    def _portia_notice(self, message: str) -> None:
        self.notify(message, title="portia", severity="warning", timeout=NOTICE_TIMEOUT,
                    markup=False)
