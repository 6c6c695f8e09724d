"""Storage: one SQLAlchemy engine, migrated on first use; SQLite by default, PostgreSQL by URL.

SQLite runs in WAL mode with ``synchronous=FULL`` (a committed filing survives a crash or a
power cut), foreign keys on, and every write transaction begins IMMEDIATE so two writers queue
instead of deadlocking. Each filing is one transaction.

Reads go through an engine of their own (``reader_for``): on SQLite its transactions begin
DEFERRED and may not write (``query_only``), so a reader never holds the lock a clerk's write
waits for (WAL lets readers and one writer run at once); on PostgreSQL its pool is its own, so
readers never take the connections a write needs.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from nyballot.errors import UsageError
from nyballot.filing import checkpoints
from nyballot.urls import shown

ENV_URL = "NYBALLOT_DATABASE_URL"
DEFAULT_URL = "sqlite:///nyballot.sqlite3"
MIGRATIONS = Path(__file__).with_name("migrations")

_lock = threading.Lock()
_engines: dict[str, Engine] = {}
_readers: dict[str, Engine] = {}
READ_POOL = 8  # connections for reads; the server runs fewer reads than this at once


def database_url(url: str | None = None) -> str:
    """The URL given, else $NYBALLOT_DATABASE_URL, else a SQLite file in this directory.

    A URL given but empty is refused (it would silently fall back to the default file), and so
    is an in-memory SQLite database (every record would be lost when the process ends)."""
    if url is not None and not url.strip():
        raise UsageError(
            "database '': empty URL; give sqlite:///FILE or postgresql://... "
            f"(or leave it out for {DEFAULT_URL})"
        )
    url = (url or os.environ.get(ENV_URL) or DEFAULT_URL).strip()
    if url.startswith(("postgresql://", "postgres://")):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    if not url.startswith(("sqlite", "postgresql+psycopg")):
        raise UsageError(f"database '{url}': expected sqlite:///FILE or postgresql://...")
    if url.startswith("sqlite") and _in_memory(url):
        raise UsageError(
            f"database '{url}': an in-memory database keeps nothing after the command ends; "
            "give a file, e.g. sqlite:///nyballot.sqlite3"
        )
    return url


def _in_memory(url: str) -> bool:
    try:
        parsed = make_url(url)
    except ArgumentError:
        return False  # reported when the engine is made
    database = parsed.database or ""
    return (
        database in ("", ":memory:")
        or database.startswith("file::memory:")
        or parsed.query.get("mode") == "memory"
    )


def driver_message(exc: BaseException) -> str:
    """The first line of what the database driver said, without SQLAlchemy's decorations."""
    orig = getattr(exc, "orig", None)
    text = str(orig if orig is not None else exc).strip()
    first = text.splitlines()[0].strip() if text else type(exc).__name__
    return first[:200]


def _sqlite_setup(engine: Engine, reads: bool = False) -> None:
    pragmas = ["busy_timeout = 30000"]
    # A writer never checkpoints in its commit: ``checkpoints`` does, beside the writes.
    pragmas += ["query_only = ON"] if reads else [
        "journal_mode = WAL", "synchronous = FULL", "foreign_keys = ON", "wal_autocheckpoint = 0"
    ]  # fmt: skip
    begin = "BEGIN" if reads else "BEGIN IMMEDIATE"

    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we issue BEGIN ourselves
        cursor = dbapi_connection.cursor()
        for pragma in pragmas:
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection: Any) -> None:
        connection.exec_driver_sql(begin)


def engine_for(url: str | None = None, *, migrate_now: bool = True) -> Engine:
    """The engine for a database URL (one per process), migrated to the latest schema."""
    url = database_url(url)
    with _lock:
        engine = _engines.get(url)
        if engine is not None:
            return engine
        try:
            parsed = make_url(url)
        except ArgumentError as exc:
            raise UsageError(f"database '{url}': {exc}") from None
        if parsed.get_backend_name() == "sqlite":
            assert parsed.database  # an in-memory database was refused by database_url
            path = Path(parsed.database).expanduser().resolve()
            if not path.parent.is_dir():
                raise UsageError(f"database '{url}': folder {path.parent} does not exist")
            if path.is_dir():
                raise UsageError(f"database '{url}': cannot open: {path} is a folder")
            engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})
            _sqlite_setup(engine)
        else:
            try:
                # No ping per checkout: a connection lost to a restart fails its request (503,
                # nothing recorded) and the pool is renewed; the client retries with its key.
                engine = create_engine(url, pool_size=10)
            except (ArgumentError, ImportError) as exc:
                raise UsageError(f"database '{shown(url)}': {driver_message(exc)}") from None
        if migrate_now:
            try:
                migrate(engine)
            except (SQLAlchemyError, CommandError) as exc:
                engine.dispose()
                raise UsageError(
                    f"database '{shown(url)}': cannot open: {driver_message(exc)}"
                ) from None
        if engine.dialect.name == "sqlite":
            checkpoints.watch(engine, str(Path(engine.url.database or "").resolve()))
        _engines[url] = engine
        return engine


def reader_for(url: str | None = None) -> Engine:
    """The engine reads go through (one per process and database), over the schema
    ``engine_for`` migrated."""
    writer = engine_for(url)
    key = writer.url.render_as_string(hide_password=False)
    with _lock:
        engine = _readers.get(key)
        if engine is None:
            if writer.dialect.name == "sqlite":
                args = {"timeout": 30, "check_same_thread": False}
                engine = create_engine(writer.url, connect_args=args, pool_size=READ_POOL)
                _sqlite_setup(engine, reads=True)
            else:
                # A ping per checkout (a read can afford a round trip): a connection a server
                # restart cut is renewed before a reader meets it.
                engine = create_engine(writer.url, pool_size=READ_POOL, pool_pre_ping=True)
            _readers[key] = engine
        return engine


def _config(connection: Any) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def migrate(engine: Engine) -> str:
    """Bring the schema to the latest revision; return it. Safe to run concurrently."""
    head = ScriptDirectory(str(MIGRATIONS)).get_current_head() or ""
    with engine.connect() as connection:
        current = MigrationContext.configure(connection).get_current_revision()
    if current == head:
        return head
    with engine.connect() as connection:
        command.upgrade(_config(connection), "head")
        connection.commit()
    return head


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def dispose_all() -> None:
    with _lock:
        for engine in (*_engines.values(), *_readers.values()):
            engine.dispose()
        _engines.clear()
        _readers.clear()
    checkpoints.forget()
