"""portia generate (under construction: see the issue tracker)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("generate", help="(not built yet)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from portia_tui.core.errors import PortiaError

    raise PortiaError("'portia generate' is not built yet")
