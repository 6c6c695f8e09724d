"""A bill's effective-date section, read into periods: "This act shall take effect
immediately", "on the ninetieth day after it shall have become a law", "shall take effect
December 15, 2015", "shall be deemed to have been in full force and effect on and after July 1,
2015", "shall apply to elections held on or after January 1, 2026", "shall expire December 31,
2016", and "sections eighteen, ... of this act shall take effect ...". A clause read into no day
is a todo with its words. The periods are shown as a note: a drafted bill stays a what-if for
whatever year is asked."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from nyballot.bills.phrases import number

_MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december"]  # fmt: skip
_MONTH = f"({'|'.join(_MONTHS)})"
_DATE = rf"{_MONTH} (\d{{1,2}}), (\d{{4}})"


@dataclass(frozen=True)
class _Wordings:
    clauses: re.Pattern[str]
    sections: re.Pattern[str]
    starts: list[tuple[re.Pattern[str], str | None]]
    end: re.Pattern[str]


def _compile(pattern: str) -> re.Pattern[str]:
    return re.compile(" ".join(pattern.split()).replace("DATE", _DATE).replace("MONTH", _MONTH))


@cache
def _wordings() -> _Wordings:
    """The wordings, from effective.yaml (the statute's words are data, not code)."""
    import yaml

    text = resources.files("nyballot.bills").joinpath("effective.yaml").read_text("utf-8")
    data = yaml.safe_load(text)
    starts = [(_compile(s["pattern"]), s.get("counted")) for s in data["starts"]]
    return _Wordings(re.compile(data["clauses"]), _compile(data["sections"]), starts,
                     _compile(data["end"]))  # fmt: skip


def _date(month: str, day: str, year: str) -> str:
    return dt.date(int(year), _MONTHS.index(month) + 1, int(day)).isoformat()


def _sections(clause: str) -> str:
    match = _wordings().sections.search(clause)
    if match is None:
        return "the act"
    items = [w for w in re.split(r",\s*(?:and\s+)?|\s+and\s+", match.group(1)) if w]
    numbers = [number(w) for w in items]
    if any(n is None for n in numbers):
        return f"sections {match.group(1)}"
    return ("§ " if len(numbers) == 1 else "§§ ") + ", ".join(str(n) for n in numbers)


def _start(clause: str) -> tuple[str | None, str] | None:
    """The day the clause puts the act in force, or the words it is counted by."""
    for pattern, counted in _wordings().starts:
        match = pattern.search(clause)
        if match is None:
            continue
        if counted is None:
            return _date(*match.groups()), ""
        said = match.group(1) if match.groups() else ""
        n = number(said) if "{n}" in counted else None
        if "{n}" in counted and n is None:
            return None
        return None, counted.format(n=n, month=said.title())
    return None


def effective_periods(words: str) -> list[dict[str, Any]]:
    """The periods the effective-date section gives, in the overlay's form."""
    periods: dict[str, dict[str, Any]] = {}
    todo = []
    text = re.sub(r"\s+", " ", words.lower()).strip().rstrip(".")
    for clause in (re.sub(r"^(?:and|or)\b|\b(?:and|or)$", "", c.strip(" ,")).strip(" ,")
                   for c in _wordings().clauses.split(text)):  # fmt: skip
        if not clause:
            continue
        where = _sections(clause)
        start, end = _start(clause), _wordings().end.search(clause)
        if start is None and end is None:
            todo.append({"sections": where, "words": clause, "todo": "not read as a day"})
            continue
        period = periods.setdefault(where, {"sections": where, "words": ""})
        period["words"] = f"{period['words']}; {clause}".strip("; ")
        if start is not None and "from" not in period:  # the first day said (retroactive wins)
            if start[0] is not None:
                period["from"] = start[0]
                period.pop("counted", None)
            elif "counted" not in period:
                period["counted"] = start[1]
        if end is not None:
            period["to"] = _date(*end.groups())
    act = periods.get("the act", {})
    for key, period in periods.items():
        if key != "the act" and "to" not in period and "to" in act:
            period["to"] = act["to"]  # sections expire with the act
    return [*periods.values(), *todo]
