"""Scanned volumes and their lines in the desk's database: kept whole, claimed one line at a time,
keyed.

The desk's database, not the voter store: a claim must be one short transaction that two
clerks (two server processes) cannot both win, which SQLite's IMMEDIATE transactions and
PostgreSQL's row locks give and DuckDB's single writer does not (the voter store is held by the
review workers); and the crops are the board's evidence of a filed petition, kept and backed up
with the book that records it.

A line is ``to key``, ``claimed`` by one clerk until a time (a lease: a closed tab holds a line
no longer than ``LEASE``), or done: ``keyed``, ``blank`` or ``unreadable``. Each key is
committed before it is answered, so nothing the server acknowledged is lost when it stops; the
same key sent again (a browser resending what it kept while the server was away) is accepted
once and changes nothing.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import uuid
from collections.abc import Callable
from typing import Any, Literal

from sqlalchemy import Connection, Engine, and_, func, or_, select, update
from sqlalchemy.exc import IntegrityError

from nyballot.errors import UsageError
from nyballot.filing.errors import ConflictError, NotFoundError
from nyballot.filing.schema import keying_lines, keying_volumes
from nyballot.paper.model import ScannedVolume

LEASE = dt.timedelta(minutes=10)
DONE = ("keyed", "blank", "unreadable")
STATES = ("to key", "claimed", *DONE)
MAX_FIELD = 300  # a lines file's cell (``petitions.lines.MAX_CELL``)
MAX_DATE = 40
WITNESS = 0  # the line number of a sheet's witness statement
Done = Literal["keyed", "blank", "unreadable"]
Clock = Callable[[], dt.datetime]
_T = keying_lines
_V = keying_volumes


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _stamp(instant: dt.datetime) -> str:
    # One width for every stamp (UTC, microseconds): they compare as text in SQL.
    return instant.astimezone(dt.UTC).isoformat(timespec="microseconds")


@dataclasses.dataclass(frozen=True, slots=True)
class Keyed:
    """What a clerk keyed of a line: its name, address and date as written, or that it is
    blank or cannot be read."""

    state: Done
    name: str = ""
    address: str = ""
    date: str = ""

    def checked(self) -> Keyed:
        if self.state not in DONE:
            raise UsageError(f"state '{str(self.state)[:20]}': expected one of {', '.join(DONE)}")
        fields = {"name": self.name, "address": self.address, "date": self.date}
        for field, value in fields.items():
            limit = MAX_DATE if field == "date" else MAX_FIELD
            if len(value) > limit:
                raise UsageError(f"{field}: longer than {limit} characters", fields=(field,))
        if self.state != "keyed":  # a blank or unreadable line keeps nothing typed
            return Keyed(self.state)
        shown = Keyed("keyed", self.name.strip(), self.address.strip(), self.date.strip())
        if not (shown.name or shown.address):
            raise UsageError("name: key the name and address, or mark the line blank",
                             fields=("name",))  # fmt: skip
        return shown


@dataclasses.dataclass(frozen=True, slots=True)
class Claimed:
    """A line claimed by a clerk: where it is, what a scan suggested, the sheet's witness as
    keyed so far, and when the claim runs out."""

    volume_id: str
    volume: int
    sheet: int
    line: int
    page: int
    no_ink: bool
    suggestion: dict[str, str]
    has_image: bool
    until: str
    witness: dict[str, str] | None  # the sheet's witness statement, once keyed

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


class Keying:
    """The volumes kept for keying in one desk database."""

    def __init__(
        self, engine: Engine, clock: Clock = utc_now, reader: Engine | None = None
    ) -> None:
        self.engine = engine
        # Reads through the desk's reading engine: on SQLite a write transaction begins
        # IMMEDIATE, and a read must never hold the lock a clerk's key waits for.
        self.reader = reader or engine
        self.clock = clock

    def keep(
        self, scanned: ScannedVolume, petition: str, board: str, clerk: str, volume: int
    ) -> str:
        """Keep every line of a scanned volume, in one transaction (all or nothing); its id."""
        rows = _rows(scanned, volume)
        if not rows:
            raise UsageError(f"{scanned.source[:80]}: no sheet found on any page; nothing kept")
        uid = str(uuid.uuid4())
        try:
            with self.engine.begin() as conn:
                conn.execute(_V.insert().values(
                    id=uid, petition=petition, board=board, volume=volume,
                    source=scanned.source[:200], digest=scanned.digest, pages=scanned.pages,
                    unread_pages=json.dumps(list(scanned.unread_pages)),
                    notes=json.dumps([n[:300] for n in scanned.notes][:50]), clerk=clerk,
                    kept_at=_stamp(self.clock()),
                ))  # fmt: skip
                conn.execute(_T.insert(), [{**row, "volume_id": uid} for row in rows])
        except IntegrityError:
            raise ConflictError(f"petition '{petition}': volume {volume} is already kept; "
                                "give the next volume's number") from None  # fmt: skip
        return uid

    def volume(self, volume_id: str) -> dict[str, Any]:
        """A kept volume: its petition, board, number, file, and its lines counted by state."""
        with self.reader.connect() as conn:
            found = _volume(conn, volume_id)
            counts = conn.execute(
                select(_T.c.state, func.count()).where(_T.c.volume_id == volume_id)
                .group_by(_T.c.state)
            ).all()  # fmt: skip
        found["states"] = dict.fromkeys(STATES, 0) | {state: n for state, n in counts}
        found["total"] = sum(found["states"].values())
        return found

    def board_of(self, volume_id: str) -> str:
        """The board of a kept volume's petition (one row read: asked on every key)."""
        with self.reader.connect() as conn:
            board = conn.execute(select(_V.c.board).where(_V.c.id == volume_id)).scalar()
        if board is None:
            raise NotFoundError(f"volume '{volume_id[:40]}': no such volume kept for keying")
        return str(board)

    def volumes_of(self, petition: str) -> list[dict[str, Any]]:
        """A petition's kept volumes, by number."""
        with self.reader.connect() as conn:
            ids = list(conn.execute(
                select(_V.c.id).where(_V.c.petition == petition).order_by(_V.c.volume)
            ).scalars())  # fmt: skip
        return [self.volume(uid) for uid in ids]

    def claim(self, volume_id: str, clerk: str) -> Claimed | None:
        """The next line for ``clerk`` to key, claimed until ``LEASE`` from now: the line the
        clerk already holds, else the first free one (never claimed, or its claim run out);
        None when every line is taken or done."""
        with self.engine.begin() as conn:
            _volume(conn, volume_id)
            return self._claim(conn, volume_id, clerk)

    def key(self, volume_id: str, sheet: int, line: int, clerk: str, keyed: Keyed) -> bool:
        """Record what a clerk keyed of a line, committed before this returns. The same key sent
        again changes nothing (False); a line done otherwise, or claimed by another clerk whose
        claim has not run out, is refused."""
        keyed = keyed.checked()
        with self.engine.begin() as conn:
            return self._key(conn, volume_id, sheet, line, clerk, keyed)

    def key_then_claim(
        self, volume_id: str, sheet: int, line: int, clerk: str, keyed: Keyed
    ) -> tuple[bool, Claimed | None]:
        """``key``, then ``claim`` the clerk's next line, in one transaction (one commit: a
        clerk's line costs the disk one flush)."""
        keyed = keyed.checked()
        with self.engine.begin() as conn:
            kept = self._key(conn, volume_id, sheet, line, clerk, keyed)
            return kept, self._claim(conn, volume_id, clerk)

    def _claim(self, conn: Connection, volume_id: str, clerk: str) -> Claimed | None:
        now, until = _stamp(self.clock()), _stamp(self.clock() + LEASE)
        held = conn.execute(
            select(_T.c.id).where(_T.c.volume_id == volume_id, _T.c.state == "claimed",
                                  _T.c.claimed_by == clerk, _T.c.claimed_until > now)
            .order_by(_T.c.sheet, _T.c.line).limit(1)
        ).scalar()  # fmt: skip
        picked = held if held is not None else _free_line(conn, volume_id, now)
        if picked is None:
            return None
        taken = conn.execute(
            update(_T).where(_T.c.id == picked, or_(_free(now), _T.c.claimed_by == clerk))
            .values(state="claimed", claimed_by=clerk, claimed_until=until)
        )  # fmt: skip
        if taken.rowcount != 1:  # taken by another between the two (not on SQLite)
            raise ConflictError("the line was claimed by another clerk: ask again")
        return _claimed(conn, picked)

    def _key(
        self, conn: Connection, volume_id: str, sheet: int, line: int, clerk: str, keyed: Keyed
    ) -> bool:
        now = self.clock()
        place = f"volume {volume_id[:8]} sheet {sheet} line {line}"
        row = conn.execute(
            select(_T).where(_T.c.volume_id == volume_id, _T.c.sheet == sheet, _T.c.line == line)
        ).mappings().first()  # fmt: skip
        if row is None:
            _volume(conn, volume_id)
            raise NotFoundError(f"{place}: no such line")
        if row["state"] in DONE:
            if _same(row, keyed):
                return False
            raise ConflictError(f"{place}: already keyed by {row['keyed_by']} at "
                                f"{row['keyed_at'][:19]}")  # fmt: skip
        held = row["state"] == "claimed" and row["claimed_until"] > _stamp(now)
        if held and row["claimed_by"] != clerk:
            raise ConflictError(f"{place}: claimed by {row['claimed_by']} until "
                                f"{row['claimed_until'][:19]}")  # fmt: skip
        done = conn.execute(
            update(_T).where(_T.c.id == row["id"], _T.c.state == row["state"]).values(
                state=keyed.state, name=keyed.name, address=keyed.address, date=keyed.date,
                keyed_by=clerk, keyed_at=_stamp(now), claimed_by=None, claimed_until=None,
            )
        )  # fmt: skip
        if done.rowcount != 1:
            raise ConflictError(f"{place}: changed by another clerk meanwhile: key it again")
        return True

    def image(self, volume_id: str, sheet: int, line: int) -> bytes:
        """A line's crop (PNG)."""
        with self.reader.connect() as conn:
            png = conn.execute(
                select(_T.c.png).where(_T.c.volume_id == volume_id, _T.c.sheet == sheet,
                                       _T.c.line == line)
            ).scalar()  # fmt: skip
        if not png:
            raise NotFoundError(f"volume {volume_id[:8]} sheet {sheet} line {line}: no image")
        return bytes(png)

    def images_of(self, petition: str) -> dict[tuple[int, int, int], str]:
        """The image URL of each line of a petition's kept volumes that has one, by volume,
        sheet and line (a review's line is linked to it)."""
        with self.reader.connect() as conn:
            found = conn.execute(
                select(_V.c.volume, _T.c.volume_id, _T.c.sheet, _T.c.line)
                .join(_V, _V.c.id == _T.c.volume_id)
                .where(_V.c.petition == petition, _T.c.png.is_not(None))
            ).all()  # fmt: skip
        return {(v, s, n): image_url(uid, s, n) for v, uid, s, n in found}

    def lines_of(self, petition: str) -> list[dict[str, Any]]:
        """Every line of a petition's kept volumes, by volume, sheet and line (no images)."""
        columns = [_V.c.volume, _T.c.volume_id, _T.c.sheet, _T.c.line, _T.c.state, _T.c.name,
                   _T.c.address, _T.c.date]  # fmt: skip
        with self.reader.connect() as conn:
            found = conn.execute(
                select(*columns).join(_V, _V.c.id == _T.c.volume_id)
                .where(_V.c.petition == petition)
                .order_by(_V.c.volume, _T.c.sheet, _T.c.line)
            ).mappings().all()  # fmt: skip
        return [dict(row) for row in found]


