"""The Algorithm 2 marks by SAT alone, for pages whose worlds are too many to list (the
labyrinth with two signs a room has 603,979,776): no world is enumerated.

One encoding (:class:`world_sat.Encoding`) of the page in which every open slot is an
unknown wording, one of its menu's formulas: the choice variables ``said(slot, k)`` are the
filling. A mark of entry i (an assumption: ``said(sid, i)``, or a rule's selector) asks:

- ✗ (impossible): no world of any filling has the target's answer;
- ★ (valid): some filling has a target world and no world with another answer: a
  counterexample-guided loop of two solvers. The *guesser* (the encoding, the answer fixed
  to the target) proposes a filling with a target world; the *checker* (the encoding, the
  answer differing from the target) looks for another world under that filling. None: ★,
  the filling is the witness. One found (attribute values and truth values): a clause for
  the guesser, "some open slot takes an entry that drops that world" (an entry drops it
  when its truth value there differs from the slot's, for a slot something names; when it
  breaks its speaker's mode, for any slot). Every witness satisfies every such clause, so
  the clauses serve every entry of the menu, and the guesser's "no more fillings" is ✓;
- ? (undecided): the budget or a cancel came first (checked between calls; each call has
  a conflict budget, and its conflicts and propagations are spent on the work budget:
  :func:`limited`).

:meth:`SatMarks.decide` marks a whole menu on the same two solvers, reading every model
for every entry: a sweep of the guesser (each model's world checked against every entry
not yet seen, until no model is left) settles ✗ for the whole menu in a few calls; a
witness found for one entry is tried on every entry left (a sweep of the guesser for those
that keep a target world with it, one of the checker for those that keep another world:
the rest are ★ with it); a wrong guess gives up to :data:`SPREAD` counterexamples. A first
pass gives each entry :data:`FIRST_EFFORT` counterexamples, a second the rest of the budget
to those it left (one entry SAT cannot settle leaves only itself `?`).
:class:`FirstParts` does the same for a compound's first step: the slot (or a rule) says
``p CONNECTIVE q``, both parts chosen in the encoding.

The counting statements ("at least eight of the signs are true") are the language's counter
of gates, shared across every K by the gate cache (python-sat's totalizers were tried in
their place and measured slower, deciding nothing more: docs/benchmarks.md, branch marks5).
With ``effort`` each entry's loop is bounded by
a number of steps (:class:`Tired` past it): the enumerating marker tries the page's
encoding so before its own lazy loop (``world_marks._by_sat_first``).

Public API: :class:`SatMarks` ``(puzzle, open_menus, named, target, stop, rules=(),
effort=None)``, ``.decide(sid, out)``, ``.decide_one(sid, out, fillings)``,
``.fillings(sid)``, ``.mark(assumptions)``, ``.slot(sid, i)``, ``.rule(j)``, ``.close()``;
:class:`Tired`; :class:`FirstParts` ``(..., sid, parts, table, sayable)``, ``.decide``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pysat.solvers import Solver

from portia_tui.core.language.formulas import Formula
from portia_tui.core.language.world import AskFormula, WorldPuzzle, WorldStatement
from portia_tui.core.solve.world_result import Stop
from portia_tui.core.solve.world_sat import Encoding, answer_differs

#: conflicts one SAT call may take before the stop is checked again (and the call retried
#: with four times as many, up to MOST_CONFLICTS: the learnt clauses stay, so a call cut
#: short still helps the next, and the budget is checked at least that often)
CONFLICTS = 10_000
MOST_CONFLICTS = 160_000
#: the conflicts of one SAT call when an entry's effort is bounded (past them: Tired)
EFFORT_CONFLICTS = 2_000
#: the counterexamples (worlds with different attribute values) taken from one wrong guess
SPREAD = 8
#: the counterexamples each entry may take in the first pass over a menu (:meth:`SatMarks.decide`)
FIRST_EFFORT = 200
#: python-sat's name of the solver both loops use: on the 9 x 2 rules menu CaDiCaL took
#: half of minisat's time and a fifth of glucose's (all three tried side by side)
SOLVER = "cadical153"


#: the work budget's steps of a SAT call: one a call, one a conflict, and one per this many
#: propagations (a call on a large encoding that meets few conflicts still propagates it
#: all: on bench_marks_menu's menus a step so counted took 0.04-0.08 ms of CPU)
PROPAGATIONS_A_STEP = 500
#: the steps one counterexample costs (reading the checker's world into a clause)
COUNTEREXAMPLE_STEPS = 30


def limited(solver: Solver, assumptions: list[int], conflicts: int, stop: Stop
            ) -> bool | None:
    """One SAT call of at most `conflicts` conflicts (fewer when the stop's work budget
    has fewer steps left): True, False, or None when cut short. Its work (python-sat's
    ``accum_stats``: conflicts and propagations) is spent on the budget, so a job stops at
    the same call on any machine (Stopped past it)."""
    stop.check()
    left = stop.left()
    if left is not None:
        conflicts = max(1, min(conflicts, left))
    before = solver.accum_stats()
    solver.conf_budget(conflicts)
    found = solver.solve_limited(assumptions=assumptions)
    after = solver.accum_stats()
    stop.spend(1 + after.get("conflicts", 0) - before.get("conflicts", 0)
               + (after.get("propagations", 0) - before.get("propagations", 0))
               // PROPAGATIONS_A_STEP)
    return found


#: the words of a formula that mean something only where it stands
_HERE = frozenset({"self", "other", "others", "this", "except_this"})


def local(formula: Any) -> bool:
    """Whether a formula names its speaker or its own statement (so it means something else
    in another slot)."""
    if isinstance(formula, str):
        return formula in _HERE
    if isinstance(formula, tuple):
        return any(local(x) for x in formula)
    if isinstance(formula, Mapping):
        return any(local(k) or local(v) for k, v in formula.items())
    return False


class _Shared(Encoding):
    """An encoding that builds a formula's literal once for every slot it does not depend
    on (a menu's formulas come again in each open slot)."""

    def literal(self, formula: Formula, statement: WorldStatement | None = None) -> int:
        cache = self.__dict__.setdefault("_literals", {})
        key = (formula, statement.by, statement.id) if statement is not None and local(
            formula) else (formula, statement is None)
        found = cache.get(key)
        if found is None:
            found = cache[key] = super().literal(formula, statement)
        return found


class Tired(Exception):
    """An entry's search went past the effort it was given (:class:`SatMarks` ``effort``)."""


class SatMarks:
    """The encoding, its two solvers and the counterexample clauses (shared by every mark
    asked of one page: a menu's entries, or the rules). ``effort`` (None: no bound but the
    budget) bounds each entry's search: at most that many counterexamples, and no SAT call
    past EFFORT_CONFLICTS conflicts; an entry past it is left out of ``decide``'s marks (the
    caller decides it another way). The bound counts steps, not seconds: what it decides
    does not depend on the machine's load."""

    def __init__(self, puzzle: WorldPuzzle, open_menus: Mapping[str, Sequence[Formula]],
                 named: set[str], target: Mapping[str, Any], stop: Stop,
                 rules: Sequence[Formula] = (), effort: int | None = None):
        self.stop = stop
        self.effort = effort
        self._spent = 0
        self.open = sorted(open_menus)
        statements = tuple(WorldStatement(s.id, s.by, None, tuple(open_menus[s.id]))
                           if s.id in open_menus else s for s in puzzle.statements)
        self.puzzle = p = puzzle.replace(statements=statements)
        enc = self.enc = self._encoding(p, stop)
        #: each open slot's entries as literals (their truth value in a world)
        self.values = {o: [enc.literal(f, p.statement(o)) for f in open_menus[o]]
                       for o in self.open}
        self.said = {o: [enc.choice(o, k) for k in range(len(open_menus[o]))]
                     for o in self.open}
        self.named = named
        self._pair(enc)
        self.rules = [enc.literal(r) for r in rules]
        self.selectors = [int(enc.pool.id(("rule selected", j))) for j in range(len(rules))]
        asked = {item.key: enc.literal(item.formula) for item in p.question
                 if isinstance(item, AskFormula)}
        differs = answer_differs(enc, asked, dict(target))
        self.guard = int(enc.pool.id("counterexamples"))
        #: "some rule is selected" (assumed in a sweep over the rules)
        self.some_rule = int(enc.pool.id("some rule"))
        base = list(enc.clauses) + [[-s, r] for s, r in zip(self.selectors, self.rules)]
        base.append([-self.some_rule] + self.selectors)
        # a cancel is looked at before each solver takes the clauses (15 ms of CPU each on
        # 9 rooms x 2 signs: with the rest of this set-up, 70 ms went unchecked)
        stop.check()
        self.guesser = Solver(name=SOLVER, bootstrap_with=base + [[-x] for x in differs])
        stop.check()
        self.checker = Solver(name=SOLVER, bootstrap_with=base + [differs])
        stop.check()
        self.witnesses: list[dict[str, int]] = []
        #: the attribute values' variables (a world's rooms, types)
        self.atoms = [int(enc.pool.id(("is", e, a, v))) for e in p.entities
                      for a in p.attributes if len(p.domain(e, a)) > 1
                      for v in p.domain(e, a)]
        self.counterexamples = 0
        self._arrays: list[Any] | None = None

    def _encoding(self, puzzle: WorldPuzzle, stop: Stop) -> Encoding:
        return _Shared(puzzle, stop)

    def _pair(self, enc: Encoding) -> None:
        """Clauses a subclass adds before the solvers are made."""

    def close(self) -> None:
        self.guesser.delete()
        self.checker.delete()

    # ----------------------------------------------------------------- questions
    def slot(self, sid: str, i: int) -> str:
        """The mark of entry i of open slot `sid`."""
        return self.mark([self.said[sid][i]], sid)

    def rule(self, j: int) -> str:
        """The mark of rule j added to the page."""
        return self.mark([s if k == j else -s for k, s in enumerate(self.selectors)])

    def decide(self, sid: str | None, out: dict[int, str]) -> None:
        """Every entry of slot `sid`'s menu (None: every rule) at once, put in `out` as each
        is decided (Stopped past the budget). Each model found is read for every entry: a
        sweep of the guesser settles which entries keep some target world at all (the
        others are ✗); a filling that is a witness for one entry is tried on all those
        left (which keep a target world with it, and of those, which keep no other world:
        ★); the entries it leaves go one by one through the counterexample loop of
        :meth:`mark`, whose clauses serve them all."""
        sel = self.selectors if sid is None else self.said[sid]
        possible = self._sweep(self.guesser, [], set(range(len(sel))), sid)
        for i in range(len(sel)):
            if i not in possible:
                out[i] = "impossible"
        left = [i for i in range(len(sel)) if i in possible]
        for witness in self.witnesses[-3:]:
            left = self._tried(witness, sid, left, out)
        given = self.effort
        # without an effort of its own: a first pass where each entry has FIRST_EFFORT,
        # then the entries it left with no bound but the budget (one entry SAT cannot
        # settle, "All of the signs are true" as a ✓, no longer leaves every later one `?`)
        for effort in ([given] if given is not None else [FIRST_EFFORT, None]):
            self.effort, tired = effort, []
            try:
                while left:
                    i = left[0]
                    assumptions = [sel[i]] if sid is not None else [
                        s if k == i else -s for k, s in enumerate(sel)]
                    try:
                        mark = self._search(assumptions, sid)
                    except Tired:  # past its effort: the next pass's, or the caller's
                        left.remove(i)
                        tired.append(i)
                        continue
                    if mark == "valid":
                        left = self._tried(self.witnesses[-1], sid, left + tired, out)
                        tired = [j for j in tired if j in left]
                        left = [j for j in left if j not in tired]
                    if i in left:  # not settled by a witness: it has none
                        out[i] = mark
                        left.remove(i)
            finally:
                self.effort = given
            left = tired

    def fillings(self, sid: str | None) -> list[dict[str, int]]:
        """The witnesses found, as each other open slot's entry (its index in the slot's
        menu): the same in another SatMarks over the same other menus."""
        return [{o: self.said[o].index(x) for o, x in w.items() if o != sid}
                for w in self.witnesses]

    def decide_one(self, sid: str | None, out: dict[int, str],
                   fillings: Sequence[dict[str, int]] = ()) -> None:
        """Entry 0 of slot `sid`'s menu (None: rule 0): its mark put in `out` (Tired past
        the effort), and with it every other entry a witness found makes ★ (`fillings`:
        witnesses found before, as :meth:`fillings` gives them, tried first)."""
        sel = self.selectors if sid is None else self.said[sid]
        left = list(range(len(sel)))
        for filling in fillings:
            witness = {o: self.said[o][k] for o, k in filling.items()}
            left = self._tried(witness, sid, left, out)
        if 0 not in left:
            return
        if not self._sweep(self.guesser, [], {0}, sid):
            out[0] = "impossible"
            return
        assumptions = [sel[0]] if sid is not None else [
            s if k == 0 else -s for k, s in enumerate(sel)]
        mark = self._search(assumptions, sid)
        if mark == "valid":
            left = self._tried(self.witnesses[-1], sid, left, out)
        if 0 in left:
            out[0] = mark

    def _tried(self, witness: dict[str, int], sid: str | None, left: list[int],
               out: dict[int, str]) -> list[int]:
        """:meth:`_try_filling`, `left` unchanged when it goes past the effort."""
        try:
            return self._try_filling(witness, sid, left, out)
        except Tired:
            return left

    def _try_filling(self, witness: dict[str, int], sid: str | None, left: list[int],
                     out: dict[int, str]) -> list[int]:
        """The entries of `left` for which the other slots' `witness` filling makes the
        target alone (★, put in `out`); those left over."""
        fill = [x for o, x in witness.items() if o != sid]
        fits = self._sweep(self.guesser, fill, set(left), sid)
        others = self._sweep(self.checker, fill, fits, sid)
        for i in fits - others:
            out[i] = "valid"
        return [i for i in left if i not in fits or i in others]

    def _sweep(self, solver: Solver, fill: list[int], items: set[int], sid: str | None
               ) -> set[int]:
        """The entries of `items` (of slot `sid`, or rules) that keep some world of the
        solver under the filling `fill`: model by model, each model's world read for every
        entry still unseen, until no world keeps any."""
        sel = self.selectors if sid is None else self.said[sid]
        unseen = set(items)
        found: set[int] = set()
        while unseen:
            assumptions = fill + [-sel[i] for i in range(len(sel)) if i not in unseen]
            if sid is None:
                assumptions.append(self.some_rule)
            if not self._solve(solver, assumptions):
                break
            kept = set(self._keeps(solver.get_model(), sid)) & unseen
            if not kept:
                self._reject(solver.get_model())
                continue
            found |= kept
            unseen -= kept
        return found

    def mark(self, assumptions: list[int], sid: str | None = None) -> str:
        """valid, reachable or impossible under the assumptions (which choose slot `sid`'s
        entry, when given); Stopped past the budget."""
        if not self._solve(self.guesser, assumptions):
            return "impossible"
        for witness in self.witnesses[-3:]:  # fillings that served before, tried first
            mine = [x for o, x in witness.items() if o != sid]
            if self._solve(self.guesser, assumptions + mine) and not self._solve(
                    self.checker, assumptions + mine):
                return "valid"
        return self._search(assumptions, sid)

    def _search(self, assumptions: list[int], sid: str | None) -> str:
        """The counterexample loop of :meth:`mark` (the target fits: some model has it);
        Tired past the effort."""
        self._spent = 0
        while True:
            self._spent += 1
            if self.effort is not None and self._spent > self.effort:
                raise Tired
            if not self._solve(self.guesser, assumptions + [self.guard]):
                return "reachable"
            choice = self._choice(self.guesser)
            fill = assumptions + list(choice.values())
            if not self._solve(self.checker, fill):
                self.witnesses.append(choice)
                return "valid"
            model = self._learn()
            # more worlds this guess keeps, each with other values (rooms, types), so one
            # wrong guess teaches the guesser several things
            more = int(self.enc.pool.id(("more", self.counterexamples)))
            for _k in range(SPREAD - 1):
                self.checker.add_clause([-more] + [-x for x in self.atoms if model[x - 1] > 0])
                if not self._solve(self.checker, fill + [more]):
                    break
                model = self._learn()
            self.checker.add_clause([-more])

    def _reject(self, model: list[int] | None) -> None:
        """A model whose world no entry keeps (never, but for a compound no sentence says:
        see :class:`FirstParts`)."""
        raise AssertionError("a model keeps the entry it chose")

    def _learn(self) -> list[int]:
        """The checker's world as a clause for the guesser: some chosen entry drops it (the
        checker's model returned)."""
        model = self.checker.get_model() or []
        self.guesser.add_clause([-self.guard] + self._drops(model))
        self.counterexamples += 1
        self.stop.spend(COUNTEREXAMPLE_STEPS)
        return model

    # ----------------------------------------------------------------- steps
    def _solve(self, solver: Solver, assumptions: list[int]) -> bool:
        conflicts = CONFLICTS if self.effort is None else EFFORT_CONFLICTS
        while True:
            found = limited(solver, assumptions, conflicts, self.stop)
            if found is not None:
                return bool(found)
            if self.effort is not None:
                raise Tired
            conflicts = min(conflicts * 4, MOST_CONFLICTS)

    def _choice(self, solver: Solver) -> dict[str, int]:
        """The filling of a model: the chosen entry's literal of every open slot."""
        model = solver.get_model() or []
        return {o: next(x for x in self.said[o] if model[x - 1] > 0) for o in self.open}

    def _drops(self, model: list[int] | None) -> list[int]:
        """The entries (their choice literals) that drop the checker's world, and the rules
        it breaks (their selectors): one of them must be chosen."""
        import numpy as np

        on = model or []
        if self._arrays is None:  # every open slot's entries in one row, and the rules
            self._arrays = [np.asarray(x, dtype=np.int64) for x in (
                [v for o in self.open for v in self.values[o]],
                [x for o in self.open for x in self.said[o]],
                [k for k, o in enumerate(self.open) for _x in self.said[o]],
                self.rules, self.selectors)]
        values, said, slot, rules, selectors = self._arrays
        true = np.asarray(on, dtype=np.int64) > 0
        needs = [self._need(on, o) for o in self.open]
        need = np.asarray([bool(n) for n in needs] + [False])
        free = np.asarray([n is None for n in needs] + [True])
        holds = true[np.abs(values) - 1] == (values > 0)
        out = said[~free[slot] & (holds != need[slot])].tolist()
        if len(rules):
            out += selectors[true[np.abs(rules) - 1] != (rules > 0)].tolist()
        return out

    def _keeps(self, model: list[int] | None, sid: str | None) -> list[int]:
        """The entries of slot `sid` (None: the rules) that keep the model's world: with
        that entry in the slot (the rule added), the same world stands."""
        on = model or []
        if sid is None:
            return [j for j, r in enumerate(self.rules) if (on[abs(r) - 1] > 0) == (r > 0)]
        need = self._need(on, sid)
        if need is None:
            return list(range(len(self.values[sid])))
        return [i for i, v in enumerate(self.values[sid])
                if (on[abs(v) - 1] > 0) == ((v > 0) == need)]

    def _need(self, on: list[int], sid: str) -> bool | None:
        """The truth value slot `sid`'s statement must have in the model's world: its own
        truth value when something names it, else what its speaker's mode asks (None:
        free)."""
        def holds(lit: int) -> bool:
            return (on[abs(lit) - 1] > 0) == (lit > 0)

        if sid in self.named:
            return holds(self.enc.truth(sid))
        return self._mode_need(self.puzzle, self.puzzle.statement(sid).by, holds)

    def _mode_need(self, p: WorldPuzzle, by: str | None, holds: Any) -> bool | None:
        """The truth value the speaker's mode asks of a statement in this world (None:
        free)."""
        if by is None or p.speaker_attr is None:
            return None
        for value in p.attributes[p.speaker_attr]:
            if holds(self.enc.atom(by, p.speaker_attr, value)):
                mode = p.mode(by, value)
                return None if mode == "free" else mode == "true"
        return None


class _Paired(_Shared):
    """The encoding where slot `sid` says a compound of two of its menu's formulas: the
    first chosen by ``said(sid, k)``, the second by ``("second", sid, k)``, joined by the
    connective's truth table."""

    def __init__(self, puzzle: WorldPuzzle, stop: Stop, sid: str | None,
                 table: Mapping[tuple[bool, bool], bool]):
        self.paired, self.table = sid, table
        super().__init__(puzzle, stop)

    def second(self, sid: str | None, k: int) -> int:
        return int(self.pool.id(("second", sid, k)))

    def first(self, sid: str | None, k: int) -> int:
        return self.choice(sid, k) if sid is not None else int(self.pool.id(("first", k)))

    def join(self, left: int, right: int) -> int:
        """The literal of the connective on two literals."""
        alg = self.alg
        return alg.disj([alg.conj([left if a else -left, right if b else -right])
                         for (a, b), v in self.table.items() if v])

    def compound(self, sid: str | None, formulas: Sequence[Formula],
                 statement: WorldStatement | None) -> int:
        """The compound's literal (exactly one first and one second part chosen)."""
        alg = self.alg
        firsts = [self.first(sid, k) for k in range(len(formulas))]
        seconds = [self.second(sid, k) for k in range(len(formulas))]
        if sid is None:
            self._exactly_one(firsts)
        self._exactly_one(seconds)
        values = [self.literal(f, statement) for f in formulas]
        left = alg.disj([alg.conj([x, v]) for x, v in zip(firsts, values)])
        right = alg.disj([alg.conj([x, v]) for x, v in zip(seconds, values)])
        return self.join(left, right)

    def _says(self, s: WorldStatement) -> int:
        if s.id != self.paired:
            return super()._says(s)
        return self.compound(s.id, s.one_of, s)


#: a witness's keys for a compound's parts (no slot is named so)
FIRST, SECOND = "(first part)", "(second part)"


class FirstParts(SatMarks):
    """The marks of a compound's first step by SAT alone: slot `sid` (None: a rule added
    to the page) says ``p CONNECTIVE q``, p and q from `parts` (`table`: the connective's
    truth table on (p, q)); the mark of first part i is the best over the second parts q
    with ``sayable(i, j)`` (checked lazily: a pair no sentence says is ruled out when a
    model picks it). :meth:`decide` marks every first part."""

    def __init__(self, puzzle: WorldPuzzle, open_menus: Mapping[str, Sequence[Formula]],
                 named: set[str], target: Mapping[str, Any], stop: Stop, sid: str | None,
                 parts: Sequence[Formula], table: Mapping[tuple[bool, bool], bool],
                 sayable: Any):
        self.sid, self.parts, self.table = sid, list(parts), dict(table)
        self.sayable_pair = sayable
        self._said_ok: dict[tuple[int, int], bool] = {}
        self._flags: dict[tuple[str, tuple[bool, ...]], int] = {}
        self._second: int | None = None
        menus = dict(open_menus)
        if sid is not None:
            menus[sid] = self.parts
        super().__init__(puzzle, menus, named, target, stop)
        self.open = [o for o in self.open if o != sid]  # the filling: the other slots

    def _encoding(self, puzzle: WorldPuzzle, stop: Stop) -> Encoding:
        return _Paired(puzzle, stop, self.sid, self.table)

    def _pair(self, enc: Encoding) -> None:
        assert isinstance(enc, _Paired)
        n = len(self.parts)
        self.firsts = [enc.first(self.sid, k) for k in range(n)]
        self.seconds = [enc.second(self.sid, k) for k in range(n)]
        if self.sid is None:
            enc.clauses.append([enc.compound(None, self.parts, None)])
            self.part_values = [enc.literal(f) for f in self.parts]
        else:
            statement = self.puzzle.statement(self.sid)
            self.part_values = [enc.literal(f, statement) for f in self.parts]

    def said_ok(self, i: int, j: int) -> bool:
        found = self._said_ok.get((i, j))
        if found is None:
            found = self._said_ok[(i, j)] = bool(self.sayable_pair(i, j))
        return found

    # ----------------------------------------------------------------- the loop
    def decide(self, sid: str | None, out: dict[int, str]) -> None:
        """Every first part at once (see :meth:`SatMarks.decide`), `sid` as given."""
        n = len(self.parts)
        possible = self._sweep(self.guesser, [], set(range(n)), sid)
        for i in range(n):
            if i not in possible:
                out[i] = "impossible"
        left = [i for i in range(n) if i in possible]
        while left:
            i = left[0]
            mark = self._search([self.firsts[i]], sid)
            if mark == "valid":
                left = self._try_filling(self.witnesses[-1], sid, left, out)
            if i in left:
                out[i] = mark
                left.remove(i)

    def _search(self, assumptions: list[int], sid: str | None) -> str:
        while True:
            mark = super()._search(assumptions, sid)
            if mark != "valid":
                return mark
            witness = self.witnesses[-1]
            i = self._chosen(self.firsts, witness[FIRST])
            j = self._chosen(self.seconds, witness[SECOND])
            if self.said_ok(i, j):
                return mark
            self.witnesses.pop()
            self._forbid(i, j)

    def _choice(self, solver: Solver) -> dict[str, int]:
        out = super()._choice(solver)
        model = solver.get_model() or []
        # the compound's two parts (their choice literals)
        out[FIRST] = next(x for x in self.firsts if model[x - 1] > 0)
        out[SECOND] = next(x for x in self.seconds if model[x - 1] > 0)
        return out

    def _chosen(self, lits: list[int], lit: int) -> int:
        return lits.index(lit)

    def _forbid(self, i: int, j: int) -> None:
        for solver in (self.guesser, self.checker):
            solver.add_clause([-self.firsts[i], -self.seconds[j]])

    def _try_filling(self, witness: dict[str, Any], sid: str | None, left: list[int],
                     out: dict[int, str]) -> list[int]:
        """The first parts of `left` that the witness's filling and second part make ★."""
        j = self._chosen(self.seconds, witness[SECOND])
        fill = [x for o, x in witness.items() if o != FIRST]
        fits = self._sweep(self.guesser, fill, set(left), sid, j)
        others = self._sweep(self.checker, fill, fits, sid, j)
        for i in fits - others:
            if self.said_ok(i, j):
                out[i] = "valid"
        return [i for i in left if out.get(i) != "valid"]

    def _sweep(self, solver: Solver, fill: list[int], items: set[int], sid: str | None,
               second: int | None = None) -> set[int]:
        self._second = second
        unseen = set(items)
        found: set[int] = set()
        while unseen:
            assumptions = fill + [-self.firsts[i] for i in range(len(self.parts))
                                  if i not in unseen]
            if not self._solve(solver, assumptions):
                break
            model = solver.get_model() or []
            kept = set(self._keeps(model, sid)) & unseen
            if not kept:
                self._reject(model)
                continue
            found |= kept
            unseen -= kept
        return found

    def _reject(self, model: list[int] | None) -> None:
        on = model or []
        self._forbid(next(k for k, x in enumerate(self.firsts) if on[x - 1] > 0),
                     next(k for k, x in enumerate(self.seconds) if on[x - 1] > 0))

    # ----------------------------------------------------------------- reading worlds
    def _need_here(self, on: list[int]) -> bool | None:
        return True if self.sid is None else self._need(on, self.sid)

    def _keeps(self, model: list[int] | None, sid: str | None) -> list[int]:
        """The first parts that keep the model's world: with some second part (the
        sweep's own, when it has one) a sayable compound whose value is what the slot
        needs there."""
        on = model or []
        need = self._need_here(on)
        values = [(on[abs(v) - 1] > 0) == (v > 0) for v in self.part_values]
        second = self._second
        out = []
        for i, p in enumerate(values):
            if need is None and second is None:
                if any(self.said_ok(i, j) for j in range(len(values))):
                    out.append(i)
                continue
            js = range(len(values)) if second is None else (second,)
            if any((need is None or self.table[(p, values[j])] == need)
                   and self.said_ok(i, j) for j in js):
                out.append(i)
        return out

    def _drops(self, model: list[int] | None) -> list[int]:
        """As :meth:`SatMarks._drops`, and the compound: a literal that holds when the
        chosen parts make a value other than the one the world needs."""
        on = model or []
        out = super()._drops(model)
        need = self._need_here(on)
        if need is None:
            return out
        values = tuple((on[abs(v) - 1] > 0) == (v > 0) for v in self.part_values)
        left = self._flag("first", self.firsts, values)
        right = self._flag("second", self.seconds, values)
        drop = int(self.enc.pool.id(("drops", self.counterexamples)))
        for (a, b), v in self.table.items():
            if v == need:  # these parts keep the world: the flag says they are not chosen
                self.guesser.add_clause([-drop, -left if a else left, -right if b else right])
        return out + [drop]

    def _flag(self, side: str, choices: list[int], values: tuple[bool, ...]) -> int:
        """A literal equal to the value of the chosen part (`side`) in a world where the
        parts have `values`."""
        key = (side, values)
        found = self._flags.get(key)
        if found is None:
            found = self._flags[key] = int(self.enc.pool.id(("flag", side, len(self._flags))))
            for x, v in zip(choices, values):
                self.guesser.add_clause([-x, found if v else -found])
        return found


__all__ = ["CONFLICTS", "FirstParts", "SatMarks", "Tired", "limited", "local"]
