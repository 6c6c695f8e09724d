"""Who may do what at the desk: roles, clerk tokens (scoped, expiring, revocable) and the
access log.

A token is printed once; only its SHA-256 hash is stored, with the clerk's name, a role, the
boards it may write to (or every board), an expiry and a revocation time. The access log keeps
every failed authentication and every write: who, what, when, from where, and how it ended.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, select, text

from nyballot.errors import UsageError
from nyballot.filing.chain import log_hash
from nyballot.filing.driver import Sql, read_row
from nyballot.filing.errors import AuthError, ForbiddenError
from nyballot.filing.model import NEW_YORK, board
from nyballot.filing.schema import access_log, tokens, web_sessions
from nyballot.filing.submission import checked_text, clerk_name

RECORD = "record"  # stamp and record a paper received now
LATE_ENTRY = "late_entry"  # record a paper received earlier, with the reason
# What each role may do. Whoever runs the command line holds the database itself: "board".
ROLES: dict[str, frozenset[str]] = {
    "viewer": frozenset(),
    "clerk": frozenset({RECORD}),
    "supervisor": frozenset({RECORD, LATE_ENTRY}),
    "board": frozenset({RECORD, LATE_ENTRY}),
}
TOKEN_ROLES = ("clerk", "supervisor", "viewer")
EVERY_BOARD = "*"


@dataclass(frozen=True)
class Actor:
    """Who is acting: a clerk's name, a role, the boards they may write to (None: all)."""

    name: str
    role: str = "clerk"
    boards: frozenset[str] | None = None
    client: str = ""  # where from: an address, or "cli"
    token: str = ""  # which token ("token 3"); "" for whoever holds the database
    token_id: int | None = None  # that token's id

    def may(self, action: str) -> bool:
        return action in ROLES.get(self.role, frozenset())

    def check_board(self, board_id: str) -> None:
        if self.boards is not None and board_id not in self.boards:
            raise ForbiddenError(
                f"board '{board_id}': this token may write only to {', '.join(sorted(self.boards))}"
            )


def now() -> dt.datetime:
    return dt.datetime.now(NEW_YORK)


def stamp(instant: dt.datetime) -> str:
    return instant.astimezone(NEW_YORK).isoformat(timespec="seconds")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _boards(ids: Iterable[str]) -> str:
    chosen = sorted({board(checked_text(b, "board", 40)).id for b in ids})
    return ",".join(chosen) if chosen else EVERY_BOARD


def create_token(
    engine: Engine,
    clerk: str,
    role: str,
    boards: Iterable[str] = (),
    expires: dt.datetime | None = None,
) -> tuple[int, str]:
    """A new token (id, token); only its hash is stored."""
    if role not in TOKEN_ROLES:
        raise UsageError(f"role '{role}': expected one of {', '.join(TOKEN_ROLES)}")
    name = clerk_name(clerk)
    scope = _boards(boards)
    if expires is not None and expires <= now():
        raise UsageError(f"expires '{stamp(expires)}': already past")
    token = "nyb_" + secrets.token_urlsafe(32)
    with engine.begin() as conn:
        result = conn.execute(
            tokens.insert().values(
                token_hash=token_hash(token),
                clerk=name,
                role=role,
                boards=scope,
                created_at=stamp(now()),
                expires_at=stamp(expires) if expires else None,
            )
        )
        assert result.inserted_primary_key is not None
        token_id = int(result.inserted_primary_key[0])
    return token_id, token


def list_tokens(engine: Engine) -> list[dict[str, Any]]:
    """Every token (never the token itself): id, clerk, role, boards, created, expires, revoked."""
    with engine.connect() as conn:
        rows = conn.execute(select(tokens).order_by(tokens.c.id)).mappings().all()
    return [
        {
            "id": r["id"],
            "clerk": r["clerk"],
            "role": r["role"],
            "boards": r["boards"].split(",") if r["boards"] != EVERY_BOARD else [EVERY_BOARD],
            "created_at": r["created_at"],
            "expires_at": r["expires_at"],
            "revoked_at": r["revoked_at"],
        }
        for r in rows
    ]


