"""A brute force for the truth-puzzle language, written from ``truth-puzzles.md`` alone.

It shares no meaning code with the engines: it reads the puzzle's data (entities, attribute
values, modes, statements, constraints, question) and evaluates every formula with its own
evaluator below, in every assignment of attribute values, wordings and truth values.
Exponential: for small puzzles only.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from portia_tui.core.language.world import AskFormula, AskOf, AskWhere, WorldPuzzle


def _compare(count: int, op: str, k: int) -> bool:
    return {
        "==": count == k, "!=": count != k, ">=": count >= k, "<=": count <= k,
        ">": count > k, "<": count < k, "even": count % 2 == 0, "odd": count % 2 == 1,
    }[op]


class World:
    """One candidate world: values[(entity, attr)], choice[statement], truth[statement]."""

    def __init__(self, puzzle: WorldPuzzle, values: dict, choice: dict, truth: dict):
        self.p = puzzle
        self.values = values
        self.choice = choice
        self.truth = truth

    # names ------------------------------------------------------------------
    def ent(self, x: str, ctx: dict) -> str:
        if x == "self":
            return ctx["speaker"]
        if x == "other":
            a, b = self.p.entities
            return b if ctx["speaker"] == a else a
        if x.startswith("?"):
            return ctx["bound"][x]
        return x

    def group(self, s: Any, ctx: dict) -> list[str]:
        if s == "all":
            return list(self.p.entities)
        if s == "others":
            return [e for e in self.p.entities if e != ctx["speaker"]]
        return [self.ent(x, ctx) for x in s]

    def sid(self, s: str, ctx: dict) -> str:
        return ctx["this"] if s == "this" else s

    def sgroup(self, s: Any, ctx: dict) -> list[str]:
        if s == "all":
            return [st.id for st in self.p.statements]
        if isinstance(s, tuple):
            return [self.sid(x, ctx) for x in s]
        who = self.ent(s["by"], ctx)
        out = [st.id for st in self.p.statements if st.by == who]
        if s.get("except_this"):
            out = [x for x in out if x != ctx["this"]]
        return out

    # formulas ---------------------------------------------------------------
    def holds(self, f: tuple, ctx: dict) -> bool:
        op, a = f[0], f[1:]
        v = self.values
        if op == "is":
            return v[(self.ent(a[0], ctx), a[1])] == a[2]
        if op == "isnot":
            return v[(self.ent(a[0], ctx), a[1])] != a[2]
        if op == "same":
            return v[(self.ent(a[0], ctx), a[2])] == v[(self.ent(a[1], ctx), a[2])]
        if op == "differ":
            return v[(self.ent(a[0], ctx), a[2])] != v[(self.ent(a[1], ctx), a[2])]
        if op == "alleq":
            return len({v[(e, a[1])] for e in self.group(a[0], ctx)}) <= 1
        if op == "lt":
            order = self.p.attributes[a[2]]
            return (order.index(v[(self.ent(a[0], ctx), a[2])])
                    < order.index(v[(self.ent(a[1], ctx), a[2])]))
        if op == "count":
            n = sum(all(v[(e, k)] == want for k, want in a[1].items())
                    for e in self.group(a[0], ctx))
            return _compare(n, a[2], a[3])
        if op == "true":
            return self.truth[self.sid(a[0], ctx)]
        if op == "false":
            return not self.truth[self.sid(a[0], ctx)]
        if op == "count_true":
            return _compare(sum(self.truth[s] for s in self.sgroup(a[0], ctx)), a[1], a[2])
        if op == "said":
            return self.choice[self.sid(a[0], ctx)] == a[1]
        if op == "not":
            return not self.holds(a[0], ctx)
        if op == "and":
            return all(self.holds(g, ctx) for g in a)
        if op == "or":
            return any(self.holds(g, ctx) for g in a)
        if op == "xor":
            return self.holds(a[0], ctx) != self.holds(a[1], ctx)
        if op == "implies":
            return (not self.holds(a[0], ctx)) or self.holds(a[1], ctx)
        if op == "iff":
            return self.holds(a[0], ctx) == self.holds(a[1], ctx)
        if op == "nof":
            return _compare(sum(self.holds(g, ctx) for g in a[2:]), a[0], a[1])
        if op in ("forall", "exists"):
            results = [self.holds(a[2], {**ctx, "bound": {**ctx["bound"], a[0]: m}})
                       for m in self.group(a[1], ctx)]
            return all(results) if op == "forall" else any(results)
        if op == "const":
            return a[0]
        raise AssertionError(f"unknown kind {op}")

    # the rules of a world -----------------------------------------------------
    def mode(self, entity: str) -> str:
        value = self.values[(entity, self.p.speaker_attr)]
        own = self.p.mode_overrides.get(entity, {})
        if value in own:
            return own[value]
        return self.p.modes.get(value, "free")

    def consistent(self) -> bool:
        for st in self.p.statements:
            formula = st.says if st.says is not None else st.one_of[self.choice[st.id]]
            ctx: dict[str, Any] = {"speaker": st.by, "this": st.id, "bound": {}}
            if self.truth[st.id] != self.holds(formula, ctx):
                return False
            if st.by is not None and self.p.speaker_attr is not None:
                mode = self.mode(st.by)
                if mode != "free" and self.truth[st.id] != (mode == "true"):
                    return False
        top: dict[str, Any] = {"speaker": None, "this": None, "bound": {}}
        return all(self.holds(c, top) for c in self.p.constraints)

    def answer(self) -> dict:
        p = self.p
        items = p.ask or tuple(AskOf(e, a) for e in p.entities for a in p.attributes)
        top: dict[str, Any] = {"speaker": None, "this": None, "bound": {}}
        out: dict[str, Any] = {}
        for item in items:
            if isinstance(item, AskOf):
                out[f"{item.entity}.{item.attr}"] = self.values[(item.entity, item.attr)]
            elif isinstance(item, AskWhere):
                key = "where " + ",".join(f"{a}={v}" for a, v in item.pairs.items())
                # the language page: "the sorted list of entities that have it"
                out[key] = sorted(e for e in p.entities
                                  if all(self.values[(e, a)] == v for a, v in item.pairs.items()))
            else:
                assert isinstance(item, AskFormula)
                out[item.label] = self.holds(item.formula, top)
        return out


def worlds(puzzle: WorldPuzzle):
    """Every consistent world."""
    p = puzzle
    cells = [(e, a) for e in p.entities for a in p.attributes]
    domains = []
    for e, a in cells:
        fixed = p.given.get(e, {}).get(a)
        domains.append([fixed] if fixed is not None else list(p.attributes[a]))
    unknown = [s for s in p.statements if s.says is None]
    ids = [s.id for s in p.statements]
    for vals in product(*domains):
        values = dict(zip(cells, vals))
        for picks in product(*[range(len(s.one_of)) for s in unknown]):
            choice = {s.id: k for s, k in zip(unknown, picks)}
            for bits in product((False, True), repeat=len(ids)):
                w = World(p, values, choice, dict(zip(ids, bits)))
                if w.consistent():
                    yield w


def brute(puzzle: WorldPuzzle) -> dict[str, Any]:
    """{"solutions": {key: merged truths}, "answers": set of answer reprs}: a solution's key is
    the repr of its entities and choices; a truth is None where its worlds disagree."""
    solutions: dict[str, dict] = {}
    answers: set[str] = set()
    for w in worlds(puzzle):
        ents = {e: {a: w.values[(e, a)] for a in puzzle.attributes} for e in puzzle.entities}
        key = repr((ents, w.choice))
        if key in solutions:
            old = solutions[key]
            for k, v in w.truth.items():
                if old[k] != v:
                    old[k] = None
        else:
            solutions[key] = dict(w.truth)
        answers.add(repr(w.answer()))
    return {"solutions": solutions, "answers": answers}


def count_worlds(puzzle: WorldPuzzle) -> int:
    """How many candidate worlds :func:`worlds` tries."""
    total = 2 ** len(puzzle.statements)
    for e in puzzle.entities:
        for a, vals in puzzle.attributes.items():
            total *= 1 if a in puzzle.given.get(e, {}) else len(vals)
    for s in puzzle.statements:
        if s.says is None:
            total *= len(s.one_of)
    return total
