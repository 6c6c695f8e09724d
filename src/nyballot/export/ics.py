"""iCalendar export: one all-day event per date, with the citation and derivation.

UIDs are built from the year, law, overlays, rule id and part, so a calendar program that
subscribes to the file updates an event in place when a date moves, and never duplicates it.
"""

from __future__ import annotations

import datetime as dt
import hashlib

from icalendar import Calendar as ICalendar
from icalendar import Event

from nyballot.calendar.model import Calendar, Deadline

PRODID = "-//nyballot//New York political calendar//EN"
STAMP = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)  # fixed, so the file is reproducible


def _uid(cal: Calendar, deadline: Deadline, part: str) -> str:
    key = f"{cal.year}|{cal.law}|{'+'.join(cal.overlays)}|{deadline.id}|{part}"
    return f"{hashlib.sha256(key.encode()).hexdigest()[:24]}@nyballot"


def _description(deadline: Deadline) -> str:
    lines = [f"§ {deadline.cite}: {deadline.title}"]
    lines += [f'"{words}"' for words in deadline.rule.law]
    if deadline.unverified:
        lines.append(f"TEXT UNVERIFIED: {deadline.unverified}")
    if deadline.rule.evidence:
        lines.append(f"SECONDARY SOURCE (no statute words): {deadline.rule.evidence_source}")
    lines.append("Derivation:")
    lines += [
        f"{n}. {s.text} = {s.date.isoformat() if s.date else '-'} [{s.cite}]"
        for n, s in enumerate(deadline.derivation, 1)
    ]
    return "\n".join(lines)


def to_ics(cal: Calendar) -> bytes:
    """The calendar as an iCalendar file: stable UIDs and a fixed DTSTAMP, so the same calendar
    always gives the same bytes and a subscribed calendar program updates events in place."""
    ical = ICalendar()
    ical.add("prodid", PRODID)
    ical.add("version", "2.0")
    ical.add("calscale", "GREGORIAN")
    ical.add("x-wr-calname", f"New York political calendar {cal.year} ({cal.law})")
    for deadline in cal.deadlines:
        for part, day in (("opens", deadline.opens), ("closes", deadline.closes)):
            if day is None:
                continue
            label = {"opens": "first day", "closes": "last day"}[part]
            if deadline.opens is None or deadline.closes is None:
                label = "" if deadline.rule.kind == "election" else label
            event = Event()
            event.add("uid", _uid(cal, deadline, part))
            event.add("dtstamp", STAMP)
            event.add("dtstart", day)
            event.add("dtend", day + dt.timedelta(days=1))
            summary = f"{deadline.title}{f' ({label})' if label else ''}"
            if deadline.rule.evidence:
                summary += " [secondary source]"
            event.add("summary", summary)
            event.add("description", _description(deadline))
            event.add("categories", [deadline.cite])
            event.add("transp", "TRANSPARENT")
            ical.add_component(event)
    data: bytes = ical.to_ical()
    return data
