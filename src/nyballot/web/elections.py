"""The special and village election pages, with the same forms as ``nyballot special`` and
``nyballot village``, and their downloads (PDF, CSV and JSON of the page, the ICS feed).

    /web/special?office=&proclaimed=&election=&vacancy=&last_year=
    /web/village?year=&month=&day=&primary=
"""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from nyballot.elections.law import special_law
from nyballot.elections.output import special_dict, village_dict
from nyballot.elections.requests import asked_special, asked_village
from nyballot.elections.village import MONTHS
from nyballot.errors import NyballotError
from nyballot.export.csv import to_csv
from nyballot.web.render import respond

router = APIRouter(include_in_schema=False)

Field = Annotated[str | None, Query(max_length=40)]


def _ics(request: Request, path: str) -> list[tuple[str, str]]:
    pairs = [(k, v) for k, v in request.query_params.multi_items() if k != "format" and v]
    return [("ICS", f"{path}?{urlencode(pairs)}")]


@router.get("/web/special", response_model=None)
def special_page(
    request: Request,
    office: Field = None,
    proclaimed: Field = None,
    election: Field = None,
    vacancy: Field = None,
    last_year: Field = None,
) -> Response:
    asked = {"office": office, "proclaimed": proclaimed, "election": election,
             "vacancy": vacancy, "last_year": last_year}  # fmt: skip
    context: dict[str, Any] = {"asked": asked, "offices": special_law().offices}
    if not office:
        return respond(request, "special.html", name="nyballot-special", found=None, **context)
    year = int(last_year) if last_year and last_year.strip().isdigit() else None
    try:
        found = asked_special(office, proclaimed, election, vacancy, year)
    except NyballotError as exc:  # the form again, as typed, with what was wrong
        return respond(request, "special.html", name="nyballot-special", found=None,
                       error=str(exc), status=400, **context)  # fmt: skip
    held = found.calendar is not None
    return respond(
        request,
        "special.html",
        name=f"nyballot-special-{found.office.name}-{found.request.election.isoformat()}",
        csv=to_csv(found.calendar) if found.calendar else None,
        data=special_dict(found),
        extra=_ics(request, "/special.ics") if held else (),
        found=found,
        cal=found.calendar,
        **context,
    )


@router.get("/web/village", response_model=None)
def village_page(
    request: Request,
    year: Field = None,
    month: Field = None,
    day: Field = None,
    primary: Field = None,
) -> Response:
    asked = {"year": year, "month": (month or "march").lower(), "day": day, "primary": primary}
    context: dict[str, Any] = {"asked": asked, "months": MONTHS}
    if not year or not year.strip().isdigit():
        return respond(request, "village.html", name="nyballot-village", found=None, **context)
    try:
        found = asked_village(int(year), month, day, bool(primary))
    except NyballotError as exc:  # the form again, as typed, with what was wrong
        return respond(request, "village.html", name="nyballot-village", found=None,
                       error=str(exc), status=400, **context)  # fmt: skip
    return respond(
        request,
        "village.html",
        name=f"nyballot-village-{found.held.isoformat()}",
        csv=to_csv(found.calendar),
        data=village_dict(found),
        extra=_ics(request, "/village.ics"),
        found=found,
        cal=found.calendar,
        **context,
    )
