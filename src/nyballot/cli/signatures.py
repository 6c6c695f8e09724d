"""nyballot signatures: how many signatures a petition needs, and why."""

from __future__ import annotations

import click

from nyballot.export.json import dumps
from nyballot.law.bills import choose_law
from nyballot.signatures import Inputs
from nyballot.signatures import signatures as compute
from nyballot.signatures.report import render_text, requirement_dict


@click.command()
@click.option("--office", required=True, help="Office or position, e.g. member-of-assembly.")
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
    office: str,
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
    """The signatures a petition for OFFICE needs under a law, with the derivation."""
    choice = choose_law(law_id, bills)
    inputs = Inputs(votes_for_governor, enrolled, congressional_districts, larger_requirement)
    reqs = compute(office, choice, inputs, district=district, section=section)
    if fmt == "json":
        body = {"law": choice.label, "law_title": choice.title}
        click.echo(dumps({**body, "requirements": [requirement_dict(r) for r in reqs]}), nl=False)
    else:
        click.echo(render_text(reqs), nl=False)
