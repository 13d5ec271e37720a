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


def _ctx(puzzle: WorldPuzzle, speaker: str | None = None, this: str | None = None
         ) -> sn.Context:
    return sn.Context.of(puzzle, speaker, this)


def words(formula: Any, puzzle: WorldPuzzle, speaker: str | None = None,
          this: str | None = None) -> str:
    """A formula's sentence (its JSON when no sentence says it)."""
    import json

    from portia_tui.core.language.formulas import thaw

    data = thaw(formula)
    try:
        return sn.render(data, _ctx(puzzle, speaker, this))
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


#: past this many worlds (speakers' modes and rules aside) the story is not told
MAX_WORLDS = 1 << 18


class _Worlds:
    """Every world of a puzzle as bit masks (the general engine's :class:`Evaluation`):
    `free` with no speaker's mode and no rule, `full` the puzzle itself."""

    def __init__(self, puzzle: WorldPuzzle):
        from portia_tui.core.language.formulas import freeze
        from portia_tui.core.solve.general import Evaluation
        from portia_tui.core.solve.world_result import Stop

        self.freeze = freeze
        self.free = Evaluation(puzzle.replace(modes={}, mode_overrides={}, constraints=()),
                               Stop())
        self.full = Evaluation(puzzle, Stop())
        self.rules = [self.free.mask(c) for c in puzzle.constraints]
        self.cache: dict[tuple, int] = {}
        self.facts: list[tuple[str, ...]] = [("is", e, a, v) for e in puzzle.entities
                                             for a in puzzle.attributes
                                             for v in puzzle.domain(e, a)]
        self.facts += [(t, s.id) for s in puzzle.statements for t in ("true", "false")]

    def mask(self, fact: tuple) -> int:
        found = self.cache.get(fact)
        if found is None:
            found = self.cache[fact] = self.free.mask(self.freeze(fact))
        return found

    def kept(self, known: list[tuple], skip: int | None = None) -> int:
        """The worlds (modes aside) where the rules (but rule `skip`) and the facts hold."""
        m = self.free.consistent
        for i, rule in enumerate(self.rules):
            if i != skip:
                m &= rule
        for fact in known:
            m &= self.mask(fact)
        return m

    def common(self, kept: int) -> list[tuple]:
        """The facts every world in `kept` shares."""
        return [f for f in self.facts if not kept & ~self.mask(f)]


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
    quoted = "" if s.unknown else f" ('{words(s.says, puzzle, s.by, s.id)}')"
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


def _why_not(puzzle: WorldPuzzle, worlds: _Worlds, known: list[tuple], case: tuple) -> str:
    """Why no world meets the known facts: a rule, or a statement, they break."""
    from portia_tui.core.language.formulas import exactly

    for i, rule in enumerate(puzzle.constraints):
        # "exactly one lady" frames every world: the story never blames it
        if exactly(rule) is None and worlds.kept(known, skip=i):
            return f"it breaks the rule '{words(rule, puzzle)}'"
    for fact in reversed(known):
        if fact[0] in ("true", "false"):
            if worlds.kept([f for f in known if f != fact]):
                s = puzzle.statement(fact[1])
                text = _owner(puzzle, fact[1]) if s.unknown else f"'{words(s.says, puzzle, s.by, s.id)}'"
                return f"{text} is not {fact[0]} when {_inner(words(case, puzzle), puzzle)}"
    return "no world fits"


#: how deep a case may split into further cases ("If also B is a knight: ...")
MAX_DEPTH = 2


