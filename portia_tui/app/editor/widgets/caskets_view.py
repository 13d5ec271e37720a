"""The caskets view: one panel per casket, side by side, fitted to the terminal's width.

It owns its panels and their slot lists: :meth:`CasketsView.sync` brings them in line with a
puzzle (new panels for other caskets, slots added or removed for other counts, each slot's
text), :meth:`CasketsView.set_marks` puts the loop and value marks beside the statements.

Width: panels are at least :data:`MIN_PANEL` columns wide, so 80 columns show three caskets
and 120 show four. With more caskets than fit, the panels keep that width, the row scrolls
sideways and a line under it says "more caskets →" and how many are out of sight.
"""

from __future__ import annotations

import asyncio

from textual.app import ComposeResult
from textual.color import Color
from textual.containers import HorizontalScroll
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Static

from portia_tui.core.language.model import Puzzle

from .casket_panel import CasketPanel, Slot

#: the narrowest a casket panel gets (80 columns: three; 120: four)
MIN_PANEL = 26
#: a panel whose text column is narrower than this shows each statement on three lines
NARROW_TEXT = 26
#: rows a slot takes, and in narrow panels (``.slot`` and ``#caskets.-narrow .slot`` in
#: editor.tcss); the row's max height in percent of the screen's (``#caskets``, and
#: ``#caskets.-many`` with more caskets than fit); tests/test_editor_layout.py checks both
SLOT_ROWS, NARROW_SLOT_ROWS = 2, 3
ROW_SHARE, MANY_ROW_SHARE = 60, 55


