"""A year's political calendar under a law: every rule's dates, each with its derivation.

The work is done by job: ``nyballot.law.choice`` chooses the law in force for the year,
``preparing`` merges, checks and analyses its rules once, ``evaluating`` dates each rule on
demand, ``derivation`` writes each date's steps, notes and status, and ``other_reading`` notes
the dates the other counting convention gives differently. This module checks a request and
puts those together (``build_calendar``), and evaluates one rule with some last days given
(``last_day_given``, the filing desk's clocks).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence

from nyballot.calendar.derivation import deadline, impossible
from nyballot.calendar.evaluating import Evaluator
from nyballot.calendar.model import (
    CONVENTIONS,
    DUTIES,
    Calendar,
    Convention,
    Deadline,
    OverlayStatus,
    Part,
    Step,
)
from nyballot.calendar.other_reading import duty_reading, other_reading
from nyballot.calendar.preparing import Prepared, prepared
from nyballot.errors import OutOfCoverageError, UsageError, suggest
from nyballot.law.choice import LawChoice, normalise_name, resolve_law
from nyballot.law.loader import Law, load_law
from nyballot.law.model import (
    DEFAULT_DUTIES,
    ConflictReading,
    DutyReading,
    LawVersion,
    Overlay,
)


def build_calendar(
    year: int,
    *,
    law: str | None = None,
    overlays: Sequence[str] = (),
    events: Mapping[str, dt.date] | None = None,
    primary: dt.date | None = None,
    general: dt.date | None = None,
    convention: Convention = "rolled",
    enacted: bool = True,
    enacted_on: Mapping[str, dt.date] | None = None,
    ordered: bool = False,
    outside_coverage: bool = False,
    conflicts: ConflictReading = "later",
    duties: DutyReading = DEFAULT_DUTIES,
) -> Calendar:
    """The political calendar of a year under the law in force (or the law named).

    ``overlays`` are bills (or other overlays) read on top of that law; ``enacted_on`` gives a
    bill's date of enactment where its sections take effect from it; ``ordered`` lets two
    overlays that change the same rule apply in the order given (the later prevails);
    ``outside_coverage`` applies a named law version to a year it does not cover (a what-if);
    ``conflicts`` reads an act that amends one provision twice, differently (see
    ``nyballot.law.model.ConflictReading``); ``duties`` reads a board's duty counted forward
    from an election whose last day is a holiday (``nyballot.law.model.DutyReading``).
    """
    data = load_law()
    # Bills may be named in any spelling (s5961, S.5961); from here on each is its own id.
    overlays = [normalise_name(o, data.overlays) or o for o in overlays]
    if enacted_on is not None:
        enacted_on = {normalise_name(k, data.overlays) or k: v for k, v in enacted_on.items()}
    events = dict(events or {})
    _check_request(data, year, overlays, events, primary, general, convention, enacted_on)
    version, chosen = resolve_law(year, law, overlays, data, enacted, enacted_on, outside_coverage)
    if conflicts not in ("later", "earlier"):
        raise UsageError(
            f"conflicts '{conflicts}': expected later or earlier", fields=("conflicts",)
        )
    if duties not in DUTIES:
        raise UsageError(f"duties '{duties}': expected fixed or rolled", fields=("duties",))
    ready = prepared(
        version.id,
        tuple(o.id for o in chosen),
        year,
        tuple(sorted((enacted_on or {}).items())),
        ordered,
        conflicts,
    )
    overrides = _elections_given(primary, general)
    ev = Evaluator(ready.rules, year, data, events, overrides, convention, ready.labels, duties)
    cal = Calendar(
        year, version.id, [o.id for o in chosen], convention, events, _dated(ev, ready), duties
    )
    _check_elections(cal, primary, general)
    _mark(cal, version, chosen, primary, general)
    return cal


def _elections_given(
    primary: dt.date | None, general: dt.date | None
) -> dict[str, tuple[dt.date, str]]:
    """The election days typed in, in place of the days the rules fix."""
    given = (("election.primary", primary, "primary"), ("election.general", general, "general"))
    return {rule_id: (day, flag) for rule_id, day, flag in given if day is not None}


def _dated(ev: Evaluator, ready: Prepared) -> list[Deadline]:
    """Every rule's deadline, in date order, each noting the other reading where it differs."""
    try:
        found: dict[str, str] = {}
        for rule in ready.rules.values():  # in an order where a rule follows those it counts from
            found[rule.id] = impossible(ev, ready, rule, found) if ev.events else ""
        deadlines = [deadline(ev, ready, rule, found[rule.id]) for rule in ready.rules.values()]
        other_reading(ev, ready, deadlines)
        duty_reading(ev, deadlines)
    except OverflowError:  # a date counted past the calendar's range (year 1 or 9999)
        raise OutOfCoverageError(f"year {ev.year}: its dates fall outside the calendar") from None
    deadlines.sort(key=lambda d: (d.sort_date, d.closes or dt.date.max, d.id))
    return deadlines


