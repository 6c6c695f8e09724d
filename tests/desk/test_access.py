"""Tokens scoped to boards and a role, expiring and revocable; the access log; the API's
guards: paging, rate limit, security headers, HEAD, favicon, the docs page offline."""

from __future__ import annotations

import datetime as dt
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from nyballot.filing import access
from nyballot.filing.desk import Desk
from nyballot.filing.errors import AuthError
from nyballot.filing.model import NEW_YORK
from nyballot.filing.store import dispose_all
from nyballot.web import create_app

from .conftest import ALBANY_PETITION, CliRun, DeskClock

PETITION = ALBANY_PETITION


@pytest.fixture
def url(tmp_path: Path) -> Iterator[str]:
    yield f"sqlite:///{tmp_path / 'access.sqlite3'}"
    dispose_all()


@pytest.fixture
def client(url: str, clock: DeskClock) -> Iterator[TestClient]:
    with TestClient(create_app(url, clock=clock, rate=0)) as c:
        yield c


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_tokens_are_scoped_to_boards_and_a_role(db_url: str, clock: DeskClock) -> None:
    desk = Desk(db_url)
    albany = desk.create_token("Ann Clerk", "clerk", ["albany"])
    viewer = desk.create_token("Vic Viewer", "viewer")
    clerk = desk.create_token("Cal Clerk", "clerk")
    with TestClient(create_app(db_url, clock=clock, rate=0)) as c:
        assert c.post("/filings", json=PETITION, headers=bearer(albany)).status_code == 201
        erie = c.post("/filings", json={**PETITION, "board": "erie"}, headers=bearer(albany))
        assert erie.status_code == 403 and "may write only to albany" in erie.json()["error"]
        r = c.post("/filings", json=PETITION, headers=bearer(viewer))
        assert r.status_code == 403 and "may not record" in r.json()["error"]
        late = {**PETITION, "received": "2026-04-01T10:00:00-04:00",
                "late_entry": {"reason": "mail opened late"}}  # fmt: skip
        r = c.post("/filings", json=late, headers=bearer(clerk))
        assert r.status_code == 403 and "may not enter a paper late" in r.json()["error"]
        assert len(c.get("/book").json()["rows"]) == 1
    with desk.engine.connect() as conn:  # only hashes are stored
        stored = conn.execute(text("SELECT token_hash FROM tokens")).scalars().all()
    assert albany not in stored and access.token_hash(albany) in stored


def test_expired_and_revoked_tokens_are_refused_and_logged(url: str, client: TestClient) -> None:
    desk = Desk(url)
    now = dt.datetime.now(NEW_YORK)
    expiring, token = access.create_token(desk.engine, "Eve", "clerk", (), now + dt.timedelta(0, 2))
    revoked, gone = access.create_token(desk.engine, "Rob", "clerk")
    assert client.post("/filings", json=PETITION, headers=bearer(gone)).status_code == 201
    access.revoke_token(desk.engine, revoked)
    r = client.post("/filings", json=PETITION, headers=bearer(gone))
    assert r.status_code == 401 and r.json()["error"] == "the token was revoked"
    with desk.engine.begin() as conn:  # the expiry passes (moved back, not waited for)
        past = (now - dt.timedelta(seconds=1)).isoformat()
        conn.execute(text(f"UPDATE tokens SET expires_at = '{past}' WHERE id = {expiring}"))
    r = client.post("/filings", json=PETITION, headers=bearer(token))
    assert r.status_code == 401 and r.json()["error"] == "the token has expired"
    assert client.post("/filings", json=PETITION).status_code == 401
    log = access.read_log(desk.engine)
    outcomes = [(e["who"], e["action"], e["outcome"]) for e in log]
    assert outcomes[:3] == [
        ("?", "authenticate", "refused: no token"),
        ("Eve", "authenticate", "refused: the token has expired"),
        ("Rob", "authenticate", "refused: the token was revoked"),
    ]
    assert outcomes[3][:2] == ("Rob", "file") and outcomes[3][2] == "recorded"
    assert all(e["client"] == "testclient" and e["at"] for e in log)
    with pytest.raises(Exception, match="already past"):
        access.create_token(desk.engine, "Old", "clerk", (), now - dt.timedelta(days=1))


def test_every_write_is_logged_refusals_too(url: str, client: TestClient) -> None:
    token = Desk(url).create_token("Ann", "clerk", ["albany"])
    assert client.post("/filings", json=PETITION, headers=bearer(token)).status_code == 201
    bad = client.post("/filings", json={**PETITION, "candidates": []}, headers=bearer(token))
    assert bad.status_code == 400
    log = access.read_log(Desk(url).engine)
    assert log[0]["outcome"].startswith("refused: kind 'designating_petition': names no")
    assert (
        log[1]["outcome"] == "recorded"
        and log[1]["target"] == client.get("/book").json()["rows"][0]["uid"]
    )


