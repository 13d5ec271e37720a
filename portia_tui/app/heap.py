"""Python's garbage collector around a big screen (the player's board, the editor).

Building a 12 x 10 screen makes about a hundred thousand objects that live as long as the
screen. Each full collection walks every live object: measured on this machine, two of them
ran while the player's 12 x 10 screen was being built (70-120 ms of CPU each, a third of the
opening), and later one landed on a key now and then (60-80 ms of CPU: the keys' p90).

So, with the public ``gc`` API of CPython:

- while a big screen is built (from its compose to its first frame) the collector is off:
  nearly everything made then is kept;
- once the first frame is drawn, everything alive is frozen (``gc.freeze``): later
  collections leave it alone and walk only what was made since, a few milliseconds;
- when the screen is taken down, the frozen objects are handed back (``gc.unfreeze``), so
  the screen's objects are collected as ever and nothing is kept past its life.

Screens nest (the editor's play screen over the editor): the collector is on again only
once no screen is being built, and the frozen state is left only by the last screen that
holds it. ``gc.unfreeze`` hands back everything frozen (it cannot tell the player's objects
from the editor's), so when an inner screen goes while an outer one still holds, everything
is handed back and frozen again right after the next full collection (a ``gc.callbacks``
hook): that collection, which would come anyway, frees the inner screen's objects, and what
it leaves (the outer screen's) is frozen again. Before, the editor's later full collections
walked its whole board again, on keys, for as long as it stayed open. Collecting at once
when the inner screen goes was measured too: it moved a full collection (hundreds of ms under
load) onto the screen change, for the same keys after it (docs/benchmarks.md, "Nested
screens, screen changes and two players' marks").
"""

from __future__ import annotations

import gc

#: screens being built (the collector is off while there is any)
_building = 0
#: screens settled and not yet released (what lives stays frozen while there is any)
_frozen = 0
#: an inner screen went while an outer one holds: freeze after the next full collection
_refreeze = False


def _after_collection(phase: str, info: dict) -> None:
    """gc.callbacks hook: after a full collection, freeze what lives again if a screen still
    holds (it may run in any thread: gc.freeze only moves the collector's lists)."""
    global _refreeze
    if phase == "stop" and info.get("generation") == 2 and _refreeze:
        _refreeze = False
        if _frozen and _building == 0:
            gc.freeze()


class HeapHold:
    """One big screen's part: :meth:`hold` when it starts building, :meth:`settle` after its
    first frame, :meth:`release` when it is taken down. Each step happens at most once, in
    that order; a release without a settle settles first."""

    def __init__(self) -> None:
        self._held = False
        self._settled = False
        self._released = False

    def hold(self) -> None:
        global _building
        if self._held:
            return
        self._held = True
        _building += 1
        gc.disable()

    def settle(self) -> None:
        global _building, _frozen, _refreeze
        if not self._held or self._settled:
            return
        self._settled = True
        _building = max(0, _building - 1)
        _frozen += 1
        if _building == 0:
            _refreeze = False
            gc.freeze()
            gc.enable()

    def release(self) -> None:
        global _frozen, _refreeze
        if not self._held or self._released:
            return
        self.settle()
        self._released = True
        _frozen = max(0, _frozen - 1)
        gc.unfreeze()
        # an outer screen still holds: its objects are frozen again after the next full
        # collection (which frees this screen's); none holds: the hook goes
        _refreeze = bool(_frozen)
        if _refreeze and _after_collection not in gc.callbacks:
            gc.callbacks.append(_after_collection)
        elif not _frozen and _after_collection in gc.callbacks:
            gc.callbacks.remove(_after_collection)
