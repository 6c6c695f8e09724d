"""Fixtures: the hand-made voter file, imported once per session."""

from __future__ import annotations

import datetime as dt
import shutil
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest

from nyballot.filing.access import Actor
from nyballot.voters.store import connect, import_file

DATA = Path(__file__).parent / "data"
# Papers of April entered now: late entries by the board itself.
LATE = "entered from the paper log"
BOARD = Actor("clerk", "board")


@pytest.fixture(scope="session")
def golden_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The 13 voters of data/voters.txt, imported as the file of 2026-01-05."""
    path = tmp_path_factory.mktemp("golden") / "voters.duckdb"
    import_file(DATA / "voters.txt", str(path), date=dt.date(2026, 1, 5))
    return path


@pytest.fixture
def store(golden_store: Path, tmp_path: Path) -> Path:
    """A copy of the golden store a test may write to."""
    path = tmp_path / "voters.duckdb"
    shutil.copy(golden_store, path)
    return path


@pytest.fixture(scope="session")
def con(golden_store: Path) -> Iterator[duckdb.DuckDBPyConnection]:
    connection = connect(golden_store, read_only=True)
    yield connection
    connection.close()


@pytest.fixture(scope="session")
def memory() -> Iterator[duckdb.DuckDBPyConnection]:
    """An empty in-memory database, for tests that only evaluate expressions (opening one costs
    about 10 ms, too much for each example of a property test)."""
    connection = duckdb.connect()
    yield connection
    connection.close()
