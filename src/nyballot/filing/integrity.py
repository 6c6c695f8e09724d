"""Is there a book here, and does its database say it is sound?

``verify``, ``backup`` and ``restore`` look before they open: opening a SQLite path makes a
book there (the schema is migrated on first use), so a mistyped path would be "verified" as an
empty book and a stray file left where it was typed. A book is then checked by its database
(``PRAGMA integrity_check``; PostgreSQL: its indexes valid and, where the ``amcheck`` extension
is installed, each B-tree index checked against its table): a hash chain read from a damaged
file proves nothing about the pages it could not read.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from sqlalchemy import Engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from nyballot.errors import UsageError
from nyballot.filing.store import database_url

TABLES = ("filings", "tokens", "access_log")
_SHOWN = 5  # problems named at most (SQLite lists up to 100)


def sqlite_file(url: str | None) -> Path | None:
    """The file of a SQLite book's URL (None for PostgreSQL or a URL that does not parse)."""
    try:
        parsed = make_url(database_url(url))
    except ArgumentError:
        return None  # engine_for says what is wrong with the URL
    if parsed.get_backend_name() != "sqlite" or not parsed.database:
        return None
    return Path(parsed.database).expanduser()


def require_book(url: str | None, what: str) -> None:
    """Refuse a SQLite URL whose file is missing or holds no book, without creating one."""
    path = sqlite_file(url)
    if path is None:
        return
    if not path.is_file():
        raise UsageError(f"{what}: no book at {path} (no such file); nothing done")
    if not holds_a_book(path):
        raise UsageError(f"{what}: no book at {path} (no table of filings in it); nothing done")


def holds_a_book(path: Path) -> bool:
    """Whether ``path`` is a SQLite database with a table of filings, looked at read-only (the
    book's own opening would migrate whatever file it is given into a book)."""
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as con:
            found = con.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'filings'"
            ).fetchone()
    except sqlite3.DatabaseError:
        return False
    return found is not None


def file_problems(path: Path) -> list[str]:
    """What SQLite's integrity check reports wrong with a database file ([] if sound)."""
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as con:
            found = [str(r[0]) for r in con.execute("PRAGMA integrity_check").fetchall()]
    except sqlite3.DatabaseError as exc:
        return [str(exc)]
    return [] if found == ["ok"] else found[:_SHOWN]


def problems(engine: Engine) -> list[str]:
    """What the book's database reports wrong with it ([] if sound)."""
    if engine.dialect.name == "sqlite":
        database = make_url(str(engine.url)).database
        assert database
        return file_problems(Path(database))
    return _postgres_problems(engine)


_INDEXES = text(
    "SELECT i.indexrelid::regclass::text AS name, i.indisvalid AND i.indisready AS sound, "
    "am.amname AS method FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
    "JOIN pg_am am ON am.oid = c.relam "
    "WHERE i.indrelid = ANY(CAST(ARRAY[:t0, :t1, :t2] AS regclass[])) ORDER BY 1"
)
_CHECK = text("SELECT bt_index_check(CAST(:name AS regclass), true)")
_AMCHECK = text("SELECT 1 FROM pg_extension WHERE extname = 'amcheck'")


def _postgres_problems(engine: Engine) -> list[str]:
    found: list[str] = []
    with engine.connect() as conn:
        tables = dict(zip(("t0", "t1", "t2"), TABLES, strict=True))
        indexes = conn.execute(_INDEXES, tables).mappings().all()
        found += [f"index {ix['name']} is not valid" for ix in indexes if not ix["sound"]]
        if conn.execute(_AMCHECK).first() is not None:
            for ix in indexes:
                if ix["sound"] and ix["method"] == "btree":
                    try:
                        conn.execute(_CHECK, {"name": ix["name"]})
                    except Exception as exc:  # amcheck raises an error naming the damage
                        found.append(str(getattr(exc, "orig", exc)).splitlines()[0][:200])
                        conn.rollback()
    return found[:_SHOWN]
