"""Every file stategraph writes: checked before the work, and replaced only once complete.

:func:`check_output` refuses, before any work, a path that cannot be written or is one of the
run's inputs.  :func:`open_output` (a binary file object) and :func:`output_name` (a file name,
for writers that take one) write a temporary file beside the target, fsync it and
:func:`os.replace` it into place; on any failure only the temporary file is removed.  Temporary
files are registered before they are made and removed at exit, so a signal at any moment leaves
none behind.  The rules (symlinks, ``/dev/null``, ``-``, exit statuses): docs/trust.md.
"""

from __future__ import annotations

import atexit
import errno
import io
import os
import stat
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import BinaryIO, NoReturn, cast

from ..errors import StategraphError, StreamFault, shorten

STDOUT = STDIN = "-"
NAME_KEPT = 100  # characters of the target's name kept in its temporary file's name
_refusal: list[BaseException] = []  # set by stop_replacing
_unfinished: set[str] = set()  # temporary files named, not yet moved into place or removed


def check_output(path: str, what: str, inputs: Iterable[str | None] = ()) -> None:
    """Refuse ``path`` unless ``what`` can be written there without replacing one of ``inputs``
    (compared by device and inode; ``-`` is standard input, ``None`` is skipped)."""
    if path == STDOUT:
        return
    if not path or path.endswith(os.sep):
        _refuse(path, what, "No such file or directory" if not path else "Is a directory")
    found = _stat(path, what)
    if found is not None:
        if stat.S_ISDIR(found.st_mode):
            _refuse(path, what, "Is a directory")
        if not os.access(path, os.W_OK):
            _refuse(path, what, "Permission denied")
        if not stat.S_ISREG(found.st_mode):
            return  # a device or a pipe: written in place
        for source in inputs:
            if _identity(source) == (found.st_dev, found.st_ino):
                shown = "standard input" if source == STDIN else shorten(source, 200, quoted=False)
                _refuse(path, what, f"it is the input file {shown}, which is never replaced")
    folder = os.path.dirname(os.path.realpath(path)) or "."
    if not os.path.isdir(folder):
        _refuse(path, what, "No such file or directory")
    if not os.access(folder, os.W_OK | os.X_OK):
        _refuse(path, what, f"Permission denied (the file is replaced as a whole, and its folder "
                            f"{_shown(folder)} is not writable)")


@contextmanager
def open_output(path: str, what: str) -> Iterator[BinaryIO]:
    """A binary file object whose bytes replace ``path`` (``-``: go to standard output) once the
    block completes; every write is whole or raises."""
    if path == STDOUT:
        with _reported(path, what):
            if sys.stdout is None:
                raise StreamFault("cannot write the output: standard output is closed")
            sys.stdout.flush()
            yield cast(BinaryIO, _WholeWrites(sys.stdout.buffer))
            sys.stdout.buffer.flush()
        return
    final = _final(path, what)
    if final is None:  # a device or a pipe
        with _reported(path, what), _opened(path, path, what) as handle:
            yield cast(BinaryIO, _WholeWrites(handle))
        return
    with _replacing(final, path, what) as temporary, _reported(path, what), \
            _opened(temporary, path, what) as handle:
        yield cast(BinaryIO, _WholeWrites(handle))
        handle.flush()
        os.fsync(handle.fileno())


