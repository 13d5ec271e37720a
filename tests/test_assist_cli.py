"""`portia new`, `assist`, `repair`; `solve`/`check` on partial puzzles and packs; `pack extract`;
`edit PACK --id`."""

from __future__ import annotations

import json

from portia_tui.cli import main
from portia_tui.cli.edit import load_from_pack
from portia_tui.core.io import formats
from portia_tui.core.author.assistant import mark_choices, repairs
from portia_tui.core.language.model import Puzzle, blank_puzzle, default_puzzle
from portia_tui.core.packs.pack import Pack, PackPuzzle, save_pack
from portia_tui.core.language.vocabulary import EMPTY, Statement, menu, sentence

from .conftest import REPO


def run(capsys, *argv):
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exc:  # argparse: a usage error (a number out of its range)
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


def one_line(err: str) -> bool:
    return err.count("\n") == 1 and "Traceback" not in err


def draft(tmp_path) -> str:
    puzzle = Puzzle.build({"gold": [Statement("in", "gold")], "silver": [EMPTY],
                           "lead": [EMPTY]}, m=1, target="silver")
    path = tmp_path / "draft.toml"
    formats.save(puzzle, path)
    return str(path)


# --------------------------------------------------------------------------- new
def test_new_writes_a_blank_puzzle_and_never_replaces(capsys, tmp_path, cfg):
    cfg.mkdir()
    (cfg / "settings.toml").write_text('author = "Ada"\n', encoding="utf-8")
    path = tmp_path / "new.toml"
    code, _, err = run(capsys, "new", path, "--caskets", 4, "-n", 2, "--m", 3,
                       "--target", "lead", "--no-edit")
    assert code == 0 and "wrote" in err
    puzzle = formats.load(path)
    assert puzzle == blank_puzzle(4, 2, 3, author="Ada", target="lead")
    assert puzzle.title == puzzle.notes == ""
    before = path.read_text(encoding="utf-8")
    code, _, err = run(capsys, "new", path, "--no-edit")
    assert code == 2 and one_line(err) and err.startswith(f"{path}:")
    assert path.read_text(encoding="utf-8") == before


def test_new_without_settings_leaves_the_author_empty(capsys, tmp_path):
    path = tmp_path / "plain.toml"
    assert run(capsys, "new", path, "--no-edit")[0] == 0
    puzzle = formats.load(path)
    assert puzzle == blank_puzzle(3, 1) and puzzle.m is None and puzzle.target is None


def test_new_refuses_bad_options_in_one_line(capsys, tmp_path):
    for argv in (["--caskets", "1"], ["-n", "0"], ["--m", "4"], ["--target", "tin"]):
        code, _, err = run(capsys, "new", tmp_path / "x.toml", "--no-edit", *argv)
        assert code == 2 and one_line(err), argv
    code, _, err = run(capsys, "new", tmp_path / "x.txt", "--no-edit")
    assert code == 2 and one_line(err) and "incomplete" in err
    assert not list(tmp_path.iterdir())


# --------------------------------------------------------------------------- assist
def test_assist_json_matches_the_core_in_menu_order(capsys, tmp_path):
    path = draft(tmp_path)
    code, out, _ = run(capsys, "assist", path, "--json")
    assert code == 0
    data = json.loads(out)
    puzzle = formats.load(path)
    choices = menu(puzzle, 1)
    marks = mark_choices(puzzle, 1, choices, 1, 1)
    assert data["slot"] == 2
    assert [c["mark"] for c in data["choices"]] == list(marks)
    assert [c["statement"] for c in data["choices"]] == [sentence(st, puzzle.layout, 1)
                                                         for st in choices]
    assert "valid" in marks


def test_assist_options_and_human_output(capsys, tmp_path):
    path = draft(tmp_path)
    code, out, _ = run(capsys, "assist", path, "--target", "lead", "--m", "0", "--slot", "3",
                       "--vocabulary", "portrait")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Statement 3 (lead casket), portrait in the lead casket")
    assert len(lines) == 1 + 6 and all(line[2] in "★✓✗" for line in lines[1:])
    code, out, _ = run(capsys, "assist", path, "--slot", 1, "--vocabulary", "classic", "--json")
    assert json.loads(out)["slot"] == 1 and len(json.loads(out)["choices"]) == 3 + 3 + 4


def test_assist_errors_are_one_line(capsys, tmp_path):
    path = draft(tmp_path)
    no_target = tmp_path / "nt.toml"
    formats.save(blank_puzzle(3, 1), no_target)
    full = tmp_path / "full.toml"
    formats.save(default_puzzle().replace(target="gold"), full)
    for argv in ([no_target], [path, "--slot", 9], [path, "--m", 7], [path, "--target", "tin"],
                 [full]):
        code, _, err = run(capsys, "assist", *argv)
        assert code == 2 and one_line(err), argv


# --------------------------------------------------------------------------- repair
def test_repair_json_matches_the_core(capsys, tmp_path):
    path = tmp_path / "bad.toml"
    puzzle = default_puzzle().with_m(2)
    formats.save(puzzle, path)
    code, out, _ = run(capsys, "repair", path, "--json")
    assert code == 0
    data = json.loads(out)
    want = repairs(puzzle)
    assert data["m"] == [1] == list(want.m)
    assert data["repairs"] == [
        {"statement": r.index + 1,
         "sentence": sentence(r.statement, puzzle.layout, puzzle.owner(r.index)),
         "solution": puzzle.names[r.solution]} for r in want.statements]
    code, out, _ = run(capsys, "repair", path, "--vocabulary", "portrait")
    assert code == 0 and out.startswith("Not valid for m = 2") and "Or change m to 1." in out


