"""The `portia` command: a thin layer over the core.

Each subcommand lives in a module of this package with a ``register(subparsers)`` function.
Modules are imported only to register their arguments; anything heavy (textual, the
generator) is imported inside the command itself, so ``portia solve`` stays fast.
"""

from __future__ import annotations

import argparse
import sys
from importlib import import_module

from portia_tui import __version__

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from typing import NoReturn

#: modules of this package that add subcommands, in help order
COMMAND_MODULES = ("solve", "world", "assist", "edit", "play", "code", "generate", "pack",
                   "census", "dataset")


#: which module registers each subcommand (modules may register several)
COMMAND_OWNERS = {
    "solve": "solve", "check": "solve", "convert": "solve", "cnf": "solve", "clue": "world",
    "hint": "solve",
    "new": "assist", "assist": "assist", "repair": "assist",
    "edit": "edit", "play": "play", "code": "code", "generate": "generate", "pack": "pack", "census": "census",
    "dataset": "dataset",
}


def _columns() -> int:
    """The terminal's width as shutil.get_terminal_size() finds it (COLUMNS, then the
    terminal, else 80), without importing shutil (which imports bz2 and lzma)."""
    import os

    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class Formatter(argparse.HelpFormatter):
    """argparse's help layout; the width found without shutil (argparse makes a formatter
    for every argument added, so `portia solve` would import it only to start)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position,
                         _columns() - 2 if width is None else width)


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line like every other error (``portia solve: error:
    ...``, exit 2) instead of the whole usage text; ``--help`` still prints it."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {shorten(message)} (see {self.prog} --help)\n")


def shorten(message: str, longest: int = 40) -> str:
    """message with every run of more than `longest` characters without a space cut short
    ("1234567...89 (5,000 characters)"): an error line quotes at most an excerpt of what was
    typed."""
    import re

    def cut(found: re.Match[str]) -> str:
        word = found.group(0)
        return f"{word[:24]}...{word[-8:]} ({len(word):,} characters)"

    return re.sub(rf"\S{{{longest + 1},}}", cut, message)


def count_arg(low: int, high: int):
    """An argparse type: a whole number from `low` to `high`, checked as it is read (before
    any memory is spent on it); outside, one line ``portia CMD: error: argument -n: ...``."""
    def parse(text: str) -> int:
        stripped = text.strip()
        digits = stripped.lstrip("+-")
        if not digits.isascii() or not digits.isdigit():
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number ({low} to "
                                             f"{high:,})")
        if len(digits) > len(str(high)) + 1 or not low <= int(stripped) <= high:
            raise argparse.ArgumentTypeError(f"{text} is out of range: {low} to {high:,}")
        return int(stripped)

    parse.__name__ = "whole number"
    parse.bounds = (low, high)  # type: ignore[attr-defined]  # the --help test reads them
    return parse


def seconds_arg(low: float, high: float):
    """An argparse type: a number of seconds from `low` to `high` written plainly (digits and
    one point: no exponent, no nan), checked as it is read; outside, one short line."""
    def parse(text: str) -> float:
        stripped = text.strip()
        plain = stripped.replace(".", "", 1)
        if not plain.isascii() or not plain.isdigit() or len(stripped) > 20:
            raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a number of seconds "
                                             f"({low:g} to {high:g})")
        value = float(stripped)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{stripped} is out of range: {low:g} to {high:g}")
        return value

    parse.__name__ = "seconds"
    parse.bounds = (low, int(high) if float(high).is_integer() else high)  # type: ignore[attr-defined]
    return parse


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; with `only`, just the module that owns that subcommand (argparse
    spends milliseconds per subparser, and `portia solve` should start fast)."""
    parser = Parser(
        prog="portia",
        description="A terminal workbench for Portia casket puzzles. "
        "With no command, opens the editor on a built-in puzzle.",
    )
    parser.add_argument("--version", action="version", version=f"portia {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    modules = [COMMAND_OWNERS[only]] if only in COMMAND_OWNERS else COMMAND_MODULES
    for name in modules:
        import_module(f"{__name__}.{name}").register(sub)
    return parser


#: commands that neither start an app nor leave threads behind: the console script ends them
#: with os._exit once their output is flushed, skipping interpreter teardown (a few ms)
QUICK_EXIT = {"solve", "check", "convert", "cnf", "clue", "assist", "repair"}


def entry() -> None:
    """The `portia` console script."""
    code = main()
    if len(sys.argv) > 1 and sys.argv[1] in QUICK_EXIT:
        import os

        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BrokenPipeError:
            pass
        os._exit(code)
    if "portia_tui.cli.exit_guard" in sys.modules:  # an app ran: bound the exit's joins
        sys.modules["portia_tui.cli.exit_guard"].at_exit(code)
    raise SystemExit(code)


def error_line(exc) -> str:
    """One line for a core error, in the command line's words: ``FILE[:LINE]: message``, the
    flag to use where the core's error names a setting or a file it may not replace. A file
    name or a quoted value of hundreds of characters is cut short."""
    line = shorten(_error_line(exc), 200)
    return line if len(line) <= 400 else line[:397] + "..."


def _error_line(exc) -> str:
    from portia_tui.core.errors import ExistsError, SettingsError

    if isinstance(exc, ExistsError):
        return f"{exc}: use --force to replace it"
    if isinstance(exc, SettingsError):
        if exc.setting == "attempts" and hasattr(exc, "made"):  # the generator gave up
            return f"portia: {exc.message}; relax them or raise --attempts"
        return f"portia: {flag(exc.setting, exc.value)}: {exc.message}"
    return str(exc) if exc.path else f"portia: {exc}"


#: the command-line flag of each generator or census setting the core may name
FLAGS = {"n": "-n", "caskets": "--caskets", "count": "--count", "attempts": "--attempts",
         "m": "--m", "m_policy": "--m-policy", "repeats": "--no-repeats",
         "vocabulary": "--vocabulary", "solution": "--solution", "difficulty": "--difficulty",
         "loops": "--loops"}


def flag(setting: str, value: object = None) -> str:
    """'--caskets 1': the flag that sets `setting`, with the value given."""
    name = FLAGS.get(setting, f"--{setting.replace('_', '-')}")
    if value is None or isinstance(value, bool) or setting == "repeats":
        return name
    return f"{name} {value}"


def main(argv: list[str] | None = None) -> int:
    from portia_tui.core.errors import PortiaError

    argv = sys.argv[1:] if argv is None else argv
    first = argv[0] if argv else None
    parser = build_parser(first if first in COMMAND_OWNERS else None)
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["edit"])
    from portia_tui.cli.timeout import TOO_LARGE, TooLarge

    try:
        return int(args.func(args) or 0)
    except PortiaError as exc:
        print(error_line(exc), file=sys.stderr)
        return 2
    except TooLarge as exc:  # --timeout ran out (cli/timeout.py)
        print(exc.line, file=sys.stderr)
        return TOO_LARGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
