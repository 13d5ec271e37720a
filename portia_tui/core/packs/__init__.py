"""Packs: many puzzles at once.

generator (random graded puzzles, Algorithm 3), census (counting every valid puzzle),
families (census of Smullyan's three generations), pack (pack files), export (printable
packs), twins (puzzles equal up to renaming).
"""
