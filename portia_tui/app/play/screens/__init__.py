"""Screens of the player."""

from .help import HelpScreen
from .pack_list import PackScreen
from .puzzle import PlayPuzzleScreen
from .stats import StatsScreen

__all__ = ["HelpScreen", "PackScreen", "PlayPuzzleScreen", "StatsScreen"]