def tell_case(puzzle: WorldPuzzle, fact: tuple, worlds: _Worlds, parent: tuple | None = None,
              depth: int = 0) -> str:
    """One case of the story, as one paragraph (its own further cases indented below)."""
    known, told, said = ((list(parent[0]), set(parent[1]), set(parent[2])) if parent
                         else ([], set(), set()))
    known.append(fact)
    said.add(fact)
    parts = [f"{'If also' if depth else 'Suppose'} {_inner(words(fact, puzzle), puzzle)}:"]
    if not _rounds(puzzle, worlds, fact, (known, told, said), parts):
        return " ".join(parts)
    split = _next_split(puzzle, worlds, known, said) if depth < MAX_DEPTH else []
    if len(parts) == 1:
        parts.append("nothing follows at once." if not split else "take the cases.")
    if split:
        subs = [tell_case(puzzle, f, worlds, (known, told, said), depth + 1) for f in split]
        return " ".join(parts) + "".join(f"\n{'  ' * (depth + 1)}{sub}" for sub in subs)
    return " ".join(parts) + " " + _ending(puzzle, known, said, worlds)


def _rounds(puzzle: WorldPuzzle, worlds: _Worlds, fact: tuple, state: tuple,
            parts: list[str]) -> bool:
    """Tell what the known facts force, round by round; False at a contradiction."""
    known, told, said = state
    for _round in range(len(puzzle.statements) + len(puzzle.entities) + 1):
        forced = _moded(puzzle, known, told)
        told |= {f[1] for f in forced}
        known += forced
        fresh = [f for f in forced if f not in said]
        said |= set(forced)
        kept = worlds.kept(known)
        lead = f"then {listing(_truth_words(puzzle, f) for f in fresh)}" if fresh else ""
        if not kept:
            parts.append(_cap(f"{lead + '; ' if lead else ''}that cannot be: "
                              f"{_why_not(puzzle, worlds, known, fact)}.", len(parts)))
            return False
        new = [f for f in worlds.common(kept) if f not in said]
        said |= set(new)
        known += [f for f in new if f[0] == "is"]
        if not forced and not new:
            return True
        follow = listing(_fact_words(puzzle, f) for f in new)
        if lead or follow:
            parts.append(_cap(", ".join(p for p in (lead, f"so {follow}" if follow else "")
                                        if p) + ".", len(parts)))
    return True


def _next_split(puzzle: WorldPuzzle, worlds: _Worlds, known: list[tuple],
                said: set) -> list[tuple]:
    """The values of the next speaker whose value is open, when the story splits on
    speakers (not on where something is) and several remain."""
    if puzzle.speaker_attr is None or any(isinstance(i, AskWhere) for i in puzzle.question):
        return []
    attr = puzzle.speaker_attr
    kept = worlds.kept(known)
    for s in puzzle.statements:
        if s.by is None or any(f[:3] == ("is", s.by, attr) for f in said):
            continue
        options = [("is", s.by, attr, v) for v in puzzle.domain(s.by, attr)
                   if kept & worlds.mask(("is", s.by, attr, v))]
        if len(options) > 1:
            return options
    return []


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


def _ending(puzzle: WorldPuzzle, known: list[tuple], said: set, worlds: _Worlds) -> str:
    full = worlds.full
    kept = full.consistent
    for fact in known:
        kept &= full.mask(worlds.freeze(fact))
    if not kept:
        return "That cannot be: no world fits every statement and rule."
    rest = [f for f in worlds.facts if f[0] == "is" and f not in said
            and not kept & ~full.mask(worlds.freeze(f))]
    more = (f"The other statements and rules then give: "
            f"{listing(_fact_words(puzzle, f) for f in rest)}. ") if rest else ""
    answers = "; or ".join(answer_words(puzzle, a) for a in full.answers(kept, 20))
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
    from portia_tui.core.solve.general import solve, world_count

    result = result if result is not None else solve(puzzle)
    free = puzzle.replace(modes={}, mode_overrides={}, constraints=())
    if world_count(free) > MAX_WORLDS:
        paras = [f"(This puzzle has {world_count(free)} worlds before its rules: too many to "
                 "tell case by case.)"]
    else:
        worlds = _Worlds(puzzle)
        todo = cases(puzzle)
        paras = [tell_case(puzzle, fact, worlds) for fact in todo[:MAX_CASES]]
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
