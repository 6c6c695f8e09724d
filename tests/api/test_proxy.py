"""X-Forwarded-For is believed only from the proxies `serve --trusted-proxy` names: the rate
limit and both access logs see the real peer, however many addresses a client invents."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import uvicorn
from fastapi.testclient import TestClient

from nyballot.api import create_app
from nyballot.cli.serve import proxy_settings
from nyballot.filing import access


def _served(tmp_path: Path, trusted: tuple[str, ...], peer: str, log: io.StringIO) -> TestClient:
    """The application as `serve` hands it to uvicorn, reached from ``peer``."""
    app = create_app(f"sqlite:///{tmp_path / 'p.sqlite3'}", rate=0.001, burst=5, access_log=log)
    config = uvicorn.Config(app=app, lifespan="off", **proxy_settings(trusted))
    config.load()
    client = TestClient(config.loaded_app, client=(peer, 40000))
    client.engine = app.state.desk.engine  # type: ignore[attr-defined]
    return client


def _invented(i: int) -> dict[str, str]:
    return {"X-Forwarded-For": f"198.51.100.{i}"}


def test_forwarded_for_from_loopback_is_ignored_by_default(tmp_path: Path) -> None:
    # Before, uvicorn's default trusted loopback: 20 invented addresses were 20 clients, each
    # within its burst of 5, and every request was answered.
    log = io.StringIO()
    client = _served(tmp_path, (), "127.0.0.1", log)
    codes = [client.get("/no-such-page", headers=_invented(i)).status_code for i in range(20)]
    assert codes.count(429) == 15  # a burst of 5, then refused (one in 1,000 s)
    hosts = {line.split(" ", 1)[0] for line in log.getvalue().splitlines()}
    assert hosts == {"127.0.0.1"}


def test_forwarded_for_names_the_client_behind_a_trusted_proxy(tmp_path: Path) -> None:
    log = io.StringIO()
    client = _served(tmp_path, ("127.0.0.1",), "127.0.0.1", log)
    codes = [client.get("/no-such-page", headers=_invented(i)).status_code for i in range(10)]
    assert codes == [404] * 10  # ten clients behind the proxy, one request each
    assert log.getvalue().splitlines()[3].startswith("198.51.100.3 ")
    # A failed authentication is logged in the database under the client's address too.
    client.post("/filings", json={}, headers={**_invented(77), "Authorization": "Bearer nyb_x"})
    entries = access.read_log(client.engine)  # type: ignore[attr-defined]
    assert [e["client"] for e in entries] == ["198.51.100.77"]


def test_a_peer_that_is_not_the_proxy_cannot_name_another_client(tmp_path: Path) -> None:
    log = io.StringIO()
    client = _served(tmp_path, ("10.0.0.0/24",), "203.0.113.5", log)
    client.get("/no-such-page", headers=_invented(1))
    assert log.getvalue().startswith("203.0.113.5 ")


def test_a_trusted_proxy_that_is_no_address_is_refused(
    run_cli: Callable[..., tuple[int, str, str]],
) -> None:
    code, out, err = run_cli("serve", "--trusted-proxy", "localhost", "--port", "1")
    assert (code, out) == (2, "")
    assert err == (
        "nyballot: error: --trusted-proxy 'localhost': expected an IP address or network, "
        "e.g. 127.0.0.1 or 10.0.0.0/24\n"
    )
