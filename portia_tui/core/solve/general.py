"""The general engine of the truth-puzzle language: every world at once, bit-parallel.

The worlds are enumerated in mixed radix, one digit per variable:

- an attribute of one entity (its values; one value when the puzzle gives it);
- an attribute under a constraint "exactly k of SET have value v" (``["count", SET, {attr:
  v}, "==", k]``, a constraint of the puzzle itself): one digit for the whole attribute over
  SET, whose rows are only the assignments with exactly k such members (choose the lady's
  room, then the rest);
- an unknown wording (which formula the statement says);
- the truth value of each statement that stands in a loop of statements about statements
  (a strongly connected component of the reference graph, or a statement that reads
  itself). Every other statement's truth value is its formula's, computed in dependency
  order, so truth values are enumerated only inside loops: the fixed points.

Every formula is one Python integer, bit w set when it holds in world w (the mask algebra
of :mod:`portia_tui.core.language.formulas`). A world is consistent when each loop statement's
truth value is its formula's, every statement obeys its speaker's mode and every constraint
holds. Past :data:`MAX_WORLDS` worlds, :func:`solve` hands the puzzle to the SAT encoding
(:mod:`portia_tui.core.solve.world_sat`).

Public API:

- :func:`solve` ``(puzzle, *, engine="auto", limit=LIMIT, deadline=None, cancel=None)`` ->
  :class:`WorldResult`; ``engine`` is "auto", "masks" or "sat"; ``deadline`` a
  ``time.monotonic()`` value and ``cancel`` a function polled now and then (both
  cooperative: :class:`Stopped` is raised);
- :class:`WorldResult`: ``solutions`` (``{"entities": {E: {attr: value}}, "choices": {S:
  k}}``, choices only for unknown wordings), ``truths`` (per solution, statement id -> True,
  False or None when its fixed points disagree), ``answers`` (dicts keyed as the language
  says: ``"E.attr"``, ``"where attr=value"`` with the entities sorted by name, a label with
  true/false), ``unique``, ``complete`` (False when `limit` cut the listing of solutions),
  ``answers_complete`` (the answers are those of every world even then, up to `limit`
  answers), ``engine`` ("masks" or "sat"), ``worlds`` (consistent worlds listed),
  ``as_dict()``;
- :class:`Evaluation` (the masks of one puzzle, for the clue search and explanations):
  ``consistent``, ``mask(formula)``, ``truth(statement id)``, ``answers(mask, most)``,
  ``answer_mask(answer)``, ``worlds(mask)``, ``decode(world)``;
- :func:`world_count` (how many worlds the mask engine would enumerate),
  :data:`MAX_WORLDS`, :data:`LIMIT`, :class:`Stopped`, :class:`Stop`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, product
from typing import Any, NamedTuple

from portia_tui.core.language import formulas as fm
from portia_tui.core.language.formulas import Formula
from portia_tui.core.language.world import (
    Ask,
    AskFormula,
    AskOf,
    AskWhere,
    WorldPuzzle,
    WorldStatement,
)
from portia_tui.core.solve.graph import strong_components
from portia_tui.core.solve.world_result import (
    LIMIT,
    Collector,
    Stop,
    Stopped,
    WorldResult,
    answer_of,
)

#: past this many enumerated worlds, "auto" solves with SAT
MAX_WORLDS = 1 << 20
#: a digit with more rows than this has its atoms read column-wise (bytes.translate)
COLUMN_ROWS = 64
#: the mask engine refuses more worlds than this even when asked for by name
MASKS_CAP = 1 << 26


# --------------------------------------------------------------------------- the space
class Var(NamedTuple):
    """One digit of the world index: `cells` are the (entity, attr) pairs it fixes (empty for
    a wording or a truth value), `rows` its values (a tuple of attribute values, one per
    cell; a wording number; a truth value)."""

    kind: str  # "attr", "choice" or "truth"
    cells: tuple[tuple[str, str], ...]
    rows: list[Any]
    statement: str = ""
    stride: int = 1


def loop_statements(puzzle: WorldPuzzle) -> tuple[set[str], list[tuple[str, ...]]]:
    """The statements whose truth values must be enumerated (in a loop), and every
    statement's component in dependency order."""
    ids = [s.id for s in puzzle.statements]
    index = {sid: i for i, sid in enumerate(ids)}
    children: list[list[int]] = []
    for s in puzzle.statements:
        scope = puzzle.scope(s)
        refs: set[str] = set()
        for f in s.wordings:
            refs |= fm.reads(f, scope)
        children.append(sorted(index[r] for r in refs))
    comps = strong_components(children)
    loops = {ids[i] for c in comps for i in c if len(c) > 1 or c[0] in children[c[0]]}
    return loops, [tuple(ids[i] for i in c) for c in comps]


