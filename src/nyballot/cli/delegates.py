"""nyballot delegates: allocate national convention delegates from district results."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, get_args

import click

from nyballot.delegates import allocate, read_results
from nyballot.delegates.allocate import Denominator, Rounding
from nyballot.delegates.report import render_text, result_dict
from nyballot.export.json import dumps

F = TypeVar("F", bound=Callable[..., Any])


def _reading(flag: str, readings: Any, text: str) -> Callable[[F], F]:
    """An option choosing a reading of the text: one of the Literal's values, the first the
    default."""
    choices = get_args(readings)
    return click.option(
        flag, type=click.Choice(choices), default=choices[0], show_default=True, help=text
    )


@click.command()
@click.argument("results", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--at-large", type=int, required=True, metavar="N", help="At-large delegates.")
@click.option(
    "--per-district",
    type=int,
    default=3,
    show_default=True,
    metavar="N",
    help="Delegates per district: three, as § 2-122-b(4)(b) fixes (no other number is taken).",
)
@_reading(
    "--denominator",
    Denominator,
    "At-large ratio: votes of candidates at 20% or more, or every vote cast.",
)
@_reading("--rounding", Rounding, "How a quota of exactly n and a half is rounded.")
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
