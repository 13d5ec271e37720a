"""Reasoning datasets: generated island and door puzzles as JSON lines.

A knights-and-knaves line keeps the field names of the dataset of Xie et al. (2024), "On
Memorization of Large Language Models in Logical Reasoning", so pipelines that read it take
these lines unchanged:

``quiz``                  the puzzle in English;
``names``                 the people, in order;
``knight_knave``          the role words (``{"knight": ..., "knave": ..., "a_knight": ...,
                          "a_knave": ..., "Knight": ..., "Knave": ...}``);
``solution``              booleans in the order of ``names``, true for a knight;
``solution_text``         "Ann is a knight, Bob is a knave, and Cy is a knight.";
``solution_text_format``  "(1) Ann is a knight\\n(2) Bob is a knave\\n(3) Cy is a knight";
``statements``            the statements' tuple form, as a string (``('telling-truth', i)``,
                          ``('lying', i)``, ``not``, ``and``, ``or``, ``->``, ``<=>``).

And what those datasets lack: ``puzzle`` (the structured JSON form of the truth-puzzle
language, as a string, as ``statements`` is: ``portia solve`` reads it written to a file),
``family``, ``all_solutions`` (every solution, each a list in the order of ``names``:
booleans as ``solution`` for knights and knaves, else each one's values by attribute),
``unique``, ``difficulty`` (level, score,
technique), ``explanation`` (the solution by hand, as lines), ``seed``, ``config``, ``index``
and ``canonical_key`` (equal for puzzles that are the same up to renaming people and
reordering statements: see :func:`portia_tui.core.packs.islands.canonical_key`).

Other families (werewolves, lady-tiger) write ``quiz``, ``names``, ``solution`` (the answer
object), ``solution_text`` and the added fields, and leave out ``knight_knave``,
``solution_text_format`` and ``statements``.

Public API: :func:`records`, :func:`split_plan`, :func:`parse_split`, :data:`ROLE_WORDS`,
:data:`NAMES`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import asdict
from typing import Any

from portia_tui.core.errors import PortiaError
from portia_tui.core.explain.reasoning import explain_within
from portia_tui.core.io.formats import structured
from portia_tui.core.language import sentences as sn
from portia_tui.core.language.formulas import thaw
from portia_tui.core.language.world import WorldPuzzle, WorldStatement
from portia_tui.core.packs import island_print
from portia_tui.core.packs.islands import Island, IslandSettings, generate, named

#: role-word pairs (truthful, lying) that --role-words random draws from
ROLE_WORDS = (("knight", "knave"), ("angel", "devil"), ("saint", "sinner"),
              ("hero", "villain"), ("truth-teller", "liar"), ("sage", "fool"),
              ("altruist", "egoist"), ("pioneer", "laggard"))
#: first names --names random draws from (distinct, one word each)
NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gail", "Hugo", "Ida", "Jack", "Kate",
         "Liam", "Mia", "Noah", "Olga", "Paul", "Quinn", "Rosa", "Sam", "Tess", "Uma", "Vic",
         "Wren", "Xavi", "Yara", "Zed", "Amelia", "Aria", "Oscar", "Ruby", "Leo", "Nora",
         "Ivy", "Owen", "Lily", "Max", "Zoe", "Luke", "Ella", "Jude", "Iris", "Omar", "Hana",
         "Theo", "Lucy", "Ezra", "Maya", "Otto")
LETTERS = tuple("ABCDEFGHIJKL")


class DatasetError(PortiaError):
    def __init__(self, message: str, problem: str):
        super().__init__(message)
        self.problem = problem


def parse_split(text: str) -> list[tuple[str, float]]:
    """``train=0.8,test=0.2`` -> [("train", 0.8), ("test", 0.2)]: names of letters, digits,
    "-" and "_", shares above 0 that add up to 1."""
    parts = []
    for item in text.split(","):
        name, eq, share = item.partition("=")
        name = name.strip()
        if not eq or not name or not all(c.isalnum() or c in "-_" for c in name):
            raise DatasetError(f"--split: {item.strip()!r} is not NAME=SHARE", "split")
        try:
            value = float(share)
        except ValueError:
            raise DatasetError(f"--split: {share.strip()!r} is not a number", "split") from None
        if not 0 < value <= 1:
            raise DatasetError(f"--split: each share must be above 0 and at most 1, not {share}",
                               "split")
        parts.append((name, value))
    if len({n for n, _ in parts}) != len(parts):
        raise DatasetError("--split: a split is named twice", "split")
    if abs(sum(v for _, v in parts) - 1) > 1e-9:
        raise DatasetError("--split: the shares must add up to 1", "split")
    return parts


def split_plan(count: int, parts: list[tuple[str, float]], seed: int,
               keys: list[str] | None = None) -> list[str]:
    """Which split each of `count` puzzles goes to: shares rounded down, the rest to the
    largest remainders, then shuffled by the seed. With their canonical `keys`, the shares
    are of distinct puzzles and twins (``--allow-twins``) go where the first of them goes,
    so no key is in two splits."""
    if keys is not None:
        first: dict[str, int] = {}
        for key in keys:
            first.setdefault(key, len(first))
        plan = split_plan(len(first), parts, seed)
        return [plan[first[key]] for key in keys]
    sizes = [int(count * share) for _n, share in parts]
    rest = sorted(range(len(parts)), key=lambda i: -(count * parts[i][1] - sizes[i]))
    for i in rest[: count - sum(sizes)]:
        sizes[i] += 1
    plan = [name for (name, _s), size in zip(parts, sizes) for _ in range(size)]
    random.Random(f"split:{seed}").shuffle(plan)
    return plan


def dressed(island: Island, names: list[str], roles: tuple[str, str]) -> WorldPuzzle:
    """The puzzle with its people named and its role words set (rooms keep their numbers)."""
    return named(island, names, roles, keep_ids=True, source="portia dataset").puzzle


def _context(p: WorldPuzzle) -> sn.Context:
    return sn.Context.of(p)


def _said(p: WorldPuzzle, s: WorldStatement) -> str:
    return sn.render(thaw(s.says), _context(p).speaking(s.by))


def _listing(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + ", and " + items[-1]


def _article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _plural(word: str) -> str:
    return sn.plural(word)


def quiz(p: WorldPuzzle, family: str) -> str:
    """The puzzle in English, in the style of the research datasets."""
    says = " ".join(f"{s.by} says, \"{_said(p, s)}.\"" for s in p.statements)
    if family == "lady-tiger":  # the rules as printed packs word them (reversed rooms too)
        return (island_print.rules_text(p, ask=False)
                + f" There are {len(p.entities)} "
                f"rooms, {_listing(['room ' + e for e in p.entities])}. "
                + " ".join(f"The sign on room {s.by} says, \"{_said(p, s)}.\""
                           for s in p.statements)
                + " " + island_print.question(p))
    good, bad = p.attributes["type"]
    head = (f"A very special island is inhabited only by {_plural(good)} and {_plural(bad)}. "
            f"{_plural(good).capitalize()} always tell the truth, and {_plural(bad)} always "
            f"lie. You meet {len(p.entities)} inhabitants: {_listing(list(p.entities))}. ")
    if family == "werewolves":
        promises = " ".join(sn.render(thaw(c), _context(p)) + "." for c in p.constraints)
        return head + f"{promises} {says} Which of them is the werewolf?"
    return head + f"{says} So who is {_article(good)} and who is {_article(bad)}?"


def _kk_fields(p: WorldPuzzle, island: Island, roles: tuple[str, str]) -> dict[str, Any]:
    sol = [island.solution[e]["type"] == "knight" for e in island.puzzle.entities]
    said = [f"{name} is {_article(roles[0] if t else roles[1])}"
            for name, t in zip(p.entities, sol)]
    return {
        "knight_knave": {"knight": roles[0], "knave": roles[1], "a_knight": _article(roles[0]),
                         "a_knave": _article(roles[1]), "Knight": roles[0].capitalize(),
                         "Knave": roles[1].capitalize()},
        "solution": sol,
        "solution_text": _listing(said) + ".",
        "solution_text_format": "\n".join(f"({i}) {t}" for i, t in enumerate(said, 1)),
        "statements": repr(island.tuples) if island.tuples is not None else None,
    }


def _answer_text(family: str, answer: dict[str, Any]) -> str:
    where = next(iter(answer.values()))
    if family == "werewolves":
        return f"{where[0]} is the werewolf."
    if len(where) == 1:
        return f"The lady is in room {where[0]}."
    if not where:  # two rooms may both hold tigers
        return "No room holds a lady."
    return f"Ladies are in rooms {_listing(list(where))}."


def record(island: Island, names: list[str], roles: tuple[str, str], index: int,
           seed: int, config: dict[str, Any]) -> dict[str, Any]:
    """One JSON line's object."""
    p = dressed(island, names, roles)
    out: dict[str, Any] = {"quiz": quiz(p, island.family), "names": list(p.entities)}
    renamed = dict(zip(island.puzzle.entities, p.entities))
    if island.family == "knights-knaves":
        out.update(_kk_fields(p, island, roles))
        if out["statements"] is None:
            del out["statements"]
    else:
        # a `where` answer is sorted (the language page), under the names it is dressed in
        answer = {k: (sorted((renamed.get(e, e) for e in v), key=str) if isinstance(v, list) else v)
                  for k, v in island.answer.items()}
        out["solution"] = answer
        out["solution_text"] = _answer_text(island.family, answer)
    from portia_tui.core.solve.general import solve

    result = solve(p)
    out.update({
        # as text, as the statements are: a formula's lists mix words and lists, which
        # Arrow (the datasets library before its Json feature) cannot type as a column
        "puzzle": structured.dumps(p), "family": island.family,
        "all_solutions": _all_solutions(p, island.family, result.solutions),
        "unique": result.unique,
        "difficulty": island.grade.as_dict(), "explanation": _explanation(p),
        "seed": seed, "config": config, "index": index, "canonical_key": island.key,
    })
    return out


