"""Solving: exact analyses of a puzzle.

engine (the casket engine, the fast path), semantics (references, loops, the Analysis record),
sat (python-sat encoding, DIMACS, the oracle), sat_legacy (the benchmark's first baseline),
brute (exhaustive worlds, the yardstick).
"""
