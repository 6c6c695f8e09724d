"""A walk list for canvassers: the voters who may sign a party's designating petition in a unit,
grouped by street and house, so that a sheet is carried door to door.

Who may sign is the review's own rule, asked of each voter (``rulings.may_sign``: registered on
the day, enrolled in the party, residing in the unit), among the active voters of the party in
the unit (``review.active_in_unit``, the voters § 6-136(2)'s number counts), as the voter file
has them on its own date. Only the fields in ``READ`` are read from the store: never the date
of birth, the voting history or anything else a canvasser does not need at a door.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from itertools import groupby
from typing import Any

import duckdb

from nyballot.errors import UsageError
from nyballot.law.choice import LawChoice
from nyballot.petitions.law import Ground, grounds_for
from nyballot.petitions.lines import Line
from nyballot.petitions.period import Period, signing_period
from nyballot.petitions.report import template
from nyballot.petitions.review import active_in_unit
from nyballot.petitions.rulings import Rules, may_sign
from nyballot.spreadsheet import csv_text
from nyballot.voters.layout import UNIT_FIELDS
from nyballot.voters.store import VoterFile, voter_file

# What a door needs (name, house, apartment), and what ``may_sign`` reads (status, the dates of
# registration and purge, the enrolment and the units). No DOB, no VOTERHISTORY.
READ = (
    "SBOEID", "LASTNAME", "FIRSTNAME", "MIDDLENAME", "NAMESUFFIX", "RADDNUMBER", "RHALFCODE",
    "RPREDIRECTION", "RSTREETNAME", "RPOSTDIRECTION", "RAPARTMENTTYPE", "RAPARTMENT", "RCITY",
    "RZIP5", "ENROLLMENT", "STATUS", "regdate_on", "purge_date_on", *UNIT_FIELDS,
)  # fmt: skip
CSV_COLUMNS = (
    "street", "city", "house", "apartment", "last_name", "first_name", "middle_name", "suffix",
    "zip", "election_district", "sboeid",
)  # fmt: skip
# A party as the voter file's ENROLLMENT field writes it (DEM, REP, WOR, ...).
PARTY = re.compile(r"[A-Z0-9]{1,10}")
# The grounds whose words say who may sign (the rule itself is ``rulings.may_sign``).
WHO_MAY_SIGN = ("not_registered", "wrong_party", "outside_unit")


@dataclass(frozen=True)
class Signer:
    """One voter who may sign, as a canvasser reads the name at the door."""

    sboeid: str
    last: str
    first: str
    middle: str
    suffix: str
    apartment: str  # "APT 4B", or ""
    zip5: str
    district: str  # the election district (ED), where the sheets are sorted after

    @property
    def name(self) -> str:
        given = " ".join(p for p in (self.first, self.middle, self.suffix) if p)
        return f"{self.last}, {given}" if given else self.last


@dataclass(frozen=True)
class House:
    number: str  # "12", "12 1/2", "104-11"
    signers: tuple[Signer, ...]


@dataclass(frozen=True)
class Street:
    name: str  # "N BROADWAY", as the file spells it
    city: str
    houses: tuple[House, ...]

    @property
    def count(self) -> int:
        return sum(len(h.signers) for h in self.houses)


@dataclass(frozen=True)
class WalkList:
    """The voters of a party in a unit who may sign, by street and house."""

    party: str
    units: tuple[tuple[str, str], ...]
    year: int
    period: Period
    held: VoterFile  # the voter file the list rests on
    streets: tuple[Street, ...]
    left_out: int  # active voters of the party in the unit who may not sign (``may_sign``)
    grounds: tuple[Ground, ...]  # the words that say who may sign

    @property
    def count(self) -> int:
        return sum(s.count for s in self.streets)

    @property
    def unit(self) -> str:
        return ", ".join(f"{name}={value}" for name, value in self.units)


def walk_list(
    con: duckdb.DuckDBPyConnection,
    party: str,
    units: tuple[tuple[str, str], ...],
    year: int,
    law: LawChoice | None = None,
) -> WalkList:
    """The walk list of the party's voters in the unit for the year's designating petitions
    (the year gives the signing period printed on it and the words of who may sign)."""
    party = party.strip().upper()
    if not PARTY.fullmatch(party):
        raise UsageError(
            f"party '{party[:20]}': expected a party's code as the voter file writes it (e.g. DEM)",
            fields=("party",),
        )
    if not units:
        raise UsageError("unit: give the unit the petition is for, e.g. AD=71", fields=("unit",))
    held = voter_file(con)  # a store without a file fails before anything else is read
    grounds = grounds_for("designating", year)
    period = signing_period(year, "designating", law or LawChoice())
    rules = Rules("designating", party, units, period, grounds)
    voters = _active(con, party, units)
    on_file_day = Line(sheet=0, line=0, date=held.date, name="", address="", row=0)
    signers = [v for v in voters if may_sign(on_file_day, v, rules)]
    if not signers:
        raise UsageError(
            f"party {party}, unit {', '.join(f'{n}={v}' for n, v in units)}: no active voter of "
            f"the party in the unit may sign, in the voter file of {held.date.isoformat()} "
            "(check the party and the unit)",
            fields=("party", "unit"),
        )
    words = tuple(grounds[g] for g in WHO_MAY_SIGN)
    left_out = len(voters) - len(signers)
    return WalkList(party, units, year, period, held, _streets(signers), left_out, words)


def _active(
    con: duckdb.DuckDBPyConnection, party: str, units: tuple[tuple[str, str], ...]
) -> list[dict[str, Any]]:
    where, params = active_in_unit(party, units)
    columns = ", ".join(f'"{name}"' for name in READ)
    rows = con.execute(f"SELECT {columns} FROM voters WHERE {where}", params).fetchall()
    return [dict(zip(READ, row, strict=True)) for row in rows]


def _text(voter: dict[str, Any], *names: str) -> str:
    return " ".join(str(voter[n]).strip() for n in names if voter[n] and str(voter[n]).strip())


def _house_key(number: str) -> tuple[int, str]:
    """Houses in the order they stand: by the number's leading digits, then as written."""
    digits = re.match(r"\d+", number)
    return (int(digits.group(0)) if digits else 10**9, number)


