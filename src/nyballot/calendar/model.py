"""A computed calendar: dated deadlines, each with its derivation and citations."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from nyballot.errors import UsageError, suggest
from nyballot.law.model import DEFAULT_DUTIES as DEFAULT_DUTIES
from nyballot.law.model import KIND_GROUPS, DutyReading, KindGroup, Rule

Part = Literal["opens", "closes", "when", "note"]
Status = Literal["dated", "awaiting_event", "not_applicable"]
Convention = Literal["rolled", "statutory"]

CONVENTIONS: dict[Convention, str] = {
    "rolled": (
        "a deadline counted from another last day is counted from that day as rolled forward "
        "to a business day (the state board's practice)"
    ),
    "statutory": (
        "a deadline counted from another last day is counted from that day as the statute "
        "fixes it, before any roll forward"
    ),
}


# The default first: the web form offers them in this order.
DUTIES: dict[DutyReading, str] = {
    "fixed": (
        "a board's duty counted forward from an election keeps the statute's last day, a "
        "Saturday, Sunday or public holiday included (§ 1-106(1) moves only the last day for "
        "filing; the state board's practice)"
    ),
    "rolled": (
        "a board's duty counted forward from an election whose last day falls on a Saturday, "
        "Sunday or public holiday may be done the next business day (GCL § 25-a)"
    ),
}


@dataclass(frozen=True)
class Step:
    """One line of a derivation: what was done, the date it gave, and the law that says so."""

    text: str
    date: dt.date | None
    cite: str
    part: Part

    def as_dict(self) -> dict[str, Any]:
        """The step as the JSON contract writes it (the calendar's and the desk's alike)."""
        day = None if self.date is None else self.date.isoformat()
        return {"step": self.text, "date": day, "cite": self.cite, "of": self.part}


@dataclass
class Deadline:
    """One rule evaluated for one election year."""

    rule: Rule
    opens: dt.date | None
    closes: dt.date | None
    status: Status
    derivation: list[Step] = field(default_factory=list)
    unverified: str = ""
    rolled_from: dt.date | None = None  # the statute's last day, where it rolled forward
    other_reading: dict[str, dt.date | None] = field(default_factory=dict)
    # Every event the dates need, through the rules they are counted from, each once; None
    # (a deadline built by hand) falls back to the events the rule itself names.
    needs: tuple[str, ...] | None = None
    impossible: str = ""  # why the events given make this date impossible (status not_applicable)
    # For a last day awaiting an event: the latest it can be, where the law bounds it.
    closes_at_latest: dt.date | None = None

    @property
    def id(self) -> str:
        return self.rule.id

    @property
    def cite(self) -> str:
        return self.rule.cite

    @property
    def title(self) -> str:
        return self.rule.title

    @property
    def sort_date(self) -> dt.date:
        return self.opens or self.closes or dt.date.max

    def formula(self) -> dict[str, str]:
        return {name: str(expr) for name, expr in self.rule.expressions().items()}

    def events(self) -> list[str]:
        """The events this date is counted from, directly or through other rules, each once."""
        if self.needs is not None:
            return list(self.needs)
        return list(dict.fromkeys(self.rule.events()))


@dataclass(frozen=True)
class OverlayStatus:
    """An overlay read into a calendar, and whether it is law."""

    id: str
    cite: str
    enacted: bool
    status: str  # the data's own words: "introduced June 14, 2015; not enacted"

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "cite": self.cite, "enacted": self.enacted, "status": self.status}


@dataclass
class Calendar:
    """The political calendar of one year under one law (version plus overlays)."""

    year: int
    law: str
    overlays: list[str]
    convention: Convention
    events: dict[str, dt.date]
    deadlines: list[Deadline]
    duties: DutyReading = DEFAULT_DUTIES  # how a board's duty counted forward treats a holiday
    notes: list[str] = field(default_factory=list)
    overlay_status: list[OverlayStatus] = field(default_factory=list)
    # Why these dates are not the law's own dates for the year: a bill never enacted, election
    # days typed in, a law applied to a year it does not cover. Every output reads these.
    what_if_reasons: list[str] = field(default_factory=list)

    @property
    def what_if(self) -> bool:
        """True where the calendar must never be mistaken for the law (see what_if_reasons)."""
        return bool(self.what_if_reasons)

    def of_kinds(self, groups: Iterable[KindGroup]) -> Calendar:
        """The same calendar with only the dates of the groups asked (``KIND_GROUPS``); none
        asked: every date."""
        wanted = set(groups)
        if not wanted:
            return self
        kinds = frozenset().union(*(KIND_GROUPS[g] for g in wanted))
        return replace(self, deadlines=[d for d in self.deadlines if d.rule.kind in kinds])

    @property
    def elections(self) -> dict[str, dt.date]:
        return {
            d.id.removeprefix("election."): d.closes
            for d in self.deadlines
            if d.id.startswith("election.") and d.closes is not None
        }

    def get(self, rule_id: str) -> Deadline | None:
        """The deadline of a rule, or None where the rule is not in this year's calendar (a
        bill's rule, one only of presidential years): callers that can do without it ask this."""
        return next((d for d in self.deadlines if d.id == rule_id), None)

    def deadline(self, rule_id: str) -> Deadline:
        """The deadline of a rule someone asked for by name; an unknown one is a UsageError
        with the nearest rule ids, worded alike by the command line, the API and the pages."""
        found = self.get(rule_id)
        if found is None:
            hint = suggest(rule_id, [d.id for d in self.deadlines])
            raise UsageError(
                f"rule '{rule_id[:100]}': not in the {self.year} calendar ({self.law}){hint}"
            )
        return found


def parse_kind_groups(values: Iterable[str], what: str = "kind") -> tuple[KindGroup, ...]:
    """``candidate``, ``board``, ``voter``: each value may be a comma list; anything else is a
    UsageError naming the input."""
    found: list[KindGroup] = []
    for value in values:
        for name in (v.strip() for v in value.split(",")):
            match = next((g for g in KIND_GROUPS if g == name), None)
            if match is None:
                raise UsageError(
                    f"{what} '{name[:40]}': expected {', '.join(KIND_GROUPS)}"
                    f"{suggest(name, KIND_GROUPS)}",
                    fields=(what,),
                )
            if match not in found:
                found.append(match)
    return tuple(found)
