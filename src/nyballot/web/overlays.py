"""An overlay of one's own, uploaded on the calendar, explain and compare pages: the form posts
the file (and a name to keep it under, if wanted) and the page answers with the same calendar
under it, a what-if, its address naming the upload (``?with=``). An overlay that does not pass
``nyballot law check``'s checks gives the page again, the error said beside the form and the
name typed kept.

    POST /web/calendar/{year}/overlay           the calendar, with the upload
    POST /web/explain/{year}/{rule_id}/overlay  one rule, with the upload
    POST /web/compare/overlay                   the year (a form field) against the law in force
"""

from __future__ import annotations

from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import RedirectResponse, Response
from starlette.datastructures import UploadFile

from nyballot.bills.uploaded import MAX_UPLOAD, take
from nyballot.calendar.model import DEFAULT_DUTIES
from nyballot.errors import NyballotError, UsageError
from nyballot.web import pages
from nyballot.web.calendars import compare_form_response
from nyballot.web.common import parse_year

router = APIRouter(include_in_schema=False)


async def _sent(request: Request) -> tuple[str, str | None, str | None]:
    """The name typed to keep it under, the id the upload was read as, and what was wrong."""
    form = await request.form(max_files=1, max_fields=5)
    keep = str(form.get("keep") or "").strip()[:40]
    field = form.get("overlay")
    if not isinstance(field, UploadFile) or not field.filename:
        return keep, None, "overlay: choose the overlay's YAML file to upload"
    data = await field.read(MAX_UPLOAD + 1)
    try:
        up = await run_in_threadpool(take, data, keep or None)
    except NyballotError as exc:
        return keep, None, str(exc)
    return keep, up.kept or up.id, None


def _with(request: Request, name: str, drop: tuple[str, ...] = ()) -> str:
    """The page's query, the upload added to its overlays."""
    pairs = [(k, v) for k, v in request.query_params.multi_items() if k not in drop]
    return "?" + urlencode([*pairs, ("with", name)])


def _asked(request: Request, year: str) -> pages.Asked:
    q = request.query_params
    return pages._asked(year, q.get("law"), q.getlist("with"), q.getlist("event"),
                        q.get("convention") or "rolled", q.get("primary"), q.get("general"),
                        q.get("duties") or DEFAULT_DUTIES)  # fmt: skip


@router.post("/web/calendar/{year}/overlay", response_model=None)
async def calendar_upload(request: Request, year: str) -> Response:
    keep, name, error = await _sent(request)
    if name is not None:
        return RedirectResponse(f"/web/calendar/{year}{_with(request, name)}", status_code=303)
    asked = await run_in_threadpool(_asked, request, year)
    page = pages.calendar_response(request, asked, error=error, keep=keep)
    page.status_code = 400
    return page


@router.post("/web/explain/{year}/{rule_id}/overlay", response_model=None)
async def explain_upload(request: Request, year: str, rule_id: str) -> Response:
    keep, name, error = await _sent(request)
    if name is not None:
        target = f"/web/explain/{year}/{rule_id}{_with(request, name)}"
        return RedirectResponse(target, status_code=303)
    asked = await run_in_threadpool(_asked, request, year)
    page = pages.explain_response(request, rule_id, asked, error=error, keep=keep)
    page.status_code = 400
    return page


@router.post("/web/compare/overlay", response_model=None)
async def compare_upload(request: Request) -> Response:
    form = await request.form(max_files=1, max_fields=5)
    year = str(form.get("overlay_year") or "").strip()
    keep, name, error = await _sent(request)
    try:
        number = parse_year(year)
    except UsageError as exc:
        name, error = None, error or str(exc)
    if name is not None:
        return RedirectResponse(f"/web/compare/{number}?with={name}", status_code=303)
    page = await run_in_threadpool(
        compare_form_response, request, error=error, keep=keep, year=year
    )
    page.status_code = 400
    return page
