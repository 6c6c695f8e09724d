"""The clerk's desk: receive a paper, stamp it, judge it, record it; replay, book and clocks.

Everything the CLI and the HTTP API do goes through ``Desk``: the transactions and queries over
the store. A ``Submission`` is checked in ``submission``; rows become records in ``records``.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Callable, Iterable
from typing import Any

import orjson
from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError, OperationalError

from nyballot.calendar.model import Calendar
from nyballot.errors import NyballotError, UsageError
from nyballot.filing import access, clocks
from nyballot.filing.access import LATE_ENTRY, RECORD, Actor
from nyballot.filing.chain import Break, first_break, record_hash
from nyballot.filing.driver import Sql, Tx, transaction
from nyballot.filing.errors import ConflictError, ForbiddenError, NotFoundError, StorageError
from nyballot.filing.model import Paper, board, local
from nyballot.filing.records import decision_dict, descendants, record_dict, replay
from nyballot.filing.schema import access_log, filings
from nyballot.filing.store import driver_message, engine_for
from nyballot.filing.submission import (
    Submission,
    check_earlier,
    check_reference,
    checked_text,
    clerk_name,
    paper_of,
)
from nyballot.filing.timeliness import decide

Clock = Callable[[], dt.datetime]

# The hot statements, run through the driver's cursor (``driver``). SQLite: BEGIN IMMEDIATE lets one
# writer in at a time; the board's last hash is read, then the row and its log line are written.
# PostgreSQL: a paper is chained holding its board's lock, so two clerks never chain to the same
# record (the unique index on (board, prev_hash) would refuse the second). To spare a round trip the
# paper is chained to the hash the desk last saw at the end of its board's chain, and the row is
# written only if that is still the board's last hash (read in the same statement, under the lock);
# if not, nothing is written and the paper is chained again to the hash read then. After the BEGIN
# (psycopg waits for it), the lock, the row, its log line and the commit go in one round trip, as
# the bare INSERT and COMMIT do. (On SQLite, where a statement costs no round trip, that guard would
# cost more than the read: an INSERT reading its own table goes through a temporary table.) A key
# recorded by another clerk a moment ago is looked up and replayed; anything else conflicting is
# retried.
_TRIES = 10
_COLUMNS = [c.name for c in filings.columns if c.name != "id"]
_LOGGED = [c.name for c in access_log.columns if c.name != "id"]
_LAST = "SELECT hash FROM filings WHERE board = :{} ORDER BY id DESC LIMIT 1"
# (the board and the link are given twice: PostgreSQL deduces one type for each parameter)
_CHAINED = (
    f"INSERT INTO filings ({', '.join(_COLUMNS)}) SELECT {', '.join(':' + c for c in _COLUMNS)} "
    f"WHERE COALESCE(({_LAST.format('chain_board')}), '') = :chain_prev"
)
_INSERT = Sql(
    f"INSERT INTO filings ({', '.join(_COLUMNS)}) VALUES ({', '.join(':' + c for c in _COLUMNS)})"
)
_LOG = Sql(
    f"INSERT INTO access_log ({', '.join(_LOGGED)}) VALUES ({', '.join(':' + c for c in _LOGGED)})"
)
_PG_INSERT_BOTH = Sql(
    f"WITH f AS ({_CHAINED} RETURNING id) "
    f"INSERT INTO access_log ({', '.join(_LOGGED)}) "
    f"SELECT {', '.join(':log_' + c for c in _LOGGED)} FROM f RETURNING (SELECT id FROM f)"
)
_PG_BOARD_LOCK = Sql("SELECT pg_advisory_xact_lock(hashtext(:board))")
_LAST_HASH = Sql(_LAST.format("board"))
_BY_UID = Sql("SELECT * FROM filings WHERE uid = :uid")
_BY_KEY = Sql("SELECT * FROM filings WHERE idempotency_key = :key")
_REFERRING = Sql("SELECT uid, kind, outcome FROM filings WHERE refers_to = :uid ORDER BY id")


def _json(value: object) -> str:
    """A JSON column's text (compact, UTF-8: the record's hash covers the text as stored)."""
    return orjson.dumps(value).decode()


class _Moved(Exception):
    """The board's chain had moved on from the hash the desk last saw: nothing was written."""


