"""The clerk's desk in the browser: a token exchanged for a session, then the board's queue and
the forms that file papers, each write the very library call the API makes (``Desk.submit``),
logged the same way.

    GET  /web/desk               sign in, or the queue (due today, this week, run out) and forms
    POST /web/desk/signin        a token for a session (an HttpOnly, SameSite=Strict cookie)
    POST /web/desk/file          a paper: stamped by the server's clock; the receipt follows
    POST /web/desk/signout       ends the session

The session is kept in the desk's database (``nyballot.web.sessions``: a restart signs no clerk
out) and lasts at most ``SESSION_HOURS``; every request checks the token again, so revoking it
ends the session. Every form carries a CSRF token: the session's, or before sign-in one bound to
a cookie of its own. A lines file for petition review is uploaded on ``nyballot.web.desk_reviews``.
"""

from __future__ import annotations

import datetime as dt
import hmac
import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response
from starlette.datastructures import UploadFile

from nyballot.errors import NyballotError, UsageError
from nyballot.filing import access
from nyballot.filing.access import Actor
from nyballot.filing.desk import Desk, Submission
from nyballot.filing.errors import AuthError
from nyballot.filing.model import BOARDS, KINDS
from nyballot.reckoning.season import season_year, today
from nyballot.web.render import render
from nyballot.web.sessions import SESSION_HOURS, Session, Sessions

router = APIRouter(include_in_schema=False)

SESSION_COOKIE = "nyballot_desk"
PRE_COOKIE = "nyballot_signin"  # binds the sign-in form's CSRF token before a session exists
STALE_FORM = "The form had expired or was not this site's: sign in again."
NO_CSRF = "The form was not this page's (no or a wrong CSRF token): nothing was filed."
# The file form's fields (a form given again keeps what was typed in each).
FIELDS = (
    "kind", "board", "year", "method", "postmark", "candidate", "residence", "office",
    "district", "party", "refers_to", "outcome", "supersedes", "note", "special",
)  # fmt: skip


def sessions_of(request: Request) -> Sessions:
    """The sessions kept in the desk's database (one ``Sessions`` per application)."""
    state = request.app.state
    if not hasattr(state, "web_sessions"):
        state.web_sessions = Sessions(state.desk.engine)
    found: Sessions = state.web_sessions
    return found


def _client(request: Request) -> str:
    return request.client.host if request.client else ""


def signed_in(request: Request) -> tuple[Session, Actor] | str:
    """The session and the clerk it stands for, or why there is none (the token is checked
    again on every request: an expired or revoked token ends the session)."""
    sid = request.cookies.get(SESSION_COOKIE)
    session = sessions_of(request).get(sid)
    if session is None and sid:
        return "Your session has ended (signed out, run out or its token revoked): sign in again."
    if session is None:
        return "Sign in with your token."
    desk: Desk = request.app.state.desk
    try:
        return session, access.actor_of_token(
            desk.engine, session.token_id, _client(request), desk.failures, desk.reader
        )
    except AuthError as exc:
        sessions_of(request).end(sid)
        return f"Your session has ended: {exc}"


def same(a: str | None, b: str | None) -> bool:
    return bool(a) and bool(b) and hmac.compare_digest(str(a), str(b))


def _cookie(response: Response, request: Request, name: str, value: str, hours: int) -> None:
    response.set_cookie(
        name, value, max_age=hours * 3600, httponly=True, samesite="strict",
        secure=request.url.scheme == "https", path="/web/desk",
    )  # fmt: skip


def sign_in_page(request: Request, message: str = "", status: int = 200) -> Response:
    pre = request.cookies.get(PRE_COOKIE) or secrets.token_urlsafe(32)
    page = render("desk_signin.html", status, message=message, csrf=pre, active_page="desk")
    _cookie(page, request, PRE_COOKIE, pre, 1)
    return page


@router.get("/web/desk", response_model=None)
def desk_page(request: Request) -> Response:
    """The queue of the clerk's boards and the form to file a paper, or the sign-in form."""
    signed = signed_in(request)
    if isinstance(signed, str):
        return sign_in_page(request)
    session, actor = signed
    return _desk_page(request, session, actor)


def _queue(desk: Desk, actor: Actor, day: dt.date) -> dict[str, list[Any]]:
    """The clocks of the clerk's boards: run out in the last week, due today, this week, later."""
    boards = sorted(actor.boards) if actor.boards is not None else [None]
    found = [c for b in boards for c in desk.due(b, None, day - dt.timedelta(days=7))]
    week = day + dt.timedelta(days=6)
    return {
        "run out": [c for c in found if c.due < day],
        "due today": [c for c in found if c.due == day],
        "this week": [c for c in found if day < c.due <= week],
        "later": [c for c in found if c.due > week][:50],
    }


