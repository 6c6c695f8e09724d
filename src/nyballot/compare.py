"""Two calendars of one year, date by date: what moves, by how much, what appears or goes.

Both sides are calendar requests evaluated by the same engine; rules are paired by id, so a
rule a bill rewrites keeps its id and is reported as moved, and a provision only one side has is
reported as added or repealed. Each row carries a one-line reason taken from the change that
caused it: the rule's own change (from the overlay), and, for a rule counted from another rule
that moved, that rule's reason ("primary moved to the third Tuesday in August").
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from nyballot.calendar.model import Calendar, Convention, Deadline
from nyballot.calendar.request import CalendarRequest
from nyballot.law.choice import LawChoice
from nyballot.law.loader import load_law
from nyballot.law.model import Provision
from nyballot.reckoning.holidays import is_business_day

Status = Literal["moved", "added", "repealed", "unchanged"]
PARTS = ("opens", "closes")


@dataclass
class Row:
    """One rule in the comparison."""

    id: str
    title: str
    status: Status
    base: Deadline | None
    other: Deadline | None
    shift_days: dict[str, int | None]
    shift_business_days: dict[str, int | None]
    reason: str

    @property
    def sort_date(self) -> dt.date:
        days = [
            d
            for side in (self.base, self.other)
            if side is not None
            for d in (side.opens, side.closes)
            if d is not None
        ]
        return min(days, default=dt.date.max)


@dataclass
class Comparison:
    """The result: both calendars, the rows ordered by date, and the non-date provisions."""

    year: int
    base: Calendar
    other: Calendar
    rows: list[Row]
    provisions: list[tuple[str, Provision]]  # (overlay id, provision) on the other side

    def changed(self) -> list[Row]:
        """Rows whose dates moved, appeared or went, or whose words or citation changed."""
        return [r for r in self.rows if r.status != "unchanged" or r.reason]

    def get(self, rule_id: str) -> Row | None:
        return next((r for r in self.rows if r.id == rule_id), None)

    @property
    def what_if_reasons(self) -> list[str]:
        """Why either side is not the law's own calendar (each reason once)."""
        both = self.base.what_if_reasons + self.other.what_if_reasons
        return list(dict.fromkeys(both))

    @property
    def what_if(self) -> bool:
        return bool(self.what_if_reasons)


def business_days_between(start: dt.date, end: dt.date) -> int:
    """Business days from start to end: positive forward, negative backward, 0 if equal.

    Counts the business days passed over, end included and start excluded (GCL § 20), so a
    Friday to the next Monday is 1 and a Monday back to the Friday before is -1.
    """
    if start == end:
        return 0
    sign = 1 if end > start else -1
    low, high = sorted((start, end))
    count = 0
    day = low + dt.timedelta(days=1)
    while day <= high:
        if is_business_day(day if sign > 0 else day - dt.timedelta(days=1)):
            count += 1
        day += dt.timedelta(days=1)
    return sign * count


def _shift(base: Deadline, other: Deadline, part: str) -> tuple[int | None, int | None]:
    a, b = getattr(base, part), getattr(other, part)
    if a is None or b is None:
        return None, None
    return (b - a).days, business_days_between(a, b)


def _rule_changed(base: Deadline, other: Deadline) -> bool:
    mine, theirs = base.rule, other.rule
    return (mine.opens, mine.closes, mine.when, mine.cite, mine.law) != (
        theirs.opens,
        theirs.closes,
        theirs.when,
        theirs.cite,
        theirs.law,
    )


