"""What the command line, the API and the pages give of a special or village election: its
JSON (the calendar's own contract plus the election's key) and its text."""

from __future__ import annotations

from typing import Any

from nyballot.elections.special import NoSpecialElection, Special
from nyballot.elections.village import Village
from nyballot.export.json import calendar_dict, deadline_dict, iso
from nyballot.law.model import KindGroup
from nyballot.law.subdivisions import with_sign
from nyballot.reckoning.dates import format_day


def _no_special_dict(none: NoSpecialElection) -> dict[str, Any]:
    return {
        "message": none.message,
        "vacancy": iso(none.vacancy),
        "general_election": iso(none.general.closes),
        "last_days": [
            {"cite": none.rule.cite, "law": none.rule.law, "date": iso(none.last_day)},
            deadline_dict(none.last_for_this_general),
        ],
        "filled_at": {"cite": none.filled_at.cite, "law": none.filled_at.law},
    }


def special_dict(special: Special, kinds: tuple[KindGroup, ...] = ()) -> dict[str, Any]:
    """The special election as JSON: ``special`` (office, days, checks, whether one is held)
    beside the calendar's own keys (none where § 42(4) holds no special election)."""
    request = special.request
    office = special.office
    head: dict[str, Any] = {
        "id": special.id,
        "office": office.name,
        "office_title": office.title,
        "paragraph": {"cite": office.words.cite, "law": office.words.law},
        "proclaimed": iso(request.proclaimed),
        "election": iso(request.election),
        "vacancy": iso(request.vacancy),
        "last_year": request.last_year,
        "held": special.no_special is None,
        "checks": [{"cite": c.cite, "law": c.law, "text": c.text} for c in special.checks],
        "no_special_election": (
            _no_special_dict(special.no_special) if special.no_special else None
        ),
    }
    body = calendar_dict(special.calendar.of_kinds(kinds)) if special.calendar else {}
    return {"special": head, **body}


def special_text(special: Special, kinds: tuple[KindGroup, ...] = ()) -> str:
    from nyballot.elections.text import calendar_text, words_lines  # rich: only for text

    request, office = special.request, special.office
    title = f"Special election: {office.title}, {request.election.isoformat()}"
    none = special.no_special
    if none is not None:
        lines = [title, *words_lines(none.rule.cite, none.rule.law, none.message + ".")]
        last = none.last_for_this_general
        lines += [
            f"  the last day of {with_sign(none.rule.cite)}: {format_day(none.last_day)}",
            f"  the last day of {with_sign(last.cite)}: {format_day(last.closes)}",
            *words_lines(last.cite, " ".join(last.rule.law), ""),
            *words_lines(none.filled_at.cite, none.filled_at.law, ""),
        ]
        return "\n".join(lines) + "\n"
    assert special.calendar is not None
    head = [f"Proclaimed {request.proclaimed.isoformat()}; {office.words.cite}: "
            f'"{office.words.law}".', f"At the desk its papers name it {special.id}."]  # fmt: skip
    head += [f"CHECK § {c.cite}: {c.text}" for c in special.checks]
    return calendar_text(title, head, special.calendar.of_kinds(kinds))


def ics_of_special(special: Special, kinds: tuple[KindGroup, ...] = ()) -> bytes:
    """The special election's dates as iCalendar, every UID its own (``Special.id``)."""
    from nyballot.export.ics import to_ics  # icalendar: only for a file

    assert special.calendar is not None
    name = f"Special election: {special.office.title}, {special.request.election.isoformat()}"
    return to_ics(special.calendar.of_kinds(kinds), scope=f"special:{special.id}", name=name)


def ics_of_village(village: Village, kinds: tuple[KindGroup, ...] = ()) -> bytes:
    """The village election's dates as iCalendar, every UID the village day's own."""
    from nyballot.export.ics import to_ics

    day = village.counted_from.isoformat()
    cal = village.calendar.of_kinds(kinds)
    name = f"{_village_name(village)} {village.held.isoformat()}"
    kind = "village-special" if village.request.special else "village"
    return to_ics(cal, scope=f"{kind}:{day}", name=name)


def _village_name(village: Village) -> str:
    return "Special village election" if village.request.special else "Village election"


def village_dict(village: Village, kinds: tuple[KindGroup, ...] = ()) -> dict[str, Any]:
    """The village election as JSON: ``village`` (its days and their words) beside the
    calendar's own keys."""
    head = {
        "month": village.request.month.lower(),
        "primary": village.request.primary,
        "counted_from": iso(village.counted_from),
        "held": iso(village.held),
        "day": {"cite": village.words.cite, "law": village.words.law},
        "special": village.request.special,
        "called": iso(village.request.called),
        "vacancy": iso(village.request.vacancy),
    }
    return {"village": head, **calendar_dict(village.calendar.of_kinds(kinds))}


def village_text(village: Village, kinds: tuple[KindGroup, ...] = ()) -> str:
    from nyballot.elections.text import calendar_text

    title = f"{_village_name(village)} {village.held.isoformat()}"
    head = [f'§ {village.words.cite}: "{village.words.law}"']
    return calendar_text(title, head, village.calendar.of_kinds(kinds))