def image_url(volume_id: str, sheet: int, line: int) -> str:
    """Where the desk serves a line's crop (``nyballot.web.keying``)."""
    return f"/web/desk/keying/{volume_id}/images/{sheet}/{line}.png"


def _volume(conn: Connection, volume_id: str) -> dict[str, Any]:
    row = conn.execute(select(_V).where(_V.c.id == volume_id)).mappings().first()
    if row is None:
        raise NotFoundError(f"volume '{volume_id[:40]}': no such volume kept for keying")
    found = dict(row)
    found["unread_pages"] = json.loads(found["unread_pages"])
    found["notes"] = json.loads(found["notes"])
    return found


def _free(now: str) -> Any:
    """A line no clerk holds: never claimed, or its claim run out."""
    return or_(_T.c.state == "to key", and_(_T.c.state == "claimed", _T.c.claimed_until <= now))


def _free_line(conn: Connection, volume_id: str, now: str) -> int | None:
    """The first free line of a volume, locked for this transaction on PostgreSQL (another
    clerk's claim skips it); SQLite's IMMEDIATE transaction holds the whole file meanwhile."""
    found = conn.execute(
        select(_T.c.id).where(_T.c.volume_id == volume_id, _free(now))
        .order_by(_T.c.sheet, _T.c.line).limit(1).with_for_update(skip_locked=True)
    ).scalar()  # fmt: skip
    return None if found is None else int(found)


