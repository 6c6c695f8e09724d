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
from sqlalchemy import Engine, func, select
from sqlalchemy.exc import IntegrityError, OperationalError

from nyballot.calendar.model import Calendar
from nyballot.errors import NyballotError, UsageError
from nyballot.filing import access, clocks, integrity, kept_clocks, keys, reading
from nyballot.filing.access import LATE_ENTRY, RECORD, Actor, now
from nyballot.filing.chain import SIGNED_FORM, Break, first_break, log_break, record_hash
from nyballot.filing.clocks import SpecialCalendars
from nyballot.filing.driver import Sql, Tx, transaction
from nyballot.filing.errors import ConflictError, ForbiddenError, NotFoundError, StorageError
from nyballot.filing.keys import BoardKey
from nyballot.filing.model import Paper, board, local
from nyballot.filing.records import decision_dict, given_key, record_dict, replay
from nyballot.filing.schema import access_log, filings
from nyballot.filing.schema import keys as keys_table
from nyballot.filing.store import driver_message, engine_for, reader_for
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
# writer in at a time. PostgreSQL: every write holds the desk's lock (``access.PG_WRITE_LOCK``), so
# the book's chains and the log's are extended one writer at a time, and the row's seq (which its
# hash covers) is drawn under it. In the transaction the board's last hash, the log's last hash and
# the next seq are read in one statement; then the row, its log line and (on PostgreSQL, in one
# round trip) the commit. A key recorded by another clerk a moment ago is looked up and replayed;
# anything else conflicting is retried.
_TRIES = 10
KEY_SCOPE = "\x1f"  # between a stored key's board, token and the key (never in a key given)
_COLUMNS = [c.name for c in filings.columns]
_LOGGED = [c.name for c in access_log.columns if c.name != "id"]
_BOARD_HEAD = "(SELECT hash FROM filings WHERE board = :board ORDER BY id DESC LIMIT 1)"
_LOG_HEAD = f"({access.LAST_LOG_HASH})"
_HEADS = {
    False: Sql(
        f"SELECT {_BOARD_HEAD}, {_LOG_HEAD}, (SELECT COALESCE(MAX(id), 0) + 1 FROM filings)"
    ),
    True: Sql(
        f"SELECT {_BOARD_HEAD}, {_LOG_HEAD}, nextval(pg_get_serial_sequence('filings', 'id'))"
    ),
}
_INSERT = Sql(
    f"INSERT INTO filings ({', '.join(_COLUMNS)}) VALUES ({', '.join(':' + c for c in _COLUMNS)})"
)
_LOG = Sql(
    f"INSERT INTO access_log ({', '.join(_LOGGED)}) VALUES ({', '.join(':' + c for c in _LOGGED)})"
)
_PG_LOCK = Sql(access.PG_WRITE_LOCK)
_BY_UID = Sql("SELECT * FROM filings WHERE uid = :uid")
_BY_KEY = Sql("SELECT * FROM filings WHERE idempotency_key = :key")
_REFERS_TO = Sql("SELECT * FROM filings WHERE refers_to = :uid ORDER BY id")
_CLOCKS_GONE = Sql("DELETE FROM clocks WHERE root = :root")
_CLOCK_IN = Sql(
    f"INSERT INTO clocks ({', '.join(kept_clocks.COLUMNS)}) "
    f"VALUES ({', '.join(':' + c for c in kept_clocks.COLUMNS)})"
)
_MAX_DEPTH = 5  # a family is a paper, its objection, specifications, determinations
_REFERRING = Sql("SELECT uid, kind, outcome FROM filings WHERE refers_to = :uid ORDER BY id")


def scoped_key(board_id: str, actor: Actor, key: str) -> str:
    """An idempotency key as stored: the board's and the token's own, so a key never replays
    another board's or another clerk's filing (whoever holds the database has one scope)."""
    key = checked_text(key, "idempotency key", 200)
    if not key:
        raise UsageError("idempotency key: empty")
    return f"{board_id}{KEY_SCOPE}{actor.token or '-'}{KEY_SCOPE}{key}"


def _json(value: object) -> str:
    """A JSON column's text (compact, UTF-8: the record's hash covers the text as stored)."""
    return orjson.dumps(value).decode()


