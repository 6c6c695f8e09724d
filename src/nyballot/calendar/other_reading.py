"""The other reading: on each date the other counting convention gives differently, that date.

A deadline counted from another last day that rolled forward is counted, by default, from the
rolled day (the state board's practice; no statute or decision says so expressly); the other
reading counts from the statute's own day. A board's duty counted forward from an election
keeps, by default, the statute's day, as the state board's calendars print it (§ 1-106(1) moves
only the last day for filing); the other reading rolls it under GCL § 25-a. Where the two
differ, the derivation says so.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

from nyballot.calendar.evaluating import Evaluator
from nyballot.calendar.model import CONVENTIONS, DUTIES, Convention, Deadline, Step
from nyballot.calendar.preparing import Prepared
from nyballot.law.model import DutyReading
from nyballot.reckoning.dates import format_day
from nyballot.reckoning.holidays import roll_forward


def other_reading(ev: Evaluator, prepared: Prepared, deadlines: list[Deadline]) -> None:
    """Note, on each date the other counting convention gives differently, that date.

    Only a date counted (through any chain of rules) from a last day that rolled forward can
    differ, so only those rules are evaluated a second time."""
    rolled = {rule_id for (rule_id, _), value in ev.memo.items() if value.raw != value.final}
    if not rolled:
        return
    other: Convention = "statutory" if ev.convention == "rolled" else "rolled"
    alt = Evaluator(ev.rules, ev.year, ev.law, ev.events, ev.overrides, other, ev.labels)
    for mine in deadlines:
        if mine.impossible or not rolled & prepared.counted_from[mine.id]:
            continue
        theirs = {part: alt.field(mine.id, part).final for part in ("opens", "closes")}
        _note(mine, theirs, other)


def _note(mine: Deadline, theirs: Mapping[str, dt.date | None], other: Convention) -> None:
    for part in ("opens", "closes"):
        ours, alt = getattr(mine, part), theirs[part]
        if ours != alt:
            mine.other_reading[part] = alt
            mine.derivation.append(
                Step(
                    f"the other reading ({CONVENTIONS[other]}) gives {format_day(alt)} for this "
                    f"{'first' if part == 'opens' else 'last'} day",
                    alt,
                    "convention",
                    "note",
                )
            )


def duty_reading(ev: Evaluator, deadlines: list[Deadline]) -> None:
    """Note, on each board's duty counted forward whose last day falls on a Saturday, Sunday or
    public holiday, the day the other reading of GCL § 25-a gives."""
    other: DutyReading = "fixed" if ev.duties == "rolled" else "rolled"
    for mine in deadlines:
        raw = ev.field(mine.id, "closes").raw
        if mine.impossible or not mine.rule.counted_forward_duty or raw is None:
            continue
        rolled = roll_forward(raw)
        theirs = raw if other == "fixed" or rolled is None else rolled.day
        if theirs != mine.closes:
            mine.other_reading["closes"] = theirs
            text = f"the other reading ({DUTIES[other]}) gives {format_day(theirs)}"
            mine.derivation.append(Step(text, theirs, "GCL § 25-a; § 1-106(1)", "note"))
