"""nyballot petitions sheet: a campaign's petition sheets, printed from the year's law."""

from __future__ import annotations

from pathlib import Path

import click


@click.command()
@click.option("--year", required=True, type=int, help="Election year whose law the sheet prints.")
@click.option(
    "--kind", type=click.Choice(["designating", "independent"]), default="designating",
    show_default=True,
)  # fmt: skip
@click.option("--party", help="Designating: the party, by its voter-file code (DEM) or name.")
@click.option("--office", required=True, help="Office, e.g. member-of-assembly (as in signatures).")
@click.option("--district", help="The office's district (its number), where it has one.")
@click.option("--candidate", "candidates", multiple=True, metavar="NAME@RESIDENCE",
              help="A candidate; repeat it (governor, then lieutenant governor).")  # fmt: skip
@click.option(
    "--witness-statement", type=click.Choice(["witness", "notary"]), default="witness",
    is_flag=False, flag_value="witness", show_default=True,
    help="The statement at each sheet's foot: a witness's (§ 6-132(2)) or a notary's (§ 6-132(3)).",
)  # fmt: skip
@click.option(
    "--paper", type=click.Choice(["letter", "legal"]), default="letter", show_default=True
)
@click.option("--volume", type=int, default=1, show_default=True, help="The volume's number.")
@click.option("--sheets", type=int, default=1, show_default=True, help="Sheets in the volume.")
@click.option("--volumes", type=int, help="The petition's total of volumes (on volume 1's cover).")
@click.option("--petition", help="The petition's id in each sheet's code (default from the rest).")
@click.option("--body", help="Independent: the independent body's name.")
@click.option("--emblem", help="Independent: the body's emblem, in words.")
@click.option("--committee", multiple=True, metavar="NAME, ADDRESS",
              help="Independent: a member of the vacancy committee; repeat it.")  # fmt: skip
@click.option("--enrolled", type=int, help="Designating: the party's enrolled voters in the unit.")
@click.option("--governor-votes", type=int, help="Independent: votes for governor in the unit.")
@click.option("--cover/--no-cover", default=True, help="Begin with the volume's cover sheet.")
@click.option("-o", "--output", required=True, type=click.Path(path_type=Path), metavar="FILE.pdf")
def sheet(output: Path, **given: object) -> None:
    """Print a volume of petition sheets (PDF): the cover sheet, then numbered sheets in the
    form of § 6-132 (designating) or § 6-140 (independent) under the law of --year, each with
    its signing period, the number needed and its code for a later scan."""
    from nyballot.paper.printing import volume_pdf
    from nyballot.paper.sheet import SheetRequest, plan

    given["candidates"] = tuple(given["candidates"])  # type: ignore[arg-type]
    given["committee"] = tuple(given["committee"])  # type: ignore[arg-type]
    found = plan(SheetRequest(**given))  # type: ignore[arg-type]
    pdf = volume_pdf(found)
    output.write_bytes(pdf)
    click.echo(f"{output}: {len(found.identities)} sheets, volume {found.request.volume}, "
               f"petition {found.identities[0].petition}", err=True)  # fmt: skip
