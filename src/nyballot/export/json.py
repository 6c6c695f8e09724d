"""The JSON contract of a calendar (documented in the README; other tools read it).

    {"year": 2015, "law": "pre-2019", "overlays": [...], "convention": "rolled",
     "what_if": false, "what_if_reasons": [], "overlay_status": [{"id", "enacted", ...}],
     "elections": {"primary": "2015-09-10", "general": "2015-11-03"},
     "deadlines": [{"id", "cite", "title", "opens", "closes", "status", "derivation", ...}]}

Keys are only ever added, never renamed or removed.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from nyballot.calendar.model import Calendar, Deadline, Step
from nyballot.compare import Comparison
from nyballot.law.choice import law_words
from nyballot.law.model import Provision, kind_groups
from nyballot.law.subdivisions import is_regulation
from nyballot.reckoning.holidays import holidays


def iso(day: dt.date | None) -> str | None:
    return None if day is None else day.isoformat()


def step_dict(step: Step) -> dict[str, Any]:
    """One derivation step: ``{"step", "date", "cite", "of"}`` (see ``Step.as_dict``)."""
    return step.as_dict()


def deadline_dict(d: Deadline) -> dict[str, Any]:
    """One deadline as the documented JSON contract writes it (``explain --format json``, the
    API's ``/explain``); other tools read these keys, so they are only ever added to."""
    rule = d.rule
    return {
        "id": d.id,
        "cite": d.cite,
        "title": d.title,
        "opens": iso(d.opens),
        "closes": iso(d.closes),
        "rolled_from": iso(d.rolled_from),
        "status": d.status,
        "kind": rule.kind,
        "for": kind_groups(rule.kind),
        "formula": d.formula(),
        "events": d.events(),
        "law": list(rule.law),
        "source": rule.source,
        "text_unverified": d.unverified or None,
        "note": rule.note or None,
        "overlay": rule.overlay,
        "other_reading": {k: iso(v) for k, v in d.other_reading.items()},
        "derivation": [step_dict(s) for s in d.derivation],
        "evidence": rule.evidence,
        "evidence_source": rule.evidence_source or None,
        "impossible": d.impossible or None,
        "closes_at_latest": iso(d.closes_at_latest),
        "authority": "regulation" if is_regulation(d.cite) else "statute",
    }


def law_line(cal: Calendar) -> str:
    """Which law a calendar is under, in one line: the law in force that year, or a what-if."""
    state = "a what-if, not the law" if cal.what_if else f"the law in force in {cal.year}"
    return f"Law: {law_words(cal.law, cal.overlays)} ({state})"


def _law_of(cal: Calendar, year_note: str | None) -> dict[str, Any]:
    """The keys that say which law and year an answer is under, and whether it is a what-if."""
    return {
        "year": cal.year,
        "year_note": year_note,
        "law_title": law_line(cal).removeprefix("Law: "),
        "overlays": cal.overlays,
        "what_if": cal.what_if,
        "what_if_reasons": cal.what_if_reasons,
        "overlay_status": [o.as_dict() for o in cal.overlay_status],
    }


def calendar_dict(cal: Calendar, year_note: str | None = None) -> dict[str, Any]:
    """A calendar as the documented JSON contract writes it (``calendar --format json``, the
    API's ``/calendar/{year}`` and its download); keys are only ever added, never renamed.
    ``year_note`` says how the year was chosen when none was given."""
    return {
        "year": cal.year,  # first, as ever: the keys below keep their places
        "year_note": year_note,
        "law": cal.law,
        **_law_of(cal, year_note),
        "convention": cal.convention,
        "events": {k: iso(v) for k, v in cal.events.items()},
        "elections": {k: iso(v) for k, v in cal.elections.items()},
        "deadlines": [deadline_dict(d) for d in cal.deadlines],
        "notes": cal.notes,
        "duties": cal.duties,  # how a board's duty due on a weekend or holiday is read
    }


def explain_dict(cal: Calendar, d: Deadline, year_note: str | None = None) -> dict[str, Any]:
    """One deadline as ``deadline_dict`` writes it, with the law it was evaluated under and
    whether that is a what-if (``explain --format json``, the API's ``/explain``). Its ``law``
    is the rule's words, so the law it is under is ``version`` and, in words, ``law_title``."""
    return {**deadline_dict(d), **_law_of(cal, year_note), "version": cal.law}


def _side_dict(d: Deadline | None) -> dict[str, Any] | None:
    if d is None:
        return None
    return {"cite": d.cite, "opens": iso(d.opens), "closes": iso(d.closes), "status": d.status}


def provision_dict(p: Provision) -> dict[str, Any]:
    """A change that is not a date (a fee, a count, a place), with the words it quotes."""
    return {
        "id": p.id,
        "cite": p.cite,
        "section": p.section or None,
        "title": p.title,
        "value": p.value,
        "was": p.was or None,
        "law": list(p.law),
        "evidence": p.evidence,
        "evidence_source": p.evidence_source or None,
    }


def comparison_dict(
    result: Comparison, include_unchanged: bool = True, year_note: str | None = None
) -> dict[str, Any]:
    """The JSON contract of a comparison (documented in the README)."""

    def side(cal: Calendar) -> dict[str, Any]:
        return {
            "law": cal.law,
            "law_title": law_line(cal).removeprefix("Law: "),
            "overlays": cal.overlays,
            "overlay_status": [o.as_dict() for o in cal.overlay_status],
            "what_if": cal.what_if,
        }

    return {
        "year": result.year,
        "year_note": year_note,
        "base": side(result.base),
        "other": side(result.other),
        "changes": [
            {
                "id": r.id,
                "title": r.title,
                "status": r.status,
                "base": _side_dict(r.base),
                "other": _side_dict(r.other),
                "shift_days": r.shift_days,
                "shift_business_days": r.shift_business_days,
                "reason": r.reason,
            }
            for r in result.rows
            if include_unchanged or r.status != "unchanged"
        ],
        "provisions": [
            {"overlay": overlay_id, **provision_dict(p)} for overlay_id, p in result.provisions
        ],
        "notes": result.other.notes,
        "what_if": result.what_if,
        "what_if_reasons": result.what_if_reasons,
    }


def holidays_dict(year: int) -> dict[str, Any]:
    """The public holidays of a year (GCL § 24), each with its words and source."""
    rows = [
        {
            "date": h.date.isoformat(),
            "name": h.name,
            "cite": h.cite,
            "law": h.law,
            "moved_from": iso(h.moved_from),
        }
        for h in holidays(year)
    ]
    return {"year": year, "holidays": rows}


def dumps(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
