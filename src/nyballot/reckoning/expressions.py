"""Date expressions: the statute's way of naming a day, as a small typed tree.

Every form, how it counts, and the words of the law it stands for:

=========================================  ==================================================
form                                       meaning
=========================================  ==================================================
``10th Monday before primary``             the 10th Monday strictly before the anchor, whatever
                                           weekday the anchor is ("the tenth Monday before").
                                           An anchor that is itself a Monday does not count.
``Tuesday after 3rd Monday of September``  the first Tuesday strictly after the anchor.
``4 days after X`` / ``12 weeks before X`` N calendar days (or 7N days) from X, X itself
                                           excluded (GCL § 20).
``3 business days after X``                N business days (Monday to Friday, not a GCL § 24
                                           public holiday) after X.
``8 months before general``                calendar months back (clipped to the month's end).
``4th Tuesday of June``                    the Nth (or ``last``) weekday of a month of the
                                           election year; ``... of next year`` for the year after.
``September 20``                           a fixed day of the election year.
``2015-09-10``                             a fixed date: law data for one year only.
``earlier of (A, B)`` / ``later of (A, B)``  "whichever is earlier / later".
``primary``, ``general``                   the election days (rules ``election.primary`` ...).
``event.death``                            the date of an event the user supplies.
``designating_petition.filing.closes``     another rule's first (``opens``) or last
                                           (``closes``) day.
=========================================  ==================================================

A condition (``when:`` in a rule file) compares two expressions: ``event.vacancy > 7 days
before primary``.

Each tree prints back in canonical text (``str(expr)``) and parses to the same tree.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from functools import cached_property
from typing import Literal, TypeAlias

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)  # fmt: skip
ELECTION_ALIASES = {
    "primary": "election.primary",
    "general": "election.general",
    "presidential_primary": "election.presidential_primary",
    "federal_primary": "election.federal_primary",
}

Direction: TypeAlias = Literal["before", "after"]
Unit: TypeAlias = Literal["days", "weeks", "business days", "months"]


def ordinal(n: int) -> str:
    """1 -> '1st', 2 -> '2nd', 11 -> '11th', -1 -> 'last'."""
    if n == -1:
        return "last"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass(frozen=True)
class Ref:
    """A named date: an election, an event, or another rule's opens/closes."""

    name: str

    # Cached on the instance (a frozen dataclass allows it): a calendar asks each many times.
    @cached_property
    def is_event(self) -> bool:
        return self.name.startswith("event.")

    @cached_property
    def target(self) -> str:
        """The rule field this names: 'election.primary.closes', 'x.y.opens', or 'event.z'."""
        if self.name in ELECTION_ALIASES:
            return ELECTION_ALIASES[self.name] + ".closes"
        return self.name

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class NthWeekday:
    """The nth given weekday strictly before or after the anchor."""

    n: int
    weekday: int
    direction: Direction
    anchor: Expr

    def __str__(self) -> str:
        head = (
            WEEKDAYS[self.weekday]
            if self.n == 1 and self.direction == "after"
            else (f"{ordinal(self.n)} {WEEKDAYS[self.weekday]}")
        )
        return f"{head} {self.direction} {self.anchor}"


@dataclass(frozen=True)
class Offset:
    """N days, weeks, business days or months before or after the anchor."""

    n: int
    unit: Unit
    direction: Direction
    anchor: Expr

    def __str__(self) -> str:
        unit = self.unit[:-1] if self.n == 1 else self.unit
        return f"{self.n} {unit} {self.direction} {self.anchor}"


@dataclass(frozen=True)
class NthWeekdayOfMonth:
    """The nth (or last, n = -1) weekday of a month of the election year (or the next)."""

    n: int
    weekday: int
    month: int
    next_year: bool = False

    def __str__(self) -> str:
        tail = " of next year" if self.next_year else ""
        return f"{ordinal(self.n)} {WEEKDAYS[self.weekday]} of {MONTHS[self.month - 1]}{tail}"


@dataclass(frozen=True)
class MonthDay:
    """A fixed day of the election year (or the next)."""

    month: int
    day: int
    next_year: bool = False

    def __str__(self) -> str:
        tail = " of next year" if self.next_year else ""
        return f"{MONTHS[self.month - 1]} {self.day}{tail}"


@dataclass(frozen=True)
class FixedDate:
    """One calendar date: law data for one year (a chapter law or court order)."""

    date: dt.date

    def __str__(self) -> str:
        return self.date.isoformat()


@dataclass(frozen=True)
class Extremum:
    """'whichever is earlier' (or later) of two or more dates."""

    which: Literal["earlier", "later"]
    options: tuple[Expr, ...]

    def __str__(self) -> str:
        return f"{self.which} of ({', '.join(str(o) for o in self.options)})"


Expr: TypeAlias = Ref | NthWeekday | Offset | NthWeekdayOfMonth | MonthDay | FixedDate | Extremum


@dataclass(frozen=True)
class Condition:
    """A comparison of two dates, for rules that apply only in some circumstances."""

    left: Expr
    op: Literal["<", "<=", ">", ">="]
    right: Expr

    def __str__(self) -> str:
        return f"{self.left} {self.op} {self.right}"

    def holds(self, left: dt.date, right: dt.date) -> bool:
        return {
            "<": left < right,
            "<=": left <= right,
            ">": left > right,
            ">=": left >= right,
        }[self.op]


def refs(expr: Expr | Condition) -> list[Ref]:
    """Every named date an expression uses, in order."""
    match expr:
        case Ref():
            return [expr]
        case NthWeekday(anchor=anchor) | Offset(anchor=anchor):
            return refs(anchor)
        case Extremum(options=options):
            return [r for o in options for r in refs(o)]
        case Condition(left=left, right=right):
            return refs(left) + refs(right)
        case _:
            return []


def parse(text: str) -> Expr:
    """Parse a date expression; raises ExpressionSyntaxError with a caret under the problem."""
    from nyballot.reckoning.parsing import parse_text  # lark: only where the law is built

    return parse_text(text, "start")  # type: ignore[return-value]


def parse_condition(text: str) -> Condition:
    """Parse a condition such as 'event.vacancy < September 20'."""
    from nyballot.reckoning.parsing import parse_text

    return parse_text(text, "condition")  # type: ignore[return-value]
