"""The clerk's desk: receive a paper, stamp it, judge it, record it; replay, book and clocks.

Everything the CLI and the HTTP API do goes through ``Desk``. Input arrives as a
``Submission`` of plain values and is checked here, so both shells give the same answers.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import secrets
import uuid
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any

from sqlalchemy import Engine, Row, select
from sqlalchemy.exc import IntegrityError

from nyballot.calendar.engine import build_calendar
from nyballot.calendar.model import Calendar
from nyballot.errors import UsageError
from nyballot.filing import clocks
from nyballot.filing.errors import AuthError, ConflictError, ForbiddenError, NotFoundError
from nyballot.filing.model import (
    KINDS,
    NEW_YORK,
    Candidate,
    Category,
    FilingKind,
    Method,
    Outcome,
    Paper,
    Verdict,
    board,
    filing_kind,
    local,
    method,
)
from nyballot.filing.schema import filings, tokens
from nyballot.filing.store import engine_for
from nyballot.filing.timeliness import Decision, decide

ROLES = ("clerk", "viewer")
WRITE_ROLES = ("clerk",)
MAX_TEXT = 300
MAX_NOTE = 2000
MAX_CANDIDATES = 50


@dataclass
class Submission:
    """A paper as presented at the counter (or in an API request), as plain values."""

    kind: str
    board: str
    year: int
    received: str | None = None  # ISO 8601 instant with time and offset; None: now
    method: str = "in_person"
    postmark: str | None = None
    candidates: list[dict[str, str]] = field(default_factory=list)
    office: str = ""
    district: str = ""
    party: str = ""
    independent_body: bool = False
    refers_to: str | None = None
    outcome: str | None = None
    fee_cents: int = 0
    note: str = ""
    law: str | None = None
    what_if: list[str] = field(default_factory=list)

    def request_hash(self) -> str:
        canonical = json.dumps(asdict(self), sort_keys=True, ensure_ascii=True)
        return hashlib.sha256(canonical.encode()).hexdigest()


def _text(value: object, name: str, limit: int = MAX_TEXT) -> str:
    if not isinstance(value, str):
        raise UsageError(f"{name}: expected text")
    if len(value) > limit:
        raise UsageError(f"{name}: longer than {limit} characters")
    if any(ord(c) < 32 and c not in "\t\n" for c in value):
        raise UsageError(f"{name}: contains control characters")
    return value.strip()


# A date, then a time of at least hours and minutes ("2026-04-02T16:59", "2026-04-02 16:59").
_DATE_AND_TIME = re.compile(r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}")
INSTANT_EXAMPLE = "e.g. 2026-04-02T16:59-04:00"


def parse_instant(value: str, name: str = "received") -> dt.datetime:
    """An ISO 8601 instant: a date, a time (hours and minutes at least) and a UTC offset.

    A date alone or a time without an offset is refused rather than guessed: the stamp of
    § 6-144 is the day, hour and minute the paper was received."""
    text = _text(value, name, 40)
    expected = f"{name} '{value}': expected an ISO 8601 instant, {INSTANT_EXAMPLE}"
    if not text:
        raise UsageError(f"{name}: empty; expected an ISO 8601 instant, {INSTANT_EXAMPLE}")
    try:
        instant = dt.datetime.fromisoformat(text)
    except ValueError:
        raise UsageError(expected) from None
    if not _DATE_AND_TIME.match(text):
        raise UsageError(f"{expected} (a date and a time of day, not a date alone)")
    if instant.tzinfo is None:
        raise UsageError(f"{expected} (with the UTC offset: -04:00 or -05:00 in New York)")
    if not 1900 <= instant.year <= 2100:
        raise UsageError(f"{name} '{value}': year out of range")
    return instant


def parse_day(value: str, name: str) -> dt.date:
    text = _text(value, name, 10)
    if not text:
        raise UsageError(f"{name}: empty; expected YYYY-MM-DD")
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise UsageError(f"{name} '{value}': expected YYYY-MM-DD") from None


def clerk_name(value: object) -> str:
    """The name of the clerk who stamps a paper or holds a token: text, not empty."""
    name = _text(value, "clerk", 100)
    if not name:
        raise UsageError("clerk: a name is needed")
    return name


@lru_cache(maxsize=64)
def calendar_for(year: int, law: str | None, what_if: tuple[str, ...]) -> Calendar:
    return build_calendar(year, law=law, overlays=what_if)


def _now() -> str:
    return dt.datetime.now(NEW_YORK).isoformat(timespec="seconds")


def decision_dict(d: Decision) -> dict[str, Any]:
    w = d.window
    return {
        "verdict": d.verdict.value,
        "fatal": d.fatal,
        "filed_on": d.filed_on.isoformat() if d.filed_on else None,
        "window": None
        if w is None
        else {
            "opens": w.opens.isoformat() if w.opens else None,
            "closes": w.closes.isoformat(),
            "source": w.source,
            "cite": w.cite,
            "derivation": [s.as_dict() for s in w.steps],
        },
        "derivation": [s.as_dict() for s in d.steps],
        "cites": d.cites,
    }


def record_dict(row: Row[Any]) -> dict[str, Any]:
    m = row._mapping
    return {
        "uid": m["uid"],
        "seq": m["id"],
        "kind": m["kind"],
        "title": KINDS[FilingKind(m["kind"])].title,
        "board": m["board"],
        "year": m["year"],
        "law": m["law"],
        "what_if": [w for w in m["what_if"].split(",") if w],
        "method": m["method"],
        "received": m["received_at"],
        "postmark": m["postmark"],
        "candidates": json.loads(m["candidates"]),
        "office": m["office"],
        "district": m["district"],
        "party": m["party"],
        "independent_body": bool(m["independent_body"]),
        "refers_to": m["refers_to"],
        "outcome": m["outcome"],
        "fee_cents": m["fee_cents"],
        "note": m["note"],
        "verdict": m["verdict"],
        "fatal": bool(m["fatal"]),
        "filed_on": m["filed_on"],
        "decision": json.loads(m["decision"]),
        "clerk": m["clerk"],
        "recorded_at": m["recorded_at"],
        "idempotency_key": m["idempotency_key"],
    }


class Desk:
    """A board's filing desk over one database."""

    def __init__(self, url: str | None = None) -> None:
        self.engine: Engine = engine_for(url)

    # -- receiving -------------------------------------------------------------------------

    def _paper(self, s: Submission, conn: Any) -> tuple[Paper, tuple[str, ...], Calendar]:
        kind = filing_kind(s.kind)
        if not isinstance(s.year, int) or isinstance(s.year, bool) or not 1 <= s.year <= 9999:
            raise UsageError(f"year '{s.year}': expected a year")
        what_if = tuple(sorted({_text(w, "what_if", 40) for w in s.what_if}))
        law = _text(s.law, "law", 40) if s.law else None
        cal = calendar_for(s.year, law, what_if)
        candidates = []
        if len(s.candidates) > MAX_CANDIDATES:
            raise UsageError(f"candidates: more than {MAX_CANDIDATES}")
        for i, c in enumerate(s.candidates):
            if not isinstance(c, dict) or not c.get("name"):
                raise UsageError(f"candidates[{i}]: expected {{name, residence}}")
            candidates.append(
                Candidate(
                    _text(c["name"], f"candidates[{i}].name"),
                    _text(c.get("residence", ""), f"candidates[{i}].residence"),
                )
            )
        if not isinstance(s.fee_cents, int) or not 0 <= s.fee_cents <= 10**9:
            raise UsageError(f"fee_cents '{s.fee_cents}': expected a whole number of cents")
        outcome = None
        if s.outcome is not None:
            if kind is not FilingKind.DETERMINATION:
                raise UsageError(
                    f"outcome '{s.outcome}': only a determination of the board has an outcome, "
                    f"not a paper of kind '{kind}'"
                )
            try:
                outcome = Outcome(s.outcome)
            except ValueError:
                known = ", ".join(o.value for o in Outcome)
                raise UsageError(f"outcome '{s.outcome}': expected one of {known}") from None
        received = (
            parse_instant(s.received) if s.received is not None else dt.datetime.now(NEW_YORK)
        )
        how = method(s.method)
        postmark = parse_day(s.postmark, "postmark") if s.postmark is not None else None
        if postmark is not None:
            if how is Method.IN_PERSON:
                raise UsageError(
                    f"postmark '{s.postmark}': a paper delivered in person has no postmark "
                    "(give --method mail or overnight, or leave the postmark out)"
                )
            if postmark.year < 1900:
                raise UsageError(f"postmark '{s.postmark}': year out of range")
            if postmark > local(received).date():
                raise UsageError(
                    f"postmark '{s.postmark}': after the day the paper was received, "
                    f"{local(received):%Y-%m-%d}"
                )
        refers_to = None
        if s.refers_to is not None:
            refers_to = _text(s.refers_to, "refers_to", 36)
            if not refers_to:
                raise UsageError("refers_to: empty; give the uid of the filing concerned")
        paper = Paper(
            kind=kind,
            board=board(_text(s.board, "board", 40)),
            year=s.year,
            received=received,
            method=how,
            postmark=postmark,
            candidates=candidates,
            office=_text(s.office, "office"),
            district=_text(s.district, "district"),
            party=_text(s.party, "party"),
            independent_body=bool(s.independent_body),
            refers_to=refers_to,
            outcome=outcome,
            fee_cents=s.fee_cents,
            note=_text(s.note, "note", MAX_NOTE),
        )
        category = KINDS[kind].category
        if kind is FilingKind.SPECIFICATIONS and not paper.refers_to:
            raise UsageError("kind 'specifications': needs refers_to, the uid of the objection")
        if kind is FilingKind.OBJECTION and not paper.refers_to:
            raise UsageError(
                "kind 'objection': needs refers_to, the uid of the petition, certificate or "
                "notice objected to"
            )
        if category is Category.RECORD and not paper.refers_to:
            raise UsageError(f"kind '{kind}': needs refers_to, the uid of the filing concerned")
        if kind is FilingKind.DETERMINATION and outcome is None:
            raise UsageError(
                "kind 'determination': needs an outcome (valid, invalid, noncompliant)"
            )
        if paper.refers_to:
            target = conn.execute(select(filings).where(filings.c.uid == paper.refers_to)).first()
            if target is None:
                raise NotFoundError(f"refers_to '{paper.refers_to}': no such filing")
            t = target._mapping
            if t["board"] != paper.board.id:
                raise UsageError(
                    f"refers_to '{paper.refers_to}': filed with board {t['board']}, "
                    f"not {paper.board.id}"
                )
            if t["year"] != paper.year:
                raise UsageError(
                    f"refers_to '{paper.refers_to}': filed for the year {t['year']}, "
                    f"not {paper.year}"
                )
            target_kind = FilingKind(t["kind"])
            if kind is FilingKind.SPECIFICATIONS and target_kind is not FilingKind.OBJECTION:
                raise UsageError("specifications must refer to an objection")
            if kind is FilingKind.OBJECTION and KINDS[target_kind].category in (
                Category.OBJECTION,
                Category.RECORD,
            ):
                raise UsageError("an objection must refer to a petition, certificate or notice")
            paper.refers_to_received = dt.datetime.fromisoformat(t["received_at"])
            if t["filed_on"]:
                paper.refers_to_filed_on = dt.date.fromisoformat(t["filed_on"])
            paper.refers_to_timely = t["verdict"] == Verdict.TIMELY
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
            idempotency_key = _text(idempotency_key, "idempotency key", 200)
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
        related = _descendants(uid, records)
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
        found = clocks_of(records)
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


