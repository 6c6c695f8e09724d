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

import calendar as _calendar
import datetime as dt
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Literal, TypeAlias

from lark import Lark, Token, Transformer, UnexpectedInput

from nyballot.errors import ExpressionSyntaxError

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = tuple(_calendar.month_name)[1:]
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

    @property
    def is_event(self) -> bool:
        return self.name.startswith("event.")

    @property
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


class _ToTree(Transformer[Token, object]):
    def ref(self, items: list[Token]) -> Ref:
        return Ref(str(items[0]))

    def ordinal(self, items: list[Token]) -> int:
        text = str(items[0])
        return -1 if text == "last" else int(text[:-2])

    def unit(self, items: list[Token]) -> str:
        words = " ".join(str(t) for t in items)
        return {"day": "days", "week": "weeks", "month": "months"}.get(
            words, "business days" if words.startswith("business") else words
        )

    def offset(self, items: list[object]) -> Offset:
        n, unit, direction, anchor = items
        return Offset(int(str(n)), unit, str(direction), anchor)  # type: ignore[arg-type]

    def nth_weekday(self, items: list[object]) -> NthWeekday:
        n = items[0] if len(items) == 4 else 1
        weekday, direction, anchor = items[-3:]
        if n == -1:
            raise ValueError("'last' is not a count of weekdays before or after a day")
        return NthWeekday(n, WEEKDAYS.index(str(weekday)), str(direction), anchor)  # type: ignore[arg-type]

    def next_year(self, items: list[object]) -> bool:
        return True

    def nth_of_month(self, items: list[object]) -> NthWeekdayOfMonth:
        n, weekday, month = items[:3]
        return NthWeekdayOfMonth(
            int(n),  # type: ignore[call-overload]
            WEEKDAYS.index(str(weekday)),
            MONTHS.index(str(month)) + 1,
            len(items) > 3,
        )

    def month_day(self, items: list[object]) -> MonthDay:
        month, day = items[:2]
        month_number = MONTHS.index(str(month)) + 1
        dt.date(2000, month_number, int(str(day)))  # raises ValueError for February 30
        return MonthDay(month_number, int(str(day)), len(items) > 2)

    def iso_date(self, items: list[Token]) -> FixedDate:
        return FixedDate(dt.date.fromisoformat(str(items[0])))

    def extremum(self, items: list[object]) -> Extremum:
        return Extremum(str(items[0]), tuple(items[1:]))  # type: ignore[arg-type]

    def condition(self, items: list[object]) -> Condition:
        left, op, right = items
        return Condition(left, str(op), right)  # type: ignore[arg-type]


@cache
def _parser(start: str) -> Lark:
    grammar = resources.files("nyballot.reckoning").joinpath("expressions.lark").read_text()
    return Lark(grammar, start=start, parser="lalr")


def _parse(text: str, start: str) -> object:
    try:
        tree = _parser(start).parse(text)
        return _ToTree().transform(tree)
    except UnexpectedInput as exc:
        column = max(getattr(exc, "column", 1), 1)
        caret = " " * (column - 1) + "^"
        raise ExpressionSyntaxError(
            f'cannot read "{text}"\n    {text}\n    {caret}\n'
            "expected a form such as '10th Monday before primary', "
            "'4 days after designating_petition.filing.closes' or 'September 20'"
        ) from None
    except Exception as exc:  # a value the grammar accepts but the calendar rejects
        cause = exc.orig_exc if hasattr(exc, "orig_exc") else exc
        raise ExpressionSyntaxError(f'cannot read "{text}": {cause}') from None


def parse(text: str) -> Expr:
    """Parse a date expression; raises ExpressionSyntaxError with a caret under the problem."""
    return _parse(text, "start")  # type: ignore[return-value]


def parse_condition(text: str) -> Condition:
    """Parse a condition such as 'event.vacancy < September 20'."""
    return _parse(text, "condition")  # type: ignore[return-value]
