"""Backups of a SQLite book by SQLite's online backup (the desk may keep serving meanwhile).

A PostgreSQL book is backed up with ``pg_dump`` and restored with ``pg_restore`` (README). A
backup is restored only into an empty book, only if its chain verifies, and only up to
``MAX_BACKUP`` bytes (every file a command reads has a limit).
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from sqlalchemy import Engine, func, select
from sqlalchemy.engine import make_url

from nyballot.errors import UsageError
from nyballot.files import GIB, size_text
from nyballot.filing import keys
from nyballot.filing.chain import first_break
from nyballot.filing.integrity import file_problems, holds_a_book, problems, require_book
from nyballot.filing.schema import filings
from nyballot.filing.store import dispose_all, engine_for

# A filing with its log lines takes a few KiB, so 4 GiB holds about a million filings: more
# than a board's book gathers in decades. The chain is verified row by row (streamed), so the
# limit bounds the time a restore takes, not its memory.
MAX_BACKUP = 4 * GIB


def _sqlite_path(engine: Engine, what: str) -> Path:
    if engine.dialect.name != "sqlite":
        raise UsageError(
            f"{what}: only a SQLite book is backed up here; for PostgreSQL use pg_dump and "
            "pg_restore (see the README)"
        )
    database = make_url(str(engine.url)).database
    assert database
    return Path(database)


def backup(url: str | None, dest: Path) -> int:
    """Copy the book into ``dest`` (a new file); return the number of filings copied. A path
    with no book, or a book its database reports damaged, is not backed up."""
    require_book(url, "backup")
    engine = engine_for(url)
    source = _sqlite_path(engine, "backup")
    if dest.exists():
        raise UsageError(f"{dest}: already exists; give a new file")
    if not dest.parent.is_dir():
        raise UsageError(f"{dest}: folder {dest.parent} does not exist")
    _refuse_damaged(problems(engine), f"backup: the book at {source}", "not backed up")
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(dest)) as out:
        src.backup(out)
        return int(out.execute("SELECT count(*) FROM filings").fetchone()[0])


def _refuse_damaged(found: list[str], what: str, outcome: str) -> None:
    if found:
        raise UsageError(f"{what} is damaged (integrity check: {found[0][:200]}); {outcome}")


def restore(url: str | None, backup_file: Path) -> int:
    """Fill an empty book from a backup whose chain verifies; return the filings restored."""
    if not backup_file.exists():
        raise UsageError(f"{backup_file}: no such file")
    if not backup_file.is_file():
        raise UsageError(f"{backup_file}: not a file")
    if backup_file.stat().st_size > MAX_BACKUP:
        raise UsageError(
            f"{backup_file}: larger than {size_text(MAX_BACKUP)}, the most a backup is read "
            "for; not restored"
        )
    if not holds_a_book(backup_file):
        raise UsageError(f"{backup_file}: not a backup of a book (no table of filings in it)")
    _refuse_damaged(file_problems(backup_file), f"{backup_file}", "not restored")
    check = engine_for(f"sqlite:///{backup_file.resolve()}")
    with check.connect() as conn:
        count = conn.execute(select(func.count()).select_from(filings)).scalar_one()
        stored = keys.stored(conn)
        rows = conn.execute(select(filings).order_by(filings.c.id)).mappings()
        broken = first_break(rows, stored)
    dispose_all()
    if broken is not None:
        raise UsageError(
            f"{backup_file}: its chain is broken at record #{broken.seq} of board "
            f"{broken.board} ({broken.reason}); not restored"
        )
    engine = engine_for(url)
    target = _sqlite_path(engine, "restore")
    with engine.connect() as conn:
        present = conn.execute(select(func.count()).select_from(filings)).scalar_one()
    if present:
        raise UsageError(
            f"restore: the book at {target} already holds {present} filings; "
            "restore into a new database"
        )
    dispose_all()
    with closing(sqlite3.connect(backup_file)) as src, closing(sqlite3.connect(target)) as out:
        src.backup(out)
    return int(count)
