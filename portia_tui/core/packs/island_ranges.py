"""The bounds of the truth-puzzle generator's settings (core/packs/islands.py), kept apart so
the command line can state them in --help without loading the generator."""

#: option -> (lowest, highest), inclusive; checked before any work
RANGES = {"people": (2, 12), "rooms": (2, 9), "depth": (1, 3), "width": (2, 3),
          "count": (1, 100_000), "attempts": (1, 10_000_000)}

#: family -> level -> the fewest people (rooms) a puzzle of that level can have; below it the
#: level is impossible by nature, whatever the statements, and --difficulty says so at once.
#: Why (core/explain/reasoning.py's techniques; a fact of two values is a "cell"):
#: - a case split on A that settles C leaves, in A's wrong case, a stall (no contradiction
#:   yet, two cells open at least: with one open cell the statements decide it), and C must
#:   come through a third fact (had one statement given C from A alone, supposing C's other
#:   value would reach a contradiction at once): A, that fact, C and two open cells make 5;
#:   werewolves have two cells a person (type, werewolf), so 3 people;
#: - a supposition inside a supposition needs two cells open inside the first one: 3 cells.
#: Two rooms hold two two-valued cells (lady or tiger).
FEWEST = {"knights-knaves": {"tricky": 5, "fiendish": 3},
          "werewolves": {"tricky": 3},
          "lady-tiger": {"tricky": 3, "fiendish": 3}}

__all__ = ["FEWEST", "RANGES"]
