"""Keying scanned volumes over HTTP, for a clerk's token (the same library calls as the desk's
keying page, ``nyballot.keying``).

    POST /desk/keying/volumes?petition=UID&volume=N   a scanned volume (application/pdf body)
                                                      -> 201 {"id", "volume", "lines"}
    GET  /desk/keying/volumes/{id}                    the volume, its lines counted by state
    POST /desk/keying/volumes/{id}/claim              the next line for this clerk, claimed
    POST /desk/keying/volumes/{id}/lines/{sheet}/{line}  a line keyed -> the next line claimed
    GET  /desk/keying/lookup?name=&address=           the voters a line could be (type-ahead)

Bad input is a 4xx with ``{"error": "..."}``; a volume is kept whole or not at all.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import anyio
from fastapi import APIRouter, Path, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from nyballot.api.desk import Who, desk_of
from nyballot.api.errors import WRITE, answers
from nyballot.errors import NyballotError, UsageError
from nyballot.filing import access
from nyballot.keying.desk import KEEP_VOLUME, key_line, may_key, scan_and_keep, volume_of
from nyballot.keying.store import MAX_DATE, MAX_FIELD, Keyed, Keying

router = APIRouter(tags=["keying"])
UPLOADS = ("/desk/keying/volumes",)  # the path whose body is a scanned volume
VolumeId = Annotated[str, Path(max_length=36)]
Number = Annotated[int, Path(ge=0, le=100_000)]


def keying_of(request: Request) -> Keying:
    state = request.app.state
    if not hasattr(state, "keying"):
        state.keying = Keying(state.desk.engine, reader=state.desk.reader)
    found: Keying = state.keying
    return found


class KeyedIn(BaseModel):
    """What a clerk keyed of a line."""

    model_config = ConfigDict(extra="forbid")
    state: Literal["keyed", "blank", "unreadable"] = "keyed"
    name: Annotated[str, Field(max_length=MAX_FIELD)] = ""
    address: Annotated[str, Field(max_length=MAX_FIELD)] = ""
    date: Annotated[str, Field(max_length=MAX_DATE)] = ""


@router.post("/desk/keying/volumes", status_code=201, responses=answers(*WRITE, 413))
async def keep_volume(
    request: Request,
    who: Who,
    petition: Annotated[str, Query(max_length=36)],
    volume: Annotated[str, Query(max_length=3)] = "1",
) -> dict[str, Any]:
    """Scan a volume (the PDF as the body) and keep every line for keying."""
    desk = desk_of(request)
    body = await request.body()
    if not body:
        raise UsageError("body: the scanned volume (PDF) is empty")
    keying = keying_of(request)
    try:
        uid = await anyio.to_thread.run_sync(
            lambda: scan_and_keep(desk, keying, request.app.state.scanner, who, petition,
                                  volume, body, f"volume {volume} of {petition}")
        )  # fmt: skip
    except NyballotError as exc:
        access.log(desk.engine, who.name, KEEP_VOLUME, f"volume of {petition}", who.client,
                   f"refused: {str(exc)[:250]}")  # fmt: skip
        raise
    access.log(desk.engine, who.name, KEEP_VOLUME, f"volume {uid}", who.client, "recorded")
    kept = keying.volume(uid)
    return {"id": uid, "volume": kept["volume"], "lines": kept["total"]}


@router.get("/desk/keying/volumes/{volume_id}", responses=answers(401, 403, 404))
def volume(request: Request, volume_id: VolumeId, who: Who) -> dict[str, Any]:
    """A kept volume and its lines counted by state."""
    return volume_of(keying_of(request), who, volume_id)


@router.post("/desk/keying/volumes/{volume_id}/claim", responses=answers(*WRITE))
def claim(request: Request, volume_id: VolumeId, who: Who) -> dict[str, Any]:
    """The next line for this clerk to key (``line`` is null when none is left)."""
    may_key(who)
    volume_of(keying_of(request), who, volume_id)
    line = keying_of(request).claim(volume_id, who.name)
    return {"line": None if line is None else line.as_dict()}


@router.post("/desk/keying/volumes/{volume_id}/lines/{sheet}/{line}", responses=answers(*WRITE))
def key(
    request: Request, volume_id: VolumeId, sheet: Number, line: Number, body: KeyedIn, who: Who
) -> dict[str, Any]:
    """A line keyed (committed before the answer), and the next line claimed for the clerk."""
    keyed = Keyed(body.state, body.name, body.address, body.date)
    kept, following = key_line(keying_of(request), who, volume_id, sheet, line, keyed)
    return {"kept": kept, "next": None if following is None else following.as_dict()}


@router.get("/desk/keying/lookup", responses=answers(401, 403, 409, 422))
def lookup_voters(
    who: Who,
    name: Annotated[str, Query(max_length=200)] = "",
    address: Annotated[str, Query(max_length=200)] = "",
) -> dict[str, Any]:
    """The voters a line's name and address could be, the closest first, scored as the review
    scores them (a clerk's token: the voter file is not public)."""
    from nyballot.keying.lookup import lookup
    from nyballot.voters.store import opened

    may_key(who)
    with opened() as con:
        return {"candidates": lookup(con, name, address)}
