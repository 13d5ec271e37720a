"""Share codes: one puzzle as a short, URL-safe line of text (like a game ID).

    1EAQMAIDACQ4DE

The first character is the code's version (``1``); the rest is RFC 4648 base32 without padding
(letters and the digits 2-7; read in any letter case) of a compact binary encoding:

    flags     one byte: bit 0 every casket has its default name (gold, silver, lead, copper,
              ... in order), bit 1 every casket holds the same number of statements,
              bit 2 m is still open (a puzzle being written: no m follows)
    K         the number of caskets (varint)
    counts    n (varint) when bit 1 is set, else K varints
    names     when bit 0 is clear, one varint per casket: 0 its default name, 1..12 one of the
              twelve default names, 13 + L a name of L UTF-8 bytes that follow
    statements  one byte each, in number order: the kind's tag in the high four bits and the
              named casket's index in the low four (15: a varint with the index follows);
              tag 15 means a varint with a larger tag follows, so new kinds can be added
    m         varint (absent when bit 2 is set)
    check     one byte: CRC-32 of everything before, low byte (catches most typos)

Tag 0 is an empty statement slot. Only the caskets, statements and m travel; a
title, author or notes do not. A varint is 7 bits a byte, low bits first, high bit "more".
"""

from __future__ import annotations

import base64
import re
import zlib

from portia_tui.core.errors import FormatError, PortiaError
from portia_tui.core.language.model import CASKET_NAMES, Casket, Puzzle, casket_names
from portia_tui.core.language.vocabulary import EMPTY, KINDS, Statement, is_empty

VERSION = "1"
#: the version of codes that hold a truth puzzle (islanders, doors): zlib of its structured JSON
WORLD_VERSION = "3"
#: the most bytes a truth puzzle's JSON may inflate to from a code
MAX_WORLD_JSON = 1 << 20
#: statement kind -> tag, each kind's own (`Kind.tag`; 0 is kept for an empty slot; 15 escapes
#: to a varint tag)
TAGS = {key: kind.tag for key, kind in KINDS.items() if kind.tag}
_KIND_OF_TAG = {tag: kind for kind, tag in TAGS.items()}
#: the kinds whose statements name a casket
_TARGETED = frozenset(key for key, kind in KINDS.items() if kind.targeted)
_EMPTY_TAG = 0
_ESCAPE = 15

#: default casket names by position (the model's); beyond them casket13, casket14, ...
DEFAULT_NAMES = CASKET_NAMES
_LITERAL = len(DEFAULT_NAMES) + 1

#: bounds a code must keep (so a hostile code cannot ask for huge allocations)
MAX_CODE_CHARS = 20000
MAX_CASKETS = 1000
MAX_STATEMENTS = 10000
_MAX_VARINT_BYTES = 5

_SHAPE = re.compile(r"^[0-9][A-Za-z2-7]+$")


class CodeError(FormatError):
    """A share code that cannot be read; the message says why (path: the code, shortened)."""


def default_name(position: int) -> str:
    return casket_names(position + 1)[position]


def looks_like_code(text: str) -> bool:
    """Whether text has the shape of a share code (a version digit, then base32 letters)."""
    return bool(_SHAPE.match(text.strip())) and len(text.strip()) <= MAX_CODE_CHARS


# --------------------------------------------------------------------------- encoding
def _varint(value: int, out: bytearray) -> None:
    if value < 0:
        raise ValueError("varints are not negative")
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


