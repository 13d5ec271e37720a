"""The base every portia app shares: themes (built-in and the user's), the persisted choice."""

from __future__ import annotations

from textual.app import App


class PortiaApp(App):
    """Subclass this for every portia app (editor, player).

    Loads the built-in and user themes on mount (a bad theme file gives one notice and is
    skipped), applies the theme the user chose last time and remembers a new choice.
    """
