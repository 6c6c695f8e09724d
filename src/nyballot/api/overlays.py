"""An overlay of one's own, sent with the request: ``POST /calendar/{year}``, ``POST
/explain/{year}/{rule_id}`` and ``POST /compare/{year}`` take its YAML as the body (or as the
form field ``overlay`` of a multipart form), validated exactly as ``nyballot law check``
validates a file; ``keep=NAME`` stores it, so later requests name it as ``?with=NAME``. The
answer is the GET's, always a what-if, with ``uploaded``: the id it was read as, its own title
and status, and the name it is kept under."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile

from nyballot.api.downloads import Convention, Event, Kind, Law, With, Year
from nyballot.api.errors import answers
from nyballot.api.query import choose
from nyballot.bills.uploaded import MAX_UPLOAD, StoreFullError, Upload, take
from nyballot.calendar.model import parse_kind_groups
from nyballot.compare import compare_requests
from nyballot.errors import UsageError
from nyballot.export.json import calendar_dict, comparison_dict, explain_dict
from nyballot.filing.errors import ConflictError, NotFoundError

router = APIRouter()
Keep = Annotated[str | None, Query(max_length=40, description="Keep it under this name")]
SENT = answers(400, 404, 409, 422)


async def _body(request: Request) -> tuple[bytes, str | None]:
    """The overlay's bytes (the body, or the form's ``overlay`` field) and a form's ``keep``."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "multipart/form-data":
        return await request.body(), None
    form = await request.form(max_files=1, max_fields=5)
    field, keep = form.get("overlay"), form.get("keep")
    if isinstance(field, UploadFile):
        data = await field.read(MAX_UPLOAD + 1)
    elif isinstance(field, str):
        data = field.encode("utf-8")
    else:
        raise UsageError("overlay: send the overlay's YAML in the form field 'overlay'")
    return data, keep if isinstance(keep, str) and keep.strip() else None


async def uploaded(request: Request, keep: str | None) -> Upload:
    data, form_keep = await _body(request)
    try:
        return await run_in_threadpool(take, data, keep or form_keep)
    except StoreFullError as exc:
        raise ConflictError(str(exc)) from None


def _said(up: Upload) -> dict[str, Any]:
    return {"id": up.id, "title": up.title, "status": up.status, "kept": up.kept,
            "what_if": True}  # fmt: skip


@dataclass(frozen=True)
class Sent:
    """The query every POST takes: the law, events and convention, and the name to keep it."""

    law: str | None
    event: tuple[str, ...]
    convention: str
    keep: str | None


def _sent_query(
    law: Law = None, event: Event = None, convention: Convention = "rolled", keep: Keep = None
) -> Sent:
    return Sent(law, tuple(event or ()), convention, keep)


Query_ = Annotated[Sent, Depends(_sent_query)]


@router.post("/calendar/{year}", responses=SENT)
async def calendar_sent(
    request: Request, year: Year, q: Query_, kind: Kind = None
) -> dict[str, Any]:
    """The calendar of a year with the overlay sent as the body (as ``GET /calendar/{year}``)."""
    up = await uploaded(request, q.keep)
    cal = await run_in_threadpool(choose(year, q.law, (up.id,), q.event, q.convention).calendar)
    return {**calendar_dict(cal.of_kinds(parse_kind_groups(kind or (), "kind"))),
            "uploaded": _said(up)}  # fmt: skip


@router.post("/explain/{year}/{rule_id}", responses=SENT)
async def explain_sent(
    request: Request, year: Year, rule_id: Annotated[str, Path(max_length=100)], q: Query_
) -> dict[str, Any]:
    """One date, step by step, under the overlay sent as the body."""
    up = await uploaded(request, q.keep)
    cal = await run_in_threadpool(choose(year, q.law, (up.id,), q.event, q.convention).calendar)
    try:
        deadline = cal.deadline(rule_id)
    except UsageError as exc:
        raise NotFoundError(str(exc)) from None
    return {**explain_dict(cal, deadline), "uploaded": _said(up)}


@router.post("/compare/{year}", responses=SENT)
async def compare_sent(
    request: Request, year: Year, q: Query_, overlays: With = None, against: Law = None
) -> dict[str, Any]:
    """The year under the law in force (or ``against``) and under it with the overlay sent."""
    up = await uploaded(request, q.keep)
    base = choose(year, against or q.law, (), q.event, q.convention)
    other = choose(year, q.law, (*(overlays or ()), up.id), q.event, q.convention)
    result = await run_in_threadpool(compare_requests, base, other)
    return {**comparison_dict(result), "uploaded": _said(up)}
