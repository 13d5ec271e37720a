"""The key footer every portia screen shows.

Textual's Footer rebuilds all its key widgets whenever its screen says its bindings may have
changed, and a screen says so on every focus move and whenever a dialog opens or closes over
it. In the editor that is every arrow key between statements and every statement menu; the
rebuild (about fifteen widgets mounted and styled) cost tens of milliseconds each time
(measured in benchmarks/bench_editor.py). This Footer rebuilds only when the keys it would
show are different.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    _shown: tuple | None = None

    def _keys(self, screen: Screen) -> tuple:
        """What compose() would show: each shown binding and whether it is enabled."""
        return tuple(
            (binding.key, binding.action, binding.description, enabled, tooltip)
            for (_node, binding, enabled, tooltip) in screen.active_bindings.values()
            if binding.show or binding.action == "command_palette"
        )

    def bindings_changed(self, screen: Screen) -> None:
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            keys = self._keys(screen)
            # _shown is set only just before Textual's own bindings_changed runs, so equal keys
            # mean that rebuild was already asked for with these keys.
            if keys == self._shown:
                return
            self._shown = keys
        super().bindings_changed(screen)
