"""The casket editor (`portia edit`): build a puzzle by picking statements, see it re-solved.

app.py holds the App (small); screens/ the editor screen, dialogs and help; widgets/ the
panels; model.py the plain-Python state (puzzle, undo/redo, file); analysis.py the glue that
workers run over the core; commands.py the command palette provider.
"""
