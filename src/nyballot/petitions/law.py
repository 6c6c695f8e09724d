"""The words each ruling on a signature line rests on: the one place the review reads them.

One ``Ground`` per ruling code, read from the provisions of the law data (``grounds.<petition>.
<code>`` in ``versions/*/6-130.yaml`` to ``6-154.yaml``): the cite, the quoted words, the text
they come from and, where only older words were found, why they may not be those in force.
Designating petitions cite §§ 6-130 to 6-136; independent petitions §§ 6-138 to 6-142, their
own sections (§ 6-138(2) makes the designating petitions' rules theirs "except as otherwise
provided herein"). The signing period is not here: it is the calendar's (``period``).

``grounds_for(kind, year)`` gives a petition's grounds under the law in force in a year;
``GROUNDS``, ``ENROLLED``, ``SUBSTANTIAL_COMPLIANCE``, ``SPECIFICATIONS`` and
``SPECIFICATIONS_TOTAL`` are those of a designating petition in the next election's year.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from nyballot.law.choice import LawChoice
from nyballot.law.model import Provision
from nyballot.law.provisions import provisions_in_force
from nyballot.reckoning.season import season_year

KINDS = ("designating", "independent")


@dataclass(frozen=True)
class Ground:
    code: str
    cite: str
    words: str
    text: str  # the shipped text the words are quoted from (law/data/texts)
    unverified: str = ""  # why the words may not be those in force, or ""
    note: str = ""  # a reading's words: what it makes of the quotation


def _ground(code: str, item: Provision) -> Ground:
    return Ground(code, item.cite, " ".join(item.law), item.source or "", item.unverified)


@cache
def _all(year: int) -> dict[str, Ground]:
    """Every ground in force in ``year``, by its provision id without "grounds."."""
    found = provisions_in_force(LawChoice(), year)
    return {
        pid.removeprefix("grounds."): _ground(pid.rsplit(".", 1)[-1], item)
        for pid, item in found.items()
        if pid.startswith("grounds.")
    }


def grounds_for(kind: str, year: int | None = None) -> dict[str, Ground]:
    """A petition's grounds by ruling code, with the shared ones (substantial compliance,
    specifications), under the law in force in ``year`` (default: the next election's)."""
    found = _all(season_year() if year is None else year)
    prefix = f"{kind}."
    mine = {k.removeprefix(prefix): g for k, g in found.items() if k.startswith(prefix)}
    shared = {k: g for k, g in found.items() if "." not in k}
    return {**shared, **mine}


# The readings of a line that fits more than one voter (``readings.ambiguous_line.<name>``),
# and of a line under the surname of the voter's previous name (``readings.previous_name``).
READINGS = ("presumed", "either", "strict")
NAME_READINGS = ("counts", "strict")


def readings(year: int | None = None) -> dict[str, Ground]:
    """The readings of an ambiguous line in force in ``year``, by name ("presumed", "either",
    "strict"),
    each with its cite, its quoted words and what it reads them to say (``note``)."""
    return _readings("ambiguous_line", READINGS, year)


def name_readings(year: int | None = None) -> dict[str, Ground]:
    """The readings of a line under the voter's previous surname in force in ``year``, by
    name ("counts", "strict")."""
    return _readings("previous_name", NAME_READINGS, year)


@cache
def _readings(of: str, names: tuple[str, ...], year: int | None) -> dict[str, Ground]:
    found = provisions_in_force(LawChoice(), season_year() if year is None else year)
    return {
        name: Ground(
            name, item.cite, " ".join(item.law), item.source or "", item.unverified, item.note
        )
        for name in names
        if (item := found.get(f"readings.{of}.{name}")) is not None
    }


def all_grounds(year: int | None = None) -> tuple[Ground, ...]:
    """Every ground of every petition (for the checks that find each quotation)."""
    return tuple(_all(season_year() if year is None else year).values())


_NAMES = {
    "ENROLLED": "not_registered",
    "SUBSTANTIAL_COMPLIANCE": "substantial_compliance",
    "SPECIFICATIONS": "specifications",
    "SPECIFICATIONS_TOTAL": "specifications_total",
}


def __getattr__(name: str) -> Any:
    """The names the review has always imported, read when first asked (not at import)."""
    if name == "GROUNDS":
        return grounds_for("designating")
    if name == "ALL_GROUNDS":
        return all_grounds()
    if name in _NAMES:
        return grounds_for("designating")[_NAMES[name]]
    raise AttributeError(name)