def _check_request(
    data: Law,
    year: int,
    overlays: Sequence[str],
    events: Mapping[str, dt.date],
    primary: dt.date | None,
    general: dt.date | None,
    convention: Convention,
    enacted_on: Mapping[str, dt.date] | None,
) -> None:
    """What the request asks must be askable: bills dated only if applied, events known and in
    the order the law gives them, a known convention (dates: see ``_check_dates``)."""
    for overlay_id in enacted_on or {}:
        if overlay_id not in overlays:
            raise UsageError(
                f"enacted_on {overlay_id}: that bill is not applied (with)",
                fields=("enacted_on", "with"),
            )
    _check_dates(year, primary, general, events, enacted_on)
    for name in events:
        if name not in data.events:
            raise UsageError(
                f"event '{name}': no such event{suggest(name, data.events)}", fields=("event",)
            )
    for order in data.event_order:
        first, then = events.get(order.first), events.get(order.then)
        if first is not None and then is not None and first >= then:
            raise UsageError(
                f"event {order.first}={first.isoformat()}: not before event "
                f"{order.then}={then.isoformat()}; {order.why} (§ {order.cite})",
                fields=("event",),
            )
    if convention not in CONVENTIONS:
        raise UsageError(
            f"convention '{convention}': expected one of {', '.join(CONVENTIONS)}",
            fields=("convention",),
        )


def _mark(
    cal: Calendar,
    version: LawVersion,
    chosen: Sequence[Overlay],
    primary: dt.date | None,
    general: dt.date | None,
) -> None:
    """The calendar's notes, its overlays' status and every reason it is a what-if."""
    year = cal.year
    cal.notes = [f"Convention: {CONVENTIONS[cal.convention]}.", f"Duties: {DUTIES[cal.duties]}."]
    cal.notes += [f"Overlay {o.id}: {o.title} ({o.cite})." for o in chosen]
    cal.notes += [f"Overlay {o.id} takes effect: {p.line()}." for o in chosen
                  for p in o.effective_periods]  # fmt: skip
    cal.overlay_status = [OverlayStatus(o.id, o.cite, o.enacted, o.status) for o in chosen]
    cal.what_if_reasons = [
        f"{o.cite} is {o.status.rstrip('.')}: the dates it changes are what-if"
        if o.kind == "reading"
        else f"{o.cite} was never enacted ({o.status.rstrip('.') or 'not enacted'}): the dates "
        "it changes are what-if, not law"
        for o in chosen
        if not o.enacted
    ]
    cal.what_if_reasons += [
        f"the {name} election day is typed in ({day.isoformat()}), not the day the law fixes"
        for name, day in (("primary", primary), ("general", general))
        if day is not None
    ]
    if not version.covers(year):
        what_if = (
            f"{version.id} covers {version.first_year} to {version.last_year}; "
            f"applied to {year} as asked"
        )
        cal.notes.append(f"What-if: {what_if}.")
        cal.what_if_reasons.append(what_if)


