"""portia dataset and the island generator, checked against a reading of the Xie et al. tuple
grammar written here alone (it shares no code with the engines), and by renaming puzzles."""

from __future__ import annotations

import json
import random
from itertools import product

import pytest

from portia_tui.cli import main
from portia_tui.core.language.world import WorldPuzzle, WorldStatement
from portia_tui.core.packs import dataset
from portia_tui.core.packs.dataset import split_plan
from portia_tui.core.packs.islands import IslandSettings, canonical_key, generate

XIE_FIELDS = {"quiz", "names", "knight_knave", "solution", "solution_text",
              "solution_text_format", "statements"}
ADDED = {"puzzle", "family", "all_solutions", "unique", "difficulty", "explanation", "seed",
         "config", "index", "canonical_key"}


def holds(s, knights):
    """A statement of the tuple grammar, in a world where knights[i] says who is a knight."""
    head = s[0]
    if head == "telling-truth":
        return knights[s[1]]
    if head == "lying":
        return not knights[s[1]]
    parts = [holds(t, knights) for t in s[1:]]
    return {"not": lambda: not parts[0], "and": lambda: all(parts), "or": lambda: any(parts),
            "->": lambda: (not parts[0]) or parts[1], "<=>": lambda: parts[0] == parts[1]}[head]()


def worlds(statements, skip=None):
    """Every assignment where each speaker's statement is true exactly when they are a knight
    (statement `skip` left out)."""
    k = len(statements)
    return [w for w in product((True, False), repeat=k)
            if all(holds(s, w) == w[i] for i, s in enumerate(statements) if i != skip)]


def lines(count=30, people=4, seed=5, **kw):
    settings = IslandSettings(size=people, count=count, seed=seed, **kw)
    return list(dataset.records(settings))


@pytest.mark.parametrize("people, count", [(2, 3), (3, 12), (5, 12), (7, 6)])
def test_knights_lines_solve_as_the_tuples_say(people, count):
    for rec in lines(count=count, people=people, seed=people):
        assert XIE_FIELDS | ADDED <= set(rec)
        tuples = eval(rec["statements"], {"__builtins__": {}})  # the datasets' own reading
        assert len(tuples) == people == len(rec["names"])
        found = worlds(tuples)
        assert found == [tuple(rec["solution"])]
        assert rec["unique"] and len(rec["all_solutions"]) == 1
        # no wasted speaker: every statement is needed for the answer
        for i in range(people):
            assert len(worlds(tuples, skip=i)) > 1
        # no trivial statement: each one's truth depends on the world
        for s in tuples:
            values = {holds(s, w) for w in product((True, False), repeat=people)}
            assert values == {True, False}
        text = rec["solution_text_format"].split("\n")
        assert text[0].startswith(f"(1) {rec['names'][0]} is ")
        assert rec["knight_knave"]["a_knight"] == "a knight"


def test_the_structured_puzzle_matches_the_tuples():
    from portia_tui.core.io.formats import structured
    from portia_tui.core.solve.general import solve

    for rec in lines(count=8, people=3, seed=11):
        puzzle = structured.loads(rec["puzzle"])
        result = solve(puzzle)
        assert result.unique
        sol = result.solutions[0]["entities"]
        assert [sol[n]["type"] == "knight" for n in rec["names"]] == rec["solution"]


def test_same_seed_same_lines_and_role_words():
    a = lines(count=5, seed=9)
    assert a == lines(count=5, seed=9)
    angel = list(dataset.records(IslandSettings(size=3, count=3, seed=2), roles="angel,devil"))
    for rec in angel:
        assert "angel" in rec["quiz"] and rec["knight_knave"]["knight"] == "angel"
        assert json.loads(rec["puzzle"])["attributes"]["type"] == ["angel", "devil"]


def _permuted(puzzle: WorldPuzzle, rng: random.Random) -> WorldPuzzle:
    order = list(puzzle.entities)
    rng.shuffle(order)
    table = {e: f"Q{i}" for i, e in enumerate(order)}

    def rn(f):
        if isinstance(f, (list, tuple)):
            return [rn(g) for g in f]
        return table.get(f, f)

    statements = [WorldStatement(id=f"t{i}", by=table[s.by], says=rn(s.says))
                  for i, s in enumerate(puzzle.statements)]
    rng.shuffle(statements)
    return puzzle.replace(entities=tuple(table[e] for e in order), statements=tuple(statements))


