"""CSV export: one row per rule, dates as ISO text, derivation folded into one cell.

Written for spreadsheets as much as for programs: UTF-8 with a byte order mark and CRLF line
ends (RFC 4180), so Excel opens it with "§" intact. A what-if says so in its own column on
every row, beside the dates, where a reader of the sheet looks. A last day not yet known (it
waits for an event) has the latest it can be in ``closes_at_latest``. Every cell goes through
the one formula guard of ``nyballot.spreadsheet``.
"""

from __future__ import annotations

from nyballot.calendar.model import Calendar, Deadline
from nyballot.export.json import iso
from nyballot.spreadsheet import csv_text

COLUMNS = (
    "id", "cite", "title", "opens", "closes", "what_if", "status", "text_unverified",
    "derivation", "evidence", "evidence_source", "kind", "closes_at_latest",
)  # fmt: skip


def to_csv(cal: Calendar) -> str:
    """The calendar as CSV text, starting with the byte order mark; write it as UTF-8."""
    what_if = "; ".join(f"WHAT-IF: {reason}" for reason in cal.what_if_reasons)
    return csv_text(COLUMNS, (_row(d, what_if) for d in cal.deadlines))


def _row(d: Deadline, what_if: str) -> tuple[object, ...]:
    derivation = " | ".join(f"{s.text} = {iso(s.date) or '-'} [{s.cite}]" for s in d.derivation)
    return (
        d.id, d.cite, d.title, iso(d.opens) or "", iso(d.closes) or "", what_if, d.status,
        d.unverified, derivation, d.rule.evidence or "", d.rule.evidence_source, d.rule.kind,
        iso(d.closes_at_latest) or "",
    )  # fmt: skip
