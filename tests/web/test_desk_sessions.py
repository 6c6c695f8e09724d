"""The web desk's sessions are kept in the desk's database: a new server over the same
database still knows a signed-in clerk; signing out, revoking the token and expiry end them;
only the session id's hash is stored."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient
from sqlalchemy import select, update

from nyballot.filing import access
from nyballot.filing.desk import Desk
from nyballot.filing.schema import web_sessions
from nyballot.filing.store import dispose_all
from nyballot.web import create_app

COOKIE = "nyballot_desk"


def signed_in_client(url: str, token: str) -> TestClient:
    client = TestClient(create_app(url, rate=0))
    form = client.get("/web/desk").text
    csrf = re.search(r'name="csrf" value="([^"]+)"', form)
    assert csrf is not None
    done = client.post("/web/desk/signin", data={"token": token, "csrf": csrf[1]})
    assert 'id="file-form"' in done.text
    return client


def fresh_client(url: str, sid: str) -> TestClient:
    """A new application over the same database (a restarted server), with the cookie."""
    dispose_all()
    client = TestClient(create_app(url, rate=0))
    client.cookies.set(COOKIE, sid, path="/web/desk")
    return client


def kept(desk: Desk) -> list[dict[str, object]]:
    with desk.engine.connect() as conn:
        return [dict(r) for r in conn.execute(select(web_sessions)).mappings()]


def test_a_session_survives_a_new_server_over_the_same_database(db_url: str) -> None:
    desk = Desk(db_url)
    token = desk.create_token("Ann Clerk", "clerk", ["albany"])
    sid = signed_in_client(db_url, token).cookies[COOKIE]
    again = fresh_client(db_url, sid).get("/web/desk")
    assert 'id="file-form"' in again.text and "Ann Clerk" in again.text
    (row,) = kept(Desk(db_url))
    # Only the id's hash is kept, with the token, its board, the end and the CSRF secret.
    assert row["session_hash"] != sid and sid not in str(row.values())
    assert row["token_id"] == 1 and row["boards"] == "albany" and row["csrf"]


def test_a_revoked_tokens_session_is_refused_and_deleted(db_url: str) -> None:
    desk = Desk(db_url)
    token = desk.create_token("Ann Clerk", "clerk")
    sid = signed_in_client(db_url, token).cookies[COOKIE]
    access.revoke_token(desk.engine, 1)
    page = fresh_client(db_url, sid).get("/web/desk")
    assert 'id="signin"' in page.text and 'id="file-form"' not in page.text
    assert kept(Desk(db_url)) == []


def test_an_expired_session_is_refused_and_purged(db_url: str) -> None:
    desk = Desk(db_url)
    token = desk.create_token("Ann Clerk", "clerk")
    sid = signed_in_client(db_url, token).cookies[COOKIE]
    with desk.engine.begin() as conn:  # eight hours later
        conn.execute(update(web_sessions).values(expires_at="2000-01-01T00:00:00+00:00"))
    other = signed_in_client(db_url, token)  # a sign-in purges the ones run out
    assert len(kept(desk)) == 1
    assert 'id="signin"' in fresh_client(db_url, sid).get("/web/desk").text
    assert 'id="file-form"' in fresh_client(db_url, other.cookies[COOKIE]).get("/web/desk").text


def test_signing_out_deletes_the_session(db_url: str) -> None:
    desk = Desk(db_url)
    client = signed_in_client(db_url, desk.create_token("Ann Clerk", "clerk"))
    form = client.get("/web/desk").text
    csrf = re.search(r'id="signout">\s*<input type="hidden" name="csrf" value="([^"]+)"', form)
    assert csrf is not None
    client.post("/web/desk/signout", data={"csrf": csrf[1]})
    assert kept(desk) == []