def _desk_page(
    request: Request,
    session: Session,
    actor: Actor,
    receipt: dict[str, Any] | None = None,
    error: str = "",
    typed: dict[str, str] | None = None,
    status: int = 200,
) -> Response:
    desk: Desk = request.app.state.desk
    day = today()
    boards = [b for b in sorted(BOARDS.values(), key=lambda b: b.name)]
    if actor.boards is not None:
        boards = [b for b in boards if b.id in actor.boards]
    return render(
        "desk.html",
        400 if error and status == 200 else status,
        active_page="desk",
        actor=actor,
        csrf=session.csrf,
        queue=_queue(desk, actor, day),
        today=day,
        boards=boards,
        kinds={k.value: info.title for k, info in KINDS.items()},
        receipt=receipt,
        error=error,
        typed=dict.fromkeys(FIELDS, "")
        | (typed or {"year": str(season_year(day)), "method": "in_person"}),
    )


@router.post("/web/desk/signin", response_model=None)
def sign_in(
    request: Request,
    token: Annotated[str, Form(max_length=200)] = "",
    csrf: Annotated[str, Form(max_length=100)] = "",
) -> Response:
    """A clerk's token for a session; the token is checked (and a failure logged) by the desk."""
    if not same(csrf, request.cookies.get(PRE_COOKIE)):
        return sign_in_page(request, STALE_FORM, 403)
    desk: Desk = request.app.state.desk
    try:
        actor = desk.actor_for(token.strip(), _client(request))
    except AuthError as exc:
        return sign_in_page(request, str(exc), 401)
    assert actor.token_id is not None  # a token's actor
    sid, _ = sessions_of(request).start(actor.token_id, actor.boards)
    done = RedirectResponse("/web/desk", status_code=303)
    _cookie(done, request, SESSION_COOKIE, sid, SESSION_HOURS)
    done.delete_cookie(PRE_COOKIE, path="/web/desk")
    return done


@router.post("/web/desk/signout", response_model=None)
def sign_out(request: Request, csrf: Annotated[str, Form(max_length=100)] = "") -> Response:
    """Ends the session (the token itself stays valid until it is revoked)."""
    sid = request.cookies.get(SESSION_COOKIE)
    session = sessions_of(request).get(sid)
    if session is not None and same(csrf, session.csrf):
        sessions_of(request).end(sid)
    done = RedirectResponse("/web/desk", status_code=303)
    done.delete_cookie(SESSION_COOKIE, path="/web/desk")
    return done


@router.post("/web/desk/file", response_model=None)
async def file_paper(request: Request) -> Response:
    """A paper filed at the counter: the same ``Desk.submit`` the API calls, stamped by the
    server's clock; the page shows the receipt (stamp, verdict and its words)."""
    signed = signed_in(request)
    if isinstance(signed, str):
        return sign_in_page(request, signed, 401)
    session, actor = signed
    form = await request.form(max_fields=40, max_files=0)
    typed = {k: str(v)[:300] for k, v in form.items()}
    if not same(typed.get("csrf"), session.csrf):
        return _desk_page(request, session, actor, error=NO_CSRF, typed=typed, status=403)
    try:
        desk: Desk = request.app.state.desk
        record, _ = desk.submit(_submission(typed), actor, typed.get("key") or None)
    except NyballotError as exc:
        return _desk_page(request, session, actor, error=str(exc), typed=typed)
    return _desk_page(request, session, actor, receipt=record)


def _submission(typed: dict[str, str]) -> Submission:
    """The form's fields as a paper, as the API's body becomes one."""
    name, residence = typed.get("candidate", "").strip(), typed.get("residence", "").strip()
    year = typed.get("year", "").strip()
    return Submission(
        kind=typed.get("kind", ""),
        board=typed.get("board", ""),
        year=int(year) if year.isdigit() and len(year) == 4 else 0,
        method=typed.get("method") or "in_person",
        postmark=typed.get("postmark") or None,
        candidates=[{"name": name, "residence": residence}] if name else [],
        office=typed.get("office", ""),
        district=typed.get("district", ""),
        party=typed.get("party", ""),
        refers_to=typed.get("refers_to") or None,
        outcome=typed.get("outcome") or None,
        supersedes=typed.get("supersedes") or None,
        note=typed.get("note", ""),
        special=typed.get("special", "").strip() or None,
    )


class TooLarge(UsageError):
    """An upload over the desk's limit (answered 413)."""


async def uploaded(
    upload: Any, limit: int, what: str, choose: str, whose: str
) -> tuple[bytes, str]:
    """A file uploaded on a desk form, read within ``limit`` bytes: a form sent without one
    is told to ``choose`` it, one over the limit is refused as over ``whose`` limit. With
    the file's name as sent."""
    if not isinstance(upload, UploadFile) or not upload.filename:
        raise UsageError(f"{what}: {choose}")
    data: bytes = await upload.read(limit + 1)
    if len(data) > limit:
        raise TooLarge(f"{what}: larger than {limit:,} bytes, {whose}")
    return data, upload.filename
