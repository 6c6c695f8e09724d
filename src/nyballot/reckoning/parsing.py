"""Reading date expressions with the grammar in expressions.lark (lark's LALR parser).

Kept apart from ``nyballot.reckoning.expressions`` so that a process that takes the checked
law from the cache (``nyballot.cache``) never imports lark or builds the parser.
"""

from __future__ import annotations

import datetime as dt
from functools import cache
from importlib import resources

from lark import Lark, Token, Transformer, UnexpectedInput

from nyballot.errors import ExpressionSyntaxError
from nyballot.reckoning.expressions import (
    MONTHS,
    WEEKDAYS,
    Condition,
    Extremum,
    FixedDate,
    MonthDay,
    NthWeekday,
    NthWeekdayOfMonth,
    Offset,
    Ref,
)


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


def parse_text(text: str, start: str) -> object:
    """The tree of an expression (``start``) or a condition (``condition``)."""
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
