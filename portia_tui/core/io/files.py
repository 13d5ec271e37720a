"""Reading and writing files safely: the one home for every reader and writer portia has.

Reading (:func:`read_bytes`, :func:`read_text`, :func:`parse_toml`, :func:`parse_json`) is
*total*: a missing file, a folder, a FIFO or a device (``/dev/zero`` through a symlink), a file
over the size cap, bytes that are not UTF-8, TOML or JSON nested too deep, or a number too long
for Python all become one :class:`FormatError` naming the file (and the line where known).
Nothing here blocks on a FIFO or reads without a bound.

Writing (:func:`atomic_write`) goes through a temporary file in the real file's folder: it
follows a symlink to the file it names, gives a new file the mode the umask allows (a replaced
file keeps its mode), syncs the data and then the folder, and refuses to replace an existing
file without ``force`` atomically (a hard link of the temporary file, which fails when the name
is taken) rather than by looking first. Refusals raise :class:`ExistsError`, which carries the
path; the interfaces say how to replace it.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Callable

from portia_tui.core.errors import ExistsError, FormatError

#: size caps: a puzzle, settings or theme file is a few kilobytes; a pack or the progress
#: file of many thousand puzzles a few megabytes
SMALL_LIMIT = 1 << 20
LARGE_LIMIT = 64 << 20

#: what the fstat type bits are, for the message about a file that is not a regular one
_KINDS = ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def _size(n: int) -> str:
    return f"{n / (1 << 20):.0f} MiB" if n >= 1 << 20 else f"{n:,} bytes"


def read_bytes(path: str | os.PathLike[str], limit: int = SMALL_LIMIT,
               what: str = "puzzle file") -> bytes:
    """The bytes of a regular file of at most `limit` bytes; FormatError naming the file
    otherwise. Opened without blocking, so a FIFO is refused, not waited on."""
    name = os.fspath(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
        | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(name, flags)
    except FileNotFoundError:
        raise FormatError("no such file", name) from None
    except IsADirectoryError:
        raise FormatError(f"is a folder, not a {what}", name) from None
    except OSError as exc:
        raise FormatError(f"cannot read: {exc.strerror or exc}", name) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FormatError(f"is a folder, not a {what}", name)
        if not stat.S_ISREG(info.st_mode):
            kind = next((k for test, k in _KINDS if test(info.st_mode)), "not a regular file")
            raise FormatError(f"is {kind}, not a {what}; not read", name)
        if info.st_size > limit:
            raise FormatError(f"too large for a {what} ({_size(info.st_size)}; at most "
                              f"{_size(limit)})", name)
        chunks = []
        left = limit + 1  # the file may grow while it is read
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise FormatError(f"cannot read: {exc.strerror or exc}", name) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise FormatError(f"too large for a {what} (more than {_size(limit)})", name)
    return data


def decode(data: bytes, name: str) -> str:
    """UTF-8 text (a byte-order mark dropped, line ends made "\\n"); FormatError with the line
    of the first bad byte."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise FormatError("not UTF-8 text", name, line) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_text(path: str | os.PathLike[str], limit: int = SMALL_LIMIT,
              what: str = "puzzle file") -> str:
    """:func:`read_bytes` then :func:`decode`."""
    return decode(read_bytes(path, limit, what), os.fspath(path))


# --------------------------------------------------------------------------- parsing
def toml_error(exc: ValueError) -> tuple[str, int | None]:
    """(message, line) of a tomllib.TOMLDecodeError: Python 3.11 only gives the place inside
    the message ('... (at line 3, column 5)'), so it is taken out of the message here."""
    message = str(exc)
    found = re.search(r"\(at line (\d+)", message)
    message = re.sub(r"\s*\(at line \d+, column \d+\)", "", message)
    message = re.sub(r"\s*\(at end of document\)", " (at the end)", message)
    return message, int(found.group(1)) if found else None


def _number_line(text: str) -> int | None:
    """The line of the first run of more than 4300 digits (Python's limit for int())."""
    found = re.search(r"\d{4301}", text)
    return text.count("\n", 0, found.start()) + 1 if found else None


