"""The voter store: the state's voter file in DuckDB, an embedded analytical database.

DuckDB reads the 13 million records with its own parallel CSV reader and answers the review's
blocking joins with hash joins over columns, which SQLite (a row store) does not do at this
size. The store is one file (default ``./nyballot-voters.duckdb``, or ``--db`` /
``$NYBALLOT_VOTERS_DB``). An import builds a new file beside it and renames it into place, so
a failed import leaves the previous file as it was; the reviews kept in the store are carried
over.
"""

from __future__ import annotations

import csv
import datetime as dt
import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb

from nyballot.errors import UsageError
from nyballot.voters.layout import DATE_FIELDS, FIELDS_47, LAYOUTS
from nyballot.voters.normal import norm_sql, street_key_sql
from nyballot.voters.scan import scan

ENV_DB = "NYBALLOT_VOTERS_DB"
DEFAULT_DB = "nyballot-voters.duckdb"
MEMORY_LIMIT = "1500MB"  # well inside the 2 GB the import is allowed
KEPT_TABLES = ("reviews", "review_overrides", "petition_signers")

Progress = Callable[[str], None]


def _quiet(message: str) -> None:
    """No progress shown."""


@dataclass(frozen=True)
class VoterFile:
    """What the store holds: which file, of what date, how many records."""

    name: str
    date: dt.date
    date_source: str  # "file name", "given", "modified"
    records: int
    fields: int
    imported_at: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "date": self.date.isoformat(),
            "date_source": self.date_source,
            "records": self.records,
            "fields": self.fields,
            "imported_at": self.imported_at,
        }


def store_path(db: str | None = None) -> Path:
    """The store's file: ``db``, else $NYBALLOT_VOTERS_DB, else the working directory's."""
    value = db or os.environ.get(ENV_DB) or DEFAULT_DB
    if "://" in value:
        raise UsageError(
            f"voter store '{value}': only a DuckDB file is supported as the voter store"
        )
    return Path(value)


def connect(path: Path, read_only: bool = False) -> duckdb.DuckDBPyConnection:
    try:
        con = duckdb.connect(str(path), read_only=read_only)
    except duckdb.Error as exc:
        raise UsageError(f"voter store '{path}': cannot open: {_first_line(exc)}") from None
    con.execute(f"SET memory_limit = '{MEMORY_LIMIT}'")
    con.execute("SET threads = 2")
    con.execute("SET enable_progress_bar = false")
    return con


@contextmanager
def opened(db: str | None = None, read_only: bool = True) -> Iterator[duckdb.DuckDBPyConnection]:
    """A connection to an existing store (a missing store is a UsageError)."""
    path = store_path(db)
    if not path.is_file():
        raise UsageError(
            f"voter store '{path}': no voter file imported (nyballot voters import FILE)"
        )
    con = connect(path, read_only=read_only)
    try:
        yield con
    finally:
        con.close()


def voter_file(con: duckdb.DuckDBPyConnection) -> VoterFile:
    row = con.execute(
        "SELECT name, date, date_source, records, fields, imported_at FROM voter_file"
    ).fetchone()
    if row is None:
        raise UsageError("voter store: no voter file imported")
    return VoterFile(row[0], row[1], row[2], row[3], row[4], row[5])


def file_date(path: Path, given: dt.date | None) -> tuple[dt.date, str]:
    """The extract's date: given, else the YYYYMMDD in its name, else its modification day."""
    if given is not None:
        return given, "given"
    found = re.search(r"(19|20)\d{6}", path.name)
    if found:
        with suppress(ValueError):
            return dt.datetime.strptime(found.group(0), "%Y%m%d").date(), "file name"
    return dt.date.fromtimestamp(path.stat().st_mtime), "modified"


def import_file(
    source: Path,
    db: str | None = None,
    *,
    replace: bool = False,
    date: dt.date | None = None,
    progress: Progress = _quiet,
) -> VoterFile:
    """Import a voter file into the store, all or nothing."""
    target = store_path(db)
    if target.exists() and not replace:
        with opened(db) as con:
            held = voter_file(con)
        raise UsageError(
            f"voter store '{target}' already holds {held.name} ({held.records:,} records of "
            f"{held.date.isoformat()}); replace: give it to replace the store",
            fields=("replace",),
        )
    day, day_source = file_date(source, date)
    fields = scan(source, progress)
    building = target.with_name(f".{target.name}.importing-{os.getpid()}")
    building.unlink(missing_ok=True)
    try:
        con = connect(building)
        try:
            count = _load(con, source, fields, progress)
            progress("checking dates")
            _check_dates(con, source, fields)
            if target.exists():
                _carry_over(con, target)
            else:
                _create_kept(con)
            info = VoterFile(
                source.name,
                day,
                day_source,
                count,
                fields,
                dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            )
            con.execute(
                "CREATE TABLE voter_file AS SELECT ? name, ?::DATE date, ? date_source, "
                "?::BIGINT records, ?::INTEGER fields, ? imported_at",
                [
                    info.name,
                    info.date,
                    info.date_source,
                    info.records,
                    info.fields,
                    info.imported_at,
                ],
            )
            con.execute("CHECKPOINT")
        finally:
            con.close()
        os.replace(building, target)
    finally:
        building.unlink(missing_ok=True)
        Path(f"{building}.wal").unlink(missing_ok=True)
    progress(f"imported {count:,} records of {day.isoformat()} into {target}")
    return info


