"""Widgets of the player."""

from .casket import CasketCard
from .status import STATUS_MARKS, status_label

__all__ = ["CasketCard", "STATUS_MARKS", "status_label"]
