"""Algorithm 2 for truth puzzles: the marks of a slot's menu toward a target answer, and the
analysis the editor shows. Pure functions of the draft (plus slot, target and budget), so an
editor runs them in a worker and drops a result computed for an older edit.

A mark says what one menu entry, put in the slot, leaves possible for the other empty slots,
each filled from its own menu as the user sees it by default (:func:`world_menus.slot_menu`
and the compounds of two of its entries a sentence says, :func:`world_menus.compound`; given
menus are taken as they are unless ``compounds``):

- ``valid`` (★): some filling of the other empty slots makes the target the only answer;
- ``reachable`` (✓): the target stays an answer for some filling, but never the only one;
- ``impossible`` (✗): no filling leaves the target an answer;
- ``undecided`` (?): not worked out within the budget (never a guess).

The same marks for a compound's first step (:func:`mark_first_parts`: each first part by
the best compound it can become) and for the narrator's rules (:func:`mark_rules`: each rule
by the puzzle it makes, every empty slot open).

How (exact, no sampling): the general engine's masks over one space of worlds, the
attribute values and the truth values of the slots a statement names (a slot named by
another statement gets its own truth value; it must then equal what the slot says),
squeezed to the consistent worlds. An entry e in slot s keeps the worlds ``ok(s, e)`` where
it is consistent with its speaker's mode (and with the slot's truth value). The target is
an answer for some filling exactly when some target world is kept by the entry and, for
each other empty slot, by some entry of its menu. For ★, the other slots' entries must
between them drop every world whose answer is not the target while keeping one target
world: a greedy try, then an exhaustive search on bit masks (:class:`_Exact`: the last two
slots joined into a numpy table of pairs) with at most :data:`EXACT_OPEN` other slots open,
else a short one (:data:`SHORT_SEARCH` steps an entry, then :data:`SECOND_SEARCH` for those
left), then the SAT encoding of the page (:mod:`world_marks_sat`, every world and its
counting statements in the solver) on each entry left, bounded by :data:`SAT_EFFORT`
steps (it finds the ★ witnesses; a bound in steps, not seconds, so what it decides does not
depend on the load), and then a lazy SAT loop (:class:`_Lazy`: guesses of the other slots'
classes, each wrong guess giving clauses for some worlds it failed to drop, with every world
of their kinds: the same attribute values, other truth values; a SAT call cut short lets
the exhaustive search try the worlds given clauses so far, kind by kind, and a choice that
drops none of them refutes ★: the counting statements' case). Past
:data:`MAX_WORLDS` (nine rooms with two signs) the slot and rule menus and a compound's
first step are marked by SAT alone, with no world listed (:mod:`world_marks_sat`). The budget
is ``steps`` of work (``Stop.spend``: a SAT call's conflicts and propagations, a
counterexample, the exhaustive search's nodes and table cells), so a page gets the same
marks on any machine; ``seconds`` (wall time) is still taken but the editor does not use it.
The budget and a cancel are checked between steps; ``Marks.why`` says why marks are
undecided.

The compounds of the other slots' menus (issue 20's "and/or/if" step): an entry matters only
by what it keeps, a function of its truth set over the worlds, so a compound of two entries
matters by the truth set the connective makes of theirs. Each base the quick try leaves
first gets a greedy search with compounds (:class:`_Witness`: from a few target worlds,
slot by slot, the entry, "not" or compound of two that keeps that world and drops the most
worlds with another answer, counted on 64-bit words; a filling found, each compound checked
sayable, is a witness: ★), which finds most ★ of the hard pages at once (on
bench_marks_menu's 9 x 2 page with alike second signs, every ★ the budget left `?`); it
never says ✓ or ✗. The frame then marks with each
entry and its "not" (:func:`_negations`: f and not f keep every world between them, so a ✗
then is final, and a ★ stays a ★ with more entries); the ✓ left are marked again with every
truth set the connectives make of two entries' (:meth:`_Frame._compounds`, over the worlds
of those bases only; a compound worded only for a class no other beats, at most
:data:`CLOSURE_WORDS` of work, past it `?`). Past MAX_WORLDS, SAT alone tries each entry and
then one entry and its "not" per slot: a ★ or ✗ there is right, a ✓ is a `?`.

Public API: :func:`mark_slot`, :func:`mark_first_parts`, :func:`mark_rules`, :class:`Marks`,
:func:`targets`, :func:`analyse` (:class:`Analysis`),
:func:`answer_words`, :data:`MARKS`, :data:`MARK_SYMBOLS`, :data:`MAX_WORLDS`.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from portia_tui.core.author.world_editing import EMPTY, Draft, words
from portia_tui.core.author.world_marks_sat import (COUNTEREXAMPLE_STEPS, FirstParts, SatMarks, Tired,
                                                    limited, local)
from portia_tui.core.author.world_menus import Entry, slot_menu
from portia_tui.core.language import formulas as fm
from portia_tui.core.language.formulas import Formula, WorldError, freeze
from portia_tui.core.language.world import AskOf, AskWhere, WorldPuzzle, WorldStatement
from portia_tui.core.solve.general import Evaluation, MaskAlgebra, world_count
from portia_tui.core.solve.world_result import Steps, Stop, Stopped

MARKS = ("valid", "reachable", "impossible", "undecided")
MARK_SYMBOLS = {"valid": "★", "reachable": "✓", "impossible": "✗", "undecided": "?"}
#: the largest space of worlds the marks list (past it they come from SAT alone, with no world
#: listed: :mod:`world_marks_sat`)
MAX_WORLDS = 1 << 22
#: the conflicts one SAT call of the ★ question may take before the budget is checked (the
#: call is then resumed with twice as many: this bounds how long a cancel waits)
MAX_CONFLICTS = 2000
#: the conflicts of the lazy loop's SAT call before the exhaustive search on the kinds of
#: world first tries to refute ★ (:meth:`_Lazy._refuted`; then MAX_CONFLICTS, doubling)
REFUTE_CONFLICTS = 250
#: the kinds of world the exhaustive search tries alone at most per refutation
KINDS_TRIED = 4
#: the most conflicts of one such call (the budget is checked between calls)
MOST_CONFLICTS = 1 << 16
#: the SAT solver of the lazy loop (python-sat's name): on the labyrinth's hard ★ questions
#: its calls took a tenth of minisat's
LAZY_SOLVER = "glucose4"
#: with at most this many other open slots, every ★ question left by the greedy try goes to
#: the exhaustive search at once (with more, SAT looks for witnesses first)
EXACT_OPEN = 3
#: the largest table of pairs the exhaustive search builds (64-bit words), and the most
#: cells (partial choices x table rows) one numpy step of it holds
PAIR_WORDS = 1 << 23
TABLE_CELLS = 1 << 21
#: the table cells (partial choices x rows) one step of the exhaustive search's table
#: counts for on the work budget
CELLS_A_STEP = 1024
#: the 64-world words of one batch of the table between two looks at the cancel (a batch
#: of TABLE_CELLS over 13,689 worlds took 0.7 s of CPU unchecked)
CHECK_WORDS = 16
#: the 64-bit words of the table of pairs built, digested or transposed between two looks
#: at the cancel (a few ms of CPU a slice; the whole table of 9 rooms x 2 signs, 3.7
#: million words, took 230 ms unchecked; a transpose by slices of half a MB is also quicker
#: than by larger ones, which leave the cache: 17 ms against 130 ms for the 9 x 2 table)
TABLE_CHECK = 1 << 16
#: the steps (partial choices) of the short exhaustive searches tried per entry before SAT:
#: a first pass over every entry left with the first, then a second over those it left with
#: the second (a witness a few thousand nodes deep is found before SAT spends the budget on
#: the entries it cannot settle: on bench_marks_menu's "two-hard" menu 1,000 left 44 `?`,
#: 2,000 40, 4,000 and 8,000 33, 16,000 41, none 63; the labyrinth's room 3 stays decided)
SHORT_SEARCH = 400
SECOND_SEARCH = 4000
#: the counterexamples the SAT encoding of the page may take per entry before the lazy
#: loop (each SAT call then at most world_marks_sat.EFFORT_CONFLICTS conflicts; 0: the lazy
#: loop alone): :func:`_by_sat_first`
SAT_EFFORT = 1000
#: the steps of the first exhaustive search on the worlds the lazy SAT loop gave clauses
#: (:meth:`_Lazy._refuted`; each later try has twice as many)
CORE_STEPS = 10_000
#: the most work of the compounds of two entries in the other slots' menus (64-bit words of
#: the worlds left by the ✓ of the first pass, times the compounds tried): past it those ✓
#: are undecided (`?`: "compounds ... too many to try")
CLOSURE_WORDS = 1 << 26
#: the target worlds of a base the greedy search with compounds starts from
#: (:meth:`_Frame._compound_witness`), and the best entries of a slot it tries as a
#: compound's first part
WITNESS_TARGETS = 3
WITNESS_FIRSTS = 4
#: the 64-bit words (truth sets x worlds / 64) of one greedy look at a slot counted as one
#: step
WITNESS_WORDS = 1 << 12


class _Space:
    """The worlds of a draft with the slots' menus: masks of the consistent worlds, of the
    target, and of what each entry keeps."""

    def __init__(self, draft: Draft, menus: Mapping[str, Sequence[Formula]], stop: Stop,
                 extra: Sequence[Formula] = ()):
        full = draft.puzzle
        named = _named(full, draft.empty, menus, extra, stop)
        kept = tuple(s for s in full.statements if s.id not in draft.empty or s.id in named)
        self.puzzle = full.replace(statements=kept)
        self.named = named
        self.full = full
        worlds = world_count(self.puzzle)
        if worlds > MAX_WORLDS:
            raise _TooBig(worlds)
        self.ev = Evaluation(self.puzzle, stop)
        self.stop = stop
        #: every mask below is over the consistent worlds only (bit j: the j-th of them)
        self.sq = _Squeeze(self.ev.consistent, self.ev.size)
        self.alg = _Squeezed(self.ev, self.sq)
        self.all = self.sq.full
        #: what a formula says, by formula (and speaker and slot when it names them)
        self.values: dict[tuple[Any, ...], int] = {}

    def value(self, sid: str, formula: Formula) -> int:
        """The worlds where `formula`, said in slot `sid`, holds."""
        s = self.full.statement(sid)
        key = (formula, s.by, sid) if local(formula) else (formula,)
        value = self.values.get(key)
        if value is None:
            scope = self.puzzle.scope(WorldStatement(sid, s.by, formula))
            value = self.values[key] = fm.meaning(formula, scope, self.alg)
        return value

    def rule(self, formula: Formula) -> int:
        """The worlds where a rule (no speaker) holds."""
        return fm.meaning(formula, self.puzzle.scope(), self.alg)

    def goal(self, target: Mapping[str, Any]) -> int:
        return self.sq(self.ev.answer_mask(dict(target)) & self.ev.consistent)

    def keeps(self, sid: str, formula: Formula) -> int:
        """The worlds where slot `sid` saying `formula` is consistent."""
        return self.keep_value(sid, self.value(sid, formula))

    def keep_value(self, sid: str, value: int, sq: Callable[[int], int] | None = None,
                   full: int | None = None) -> int:
        """The worlds where slot `sid` is consistent when what it says holds in `value`
        (all masks squeezed once more by `sq` to `full`, when given)."""
        alg = self.alg
        if sq is None or full is None:
            sq, full = (lambda m: m), self.all
        if sid in self.named:
            return full & ~(sq(alg.truth(sid)) ^ value)
        p, by = self.puzzle, self.full.statement(sid).by
        if by is None or p.speaker_attr is None:
            return full
        ok = full
        for v in p.attributes[p.speaker_attr]:
            mode = p.mode(by, v)
            if mode != "free":
                who = sq(alg.atom(by, p.speaker_attr, v))
                ok &= (full ^ who) | (value if mode == "true" else full ^ value)
        return ok


def _union(corner: Mapping[tuple[bool, bool], int], table: Mapping[tuple[bool, bool], bool],
           swap: bool) -> int:
    """The worlds where a connective holds: the corners (the parts' truth values there) its
    table holds on; `swap`: its parts the other way round."""
    out = 0
    for (x, y), holds in table.items():
        if holds:
            out |= corner[(y, x) if swap else (x, y)]
    return out


@functools.cache
def _tables() -> tuple[tuple[str, dict[tuple[bool, bool], bool], bool, bool], ...]:
    """Each connective of the menus (world_menus.CONNECTIVES, read by the language's
    meanings: :class:`_Compound`): its name, truth table, whether it takes one part (its
    second part changes nothing) and whether its parts commute."""
    from portia_tui.core.author.world_menus import CONNECTIVES

    out = []
    for conn, join in CONNECTIVES.items():
        glue = _Compound(join, 1)
        table = {(x, y): bool(glue(int(x), int(y))) for x in (False, True)
                 for y in (False, True)}
        one = all(table[x, False] == table[x, True] for x in (False, True))
        both = all(table[x, y] == table[y, x] for x in (False, True) for y in (False, True))
        out.append((conn, table, one, both))
    return tuple(out)


def _negation() -> str | None:
    """The connective of one part that says its part is false ("not"), if any."""
    for conn, table, one, _both in _tables():
        if one and not table[True, True] and table[False, False]:
            return conn
    return None


def _negations(space: _Space, draft: Draft, sid: str, formulas: Sequence[Formula]
               ) -> list[Formula]:
    """"It is not true that ..." of the entries (those a sentence says), one for each truth
    set no entry has. With them, some entry of the slot keeps each world (one of f and not
    f holds there, the other fails): so no compound makes a ✗ an answer."""
    from portia_tui.core.author.world_menus import compound

    seen = {space.value(sid, f) for f in formulas}
    out: list[Formula] = []
    negation = _negation()
    if negation is None:
        return out
    for f in formulas:
        value = space.all ^ space.value(sid, f)
        if value in seen:
            continue
        try:
            out.append(compound(draft, sid, negation, f).formula)
        except ValueError:
            continue
        seen.add(value)
    return out


class _Squeezed(MaskAlgebra):
    """The mask algebra over the consistent worlds only: each atom squeezed once, then
    every formula computed on numbers as small as the worlds that can stand (negation,
    and, or: the engine's own, over this smaller `full`)."""

    def __init__(self, ev: Evaluation, sq: _Squeeze):
        super().__init__(ev)
        self.sq, self.full = sq, sq.full
        self.cache: dict[tuple[Any, ...], int] = {}

    def _get(self, key: tuple[Any, ...], make: Callable[[], int]) -> int:
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = self.sq(make())
        return found

    def atom(self, entity: str, attr: str, value: str) -> int:
        return self._get(("atom", entity, attr, value),
                         lambda: self.ev.atom(entity, attr, value))

    def truth(self, statement: str) -> int:
        return self._get(("truth", statement), lambda: self.ev.truth(statement))

    def said(self, statement: str, k: int) -> int:
        return self._get(("said", statement, k), lambda: self.ev.alg.said(statement, k))


def value_mode(p: WorldPuzzle, ev: Evaluation, by: str | None, value: int) -> int:
    """The worlds where a statement of `by` with truth value mask `value` obeys its mode."""
    if by is None or p.speaker_attr is None:
        return ev.full
    ok = ev.full
    for v in p.attributes[p.speaker_attr]:
        mode = p.mode(by, v)
        if mode != "free":
            who = ev.atom(by, p.speaker_attr, v)
            ok &= ~who | (value if mode == "true" else ~value)
    return ok & ev.full


def _named(puzzle: WorldPuzzle, empty: frozenset[str],
           menus: Mapping[str, Sequence[Formula]], extra: Sequence[Formula] = (),
           stop: Stop | None = None) -> set[str]:
    """The empty slots some statement, rule, question, menu entry or `extra` rule names (a
    cancel looked at before each statement's: 18 menus of 9 x 2 took 45 ms)."""
    out: set[str] = set()
    for f in extra:
        out |= fm.reads(f, puzzle.scope())
    for s in puzzle.statements:
        if stop is not None:
            stop.check()
        if s.id not in empty:
            for f in s.wordings:
                out |= fm.reads(f, puzzle.scope(s))
        for f in menus.get(s.id, ()):
            out |= fm.reads(f, puzzle.scope(WorldStatement(s.id, s.by, f)))
    for c in puzzle.constraints:
        out |= fm.reads(c, puzzle.scope())
    for item in puzzle.question:
        formula = getattr(item, "formula", None)
        if formula is not None:
            out |= fm.reads(formula, puzzle.scope())
    return out & set(empty)


def _greedy(classes: dict[str, list[int]], alive: int, rest: int) -> int:
    """A quick try for ★ first: slot by slot, the class that keeps a target world every
    later slot can still keep and leaves the fewest other worlds (a witness found so is a
    witness). The witness, as what its classes keep together (0: none found)."""
    slots = sorted(classes)
    unions = {}
    for sid in slots:
        u = 0
        for c in classes[sid]:
            u |= c
        unions[sid] = u
    for turn in range(min(3, len(slots)) or 1):  # a few orders of the slots
        order = slots[turn:] + slots[:turn]
        later = [-1] * (len(order) + 1)
        for k in range(len(order) - 1, -1, -1):
            later[k] = later[k + 1] & unions[order[k]]
        a, r, kept = alive, rest, -1
        for k, sid in enumerate(order):
            best = min((c for c in classes[sid] if c & a & later[k + 1]),
                       key=lambda c: (c & r).bit_count(), default=None)
            if best is None:
                break
            a, r, kept = a & best, r & best, kept & best
        else:
            if a and not r:
                return kept
    return 0


class _Lazy:
    """The ★ question by a counterexample-guided loop over the other slots' choices (SAT):
    variable x(e, c) when slot e takes class c, exactly one per slot; some target world of
    the base kept by every chosen class (the target worlds by signature, the base given by
    assumptions, as one solver answers every base). The worlds to drop come lazily: a
    guess whose classes keep a world of the base with another answer gets a clause "some
    chosen class drops that world", guarded by a literal for the bases that hold it (its
    pattern). A guess that keeps no such world is a witness; no more guesses: ✓."""

    #: the worlds to drop taken from one wrong guess at most (with their kinds: the kinds;
    #: on bench_marks_menu's hard labyrinth menu 2 took 2.0 s, 8 took 3.1 s, and 4 left a
    #: ★ undecided at 60 s: SAT's luck)
    SPREAD = 8
    KIND_SPREAD = 2

    def __init__(self, classes: dict[str, list[int]], alive: int, rest: int,
                 bases: list[int], width: int, stop: Stop, kinds: Any = None):
        import numpy as np
        from pysat.card import CardEnc, EncType
        from pysat.solvers import Solver

        self.np = np
        self.stop, self.rest, self.bases = stop, rest, bases
        self.classes, self.alive, self.width = classes, alive, width
        self.cols = [(sid, c) for sid in sorted(classes) for c in classes[sid]]
        nc = len(self.cols)
        self.solver = Solver(name=LAZY_SOLVER)
        #: one row per column, then per base, then the target's worlds: bit w of each mask
        self.bits = _bit_rows([c for _s, c in self.cols] + bases + [alive], width)
        sig = _signatures(self.bits)
        #: worlds of one kind share their attribute values and wordings (they differ only
        #: in truth values): a world to drop brings every world of its kind (None: alone)
        self.kinds = kinds
        some_base = 0
        for b in bases:
            some_base |= b
        #: the worlds a clause may be about (another answer, in some base)
        self.droppable = _bit_rows([rest & some_base], width)[0].astype(bool)
        #: the worlds given a clause so far (the core the exhaustive search refutes)
        self.core = np.zeros(width, dtype=bool)
        self.steps = CORE_STEPS
        #: the kinds of world that alone have a witness, and every kind of the base's
        #: worlds to drop, the largest first, by base
        self.seen: dict[int, set[int]] = {}
        self.order: dict[int, list[int]] = {}
        #: each slot's rows of ``bits``
        self.slot_rows = {sid: np.asarray([i for i, (s, _c) in enumerate(self.cols) if s == sid],
                                          dtype=np.int64) for sid in sorted(classes)}
        top = nc + len(sig)  # x(e, c): 1..nc; "signature d stands in the base": nc+1+d
        #: each slot's columns (their variables)
        by_slot = {sid: [i + 1 for i, (s, _c) in enumerate(self.cols) if s == sid]
                   for sid in sorted(classes)}
        slot_cols = [np.asarray(lits, dtype=np.int64) for lits in by_slot.values()]
        for lits in by_slot.values():
            enc = CardEnc.equals(lits=lits, bound=1, top_id=top, encoding=EncType.seqcounter)
            self.solver.append_formula(enc.clauses)
            top = max(top, enc.nv)
        keep = []
        self.base_rows = []
        for d in np.flatnonzero(sig[:, -1]).tolist():  # the other worlds come lazily
            row = sig[d]
            inside = nc + 1 + d
            self.base_rows.append((inside, row[nc:nc + len(bases)].astype(bool).tolist()))
            top += 1
            keep.append(top)
            self.solver.add_clause([-top, inside])
            for cols in slot_cols:
                self.solver.add_clause([-top] + cols[row[cols - 1] != 0].tolist())
        self.solver.add_clause(keep)
        self.top = top
        #: a literal per pattern (which bases hold a world to drop)
        self.patterns: dict[tuple[bool, ...], int] = {}
        self.dropped: set[tuple[tuple[bool, ...], tuple[int, ...]]] = set()

    def valid(self, j: int) -> bool:
        """Whether base j (its index in `bases`) has a witness (Stopped past the budget)."""
        base = self.bases[j]
        while True:
            assumptions = [lit if row[j] else -lit for lit, row in self.base_rows]
            assumptions += [lit if pattern[j] else -lit
                            for pattern, lit in self.patterns.items()]
            if not self._solve(assumptions, j):
                return False
            on = set(x for x in self.solver.get_model() or [] if x > 0)
            kept = base & self.rest
            for i, (_s, c) in enumerate(self.cols):
                if i + 1 in on:
                    kept &= c
            if not kept:
                return True
            self._drop(kept)

    def _drop(self, kept: int) -> None:
        """Clauses for some worlds of `kept` (spread over it), each with every world of its
        kind: one chosen class must drop each."""
        np = self.np
        picked = []
        bits = kept.bit_length()
        spread = self.SPREAD if self.kinds is None else self.KIND_SPREAD
        for k in range(spread):
            off = bits * k // spread
            part = kept >> off
            if part:
                picked.append(off + (part & -part).bit_length() - 1)
        worlds = np.zeros(self.width, dtype=bool)
        for w in dict.fromkeys(picked):
            if self.kinds is None:
                worlds[w] = True
            else:
                worlds |= self.kinds == self.kinds[w]
        worlds &= self.droppable
        worlds[picked] = True
        self.core |= worlds
        nc = len(self.cols)
        rows = self.bits[:nc + len(self.bases), worlds].T
        self.stop.spend(COUNTEREXAMPLE_STEPS + rows.size // CELLS_A_STEP)
        for row in np.unique(rows, axis=0):
            drops = tuple((np.flatnonzero(row[:nc] == 0) + 1).tolist())
            pattern = tuple(row[nc:].astype(bool).tolist())
            if (pattern, drops) in self.dropped:
                continue
            self.dropped.add((pattern, drops))
            lit = self.patterns.get(pattern)
            if lit is None:
                self.top += 1
                lit = self.patterns[pattern] = self.top
            self.solver.add_clause([-lit, *drops])

    def _solve(self, assumptions: list[int], j: int) -> bool:
        """One SAT call, resumed with twice the conflicts while the budget lasts; each
        time a call is cut short, the exhaustive search on the worlds given clauses so far
        (:meth:`_refuted`) may settle base j first (False: no witness)."""
        conflicts = REFUTE_CONFLICTS
        while True:
            found = limited(self.solver, assumptions, conflicts, self.stop)
            if found is not None:
                return bool(found)
            if self._refuted(j):
                return False
            conflicts = min(max(2 * conflicts, MAX_CONFLICTS), MOST_CONFLICTS)

    def _refuted(self, j: int) -> bool:
        """Whether no choice of classes drops every world of base j given a clause so far
        while keeping a target world (then none drops every world of the base: ✓), by the
        exhaustive search (:class:`_Exact`) on those worlds alone; first on single kinds
        of world of the base (a kind's truth values: the case split a person makes, "the
        lady in room 2, the other rooms empty: which signs can be true?"), the
        KINDS_TRIED with the most worlds not tried yet (the most truth values leave the
        most room). Each search is bounded by a number of steps that doubles with each
        try (four times as many for one kind: its search is small). Counting statements
        make each clause of SAT rule out little (how many signs are true is one number
        over all of them), so SAT may take long to see what this search sees at once."""
        np = self.np
        steps, self.steps = self.steps, self.steps * 2
        if self.kinds is not None:
            order = self.order.get(j)
            if order is None:
                inside = self.bits[len(self.cols) + j].astype(bool) & self.droppable
                kinds, counts = np.unique(self.kinds[inside], return_counts=True)
                order = self.order[j] = kinds[np.argsort(-counts, kind="stable")].tolist()
            seen = self.seen.setdefault(j, set())
            for kind in [k for k in order if k not in seen][:KINDS_TRIED]:
                found = self._exact(j, self.kinds == kind, 4 * steps)
                if found is False:
                    return True
                if found is True:
                    seen.add(kind)
        return self._exact(j, self.core, steps) is False

    def _exact(self, j: int, worlds: Any, steps: int) -> bool | None:
        """Whether some choice of classes keeps a target world of base j and drops every
        world of base j in `worlds` (a numpy array of bools); None past `steps`. The
        classes are cut down to those worlds (the rows of ``bits``)."""
        np = self.np
        nc = len(self.cols)
        inside = self.bits[nc + j].astype(bool)
        targets = np.flatnonzero(inside & self.bits[-1].astype(bool))
        others = np.flatnonzero(inside & worlds & self.droppable)
        cut = self.bits[:nc][:, np.concatenate([targets, others])]
        self.stop.spend(1 + cut.size // CELLS_A_STEP)
        pa = (1 << len(targets)) - 1
        pr = ((1 << cut.shape[1]) - 1) & ~pa
        keeps = cut[:, :len(targets)].any(axis=1)
        classes = {}
        for sid, rows in self.slot_rows.items():
            rows = np.unique(cut[rows[keeps[rows]]], axis=0)
            packed = np.packbits(rows, axis=1, bitorder="little")
            masks = {int.from_bytes(r.tobytes(), "little") for r in packed}
            classes[sid] = _undominated(masks, pa, pr, self.stop)
        return _Exact(classes, pa, pr, self.stop).valid(pa | pr, steps)

    def close(self) -> None:
        self.solver.delete()


def _bit_rows(masks: list[int], width: int):
    """The masks as rows of bits over `width` worlds (a numpy array of uint8, one row per
    mask, entry w set when the mask holds world w)."""
    import numpy as np

    nbytes = (width + 7) // 8
    return np.stack([np.unpackbits(np.frombuffer(m.to_bytes(nbytes, "little"),
                                                 dtype=np.uint8), bitorder="little")[:width]
                     for m in masks])


def _signatures(matrix: Any):
    """The distinct columns of a matrix of bits (:func:`_bit_rows`): one row per kind of
    world, entry i set when mask i holds it (a numpy array of uint8)."""
    import numpy as np

    packed = np.ascontiguousarray(np.packbits(matrix, axis=0, bitorder="little").T)
    unique = np.unique(packed, axis=0)
    return np.unpackbits(unique, axis=1, bitorder="little")[:, :len(matrix)]


def _undominated(masks: set[int], alive: int, rest: int, stop: Stop) -> list[int]:
    """The masks no other one beats: B is left out when some A keeps every target world B
    keeps (of `alive`) and no other world B drops (of `rest`). Sound for every narrower
    alive and rest, so computed once."""
    items = sorted({(m & alive, m & rest) for m in masks},
                   key=lambda x: (-x[0].bit_count(), x[1].bit_count()))
    kept: list[tuple[int, int]] = []
    for a, r in items:
        stop.check()
        if not any(a2 | a == a2 and r2 & r == r2 for a2, r2 in kept):
            kept.append((a, r))
    return [a | r for a, r in kept]


def _menus(draft: Draft, sid: str | None, entries: Sequence[Any] | None,
           menus: Mapping[str, Sequence[Any]] | None, stop: Stop) -> dict[str, list[Formula]]:
    """The formulas of each empty slot's menu (and of slot `sid`'s: `entries`), the stop
    looked at before each (18 menus of 9 rooms x 2 signs took 120 ms of CPU unchecked)."""
    out: dict[str, list[Formula]] = {}
    for other in sorted(draft.empty | ({sid} if sid is not None else set())):
        stop.check()
        given = entries if other == sid else (menus or {}).get(other)
        if given is None:
            given = slot_menu(draft, other)
        out[other] = [_formula(e) for e in given]
    return out


def _closed(table: Mapping[str, Any], sid: str | None,
            menus: Mapping[str, Sequence[Any]] | None) -> frozenset[str]:
    """The other slots whose menus are the user's (not given in `menus`): they take the
    compounds of two of their entries too."""
    return frozenset(o for o in table if o != sid and o not in (menus or {}))


def _formula(entry: Any) -> Formula:
    return freeze(entry.formula if isinstance(entry, Entry) else entry)


class Marks(list):
    """The marks of a menu, in its order (a list of :data:`MARKS` words), and ``why`` some
    are undecided ("" when none is)."""

    why: str = ""


def _checked_target(draft: Draft, target: Mapping[str, Any]) -> None:
    keys = {item.key for item in draft.puzzle.question}
    if set(target) != keys:
        raise ValueError(f"the target answers {sorted(target)}, the question asks "
                         f"{sorted(keys)}: pick a target from targets(draft)")


def _run(count: int, seconds: float | None, cancel: Callable[[], bool] | None,
         work: Callable[[Stop, Marks], None], steps: int | None = None) -> Marks:
    """`count` marks, undecided until `work(stop, marks)` sets them; the reason for those
    left undecided."""
    stop = Stop(None if seconds is None else time.monotonic() + seconds, cancel,
                None if steps is None else Steps(steps))
    marks = Marks(["undecided"] * count)
    try:
        work(stop, marks)
    except Stopped as exc:
        marks.why = {"steps": f"not decided within {steps or 0:,} steps",
                     "timeout": f"not decided within {seconds or 0:g} s",
                     "compounds": "the compounds of the other slots' menus are too many to "
                                  "try"}.get(exc.reason,
                                                                             "stopped")
    return marks


class _TooBig(Exception):
    def __init__(self, worlds: int):
        super().__init__(worlds)
        self.worlds = worlds


def mark_slot(draft: Draft, sid: str, target: Mapping[str, Any],
              entries: Sequence[Any] | None = None, *, seconds: float | None = None,
              cancel: Callable[[], bool] | None = None,
              menus: Mapping[str, Sequence[Any]] | None = None,
              steps: int | None = None, compounds: bool = False) -> Marks:
    """The mark of each entry (Entries or formulas; default: the slot's menu) put in slot
    `sid`, toward the answer `target`, the other empty slots filled from `menus` (sid ->
    entries) or else from their slot menus as the user sees them: each entry, and the
    compounds of two entries (and, or, if, iff, neither, and "not" of one) a sentence says.
    `compounds`: the entries given in `menus` take their compounds too. A filled slot
    `sid` is marked as though it were empty. Marks not reached within `seconds` (or once
    `cancel()` is true) are undecided, and ``Marks.why`` says why."""
    _checked_target(draft, target)
    if sid not in draft.empty:
        draft = draft.with_cleared(sid)
    mine = [_formula(e) for e in (slot_menu(draft, sid) if entries is None else entries)]

    def work(stop: Stop, marks: Marks) -> None:
        table = _menus(draft, sid, mine, menus, stop)
        closed = _closed(table, sid, None if compounds else menus)
        try:
            space = _Space(draft, table, stop)
        except _TooBig:  # too many worlds to list: SAT alone
            _by_sat_closed(draft, table, target, stop, marks, sid, closed)
            return
        frame = _Frame(space, target, {o: fs for o, fs in table.items() if o != sid},
                       draft, closed)
        bases = [frame.sq(space.keeps(sid, f)) for f in mine]
        frame.first = _by_sat_first(draft, table, target, stop, sid, mine, bases)
        found: dict[int, str] = {}
        try:
            frame.decide(bases, found)
        finally:  # the marks decided before the budget ran out stay
            marks[:] = [found.get(b, "undecided") for b in bases]

    return _run(len(mine), seconds, cancel, work, steps)


def mark_first_parts(draft: Draft, sid: str | None, target: Mapping[str, Any],
                     connective: str, parts: Sequence[Any] | None = None, *,
                     seconds: float | None = None, cancel: Callable[[], bool] | None = None,
                     menus: Mapping[str, Sequence[Any]] | None = None,
                     steps: int | None = None, compounds: bool = False) -> Marks:
    """The marks of a compound's first step: for each first part p (default: the slot's
    menu, or the rules menu when `sid` is None), the best mark of the compounds
    ``p CONNECTIVE q`` it can still become, q from the same menu (those a sentence says:
    :func:`world_menus.compound`). So ★ when some second part makes a compound that is ★,
    ✓ when the best is ✓, ✗ when every compound with p is ✗. For "not" (one part) the mark
    of "not p" itself."""
    from portia_tui.core.author.world_menus import CONNECTIVES, compound, rule_menu

    _checked_target(draft, target)
    join = CONNECTIVES[connective]
    if sid is not None and sid not in draft.empty:
        draft = draft.with_cleared(sid)
    if parts is None:
        parts = rule_menu(draft) if sid is None else slot_menu(draft, sid)
    firsts = [_formula(p) for p in parts]

    def sayable(i: int, j: int) -> bool:
        try:
            compound(draft, sid, connective, firsts[i], firsts[j])
            return True
        except ValueError:  # no sentence says it: not a completion
            return False

    def work(stop: Stop, marks: Marks) -> None:
        table = _menus(draft, sid, firsts, menus, stop)
        closed = _closed(table, sid, None if compounds else menus)
        try:
            space = _Space(draft, table, stop, extra=firsts if sid is None else ())
        except _TooBig:  # too many worlds to list: SAT alone
            glue = _Compound(join, 1)
            truth = {(a, b): bool(glue(int(a), int(b))) for a in (False, True)
                     for b in (False, True)}
            said = (lambda i, j: True) if connective == "not" else sayable
            _first_by_sat_closed(draft, table, target, stop, marks, sid, firsts, truth, said,
                                 closed)
            return
        frame = _Frame(space, target, {o: fs for o, fs in table.items() if o != sid},
                       draft, closed)
        if sid is None:
            values = [frame.sq(space.rule(f)) for f in firsts]
        else:
            values = [frame.sq(space.value(sid, f)) for f in firsts]
        glue = _Compound(join, frame.sq.full)
        if connective == "not":
            bases = [frame.keep_value(sid, glue(v, None)) for v in values]
            decided = frame.decide(bases)
            marks[:] = [decided[b] for b in bases]
            return
        _best_completions(frame, sid, values, glue, sayable, marks)

    return _run(len(firsts), seconds, cancel, work, steps)


def _best_completions(frame: _Frame, sid: str | None, values: list[int], glue: _Compound,
                      sayable: Callable[[int, int], bool], marks: Marks) -> None:
    """Each first part's mark: the best of the compounds it makes with the parts (those a
    sentence says); first the quick verdicts, second part by second part, until one is ★,
    then the exact search for the compounds left open (✓ or ★: undecided till then)."""
    open_: dict[int, list[tuple[int, int]]] = {}
    for i, v in enumerate(values):
        marks[i] = "impossible"
        left = []
        for j, w in enumerate(values):
            base = frame.keep_value(sid, glue(v, w))
            quick = frame.quick(base)
            if quick == "impossible" or not sayable(i, j):
                continue
            if quick == "valid":
                marks[i] = "valid"
                break
            marks[i] = "reachable"  # a target world stays: ✓ at least
            left.append((j, base))
        if marks[i] != "valid" and left:
            open_[i] = left
    for i in open_:
        marks[i] = "undecided"
    found: dict[int, str] = {}
    try:
        frame.decide([b for left in open_.values() for _j, b in left], found)
    finally:
        for i, left in open_.items():
            if any(found.get(b) == "valid" for _j, b in left):
                marks[i] = "valid"
            elif all(b in found for _j, b in left):
                marks[i] = "reachable"


def mark_rules(draft: Draft, target: Mapping[str, Any], rules: Sequence[Any] | None = None,
               *, seconds: float | None = None, cancel: Callable[[], bool] | None = None,
               menus: Mapping[str, Sequence[Any]] | None = None,
               steps: int | None = None, compounds: bool = False) -> Marks:
    """The mark of each rule (Entries or formulas; default: the rules menu) added to the
    puzzle as a constraint: ★ when some filling of the empty slots then makes the target
    the only answer (with no empty slot: the puzzle with the rule has the target alone), ✓
    when the target stays an answer for some filling, ✗ when for none."""
    from portia_tui.core.author.world_menus import rule_menu

    _checked_target(draft, target)
    given = [_formula(r) for r in (rule_menu(draft) if rules is None else rules)]

    def work(stop: Stop, marks: Marks) -> None:
        table = _menus(draft, None, None, menus, stop)
        closed = _closed(table, None, None if compounds else menus)
        try:
            space = _Space(draft, table, stop, extra=given)
        except _TooBig:  # too many worlds to list: SAT alone
            _by_sat_closed(draft, table, target, stop, marks, None, closed, given)
            return
        frame = _Frame(space, target, table, draft, closed)
        bases = [frame.sq(space.rule(f)) for f in given]
        frame.first = _by_sat_first(draft, table, target, stop, None, given, bases)
        found: dict[int, str] = {}
        try:
            frame.decide(bases, found)
        finally:  # the marks decided before the budget ran out stay
            marks[:] = [found.get(b, "undecided") for b in bases]

    return _run(len(given), seconds, cancel, work, steps)


def _with_not(draft: Draft, table: Mapping[str, Sequence[Formula]], closed: frozenset[str],
              cover: bool = False) -> dict[str, list[Formula]]:
    """Past MAX_WORLDS: each closed slot's menu with the "not" of each entry (a sentence
    says): then ✗ is exact (see :func:`_negations`) and ★ stays ★ with the compounds.
    `cover`: only one entry f and "not f" (they keep every world between them, all that ✗
    asks; the whole menu when no "not" is said)."""
    from portia_tui.core.author.world_menus import compound

    out = {o: list(fs) for o, fs in table.items()}
    negation = _negation()
    for o in closed if negation is not None else ():
        assert negation is not None
        for f in table[o]:
            try:
                said = compound(draft, o, negation, f).formula
            except ValueError:
                continue
            if cover:
                out[o] = [f, said]
                break
            out[o].append(said)
    return out


def _by_sat_closed(draft: Draft, table: Mapping[str, Sequence[Formula]],
                   target: Mapping[str, Any], stop: Stop, marks: Marks, sid: str | None,
                   closed: frozenset[str], rules: Sequence[Formula] = ()) -> None:
    """:func:`_by_sat` for closed slots: first with their entries alone (a ★ then is a ★),
    then the entries left once more with each closed slot's menu one entry and its "not"
    (:func:`_with_not`: ✗ then is exact, and a ★ is a ★); a ✓ is then a `?`
    (:func:`_unsure`)."""
    try:
        _by_sat(draft, table, target, stop, marks, sid, rules)
    except Stopped:
        if closed:  # a ✗ or ✓ of the entries alone is not the menus' mark
            marks[:] = [m if m == "valid" else "undecided" for m in marks]
        raise
    left = [i for i, m in enumerate(marks) if m != "valid"]
    if not closed or not left:
        return
    sub = Marks(["undecided"] * len(left))
    menus = _with_not(draft, table, closed, cover=True)
    if sid is not None:
        menus[sid] = [table[sid][i] for i in left]
    try:
        _by_sat(draft, menus, target, stop, sub, sid, [rules[i] for i in left] if sid is None
                else ())
    finally:
        for k, i in enumerate(left):
            marks[i] = sub[k]
        _unsure(marks, closed)


def _unsure(marks: Marks, closed: frozenset[str]) -> None:
    """Past MAX_WORLDS the compounds of two entries are not tried: a ✓ there is a `?`."""
    if closed and "reachable" in marks:
        marks[:] = ["undecided" if m == "reachable" else m for m in marks]
        marks.why = marks.why or ("past the worlds listed, the compounds of the other "
                                  "slots' menus are not tried")


def _by_sat(draft: Draft, table: Mapping[str, Sequence[Formula]], target: Mapping[str, Any],
            stop: Stop, marks: Marks, sid: str | None, rules: Sequence[Formula] = ()) -> None:
    """Each mark by SAT (:class:`world_marks_sat.SatMarks`): the entries of slot `sid`'s
    menu, or (`sid` None) each rule of `rules`; a mark stays undecided past the budget."""
    if any(not fs for o, fs in table.items() if o != sid):  # a slot nothing can fill
        marks[:] = ["impossible"] * len(marks)
        return
    named = _named(draft.puzzle, frozenset(table), table, rules, stop)
    sat = SatMarks(draft.puzzle, table, named, target, stop, rules)
    _decide(sat, sid, marks)


def _by_sat_first(draft: Draft, table: Mapping[str, Sequence[Formula]],
                  target: Mapping[str, Any], stop: Stop, sid: str | None,
                  formulas: Sequence[Formula], bases: Sequence[int]
                  ) -> Callable[[list[int], dict[int, str]], None]:
    """What :meth:`_Frame._sat` tries before the lazy loop: the SAT encoding of the page
    (:class:`world_marks_sat.SatMarks`) on the
    entries (slot `sid`'s, or rules when None) of the bases left, each bounded by
    :data:`SAT_EFFORT` steps (not seconds); the marks it decides put in `out`, by base."""
    def first(pending: list[int], out: dict[int, str]) -> None:
        at: dict[int, int] = {}  # a base's first entry
        for i, b in enumerate(bases):
            if b in pending:
                at.setdefault(b, i)
        fillings: list[dict[str, int]] = []
        for b, i in at.items():
            if b in out:  # settled by a witness found for another base
                continue
            # one encoding per base: one whose witness is hard (a ✓) does not load the
            # next one's solvers with its counterexamples; the witnesses found are tried
            # on every base left
            chosen = [formulas[i]] + [formulas[j] for c, j in at.items()
                                      if c not in out and c != b]
            keys = [b] + [c for c in at if c not in out and c != b]
            rules: Sequence[Formula] = chosen if sid is None else ()
            menus = dict(table) if sid is None else {**table, sid: chosen}
            named = _named(draft.puzzle, frozenset(menus), menus, rules, stop)
            sat = SatMarks(draft.puzzle, menus, named, target, stop, rules,
                           effort=SAT_EFFORT)
            got: dict[int, str] = {}
            try:
                sat.decide_one(sid, got, fillings[-3:])
            except Tired:  # past the effort: left to the lazy loop
                pass
            finally:
                fillings += sat.fillings(sid)
                sat.close()
            for k, c in enumerate(keys):
                if k in got:
                    out[c] = got[k]

    return first


def _decide(sat: SatMarks, sid: str | None, marks: Marks) -> None:
    """Run a SAT marker over the menu; the marks it decided before the budget ran out stay,
    the rest are undecided."""
    found: dict[int, str] = {}
    try:
        sat.decide(sid, found)
    finally:
        marks[:] = [found.get(i, "undecided") for i in range(len(marks))]
        sat.close()


def _first_by_sat_closed(draft: Draft, table: Mapping[str, Sequence[Formula]],
                         target: Mapping[str, Any], stop: Stop, marks: Marks, sid: str | None,
                         firsts: Sequence[Formula], truth: Mapping[tuple[bool, bool], bool],
                         sayable: Callable[[int, int], bool], closed: frozenset[str]) -> None:
    """:func:`_first_by_sat` for closed slots as :func:`_by_sat_closed`: the entries alone
    (a ★ is a ★), then one entry and its "not" per closed slot (✗ exact), a ✓ a `?`."""
    try:
        _first_by_sat(draft, table, target, stop, marks, sid, firsts, truth, sayable)
    except Stopped:
        if closed:  # a ✗ or ✓ of the entries alone is not the menus' mark
            marks[:] = [m if m == "valid" else "undecided" for m in marks]
        raise
    if closed and set(marks) != {"valid"}:
        first = list(marks)
        try:
            _first_by_sat(draft, _with_not(draft, table, closed, cover=True), target, stop,
                          marks, sid, firsts, truth, sayable)
        finally:
            marks[:] = ["valid" if a == "valid" else b for a, b in zip(first, marks)]
            _unsure(marks, closed)


def _first_by_sat(draft: Draft, table: Mapping[str, Sequence[Formula]],
                  target: Mapping[str, Any], stop: Stop, marks: Marks, sid: str | None,
                  firsts: Sequence[Formula], truth: Mapping[tuple[bool, bool], bool],
                  sayable: Callable[[int, int], bool]) -> None:
    """A compound's first step by SAT (:class:`world_marks_sat.FirstParts`): each first
    part's best mark over the sayable compounds; undecided past the budget."""
    others = {o: fs for o, fs in table.items() if o != sid}
    if any(not fs for fs in others.values()):  # a slot nothing can fill
        marks[:] = ["impossible"] * len(marks)
        return
    named = _named(draft.puzzle, frozenset(table), table, firsts if sid is None else (), stop)
    sat = FirstParts(draft.puzzle, others, named, target, stop, sid, firsts, truth, sayable)
    _decide(sat, sid, marks)


class _Compound:
    """A connective's meaning on two parts' masks (the connective's own formula read by the
    language's meanings, its parts standing for two statements whose truth is given)."""

    def __init__(self, join: Callable[[Any, Any], list], full: int):
        self.formula = freeze(join(["true", "$1"], ["true", "$2"]))
        self.full = full

    def __call__(self, a: int, b: int | None) -> int:
        return fm.meaning(self.formula, fm.Scope(_PARTS), _PartsAlgebra(self.full, a, b or 0))


class _Parts(NamedTuple):
    entities: tuple[str, ...] = ()
    attributes: Mapping[str, tuple[str, ...]] = {}
    speakers: Mapping[str, str | None] = {"$1": None, "$2": None}
    wordings: Mapping[str, int] = {}


_PARTS = _Parts()


class _PartsAlgebra:
    def __init__(self, full: int, a: int, b: int):
        self.full, self.parts = full, {"$1": a, "$2": b}

    def top(self) -> int:
        return self.full

    def bottom(self) -> int:
        return 0

    def atom(self, entity: str, attr: str, value: str) -> int:
        raise AssertionError("a compound's skeleton names no entity")

    def truth(self, statement: str) -> int:
        return self.parts[statement]

    def said(self, statement: str, k: int) -> int:
        raise AssertionError("a compound's skeleton has no wording")

    def neg(self, a: int) -> int:
        return self.full ^ a

    def conj(self, items: Sequence[int]) -> int:
        out = self.full
        for x in items:
            out &= x
        return out

    def disj(self, items: Sequence[int]) -> int:
        out = 0
        for x in items:
            out |= x
        return out


class _Frame:
    """One marking job's worlds, squeezed to those that can stand at all (consistent, and
    kept by some entry of every other open slot): the target's worlds (``alive``), the
    others (``rest``) and each open slot's classes of entries (distinct, undominated
    keep-masks). :meth:`decide` marks bases (what the marked entry keeps)."""

    def __init__(self, space: _Space, target: Mapping[str, Any],
                 others: Mapping[str, Sequence[Formula]], draft: Draft | None = None,
                 closed: frozenset[str] = frozenset()):
        self.space, self.stop = space, space.stop
        #: the other slots whose menus take compounds of two of their entries (the user's
        #: menus), the entries of each, and the draft that words the compounds
        self.closed, self.draft = closed, draft
        self.parts = {o: list(fs) for o, fs in others.items()}
        if closed:  # "not" of each entry, in the first pass (then ✗ is exact: below)
            assert draft is not None
            others = {o: list(fs) + (_negations(space, draft, o, fs) if o in closed else [])
                      for o, fs in others.items()}
        found: dict[str, set[int]] = {}
        reach_all = space.all
        for other, formulas in others.items():
            found[other] = {space.keeps(other, f) for f in formulas}
            if other in closed:  # its compounds may keep more: no world left out for it
                continue
            union = 0
            for m in found[other]:
                union |= m
            reach_all &= union
        self.sq = _Squeeze(reach_all, len(space.sq.index))
        self.alive = self.sq(space.goal(target) & reach_all)
        self.rest = self.sq.full & ~self.alive
        self.found = {o: {self.sq(m & reach_all) for m in ms} for o, ms in found.items()}
        self.classes = {o: _undominated(ms, self.alive, self.rest, self.stop)
                        for o, ms in self.found.items()}
        self._atoms: dict[int, int] = {}
        #: fillings found (what their classes keep together), and the quick verdicts
        self.witnesses: list[int] = []
        self._quick: dict[int, str | None] = {}

    def kinds(self) -> Any:
        """A number per world (squeezed) naming its attribute values and wordings: the
        worlds of one number differ only in the truth values of the slots named (a numpy
        array)."""
        orig = self.space.sq.index[self.sq.index]
        out = orig.copy()
        for v in self.space.ev.vars:
            if v.kind == "truth":
                out -= (orig // v.stride) % len(v.rows) * v.stride
        return out

    def keep_value(self, sid: str | None, value: int) -> int:
        """What slot `sid` keeps (squeezed) when what it says holds in `value` (squeezed);
        for a rule (None), the value itself."""
        if sid is None:
            return value
        return self.space.keep_value(sid, value, self._sq, self.sq.full)

    def _sq(self, mask: int) -> int:
        found = self._atoms.get(mask)
        if found is None:
            found = self._atoms[mask] = self.sq(mask)
        return found

    def quick(self, base: int) -> str | None:
        """"impossible", "valid" (a filling found before, or a greedy one), or None."""
        found = self._quick.get(base, "")
        if found != "":
            return found
        self.stop.check()
        if not base & self.alive:
            found = "impossible"
        elif any(base & w & self.alive and not base & w & self.rest for w in self.witnesses):
            found = "valid"
        else:
            witness = _greedy(self.classes, base & self.alive, base & self.rest)
            if witness:
                self.witnesses.append(witness)
            found = "valid" if witness else None
        self._quick[base] = found
        return found

    def decide(self, bases: Sequence[int], out: dict[int, str] | None = None
               ) -> dict[int, str]:
        """The mark of each distinct base: impossible, valid or reachable, put in `out` as
        each is decided (Stopped when the budget ends first). With more than EXACT_OPEN
        other open slots, the bases a short search leaves open go to the lazy SAT loop
        (:class:`_Lazy`); with fewer, to the exhaustive search. With closed slots (menus
        with their compounds), a first pass with each entry and its "not", then the ✓ of
        that pass once more with the compounds of two entries (:meth:`_compounds`)."""
        out = {} if out is None else out
        if not self.closed:
            return self._decide(bases, out)
        first: dict[int, str] = {}
        try:
            for base in dict.fromkeys(bases):  # a witness with compounds first: ★ at once
                if self.quick(base) is None and self._compound_witness(base):
                    first[base] = "valid"
            self._decide([b for b in bases if b not in first], first)
        finally:  # ★ stays ★ with more entries; ✗ is exact already (see _negations)
            out.update((b, m) for b, m in first.items() if m != "reachable")
        pending = [b for b, m in first.items() if m == "reachable"]
        if pending:
            self._compounds(pending).decide(pending, out)
        return out

    def _compound_witness(self, base: int) -> bool:
        """Whether a greedy filling with compounds finds a witness of ★ for `base` (False:
        none found, which decides nothing). For a few target worlds a0 of the base, slot by
        slot, the other slot's entry, "not" of an entry or compound of two entries (those a
        sentence says, checked on the witness found) that keeps a0 and drops the most worlds
        with another answer still kept; the best slot first. A compound is tried only with
        a first part among the slot's best few entries (:data:`WITNESS_FIRSTS`) and every
        second part, so a try costs a few passes over the slot's truth sets
        (:class:`_Witness`)."""
        return self._witness.find(base)

    @functools.cached_property
    def _witness(self) -> _Witness:
        """The greedy search's tables of this frame's slots, built at its first use."""
        return _Witness(self)

    def _compounds(self, pending: list[int]) -> _Frame:
        """This frame with the compounds of two entries of each closed slot's menu (those a
        sentence says, :func:`world_menus.compound`) among its classes, over the worlds of
        the `pending` bases only (what a ★ for them is about). A slot's entry matters only
        by what it keeps, a function of its truth set: the truth sets of the compounds are
        those of the connectives on two of its entries' truth sets, so one compound for
        each class a connective makes on two truth sets, worded only when no other class
        beats it. Stopped("compounds") past :data:`CLOSURE_WORDS`."""
        import copy

        within = 0
        for b in pending:
            within |= b
        alive, rest = self.alive & within, self.rest & within
        words = within.bit_length() // 64 + 1
        sizes = {o: len({self._sq(self.space.value(o, f)) & within for f in self.parts[o]})
                 for o in self.closed}
        if sum(n * n * 6 * words for n in sizes.values()) > CLOSURE_WORDS:
            raise Stopped("compounds")
        classes: dict[str, list[int]] = {}
        for o, found in self.found.items():
            known = {m & within for m in found}
            if o not in self.closed:
                classes[o] = _undominated(known, alive, rest, self.stop)
                continue
            classes[o] = self._slot_compounds(o, within, alive, rest, known)
        more = copy.copy(self)
        more.closed, more.classes = frozenset(), classes
        more.alive, more.rest = alive, rest
        more.witnesses, more._quick, more.first = [], {}, None
        return more

    def _slot_compounds(self, o: str, within: int, alive: int, rest: int, known: set[int]
                        ) -> list[int]:
        """Slot o's classes with the compounds of two of its entries (over `within`)."""
        from portia_tui.core.author.world_menus import compound

        groups: dict[int, list[Formula]] = {}
        for f in self.parts[o]:
            groups.setdefault(self._sq(self.space.value(o, f)) & within, []).append(f)
        vals = list(groups)
        k0, k1 = self.keep_value(o, 0) & within, self.keep_value(o, self.sq.full) & within
        d = k0 ^ k1  # what slot o keeps where what it says holds in r: k0 ^ (r & d)
        cands: dict[int, list[tuple[str, int, int | None]]] = {}

        def add(r: int, src: tuple[str, int, int | None]) -> None:
            k = k0 ^ (r & d)
            if k not in known:
                cands.setdefault(k, []).append(src)

        tables = _tables()
        for i, v in enumerate(vals):
            self.stop.spend(1)
            nv = within ^ v
            for j in range(i, len(vals)):
                w = vals[j]
                nw = within ^ w
                # the four corners of the two truth sets: a connective's truth set is the
                # union of those its table holds on
                corner = {(True, True): v & w, (True, False): v & nw, (False, True): nv & w,
                          (False, False): nv & nw}
                for conn, table, one, both in tables:
                    if one and j != i:
                        continue
                    add(_union(corner, table, False), (conn, i, None if one else j))
                    if not one and not both and j != i:  # the parts the other way round
                        add(_union(corner, table, True), (conn, j, i))

        def sayable(k: int) -> bool:
            for conn, i, j in cands[k]:
                both = next(t[3] for t in tables if t[0] == conn)
                for f in groups[vals[i]]:
                    for g in [None] if j is None else groups[vals[j]]:
                        for a, b in ((f, g), (g, f)) if both and g is not None else ((f, g),):
                            try:
                                compound(self.draft, o, conn, a, b)  # type: ignore[arg-type]
                                return True
                            except ValueError:
                                continue
            return False

        while True:
            best = _undominated(known | set(cands), alive, rest, self.stop)
            unsaid = [k for k in best if k in cands and not sayable(k)]
            if not unsaid:
                return best
            for k in unsaid:
                del cands[k]

    def _decide(self, bases: Sequence[int], out: dict[int, str]) -> dict[int, str]:
        pending = []
        for base in dict.fromkeys(bases):
            quick = self.quick(base)
            if quick is None:
                pending.append(base)
            else:
                out[base] = quick
        if not pending:
            return out
        exact = _Exact(self.classes, self.alive, self.rest, self.stop)
        left = pending
        if len(self.classes) > EXACT_OPEN:  # many open slots: a short search, then SAT
            for most in (SHORT_SEARCH, SECOND_SEARCH):
                tried, left = left, []
                for base in tried:
                    short = exact.valid(base, most)
                    if short is None:
                        left.append(base)
                    else:
                        out[base] = "valid" if short else "reachable"
            if left:
                self._sat(left, out)
            return out
        for base in left:
            out[base] = "valid" if exact.valid(base) else "reachable"
        return out

    #: tried on the bases left before the lazy loop (set by the caller: the SAT encoding
    #: of the page, :func:`_by_sat_first`), None: the lazy loop alone
    first: Callable[[list[int], dict[int, str]], None] | None = None

    def _sat(self, pending: list[int], out: dict[int, str]) -> None:
        """The bases left by the short search: first by the SAT encoding of the page with
        each base's effort bounded (:attr:`first`: it finds the ★ witnesses the lazy loop
        found only by luck), then those it leaves by the lazy SAT loop (:class:`_Lazy`,
        whose kinds of world refute ★)."""
        if self.first is not None and SAT_EFFORT:
            self.first(pending, out)
            pending = [b for b in pending if b not in out]
            if not pending:
                return
        lazy = _Lazy(self.classes, self.alive, self.rest, pending, len(self.sq.index),
                     self.stop, self.kinds())
        try:
            for j, base in enumerate(pending):
                out[base] = "valid" if lazy.valid(j) else "reachable"
        finally:
            lazy.close()


class _Witness:
    """The greedy search of :meth:`_Frame._compound_witness` on bit masks (Python ints; each
    slot's truth sets also as rows of 64-bit words, counted with numpy's bitwise_count):
    each other slot's truth sets (closed slots: the distinct truth sets of its entries, with
    what the slot keeps where it says false / true) or keep masks (a slot whose menu is
    taken as given: its classes)."""

    def __init__(self, frame: _Frame):
        import numpy as np

        self.np, self.frame, self.stop = np, frame, frame.stop
        self.full = full = frame.sq.full
        self.nw = (max(full.bit_length(), 1) + 63) // 64
        self.slots: dict[str, tuple[Any, ...]] = {}
        for o in sorted(frame.classes):
            self.stop.check()
            if o in frame.closed:
                groups: dict[int, list[Formula]] = {}
                for f in frame.parts[o]:
                    groups.setdefault(frame._sq(frame.space.value(o, f)), []).append(f)
                vals = list(groups)
                self.slots[o] = (vals, self._pack(vals), frame.keep_value(o, 0),
                                 frame.keep_value(o, full), [groups[v] for v in vals])
            else:
                masks = list(frame.classes[o])
                self.slots[o] = (masks, self._pack(masks), None, None, None)

    def _pack(self, masks: Sequence[int]) -> Any:
        np, nbytes = self.np, self.nw * 8
        data = b"".join(m.to_bytes(nbytes, "little") for m in masks)
        return np.frombuffer(data, dtype=np.uint64).reshape(len(masks), self.nw)

    def _counts(self, rows: Any, masks: Sequence[int]) -> Any:
        """How many worlds of each mask each row holds (rows x masks)."""
        np = self.np
        packed = self._pack(masks)
        return np.bitwise_count(rows[:, None, :] & packed[None, :, :]).sum(
            axis=2, dtype=np.int64)

    def find(self, base: int) -> bool:
        frame = self.frame
        a, r = base & frame.alive, base & frame.rest
        if not a:
            return False
        targets = self.np.flatnonzero(_bit_rows([a], a.bit_length())[0]).tolist()
        picks = [targets[k * (len(targets) - 1) // max(WITNESS_TARGETS - 1, 1)]
                 for k in range(min(WITNESS_TARGETS, len(targets)))]
        for a0 in dict.fromkeys(picks):
            left = r
            chosen: list[tuple[str, tuple[Any, ...]]] = []
            todo = set(self.slots)
            while todo and left:
                best: tuple[int, str, int, tuple[Any, ...]] | None = None
                for o in sorted(todo):
                    got = self._best(o, a0, left)
                    if got is not None and (best is None or got[0] > best[0]):
                        best = (got[0], o, got[1], got[2])
                if best is None:
                    break
                _n, o, kept, spec = best
                left &= kept
                todo.discard(o)
                chosen.append((o, spec))
            if left or any(self._best(o, a0, 0) is None for o in todo):
                continue
            if all(self._sayable(o, spec) for o, spec in chosen):
                return True
        return False

    def _best(self, o: str, a0: int, left: int) -> tuple[int, int, tuple[Any, ...]] | None:
        """The candidate of slot o that keeps world a0 and drops the most of `left`: (how
        many it drops, what it keeps, how it is said) or None."""
        np = self.np
        vals, rows, k0, k1, _groups = self.slots[o]
        self.stop.spend(1 + rows.size // WITNESS_WORDS)
        if not vals:
            return None
        bit = a0 >> 6, np.uint64(a0 & 63)
        at = ((rows[:, bit[0]] >> bit[1]) & np.uint64(1)).astype(bool)
        if k0 is None:  # classes of keep masks as given
            if not at.any():
                return None
            drops = np.where(at, left.bit_count() - self._counts(rows, [left])[:, 0], -1)
            i = int(drops.argmax())
            return int(drops[i]), vals[i], ("class", i)
        ok1, ok0 = bool(k1 >> a0 & 1), bool(k0 >> a0 & 1)  # a0 kept where it says 1 / 0
        if not (ok1 or ok0):
            return None
        one, zero = left & ~k1, left & ~k0  # dropped where it says true / false
        n1, n0 = one.bit_count(), zero.bit_count()
        s1, s0 = self._counts(rows, [one, zero]).T
        best: tuple[int, tuple[Any, ...]] = (-1, ())
        single, negated = s1 + n0 - s0, n1 - s1 + s0
        for neg, score, truth in ((False, single, at), (True, negated, ~at)):
            if neg and _negation() is None:
                continue
            score = np.where(np.where(truth, ok1, ok0), score, -1)
            i = int(score.argmax())
            if score[i] > best[0]:
                best = (int(score[i]), ("not", i) if neg else ("entry", i))
        firsts = np.argsort(-np.maximum(single, negated), kind="stable")[:WITNESS_FIRSTS]
        best = self._best_compound(o, firsts.tolist(), one, zero, at, (ok0, ok1), best)
        if best[0] < 0:
            return None
        truth = self._truth(o, best[1])
        return best[0], k0 ^ (truth & (k0 ^ k1)), best[1]

    def _best_compound(self, o: str, firsts: list[int], one: int, zero: int, at: Any,
                       ok: tuple[bool, bool], best: tuple[int, tuple[Any, ...]]
                       ) -> tuple[int, tuple[Any, ...]]:
        """`best` or a better compound of slot o: a first part among `firsts` (its best few
        entries), every second part, each connective both ways round unless its parts
        commute (the four corners of the two truth sets counted on the worlds dropped where
        it says true, `one`, and false, `zero`; `at`: each truth set at the target world,
        `ok`: whether it is kept where the slot says false / true)."""
        np = self.np
        vals, rows = self.slots[o][0], self.slots[o][1]
        ok0, ok1 = ok
        masks = []
        for i in firsts:
            u = vals[i]
            masks += [one & u, one & ~u, zero & u, zero & ~u]
        corners = self._counts(rows, masks)
        for k, i in enumerate(firsts):
            self.stop.check()
            c1: dict[tuple[bool, bool], Any] = {}
            c0: dict[tuple[bool, bool], Any] = {}
            for q, (counts, x) in enumerate(((c1, True), (c1, False), (c0, True),
                                             (c0, False))):
                with_w = corners[:, 4 * k + q]
                counts[x, True] = with_w
                counts[x, False] = masks[4 * k + q].bit_count() - with_w
            ux = bool(at[i])
            for conn, table, alone, both in _tables():
                if alone:
                    continue
                for swap in (False, True) if not both else (False,):
                    score = np.zeros(len(vals), dtype=np.int64)
                    for (x, y), holds in table.items():
                        corner = (y, x) if swap else (x, y)
                        score = score + (c1[corner] if holds else c0[corner])
                    t_a0 = np.array([table[(y, ux) if swap else (ux, y)]
                                     for y in (False, True)])[at.astype(np.int64)]
                    score = np.where(np.where(t_a0, ok1, ok0), score, -1)
                    j = int(score.argmax())
                    if score[j] > best[0]:
                        best = (int(score[j]), (conn, j, i) if swap else (conn, i, j))
        return best

    def _truth(self, o: str, spec: tuple[Any, ...]) -> int:
        vals, full = self.slots[o][0], self.full
        kind = spec[0]
        if kind == "entry":
            return vals[spec[1]]
        if kind == "not":
            return full ^ vals[spec[1]]
        table = next(t[1] for t in _tables() if t[0] == kind)
        x, y = vals[spec[1]], vals[spec[2]]
        corner = {(True, True): x & y, (True, False): x & ~y & full,
                  (False, True): ~x & y & full, (False, False): full & ~(x | y)}
        return _union(corner, table, False)

    def _sayable(self, o: str, spec: tuple[Any, ...]) -> bool:
        """Whether some sentence says the candidate (an entry always does)."""
        from portia_tui.core.author.world_menus import compound

        if spec[0] in ("entry", "class"):
            return True
        groups = self.slots[o][4]
        draft = self.frame.draft
        assert draft is not None
        if spec[0] == "not":
            conn, pairs = _negation(), [(f, None) for f in groups[spec[1]]]
        else:
            conn = spec[0]
            pairs = [(f, g) for f in groups[spec[1]] for g in groups[spec[2]]]
        for f, g in pairs:
            try:
                compound(draft, o, conn, f, g)  # type: ignore[arg-type]
                return True
            except ValueError:
                continue
        return False


class _Enough(Exception):
    """A short search used up its steps."""


class _Exact:
    """The ★ question decided by exhaustive search on bit masks: the other slots' classes
    are tried one slot at a time (fewest classes first, pruned when some world no later
    slot can drop is left, or no target world every later slot can keep), and the last two
    slots' classes are joined once into a table of pairs (numpy, bit-sliced words) that
    answers a whole batch of partial choices at once: is there a row keeping some target
    world of the choice and dropping every other world it left?"""

    def __init__(self, classes: Mapping[str, list[int]], alive: int, rest: int, stop: Stop):
        import numpy as np

        self.np, self.stop, self.alive, self.rest = np, stop, alive, rest
        self.steps: int | None = None
        width = max(alive.bit_length(), rest.bit_length(), 1)
        self.nw = (width + 63) // 64
        order = [classes[s] for s in sorted(classes, key=lambda s: (len(classes[s]), s))]
        nleaf = min(2, len(order))
        if nleaf == 2 and len(order[-1]) * len(order[-2]) * self.nw > PAIR_WORDS:
            nleaf = 1  # the table of pairs would be too large: one slot in the table
        self.upper = order[:len(order) - nleaf]
        self.order = order
        leaves = [self._pack(c) for c in order[len(order) - nleaf:]]
        if not leaves:
            rows = self._pack([(1 << (self.nw * 64)) - 1])
        elif len(leaves) == 1:
            rows = leaves[0]
        else:  # a cancel between slices of the table (no step spent): _sliced
            first, second = leaves
            rows = np.empty((len(first) * len(second), self.nw), dtype=np.uint64)
            per = max(1, TABLE_CHECK // (len(second) * self.nw))
            for at in self._sliced(len(first), per):
                rows[at * len(second):(at + per) * len(second)] = (
                    first[at:at + per, None, :] & second[None, :, :]).reshape(-1, self.nw)
        rows = np.ascontiguousarray(rows)
        kept = self._distinct(rows)
        self.alive_w, self.rest_w = self._pack([alive])[0], self._pack([rest])[0]
        # the distinct rows and their transpose, by blocks of rows (whole, the transpose of
        # 16,335 rows of 214 words took 130 ms of CPU unchecked)
        self.rows_alive = np.empty((len(kept), self.nw), dtype=np.uint64)
        self.rest_t = np.empty((self.nw, len(kept)), dtype=np.uint64)
        per = max(1, TABLE_CHECK // self.nw)
        for at in self._sliced(len(kept), per):
            block = rows[kept[at:at + per]]
            self.rows_alive[at:at + per] = block & self.alive_w
            self.rest_t[:, at:at + per] = (block & self.rest_w).T
        # what every later slot keeps (no later slot drops it), what some class keeps
        full = alive | rest
        self.inter, self.union = [full], [full]
        for cs in order[::-1]:
            i_, u_ = full, 0
            for c in cs:
                i_ &= c
                u_ |= c
            self.inter.insert(0, i_ & self.inter[0])
            self.union.insert(0, u_ & self.union[0])

    def _sliced(self, count: int, per: int) -> Iterator[int]:
        """range(0, count, per), looking at the cancel before each slice (no step spent)."""
        for at in range(0, count, per):
            self.stop.check()
            yield at

    def _distinct(self, rows):
        """Where the distinct rows of the table are, each where it first comes (the searches ask
        whether some row fits: the order changes no answer and no step), a cancel looked at
        between slices: rows are told apart by a 64-bit digest of each
        (a wrapping dot product with fixed odd numbers), every row then compared with the
        first of its digest; a digest shared by two different rows (about 2**-64 a pair)
        falls back to np.unique (90 ms of CPU unchecked on 13,689 rows of 214 words)."""
        np = self.np
        if len(rows) < 2:
            return np.arange(len(rows))
        odd = np.random.default_rng(20261128).integers(0, 1 << 63, self.nw, dtype=np.uint64)
        odd = odd * np.uint64(2) + np.uint64(1)
        digest = np.empty(len(rows), dtype=np.uint64)
        per = max(1, TABLE_CHECK // self.nw)
        for at in self._sliced(len(rows), per):
            digest[at:at + per] = (rows[at:at + per] * odd).sum(axis=1, dtype=np.uint64)
        _d, firsts, which = np.unique(digest, return_index=True, return_inverse=True)
        for at in self._sliced(len(rows), per):
            if not (rows[at:at + per] == rows[firsts[which[at:at + per]]]).all():
                void = rows.view(np.dtype((np.void, self.nw * 8))).ravel()
                return np.sort(np.unique(void, return_index=True)[1])
        return np.sort(firsts)

    def _pack(self, masks: Sequence[int]):
        np, nbytes = self.np, self.nw * 8
        data = b"".join(m.to_bytes(nbytes, "little") for m in masks)
        return np.frombuffer(data, dtype=np.uint64).reshape(len(masks), self.nw)

    def valid(self, base: int, most: int | None = None) -> bool | None:
        """Whether some choice of the other slots' classes makes the target alone with
        this base; None when `most` steps were not enough to say."""
        self.steps = most
        try:
            return self._search(0, base & self.alive, base & self.rest)
        except _Enough:
            return None

    def _step(self, count: int = 1) -> None:
        self.stop.spend(count)
        if self.steps is not None:
            self.steps -= count
            if self.steps < 0:
                raise _Enough

    def _search(self, depth: int, a: int, r: int) -> bool:
        self._step()
        if not a or r & self.inter[depth] or not a & self.union[depth]:
            return False
        stuck = r  # worlds no later class that keeps a target world of a can drop
        for cs in self.order[depth:]:
            cannot, keeper = -1, False
            for c in cs:
                if c & a:
                    keeper = True
                    cannot &= c
            if not keeper:
                return False
            stuck &= cannot
            if not stuck:
                break
        if stuck:
            return False
        if depth == len(self.upper):
            return self._fits([(a, r)])
        choices = sorted({(a & c, r & c) for c in self.upper[depth] if a & c},
                         key=lambda x: x[1].bit_count())
        if depth == len(self.upper) - 1:
            return self._fits(choices)
        return any(self._search(depth + 1, a2, r2) for a2, r2 in choices)

    def _fits(self, queries: Sequence[tuple[int, int]]) -> bool:
        """Whether some row of the table completes one of the partial choices (a, r)."""
        np = self.np
        n = self.rest_t.shape[1]
        step = max(1, TABLE_CELLS // max(n, 1))
        for at in range(0, len(queries), step):
            chunk = queries[at:at + step]
            self._step(max(1, len(chunk) * n // CELLS_A_STEP))
            qa = self._pack([a for a, _r in chunk])
            qr = self._pack([r for _a, r in chunk])
            ok = np.ones((len(chunk), n), dtype=bool)
            busy = np.unpackbits(qr.view(np.uint8), axis=1).reshape(len(chunk), self.nw, 64)
            for k, w in enumerate(np.argsort(-busy.sum(axis=(0, 2), dtype=np.int64),
                                          kind="stable")):
                if k % CHECK_WORDS == CHECK_WORDS - 1:
                    self.stop.check()  # a cancel between words (no step spent)
                if not qr[:, w].any():
                    continue
                ok &= (self.rest_t[w][None, :] & qr[:, w][:, None]) == 0
                if not ok.any():
                    break
            qi, pi = np.nonzero(ok)
            part = max(1, TABLE_CELLS // (CHECK_WORDS * self.nw))
            for at2 in range(0, len(qi), part):  # a cancel between slices (no step spent)
                self.stop.check()
                qs, ps = qi[at2:at2 + part], pi[at2:at2 + part]
                if (qa[qs] & self.rows_alive[ps]).any(axis=1).any():
                    return True
        return False


class _Squeeze:
    """Masks over the worlds of `keep` only (bit j: the j-th world of keep): the searches
    then work on numbers as small as the worlds that matter."""

    def __init__(self, keep: int, size: int):
        import numpy as np

        self.np = np
        self.nbytes = (size + 7) // 8
        self.index = np.flatnonzero(self._bits(keep))
        self.full = (1 << len(self.index)) - 1

    def _bits(self, mask: int):
        np = self.np
        data = np.frombuffer(mask.to_bytes(self.nbytes, "little"), dtype=np.uint8)
        return np.unpackbits(data, bitorder="little")

    def __call__(self, mask: int) -> int:
        np = self.np
        picked = self._bits(mask)[self.index]
        return int.from_bytes(np.packbits(picked, bitorder="little").tobytes(), "little")


# --------------------------------------------------------------------------- targets
def targets(draft: Draft, most: int = 4096) -> list[dict[str, Any]]:
    """The answers the author may aim at: those the rules allow whatever the statements say
    (every slot free; at most `most`, in the engine's order; past MAX_WORLDS found by SAT,
    in the order of their JSON)."""
    frame = draft.puzzle.replace(statements=tuple(
        WorldStatement(s.id, s.by, EMPTY) for s in draft.puzzle.statements))
    try:
        frame.validate()
        if world_count(frame) > MAX_WORLDS:  # nine rooms with two signs: no world listed
            from portia_tui.core.solve.world_sat import AnswerSearch

            with AnswerSearch(frame) as search:
                found = search.answers(most=most)
            return sorted(found, key=lambda a: json.dumps(a, sort_keys=True))
        ev = Evaluation(frame)
    except WorldError:
        return []
    return ev.answers(ev.consistent, most)


# --------------------------------------------------------------------------- analysis
@dataclass
class Analysis:
    """What the editor's analysis panel shows for the draft as it stands (empty slots
    silent): ``answers`` (at most the limit), ``count`` (how many: ``complete`` says whether
    every answer was found), ``paradox`` (no solution), ``several``, ``unique``; ``clues``
    ((sentence, formula, answer) that leave one answer, when there are several);
    ``target_fits`` / ``target_alone`` for a target; ``stopped`` when the budget ran out
    (what was found by then is kept)."""

    answers: list[dict[str, Any]] = field(default_factory=list)
    complete: bool = True
    clues: list[tuple[str, Formula, dict[str, Any]]] = field(default_factory=list)
    clues_complete: bool = True
    target_fits: bool | None = None
    target_alone: bool | None = None
    stopped: bool = False
    empty_slots: int = 0
    #: in a paradox, the statements no world can give a truth value on their own (slot id,
    #: sentence); empty when only several together clash
    paradoxes: list[tuple[str, str]] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.answers)

    @property
    def paradox(self) -> bool:
        return self.complete and not self.answers

    @property
    def several(self) -> bool:
        return len(self.answers) > 1

    @property
    def unique(self) -> bool:
        return self.complete and len(self.answers) == 1


#: answers listed at most, and clues looked for only below this many answers
ANSWER_LIMIT = 1000


def analyse(draft: Draft, target: Mapping[str, Any] | None = None, *,
            seconds: float | None = None, cancel: Callable[[], bool] | None = None
            ) -> Analysis:
    """The analysis of the draft as it stands (see :class:`Analysis`), bounded by `seconds`
    and `cancel`."""
    from portia_tui.core.author.clue import clues
    from portia_tui.core.solve.general import solve

    deadline = None if seconds is None else time.monotonic() + seconds
    out = Analysis(empty_slots=len(draft.empty))
    puzzle = draft.analysed()
    try:
        result = solve(puzzle, limit=ANSWER_LIMIT, deadline=deadline, cancel=cancel)
        out.answers = list(result.answers)
        out.complete = bool(result.answers_complete)
        if out.paradox:
            out.paradoxes = _paradoxes(draft, puzzle, deadline, cancel)
        if target is not None:
            out.target_fits = dict(target) in out.answers
            out.target_alone = out.target_fits and out.unique
        if out.several and out.complete:
            out.clues_complete = False
            report = clues(puzzle, deadline=deadline, cancel=cancel)
            ctx = draft.context()
            out.clues = [(words(c.fact, ctx), c.fact, c.answer) for c in report.clues]
            out.clues_complete = True
    except Stopped:
        out.stopped = True
    return out


def _paradoxes(draft: Draft, puzzle: WorldPuzzle, deadline: float | None,
               cancel: Callable[[], bool] | None) -> list[tuple[str, str]]:
    """The statements that have no world on their own (with the rules)."""
    from portia_tui.core.solve.general import solve

    out = []
    for s in puzzle.statements:
        if s.id in draft.empty:
            continue
        alone = puzzle.replace(statements=(s,))
        try:
            alone.validate()
        except WorldError:  # it names other statements: it clashes only with them
            continue
        if not solve(alone, limit=1, deadline=deadline, cancel=cancel).answers:
            out.append((s.id, draft.sentence(s.id)))
    return out


def answer_words(draft: Draft, answer: Mapping[str, Any]) -> str:
    """An answer in words: "A is a knight, B is a knave", "A lady is in room 7"."""
    ctx = draft.context()
    parts = []
    for item in draft.puzzle.question:
        got = answer.get(item.key)
        if isinstance(item, AskWhere):
            (attr, value), = list(item.pairs.items())[:1]
            said = [words(("is", e, attr, value), ctx) for e in got or ()]
            parts += said or [words(("count", "all", {attr: value}, "==", 0), ctx)]
        elif isinstance(item, AskOf):
            parts.append(words(("is", item.entity, item.attr, got), ctx))
        else:
            parts.append(f"{item.key} {'Yes' if got else 'No'}")
    names = draft.puzzle.entities
    return ", ".join(parts[:1] + [p if p.split(" ")[0] in names else p[:1].lower() + p[1:]
                                  for p in parts[1:]])


__all__ = [
    "answer_words",
    "ANSWER_LIMIT",
    "EMPTY",
    "MARKS",
    "MARK_SYMBOLS",
    "MAX_WORLDS",
    "Analysis",
    "analyse",
    "Marks",
    "mark_first_parts",
    "mark_rules",
    "mark_slot",
    "targets",
]
