"""The formulas of the truth-puzzle language (``../shared/truth-puzzles.md``): every kind
defined once, with its arity and argument checks and its meaning.

A formula is the JSON list of the language held as nested tuples: ``("is", "A", "type",
"knight")``; the objects inside (``{attr: value}`` of ``count``, ``{"by": X}`` of a statement
set) are :class:`Frozen` mappings. :func:`freeze` turns parsed JSON into that form and
:func:`thaw` turns it back.

The meaning of a kind is written once, over an :class:`Algebra`: a few primitives (an atom
"entity has value", a statement's truth value, an unknown wording's choice, not, and, or and
the two constants). The general engine's algebra is one integer bit mask per formula over the
enumerated worlds; the SAT encoding's is a literal with Tseitin clauses. Counting (``count``,
``count_true``, ``nof``) is :func:`compare`, built from the primitives, so no engine counts on
its own.

Public API:

- ``Formula``; ``KINDS`` (name -> :class:`Kind`); ``OPS``; ``MODES``
- :func:`freeze`, :func:`thaw`; :class:`Frozen`
- :class:`Scope` (what a formula's names mean where it stands: the speaker, "this"
  statement, bound ``?x`` variables) with ``entity``, ``members``, ``statement``,
  ``statements``, ``bind``
- :func:`check` (raises :class:`WorldError`), :func:`meaning`, :func:`reads` (the statements
  whose truth values a formula reads), :func:`compare`, :func:`iff`, :func:`xor`
- :class:`WorldError`: a problem with a world puzzle, with ``problem`` (a short key such as
  ``"unknown-entity"``), ``at`` (where in the puzzle, e.g. ``"statement A1"``) and ``value``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple, Protocol, TypeVar

from portia_tui.core.errors import PuzzleError

Formula = tuple[Any, ...]
T = TypeVar("T")

#: how a count compares to K (K is ignored for "even" and "odd")
OPS = ("==", "!=", ">=", "<=", ">", "<", "even", "odd")
#: how deep formulas may nest (every engine recurses through them)
MAX_DEPTH = 48
#: what a speaker's value makes of every statement it makes
MODES = ("true", "false", "free")
#: names a puzzle may not give an entity: they mean something in a formula
RESERVED_ENTITIES = frozenset({"self", "other", "all", "others", "this"})


class WorldError(PuzzleError):
    """A world puzzle breaks a rule of the language. ``problem`` is a short key
    (``unknown-entity``, ``unknown-attribute``, ``unknown-value``, ``unknown-statement``,
    ``bad-operator``, ``arity``, ``other``, ``unbound``, ``no-speaker``, ``bad-argument``,
    ``duplicate``, ``bad-mode``, ...), ``at`` says where (``"statement A1"``, ``"constraint
    2"``, ``"ask 1"``, ``"attributes"``) and ``value`` is the offending value."""

    def __init__(self, message: str, problem: str = "", at: str = "", value: object = None,
                 path: str | None = None, line: int | None = None):
        super().__init__(message, path, line)
        self.problem = problem
        self.at = at
        self.value = value

    def located(self, path: str | None = None, line: int | None = None) -> WorldError:
        return WorldError(self.message, self.problem, self.at, self.value,
                          self.path if self.path is not None else path,
                          self.line if self.line is not None else line)

    def where(self, at: str) -> WorldError:
        """The same error said to stand at `at` (when it says nowhere yet)."""
        if self.at:
            return self
        err = WorldError(f"{at}: {self.message}", self.problem, at, self.value, self.path,
                         self.line)
        return err


def _bad(message: str, problem: str, value: object = None) -> WorldError:
    return WorldError(message, problem, "", value)


class Frozen(Mapping[str, Any]):
    """A read-only, hashable mapping that keeps its order (a dict made immutable)."""

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, Any] | Iterable[tuple[str, Any]] = ()):
        self._data = dict(data)

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        return hash(tuple(self._data.items()))

    def __repr__(self) -> str:
        return f"Frozen({self._data!r})"


def freeze(value: Any) -> Any:
    """Parsed JSON (lists, dicts) as a formula: tuples and :class:`Frozen` mappings."""
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    if isinstance(value, Mapping):
        return Frozen((k, freeze(v)) for k, v in value.items())
    return value


