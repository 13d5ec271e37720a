"""The live analysis: the verdict for the puzzle's m, true counts, loops, values legend, and
every m with one solution (choosing one sets m).

Repaint: the panel fills the rows the caskets leave free, so its size does not depend on its
text. Its text is replaced without a relayout (``layout=False``) unless the number of lines
changes, built without parsing markup, and the unique-m list keeps its size while it shows
every entry; :data:`FORCE_RELAYOUT` brings back the old always-relayout update (the benchmark
measures both). Frames render only the widgets that changed (editor/compositor.py).
"""

from __future__ import annotations

from rich.cells import cell_len
from textual import on
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.timer import Timer
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from portia_tui.core.language.model import Puzzle
from portia_tui.core.language.words import VALID, incomplete, numbers, verdict_parts

from ..analysis import Report, counts_text, names
from ..messages import MChosen
from .casket_panel import LOOP_MARK

#: True: the old repaint, the benchmark's baseline: every update relayouts the whole screen,
#: and an edit's text is painted at once, in a frame of its own before its analysis
FORCE_RELAYOUT = False


def update_text(static: Static, text: str, content: Content | None = None) -> None:
    """Show `text` (or `content`, the same text built beforehand); nothing when it is
    already shown, and a relayout only when the widget's height must change."""
    shown = text if content is None else content
    if FORCE_RELAYOUT or not static.is_mounted:
        static._portia_shown = text
        static.update(shown)
        return
    if getattr(static, "_portia_shown", None) == text:
        return
    static._portia_shown = text
    static.update(shown, layout=False)
    width = static.content_region.width
    if width and _height(static, text, width) != static.content_region.height:
        static.clear_cached_dimensions()
        static.refresh(layout=True)


def _height(static: Static, text: str, width: int) -> int:
    """The rows `text` takes in `width` columns, line by line (each line wraps on its own).
    A line that fits (markup only makes a line shorter) takes one row; a longer one is
    wrapped once for its width and remembered (the same loop line comes back edit after
    edit)."""
    return sum(1 if cell_len(line) <= width else _rows(static, line, width)
               for line in text.split("\n"))


_ROWS: dict[tuple, int] = {}


def _rows(static: Static, line: str, width: int) -> int:
    key = (line, width, static.styles.text_wrap, static.styles.text_overflow,
           static._render_markup)
    rows = _ROWS.get(key)
    if rows is None:
        content = Content.from_markup(line) if static._render_markup else Content(line)
        rows = content.get_height(static.styles, width)
        if len(_ROWS) > 1024:
            _ROWS.clear()
        _ROWS[key] = rows
    return rows


def body_content(lines: list[str]) -> Content:
    """The panel's text built without parsing markup (that was most of the cost of a new
    text): the verdict line's bold head, then the other lines as they are."""
    head, bold, tail = lines[0].partition("[/b]")
    if not (bold and head.startswith("[b]") and "[" not in head[3:] + tail):
        return Content.from_markup("\n".join(lines))
    return Content.assemble((head[3:], "b"), tail, *("\n" + line for line in lines[1:]))


def verdict(report: Report) -> str:
    analysis = report.analysis
    puzzle = analysis.puzzle
    m = puzzle.m
    if m is None and not puzzle.side_rules:
        return "[b]m open[/b]: choose m (+ or −, or m to type it) to see the solutions."
    head, reason = verdict_parts(analysis.solution_names(), m)
    mark = "✔" if head == VALID else "✘"
    under = "under the rules" if m is None else f"for m = {m}"
    return f"[b]{mark} {head.upper()}[/b] {under}: {reason}."


def loop_line(puzzle: Puzzle, loop) -> str:
    text = f"{LOOP_MARK} Loop of statements {numbers(loop.statements)}: "
    if loop.kind == "paradox":
        text += f"paradox with the portrait in {names(puzzle, loop.paradox_in)}"
    elif loop.kind == "undetermined":
        text += ("undetermined (values vary) with the portrait in "
                 + names(puzzle, loop.undetermined_in))
    else:
        text += "determined (one value each)"
    return text + "."


