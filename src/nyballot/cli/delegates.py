"""nyballot delegates: allocate national convention delegates from district results."""

from __future__ import annotations

from pathlib import Path

import click

from nyballot.delegates import allocate, read_results
from nyballot.delegates.report import render_text, result_dict
from nyballot.export.json import dumps


@click.command()
@click.argument("results", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--at-large", type=int, required=True, metavar="N", help="At-large delegates.")
@click.option("--per-district", type=int, default=3, show_default=True, metavar="N")
@click.option(
    "--denominator",
    type=click.Choice(["qualifying", "all"]),
    default="qualifying",
    show_default=True,
    help="At-large ratio: votes of candidates at 20% or more, or every vote cast.",
)
@click.option(
    "--rounding",
    type=click.Choice(["half-up", "half-even"]),
    default="half-up",
    show_default=True,
    help="How a quota of exactly n and a half is rounded.",
)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def delegates(
    results: Path, at_large: int, per_district: int, denominator: str, rounding: str, fmt: str
) -> None:
    """Allocate delegates (§ 2-122-b of S.5961) from RESULTS.csv: district,candidate,votes."""
    data = read_results(results)
    result = allocate(
        data,
        at_large,
        per_district=per_district,
        denominator="all" if denominator == "all" else "qualifying",
        rounding="half-even" if rounding == "half-even" else "half-up",
    )
    if fmt == "json":
        click.echo(dumps(result_dict(result)), nl=False)
    else:
        click.echo(render_text(result), nl=False)
