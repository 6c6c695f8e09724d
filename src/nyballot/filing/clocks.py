"""The clocks a filing starts: objections, specifications, cure, court, notice to candidates.

Functions over dates, and ``clocks_of`` over the recorded filings (the dicts of
``records.record_dict``): which clocks each filing has running. The clocks of §§ 6-154(2) and
16-102(2) are the rule files' own rules, evaluated under the paper's law with the paper's dates
given in place of the calendar's last day to file (``engine.last_day_given``), so each is
written once; the engine rolls a last day counted in days forward to a business day (Election
Law § 1-106(1), GCL § 25-a). Business-day periods land on a business day already.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from nyballot.calendar.engine import build_calendar, last_day_given
from nyballot.calendar.model import Calendar, Deadline, Step
from nyballot.errors import UsageError
from nyballot.filing.model import KINDS, Category, FilingKind, Outcome, Verdict
from nyballot.law.loader import load_law
from nyballot.reckoning.dates import add_business_days, format_day
from nyballot.reckoning.holidays import is_business_day


@dataclass
class Clock:
    """A last day that follows from a filing."""

    name: str
    title: str
    due: dt.date
    cite: str
    filing: str = ""  # the uid of the filing that started it
    steps: list[Step] = field(default_factory=list)


def business_days_after(start: dt.date, n: int, cite: str, what: str) -> tuple[dt.date, list[Step]]:
    day = add_business_days(start, n, is_business_day)
    text = f"{what}: {n} business days after {format_day(start)}"
    return day, [Step(text, day, cite, "closes")]


# The rules of §§ 6-154(2) and 16-102(2) in the law data, which the clocks evaluate with a
# paper's own dates in place of the calendar's last day to file.
OBJECTIONS = "designating_petition.objections"
SPECIFICATIONS = "designating_petition.specifications"
PROCEEDING = "designating_petition.court_proceeding"
PROCEEDING_AFTER_DETERMINATION = "designating_petition.court_proceeding_after_determination"
_PETITION = "designating_petition.filing"
CURE = "designating_petition.cure"  # § 6-134(2)
NOTICE_CURE = "notice_of_intent.cure"  # only where an overlay adds notices of intent


def _act_cite(deadline: Deadline) -> str:
    """A rule's cite, led by the act that adds it when an overlay does ("A.9725 § 6-117(6)")."""
    overlay = deadline.rule.overlay
    if overlay is None:
        return deadline.cite
    return f"{load_law().overlays[overlay].cite.split(' of ')[0]} § {deadline.cite}"


def _law_of(start: dt.date, calendar: Calendar | None) -> Calendar:
    """The calendar whose law counts a clock: the paper's, or the law in force that year."""
    return calendar if calendar is not None else calendar_for(start.year, None, ())


def _from_rule(
    calendar: Calendar,
    rule_id: str,
    given: dict[str, tuple[dt.date, str]],
    events: dict[str, dt.date] | None = None,
) -> tuple[dt.date, list[Step]]:
    due, steps = last_day_given(calendar, rule_id, given, events)
    assert due is not None, f"{rule_id}: every date it counts from was given"
    # The rule names the calendar's day; say which of the paper's days stands in for it.
    named = {f"{k}.closes": why for k, (_, why) in given.items()}
    return due, [
        Step(named[s.text], s.date, "6-144", s.part) if s.text in named else s for s in steps
    ]


def objection_clock(filed_on: dt.date, uid: str = "", calendar: Calendar | None = None) -> Clock:
    """§ 6-154(2): objections 'within three days after the filing of the petition'."""
    cal = _law_of(filed_on, calendar)
    given = {_PETITION: (filed_on, f"the day the paper counts as filed, {format_day(filed_on)}")}
    due, steps = _from_rule(cal, OBJECTIONS, given)
    return Clock("objections", "Last day to file written objections", due, "6-154(2)", uid, steps)


def specifications_clock(
    objection_on: dt.date, uid: str = "", calendar: Calendar | None = None
) -> Clock:
    """§ 6-154(2): specifications 'within six days thereafter', else the objection is void."""
    cal = _law_of(objection_on, calendar)
    why = f"the day the objection counts as filed, {format_day(objection_on)}"
    due, steps = _from_rule(cal, SPECIFICATIONS, {OBJECTIONS: (objection_on, why)})
    return Clock(
        "specifications",
        "Last day to file specifications of the objections (else the objection is void)",
        due,
        "6-154(2)",
        uid,
        steps,
    )


def cure_clock(
    determined_on: dt.date, uid: str = "", calendar: Calendar | None = None, rule: str = ""
) -> Clock:
    """§ 6-134(2): 'three business days from the date of such determination to cure', counted
    by the rule ``CURE`` (or, for a notice of intent, ``NOTICE_CURE`` of the overlay that adds
    notices) with the determination's date as the event."""
    cal = _law_of(determined_on, calendar)
    rule_id = rule or CURE
    due, steps = _from_rule(cal, rule_id, {}, {"determination": determined_on})
    cite = _act_cite(cal.deadline(rule_id))
    return Clock("cure", "Last day to cure the violation", due, cite, uid, steps)


