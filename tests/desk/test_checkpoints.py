"""A clerk's commit never copies the write-ahead log into the book (SQLite's checkpoint, which
made one write in fifty wait for two fsyncs more): a thread of the process does, beside the
writes, for a log written since its last checkpoint."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from sqlalchemy import Engine, text

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
    deadline = time.monotonic() + 10 * checkpoints.EVERY
    while path.stat().st_size < before + 6 * 2**20 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert path.stat().st_size >= before + 6 * 2**20  # copied into the book's file
    dispose_all()


def test_a_log_is_checkpointed_again_only_once_written_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checkpoints, "EVERY", 1e9)  # the thread leaves this book alone
    engine, path = _book(tmp_path)
    _write(engine, 1)
    size = path.stat().st_size
    assert checkpoints.checkpoint_if_written(str(path))
    assert path.stat().st_size >= size + 2**20  # copied into the book's file
    assert not checkpoints.checkpoint_if_written(str(path))  # nothing written since
    assert checkpoints.checkpoints_of(str(path)) == 1
    time.sleep(0.01)  # a later time of change for the log
    _write(engine, 1)
    size = path.stat().st_size
    assert checkpoints.checkpoint_if_written(str(path))
    assert path.stat().st_size >= size + 2**20
    assert checkpoints.checkpoints_of(str(path)) == 2
    dispose_all()
