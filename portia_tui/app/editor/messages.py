"""Messages between the editor's widgets, its workers and its screen."""

from __future__ import annotations

from textual.message import Message

from .analysis import MarksRequest, Report


class AnalysisReady(Message):
    """A worker finished an analysis; `report.request.generation` names the edit it was for."""

    def __init__(self, report: Report) -> None:
        super().__init__()
        self.report = report


class MarksReady(Message):
    """The assistant's reachability marks for one slot's menu."""

    def __init__(self, request: MarksRequest, marks: tuple[bool, ...]) -> None:
        super().__init__()
        self.request = request
        self.marks = marks


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
    """A slot's menu got the focus (the assistant marks that menu)."""

    def __init__(self, casket: int, position: int) -> None:
        super().__init__()
        self.casket = casket
        self.position = position


class MChosen(Message):
    """The author chose a value of m (from the m field or the list of unique m)."""

    def __init__(self, m: int) -> None:
        super().__init__()
        self.m = m
