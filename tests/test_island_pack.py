"""Truth puzzles in pack files (core/packs/island_pack.py): written and read back equal,
mixed with casket puzzles, checked by the general engine and the grader, listed, and every
bad entry one line FILE:LINE."""

from __future__ import annotations

import dataclasses
import random

import pytest

from portia_tui.cli import main
from portia_tui.core.errors import FormatError
from portia_tui.core.packs import island_pack
from portia_tui.core.packs.islands import NAMES, IslandSettings, generate, named
from portia_tui.core.packs.pack import (Pack, PackPuzzle, build_island_pack, check_pack,
                                        dumps_pack, load_pack, loads_pack, save_pack)
from portia_tui.core.solve.general import solve


def _islands(family: str, size: int, count: int, seed: int = 1):
    rng = random.Random(seed)
    out = []
    for island in generate(IslandSettings(family=family, size=size, count=count, seed=seed)):
        names = (list(island.puzzle.entities) if family == "lady-tiger"
                 else rng.sample(NAMES, size))
        out.append(named(island, names))
    return out


@pytest.fixture(scope="module")
def pack() -> Pack:
    made = (_islands("knights-knaves", 4, 3) + _islands("werewolves", 3, 2)
            + _islands("lady-tiger", 3, 2))
    return build_island_pack(made, IslandSettings(family="knights-knaves", size=4),
                                  created="2026-11-25T00:00:00+00:00")


def test_a_pack_of_truth_puzzles_reads_back_equal(pack):
    text = dumps_pack(pack)
    assert text.startswith("format = 3\n")
    assert text.count("[[puzzles]]") == len(pack.puzzles)
    assert loads_pack(text) == pack


def test_the_entry_is_a_format_3_puzzle_with_sentences(pack):
    text = dumps_pack(pack)
    first = pack.puzzles[0].world
    assert f'name = "{first.entities[0]}"' in text
    assert "[[puzzles.entities]]" in text
    assert 'says = ["' in text  # a statement's id is its speaker's: no id tables


def test_the_stored_solution_is_sealed_and_is_the_answer(pack):
    for entry in pack.puzzles:
        answer = solve(entry.world).answers[0]
        assert entry.token == island_pack.answer_token(entry.id, answer)
        assert entry.solution is None
        assert island_pack.answer_text(answer) not in dumps_pack(pack)


def test_pack_check_regrades_with_the_same_grader(pack):
    results = check_pack(pack)
    assert all(r.ok for r in results), [r.line() for r in results]
    wrong = [PackPuzzle(e.id, e.puzzle, "fiendish" if e.difficulty != "fiendish" else "gentle",
                        e.rating, None, e.token) for e in pack.puzzles[:1]]
    (result,) = check_pack(Pack("t", tuple(wrong)))
    assert not result.ok and "rates" in result.message
    swapped = PackPuzzle("001", pack.puzzles[0].puzzle, pack.puzzles[0].difficulty,
                         pack.puzzles[0].rating, None, pack.puzzles[1].token)
    (result,) = check_pack(Pack("t", (swapped,)))
    assert not result.ok and "not the stored one" in result.message


def test_a_twin_in_the_pack_is_reported(pack):
    first = pack.puzzles[0]
    twin = PackPuzzle("002", first.puzzle, first.difficulty, first.rating)
    results = check_pack(Pack("t", (first, twin)))
    assert results[0].ok and not results[1].ok and "same puzzle as 001" in results[1].message


def test_a_mixed_pack_keeps_both_kinds_in_order(pack, tmp_path):
    from portia_tui.core.io import formats

    from .conftest import REPO

    casket = formats.load(REPO / "puzzles" / "smullyan-first.toml")
    c1 = PackPuzzle("c1", casket, "gentle", 1.0, "lead")
    c2 = PackPuzzle("c2", casket.with_meta(title="Again"), "gentle", 1.0, None)
    mixed = Pack("mixed", (c1,) + pack.puzzles[:2] + (c2,))
    save_pack(mixed, tmp_path / "mixed.toml")
    back = load_pack(tmp_path / "mixed.toml")
    assert back == mixed
    assert [e.is_truth for e in back.puzzles] == [False, True, True, False]