@contextmanager
def output_name(path: str, what: str) -> Iterator[str]:
    """A file name to write ``what`` to, with ``path``'s suffix (writers choose their format by
    it); the file replaces ``path`` once the block completes."""
    final = _final(path, what)
    if final is None:  # a device or a pipe
        with _reported(path, what):
            yield path
        return
    with _replacing(final, path, what) as temporary, _reported(path, what):
        yield temporary
        descriptor = os.open(temporary, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def stop_replacing(reason: BaseException | None) -> None:
    """Replace no file from now on: a writer about to replace one raises ``reason`` instead
    (``None``: replace again).  For a signal handler, whose exception may be swallowed where it
    lands (networkx's GraphML writer imports numpy inside a bare ``except:``)."""
    _refusal[:] = [] if reason is None else [reason]


# the temporary file ---------------------------------------------------------------------------------

@contextmanager
def _replacing(final: str, path: str, what: str) -> Iterator[str]:
    """A new empty file beside ``final``, with the mode ``final`` has (or a new file would get),
    moved onto ``final`` when the block completes and removed when it does not."""
    folder, name = os.path.split(final)
    stem, suffix = split_suffix(name)
    try:
        temporary = _new_file(folder or ".", f".{stem[:NAME_KEPT]}.", f".tmp{suffix}", _mode(final))
    except OSError as exc:
        _refuse(path, what, exc.strerror or str(exc))
    try:
        yield temporary
        if _refusal:
            raise _refusal[0]
        with _reported(path, what):
            os.replace(temporary, final)
    except BaseException:
        _discard(temporary)
        raise
    _unfinished.discard(temporary)


def split_suffix(path: str) -> tuple[str, str]:
    """``path`` without its suffix, and the suffix: from the last dot of its file name, which a
    writer chooses its format by; a name that is only a suffix (``.svg``) keeps it, where
    :func:`os.path.splitext` takes it for a hidden file's stem.

    >>> split_suffix("route.svg"), split_suffix(".svg"), split_suffix("out/a.b.png"), split_suffix("out.d/graph")
    (('route', '.svg'), ('', '.svg'), ('out/a.b', '.png'), ('out.d/graph', ''))
    """
    dot = path.rfind(".")
    return (path[:dot], path[dot:]) if dot > path.rfind(os.sep) else (path, "")


def _new_file(folder: str, prefix: str, suffix: str, mode: int) -> str:
    """A new empty file in ``folder`` with ``mode``, named in :data:`_unfinished` before it exists."""
    for _ in range(100):
        name = os.path.join(folder, f"{prefix}{os.urandom(5).hex()}{suffix}")
        _unfinished.add(name)
        try:
            descriptor = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        except FileExistsError:
            _unfinished.discard(name)  # another's file, never removed: another name
            continue
        except BaseException:  # a signal just after the file was made (or an OSError: none was)
            _discard(name)
            raise
        try:
            os.fchmod(descriptor, mode)
        except BaseException:
            _discard(name)
            raise
        finally:
            os.close(descriptor)
        return name
    raise FileExistsError(errno.EEXIST, "no unused temporary file name")


def _discard(temporary: str) -> None:
    """Remove ``temporary`` (if it is there) and take it off the register."""
    _remove_quietly(temporary)
    _unfinished.discard(temporary)


@atexit.register
def _remove_unfinished() -> None:
    """At exit, remove the temporary files a signal left between their making and their ``try``."""
    for temporary in list(_unfinished):
        _discard(temporary)


os.register_at_fork(after_in_child=_unfinished.clear)  # a forked child never removes its parent's files


def _mode(final: str) -> int:
    try:
        return stat.S_IMODE(os.stat(final).st_mode)
    except FileNotFoundError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _remove_quietly(path: str) -> None:
    try:
        os.remove(path)
    except OSError:
        pass


@contextmanager
def _opened(file: str, path: str, what: str) -> Iterator[io.BufferedWriter]:
    """``file`` (``path`` or its temporary file) opened for writing, neither created nor truncated,
    and closed on the way out."""
    try:
        handle = os.fdopen(os.open(file, os.O_WRONLY), "wb")
    except OSError as exc:
        _refuse(path, what, exc.strerror or str(exc))
    try:
        yield handle
    except BaseException:
        try:
            handle.close()  # flushes into the file that is about to go, or into a device
        except (OSError, ValueError):
            pass
        raise
    handle.close()


class _WholeWrites(io.RawIOBase):
    """A binary stream whose ``write`` writes every byte or raises (a buffered stream may
    return a short count instead: a pipe closed or a disk filled half-way)."""

    def __init__(self, target):
        super().__init__()
        self.target = target

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        view = memoryview(data).cast("B")
        total = len(view)
        while view:
            written = self.target.write(view)
            if not written:
                raise OSError(errno.EIO, "the write made no progress")
            view = view[written:]
        return total

    def flush(self) -> None:
        if not self.target.closed:  # also called when this stream is closed or collected
            self.target.flush()


# paths and messages ---------------------------------------------------------------------------------

def _final(path: str, what: str) -> str | None:
    """The regular file to replace (a symlink's resolved target), or ``None`` for an existing
    device or pipe."""
    found = _stat(path, what)
    if found is not None and not stat.S_ISREG(found.st_mode):
        if stat.S_ISDIR(found.st_mode):
            _refuse(path, what, "Is a directory")
        return None
    return os.path.realpath(path)


def _stat(path: str, what: str) -> os.stat_result | None:
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:  # through a file, a loop of links, a NUL byte
        _refuse(path, what, getattr(exc, "strerror", None) or str(exc))


def _identity(source: str | None) -> tuple[int, int] | None:
    try:
        if source == STDIN:
            found = os.fstat(sys.stdin.fileno()) if sys.stdin is not None else None
        else:
            found = os.stat(source) if source else None
    except (OSError, ValueError, io.UnsupportedOperation):
        return None
    return None if found is None else (found.st_dev, found.st_ino)


@contextmanager
def _reported(path: str, what: str) -> Iterator[None]:
    """An ``OSError`` in the block becomes a :class:`StreamFault` naming ``path``; a closed
    standard output stays a :class:`BrokenPipeError`."""
    try:
        yield
    except BrokenPipeError:
        if path == STDOUT:
            raise
        raise StreamFault(f"cannot write {what} to {_shown(path)}: Broken pipe") from None
    except OSError as exc:
        raise StreamFault(f"cannot write {what} to {_shown(path)}: {exc.strerror or exc}") from None


def _refuse(path: str, what: str, reason: str) -> NoReturn:
    raise StategraphError(f"cannot write {what} to {_shown(path)}: {reason}")


def _shown(path: str) -> str:
    return "standard output" if path == STDOUT else shorten(path, 200, quoted=False)
