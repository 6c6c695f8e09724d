"""Evaluate a law for one year: every rule's dates, each with its derivation.

The rules form a dependency graph (checked for circles when the law is loaded); each rule's
first and last days are evaluated once, on demand. A last day that falls on a Saturday, Sunday
or public holiday becomes the next business day (§ 1-106(1); GCL § 25-a); a first day never
moves. A deadline counted from another last day is counted, by default, from that day as rolled
(the state board's practice); ``convention="statutory"`` counts from the unrolled day, and the
derivation of every date on which the two readings differ says so.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from nyballot.calendar.model import (
    CONVENTIONS,
    Calendar,
    Convention,
    Deadline,
    OverlayStatus,
    Part,
    Status,
    Step,
)
from nyballot.errors import OutOfCoverageError, UsageError, suggest
from nyballot.law.choice import LawChoice, normalise_name
from nyballot.law.loader import Law, apply_overlays, check_rules, load_law, overlay_years
from nyballot.law.model import ConflictReading, LawVersion, Overlay, Rule
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


@dataclass
class _Value:
    raw: dt.date | None  # as the expression gives it
    final: dt.date | None  # after rolling a last day forward
    steps: list[Step] = field(default_factory=list)


@dataclass(frozen=True)
class _Prepared:
    """A year's rules once merged and checked, with what the graph says about each rule (the
    same for every calendar that asks for this law, so it is worked out once)."""

    rules: dict[str, Rule]
    needs: dict[str, tuple[str, ...]]  # rule id -> events, through the rules it counts from
    counted_from: dict[str, frozenset[str]]  # rule id -> every rule it depends on, transitively
    triggers: dict[str, tuple[str, ...]]  # rule id -> events its own dates are counted after
    # id() of each expression node of these rules -> its canonical text, written once: the
    # rules hold the nodes for as long as this exists, so the ids cannot be reused meanwhile.
    labels: dict[int, str] = field(default_factory=dict)


def _labels(rules: Mapping[str, Rule]) -> dict[int, str]:
    found: dict[int, str] = {}

    def walk(e: object) -> None:
        found[id(e)] = str(e)
        for child in (
            getattr(e, "anchor", None),
            getattr(e, "left", None),
            getattr(e, "right", None),
        ):
            if child is not None:
                walk(child)
        for option in getattr(e, "options", ()):
            walk(option)

    for rule in rules.values():
        for e in rule.expressions().values():
            walk(e)
    return found


def _triggers(e: Expr | None) -> list[str]:
    """The events an expression counts forward from ("10 days after event.death")."""
    match e:
        case Ref(name=name) if name.startswith("event."):
            return [name.removeprefix("event.")]
        case (
            Offset(direction="after", anchor=anchor) | NthWeekday(direction="after", anchor=anchor)
        ):
            return _triggers(anchor)
        case Extremum(options=options):
            return [t for option in options for t in _triggers(option)]
    return []


def _prepare(rules: dict[str, Rule]) -> _Prepared:
    """What the dependency graph says about each rule (see ``_Prepared``)."""
    direct = {
        rule.id: [d.rsplit(".", 1)[0] for d in rule.dependencies() if not d.startswith("event.")]
        for rule in rules.values()
    }
    counted_from: dict[str, frozenset[str]] = {}
    needs: dict[str, tuple[str, ...]] = {}
    for rule_id in rules:
        # A walk over rules, not dates: a rule's first day may count from its own last day,
        # or from a rule whose first day counts from this one's last day.
        seen: dict[str, None] = {}
        todo = list(direct[rule_id])
        while todo:
            target = todo.pop(0)
            if target != rule_id and target not in seen:
                seen[target] = None
                todo += direct[target]
        counted_from[rule_id] = frozenset(seen)
        events = [e for r in (rule_id, *seen) for e in rules[r].events()]
        needs[rule_id] = tuple(dict.fromkeys(events))
    triggers = {
        r.id: tuple(dict.fromkeys(_triggers(r.opens) + _triggers(r.closes))) for r in rules.values()
    }
    # Each rule after the rules it is counted from, so a walk in this order meets causes first.
    ordered = {k: rules[k] for k in sorted(rules, key=lambda k: len(counted_from[k]))}
    return _Prepared(ordered, needs, counted_from, triggers, _labels(ordered))


class _Evaluator:
    def __init__(
        self,
        rules: Mapping[str, Rule],
        year: int,
        law: Law,
        events: Mapping[str, dt.date],
        overrides: Mapping[str, tuple[dt.date, str]],
        convention: Convention,
        labels: Mapping[int, str] | None = None,
    ) -> None:
        self.rules = rules
        self.labels = labels or {}
        self.year = year
        self.law = law
        self.events = events
        self.overrides = overrides
        self.convention = convention
        self.memo: dict[tuple[str, Part], _Value] = {}
        self.conditions: dict[str, tuple[bool | None, list[Step]]] = {}

    # -- rules -----------------------------------------------------------------------------
    def applies(self, rule: Rule) -> tuple[bool | None, list[Step]]:
        """Whether a conditional rule applies: True, False, or None (an event is missing)."""
        if rule.when is None:
            return True, []
        if rule.id not in self.conditions:  # asked for each first and last day: once is enough
            self.conditions[rule.id] = self.condition(rule.when, rule)
        return self.conditions[rule.id]

    def field(self, rule_id: str, part: Part) -> _Value:
        key = (rule_id, part)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._field(self.rules[rule_id], part)
        return found

    def _field(self, rule: Rule, part: Part) -> _Value:
        if part == "closes" and rule.id in self.overrides:
            day, field = self.overrides[rule.id]
            return _Value(day, day, [Step(f"{rule.title}: given ({field})", day, "given", part)])
        applies, steps = self.applies(rule)
        expr = rule.opens if part == "opens" else rule.closes
        if not applies or expr is None:
            return _Value(None, None, steps)
        raw, expr_steps = self.expr(expr, rule, part)
        steps = steps + expr_steps
        final = raw
        rolled = roll_forward(raw) if raw is not None and part == "closes" and rule.roll else None
        if rolled is not None:
            final = rolled.day
            text = f"last day falls on {rolled.reason} -> next business day"
            steps.append(Step(text, final, rolled.cite, part))
        return _Value(raw, final, steps)

    # -- expressions -----------------------------------------------------------------------
    def label(self, e: Expr) -> str:
        """The expression's canonical text (written once per law, see _Prepared.labels)."""
        return self.labels.get(id(e)) or str(e)

    def expr(self, e: Expr, rule: Rule, part: Part) -> tuple[dt.date | None, list[Step]]:
        match e:
            case Ref():
                return self.ref(e, part)
            case NthWeekday(n=n, weekday=weekday, direction=direction, anchor=anchor):
                base, steps = self.expr(anchor, rule, part)
                if base is None:
                    return None, steps
                if direction == "before":
                    day = dates.nth_weekday_before(base, n, weekday)
                else:
                    day = dates.nth_weekday_after(base, n, weekday)
                text = f"{self.label(e)} ({format_day(base)})"
                return day, [*steps, Step(text, day, rule.cite, part)]
            case Offset(n=n, unit=unit, direction=direction, anchor=anchor):
                base, steps = self.expr(anchor, rule, part)
                if base is None:
                    return None, steps
                sign = 1 if direction == "after" else -1
                if unit == "business days":
                    day = dates.add_business_days(base, sign * n, is_business_day)
                    cite = f"{rule.cite}; PBO § 62(2)"
                elif unit == "months":
                    day = dates.add_months(base, sign * n)
                    cite = rule.cite
                elif unit == "days" and n == 2 and direction == "after":
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
            case NthWeekdayOfMonth() | MonthDay():
                day = dates.closed_form_date(e, self.year)
                return day, [Step(f"{self.label(e)}, {self.year}", day, rule.cite, part)]
            case FixedDate(date=day):
                return day, [
                    Step(f"{day.isoformat()}, fixed for {self.year}", day, rule.cite, part)
                ]
            case Extremum(which=which, options=options):
                gathered: list[Step] = []
                found: list[dt.date] = []
                for option in options:
                    day_or_none, option_steps = self.expr(option, rule, part)
                    gathered += option_steps
                    if day_or_none is not None:
                        found.append(day_or_none)
                if len(found) < len(options):
                    return None, gathered
                pick = min(found) if which == "earlier" else max(found)
                text = f"whichever is {which}: {', '.join(format_day(d) for d in found)}"
                return pick, [*gathered, Step(text, pick, rule.cite, part)]
        raise TypeError(f"not an expression: {e!r}")

    def ref(self, ref: Ref, part: Part) -> tuple[dt.date | None, list[Step]]:
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