def _exact_groups(puzzle: WorldPuzzle) -> list[tuple[str, tuple[str, ...], str, int]]:
    """The constraints "exactly k of SET have attr = v" to enumerate directly: (attr, SET,
    v, k), one per attribute."""
    out: list[tuple[str, tuple[str, ...], str, int]] = []
    seen: set[str] = set()
    scope = puzzle.scope()
    for c in puzzle.constraints:
        found = fm.exactly(c)
        if found is None:
            continue
        members, attr, value, k = scope.members(found[0]), found[1], found[2], found[3]
        if attr in seen or len(set(members)) != len(members) or not 0 <= k <= len(members):
            continue
        seen.add(attr)
        out.append((attr, members, value, k))
    return out


def _group_rows(puzzle: WorldPuzzle, attr: str, members: tuple[str, ...], value: str,
                k: int) -> list[tuple[str, ...]]:
    domains = [puzzle.domain(e, attr) for e in members]
    rows: list[tuple[str, ...]] = []
    for chosen in combinations(range(len(members)), k):
        picked = set(chosen)
        if any(value not in domains[i] for i in picked):
            continue
        choices = [(value,) if i in picked else tuple(v for v in d if v != value)
                   for i, d in enumerate(domains)]
        rows.extend(product(*choices))
    return rows


def make_vars(puzzle: WorldPuzzle, loops: set[str]) -> list[Var]:
    """Every digit of the world index, the largest first (see :class:`Var`)."""
    out: list[Var] = []
    covered: set[tuple[str, str]] = set()
    for attr, members, value, k in _exact_groups(puzzle):
        cells = tuple((e, attr) for e in members)
        out.append(Var("attr", cells, _group_rows(puzzle, attr, members, value, k)))
        covered.update(cells)
    for e in puzzle.entities:
        for a in puzzle.attributes:
            if (e, a) not in covered:
                out.append(Var("attr", ((e, a),), [(v,) for v in puzzle.domain(e, a)]))
    for s in puzzle.statements:
        if s.unknown:
            out.append(Var("choice", (), list(range(len(s.one_of))), s.id))
    for s in puzzle.statements:
        if s.id in loops:
            out.append(Var("truth", (), [False, True], s.id))
    out.sort(key=lambda v: -len(v.rows))
    stride = 1
    for i, v in enumerate(out):
        out[i] = v._replace(stride=stride)
        stride *= len(v.rows)
    return out


def world_count(puzzle: WorldPuzzle) -> int:
    """How many worlds the mask engine enumerates for this (valid) puzzle, counted without
    enumerating them."""
    loops, _order = loop_statements(puzzle)
    total = 1
    covered: set[tuple[str, str]] = set()
    for attr, members, value, k in _exact_groups(puzzle):
        ways = [1] + [0] * k  # ways[j]: assignments so far with j members holding `value`
        for e in members:
            dom = puzzle.domain(e, attr)
            has, rest = int(value in dom), len(dom) - int(value in dom)
            ways = [ways[j] * rest + (ways[j - 1] * has if j else 0) for j in range(k + 1)]
        total *= ways[k]
        covered.update((e, attr) for e in members)
    for e in puzzle.entities:
        for a in puzzle.attributes:
            if (e, a) not in covered:
                total *= len(puzzle.domain(e, a))
    for s in puzzle.statements:
        total *= len(s.one_of) if s.unknown else 1
    return int(total * 2 ** len(loops))


def _tile(pattern: int, period: int, count: int) -> int:
    """`pattern` (period bits) repeated `count` times, by doubling."""
    out, shift, chunk, size = 0, 0, pattern, period
    while count:
        if count & 1:
            out |= chunk << shift
            shift += size
        count >>= 1
        if count:
            chunk |= chunk << size
            size *= 2
    return out


