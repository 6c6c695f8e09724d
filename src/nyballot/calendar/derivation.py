"""Derivation text: a rule's evaluated dates made a ``Deadline``, with the steps that give them,
its notes, its status, the words not verified for the year, and why the events given make a
date impossible."""

from __future__ import annotations

from collections.abc import Mapping

from nyballot.calendar.bound import closes_at_latest
from nyballot.calendar.evaluating import Evaluator, Value
from nyballot.calendar.model import Deadline, Status, Step
from nyballot.calendar.preparing import Prepared
from nyballot.law.model import Rule
from nyballot.reckoning.dates import format_day


def impossible(ev: Evaluator, prepared: Prepared, rule: Rule, found: Mapping[str, str]) -> str:
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


def _before_in_force(rule: Rule, opens: Value, closes: Value) -> list[Step]:
    """A note on a date that falls before the change that gives it took effect."""
    start = rule.in_force_from
    earliest = opens.final or closes.final  # a first day is never after its last day
    if start is None or earliest is None or earliest >= start:
        return []
    return [
        Step(
            f"this date falls before the change took effect ({format_day(start)}): had "
            f"{rule.overlay} been law, the day would have passed before it applied",
            start,
            f"{rule.overlay} § {rule.bill_section}" if rule.bill_section else rule.cite,
            "note",
        )
    ]


def _status(ev: Evaluator, rule: Rule, opens: Value, closes: Value) -> Status:
    applies, _ = ev.applies(rule)
    if rule.id in ev.overrides:
        return "dated"
    if applies is False:
        return "not_applicable"
    if (rule.opens is not None and opens.final is None) or (
        rule.closes is not None and closes.final is None
    ):
        return "awaiting_event"
    return "dated"


def _unverified(rule: Rule, year: int) -> str:
    if rule.verified_from is None or year >= rule.verified_from:
        return rule.unverified
    return (
        f"the words quoted are in force from {rule.verified_from}; the words in force in "
        f"{year} were not found. {rule.unverified}"
    ).strip()


def deadline(ev: Evaluator, prepared: Prepared, rule: Rule, impossible: str) -> Deadline:
    """The rule's dates for the year, with their derivation (see the module docstring)."""
    opens = ev.field(rule.id, "opens")
    closes = ev.field(rule.id, "closes")
    derivation = opens.steps + [s for s in closes.steps if s.part != "when" or not opens.steps]
    derivation += [Step(note, None, rule.cite, "note") for note in rule.derivation_notes]
    derivation += _before_in_force(rule, opens, closes)
    status = _status(ev, rule, opens, closes)
    unverified = _unverified(rule, ev.year)
    rolled_from = closes.raw if closes.raw != closes.final else None
    if impossible:
        derivation.append(Step(f"impossible: {impossible}", None, rule.cite, "note"))
        return Deadline(
            rule, None, None, "not_applicable", derivation, unverified,
            needs=prepared.needs[rule.id], impossible=impossible,
        )  # fmt: skip
    latest = closes_at_latest(ev, rule) if status == "awaiting_event" else None
    if latest is not None:
        text = f"whatever day the event falls on: by {format_day(latest)} at the latest"
        statute = closes_at_latest(ev, rule, rolled=False)
        if statute != latest and statute is not None:
            text += f" (the statute's {format_day(statute)}, rolled to the next business day)"
        derivation.append(Step(text, latest, rule.cite, "note"))
    return Deadline(
        rule,
        opens.final,
        closes.final,
        status,
        derivation,
        unverified,
        rolled_from,
        needs=prepared.needs[rule.id],
        closes_at_latest=latest,
    )