def proceeding_clock(
    last_day_to_file: dt.date,
    invalid_on: dt.date | None = None,
    uid: str = "",
    calendar: Calendar | None = None,
) -> Clock:
    """§ 16-102(2): fourteen days after the last day to file the petition (and, in the words in
    force from 2024, four days after the last day for a certificate to fill a vacancy), or
    three business days after a determination of invalidity, whichever is later."""
    cal = _law_of(last_day_to_file, calendar)
    given = {_PETITION: (last_day_to_file, f"the last day to file, {format_day(last_day_to_file)}")}
    if invalid_on is None:
        due, steps = _from_rule(cal, PROCEEDING, given)
    else:
        events = {"determination": invalid_on}
        due, steps = _from_rule(cal, PROCEEDING_AFTER_DETERMINATION, given, events)
    return Clock(
        "proceeding",
        "Last day to bring a proceeding in supreme court",
        due,
        "16-102(2)",
        uid,
        steps,
    )


def notice_clock(filed_on: dt.date, last_day_to_decline: dt.date | None, uid: str = "") -> Clock:
    """§ 6-144: notice 'forthwith' to each person named, stating the last day to decline."""
    due = last_day_to_decline or filed_on
    text = (
        "notice of the filing to each candidate named, forthwith; it states the last day to "
        f"decline, {format_day(due)}"
        if last_day_to_decline
        else "notice of the filing to each candidate named, forthwith"
    )
    return Clock(
        "notice",
        "Notify each candidate named; last day to decline",
        due,
        "6-144",
        uid,
        [Step(text, due, "6-144", "note")],
    )


# The calendar of a special election by the id a filing names it with: (its id as recorded,
# the calendar its papers are judged by). Made by the layer that knows special elections
# (``elections.desk.special_desk``) and handed to the desk, which sits below it.
SpecialCalendars = Callable[[str], tuple[str, Calendar]]


@lru_cache(maxsize=64)
def calendar_for(year: int, law: str | None, what_if: tuple[str, ...]) -> Calendar:
    """The calendar of a year under a law and overlays, built once and kept."""
    return build_calendar(year, law=law, overlays=what_if)


def clocks_of(
    records: list[dict[str, Any]], specials: SpecialCalendars | None = None
) -> list[Clock]:
    """The clocks every filing sets running, given everything recorded after it (a paper for
    a special election's by that election's calendar, from ``specials``)."""
    by_uid = {r["uid"]: r for r in records}
    children: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        if r["refers_to"]:
            children.setdefault(r["refers_to"], []).append(r)
    out: list[Clock] = []
    for r in records:
        kind = FilingKind(r["kind"])
        info = KINDS[kind]
        cal = _calendar_of(r, specials)
        kids = children.get(r["uid"], [])
        if any(k["kind"] == FilingKind.WITHDRAWAL for k in kids):
            continue
        if r["verdict"] == Verdict.RECORDED and kind is FilingKind.DETERMINATION:
            target = by_uid.get(r["refers_to"] or "")
            day = dt.date.fromisoformat(r["filed_on"])
            if r["outcome"] == Outcome.NONCOMPLIANT:
                notice = target is not None and target["kind"] == FilingKind.NOTICE_OF_INTENT
                # the notice's own law (the determination may be entered without its what-if)
                law = _calendar_of(target, specials) if target is not None else cal
                rule = NOTICE_CURE if notice and law.get(NOTICE_CURE) is not None else CURE
                out.append(cure_clock(day, r["uid"], law, rule))
            elif r["outcome"] == Outcome.INVALID and target is not None:
                petition = target
                if FilingKind(target["kind"]) is FilingKind.OBJECTION and target["refers_to"]:
                    petition = by_uid.get(target["refers_to"], target)
                last = _last_day(petition)
                if last is not None:
                    out.append(proceeding_clock(last, day, r["uid"], cal))
            continue
        if r["verdict"] != Verdict.TIMELY or r["filed_on"] is None:
            continue
        filed_on = dt.date.fromisoformat(r["filed_on"])
        if info.category in (Category.PETITION, Category.CERTIFICATE) or (
            kind is FilingKind.NOTICE_OF_INTENT
        ):
            out.append(objection_clock(filed_on, r["uid"], cal))
        if info.names_candidates:
            decline = None
            if info.declination_rule:
                d = cal.get(info.declination_rule)
                decline = d.closes if d else None
            out.append(notice_clock(filed_on, decline, r["uid"]))
        if info.category is Category.PETITION:
            last = _last_day(r)
            invalid = [k for k in kids if k["outcome"] == Outcome.INVALID]
            if last is not None and not invalid:
                out.append(proceeding_clock(last, None, r["uid"], cal))
        if kind is FilingKind.OBJECTION and not any(
            k["kind"] == FilingKind.SPECIFICATIONS for k in kids
        ):
            out.append(specifications_clock(filed_on, r["uid"], cal))
    special_of = {r["uid"]: r.get("special") for r in records}
    return [_of_special(c, special_of.get(c.filing)) for c in out]


def _of_special(clock: Clock, special: str | None) -> Clock:
    """A clock of a special election's paper says which election, wherever it is listed."""
    if special is None:
        return clock
    return replace(clock, title=f"{clock.title} (special election {special})")


def _calendar_of(record: dict[str, Any], specials: SpecialCalendars | None) -> Calendar:
    special = record.get("special")
    if special is None:
        return calendar_for(record["year"], record["law"], tuple(record["what_if"]))
    if specials is None:
        raise UsageError(
            f"filing {record['uid']}: for the special election {special}, whose calendar "
            "this desk was not given"
        )
    return specials(special)[1]


def _last_day(record: dict[str, Any]) -> dt.date | None:
    window = record["decision"].get("window")
    if not window:
        return None
    return dt.date.fromisoformat(window["closes"])
