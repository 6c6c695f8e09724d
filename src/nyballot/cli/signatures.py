"""nyballot signatures: how many signatures a petition needs, and why."""

from __future__ import annotations

import click

from nyballot.cli.options import with_option
from nyballot.cli.terminal import echo
from nyballot.errors import UsageError
from nyballot.export.json import dumps
from nyballot.signatures import PETITIONS, Inputs
from nyballot.signatures.answer import answer
from nyballot.signatures.report import render_text


@click.command()
@click.option("--year", type=int, help="The election year (default: the next general election).")
@click.option("--petition", type=click.Choice(PETITIONS), help="Default designating.")
@click.option("--unit", metavar="UNIT", help="The political unit, e.g. assembly.")
@click.option("--office", help="Office or position, e.g. member-of-assembly.")
@click.option("--district", metavar="UNIT", help="The same as --unit.")
@click.option("--contains", multiple=True, metavar="UNIT",
              help="A unit the office's unit contains (§ 6-136(2)(k)); repeat it.")  # fmt: skip
@click.option("--law", "law_id", metavar="VERSION", help="What-if: a law version, e.g. pre-2019.")
@with_option("bills", "What-if: a bill, e.g. S5305A, or an overlay file.")
@click.option("--votes-for-governor", type=int, help="Votes for governor in the unit (§ 6-142).")
@click.option("--enrolled", type=int, help="Enrolled voters of the party in the unit.")
@click.option("--congressional-districts", type=int, help="Number of districts in the state.")
@click.option("--larger-requirement", type=int, help="Number for the larger subdivision.")
@click.option("--section", help="For president: 2-122-a or 2-122-b (S.5961 § 14).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def signatures(
    year: int | None,
    petition: str | None,
    unit: str | None,
    office: str | None,
    district: str | None,
    contains: tuple[str, ...],
    law_id: str | None,
    bills: tuple[str, ...],
    votes_for_governor: int | None,
    enrolled: int | None,
    congressional_districts: int | None,
    larger_requirement: int | None,
    section: str | None,
    fmt: str,
) -> None:
    """The signatures a petition needs, with the derivation, under the law in force in --year
    (default: the year of the next general election); --law and --with ask a what-if."""
    if unit and district and unit != district:
        raise UsageError("--district: the same as --unit; give one of them")
    inputs = Inputs(votes_for_governor, enrolled, congressional_districts, larger_requirement)
    try:
        found = answer(
            inputs, year=year, petition=petition, unit=unit or district, office=office,
            law=law_id, bills=bills, contains=contains, section=section,
        )  # fmt: skip
    except UsageError as exc:
        raise UsageError(_flags(str(exc))) from None
    if fmt == "json":
        click.echo(dumps(found.as_dict()), nl=False)
        return
    lines = [found.heading()] + ([f"({found.year_note})"] if found.year_note else [])
    echo("\n".join(lines) + "\n\n" + render_text(found.requirements), nl=False)


_FIELDS = (
    "unit", "office", "petition", "enrolled", "votes_for_governor", "district", "section",
    "congressional_districts", "larger_requirement", "contains",
)  # fmt: skip


def _flags(message: str) -> str:
    """The library names the request's fields; on the command line they are flags."""
    for name in _FIELDS:
        if message.startswith(name) and message[len(name) : len(name) + 1] in (" ", ":", "'"):
            return f"--{name.replace('_', '-')}{message[len(name) :]}"
    return message