class Desk:
    """A board's filing desk over one database; ``clock`` is the desk's own time;
    ``specials`` the calendars of the special elections a paper may be filed for."""

    def __init__(
        self,
        url: str | None = None,
        clock: Clock = access.now,
        key: BoardKey | None = None,
        specials: SpecialCalendars | None = None,
    ) -> None:
        self.engine: Engine = engine_for(url)
        self.reader: Engine = reader_for(url)  # reads: never in a writer's way (``store``)
        self.clock = clock
        self.key = key
        self.specials = specials
        self._signed_book = self._register(key)
        self.failures = access.FailedLogins(lambda: self.clock())
        self._digests = reading.Digests()

    def _register(self, key: BoardKey | None) -> bool:
        """Publish the key's public half in the book; whether the book is signed at all."""
        with self.engine.connect() as conn:
            known = keys.stored(conn)
        if key is not None and key.id not in known:
            row = {
                "key_id": key.id,
                "public_key": key.public_hex,
                "first_used": access.stamp(now()),
            }
            try:
                with self.engine.begin() as conn:
                    conn.execute(keys_table.insert().values(**row))
            except IntegrityError:
                pass  # another worker of the same server published it a moment ago
        return key is not None or bool(known)

    # -- receiving -------------------------------------------------------------------------

    def _paper(
        self, s: Submission, tx: Tx, now: dt.datetime
    ) -> tuple[Paper, tuple[str, ...], Calendar]:
        paper, what_if, cal = paper_of(s, now, self.specials)
        if paper.refers_to:
            target = tx.first(_BY_UID, {"uid": paper.refers_to})
            if target is None:
                raise NotFoundError(f"refers_to '{paper.refers_to}': no such filing")
            check_reference(paper, target, s.received)
            check_earlier(paper, tx.rows(_REFERRING, {"uid": paper.refers_to}))
            cal = self._for_special_of(paper, target.get("special"), cal)
        return paper, what_if, cal

    def _for_special_of(self, paper: Paper, special: str | None, cal: Calendar) -> Calendar:
        """A paper that answers one filed for a special election is for that election too."""
        if special is None or paper.special == special:
            return cal
        if paper.special is not None:
            raise UsageError(
                f"special '{paper.special}': refers_to '{paper.refers_to}' is a paper for the "
                f"special election {special}",
                fields=("special",),
            )
        if self.specials is None:
            raise UsageError(
                f"refers_to '{paper.refers_to}': a paper for the special election {special}, "
                "whose calendar this desk was not given"
            )
        paper.special = special
        return self.specials(special)[1]

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
        if replayed:
            self._log(actor, record["uid"], "replayed: already recorded under this key")
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
        digest = s.request_hash()
        board_id = board(checked_text(s.board, "board", 40)).id
        actor.check_board(board_id)
        if idempotency_key is not None:
            idempotency_key = scoped_key(board_id, actor, idempotency_key)
        if self.key is None and self._signed_book:
            raise UsageError(
                f"this book's records are signed: give the board's signing_key (or "
                f"${keys.ENV_KEY}); nothing was recorded",
                fields=("signing_key",),
            )
        try:
            for _ in range(_TRIES):
                try:
                    with transaction(self.engine) as tx:
                        if tx.postgres:  # queued: sent with the first read
                            tx.execute(_PG_LOCK, {})
                        return self._record(tx, s, actor, clerk, idempotency_key, digest)
                except IntegrityError:
                    # The same key recorded a moment ago by another clerk: look, then retry.
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
    ) -> tuple[dict[str, Any], bool]:
        """Judge and record a paper in the open transaction, chained to its board's last
        record and signed. A paper refused under a key already recorded is that key's replay:
        the key is looked up only then (or on a conflict), not before every filing."""
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
            "special": paper.special,
        }
        board_head, log_head, seq = tx.execute(
            _HEADS[tx.postgres], {"board": values["board"]}
        ).fetchone()
        self._seal(values, board_head or "", int(seq))
        outcome = "late entry" if paper.late_reason else "recorded"
        log = access.chain_log_row(self._log_row(actor, values["uid"], outcome), log_head or "")
        tx.execute(_INSERT, values)
        tx.execute(_LOG, log)
        record = record_dict(values, decoded)
        self._keep_clocks(tx, record)
        return record, False

    def _keep_clocks(self, tx: Tx, record: dict[str, Any]) -> None:
        """Rewrite the clocks of the record's family (``kept_clocks``), in its transaction."""
        top = record
        for _ in range(_MAX_DEPTH):
            if not top["refers_to"]:
                break
            parent = tx.first(_BY_UID, {"uid": top["refers_to"]})
            assert parent is not None  # the reference was checked, and rows are never deleted
            top = record_dict(parent)
        family = [record]
        if top is not record:  # a new first paper has no clocks kept yet, nor any family
            family, frontier = [top], [top["uid"]]
            while frontier:
                kids = [record_dict(r) for r in tx.rows(_REFERS_TO, {"uid": frontier.pop()})]
                family += kids
                frontier += [k["uid"] for k in kids]
            family.sort(key=lambda r: r["seq"])
            tx.execute(_CLOCKS_GONE, {"root": top["uid"]})
        for row in kept_clocks.rows_of(family, self.specials):
            tx.execute(_CLOCK_IN, row)

    def _seal(self, values: dict[str, Any], prev_hash: str, seq: int) -> None:
        """Chain the row to its board's last hash, with its seq, and sign it."""
        values.update(id=seq, prev_hash=prev_hash, form=SIGNED_FORM)
        values["key_id"] = self.key.id if self.key is not None else None
        values["hash"] = record_hash(values)
        values["signature"] = self.key.sign(values["hash"]) if self.key is not None else None

    @staticmethod
    def _log_row(actor: Actor, target: str, outcome: str) -> dict[str, str]:
        return access.log_row(actor.name, "file", target, actor.client, outcome)

    def _log(self, actor: Actor, target: str, outcome: str) -> None:
        try:
            with self.engine.begin() as conn:
                access.append_log(conn, [self._log_row(actor, target, outcome)])
        except OperationalError:
            pass  # the database is away: the refusal itself is what the caller sees

    @staticmethod
    def _by_key(tx: Tx, key: str, s: Submission) -> dict[str, Any] | None:
        row = tx.first(_BY_KEY, {"key": key})
        if row is None:
            return None
        if not s.is_request(row["request_hash"]):
            raise ConflictError(
                f"idempotency key '{given_key(key)}' was already used for a different paper "
                f"(filing {row['uid']})"
            )
        return record_dict(row)

    # -- reading ---------------------------------------------------------------------------

    def get(self, uid: str) -> dict[str, Any]:
        with self.reader.connect() as conn:
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
        with self.reader.connect() as conn:
            return [record_dict(r) for r in conn.execute(query)]

    def history(self, uid: str) -> dict[str, Any]:
        """The filing, everything that refers to it (at any depth), and its replayed state."""
        original = self.get(uid)
        with self.reader.connect() as conn:
            related = reading.family(conn, uid)
        return {"filing": original, "history": related, "current": replay(original, related)}

    def count(self) -> int:
        with self.reader.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(filings)).scalar_one())

    def public_page(
        self, asked: reading.PageAsked
    ) -> tuple[reading.BookPage, list[dict[str, Any]], list[dict[str, str]]]:
        """A page of the book as the public reads it, from one connection: the page
        (``reading.book_page``: its rows, how many papers in all, its records and the next
        page's cursor), the digests of the days its records were made, the board's public
        keys."""
        if asked.board is not None:
            asked = asked._replace(board=board(asked.board).id)
        with self.reader.connect() as conn:
            page = reading.book_page(conn, asked)
            days = {(r["board"], r["recorded_at"][:10]) for r in page.records}
            digests = self._digests.of(conn, asked.board, asked.year, days)
            published = keys.published(conn)
        return page, digests, published

    def version(self) -> tuple[int, int]:
        """A value that grows with every write the public reads of the book show
        (``reading.version``): a page kept at a version is the page while it holds."""
        return reading.version(self.reader)

    def digests(self, board_id: str | None = None, year: int | None = None) -> list[dict[str, Any]]:
        """The last hash of each board's day (of ``year``'s records, if given)."""
        board_id = board(board_id).id if board_id is not None else None
        with self.reader.connect() as conn:
            return self._digests.of(conn, board_id, year)

    def papers_named(self, uids: Iterable[str]) -> dict[str, dict[str, Any]]:
        """The records of ``uids`` and the papers they refer to, by uid (without decisions)."""
        with self.reader.connect() as conn:
            return reading.with_papers_named(conn, uids)

    # -- clocks ----------------------------------------------------------------------------

    def due(
        self,
        board_id: str | None = None,
        year: int | None = None,
        on: dt.date | None = None,
        until: dt.date | None = None,
        limit: int | None = None,
        offset: int = 0,
        after: str | None = None,
    ) -> list[clocks.Clock]:
        """The clocks the filings started, soonest first: those still running on ``on`` (not
        yet past their last day), or every clock when ``on`` is None; with ``until``, only
        those due by then; a page of ``limit`` after the cursor ``after``
        (``reading.due_cursor``) or from ``offset``."""
        board_id = board(board_id).id if board_id is not None else None
        cursor = reading.parse_due_cursor(after) if after is not None else None
        with self.reader.connect() as conn:
            return reading.due(conn, board_id, year, on, until, limit, offset, cursor)

    def due_count(
        self,
        board_id: str | None = None,
        year: int | None = None,
        on: dt.date | None = None,
        until: dt.date | None = None,
    ) -> int:
        """How many clocks ``due`` would list without a page."""
        board_id = board(board_id).id if board_id is not None else None
        with self.reader.connect() as conn:
            return reading.due_count(conn, board_id, year, on, until)

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
        return access.authenticate(self.engine, token, client, self.failures, self.reader)

    def valid_actor(self, token: str | None, client: str = "") -> Actor | None:
        """The actor a valid token stands for, by a read alone; None where ``actor_for``
        would refuse it (and log the refusal)."""
        return access.valid_actor(self.reader, token, client) if token else None

    @property
    def local(self) -> bool:
        """The book is a file of this machine's (SQLite): a read answers in microseconds."""
        return self.reader.dialect.name == "sqlite"

    def close(self) -> None:
        """Write what is still counted in memory (failed authentications)."""
        self.failures.flush(self.engine)

    # -- the chain -------------------------------------------------------------------------

    def integrity(self) -> list[str]:
        """What the database reports wrong with the book's storage ([] if sound)."""
        return integrity.problems(self.engine)

    def verify(self, public_keys: Iterable[str] = ()) -> tuple[int, Break | None]:
        """Check every board's chain and every signature: (records checked, the first broken
        record or None). Signatures are checked against ``public_keys`` when given, else the
        desk's own key, else the keys stored in the book."""
        report = self.verification(public_keys)
        return report["records"], report["break"]

    def published_keys(self) -> list[dict[str, str]]:
        """The public keys the book was signed with, to publish beside the digests."""
        with self.reader.connect() as conn:
            return keys.published(conn)

    def trusted_keys(self, public_keys: Iterable[str] = ()) -> tuple[dict[str, str], str]:
        """The public keys a signature must be made by, by id, and where they came from."""
        given = {keys.key_id(k): k for k in public_keys}
        if given:
            return given, "the public keys given"
        if self.key is not None:
            return {self.key.id: self.key.public_hex}, "the board's key given"
        with self.reader.connect() as conn:
            return keys.stored(conn), "the keys stored in the book (give the published key)"

    def verification(self, public_keys: Iterable[str] = ()) -> dict[str, Any]:
        """The whole check: chains, signatures and the access log's chain."""
        trusted, source = self.trusted_keys(public_keys)
        with self.reader.connect() as conn:
            rows = conn.execute(select(filings).order_by(filings.c.id)).mappings().all()
            published = keys.published(conn)
            lines = conn.execute(select(access_log).order_by(access_log.c.id)).mappings()
            logged, log_broken = log_break(lines)
        signed = sum(1 for r in rows if r["signature"])
        return {
            "records": len(rows),
            "break": first_break(rows, trusted),
            "signed": signed,
            "unsigned": len(rows) - signed,
            "keys": published,
            "checked_against": source,
            "access_log": {"lines": logged, "first_broken": log_broken},
        }


__all__ = ["Actor", "Desk", "Submission"]
