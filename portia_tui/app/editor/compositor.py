"""The editor screen's compositor: a partial update renders only what overlaps a change.

Textual's compositor paints a partial update by rendering every widget whose container
overlaps the *bounding box* of the changed regions, each over its whole visible area. In the
editor an edit changes a slot (in the caskets, at the top) and the analysis (at the bottom),
so that box was nearly the whole screen: about 50 widgets rendered per frame, most of them
unchanged slots, for two small changes (benchmarks/bench_editor.py measures it).

:class:`RegionCompositor` renders, for a partial update, only the widgets whose visible area
overlaps one of the changed regions, and of each only the rows those regions cover; a widget
wholly behind what the widgets in front of it already drew there is not rendered at all. The
update written to the terminal is the same (the same spans, the front-most widget's strips
in each), so the screen is the same: tests/test_editor_repaint.py replays every update on a
shadow terminal and compares it with a full render after edits, undo, values, focus moves
and a new row. Full updates (after a resize, say) and frames with many changed regions are
Textual's own.

It relies on Textual's compositor internals as of Textual 8: :func:`install` keeps Textual's
own compositor under another major version or when those internals are missing.
"""

from __future__ import annotations

from importlib.metadata import version

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip

#: False: every partial update is Textual's own (the benchmark's baseline)
ENABLED = True
#: more changed regions than this in one frame: Textual's own partial update
MAX_REGIONS = 16


class RegionCompositor(Compositor):
    def render_partial_update(self) -> ChopsUpdate | None:
        if not ENABLED:
            return super().render_partial_update()
        screen_region = self.size.region
        regions = [r for r in (region.intersection(screen_region)
                               for region in self._dirty_regions) if r]
        self._dirty_regions.clear()
        if not regions:
            return None
        if len(regions) > MAX_REGIONS:
            # many changes (a screen being built, every slot re-marked): their box is most
            # of what changed anyway, and Textual's way does not test each widget against
            # each region
            self._dirty_regions.update(regions)
            return super().render_partial_update()
        spans = list(self._regions_to_spans(regions))
        rendered_lines = {y for y, _, _ in spans}
        chops = self._chops(regions, rendered_lines)
        chop_ends = [cut_set[1:] for cut_set in self.cuts]
        return ChopsUpdate(chops, spans, chop_ends)

    def _chops(self, regions: list[Region], rendered_lines: set[int]
               ) -> list[dict[int, Strip | None]]:
        """Compositor._render_chops restricted to `regions`: each visible widget, front-most
        first, renders the rows of `regions` it shows (none when the widgets in front of it
        already cover them); the first strip for a cut wins."""
        cuts = self.cuts
        chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
        for widget, (region, clip) in self.visible_widgets.items():
            shown = region.intersection(clip)
            if not shown:
                continue
            top = bottom = None
            for changed in regions:
                if shown.overlaps(changed):
                    y1, y2 = max(shown.y, changed.y), min(shown.bottom, changed.bottom)
                    top = y1 if top is None else min(top, y1)
                    bottom = y2 if bottom is None else max(bottom, y2)
            if top is None:
                continue
            x1, x2 = shown.column_span
            lines = [y for y in range(top, bottom) if y in rendered_lines]
            wanted = [(y, [cut for cut in cuts[y] if x2 >= cut >= x1]) for y in lines]
            if all(chops[y][cut] is not None for y, line_cuts in wanted
                   for cut in line_cuts[:-1]):
                continue  # hidden behind what is already drawn
            strips = widget.render_lines(
                Region(x1 - region.x, top - region.y, x2 - x1, bottom - top))
            for y, line_cuts in wanted:
                line = chops[y]
                pieces = strips[y - top].divide([cut - x1 for cut in line_cuts[1:]])
                for cut, piece in zip(line_cuts, pieces):
                    if line.get(cut) is None:
                        line[cut] = piece
        return chops


def install(screen) -> None:
    """Give `screen` a RegionCompositor (before it is mounted) when Textual's compositor is
    the one this was written for."""
    if type(getattr(screen, "_compositor", None)) is not Compositor:
        return
    if not version("textual").startswith("8."):
        return
    needed = ("_dirty_regions", "visible_widgets", "cuts", "_regions_to_spans", "size")
    if all(hasattr(screen._compositor, name) for name in needed):
        screen._compositor = RegionCompositor()
