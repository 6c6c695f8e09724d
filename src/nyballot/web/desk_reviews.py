"""A lines file uploaded on the clerk's desk for the review of a filed petition, the review run
outside the request, and a page that follows it to the clerk's report.

    GET  /web/desk/review              the upload form (``?petition=UID`` fills in the filing)
    POST /web/desk/review              the lines file and what the petition is for (CSRF)
    GET  /web/desk/reviews/{job}       the review's progress, then its kept page and report

The review is the one ``POST /petitions/reviews`` makes, by the same task on the same worker
process (``petitions.workers``, the clerks' slot: the lines ruled against the voter file and the
petition's rivals in the book, then kept with its signers in one transaction), logged as ``keep
review`` in the desk's access log. Its progress, as the worker tells it, is held here (a
restart forgets a review not yet kept, and keeps nothing of it). The file is capped as a
clerk's upload over the API is (``max_upload``); the form's fields and the filing are checked
before the review is queued, the file by the worker (a bad file ends the review refused, on its
page); a refused or failed review stores nothing.
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
import threading
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from nyballot.api.petitions import KEEP, pool_of  # the access log's name, the workers: the API's
from nyballot.errors import NyballotError, UsageError
from nyballot.filing import access
from nyballot.filing.access import RECORD, Actor
from nyballot.filing.desk import Desk
from nyballot.filing.errors import ForbiddenError, NotFoundError
from nyballot.petitions.request import Request as ReviewRequest
from nyballot.petitions.request import parse_units
from nyballot.petitions.workers import Busy, Stream, Task
from nyballot.voters.where import store_value
from nyballot.web.desk import NO_CSRF, TooLarge, same, sign_in_page, signed_in, uploaded
from nyballot.web.render import render

router = APIRouter(include_in_schema=False)

# The form whose body carries a lines file (the upload limit, not the small one).
UPLOADS: tuple[str, ...] = ("/web/desk/review",)
FIELDS = ("petition", "party", "unit", "enrolled", "required", "seats", "keyed")
KEPT_JOBS = 200  # the reviews whose progress is remembered (the oldest ended ones go first)
JobId = Annotated[str, Path(max_length=40)]


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
    """The reviews of this process, each followed by a thread of its own while a worker
    process runs it (``Stream``)."""

    def __init__(self) -> None:
        self.all: dict[str, Job] = {}
        self.lock = threading.Lock()

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
def review_form(
    request: Request,
    petition: Annotated[str, Query(max_length=36)] = "",
    keyed: Annotated[str, Query(max_length=3)] = "",
) -> Response:
    """The form that uploads a filed petition's lines for review (``keyed=yes``: the lines
    keyed from its scanned volumes instead of a file)."""
    signed = signed_in(request)
    if isinstance(signed, str):
        return sign_in_page(request)
    session, actor = signed
    typed = {"petition": petition[:36], "seats": "1", "keyed": "yes" if keyed == "yes" else ""}
    return _form(session.csrf, actor, typed)


def _form(
    csrf: str, actor: Actor, typed: dict[str, str], error: str = "", status: int = 200
) -> Response:
    shown = dict.fromkeys(FIELDS, "") | typed
    return render("desk_review.html", status, active_page="desk", actor=actor, csrf=csrf,
                  typed=shown, error=error)  # fmt: skip


@router.post("/web/desk/review", response_model=None)
async def upload_lines(request: Request) -> Response:
    """A filed petition's lines file: checked, then reviewed in the clerks' worker process;
    the answer is the page of its progress."""
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
        if typed["keyed"] == "yes":
            job, wanted = await run_in_threadpool(_checked, request, actor, typed)
            data = await run_in_threadpool(_keyed_lines, request, job.petition)
            name = f"the lines keyed from petition {job.petition}'s volumes"
        else:
            data, name = await _lines_file(request, upload)
            job, wanted = await run_in_threadpool(_checked, request, actor, typed)
        task = Task(data, name, wanted, store_value(None), _desk_url(request), job.petition,
                    keep=True, progress=True)  # fmt: skip
        stream = pool_of(request).submit(task, clerk=True)
    except NyballotError as exc:
        desk: Desk = request.app.state.desk  # refused as over the API: logged
        access.log(desk.engine, actor.name, KEEP, f"review of {typed['petition'][:40]}",
                   actor.client, f"refused: {str(exc)[:250]}")  # fmt: skip
        return _form(session.csrf, actor, typed, str(exc), _status(exc))
    finally:
        await form.close()
    jobs_of(request).add(job)
    threading.Thread(target=_run, args=(job, stream, request.app.state.desk, actor),
                     name="desk-review", daemon=True).start()  # fmt: skip
    return RedirectResponse(f"/web/desk/reviews/{job.id}", status_code=303)


async def _lines_file(request: Request, upload: Any) -> tuple[bytes, str]:
    """The uploaded lines file, within the upload limit, and its name as errors give it."""
    limit: int = request.app.state.max_upload
    data, name = await uploaded(
        upload,
        limit,
        "lines file",
        "choose the petition's lines file (CSV)",
        "a clerk's upload limit",
    )
    return data, f"lines file {name[:60]}"


def _keyed_lines(request: Request, petition: str) -> bytes:
    """The lines keyed from a petition's scanned volumes, as a lines file (``nyballot.keying``),
    refused while any line is left to key."""
    from nyballot.keying.lines import lines_file
    from nyballot.web.keying import keying_of

    return lines_file(keying_of(request.app).lines_of(petition), petition)


def _status(exc: NyballotError) -> int:
    """A refused upload's status: the token's board, the file's size, the queue, the rest."""
    known = ((ForbiddenError, 403), (TooLarge, 413), (Busy, 503))
    return next((status for kind, status in known if isinstance(exc, kind)), 400)


def _desk_url(request: Request) -> str:
    desk: Desk = request.app.state.desk
    return desk.engine.url.render_as_string(hide_password=False)


def _checked(request: Request, actor: Actor, typed: dict[str, str]) -> tuple[Job, ReviewRequest]:
    """The review the form asks for, refused before it is queued if anything but the file is
    wrong (in a worker thread: it reads the book)."""
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
    if not has_voter_file(None):
        raise UsageError("voter store: no voter file imported (nyballot voters import FILE)")
    return Job(secrets.token_urlsafe(12), uid, filing["board"], actor.name, 0), wanted


def _count(typed: dict[str, str], field: str) -> int | None:
    value = typed[field].strip().replace(",", "")
    if not value:
        return None
    if not value.isdigit() or len(value) > 9:
        raise UsageError(f"{field} '{value[:20]}': expected a whole number", fields=(field,))
    return int(value)


def _run(job: Job, stream: Stream, desk: Desk, actor: Actor) -> None:
    """The review, as ``POST /petitions/reviews`` makes it, in the clerks' worker process,
    its progress counted as the worker tells it; kept with the petition's signers, and
    logged, recorded or refused."""

    def progress(done: int, total: int) -> None:
        job.state, job.done, job.total = "ruling", done, total

    stream.on_progress = progress
    try:
        stream.start()
        for _ in stream:  # the worker sends no answer, only how far it is, then the end
            pass
    except NyballotError as exc:
        job.error, job.state = str(exc), "refused"
    except Exception as exc:  # a review that fails keeps nothing; the page says so
        logging.getLogger(__name__).exception("review of petition %s failed", job.petition)
        job.error, job.state = (
            f"the review failed ({type(exc).__name__}); nothing was kept",
            "refused",
        )
    else:
        job.done, job.review, job.state = job.total, stream.kept, "done"
    finally:
        stream.close()
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
