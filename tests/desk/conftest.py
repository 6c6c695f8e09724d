"""Fixtures: every desk test runs on SQLite and on PostgreSQL ($NYBALLOT_TEST_POSTGRES_URL).

PostgreSQL tests are skipped only when no server is configured outside CI; with CI=true a
missing server is a failure. Each PostgreSQL test gets its own schema, dropped afterwards.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from nyballot.filing.store import dispose_all

PG_ENV = "NYBALLOT_TEST_POSTGRES_URL"


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
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
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
