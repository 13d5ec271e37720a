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

#: modules of this package that add subcommands, in help order
COMMAND_MODULES = ("solve", "edit", "play", "code", "generate", "pack", "census")


#: which module registers each subcommand (modules may register several)
COMMAND_OWNERS = {
    "solve": "solve", "check": "solve", "convert": "solve", "cnf": "solve",
    "edit": "edit", "play": "play", "code": "code", "generate": "generate", "pack": "pack", "census": "census",
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; with `only`, just the module that owns that subcommand (argparse
    spends milliseconds per subparser, and `portia solve` should start fast)."""
    parser = argparse.ArgumentParser(
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
QUICK_EXIT = {"solve", "check", "convert", "cnf"}


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
    raise SystemExit(code)


def main(argv: list[str] | None = None) -> int:
    from portia_tui.core.errors import PortiaError

    argv = sys.argv[1:] if argv is None else argv
    first = argv[0] if argv else None
    parser = build_parser(first if first in COMMAND_OWNERS else None)
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["edit"])
    try:
        return int(args.func(args) or 0)
    except PortiaError as exc:
        print(str(exc) if exc.path else f"portia: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
