"""Special and village elections: ``GET /special`` and ``GET /village`` (JSON), and their
calendar files ``/special.ics``, ``/special.csv``, ``/village.ics``, ``/village.csv``.

A bad query is answered 400 (or 422 for a field of the wrong type) with ``{"error": ...}``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query
from fastapi.responses import Response

from nyballot.api.downloads import Kind
from nyballot.api.errors import READ, answers
from nyballot.calendar.model import Calendar
from nyballot.elections.output import ics_of_special, ics_of_village, special_dict, village_dict
from nyballot.elections.requests import asked_kinds, asked_special, asked_village
from nyballot.elections.special import Special
from nyballot.elections.village import Village
from nyballot.errors import UsageError
from nyballot.export.csv import to_csv

router = APIRouter()

Text = Annotated[str | None, Query(max_length=40)]
LastYear = Annotated[int | None, Query(ge=1900, le=2100, description="Last year of the term")]
VillageYear = Annotated[int, Query(ge=1900, le=2100, description="Year of the village election")]
ICS, CSV = "text/calendar; charset=utf-8", "text/csv; charset=utf-8"


def special_query(
    office: Text = None,
    proclaimed: Text = None,
    election: Text = None,
    vacancy: Text = None,
    last_year: LastYear = None,
) -> Special:
    return asked_special(office, proclaimed, election, vacancy, last_year)


def village_query(
    year: VillageYear,
    month: Text = None,
    day: Text = None,
    primary: bool = False,
    special: bool = False,
    called: Text = None,
    vacancy: Text = None,
) -> Village:
    return asked_village(year, month, day, primary, special, called, vacancy)


AskedSpecial = Annotated[Special, Depends(special_query)]
AskedVillage = Annotated[Village, Depends(village_query)]


def _dates(found: Special, kind: list[str] | None) -> Calendar:
    if found.calendar is None:
        assert found.no_special is not None
        raise UsageError(f"{found.no_special.message}: no calendar to download")
    return found.calendar.of_kinds(asked_kinds(kind))


@router.get("/special", responses=answers(*READ))
def special(found: AskedSpecial, kind: Kind = None) -> dict[str, Any]:
    """The whole calendar of one special election (PBO § 42), as ``nyballot special`` gives:
    ``office``, ``proclaimed``, ``election`` (and ``vacancy``, ``last_year``, ``kind``)."""
    return special_dict(found, asked_kinds(kind))


@router.get("/special.ics", responses=answers(*READ))
def special_ics(found: AskedSpecial, kind: Kind = None) -> Response:
    _dates(found, kind)  # refused where no special election is held
    return Response(ics_of_special(found, asked_kinds(kind)), media_type=ICS)


@router.get("/special.csv", responses=answers(*READ))
def special_csv(found: AskedSpecial, kind: Kind = None) -> Response:
    return Response(to_csv(_dates(found, kind)).encode(), media_type=CSV)


@router.get("/village", responses=answers(*READ))
def village(found: AskedVillage, kind: Kind = None) -> dict[str, Any]:
    """The calendar of a village election (§§ 15-104, 15-108, 6-202, 6-212): ``year`` (and
    ``month``, ``day``, ``primary``, ``kind``)."""
    return village_dict(found, asked_kinds(kind))


@router.get("/village.ics", responses=answers(*READ))
def village_ics(found: AskedVillage, kind: Kind = None) -> Response:
    return Response(ics_of_village(found, asked_kinds(kind)), media_type=ICS)


@router.get("/village.csv", responses=answers(*READ))
def village_csv(found: AskedVillage, kind: Kind = None) -> Response:
    return Response(to_csv(found.calendar.of_kinds(asked_kinds(kind))).encode(), media_type=CSV)
