"""The voter store on PostgreSQL ($NYBALLOT_TEST_POSTGRES_URL, started by scripts/postgres):
the same import and the same rulings as the DuckDB file, atomic on the server too.

Each test gets its own schema (``options=-csearch_path``), dropped afterwards. Without a server
the server tests are skipped, except in CI, where that is a failure.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from desk.conftest import postgres_url  # the same server, skipped or required as there

from nyballot.errors import UsageError
from nyballot.petitions import kept
from nyballot.petitions.book import keep_signers, other_signers
from nyballot.petitions.lines import read_lines
from nyballot.petitions.review import Request, parse_units, review
from nyballot.urls import shown
from nyballot.voters import pg
from nyballot.voters.sample import write_sample
from nyballot.voters.store import KEPT_TABLES, has_voter_file, import_file, opened, voter_file

from .test_import import record, write

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "examples" / "petition-lines.csv"
Run = Callable[..., tuple[int, str, str]]
PETITION = {"year": 2026, "kind": "designating", "party": "DEM", "unit": {}}


@pytest.fixture
def pg_store() -> Iterator[str]:
    """A URL whose current schema is a new, empty one."""
    base = postgres_url()
    admin = pg.libpq_url(base)
    schema = "v_" + uuid.uuid4().hex[:12]
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{base}?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The seed-7 sample that examples/petition-lines.csv was written against."""
    path = tmp_path_factory.mktemp("sample") / "voters.txt"
    with path.open("wb") as out:
        write_sample(20000, 7, out)
    return path


def _review(db: str) -> dict[str, Any]:
    request = Request(2026, "designating", "DEM", parse_units(("COUNTYCODE=60",)))
    with opened(db) as con:
        return review(con, read_lines(EXAMPLE.read_bytes(), str(EXAMPLE)), request)


def test_a_review_on_postgresql_rules_as_on_the_duckdb_file(
    pg_store: str, sample: Path, tmp_path: Path
) -> None:
    day = dt.date(2026, 1, 5)
    on_server = import_file(sample, pg_store, date=day)
    import_file(sample, str(tmp_path / "v.duckdb"), date=day)
    assert (on_server.records, on_server.fields, on_server.date) == (20000, 47, day)
    server, file = _review(pg_store), _review(str(tmp_path / "v.duckdb"))
    # The README's figures for this sample and lines file: 7 valid, 9 invalid.
    assert (server["tally"]["valid"], server["tally"]["invalid"]) == (7, 9)
    assert server["lines"] == file["lines"]
    assert server["tally"] == file["tally"]
    assert server["voter_file"]["date"] == "2026-01-05"


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ('"A","B"\r\n', "line 1501: 2 fields; expected 47"),
        (record(SBOEID="NYX", DOB="19991340"), "line 1501: DOB '19991340' is not a date"),
        (record(LASTNAME='RU"IZ'), "line 1501: an unclosed quote"),
    ],
    ids=["field count", "date", "unclosed quote"],
)
def test_a_failed_import_leaves_the_previous_table_and_the_kept_reviews(
    pg_store: str, tmp_path: Path, bad: str, message: str
) -> None:
    import_file(write(tmp_path / "good.txt", record(), record(SBOEID="NY2")), pg_store,
                date=dt.date(2025, 1, 1))  # fmt: skip
    with opened(pg_store, read_only=False) as con:
        uid = kept.keep(con, {"lines": [], "tally": {}, "petition": PETITION})
    lines = [record(SBOEID=f"NY{n}") for n in range(1500)] + [bad]
    lines += [record(SBOEID=f"NZ{n}") for n in range(1500)]
    with pytest.raises(UsageError, match=message):
        import_file(write(tmp_path / "bad.txt", *lines), pg_store, replace=True)
    with opened(pg_store) as con:
        assert voter_file(con).name == "good.txt"
        assert con.execute("SELECT count(*) FROM voters").fetchone() == (2,)
        assert con.execute("SELECT id FROM reviews").fetchall() == [(uid,)]
        tables = con.execute("SELECT table_name FROM duckdb_tables() WHERE "
                             "schema_name = current_schema() ORDER BY 1").fetchall()  # fmt: skip
    assert [t for (t,) in tables] == [
        "petition_signers", "review_certified", "review_overrides", "review_stale", "reviews",
        "voter_file", "voters",
    ]  # fmt: skip


def test_replacing_keeps_the_reviews_and_their_overrides(pg_store: str, tmp_path: Path) -> None:
    assert not has_voter_file(pg_store)
    import_file(write(tmp_path / "a.txt", record()), pg_store, date=dt.date(2025, 1, 1))
    line = {"sheet": 1, "line": 1, "valid": False}
    with opened(pg_store, read_only=False) as con:
        result = {"lines": [line], "tally": {"required_from": {"number": 1}}, "petition": PETITION}
        uid = kept.keep(con, result)
        kept.override(con, uid, 1, 1, True, "signer known to the clerk", "clerk-1")
        kept.override(con, uid, 1, 1, False, "second look", "clerk-2")
    with pytest.raises(UsageError, match=r"already holds a\.txt \(1 records of 2025-01-01\)"):
        import_file(write(tmp_path / "b.txt", record()), pg_store)
    import_file(write(tmp_path / "b.txt", record(), record(SBOEID="NY2")), pg_store,
                replace=True, date=dt.date(2026, 1, 5))  # fmt: skip
    assert has_voter_file(pg_store)
    with psycopg.connect(pg.libpq_url(pg_store)) as conn:
        # Counted for the planner: a table never analyzed counts as empty, and DuckDB would
        # then hash the whole voter file rather than the lines.
        assert conn.execute("SELECT reltuples FROM pg_class WHERE oid = 'voters'::regclass"
                            ).fetchone() == (2.0,)  # fmt: skip
    with opened(pg_store) as con:
        assert voter_file(con).records == 2
        again = kept.get(con, uid)
    assert [o["reason"] for o in again["overrides"]] == ["signer known to the clerk", "second look"]
    assert again["lines"][0]["valid"] is False  # the latest override is in force