def parse_toml(text: str, path: str, label: str = "TOML syntax") -> dict[str, Any]:
    """The TOML table in text (read by tomllib); FormatError('<label>: ...', path, line) when
    it is not one."""
    import tomllib  # here: a .txt or .json puzzle is read without it

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message, line = toml_error(exc)
        raise FormatError(f"{label}: {message}", path, line) from None
    except RecursionError:
        raise FormatError(f"{label}: arrays or tables nested too deep", path) from None
    except (ValueError, OverflowError):  # an integer of more than 4300 digits
        raise FormatError(f"{label}: a number too long to read", path,
                          _number_line(text)) from None


def _unique_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


class _DuplicateKey(ValueError):
    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def parse_json(text: str, path: str, unique_keys: bool = False) -> Any:
    """The JSON value in text; FormatError('JSON syntax: ...', path, line) when it is not one.
    NaN and Infinity are refused; with unique_keys, so is a key given twice in one object."""
    def constant(word: str) -> Any:
        raise FormatError(f"JSON syntax: {word} is not a number JSON allows", path,
                          _line_of_word(text, word))

    try:
        return json.loads(text, parse_constant=constant,
                          object_pairs_hook=_unique_object if unique_keys else None)
    except json.JSONDecodeError as exc:
        raise FormatError(f"JSON syntax: {exc.msg}", path, exc.lineno) from None
    except _DuplicateKey as exc:
        raise FormatError(f"the key {json.dumps(exc.key)} is given twice in one object", path,
                          _second_key_line(text, exc.key)) from None
    except RecursionError:
        raise FormatError("JSON syntax: arrays or objects nested too deep", path) from None
    except (ValueError, OverflowError):
        raise FormatError("JSON syntax: a number too long to read", path,
                          _number_line(text)) from None


def _line_of_word(text: str, word: str) -> int | None:
    at = text.find(word)
    return text.count("\n", 0, at) + 1 if at >= 0 else None


def _second_key_line(text: str, key: str) -> int | None:
    """The line where JSON key is set the second time (an estimate: the text is not parsed)."""
    found = list(re.finditer(re.escape(json.dumps(key)) + r"\s*:", text))
    if not found:
        return None
    return text.count("\n", 0, found[min(1, len(found) - 1)].start()) + 1


@contextmanager
def reading(path: str) -> Iterator[None]:
    """``with reading(path):`` turns what a reader may still raise on hostile input (a number
    too large for a float, nesting too deep for the checks) into one FormatError naming the
    file: the last guard behind the readers' own checks, so no input ever ends in a traceback."""
    try:
        yield
    except RecursionError:
        raise FormatError("nested too deep to read", path) from None
    except (OverflowError, ValueError) as exc:
        raise FormatError(f"cannot read this file: {exc}", path) from None


# --------------------------------------------------------------------------- writing
def check_target(path: str | os.PathLike[str], force: bool = False) -> None:
    """The rules for a file portia is about to write, checked before any work is done:
    the folder must exist, the path must not be a folder or a special file, and an existing
    file is replaced only when force is true (ExistsError). :func:`atomic_write` checks again
    when it writes, without a gap."""
    target = os.fspath(path)
    if os.path.isdir(target):
        raise FormatError("is a folder, not a file", target)
    if os.path.lexists(target):
        if not force:
            raise ExistsError(target)
        try:
            mode = os.stat(target).st_mode
        except OSError:
            mode = stat.S_IFREG  # a dangling symlink: the write creates the file it names
        if not stat.S_ISREG(mode):
            raise FormatError("is not a regular file; not replaced", target)
    folder = os.path.dirname(os.path.realpath(target)) or "."
    if not os.path.isdir(folder):
        # a dangling symlink names a file in a missing folder: that folder is the one said
        said = folder if os.path.islink(target) else os.path.dirname(target) or "."
        raise FormatError(f"no such folder {said!r}", target)


