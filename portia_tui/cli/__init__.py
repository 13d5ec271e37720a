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
COMMAND_MODULES = ("solve", "edit", "play", "generate", "pack", "census")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="portia",
        description="A terminal workbench for Portia casket puzzles. "
        "With no command, opens the editor on a built-in puzzle.",
    )
    parser.add_argument("--version", action="version", version=f"portia {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        import_module(f"{__name__}.{name}").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    from portia_tui.core.errors import PortiaError

    parser = build_parser()
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
