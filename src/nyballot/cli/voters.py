"""nyballot voters: the state's voter file in the store, and synthetic files to try it with."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from nyballot.cli.terminal import echo, fit
from nyballot.export.json import dumps

DB = click.option(
    "--db",
    "db",
    envvar="NYBALLOT_VOTERS_DB",
    metavar="PATH|URL",
    help="The voter store: a DuckDB file or a postgresql:// URL "
    "(default: $NYBALLOT_VOTERS_DB or ./nyballot-voters.duckdb).",
)


@click.group()
def voters() -> None:
    """The voter file: import the state's extract, show what is held, make samples."""


@voters.command(name="import")
@click.argument("file", type=click.Path(path_type=Path))
@DB
@click.option("--replace", is_flag=True, help="Replace the voter file the store holds.")
@click.option("--date", "day", metavar="YYYY-MM-DD", help="The file's date (default: its name).")
def import_(file: Path, db: str | None, replace: bool, day: str | None) -> None:
    """Import FILE (47 or 45 quoted fields, ISO-8859-1), all or nothing."""
    from nyballot.law.loader import parse_iso_date
    from nyballot.voters.store import import_file

    given = parse_iso_date(day, "--date") if day is not None else None
    info = import_file(file, db, replace=replace, date=given, progress=_progress)
    echo(
        f"{info.name}: {info.records:,} records of {info.date.isoformat()} "
        f"({DATE_SOURCES.get(info.date_source, info.date_source)}), {info.fields} fields"
    )


# How the file's date was found (voters.store.file_date), as the import reports it.
DATE_SOURCES = {
    "file name": "date from the file's name",
    "given": "date as given",
    "modified": "date from the file's modification time",
}


def _progress(message: str) -> None:
    click.echo(fit(f"  {message}"), err=True)


@voters.command()
@DB
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def info(db: str | None, fmt: str) -> None:
    """What the store holds: the file, its date, the number of records."""
    from nyballot.voters.store import opened, voter_file

    with opened(db) as con:
        held = voter_file(con)
    if fmt == "json":
        click.echo(dumps(held.as_dict()), nl=False)
    else:
        echo(f"{held.name}: {held.records:,} records of {held.date.isoformat()}")


@voters.command()
@click.option("--voters", "count", type=int, default=1000, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--output", "-o", type=click.Path(path_type=Path), help="File (default: stdout).")
def sample(count: int, seed: int, output: Path | None) -> None:
    """A synthetic voter file in the state's layout (the same for the same seed)."""
    from nyballot.voters.sample import write_sample

    if output is None:
        write_sample(count, seed, sys.stdout.buffer)
        return
    with output.open("wb") as out:
        write_sample(count, seed, out)


@voters.command()
@click.option("--party", required=True, help="The party whose petition is carried (e.g. DEM).")
@click.option(
    "--unit", "units", multiple=True, required=True, metavar="FIELD=VALUE",
    help="The unit, by voter-file field (AD=71; repeat to narrow: COUNTYCODE=31 ED=12).",
)  # fmt: skip
@click.option("--year", type=int, default=None, help="The petition's year (default: the coming).")
@click.option("--format", "fmt", type=click.Choice(["csv", "pdf"]), default="csv")
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path),
              help="File (default: stdout).")  # fmt: skip
@DB
def walklist(
    party: str, units: tuple[str, ...], year: int | None, fmt: str, output: Path | None,
    db: str | None,
) -> None:  # fmt: skip
    """The voters of the party in the unit who may sign its designating petition, by street
    and house, for canvassers (CSV for a spreadsheet, or a PDF to print); never a date of
    birth."""
    from nyballot.petitions.request import parse_units
    from nyballot.petitions.walklist import as_csv, as_html, walk_list
    from nyballot.reckoning.season import season_year, today
    from nyballot.voters.store import opened

    unit = parse_units(units)  # a bad unit is refused before the store is opened
    with opened(db) as con:
        walk = walk_list(con, party, unit, season_year() if year is None else year)
    if fmt == "pdf":
        from nyballot.export.pdf import html_to_pdf

        body = html_to_pdf(as_html(walk, today()))
    else:
        body = as_csv(walk).encode("utf-8")
    if output is None:
        sys.stdout.buffer.write(body)
        sys.stdout.buffer.flush()
        return
    output.write_bytes(body)
    echo(f"{output}: {walk.count:,} voters on {len(walk.streets):,} streets ({fmt})")


__all__ = ["voters"]
