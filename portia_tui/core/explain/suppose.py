"""The story of a truth puzzle (islanders, doors), told case by case: "Suppose A is a knight:
then A's statement is true ('B is a knave'), so B is a knave. ..."

Each case supposes one fact (a value of the first speaker whose value is open, or where the
asked-for value is). Then, round by round: every speaker whose value is now known and whose
mode is true or false makes their statements true or false, and what those truths force (the
facts common to every world that meets them, speakers' modes aside) is said. A case ends in
a contradiction ("That cannot be: ...") or in the worlds that fit it. Every step is the
general engine's (core/solve/general.py) verdict on a smaller question, so the story says
only what holds. Plain Python.
"""

from __future__ import annotations

from typing import Any

from portia_tui.core.language import sentences as sn
from portia_tui.core.language.world import AskWhere, WorldPuzzle
from portia_tui.core.language.words import listing

#: at most this many cases are told (the rest are counted)
MAX_CASES = 12


def _ctx(puzzle: WorldPuzzle, speaker: str | None = None) -> sn.Context:
    return sn.Context(puzzle.entities, tuple(puzzle.attributes.items()),
                      tuple((s.id, s.by) for s in puzzle.statements), speaker,
                      speaker_attr=puzzle.speaker_attr)


def words(formula: Any, puzzle: WorldPuzzle, speaker: str | None = None) -> str:
    """A formula's sentence (its JSON when no sentence says it)."""
    import json

    from portia_tui.core.language.formulas import thaw

    data = thaw(formula)
    try:
        return sn.render(data, _ctx(puzzle, speaker))
    except (sn.NoSentence, KeyError, IndexError, TypeError, ValueError):
        return json.dumps(data)


def cases(puzzle: WorldPuzzle) -> list[tuple]:
    """The facts the story supposes in turn."""
    for item in puzzle.question:
        if isinstance(item, AskWhere) and len(item.pairs) == 1:
            (attr, value), = item.pairs.items()
            return [("is", e, attr, value) for e in puzzle.entities
                    if value in puzzle.domain(e, attr)]
    attr = puzzle.speaker_attr or next(iter(puzzle.attributes))
    speakers = [s.by for s in puzzle.statements if s.by is not None] + list(puzzle.entities)
    for e in speakers:
        values = puzzle.domain(e, attr)
        if len(values) > 1:
            return [("is", e, attr, v) for v in values]
    return []


def _solve(puzzle: WorldPuzzle):
    from portia_tui.core.solve.general import solve

    return solve(puzzle, limit=2000)


def _relaxed(puzzle: WorldPuzzle, known: list[tuple]) -> WorldPuzzle:
    """The puzzle with the known facts as rules and no speaker's mode."""
    return puzzle.replace(modes={}, mode_overrides={},
                          constraints=puzzle.constraints + tuple(known))


def _common(result) -> list[tuple]:
    """The attribute values and statement truths every solution shares."""
    sols, truths = result.solutions, result.truths
    out: list[tuple] = []
    for e, attrs in sols[0]["entities"].items():
        for a, v in attrs.items():
            if all(s["entities"][e][a] == v for s in sols):
                out.append(("is", e, a, v))
    for sid, value in truths[0].items():
        if value is not None and all(t.get(sid) is value for t in truths):
            out.append(("true" if value else "false", sid))
    return out


def _owner(puzzle: WorldPuzzle, sid: str) -> str:
    """"A's statement" / "the sign on room I" / "statement A.2"."""
    by = puzzle.speakers.get(sid)
    if by is None:
        return f"statement {sid}"
    ctx = _ctx(puzzle)
    if ctx.rooms:
        return f"the sign on {ctx.name(by)}"
    return f"{by}'s statement" if len(puzzle.by(by)) == 1 else f"{by}'s statement {sid}"


def _truth_words(puzzle: WorldPuzzle, fact: tuple) -> str:
    sid = fact[1]
    s = puzzle.statement(sid)
    quoted = "" if s.unknown else f" ('{words(s.says, puzzle, s.by)}')"
    return f"{_owner(puzzle, sid)} is {'true' if fact[0] == 'true' else 'false'}{quoted}"


def _moded(puzzle: WorldPuzzle, known: list[tuple], told: set[str]) -> list[tuple]:
    """The statement truths the speakers' modes now force (not yet told)."""
    attr = puzzle.speaker_attr
    if attr is None:
        return []
    value_of = {f[1]: f[3] for f in known if f[0] == "is" and f[2] == attr}
    out = []
    for s in puzzle.statements:
        if s.id in told or s.by not in value_of:
            continue
        mode = puzzle.mode(s.by, value_of[s.by])
        if mode != "free":
            out.append(("true" if mode == "true" else "false", s.id))
    return out


