"""The statute's date phrases, read by a grammar (``phrases.lark``, lark's LALR parser) into
the project's date expressions: "not later than the fourth day after the last day to file such
designation" -> closes: ``4 days after designating_petition.filing.closes``.

A phrase is read from its first word (a bound such as "not earlier than", or a count) as far
as the grammar follows it. What it cannot read, or reads into no date, is a ``todo`` with its
words: never a guess.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from lark import Lark, Transformer, Tree, UnexpectedInput

from nyballot.errors import NyballotError

_HERE = resources.files("nyballot.bills")


@dataclass(frozen=True)
class Reading:
    """One date a sentence gives: which day of the rule (opens or closes) and its formula, or
    a todo saying what was not understood."""

    part: str  # "opens" or "closes"
    expr: str | None
    words: str
    todo: str = ""
    at: tuple[int, int] = (0, 0)  # the phrase's first word in the sentence, the clause in it


@cache
def _tables() -> dict[str, Any]:
    import yaml

    data: dict[str, Any] = yaml.safe_load(_HERE.joinpath("anchors.yaml").read_text("utf-8"))
    return data


@cache
def _parser(days: tuple[str, ...] = ()) -> Lark:
    """The grammar, with the days the law data names and ``days``, a bill's own."""
    grammar = _HERE.joinpath("phrases.lark").read_text("utf-8")
    anchors = sorted({*_tables()["anchors"], *days}, key=len, reverse=True)
    grammar += "\nANCHOR.2: " + " | ".join(f'"{a}"' for a in anchors) + "\n"
    return Lark(grammar, parser="lalr", start="start")


def number(word: str) -> int | None:
    """'fifty-four' -> 54, 'thirteenth' -> 13, '41' -> 41."""
    t = _tables()
    if word.isdigit():
        return int(word)
    small = {w: i + 1 for i, w in enumerate(t["units"])}
    small |= {w: i + 10 for i, w in enumerate(t["teens"])}
    small |= {w: i + 1 for i, w in enumerate(t["ordinals"])}
    tens = {**t["tens"], **t["ordinal_tens"]}
    if word in small:
        return small[word]
    if word in tens:
        return int(tens[word])
    head, _, tail = word.partition("-")
    if not tail:  # "thirtyfifth": a hyphen lost where the line broke
        head = next((t for t in tens if word.startswith(t)), word)
        tail = word.removeprefix(head)
    if head in tens and tail in small and small[tail] < 10:
        return int(tens[head]) + small[tail]
    return None


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass
class _Clause:
    bound: str | None
    measure: tuple[str, ...] | None
    direction: str | None
    anchor: str | None
    base: _Clause | None = None  # the day a day is counted from, itself counted


class _Read(Transformer[Any, Any]):
    def phrase(self, items: list[_Clause]) -> list[_Clause]:
        return [c for c in items if c.bound or c.measure or c.anchor]

    def clause(self, items: list[Any]) -> _Clause:
        c = _Clause(None, None, None, None)
        for item in items:
            if isinstance(item, str) and item in ("opens", "closes", "within", "at_least"):
                c.bound = item
            elif isinstance(item, tuple):
                c.measure = item
            elif isinstance(item, _Clause):
                c.base = item  # "the second Tuesday next after THE FIRST MONDAY IN SEPTEMBER"
            elif isinstance(item, Tree):
                c.direction = str(item.data)
            elif getattr(item, "type", "") == "ANCHOR":
                c.anchor = str(item)
        return c

    def based(self, items: list[Any]) -> _Clause:
        return self.clause(items)

    def not_earlier(self, _: list[Any]) -> str:
        return "opens"

    def not_later(self, _: list[Any]) -> str:
        return "closes"

    def within(self, _: list[Any]) -> str:
        return "within"

    def at_least(self, _: list[Any]) -> str:
        return "at_least"

    def nth_weekday(self, items: list[Any]) -> tuple[str, ...]:
        return ("nth", str(items[0]), str(items[1]))

    def nth_of_month(self, items: list[Any]) -> tuple[str, ...]:
        return ("of_month", str(items[0]), str(items[1]), str(items[2]))

    def count(self, items: list[Any]) -> tuple[str, ...]:
        return ("count", str(items[0]), str(items[1]))

    def nth_day(self, items: list[Any]) -> tuple[str, ...]:
        return ("count", str(items[0]), "business days" if "business" in items[1] else "days")

    def month_day(self, items: list[Any]) -> tuple[str, ...]:
        return ("date", *(str(i) for i in items))


_START = re.compile(
    r"\b(?:(?:not |no |nor )?(?:earlier|later|less|more) than|within|at least|"
    r"the [a-z-]+ (?:day|monday|tuesday|wednesday|thursday|friday)|"
    r"[a-z]+(?:-[a-z]+)? (?:business )?(?:days?|weeks?|months?) "
    r"(?:before|after|preceding|prior to|following|from))\b"
)


_WEEKDAYS = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}


def phrase_words(sentence: str) -> list[str]:
    """The sentence's words as the grammar reads them."""
    return _normal(sentence).split(" ")


