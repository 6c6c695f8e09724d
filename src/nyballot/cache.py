"""A cache of the checked law (and the holiday table) on disk, so a command does not re-read
and re-check it each start.

Reading every YAML file, parsing every date expression and checking every version and overlay
takes most of a short command's time, and gives the same result until the data (or the code
that reads it) changes. The result is kept as a pickle named by the SHA-256 of the name, size
and modification time of every data file read and of every source file of the modules that read
it and define its types (``nyballot.law`` and ``nyballot.reckoning``), as Python itself checks
its bytecode caches against their sources: any change to either gives a new name, so a stale
entry is not read, and the files need not be read to know it. The folder is
``$NYBALLOT_CACHE_DIR``, else ``$XDG_CACHE_HOME/nyballot``, else ``~/.cache/nyballot``;
``NYBALLOT_CACHE_DIR=off`` turns the cache off. A folder that cannot
be written, or an entry that cannot be read, only costs the time saved: the law is then built
from the files as before. The entries are the user's own files, read only by the user's
process, like any other cache of theirs.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
from collections.abc import Callable, Iterable
from importlib import resources
from pathlib import Path
from typing import TypeVar, cast

T = TypeVar("T")
MAX_ENTRY = 64 * 1024 * 1024  # bytes: far above the law's size (a few MiB), never unbounded
# The folders of the modules that read the data and define its types (found by path: this
# module sits below them both and imports neither).
_CODE_FOLDERS = ("law", "reckoning")


def folder() -> Path | None:
    """Where entries are kept, or None when the cache is off."""
    named = os.environ.get("NYBALLOT_CACHE_DIR")
    if named == "off":
        return None
    if named:
        return Path(named)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "nyballot"


def _code() -> list[resources.abc.Traversable]:
    found = []
    for name in _CODE_FOLDERS:
        root = resources.files("nyballot").joinpath(name)
        found += [p for p in root.iterdir() if p.name.endswith((".py", ".lark"))]
    return found


def key(name: str, files: Iterable[resources.abc.Traversable]) -> str:
    """The entry's name: ``name`` and the hash of each data and code file's path, size and
    modification time (in nanoseconds)."""
    digest = hashlib.sha256(sys.version.encode())
    for path in [*sorted(files, key=str), *sorted(_code(), key=str)]:
        stat = os.stat(str(path))
        digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\0".encode())
    return f"{name}-{digest.hexdigest()[:32]}.pickle"


def cached(name: str, files: Iterable[resources.abc.Traversable], build: Callable[[], T]) -> T:
    """``build()``, or the entry it gave before for the same files and code."""
    where = folder()
    if where is None:
        return build()
    try:
        path = where / key(name, files)
    except (OSError, ValueError):
        return build()
    try:
        if path.stat().st_size <= MAX_ENTRY:
            with path.open("rb") as handle:
                return cast(T, pickle.load(handle))
    except Exception:  # missing, unreadable or written by other code: build it again
        pass
    value = build()
    _store(value, where, path)
    return value


def _store(value: object, where: Path, path: Path) -> None:
    """Write an entry whole or not at all: readers never see half of one."""
    import tempfile  # only when an entry is written

    temporary = None
    try:
        where.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=where, suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            pickle.dump(value, out, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, path)
        temporary = None
    except (OSError, pickle.PicklingError):
        pass
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