def _all_solutions(p: WorldPuzzle, family: str, solutions: list[dict[str, Any]]) -> list[Any]:
    """Every solution, each a list in the order of ``names`` (not keyed by names, which a
    column loader types as one field per name ever seen, mostly null): for knights and
    knaves, booleans as ``solution`` (true for the first role word); for the other families,
    each one's values by attribute (``{"type": "knight", "wolf": "human"}``, ``{"content":
    "lady"}``), the same keys on every line."""
    worlds = [[s["entities"][e] for e in p.entities] for s in solutions]
    if family == "knights-knaves":
        good = p.attributes[p.speaker_attr][0] if p.speaker_attr else None
        return [[one[p.speaker_attr] == good for one in w] for w in worlds]
    return [[dict(one) for one in w] for w in worlds]


def _explanation(p: WorldPuzzle) -> list[str]:
    """The solution by hand, graded within the grader's work budget (the puzzle was kept
    because its grade fit it; renamed, it takes the same steps)."""
    return explain_within(p)


def _names(choice: str, k: int, rng: random.Random) -> list[str]:
    if choice == "random":
        return rng.sample(NAMES, k)
    if choice == "letters":
        return list(LETTERS[:k])
    given = [n.strip() for n in choice.split(",")]
    return given[:k]


def check_names(choice: str, k: int) -> None:
    if choice in ("random", "letters"):
        return
    given = [n.strip() for n in choice.split(",")]
    if len(given) < k:
        raise DatasetError(f"--names: {len(given)} names given, {k} needed", "names")
    if len(set(given[:k])) != len(given[:k]):
        raise DatasetError("--names: a name is given twice", "names")
    for n in given:
        if not n.isalpha() or not n[:1].isupper() or len(n) > 20:
            raise DatasetError(f"--names: {n!r} is not a capitalised word of letters "
                               "(20 at most)", "names")