def _normal(words: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[,;:()]|\.(?=\s|$)", " ", words.lower())).strip()


def _longest(words: list[str], days: tuple[str, ...]) -> tuple[list[_Clause], int] | None:
    """The longest run of words from the first that the grammar reads, and its length."""
    for end in range(min(len(words), 40), 0, -1):
        try:
            tree = _parser(days).parse(" ".join(words[:end]))
        except UnexpectedInput:
            continue
        clauses = _Read().transform(tree)
        if any(c.measure or c.anchor for c in clauses):
            return clauses, end
    return None


Context = Callable[[str], str | None]


@dataclass(frozen=True)
class _Ctx:
    election: Context
    names: dict[str, Any]  # each day's words, and its name in the expressions


def read_dates(
    sentence: str, election: Context, days: tuple[tuple[str, str], ...] = ()
) -> list[Reading]:
    """Every date the sentence gives. ``election(part)`` names the election the rule in force
    counts that part from ("primary"/"general"), for "such election"; ``days`` are the days a
    bill creates, in its words, with their names ("the first day to file a notice of intent to
    circulate a designating petition", "notice_of_intent.filing.opens")."""
    ctx = _Ctx(election, {**_tables()["anchors"], **dict(days)})
    text = _normal(sentence)
    words = text.split(" ")
    found: list[Reading] = []
    i = 0
    while i < len(words):
        if not _START.match(" ".join(words[i : i + 4])):
            i += 1
            continue
        read = _longest(words[i:], tuple(sorted(d for d, _ in days)))
        if read is None:
            near = words[i : i + 6]
            if any(number(w) is not None or w in _WEEKDAYS for w in near):
                near_words = " ".join(words[i : i + 12])
                found.append(Reading("closes", None, near_words, "not understood", (i, 0)))
            i += 1
            continue
        clauses, length = read
        found += _clauses(clauses, " ".join(words[i : i + length]), ctx, i)
        i += length
    return _whichever(found, text)


def _clauses(clauses: list[_Clause], words: str, ctx: _Ctx, at: int) -> list[Reading]:
    found = []
    for k, c in enumerate(clauses):
        later = clauses[k + 1 :]
        direction = c.direction or next((x.direction for x in later if x.direction), None)
        anchor = c.anchor or next((x.anchor for x in later if x.anchor), None)
        part = "opens" if c.bound == "opens" else "closes"
        try:
            if c.base is not None:
                b = c.base
                base = _expr(b.measure, b.direction, b.anchor, part, ctx)
                expr = _expr(c.measure, c.direction, None, part, ctx, base)
            else:
                expr = _expr(c.measure, direction, anchor, part, ctx)
        except _Todo as exc:
            found.append(Reading(part, None, words, str(exc), (at, k)))
            continue
        found.append(Reading(part, expr, words, at=(at, k)))
    return found


class _Todo(NyballotError):
    """A phrase read, but into no date the reader can name."""


def _anchor(anchor: str | None, part: str, ctx: _Ctx) -> str:
    if anchor is None:
        raise _Todo("counts from no day the phrase names")
    name = ctx.names[anchor]
    if name is None or isinstance(name, list):
        mine = ctx.election(part)
        if mine is None:
            raise _Todo(f"'{anchor}': which election the rule in force does not say")
        if name is not None and mine not in name:
            raise _Todo(f"'{anchor}' is not the {mine} election the rule in force counts from")
        name = mine
    return str(name)


def _expr(
    measure: tuple[str, ...] | None,
    direction: str | None,
    anchor: str | None,
    part: str,
    ctx: _Ctx,
    base_expr: str | None = None,
) -> str:
    if measure is None:
        return _anchor(anchor, part, ctx)
    kind = measure[0]
    if kind == "of_month":
        n = number(measure[1])
        return f"{_ordinal(n or 0)} {measure[2].title()} of {measure[3].title()}"
    if kind == "date":
        return _date(measure)
    if direction is None:
        raise _Todo("counts in no direction (before or after)")
    base = base_expr or _anchor(anchor, part, ctx)
    n = number(measure[1]) if measure[1] != "last" else None
    if kind == "nth":
        nth = "last" if measure[1] == "last" else _ordinal(n or 0)
        return f"{nth} {measure[2].title()} {direction} {base}"
    if n is None:
        raise _Todo(f"'{measure[1]}' is not a number")
    unit = measure[2]
    unit = unit if n != 1 else unit.removesuffix("s")
    return f"{n} {unit} {direction} {base}"


_MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december"]  # fmt: skip


def _date(measure: tuple[str, ...]) -> str:
    month = _MONTHS.index(measure[1]) + 1
    day = number(measure[2])
    if day is None:
        raise _Todo(f"'{measure[2]}' is not a day of the month")
    if len(measure) < 4:
        return f"{measure[1].title()} {day}"
    year_words = measure[3].removeprefix("two thousand").strip()
    year = 2000 + (number(year_words) or 0) if year_words else 2000
    return f"{year:04d}-{month:02d}-{day:02d}"


def _whichever(found: list[Reading], text: str) -> list[Reading]:
    """ "..., or ..., whichever is earlier": the two days of one part, the earlier of them."""
    match = re.search(r"whichever is (earlier|later)", text)
    closes = [r for r in found if r.part == "closes"]
    if match is None or len(closes) != 2 or not all(r.expr for r in closes):
        return found  # a day not read among them: each stands alone, as the law in force reads
    expr = f"{match.group(1)} of ({closes[0].expr}, {closes[1].expr})"
    words = f"{closes[0].words} ... {closes[1].words}, whichever is {match.group(1)}"
    both = Reading("closes", expr, words, at=closes[0].at)
    return [r for r in found if r not in closes] + [both]
