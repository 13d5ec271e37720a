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
#:   (werewolves: see below);
#: - a supposition inside a supposition needs two cells open inside the first one: 3 cells.
#: Two rooms hold two two-valued cells (lady or tiger). Three rooms were counted exhaustively
#: (tools/island_census.py lady-tiger): 12 worlds; a room's sign binds only where the room holds
#: the lady or a tiger (8 worlds), so 256 masks a room whatever its rule and whatever the sign
#: says (compound, or about another sign); of the 16,777,216 triples, 2,298,051 have one
#: answer, and every one grades gentle or steady: no three-room trial is tricky or fiendish.
#: Werewolves are not bound by it: the question asks only for the werewolf, so a person's type
#: may stay open (the last session's "3 people for tricky" was wrong). Two islanders (8
#: worlds, 256 meanings a statement) were counted exhaustively, every pair of meanings under
#: each of the three promises the generator draws (tools/island_census.py): 32 pairs are
#: tricky and 32 fiendish, all with no promise beyond "exactly one werewolf", all past the
#: filters; the statements within --depth 2 (76 meanings, width 2 or 3) make 8 tricky pairs
#: and no fiendish one: see DEPTH.
FEWEST = {"knights-knaves": {"tricky": 5, "fiendish": 3},
          "werewolves": {},
          "lady-tiger": {"tricky": 4, "fiendish": 4}}

#: family -> level -> sizes at which no candidate the generator draws for that level is of
#: that level (an exhaustive count of every one); refused at once, as below FEWEST. Not
#: "impossible by nature" (a statement the draw cannot make might reach it), but the generator
#: cannot make one. None at present: four-room trials were here while the hard trials drew one
#: claim a sign; with compound signs they reach tricky and fiendish, and one claim a sign is
#: now a --depth 1 limit (DEPTH).
UNDRAWN: dict[str, dict[str, tuple[int, ...]]] = {}

#: family -> level -> size -> the least --depth a puzzle of that level and size needs (an
#: exhaustive count); below it the level is refused at once. Werewolves, two people: every
#: pair of meanings within depth 2 (tools/island_census.py werewolves); tricky at depth 1:
#: none of the pairs the generator draws (tools/island_census.py two-packs). Lady-tiger, four
#: rooms: at --depth 1 the hard draw (one claim a sign, 36 a room: counts of tigers or empty
#: rooms, a room's content, "Sign II is right / wrong"; any rooms reversed) holds 1,679,616
#: quadruples under each number of reversed rooms; with one answer and no wasted sign, every
#: one grades gentle or steady once the grader carries a sign's truth as a fact
#: (core/explain/reasoning.py, TRUTH; tools/island_census.py lady-tiger-4). Compound signs
#: (--depth 2, "Sign III is wrong if and only if sign I is right") reach both levels.
#: Knights and knaves, three people: every triple of the 18 meanings one claim can have (a
#: type, a count of knights or knaves, two alike or not; the tuple grammar's claims among
#: them) has 1,989 with one answer, 1,390 gentle and 599 steady; within --depth 2 (142
#: meanings) 402 triples are fiendish (tools/island_census.py knights-knaves).
DEPTH = {"werewolves": {"tricky": {2: 2}, "fiendish": {2: 3}},
         "lady-tiger": {"tricky": {4: 2}, "fiendish": {4: 2}},
         "knights-knaves": {"fiendish": {3: 2}}}

__all__ = ["DEPTH", "FEWEST", "RANGES", "UNDRAWN"]
