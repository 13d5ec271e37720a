"""Authoring: helping a person build a puzzle by Algorithm 2.

editing (the editor's session model: puzzle, undo/redo, file), assistant (marks, repairs,
partial reports), completions (puzzles with open slots as CNF).
"""
