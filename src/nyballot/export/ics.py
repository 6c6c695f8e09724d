"""iCalendar export: one all-day event per date, with the citation and derivation.

UIDs are built from the year, law, overlays, rule id and part, so a calendar program that
subscribes to the file updates an event in place when a date moves, and never duplicates it;
a calendar of one election among several of a year (a special election) adds that election's
identity, so two such calendars never share a UID.

Revisions are derived from each event's content, so the same calendar always gives the same
bytes and a changed event carries new values: the SHA-256 of the event's day, summary and
description gives SEQUENCE (its first 28 bits) and LAST-MODIFIED, which is SEQUENCE seconds
after 2000-01-01T00:00:00Z; DTSTAMP (without METHOD, RFC 5545 § 3.8.7.2: when the event was
last revised) is the same instant. A moved date, a retitled rule or new words therefore give
an event a new SEQUENCE and LAST-MODIFIED under the same UID, and an unchanged event keeps
both from one download to the next. With no record of earlier files, a new SEQUENCE differs
from the old one but is not always higher (a subscription replaces events on refresh anyway).
"""

from __future__ import annotations

import datetime as dt
import hashlib

from icalendar import Alarm, Event
from icalendar import Calendar as ICalendar

from nyballot.calendar.model import Calendar, Deadline
from nyballot.errors import UsageError
from nyballot.law.subdivisions import with_sign

PRODID = "-//nyballot//New York political calendar//EN"
EPOCH = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)  # LAST-MODIFIED = EPOCH + SEQUENCE seconds
MAX_REMINDER_DAYS = 366
WHAT_IF = "WHAT-IF"


def _uid(cal: Calendar, deadline: Deadline, part: str, scope: str = "") -> str:
    key = f"{cal.year}|{cal.law}|{'+'.join(cal.overlays)}|{deadline.id}|{part}"
    if scope:  # a year's own calendar keeps the UIDs it always had
        key = f"{scope}|{key}"
    return f"{hashlib.sha256(key.encode()).hexdigest()[:24]}@nyballot"


def revision(day: dt.date, summary: str, description: str) -> tuple[int, dt.datetime]:
    """SEQUENCE and LAST-MODIFIED of an event, from its content alone (see the module)."""
    content = "\x1f".join((day.isoformat(), summary, description)).encode()
    sequence = int(hashlib.sha256(content).hexdigest()[:7], 16)
    return sequence, EPOCH + dt.timedelta(seconds=sequence)


def calendar_name(cal: Calendar) -> str:
    """X-WR-CALNAME: what a calendar program lists; a what-if says so first."""
    law = " + ".join([cal.law, *cal.overlays])
    name = f"New York political calendar {cal.year} ({law})"
    return f"{WHAT_IF} (not law): {name}" if cal.what_if else name


def _description(cal: Calendar, deadline: Deadline) -> str:
    lines = [f"{WHAT_IF}: {reason}." for reason in cal.what_if_reasons]
    lines.append(f"{with_sign(deadline.cite)}: {deadline.title}")
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


def _alarm(days: int, summary: str) -> Alarm:
    alarm = Alarm()
    alarm.add("action", "DISPLAY")
    alarm.add("trigger", dt.timedelta(days=-days))
    alarm.add("description", f"In {days} day(s): {summary}" if days else summary)
    return alarm


def to_ics(
    cal: Calendar, reminder_days: int | None = None, scope: str = "", name: str = ""
) -> bytes:
    """The calendar as an iCalendar file: stable UIDs and revisions derived from each event's
    content, so the same calendar always gives the same bytes and a subscribed calendar program
    updates events in place. ``reminder_days`` adds a reminder (VALARM) that many days before
    each last day (0: on the day). ``scope``: the identity of the one election the calendar
    is of, in every UID; ``name``: what a calendar program lists it as."""
    if reminder_days is not None and not 0 <= reminder_days <= MAX_REMINDER_DAYS:
        raise UsageError(
            f"reminder {reminder_days} days: expected 0 to {MAX_REMINDER_DAYS} days before"
        )
    ical = ICalendar()
    ical.add("prodid", PRODID)
    ical.add("version", "2.0")
    ical.add("calscale", "GREGORIAN")
    ical.add("x-wr-calname", name or calendar_name(cal))
    mark = f"{WHAT_IF}: " if cal.what_if else ""
    for deadline in cal.deadlines:
        description = _description(cal, deadline)
        parts = [("opens", deadline.opens), ("closes", deadline.closes)]
        if deadline.closes is None and deadline.closes_at_latest is not None:
            parts.append(("closes_at_latest", deadline.closes_at_latest))
        for part, day in parts:
            if day is None:
                continue
            label = {"opens": "first day", "closes": "last day"}.get(part, "last day at the latest")
            if (deadline.opens is None or deadline.closes is None) and part != "closes_at_latest":
                label = "" if deadline.rule.kind == "election" else label
            summary = f"{mark}{deadline.title}{f' ({label})' if label else ''}"
            if deadline.rule.evidence:
                summary += " [secondary source]"
            sequence, modified = revision(day, summary, description)
            event = Event()
            event.add("uid", _uid(cal, deadline, part, scope))
            event.add("dtstamp", modified)
            event.add("last-modified", modified)
            event.add("sequence", sequence)
            event.add("dtstart", day)
            event.add("dtend", day + dt.timedelta(days=1))
            event.add("summary", summary)
            event.add("description", description)
            event.add("categories", [deadline.cite])
            event.add("transp", "TRANSPARENT")
            reminded = part in ("closes", "closes_at_latest") and deadline.rule.kind != "election"
            if reminder_days is not None and reminded:
                event.add_component(_alarm(reminder_days, summary))
            ical.add_component(event)
    data: bytes = ical.to_ical()
    return data
