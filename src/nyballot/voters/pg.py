"""The voter store on a PostgreSQL server: DuckDB runs the same SQL over its tables.

A board's shared server holds the voter file in PostgreSQL; DuckDB attaches it with its
postgres extension (``ATTACH ... (TYPE postgres)``, then ``USE``), so the import, the review's
blocking joins and the kept reviews run the same statements on either store. The extension
comes from its pip package, built for one DuckDB version, and is loaded from that file (nothing
is downloaded at run time).

The store lives in the connection's current schema (``?options=-csearch_path%3Dname`` in the
URL picks another than ``public``).
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import duckdb
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from nyballot.errors import UsageError
from nyballot.urls import shown

EXTENSION = "postgres_scanner"
EXTENSION_PACKAGE = "duckdb_extension_postgres_scanner"
CATALOG = "voter_pg"  # the name the attached database has inside DuckDB
CONNECT_TIMEOUT = 10  # seconds; libpq waits forever by default


def is_url(value: str) -> bool:
    """A store given as a URL rather than a file (only PostgreSQL's are served)."""
    return "://" in value


def libpq_url(value: str) -> str:
    """The URL as libpq reads it: ``postgresql://`` (a SQLAlchemy ``+driver`` dropped), with a
    connection timeout unless one is given."""
    try:
        url = make_url(value)
    except ArgumentError:
        url = None
    if url is None or url.get_backend_name() not in ("postgresql", "postgres"):
        raise UsageError(
            f"voter store '{shown(value)}': expected a DuckDB file or a postgresql:// URL"
        )
    url = url.set(drivername="postgresql")
    if "connect_timeout" not in url.query:
        url = url.update_query_dict({"connect_timeout": str(CONNECT_TIMEOUT)})
    return url.render_as_string(hide_password=False)


def extension_file() -> Path:
    """The postgres extension built for the DuckDB that runs, from its pip package."""
    version = duckdb.__version__
    spec = importlib.util.find_spec(EXTENSION_PACKAGE)
    if spec is not None and spec.origin is not None:
        folder = Path(spec.origin).parent / "extensions" / f"v{version}"
        path = folder / f"{EXTENSION}.duckdb_extension"
        if path.is_file():
            return path
    raise UsageError(
        f"voter store: PostgreSQL needs DuckDB's postgres extension for DuckDB {version} "
        f"(pip install duckdb-extension-postgres-scanner=={version})"
    )


def attach(con: duckdb.DuckDBPyConnection, value: str, read_only: bool) -> None:
    """Attach the server's database and make its current schema the default one."""
    url = libpq_url(value)
    con.execute("SET autoinstall_known_extensions = false")
    con.execute(f"LOAD '{_quoted(str(extension_file()))}'")
    mode = ", READ_ONLY" if read_only else ""
    try:
        con.execute(f"ATTACH '{_quoted(url)}' AS {CATALOG} (TYPE postgres{mode})")
        row = con.execute(
            f"SELECT * FROM postgres_query('{CATALOG}', 'SELECT current_schema()')"
        ).fetchone()
    except duckdb.Error as exc:
        raise UsageError(f"voter store '{shown(value)}': {problem(exc, url)}") from None
    if row is None or row[0] is None:
        raise UsageError(f"voter store '{shown(value)}': no schema to hold the voter file")
    con.execute(f'USE {CATALOG}."{row[0]}"')


def analyze(con: duckdb.DuckDBPyConnection, table: str) -> None:
    """Have the server count a new table: DuckDB plans its joins from the server's statistics,
    and a table never analyzed counts as empty, so a review would hash the whole voter file
    instead of the lines (many gigabytes)."""
    con.execute(f"CALL postgres_execute('{CATALOG}', 'ANALYZE {table}')")


def problem(exc: Exception, url: str) -> str:
    """The server's complaint in one line, without the URL (it may carry a password)."""
    text = str(exc).replace(f'"{url}"', "").replace(url, "")
    text = re.sub(r"^[A-Za-z ]*Error: ", "", text.strip())
    text = text.replace("Unable to connect to Postgres at :", "cannot connect:")
    lines = [part.strip() for part in text.splitlines() if part.strip()]
    return " ".join(lines)[:300] or type(exc).__name__


def _quoted(text: str) -> str:
    return text.replace("'", "''")