def revoke_token(engine: Engine, token_id: int) -> str | None:
    """Revoke a token, ending its web sessions; when it was revoked already, when (the first
    revocation stands)."""
    with engine.begin() as conn:
        found = conn.execute(select(tokens.c.revoked_at).where(tokens.c.id == token_id)).first()
        if found is None:
            raise UsageError(f"token {token_id}: no such token")
        if found[0] is not None:
            return str(found[0])
        conn.execute(tokens.update().where(tokens.c.id == token_id).values(revoked_at=stamp(now())))
        conn.execute(web_sessions.delete().where(web_sessions.c.token_id == token_id))
    return None


def authenticate(
    engine: Engine,
    token: str | None,
    client: str,
    failures: FailedLogins | None = None,
    reader: Engine | None = None,
) -> Actor:
    """The actor a token stands for; AuthError (logged, through ``failures`` if given) for a
    missing, unknown, expired or revoked token. The token is looked up through ``reader`` (by
    default ``engine``): a read needs no writer's lock."""
    if not token:
        _refused(engine, failures, "?", client, "no token")
        raise AuthError("a clerk's token is required (Authorization: Bearer <token>)")
    return _actor(engine, _BY_HASH, token_hash(token), client, failures, reader)


def actor_of_token(
    engine: Engine,
    token_id: int,
    client: str,
    failures: FailedLogins | None = None,
    reader: Engine | None = None,
) -> Actor:
    """The actor of the token with this id (a web session's), refused as ``authenticate``
    refuses: a token revoked or expired since the session began ends it."""
    return _actor(engine, _BY_ID, token_id, client, failures, reader)


# Asked on every clerk's request: read through the driver (``read_row``), not the Core.
_TOKEN = "SELECT id, clerk, role, boards, expires_at, revoked_at FROM tokens WHERE "
_BY_HASH, _BY_ID = Sql(_TOKEN + "token_hash = :which"), Sql(_TOKEN + "id = :which")


def valid_actor(reader: Engine, token: str, client: str) -> Actor | None:
    """The actor a valid token stands for, by a read alone (nothing is written); None for a
    token that is not valid, which ``authenticate`` then refuses (logged)."""
    found = _judged(read_row(reader, _BY_HASH, {"which": token_hash(token)}), client)
    return found if isinstance(found, Actor) else None


def _actor(
    engine: Engine,
    sql: Sql,
    which: str | int,
    client: str,
    failures: FailedLogins | None,
    reader: Engine | None,
) -> Actor:
    row = read_row(reader or engine, sql, {"which": which})
    found = _judged(row, client)
    if isinstance(found, str):
        _refused(engine, failures, row[1] if row is not None else "?", client, found)
        raise AuthError(found)
    return found


def _judged(row: tuple[Any, ...] | None, client: str) -> Actor | str:
    """The actor of a token's row, or why it is refused."""
    if row is None:
        return "the token is not valid"
    token_id, clerk, role, boards, expires_at, revoked_at = row
    if revoked_at is not None:
        return "the token was revoked"
    if expires_at is not None and dt.datetime.fromisoformat(expires_at) <= now():
        return "the token has expired"
    scope = None if boards == EVERY_BOARD else frozenset(boards.split(","))
    return Actor(clerk, role, scope, client, f"token {token_id}", token_id)


def _refused(
    engine: Engine, failures: FailedLogins | None, who: str, client: str, problem: str
) -> None:
    if failures is None:
        log(engine, who, "authenticate", "", client, f"refused: {problem}")
    else:
        failures.note(engine, who, client, problem)


