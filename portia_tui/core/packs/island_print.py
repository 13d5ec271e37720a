"""A truth puzzle on paper: its rules in words, each speaker (or room) with what they say, the
line where the reader writes the answer, the answer and the solution by hand. The printable
pack export (core/packs/export.py) lays these out as it lays out caskets.

Public API: :func:`rules_text`, :func:`speakers`, :func:`answer_blanks`, :func:`answer_said`,
:func:`explanation`, :func:`plain_text`, :func:`intro`, :data:`INTRO`.
"""

from __future__ import annotations

from typing import Any

from portia_tui.core.language import sentences as sn
from portia_tui.core.language.formulas import thaw
from portia_tui.core.language.world import AskOf, AskWhere, WorldPuzzle
from portia_tui.core.packs.island_pack import family_of

#: the line a printable pack of islanders' puzzles opens with
INTRO = ("Each puzzle says who speaks the truth and who lies. Work out the answer from what "
         "is said, and write it on the line under the puzzle.")
#: the line a printable pack of lady-or-tiger trials opens with
TRIAL_INTRO = ("In each trial, whether a room's sign is true depends on what is behind the "
               "room: the rules under each trial say how. Work out the answer from the signs, "
               "and write it on the line under the trial.")
#: the line a pack of both opens with
MIXED_INTRO = ("Each puzzle says who speaks the truth and who lies, or, for a trial, when a "
               "room's sign is true. Work out the answer from what is said, and write it on "
               "the line under the puzzle.")


def intro(puzzles: list[WorldPuzzle]) -> str:
    """The line a printable pack of these truth puzzles opens with, worded for their
    families: speakers who tell the truth or lie, signs true or false by their rooms, or
    both."""
    trials = {family_of(p) == "lady-tiger" for p in puzzles}
    if trials == {True}:
        return TRIAL_INTRO
    return MIXED_INTRO if True in trials else INTRO
#: how long a blank to write a word in is
BLANK = "__________"


def _render(puzzle: WorldPuzzle, formula: Any, speaker: str | None) -> str:
    try:
        return sn.render(thaw(formula), sn.Context.of(puzzle, speaker))
    except sn.NoSentence:
        return str(thaw(formula))


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "?", "!")) else ".")


def rules_text(puzzle: WorldPuzzle, ask: bool = True) -> str:
    """Who says what is true, the narrator's promises, and (with `ask`) the question, in
    sentences."""
    fam = family_of(puzzle)
    if fam == "lady-tiger":
        values = puzzle.attributes.get("content", ())
        said = ["Each room holds a lady" + (", a tiger or nothing" if "empty" in values
                                           else " or a tiger") + "."]
        whose = "the lady's" if _one_lady(puzzle) else "a lady's"
        said.append(f"The sign on {whose} room is true, the sign on a tiger's room is false"
                    + ("; the sign on an empty room may say anything." if "empty" in values
                       else "."))
        reverse = [e for e in puzzle.entities if e in puzzle.mode_overrides
                   and puzzle.mode(e, "lady") == "false" and puzzle.mode(e, "tiger") == "true"]
        if reverse:
            rooms = (f"room {reverse[0]}" if len(reverse) == 1 else
                     "rooms " + ", ".join(reverse[:-1]) + " and " + reverse[-1])
            said.append(f"But in {rooms} it is the other way round: the sign is false with "
                        "the lady behind it and true with a tiger.")
    else:
        said = []
        attr = puzzle.speaker_attr
        if attr:
            kinds = {"true": "always tell the truth", "false": "always lie",
                     "free": "may say anything"}
            said.append(_sentence("; ".join(f"{sn.plural(v)} {kinds[puzzle.mode(None, v)]}"
                                            for v in puzzle.attributes[attr])))
    said += [_sentence(_render(puzzle, c, None)) for c in puzzle.constraints
             if not (fam == "lady-tiger" and _is_one_lady(c))]
    if fam == "lady-tiger" and _one_lady(puzzle):
        said.insert(1, "Exactly one room holds the lady.")
    elif fam == "lady-tiger":
        said.insert(1, "Both rooms may hold ladies, or both tigers.")
    if ask:
        said.append(question(puzzle))
    return " ".join(said)


def _one_lady(puzzle: WorldPuzzle) -> bool:
    return any(_is_one_lady(c) for c in puzzle.constraints)


def _is_one_lady(c: Any) -> bool:
    c = thaw(c)
    return (isinstance(c, list) and len(c) == 5 and c[0] == "count"
            and c[2] == {"content": "lady"} and c[3:] == ["==", 1])


