"""nyballot serve: the HTTP API (calendar, explain, holidays, and the filing desk)."""

from __future__ import annotations

import click


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "--db",
    envvar="NYBALLOT_DATABASE_URL",
    metavar="URL",
    help="Database URL (default: $NYBALLOT_DATABASE_URL or sqlite:///nyballot.sqlite3).",
)
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64))
def serve(host: str, port: int, db: str | None, workers: int) -> None:
    """Serve the HTTP API (OpenAPI document at /openapi.json, docs at /docs)."""
    import os

    import uvicorn

    if db:
        os.environ["NYBALLOT_DATABASE_URL"] = db
    from nyballot.api.tcp import NoDelayHTTPProtocol
    from nyballot.filing.store import database_url, engine_for, shown

    engine_for(db)  # create and migrate before the first request
    click.echo(
        f"nyballot: serving http://{host}:{port}/ (API docs at /docs) on "
        f"{shown(database_url(db))}; Ctrl-C stops it",
        err=True,
    )
    uvicorn.run(
        "nyballot.api.main:app",
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        access_log=False,
        http=NoDelayHTTPProtocol,
    )
