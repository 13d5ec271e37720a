"""Widgets of the player."""

from .casket import CasketCard, StatementLine
from .status import STATUS_MARKS, status_label

__all__ = ["CasketCard", "StatementLine", "STATUS_MARKS", "status_label"]