def verdict_lines(report: Report) -> list[str]:
    analysis = report.analysis
    puzzle = analysis.puzzle
    lines = [verdict(report)]
    if not puzzle.complete and puzzle.empty_slots:
        lines.append(incomplete(len(puzzle.empty_slots), False).capitalize()
                     + ": an empty slot may be true or false.")
    counts = "  ".join(f"{name} {counts_text(c)}"
                       for name, c in zip(puzzle.names, analysis.true_counts))
    lines.append(f"True statements with the portrait in: {counts}")
    lines.extend(loop_line(puzzle, loop) for loop in analysis.loops)
    if not analysis.loops:
        lines.append("Loops: none.")
    if report.request.values:
        if report.values_for is None:
            lines.append("Values: no solution, so no values to show.")
        else:
            sols = analysis.solutions()
            which = "the solution" if len(sols) == 1 else f"one of {len(sols)} solutions"
            lines.append(f"Values: T true, F false, ? varies, with the portrait in "
                         f"{puzzle.names[report.values_for]} ({which}).")
    return lines


def unique_label(count: int, puzzle: Puzzle | None = None) -> str:
    """The heading of the list of m values with one solution; for a puzzle with other rules
    than m (no list: such an m means something only when it is the only rule), what applies."""
    if puzzle is not None and puzzle.side_rules:
        if puzzle.m is None:
            return "Solved by its rules: no m to choose."
        return "m and the other rules decide together (no list of m values)."
    if not count:
        return "No value of m gives one solution."
    if count == 1:
        return "1 value of m gives one solution (enter sets m):"
    return f"{count} values of m give one solution (enter sets m):"


class AnalysisPanel(VerticalScroll):
    """Shows the latest report; the unique-m list sets m when an entry is chosen."""

    def __init__(self) -> None:
        super().__init__(id="analysis")
        self.border_title = "Analysis"
        self.body = Static("", id="analysis-body")
        self.unique = OptionList(id="unique-m")
        self.unique_label = Static("", id="unique-label")
        self._unique_key: tuple | None = None
        self._pending_timer: Timer | None = None

    def compose(self) -> ComposeResult:
        yield self.body
        yield self.unique_label
        yield self.unique

    #: seconds an analysis may take before the panel says it is still checking
    PENDING_AFTER = 0.15

    def set_pending(self) -> None:
        """A new analysis started: say so if it takes a while (a quick one repaints nothing)."""
        if self._pending_timer is not None:
            self._pending_timer.stop()
        self._pending_timer = self.set_timer(self.PENDING_AFTER, self._say_pending)

    def _say_pending(self) -> None:
        self._pending_timer = None
        self.border_subtitle = "checking…"

    def show(self, report: Report) -> None:
        analysis = report.analysis
        puzzle: Puzzle = analysis.puzzle
        if self._pending_timer is not None:
            self._pending_timer.stop()
            self._pending_timer = None
        if self.border_subtitle:
            self.border_subtitle = ""
        lines = verdict_lines(report)
        update_text(self.body, "\n".join(lines), body_content(lines))
        unique = () if puzzle.side_rules else analysis.unique_m
        update_text(self.unique_label, unique_label(len(unique), puzzle))
        key = tuple((m, analysis.solutions(m)[0], m == puzzle.m) for m in unique)
        if key != self._unique_key:
            self._unique_key = key
            highlighted = self.unique.highlighted
            self._keep_list_size(len(key))
            self.unique.set_options(
                Option(f"m = {m}: portrait in {puzzle.names[c]}" + ("  ◀ current" if cur else ""),
                       id=str(m))
                for m, c, cur in key
            )
            if highlighted is not None and key:
                self.unique.highlighted = min(highlighted, len(key) - 1)

    def _keep_list_size(self, count: int) -> None:
        """The list has a fixed height: when it shows every entry before and after (no
        scrollbar either way), its new line count needs no relayout of the screen. Setting
        it beforehand (one line an entry) leaves the OptionList nothing to relayout; when an
        entry takes more lines, the OptionList finds another size and relayouts as before."""
        unique = self.unique
        if FORCE_RELAYOUT or not unique.is_mounted:
            return
        size = unique.virtual_size
        rows = unique.scrollable_content_region.height
        if size.width and size.height <= rows and count <= rows:
            unique.set_reactive(OptionList.virtual_size, Size(size.width, count))

    @on(OptionList.OptionSelected, "#unique-m")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(MChosen(int(event.option.id)))