def _impossible(ev: _Evaluator, prepared: _Prepared, rule: Rule, found: Mapping[str, str]) -> str:
    """Why the events given make a date impossible: a date counted forward from an event that
    falls before the event itself (a death after the primary, for a designation vacancy that
    must be filled four days before it), or a date counted from such a date."""
    day = ev.field(rule.id, "closes").final or ev.field(rule.id, "opens").final
    for name in prepared.triggers[rule.id]:
        happened = ev.events.get(name)
        if day is not None and happened is not None and day < happened:
            what = ev.law.events[name]
            return (
                f"event.{name} ({what}) on {format_day(happened)} comes after the last day "
                f"this provision allows ({format_day(day)}): the event is too late for it"
            )
    for target in sorted(prepared.counted_from[rule.id]):
        if found.get(target):
            return f"counted from {target}, which the events given make impossible"
    return ""


def _deadline(ev: _Evaluator, prepared: _Prepared, rule: Rule, impossible: str) -> Deadline:
    applies, _ = ev.applies(rule)
    opens = ev.field(rule.id, "opens")
    closes = ev.field(rule.id, "closes")
    derivation = opens.steps + [s for s in closes.steps if s.part != "when" or not opens.steps]
    derivation += [Step(note, None, rule.cite, "note") for note in rule.derivation_notes]
    start = rule.in_force_from
    earliest = opens.final or closes.final  # a first day is never after its last day
    if start is not None and earliest is not None and earliest < start:
        derivation.append(
            Step(
                f"this date falls before the change took effect ({format_day(start)}): had "
                f"{rule.overlay} been law, the day would have passed before it applied",
                start,
                f"{rule.overlay} § {rule.bill_section}" if rule.bill_section else rule.cite,
                "note",
            )
        )
    status: Status
    if applies is False:
        status = "not_applicable"
    elif (rule.opens is not None and opens.final is None) or (
        rule.closes is not None and closes.final is None
    ):
        status = "awaiting_event"
    else:
        status = "dated"
    if rule.id in ev.overrides:
        status = "dated"
    unverified = rule.unverified
    if rule.verified_from is not None and ev.year < rule.verified_from:
        unverified = (
            f"the words quoted are in force from {rule.verified_from}; the words in force in "
            f"{ev.year} were not found. {unverified}"
        ).strip()
    rolled_from = closes.raw if closes.raw != closes.final else None
    if impossible:
        derivation.append(Step(f"impossible: {impossible}", None, rule.cite, "note"))
        return Deadline(
            rule, None, None, "not_applicable", derivation, unverified,
            needs=prepared.needs[rule.id], impossible=impossible,
        )  # fmt: skip
    return Deadline(
        rule,
        opens.final,
        closes.final,
        status,
        derivation,
        unverified,
        rolled_from,
        needs=prepared.needs[rule.id],
    )