def _check_elections(cal: Calendar, primary: dt.date | None, general: dt.date | None) -> None:
    """A primary on or after the general election it nominates for cannot be."""
    days = cal.elections
    if "primary" in days and "general" in days and days["primary"] >= days["general"]:
        given = "general " if general is not None else "the general election "
        raise UsageError(
            f"primary {days['primary'].isoformat()}: not before {given}"
            f"{days['general'].isoformat()}; a primary nominates for the general election "
            "that follows it",
            fields=tuple(f for f, day in (("primary", primary), ("general", general)) if day),
        )


def _check_dates(
    year: int,
    primary: dt.date | None,
    general: dt.date | None,
    events: Mapping[str, dt.date],
    enacted_on: Mapping[str, dt.date] | None,
) -> None:
    """Dates the user gives must belong to the year asked (events: within a year of it)."""
    for name, day in (("primary", primary), ("general", general)):
        if day is not None and day.year != year:
            raise UsageError(
                f"{name} {day.isoformat()}: not in {year}, the year asked", fields=(name,)
            )
    if primary is not None and general is not None and primary >= general:
        raise UsageError(
            f"primary {primary.isoformat()}: not before general {general.isoformat()}",
            fields=("primary", "general"),
        )
    for name, day in events.items():
        if abs(day.year - year) > 1:
            raise UsageError(
                f"event {name}={day.isoformat()}: more than a year from {year}; a calendar "
                "counts events of its own year (or the years on either side)",
                fields=("event",),
            )
    for bill, day in (enacted_on or {}).items():
        if not 1900 <= day.year <= year:
            raise UsageError(
                f"enacted_on {bill}={day.isoformat()}: expected a day from 1900 to {year}",
                fields=("enacted_on",),
            )


def calendar_under(
    year: int,
    choice: LawChoice,
    *,
    events: Mapping[str, dt.date] | None = None,
    primary: dt.date | None = None,
    general: dt.date | None = None,
    convention: Convention = "rolled",
    enacted: bool = True,
    outside_coverage: bool = False,
    duties: DutyReading = DEFAULT_DUTIES,
) -> Calendar:
    """The political calendar of a year under a law choice (``build_calendar`` for the rest)."""
    return build_calendar(
        year,
        law=choice.law,
        overlays=choice.overlays,
        events=events,
        primary=primary,
        general=general,
        convention=convention,
        enacted=enacted,
        enacted_on=choice.enacted_on,
        ordered=choice.ordered,
        outside_coverage=outside_coverage,
        conflicts=choice.conflicts,
        duties=duties,
    )


def last_day_given(
    calendar: Calendar,
    rule_id: str,
    given: Mapping[str, tuple[dt.date, str]],
    events: Mapping[str, dt.date] | None = None,
    part: Part = "closes",
) -> tuple[dt.date | None, list[Step]]:
    """A rule's last day (or, asked, its first day), evaluated from the rule files of a
    calendar's law with some rules' last days given (``rule id -> (day, why)``): a paper's own
    dates, such as the day a petition counts as filed. The filing desk's clocks are counted
    this way, so each rule is written once, in the law data."""
    # the calendar's own overlays, already resolved and in order
    ready = prepared(calendar.law, tuple(calendar.overlays), calendar.year, (), True, "later")
    rules = ready.rules
    if rule_id not in rules:
        hint = suggest(rule_id, rules)
        raise UsageError(f"rule '{rule_id}': not in the {calendar.year} law ({calendar.law}){hint}")
    ev = Evaluator(
        rules,
        calendar.year,
        load_law(),
        events or {},
        given,
        "rolled",
        ready.labels,
        calendar.duties,
    )
    value = ev.field(rule_id, part)
    return value.final, value.steps
