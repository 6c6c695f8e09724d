"""The voter store: the state's voter file in DuckDB, an embedded analytical database, or on a
board's PostgreSQL server through DuckDB.

DuckDB reads the 13 million records with its own parallel CSV reader and answers the review's
blocking joins with hash joins over columns, which SQLite (a row store) does not do at this
size. The store is one file (default ``./nyballot-voters.duckdb``, or ``--db`` /
``$NYBALLOT_VOTERS_DB``). An import builds a new file beside it and renames it into place, so
a failed import leaves the previous file as it was; the reviews kept in the store are carried
over. Given a ``postgresql://`` URL instead, DuckDB attaches that database (``voters.pg``) and
the same statements build the tables there, in one transaction.
"""

from __future__ import annotations

import csv
import datetime as dt
import os
import re
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb

from nyballot.errors import UsageError
from nyballot.urls import shown
from nyballot.voters import pg
from nyballot.voters.layout import DATE_FIELDS, FIELDS_47, LAYOUTS
from nyballot.voters.normal import norm_sql, street_key_sql
from nyballot.voters.scan import scan
from nyballot.voters.where import store_value

MEMORY_LIMIT = "1500MB"  # well inside the 2 GB the import is allowed
# A store opened only to be read (a review): DuckDB keeps what it has read of the file up to its
# limit, beside a review's own lines and rulings, which the 2 GB must hold too (a million lines
# hold some 1.3 GB); what it lets go it reads again from the system's cache.
READ_MEMORY_LIMIT = "500MB"
# What the store keeps besides the voter file (carried over when the file is replaced): each
# table's columns and their types. A column added after stores were made comes last, with the
# value its rows had before it (``migrate``): a line without a volume is of volume 1.
KEPT_TABLES = {
    "reviews": {
        "id": "VARCHAR PRIMARY KEY", "created_at": "VARCHAR", "title": "VARCHAR", "result": "JSON",
    },
    "review_overrides": {
        "review_id": "VARCHAR", "sheet": "INTEGER", "line": "INTEGER", "valid": "BOOLEAN",
        "reason": "VARCHAR", "clerk": "VARCHAR", "recorded_at": "VARCHAR",
        "volume": "INTEGER DEFAULT 1",
    },
    "review_stale": {"review_id": "VARCHAR", "reason": "VARCHAR", "marked_at": "VARCHAR"},
    "review_certified": {"review_id": "VARCHAR", "clerk": "VARCHAR", "certified_at": "VARCHAR"},
    "petition_signers": {
        "petition": "VARCHAR", "sboeid": "VARCHAR", "signed": "DATE", "sheet": "INTEGER",
        "line": "INTEGER", "volume": "INTEGER DEFAULT 1",
    },
}  # fmt: skip

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


class StoreInUse(UsageError):
    """Another process holds the voter store's file: DuckDB lets one process write it, or
    several read it, at a time (a review under way reads it)."""


def connect(path: Path, read_only: bool = False) -> duckdb.DuckDBPyConnection:
    try:
        con = duckdb.connect(str(path), read_only=read_only)
    except duckdb.IOException as exc:
        if "lock" not in str(exc).lower():
            raise UsageError(f"voter store '{path}': cannot open: {_first_line(exc)}") from None
        raise StoreInUse(
            f"voter store '{path}': in use by another process (a review under way, or an "
            "import); DuckDB lets one process write it at a time: send again when it ends"
        ) from None
    except duckdb.Error as exc:
        raise UsageError(f"voter store '{path}': cannot open: {_first_line(exc)}") from None
    return _tuned(con, read_only)


def connect_server(url: str, read_only: bool = False) -> duckdb.DuckDBPyConnection:
    """DuckDB in memory with the PostgreSQL database attached as its default."""
    con = _tuned(duckdb.connect(), read_only)
    try:
        pg.attach(con, url, read_only)
    except BaseException:
        con.close()
        raise
    return con


