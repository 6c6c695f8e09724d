"""The one reader of the special and village election data (``law/data/elections/``): which
offices Public Officers Law § 42 names, which rules of the year's law a special election
counts with its own day, and the village election's day (§ 15-104(1)). Typed, read once."""

from __future__ import annotations

import datetime as dt
from calendar import day_name
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from nyballot.cache import cached
from nyballot.law.reading import read_yaml_text
from nyballot.reckoning.expressions import Expr


@dataclass(frozen=True)
class Words:
    """A provision that is not a date rule: its cite and the words quoted."""

    cite: str
    law: str


@dataclass(frozen=True)
class NoSpecial:
    """§ 42(4): the last day a vacancy may occur in the last year of the term and still be
    filled at a special election ("July 1": a day of the month, read without the grammar, so
    a special election's calendar does not build the expression parser)."""

    words: Words
    month: int
    day: int

    def last_day(self, year: int) -> dt.date:
        return dt.date(year, self.month, self.day)


@dataclass(frozen=True)
class SharedDay:
    """§ 42(3)(b)'s proviso: a later vacancy may share a special election already scheduled,
    proclaimed at least ``at_least`` days before it."""

    words: Words
    at_least: int


@dataclass(frozen=True)
class Office:
    name: str
    title: str
    words: Words  # the paragraph of § 42(3) that fixes its day
    forms: tuple[str, ...]  # rule-id prefixes, the first that has a rule prevailing
    no_special: NoSpecial
    shared_day: SharedDay | None = None


@dataclass(frozen=True)
class Counted:
    """A rule of the year's law counted with the special election's day (and, in ``given``,
    a special rule's last day for another rule's): ``speaks`` quotes its words that reach a
    special election."""

    id: str
    rule: str
    speaks: str
    title: str = ""
    given: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class FederalOnly:
    """§ 11-200(1): the voters whose rules' names begin ``rules`` vote at a special election
    only for the offices named."""

    words: Words
    offices: tuple[str, ...]
    rules: str

    def reaches(self, name: str, office: str) -> bool:
        """Whether a special rule (its name after the form's prefix) is in the calendar of a
        special election for ``office``."""
        return office in self.offices or not name.startswith(self.rules)


@dataclass(frozen=True)
class SpecialLaw:
    source: str
    offices: dict[str, Office]
    refused: dict[str, Words]
    filled_at: Words
    party_nominations: Words  # § 6-114, from its own shipped text
    counted: tuple[Counted, ...]
    federal_only: FederalOnly
    # the desk's rule for a kind of paper -> the special rule's name after its form's prefix
    papers: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class VillageSpecialLaw:
    """§ 15-106(1)(a): the special village election's day and how its nominations are made."""

    source: str
    third_tuesday: Words
    day: str  # the grammar's phrase of the third Tuesday, with {month} to fill in
    after_call: Words
    weekday: int  # the day of the week the words hold it on (Monday 0)
    caucus: Words

    def third_tuesday_of(self, month: str, year: int) -> dt.date:
        from nyballot.reckoning.dates import closed_form_date

        return closed_form_date(_expr(self.day.format(month=month.capitalize())), year)


@dataclass(frozen=True)
class VillageLaw:
    source: str
    march: Words
    march_day: Expr
    moved: Words
    moved_when: Expr
    moved_to: Expr
    other: Words
    november: Words
    special: VillageSpecialLaw


def _raw(name: str) -> Any:
    path = resources.files("nyballot.law").joinpath(f"data/elections/{name}.yaml")
    return read_yaml_text(path.read_text(encoding="utf-8"), f"law/data/elections/{name}.yaml")


def _expr(text: object) -> Expr:
    from nyballot.reckoning.parsing import parse_text  # the grammar: only a village needs it

    parsed = parse_text(str(text), "expr")
    assert isinstance(parsed, Expr)
    return parsed


def _month_day(text: str) -> tuple[int, int]:
    day = dt.datetime.strptime(text, "%B %d")
    return day.month, day.day


def _words(raw: dict[str, Any]) -> Words:
    return Words(str(raw["cite"]), " ".join(str(raw["law"]).split()))


def _office(name: str, raw: dict[str, Any]) -> Office:
    none, shared = raw["no_special"], raw.get("shared_day")
    return Office(
        name,
        str(raw["title"]),
        _words(raw),
        tuple(raw["forms"]),
        NoSpecial(_words(none), *_month_day(str(none["last_day"]))),
        SharedDay(_words(shared), int(shared["at_least"])) if shared else None,
    )


def _files(name: str) -> list[resources.abc.Traversable]:
    """The data file and this module: an entry built from either as it was is not read."""
    here = resources.files("nyballot.elections").joinpath("law.py")
    return [resources.files("nyballot.law").joinpath(f"data/elections/{name}.yaml"), here]


@cache
def special_law() -> SpecialLaw:
    """The special election data, kept in the law's cache (reading YAML costs a short command
    more than the calendar it asks for)."""
    return cached("special-elections", _files("special"), _special_law)


def _special_law() -> SpecialLaw:
    raw = _raw("special")
    federal = raw["special_federal"]
    counted = tuple(
        Counted(
            str(c["id"]),
            str(c["rule"]),
            str(c["speaks"]),
            str(c.get("title", "")),
            tuple(sorted((c.get("given") or {}).items())),
        )
        for c in raw["counted"]
    )
    return SpecialLaw(
        str(raw["source"]),
        {str(k): _office(str(k), v) for k, v in raw["offices"].items()},
        {str(k): _words(v) for k, v in raw["refused"].items()},
        _words(raw["filled_at"]),
        _words(raw["party_nominations"]),
        counted,
        FederalOnly(_words(federal), tuple(federal["offices"]), str(federal["rules"])),
        tuple((str(k), str(v)) for k, v in (raw.get("papers") or {}).items()),
    )


@cache
def village_law() -> VillageLaw:
    return cached("village-elections", _files("village"), _village_law)


def _village_law() -> VillageLaw:
    raw = _raw("village")
    moved = raw["moved"]
    return VillageLaw(
        str(raw["source"]),
        _words(raw["march"]),
        _expr(raw["march"]["day"]),
        _words(moved),
        _expr(moved["when"]),
        _expr(moved["held"]),
        _words(raw["other"]),
        _words(raw["november"]),
        _village_special(raw["special"]),
    )


def _village_special(raw: dict[str, Any]) -> VillageSpecialLaw:
    after = raw["after_call"]
    return VillageSpecialLaw(
        str(raw["source"]),
        _words(raw["third_tuesday"]),
        str(raw["third_tuesday"]["day"]),
        _words(after),
        list(day_name).index(str(after["weekday"])),
        _words(raw["caucus"]),
    )
