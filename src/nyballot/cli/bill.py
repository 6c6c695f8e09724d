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
    """PATH: a bill's text, or a shipped one by its key (enacted/A6774-2023.txt).

    Each section of the bill with the provision it amends, adds or repeals, the old and new
    words, the rules and provisions that quote them, and a drafted overlay (--format yaml
    writes the draft alone, which --with takes as it is)."""
    import yaml

    from nyballot.bills.own import read_named_text
    from nyballot.bills.reader import MAX_BILL, read_bill
    from nyballot.bills.report import bill_report, report_text

    text = read_named_text(path, MAX_BILL, "bill texts")
    report = bill_report(read_bill(text, str(path)), text)
    if fmt == "yaml":
        click.echo(yaml.safe_dump(report["draft"], sort_keys=False, width=100), nl=False)
    elif fmt == "json":
        click.echo(dumps(report), nl=False)
    else:
        click.echo("\n".join(report_text(report)))


@bill.command()
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def measure(fmt: str) -> None:
    """The reader on every shipped bill text the package models by hand: the share of the
    amended provisions it finds, and the share of the hand overlay's date rules its draft
    gives the same dates for the bill's year."""
    from nyballot.bills.measure import measure_all

    found = measure_all()
    totals = [sum(m.provisions[i] for m in found) for i in (0, 1)]
    totals += [sum(m.rules[i] for m in found) for i in (0, 1)]
    if fmt == "json":
        rows = [{"overlay": m.overlay, "text": m.text, "year": m.year,
                 "provisions": {"found": m.provisions[0], "of": m.provisions[1]},
                 "date_rules": {"same": m.rules[0], "of": m.rules[1]},
                 "missed": list(m.missed)} for m in found]  # fmt: skip
        total = {"provisions": {"found": totals[0], "of": totals[1]},
                 "date_rules": {"same": totals[2], "of": totals[3]}}  # fmt: skip
        click.echo(dumps({"bills": rows, "total": total}), nl=False)
        return
    for m in found:
        click.echo(f"{m.overlay:22} {m.text:26} {m.year}  provisions {_share(*m.provisions)}  "
                   f"date rules {_share(*m.rules)}")  # fmt: skip
    click.echo(f"{'total':54}  provisions {_share(*totals[:2])}  date rules {_share(*totals[2:])}")


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.0f}%)" if whole else "0/0"
