"""Calendar files to download: ``GET /calendar/{year}.ics`` and ``GET /calendar/{year}.json``.

Part of the JSON API (errors are JSON, as everywhere in it). They take the same query as
``/calendar/{year}`` (one dependency, ``Asked``, reads it for all three): ``law``, ``with``,
``event`` (``?event=death=2026-05-01``, repeatable), ``convention``, and ``primary`` and
``general`` (typed-in election days, a what-if), so the calendar page's
links give the very calendar the page shows. Reading that query is shared with the web pages
(``nyballot.api.query``).
"""

from __future__ import annotations

import json
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path, Query
from fastapi.responses import Response

from nyballot.api.errors import READ, answers
from nyballot.api.query import MAX_EVENTS, choose
from nyballot.calendar.request import CalendarRequest
from nyballot.export.ics import to_ics
from nyballot.export.json import calendar_dict

router = APIRouter()

Year = Annotated[int, Path(ge=1900, le=2100, description="Election year")]
Law = Annotated[str | None, Query(max_length=40, description="Law version")]
With = Annotated[list[str] | None, Query(alias="with", max_length=5, description="Overlays")]
Event = Annotated[
    list[str] | None,
    Query(alias="event", max_length=MAX_EVENTS, description="Events, NAME=YYYY-MM-DD"),
]
Convention = Annotated[Literal["rolled", "statutory"], Query()]
Duties = Annotated[Literal["fixed", "rolled"], Query()]
Day = Annotated[
    str | None, Query(max_length=10, description="A typed-in election day, YYYY-MM-DD (what-if)")
]
Kind = Annotated[
    list[str] | None,
    Query(max_length=3, description="Only these dates: candidate, board, voter (or a comma list)"),
]


async def asked(
    year: Year,
    law: Law = None,
    overlays: With = None,
    event: Event = None,
    convention: Convention = "rolled",
    primary: Day = None,
    general: Day = None,
    duties: Duties = "fixed",
) -> CalendarRequest:
    """The calendar a download asks for: the year in its path, the law, events and typed-in
    election days in its query."""
    return choose(year, law, overlays or (), event or (), convention, primary, general, duties)


Asked = Annotated[CalendarRequest, Depends(asked)]


@router.get(
    "/calendar/{year}.ics",
    response_class=Response,
    responses={
        200: {"content": {"text/calendar": {}}, "description": "An iCalendar file"},
        **answers(*READ),
    },
)
def calendar_ics(choice: Asked) -> Response:
    """The political calendar of a year as an iCalendar file (stable UIDs)."""
    return Response(
        to_ics(choice.calendar()),
        media_type="text/calendar; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="nyballot-{choice.year}.ics"'},
    )


@router.get("/calendar/{year}.json", response_class=Response, responses=answers(*READ))
def calendar_json(choice: Asked) -> Response:
    """The political calendar of a year (as ``/calendar/{year}``, with events) as a file."""
    body = json.dumps(calendar_dict(choice.calendar()), indent=2, ensure_ascii=False) + "\n"
    return Response(
        body.encode(),
        media_type="application/json",
        headers={"Content-Disposition": f'inline; filename="nyballot-{choice.year}.json"'},
    )