def thaw(value: Any) -> Any:
    """A formula as plain JSON data (lists and dicts)."""
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    return value


class Algebra(Protocol[T]):
    """What a formula's meaning is built from. An engine gives one of these."""

    def top(self) -> T: ...
    def bottom(self) -> T: ...
    def atom(self, entity: str, attr: str, value: str) -> T: ...
    def truth(self, statement: str) -> T: ...
    def said(self, statement: str, k: int) -> T: ...
    def neg(self, a: T) -> T: ...
    def conj(self, items: Sequence[T]) -> T: ...
    def disj(self, items: Sequence[T]) -> T: ...


def iff(alg: Algebra[T], a: T, b: T) -> T:
    return alg.disj([alg.conj([a, b]), alg.conj([alg.neg(a), alg.neg(b)])])


def xor(alg: Algebra[T], a: T, b: T) -> T:
    return alg.disj([alg.conj([a, alg.neg(b)]), alg.conj([alg.neg(a), b])])


def compare(alg: Algebra[T], items: Sequence[T], op: str, k: int) -> T:
    """"The number of `items` that hold compares to k by op", from the primitives (a counter:
    ``ge[j]`` holds when at least j items so far hold; parity for even and odd)."""
    if op in ("even", "odd"):
        odd = alg.bottom()
        for x in items:
            odd = xor(alg, odd, x)
        return odd if op == "odd" else alg.neg(odd)
    n = len(items)
    high = max(0, min(k + 1, n))
    ge = [alg.top()] + [alg.bottom()] * high
    for x in items:
        for j in range(high, 0, -1):
            ge[j] = alg.disj([ge[j], alg.conj([ge[j - 1], x])])

    def at_least(j: int) -> T:
        if j <= 0:
            return alg.top()
        return ge[j] if j <= high else alg.bottom()

    table = {
        ">=": lambda: at_least(k), ">": lambda: at_least(k + 1),
        "<=": lambda: alg.neg(at_least(k + 1)), "<": lambda: alg.neg(at_least(k)),
        "==": lambda: alg.conj([at_least(k), alg.neg(at_least(k + 1))]),
        "!=": lambda: alg.neg(alg.conj([at_least(k), alg.neg(at_least(k + 1))])),
    }
    return table[op]()


class Puzzlish(Protocol):
    """What a scope reads of a puzzle (a :class:`~portia_tui.core.language.world.WorldPuzzle`)."""

    @property
    def entities(self) -> tuple[str, ...]: ...
    @property
    def attributes(self) -> Mapping[str, tuple[str, ...]]: ...
    @property
    def speakers(self) -> Mapping[str, str | None]: ...
    @property
    def wordings(self) -> Mapping[str, int]: ...