def _temp_file(folder: str, base: str) -> tuple[int, str]:
    """A new file in folder, created with mode 0o666 less the umask (as open() would). Its
    name holds at most 64 characters of `base`, so a long name that fits the system is not
    refused for its temporary file's longer one."""
    import secrets

    base = base[:64]
    for _ in range(100):
        tmp = os.path.join(folder, f".{base}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0),
                           0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name in {folder}")


def _sync_folder(folder: str) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a folder; the rename is done all the same
    finally:
        os.close(fd)


#: errors os.link gives where a file system has no hard links
_NO_LINKS = {getattr(errno, name) for name in ("EPERM", "EOPNOTSUPP", "ENOTSUP", "EMLINK",
                                                "ENOSYS") if hasattr(errno, name)}


def _place_new(tmp: str, real: str, target: str) -> None:
    """Give tmp the name real, failing with ExistsError when real exists (no gap)."""
    try:
        os.link(tmp, real)
    except FileExistsError:
        raise ExistsError(target) from None
    except OSError as exc:
        if exc.errno not in _NO_LINKS:
            raise
        # no hard links here: claim the name exclusively, then rename over the claim
        try:
            os.close(os.open(real, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            raise ExistsError(target) from None
        try:
            os.replace(tmp, real)
        except OSError:
            os.unlink(real)
            raise
        return
    os.unlink(tmp)


def write_all(files: list[tuple[str | os.PathLike[str], str]], force: bool = False) -> None:
    """Write several files, all or none (an export's folder, a dataset's splits): every text
    goes to a temporary file beside its target first; only when all are written and synced
    are they given their names. A failure before that removes the temporary files and writes
    nothing. A failure while naming them (or a name taken meanwhile, without force) puts
    back what was there: new files already placed are removed and, with force, each file
    replaced gets its old contents back (kept under a hard link until every new file is in
    place). FormatError or ExistsError naming the file, as :func:`atomic_write`."""
    for path, _text in files:
        check_target(path, force)
    temps: list[tuple[str, str, str]] = []  # (temporary, real name, name as given)
    try:
        for path, text in files:
            target = os.fspath(path)
            real = os.path.realpath(target)
            fd, tmp = _temp_file(os.path.dirname(real) or ".", os.path.basename(real))
            temps.append((tmp, real, target))
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
    except OSError as exc:
        for tmp, _real, _target in temps:
            _unlink_quietly(tmp)
        raise FormatError(f"cannot write: {exc.strerror or exc}; no file written",
                          os.fspath(path)) from None
    except BaseException:
        for tmp, _real, _target in temps:
            _unlink_quietly(tmp)
        raise
    _place_all(temps, force)


def _keep_old(real: str) -> str | None:
    """A second name for the file at real (a hard link, or a copy where the file system has
    no hard links), so it can be put back after a replace; None when there is no file
    there. OSError when neither can be made."""
    if not os.path.lexists(real):
        return None
    import secrets

    folder = os.path.dirname(real) or "."
    for _ in range(100):
        keep = os.path.join(folder, f".{os.path.basename(real)[:64]}.{secrets.token_hex(4)}.old")
        try:
            os.link(real, keep)
        except FileExistsError:
            continue
        except OSError as exc:
            if exc.errno not in _NO_LINKS:
                raise
            import shutil

            try:
                with open(real, "rb") as src, open(keep, "xb") as dst:
                    shutil.copyfileobj(src, dst)
                shutil.copymode(real, keep)
            except FileExistsError:
                continue
            except BaseException:
                _unlink_quietly(keep)
                raise
        return keep
    raise FileExistsError(f"no free name in {folder}")


def _place_all(temps: list[tuple[str, str, str]], force: bool) -> None:
    """Give each temporary file its name (see :func:`write_all`)."""
    placed: list[tuple[str, str | None]] = []  # (real name, its old file's second name)
    kept: list[str] = []
    try:
        for tmp, real, target in temps:
            if force:
                keep = _keep_old(real)
                if keep is not None:
                    kept.append(keep)
                os.replace(tmp, real)
                placed.append((real, keep))
            else:
                _place_new(tmp, real, target)
                placed.append((real, None))
    except BaseException as exc:
        for tmp, _real, _target in temps:
            _unlink_quietly(tmp)
        for real, keep in reversed(placed):  # put back what was there
            if keep is None:
                _unlink_quietly(real)
            else:
                try:
                    os.replace(keep, real)
                except OSError:
                    pass
        for keep in kept:
            _unlink_quietly(keep)
        if isinstance(exc, OSError):
            raise FormatError(f"cannot write: {exc.strerror or exc}; no file written",
                              temps[len(placed)][2]) from None
        raise
    for keep in kept:
        _unlink_quietly(keep)
    for folder in {os.path.dirname(real) or "." for _tmp, real, _target in temps}:
        _sync_folder(folder)


def atomic_write(path: str | os.PathLike[str], text: str, force: bool = False,
                 placed: Callable[[], None] | None = None) -> None:
    """Write text (UTF-8, "\\n" line ends) to path atomically; see the module notes.
    `placed()` is called once the new file has its name (a kill of the process can no
    longer lose it), before the folder's fsync (which only a power cut needs).

    ExistsError when path exists and force is false; FormatError for a write the system
    refuses (permissions, a read-only or full disk), naming path.
    """
    check_target(path, force)
    target = os.fspath(path)
    real = os.path.realpath(target)  # through a symlink to the file it names
    folder = os.path.dirname(real) or "."
    try:
        fd, tmp = _temp_file(folder, os.path.basename(real))
    except OSError as exc:
        raise FormatError(f"cannot write here: {exc.strerror or exc}", target) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            if force:
                try:  # a replaced file keeps its mode
                    os.chmod(tmp, stat.S_IMODE(os.stat(real).st_mode))
                except FileNotFoundError:
                    pass
            os.fsync(fh.fileno())
        if force:
            os.replace(tmp, real)
        else:
            _place_new(tmp, real, target)
        if placed is not None:
            placed()
        _sync_folder(folder)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise FormatError(f"cannot write: {exc.strerror or exc}", target) from None
        raise


def set_aside(path: str | os.PathLike[str], suffix: str) -> str:
    """Move a file portia cannot read out of the way, to the first name no file has:
    ``NAME<suffix>``, then ``NAME<suffix>-2``, ``-3``, ... An earlier copy is never replaced:
    the new name is taken with a hard link (which fails when the name exists), or where the
    system refuses the link (EPERM: a file system without hard links, or a file the user may
    not read), by creating the name exclusively and renaming the file over that placeholder.

    Returns the new name; FormatError naming the file, with the system's reason, when it
    cannot be moved (the caller then must not replace it)."""
    name = os.fspath(path)
    for k in range(1, 1000):
        candidate = name + (suffix if k == 1 else f"{suffix}-{k}")
        try:
            os.link(name, candidate)
        except FileExistsError:
            continue
        except OSError as exc:
            if exc.errno not in _NO_LINKS:
                raise _aside_error(name, exc) from None
            if _claim(name, candidate):
                _rename_over_claim(name, candidate)
                return candidate
            continue
        try:
            os.unlink(name)
        except OSError as exc:  # two names for one file: take the new one back
            _unlink_quietly(candidate)
            raise _aside_error(name, exc) from None
        return candidate
    raise FormatError(f"cannot be set aside: every name up to {suffix}-999 is taken", name)


def _claim(name: str, candidate: str) -> bool:
    """Create `candidate` exclusively (True), or False when the name is taken."""
    try:
        os.close(os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        return False
    except OSError as exc:
        raise _aside_error(name, exc) from None
    return True


def _rename_over_claim(name: str, candidate: str) -> None:
    try:
        os.replace(name, candidate)
    except OSError as exc:
        _unlink_quietly(candidate)
        raise _aside_error(name, exc) from None


def _unlink_quietly(name: str) -> None:
    try:
        os.unlink(name)
    except OSError:
        pass


def _aside_error(name: str, exc: OSError) -> FormatError:
    return FormatError(f"cannot be set aside: {exc.strerror or exc}", name)