def encode(puzzle: Puzzle) -> str:
    """The share code of a puzzle, partial ones too (title, author and notes are left out).
    Version 1 holds the six statement kinds of Definition 1 and m: anything more is refused
    (PortiaError, one line)."""
    puzzle.validate()
    from portia_tui.core.io.formats.common import thesis_refusal

    refusal = thesis_refusal(puzzle, "a share code")
    if refusal:
        raise PortiaError(refusal)
    names = puzzle.names
    counts = puzzle.layout.counts
    default = all(name == default_name(i) for i, name in enumerate(names))
    equal = len(set(counts)) == 1
    body = bytearray([(1 if default else 0) | (2 if equal else 0)
                      | (4 if puzzle.m is None else 0)])
    _varint(len(names), body)
    for count in counts[:1] if equal else counts:
        _varint(count, body)
    if not default:
        for i, name in enumerate(names):
            if name == default_name(i):
                _varint(0, body)
            elif name in DEFAULT_NAMES:
                _varint(DEFAULT_NAMES.index(name) + 1, body)
            else:
                raw = name.encode("utf-8")
                _varint(_LITERAL + len(raw), body)
                body += raw
    for _ci, st in puzzle.flat:
        tag = _EMPTY_TAG if is_empty(st) else TAGS[st.kind]
        target = puzzle.layout.index(st.target or "") if st.kind in _TARGETED else 0
        if target < _ESCAPE:
            body.append(tag << 4 | target)
        else:
            body.append(tag << 4 | _ESCAPE)
            _varint(target, body)
    if puzzle.m is not None:
        _varint(puzzle.m, body)
    body.append(zlib.crc32(bytes(body)) & 0xFF)
    return VERSION + base64.b32encode(bytes(body)).decode("ascii").rstrip("=")


# --------------------------------------------------------------------------- decoding
class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def byte(self, what: str) -> int:
        if self.pos >= len(self.data):
            raise PortiaError(f"the code ends too soon (at the {what})")
        value = self.data[self.pos]
        self.pos += 1
        return value

    def varint(self, what: str, limit: int) -> int:
        value = shift = 0
        for _ in range(_MAX_VARINT_BYTES):
            byte = self.byte(what)
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                if value > limit:
                    raise PortiaError(f"the {what} is {value}, more than {limit}")
                return value
        raise PortiaError(f"the {what} is too long a number")

    def raw(self, length: int, what: str) -> bytes:
        if self.pos + length > len(self.data):
            raise PortiaError(f"the code ends too soon (in the {what})")
        chunk = self.data[self.pos:self.pos + length]
        self.pos += length
        return chunk


def _shown(code: str) -> str:
    return code if len(code) <= 40 else code[:37] + "..."


def encode_world(puzzle) -> str:
    """The share code of a truth puzzle (a WorldPuzzle): version 3, then base32 of the
    zlib-compressed structured JSON (without title, author or source) and a check byte. The
    notes travel: they say what a rule with no sentence promises (the eighth trial's "each
    sign belongs on one door"), so the player can show it."""
    import json

    from portia_tui.core.io.formats import structured

    data = structured.to_data(puzzle.replace(title="", author="", source=""))
    raw = zlib.compress(json.dumps(data, separators=(",", ":")).encode(), 9)
    raw += bytes([zlib.crc32(raw) & 0xFF])
    return WORLD_VERSION + base64.b32encode(raw).decode().rstrip("=")


def _decode_world(text: str):
    import json

    from portia_tui.core.io.formats import structured

    data = _payload(text, WORLD_VERSION)
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(data, MAX_WORLD_JSON)
    except zlib.error:
        raise PortiaError("its contents are damaged") from None
    if inflater.unconsumed_tail:
        raise PortiaError("it holds too large a puzzle")
    try:
        return structured.from_data(json.loads(raw), path="<code>")
    except (ValueError, UnicodeDecodeError):
        raise PortiaError("its contents are not a puzzle") from None


def decode(code: str):
    """The puzzle a share code holds (a casket Puzzle, or a WorldPuzzle for a version 3 code);
    CodeError (one line, naming the code) when it is bad."""
    text = code.strip()
    try:
        if text[:1] == WORLD_VERSION:
            return _decode_world(text)
        return _decode(text)
    except PortiaError as exc:
        raise CodeError(f"not a valid share code: {exc.message}", _shown(text)) from None


