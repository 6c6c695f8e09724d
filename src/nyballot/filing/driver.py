"""The desk's write transactions through the database driver's own cursor.

A filing is a handful of fixed statements; run through SQLAlchemy's Core each one pays for an
execution context, events and result wrapping, which on a fast disk cost more than the commit.
Here a pooled connection of the same engine (the same pragmas and durability settings) runs the
statements as prepared SQL, and PostgreSQL's pipeline mode sends the queued ones in one round
trip (after the BEGIN, which psycopg sends and waits for on its own). A driver error comes out
as SQLAlchemy's exception for it (``IntegrityError``, ``OperationalError``), so callers handle
both paths alike; a lost connection is thrown away with the rest of the pool, as SQLAlchemy
does.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Protocol

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError

from nyballot.filing import checkpoints

_NAMED = re.compile(r"(?<![:\w]):(\w+)")


class CommitWatch(Protocol):
    """Told, in the context of the write, as its commit begins (from then on the write waits
    for the disk, not for the interpreter) and how long the commit took."""

    def begun(self) -> None: ...

    def ended(self, seconds: float) -> None: ...


# The write's watcher, if any: ``nyballot.api.middleware.WritesFirst`` lets the reads it held
# back go on, and names the disk's time in the answer (Server-Timing).
committing: ContextVar[CommitWatch | None] = ContextVar("committing", default=None)


class Sql:
    """A statement with ``:name`` parameters (sqlite3's style), and in psycopg's: %(name)s."""

    __slots__ = ("named", "pyformat")

    def __init__(self, text: str) -> None:
        self.named = text
        self.pyformat = _NAMED.sub(r"%(\1)s", text.replace("%", "%%"))


class Tx:
    """An open write transaction: statements run in it, rows come back as dicts."""

    def __init__(self, cursor: Any, postgres: bool) -> None:
        self.cursor = cursor
        self.postgres = postgres
        self._cursors = [cursor]

    def execute(self, sql: Sql, params: Mapping[str, Any]) -> Any:
        """Run a statement; on PostgreSQL it is only queued until a result is read."""
        cursor = self.cursor
        if self.postgres:  # a cursor per statement: each keeps its own queued result
            cursor = self.cursor.connection.cursor()
            self._cursors.append(cursor)
        cursor.execute(sql.pyformat if self.postgres else sql.named, params)
        return cursor

    def scalar(self, sql: Sql, params: Mapping[str, Any]) -> Any:
        row = self.execute(sql, params).fetchone()
        return None if row is None else row[0]

    def rows(self, sql: Sql, params: Mapping[str, Any]) -> list[dict[str, Any]]:
        cursor = self.execute(sql, params)
        found = cursor.fetchall()  # first: in pipeline mode the description comes with the rows
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in found]

    def first(self, sql: Sql, params: Mapping[str, Any]) -> dict[str, Any] | None:
        found = self.rows(sql, params)
        return found[0] if found else None

    def close(self) -> None:
        for cursor in self._cursors:
            cursor.close()

    def commit(self) -> None:
        """Commit now (on PostgreSQL with whatever is queued, in one round trip)."""
        watch = committing.get()
        if watch is None:
            self.cursor.connection.commit()
            return
        watch.begun()
        start = time.perf_counter()
        try:
            self.cursor.connection.commit()
        finally:
            watch.ended(time.perf_counter() - start)


@contextmanager
def transaction(engine: Engine) -> Iterator[Tx]:
    """A write transaction on a pooled connection: committed when the block ends, rolled back
    if it raises. SQLite begins IMMEDIATE (writers queue instead of deadlocking)."""
    dbapi = engine.dialect.loaded_dbapi
    postgres = engine.dialect.name == "postgresql"
    try:
        connection = engine.raw_connection()
    except dbapi.Error as exc:
        raise _wrapped(engine, exc) from None
    try:
        tx = Tx(connection.cursor(), postgres)
        # The cursors are closed here, by this thread, before the connection goes back to the
        # pool: none of ours outlives the transaction to reset a statement another thread runs.
        try:
            if postgres:
                assert connection.driver_connection is not None
                with connection.driver_connection.pipeline():
                    yield tx
                    tx.commit()
            else:
                tx.cursor.execute("BEGIN IMMEDIATE")
                yield tx
                tx.commit()
                checkpoints.committed()
        finally:
            tx.close()
    except dbapi.Error as exc:
        _abandon(engine, connection, exc)
        raise _wrapped(engine, exc) from None
    except BaseException:
        _abandon(engine, connection, None)
        raise
    finally:
        connection.close()


def read_row(
    engine: Engine, sql: str | Sql, params: Mapping[str, Any] | None = None
) -> tuple[Any, ...] | None:
    """The first row of a read (None if none), on a pooled connection of ``engine`` through
    the driver's own cursor: one statement reads one snapshot, so no BEGIN is sent (the pool
    rolls back whatever the driver began as the connection goes back). Asked before every
    kept page and every clerk's write, through SQLAlchemy's Core it took half the server's time
    on such a page."""
    dbapi = engine.dialect.loaded_dbapi
    if isinstance(sql, Sql):
        sql = sql.pyformat if engine.dialect.name == "postgresql" else sql.named
    try:
        connection = engine.raw_connection()
    except dbapi.Error as exc:
        raise _wrapped(engine, exc) from None
    try:
        cursor = connection.cursor()
        try:
            cursor.execute(sql) if params is None else cursor.execute(sql, params)
            row = cursor.fetchone()
            return None if row is None else tuple(row)
        finally:
            cursor.close()
    except dbapi.Error as exc:
        _abandon(engine, connection, exc)
        raise _wrapped(engine, exc) from None
    finally:
        connection.close()


def _abandon(engine: Engine, connection: Any, exc: BaseException | None) -> None:
    """Roll back; a connection the error (or the rollback) shows lost is dropped, and with it
    the pool's other connections, which a server restart cut too."""
    dbapi = engine.dialect.loaded_dbapi
    lost = isinstance(exc, dbapi.Error) and engine.dialect.is_disconnect(
        exc, connection.dbapi_connection, None
    )
    if not lost:
        try:
            connection.rollback()
        except dbapi.Error as again:
            lost = True
            exc = again
    if lost:
        connection.invalidate(exc)
        engine.dispose(close=False)


def _wrapped(engine: Engine, exc: Exception) -> BaseException:
    dbapi = engine.dialect.loaded_dbapi
    return DBAPIError.instance(None, None, exc, dbapi.Error, dialect=engine.dialect)
