"""CSV export: one row per rule, dates as ISO text, derivation folded into one cell."""

from __future__ import annotations

import csv
import io

from nyballot.calendar.model import Calendar
from nyballot.export.json import iso

COLUMNS = (
    "id", "cite", "title", "opens", "closes", "status", "text_unverified", "derivation",
    "evidence", "evidence_source", "kind",
)  # fmt: skip


def to_csv(cal: Calendar) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for d in cal.deadlines:
        derivation = " | ".join(f"{s.text} = {iso(s.date) or '-'} [{s.cite}]" for s in d.derivation)
        writer.writerow(
            (
                d.id,
                d.cite,
                d.title,
                iso(d.opens) or "",
                iso(d.closes) or "",
                d.status,
                d.unverified,
                derivation,
                d.rule.evidence or "",
                d.rule.evidence_source,
                d.rule.kind,
            )
        )
    return out.getvalue()
