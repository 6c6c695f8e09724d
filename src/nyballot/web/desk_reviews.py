"""A lines file uploaded on the clerk's desk for the review of a filed petition, the review run
outside the request, and a page that follows it to the clerk's report.

    GET  /web/desk/review              the upload form (``?petition=UID`` fills in the filing)
    POST /web/desk/review              the lines file and what the petition is for (CSRF)
    GET  /web/desk/reviews/{job}       the review's progress, then its kept page and report

The review is the one ``POST /petitions/reviews`` makes (``petitions.book``: the lines ruled
against the voter file and the petition's rivals in the book, then kept with its signers in one
transaction), logged as ``keep review`` in the desk's access log. It runs in a worker thread of
this process, one review at a time; its progress is held here (a restart forgets a review not
yet kept, and keeps nothing of it). The file is capped as a clerk's upload over the API is
(``max_upload``); everything is checked before the review starts, so a refused upload stores
nothing.
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile

from nyballot.api.petitions import KEEP  # the access log's name for it, as over the API
from nyballot.errors import NyballotError, UsageError
from nyballot.filing import access
from nyballot.filing.access import RECORD, Actor
from nyballot.filing.desk import Desk
from nyballot.filing.errors import ForbiddenError, NotFoundError
from nyballot.petitions.lines import Petition, read_lines
from nyballot.petitions.request import Request as ReviewRequest
from nyballot.petitions.request import parse_units
from nyballot.web.desk import NO_CSRF, same, sign_in_page, signed_in
from nyballot.web.render import render

router = APIRouter(include_in_schema=False)

# The form whose body carries a lines file (the upload limit, not the small one).
UPLOADS: tuple[str, ...] = ("/web/desk/review",)
FIELDS = ("petition", "party", "unit", "enrolled", "required", "seats")
KEPT_JOBS = 200  # the reviews whose progress is remembered (the oldest ended ones go first)
JobId = Annotated[str, Path(max_length=40)]


class TooLarge(UsageError):
    """A lines file over the upload limit (answered 413)."""


@dataclasses.dataclass
class Job:
    """One review of an uploaded lines file: its petition, how far it has come, how it ended."""

    id: str
    petition: str
    board: str
    clerk: str
    total: int
    done: int = 0
    state: str = "waiting"  # waiting, ruling, done, refused
    error: str = ""
    review: str | None = None  # the kept review's id, once kept


class Jobs:
    """The reviews of this process, run one at a time in a worker thread."""

    def __init__(self) -> None:
        self.all: dict[str, Job] = {}
        self.lock = threading.Lock()
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="desk-review")

    def add(self, job: Job) -> None:
        with self.lock:
            ended = [j for j in self.all.values() if j.state in ("done", "refused")]
            for old in ended[: max(0, len(self.all) + 1 - KEPT_JOBS)]:
                del self.all[old.id]
            self.all[job.id] = job


def jobs_of(request: Request) -> Jobs:
    return jobs_of_app(request.app)


def jobs_of_app(app: Any) -> Jobs:
    """The reviews of an application (one ``Jobs`` per application)."""
    state = app.state
    if not hasattr(state, "desk_reviews"):
        state.desk_reviews = Jobs()
    found: Jobs = state.desk_reviews
    return found


@router.get("/web/desk/review", response_model=None)
def review_form(request: Request, petition: Annotated[str, Query(max_length=36)] = "") -> Response:
    """The form that uploads a filed petition's lines for review."""
    signed = signed_in(request)
    if isinstance(signed, str):
        return sign_in_page(request)
    session, actor = signed
    return _form(session.csrf, actor, {"petition": petition[:36], "seats": "1"})


def _form(
    csrf: str, actor: Actor, typed: dict[str, str], error: str = "", status: int = 200
) -> Response:
    shown = dict.fromkeys(FIELDS, "") | typed
    return render("desk_review.html", status, active_page="desk", actor=actor, csrf=csrf,
                  typed=shown, error=error)  # fmt: skip


@router.post("/web/desk/review", response_model=None)
async def upload_lines(request: Request) -> Response:
    """A filed petition's lines file: checked, then reviewed in a worker thread; the answer is
    the page of its progress."""
    signed = signed_in(request)
    if isinstance(signed, str):
        return sign_in_page(request, signed, 401)
    session, actor = signed
    form = await request.form(max_files=1, max_fields=len(FIELDS) + 2)
    typed = {k: str(form.get(k) or "")[:100] for k in FIELDS}
    upload = form.get("lines")
    if not same(str(form.get("csrf") or ""), session.csrf):
        await form.close()
        return _form(session.csrf, actor, typed, NO_CSRF, 403)
    try:
        if not isinstance(upload, UploadFile) or not upload.filename:
            raise UsageError("lines file: choose the petition's lines file (CSV)")
        limit: int = request.app.state.max_upload
        data = await upload.read(limit + 1)
        if len(data) > limit:
            raise TooLarge(f"lines file: larger than {limit:,} bytes, a clerk's upload limit")
        name = f"lines file {upload.filename[:60]}"
        job, lines, wanted = await run_in_threadpool(_checked, request, actor, typed, data, name)
    except NyballotError as exc:
        status = (
            403 if isinstance(exc, ForbiddenError) else 413 if isinstance(exc, TooLarge) else 400
        )
        desk: Desk = request.app.state.desk  # refused as over the API: logged
        access.log(desk.engine, actor.name, KEEP, f"review of {typed['petition'][:40]}",
                   actor.client, f"refused: {str(exc)[:250]}")  # fmt: skip
        return _form(session.csrf, actor, typed, str(exc), status)
    finally:
        await form.close()
    jobs_of(request).add(job)
    jobs_of(request).pool.submit(_run, job, lines, wanted, request.app.state.desk, actor)
    return RedirectResponse(f"/web/desk/reviews/{job.id}", status_code=303)