def test_a_petitions_signers_are_kept_on_the_server_and_replaced(
    pg_store: str, tmp_path: Path
) -> None:
    import_file(write(tmp_path / "a.txt", record()), pg_store, date=dt.date(2025, 1, 1))
    lines = [
        {"voter": {"SBOEID": "NY1"}, "date": "2026-03-01", "sheet": 1, "line": 2},
        {"voter": {"SBOEID": "NY2"}, "date": None, "sheet": 1, "line": 3},
        {"voter": None, "date": "2026-03-02", "sheet": 2, "line": 1},
    ]
    with opened(pg_store, read_only=False) as con:
        keep_signers(con, "P1", {"lines": lines[2:]})
        keep_signers(con, "P1", {"lines": lines})  # a later review of it replaces the list
        keep_signers(con, "P2", {"lines": lines[:1]})
        found = other_signers(con, ["P1"])
    assert found == {"NY1": [("P1", dt.date(2026, 3, 1))], "NY2": [("P1", None)]}


def test_the_cli_imports_into_postgresql_from_the_environment(
    pg_store: str, tmp_path: Path, run_cli: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NYBALLOT_VOTERS_DB", pg_store)
    source = write(tmp_path / "AllNYSVoters_20260105.txt", record())
    code, out, err = run_cli("voters", "import", str(source))
    assert code == 0, err
    assert "1 records of 2026-01-05" in out and "checked 100%" in err
    code, out, _ = run_cli("voters", "info", "--format", "json")
    assert json.loads(out)["name"] == "AllNYSVoters_20260105.txt"


def test_an_empty_server_holds_no_voter_file(pg_store: str, run_cli: Run) -> None:
    code, _, err = run_cli("voters", "info", "--db", pg_store)
    assert code == 2
    assert err.count("\n") == 1 and "no voter file imported" in err


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("postgresql://ana:secret@127.0.0.1:1/voters", "cannot connect"),
        ("mysql://127.0.0.1/voters", "expected a DuckDB file or a postgresql:// URL"),
    ],
    ids=["unreachable", "not postgresql"],
)
def test_a_wrong_or_unreachable_url_is_one_line(url: str, message: str, run_cli: Run) -> None:
    for args in (("voters", "info"), ("voters", "import", str(EXAMPLE))):
        code, out, err = run_cli(*args, "--db", url)
        assert code == 2 and out == ""
        assert err.count("\n") == 1 and message in err, err
        assert "secret" not in err and "Traceback" not in err


def test_a_url_is_read_as_libpq_reads_it() -> None:
    assert pg.libpq_url("postgresql+psycopg://u@h:5/d") == "postgresql://u@h:5/d?connect_timeout=10"
    assert pg.libpq_url("postgres://h/d?connect_timeout=3") == "postgresql://h/d?connect_timeout=3"
    assert shown("postgresql://ana:pw@h/d") == "postgresql://ana:***@h/d"


def test_the_readme_walkthrough_runs_as_written(tmp_path: Path) -> None:
    """The PostgreSQL block of docs/operators.md, in a shell as a user runs it
    (from a folder holding voters.txt, scripts/ and examples/); it fills the test server's
    public schema, emptied afterwards."""
    admin = pg.libpq_url(postgres_url())
    readme = (ROOT / "docs" / "operators.md").read_text(encoding="utf-8")
    start = readme.index("```sh", readme.index("## PostgreSQL as the voter store")) + 5
    for name in ("scripts", "examples"):
        (tmp_path / name).symlink_to(ROOT / name)
    # scripts/postgres finds the running server by its checkout's path, not the link's.
    digest = hashlib.sha256(str(ROOT).encode() + b"\n").hexdigest()[:8]  # echo "$root" | sha256sum
    cluster = f"/tmp/nyballot-pg-{digest}"
    script = (
        f"export NYBALLOT_PG_DIR={os.environ.get('NYBALLOT_PG_DIR', cluster)}\n"
        + readme[start : readme.index("\n```", start)]
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("NYBALLOT_")}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    try:
        done = subprocess.run(["bash", "-e", "-c", script], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=300)  # fmt: skip
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            for table in ("voters", "voter_file", *KEPT_TABLES):
                conn.execute(f"DROP TABLE IF EXISTS public.{table}")
    assert done.returncode == 0, done.stderr
    # The comments' figures, and the excerpt's first ruling (docs/clerks.md's review of this file).
    assert "voters.txt: 20,000 records of 2026-01-05" in done.stdout
    assert "7 valid, 9 invalid" in done.stdout
