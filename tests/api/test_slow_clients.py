"""The server under hostile clients: oversized or too many headers are refused as they arrive
(431), and a client too slow with its headers or body, or silent, is cut off (408)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn

from nyballot.api import create_app
from nyballot.api.tcp import GuardedHTTPProtocol


class _Quick(GuardedHTTPProtocol):
    """The same limits, with the timeouts short enough for a test."""

    idle_seconds = head_seconds = body_seconds = 0.5


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    url = f"sqlite:///{tmp_path_factory.mktemp('slow') / 's.sqlite3'}"
    config = uvicorn.Config(
        create_app(url, rate=0), host="127.0.0.1", port=0, http=_Quick, lifespan="off",
        log_level="error",
    )  # fmt: skip
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    yield server.servers[0].sockets[0].getsockname()[1]
    server.should_exit = True
    thread.join(10)


def _exchange(port: int, *parts: bytes, pause: float = 0.0) -> tuple[bytes, float]:
    """Send the parts (pausing between them), then read until the server closes: (the
    answer, the seconds from the last part sent to the close)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        for part in parts:
            try:
                s.sendall(part)
            except OSError:  # the server closed on us mid-send: its answer is what counts
                break
            time.sleep(pause)
        start = time.monotonic()
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
        return answer, time.monotonic() - start


def test_a_huge_header_is_refused_as_it_arrives(port: int) -> None:
    # Before: a 128 MiB header was buffered whole, holding the server for 39.5 s.
    head = b"GET /health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (1024 * 1024) + b"\r\n\r\n"
    answer, _ = _exchange(port, head)
    assert answer.startswith(b"HTTP/1.1 431 Request Header Fields Too Large\r\n")
    assert answer.endswith(b'{"error": "request headers larger than 32768 bytes"}')


def test_too_many_headers_are_refused(port: int) -> None:
    many = b"".join(b"X-H%d: 1\r\n" % i for i in range(101))
    answer, _ = _exchange(port, b"GET /health HTTP/1.1\r\nHost: x\r\n" + many + b"\r\n")
    assert answer.startswith(b"HTTP/1.1 431 ")
    assert b"more than 100 request headers" in answer


def test_a_normal_request_is_answered(port: int) -> None:
    answer, _ = _exchange(port, b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 200 OK") and answer.endswith(b'{"status":"ok"}')


def test_headers_sent_too_slowly_are_cut_off(port: int) -> None:
    # Before: a byte every few seconds held the connection open for ever.
    drip = [b"GET /health HTTP/1.1\r\n", b"Host: x\r\n", b"X-A: 1\r\n", b"X-B: 1\r\n"]
    answer, _ = _exchange(port, *drip, pause=0.2)
    assert answer.startswith(b"HTTP/1.1 408 Request Timeout\r\n")
    assert b"the request's headers did not arrive in time" in answer


def test_a_body_sent_too_slowly_is_cut_off(port: int) -> None:
    head = b"POST /filings HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    answer, waited = _exchange(port, head + b"Content-Length: 100\r\n\r\n", b"{", pause=0.0)
    assert answer.startswith(b"HTTP/1.1 408 ")
    assert b"the request's body did not arrive in time" in answer and waited < 3


def test_a_silent_connection_is_closed(port: int) -> None:
    answer, waited = _exchange(port)
    assert answer == b"" and waited < 3