def _why_not(puzzle: WorldPuzzle, known: list[tuple]) -> str:
    """Why no world meets the known facts: a rule, or a statement, they break."""
    base = puzzle.replace(modes={}, mode_overrides={})
    for i, rule in enumerate(puzzle.constraints):
        rest = puzzle.constraints[:i] + puzzle.constraints[i + 1:]
        if _solve(base.replace(constraints=rest + tuple(known))).solutions:
            return f"it breaks the rule '{words(rule, puzzle)}'"
    for fact in reversed(known):
        if fact[0] in ("true", "false"):
            rest = tuple(f for f in known if f != fact)
            if _solve(base.replace(constraints=puzzle.constraints + rest)).solutions:
                s = puzzle.statement(fact[1])
                text = _owner(puzzle, fact[1]) if s.unknown else f"'{words(s.says, puzzle, s.by)}'"
                return f"{text} is not {fact[0]} when {_inner(words(known[0], puzzle), puzzle)}"
    return "no world fits"


def tell_case(puzzle: WorldPuzzle, fact: tuple) -> str:
    """One case of the story, as one paragraph."""
    known: list[tuple] = [fact]
    told: set[str] = set()
    said = {fact}
    parts = [f"Suppose {_inner(words(fact, puzzle), puzzle)}:"]
    for _round in range(len(puzzle.statements) + len(puzzle.entities) + 1):
        forced = _moded(puzzle, known, told)
        told |= {f[1] for f in forced}
        known += forced
        fresh = [f for f in forced if f not in said]
        said |= set(forced)
        result = _solve(_relaxed(puzzle, known))
        lead = f"then {listing(_truth_words(puzzle, f) for f in fresh)}" if fresh else ""
        if not result.solutions:
            parts.append(_cap(f"{lead + '; ' if lead else ''}that cannot be: "
                              f"{_why_not(puzzle, known)}.", len(parts)))
            return " ".join(parts)
        new = [f for f in _common(result) if f not in said]
        said |= set(new)
        known += [f for f in new if f[0] == "is"]
        if not forced and not new:
            break
        follow = listing(_fact_words(puzzle, f) for f in new)
        if lead or follow:
            parts.append(_cap(", ".join(p for p in (lead, f"so {follow}" if follow else "")
                                        if p) + ".", len(parts)))
    if len(parts) == 1:
        parts.append("nothing follows at once.")
    return " ".join(parts) + " " + _ending(puzzle, fact, said)


def _cap(text: str, index: int) -> str:
    """A part of a case: its first letter capital unless it follows the supposition."""
    return text if index == 1 else text[:1].upper() + text[1:]


def _fact_words(puzzle: WorldPuzzle, fact: tuple) -> str:
    if fact[0] in ("true", "false"):
        return _truth_words(puzzle, fact)
    return _inner(words(fact, puzzle), puzzle)


def _inner(text: str, puzzle: WorldPuzzle) -> str:
    first = text.split(" ", 1)[0]
    return text if first in puzzle.entities or first == "I" else text[:1].lower() + text[1:]


def _ending(puzzle: WorldPuzzle, fact: tuple, said: set) -> str:
    result = _solve(puzzle.with_constraint(fact))
    if not result.solutions:
        return "That cannot be: no world fits every statement and rule."
    rest = [f for f in _common(result) if f not in said and f[0] == "is"]
    more = (f"The other statements and rules then give: "
            f"{listing(_fact_words(puzzle, f) for f in rest)}. ") if rest else ""
    answers = "; or ".join(answer_words(puzzle, a) for a in result.answers)
    return f"{more}This fits: {answers}."


def answer_words(puzzle: WorldPuzzle, answer: dict) -> str:
    """An answer in words: 'A is a knight, B is a knave', 'a lady is in room II'."""
    out = []
    for key, value in answer.items():
        if key.startswith("where ") and isinstance(value, list):
            pairs = dict(p.split("=", 1) for p in key[len("where "):].split(","))
            facts = [("is", e, a, v) for e in value for a, v in pairs.items()]
            out += [_inner(words(f, puzzle), puzzle) for f in facts] or [f"no one: {key}"]
        elif isinstance(value, bool):
            out.append(f"{key} {'yes' if value else 'no'}")
        elif "." in key and key.rsplit(".", 1)[0] in puzzle.entities:
            entity, attr = key.rsplit(".", 1)
            out.append(_inner(words(("is", entity, attr, value), puzzle), puzzle))
        else:
            out.append(f"{key} {value}")
    return ", ".join(out)


def explain(puzzle: WorldPuzzle, result=None) -> str:
    """The whole story: each case, then what the cases leave."""
    result = result if result is not None else _solve(puzzle)
    todo = cases(puzzle)
    paras = [tell_case(puzzle, fact) for fact in todo[:MAX_CASES]]
    if len(todo) > MAX_CASES:
        paras.append(f"({len(todo) - MAX_CASES} more cases are not told.)")
    if result.unique:
        paras.append(f"So the answer is: {answer_words(puzzle, result.answers[0])}.")
    elif not result.answers:
        paras.append("No case fits: the puzzle has no solution.")
    else:
        paras.append(f"{len(result.answers)} answers remain: "
                     + "; ".join(answer_words(puzzle, a) for a in result.answers) + ".")
    return "\n".join(paras)
