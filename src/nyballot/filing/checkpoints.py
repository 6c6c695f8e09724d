"""SQLite's checkpoint (the write-ahead log's pages copied into the book's file) off a write's
path.

Left to SQLite, the commit that brings the log past 1,000 pages checkpoints: that commit waits
for the pages to be written and for two fsyncs more. A clerk's write every fifty or so took
11-17 ms instead of 1-2 (and a write's p99 is made of them). Here the writers' connections never
checkpoint (``wal_autocheckpoint = 0``, ``nyballot.filing.store``): a thread of the process
checkpoints the log of each book it opened for writing if it was written since its last
checkpoint, at most every ``EVERY`` seconds: just after a write's commit (``committed``: the
disk is then free until the next write) or, for a book written otherwise, at the next look; and
once more as the process ends. PASSIVE: it waits for no reader and no writer, and a write
meanwhile goes on into the log. Durability is unchanged: a commit is in the log, fsynced, before
it is acknowledged; a checkpoint cut short by a crash is done again by the next.

A log's size cannot tell what is left to copy (SQLite writes it again from its start after a
checkpoint, and its count of the log's pages is not offered by Python's driver): a log changed
since the last checkpoint is checkpointed, and what was copied is not copied again.
"""

from __future__ import annotations

import atexit
import os
import sqlite3
import threading
import time
from dataclasses import dataclass

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

EVERY = 2.0  # seconds at least between checkpoints of a book, and between looks


@dataclass
class _Book:
    engine: Engine
    log: str  # the write-ahead log's path
    seen: tuple[int, int] = (0, 0)  # the log's size and time of change as last checkpointed
    last: float = 0.0  # the monotonic time of its last checkpoint
    checkpoints: int = 0


class Checkpoints:
    """Books (by path, each with the engine that writes it), each checkpointed when asked if
    its log was written since its last checkpoint."""

    def __init__(self) -> None:
        self._books: dict[str, _Book] = {}
        self._lock = threading.Lock()

    def watch(self, engine: Engine, path: str) -> None:
        with self._lock:
            self._books.setdefault(path, _Book(engine, f"{path}-wal"))

    def forget(self) -> None:
        with self._lock:
            self._books.clear()

    def look(self, every: float = 0.0) -> None:
        """Checkpoint every book written since its checkpoint, if that was ``every`` s ago."""
        for path, book in list(self._books.items()):
            if time.monotonic() - book.last >= every:
                self.checkpoint_if_written(path)

    def checkpoint_if_written(self, path: str) -> bool:
        """Checkpoint the book at ``path`` if its log changed since its last checkpoint;
        whether it did."""
        book = self._books.get(path)
        if book is None:
            return False
        try:
            log = os.stat(book.log)
            if (log.st_size, log.st_mtime_ns) == book.seen:
                return False
            connection = book.engine.raw_connection()
            try:
                cursor = connection.cursor()
                busy = cursor.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()[0]
                cursor.close()
            finally:
                connection.close()
        except (OSError, sqlite3.Error, SQLAlchemyError):
            return False  # no log now, or the book is busy or gone: looked at again next time
        if busy:
            return False  # another checkpoint of it was under way: looked at again next time
        book.seen, book.last = (log.st_size, log.st_mtime_ns), time.monotonic()
        book.checkpoints += 1
        return True

    def checkpoints_of(self, path: str) -> int:
        """How many checkpoints were made of the book at ``path``."""
        book = self._books.get(path)
        return book.checkpoints if book is not None else 0


_process = Checkpoints()  # the books this process writes, looked at by its thread
_looking: threading.Thread | None = None
_lock = threading.Lock()
_stop = threading.Event()
_wake = threading.Event()


def watch(engine: Engine, path: str) -> None:
    """Checkpoint the book at ``path`` (opened for writing by ``engine``) off its writes."""
    global _looking
    _process.watch(engine, path)
    with _lock:
        if _looking is None:
            _looking = threading.Thread(target=_look, name="nyballot-checkpoints", daemon=True)
            _looking.start()
            atexit.register(_last_look)


def committed() -> None:
    """A write was committed: a book due for a checkpoint has it now, in the thread."""
    _wake.set()


def forget() -> None:
    """Watch no book any longer (their engines were disposed of)."""
    _process.forget()


def _look() -> None:
    while not _stop.is_set():
        _wake.wait(EVERY)
        _wake.clear()
        _process.look(EVERY)


def _last_look() -> None:
    _stop.set()
    _process.look()
