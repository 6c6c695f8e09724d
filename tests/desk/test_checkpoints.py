"""A clerk's commit never copies the write-ahead log into the book (SQLite's checkpoint, which
made one write in fifty wait for two fsyncs more): a thread of the process does, beside the
writes, for a log written since its last checkpoint."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, text

from nyballot.filing import checkpoints
from nyballot.filing.store import dispose_all, engine_for


def _book(tmp_path: Path) -> tuple[Engine, Path]:
    path = tmp_path / "book.sqlite3"
    engine = engine_for(f"sqlite:///{path}")
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE scratch (body BLOB)"))
    return engine, path


def _write(engine: Engine, megabytes: int) -> None:
    with engine.begin() as conn:
        for _ in range(megabytes * 4):
            conn.execute(text("INSERT INTO scratch VALUES (randomblob(262144))"))


def test_a_writers_connection_never_checkpoints_in_its_commit(tmp_path: Path) -> None:
    engine, _ = _book(tmp_path)
    with engine.connect() as conn:
        assert conn.execute(text("PRAGMA wal_autocheckpoint")).scalar() == 0
    dispose_all()


def test_a_written_log_is_checkpointed_by_the_process_beside_the_writes(tmp_path: Path) -> None:
    engine, path = _book(tmp_path)
    before = path.stat().st_size
    _write(engine, 6)  # 1,536 pages of 4 KiB: past SQLite's own threshold of 1,000
    # Nothing else copies the log into the file while the book is open: the writers never
    # checkpoint and the readers are read-only (whether the thread has counted it yet or not).
    deadline = time.monotonic() + 10 * checkpoints.EVERY
    while path.stat().st_size < before + 6 * 2**20 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert path.stat().st_size >= before + 6 * 2**20  # copied into the book's file
    dispose_all()


def test_a_log_is_checkpointed_again_only_once_written_again(tmp_path: Path) -> None:
    # A book of the test's own, out of the process's thread's sight: only these calls touch it.
    path = tmp_path / "own.sqlite3"
    engine = create_engine(f"sqlite:///{path}")

    @event.listens_for(engine, "connect")
    def _wal(connection: sqlite3.Connection, _record: Any) -> None:
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA wal_autocheckpoint = 0")

    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE scratch (body BLOB)"))
    own = checkpoints.Checkpoints()
    own.watch(engine, str(path))
    for turn in (1, 2):
        time.sleep(0.01)  # a later time of change for the log
        _write(engine, 1)
        size = path.stat().st_size
        assert own.checkpoint_if_written(str(path))
        assert path.stat().st_size >= size + 2**20  # copied into the book's file
        assert not own.checkpoint_if_written(str(path))  # nothing written since
        assert own.checkpoints_of(str(path)) == turn
    engine.dispose()