def _descendants(uid: str, records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    wanted, out = {uid}, []
    for r in records:  # in id order: a reference always points back in time
        if r["refers_to"] in wanted:
            wanted.add(r["uid"])
            out.append(r)
    return out


def replay(original: dict[str, Any], related: list[dict[str, Any]]) -> dict[str, Any]:
    """The entry as it stands after its corrections, withdrawal and determinations."""
    state = {k: original[k] for k in ("uid", "kind", "office", "district", "party", "candidates")}
    state.update(status="filed", determination=None, corrections=0)
    for r in related:
        if r["refers_to"] != original["uid"]:
            continue
        if r["kind"] == FilingKind.CORRECTION:
            state["corrections"] += 1
            for key in ("office", "district", "party"):
                if r[key]:
                    state[key] = r[key]
            if r["candidates"]:
                state["candidates"] = r["candidates"]
        elif r["kind"] == FilingKind.WITHDRAWAL:
            state["status"] = "withdrawn"
        elif r["kind"] == FilingKind.DETERMINATION:
            state["determination"] = r["outcome"]
    return state


def clocks_of(records: list[dict[str, Any]]) -> list[clocks.Clock]:
    """The clocks every filing sets running, given everything recorded after it."""
    by_uid = {r["uid"]: r for r in records}
    children: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        if r["refers_to"]:
            children.setdefault(r["refers_to"], []).append(r)
    out: list[clocks.Clock] = []
    for r in records:
        kind = FilingKind(r["kind"])
        info = KINDS[kind]
        kids = children.get(r["uid"], [])
        if any(k["kind"] == FilingKind.WITHDRAWAL for k in kids):
            continue
        if r["verdict"] == Verdict.RECORDED and kind is FilingKind.DETERMINATION:
            target = by_uid.get(r["refers_to"] or "")
            day = dt.date.fromisoformat(r["filed_on"])
            if r["outcome"] == Outcome.NONCOMPLIANT:
                notice = target is not None and target["kind"] == FilingKind.NOTICE_OF_INTENT
                cite = "A.9725 § 6-117(6)" if notice else "6-134(2)"
                out.append(clocks.cure_clock(day, r["uid"], cite))
            elif r["outcome"] == Outcome.INVALID and target is not None:
                petition = target
                if FilingKind(target["kind"]) is FilingKind.OBJECTION and target["refers_to"]:
                    petition = by_uid.get(target["refers_to"], target)
                last = _last_day(petition)
                if last is not None:
                    out.append(clocks.proceeding_clock(last, day, r["uid"]))
            continue
        if r["verdict"] != Verdict.TIMELY or r["filed_on"] is None:
            continue
        filed_on = dt.date.fromisoformat(r["filed_on"])
        if info.category in (Category.PETITION, Category.CERTIFICATE) or (
            kind is FilingKind.NOTICE_OF_INTENT
        ):
            out.append(clocks.objection_clock(filed_on, r["uid"]))
        if info.names_candidates:
            decline = None
            if info.declination_rule:
                cal = calendar_for(r["year"], r["law"], tuple(r["what_if"]))
                d = cal.get(info.declination_rule)
                decline = d.closes if d else None
            out.append(clocks.notice_clock(filed_on, decline, r["uid"]))
        if info.category is Category.PETITION:
            last = _last_day(r)
            invalid = [k for k in kids if k["outcome"] == Outcome.INVALID]
            if last is not None and not invalid:
                out.append(clocks.proceeding_clock(last, None, r["uid"]))
        if kind is FilingKind.OBJECTION and not any(
            k["kind"] == FilingKind.SPECIFICATIONS for k in kids
        ):
            out.append(clocks.specifications_clock(filed_on, r["uid"]))
    return out


def _last_day(record: dict[str, Any]) -> dt.date | None:
    window = record["decision"].get("window")
    if not window:
        return None
    return dt.date.fromisoformat(window["closes"])


def clock_dict(c: clocks.Clock) -> dict[str, Any]:
    return {
        "due": c.due.isoformat(),
        "name": c.name,
        "title": c.title,
        "cite": c.cite,
        "filing": c.filing,
        "derivation": [s.as_dict() for s in c.steps],
    }


__all__ = ["Desk", "Method", "Submission", "clock_dict", "record_dict", "replay"]
