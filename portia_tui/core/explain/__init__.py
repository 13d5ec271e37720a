"""Explaining: how a person solves a puzzle.

deduction (step-by-step stories), difficulty (grading by technique), hints (the hint ladder
and judging a pick), marks (pencil marks and checking them).
"""
