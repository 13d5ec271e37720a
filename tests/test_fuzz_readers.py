"""Issue 11: mutated bytes of every format and of a pack, fed to every reader through the
command line's main() in process. No input ever ends in a traceback: the exit code is 0, 1 or
2, and a 2 comes with exactly one line on stderr. Settings, themes and progress (read by the
apps, not by a command that ends) are fed to their readers directly: a notice, never a raise.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from portia_tui.cli import main
from portia_tui.core.io import formats
from portia_tui.core.language.model import default_puzzle
from portia_tui.core.packs.pack import Pack, PackPuzzle, dumps_pack

from .test_play_support import thesis_example

PUZZLE = thesis_example()
SEEDS = {
    ".toml": formats.dumps(PUZZLE, "native").encode(),
    ".txt": formats.dumps(PUZZLE, "text").encode(),
    ".json": formats.dumps(PUZZLE, "thesis_json").encode(),
    "pack": dumps_pack(Pack("p", (PackPuzzle("001", default_puzzle(), "gentle", 2.0, "lead"),
                                  PackPuzzle("002", PUZZLE, "tricky", 6.0)))).encode(),
}
#: pieces that stress a reader: nesting, long numbers, odd bytes, other formats' syntax
PIECES = [b"[" * 600, b"{" * 600, b"9" * 4400, b"1e400", b"-0", b"\x00", b"\xff\xfe", b"\r",
          b"\n[[caskets]]\n", b'"', b"'''", b'\\u0000', b"NaN", b"Infinity", b" = ", b",",
          b'"gold": [], "gold": ', b"rating = 1e999\n", b"m = -1\n", b"\xef\xbb\xbf"]


#: where a value starts (TOML, JSON, the text header), and values that stress a reader
VALUE_AT = [b"= ", b": ", b"Portia "]
VALUES = [b"[" * 600, b"{" * 600, b"9" * 4400, b"9" * 400, b"1e400", b"-1e400", b"nan",
          b"Infinity", b"-7", b"0", b'"x" ', b"true "]


def fuzz(examples: int):
    """Lean (about 200 examples over the three tests), and no complaint about tmp_path."""
    return settings(max_examples=examples, suppress_health_check=[
        HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@st.composite
def mutated(draw, seed: bytes) -> bytes:
    """seed with, half the time, a hostile value where a value goes, then 0-3 byte edits."""
    data = bytearray(seed)
    if draw(st.booleans()):
        anchors = [i + len(a) for a in VALUE_AT for i in range(len(data))
                   if data.startswith(a, i)]
        at = draw(st.sampled_from(anchors))
        data[at:at] = draw(st.sampled_from(VALUES))
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(data)))
        action = draw(st.sampled_from(["insert", "delete", "replace", "piece", "cut"]))
        if action == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif action == "delete":
            del data[at:at + draw(st.integers(1, 40))]
        elif action == "replace" and at < len(data):
            data[at] = draw(st.integers(0, 255))
        elif action == "piece":
            data[at:at] = draw(st.sampled_from(PIECES))
        elif action == "cut":
            del data[at:]
    return bytes(data)


def outcome(capsys, argv: list[str]) -> tuple[int, list[str]]:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse only
        code = exc.code
    out, err = capsys.readouterr()
    return code, err.splitlines()


def assert_one_line_or_fine(code, err) -> None:
    assert code in (0, 1, 2)
    assert not any("Traceback" in line for line in err)
    if code == 2:
        assert len(err) == 1, err


def fuzz_file(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


@fuzz(70)
@given(ext=st.sampled_from([".toml", ".txt", ".json"]), data=st.data())
def test_mutated_puzzles_never_crash_a_command(tmp_path, capsys, ext, data):
    path = fuzz_file(tmp_path, f"p{ext}", data.draw(mutated(SEEDS[ext])))
    for argv in (["check", str(path)], ["solve", "--json", str(path)],
                 ["convert", str(path), str(tmp_path / "out.toml"), "--force"]):
        assert_one_line_or_fine(*outcome(capsys, argv))


@fuzz(70)
@given(data=st.data())
def test_mutated_packs_never_crash_a_command(tmp_path, capsys, data):
    from portia_tui.cli.play import load_playable
    from portia_tui.core.errors import PortiaError

    path = fuzz_file(tmp_path, "pack.toml", data.draw(mutated(SEEDS["pack"])))
    for argv in (["pack", "list", str(path)], ["pack", "check", str(path)],
                 ["pack", "export", str(path), "--format", "json", "--out",
                  str(tmp_path / "out"), "--force"]):
        assert_one_line_or_fine(*outcome(capsys, argv))
    try:  # what `portia play` reads before its app starts
        load_playable(str(path))
    except PortiaError as exc:
        assert "\n" not in str(exc)


@fuzz(60)
@given(data=st.data())
def test_mutated_settings_themes_and_progress_give_notices(tmp_path, data):
    from portia_tui.app.settings import Settings
    from portia_tui.app.themes import load_themes
    from portia_tui.core.io.progress import ProgressStore

    for sub in ("s", "t", "p"):
        (tmp_path / sub).mkdir(exist_ok=True)
    settings_file = fuzz_file(tmp_path / "s", "settings.toml",
                              data.draw(mutated(b'theme = "portia-dark"\nother = [1, 2]\n')))
    loaded = Settings.load(settings_file)
    assert loaded.problem is None or "\n" not in str(loaded.problem)
    fuzz_file(tmp_path / "t", "mine.toml", data.draw(mutated(
        b'name = "mine"\ndark = true\n[colors]\nprimary = "#d4a84a"\n')))
    found = load_themes(None, tmp_path / "t", use_defaults=False)
    assert len(found.themes) + len(found.problems) == 1
    progress = fuzz_file(tmp_path / "p", "progress.json", data.draw(mutated(
        b'{"format": 1, "packs": {"k": {"title": "T", "current": "1", "puzzles": '
        b'{"1": {"status": "solved", "hints": 1, "seconds": 2.5, "wrong": 0}}}}}')))
    store = ProgressStore(progress)
    store.pack("k").record("2").solved()
    assert store.save() is None
