"""Input and output: files, formats and the user's folders.

formats (TOML, thesis text and JSON, share codes, DIMACS), files (safe reading and atomic
writing), paths (where portia keeps things), progress (a player's progress), recovery
(unsaved work kept through a crash).
"""
