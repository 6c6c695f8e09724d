"""The calendar API: ``/calendar/{year}``, ``/explain``, ``/compare``, ``/holidays``, ``/health``.

The calendar route and its query dependency are ``async``: a calendar is computed once per
choice (cached, with its gzip and entity tag), so a request never needs a worker thread. A
request the route has answered once (the same path and query) is answered again by
``KeptCalendars`` from the kept body, before routing: the route's query parsing and validation
cost ten times the sending of a kept answer.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response
from starlette.datastructures import Headers

from nyballot.api.body_limit import ASGIApp, Receive, Scope, Send
from nyballot.api.downloads import Asked, Convention, Event, Kind, Law, With, Year
from nyballot.api.encoded import Encoded
from nyballot.api.errors import READ, answers
from nyballot.api.query import choose
from nyballot.calendar.model import Calendar, parse_kind_groups
from nyballot.calendar.request import CalendarRequest
from nyballot.compare import compare_requests
from nyballot.errors import UsageError
from nyballot.export.json import calendar_dict, comparison_dict, explain_dict, holidays_dict
from nyballot.filing.errors import NotFoundError
from nyballot.law.model import KindGroup

router = APIRouter()


# The law data is fixed for the life of the process, so a calendar never changes: the JSON of
# the latest choices is kept (with its gzip). A choice not kept is computed in a worker thread,
# so a new query never holds up the requests being served.
_KEPT = 256
Key = tuple[CalendarRequest, tuple[KindGroup, ...]]
_calendars: OrderedDict[Key, Encoded] = OrderedDict()
_lock = threading.Lock()
# The answers by request target (path, query string), as the route gave them: only on the
# event loop's thread, so no lock. The oldest go first.
Target = tuple[str, bytes]
_answers: OrderedDict[Target, Encoded] = OrderedDict()


def _kept(key: Key) -> Encoded | None:
    with _lock:
        body = _calendars.get(key)
        if body is not None:
            _calendars.move_to_end(key)
        return body


def _calendar_json(key: Key) -> Encoded:
    choice, kinds = key
    body = Encoded(
        json.dumps(calendar_dict(choice.calendar().of_kinds(kinds))).encode(), "application/json"
    )
    with _lock:
        _calendars[key] = body
        while len(_calendars) > _KEPT:
            _calendars.popitem(last=False)
    return body


@router.get("/health")
async def health() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/calendar/{year}", response_model=None, responses=answers(*READ))
async def calendar(request: Request, choice: Asked, kind: Kind = None) -> Response:
    """The political calendar of a year, every date with its derivation (the same query as
    ``/calendar/{year}.json``: law, with, event, convention; ``kind`` keeps only the
    dates for candidates, boards or voters). Gzipped when the client accepts it; its ``ETag``
    in ``If-None-Match`` answers 304."""
    key = (choice, parse_kind_groups(kind or (), "kind"))
    body = _kept(key)
    if body is None:
        body = await run_in_threadpool(_calendar_json, key)
    _answers[request.scope["path"], request.scope["query_string"]] = body
    while len(_answers) > _KEPT:
        _answers.popitem(last=False)
    return body.response(request.headers)


class KeptCalendars:
    """Answer a ``GET`` the calendar route has answered before (the same path and query) from
    its kept body, without routing. A calendar depends on its path and query alone, and only
    valid ones were kept; the body, headers, gzip and 304 are the route's own."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET":
            body = _answers.get((scope["path"], scope["query_string"]))
            if body is not None:
                await body.response(Headers(scope=scope))(scope, receive, send)
                return
        await self.app(scope, receive, send)


# The choices whose calendar was computed (and is cached by the calendar package), so that
# reading it again need not leave the event loop.
_computed: set[CalendarRequest] = set()


async def _calendar_of(choice: CalendarRequest) -> Calendar:
    """The choice's calendar: computed in a worker thread the first time, so a new query never
    holds up the requests being served; then read straight from the cache."""
    if choice in _computed:
        return choice.calendar()
    cal = await run_in_threadpool(choice.calendar)
    if len(_computed) >= _KEPT:  # as many as the calendar package keeps
        _computed.clear()
    _computed.add(choice)
    return cal


@router.get("/explain/{year}/{rule_id}", responses=answers(400, 404, 422))
async def explain(choice: Asked, rule_id: Annotated[str, Path(max_length=100)]) -> dict[str, Any]:
    """One date, step by step, with the words and citations (the same query as
    ``/calendar/{year}``: law, with, event, convention)."""
    cal = await _calendar_of(choice)
    try:
        deadline = cal.deadline(rule_id)
    except UsageError as exc:  # a rule the calendar does not have is not found: 404
        raise NotFoundError(str(exc)) from None
    return explain_dict(cal, deadline)


@router.get("/compare/{year}", responses=answers(*READ))
def compare_laws(
    year: Year,
    law: Law = None,
    overlays: With = None,
    against: Law = None,
    against_with: Annotated[list[str] | None, Query(max_length=5)] = None,
    event: Event = None,
    convention: Convention = "rolled",
) -> dict[str, Any]:
    """A year under two laws, date by date: ``?with=S5961`` against the law in force, or
    ``?law=current&against=pre-2019``; ``event`` as for ``/calendar/{year}``."""
    base = choose(year, against or law, against_with or (), event or (), convention)
    other = choose(year, law, overlays or (), event or (), convention)
    return comparison_dict(compare_requests(base, other))


@router.get("/holidays/{year}", responses=answers(*READ))
def holidays(year: Year) -> dict[str, Any]:
    """Public holidays of a year (GCL § 24)."""
    return holidays_dict(year)
