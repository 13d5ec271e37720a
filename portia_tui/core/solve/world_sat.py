"""The SAT encoding of the truth-puzzle language (python-sat's public API: ``Solver``,
``append_formula``, ``add_clause``, ``pysat.card``, ``pysat.formula.IDPool``).

Variables: one per (entity, attribute, value) with "exactly one value" per entity and
attribute (``CardEnc.equals``; a given value is a constant); one per wording of an unknown
wording (exactly one); one truth variable per statement. Each formula is a literal, its
meaning built by :mod:`portia_tui.core.language.formulas` over :class:`SatAlgebra` (a
Tseitin gate per and/or, folded where a part is constant). Each statement's truth variable
is equivalent to what it says, every statement obeys its speaker's mode, and every
constraint is a unit clause. A model is a world; the worlds are enumerated with blocking
clauses over the attribute, wording and truth variables (the gates follow from those).

Public API: :func:`solve` ``(puzzle, *, limit, stop)`` -> ``WorldResult`` (engine "sat");
:class:`AnswerSearch` ``(puzzle, stop)`` (``literal(formula)``, ``answers(assumptions,
most)``: distinct answers by blocking answers, one solver for many questions);
:class:`Encoding` ``(puzzle, stop=None)`` (``clauses``, ``pool``, ``atom``, ``truth``, ``choice``,
``literal(formula)``); :func:`dimacs` ``(puzzle)`` -> DIMACS text with a comment naming every
attribute, wording and truth variable.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Self

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

from portia_tui.core.language import formulas as fm
from portia_tui.core.language.formulas import Formula
from portia_tui.core.language.world import (
    AskFormula,
    AskOf,
    AskWhere,
    WorldPuzzle,
    WorldStatement,
)
from portia_tui.core.solve.world_result import (
    LIMIT,
    Collector,
    Stop,
    WorldResult,
    answer_of,
)

SOLVER = "minisat22"


class SatAlgebra:
    """Formulas as literals, with Tseitin gates (shared when the same gate comes again)."""

    def __init__(self, enc: Encoding):
        self.enc = enc
        self.true = enc.true
        self.gates: dict[tuple[str, frozenset[int]], int] = {}
        self.steps = 0

    def top(self) -> int:
        return self.true

    def bottom(self) -> int:
        return -self.true

    def atom(self, entity: str, attr: str, value: str) -> int:
        return self.enc.atom(entity, attr, value)

    def truth(self, statement: str) -> int:
        return self.enc.truth(statement)

    def said(self, statement: str, k: int) -> int:
        return self.enc.choice(statement, k)

    def neg(self, a: int) -> int:
        return -a

    def conj(self, items: Sequence[int]) -> int:
        return self._gate("and", items, self.true)

    def disj(self, items: Sequence[int]) -> int:
        return -self._gate("and", [-x for x in items], self.true)

    def _gate(self, kind: str, items: Sequence[int], unit: int) -> int:
        """A literal equivalent to the conjunction of items (constants folded)."""
        self.steps += 1
        if not self.steps & 1023:  # a formula may be large: stop when asked, even inside
            self.enc.stop.check()
        parts = set()
        for x in items:
            if x == -unit or -x in parts:
                return -unit
            if x != unit:
                parts.add(x)
        if not parts:
            return unit
        if len(parts) == 1:
            return next(iter(parts))
        key = (kind, frozenset(parts))
        found = self.gates.get(key)
        if found is None:
            g = found = self.gates[key] = self.enc.pool.id(("gate", len(self.gates)))
            clauses = self.enc.clauses
            for x in parts:
                clauses.append([-g, x])
            clauses.append([g] + [-x for x in parts])
        return found


class Encoding:
    """One puzzle's clauses (see the module docstring)."""

    def __init__(self, puzzle: WorldPuzzle, stop: Stop | None = None):
        self.puzzle = puzzle
        self.stop = stop or Stop()
        self.pool = IDPool()
        self.true = int(self.pool.id("true"))
        self.clauses: list[list[int]] = [[self.true]]
        self.primary: list[int] = []
        self._one_hot()
        self.alg = SatAlgebra(self)
        for s in puzzle.statements:
            self._statement(s)
        for c in puzzle.constraints:
            self.clauses.append([self.literal(c)])

    def _exactly_one(self, lits: list[int]) -> None:
        enc = EncType.pairwise if len(lits) <= 6 else EncType.seqcounter
        self.clauses.extend(CardEnc.equals(lits, 1, vpool=self.pool, encoding=enc).clauses)

    def _one_hot(self) -> None:
        p = self.puzzle
        for e in p.entities:
            for a in p.attributes:
                dom = p.domain(e, a)
                if len(dom) > 1:
                    lits = [self.pool.id(("is", e, a, v)) for v in dom]
                    self._exactly_one(lits)
                    self.primary.extend(lits)
        for s in p.statements:
            if s.unknown:
                lits = [self.pool.id(("said", s.id, k)) for k in range(len(s.one_of))]
                self._exactly_one(lits)
                self.primary.extend(lits)
            self.primary.append(self.pool.id(("truth", s.id)))

    def atom(self, entity: str, attr: str, value: str) -> int:
        dom = self.puzzle.domain(entity, attr)
        if value not in dom:
            return -self.true
        if len(dom) == 1:
            return self.true
        return int(self.pool.id(("is", entity, attr, value)))

    def truth(self, sid: str) -> int:
        return int(self.pool.id(("truth", sid)))

    def choice(self, sid: str, k: int) -> int:
        return int(self.pool.id(("said", sid, k)))

    def literal(self, formula: Formula, statement: WorldStatement | None = None) -> int:
        """A literal equivalent to the formula (in the statement's scope, or a constraint's)."""
        return fm.meaning(formula, self.puzzle.scope(statement), self.alg)

    def _says(self, s: WorldStatement) -> int:
        """A literal true exactly when what statement s says holds (an open slot: what its
        chosen entry says)."""
        if s.unknown:
            alg = self.alg
            return alg.disj([alg.conj([self.choice(s.id, k), self.literal(f, s)])
                             for k, f in enumerate(s.one_of)])
        assert s.says is not None
        return self.literal(s.says, s)

    def _statement(self, s: WorldStatement) -> None:
        p = self.puzzle
        says = self._says(s)
        t = self.truth(s.id)
        self.clauses.extend([[-t, says], [t, -says]])
        if s.by is None or p.speaker_attr is None:
            return
        for value in p.attributes[p.speaker_attr]:
            mode = p.mode(s.by, value)
            if mode != "free":
                self.clauses.append([-self.atom(s.by, p.speaker_attr, value),
                                     t if mode == "true" else -t])


