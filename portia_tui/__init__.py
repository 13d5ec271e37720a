"""portia: a terminal workbench for Portia casket puzzles."""

__version__ = "0.1.0"
