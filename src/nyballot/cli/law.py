"""nyballot law list / show: law versions and overlays, every rule with its quoted words."""

from __future__ import annotations

from typing import Any

import click
from rich.console import Console
from rich.table import Table

from nyballot.errors import UsageError, suggest
from nyballot.export.json import dumps
from nyballot.law.loader import load_law
from nyballot.law.model import Rule


@click.group()
def law() -> None:
    """Law versions and overlays (chapter laws, court orders, bills)."""


def _status(enacted: bool) -> str:
    return "enacted" if enacted else "bill (not enacted)"


@law.command("list")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table")
def list_(fmt: str) -> None:
    """Every law version and overlay, with its years and status."""
    data = load_law()
    rows = [
        ("version", v.id, f"{v.first_year}-{v.last_year}", "in force", v.title)
        for v in data.versions.values()
    ]
    rows += [
        (o.kind, o.id, ", ".join(map(str, o.years)) or "any", _status(o.enacted), o.title)
        for o in data.overlays.values()
    ]
    if fmt == "json":
        keys = ("kind", "id", "years", "status", "title")
        click.echo(dumps([dict(zip(keys, r, strict=True)) for r in rows]), nl=False)
        return
    table = Table(title="Law versions and overlays")
    for column in ("kind", "id", "years", "status", "title"):
        table.add_column(column)
    for row in rows:
        table.add_row(*row)
    Console(width=max(Console().width, 120)).print(table)


def rule_dict(rule: Rule) -> dict[str, Any]:
    return {
        "id": rule.id,
        "cite": rule.cite,
        "title": rule.title,
        "law": list(rule.law),
        "source": rule.source,
        "formula": {k: str(v) for k, v in rule.expressions().items()},
        "text_unverified": rule.unverified or None,
        "verified_from": rule.verified_from,
        "note": rule.note or None,
        "section": rule.bill_section or None,
    }


@law.command()
@click.argument("name")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def show(name: str, fmt: str) -> None:
    """Every rule of a law version or overlay, with the words it encodes."""
    data = load_law()
    header: dict[str, Any]
    if name in data.versions:
        v = data.versions[name]
        header = {"id": v.id, "title": v.title, "covers": [v.first_year, v.last_year],
                  "description": v.description}  # fmt: skip
        groups = {"rules": list(v.rules.values())}
    elif name in data.overlays:
        o = data.overlays[name]
        header = {"id": o.id, "title": o.title, "kind": o.kind, "cite": o.cite,
                  "enacted": o.enacted, "versions": list(o.versions), "years": list(o.years),
                  "description": o.description}  # fmt: skip
        groups = {"replace": list(o.replace.values()), "add": list(o.add.values())}
    else:
        known = [*data.versions, *data.overlays]
        raise UsageError(f"law '{name}': no such version or overlay{suggest(name, known)}")
    if fmt == "json":
        body = {k: [rule_dict(r) for r in rules] for k, rules in groups.items()}
        if name in data.overlays:
            body["repeal"] = [{"id": k, "law": v} for k, v in data.overlays[name].repeal.items()]
        click.echo(dumps({**header, **body}), nl=False)
        return
    console = Console(width=max(Console().width, 110))
    console.print(f"[bold]{header['id']}[/bold]: {header['title']}")
    console.print(str(header.get("description", "")))
    for group, rules in groups.items():
        for rule in rules:
            console.print(
                f"\n[bold]{group if group != 'rules' else ''} {rule.id}[/bold]  § {rule.cite}"
            )
            for words in rule.law or ("(text not found)",):
                console.print(f'  "{words}"')
            for part, expr in rule.expressions().items():
                console.print(f"  {part}: {expr}")
            if rule.unverified:
                console.print(f"  [yellow]text unverified:[/yellow] {rule.unverified}")
    if name in data.overlays:
        for rule_id, words in data.overlays[name].repeal.items():
            console.print(f'\n[bold]repeal {rule_id}[/bold]\n  "{words}"')
