"""Fixtures: every desk test runs on SQLite and on PostgreSQL ($NYBALLOT_TEST_POSTGRES_URL).

PostgreSQL tests are skipped only when no server is configured outside CI; with CI=true a
missing server is a failure. Each PostgreSQL test gets its own schema, dropped afterwards.
"""

from __future__ import annotations

import datetime as dt
import os
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from nyballot.filing.access import Actor
from nyballot.filing.desk import Desk, Submission
from nyballot.filing.store import dispose_all

PG_ENV = "NYBALLOT_TEST_POSTGRES_URL"
HEAD = "0008"  # the schema's latest revision

# A designating petition filed at the Albany county board, as the API receives it.
ALBANY_PETITION: dict[str, Any] = {
    "kind": "designating_petition",
    "board": "albany",
    "year": 2026,
    "candidates": [{"name": "Ana Ruiz", "residence": "Albany"}],
    "office": "Member of Assembly",
    "party": "Democratic",
}


def postgres_url() -> str | None:
    url = os.environ.get(PG_ENV)
    if not url:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{PG_ENV} is not set: CI must test against PostgreSQL (scripts/test)")
        pytest.skip(f"{PG_ENV} not set (scripts/postgres starts a server)")
    return url


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'desk.sqlite3'}"
        dispose_all()
        return
    base = postgres_url()
    assert base is not None
    schema = "t_" + uuid.uuid4().hex[:12]
    # pre-ping: a test may restart the server, and the schema must still be dropped after it
    admin = create_engine(base, isolation_level="AUTOCOMMIT", pool_pre_ping=True)
    with admin.connect() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    try:
        yield f"{base}?options=-csearch_path%3D{schema}"
    finally:
        dispose_all()
        with admin.connect() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


CliRun = Callable[..., tuple[int, str, str]]


@pytest.fixture
def run(run_cli: CliRun) -> CliRun:
    """Run the command line in-process: (exit code, stdout, stderr)."""
    return run_cli


class DeskClock:
    """The desk's clock in a test: it reads whatever instant the test sets."""

    def __init__(self, at: str = "2026-04-01T10:15:00-04:00") -> None:
        self.at = dt.datetime.fromisoformat(at)

    def set(self, at: str) -> None:
        self.at = dt.datetime.fromisoformat(at)

    def __call__(self) -> dt.datetime:
        return self.at


def submit_at(
    desk: Desk, s: Submission, who: Actor | str = "ann", key: str | None = None
) -> tuple[dict[str, Any], bool]:
    """Submit a paper as the desk receives it at ``s.received``: the desk's clock reads that
    instant (the paper itself carries no time, as at a real counter)."""
    if s.received is not None and s.late_entry is None:
        desk.clock = DeskClock(s.received)
        s.received = None
    return desk.submit(s, who, key)


@pytest.fixture
def clock() -> DeskClock:
    """The desk's clock at the last evening of the 2026 designating petition window."""
    return DeskClock("2026-04-02T23:59:00-04:00")
