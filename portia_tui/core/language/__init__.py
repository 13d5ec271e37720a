"""The language: what a puzzle is and what its sentences mean.

model (puzzles: caskets, statements, m, metadata), vocabulary (every statement kind, defined
once: meaning, sentence, parser, menu entry, problems), rules (every rule kind, the same five
faces), words (small pieces of English every layer shares).
"""