def test_token_command_line(url: str, run: CliRun) -> None:
    db = ("--db", url)
    code, out, _ = run("desk", "token", "--clerk", "Ann", "--board", "albany", "--board",
                       "erie", "--role", "supervisor", "--expires", "2099-12-31",
                       "--format", "json", *db)  # fmt: skip
    made = json.loads(out)
    assert code == 0 and set(made) == {"id", "token"} and made["token"].startswith("nyb_")
    code, out, _ = run("desk", "token", "--list", *db)
    assert re.match(rf"{made['id']}  Ann  supervisor  boards albany,erie expires 2100-01-01T", out)
    assert "(works through 2099-12-31)" in out
    assert made["token"] not in out and "active" in out
    assert run("desk", "token", "--revoke", str(made["id"]), *db)[:2] == (
        0, f"token {made['id']}: revoked\n"
    )  # fmt: skip
    listed = json.loads(run("desk", "token", "--list", "--format", "json", *db)[1])
    assert listed[0]["revoked_at"] and listed[0]["boards"] == ["albany", "erie"]
    # Revoked again: the first revocation stands, and says when it was.
    assert run("desk", "token", "--revoke", str(made["id"]), *db)[:2] == (
        0, f"token {made['id']}: already revoked at {listed[0]['revoked_at']}\n"
    )  # fmt: skip
    code, _, err = run("desk", "token", "--revoke", "99", *db)
    assert (code, err) == (2, "nyballot: error: token 99: no such token\n")
    code, _, err = run("desk", "token", "--clerk", "Ann", "--board", "gotham", *db)
    assert code == 2 and err.startswith("nyballot: error: board 'gotham': unknown")
    code, _, err = run("desk", "token", "--clerk", "Ann", "--expires", "2020-01-01", *db)
    assert (code, err) == (2, "nyballot: error: --expires 2020-01-01: that day is past\n")
    # Two actions at once are refused, never one of them silently dropped.
    code, _, err = run("desk", "token", "--list", "--revoke", "1", *db)
    assert (code, err.count("\n")) == (2, 1) and "--list and --revoke: give one of them" in err
    code, _, err = run("desk", "token", "--board", "albany", *db)
    assert code == 2 and "give --clerk NAME" in err
    # A role describes a new token: with --list it would be taken for a filter and ignored.
    code, _, err = run("desk", "token", "--list", "--role", "viewer", *db)
    assert (code, err.count("\n")) == (2, 1) and "--role" in err and "--clerk NAME" in err
    code, out, _ = run("desk", "token", "--clerk", "Bo", "--format", "json", *db)
    assert code == 0 and "Bo  clerk  boards *" in run("desk", "token", "--list", *db)[1]


def test_public_reads_are_paged(url: str, client: TestClient, clock: DeskClock) -> None:
    token = bearer(Desk(url).create_token("Ann", "clerk"))
    for i in range(5):
        paper = {**PETITION, "candidates": [{"name": f"P{i}", "residence": "Albany"}]}
        assert client.post("/filings", json=paper, headers=token).status_code == 201
    page = client.get("/book", params={"limit": 2, "offset": 3}).json()
    assert (page["total"], page["limit"], page["offset"]) == (5, 2, 3)
    assert [r["seq"] for r in page["rows"]] == [4, 5]
    assert client.get("/book", params={"limit": 1001}).status_code == 422
    due = client.get("/due", params={"on": "2026-04-01", "limit": 2})
    assert len(due.json()) == 2 and int(due.headers["X-Total-Count"]) > 2


def test_a_client_over_the_rate_limit_gets_429(url: str) -> None:
    with TestClient(create_app(url, rate=0.001, burst=3)) as c:
        codes = [c.get("/holidays/2026").status_code for _ in range(5)]
        assert codes == [200, 200, 200, 429, 429]
        r = c.get("/holidays/2026")
        assert r.json() == {"error": "too many requests; slow down"}
        assert int(r.headers["Retry-After"]) >= 1
        assert c.get("/health").status_code == 200  # a health check is never counted


def test_security_headers_head_favicon_and_docs_offline(client: TestClient) -> None:
    r = client.get("/calendar/2026")
    assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    paths = client.get("/openapi.json").json()["paths"]
    documented = [p for p, ops in paths.items() if "get" in ops and "{" not in p]
    gets = [*documented, "/openapi.json", "/docs", "/favicon.ico", "/", "/web/book"]
    assert len(gets) >= 8
    for path in gets:
        head, get = client.head(path), client.get(path)
        assert head.status_code == get.status_code, path
        assert head.content == b"" and head.headers["content-type"] == get.headers["content-type"]
    assert client.head("/calendar/2026").status_code == 200
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"] == "image/svg+xml"
    docs = client.get("/docs").text
    assert "http://" not in docs and "https://" not in docs  # nothing from the internet
    assert "<script" not in docs and "<code>/book/verify</code>" in docs
    assert "late_entry" in client.get("/openapi.json").text