def resolve_law(
    year: int,
    law_id: str | None,
    overlay_ids: Sequence[str],
    law: Law,
    enacted: bool = True,
    enacted_on: Mapping[str, dt.date] | None = None,
    outside_coverage: bool = False,
) -> tuple[LawVersion, list[Overlay]]:
    """The version in force for the year (or the one named) and the overlays to apply.

    Names are matched as ``normalise_name`` reads them (any case, '.', '-' and spaces ignored).
    """
    if law_id is None:
        covering = [v for v in law.versions.values() if v.covers(year)]
        if not covering:
            spans = ", ".join(f"{v.id} {v.first_year}-{v.last_year}" for v in law.versions.values())
            raise OutOfCoverageError(f"year {year}: no law version covers it ({spans})")
        version = covering[0]
    else:
        version_id = normalise_name(law_id, law.versions)
        if version_id is None:
            raise UsageError(
                f"law '{law_id}': no such law version{suggest(law_id, law.versions)}",
                fields=("law",),
            )
        version = law.versions[version_id]
        if not version.covers(year) and not outside_coverage:
            raise OutOfCoverageError(
                f"year {year}: law {version.id} covers {version.first_year} to {version.last_year}"
            )
    chosen: list[Overlay] = []
    if enacted:
        chosen = [o for o in law.overlays.values() if o.enacted and o.applies_to(version.id, year)]
    for name in overlay_ids:
        overlay_id = normalise_name(name, law.overlays)
        if overlay_id is None:
            hint = suggest(name, law.overlays)
            raise UsageError(f"with '{name}': no such bill or overlay{hint}", fields=("with",))
        overlay = law.overlays[overlay_id]
        dated = (enacted_on or {}).get(overlay_id)
        if not overlay.applies_to(version.id, year, dated):
            raise UsageError(_not_applicable(overlay, version, year, law, dated))
        if overlay not in chosen:
            chosen.append(overlay)
    return version, chosen