def _decode(text: str) -> Puzzle:
    r = _Reader(_payload(text))
    flags = r.byte("flags")
    if flags & ~7:
        raise PortiaError("it uses features this portia does not know (a newer code?)")
    k = r.varint("number of caskets", MAX_CASKETS)
    if k == 0:
        raise PortiaError("it holds no casket")
    if flags & 2:
        counts = [r.varint("number of statements", MAX_STATEMENTS)] * k
    else:
        counts = [r.varint("number of statements", MAX_STATEMENTS) for _ in range(k)]
    if sum(counts) > MAX_STATEMENTS:
        raise PortiaError(f"it holds more than {MAX_STATEMENTS} statements")
    names = _read_names(r, k, every_default=bool(flags & 1))
    caskets = [Casket(names[ci], _read_statements(r, count, names))
               for ci, count in enumerate(counts)]
    m = None if flags & 4 else r.varint("number of true statements", MAX_STATEMENTS)
    if r.pos != len(r.data):
        raise PortiaError("it has bytes left over after the puzzle")
    return Puzzle(tuple(caskets), m).validate()


def _payload(text: str, version: str = VERSION) -> bytes:
    """The bytes a code's text holds, its version and check byte verified and taken off."""
    if not text:
        raise PortiaError("it is empty")
    if len(text) > MAX_CODE_CHARS:
        raise PortiaError(f"it is longer than {MAX_CODE_CHARS} characters")
    if text[0] != version:
        what = ("a digit" if not text[0].isdigit()
                else f"version {text[0]}, this portia reads {VERSION} and {WORLD_VERSION}")
        raise PortiaError(f"it starts with {text[0]!r}, not a version ({what})")
    letters = text[1:].upper()
    if not letters:
        raise PortiaError("it holds nothing after its version")
    if not re.fullmatch(r"[A-Z2-7]+", letters):
        bad = next(ch for ch in letters if not re.fullmatch(r"[A-Z2-7]", ch))
        raise PortiaError(f"{bad!r} cannot appear in a code (letters and the digits 2-7 only)")
    try:
        data = base64.b32decode(letters + "=" * (-len(letters) % 8))
    except ValueError:
        raise PortiaError("it has a wrong length (a character missing or extra?)") from None
    if len(data) < 2 or zlib.crc32(data[:-1]) & 0xFF != data[-1]:
        raise PortiaError("its check does not match (a typo?)")
    return data[:-1]


def _read_names(r: _Reader, k: int, every_default: bool) -> list[str]:
    names: list[str] = []
    for i in range(k):
        if every_default:
            names.append(default_name(i))
            continue
        v = r.varint("casket name", _LITERAL + 200)
        if v == 0:
            names.append(default_name(i))
        elif v < _LITERAL:
            names.append(DEFAULT_NAMES[v - 1])
        else:
            try:
                names.append(r.raw(v - _LITERAL, "casket name").decode("utf-8"))
            except UnicodeDecodeError:
                raise PortiaError(f"casket {i + 1}'s name is not UTF-8 text") from None
    return names


def _read_statements(r: _Reader, count: int, names: list[str]) -> tuple[Statement, ...]:
    k = len(names)
    sts = []
    for _ in range(count):
        byte = r.byte("statements")
        tag, target = byte >> 4, byte & 0x0F
        if tag == _ESCAPE:
            tag = r.varint("statement kind", 1 << 20)
        if target == _ESCAPE:
            target = r.varint("casket a statement names", MAX_CASKETS)
        if tag == _EMPTY_TAG:
            sts.append(EMPTY)
            continue
        kind = _KIND_OF_TAG.get(tag)
        if kind is None:
            raise PortiaError(f"statement kind {tag} is unknown here (a newer code?)")
        if kind in _TARGETED:
            if target >= k:
                raise PortiaError(f"a statement names casket {target + 1} of {k}")
            sts.append(Statement(kind, names[target]))
        else:
            sts.append(Statement(kind))
    return tuple(sts)
