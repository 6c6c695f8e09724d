"""nyballot bill read: a bill's printed text, read into its sections and a drafted overlay."""

from __future__ import annotations

from pathlib import Path

import click

from nyballot.export.json import dumps


@click.group()
def bill() -> None:
    """Bills in the LBDC's printed form: read one into a drafted overlay."""


@bill.command()
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json", "yaml"]), default="text")
def read(path: Path, fmt: str) -> None:
    """Each section of the bill with the provision it amends, adds or repeals, the old and new
    words, the rules and provisions that quote them, and a drafted overlay (--format yaml
    writes the draft alone, which --with takes as it is)."""
    import yaml

    from nyballot.bills.own import read_text_file
    from nyballot.bills.reader import MAX_BILL, read_bill
    from nyballot.bills.report import bill_report, report_text

    text = read_text_file(path, MAX_BILL, "bill texts")
    report = bill_report(read_bill(text, str(path)), text)
    if fmt == "yaml":
        click.echo(yaml.safe_dump(report["draft"], sort_keys=False, width=100), nl=False)
    elif fmt == "json":
        click.echo(dumps(report), nl=False)
    else:
        click.echo("\n".join(report_text(report)))
