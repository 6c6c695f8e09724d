"""nyballot law list / show: law versions and overlays, every rule with its quoted words."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from nyballot.cli import terminal
from nyballot.errors import UsageError, suggest
from nyballot.export.fold import print_table
from nyballot.export.json import dumps, provision_dict
from nyballot.law.checks import (
    Problem,
    check_overlay,
    check_types,
    check_version,
    provisions_of,
    read_as_types,
)
from nyballot.law.loader import Law, load_law, overlay_years
from nyballot.law.model import Change, Overlay, Rule
from nyballot.law.subdivisions import with_sign


@click.group()
def law() -> None:
    """Law versions and overlays (chapter laws, court orders, bills)."""


def _status(enacted: bool) -> str:
    return "enacted" if enacted else "bill (not enacted)"


def _years(overlay: Overlay, data: Law) -> str:
    if overlay.years:
        return ", ".join(map(str, overlay.years))
    if overlay.takes_effect == "january-after-enactment":
        return "from the January after enactment"
    if any(c.period.start or c.period.end for c in overlay.changes):
        years = overlay_years(overlay, data)
        return f"{years[0]}-{years[-1]}" if years else "none"
    return f"any ({', '.join(overlay.versions)})"


def _base_rule(data: Law, overlay: Overlay, rule_id: str) -> Rule | None:
    for version in overlay.versions:
        if rule_id in data.versions[version].rules:
            return data.versions[version].rules[rule_id]
    return None


def change_dict(data: Law, overlay: Overlay, change: Change) -> dict[str, Any]:
    base = _base_rule(data, overlay, change.rule_id)
    new = change.rule
    return {
        "action": change.action,
        "id": change.rule_id,
        "section": change.section or None,
        "effective": {
            "from": change.period.start.isoformat() if change.period.start else None,
            "to": change.period.end.isoformat() if change.period.end else None,
        },
        "cite": {"old": base.cite if base else None, "new": new.cite if new else None},
        "words": {"old": list(base.law) if base else [], "new": list(change.law)},
        "formula": {
            "old": {k: str(v) for k, v in base.expressions().items()} if base else {},
            "new": {k: str(v) for k, v in new.expressions().items()} if new else {},
        },
        "change": change.summary or None,
        "note": change.note or (new.note if new else "") or None,
    }


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
        (o.kind, o.id, _years(o, data), _status(o.enacted), o.title)
        for o in sorted(data.overlays.values(), key=lambda o: (o.kind == "bill", o.id))
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
    print_table(table, terminal.console())


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
    """Every rule of a law version, or every change an overlay makes (old and new words)."""
    data = load_law()
    if name in data.overlays:
        _show_overlay(data, data.overlays[name], fmt)
        return
    if name not in data.versions:
        known = [*data.versions, *data.overlays]
        raise UsageError(f"law '{name}': no such version or overlay{suggest(name, known)}")
    v = data.versions[name]
    header = {"id": v.id, "title": v.title, "covers": [v.first_year, v.last_year],
              "description": v.description}  # fmt: skip
    if fmt == "json":
        body = {"rules": [rule_dict(r) for r in v.rules.values()]}
        click.echo(dumps({**header, **body}), nl=False)
        return
    console = terminal.console()
    console.print(f"[bold]{header['id']}[/bold]: {escape(str(header['title']))}")
    console.print(str(header.get("description", "")), markup=False)
    for rule in v.rules.values():
        console.print(f"\n[bold]{rule.id}[/bold]  {with_sign(rule.cite)}")
        for words in rule.law or ("(text not found)",):
            console.print(f'  "{words}"', markup=False)
        for part, expr in rule.expressions().items():
            console.print(f"  {part}: {expr}", markup=False)
        if rule.unverified:
            console.print(f"  [yellow]text unverified:[/yellow] {escape(rule.unverified)}")


def _show_overlay(data: Law, o: Overlay, fmt: str) -> None:
    if fmt == "json":
        click.echo(dumps(_overlay_dict(data, o)), nl=False)
        return
    console = terminal.console()
    console.print(f"[bold]{o.id}[/bold]: {escape(f'{o.title} ({o.cite}; {_status(o.enacted)})')}")
    if o.status:
        console.print(o.status, markup=False)
    console.print(o.description, markup=False)
    if o.effective:
        console.print(f'Takes effect: "{o.effective}"', markup=False)
    console.print(f"Applies to: {_years(o, data)}")
    for change in o.changes:
        _print_change(console, data, o, change)
    if o.provisions:
        console.print("\n[bold]Provisions that are not dates[/bold]")
        for p in o.provisions:
            where = f"§ {p.section}: " if p.section else ""
            was = f" (was: {p.was})" if p.was else ""
            mark = f" [{p.secondary}]" if p.secondary else ""
            console.print(
                f"  {p.id} ({where}§ {p.cite}) {p.title}: {p.value}{was}{mark}", markup=False
            )
    for conflict in o.conflicts:
        state = "resolved by the data" if conflict.resolved else "[red]UNRESOLVED[/red]"
        console.print(
            f"\n[bold]conflict {conflict.rule_id}[/bold] ({conflict.sections()}, {state})"
        )
        if conflict.reading:
            console.print(f"  reading: {conflict.reading}", markup=False)


def _overlay_dict(data: Law, o: Overlay) -> dict[str, Any]:
    """``law show OVERLAY --format json``: the overlay whole, each change with its words."""
    return {
        "id": o.id,
        "title": o.title,
        "kind": o.kind,
        "cite": o.cite,
        "enacted": o.enacted,
        "status": o.status or None,
        "versions": list(o.versions),
        "years": overlay_years(o, data),
        "takes_effect": o.takes_effect,
        "effective_words": o.effective or None,
        "description": o.description,
        "changes": [change_dict(data, o, c) for c in o.changes],
        "replace": [rule_dict(r) for r in o.replace.values()],
        "add": [rule_dict(r) for r in o.add.values()],
        "repeal": [{"id": k, "law": v} for k, v in o.repeal.items()],
        "provisions": [provision_dict(p) for p in o.provisions],
        "conflicts": [
            {
                "rule": c.rule_id,
                "sections": [ch.section for ch in c.changes],
                "resolved": c.resolved,
                "reading": c.reading or None,
            }
            for c in o.conflicts
        ],
    }


def _print_change(console: Console, data: Law, o: Overlay, change: Change) -> None:
    """One change of an overlay: where, the old and new words, the old and new formulas."""
    d = change_dict(data, o, change)
    section = f"{change.label()}, " if change.section else ""
    period = str(change.period)
    if o.takes_effect == "january-after-enactment":
        period = "from the first of January after enactment"
    console.print(f"\n[bold]{change.action} {change.rule_id}[/bold]  ({section}{period})")
    old_cite, new_cite = d["cite"]["old"], d["cite"]["new"]
    if old_cite and new_cite and old_cite != new_cite:
        console.print(f"  § {old_cite} -> § {new_cite}")
    elif old_cite or new_cite:
        console.print(f"  § {new_cite or old_cite}")
    if change.summary:
        console.print(f"  change: {change.summary}", markup=False)
    for words in d["words"]["old"]:
        console.print(f'  [red]old:[/red] "{escape(words)}"')
    for words in d["words"]["new"]:
        console.print(f'  [green]new:[/green] "{escape(words)}"')
    for part in ("opens", "closes", "when"):
        old, new = d["formula"]["old"].get(part), d["formula"]["new"].get(part)
        if old or new:
            arrow = f"{old} -> {new}" if old and new and old != new else (new or old)
            if change.action == "repeal":
                arrow = f"{old} -> (repealed)"
            console.print(f"  {part}: {arrow}")
    if d["note"]:
        console.print(f"  note: {d['note']}", markup=False)


def _print_problems(name: str, problems: list[Problem], console: Console) -> None:
    if not problems:
        console.print(f"{name}: ok")
        return
    for p in problems:
        mark = "[red]error[/red]" if p.fatal else "[yellow]note[/yellow]"
        console.print(f"{name}: {mark}: {p.message}")


# Each stage's one reader of its provisions declares the type it reads each as (``TYPES``).
@law.command()
@click.argument("names", nargs=-1)
def check(names: tuple[str, ...]) -> None:
    """Check law versions and overlays: quotations, types, and sections that contradict each
    other. A NAME that is a path (an overlay file of one's own) is checked the same way, its
    quotations against the bill text its ``text:`` names.

    Lists every conflict with both sections' words. Exits 1 when a quotation is not in the
    shipped text, a provision is not declared the type its stage reads it as, or a conflict
    has no reading recorded in the law data.
    """
    from nyballot.bills.own import Brought, bring, check_brought, is_path

    brought: dict[str, Brought] = {}
    for name in names:
        if is_path(name):
            item = bring(name)
            brought[item.id] = item
    names = tuple(next((i for i, b in brought.items() if str(b.path) == n), n) for n in names)
    data = load_law()
    read_as = read_as_types()
    for name in names:
        if name not in data.versions and name not in data.overlays:
            known = [*data.versions, *data.overlays]
            raise UsageError(f"law '{name}': no such version or overlay{suggest(name, known)}")
    chosen = list(names) or [*data.versions, *data.overlays]
    console = terminal.console()
    failed = False
    for name in chosen:
        if name in data.versions:
            problems = check_version(data.versions[name])
        elif name in brought:
            o = data.overlays[name]
            console.print(f"{name}: {o.title} ({o.cite}); {o.status or 'no status given'}; "
                          f"a what-if read from {brought[name].path}", markup=False)  # fmt: skip
            problems = check_brought(brought[name])
        else:
            problems = check_overlay(data, data.overlays[name])
        problems += check_types(provisions_of(data, name), read_as)
        _print_problems(name, problems, console)
        failed = failed or any(p.fatal for p in problems)
    count = sum(len(provisions_of(data, name)) for name in chosen)
    typed = sum(1 for name in chosen for p in provisions_of(data, name) if p.id in read_as)
    console.print(
        f"{count} provisions checked: each quotation against its shipped text, each setting "
        f"against its declared type, {typed} of them against the type their stage reads",
        markup=False,
    )
    if failed:
        sys.exit(1)


@law.command()
@click.option("--law", "version", default="current", show_default=True,
              help="Law version: current or pre-2019.")  # fmt: skip
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table")
def coverage(version: str, fmt: str) -> None:
    """Every subdivision of a version's shipped texts, with the rules that encode it.

    A checklist in statute order: each subdivision with its rules, or the reason none encodes
    it (no date in it; words partly missing; not modelled, and what), and the totals.
    """
    # Imported when asked, so that no other command pays for them at start.
    from nyballot.export.coverage import print_coverage
    from nyballot.law.coverage import coverage as coverage_of
    from nyballot.law.coverage import coverage_dict

    report = coverage_of(version)
    if fmt == "json":
        click.echo(dumps(coverage_dict(report)), nl=False)
        return
    print_coverage(report, terminal.console())


@law.command()
@click.argument("old", type=click.Path(path_type=Path))
@click.argument("new", type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def diff(old: Path, new: Path, fmt: str) -> None:
    """Two wordings of one section (files in the shipped texts' format, or shipped texts by
    their keys, as pre2019/6-158.txt): each subdivision
    whose words changed, and every rule and provision that quotes or cites it."""
    from nyballot.bills.diff import diff_texts

    section, changed = diff_texts(old, new)
    if fmt == "json":
        rows = [{"cite": c.cite, "how": c.how, "old": c.old, "new": c.new,
                 "quoted_by": list(c.quoted_by)} for c in changed]  # fmt: skip
        click.echo(dumps({"section": section, "changed": rows}), nl=False)
        return
    terminal.echo(f"§ {section}: {len(changed)} units changed between {old} and {new}")
    for c in changed:
        terminal.echo(f"\n§ {c.cite} {c.how}")
        if c.old:
            terminal.echo(f"  old: {c.old[:300]}")
        if c.new:
            terminal.echo(f"  new: {c.new[:300]}")
        for q in c.quoted_by or ({"in": "-", "id": "no rule or provision", "cite": "", "by": ""},):
            terminal.echo(f"  {q['by'] or 'none'}: {q['id']} ({q['in']}) {q['cite']}".rstrip())