def _world(enc: Encoding, model: list[int]) -> tuple[dict[str, dict[str, str]],
                                                     dict[str, int], dict[str, bool]]:
    p = enc.puzzle
    on = {x for x in model if x > 0}

    def holds(lit: int) -> bool:
        return (abs(lit) in on) == (lit > 0)

    ents = {e: {a: next(v for v in p.domain(e, a) if holds(enc.atom(e, a, v)))
                for a in p.attributes} for e in p.entities}
    choices = {s.id: next(k for k in range(len(s.one_of)) if holds(enc.choice(s.id, k)))
               for s in p.statements if s.unknown}
    values = {s.id: holds(enc.truth(s.id)) for s in p.statements}
    return ents, choices, values


def solve(puzzle: WorldPuzzle, *, limit: int = LIMIT, stop: Stop | None = None
          ) -> WorldResult:
    """Every world of a valid puzzle by SAT (at most `limit`): the same result as the mask
    engine's, with engine "sat"."""
    stop = stop or Stop()
    enc = Encoding(puzzle, stop)
    asked = {item.key: enc.literal(item.formula) for item in puzzle.question
             if isinstance(item, AskFormula)}
    out = Collector(puzzle)
    complete = True
    with Solver(name=SOLVER, bootstrap_with=enc.clauses) as solver:
        while solver.solve():
            stop.check()
            if out.worlds >= limit:
                complete = False
                break
            model = solver.get_model() or []
            on = {x for x in model if x > 0}
            ents, choices, values = _world(enc, model)
            out.add(ents, choices, values, answer_of(puzzle.question, puzzle.entities, ents,
                                                     _asked_reader(asked, on)))
            solver.add_clause([-x if x in on else x for x in enc.primary])
    result = out.result("sat", complete)
    if not complete:  # the answers of every world, not only of those listed
        with AnswerSearch(puzzle, stop) as search:
            answers = search.answers(most=limit + 1)
        result = result._replace(answers=answers[:limit], answers_complete=len(answers) <= limit)
    return result