def test_pack_list_and_check_on_the_command_line(pack, tmp_path, capsys):
    path = tmp_path / "islands.toml"
    save_pack(pack, path)
    assert main(["pack", "list", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "knights-knaves, 4 people" in out[1] and "lady-tiger, 3 rooms" in out[-1]
    assert main(["pack", "check", str(path)]) == 0
    out, err = capsys.readouterr()
    assert out.count(": ok,") == len(pack.puzzles)


def _bad(text: str, needle: str) -> FormatError:
    with pytest.raises(FormatError) as caught:
        loads_pack(text, "bad.toml")
    err = caught.value
    line = text.split("\n")[err.line - 1]
    assert needle in line, (str(err), line)
    return err


def test_a_bad_entry_is_one_line_at_its_own_line(pack):
    text = dumps_pack(pack)
    lines = text.split("\n")
    last = max(i for i, line in enumerate(lines) if line.startswith("says = ["))
    broken = "\n".join(lines[:last] + ['says = ["Ann is a wizard"]'] + lines[last + 1:])
    err = _bad(broken, "wizard")
    assert err.path == "bad.toml"
    k = max(i for i, line in enumerate(lines) if line.startswith("rating = "))
    bad_rating = "\n".join(lines[:k] + ["rating = -4"] + lines[k + 1:])
    _bad(bad_rating, "rating")
    bad_key = text.replace('speaker_attr = "type"', 'speaker_attr = "type"\ncolour = "red"', 1)
    _bad(bad_key, "colour")


@pytest.mark.parametrize("fmt", ["html", "md", "txt", "json"])
def test_pack_export_prints_truth_puzzles(pack, tmp_path, fmt):
    from portia_tui.core.packs.export import export_pack
    from portia_tui.core.packs.island_print import answer_said

    out = tmp_path / ("out." + fmt if fmt in ("html", "md") else "out")
    result = export_pack(pack, fmt, out, solutions="full")
    if fmt in ("txt", "json"):
        assert len(result.written) == len(pack.puzzles)
        first = (out / "001.txt").read_text() if fmt == "txt" else ""
        if fmt == "txt":
            assert "Answer:" in first and pack.puzzles[0].world.entities[0] + ": " in first
        return
    text = out.read_text()
    assert text.count("Answer: ") >= len(pack.puzzles)
    assert "Answer key" in text and "portrait" not in text
    for entry in pack.puzzles:
        said = answer_said(entry.world, solve(entry.world).answers[0])
        assert said in text
        assert entry.world.entities[-1] in text


def test_the_printed_page_reads_as_a_person_expects(pack):
    from portia_tui.core.packs.export import to_html, to_markdown

    page = to_html(pack, solutions="full")
    kk = pack.puzzles[0].world
    assert f'<span class="blank">{kk.entities[1]}: ' in page  # one blank per person
    assert "Answer: the werewolf is ____" in page and "Answer: the lady is in room ____" in page
    assert "Knights always tell the truth; knaves always lie." in page
    assert "Exactly one room holds the lady." in page
    assert "the sign on room " in page.lower()
    assert "I's statement" not in page and "II's statement" not in page
    assert page.count('class="puzzle truth"') == len(pack.puzzles)
    text = to_markdown(pack)
    assert text.count("Answer:") == len(pack.puzzles) and "## Answer key" in text


def test_the_intro_is_worded_for_the_families_in_the_pack(pack):
    """A pack of trials speaks of signs, a pack of islanders of who lies, a mixed one of both
    (the islanders' line said "who speaks the truth and who lies" over trials too)."""
    from portia_tui.core.packs.export import to_markdown
    from portia_tui.core.packs.island_print import INTRO, MIXED_INTRO, TRIAL_INTRO

    def only(family: str) -> Pack:
        kept = [e for e in pack.puzzles if island_pack.family_of(e.world) == family]
        return dataclasses.replace(pack, puzzles=tuple(kept))

    trials = to_markdown(only("lady-tiger"))
    assert TRIAL_INTRO in trials and INTRO not in trials and "who lies" not in trials
    assert "sign is true" in TRIAL_INTRO
    islanders = to_markdown(only("knights-knaves"))
    assert INTRO in islanders and "sign" not in islanders.split("## ")[0]
    assert MIXED_INTRO in to_markdown(pack)


def test_a_pack_made_allowing_twins_reports_only_copies(pack):
    from portia_tui.core.language.world import WorldStatement

    first = pack.puzzles[0]
    names = list(first.world.entities)
    table = dict(zip(names, names[1:] + names[:1]))  # everyone takes the next one's name

    def swap(f):
        if isinstance(f, (list, tuple)):
            return [swap(g) for g in f]
        return table.get(f, f) if isinstance(f, str) else f

    world = first.world
    twin = world.replace(title="Again", entities=tuple(table[e] for e in names),
                         statements=tuple(WorldStatement(s.id, table[s.by], swap(s.says))
                                          for s in world.statements))
    entries = (first, PackPuzzle("002", twin, first.difficulty, first.rating),
               PackPuzzle("003", world.replace(title="Copy"), first.difficulty, first.rating))
    plain = check_pack(Pack("t", entries))
    assert [r.ok for r in plain] == [True, False, False]
    allowed = check_pack(Pack("t", entries, generator={"allow_twins": True}))
    assert [r.ok for r in allowed] == [True, True, False]


@pytest.mark.parametrize("argv, said", [
    (["solve", "{p}"], "== {p} 001 =="),
    (["solve", "{p}", "--id", "002"], "Valid: one answer"),
    (["check", "{p}"], "valid: one answer"),
    (["hint", "{p}"], "== {p} 001 ==\nHint 1:"),
    (["pack", "extract", "{p}", "001", "-o", "{d}/one.toml"], ""),
    (["pack", "extract", "{p}", "001", "-o", "{d}/one.json"], ""),
])
def test_commands_take_a_truth_puzzle_of_a_pack(pack, tmp_path, capsys, argv, said):
    path = tmp_path / "islands.toml"
    save_pack(pack, path)
    args = [a.format(p=path, d=tmp_path) for a in argv]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert said.format(p=path) in out
    if argv[:2] == ["pack", "extract"]:
        from portia_tui.core.io.formats import load_any

        assert load_any(args[-1]) == pack.puzzles[0].world


# (`edit PACK --id` opens the truth editor: tests/test_edit_truth_sources.py)
@pytest.mark.parametrize("argv", [["assist", "{p}", "--id", "001"],
                                  ["repair", "{p}", "--id", "001"]])
def test_casket_only_commands_refuse_a_truth_puzzle_in_one_line(pack, tmp_path, capsys, argv):
    path = tmp_path / "islands.toml"
    save_pack(pack, path)
    try:
        code = main([a.format(p=path) for a in argv])
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    assert code == 2 and len(err.strip().splitlines()) == 1 and "truth puzzle" in err, err
