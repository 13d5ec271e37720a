"""files.plain_toml, the reader of the plain TOML portia writes, agrees with tomllib.

It may decline any text (tomllib then reads it, or words the error); whatever it accepts it
must read exactly as tomllib does. Texts are built from TOML's own pieces and near misses."""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from portia_tui.core.io import formats
from portia_tui.core.io.files import parse_toml, plain_toml
from portia_tui.core.packs.pack import Pack, PackPuzzle, dumps_pack

from .conftest import REPO

KEYS = st.sampled_from(["m", "name", "statements", "caskets", "format", "b-c", "x_1", "true",
                        "1", "a.b", "", "é", '"q"'])
SPACE = st.sampled_from(["", " ", "  ", "\t", "\u00a0", "\u3000"])
CHARS = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=8) | \
    st.text(st.sampled_from('ab "\\#],[\t\x7f\x00\x1f\x0b\x0c\r\u2028\ufeff'), max_size=6)
STRING = st.builds(lambda s: f'"{s}"', CHARS) | st.builds(lambda s: f"'{s}'", CHARS) | \
    st.sampled_from(['""', '"""a"""', '"a\\"b"', '"\\u00e9"']) | \
    st.builds(lambda a, b, c: f'"""{a}\n{b}\n{c}"""{a}', st.sampled_from(["", " ", "a"]), CHARS,
              CHARS)
INTEGER = st.integers(-10**20, 10**20).map(str) | st.sampled_from(
    ["+0", "-0", "01", "1_000", "0x1F", "1e3", "1.5", "+1", "-", "inf", "nan", "1.", ".5",
     "01.5", "1.5e3", "1.5_0", "-0.0", "+2.25"])
SCALAR = STRING | INTEGER | st.sampled_from(["true", "false", "True", "tru"])
COMMENT = st.builds(lambda s: f"#{s}", CHARS)


@st.composite
def arrays(draw) -> str:
    items = draw(st.lists(STRING | SCALAR, max_size=4))
    seps = [draw(st.sampled_from([", ", ",", " ,", " ", ",\n", "\n", ",\n  # c\n"]))
            for _ in items]
    body = "".join(item + sep for item, sep in zip(items, seps))
    if items and draw(st.booleans()):
        body = body.rstrip(", \n")
    opener = draw(st.sampled_from(["[", "[\n", "[ # c\n", "[["]))
    closer = draw(st.sampled_from(["]", "\n]", "\n] # c", "],", "]]"]))
    return opener + body + closer


#: what TOML allows inside a basic string (no quote, no backslash, no control but tab)
SAFE = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",), exclude_characters=(
    '"\\\x7f' + "".join(chr(i) for i in range(32) if i != 9))), max_size=10)
GOOD_SCALAR = st.builds(lambda s: f'"{s}"', SAFE) | st.integers(-10**18, 10**18).map(str) | \
    st.builds(lambda a, b: f"{a}.{b}", st.integers(-10**17, 10**17),
              st.text("0123456789", min_size=1, max_size=15)) | \
    st.sampled_from(["true", "false", "+0", "-0", '"""\nline\n"""',
                     '"""\nnotes: a, b # c\n\tand [more]\n"""'])


@st.composite
def good_arrays(draw) -> str:
    items = [f'"{item}"' for item in draw(st.lists(SAFE, max_size=4))]
    if draw(st.booleans()):
        return "[" + ", ".join(items) + draw(st.sampled_from(["", ","])) * bool(items) + "]"
    return "[\n" + "".join(f"    {item},\n" for item in items) + "]"


