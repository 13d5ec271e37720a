"""Errors the core raises for bad input: each names the file and, where it can, the line."""

from __future__ import annotations


class PortiaError(Exception):
    """A problem with a puzzle or a file, reported to people as one line."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line

    def located(self, path: str | None = None, line: int | None = None) -> "PortiaError":
        """The same error with a file (and line) filled in where it had none."""
        return type(self)(
            self.message,
            self.path if self.path is not None else path,
            self.line if self.line is not None else line,
        )

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = f"{self.path}:" + (f"{self.line}:" if self.line is not None else "") + " "
        elif self.line is not None:
            where = f"line {self.line}: "
        return f"{where}{self.message}"


class PuzzleError(PortiaError):
    """The puzzle itself breaks a rule of Definitions 1-2."""


class FormatError(PortiaError):
    """A file could not be read as a puzzle."""


class ExistsError(FormatError):
    """A file portia was told not to replace exists already. ``path`` is that file; the
    interfaces say how to replace it (the command line's flag, the editor's question)."""

    def __init__(self, path: str, line: int | None = None, message: str = "already exists"):
        super().__init__(message, path, line)

    def located(self, path: str | None = None, line: int | None = None) -> "ExistsError":
        return ExistsError(self.path if self.path is not None else path or "",
                           self.line if self.line is not None else line, self.message)


class SettingsError(PortiaError):
    """Generator or census settings no puzzle can meet. ``setting`` names the setting (a field
    of the settings, e.g. "caskets", "repeats"), ``value`` its value and ``bound`` the limit
    it broke where there is one; the message says why in the core's own words, naming no
    interface's flag or key."""

    def __init__(self, message: str, setting: str, value: object = None,
                 bound: object = None):
        super().__init__(message)
        self.setting = setting
        self.value = value
        self.bound = bound

    def located(self, path: str | None = None, line: int | None = None) -> "PortiaError":
        return PortiaError(self.message, path, line)