def _load(con: duckdb.DuckDBPyConnection, source: Path, fields: int, progress: Progress) -> int:
    """Read the CSV straight into the voters table, with the keys the review blocks on, in one
    pass and in parallel (the file's order is not kept)."""
    progress(f"loading {fields}-field records")
    con.execute("SET preserve_insertion_order = false")
    names = LAYOUTS[fields]
    columns = "{" + ", ".join(f"'{n}': 'VARCHAR'" for n in names) + "}"
    select = ", ".join(f'"{n}"' if n in names else f'NULL::VARCHAR "{n}"' for n in FIELDS_47)
    street = norm_sql("concat_ws(' ', RPREDIRECTION, RSTREETNAME)")
    dates = ", ".join(f"{date_sql(n)} AS {n.lower()}_on" for n in DATE_FIELDS)
    try:
        con.execute(
            f"""CREATE TABLE voters AS SELECT *, {street_key_sql("street_n")} AS street_key
            FROM (SELECT {select},
                {norm_sql("LASTNAME")} AS last_n, {norm_sql("FIRSTNAME")} AS first_n,
                {norm_sql("RADDNUMBER")} AS house_n, {street} AS street_n, {dates}
            FROM read_csv(?, columns = {columns}, header = false, delim = ',', quote = '"',
                escape = '"', encoding = 'latin-1', auto_detect = false, strict_mode = true,
                null_padding = false, max_line_size = 1048576))""",
            [str(source)],
        )
    except duckdb.Error as exc:
        raise UsageError(f"{source}: {_csv_problem(exc)}") from None
    row = con.execute("SELECT count(*) FROM voters").fetchone()
    return int(row[0]) if row else 0


def date_sql(name: str) -> str:
    """A YYYYMMDD field as a DATE (NULL where it is not one): a cast of the ISO form, which
    costs less than parsing with a format."""
    year, month, day = (f'substr("{name}", {a}, {b})' for a, b in ((1, 4), (5, 2), (7, 2)))
    iso = f"{year} || '-' || {month} || '-' || {day}"
    return f"try_cast(CASE WHEN regexp_full_match(\"{name}\", '[0-9]{{8}}') THEN {iso} END AS DATE)"


def _csv_problem(exc: Exception) -> str:
    """DuckDB's CSV error, in one line with the line number."""
    text = str(exc)
    line = re.search(r"\bLine: (\d+)", text)
    found = re.search(r"Expected Number of Columns: (\d+) Found: (\d+)", text)
    where = f"line {line.group(1)}: " if line else ""
    if found:
        return f"{where}{found.group(2)} fields; expected {found.group(1)}"
    return f"{where}{_first_line(exc)}"


def _check_dates(con: duckdb.DuckDBPyConnection, source: Path, fields: int) -> None:
    """A date the file gives that is not a YYYYMMDD date is refused, naming its line.

    The load does not keep the file's order (keeping it halves the speed on two cores), so the
    line is found by reading the file again, on this error path only."""
    bad_any = " OR ".join(
        f"(coalesce(\"{n}\", '') <> '' AND {n.lower()}_on IS NULL)" for n in DATE_FIELDS
    )
    columns = ", ".join(f'"{n}"' for n in DATE_FIELDS)
    rows = con.execute(f"SELECT DISTINCT {columns} FROM voters WHERE {bad_any} LIMIT 1000")
    bad = {text for row in rows.fetchall() for text in row if text and not _is_date(text)}
    if bad:
        line, name, text = first_bad_date(source, fields, bad)
        raise UsageError(f"{source}: line {line}: {name} '{text[:40]}' is not a date (YYYYMMDD)")


def _is_date(text: str) -> bool:
    try:
        dt.datetime.strptime(text, "%Y%m%d")
    except ValueError:
        return False
    return len(text) == 8 and text.isdigit()


def first_bad_date(source: Path, fields: int, bad: set[str]) -> tuple[int, str, str]:
    """The first line of the file whose date field holds one of the ``bad`` values."""
    names = LAYOUTS[fields]
    wanted = [n for n in DATE_FIELDS if n in names]
    probes = [b.encode("latin-1", "replace") for b in bad]
    with source.open("rb") as f:
        for number, raw in enumerate(f, start=1):
            if not any(p in raw for p in probes):
                continue
            row = next(csv.reader([raw.decode("latin-1")]), [])
            record = dict(zip(names, row, strict=False))
            for name in wanted:
                if record.get(name) in bad:
                    return number, name, record[name]
    return 0, wanted[0], sorted(bad)[0]  # not reached: the values came from this file


def _create_kept(con: duckdb.DuckDBPyConnection) -> None:
    con.execute(
        "CREATE TABLE reviews (id VARCHAR PRIMARY KEY, created_at VARCHAR, title VARCHAR, "
        "result JSON)"
    )
    con.execute(
        "CREATE TABLE review_overrides (review_id VARCHAR, sheet INTEGER, line INTEGER, "
        "valid BOOLEAN, reason VARCHAR, clerk VARCHAR, recorded_at VARCHAR)"
    )
    con.execute(
        "CREATE TABLE petition_signers (petition VARCHAR, sboeid VARCHAR, signed DATE, "
        "sheet INTEGER, line INTEGER)"
    )


def _carry_over(con: duckdb.DuckDBPyConnection, previous: Path) -> None:
    """Keep the reviews and overrides of the store being replaced."""
    _create_kept(con)
    quoted = str(previous).replace("'", "''")
    con.execute(f"ATTACH '{quoted}' AS previous (READ_ONLY)")
    try:
        for table in KEPT_TABLES:
            con.execute(f"INSERT INTO {table} SELECT * FROM previous.{table}")
    finally:
        con.execute("DETACH previous")


def _first_line(exc: Exception) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0][:300]