def test_the_server_can_write_a_common_log_format_access_log(url: str) -> None:
    out = io.StringIO()
    with TestClient(create_app(url, rate=0, access_log=out)) as c:
        c.get("/holidays/2026", params={"x": "1"})
        c.post("/filings", json=PETITION)
    lines = out.getvalue().splitlines()
    head = r"testclient - - \[\d\d/\w{3}/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}\] "
    assert re.fullmatch(head + r'"GET /holidays/2026\?x=1 HTTP/1.1" 200 \d+', lines[0])
    assert re.fullmatch(head + r'"POST /filings HTTP/1.1" 401 \d+', lines[1])


def test_a_token_made_or_revoked_is_logged(db_url: str, run: CliRun) -> None:
    code, out, _ = run("desk", "token", "--clerk", "Ann Example", "--board", "albany",
                       "--format", "json", "--db", db_url)  # fmt: skip
    assert code == 0
    token_id = json.loads(out)["id"]
    assert run("desk", "token", "--revoke", str(token_id), "--db", db_url)[0] == 0
    logged = [(r["action"], r["target"], r["client"], r["outcome"])
              for r in access.read_log(Desk(db_url).engine)[:2]]  # fmt: skip
    assert logged == [
        ("token", f"revoke token {token_id}", "cli", "recorded"),
        ("token", f"create token {token_id} for Ann Example (clerk; albany)", "cli", "recorded"),
    ]
    assert "nyb_" not in str(logged)  # never the token itself


def test_failed_authentications_are_counted_per_address_and_minute(db_url: str) -> None:
    # Before: each of the 50 attempts was a durable write (a line in the access log).
    clock = DeskClock("2026-04-01T10:15:05-04:00")
    desk = Desk(db_url, clock)
    for i in range(50):
        with pytest.raises(AuthError):
            desk.actor_for(f"nyb_guess{i}", "203.0.113.9")
    with pytest.raises(AuthError):
        desk.actor_for("nyb_other", "198.51.100.1")

    def lines() -> list[tuple[str, str]]:
        return [(r["client"], r["outcome"]) for r in reversed(access.read_log(desk.engine))]

    assert lines() == [
        ("203.0.113.9", "refused: the token is not valid"),
        ("198.51.100.1", "refused: the token is not valid"),
    ]
    clock.set("2026-04-01T10:16:00-04:00")  # the next minute: the count of the last is written
    with pytest.raises(AuthError):
        desk.actor_for(None, "203.0.113.9")
    more = "refused: the token is not valid, 49 more times from this address in the minute from "
    assert lines()[2:] == [
        ("203.0.113.9", "refused: no token"),
        ("203.0.113.9", more + "2026-04-01 10:15"),
    ]
    with pytest.raises(AuthError):
        desk.actor_for(None, "203.0.113.9")
    desk.close()  # the server stopping writes what is still counted
    again = "refused: no token, 1 more time from this address in the minute from "
    assert lines()[4:] == [("203.0.113.9", again + "2026-04-01 10:16")]


def test_a_valid_token_is_read_without_a_write_and_any_other_is_left_to_refuse(
    db_url: str,
) -> None:
    desk = Desk(db_url)
    now = dt.datetime.now(NEW_YORK)
    token = desk.create_token("Ann", "clerk", ["albany"])
    expiring, late = access.create_token(desk.engine, "Eve", "clerk", (), now + dt.timedelta(0, 9))
    revoked, gone = access.create_token(desk.engine, "Rob", "supervisor")
    access.revoke_token(desk.engine, revoked)
    with desk.engine.begin() as conn:  # Eve's token has run out
        past = (now - dt.timedelta(seconds=1)).isoformat()
        conn.execute(text(f"UPDATE tokens SET expires_at = '{past}' WHERE id = {expiring}"))
    logged = len(access.read_log(desk.engine))
    found = desk.valid_actor(token, "10.0.0.7")
    assert found is not None
    assert (found.name, found.role, found.boards, found.client) == (
        "Ann", "clerk", frozenset({"albany"}), "10.0.0.7"
    )  # fmt: skip
    assert found == desk.actor_for(token, "10.0.0.7")
    for refused in (late, gone, "nyb_never_made", None):
        assert desk.valid_actor(refused, "10.0.0.7") is None
    assert len(access.read_log(desk.engine)) == logged  # read alone: nothing written
