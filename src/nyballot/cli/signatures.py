"""nyballot signatures: how many signatures a petition needs, and why."""

from __future__ import annotations

import click

from nyballot.errors import UsageError
from nyballot.export.json import dumps
from nyballot.law.bills import choose_law
from nyballot.signatures import Inputs
from nyballot.signatures import signatures as compute
from nyballot.signatures.in_force import PETITIONS, in_force
from nyballot.signatures.report import render_text, requirement_dict


@click.command()
@click.option("--year", type=int, help="Answer under the law in force that year (2019 on).")
@click.option("--petition", type=click.Choice(PETITIONS), help="With --year (default designating).")
@click.option("--unit", metavar="UNIT", help="With --year: the political unit, e.g. assembly.")
@click.option("--office", help="Office or position, e.g. member-of-assembly.")
@click.option("--district", metavar="KIND", help="Political unit, e.g. assembly, senate, state.")
@click.option("--law", "law_id", metavar="VERSION", help="pre-2019 (default) or current.")
@click.option("--with", "bills", multiple=True, metavar="BILL", help="A9725, S5305A or S5961.")
@click.option("--votes-for-governor", type=int, help="Votes for governor in the unit (§ 6-142).")
@click.option("--enrolled", type=int, help="Enrolled voters of the party in the unit.")
@click.option("--congressional-districts", type=int, help="Number of districts in the state.")
@click.option("--larger-requirement", type=int, help="Number for the larger subdivision (i).")
@click.option("--section", help="For president: 2-122-a or 2-122-b (S.5961 § 14).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def signatures(
    year: int | None,
    petition: str | None,
    unit: str | None,
    office: str | None,
    district: str | None,
    law_id: str | None,
    bills: tuple[str, ...],
    votes_for_governor: int | None,
    enrolled: int | None,
    congressional_districts: int | None,
    larger_requirement: int | None,
    section: str | None,
    fmt: str,
) -> None:
    """The signatures a petition needs, with the derivation: under the law in force in --year
    (--petition, --unit or --office), or under a law version and bills (--office, --law, --with).
    """
    inputs = Inputs(votes_for_governor, enrolled, congressional_districts, larger_requirement)
    if year is not None:
        for flag, given in (("--law", law_id), ("--with", bills), ("--district", district),
                            ("--section", section)):  # fmt: skip
            if given:
                raise UsageError(f"{flag}: not with --year, which answers under the law in force")
        try:
            reqs = in_force(petition or "designating", year, inputs, unit=unit, office=office)
        except UsageError as exc:
            raise UsageError(_flags(str(exc))) from None
        body = {"law": f"law in force in {year}", "law_title": f"The law in force in {year}"}
    else:
        if office is None or petition or unit:
            raise UsageError("--office is required (or give --year, with --petition and --unit)")
        choice = choose_law(law_id, bills)
        try:
            reqs = compute(office, choice, inputs, district=district, section=section)
        except UsageError as exc:
            raise UsageError(_flags(str(exc))) from None
        body = {"law": choice.label, "law_title": choice.title}
    if fmt == "json":
        click.echo(dumps({**body, "requirements": [requirement_dict(r) for r in reqs]}), nl=False)
    else:
        click.echo(render_text(reqs), nl=False)


_FIELDS = (
    "unit", "office", "petition", "enrolled", "votes_for_governor", "district", "section",
    "congressional_districts", "larger_requirement",
)  # fmt: skip


def _flags(message: str) -> str:
    """The library names the request's fields; on the command line they are flags."""
    for name in _FIELDS:
        if message.startswith(name) and message[len(name) : len(name) + 1] in (" ", ":", "'"):
            return f"--{name.replace('_', '-')}{message[len(name) :]}"
    return message
