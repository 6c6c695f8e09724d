"""``GET /calendar/{year}``: gzipped when the client accepts it, an entity tag and 304, and a
repeated request answered from the kept body, with the same bytes and headers and behind the
same guards (security headers, HEAD, rate limit, access log)."""

from __future__ import annotations

import gzip
import io
import json
from collections import OrderedDict
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from nyballot.api import calendar as calendar_api
from nyballot.api import create_app
from nyballot.api.encoded import accepts_gzip, matches
from nyballot.api.tcp import served_by
from nyballot.export.json import calendar_dict
from nyballot.filing.store import dispose_all
from nyballot.web.common import choose

GZIP = {"Accept-Encoding": "gzip"}


@pytest.fixture
def url(tmp_path: Path) -> Iterator[str]:
    yield f"sqlite:///{tmp_path / 'api.sqlite3'}"
    dispose_all()


@pytest.fixture(autouse=True)
def fresh_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no answer kept by request target, so the first request of a
    target goes through the route."""
    monkeypatch.setattr(calendar_api, "_answers", OrderedDict())


@pytest.fixture
def client(url: str) -> Iterator[TestClient]:
    with TestClient(create_app(url, rate=0)) as c:
        del c.headers["accept-encoding"]  # a bare client: httpx would ask for gzip
        yield c


def raw(client: TestClient, path: str, headers: dict[str, str] | None = None) -> httpx.Response:
    """The answer with its body as sent (not gunzipped)."""
    with client.stream("GET", path, headers=headers) as r:
        r._content = b"".join(r.iter_raw())
    return r


@pytest.mark.parametrize(
    ("value", "gzip_ok"),
    [
        ("gzip", True),
        ("gzip, deflate, br", True),
        ("GZIP", True),
        ("x-gzip", True),
        ("*", True),
        ("br;q=1.0, gzip;q=0.5", True),
        ("", False),
        ("identity", False),
        ("deflate, br", False),
        ("gzip;q=0", False),
        ("gzip; q=0.000", False),
        ("*;q=0", False),
        ("gzip;q=0, *", False),  # gzip named with 0 wins over the wildcard
        ("*;q=0, gzip;q=0.1", True),
        ("gzip;q=abc", False),
    ],
)
def test_accept_encoding_is_read_with_its_weights(value: str, gzip_ok: bool) -> None:
    # RFC 9110 § 12.5.3: a coding with q=0 is "not acceptable"; "*" stands for any coding not
    # named elsewhere in the field.
    assert accepts_gzip(value) is gzip_ok


@given(
    weight=st.integers(0, 1000),
    others=st.lists(st.sampled_from(["br", "deflate", "identity", "zstd"]), max_size=3),
)
def test_gzip_is_chosen_exactly_when_its_weight_is_above_zero(
    weight: int, others: list[str]
) -> None:
    value = ", ".join([*others, f"gzip;q={weight / 1000:.3f}"])
    assert accepts_gzip(value) is (weight > 0)


@pytest.mark.parametrize(
    ("value", "hit"),
    [
        ('"abc"', True),
        ('W/"abc"', True),
        ('"zzz", "abc-gzip"', True),
        ("*", True),
        ('"abcd"', False),
        ("abc", False),  # not quoted: no entity tag
        ("", False),
    ],
)
def test_if_none_match_names_a_tag(value: str, hit: bool) -> None:
    assert matches(value, ('"abc"', '"abc-gzip"')) is hit


def test_a_plain_request_gets_the_json_unchanged(client: TestClient) -> None:
    r = raw(client, "/calendar/2026")
    assert r.status_code == 200 and "content-encoding" not in r.headers
    # The body the route has always sent: the compact JSON of the year's calendar.
    before = json.dumps(calendar_dict(choose(2026).calendar())).encode()
    assert r.content == before
    assert r.headers["content-length"] == str(len(before))
    assert r.headers["content-type"] == "application/json"
    assert r.headers["vary"] == "Accept-Encoding"
    assert r.headers["etag"].startswith('"') and r.headers["etag"].endswith('"')
    assert r.headers["x-content-type-options"] == "nosniff"


def test_gzip_when_accepted_the_same_json(client: TestClient) -> None:
    plain = raw(client, "/calendar/2026")
    zipped = raw(client, "/calendar/2026", {"Accept-Encoding": "gzip, deflate"})
    assert zipped.headers["content-encoding"] == "gzip"
    assert zipped.content[:2] == b"\x1f\x8b"  # gzip's magic number (RFC 1952 § 2.3.1)
    assert gzip.decompress(zipped.content) == plain.content
    assert zipped.headers["content-length"] == str(len(zipped.content))
    assert len(zipped.content) * 4 < len(plain.content)  # 17 KB against 152 KB
    assert zipped.headers["vary"] == "Accept-Encoding"
    assert zipped.headers["etag"] == plain.headers["etag"][:-1] + '-gzip"'
    refused = raw(client, "/calendar/2026", {"Accept-Encoding": "gzip;q=0"})
    assert "content-encoding" not in refused.headers and refused.content == plain.content


def test_a_known_etag_answers_304_without_a_body(url: str) -> None:
    log = io.StringIO()
    with TestClient(create_app(url, rate=0, access_log=log)) as c:
        first = c.get("/calendar/2026", headers={"Accept-Encoding": "identity"})
        tag = first.headers["etag"]
        for sent in (tag, f"W/{tag}", f'"other", {tag}'):
            again = c.get("/calendar/2026", headers={"If-None-Match": sent})
            assert again.status_code == 304 and again.content == b"", sent
            assert again.headers["vary"] == "Accept-Encoding"
            assert "content-length" not in again.headers
            assert "frame-ancestors 'none'" in again.headers["content-security-policy"]
        # The client asked for gzip (httpx's default): the tag named is the gzip one.
        assert again.headers["etag"] == tag[:-1] + '-gzip"'
        changed = c.get("/calendar/2026", headers={"If-None-Match": '"not-this-one"'})
        assert changed.status_code == 200 and changed.json()["year"] == 2026
        other = c.get("/calendar/2026?kind=board", headers={"Accept-Encoding": "identity"})
        assert other.headers["etag"] != tag  # another body, another tag
    lines = log.getvalue().splitlines()
    assert [line.split('" ')[1].split()[0] for line in lines] == ["200", *["304"] * 3, "200", "200"]


def test_head_answers_the_headers_of_the_gzip(client: TestClient) -> None:
    zipped = raw(client, "/calendar/2026", {"Accept-Encoding": "gzip"})
    head = client.head("/calendar/2026", headers={"Accept-Encoding": "gzip"})
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-length"] == zipped.headers["content-length"]
    assert head.headers["etag"] == zipped.headers["etag"]


def test_a_repeated_request_is_answered_alike_from_the_kept_body(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = ("/calendar/2026", b"kind=voter")
    assert target not in calendar_api._answers
    firsts = [raw(client, "/calendar/2026?kind=voter", asked) for asked in ({}, GZIP)]
    assert target in calendar_api._answers

    def unreachable(key: object) -> None:
        raise AssertionError("the route was reached")

    monkeypatch.setattr(calendar_api, "_kept", unreachable)
    for first, asked in zip(firsts, ({}, GZIP), strict=True):
        second = raw(client, "/calendar/2026?kind=voter", asked)
        assert second.status_code == first.status_code == 200
        assert second.content == first.content
        assert list(second.headers.items()) == list(first.headers.items())
    head = client.head("/calendar/2026?kind=voter")
    assert head.status_code == 200 and head.content == b""


def test_only_answered_requests_are_kept(client: TestClient) -> None:
    for _ in range(2):
        assert client.get("/calendar/2050").status_code == 400
        assert client.get("/calendar/2026?convention=nope").status_code == 422
    assert not calendar_api._answers


def test_kept_answers_count_against_the_rate_limit(url: str) -> None:
    with TestClient(create_app(url, rate=0.001, burst=3)) as c:
        codes = [c.get("/calendar/2026").status_code for _ in range(5)]
    assert codes == [200, 200, 200, 429, 429]


def test_the_server_runs_on_uvloop_and_httptools() -> None:
    # Both are dependencies; without them uvicorn falls back to asyncio's loop and h11.
    assert served_by() == "uvloop, httptools"


def test_explain_computes_a_new_calendar_once_off_the_event_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(calendar_api, "_computed", set())
    path = "/explain/2026/designating_petition.filing?convention=statutory"
    first = client.get(path)
    assert first.status_code == 200 and len(calendar_api._computed) == 1

    async def no_thread(*args: object) -> None:
        raise AssertionError("a worker thread was used again")

    monkeypatch.setattr(calendar_api, "run_in_threadpool", no_thread)
    again = client.get(path)
    assert again.status_code == 200 and again.json() == first.json()
    missing = client.get("/explain/2026/no_such.rule?convention=statutory")
    assert missing.status_code == 404 and "error" in missing.json()