@st.composite
def lines(draw, good: bool = False) -> str:
    """One line (or a few, for an array or a string): in the plain form or near it (`good`:
    in it, but for keys given twice and TOML's own comment rules)."""
    kind = draw(st.sampled_from([0, 3, 6, 7, 8, 9]) if good else st.integers(0, 9))
    space = st.sampled_from(["", " ", "\t"]) if good else SPACE
    comment = st.builds(lambda s: f"#{s}", SAFE) if good else COMMENT
    if kind == 0:
        return draw(space) + draw(comment | st.just(""))
    if kind == 1:
        brackets = draw(st.sampled_from([("[[", "]]"), ("[", "]"), ("[[", "]"), ("[ [", "]]")]))
        inner = draw(st.sampled_from(["", ".caskets", ". a", ".a.b", "."]))
        return f"{brackets[0]}{draw(SPACE)}{draw(KEYS)}{inner}{draw(SPACE)}{brackets[1]}"
    if kind == 2:
        return draw(CHARS)
    if kind == 3:
        name = draw(st.sampled_from(['caskets', 'a', 'a.caskets', 'caskets.a', 'a . b']))
        return draw(st.sampled_from([f"[[{name}]]", f"[{name}]", f" [[ {name} ]] # c"]))
    value = draw({4: arrays(), 5: SCALAR}.get(kind, good_arrays() if kind < 8 else GOOD_SCALAR))
    key = draw(st.text("abmxyz_-019", min_size=1, max_size=5)) if good else draw(KEYS)
    tail = draw(st.sampled_from(["", " ", "\t"])) + draw(comment | st.just(""))
    return f"{draw(space)}{key}{draw(space)}={draw(space)}{value}{tail}"


def _tomllib(text: str):
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError) as exc:
        return exc


@settings(max_examples=500, deadline=None)
@given(st.data(), st.booleans(), st.sampled_from(["\n", "\n", "\n", "\r\n"]), st.booleans())
def test_what_the_plain_reader_accepts_tomllib_reads_the_same(data, good, newline, final):
    parts = data.draw(st.lists(lines(good), max_size=8))
    text = newline.join(parts) + (newline if final else "")
    mine = plain_toml(text)
    if mine is not None:
        assert mine == _tomllib(text)


def _written() -> list[str]:
    texts = [path.read_text() for path in sorted((REPO / "puzzles").glob("*.toml"))]
    puzzles = [formats.load(path) for path in sorted((REPO / "puzzles").glob("*.toml"))]
    return texts + [formats.dumps(p, "native") for p in puzzles]


@pytest.mark.parametrize("index", range(len(_written())))
def test_everything_portia_writes_is_plain(index):
    """The fast path is the usual path: every shipped puzzle, and every puzzle as portia writes
    it (both formats). Packs (floats, dotted tables) go to tomllib: they are not read by
    `portia solve FILE.toml` and tomllib's import is small beside a pack."""
    text = _written()[index]
    assert plain_toml(text) is not None
    assert plain_toml(text) == tomllib.loads(text) == parse_toml(text, "x.toml")


@pytest.mark.parametrize("text", ['m = 1\nm = 2\n', 'a = "\\n"\n', "a = 1.5e3\n", "[t]\n[t]\n",
                                  "[[t]]\n[t]\n", "[t]\n[[t]]\n", "[t]\n[[t.a]]\n",
                                  "[[t.a]]\n", "[[t]]\na = []\n[[t.a]]\n", "a = 01.5\n",
                                  'a.b = 1\n', "a = [1, 2]\n", 'a = ["x", "y"\n', "a = 1\r\n",
                                  "caskets = 1\n[[caskets]]\n", 'a = "x" "y"\n', "a = 1_0\n"])
def test_the_plain_reader_declines_the_rest(text):
    assert plain_toml(text) is None


def test_a_pack_is_plain():
    """A pack (a [generator] table, [[puzzles.caskets]], ratings with decimals) is read by the
    plain reader: tomllib reads about 0.4 s a megabyte, and a pack may hold thousands."""
    puzzles = [formats.load(path) for path in sorted((REPO / "puzzles").glob("*.toml"))]
    pack = Pack("p", tuple(PackPuzzle(f"{i:03d}", p, "gentle", 1.25 * i)
                           for i, p in enumerate(puzzles)),
                generator={"n": 3, "seed": 7, "vocabulary": "classic", "verify": False})
    text = dumps_pack(pack)
    assert plain_toml(text) is not None
    assert plain_toml(text) == tomllib.loads(text) == parse_toml(text, "p.toml")


def test_multi_line_strings_as_portia_writes_them():
    text = 'notes = """\nTwo lines,\nthe second "quoted"\n"""\nm = 1\n'
    assert plain_toml(text) is None  # a quote inside: tomllib reads it
    text = 'notes = """\nTwo lines,\nno quotes\n"""  # c\nm = 1\n'
    assert plain_toml(text) == tomllib.loads(text) == {"notes": "Two lines,\nno quotes\n", "m": 1}