def test_canonical_key_ignores_names_and_order():
    rng = random.Random(3)
    islands = list(generate(IslandSettings(size=5, count=15, seed=4)))
    keys = {i.key for i in islands}
    assert len(keys) == 15  # no twins in a pack
    for island in islands:
        for _ in range(3):
            assert canonical_key(_permuted(island.puzzle, rng)) == island.key


def test_splits_share_no_puzzle(tmp_path):
    out = tmp_path / "kk.jsonl"
    assert main(["dataset", "--people", "3", "--count", "20", "--seed", "1", "-o", str(out),
                 "--split", "train=0.75,test=0.25"]) == 0
    train = [json.loads(x) for x in (tmp_path / "kk.train.jsonl").read_text().splitlines()]
    test = [json.loads(x) for x in (tmp_path / "kk.test.jsonl").read_text().splitlines()]
    assert (len(train), len(test)) == (15, 5)
    assert not {r["canonical_key"] for r in train} & {r["canonical_key"] for r in test}


def test_other_families_leave_out_the_knight_fields():
    for family in ("werewolves", "lady-tiger"):
        recs = list(dataset.records(IslandSettings(family=family, size=3, count=3, seed=1)))
        for rec in recs:
            assert ADDED <= set(rec)
            assert not {"knight_knave", "solution_text_format", "statements"} & set(rec)
            assert rec["unique"] and rec["family"] == family


@pytest.mark.parametrize("argv, says", [
    (["--people", "13"], "out of range: 2 to 12"),
    (["--people", "1"], "out of range: 2 to 12"),
    (["--count", "0"], "out of range: 1 to 100,000"),
    (["--depth", "4"], "out of range: 1 to 3"),
    (["--split", "train=0.5,test=0.2"], "add up to 1"),
    (["--split", "train"], "NAME=SHARE"),
    (["--role-words", "angel"], "--role-words"),
    (["--names", "Ann,Bob"], "--names: 2 names given, 3 needed"),
    (["--family", "lady-tiger", "--people", "3"], "takes --rooms"),
    # rooms have no role words or names: these were dropped without a word (and the dropped
    # role words were still written in every line's config)
    (["--family", "lady-tiger", "--role-words", "angel,devil"], "--role-words is for islanders"),
    (["--family", "lady-tiger", "--names", "Ann,Bob,Cy"], "--names is for islanders"),
    (["--seed", "-1"], "out of range: 0 to"),
])
def test_bad_arguments_are_one_line(tmp_path, capsys, argv, says):
    try:
        code = main(["dataset", "-o", str(tmp_path / "x.jsonl"), *argv])
    except SystemExit as exc:  # argparse's own one line
        code = exc.code
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert says in err and "\n" not in err and "Traceback" not in err
    assert not (tmp_path / "x.jsonl").exists()


def test_an_existing_file_is_kept(tmp_path, capsys):
    out = tmp_path / "kk.jsonl"
    out.write_text("mine\n")
    assert main(["dataset", "--count", "2", "-o", str(out)]) == 2
    assert out.read_text() == "mine\n"
    assert main(["dataset", "--count", "2", "-o", str(out), "--force", "--seed", "3"]) == 0
    assert len(out.read_text().splitlines()) == 2


def _split_run(tmp_path, *more):
    return main(["dataset", "--people", "2", "--count", "4", "--seed", "1", "--allow-monotony",
                 "-o", str(tmp_path / "kk.jsonl"), "--split", "train=0.5,test=0.5", *more])


@pytest.mark.parametrize("where", ["temp", "replace", "replace-no-links"])
def test_force_split_failing_on_a_later_file_keeps_the_old_files(tmp_path, capsys, monkeypatch,
                                                                  where):
    """--force --split that fails on the second file (while writing it, or while putting it
    in place) leaves both old files as they were, and no stray file: all or none."""
    import errno
    import os

    from portia_tui.core.io import files

    for name in ("train", "test"):
        (tmp_path / f"kk.{name}.jsonl").write_text(f"old {name}\n")
    calls = []
    if where == "temp":
        real_temp = files._temp_file

        def temp(folder, base):
            calls.append(base)
            if len(calls) == 2:
                raise OSError(errno.ENOSPC, "No space left on device")
            return real_temp(folder, base)

        monkeypatch.setattr(files, "_temp_file", temp)
    else:
        real_replace = os.replace
        if where == "replace-no-links":  # a file system without hard links: kept by a copy
            def no_link(src, dst):
                raise OSError(errno.EPERM, "Operation not permitted")

            monkeypatch.setattr(files.os, "link", no_link)

        def replace(src, dst):
            if str(src).endswith(".tmp"):
                calls.append(dst)
                if len(calls) == 2:
                    raise OSError(errno.EIO, "Input/output error")
            return real_replace(src, dst)

        monkeypatch.setattr(files.os, "replace", replace)
    assert _split_run(tmp_path, "--force") == 2
    err = capsys.readouterr().err.strip()
    assert "no file written" in err and "\n" not in err.splitlines()[-1]
    assert len(calls) == 2
    assert (tmp_path / "kk.train.jsonl").read_text() == "old train\n"
    assert (tmp_path / "kk.test.jsonl").read_text() == "old test\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kk.test.jsonl", "kk.train.jsonl"]
    monkeypatch.undo()
    assert _split_run(tmp_path, "--force") == 0  # and it works when nothing fails
    assert (tmp_path / "kk.train.jsonl").read_text().count("\n") == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kk.test.jsonl", "kk.train.jsonl"]


