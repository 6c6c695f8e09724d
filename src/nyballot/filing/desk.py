"""The clerk's desk: receive a paper, stamp it, judge it, record it; replay, book and clocks.

Everything the CLI and the HTTP API do goes through ``Desk``: the transactions and queries over
the store. A ``Submission`` is checked in ``submission``; rows become records in ``records``.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import secrets
import uuid
from dataclasses import asdict
from typing import Any

from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError

from nyballot.calendar.model import Calendar
from nyballot.errors import UsageError
from nyballot.filing import clocks
from nyballot.filing.errors import AuthError, ConflictError, ForbiddenError, NotFoundError
from nyballot.filing.model import NEW_YORK, Paper, board, local
from nyballot.filing.records import decision_dict, descendants, record_dict, replay
from nyballot.filing.schema import filings, tokens
from nyballot.filing.store import engine_for
from nyballot.filing.submission import (
    Submission,
    check_reference,
    checked_text,
    clerk_name,
    paper_of,
)
from nyballot.filing.timeliness import decide

ROLES = ("clerk", "viewer")
WRITE_ROLES = ("clerk",)


def _now() -> str:
    return dt.datetime.now(NEW_YORK).isoformat(timespec="seconds")


class Desk:
    """A board's filing desk over one database."""

    def __init__(self, url: str | None = None) -> None:
        self.engine: Engine = engine_for(url)

    # -- receiving -------------------------------------------------------------------------

    def _paper(self, s: Submission, conn: Any) -> tuple[Paper, tuple[str, ...], Calendar]:
        paper, what_if, cal = paper_of(s)
        if paper.refers_to:
            target = conn.execute(select(filings).where(filings.c.uid == paper.refers_to)).first()
            if target is None:
                raise NotFoundError(f"refers_to '{paper.refers_to}': no such filing")
            check_reference(paper, target._mapping)
        return paper, what_if, cal

    def submit(
        self, s: Submission, clerk: str, idempotency_key: str | None = None
    ) -> tuple[dict[str, Any], bool]:
        """Record a paper (one transaction). Returns (record, replayed).

        A repeated submission with the same idempotency key returns the first record; the same
        key with a different paper is a conflict.
        """
        clerk = clerk_name(clerk)
        if idempotency_key is not None:
            idempotency_key = checked_text(idempotency_key, "idempotency key", 200)
            if not idempotency_key:
                raise UsageError("idempotency key: empty")
        digest = s.request_hash()
        try:
            with self.engine.begin() as conn:
                if idempotency_key is not None:
                    found = self._by_key(conn, idempotency_key, digest)
                    if found is not None:
                        return found, True
                paper, what_if, cal = self._paper(s, conn)
                decision = decide(paper, cal)
                uid = str(uuid.uuid4())
                conn.execute(
                    filings.insert().values(
                        uid=uid,
                        idempotency_key=idempotency_key,
                        request_hash=digest,
                        kind=paper.kind.value,
                        board=paper.board.id,
                        year=paper.year,
                        law=cal.law,
                        what_if=",".join(what_if),
                        method=paper.method.value,
                        received_at=local(paper.received).isoformat(timespec="seconds"),
                        postmark=paper.postmark.isoformat() if paper.postmark else None,
                        office=paper.office,
                        district=paper.district,
                        party=paper.party,
                        independent_body=paper.independent_body,
                        candidates=json.dumps([asdict(c) for c in paper.candidates]),
                        refers_to=paper.refers_to,
                        outcome=paper.outcome.value if paper.outcome else None,
                        fee_cents=paper.fee_cents,
                        note=paper.note,
                        verdict=decision.verdict.value,
                        fatal=decision.fatal,
                        filed_on=decision.filed_on.isoformat() if decision.filed_on else None,
                        decision=json.dumps(decision_dict(decision)),
                        clerk=clerk,
                        recorded_at=_now(),
                    )
                )
                row = conn.execute(select(filings).where(filings.c.uid == uid)).one()
                return record_dict(row), False
        except IntegrityError:
            # Another clerk recorded the same idempotency key a moment ago.
            if idempotency_key is None:
                raise
            with self.engine.begin() as conn:
                found = self._by_key(conn, idempotency_key, digest)
            if found is None:
                raise ConflictError("the filing conflicted with another; try again") from None
            return found, True

    @staticmethod
    def _by_key(conn: Any, key: str, digest: str) -> dict[str, Any] | None:
        row = conn.execute(select(filings).where(filings.c.idempotency_key == key)).first()
        if row is None:
            return None
        if row._mapping["request_hash"] != digest:
            raise ConflictError(
                f"idempotency key '{key}' was already used for a different paper "
                f"(filing {row._mapping['uid']})"
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

    # -- tokens ----------------------------------------------------------------------------

    def create_token(self, clerk: str, role: str) -> str:
        if role not in ROLES:
            raise UsageError(f"role '{role}': expected one of {', '.join(ROLES)}")
        clerk = clerk_name(clerk)
        token = "nyb_" + secrets.token_urlsafe(32)
        with self.engine.begin() as conn:
            conn.execute(
                tokens.insert().values(
                    token_hash=_hash(token), clerk=clerk, role=role, created_at=_now()
                )
            )
        return token

    def authenticate(self, token: str | None, need_write: bool = True) -> str:
        """The clerk's name for a token allowed to write; AuthError / ForbiddenError if not."""
        if not token:
            raise AuthError("a clerk's token is required (Authorization: Bearer <token>)")
        with self.engine.connect() as conn:
            row = conn.execute(select(tokens).where(tokens.c.token_hash == _hash(token))).first()
        if row is None:
            raise AuthError("the token is not valid")
        if need_write and row._mapping["role"] not in WRITE_ROLES:
            raise ForbiddenError(f"role '{row._mapping['role']}' may not record filings")
        return str(row._mapping["clerk"])


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


__all__ = ["Desk", "Submission"]
