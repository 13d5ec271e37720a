"""The player: ``portia play FILE|PACK``, and a screen any portia app can push.

    from portia_tui.app.play import PlayPuzzleScreen
    app.push_screen(PlayPuzzleScreen(puzzle))      # play without saving progress
"""

from .app import PlayApp, single_pack
from .screens.puzzle import PlayPuzzleScreen

__all__ = ["PlayApp", "PlayPuzzleScreen", "single_pack"]
