"""Keying on the filing desk: who may, which petition, which volume (the pages and the API both
ask here, so both refuse alike)."""

from __future__ import annotations

import logging
from typing import Any

from nyballot.errors import NyballotError, UsageError
from nyballot.filing.access import RECORD, Actor
from nyballot.filing.desk import Desk
from nyballot.filing.errors import ForbiddenError, NotFoundError
from nyballot.keying.scanner import Scanner
from nyballot.keying.store import Claimed, Keyed, Keying
from nyballot.paper.model import ScannedVolume

MAX_VOLUME = 999
KEEP_VOLUME = "keep volume"  # the access log's name for a scanned volume kept


def may_key(actor: Actor) -> None:
    if not actor.may(RECORD):
        raise ForbiddenError(f"role '{actor.role}' may not record filings")


def petition_of(desk: Desk, actor: Actor, uid: str) -> dict[str, Any]:
    """A filed petition of a board the clerk's token covers."""
    from nyballot.petitions.book import FILED_AS

    try:
        filing = desk.get(uid)
    except NotFoundError:
        raise UsageError(f"petition '{uid[:36]}': no such filing in the desk's book",
                         fields=("petition",)) from None  # fmt: skip
    actor.check_board(filing["board"])
    if filing["kind"] not in FILED_AS.values():
        raise UsageError(f"petition '{uid[:36]}': the book holds a paper of kind "
                         f"'{filing['kind']}', not a petition", fields=("petition",))  # fmt: skip
    return filing


def volume_of(keying: Keying, actor: Actor, volume_id: str) -> dict[str, Any]:
    """A kept volume of a board the clerk's token covers."""
    found = keying.volume(volume_id)
    actor.check_board(found["board"])
    return found


def scan_and_keep(
    desk: Desk, keying: Keying, scanner: Scanner, actor: Actor, petition: str, volume: str,
    data: bytes, source: str,
) -> str:  # fmt: skip
    """Check the clerk, the petition and the volume's number, scan the file, keep its lines (all
    or nothing); the kept volume's id."""
    may_key(actor)
    filing = petition_of(desk, actor, petition.strip())
    number = volume.strip()
    if not number.isdigit() or not 1 <= int(number) <= MAX_VOLUME:
        raise UsageError(f"volume '{number[:10]}': a number from 1 to {MAX_VOLUME}",
                         fields=("volume",))  # fmt: skip
    # The sheets' codes name the petition as its sheets were printed, not its record in the
    # book: the scanner is not asked to match them; the volume must be of one petition.
    scanned = _scanned(scanner, data, source)
    return keying.keep(scanned, filing["uid"], filing["board"], actor.name, int(number))


def key_line(
    keying: Keying, actor: Actor, volume_id: str, sheet: int, line: int, keyed: Keyed
) -> tuple[bool, Claimed | None]:
    """A line keyed by a clerk of the volume's board, and the clerk's next line claimed, in one
    transaction (``Keying.key_then_claim``)."""
    may_key(actor)
    actor.check_board(keying.board_of(volume_id))
    return keying.key_then_claim(volume_id, sheet, line, actor.name, keyed)


def _scanned(scanner: Scanner, data: bytes, source: str) -> ScannedVolume:
    """The scanner's reading of the file; a failure of the scanner itself on a file it could
    not read is that file's refusal, logged with its trace (nothing is kept either way)."""
    try:
        return scanner(data, source=source)
    except NyballotError:
        raise
    except Exception as exc:
        logging.getLogger(__name__).exception("scanning %s failed", source)
        raise UsageError(f"{source[:80]}: the scanner could not read it ({type(exc).__name__}); "
                         "nothing was kept") from None  # fmt: skip
