"""A mouse selection drawn into lines a widget keeps for render_line (the editor's slots, the
player's statement lines): Textual's default path (Visual.to_strips) applies it, render_line
does not. The same as Content.render_strips does, through the public API only: the widget's
``text_selection`` and the screen's ``screen--selection`` style."""

from __future__ import annotations

from textual.content import Content
from textual.selection import Selection
from textual.style import Style
from textual.widget import Widget


def with_selection(widget: Widget, lines: list[Content], selection: Selection) -> list[Content]:
    """The lines with the selected span of each in the screen's selection style."""
    selected = Style.from_styles(widget.screen.get_component_styles("screen--selection"))
    out = []
    for y, line in enumerate(lines):
        span = selection.get_span(y)
        if span is not None:
            start, end = span
            line = line.stylize(selected, start, len(line.plain) if end == -1 else end)
        out.append(line)
    return out