def test_repair_of_a_draft_is_one_line(capsys, tmp_path):
    code, _, err = run(capsys, "repair", draft(tmp_path))
    assert code == 2 and one_line(err) and "incomplete: 2 empty slots" in err


# --------------------------------------------------------------------------- solve / check
def test_solve_and_check_a_partial_puzzle(capsys, tmp_path):
    path = draft(tmp_path)
    code, out, _ = run(capsys, "check", path)
    assert code == 1 and out == f"{path}: incomplete: 2 empty slots\n"
    code, out, _ = run(capsys, "solve", path)
    assert code == 0 and "incomplete: 2 empty slots" in out and "(empty)" in out
    assert "silver  so far 0; can reach 0-2  <- can still fit m" in out
    code, out, _ = run(capsys, "solve", path, "--json")
    data = json.loads(out)
    assert data["complete"] is False and data["empty_slots"] == [2, 3]
    assert data["partial"]["gold"] == {"so_far": [1], "reachable": [1, 2, 3]}
    assert {"caskets", "m", "solutions", "valid", "true_counts", "unique_m", "loops"} <= set(data)


def test_complete_puzzles_keep_their_json_keys(capsys):
    code, out, _ = run(capsys, "solve", REPO / "puzzles" / "smullyan-first.toml", "--json")
    assert set(json.loads(out)) == {"caskets", "m", "solutions", "valid", "true_counts",
                                    "unique_m", "loops", "worlds"}  # worlds: issue #18


def make_pack(path):
    good = default_puzzle().replace(title="")
    bad = default_puzzle().with_m(2).replace(title="")
    save_pack(Pack("Two", (PackPuzzle("a1", good, "gentle", 1.0, "silver"),
                           PackPuzzle("b2", bad, "gentle", 1.0))), path)


def test_check_and_solve_every_puzzle_of_a_pack(capsys, tmp_path):
    pack = tmp_path / "pack.toml"
    make_pack(pack)
    code, out, _ = run(capsys, "check", pack)
    assert code == 1
    assert out.splitlines() == [
        f"{pack} a1: valid: the portrait is in the silver casket (m = 1)",
        f"{pack} b2: not unique: 2 caskets fit (gold and lead) (m = 2)"]
    code, out, _ = run(capsys, "solve", pack)
    assert code == 0 and out.count("== ") == 2 and f"== {pack} b2 ==" in out
    code, out, _ = run(capsys, "solve", pack, "--json")
    data = json.loads(out)
    assert [p["id"] for p in data["puzzles"]] == ["a1", "b2"]
    assert data["puzzles"][0]["solutions"] == ["silver"]


def test_pack_extract(capsys, tmp_path):
    pack = tmp_path / "pack.toml"
    make_pack(pack)
    out = tmp_path / "one.toml"
    code, _, err = run(capsys, "pack", "extract", pack, "a1", "-o", out)
    assert code == 0 and formats.load(out) == default_puzzle().replace(title="Puzzle a1")
    code, _, err = run(capsys, "pack", "extract", pack, "b2", "-o", out)
    assert code == 2 and one_line(err) and formats.load(out).m == 1
    assert run(capsys, "pack", "extract", pack, "b2", "-o", out, "--force")[0] == 0
    assert formats.load(out).m == 2
    code, _, err = run(capsys, "pack", "extract", pack, "zz", "-o", tmp_path / "z.toml")
    assert code == 2 and one_line(err) and "a1, b2" in err


def test_edit_one_puzzle_of_a_pack(capsys, tmp_path):
    pack = tmp_path / "pack.toml"
    make_pack(pack)
    puzzle, suggested = load_from_pack(str(pack), "b2")
    assert puzzle.m == 2 and suggested == tmp_path / "pack-b2.toml"
    code, _, err = run(capsys, "edit", pack)
    assert code == 2 and one_line(err) and "--id" in err
    code, _, err = run(capsys, "edit", pack, "--id", "nope")
    assert code == 2 and one_line(err)


def test_new_opens_the_editor_on_the_file_it_wrote(capsys, tmp_path, monkeypatch):
    import portia_tui.cli.edit as edit

    opened = []
    monkeypatch.setattr(edit, "run", lambda args: opened.append(args.file) or 0)
    path = tmp_path / "new.toml"
    assert run(capsys, "new", path)[0] == 0
    assert opened == [str(path)] and formats.load(path) == blank_puzzle(3, 1)


def test_the_target_is_kept_in_toml_and_checked(tmp_path):
    from portia_tui.core.errors import FormatError
    from portia_tui.core.io.formats import native

    puzzle = blank_puzzle(3, 2, 4, target="lead")
    text = native.dumps(puzzle)
    assert 'target = "lead"' in text and native.loads(text) == puzzle
    assert "target" not in native.dumps(default_puzzle())
    bad = text.replace('target = "lead"', 'target = "tin"')
    try:
        native.loads(bad, "x.toml")
    except FormatError as exc:
        assert exc.line == bad.splitlines().index('target = "tin"') + 1
    else:
        raise AssertionError("a target that names no casket must be refused")
    assert puzzle.replace(target="tin").problems()