def _tuned(con: duckdb.DuckDBPyConnection, read_only: bool) -> duckdb.DuckDBPyConnection:
    con.execute(f"SET memory_limit = '{READ_MEMORY_LIMIT if read_only else MEMORY_LIMIT}'")
    con.execute("SET threads = 2")
    con.execute("SET enable_progress_bar = false")
    if read_only:
        _spill_apart(con)
    return con


# DuckDB spills what outgrows its memory into files named alike in one folder, by default the
# store's own (``<store>.tmp``): two processes reading one store (a review by the command line
# beside the server's) would write and read each other's files. Each process that reads spills
# into a folder of its own, made by DuckDB when it first spills and removed when it closes.
_SPILL_PREFIX = "nyballot-spill-"


def _spill_apart(con: duckdb.DuckDBPyConnection) -> None:
    row = con.execute("SELECT current_setting('temp_directory')").fetchone()
    if row and Path(str(row[0])).name.startswith(_SPILL_PREFIX):
        return  # this process's store already spills apart (set once: DuckDB keeps its folder)
    folder = Path(tempfile.gettempdir()) / f"{_SPILL_PREFIX}{os.getpid()}-{os.urandom(4).hex()}"
    quoted = str(folder).replace("'", "''")
    con.execute(f"SET temp_directory = '{quoted}'")


def has_voter_file(db: str | None = None) -> bool:
    """Whether the store holds an imported voter file (a server that cannot be reached is a
    UsageError)."""
    value = store_value(db)
    if not pg.is_url(value):
        return Path(value).is_file()
    con = connect_server(value, read_only=True)
    try:
        return _holds(con)
    finally:
        con.close()


def _holds(con: duckdb.DuckDBPyConnection) -> bool:
    row = con.execute(
        "SELECT count(*) FROM duckdb_tables() WHERE database_name = current_database() "
        "AND schema_name = current_schema() AND table_name = 'voter_file'"
    ).fetchone()
    return bool(row and row[0])


@contextmanager
def opened(db: str | None = None, read_only: bool = True) -> Iterator[duckdb.DuckDBPyConnection]:
    """A connection to an existing store (a missing store is a UsageError)."""
    value = store_value(db)
    missing = UsageError(
        f"voter store '{shown(value)}': no voter file imported (nyballot voters import FILE)"
    )
    if pg.is_url(value):
        con = connect_server(value, read_only=read_only)
        if not _holds(con):
            con.close()
            raise missing
    elif Path(value).is_file():
        con = connect(Path(value), read_only=read_only)
    else:
        raise missing
    try:
        if not read_only:
            migrate(con)
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
    value = store_value(db)
    if not replace and has_voter_file(db):
        with opened(db) as con:
            _refuse_unless_replacing(con, value, replace)
    if not pg.is_url(value):
        _check_store_file(Path(value))
    day, day_source = file_date(source, date)
    fields = scan(source, progress)
    if pg.is_url(value):
        info = _import_to_server(source, value, fields, (day, day_source), replace, progress)
    else:
        info = _import_to_file(source, Path(value), fields, (day, day_source), progress)
    progress(f"imported {info.records:,} records of {day.isoformat()} into {shown(value)}")
    return info


def _check_store_file(target: Path) -> None:
    """A store being replaced must be a store: the import renames its new file over it, so a
    folder, or a file of something else (the voter file itself given as --db), is refused
    before anything is read."""
    if not target.exists():
        return
    if not target.is_file():
        raise UsageError(f"voter store '{target}': not a file")
    connect(target, read_only=True).close()  # a file DuckDB cannot open is said so, in one line


def _refuse_unless_replacing(con: duckdb.DuckDBPyConnection, value: str, replace: bool) -> None:
    if replace or not _holds(con):
        return
    held = voter_file(con)
    raise UsageError(
        f"voter store '{shown(value)}' already holds {held.name} ({held.records:,} records of "
        f"{held.date.isoformat()}); replace: give it to replace the store",
        fields=("replace",),
    )