class Scope(NamedTuple):
    """What names mean where a formula stands: the puzzle, the speaker (for ``"self"``,
    ``"others"``, ``"other"``), the statement (``"this"``) and the bound variables."""

    puzzle: Puzzlish
    speaker: str | None = None
    this: str | None = None
    bindings: tuple[tuple[str, str], ...] = ()

    def bind(self, var: str, entity: str) -> Scope:
        rest = tuple(b for b in self.bindings if b[0] != var)
        return Scope(self.puzzle, self.speaker, self.this, rest + ((var, entity),))

    def entity(self, term: object) -> str:
        """The entity a term X names."""
        if not isinstance(term, str):
            raise _bad(f"an entity is a name, not {term!r}", "bad-argument", term)
        if term == "self":
            if self.speaker is None:
                raise _bad('"self" stands only in a statement that has a speaker',
                           "no-speaker", term)
            return self.speaker
        if term == "other":
            return self._other()
        if term.startswith("?"):
            for var, ent in self.bindings:
                if var == term:
                    return ent
            raise _bad(f"{term} is not bound by forall or exists here", "unbound", term)
        if term not in self.puzzle.entities:
            known = ", ".join(self.puzzle.entities)
            raise _bad(f"unknown entity {term!r} (the entities are {known})",
                       "unknown-entity", term)
        return term

    def _other(self) -> str:
        ents = self.puzzle.entities
        if len(ents) != 2:
            raise _bad(f'"other" means the other of exactly two entities: this puzzle has '
                       f"{len(ents)}", "other", "other")
        if self.speaker is None:
            raise _bad('"other" stands only in a statement that has a speaker', "no-speaker",
                       "other")
        return ents[1] if self.speaker == ents[0] else ents[0]

    def members(self, term: object) -> tuple[str, ...]:
        """The entities a SET names ("all", "others" or a list of X)."""
        if term == "all":
            return self.puzzle.entities
        if term == "others":
            if self.speaker is None:
                raise _bad('"others" stands only in a statement that has a speaker',
                           "no-speaker", term)
            return tuple(e for e in self.puzzle.entities if e != self.speaker)
        if isinstance(term, tuple):
            return tuple(self.entity(t) for t in term)
        raise _bad(f'a set of entities is "all", "others" or a list, not {term!r}',
                   "bad-argument", term)

    def statement(self, term: object) -> str:
        """The statement id S names ("this" or an id)."""
        if term == "this":
            if self.this is None:
                raise _bad('"this" stands only in a statement', "no-speaker", term)
            return self.this
        if not isinstance(term, str) or term not in self.puzzle.speakers:
            raise _bad(f"unknown statement {term!r}", "unknown-statement", term)
        return term

    def statements(self, term: object) -> tuple[str, ...]:
        """The statement ids an SSET names ("all", a list, or {"by": X, "except_this": b})."""
        if term == "all":
            return tuple(self.puzzle.speakers)
        if isinstance(term, tuple):
            return tuple(self.statement(t) for t in term)
        if isinstance(term, Mapping) and "by" in term and set(term) <= {"by", "except_this"}:
            who = self.entity(term["by"])
            if not isinstance(term.get("except_this", False), bool):
                raise _bad("except_this is true or false", "bad-argument", term["except_this"])
            skip = self.statement("this") if term.get("except_this") else None
            return tuple(s for s, by in self.puzzle.speakers.items() if by == who and s != skip)
        raise _bad('a set of statements is "all", a list of ids or {"by": X}', "bad-argument",
                   term)

    def attribute(self, attr: object) -> tuple[str, ...]:
        if not isinstance(attr, str) or attr not in self.puzzle.attributes:
            known = ", ".join(self.puzzle.attributes)
            raise _bad(f"unknown attribute {attr!r} (the attributes are {known})",
                       "unknown-attribute", attr)
        return self.puzzle.attributes[attr]

    def value(self, attr: object, value: object) -> str:
        values = self.attribute(attr)
        if value not in values:
            raise _bad(f"{attr} has no value {value!r} (its values are {', '.join(values)})",
                       "unknown-value", value)
        return str(value)


