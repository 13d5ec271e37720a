"""Solving: exact analyses of a puzzle.

engine (the casket engine, the fast path), semantics (references, loops, the Analysis record),
sat (python-sat encoding, DIMACS, the oracle). The first SAT baseline lives in
benchmarks/sat_legacy.py and the brute-force yardsticks in tests/ (brute.py, tables.py).
"""
