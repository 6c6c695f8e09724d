"""One calendar request: what the command line, the API and the pages ask a calendar for.

Its field names are the names every error speaks of (``with`` is ``overlays``, ``event`` is
``events``); the command line alone turns them into its flags.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

from nyballot.calendar.engine import calendar_under
from nyballot.calendar.model import Calendar, Convention
from nyballot.law.choice import LawChoice
from nyballot.law.model import DEFAULT_DUTIES, ConflictReading, DutyReading

Dated = tuple[tuple[str, dt.date], ...]


@dataclass(frozen=True)
class CalendarRequest:
    """A year, its law (version, overlays and how they are read), events and election days;
    ``outside_coverage`` applies a named law version to a year it does not cover (a what-if).

    Frozen and hashable (events and enactment dates are sorted pairs), so a calendar computed
    for a request can be kept and found again."""

    year: int
    law: str | None = None
    overlays: tuple[str, ...] = ()
    events: Dated = ()
    convention: Convention = "rolled"
    primary: dt.date | None = None
    general: dt.date | None = None
    enacted: bool = True
    enacted_on: Dated = ()
    ordered: bool = False
    conflicts: ConflictReading = "later"
    outside_coverage: bool = False
    duties: DutyReading = DEFAULT_DUTIES

    @classmethod
    def under(cls, year: int, choice: LawChoice, **asked: Any) -> CalendarRequest:
        """The request for a year under a law choice, with the other fields as given."""
        return cls(
            year,
            law=choice.law,
            overlays=choice.overlays,
            enacted_on=tuple(sorted(choice.enacted_on.items())),
            ordered=choice.ordered,
            conflicts=choice.conflicts,
            **asked,
        )

    def law_choice(self) -> LawChoice:
        return LawChoice(
            self.law, self.overlays, dict(self.enacted_on), self.ordered, self.conflicts
        )

    def query(self) -> str:
        """The query string that asks the pages and the API for the same calendar ('' or
        '?law=...'); they read the law, the overlays, the events, the convention and typed-in
        election days."""
        pairs: list[tuple[str, str]] = []
        if self.law:
            pairs.append(("law", self.law))
        pairs += [("with", o) for o in self.overlays]
        pairs += [("event", f"{name}={day.isoformat()}") for name, day in self.events]
        if self.convention != "rolled":
            pairs.append(("convention", self.convention))
        if self.duties != DEFAULT_DUTIES:
            pairs.append(("duties", self.duties))
        pairs += [
            (k, d.isoformat())
            for k, d in (("primary", self.primary), ("general", self.general))
            if d
        ]
        return f"?{urlencode(pairs)}" if pairs else ""

    def calendar(self) -> Calendar:
        return _calendar(self)


@lru_cache(maxsize=256)
def _calendar(request: CalendarRequest) -> Calendar:
    # The law data is fixed for the life of the process, so a calendar never changes.
    return calendar_under(
        request.year,
        request.law_choice(),
        events=dict(request.events),
        primary=request.primary,
        general=request.general,
        convention=request.convention,
        enacted=request.enacted,
        outside_coverage=request.outside_coverage,
        duties=request.duties,
    )