def _apartment_key(apartment: str) -> tuple[int, str]:
    digits = re.search(r"\d+", apartment)
    return (int(digits.group(0)) if digits else -1, apartment)


def _streets(voters: list[dict[str, Any]]) -> tuple[Street, ...]:
    def street_of(v: dict[str, Any]) -> tuple[str, str]:
        return (_text(v, "RCITY").upper(), _text(v, "RPREDIRECTION", "RSTREETNAME",
                                                   "RPOSTDIRECTION").upper())  # fmt: skip

    def house_of(v: dict[str, Any]) -> str:
        return _text(v, "RADDNUMBER", "RHALFCODE")

    streets = []
    for (city, street), on_street in groupby(sorted(voters, key=street_of), key=street_of):
        by_house = sorted(on_street, key=lambda v: _house_key(house_of(v)))
        houses = tuple(
            House(number, tuple(sorted((_signer(v) for v in in_house), key=_door_order)))
            for number, in_house in groupby(by_house, key=house_of)
        )
        streets.append(Street(street or "(no street on file)", city, houses))
    return tuple(streets)


def _signer(v: dict[str, Any]) -> Signer:
    return Signer(
        sboeid=str(v["SBOEID"]),
        last=_text(v, "LASTNAME"),
        first=_text(v, "FIRSTNAME"),
        middle=_text(v, "MIDDLENAME"),
        suffix=_text(v, "NAMESUFFIX"),
        apartment=_text(v, "RAPARTMENTTYPE", "RAPARTMENT"),
        zip5=_text(v, "RZIP5"),
        district=_text(v, "ED"),
    )


def _door_order(s: Signer) -> tuple[Any, ...]:
    return (_apartment_key(s.apartment), s.last, s.first, s.sboeid)


def rows(walk: WalkList) -> list[list[str]]:
    """One row per voter, in walking order (``CSV_COLUMNS``)."""
    return [
        [
            street.name,
            street.city,
            house.number,
            s.apartment,
            s.last,
            s.first,
            s.middle,
            s.suffix,
            s.zip5,
            s.district,
            s.sboeid,
        ]
        for street in walk.streets
        for house in street.houses
        for s in house.signers
    ]


def as_csv(walk: WalkList) -> str:
    """The list as CSV a spreadsheet opens (byte order mark, CRLF, formula guard)."""
    return csv_text(CSV_COLUMNS, rows(walk))


def as_html(walk: WalkList, made_on: dt.date) -> str:
    """The printed list (its PDF is made from this HTML): a table per street, a row per voter,
    a box for the canvasser to tick."""
    return template("walklist.html").render(w=walk, made_on=made_on)