# --------------------------------------------------------------------------- masks
class MaskAlgebra:
    """Formulas as bit masks over the enumerated worlds."""

    def __init__(self, ev: Evaluation):
        self.ev = ev
        self.full = ev.full
        self.steps = 0
        #: the stop is looked at every `often + 1` conjunctions: every 1,024 on a few
        #: thousand worlds, more often on more (a conjunction of masks of 4 million worlds
        #: takes some 0.1 ms: 1,024 of them ran 70 ms between two looks at a cancel)
        self.often = (1 << max(0, min(10, 23 - ev.size.bit_length()))) - 1

    def top(self) -> int:
        return self.full

    def bottom(self) -> int:
        return 0

    def atom(self, entity: str, attr: str, value: str) -> int:
        return self.ev.atom(entity, attr, value)

    def truth(self, statement: str) -> int:
        return self.ev.truth(statement)

    def said(self, statement: str, k: int) -> int:
        var = self.ev.choice_var[statement]
        return self.ev.var_mask(var, [k])

    def neg(self, a: int) -> int:
        return self.full ^ a

    def conj(self, items: Sequence[int]) -> int:
        self.steps += 1
        if not self.steps & self.often:  # a formula may be large: stop when asked, inside
            self.ev.stop.check()
        out = self.full
        for x in items:
            out &= x
            if not out:
                break
        return out

    def disj(self, items: Sequence[int]) -> int:
        out = 0
        for x in items:
            out |= x
            if out == self.full:
                break
        return out