class FailedLogins:
    """Failed authentications, counted per address, minute, clerk and reason: the first is
    written at once, the rest as one line when the minute is over (at the next failure from
    anyone, or ``flush``). A client guessing tokens makes at most two writes a minute, not one
    per attempt (every write is a durable commit, and the log's chain takes its lock)."""

    MAX_OPEN = 10_000  # addresses counted at once; past it the counts are written out

    def __init__(self, clock: Callable[[], dt.datetime] = now) -> None:
        self.clock = clock
        # (client, minute, who, problem) -> how many more
        self._open: dict[tuple[str, str, str, str], int] = {}
        self._lock = threading.Lock()

    def note(self, engine: Engine, who: str, client: str, problem: str) -> None:
        minute = stamp(self.clock())[:16]
        rows = []
        key = (client, minute, who, problem)
        with self._lock:
            if key not in self._open:
                self._open[key] = 0
                rows.append(log_row(who, "authenticate", "", client, f"refused: {problem}"))
            else:
                self._open[key] += 1
            full = len(self._open) > self.MAX_OPEN
            rows += self._take(lambda m: full or m != minute)
        self._write(engine, rows)

    def flush(self, engine: Engine) -> None:
        """Write every count still open (the server is stopping)."""
        with self._lock:
            rows = self._take(lambda m: True)
        self._write(engine, rows)

    def _take(self, done: Callable[[str], bool]) -> list[dict[str, str]]:
        rows = []
        for key, more in list(self._open.items()):
            client, minute, who, problem = key
            if done(minute):
                del self._open[key]
                if more:
                    times = f"{more} more time{'s' * (more > 1)}"
                    outcome = (
                        f"refused: {problem}, {times} from this address in the minute from "
                        f"{minute.replace('T', ' ')}"
                    )
                    rows.append(log_row(who, "authenticate", "", client, outcome))
        return rows

    @staticmethod
    def _write(engine: Engine, rows: list[dict[str, str]]) -> None:
        if rows:
            with engine.begin() as conn:
                append_log(conn, rows)


# PostgreSQL: every write to the book or the log holds this lock, so the log is one chain (on
# SQLite, BEGIN IMMEDIATE lets one writer in at a time).
PG_WRITE_LOCK = "SELECT pg_advisory_xact_lock(hashtext('nyballot.desk'))"
LAST_LOG_HASH = "SELECT hash FROM access_log ORDER BY id DESC LIMIT 1"


def log(engine: Engine, who: str, action: str, target: str, client: str, outcome: str) -> None:
    """One line in the access log, in its own transaction."""
    with engine.begin() as conn:
        append_log(conn, [log_row(who, action, target, client, outcome)])


def append_log(conn: Connection, rows: list[dict[str, str]]) -> None:
    """Lines at the end of the log's chain, in the open write transaction."""
    if conn.dialect.name == "postgresql":
        conn.execute(text(PG_WRITE_LOCK))
    previous = conn.execute(text(LAST_LOG_HASH)).scalar() or ""
    for row in rows:
        previous = chain_log_row(row, previous)["hash"]
        conn.execute(access_log.insert(), [row])


def chain_log_row(row: dict[str, str], previous: str) -> dict[str, str]:
    """``row`` chained to the line before it (its ``prev_hash`` and ``hash`` set)."""
    row["prev_hash"] = previous
    row["hash"] = log_hash(row)
    return row


def log_row(who: str, action: str, target: str, client: str, outcome: str) -> dict[str, str]:
    return {
        "at": stamp(now()),
        "who": who[:100],
        "action": action[:40],
        "target": target[:200],
        "client": client[:100],
        "outcome": outcome[:300],
    }


def read_log(engine: Engine, limit: int = 100) -> list[dict[str, Any]]:
    """The latest entries of the access log, newest first."""
    with engine.connect() as conn:
        query = select(access_log).order_by(access_log.c.id.desc()).limit(limit)
        return [dict(r) for r in conn.execute(query).mappings()]
