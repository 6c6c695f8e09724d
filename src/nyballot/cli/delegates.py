"""nyballot delegates: allocate national convention delegates from district results."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, get_args

import click

from nyballot.cli.options import with_option
from nyballot.cli.terminal import echo
from nyballot.delegates import allocate, read_results
from nyballot.delegates.allocate import Denominator, Rounding
from nyballot.delegates.report import render_text, result_dict
from nyballot.delegates.rules import delegate_rules
from nyballot.export.json import dumps
from nyballot.law.choice import LawChoice

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
    default=None,
    metavar="N",
    help="Delegates per district: the number the law fixes (no other number is taken).",
)
@_reading(
    "--denominator",
    Denominator,
    "At-large ratio: votes of the qualifying candidates, or every vote cast.",
)
@_reading("--rounding", Rounding, "How a quota of exactly n and a half is rounded.")
@click.option("--year", type=int, default=None, help="The primary's year (default: the coming).")
@click.option("--law", "law_id", metavar="VERSION", help="Law version (default: in force).")
@with_option("overlays", "Apply a bill or an overlay file (what-if).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def delegates(
    results: Path,
    at_large: int,
    per_district: int | None,
    denominator: str,
    rounding: str,
    year: int | None,
    law_id: str | None,
    overlays: tuple[str, ...],
    fmt: str,
) -> None:
    """Allocate delegates (§ 2-122-b) from RESULTS.csv: district,candidate,votes, under the law
    in force in the year and the bills given with --with (the first line says which law). The
    law in force has no allocation of its own: without the bill that would enact one, the
    command says so and names it."""
    data = read_results(results)
    rules = delegate_rules(LawChoice(law_id, overlays), year)
    result = allocate(
        data,
        at_large,
        per_district=per_district,
        denominator="all" if denominator == "all" else "qualifying",
        rounding="half-even" if rounding == "half-even" else "half-up",
        rules=rules,
    )
    if fmt == "json":
        click.echo(dumps(result_dict(result)), nl=False)
    else:
        echo(render_text(result), nl=False)