class AnswerSearch:
    """Distinct answers by SAT, one solver kept for many questions (the clue search): each
    answer found is blocked by a clause that says "some asked value differs", guarded so that
    it binds only the search that added it."""

    def __init__(self, puzzle: WorldPuzzle, stop: Stop | None = None):
        self.puzzle = puzzle
        self.stop = stop or Stop()
        self.enc = Encoding(puzzle, self.stop)
        self.solver = Solver(name=SOLVER, bootstrap_with=self.enc.clauses)
        self.fed = len(self.enc.clauses)
        self.searches = 0
        self.asked = {item.key: self.literal(item.formula) for item in puzzle.question
                      if isinstance(item, AskFormula)}

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.solver.delete()

    def _feed(self) -> None:
        for clause in self.enc.clauses[self.fed:]:
            self.solver.add_clause(clause)
        self.fed = len(self.enc.clauses)

    def literal(self, formula: Formula) -> int:
        """A literal for a formula read as a constraint (its gates given to the solver)."""
        lit = self.enc.literal(formula)
        self._feed()
        return lit

    def answers(self, assumptions: Sequence[int] = (), most: int | None = None
                ) -> list[dict[str, Any]]:
        """The distinct answers of the worlds where every assumption holds (at most `most`)."""
        self.searches += 1
        guard = self.enc.pool.id(("guard", self.searches))
        out: list[dict[str, Any]] = []
        while most is None or len(out) < most:
            self.stop.check()
            if not self.solver.solve(assumptions=[*assumptions, guard]):
                break
            on = {x for x in self.solver.get_model() or [] if x > 0}
            ents = _world(self.enc, sorted(on))[0]
            answer = answer_of(self.puzzle.question, self.puzzle.entities, ents,
                               _asked_reader(self.asked, on))
            out.append(answer)
            differs = self._differs(answer)
            self._feed()
            self.solver.add_clause([-guard] + differs)
        return out

    def _differs(self, answer: dict[str, Any]) -> list[int]:
        return answer_differs(self.enc, self.asked, answer)


def answer_differs(enc: Encoding, asked: dict[str, int], answer: dict[str, Any]) -> list[int]:
    """Literals, one of which holds exactly when a world's answer is not `answer` (`asked`:
    the literal of each question formula, by key)."""
    alg, p = enc.alg, enc.puzzle
    out: list[int] = []
    for item in p.question:
        got = answer[item.key]
        if isinstance(item, AskFormula):
            out.append(-asked[item.key] if got else asked[item.key])
        elif isinstance(item, AskWhere):
            for e in p.entities:
                member = alg.conj([enc.atom(e, a, v) for a, v in item.pairs.items()])
                out.append(-member if e in got else member)
        else:
            assert isinstance(item, AskOf)
            out.append(-enc.atom(item.entity, item.attr, got))
    return out


def _asked_reader(asked: dict[str, int], on: set[int]) -> Callable[[AskFormula], bool]:
    """Reads a question formula's value off a model (`on`: its true variables)."""
    def value(item: AskFormula) -> bool:
        lit = asked[item.key]
        return (abs(lit) in on) == (lit > 0)
    return value


def dimacs(puzzle: WorldPuzzle) -> str:
    """The puzzle's clauses in DIMACS CNF, a comment line naming each attribute, wording and
    truth variable (``c 3 A.type=knight``, ``c 9 said S 1``, ``c 12 true S``)."""
    enc = Encoding(puzzle)
    lines = ["c portia truth puzzle" + (f": {puzzle.title}" if puzzle.title else "")]
    for var in [enc.true] + enc.primary:
        lines.append(f"c {var} {_name(enc.pool.obj(var))}")
    top = max([enc.pool.top] + [abs(x) for c in enc.clauses for x in c])
    lines.append(f"p cnf {top} {len(enc.clauses)}")
    lines.extend(" ".join(map(str, c)) + " 0" for c in enc.clauses)
    return "\n".join(lines) + "\n"


def _name(obj: Any) -> str:
    if obj == "true":
        return "always true"
    if obj[0] == "is":
        return f"{obj[1]}.{obj[2]}={obj[3]}"
    if obj[0] == "said":
        return f"said {obj[1]} {obj[2]}"
    return f"true {obj[1]}"


__all__ = ["Encoding", "SatAlgebra", "answer_differs", "dimacs", "solve"]
