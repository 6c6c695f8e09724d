"""Evaluating rules: each rule's first and last days, once, on demand, with their steps.

A last day that falls on a Saturday, Sunday or public holiday becomes the next business day
(§ 1-106(1); GCL § 25-a); a first day never moves. A deadline counted from another last day is
counted from that day as rolled (``convention="rolled"``, the state board's practice) or as the
statute fixes it (``"statutory"``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field

from nyballot.calendar.model import Convention, Part, Step
from nyballot.law.loader import Law
from nyballot.law.model import DEFAULT_DUTIES, DutyReading, Rule
from nyballot.reckoning import dates
from nyballot.reckoning.dates import format_day
from nyballot.reckoning.expressions import (
    Condition,
    Expr,
    Extremum,
    FixedDate,
    MonthDay,
    NthWeekday,
    NthWeekdayOfMonth,
    Offset,
    Ref,
)
from nyballot.reckoning.holidays import is_business_day, roll_forward

Found = tuple[dt.date | None, list[Step]]  # a date (None: not until an event) and its steps


# A board's duty is no filing: § 25-a alone extends its period (see DutyReading).
DUTY_ROLL_CITE = "GCL § 25-a"


@dataclass
class Value:
    raw: dt.date | None  # as the expression gives it
    final: dt.date | None  # after rolling a last day forward
    steps: list[Step] = field(default_factory=list)


class Evaluator:
    def __init__(
        self,
        rules: Mapping[str, Rule],
        year: int,
        law: Law,
        events: Mapping[str, dt.date],
        overrides: Mapping[str, tuple[dt.date, str]],
        convention: Convention,
        labels: Mapping[int, str] | None = None,
        duties: DutyReading = DEFAULT_DUTIES,
    ) -> None:
        self.rules = rules
        self.labels = labels or {}
        self.year = year
        self.law = law
        self.events = events
        self.overrides = overrides
        self.convention = convention
        self.duties = duties
        self.memo: dict[tuple[str, Part], Value] = {}
        self.conditions: dict[str, tuple[bool | None, list[Step]]] = {}

    # -- rules -----------------------------------------------------------------------------
    def applies(self, rule: Rule) -> tuple[bool | None, list[Step]]:
        """Whether a conditional rule applies: True, False, or None (an event is missing)."""
        if rule.when is None:
            return True, []
        if rule.id not in self.conditions:  # asked for each first and last day: once is enough
            self.conditions[rule.id] = self.condition(rule.when, rule)
        return self.conditions[rule.id]

    def field(self, rule_id: str, part: Part) -> Value:
        key = (rule_id, part)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._field(self.rules[rule_id], part)
        return found

    def _field(self, rule: Rule, part: Part) -> Value:
        if part == "closes" and rule.id in self.overrides:
            day, field = self.overrides[rule.id]
            return Value(day, day, [Step(f"{rule.title}: given ({field})", day, "given", part)])
        applies, steps = self.applies(rule)
        expr = rule.opens if part == "opens" else rule.closes
        if not applies or expr is None:
            return Value(None, None, steps)
        raw, expr_steps = self.expr(expr, rule, part)
        steps = steps + expr_steps
        final = raw
        rolls = part == "closes" and rule.rolls(self.duties)
        rolled = roll_forward(raw) if raw is not None and rolls else None
        if rolled is not None:
            final = rolled.day
            text = f"last day falls on {rolled.reason} -> next business day"
            cite = DUTY_ROLL_CITE if rule.counted_forward_duty else rolled.cite
            steps.append(Step(text, final, cite, part))
        return Value(raw, final, steps)

    # -- expressions -----------------------------------------------------------------------
    def label(self, e: Expr) -> str:
        """The expression's canonical text (written once per law, see Prepared.labels)."""
        return self.labels.get(id(e)) or str(e)

    def expr(self, e: Expr, rule: Rule, part: Part) -> Found:
        match e:
            case Ref():
                return self.ref(e, part)
            case NthWeekday():
                return self.nth_weekday(e, rule, part)
            case Offset():
                return self.offset(e, rule, part)
            case NthWeekdayOfMonth() | MonthDay():
                day = dates.closed_form_date(e, self.year)
                return day, [Step(f"{self.label(e)}, {self.year}", day, rule.cite, part)]
            case FixedDate(date=day):
                return day, [
                    Step(f"{day.isoformat()}, fixed for {self.year}", day, rule.cite, part)
                ]
            case Extremum():
                return self.extremum(e, rule, part)
        raise TypeError(f"not an expression: {e!r}")

    def nth_weekday(self, e: NthWeekday, rule: Rule, part: Part) -> Found:
        base, steps = self.expr(e.anchor, rule, part)
        if base is None:
            return None, steps
        if e.direction == "before":
            day = dates.nth_weekday_before(base, e.n, e.weekday)
        else:
            day = dates.nth_weekday_after(base, e.n, e.weekday)
        text = f"{self.label(e)} ({format_day(base)})"
        return day, [*steps, Step(text, day, rule.cite, part)]

    def offset(self, e: Offset, rule: Rule, part: Part) -> Found:
        base, steps = self.expr(e.anchor, rule, part)
        if base is None:
            return None, steps
        n, unit = e.n, e.unit
        sign = 1 if e.direction == "after" else -1
        if unit == "business days":
            day = dates.add_business_days(base, sign * n, is_business_day)
            cite = f"{rule.cite}; PBO § 62(2)"
        elif unit == "months":
            day = dates.add_months(base, sign * n)
            cite = rule.cite
        elif unit == "days" and n == 2 and e.direction == "after":
            # GCL § 20: in a period of two days an intervening Saturday, Sunday or
            # public holiday is not counted.
            day = dates.two_day_period_end(base, is_business_day)
            skipped = (day - base).days - 2
            text = f"{self.label(e)} ({format_day(base)})" + (
                f", {skipped} intervening day(s) not counted" if skipped else ""
            )
            return day, [*steps, Step(text, day, f"{rule.cite}; GCL § 20", part)]
        else:
            day = base + dt.timedelta(days=sign * n * (7 if unit == "weeks" else 1))
            cite = f"{rule.cite}; GCL § 20"
        text = f"{self.label(e)} ({format_day(base)})"
        return day, [*steps, Step(text, day, cite, part)]

    def extremum(self, e: Extremum, rule: Rule, part: Part) -> Found:
        gathered: list[Step] = []
        found: list[dt.date] = []
        for option in e.options:
            day_or_none, option_steps = self.expr(option, rule, part)
            gathered += option_steps
            if day_or_none is not None:
                found.append(day_or_none)
        if len(found) < len(e.options):
            return None, gathered
        pick = min(found) if e.which == "earlier" else max(found)
        text = f"whichever is {e.which}: {', '.join(format_day(d) for d in found)}"
        return pick, [*gathered, Step(text, pick, rule.cite, part)]

    def ref(self, ref: Ref, part: Part) -> Found:
        if ref.is_event:
            name = ref.name.removeprefix("event.")
            day = self.events.get(name)
            what = self.law.events[name]
            if day is None:
                text = f"{ref.name} ({what}) not given: no date until it happens"
                return None, [Step(text, None, "event", part)]
            return day, [Step(f"{ref.name} ({what}), given", day, "event", part)]
        rule_id, field_name = ref.target.rsplit(".", 1)
        value = self.field(rule_id, "opens" if field_name == "opens" else "closes")
        target = self.rules[rule_id]
        used = value.final if self.convention == "rolled" else value.raw
        label = ref.name
        if value.raw != value.final and value.final is not None:
            reading = "as rolled" if self.convention == "rolled" else "unrolled"
            statute, rolled = format_day(value.raw), format_day(value.final)
            label += f" ({reading}; statute day {statute}, rolled {rolled})"
        if ref.name != ref.target:
            label = f"{ref.name}: {target.title}"
        return used, [Step(label, used, target.cite, part)]

    def condition(self, cond: Condition, rule: Rule) -> tuple[bool | None, list[Step]]:
        left, left_steps = self.expr(cond.left, rule, "when")
        right, right_steps = self.expr(cond.right, rule, "when")
        steps = left_steps + right_steps
        if left is None or right is None:
            return None, steps
        holds = cond.holds(left, right)
        verdict = "applies" if holds else "does not apply"
        text = (
            f"{verdict}: {self.label(cond.left)} ({format_day(left)}) {cond.op} "
            f"{self.label(cond.right)} "
            f"({format_day(right)})"
        )
        return holds, [*steps, Step(text, None, rule.cite, "when")]