def check_roles(choice: str) -> tuple[str, str] | None:
    if choice == "random":
        return None
    good, comma, bad = choice.partition(",")
    good, bad = good.strip().lower(), bad.strip().lower()
    ok = comma and good and bad and good != bad
    if not ok or not all(c.isalpha() or c == "-" for c in good + bad):
        raise DatasetError("--role-words: give TRUTHFUL,LYING (e.g. angel,devil) or random",
                           "role-words")
    return good, bad


def records(settings: IslandSettings, names: str = "random", roles: str = "knight,knave",
            too_large: list[int] | None = None) -> Iterator[dict[str, Any]]:
    """One record per generated puzzle, in order. Candidates too large to grade within
    reasoning.GRADE_STEPS are skipped; `too_large` (a one-item list), when given, counts
    them."""
    fixed = check_roles(roles)
    if settings.family != "lady-tiger":
        check_names(names, settings.size)
    rng = random.Random(f"dress:{settings.seed}")
    config = {k: v for k, v in asdict(settings).items() if k not in ("seed", "count")}
    config.update({"names": names, "role_words": roles})
    for index, island in enumerate(generate(settings, too_large)):
        who = (_names(names, settings.size, rng) if settings.family != "lady-tiger"
               else list(island.puzzle.entities))
        pair = fixed or rng.choice(ROLE_WORDS)
        yield record(island, who, pair, index, settings.seed, config)


def line(rec: dict[str, Any]) -> str:
    return json.dumps(rec, ensure_ascii=False)


__all__ = ["DatasetError", "LETTERS", "NAMES", "ROLE_WORDS", "check_names", "check_roles",
           "dressed", "line", "parse_split", "quiz", "record", "records", "split_plan"]
