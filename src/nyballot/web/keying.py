"""Keying a filed petition's scanned volumes on the clerk's desk: the scan uploaded and kept,
then each line's image beside the fields a clerk keys it in, one line at a time.

    GET  /web/desk/keying                        a petition's kept volumes, the upload form
    POST /web/desk/keying                        a scanned volume (PDF): scanned, kept (CSRF)
    GET  /web/desk/keying/{volume}               the next line to key, claimed for this clerk
    POST /web/desk/keying/{volume}/key           a line keyed, blank or unreadable (CSRF); the
                                                 page's script asks for JSON and gets the next
    GET  /web/desk/keying/{volume}/images/{sheet}/{line}.png   a line's crop
    GET  /web/desk/keying/lookup                 the voters a name and address could be (JSON)

The page works without its script (each key a form, each answer the next line's page); the
script (``static/scripts/keying.js``) keeps what the clerk keyed in the browser until the
server has committed it, sends it again when the server is back, and shows the voters the
line could be as the clerk types. The scanner is the application's (``app.state.scanner``).
"""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from nyballot.api.errors import STATUS
from nyballot.errors import NyballotError, UsageError
from nyballot.filing import access
from nyballot.filing.access import Actor
from nyballot.filing.desk import Desk
from nyballot.filing.errors import ForbiddenError
from nyballot.keying.desk import KEEP_VOLUME, key_line, may_key, scan_and_keep, volume_of
from nyballot.keying.scanner import ScannerMissing
from nyballot.keying.store import WITNESS, Claimed, Keyed, Keying, image_url
from nyballot.web.desk import NO_CSRF, TooLarge, same, sign_in_page, signed_in, uploaded
from nyballot.web.render import render

router = APIRouter(include_in_schema=False)

UPLOADS: tuple[str, ...] = ("/web/desk/keying",)  # the form whose body is a scanned volume
VolumeId = Annotated[str, Path(max_length=36)]
Number = Annotated[int, Path(ge=0, le=100_000)]


def keying_of(app: Any) -> Keying:
    """The volumes kept in the application's desk database (one ``Keying`` per application)."""
    state = app.state
    if not hasattr(state, "keying"):
        state.keying = Keying(state.desk.engine, reader=state.desk.reader)
    found: Keying = state.keying
    return found


def status_of(exc: NyballotError) -> int:
    known = ((TooLarge, 413), (ScannerMissing, 503), *STATUS)
    return next(status for kind, status in known if isinstance(exc, kind))


def _volume(request: Request, actor: Actor, volume_id: str) -> dict[str, Any]:
    return volume_of(keying_of(request.app), actor, volume_id)


@router.get("/web/desk/keying", response_model=None)
def volumes_page(request: Request, petition: Annotated[str, Query(max_length=36)] = "") -> Response:
    """A petition's kept volumes, how far each is keyed, and the form that uploads another."""
    signed = signed_in(request)
    if isinstance(signed, str):
        return sign_in_page(request)
    session, actor = signed
    return _volumes_page(request, session.csrf, actor, {"petition": petition.strip()})


def _volumes_page(
    request: Request, csrf: str, actor: Actor, typed: dict[str, str], error: str = "",
    status: int = 200,
) -> Response:  # fmt: skip
    uid = typed.get("petition", "")
    volumes = keying_of(request.app).volumes_of(uid) if uid else []
    volumes = [v for v in volumes if actor.boards is None or v["board"] in actor.boards]
    shown = {"petition": uid, "volume": str(len(volumes) + 1)} | typed
    limit: int = request.app.state.max_scan
    return render("keying_volumes.html", status, active_page="desk", actor=actor, csrf=csrf,
                  typed=shown, volumes=volumes, error=error, limit=limit)  # fmt: skip


@router.post("/web/desk/keying", response_model=None)
async def upload_volume(request: Request) -> Response:
    """A scanned volume of a filed petition: scanned, then every line kept for keying (all or
    nothing); the answer is the petition's volumes, the new one among them."""
    signed = signed_in(request)
    if isinstance(signed, str):
        return sign_in_page(request, signed, 401)
    session, actor = signed
    form = await request.form(max_files=1, max_fields=4)
    typed = {k: str(form.get(k) or "")[:40].strip() for k in ("petition", "volume")}
    upload = form.get("scan")
    desk: Desk = request.app.state.desk
    try:
        if not same(str(form.get("csrf") or ""), session.csrf):
            return _volumes_page(request, session.csrf, actor, typed, NO_CSRF, 403)
        limit: int = request.app.state.max_scan
        data, name = await uploaded(upload, limit, "scan", "choose the volume's scanned file (PDF)",
                                    "the desk's limit for a volume")  # fmt: skip
        volume_id = await run_in_threadpool(_scan_and_keep, request, actor, typed, data, name[:100])
    except NyballotError as exc:
        access.log(desk.engine, actor.name, KEEP_VOLUME, f"volume of {typed['petition'][:36]}",
                   actor.client, f"refused: {str(exc)[:250]}")  # fmt: skip
        return _volumes_page(request, session.csrf, actor, typed, str(exc), status_of(exc))
    finally:
        await form.close()
    access.log(desk.engine, actor.name, KEEP_VOLUME, f"volume {volume_id}", actor.client,
               "recorded")  # fmt: skip
    shown = f"/web/desk/keying?petition={quote(typed['petition'])}"
    return RedirectResponse(shown, status_code=303)


