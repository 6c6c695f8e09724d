"""The clocks a filing starts: objections, specifications, cure, court, notice to candidates.

Pure functions over dates. Every last day counted in days is rolled forward to a business day
(Election Law § 1-106(1), GCL § 25-a); business-day periods land on a business day already.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from nyballot.calendar.model import Step
from nyballot.reckoning.dates import add_business_days, format_day
from nyballot.reckoning.holidays import is_business_day, roll_forward


@dataclass
class Clock:
    """A last day that follows from a filing."""

    name: str
    title: str
    due: dt.date
    cite: str
    filing: str = ""  # the uid of the filing that started it
    steps: list[Step] = field(default_factory=list)


def days_after(start: dt.date, n: int, cite: str, what: str) -> tuple[dt.date, list[Step]]:
    """N calendar days after a day, that day excluded (GCL § 20), rolled forward (§ 25-a)."""
    raw = start + dt.timedelta(days=n)
    steps = [Step(f"{what}: {n} days after {format_day(start)} (GCL § 20)", raw, cite, "closes")]
    rolled = roll_forward(raw)
    if rolled is None:
        return raw, steps
    steps.append(
        Step(
            f"{format_day(raw)} is {rolled.reason}: the last day becomes the next "
            f"business day, {format_day(rolled.day)}",
            rolled.day,
            rolled.cite,
            "closes",
        )
    )
    return rolled.day, steps


def business_days_after(start: dt.date, n: int, cite: str, what: str) -> tuple[dt.date, list[Step]]:
    day = add_business_days(start, n, is_business_day)
    text = f"{what}: {n} business days after {format_day(start)}"
    return day, [Step(text, day, cite, "closes")]


def objection_clock(filed_on: dt.date, uid: str = "") -> Clock:
    """§ 6-154(2): objections 'within three days after the filing of the petition'."""
    due, steps = days_after(filed_on, 3, "6-154(2)", "last day for written objections")
    return Clock("objections", "Last day to file written objections", due, "6-154(2)", uid, steps)


def specifications_clock(objection_on: dt.date, uid: str = "") -> Clock:
    """§ 6-154(2): specifications 'within six days thereafter', else the objection is void."""
    due, steps = days_after(objection_on, 6, "6-154(2)", "last day for specifications")
    return Clock(
        "specifications",
        "Last day to file specifications of the objections (else the objection is void)",
        due,
        "6-154(2)",
        uid,
        steps,
    )


def cure_clock(determined_on: dt.date, uid: str = "", cite: str = "6-134(2)") -> Clock:
    """§ 6-134(2): 'three business days from the date of such determination to cure' (the same
    words for a notice of intent in A.9725 § 6-117(6))."""
    due, steps = business_days_after(determined_on, 3, cite, "last day to cure")
    return Clock("cure", "Last day to cure the violation", due, cite, uid, steps)


def proceeding_clock(
    last_day_to_file: dt.date, invalid_on: dt.date | None = None, uid: str = ""
) -> Clock:
    """§ 16-102(2): fourteen days after the last day to file the petition, or three business
    days after a determination of invalidity, whichever is later."""
    due, steps = days_after(
        last_day_to_file, 14, "16-102(2)", "fourteen days after the last day to file the petition"
    )
    if invalid_on is not None:
        after, more = business_days_after(
            invalid_on, 3, "16-102(2)", "three business days after the determination of invalidity"
        )
        steps += more
        if after > due:
            due = after
        steps.append(Step(f"whichever is later: {format_day(due)}", due, "16-102(2)", "closes"))
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
