"""A voter store another process holds (a review under way, an import) is refused with a line
that says so, exit 2 on the command line and 409 from the API, never DuckDB's own text."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest

from nyballot.api.errors import STATUS
from nyballot.voters.store import StoreInUse, connect

HOLD = (
    "import duckdb, sys, time\n"
    "con = duckdb.connect(sys.argv[1])\n"
    "print('held', flush=True)\n"
    "time.sleep(60)\n"
)


@pytest.fixture
def held(tmp_path: Path) -> Iterator[Path]:
    """A store written by another process, which keeps it open."""
    path = tmp_path / "voters.duckdb"
    duckdb.connect(str(path)).close()
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], stdout=subprocess.PIPE)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == b"held"
        yield path
    finally:
        proc.kill()
        proc.wait()


def test_a_store_held_by_another_process_is_in_use(held: Path) -> None:
    with pytest.raises(StoreInUse) as refused:
        connect(held)
    assert str(refused.value) == (
        f"voter store '{held}': in use by another process (a review under way, or an "
        "import); DuckDB lets one process write it at a time: send again when it ends"
    )


def test_the_api_answers_a_store_in_use_with_409() -> None:
    # The first class a StoreInUse is an instance of decides its status.
    status = next(code for cls, code in STATUS if issubclass(StoreInUse, cls))
    assert status == 409


def test_a_file_that_is_not_a_store_is_still_refused_as_unreadable(tmp_path: Path) -> None:
    bad = tmp_path / "voters.duckdb"
    bad.write_bytes(b"not a database, " * 64)
    with pytest.raises(Exception) as refused:
        connect(bad)
    assert not isinstance(refused.value, StoreInUse)
    assert str(refused.value).startswith(f"voter store '{bad}': cannot open: ")


def _spill_folder(con: duckdb.DuckDBPyConnection) -> str:
    row = con.execute("SELECT current_setting('temp_directory')").fetchone()
    assert row is not None
    return str(row[0])


SPILL = (
    "import sys\n"
    "from pathlib import Path\n"
    "from nyballot.voters.store import connect\n"
    "con = connect(Path(sys.argv[1]), read_only=True)\n"
    "print(con.execute(\"SELECT current_setting('temp_directory')\").fetchone()[0])\n"
)


def test_each_process_reading_a_store_spills_into_a_folder_of_its_own(tmp_path: Path) -> None:
    # DuckDB's default is the store's own folder, <store>.tmp, the same for every process:
    # two reviews at once would read each other's spilled files.
    path = tmp_path / "voters.duckdb"
    duckdb.connect(str(path)).close()
    first, second = connect(path, read_only=True), connect(path, read_only=True)
    try:
        mine = _spill_folder(first)
        assert _spill_folder(second) == mine  # one process's connections: one folder
    finally:
        first.close()
        second.close()
    assert mine != f"{path}.tmp"
    assert Path(mine).parent == Path(tempfile.gettempdir())
    other = subprocess.run([sys.executable, "-c", SPILL, str(path)], capture_output=True,
                           text=True, check=True)  # fmt: skip
    theirs = other.stdout.strip()
    assert theirs != mine
    assert Path(theirs).parent == Path(tempfile.gettempdir())