def _k(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _bad(f"a count is a whole number, not {value!r}", "bad-argument", value)
    return value


def _op(value: object) -> str:
    if value not in OPS:
        raise _bad(f"unknown comparison {value!r} (use one of {' '.join(OPS)})", "bad-operator",
                   value)
    return str(value)


class Kind:
    """One formula kind: ``name``, its argument count (``least``, ``most``; None for any
    number more), what its arguments must be (:meth:`check`), its sub-formulas, the
    statements it reads and its meaning over an :class:`Algebra`."""

    name = ""
    least = 0
    most: int | None = 0

    def check(self, args: Formula, scope: Scope) -> None:
        """Raise WorldError when an argument is wrong (sub-formulas are checked apart)."""

    def parts(self, args: Formula, scope: Scope) -> Iterator[tuple[Formula, Scope]]:
        """The sub-formulas, each with the scope it stands in."""
        return iter(())

    def own_reads(self, args: Formula, scope: Scope) -> tuple[str, ...]:
        """The statements whose truth value this kind reads itself."""
        return ()

    def meaning(self, args: Formula, scope: Scope, alg: Algebra[Any]) -> Any:
        raise NotImplementedError


class _Is(Kind):
    name, least, most = "is", 3, 3

    def check(self, args: Formula, scope: Scope) -> None:
        scope.entity(args[0])
        scope.value(args[1], args[2])

    def meaning(self, args: Formula, scope: Scope, alg: Algebra[Any]) -> Any:
        return alg.atom(scope.entity(args[0]), args[1], args[2])


class _IsNot(_Is):
    name = "isnot"

    def meaning(self, args: Formula, scope: Scope, alg: Algebra[Any]) -> Any:
        return alg.neg(super().meaning(args, scope, alg))


class _Same(Kind):
    name, least, most = "same", 3, 3

    def check(self, args: Formula, scope: Scope) -> None:
        scope.entity(args[0])
        scope.entity(args[1])
        scope.attribute(args[2])

    def meaning(self, args: Formula, scope: Scope, alg: Algebra[Any]) -> Any:
        x, y, attr = scope.entity(args[0]), scope.entity(args[1]), args[2]
        if x == y:
            return alg.top()
        return alg.disj([alg.conj([alg.atom(x, attr, v), alg.atom(y, attr, v)])
                         for v in scope.attribute(attr)])


class _Differ(_Same):
    name = "differ"

    def meaning(self, args: Formula, scope: Scope, alg: Algebra[Any]) -> Any:
        return alg.neg(super().meaning(args, scope, alg))


class _AllEq(Kind):
    name, least, most = "alleq", 2, 2

    def check(self, args: Formula, scope: Scope) -> None:
        scope.members(args[0])
        scope.attribute(args[1])

    def meaning(self, args: Formula, scope: Scope, alg: Algebra[Any]) -> Any:
        who, attr = scope.members(args[0]), args[1]
        if len(set(who)) < 2:
            return alg.top()
        return alg.disj([alg.conj([alg.atom(x, attr, v) for x in who])
                         for v in scope.attribute(attr)])


class _Lt(_Same):
    name = "lt"

    def meaning(self, args: Formula, scope: Scope, alg: Algebra[Any]) -> Any:
        x, y, attr = scope.entity(args[0]), scope.entity(args[1]), args[2]
        values = scope.attribute(attr)
        return alg.disj([alg.conj([alg.atom(x, attr, a), alg.atom(y, attr, b)])
                         for i, a in enumerate(values) for b in values[i + 1:]])


class _Count(Kind):
    name, least, most = "count", 4, 4

    def check(self, args: Formula, scope: Scope) -> None:
        scope.members(args[0])
        pairs = args[1]
        if not isinstance(pairs, Mapping) or not pairs:
            raise _bad("count matches an object {attr: value, ...} with at least one pair",
                       "bad-argument", pairs)
        for attr, value in pairs.items():
            scope.value(attr, value)
        _op(args[2])
        _k(args[3])

    def meaning(self, args: Formula, scope: Scope, alg: Algebra[Any]) -> Any:
        pairs = args[1].items()
        items = [alg.conj([alg.atom(x, a, v) for a, v in pairs]) for x in scope.members(args[0])]
        return compare(alg, items, args[2], args[3])


class _True(Kind):
    name, least, most = "true", 1, 1

    def check(self, args: Formula, scope: Scope) -> None:
        scope.statement(args[0])

    def own_reads(self, args: Formula, scope: Scope) -> tuple[str, ...]:
        return (scope.statement(args[0]),)

    def meaning(self, args: Formula, scope: Scope, alg: Algebra[Any]) -> Any:
        return alg.truth(scope.statement(args[0]))


class _False(_True):
    name = "false"

    def meaning(self, args: Formula, scope: Scope, alg: Algebra[Any]) -> Any:
        return alg.neg(super().meaning(args, scope, alg))


class _CountTrue(Kind):
    name, least, most = "count_true", 3, 3

    def check(self, args: Formula, scope: Scope) -> None:
        scope.statements(args[0])
        _op(args[1])
        _k(args[2])

    def own_reads(self, args: Formula, scope: Scope) -> tuple[str, ...]:
        return scope.statements(args[0])

    def meaning(self, args: Formula, scope: Scope, alg: Algebra[Any]) -> Any:
        items = [alg.truth(s) for s in scope.statements(args[0])]
        return compare(alg, items, args[1], args[2])


class _Said(Kind):
    name, least, most = "said", 2, 2

    def check(self, args: Formula, scope: Scope) -> None:
        s = scope.statement(args[0])
        k = _k(args[1])
        count = scope.puzzle.wordings[s]
        if count < 2:
            raise _bad(f"statement {s!r} has one wording, so said asks nothing of it",
                       "bad-argument", s)
        if not 0 <= k < count:
            raise _bad(f"statement {s!r} has wordings 0 to {count - 1}, not {k}",
                       "bad-argument", k)

    def meaning(self, args: Formula, scope: Scope, alg: Algebra[Any]) -> Any:
        return alg.said(scope.statement(args[0]), args[1])


class _Connective(Kind):
    """not, and, or, xor, implies, iff: every argument a formula."""

    def parts(self, args: Formula, scope: Scope) -> Iterator[tuple[Formula, Scope]]:
        return ((f, scope) for f in args)

    def meaning(self, args: Formula, scope: Scope, alg: Algebra[Any]) -> Any:
        subs = [meaning(f, scope, alg) for f in args]
        return self.combine(alg, subs)

    def combine(self, alg: Algebra[Any], subs: list[Any]) -> Any:
        raise NotImplementedError


class _Not(_Connective):
    name, least, most = "not", 1, 1

    def combine(self, alg: Algebra[Any], subs: list[Any]) -> Any:
        return alg.neg(subs[0])


class _And(_Connective):
    name, least, most = "and", 1, None

    def combine(self, alg: Algebra[Any], subs: list[Any]) -> Any:
        return alg.conj(subs)


class _Or(_Connective):
    name, least, most = "or", 1, None

    def combine(self, alg: Algebra[Any], subs: list[Any]) -> Any:
        return alg.disj(subs)


class _Xor(_Connective):
    name, least, most = "xor", 2, 2

    def combine(self, alg: Algebra[Any], subs: list[Any]) -> Any:
        return xor(alg, subs[0], subs[1])


class _Implies(_Connective):
    name, least, most = "implies", 2, 2

    def combine(self, alg: Algebra[Any], subs: list[Any]) -> Any:
        return alg.disj([alg.neg(subs[0]), subs[1]])


class _Iff(_Connective):
    name, least, most = "iff", 2, 2

    def combine(self, alg: Algebra[Any], subs: list[Any]) -> Any:
        return iff(alg, subs[0], subs[1])


class _Nof(Kind):
    name, least, most = "nof", 3, None

    def check(self, args: Formula, scope: Scope) -> None:
        _op(args[0])
        _k(args[1])

    def parts(self, args: Formula, scope: Scope) -> Iterator[tuple[Formula, Scope]]:
        return ((f, scope) for f in args[2:])

    def meaning(self, args: Formula, scope: Scope, alg: Algebra[Any]) -> Any:
        return compare(alg, [meaning(f, scope, alg) for f in args[2:]], args[0], args[1])


class _ForAll(Kind):
    name, least, most = "forall", 3, 3

    def check(self, args: Formula, scope: Scope) -> None:
        var = args[0]
        if not isinstance(var, str) or not var.startswith("?") or len(var) < 2:
            raise _bad(f'a bound variable is written "?x", not {var!r}', "bad-argument", var)
        scope.members(args[1])

    def parts(self, args: Formula, scope: Scope) -> Iterator[tuple[Formula, Scope]]:
        members = scope.members(args[1]) or scope.puzzle.entities[:1]
        return ((args[2], scope.bind(args[0], m)) for m in members)

    def meaning(self, args: Formula, scope: Scope, alg: Algebra[Any]) -> Any:
        return alg.conj([meaning(args[2], scope.bind(args[0], m), alg)
                         for m in scope.members(args[1])])


class _Exists(_ForAll):
    name = "exists"

    def meaning(self, args: Formula, scope: Scope, alg: Algebra[Any]) -> Any:
        return alg.disj([meaning(args[2], scope.bind(args[0], m), alg)
                         for m in scope.members(args[1])])


class _Const(Kind):
    name, least, most = "const", 1, 1

    def check(self, args: Formula, scope: Scope) -> None:
        if not isinstance(args[0], bool):
            raise _bad(f"const is true or false, not {args[0]!r}", "bad-argument", args[0])

    def meaning(self, args: Formula, scope: Scope, alg: Algebra[Any]) -> Any:
        return alg.top() if args[0] else alg.bottom()


#: every formula kind, by name
KINDS: dict[str, Kind] = {k.name: k for k in (
    _Is(), _IsNot(), _Same(), _Differ(), _AllEq(), _Lt(), _Count(), _True(), _False(),
    _CountTrue(), _Said(), _Not(), _And(), _Or(), _Xor(), _Implies(), _Iff(), _Nof(),
    _ForAll(), _Exists(), _Const())}


def _kind(formula: object) -> tuple[Kind, Formula]:
    if not isinstance(formula, tuple) or not formula or not isinstance(formula[0], str):
        raise _bad(f"a formula is a list that starts with its kind, not {thaw(formula)!r}",
                   "bad-formula", formula)
    kind = KINDS.get(formula[0])
    if kind is None:
        raise _bad(f"unknown formula kind {formula[0]!r} (the kinds are {', '.join(KINDS)})",
                   "unknown-kind", formula[0])
    args = formula[1:]
    if len(args) < kind.least or (kind.most is not None and len(args) > kind.most):
        want = (str(kind.least) if kind.most == kind.least
                else f"{kind.least} or more" if kind.most is None
                else f"{kind.least} to {kind.most}")
        raise _bad(f"{kind.name} takes {want} arguments, not {len(args)}", "arity", formula)
    return kind, args


def check(formula: object, scope: Scope, depth: int = 0) -> None:
    """Raise WorldError when the formula is not one of the language's, names what the
    puzzle does not have in this scope, or nests deeper than :data:`MAX_DEPTH`."""
    if depth >= MAX_DEPTH:
        raise _bad(f"a formula may nest at most {MAX_DEPTH} deep", "too-deep", MAX_DEPTH)
    kind, args = _kind(formula)
    kind.check(args, scope)
    for sub, inner in kind.parts(args, scope):
        check(sub, inner, depth + 1)


def meaning(formula: Formula, scope: Scope, alg: Algebra[T]) -> T:
    """The formula's meaning in `alg` (the formula must have passed :func:`check`)."""
    kind = KINDS[formula[0]]
    result: T = kind.meaning(formula[1:], scope, alg)
    return result


def meaning_memo(formula: Formula, scope: Scope, alg: Algebra[T], memo: dict[str, T]) -> T:
    """:func:`meaning`, each part's meaning kept in `memo` (by the part's repr) and reused:
    for many formulas over one scope that share parts (a generator's draws). The memo
    belongs to one scope and one algebra."""
    key = repr(formula)
    found = memo.get(key)
    if found is None:
        kind = KINDS[formula[0]]
        if isinstance(kind, _Connective):
            found = kind.combine(alg, [meaning_memo(f, scope, alg, memo) for f in formula[1:]])
        else:
            found = kind.meaning(formula[1:], scope, alg)
        memo[key] = found
    return found


def reads(formula: Formula, scope: Scope) -> set[str]:
    """The statements whose truth values the formula reads (edges of the reference graph)."""
    kind = KINDS[formula[0]]
    args = formula[1:]
    out = set(kind.own_reads(args, scope))
    for sub, inner in kind.parts(args, scope):
        out |= reads(sub, inner)
    return out


def as_fact(formula: Formula) -> tuple[str, str, str, bool] | None:
    """(X, attr, value, positive) when the formula is a single fact ``is`` (positive) or
    ``isnot`` about one entity, else None."""
    if formula[0] in (_Is.name, _IsNot.name) and len(formula) == 4:
        return formula[1], formula[2], formula[3], formula[0] == _Is.name
    return None


def exactly(formula: Formula) -> tuple[Any, str, str, int] | None:
    """(SET, attr, value, k) when the formula is "exactly k of SET have attr = value" (a
    ``count`` of one pair compared by ``==``): an engine may enumerate it directly."""
    if formula[0] != _Count.name or formula[3] != "==" or len(formula[2]) != 1:
        return None
    (attr, value), = formula[2].items()
    return formula[1], attr, value, formula[4]


__all__ = [
    "KINDS",
    "MAX_DEPTH",
    "meaning_memo",
    "MODES",
    "OPS",
    "RESERVED_ENTITIES",
    "Algebra",
    "Formula",
    "Frozen",
    "Kind",
    "Scope",
    "WorldError",
    "as_fact",
    "check",
    "compare",
    "exactly",
    "freeze",
    "iff",
    "meaning",
    "reads",
    "thaw",
    "xor",
]
