"""One home per kind: no module but the kinds' (core/language/vocabulary.py) and the rules'
(core/language/rules.py) switches on a statement kind or a rule kind.

The scan reads every module of portia_tui with `ast` and refuses, outside those two homes:
- a comparison of a kind's name: ``st.kind == "in"``, ``kind in ("true", "false")``,
  ``"makers" in puzzle.rule_kinds``, ``k in ("count", "made_by")``, ``match st.kind: case
  "in"``;
- a table keyed by kind names (``{"in": 1, "not_in": 2}``) or a set of them
  (``frozenset({"other_true", "other_false"})``): what each kind means to a module belongs to
  the kind;
- ``isinstance`` / ``issubclass`` on a kind class (``PortraitIn``, ``Makers``, ...).

Tuples naming kinds stay allowed: they are choices of kinds (a vocabulary, a generator
family's rules), data rather than a switch. Switching on the meaning shapes
(``PortraitMeaning``, ...) is the meaning algebra's interpreters at work, not a kind's name
(docs/design.md, "One home per kind").
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from portia_tui.core.language import rules, vocabulary
from portia_tui.core.language.rules import RULE_KINDS, RuleKind
from portia_tui.core.language.vocabulary import KINDS, Kind

ROOT = Path(__file__).resolve().parent.parent / "portia_tui"
HOMES = {Path(vocabulary.__file__).resolve(), Path(rules.__file__).resolve()}

NAMES = frozenset(KINDS) | frozenset(RULE_KINDS)
#: kind names that are also ordinary words of other languages in the code (formula heads
#: "true", "false", "count"; modes "true" and "false"): a switch only beside a kind
PLAIN = frozenset({"true", "false", "count"})
DISTINCT = NAMES - PLAIN
#: what a kind is read from: ``st.kind``, ``rule.kind``, ``puzzle.rule_kinds``, ``kind``
KINDISH = frozenset({"kind", "kinds", "rule_kinds"})
def _all_subclasses(base: type) -> set[str]:
    out = set()
    for c in base.__subclasses__():
        out.add(c.__name__)
        out |= _all_subclasses(c)
    return out


#: every kind class, by name
KIND_CLASSES = frozenset(_all_subclasses(Kind) | _all_subclasses(RuleKind) | {"Kind", "RuleKind"})


def _strings(node: ast.AST) -> list[str] | None:
    """The string literals of a constant or a tuple / list / set of constants, else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        out = [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        return out if len(out) == len(node.elts) else None
    return None


def _kindish(node: ast.AST) -> bool:
    if isinstance(node, ast.Attribute):
        return node.attr in KINDISH
    if isinstance(node, ast.Name):
        return node.id in KINDISH
    return False


def _compare(node: ast.Compare) -> bool:
    sides = [node.left, *node.comparators]
    kindish = any(_kindish(s) for s in sides)
    for side in sides:
        said = _strings(side)
        if not said:
            continue
        if set(said) & DISTINCT or (kindish and set(said) & NAMES):
            return True
    return False


def _table(node: ast.Dict | ast.Set) -> bool:
    keys = node.keys if isinstance(node, ast.Dict) else node.elts
    said = [k.value for k in keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]
    return len(said) >= 2 and bool(set(said) & DISTINCT) and set(said) <= NAMES | {""}


def _isinstance(node: ast.Call) -> bool:
    if not (isinstance(node.func, ast.Name) and node.func.id in ("isinstance", "issubclass")
            and len(node.args) == 2):
        return False
    classes = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
    return any((isinstance(c, ast.Name) and c.id in KIND_CLASSES)
               or (isinstance(c, ast.Attribute) and c.attr in KIND_CLASSES) for c in classes)


def _match(node: ast.Match) -> bool:
    """``match st.kind: case "in": ...`` (or a case on a distinct kind name)."""
    said = {p.value.value for case in node.cases for p in ast.walk(case.pattern)
            if isinstance(p, ast.MatchValue) and isinstance(p.value, ast.Constant)
            and isinstance(p.value.value, str)}
    return bool(said & DISTINCT or (_kindish(node.subject) and said & NAMES))


def switches(source: str) -> list[tuple[int, str]]:
    """(line, what) for each switch on a kind's name in a module's source."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and _compare(node) or (
                isinstance(node, ast.Match) and _match(node)):
            out.append((node.lineno, "compares a kind's name"))
        elif isinstance(node, (ast.Dict, ast.Set)) and _table(node):
            out.append((node.lineno, "a table keyed by kind names"))
        elif isinstance(node, ast.Call) and _isinstance(node):
            out.append((node.lineno, "isinstance on a kind class"))
    return out


def test_no_module_but_the_homes_switches_on_a_kind():
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        if path.resolve() in HOMES:
            continue
        for line, what in switches(path.read_text(encoding="utf-8")):
            found.append(f"{path.relative_to(ROOT.parent)}:{line}: {what}")
    assert found == []


def test_the_homes_are_where_the_kinds_are():
    assert {type(k).__module__ for k in KINDS.values()} == {vocabulary.__name__}
    assert {type(k).__module__ for k in RULE_KINDS.values()} == {rules.__name__}


# the switches portia had before the kinds got their faces (d8ccf72): each must be caught
BEFORE = [
    'if st.kind == "in":\n    pass',                                      # generator families
    'if st.kind in ("in", "not_in"):\n    pass',                          # thesis_json
    'x = sts[0].kind in ("other_true", "other_false")',                    # model
    'if rule.kind == "total":\n    pass',                                 # deduction, rules
    'if rule.kind in ("pure", "bearing"):\n    pass',                     # deduction
    'maker = st.kind == "makers" and only is not None',                    # deduction
    'if "makers" in p.rule_kinds:\n    pass',                             # deduction
    'if rule.kind == "makers":\n    pass',                                # world, sentences
    'x = any(r.kind == "makers" for r in puzzle.rules)',                   # cli/world
    'x = all(r.kind == "total" for r in rules)',                           # quality
    'x = rule.kind != "makers" and f()',                                   # sentences
    'kind = st[0]\nif kind == "true":\n    pass',                         # engine
    'if kind == "in" or kind == "not_in":\n    pass',                     # sat, engine
    'x = kind == "in"',                                                    # settings
    'S = frozenset({"", "in", "not_in", "true", "false"})',                # engine
    'T = frozenset({"in", "not_in", "true", "false"})',                    # code
    'TAGS = {"in": 1, "not_in": 2, "true": 3, "false": 4}',               # code
    'CODE = {"in": 0, "not_in": 1, "true": 2}',                            # sampler
    'K = {"in": "suppose", "true": "follow", "": "follow"}',               # difficulty
    'portrait = {"in", "not_in", "in_one_of"}',                            # difficulty
    'x = any(k in ("count", "count_all", "made_by") for k in kinds)',      # difficulty
    'x = isinstance(kind, PortraitIn)',
    'match st.kind:\n    case "true":\n        pass',
    'match rule.kind:\n    case "total" | "each":\n        pass',
    'x = isinstance(kind, (vocabulary.MadeBy, rules.Makers))',
]


@pytest.mark.parametrize("source", BEFORE)
def test_the_scan_catches_the_old_switches(source):
    assert switches(source), source


# what the scan lets be: other languages' words, choices of kinds, asking the definition
ALLOWED = [
    'if loop.kind == "paradox":\n    pass',
    'if f[0] in ("true", "false"):\n    pass',                            # formula heads
    'modes = {"knight": "true", "knave": "false"}',
    'words = {"true": "always tell the truth", "false": "always lie"}',    # island modes
    'x = ["count", "all", {"wolf": "werewolf"}, "==", 1]',
    'COUNT_RULES = ("total", "each", "pure", "bearing")',                  # a choice of kinds
    'x = rule_options(layout, ("total",))',
    'x = KINDS[st.kind].reading',
    'x = isinstance(mn, PortraitMeaning)',                                 # the meaning algebra
]


@pytest.mark.parametrize("source", ALLOWED)
def test_the_scan_lets_other_words_be(source):
    assert switches(source) == []
