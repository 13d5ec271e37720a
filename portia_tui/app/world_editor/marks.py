"""The Algorithm 2 marks of an open statement menu (★ ✓ ✗ ?), toward the target answer the
author picked (``t``), worked out in a child process of their own while the menu is open.

A request names the edit generation, the slot, the target and the entries; an answer for any
other request than the one wanted now (an edit came, another slot or target) is dropped.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from textual.message import Message
from textual.worker import get_current_worker

from portia_tui.app.editor.screens.menu import MenuScreen
from portia_tui.app.process import Cancelled, ProcessRunner, Stopped

from .analysis import MarksRequest, compute_marks, target_words

if TYPE_CHECKING:
    from .screen import WorldEditorScreen

LEGEND = "★ valid · ✓ reachable · ✗ impossible · ? undecided"
NO_TARGET = "No marks yet: t chooses the answer you are building toward (★ ✓ ✗ aim at it)."


class MarksReady(Message):
    def __init__(self, request: MarksRequest, marks: tuple[str, ...] | None,
                 why: str = "") -> None:
        super().__init__()
        #: `why`: with marks, why some are undecided; without, why there are none
        self.request, self.marks, self.why = request, marks, why


class MarksJob:
    def __init__(self, screen: WorldEditorScreen) -> None:
        self.screen = screen
        self.runner = ProcessRunner()
        #: the request whose answer is wanted now, and the last answer (request, marks,
        #: why some are undecided)
        self.wanted: MarksRequest | None = None
        self.found: tuple[MarksRequest, tuple[str, ...], str] | None = None
        #: the menu waiting for marks, and its slot
        self.menu: MenuScreen | None = None
        #: answers dropped as stale (tests read it)
        self.stale_dropped = 0

    def request(self, sid: str | None, formulas: tuple[Any, ...], step: str = "whole",
                connective: str = "") -> MarksRequest | None:
        model = self.screen.world_model
        if model.target is None:
            return None
        return MarksRequest(model.generation, model.draft, sid,
                            tuple(sorted((k, _hashable(v)) for k, v in model.target.items())),
                            formulas, step, connective)

    def legend(self, pending: bool, why: str = "", step: str = "whole") -> str:
        target = self.screen.world_model.target
        aim = target_words(self.screen.draft.analysed(), dict(target)) if target else ""
        if pending:
            return f"Checking each choice toward “{aim}”…"
        first = " (the best compound each can start)" if step == "first" else ""
        undecided = f"\n? undecided: {why}." if why else ""
        return f"Toward “{aim}”{first}: {LEGEND}{undecided}"

    def show_on(self, menu: MenuScreen, sid: str | None, formulas: tuple[Any, ...],
                step: str = "whole", connective: str = "") -> None:
        """Give the menu the marks of these formulas (one per entry, the first entries of
        the menu): each as slot `sid`'s statement (None: as a rule), or with `step`
        "first" as a compound's first part: at once when known, else once worked out."""
        request = self.request(sid, formulas, step, connective)
        self.menu = menu
        if request is None:
            menu.set_marks(None, NO_TARGET)
            return
        if self.found is not None and self.found[0] == request:
            menu.set_marks(self.found[1], self.legend(False, self.found[2], step))
            return
        menu.set_marks(None, self.legend(pending=True))
        self.start(request)

    def start(self, request: MarksRequest) -> None:
        if request == self.wanted:
            return
        self.wanted = request
        self.screen.run_worker(partial(self._work, request), thread=True, exclusive=True,
                               group="marks")

    def _work(self, request: MarksRequest) -> None:
        worker = get_current_worker()
        try:
            marks, why = self.runner.call(compute_marks, request,
                                          cancelled=lambda: worker.is_cancelled)
        except Cancelled:
            return
        except (Stopped, Exception) as exc:  # noqa: BLE001 - said in the menu's legend
            self.screen.post_message(MarksReady(request, None, str(exc)))
            return
        self.screen.post_message(MarksReady(request, marks, why))

    def ready(self, message: MarksReady) -> None:
        if message.request != self.wanted:
            self.stale_dropped += 1
            return
        menu = self.menu
        if message.marks is not None:
            self.found = (message.request, message.marks, message.why)
        if menu is None or not menu.is_attached:
            return
        if message.marks is None:
            menu.set_marks(None, f"No marks: {message.why}.")
        else:
            menu.set_marks(message.marks, self.legend(False, message.why,
                                                      message.request.step))

    def forget(self) -> None:
        """An edit or another target: the marks being worked out are void."""
        self.wanted = None
        self.found = None
        self.screen.workers.cancel_group(self.screen, "marks")

    def close(self) -> None:
        self.runner.close()


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value
