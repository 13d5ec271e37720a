"""The Algorithm 2 panel: the target casket, how the count of true statements stands against
the puzzle's m with the portrait there, what the menu marks mean, and, for a complete puzzle
that is not valid, every single change that makes it valid."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from portia_tui.core.author.assistant import EXCEEDED, REACHED, SHORT, SKIPPED
from portia_tui.core.language.model import Puzzle
from portia_tui.core.language.vocabulary import sentence
from portia_tui.core.language.words import numbers, plural, truth_list

from ..analysis import MARK_LEGEND, Report, counts_text, names
from ..messages import TargetMenuRequested
from .analysis_panel import update_text


def standing_lines(report: Report) -> list[str]:
    a = report.assistant
    assert a is not None  # shown only with a target (AssistantPanel.show)
    puzzle = report.analysis.puzzle
    name = puzzle.names[a.target]
    by_rules = a.m is None and bool(puzzle.rules)  # solved by its rules: no m
    if not a.counts:
        if puzzle.side_rules:
            return [f"✘ With the portrait in {name} no truth values meet the statements and "
                    f"the rules: {name} does not fit."]
        return [f"With the portrait in {name} no consistent truth values exist (a paradox)."]
    noun = "true statement" if a.counts == {1} else "true statements"
    maybe = " possible" if len(a.counts) > 1 else ""
    lines = [f"With the portrait in {name}: {counts_text(a.counts)} {noun}{maybe}."]
    if by_rules:
        lines.append("No m: the puzzle's rules decide which caskets fit.")
    elif a.m is None:
        lines.append("m is open: choose m to see how the target stands.")
        return lines
    else:
        lines.append({
            REACHED: f"✔ exactly {plural(a.m, 'true statement')} (m) can hold.",
            EXCEEDED: f"✘ {a.excess} too many for m = {a.m}: make a true statement false.",
            SHORT: f"… {plural(a.missing, 'more true statement')} needed for m = {a.m}.",
            SKIPPED: f"✘ a loop jumps over m = {a.m}.",
        }[a.standing])
    if a.unique:
        lines.append(f"✔ only {name} fits: valid.")
    elif a.fits:
        verb = "fits" if len(a.rivals) == 1 else "fit"
        lines.append(f"✘ also {names(puzzle, a.rivals)} {verb}: not unique yet.")
    else:
        lines.append(f"✘ {name} does not fit yet.")
    return lines


def value_line(report: Report) -> str | None:
    a = report.assistant
    if a is None or a.values is None:
        return None
    name = report.analysis.puzzle.names[a.target]
    said = truth_list(a.values, range(len(a.values)))
    vary = [i for i, v in enumerate(a.values) if v is None]
    if vary:
        said = ", ".join(filter(None, [said, f"{numbers(vary)} either way"]))
    return f"With the portrait in {name}: {said}."


#: the most repairs listed (the others are counted)
REPAIRS_SHOWN = 8


def repair_lines(analysis, found) -> list[str]:
    """The core's Repairs in an author's words (complete, invalid puzzles only)."""
    if found is None:
        return ["Single changes that make it valid: looking…"]
    puzzle = analysis.puzzle
    # another m first: one key (+ or −) away
    lines = [f"  m = {m} (portrait in {puzzle.names[analysis.solutions(m)[0]]})"
             for m in found.m]
    for r in found.statements:
        text = sentence(r.statement, puzzle.layout, puzzle.owner(r.index))
        lines.append(f"  statement {r.index + 1} → {text} (portrait in "
                     f"{puzzle.names[r.solution]})")
    late = [] if found.complete else ["  (not every change was tried in time)"]
    if not lines:
        return ["No single change makes it valid."] + late
    verb = "makes" if len(lines) == 1 else "make"
    head = f"{plural(len(lines), 'single change')} {verb} it valid:"
    more = [f"  … and {len(lines) - REPAIRS_SHOWN} more"] if len(lines) > REPAIRS_SHOWN else []
    browse = ["  f: browse them all, nearest the cursor first; enter applies one."]
    return [head] + lines[:REPAIRS_SHOWN] + more + late + browse


class TargetField(Widget, can_focus=True):
    """The target casket, drawn as Textual's compact Select draws it ("gold        ▼"); enter,
    space or a click opens the menu of caskets (the editor's menu screen).

    One widget where a Select is four (its current value, its label, its arrow and an option
    list of its own) with about forty CSS rules: the Select was the costliest part of the
    editor's opening past a minimal app's (benchmarks/bench_editor.py, docs/benchmarks.md)."""

    BINDINGS = [Binding("enter,space,down", "menu", "Choose the target", show=False)]

    DEFAULT_CSS = """
    TargetField {
        height: 1;
        padding: 0 1 0 0;
        color: $foreground;
        background: $surface;
        pointer: pointer;
        text-wrap: nowrap;
        text-overflow: clip;
    }
    TargetField:focus { background-tint: $foreground 5%; }
    """

    def __init__(self, names: tuple[str, ...], target: int = 0, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names = names
        self.value = target

    def show(self, names: tuple[str, ...], target: int) -> None:
        if (names, target) != (self.names, self.value):
            self.names, self.value = names, target
            self.refresh()

    def render(self) -> Content:
        name = self.names[self.value] if 0 <= self.value < len(self.names) else ""
        width = max(self.size.width - 2, 1)
        return Content.assemble(name[:width].ljust(width), " ", ("▼", "$foreground 50%"))

    def action_menu(self) -> None:
        # the screen opens it at once (not by a message), so the next key of a burst finds
        # the menu open, as a key typed slowly would
        opener = getattr(self.screen, "open_target_menu", None)
        if opener is not None:
            opener()
        else:
            self.post_message(TargetMenuRequested())

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.focus()
        self.action_menu()


class AssistantPanel(VerticalScroll):
    def __init__(self, names: tuple[str, ...]) -> None:
        super().__init__(id="assistant")
        self.border_title = "Algorithm 2"
        self.target = TargetField(names, id="target")
        # plain text (no markup in it): parsing markup was most of the cost of a new text
        self.status = Static("", id="assistant-status", markup=False)

    def compose(self) -> ComposeResult:
        with Horizontal(id="assistant-controls"):
            yield Static("Target ", classes="label")
            yield self.target
        yield self.status

    def sync(self, puzzle: Puzzle, target: int) -> None:
        self.target.show(puzzle.names, target)

    def show(self, report: Report, repairs=None, repairs_wanted: bool = False) -> None:
        if report.assistant is None:
            return
        lines = standing_lines(report)
        values = value_line(report)
        if values:
            lines.append(values)
        if repairs_wanted:
            lines += repair_lines(report.analysis, repairs)
        lines.append(MARK_LEGEND)
        update_text(self.status, "\n".join(lines))