def _import_to_file(
    source: Path, target: Path, fields: int, day: tuple[dt.date, str], progress: Progress
) -> VoterFile:
    """Build a new store file beside the target and rename it into place."""
    building = target.with_name(f".{target.name}.importing-{os.getpid()}")
    building.unlink(missing_ok=True)
    try:
        con = connect(building)
        try:
            info = _fill(con, source, fields, day, "voters", progress)
            if target.exists():
                _carry_over(con, target)
            else:
                _create_kept(con)
            _record(con, info)
            con.execute("CHECKPOINT")
        finally:
            con.close()
        os.replace(building, target)
    finally:
        building.unlink(missing_ok=True)
        Path(f"{building}.wal").unlink(missing_ok=True)
    return info


def _import_to_server(
    source: Path,
    url: str,
    fields: int,
    day: tuple[dt.date, str],
    replace: bool,
    progress: Progress,
) -> VoterFile:
    """Load a new table and swap it in, in one transaction: a failure leaves the previous
    table, and the kept reviews stay where they are."""
    con = connect_server(url)
    try:
        con.execute("BEGIN")  # checked again inside: another import may have come first
        _refuse_unless_replacing(con, url, replace)
        con.execute("DROP TABLE IF EXISTS voters_importing")
        info = _fill(con, source, fields, day, "voters_importing", progress)
        con.execute("DROP TABLE IF EXISTS voters")
        con.execute("ALTER TABLE voters_importing RENAME TO voters")
        _create_kept(con)
        con.execute("DROP TABLE IF EXISTS voter_file")
        _record(con, info)
        progress("committing")
        con.execute("COMMIT")
        progress("updating the server's statistics")
        pg.analyze(con, "voters")
    except duckdb.Error as exc:
        raise UsageError(
            f"voter store '{shown(url)}': {pg.problem(exc, pg.libpq_url(url))}"
        ) from None
    finally:
        with suppress(duckdb.Error):
            con.execute("ROLLBACK")  # after a failure; after the commit there is nothing to undo
        con.close()
    return info


def _fill(
    con: duckdb.DuckDBPyConnection,
    source: Path,
    fields: int,
    day: tuple[dt.date, str],
    table: str,
    progress: Progress,
) -> VoterFile:
    """Load the voters into ``table`` and check their dates; what the store will record."""
    count = _load(con, source, fields, progress, table)
    progress("checking dates")
    _check_dates(con, source, fields, table)
    return VoterFile(
        source.name,
        day[0],
        day[1],
        count,
        fields,
        dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
    )


def _record(con: duckdb.DuckDBPyConnection, info: VoterFile) -> None:
    con.execute(
        "CREATE TABLE voter_file AS SELECT ? AS name, ?::DATE AS date, ? AS date_source, "
        "?::BIGINT AS records, ?::INTEGER AS fields, ? AS imported_at",
        [info.name, info.date, info.date_source, info.records, info.fields, info.imported_at],
    )


