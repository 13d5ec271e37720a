"""The bounds of the truth-puzzle generator's settings (core/packs/islands.py), kept apart so
the command line can state them in --help without loading the generator."""

#: option -> (lowest, highest), inclusive; checked before any work
RANGES = {"people": (2, 12), "rooms": (2, 9), "depth": (1, 3), "width": (2, 3),
          "count": (1, 100_000), "attempts": (1, 10_000_000)}

__all__ = ["RANGES"]
