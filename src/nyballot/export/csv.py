"""CSV export: one row per rule, dates as ISO text, derivation folded into one cell.

Written for spreadsheets as much as for programs: UTF-8 with a byte order mark and CRLF line
ends (RFC 4180), so Excel opens it with "§" intact. A what-if says so in its own column on
every row, beside the dates, where a reader of the sheet looks.
"""

from __future__ import annotations

import csv
import io

from nyballot.calendar.model import Calendar
from nyballot.export.json import iso
from nyballot.spreadsheet import BOM

COLUMNS = (
    "id", "cite", "title", "opens", "closes", "what_if", "status", "text_unverified",
    "derivation", "evidence", "evidence_source", "kind",
)  # fmt: skip


def to_csv(cal: Calendar) -> str:
    """The calendar as CSV text, starting with the byte order mark; write it as UTF-8."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    what_if = "; ".join(f"WHAT-IF: {reason}" for reason in cal.what_if_reasons)
    for d in cal.deadlines:
        derivation = " | ".join(f"{s.text} = {iso(s.date) or '-'} [{s.cite}]" for s in d.derivation)
        writer.writerow(
            (
                d.id,
                d.cite,
                d.title,
                iso(d.opens) or "",
                iso(d.closes) or "",
                what_if,
                d.status,
                d.unverified,
                derivation,
                d.rule.evidence or "",
                d.rule.evidence_source,
                d.rule.kind,
            )
        )
    return BOM + out.getvalue()
