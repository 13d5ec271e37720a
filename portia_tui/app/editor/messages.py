"""Messages between the editor's widgets, its workers and its screen."""

from __future__ import annotations

from textual.message import Message

from .analysis import MarksRequest, RepairsRequest, Report


class AnalysisReady(Message):
    """A worker finished an analysis; `report.request.generation` names the edit it was for."""

    def __init__(self, report: Report) -> None:
        super().__init__()
        self.report = report


class AnalysisStopped(Message):
    """The analysis of `request` stopped without an answer (its process ended)."""

    def __init__(self, request, why: str) -> None:
        super().__init__()
        self.request = request
        self.why = why


class MarksReady(Message):
    """The marks of one slot's menu: "valid", "reachable", "impossible" or "undecided" per
    entry, in menu order."""

    def __init__(self, request: MarksRequest, marks: tuple[str, ...]) -> None:
        super().__init__()
        self.request = request
        self.marks = marks


class RepairsReady(Message):
    """The single changes that make a complete invalid puzzle valid (core Repairs)."""

    def __init__(self, request: RepairsRequest, repairs) -> None:
        super().__init__()
        self.request = request
        self.repairs = repairs


class SlotMenuRequested(Message):
    """The author wants to choose the statement in a slot (enter, space or a click)."""

    def __init__(self, casket: int, position: int) -> None:
        super().__init__()
        self.casket = casket
        self.position = position


class Navigate(Message):
    """Move focus from a slot by (caskets, rows)."""

    def __init__(self, casket: int, position: int, dx: int, dy: int) -> None:
        super().__init__()
        self.casket = casket
        self.position = position
        self.dx = dx
        self.dy = dy


class SlotFocused(Message):
    """A slot got the focus."""

    def __init__(self, casket: int, position: int) -> None:
        super().__init__()
        self.casket = casket
        self.position = position


class MChosen(Message):
    """The author chose a value of m (from the m field or the list of unique m);
    None: leave m open."""

    def __init__(self, m: int | None) -> None:
        super().__init__()
        self.m = m


class TargetMenuRequested(Message):
    """Enter or a click on the target field: open the menu of caskets."""