def _not_applicable(
    overlay: Overlay, version: LawVersion, year: int, law: Law, enacted_on: dt.date | None
) -> str:
    what = f"overlay '{overlay.id}' ({overlay.cite}) does not apply to {year}"
    if version.id not in overlay.versions:
        return f"{what} under {version.id}: it amends {', '.join(overlay.versions)}"
    if enacted_on is not None and overlay.takes_effect == "january-after-enactment":
        return (
            f"{what}: enacted {enacted_on.isoformat()}, it would take effect "
            f"{enacted_on.year + 1}-01-01 (the first of January next succeeding)"
        )
    years = overlay_years(overlay, law)
    span = f"{years[0]} to {years[-1]}" if years else "no year"
    starts = sorted({str(c.period) for c in overlay.changes})
    return f"{what}: it governs the calendars of {span} (sections {'; '.join(starts)})"


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
) -> Calendar:
    """The political calendar of a year under the law in force (or the law named).

    ``overlays`` are bills (or other overlays) read on top of that law; ``enacted_on`` gives a
    bill's date of enactment where its sections take effect from it; ``ordered`` lets two
    overlays that change the same rule apply in the order given (the later prevails);
    ``outside_coverage`` applies a named law version to a year it does not cover (a what-if);
    ``conflicts`` reads an act that amends one provision twice, differently (see
    ``nyballot.law.model.ConflictReading``).
    """
    data = load_law()
    # Bills may be named in any spelling (s5961, S.5961); from here on each is its own id.
    overlays = [normalise_name(o, data.overlays) or o for o in overlays]
    if enacted_on is not None:
        enacted_on = {normalise_name(k, data.overlays) or k: v for k, v in enacted_on.items()}
    for overlay_id in enacted_on or {}:
        if overlay_id not in overlays:
            raise UsageError(
                f"enacted_on {overlay_id}: that bill is not applied (with)",
                fields=("enacted_on", "with"),
            )
    events = dict(events or {})
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
    version, chosen = resolve_law(year, law, overlays, data, enacted, enacted_on, outside_coverage)
    if conflicts not in ("later", "earlier"):
        raise UsageError(
            f"conflicts '{conflicts}': expected later or earlier", fields=("conflicts",)
        )
    prepared = _prepared(
        version.id,
        tuple(o.id for o in chosen),
        year,
        tuple(sorted((enacted_on or {}).items())),
        ordered,
        conflicts,
    )
    rules = prepared.rules
    overrides = {
        rule_id: (day, flag)
        for rule_id, day, flag in (
            ("election.primary", primary, "primary"),
            ("election.general", general, "general"),
        )
        if day is not None
    }
    try:
        ev = _Evaluator(rules, year, data, events, overrides, convention, prepared.labels)
        found: dict[str, str] = {}
        for rule in rules.values():  # rules in an order where a rule follows those it counts from
            found[rule.id] = _impossible(ev, prepared, rule, found) if events else ""
        deadlines = [_deadline(ev, prepared, rule, found[rule.id]) for rule in rules.values()]
        _other_reading(ev, prepared, deadlines)
    except OverflowError:  # a date counted past the calendar's range (year 1 or 9999)
        raise OutOfCoverageError(f"year {year}: its dates fall outside the calendar") from None
    deadlines.sort(key=lambda d: (d.sort_date, d.closes or dt.date.max, d.id))
    cal = Calendar(year, version.id, [o.id for o in chosen], convention, events, deadlines)
    _check_elections(cal, primary, general)
    cal.notes = [f"Convention: {CONVENTIONS[convention]}."]
    cal.notes += [f"Overlay {o.id}: {o.title} ({o.cite})." for o in chosen]
    cal.overlay_status = [OverlayStatus(o.id, o.cite, o.enacted, o.status) for o in chosen]
    cal.what_if_reasons = [
        f"{o.cite} was never enacted ({o.status.rstrip('.') or 'not enacted'}): the dates it "
        "changes are what-if, not law"
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
    return cal


@lru_cache(maxsize=512)
def _prepared(
    version_id: str,
    overlay_ids: tuple[str, ...],
    year: int,
    enacted_on: tuple[tuple[str, dt.date], ...],
    ordered: bool,
    conflicts: ConflictReading,
) -> _Prepared:
    """A year's rules under a law, merged, checked and analysed once: the law data does not
    change while the process runs, so neither does this."""
    data = load_law()
    version = data.versions[version_id]
    chosen = [data.overlays[o] for o in overlay_ids]
    rules = apply_overlays(version, chosen, year, dict(enacted_on), ordered, conflicts)
    check_rules(rules, data.events, f" in {version.id} with {', '.join(overlay_ids)}")
    rules = {k: r for k, r in rules.items() if r.in_year(year)}
    return _prepare(rules)


def _other_reading(ev: _Evaluator, prepared: _Prepared, deadlines: list[Deadline]) -> None:
    """Note, on each date the other counting convention gives differently, that date.

    Only a date counted (through any chain of rules) from a last day that rolled forward can
    differ, so only those rules are evaluated a second time."""
    rolled = {rule_id for (rule_id, _), value in ev.memo.items() if value.raw != value.final}
    if not rolled:
        return
    other: Convention = "statutory" if ev.convention == "rolled" else "rolled"
    alt = _Evaluator(ev.rules, ev.year, ev.law, ev.events, ev.overrides, other, ev.labels)
    for mine in deadlines:
        if mine.impossible or not rolled & prepared.counted_from[mine.id]:
            continue
        theirs = {part: alt.field(mine.id, part).final for part in ("opens", "closes")}
        _note_other_reading(mine, theirs, other)


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
    )


def _note_other_reading(
    mine: Deadline, theirs: Mapping[str, dt.date | None], other: Convention
) -> None:
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
    prepared = _prepared(calendar.law, tuple(calendar.overlays), calendar.year, (), True, "later")
    rules = prepared.rules
    if rule_id not in rules:
        hint = suggest(rule_id, rules)
        raise UsageError(f"rule '{rule_id}': not in the {calendar.year} law ({calendar.law}){hint}")
    ev = _Evaluator(
        rules, calendar.year, load_law(), events or {}, given, "rolled", prepared.labels
    )
    value = ev.field(rule_id, part)
    return value.final, value.steps