class _Reasons:
    """The one-line reason for each rule, following the rules each one is counted from."""

    def __init__(self, base: Calendar, other: Calendar) -> None:
        self.base = {d.id: d for d in base.deadlines}
        self.other = {d.id: d for d in other.deadlines}
        self.other_overlays: Sequence[str] = [o for o in other.overlays if o not in base.overlays]
        self.memo: dict[str, list[str]] = {}

    def own(self, rule_id: str) -> str:
        base, other = self.base.get(rule_id), self.other.get(rule_id)
        deadline = other or base
        assert deadline is not None
        if base is not None and other is not None and not _rule_changed(base, other):
            return ""
        rule = deadline.rule if other is None else other.rule
        summary = rule.change if other is not None else ""
        if other is None:
            summary = self.repeal_reason(rule_id)
        if not summary and base is not None and other is not None:
            old, new = base.formula(), other.formula()
            moved = [f"{k}: {old.get(k)} -> {new.get(k)}" for k in new if old.get(k) != new[k]]
            if base.cite != other.cite:
                moved.append(f"cited § {base.cite} -> § {other.cite}")
            summary = "; ".join(moved) or "words changed"
        if not summary:
            summary = "new provision" if base is None else "repealed"
        if other is not None and other.rule.conflict:
            summary += f" ({other.rule.conflict})"
        cite = deadline.cite
        return f"{'§ ' if cite[:1].isdigit() else ''}{cite}: {summary}"

    def repeal_reason(self, rule_id: str) -> str:
        for overlay_id in self.other_overlays:
            overlay = load_law().overlays[overlay_id]
            for change in overlay.changes:
                if change.rule_id == rule_id and change.action == "repeal":
                    return change.summary or f"repealed by {overlay.id} {change.label()}"
        return ""

    def parts(self, rule_id: str, seen: frozenset[str] = frozenset()) -> list[str]:
        """The rule's own change, then the reasons of the rules it counts from that moved."""
        if rule_id in self.memo:
            return self.memo[rule_id]
        own = self.own(rule_id)
        found = [own] if own else []
        other, base = self.other.get(rule_id), self.base.get(rule_id)
        if other is not None and base is not None:
            for target in other.rule.dependencies():
                if target.startswith("event."):
                    continue
                dep_id, part = target.rsplit(".", 1)
                dep_base, dep_other = self.base.get(dep_id), self.other.get(dep_id)
                if dep_id in seen or dep_base is None or dep_other is None:
                    continue
                if getattr(dep_base, part) == getattr(dep_other, part):
                    continue
                found += [r for r in self.parts(dep_id, seen | {rule_id}) if r not in found]
        self.memo[rule_id] = found
        return found

    def reason(self, rule_id: str) -> str:
        return "; ".join(self.parts(rule_id))


def compare_calendars(base: Calendar, other: Calendar) -> Comparison:
    """Pair two calendars' rules by id and report each one's status, shift and reason."""
    reasons = _Reasons(base, other)
    ids = list(dict.fromkeys([*reasons.base, *reasons.other]))
    rows: list[Row] = []
    for rule_id in ids:
        b, o = reasons.base.get(rule_id), reasons.other.get(rule_id)
        shift: dict[str, int | None] = dict.fromkeys(PARTS)
        business: dict[str, int | None] = dict.fromkeys(PARTS)
        if b is not None and o is not None:
            for part in PARTS:
                shift[part], business[part] = _shift(b, o, part)
            moved = (b.opens, b.closes) != (o.opens, o.closes)
            status: Status = "moved" if moved else "unchanged"
        else:
            status = "added" if b is None else "repealed"
        deadline = o or b
        assert deadline is not None
        rows.append(
            Row(rule_id, deadline.title, status, b, o, shift, business, reasons.reason(rule_id))
        )
    rows.sort(key=lambda r: (r.sort_date, r.id))
    law = load_law()
    provisions = [
        (overlay_id, p)
        for overlay_id in other.overlays
        if overlay_id not in base.overlays
        for p in law.overlays[overlay_id].provisions
    ]
    return Comparison(base.year, base, other, rows, provisions)


def compare(
    year: int,
    base: LawChoice,
    other: LawChoice,
    *,
    events: Mapping[str, dt.date] | None = None,
    primary: dt.date | None = None,
    general: dt.date | None = None,
    convention: Convention = "rolled",
    enacted: bool = True,
) -> Comparison:
    """Evaluate a year under two laws and compare them."""
    asked = {
        "events": tuple(sorted((events or {}).items())),
        "primary": primary,
        "general": general,
        "convention": convention,
        "enacted": enacted,
    }
    return compare_requests(
        CalendarRequest.under(year, base, **asked), CalendarRequest.under(year, other, **asked)
    )


def compare_requests(base: CalendarRequest, other: CalendarRequest) -> Comparison:
    """Compare the calendars of two requests; a law version named is applied as asked, even
    to a year it does not cover (the comparison says so)."""
    base, other = (
        replace(r, outside_coverage=r.outside_coverage or r.law is not None) for r in (base, other)
    )
    return compare_calendars(base.calendar(), other.calendar())