def _load(
    con: duckdb.DuckDBPyConnection, source: Path, fields: int, progress: Progress, table: str
) -> int:
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
            f"""CREATE TABLE {table} AS SELECT *, {street_key_sql("street_n")} AS street_key
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
    row = con.execute(f"SELECT count(*) FROM {table}").fetchone()
    return int(row[0]) if row else 0


def date_sql(name: str) -> str:
    """A YYYYMMDD field as a DATE (NULL where it is not one): a cast of the ISO form, which
    costs less than parsing with a format."""
    year, month, day = (f'substr("{name}", {a}, {b})' for a, b in ((1, 4), (5, 2), (7, 2)))
    iso = f"{year} || '-' || {month} || '-' || {day}"
    return f"try_cast(CASE WHEN regexp_full_match(\"{name}\", '[0-9]{{8}}') THEN {iso} END AS DATE)"


def _csv_problem(exc: Exception) -> str:
    """DuckDB's CSV error said in one line with the line number, in the project's words."""
    text = str(exc)
    line = re.search(r"\bLine: (\d+)", text)
    found = re.search(r"Expected Number of Columns: (\d+) Found: (\d+)", text)
    where = f"line {line.group(1)}: " if line else ""
    if found:
        return f"{where}{found.group(2)} fields; expected {found.group(1)}"
    if "unterminated quote" in text:  # also a lone quote inside a quoted field
        return f"{where}an unclosed quote (a quote inside a quoted field is written twice)"
    if line:
        return f"{where}not a record of the voter file's CSV layout"
    return _first_line(exc)


def _check_dates(con: duckdb.DuckDBPyConnection, source: Path, fields: int, table: str) -> None:
    """A date the file gives that is not a YYYYMMDD date is refused, naming its line.

    The load does not keep the file's order (keeping it halves the speed on two cores), so the
    line is found by reading the file again, on this error path only."""
    bad_any = " OR ".join(
        f"(coalesce(\"{n}\", '') <> '' AND {n.lower()}_on IS NULL)" for n in DATE_FIELDS
    )
    columns = ", ".join(f'"{n}"' for n in DATE_FIELDS)
    rows = con.execute(f"SELECT DISTINCT {columns} FROM {table} WHERE {bad_any} LIMIT 1000")
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
    """The tables of kept reviews, where they are not yet, each with every column."""
    for table, columns in KEPT_TABLES.items():
        listed = ", ".join(f"{name} {kind}" for name, kind in columns.items())
        con.execute(f"CREATE TABLE IF NOT EXISTS {table} ({listed})")
    migrate(con)


def migrate(con: duckdb.DuckDBPyConnection) -> None:
    """Add to a kept table of an older store the columns it lacks (its rows get the column's
    default: an override or signer recorded before volumes is of volume 1), in place."""
    for table, columns in KEPT_TABLES.items():
        held = kept_columns(con, table)
        for name, kind in columns.items():
            if held and name not in held:
                con.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")


def kept_columns(con: duckdb.DuckDBPyConnection, table: str) -> set[str]:
    """The columns a kept table has in this store (none when it has not the table)."""
    rows = con.execute(
        "SELECT column_name FROM duckdb_columns() WHERE database_name = current_database() "
        "AND schema_name = current_schema() AND table_name = ?",
        [table],
    ).fetchall()
    return {name for (name,) in rows}


def insert_rows(
    con: duckdb.DuckDBPyConnection, table: str, rows: Sequence[Sequence[object]]
) -> None:
    """Rows into a kept table in one statement, through a CSV file DuckDB reads: a row at a time
    costs a statement each (about a millisecond in DuckDB, more on a server)."""
    if not rows:
        return
    with tempfile.TemporaryDirectory(prefix="nyballot-rows-") as folder:
        path = Path(folder) / "rows.csv"
        with path.open("w", newline="", encoding="utf-8") as f:
            csv.writer(f).writerows(rows)  # None is written empty, read back as NULL
        columns = KEPT_TABLES[table].items()
        types = ", ".join(f"'{name}': '{kind.split()[0]}'" for name, kind in columns)
        con.execute(
            f"INSERT INTO {table} SELECT * FROM read_csv(?, header = false, delim = ',', "
            f"quote = '\"', escape = '\"', auto_detect = false, columns = {{{types}}})",
            [str(path)],
        )


def _carry_over(con: duckdb.DuckDBPyConnection, previous: Path) -> None:
    """Keep the reviews and overrides of the store being replaced."""
    _create_kept(con)
    quoted = str(previous).replace("'", "''")
    con.execute(f"ATTACH '{quoted}' AS previous (READ_ONLY)")
    try:
        held = {
            name
            for (name,) in con.execute(
                "SELECT table_name FROM duckdb_tables() WHERE database_name = 'previous'"
            ).fetchall()
        }
        # A store made before a kept table existed has none of it to carry over; one made
        # before a column existed gives its rows the column's default.
        for table in KEPT_TABLES.keys() & held:
            con.execute(f"INSERT INTO {table} BY NAME SELECT * FROM previous.{table}")
    finally:
        con.execute("DETACH previous")


def _first_line(exc: Exception) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0][:300]