class Desk:
    """A board's filing desk over one database; ``clock`` is the desk's own time."""

    def __init__(self, url: str | None = None, clock: Clock = access.now) -> None:
        self.engine: Engine = engine_for(url)
        self.clock = clock
        # PostgreSQL: the last hash of each board's chain as this desk last wrote or read it,
        # a guess (another process may have written since), checked as the row is written.
        self._heads: dict[str, str] | None = (
            {} if self.engine.dialect.name == "postgresql" else None
        )

    # -- receiving -------------------------------------------------------------------------

    def _paper(
        self, s: Submission, tx: Tx, now: dt.datetime
    ) -> tuple[Paper, tuple[str, ...], Calendar]:
        paper, what_if, cal = paper_of(s, now)
        if paper.refers_to:
            target = tx.first(_BY_UID, {"uid": paper.refers_to})
            if target is None:
                raise NotFoundError(f"refers_to '{paper.refers_to}': no such filing")
            check_reference(paper, target, s.received)
            check_earlier(paper, tx.rows(_REFERRING, {"uid": paper.refers_to}))
        return paper, what_if, cal

    def submit(
        self, s: Submission, who: Actor | str, idempotency_key: str | None = None
    ) -> tuple[dict[str, Any], bool]:
        """Record a paper (one transaction, logged). Returns (record, replayed).

        ``who`` is the actor (a bare name: a clerk). A repeated submission with the same
        idempotency key returns the first record; the same key with a different paper is a
        conflict. A refused paper is logged and nothing else is written."""
        actor = who if isinstance(who, Actor) else Actor(clerk_name(who))
        target = f"{s.kind} {s.board}"[:200]
        try:
            record, replayed = self._submit(s, actor, idempotency_key)
        except NyballotError as exc:
            self._log(actor, target, f"refused: {exc}")
            raise
        return record, replayed

    def _submit(
        self, s: Submission, actor: Actor, idempotency_key: str | None
    ) -> tuple[dict[str, Any], bool]:
        clerk = clerk_name(actor.name)
        if not actor.may(RECORD):
            raise ForbiddenError(f"role '{actor.role}' may not record filings")
        if s.late_entry is not None and not actor.may(LATE_ENTRY):
            raise ForbiddenError(
                f"role '{actor.role}' may not enter a paper late (a supervisor may)"
            )
        if idempotency_key is not None:
            idempotency_key = checked_text(idempotency_key, "idempotency key", 200)
            if not idempotency_key:
                raise UsageError("idempotency key: empty")
        digest = s.request_hash()
        board_id = board(checked_text(s.board, "board", 40)).id
        actor.check_board(board_id)
        try:
            for attempt in range(_TRIES):
                # After a miss or a conflict the board's last hash is read, not guessed.
                head = self._heads.pop(board_id, None) if attempt == 0 and self._heads else None
                try:
                    with transaction(self.engine) as tx:
                        if tx.postgres:  # queued: sent with the row
                            tx.execute(_PG_BOARD_LOCK, {"board": board_id})
                        record, replayed = self._record(
                            tx, s, actor, clerk, idempotency_key, digest, head
                        )
                    if self._heads is not None and not replayed:
                        self._heads[board_id] = record["hash"]
                    return record, replayed
                except _Moved:
                    continue
                except IntegrityError:
                    # The same key recorded a moment ago by another clerk, or, on PostgreSQL,
                    # another paper chained to the board's last record first: look, then retry.
                    if idempotency_key is not None:
                        with transaction(self.engine) as tx:
                            found = self._by_key(tx, idempotency_key, s)
                        if found is not None:
                            return found, True
            raise ConflictError("the filing conflicted with others; try again")
        except OperationalError as exc:
            raise StorageError(f"database: {driver_message(exc)}; nothing was recorded") from None

    def _record(
        self,
        tx: Tx,
        s: Submission,
        actor: Actor,
        clerk: str,
        idempotency_key: str | None,
        digest: str,
        head: str | None,
    ) -> tuple[dict[str, Any], bool]:
        """Judge and record a paper in the open transaction, chained to its board's last
        record (``head`` if it still is, else _Moved; read here when None). A paper refused
        under a key already recorded is that key's replay: the key is looked up only then (or
        on a conflict), not before every filing."""
        now = self.clock()
        try:
            paper, what_if, cal = self._paper(s, tx, now)
        except NyballotError:
            found = self._by_key(tx, idempotency_key, s) if idempotency_key else None
            if found is None:
                raise
            return found, True
        decision = decide(paper, cal)
        decoded = {
            "candidates": [c.as_dict() for c in paper.candidates],
            "decision": decision_dict(decision),
        }
        values: dict[str, Any] = {
            "uid": str(uuid.uuid4()),
            "idempotency_key": idempotency_key,
            "request_hash": digest,
            "kind": paper.kind.value,
            "board": paper.board.id,
            "year": paper.year,
            "law": cal.law,
            "what_if": ",".join(what_if),
            "method": paper.method.value,
            "received_at": local(paper.received).isoformat(timespec="seconds"),
            "postmark": paper.postmark.isoformat() if paper.postmark else None,
            "office": paper.office,
            "district": paper.district,
            "party": paper.party,
            "independent_body": paper.independent_body,
            "candidates": _json(decoded["candidates"]),
            "refers_to": paper.refers_to,
            "outcome": paper.outcome.value if paper.outcome else None,
            "fee_cents": paper.fee_cents,
            "note": paper.note,
            "verdict": decision.verdict.value,
            "fatal": decision.fatal,
            "filed_on": decision.filed_on.isoformat() if decision.filed_on else None,
            "decision": _json(decoded["decision"]),
            "clerk": clerk,
            "recorded_at": access.stamp(now),
            "late_reason": paper.late_reason,
            "supersedes": paper.supersedes,
            "prev_hash": head,
        }
        if head is None:
            values["prev_hash"] = tx.scalar(_LAST_HASH, {"board": paper.board.id}) or ""
        values["hash"] = record_hash(values)
        outcome = "late entry" if paper.late_reason else "recorded"
        log = self._log_row(actor, values["uid"], outcome)
        if tx.postgres:  # the lock (queued), both rows and the commit in one round trip
            log = {f"log_{k}": v for k, v in log.items()}
            guard = {"chain_board": values["board"], "chain_prev": values["prev_hash"]}
            inserted = tx.execute(_PG_INSERT_BOTH, {**values, **guard, **log})
            tx.commit()
            row = inserted.fetchone()
            if row is None:
                raise _Moved
            values["id"] = row[0]
        else:
            values["id"] = tx.execute(_INSERT, values).lastrowid
            tx.execute(_LOG, log)
        return record_dict(values, decoded), False

    @staticmethod
    def _log_row(actor: Actor, target: str, outcome: str) -> dict[str, str]:
        return access.log_row(actor.name, "file", target, actor.client, outcome)

    def _log(self, actor: Actor, target: str, outcome: str) -> None:
        try:
            with self.engine.begin() as conn:
                conn.execute(access_log.insert(), [self._log_row(actor, target, outcome)])
        except OperationalError:
            pass  # the database is away: the refusal itself is what the caller sees

    @staticmethod
    def _by_key(tx: Tx, key: str, s: Submission) -> dict[str, Any] | None:
        row = tx.first(_BY_KEY, {"key": key})
        if row is None:
            return None
        if not s.is_request(row["request_hash"]):
            raise ConflictError(
                f"idempotency key '{key}' was already used for a different paper "
                f"(filing {row['uid']})"
            )
        return record_dict(row)

    # -- reading ---------------------------------------------------------------------------

    def get(self, uid: str) -> dict[str, Any]:
        with self.engine.connect() as conn:
            row = conn.execute(select(filings).where(filings.c.uid == uid)).first()
        if row is None:
            raise NotFoundError(f"filing '{uid}': no such filing")
        return record_dict(row)

    def records(self, board_id: str | None = None, year: int | None = None) -> list[dict[str, Any]]:
        query = select(filings).order_by(filings.c.id)
        if board_id is not None:
            query = query.where(filings.c.board == board(board_id).id)
        if year is not None:
            query = query.where(filings.c.year == year)
        with self.engine.connect() as conn:
            return [record_dict(r) for r in conn.execute(query)]

    def history(self, uid: str) -> dict[str, Any]:
        """The filing, everything that refers to it (at any depth), and its replayed state."""
        original = self.get(uid)
        records = self.records(original["board"], original["year"])
        related = descendants(uid, records)
        return {"filing": original, "history": related, "current": replay(original, related)}

    def count(self) -> int:
        from sqlalchemy import func

        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(filings)).scalar_one())

    # -- clocks ----------------------------------------------------------------------------

    def due(
        self,
        board_id: str | None = None,
        year: int | None = None,
        on: dt.date | None = None,
    ) -> list[clocks.Clock]:
        """The clocks the filings started, soonest first: those still running on ``on`` (not
        yet past their last day), or every clock when ``on`` is None."""
        records = self.records(board_id, year)
        found = clocks.clocks_of(records)
        if on is not None:
            found = [c for c in found if c.due >= on]
        return sorted(found, key=lambda c: (c.due, c.name, c.filing))

    # -- tokens and the access log --------------------------------------------------------

    def create_token(
        self,
        clerk: str,
        role: str = "clerk",
        boards: Iterable[str] = (),
        expires: dt.datetime | None = None,
    ) -> str:
        """A new token (printed once; only its hash is stored)."""
        return access.create_token(self.engine, clerk, role, boards, expires)[1]

    def actor_for(self, token: str | None, client: str = "") -> Actor:
        """The actor a token stands for; AuthError (logged) if it is missing or not valid."""
        return access.authenticate(self.engine, token, client)

    # -- the chain -------------------------------------------------------------------------

    def verify(self) -> tuple[int, Break | None]:
        """Check every board's chain: (records checked, the first broken record or None)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(filings).order_by(filings.c.id)).mappings().all()
        return len(rows), first_break(rows)


__all__ = ["Actor", "Desk", "Submission"]
