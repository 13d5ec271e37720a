"""The truth-puzzle editor's widgets: a panel per entity with its statements as slots, the
lines above them (rules, modes, question, target) and the analysis panel."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

#: what an empty slot shows, and the line of an entity that says nothing at all
EMPTY_TEXT = "— empty: enter chooses a statement —"
SILENT_TEXT = "— says nothing: enter gives a statement —"


class WorldSlot(Static, can_focus=True):
    """One statement of an entity; enter (or a click) opens its menu."""

    BINDINGS = [
        Binding("enter", "menu", "Menu", show=False),
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("left", "move(-1)", "Up", show=False),
        Binding("right", "move(1)", "Down", show=False),
    ]

    def __init__(self, entity: int, position: int, text: str, silent: bool = False) -> None:
        super().__init__("", classes="wslot", markup=False)
        self.entity = entity
        self.position = position
        #: the line of an entity with no statement at all (enter gives it one)
        self.silent = silent
        self.text: str | None = None
        self.show(text)

    def show(self, text: str) -> None:
        if text != self.text:
            self.text = text
            self.set_class(not text, "-empty")
            self.update(SILENT_TEXT if self.silent else EMPTY_TEXT if not text
                        else text if text.startswith("one of: ") else f"“{text}”")

    # the screen acts at once (not by a message): the next key of a burst must find the
    # menu open, or the focus moved, as a key typed slowly would
    def action_menu(self) -> None:
        opener = getattr(self.screen, "open_slot_menu", None)
        if opener is not None:
            opener(self.entity, self.position)

    def action_move(self, step: int) -> None:
        mover = getattr(self.screen, "move_focus", None)
        if mover is not None:
            mover(self, step)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.focus()
        self.action_menu()

    def on_focus(self) -> None:
        sync = getattr(self.screen, "slot_focused", None)
        if sync is not None:
            sync(self)


class EntityPanel(Vertical):
    """An entity: its name (and what the puzzle gives of it) as the border title, and its
    statements, one slot each."""

    def __init__(self, index: int, title: str, texts: list[str]) -> None:
        super().__init__(classes="entity-panel")
        self.index = index
        self.border_title = title
        self.slots = [WorldSlot(index, pos, text) for pos, text in enumerate(texts)] or [
            WorldSlot(index, 0, "", silent=True)]

    def compose(self) -> ComposeResult:
        yield from self.slots


class EntitiesView(VerticalScroll):
    """Every entity's panel, in a grid that takes two columns on a wide screen."""

    #: columns from this terminal width on
    WIDE = 100

    def __init__(self) -> None:
        super().__init__(id="entities")
        self.can_focus = False
        self.panels: list[EntityPanel] = []

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(self.app.size.width >= self.WIDE, "-wide")

    def slot(self, entity: int, position: int) -> WorldSlot | None:
        if 0 <= entity < len(self.panels) and 0 <= position < len(self.panels[entity].slots):
            return self.panels[entity].slots[position]
        return None

    def all_slots(self) -> list[WorldSlot]:
        return [s for p in self.panels for s in p.slots]

    async def sync(self, rows: list[tuple[str, list[str]]]) -> None:
        """Show these entities (title, statement texts): in place when the shape is the same,
        else built anew."""
        shape = [len(texts) or -1 for _t, texts in rows]
        if shape == [-1 if p.slots[0].silent else len(p.slots) for p in self.panels]:
            for panel, (title, texts) in zip(self.panels, rows):
                panel.border_title = title
                for slot, text in zip(panel.slots, texts):
                    slot.show(text)
            return
        focused = self.screen.focused
        where = (focused.entity, focused.position) if isinstance(focused, WorldSlot) else None
        await self.remove_children()
        self.panels = [EntityPanel(i, title, texts) for i, (title, texts) in enumerate(rows)]
        await self.mount_all(self.panels)
        if where is not None:
            entity = min(where[0], len(rows) - 1)
            found = self.slot(entity, max(0, min(where[1], len(rows[entity][1]) - 1)))
            if found is not None:
                found.focus()


class AnalysisView(VerticalScroll):
    """What the page says now: how many answers, the answers, paradoxes, the clues."""

    def __init__(self) -> None:
        super().__init__(id="w-analysis")
        self.can_focus = False
        self.border_title = "Analysis"

    def compose(self) -> ComposeResult:
        yield Static("Working out the answers…", id="w-analysis-text", markup=False)

    def say(self, text: str) -> None:
        self.query_one("#w-analysis-text", Static).update(text)
