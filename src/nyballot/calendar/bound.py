"""The latest a last day awaiting an event can be: where the law fixes an outer bound ("ten days
after such death ... or four days before the primary election, whichever is earlier"), the day is
known before the event is. Every step of the date arithmetic moves forward with its anchor, so
the bound of a date counted from a bounded date is counted from that bound."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from nyballot.calendar.evaluating import Evaluator
from nyballot.law.model import Rule
from nyballot.reckoning.expressions import Expr, Extremum, FixedDate, NthWeekday, Offset, Ref
from nyballot.reckoning.holidays import roll_forward


def closes_at_latest(ev: Evaluator, rule: Rule, rolled: bool = True) -> dt.date | None:
    """The latest the rule's last day can be whatever day the events it awaits fall on (None:
    no bound, or a rule that may not apply at all); rolled forward as the kind says."""
    if rule.closes is None or rule.when is not None:
        return None
    day = _bound(ev, rule, rule.closes)
    if day is None or not rolled or not rule.rolls(ev.duties):
        return day
    moved = roll_forward(day)
    return day if moved is None else moved.day


def _bound(ev: Evaluator, rule: Rule, e: Expr) -> dt.date | None:
    known, _ = ev.expr(e, rule, "closes")
    if known is not None:
        return known
    match e:
        case Extremum(which="earlier", options=options):
            found = [d for d in (_bound(ev, rule, o) for o in options) if d is not None]
            return min(found) if found else None
        case Extremum(which="later", options=options):
            every = [_bound(ev, rule, o) for o in options]
            return None if None in every else max(d for d in every if d is not None)
        case Offset(anchor=anchor) | NthWeekday(anchor=anchor):
            base = _bound(ev, rule, anchor)
            if base is None:
                return None
            day, _ = ev.expr(replace(e, anchor=FixedDate(base)), rule, "closes")
            return day
        case Ref() if not e.is_event and e.target.endswith(".closes"):
            target = ev.rules[e.target.rsplit(".", 1)[0]]
            return closes_at_latest(ev, target, rolled=ev.convention == "rolled")
    return None
