"""The coverage checklist as a terminal table (rich)."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from nyballot.export.fold import print_table
from nyballot.export.table import UNVERIFIED_MARK
from nyballot.law.coverage import STATUS_WORDS, Coverage, Row, year_spans
from nyballot.law.subdivisions import cite_of, with_sign

SHORT = {"encoded": "encoded", "no_date": "no date", "missing": "missing",
         "not_modelled": "not modelled", "unexplained": "UNEXPLAINED"}  # fmt: skip


def _what(row: Row) -> str:
    if row.rules:
        return "\n".join(
            escape(f"{r.id}{f' [{r.overlay}]' if r.overlay else ''}")
            + (f" {UNVERIFIED_MARK}" if r.unverified else "")
            for r in row.rules
        )
    return escape(row.note)


def totals_line(report: Coverage) -> str:
    counts = report.totals()
    parts = [
        f"{counts[s]} {STATUS_WORDS[s]}"
        for s in ("encoded", "no_date", "missing", "not_modelled", "unexplained")
        if counts[s] or s != "unexplained"
    ]
    return f"{counts['subdivisions']} subdivisions: " + "; ".join(parts)


def print_coverage(report: Coverage, console: Console) -> None:
    v = report.version
    table = Table(title=f"Coverage of the shipped texts: {v.id}, {v.title}", show_lines=False)
    # Statute sections (§ 6-158(1)) and regulations (9 NYCRR 6211.7(c)): a regulation is no §.
    table.add_column("provision", no_wrap=True)
    table.add_column("status", no_wrap=True)
    table.add_column("rules that encode it / why none does")
    table.add_column("its words", style="dim")
    for row in report.rows:
        cite = with_sign(row.cite) + (" *" if row.words_missing else "")
        table.add_row(cite, SHORT[row.status], _what(row), escape(row.words))
    print_table(table, console)
    console.print(f"Total: {totals_line(report)}.")
    console.print(
        f"* words partly missing from the shipped text; {UNVERIFIED_MARK} the rule's words are "
        "text unverified."
    )
    if report.partial:
        names = ", ".join(with_sign(cite_of(s, ())) for s in report.partial)
        console.print(f"Shipped only in part (the rest of the section was not found): {names}.")
    for s in report.sections:
        if s.note:
            console.print(f"{with_sign(cite_of(s.section, ()))} ({s.text}): {escape(s.note)}")
    _print_missing_years(report, console)
    for rule, cite in report.uncited:
        console.print(f"[red]{rule.id}: its cite {cite} names no listed subdivision[/red]")
    for key in report.unreviewed:
        console.print(f"[red]{key}: a text of this version whose subdivisions are not listed[/red]")


def _print_missing_years(report: Coverage, console: Console) -> None:
    """Every voter's and board's subdivision whose dates rest, in some years, on words carried
    forward (the words in force those years were not found)."""
    rows = [r for r in report.rows if r.missing_years]
    if not rows:
        return
    console.print("Voters' and boards' dates resting on words carried forward (words missing):")
    for row in rows:
        ids = ", ".join(sorted({r.id for r in row.rules}))
        console.print(f"  {with_sign(row.cite)}: {year_spans(row.missing_years)} ({escape(ids)})")