def _checked(
    request: Request, actor: Actor, typed: dict[str, str], data: bytes, name: str
) -> tuple[Job, Petition, ReviewRequest]:
    """The review the form asks for, refused before it starts if anything is wrong (in a
    worker thread: it reads the book and parses the file)."""
    from nyballot.petitions.book import FILED_AS
    from nyballot.petitions.review import check
    from nyballot.voters.store import has_voter_file

    if not actor.may(RECORD):
        raise ForbiddenError(f"role '{actor.role}' may not record filings")
    desk: Desk = request.app.state.desk
    uid = typed["petition"].strip()
    try:
        filing = desk.get(uid)
    except NotFoundError:
        raise UsageError(f"petition '{uid[:36]}': no such filing in the desk's book") from None
    actor.check_board(filing["board"])
    kinds = {filed: kind for kind, filed in FILED_AS.items()}
    if filing["kind"] not in kinds:
        raise UsageError(f"petition '{uid}': the book holds a paper of kind '{filing['kind']}', "
                         "not a petition")  # fmt: skip
    wanted = ReviewRequest(
        year=int(filing["year"]), kind=kinds[filing["kind"]],
        party=typed["party"].strip().upper() or None,
        units=parse_units(typed["unit"].replace(",", " ").split()),
        enrolled=_count(typed, "enrolled"), required=_count(typed, "required"),
        seats=_count(typed, "seats") or 1,
    )  # fmt: skip
    check(wanted)
    lines = read_lines(data, name)
    if not has_voter_file(None):
        raise UsageError("voter store: no voter file imported (nyballot voters import FILE)")
    job = Job(secrets.token_urlsafe(12), uid, filing["board"], actor.name, len(lines.lines))
    return job, lines, wanted


def _count(typed: dict[str, str], field: str) -> int | None:
    value = typed[field].strip().replace(",", "")
    if not value:
        return None
    if not value.isdigit() or len(value) > 9:
        raise UsageError(f"{field} '{value[:20]}': expected a whole number", fields=(field,))
    return int(value)


def _run(job: Job, lines: Petition, wanted: ReviewRequest, desk: Desk, actor: Actor) -> None:
    """The review, as ``POST /petitions/reviews`` makes it, counting the lines as they are
    ruled; kept with the petition's signers, and logged, recorded or refused."""
    from nyballot.petitions.book import book_review, record_review
    from nyballot.voters.store import opened

    job.state = "ruling"
    try:
        with opened(read_only=False) as con:
            run, in_book = book_review(con, lines, wanted, job.petition, desk.records())
            ruled = []
            for line in run.lines():
                ruled.append(line)
                job.done += 1
            result = {"lines": ruled, **run.rest()}
            result["petition"]["in_book"] = in_book
            job.review = record_review(con, result, job.petition, True)
    except NyballotError as exc:
        job.error, job.state = str(exc), "refused"
    except Exception as exc:  # a review that fails keeps nothing; the page says so
        logging.getLogger(__name__).exception("review of petition %s failed", job.petition)
        job.error, job.state = (
            f"the review failed ({type(exc).__name__}); nothing was kept",
            "refused",
        )
    else:
        job.state = "done"
    outcome = "recorded" if job.state == "done" else f"refused: {job.error}"
    access.log(desk.engine, actor.name, KEEP, f"review {job.review or job.petition}",
               actor.client, outcome)  # fmt: skip


@router.get("/web/desk/reviews/{job_id}", response_model=None)
def review_progress(request: Request, job_id: JobId) -> Response:
    """How far the review has come (the page reloads itself until it ends), then the links to
    the kept review and the clerk's report."""
    signed = signed_in(request)
    if isinstance(signed, str):
        return sign_in_page(request)
    _, actor = signed
    job = jobs_of(request).all.get(job_id)
    if job is None:
        raise NotFoundError(f"review '{job_id[:40]}': no such review in progress (a restart "
                            "forgets a review not yet kept)")  # fmt: skip
    actor.check_board(job.board)
    return render("desk_review_progress.html", active_page="desk", job=job)
