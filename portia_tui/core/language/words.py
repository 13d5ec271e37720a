"""Small pieces of English every layer shares: lists read aloud, statement numbers, counted
nouns, which statements are true. Plain Python, no puzzle logic: the solver's explanations,
the editor, the player and the CLI all say the same thing the same way."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    import re

#: the world model's attribute of Portia's caskets: where the portrait is (a casket puzzle as a
#: world puzzle, core/language/world.py: ``portrait: yes | no``)
PORTRAIT = "portrait"
#: the world model's attribute of a casket's maker under the Bellini/Cellini rule
MAKER = "maker"

#: number words a sentence may use instead of digits
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve")
#: a number in a sentence: digits or a number word (capture it, then read it with :func:`number`)
NUMBER = r"\d{1,9}(?!\d)|" + "|".join(NUMBER_WORDS) + "|no|both"


def number(word: str) -> int:
    """The value of a number matched by :data:`NUMBER` ("no" is 0, "both" 2)."""
    if word == "no":
        return 0
    if word == "both":
        return 2
    return int(word) if word.isdigit() else NUMBER_WORDS.index(word)


class LazyPattern:
    """A class attribute holding a regular expression, compiled on first use: a command
    compiles only the patterns of the kinds it meets (most puzzles use a few of them)."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.compiled: re.Pattern[str] | None = None

    def __get__(self, obj: object, owner: type | None = None) -> re.Pattern[str]:
        if self.compiled is None:
            import re

            self.compiled = re.compile(self.source)
        return self.compiled


def listing(items: Iterable[object], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c' ('' for none); `last` is the word before the last item."""
    words = [str(x) for x in items]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def quoted(text: object, limit: int = 60) -> str:
    """Input quoted in a message, cut to `limit` characters: repr('The portrait is ...'), so
    an error line quotes at most a short excerpt of what it read."""
    said = str(text)
    return repr(said if len(said) <= limit else said[:limit - 3] + "...")


def number_said(value: int) -> str:
    """A number read from input, for a message: '12', or '999999...999 (4,000 digits)'."""
    said = str(value)
    return said if len(said) <= 12 else f"{said[:6]}...{said[-3:]} ({len(said):,} digits)"


def plural(count: int, noun: str, plural_form: str | None = None) -> str:
    """'1 hint', '2 hints', '0 hints' (`plural_form` for nouns not made with -s)."""
    return f"{count} {noun if count == 1 else plural_form or noun + 's'}"


def numbers(indices: Iterable[int]) -> str:
    """Statement numbers as people read them (1-based): '1', '1 and 3', '1, 3 and 4'."""
    return listing(i + 1 for i in indices)


def truth_list(values: Mapping[int, bool | None] | Sequence[bool | None],
               items: Iterable[int]) -> str:
    """'statements 1 and 3 are true, statement 2 is false' for the statements in `items`
    (0-based); a statement whose value is None (undecided) is left out; '' when none is left."""
    items = list(items)
    parts = []
    for word, want in (("true", True), ("false", False)):
        group = [i for i in items if values[i] is want]
        if len(group) == 1:
            parts.append(f"statement {numbers(group)} is {word}")
        elif group:
            parts.append(f"statements {numbers(group)} are {word}")
    return ", ".join(parts)


def incomplete(empty: int, m_open: bool) -> str:
    """'incomplete: 3 empty slots' / 'incomplete: m is open' / both; '' when complete."""
    parts = ([plural(empty, "empty slot")] if empty else []) + (["m is open"] if m_open else [])
    return f"incomplete: {listing(parts)}" if parts else ""


# ----------------------------------------------------------------- the verdict
# One home for how a puzzle's verdict is worded (the CLI, the editor, the player, pack checks):
# from the caskets that fit m, the puzzle is valid (one), has no solution (none), or is not
# unique (several).

VALID, NO_SOLUTION, NOT_UNIQUE = "valid", "no solution", "not unique"


def verdict_parts(fits: Sequence[str], m: int | None) -> tuple[str, str]:
    """(head, reason) of the verdict, from the names of the caskets that fit m:
    ('valid', 'the portrait is in the gold casket'),
    ('no solution', 'no casket fits 2 true statements'),
    ('not unique', '2 caskets fit (gold and silver)')."""
    if len(fits) == 1:
        return VALID, f"the portrait is in the {fits[0]} casket"
    if not fits:
        what = "the rules" if m is None else plural(m, "true statement")
        return NO_SOLUTION, f"no casket fits {what}"
    return NOT_UNIQUE, f"{len(fits)} caskets fit ({listing(fits)})"


def verdict(fits: Sequence[str], m: int | None) -> str:
    """'valid: the portrait is in the gold casket', 'no solution: no casket fits 2 true
    statements', 'not unique: 2 caskets fit (gold and silver)'."""
    head, reason = verdict_parts(fits, m)
    return f"{head}: {reason}"
