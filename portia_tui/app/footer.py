"""The key footer every portia screen shows: one widget, one line.

Textual's Footer is a container of one FooterKey widget per key (ten or more in the editor),
with about twenty CSS rules of its own, and it recomposes them whenever its screen says its
bindings may have changed (every focus move, every dialog opened or closed over it). Those
widgets were a good part of what the editor styles and lays out while it opens (measured in
benchmarks/bench_editor.py). This Footer draws the same line from the screen's public
`active_bindings` as one Content, each key a clickable region (a `@click` that presses the
key, as a click on Textual's FooterKey does), and repaints only when the keys it shows change.
"""

from __future__ import annotations

from typing import NamedTuple

from textual.app import RenderResult
from textual.content import Content
from textual.markup import escape
from textual.screen import Screen
from textual.widget import Widget


class FooterKey(NamedTuple):
    """A key the footer shows: what it presses, how it is written, what it does."""

    key: str
    display: str
    description: str
    action: str
    enabled: bool
    #: the command palette's key, drawn at the right end of the line
    palette: bool = False


class Footer(Widget, can_focus=False):
    DEFAULT_CSS = """
    Footer {
        dock: bottom;
        height: 1;
        width: 1fr;
        text-wrap: nowrap;
        text-overflow: clip;
        color: $footer-foreground;
        background: $footer-background;
        link-style: bold;
        link-color: $footer-key-foreground;
        link-background: $footer-key-background;
        link-style-hover: bold;
        link-color-hover: $footer-key-foreground;
        link-background-hover: $block-hover-background;
    }
    """

    ALLOW_SELECT = False

    def __init__(self) -> None:
        super().__init__()
        #: the keys shown, left to right (the palette's key last)
        self.keys: tuple[FooterKey, ...] = ()
        self._ready = False

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _keys(self, screen: Screen) -> tuple[FooterKey, ...]:
        """Each shown binding of the screen once per action (the first key bound to it, as
        Textual's Footer shows), then the command palette's key."""
        app = screen.app
        shown: dict[str, FooterKey] = {}
        for _node, binding, enabled, _tooltip in screen.active_bindings.values():
            if binding.show and binding.action not in shown:
                shown[binding.action] = FooterKey(
                    binding.key, app.get_key_display(binding), binding.description,
                    binding.action, enabled)
        keys = list(shown.values())
        if app.ENABLE_COMMAND_PALETTE:
            found = screen.active_bindings.get(app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _node, binding, enabled, _tooltip = found
                keys.append(FooterKey(binding.key, app.get_key_display(binding),
                                      binding.description, binding.action, enabled, True))
        return tuple(keys)

    def bindings_changed(self, screen: Screen) -> None:
        if not (self.is_attached and screen is self.screen and screen.app.app_focus):
            return
        keys = self._keys(screen)
        if keys != self.keys or not self._ready:
            self.keys, self._ready = keys, True
            self.refresh()

    def action_press(self, key: str) -> None:
        """A click on a key: the key pressed, as Textual's FooterKey does."""
        self.app.simulate_key(key)

    def offset_of(self, action: str) -> int:
        """The column where the key of `action` starts, or -1 when it is not shown (the
        palette's key counts from the right end)."""
        x = 0
        for key in self.keys:
            if key.palette:
                width = 1 + len(key.display) + 1 + len(key.description) + 1
                return (self.size.width - width) if key.action == action else -1
            if key.action == action:
                return x
            x += len(key.display) + 2 + len(key.description) + 1
        return -1

    def _item(self, key: FooterKey, text: str) -> Content:
        if key.enabled:
            return Content.from_markup(f"[@click=press({key.key!r})]{escape(text)}[/]")
        return Content.styled(text, "dim")

    def render(self) -> RenderResult:
        parts: list = []
        palette: list = []
        for key in self.keys:
            description = ("$footer-description-foreground on $footer-description-background"
                           + ("" if key.enabled else " dim"))
            if key.palette:
                palette = [("▏", "$foreground 20%"), self._item(key, key.display),
                           (f" {key.description} ", description)]
            else:
                parts += [self._item(key, f" {key.display} "),
                          (f"{key.description} ", description)]
        left = Content.assemble(*parts)
        if not palette:
            return left
        right = Content.assemble(*palette)
        room = self.size.width - right.cell_length
        if room <= 0:
            return left
        return Content.assemble(left.truncate(room, pad=True), right)
