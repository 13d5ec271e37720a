"""The live analysis: the verdict for the puzzle's m, true counts, loops, values legend, and
every m with one solution (choosing one sets m).

The panel fills the rows the caskets leave free; a line whose text did not change is not
updated, and the verdict is built without parsing markup.
"""

from __future__ import annotations

import time
from typing import cast

from textual import on
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.css.styles import RulesMap
from textual.timer import Timer
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from portia_tui.core.language.model import Puzzle
from portia_tui.core.language.words import VALID, incomplete, numbers, verdict_parts

from ..analysis import Report, counts_text, names
from ..messages import MChosen
from .casket_panel import LOOP_MARK


def update_text(static: Static, text: str, content: Content | None = None) -> None:
    """Show `text` (or `content`, the same text built beforehand); nothing when it is
    already shown (an unchanged line is not repainted).

    The screen is laid out again only when the widget's height would change: a layout pass
    reflows and repaints the whole editor (120 slots at 12 x 10), while a repaint draws this
    widget alone. A fixed height never changes; an auto height changes when the new text
    wraps to another number of lines at the widget's width (Content.get_height).
    """
    if getattr(static, "_portia_shown", None) == text:
        return
    static._portia_shown = text  # type: ignore[attr-defined]
    visual = Content(text) if content is None else content
    static.update(visual, layout=_height_changes(static, visual))


def _height_changes(static: Static, visual: Content) -> bool:
    height = static.styles.height
    if height is not None and not height.is_auto and static.styles.max_height is None:
        return False  # a fixed height: the text is cut or padded, never relaid
    region = static.content_region
    if not region.width:
        return True  # not laid out yet
    # the styles as Textual's own widgets pass them (Widget.get_content_height)
    rules = cast(RulesMap, static.styles)
    return visual.get_height(rules, region.width) != region.height


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
        text += "settled (wherever the portrait is, one way only)"
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
        #: what the title says beside "Analysis": "checking…", the seconds, "stopped" or ""
        self.status = ""
        self.body = Static("", id="analysis-body")
        self.unique = OptionList(id="unique-m")
        # shown once it has entries: an empty list laid the screen out again on its first
        # frame, while the editor opens
        self.unique.display = False
        self.unique_label = Static("", id="unique-label")
        self._unique_key: tuple | None = None
        self._pending_timer: Timer | None = None
        self._pending_since = time.monotonic()

    def compose(self) -> ComposeResult:
        yield self.body
        yield self.unique_label
        yield self.unique

    #: seconds an analysis may take before the panel says it is still checking
    PENDING_AFTER = 0.15
    #: seconds after which the panel counts the time and says how to stop
    LONG_AFTER = 2.0

    def set_pending(self) -> None:
        """A new analysis started: say so if it takes a while (a quick one repaints nothing);
        a long one shows its time and how to stop it."""
        self._stop_pending()
        self._pending_since = time.monotonic()
        self._pending_timer = self.set_interval(self.PENDING_AFTER, self._say_pending)

    def _stop_pending(self) -> float:
        """Stop the progress line; the seconds the analysis ran."""
        if self._pending_timer is not None:
            self._pending_timer.stop()
            self._pending_timer = None
        return time.monotonic() - self._pending_since

    def _say_pending(self) -> None:
        seconds = time.monotonic() - self._pending_since
        if seconds < self.LONG_AFTER:
            text = "checking…"
        else:
            text = f"checking… {seconds:.0f} s · esc stops"
        self._set_status(text)

    def _set_status(self, text: str) -> None:
        """The progress in the panel's title (its top border shows even at 80 x 24)."""
        if text != self.status:
            self.status = text
            self.border_title = f"Analysis · {text}" if text else "Analysis"

    def set_stopped(self, why: str) -> None:
        """The analysis was stopped before it answered: say so instead of a verdict."""
        seconds = self._stop_pending()
        self._set_status("stopped")
        update_text(self.body, f"The analysis stopped after {seconds:.0f} s ({why}). "
                    "The next edit checks again.")
        update_text(self.unique_label, "")
        self._unique_key = ()
        self.unique.clear_options()
        self.unique.display = False

    def show(self, report: Report) -> None:
        analysis = report.analysis
        puzzle: Puzzle = analysis.puzzle
        self._stop_pending()
        self._set_status("")
        lines = verdict_lines(report)
        update_text(self.body, "\n".join(lines), body_content(lines))
        unique = () if puzzle.side_rules else analysis.unique_m
        update_text(self.unique_label, unique_label(len(unique), puzzle))
        # the entries' own words: another puzzle with the same m values (after n, or an
        # open) names other caskets, and its list must follow
        key = tuple((m, f"m = {m}: portrait in {puzzle.names[analysis.solutions(m)[0]]}"
                     + ("  ◀ current" if m == puzzle.m else "")) for m in unique)
        if key != self._unique_key:
            old, self._unique_key = self._unique_key, key
            if old and len(old) == len(key):
                # as many entries as before: new words in place, which keeps the list's size
                # (new options relaid the whole screen; the entry's m is its index's)
                for index, ((_m, text), (_old, before)) in enumerate(zip(key, old)):
                    if text != before:
                        self.unique.replace_option_prompt_at_index(index, text)
                return
            highlighted = self.unique.highlighted
            self.unique.set_options(Option(text) for _m, text in key)
            self.unique.display = bool(key)
            if highlighted is not None and key:
                self.unique.highlighted = min(highlighted, len(key) - 1)

    @on(OptionList.OptionSelected, "#unique-m")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        key = self._unique_key or ()
        if 0 <= event.option_index < len(key):
            self.post_message(MChosen(key[event.option_index][0]))