def _scan_and_keep(
    request: Request, actor: Actor, typed: dict[str, str], data: bytes, source: str
) -> str:
    """The volume scanned and kept (in a worker thread: the scan reads every page)."""
    desk: Desk = request.app.state.desk
    return scan_and_keep(desk, keying_of(request.app), request.app.state.scanner, actor,
                         typed["petition"], typed["volume"], data, source)  # fmt: skip


@router.get("/web/desk/keying/lookup", response_model=None)
def lookup_voters(
    request: Request,
    name: Annotated[str, Query(max_length=200)] = "",
    address: Annotated[str, Query(max_length=200)] = "",
) -> Response:
    """The voters a line's name and address could be, the closest first (JSON)."""
    from nyballot.keying.lookup import lookup
    from nyballot.voters.store import opened

    signed = signed_in(request)
    if isinstance(signed, str):
        return JSONResponse({"error": signed}, 401)
    try:
        with opened() as con:
            return JSONResponse({"candidates": lookup(con, name, address)})
    except NyballotError as exc:
        return JSONResponse({"error": str(exc)}, status_of(exc))


@router.get("/web/desk/keying/{volume_id}", response_model=None)
def keying_page(request: Request, volume_id: VolumeId) -> Response:
    """The next line of the volume for this clerk (claimed for ``LEASE``), beside its fields;
    when none is left, how the volume stands."""
    signed = signed_in(request)
    if isinstance(signed, str):
        return sign_in_page(request)
    session, actor = signed
    may_key(actor)
    volume = _volume(request, actor, volume_id)
    line = keying_of(request.app).claim(volume_id, actor.name)
    if line is not None:
        volume = keying_of(request.app).volume(volume_id)  # the claim counted
    return render("keying.html", active_page="desk", actor=actor, csrf=session.csrf,
                  volume=volume, line=_shown(line))  # fmt: skip


def _shown(line: Claimed | None) -> dict[str, Any] | None:
    """A claimed line as the page and its script show it."""
    if line is None:
        return None
    shown = line.as_dict()
    shown["witness_line"] = line.line == WITNESS
    shown["title"] = (f"Sheet {line.sheet}: the witness's statement" if line.line == WITNESS
                      else f"Sheet {line.sheet}, line {line.line}")  # fmt: skip
    shown["image"] = image_url(line.volume_id, line.sheet, line.line) if line.has_image else None
    return shown


@router.post("/web/desk/keying/{volume_id}/key", response_model=None)
async def key_form(request: Request, volume_id: VolumeId) -> Response:
    """A line keyed (or marked blank or unreadable), committed before the answer: the next
    line's page, or for the page's script JSON with the next line."""
    wants_json = "application/json" in request.headers.get("accept", "")
    signed = signed_in(request)
    if isinstance(signed, str):
        return JSONResponse({"error": signed}, 401) if wants_json else sign_in_page(request)
    session, actor = signed
    form = await request.form(max_files=0, max_fields=10)
    typed = {k: str(form.get(k) or "") for k in ("sheet", "line", "state", "name", "address",
                                                 "date", "csrf")}  # fmt: skip
    try:
        if not same(typed["csrf"], session.csrf):
            raise ForbiddenError(NO_CSRF)
        kept, line = await run_in_threadpool(_key, request, actor, volume_id, typed)
        volume = await run_in_threadpool(keying_of(request.app).volume, volume_id)
    except NyballotError as exc:
        if not wants_json:
            raise
        return JSONResponse({"error": str(exc)}, status_of(exc))
    if not wants_json:
        return RedirectResponse(f"/web/desk/keying/{volume_id}", status_code=303)
    progress = {"states": volume["states"], "total": volume["total"]}
    return JSONResponse({"kept": kept, "next": _shown(line), "progress": progress})


def _key(
    request: Request, actor: Actor, volume_id: str, typed: dict[str, str]
) -> tuple[bool, Claimed | None]:
    if not (typed["sheet"].isdigit() and typed["line"].isdigit()):
        raise UsageError("sheet and line: expected numbers")
    state = typed["state"] or "keyed"
    keyed = Keyed(state, typed["name"], typed["address"], typed["date"])  # type: ignore[arg-type]
    return key_line(keying_of(request.app), actor, volume_id, int(typed["sheet"][:6]),
                    int(typed["line"][:6]), keyed)  # fmt: skip


@router.get("/web/desk/keying/{volume_id}/images/{sheet}/{line}.png", response_model=None)
def line_image(request: Request, volume_id: VolumeId, sheet: Number, line: Number) -> Response:
    """A line's crop, for a clerk of the volume's board."""
    signed = signed_in(request)
    if isinstance(signed, str):
        return sign_in_page(request, signed, 401)
    _, actor = signed
    _volume(request, actor, volume_id)
    png = keying_of(request.app).image(volume_id, sheet, line)
    return Response(png, media_type="image/png", headers={"Cache-Control": "private, max-age=3600"})