def question(puzzle: WorldPuzzle) -> str:
    fam = family_of(puzzle)
    if fam == "lady-tiger":
        return "Which room holds the lady?" if _one_lady(puzzle) else "Which rooms hold ladies?"
    if fam == "werewolves":
        return "Which of them is the werewolf?"
    if fam == "knights-knaves" and puzzle.speaker_attr:
        good, bad = puzzle.attributes[puzzle.speaker_attr][:2]
        return f"Who is {_article(good)} and who is {_article(bad)}?"
    return "What is each one?"


def _article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def speakers(puzzle: WorldPuzzle) -> list[tuple[str, list[str]]]:
    """Each entity's label ("Ann", "Room II") and its statements as sentences (in quotes)."""
    rooms = family_of(puzzle) == "lady-tiger"
    out = []
    for e in puzzle.entities:
        said = [f"“{_sentence(_render(puzzle, s.says, e))}”" for s in puzzle.by(e)
                if s.says is not None]
        out.append((f"Room {e}" if rooms else e, said))
    return out


def answer_parts(puzzle: WorldPuzzle) -> list[str]:
    """The answer line in pieces: ["Answer:", "Ann: ______", "Ben: ______", ...], or
    ["Answer: the lady is in room ______."]."""
    fam = family_of(puzzle)
    if fam == "lady-tiger" and not _one_lady(puzzle):
        return [f"Answer: ladies are in rooms {BLANK}."]
    if fam == "lady-tiger":
        return [f"Answer: the lady is in room {BLANK}."]
    if fam == "werewolves":
        return [f"Answer: the werewolf is {BLANK}."]
    blank = BLANK if len(puzzle.entities) <= 4 else BLANK[:7]  # six fit on a line
    return ["Answer:"] + [f"{e}: {blank}" for e in puzzle.entities]


def answer_blanks(puzzle: WorldPuzzle) -> str:
    """The answer line: "Answer:   Ann: ______   Ben: ______", "Answer: the werewolf is
    ______.", "Answer: the lady is in room ______."."""
    return "   ".join(answer_parts(puzzle))


def answer_said(puzzle: WorldPuzzle, answer: dict[str, Any]) -> str:
    """The answer in words: "Ann is a knight, Ben is a knave", "the lady is in room II"."""
    parts = []
    for item in puzzle.question:
        value = answer.get(item.key)
        if isinstance(item, AskOf):
            parts.append(f"{item.entity} {value}")
        elif isinstance(item, AskWhere) and isinstance(value, list):
            if family_of(puzzle) == "lady-tiger" and len(value) != 1:
                parts.append("ladies are in rooms " + " and ".join(value) if value else
                             "no room holds a lady")
            elif family_of(puzzle) == "lady-tiger":
                parts.append("the lady is in room " + ", ".join(value))
            else:
                what = " ".join(item.pairs.values())
                parts.append(", ".join(value) + f" is the {what}")
    return ", ".join(parts)


def solved_answer(puzzle: WorldPuzzle) -> dict[str, Any] | None:
    from portia_tui.core.solve.general import solve

    result = solve(puzzle)
    return result.answers[0] if result.unique else None


def explanation(puzzle: WorldPuzzle) -> str:
    """The solution by hand (core/explain/reasoning.py), one step a line, nested by indent:
    the explanation `solve --explain` and the reveal give, within the grader's work budget
    (past it, one line says so)."""
    from portia_tui.core.explain.reasoning import explain_within

    return "\n".join(explain_within(puzzle))


def plain_text(puzzle: WorldPuzzle, title: str) -> str:
    """The puzzle as a text file: title, rules, each speaker's words, the answer line."""
    lines = [title, "", rules_text(puzzle), ""]
    for label, said in speakers(puzzle):
        lines += [f"{label}: {s}" for s in said] or [f"{label}: (says nothing)"]
    lines += [""] + _wrapped(answer_parts(puzzle)) + [""]
    return "\n".join(lines)


def _wrapped(parts: list[str], width: int = 80) -> list[str]:
    """The answer line's pieces on lines of at most `width` characters, a piece never cut."""
    out = [parts[0]]
    for part in parts[1:]:
        if len(out[-1]) + 3 + len(part) > width:
            out.append(" " * len("Answer:") + "   " + part)
        else:
            out[-1] += "   " + part
    return out


__all__ = ["BLANK", "INTRO", "MIXED_INTRO", "TRIAL_INTRO", "answer_blanks", "answer_parts",
           "answer_said", "explanation", "intro", "plain_text", "question", "rules_text",
           "solved_answer", "speakers"]