class CasketsView(HorizontalScroll):
    """The row of panels (``#caskets``), scrolling. `puzzle`: the puzzle whose caskets are
    composed with the view (one layout pass for the whole screen at start, instead of panels
    mounted into it afterwards).

    Its "more caskets" line, :attr:`sign`, goes under it: the screen composes it next to the
    view. (Until 2026-11 a Vertical held the row and the sign: a layer as wide as the screen
    behind the row, which drew each of its lines and was cut at every panel's edge in every
    paint, about 3% of opening a 12 x 10.)"""

    def __init__(self, puzzle: Puzzle | None = None) -> None:
        super().__init__(id="caskets")
        self.panels: list[CasketPanel] = []
        self._shape: tuple[tuple[str, ...], tuple[int, ...]] | None = None
        self._fit_key: tuple | None = None
        #: the puzzle the slots' text was last brought in line with
        self._synced: Puzzle | None = None
        #: the panel whose border shows the focus, and the accent it was drawn in
        self._lit: tuple[CasketPanel | None, str | None] = (None, None)
        #: the "more caskets" line, shown when more caskets than fit
        self.sign = self._sign = Static("", id="more-caskets", markup=False)
        if puzzle is not None:
            self._make_panels(puzzle)
            self._shape = (puzzle.layout.names, puzzle.layout.counts)
            self._synced = puzzle

    def compose(self) -> ComposeResult:
        # the row's classes and the panels' widths before they are mounted: a class changed
        # afterwards restyles every slot (120 of them at 12 x 10) a second time
        self.fit()
        yield from self.panels

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The row's content: its tallest panel. (Textual adds the sideways scroll bar's row
        and limits it to the max-height.)"""
        return self._row_content_height(container, viewport, width)

    def _row_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The row's content: its tallest panel (each as tall as its slots, with its border),
        without arranging the row (Textual's measure of the row arranged its twelve panels,
        2% of opening a 12 x 10). A panel with a height, margin or limit of its own falls
        back to Textual's measure."""
        tallest = 0
        for panel in self.panels:
            styles = panel.styles
            if not panel.display:
                continue
            if (not (styles.height is None or styles.height.is_auto) or styles.margin.top
                    or styles.margin.bottom or styles.min_height is not None
                    or styles.max_height is not None):
                return super().get_content_height(container, viewport, width)
            height = panel.get_content_height(container, viewport, width)
            tallest = max(tallest, height + styles.gutter.height)
        return tallest

    # ----------------------------------------------------------------- building
    @staticmethod
    def _slot(puzzle: Puzzle, ci: int, pos: int) -> Slot:
        i = puzzle.number(ci, pos)
        return Slot(ci, pos, i + 1, puzzle.flat[i][1], puzzle.sentence(i))

    def _make_panels(self, puzzle: Puzzle) -> list[CasketPanel]:
        self.panels = [
            CasketPanel(ci, casket.name,
                        [self._slot(puzzle, ci, pos) for pos in range(len(casket.statements))])
            for ci, casket in enumerate(puzzle.caskets)
        ]
        return self.panels

    def same_shape(self, puzzle: Puzzle) -> bool:
        """True when `puzzle` has the caskets and slot counts on screen (a text-only change)."""
        layout = puzzle.layout
        return self._shape == (layout.names, layout.counts)

    async def sync(self, puzzle: Puzzle) -> None:
        """Bring the panels in line with `puzzle` (only what changed)."""
        layout = puzzle.layout
        if self._shape is None or layout.names != self._shape[0]:
            await self.remove_children()
            panels = self._make_panels(puzzle)
            # the row's classes before its panels are mounted: a class changed afterwards
            # restyles every slot (120 of them at 12 x 10) a second time
            self._fit_key = None
            self.fit()
            await self.mount_all(panels)
            self._shape = (layout.names, layout.counts)
        elif layout.counts != self._shape[1]:
            await self._resize(puzzle)
            self._shape = (layout.names, layout.counts)
            self.fit()  # the tallest panel may have changed (the row's -tall)
        shown = self._synced
        self._synced = puzzle
        same_layout = shown is not None and shown.layout == layout
        for ci, panel in enumerate(self.panels):
            for pos, slot in enumerate(panel.slots):
                i = puzzle.number(ci, pos)
                if same_layout and shown is not None and shown.flat[i] == puzzle.flat[i]:
                    continue  # the same statement in the same place: the same text
                slot.show(i + 1, puzzle.flat[i][1], puzzle.sentence(i))

    async def _resize(self, puzzle: Puzzle) -> None:
        pending: list = []
        for ci, panel in enumerate(self.panels):
            new, gone = panel.resize_to(puzzle.layout.counts[ci],
                                        lambda pos, ci=ci: self._slot(puzzle, ci, pos))
            if new:
                pending.append(panel.mount_all(new))
            pending.extend(slot.remove() for slot in gone)
        # one wait for every panel's mounts and removals, not one per panel
        await asyncio.gather(*pending)

    # ----------------------------------------------------------------- the focus
    def light(self, focused: Widget | None) -> None:
        """The border of the panel that holds the focused slot in the theme's accent (what
        ``.casket-panel:focus-within`` did), as the panel's own style. Textual restyles the
        whole panel (its ten slots) for a focus-within rule whenever the focus comes or goes,
        on the opening's first focus too (about 3% of the calls of opening a 12 x 10), and
        a panel with that rule is styled without Textual's cache for siblings. The screen
        calls this when its focus changes and when the theme changes."""
        panel = focused.parent if isinstance(focused, Slot) else None
        if not isinstance(panel, CasketPanel) or panel not in self.panels:
            panel = None
        accent = self.app.theme_variables.get("accent") if panel is not None else None
        if (panel, accent) == self._lit:
            return
        old = self._lit[0]
        if old is not None and old is not panel:
            old.styles.border = None  # back to the stylesheet's
        if panel is not None and accent is not None:
            panel.styles.border = ("round", Color.parse(accent))
        self._lit = (panel, accent)

    # ----------------------------------------------------------------- marks
    def set_marks(self, puzzle: Puzzle, loops: set[int],
                  values: tuple[bool | None, ...] | None) -> None:
        """⟳ on the statements in loops; T/F/? beside each when values are given."""
        for ci, panel in enumerate(self.panels):
            for pos, slot in enumerate(panel.slots):
                i = puzzle.number(ci, pos)
                slot.set_marks(i in loops, "" if values is None else values[i])

    # ----------------------------------------------------------------- finding slots
    def slot_at(self, casket: int, position: int) -> Slot | None:
        if 0 <= casket < len(self.panels) and 0 <= position < len(self.panels[casket].slots):
            return self.panels[casket].slots[position]
        return None

    def step(self, casket: int, position: int, dx: int, dy: int) -> Slot | None:
        """The slot dx caskets and dy rows away (clamped to the edges)."""
        if not self.panels:
            return None
        ci = max(0, min(len(self.panels) - 1, casket + dx))
        slots = self.panels[ci].slots
        return slots[max(0, min(len(slots) - 1, position + dy))]

    # ----------------------------------------------------------------- fitting the width
    def columns(self, width: int) -> int:
        """How many casket panels fit side by side in `width` columns."""
        return max(1, width // MIN_PANEL)

    def fit(self) -> None:
        """Share the width among the panels; more than fit scroll, with a sign saying so."""
        width = self.size.width or self.app.size.width
        height = self.app.size.height
        count = len(self.panels)
        tallest = max((len(panel.slots) for panel in self.panels), default=0)
        key = (width, height, count, tallest)
        if key == self._fit_key or not count:
            return
        self._fit_key = key
        shown = min(count, self.columns(width))
        panel_width = width // shown
        many = count > shown
        narrow = panel_width - 2 - 6 - 2 < NARROW_TEXT
        self.set_class(many, "-many")
        self.set_class(narrow, "-narrow")
        self.set_class(self._surely_tall(height, tallest, many, narrow), "-tall")
        for panel in self.panels:
            panel.styles.width = panel_width if many else "1fr"
        sign = self._sign
        sign.display = many
        if many:
            sign.update(f"more caskets →  {shown} of {count} caskets fit; "
                        "→ from the last one, or scroll sideways, shows the others")

    @staticmethod
    def _surely_tall(height: int, tallest: int, many: bool, narrow: bool) -> bool:
        """True when the panels are certainly taller than the row can show (by more than a
        rounding of its max height): the row then keeps its vertical scroll bar from its first
        layout (``-tall``). Left to Textual ("auto"), the bar came in a second layout pass,
        which changed every panel's clip and repainted them all (about 6% of opening a 12 x
        10). Near the limit the class stays off and Textual decides, as before."""
        rows = NARROW_SLOT_ROWS if narrow else SLOT_ROWS
        panel = tallest * rows + 2  # the round border
        bar = 1 if many else 0  # the sideways scroll bar's row
        max_height = height * (MANY_ROW_SHARE if many else ROW_SHARE) / 100
        return panel + bar > max_height + 1

    def on_resize(self) -> None:
        self.fit()