def _claimed(conn: Connection, line_id: int) -> Claimed:
    row = conn.execute(
        select(_T, _V.c.volume).join(_V, _V.c.id == _T.c.volume_id).where(_T.c.id == line_id)
    ).mappings().one()  # fmt: skip
    witness = conn.execute(
        select(_T.c.state, _T.c.name, _T.c.address, _T.c.date).where(
            _T.c.volume_id == row["volume_id"], _T.c.sheet == row["sheet"],
            _T.c.line == WITNESS, _T.c.state.in_(DONE),
        )
    ).mappings().first()  # fmt: skip
    return Claimed(
        volume_id=row["volume_id"], volume=row["volume"], sheet=row["sheet"], line=row["line"],
        page=row["page"], no_ink=bool(row["no_ink"]), suggestion=json.loads(row["suggestion"]),
        has_image=row["png"] is not None, until=row["claimed_until"],
        witness=None if witness is None or row["line"] == WITNESS else dict(witness),
    )  # fmt: skip


def _same(row: Any, keyed: Keyed) -> bool:
    return bool(
        (row["state"], row["name"], row["address"], row["date"])
        == (keyed.state, keyed.name, keyed.address, keyed.date)
    )


def _rows(scanned: ScannedVolume, volume: int) -> list[dict[str, Any]]:
    """The rows a scanned volume keeps: each sheet's witness statement (line 0, its crop if the
    scan found one) and lines. A sheet is numbered by its code, else by its place in the file;
    a sheet found twice, or whose code names another volume or another petition than the
    volume's other sheets, is refused."""
    rows: list[dict[str, Any]] = []
    pages: dict[int, int] = {}
    printed: dict[str, int] = {}  # the petitions the sheets' codes name, by a page of each
    for place, sheet in enumerate(scanned.sheets, start=1):
        number = sheet.identity.sheet if sheet.identity else place
        if sheet.identity:
            printed.setdefault(sheet.identity.petition, sheet.page)
        if len(printed) > 1:
            (a, page_a), (b, page_b) = list(printed.items())[:2]
            raise UsageError(f"page {page_b}: a sheet of petition '{b[:40]}', but page "
                             f"{page_a} one of '{a[:40]}': a volume is one petition's; "
                             "nothing kept")  # fmt: skip
        if sheet.identity and sheet.identity.volume != volume:
            raise UsageError(f"page {sheet.page}: its sheet's code names volume "
                             f"{sheet.identity.volume}, not volume {volume}")  # fmt: skip
        if number in pages:
            raise UsageError(f"sheet {number}: found on page {pages[number]} and on page "
                             f"{sheet.page}; nothing kept")  # fmt: skip
        pages[number] = sheet.page
        witness = sheet.witness
        rows.append(_row(number, WITNESS, sheet.page, witness))
        rows += [_row(number, crop.line, sheet.page, crop) for crop in sheet.lines]
    return rows


def _row(sheet: int, line: int, page: int, crop: Any) -> dict[str, Any]:
    return {
        "sheet": sheet, "line": line, "page": page,
        "box": ",".join(map(str, crop.box)) if crop else "",
        "png": crop.png if crop else None,
        "no_ink": bool(crop.blank) if crop else False,
        "suggestion": json.dumps(dict(crop.suggestion) if crop else {}),
        "state": "to key",
    }  # fmt: skip