def test_a_split_failing_on_a_later_file_writes_no_new_file(tmp_path, capsys, monkeypatch):
    import errno
    import os

    from portia_tui.core.io import files

    real_link, calls = os.link, []

    def link(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(errno.EIO, "Input/output error")
        return real_link(src, dst)

    monkeypatch.setattr(files.os, "link", link)
    assert _split_run(tmp_path) == 2
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("family, size", [("knights-knaves", 3), ("werewolves", 3),
                                          ("lady-tiger", 3)])
def test_all_solutions_is_a_list_in_the_order_of_names(family, size):
    """Not keyed by names (datasets 3.x typed that as a struct of every name ever seen,
    mostly None): lists in the order of `names`, the same shape on every line."""
    recs = list(dataset.records(IslandSettings(family=family, size=size, count=6, seed=2)))
    shapes = set()
    for rec in recs:
        sols = rec["all_solutions"]
        assert sols and all(len(w) == len(rec["names"]) for w in sols)
        world = json.loads(rec["puzzle"])
        if family == "knights-knaves":
            assert sols == [rec["solution"]]
            assert all(isinstance(v, bool) for v in sols[0])
        else:
            for w in sols:
                assert all(set(one) == set(world["attributes"]) for one in w)
                shapes.add(frozenset(k for one in w for k in one))
            asked, said = next(iter(rec["solution"].items()))
            attr, value = asked.split()[1].split("=")
            for w in sols:  # every solution gives the one answer
                assert sorted(n for n, one in zip(rec["names"], w) if one[attr] == value) == sorted(said)
        json.dumps(rec)
    assert len(shapes) <= 1


def test_twins_allowed_still_stay_in_one_split(tmp_path):
    """--allow-twins lets a puzzle come twice; both copies go to the same split."""
    out = tmp_path / "kk.jsonl"
    assert main(["dataset", "--people", "2", "--count", "40", "--seed", "1", "-o", str(out),
                 "--allow-twins", "--allow-monotony", "--split", "train=0.5,test=0.5"]) == 0
    train = [json.loads(x)["canonical_key"] for x in (tmp_path / "kk.train.jsonl").open()]
    test = [json.loads(x)["canonical_key"] for x in (tmp_path / "kk.test.jsonl").open()]
    assert len(train) + len(test) == 40 and len(set(train + test)) < 40  # twins were made
    assert not set(train) & set(test)
    assert split_plan(4, [("a", 0.5), ("b", 0.5)], 3) == split_plan(
        4, [("a", 0.5), ("b", 0.5)], 3, ["k1", "k2", "k3", "k4"])  # no twins: as before


def _hand(people, said, roles=("knight", "knave")):
    from portia_tui.core.io.formats import structured

    return structured.from_data({
        "entities": people, "attributes": {"type": list(roles)}, "speaker_attr": "type",
        "modes": {roles[0]: "true", roles[1]: "false"},
        "statements": [{"id": f"s{i}", "by": by, "says": says}
                       for i, (by, says) in enumerate(said)]})


def test_canonical_key_of_a_hand_made_copy():
    """Written by hand: the people renamed, the statements and the parts of and/or/iff
    reordered, angels and devils for knights and knaves, "Ben is a knave" said by Ben for
    "I am a knave": one key. A changed statement: another key."""
    def kt(who, t):
        return ["is", who, "type", t]

    first = _hand(["Ann", "Ben", "Cy"], [
        ("Ann", ["and", kt("Ben", "knave"), kt("Cy", "knight")]),
        ("Ben", ["or", kt("Ann", "knight"), kt("self", "knave")]),
        ("Cy", ["iff", kt("Ann", "knave"), kt("Ben", "knight")])])
    copy = _hand(["Al", "Zed", "Mo"], [  # Ann -> Zed, Ben -> Mo, Cy -> Al
        ("Al", ["iff", kt("Mo", "knight"), kt("Zed", "knave")]),
        ("Mo", ["or", kt("self", "knave"), kt("Zed", "knight")]),
        ("Zed", ["and", kt("Al", "knight"), kt("Mo", "knave")])])
    assert canonical_key(copy) == canonical_key(first)
    angels = _hand(["Al", "Zed", "Mo"], [
        ("Mo", ["or", kt("Mo", "devil"), kt("Zed", "angel")]),
        ("Zed", ["and", kt("Mo", "devil"), kt("Al", "angel")]),
        ("Al", ["iff", kt("Zed", "devil"), kt("Mo", "angel")])], roles=("angel", "devil"))
    assert canonical_key(angels) == canonical_key(first)
    other = _hand(["Ann", "Ben", "Cy"], [
        ("Ann", ["and", kt("Ben", "knave"), kt("Cy", "knight")]),
        ("Ben", ["or", kt("Ann", "knight"), kt("self", "knave")]),
        ("Cy", ["iff", kt("Ann", "knight"), kt("Ben", "knight")])])
    assert canonical_key(other) != canonical_key(first)


def _trial(rooms, said, overrides=None):
    from portia_tui.core.io.formats import structured

    return structured.from_data({
        "entities": rooms, "attributes": {"content": ["lady", "tiger"]},
        "speaker_attr": "content", "modes": {"lady": "true", "tiger": "false"},
        "mode_overrides": overrides or {},
        "constraints": [["count", "all", {"content": "lady"}, "==", 1]],
        "statements": [{"id": sid, "by": by, "says": says} for sid, by, says in said]})


def test_canonical_key_of_trials_whose_signs_name_signs():
    """Written by hand: a trial whose signs speak of other signs by their ids ("sign s3 is
    right"), and the same trial with its rooms renamed and the signs' ids following their
    rooms: one key (the ids once entered the key's invariants as they were, and a renamed
    copy could get another key). Each room's own rule is part of the key, and a sign
    given as one of two wordings does not break it."""
    def lady(room):
        return ["is", room, "content", "lady"]

    first = _trial(["A", "B", "C"], [
        ("s1", "A", ["iff", ["true", "s2"], lady("C")]),
        ("s2", "B", ["or", ["true", "s3"], lady("self")]),
        ("s3", "C", ["not", lady("A")])])
    copy = _trial(["P", "Q", "R"], [  # A -> R, B -> P, C -> Q; s1 -> m5, s2 -> z9, s3 -> a1
        ("z9", "P", ["or", lady("self"), ["true", "a1"]]),
        ("a1", "Q", ["not", lady("R")]),
        ("m5", "R", ["iff", lady("Q"), ["true", "z9"]])])
    assert canonical_key(copy) == canonical_key(first)
    other = _trial(["A", "B", "C"], [
        ("s1", "A", ["iff", ["true", "s3"], lady("C")]),
        ("s2", "B", ["or", ["true", "s3"], lady("self")]),
        ("s3", "C", ["not", lady("A")])])
    assert canonical_key(other) != canonical_key(first)
    flipped = {"lady": "false", "tiger": "true"}
    ruled = _trial(["A", "B", "C"], [("s1", "A", lady("B")), ("s2", "B", lady("C")),
                                     ("s3", "C", lady("A"))], {"A": flipped})
    moved = _trial(["A", "B", "C"], [("s1", "A", lady("B")), ("s2", "B", lady("C")),
                                     ("s3", "C", lady("A"))], {"B": flipped})
    turned = _trial(["X", "Y", "Z"], [("t1", "X", lady("Y")), ("t2", "Y", lady("Z")),
                                      ("t3", "Z", lady("X"))], {"Y": flipped})
    assert canonical_key(moved) == canonical_key(turned)  # the same ring, the rule moved too
    assert canonical_key(ruled) == canonical_key(moved)  # a ring: every room alike
    plain = _trial(["A", "B", "C"], [("s1", "A", lady("B")), ("s2", "B", lady("C")),
                                     ("s3", "C", lady("A"))])
    assert canonical_key(plain) != canonical_key(ruled)  # the room's own rule counts
    from portia_tui.core.io.formats import load_any

    unhung = load_any("puzzles/truth/trial-8-unhung-signs.toml")
    assert canonical_key(getattr(unhung, "puzzle", unhung))  # one_of: no TypeError


def test_a_lines_key_is_the_key_of_its_own_puzzle():
    """Whatever role words a line was dressed in, canonical_key of its `puzzle` field is
    its `canonical_key` (a pipeline can key puzzles made elsewhere the same way)."""
    from portia_tui.core.io.formats import structured

    for family in ("knights-knaves", "werewolves"):
        settings = IslandSettings(family=family, size=3, count=4, seed=6)
        for rec in dataset.records(settings, roles="random"):
            assert canonical_key(structured.loads(rec["puzzle"])) == rec["canonical_key"]


def test_a_trial_of_two_rooms_tells_of_no_empty_room():
    """Two rooms hold a lady or a tiger each (Smullyan's two-room trials: both may hold
    ladies, or both tigers): the quiz does not speak of empty rooms, nor of one lady."""
    two = next(dataset.records(IslandSettings(family="lady-tiger", size=2, count=1, seed=1)))
    assert two["quiz"].startswith("Each room holds a lady or a tiger.")
    assert "Both rooms may hold ladies, or both tigers." in two["quiz"]
    assert "empty room" not in two["quiz"] and "nothing" not in two["quiz"]
    assert two["quiz"].endswith("Which rooms hold ladies?")
    three = next(dataset.records(IslandSettings(family="lady-tiger", size=3, count=1, seed=1)))
    assert three["quiz"].startswith("Each room holds a lady, a tiger or nothing. Exactly one "
                                    "room holds the lady.")
    assert "the sign on an empty room may say anything." in three["quiz"]
    assert three["quiz"].endswith("Which room holds the lady?")


def test_a_trial_with_reversed_rooms_says_so():
    """Hard trials may turn a room's rule round: the quiz says which rooms."""
    trial = next(generate(IslandSettings(family="lady-tiger", size=3, count=1, seed=1))).puzzle
    assert "other way round" not in dataset.quiz(trial, "lady-tiger")
    turned = trial.replace(mode_overrides={"II": {"lady": "false", "tiger": "true"}})
    assert ("But in room II it is the other way round"
            in dataset.quiz(turned, "lady-tiger"))


def test_every_column_has_one_type_for_arrow(tmp_path, capsys):
    """The datasets library (before its Json feature) and Logic-RL's Dataset.from_generator
    type each column with Arrow: no list may mix words and lists. A formula does (["and",
    ["is", ...], ...]), so the puzzle is a string, as the statements are; `portia solve`
    reads it written to a file."""
    def kinds(value, path, seen):
        if isinstance(value, dict):
            for k, v in value.items():
                kinds(v, f"{path}.{k}", seen)
        elif isinstance(value, list):
            seen.setdefault(path + "[]", set()).update(
                "list" if isinstance(v, list) else "dict" if isinstance(v, dict)
                else type(v).__name__ for v in value)
            for v in value:
                kinds(v, path + "[]", seen)
        return seen

    for family in ("knights-knaves", "werewolves", "lady-tiger"):
        for rec in dataset.records(IslandSettings(family=family, size=3, count=4, seed=2)):
            for path, types in kinds(rec, "", {}).items():
                assert len(types) <= 1, (family, path, types)
    assert isinstance(rec["puzzle"], str)
    (tmp_path / "p.json").write_text(rec["puzzle"])
    assert main(["solve", str(tmp_path / "p.json")]) == 0
    assert "lady" in capsys.readouterr().out


def test_puzzles_too_large_to_grade_are_skipped_and_counted(tmp_path, capsys, monkeypatch):
    """The grader has a work budget (reasoning.GRADE_STEPS, a million steps): a candidate
    past it is skipped, and `portia dataset` says how many were (here a budget of 40 steps
    skips some 4-islander candidates; every line written is graded and explained in full)."""
    from portia_tui.core.explain import reasoning

    monkeypatch.setattr(reasoning, "GRADE_STEPS", 40)
    out = tmp_path / "d.jsonl"
    assert main(["dataset", "--people", "4", "--count", "5", "--seed", "3",
                 "-o", str(out)]) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert err[0].startswith(f"wrote {out} 5")
    assert err[1].startswith("skipped ") and err[1].endswith(
        "candidate puzzles too large to grade (over 40 steps each)")
    assert int(err[1].split()[1]) > 0
    for text in out.read_text().splitlines():
        line = json.loads(text)
        assert line["explanation"] and "too large" not in " ".join(line["explanation"])
    monkeypatch.setattr(reasoning, "GRADE_STEPS", 1)
    settings = IslandSettings(size=3, count=1, seed=1, attempts=50)
    too_large = [0]
    with pytest.raises(Exception, match="gave up after 50 candidates"):
        list(generate(settings, too_large))
    assert too_large[0] > 0
