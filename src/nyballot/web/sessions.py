"""The clerks' sessions on the web desk, kept in the book's database (table ``web_sessions``):
a restart of the server, or another worker, finds them still there.

Only the SHA-256 hash of a session's id is stored (the id is in the clerk's cookie alone),
with the token it was opened with, that token's boards, its end and its CSRF secret. Signing
out or revoking the token deletes it; an expired one is refused and deleted, and every sign-in
purges the ones that have run out.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import secrets

from sqlalchemy import Engine, select

from nyballot.filing.schema import web_sessions

SESSION_HOURS = 8


@dataclasses.dataclass(frozen=True)
class Session:
    token_id: int
    csrf: str
    expires: dt.datetime


def _utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _hashed(sid: str) -> str:
    return hashlib.sha256(sid.encode()).hexdigest()


class Sessions:
    """The signed-in clerks, by the session id their cookie holds."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def start(self, token_id: int, boards: frozenset[str] | None) -> tuple[str, Session]:
        """A new session of a token: its id (for the cookie) and what is kept of it."""
        sid = secrets.token_urlsafe(32)
        now = _utc_now().replace(microsecond=0)
        session = Session(
            token_id, secrets.token_urlsafe(32), now + dt.timedelta(hours=SESSION_HOURS)
        )
        with self.engine.begin() as conn:
            conn.execute(
                web_sessions.delete().where(
                    web_sessions.c.expires_at <= now.isoformat(timespec="seconds")
                )
            )
            conn.execute(web_sessions.insert().values(
                session_hash=_hashed(sid), token_id=token_id,
                boards=",".join(sorted(boards)) if boards is not None else "*",
                expires_at=session.expires.isoformat(timespec="seconds"), csrf=session.csrf,
            ))  # fmt: skip
        return sid, session

    def get(self, sid: str | None) -> Session | None:
        """The session this id opened, if it has not ended (an expired one is deleted)."""
        if not sid:
            return None
        with self.engine.connect() as conn:
            row = conn.execute(
                select(web_sessions).where(web_sessions.c.session_hash == _hashed(sid))
            ).mappings().first()  # fmt: skip
        if row is None:
            return None
        expires = dt.datetime.fromisoformat(row["expires_at"])
        if expires <= _utc_now():
            self.end(sid)
            return None
        return Session(int(row["token_id"]), str(row["csrf"]), expires)

    def end(self, sid: str | None) -> None:
        if sid:
            with self.engine.begin() as conn:
                conn.execute(
                    web_sessions.delete().where(web_sessions.c.session_hash == _hashed(sid))
                )

    def count(self) -> int:
        """The sessions kept, ended or not (for the operator and the tests)."""
        with self.engine.connect() as conn:
            return len(conn.execute(select(web_sessions.c.session_hash)).all())
