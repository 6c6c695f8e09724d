"""What the pages and the downloads share: reading a calendar request and caching calendars."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import urlencode

from nyballot.calendar.engine import calendar_under
from nyballot.calendar.model import CONVENTIONS, Calendar, Convention
from nyballot.errors import UsageError
from nyballot.law.choice import LawChoice

MAX_EVENTS = 10
MAX_OVERLAYS = 5
MAX_NAME = 100
_YEAR = re.compile(r"\d{1,4}")


@dataclass(frozen=True)
class Choice:
    """A calendar request: the year, the law (version, overlays, convention) and the events."""

    year: int
    law: str | None = None
    overlays: tuple[str, ...] = ()
    events: tuple[tuple[str, dt.date], ...] = ()
    convention: Convention = "rolled"

    def query(self) -> str:
        """The query string that asks for the same calendar ('' or '?law=...')."""
        pairs: list[tuple[str, str]] = []
        if self.law:
            pairs.append(("law", self.law))
        pairs += [("with", o) for o in self.overlays]
        pairs += [("event", f"{name}={day.isoformat()}") for name, day in self.events]
        if self.convention != "rolled":
            pairs.append(("convention", self.convention))
        return f"?{urlencode(pairs)}" if pairs else ""

    def calendar(self) -> Calendar:
        return _calendar(self)


@lru_cache(maxsize=256)
def _calendar(choice: Choice) -> Calendar:
    # The law data is fixed for the life of the process, so a calendar never changes.
    law = LawChoice(choice.law, choice.overlays)
    return calendar_under(
        choice.year, law, events=dict(choice.events), convention=choice.convention
    )


def parse_year(value: str) -> int:
    if not _YEAR.fullmatch(value.strip()):
        raise UsageError(f"year '{value[:MAX_NAME]}': expected a year such as 2026")
    return int(value)


def parse_events(values: Sequence[str]) -> tuple[tuple[str, dt.date], ...]:
    """'death=2026-05-01' pairs (as on the command line), sorted by name."""
    if len(values) > MAX_EVENTS:
        raise UsageError(f"at most {MAX_EVENTS} events")
    found: dict[str, dt.date] = {}
    for value in values:
        name, sep, day = value.partition("=")
        name = name.strip()
        if not sep or not name:
            raise UsageError(f"event '{value[:MAX_NAME]}': expected NAME=YYYY-MM-DD")
        if name[:MAX_NAME] in found:
            raise UsageError(f"event '{name[:MAX_NAME]}': given twice; give each event once")
        try:
            found[name[:MAX_NAME]] = dt.date.fromisoformat(day.strip())
        except ValueError:
            raise UsageError(
                f"event '{name[:MAX_NAME]}': '{day[:MAX_NAME]}' is not a date (YYYY-MM-DD)"
            ) from None
    return tuple(sorted(found.items()))


def choose(
    year: int | str,
    law: str | None = None,
    overlays: Sequence[str] = (),
    events: Sequence[str] = (),
    convention: str = "rolled",
) -> Choice:
    """Read a calendar request; a malformed one raises UsageError."""
    number = year if isinstance(year, int) else parse_year(year)
    law = (law or "").strip() or None
    if law is not None and len(law) > MAX_NAME:
        raise UsageError("law: name too long")
    if len(overlays) > MAX_OVERLAYS:
        raise UsageError(f"at most {MAX_OVERLAYS} overlays")
    if any(len(o) > MAX_NAME for o in overlays):
        raise UsageError("overlay: name too long")
    if convention not in CONVENTIONS:
        raise UsageError(
            f"convention '{convention[:MAX_NAME]}': expected one of {', '.join(CONVENTIONS)}"
        )
    conv: Convention = "statutory" if convention == "statutory" else "rolled"
    unique = tuple(dict.fromkeys(o.strip() for o in overlays if o.strip()))
    return Choice(number, law, unique, parse_events(events), conv)
