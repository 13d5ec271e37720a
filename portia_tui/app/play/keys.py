"""The keys of a puzzle, in one table: each row makes the puzzle screen's bindings and its line
in the help, so the two cannot disagree."""

from __future__ import annotations

from typing import NamedTuple

from textual.binding import Binding, BindingType


class Keys(NamedTuple):
    shown: str  # the keys as the help shows them
    help: str  # what they do ({back} is filled in by the help)
    section: str  # "puzzle", "marks" or "pack"
    binds: tuple[tuple[str, str], ...]  # (Textual key, action) pairs


KEYS: tuple[Keys, ...] = (
    Keys("1-9", "pick that casket (left to right; caskets past 9: ←/→ and Enter)", "puzzle",
         tuple((str(k), f"pick({k - 1})") for k in range(1, 10))),
    Keys("←/→ and Enter", "choose a casket, then pick it (or click a casket with the mouse)",
         "puzzle", (("left", "move(-1)"), ("right", "move(1)"), ("enter", "pick_selected"))),
    Keys("↑/↓", "move between statements (the caskets scroll to show it; so does the\n"
         "mouse wheel over them)", "puzzle", (("up", "line(-1)"), ("down", "line(1)"))),
    Keys("h", "one more hint: where to start, then one count, then every count", "puzzle",
         (("h", "hint"),)),
    Keys("r", "reveal the answer and the step-by-step explanation (press twice)", "puzzle",
         (("r", "reveal"),)),
    Keys("PgUp/PgDn", "scroll the text below the caskets (or the mouse wheel over it)", "puzzle",
         (("pageup", "page(-1)"), ("pagedown", "page(1)"))),
    Keys("Escape", "{back}", "puzzle", (("escape", "back"),)),
    Keys("?", "this help", "puzzle", (("question_mark", "help"),)),
    Keys("s", "suppose the portrait is in the chosen casket (again: stop supposing)", "marks",
         (("s", "suppose"),)),
    Keys("t / f", "mark the statement under ▸ true / false (the same key again clears it)",
         "marks", (("t", "mark(True)"), ("f", "mark(False)"))),
    Keys("c", "check your marks: says which contradict the statements' meaning under\n"
         "this supposition, never which casket holds the portrait", "marks",
         (("c", "check"),)),
    Keys("u", "undo the last mark", "marks", (("u", "undo"),)),
    Keys("x", "start the puzzle over: clears marks, picks and hints (press twice)", "marks",
         (("x", "restart"),)),
    Keys("n / p", "next / previous puzzle", "pack", (("n", "navigate(1)"), ("p", "navigate(-1)"))),
)

#: the footer, in this order: (key, label, key as shown or None)
FOOTER = (("left", "casket", "←/→"), ("enter", "pick", None), ("s", "suppose", None),
          ("c", "check", None), ("h", "hint", None), ("r", "reveal", None), ("n", "next", None),
          ("p", "previous", None), ("escape", "back", None), ("question_mark", "help", "?"))


def bindings() -> list[BindingType]:
    """The puzzle screen's bindings: the footer's keys first, in its order, then the rest."""
    footer = {key: (i, label, shown) for i, (key, label, shown) in enumerate(FOOTER)}
    out = []
    for row in KEYS:
        for key, action in row.binds:
            order, label, shown = footer.get(key, (len(footer), action, None))
            out.append((order, Binding(key, action, label, show=key in footer,
                                       key_display=shown)))
    return [b for _order, b in sorted(out, key=lambda pair: pair[0])]


def help_lines(section: str, back: str = "") -> str:
    """The help's lines for one section: keys in a column of 15, then what they do."""
    lines = []
    for row in KEYS:
        if row.section == section:
            text = row.help.format(back=back).replace("\n", "\n" + " " * 17)
            lines.append(f"  {row.shown:<15}{text}")
    return "\n".join(lines)
