"""How the truth-puzzle editor reads a page (a core Draft): its slots, its lines of modes,
rules and question, in words.

UI-side glue over core/author/world_editing.py: no textual here, so the analysis child
process may import it too.
"""

from __future__ import annotations

from pathlib import Path

from portia_tui.core.author.world_editing import Draft, Slot, WorldEditor, words
from portia_tui.core.io.recovery import FileStamp
from portia_tui.core.language import sentences as sn

#: a slot on screen: (entity index, position among that entity's statements)
SlotKey = tuple[int, int]


class Session(WorldEditor):
    """The core's session, with the names the casket editor's file actions use (`puzzle`
    for what is edited, `suggested_path`, `mark_saved`)."""

    #: the file a puzzle was imported from (the truth-puzzle editor imports none)
    source = None

    @property
    def puzzle(self) -> Draft:
        return self.draft

    def suggested_path(self) -> Path:
        return self.path if self.path is not None else Path.cwd() / "puzzle.toml"

    def mark_saved(self, path: Path) -> None:
        self.path, self.saved, self.stamp = Path(path), self.draft, FileStamp.of(path)

    @classmethod
    def opened_draft(cls, draft: Draft, path: Path) -> Session:
        """The session of a page just read from `path`."""
        return cls(draft, path=Path(path), saved=draft, stamp=FileStamp.of(path))


def target_possible(draft: Draft, target) -> bool:
    """Whether every value a target answer gives is still a value of its attribute (a kind
    removed leaves a target naming it impossible)."""
    from portia_tui.core.language.world import AskOf

    attrs = draft.puzzle.attributes
    for item in draft.puzzle.question:
        if isinstance(item, AskOf) and item.key in target:
            if target[item.key] not in attrs.get(item.attr, ()):
                return False
    return True


def slot_at(draft: Draft, key: SlotKey) -> Slot | None:
    entity, position = key
    if not 0 <= entity < len(draft.puzzle.entities):
        return None
    mine = draft.slots_of(draft.puzzle.entities[entity])
    return mine[position] if 0 <= position < len(mine) else None


def key_of(draft: Draft, sid: str) -> SlotKey | None:
    for e, name in enumerate(draft.puzzle.entities):
        for pos, slot in enumerate(draft.slots_of(name)):
            if slot.id == sid:
                return e, pos
    return None


def empty_words(draft: Draft) -> str:
    n = len(draft.empty)
    return "" if not n else f"{n} empty slot{'s' if n != 1 else ''}"


def rooms(draft: Draft) -> bool:
    return sn.Context.of(draft.puzzle).rooms


def entity_title(draft: Draft, entity: str) -> str:
    """The panel's title: the name, what the puzzle gives of it, its own modes."""
    p = draft.puzzle
    title = sn.Context.of(p).name(entity) if rooms(draft) else entity
    title = title[:1].upper() + title[1:]
    given = p.given.get(entity, {})
    if given:
        title += " (" + ", ".join(str(v) for v in given.values()) + ")"
    if entity in p.mode_overrides:
        own = p.mode_overrides[entity]
        title += " · " + ", ".join(f"{v} {m}" for v, m in own.items())
    return title


def slot_text(draft: Draft, sid: str) -> str:
    """A slot in words: '' while empty; "one of: ... / ..." for a statement whose wording is
    not known (a sign not yet hung)."""
    if sid in draft.empty:
        return ""
    s = draft.puzzle.statement(sid)
    if s.says is not None:
        return draft.sentence(sid)
    ctx = draft.context(sid)
    return "one of: " + " / ".join(f"“{words(f, ctx)}”" for f in s.one_of)


def rows(draft: Draft) -> list[tuple[str, list[str]]]:
    """Each entity's panel: (title, the words of each of its slots; '' while empty)."""
    return [(entity_title(draft, e), [slot_text(draft, s.id) for s in draft.slots_of(e)])
            for e in draft.puzzle.entities]


def entity_name(draft: Draft, entity: str) -> str:
    """How the focus line names an entity: "A", "Room I"."""
    name = sn.Context.of(draft.puzzle).name(entity) if rooms(draft) else entity
    return name[:1].upper() + name[1:]


#: how each mode reads, for people and for signs
MODE_WORDS = {"true": "always tell the truth", "false": "always lie",
              "free": "may say anything"}
SIGN_WORDS = {"true": "true", "false": "false", "free": "either"}


def modes_text(draft: Draft) -> str:
    """Who speaks truly, in one short sentence: "Knights always tell the truth; knaves
    always lie.", "Signs: true with a lady, false with a tiger, either when empty."."""
    p = draft.puzzle
    if not p.speaker_attr:
        return "Signs may be true or false." if rooms(draft) else \
            "Statements may be true or false."
    values = p.attributes[p.speaker_attr]
    own = ""
    if p.mode_overrides:
        named = [sn.Context.of(p).name(e) if rooms(draft) else e for e in p.mode_overrides]
        own = f" ({', '.join(named)}: {'their' if len(named) > 1 else 'its'} own, in the title)"
    if rooms(draft):
        return "Signs: " + ", ".join(
            f"{SIGN_WORDS[p.mode(None, v)]} {'when empty' if v == 'empty' else 'with ' + _a(v)}"
            for v in values) + own + "."
    said = "; ".join(f"{sn.plural(v)} {MODE_WORDS[p.mode(None, v)]}" for v in values)
    return said[:1].upper() + said[1:] + "."


def _a(value: str) -> str:
    return ("an " if value[:1] in "aeiou" else "a ") + value


def rules_text(draft: Draft) -> str:
    said = draft.rule_sentences()
    return "Rules: " + (" ".join(r + "." for r in said) if said else "none.")


def question_text(draft: Draft) -> str:
    return "Question: " + " ".join(draft.question_text())