class Evaluation:
    """The masks of one puzzle: built once, read by :func:`solve` and the clue search."""

    def __init__(self, puzzle: WorldPuzzle, stop: Stop | None = None):
        self.puzzle = puzzle
        self.stop = stop or Stop()
        self.loops, self.order = loop_statements(puzzle)
        self.vars = make_vars(puzzle, self.loops)
        self.size = 1
        for v in self.vars:
            self.size *= len(v.rows)
        self.full = (1 << self.size) - 1
        self.cell_var: dict[tuple[str, str], tuple[int, int]] = {}
        self.choice_var: dict[str, int] = {}
        self.truth_var: dict[str, int] = {}
        for i, v in enumerate(self.vars):
            for pos, cell in enumerate(v.cells):
                self.cell_var[cell] = (i, pos)
            if v.kind == "choice":
                self.choice_var[v.statement] = i
            elif v.kind == "truth":
                self.truth_var[v.statement] = i
        self.alg = MaskAlgebra(self)
        self._atoms: dict[tuple[str, str, str], int] = {}
        self._columns: dict[tuple[int, int], bytes] = {}
        self._truths: dict[str, int] = {}
        self._said: dict[str, int] = {}
        self._reader: _Reader | None = None
        self.consistent = self._consistent()

    # ----------------------------------------------------------------- atoms
    def var_mask(self, i: int, rows: Sequence[int]) -> int:
        """The worlds whose digit i is one of `rows`."""
        var = self.vars[i]
        block = (1 << var.stride) - 1
        pattern = 0
        for r in rows:
            pattern |= block << (r * var.stride)
        return self._tiled(i, pattern)

    def _tiled(self, i: int, pattern: int) -> int:
        """Digit i's pattern (one period: every row's stride of worlds) over all worlds."""
        var = self.vars[i]
        if not self.size or not pattern:  # no world at all, or none of these rows
            return 0
        period = var.stride * len(var.rows)
        return _tile(pattern, period, self.size // period)

    def atom(self, entity: str, attr: str, value: str) -> int:
        key = (entity, attr, value)
        found = self._atoms.get(key)
        if found is None:
            i, pos = self.cell_var[(entity, attr)]
            var = self.vars[i]
            if var.stride == 1 and len(var.rows) > COLUMN_ROWS:  # many rows: read them in C
                found = self._tiled(i, self._column_bits(i, pos, attr, value))
            else:
                found = self.var_mask(i, [r for r, row in enumerate(var.rows)
                                          if row[pos] == value])
            self._atoms[key] = found
        return found

    def _column_bits(self, i: int, pos: int, attr: str, value: str) -> int:
        """Bit r set when row r of digit i gives cell `pos` the value (for a stride of 1)."""
        column = self._columns.get((i, pos))
        if column is None:
            index = {v: n for n, v in enumerate(self.puzzle.attributes[attr])}
            for p, cells in enumerate(zip(*self.vars[i].rows)):  # every column at once
                self._columns[(i, p)] = bytes(map(index.__getitem__, cells))
            column = self._columns[(i, pos)]
        want = self.puzzle.attributes[attr].index(value)
        table = bytes(49 if n == want else 48 for n in range(256))  # b"1" for value, b"0"
        return int(column.translate(table)[::-1], 2)

    def truth(self, sid: str) -> int:
        found = self._truths.get(sid)
        if found is None:
            if sid in self.truth_var:
                found = self.var_mask(self.truth_var[sid], [1])
            else:
                found = self.said_mask(self.puzzle.statement(sid))
            self._truths[sid] = found
        return found

    def said_mask(self, s: WorldStatement) -> int:
        """The worlds where what s says holds (its wording's formula)."""
        found = self._said.get(s.id)
        if found is None:
            self.stop.check()
            scope = self.puzzle.scope(s)
            if s.unknown:
                i = self.choice_var[s.id]
                found = self.alg.disj([self.alg.conj([self.var_mask(i, [k]),
                                                      fm.meaning(f, scope, self.alg)])
                                       for k, f in enumerate(s.one_of)])
            else:
                assert s.says is not None
                found = fm.meaning(s.says, scope, self.alg)
            self._said[s.id] = found
        return found

    def mask(self, formula: Formula) -> int:
        """The worlds where a formula holds, read as a constraint (no speaker)."""
        return fm.meaning(formula, self.puzzle.scope(), self.alg)

    # ----------------------------------------------------------------- consistency
    def _consistent(self) -> int:
        p = self.puzzle
        ok = self.full
        for c in p.constraints:  # constraints first: they cut the most, cheaply
            ok &= self.mask(c)
            if not ok:
                return 0
        for comp in self.order:
            for sid in comp:
                s = p.statement(sid)
                t = self.truth(sid)
                if sid in self.loops:
                    ok &= ~(t ^ self.said_mask(s)) & self.full
                ok &= self._mode_mask(s, t)
                if not ok:
                    return 0
        return ok

    def _mode_mask(self, s: WorldStatement, t: int) -> int:
        p = self.puzzle
        if s.by is None or p.speaker_attr is None:
            return self.full
        ok = self.full
        for value in p.attributes[p.speaker_attr]:
            mode = p.mode(s.by, value)
            if mode == "free":
                continue
            who = self.atom(s.by, p.speaker_attr, value)
            ok &= ~who | (t if mode == "true" else ~t)
        return ok & self.full

    # ----------------------------------------------------------------- reading worlds
    def worlds(self, mask: int, limit: int | None = None) -> Iterator[int]:
        """The world indices in mask, in order (at most `limit`)."""
        text = bin(mask)[:1:-1]
        at = text.find("1")
        count = 0
        while at >= 0 and (limit is None or count < limit):
            yield at
            count += 1
            at = text.find("1", at + 1)

    def decode(self, w: int) -> tuple[dict[str, dict[str, str]], dict[str, int],
                                      dict[str, bool]]:
        """World w's attribute values, wordings and loop truth values."""
        ents: dict[str, dict[str, str]] = {e: {} for e in self.puzzle.entities}
        choices: dict[str, int] = {}
        truths: dict[str, bool] = {}
        for v in self.vars:
            row = v.rows[(w // v.stride) % len(v.rows)]
            if v.kind == "attr":
                for (e, a), value in zip(v.cells, row):
                    ents[e][a] = value
            elif v.kind == "choice":
                choices[v.statement] = row
            else:
                truths[v.statement] = row
        for e in ents:
            ents[e] = {a: ents[e][a] for a in self.puzzle.attributes}
        order = [s.id for s in self.puzzle.statements]
        return ents, {s: choices[s] for s in order if s in choices}, truths

    def answers(self, mask: int, most: int | None = None) -> list[dict[str, Any]]:
        """The distinct answers of the worlds in mask, in the order of their first worlds
        (at most `most`): one world's answer, then every world with that answer set aside."""
        reader = self.reader()
        out: list[dict[str, Any]] = []
        while mask and (most is None or len(out) < most):
            self.stop.check()
            w = (mask & -mask).bit_length() - 1
            answer = reader.answer(w, self.decode(w)[0])
            out.append(answer)
            mask &= ~self.answer_mask(answer)
        return out

    def answer_mask(self, answer: dict[str, Any]) -> int:
        """The worlds whose answer is `answer`."""
        alg, p = self.alg, self.puzzle
        parts = []
        for item in p.question:
            got = answer[item.key]
            if isinstance(item, AskOf):
                parts.append(self.atom(item.entity, item.attr, got))
            elif isinstance(item, AskWhere):
                for e in p.entities:
                    member = alg.conj([self.atom(e, a, v) for a, v in item.pairs.items()])
                    parts.append(member if e in got else alg.neg(member))
            else:
                f = self.mask(item.formula)
                parts.append(f if got else alg.neg(f))
        return alg.conj(parts)

    def reader(self) -> _Reader:
        if self._reader is None:
            self._reader = _Reader(self, self.puzzle.question)
        return self._reader


def _bit(data: bytes, w: int) -> bool:
    return bool(data[w >> 3] >> (w & 7) & 1)


class _Reader:
    """Reads answers (and statement truth values) off worlds."""

    def __init__(self, ev: Evaluation, question: Sequence[Ask]):
        self.ev = ev
        self.question = question
        nbytes = (ev.size + 7) // 8
        self.formula_bits = {item.key: ev.mask(item.formula).to_bytes(nbytes, "little")
                             for item in question if isinstance(item, AskFormula)}

    def answer(self, w: int, ents: dict[str, dict[str, str]]) -> dict[str, Any]:
        return answer_of(self.question, self.ev.puzzle.entities, ents,
                         lambda item: _bit(self.formula_bits[item.key], w))



def _result(ev: Evaluation, limit: int) -> WorldResult:
    """Solutions, truth values and answers of the consistent worlds (at most `limit`)."""
    p = ev.puzzle
    reader = ev.reader()
    nbytes = (ev.size + 7) // 8
    plain = {s.id: ev.truth(s.id).to_bytes(nbytes, "little")
             for s in p.statements if s.id not in ev.loops}
    out = Collector(p)
    complete = True
    for count, w in enumerate(ev.worlds(ev.consistent, limit + 1), 1):
        if count > limit:
            complete = False
            break
        if count % 1024 == 0:
            ev.stop.check()
        ents, choices, loop_truths = ev.decode(w)
        values = {s.id: loop_truths[s.id] if s.id in loop_truths else _bit(plain[s.id], w)
                  for s in p.statements}
        out.add(ents, choices, values, reader.answer(w, ents))
    result = out.result("masks", complete)
    if not complete:  # the answers of every world, not only of those listed
        answers = ev.answers(ev.consistent, limit + 1)
        result = result._replace(answers=answers[:limit], answers_complete=len(answers) <= limit)
    return result


def solve(puzzle: WorldPuzzle, *, engine: str = "auto", limit: int = LIMIT,
          deadline: float | None = None, cancel: Callable[[], bool] | None = None
          ) -> WorldResult:
    """Every solution and answer of a valid puzzle (see the module docstring)."""
    stop = Stop(deadline, cancel)
    if engine == "sat" or (engine == "auto" and world_count(puzzle) > MAX_WORLDS):
        from portia_tui.core.solve import world_sat

        return world_sat.solve(puzzle, limit=limit, stop=stop)
    if engine not in ("auto", "masks"):
        raise ValueError(f"unknown engine {engine!r}")
    if engine == "masks" and world_count(puzzle) > MASKS_CAP:
        raise ValueError(f"more than {MASKS_CAP} worlds: too many for the mask engine")
    return _result(Evaluation(puzzle, stop), limit)


__all__ = [
    "LIMIT",
    "MAX_WORLDS",
    "Collector",
    "Evaluation",
    "Stop",
    "Stopped",
    "WorldResult",
    "answer_of",
    "solve",
    "world_count",
]
