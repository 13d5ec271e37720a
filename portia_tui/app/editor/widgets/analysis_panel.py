"""The live analysis: solutions, validity, unique m, true counts, loops, values legend."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from portia_tui.core.model import Puzzle
from portia_tui.core.words import numbers

from ..analysis import Report, counts_text, names
from ..messages import MChosen
from .casket_panel import LOOP_MARK


def verdict_lines(report: Report) -> list[str]:
    analysis = report.analysis
    puzzle = analysis.puzzle
    m = puzzle.m
    sols = analysis.solutions()
    if len(sols) == 1:
        head = (
            f"[b]✔ VALID[/b] for m = {m}: one solution, the portrait is in "
            f"[b]{puzzle.names[sols[0]]}[/b]."
        )
    elif sols:
        head = (
            f"[b]✘ NOT VALID[/b] for m = {m}: {len(sols)} solutions "
            f"({names(puzzle, sols)})."
        )
    else:
        head = f"[b]✘ NOT VALID[/b] for m = {m}: no solution (no casket fits)."
    counts = "   ".join(
        f"{name}: {counts_text(c)}" for name, c in zip(puzzle.names, analysis.true_counts)
    )
    lines = [head, f"True statements by placement: {counts}"]
    if not analysis.loops:
        lines.append("Loops: none.")
    for loop in analysis.loops:
        text = f"{LOOP_MARK} Loop of statements {numbers(loop.statements)}: "
        if loop.kind == "paradox":
            text += f"paradox with the portrait in {names(puzzle, loop.paradox_in)}"
        elif loop.kind == "undetermined":
            text += "undetermined (values vary) with the portrait in " + names(
                puzzle, loop.undetermined_in
            )
        else:
            text += "determined (one value each)"
        lines.append(text + ".")
    if report.request.values:
        if report.values_for is None:
            lines.append("Values: no solution, so no values to show.")
        else:
            which = "the solution" if len(sols) == 1 else f"one of {len(sols)} solutions"
            lines.append(
                f"Values: T true, F false, ? varies, with the portrait in "
                f"{puzzle.names[report.values_for]} ({which})."
            )
    return lines


class AnalysisPanel(VerticalScroll):
    """Shows the latest report; the unique-m list sets m when an entry is chosen."""

    def __init__(self) -> None:
        super().__init__(id="analysis")
        self.border_title = "Analysis"
        self.status = Static("", id="analysis-status")
        self.body = Static("", id="analysis-body")
        self.unique = OptionList(id="unique-m")
        self.unique_label = Static("", id="unique-label")
        self._unique_key: tuple | None = None

    def compose(self) -> ComposeResult:
        yield self.status
        yield self.body
        yield self.unique_label
        yield self.unique

    def set_pending(self, generation: int) -> None:
        self.status.update(f"… checking edit {generation}", layout=False)

    def show(self, report: Report) -> None:
        analysis = report.analysis
        puzzle: Puzzle = analysis.puzzle
        self.status.update(f"up to date (edit {report.request.generation})", layout=False)
        self.body.update("\n".join(verdict_lines(report)))
        unique = analysis.unique_m
        if unique:
            self.unique_label.update(
                f"Unique m ({len(unique)}), enter or click to set m:"
            )
        else:
            self.unique_label.update("No m gives exactly one solution.")
        key = tuple((m, analysis.solutions(m)[0], m == puzzle.m) for m in unique)
        if key != self._unique_key:
            self._unique_key = key
            highlighted = self.unique.highlighted
            self.unique.clear_options()
            self.unique.add_options(
                Option(
                    f"m = {m}: portrait in {puzzle.names[c]}" + ("  ◀ current" if cur else ""),
                    id=str(m),
                )
                for m, c, cur in key
            )
            if highlighted is not None and key:
                self.unique.highlighted = min(highlighted, len(key) - 1)
        self.unique.display = bool(unique)

    @on(OptionList.OptionSelected, "#unique-m")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(MChosen(int(event.option.id)))
