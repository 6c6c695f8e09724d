"""The HTTP protocol uvicorn runs: Nagle's algorithm off on every connection, and limits on
headers and on slow clients (``GuardedHTTPProtocol``).

asyncio turns Nagle off for the connections of a server it opens itself, but not for those of
a socket created elsewhere and handed to it, which is what uvicorn does when it runs several
worker processes. A small response (headers and body written separately) then waits for the
client's delayed acknowledgement, about 40 ms each. Setting TCP_NODELAY here makes one worker
and several behave alike.

Where they are installed (they are dependencies), uvicorn runs on uvloop and parses HTTP with
httptools (its "auto" choices); in their place asyncio's own loop and h11 take about twice the
CPU per request.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import socket

from uvicorn.protocols.http.auto import AutoHTTPProtocol


def served_by() -> str:
    """The event loop and HTTP parser uvicorn picks here: ``uvloop, httptools`` or the
    slower ``asyncio, h11``."""
    loop = "uvloop" if importlib.util.find_spec("uvloop") is not None else "asyncio"
    parser = "httptools" if "HttpTools" in AutoHTTPProtocol.__name__ else "h11"
    return f"{loop}, {parser}"


class NoDelayHTTPProtocol(AutoHTTPProtocol):  # type: ignore[misc, valid-type]
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().connection_made(transport)


MAX_HEAD_BYTES = 32 * 1024  # the request line and headers, as nginx's default buffers hold
MAX_HEADERS = 100
IDLE_SECONDS = 5.0  # a new connection's first byte, as uvicorn waits between requests
HEAD_SECONDS = 10.0  # from a request's first byte to the end of its headers
BODY_SECONDS = 60.0  # from the headers to the end of the body (8 MiB at 140 KB/s)
LINGER_SECONDS = 2.0
_REASONS = {408: b"Request Timeout", 431: b"Request Header Fields Too Large"}


class GuardedHTTPProtocol(NoDelayHTTPProtocol):
    """uvicorn's protocol with the limits a public server needs, which it lacks: headers past
    ``MAX_HEAD_BYTES`` or ``MAX_HEADERS`` are refused (431) as they arrive, not after they
    are all buffered (httptools keeps a header whole in memory however long it is); a client
    that sends its headers or its body too slowly, or connects and sends nothing, is cut off
    (408), so slow connections cannot hold the server's sockets and memory."""

    max_head_bytes = MAX_HEAD_BYTES
    max_headers = MAX_HEADERS
    idle_seconds, head_seconds, body_seconds = IDLE_SECONDS, HEAD_SECONDS, BODY_SECONDS

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._phase, self._head_bytes, self._refused = "idle", 0, False
        self._timer: asyncio.TimerHandle | None = None
        super().connection_made(transport)
        self._arm(self.idle_seconds, "no request arrived in time")

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return
        super().data_received(data)
        if self._phase == "head" and not self._refused:
            self._head_bytes += len(data)
            if self._head_bytes > self.max_head_bytes:
                self._refuse(431, f"request headers larger than {self.max_head_bytes} bytes")

    def on_message_begin(self) -> None:
        self._phase, self._head_bytes = "head", 0
        self._arm(self.head_seconds, "the request's headers did not arrive in time")
        super().on_message_begin()

    def on_url(self, url: bytes) -> None:
        if not self._refused:
            super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        if self._refused:
            return
        super().on_header(name, value)
        if len(self.headers) > self.max_headers:
            self._refuse(431, f"more than {self.max_headers} request headers")

    def on_headers_complete(self) -> None:
        if self._refused:
            return
        size = len(self.url) + sum(len(n) + len(v) + 4 for n, v in self.headers)
        if size > self.max_head_bytes:
            self._refuse(431, f"request headers larger than {self.max_head_bytes} bytes")
            return
        self._phase = "body"
        self._arm(self.body_seconds, "the request's body did not arrive in time")
        super().on_headers_complete()

    def on_body(self, body: bytes) -> None:
        if not self._refused:
            super().on_body(body)

    def on_message_complete(self) -> None:
        if self._refused:
            return
        self._phase = "idle"
        self._disarm()  # between requests uvicorn's keep-alive timeout applies
        super().on_message_complete()

    def _arm(self, seconds: float, why: str) -> None:
        self._disarm()
        self._timer = self.loop.call_later(seconds, self._expired, why)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _expired(self, why: str) -> None:
        started = self.cycle is not None and self.cycle.response_started
        if self._phase == "idle" or started:
            self.transport.close()  # nothing was asked, or an answer is already on its way
            return
        self._refuse(408, why)

    def _refuse(self, status: int, message: str) -> None:
        """Answer ``{"error": message}`` and close the connection."""
        self._refused = True
        self._disarm()
        if self.transport.is_closing():
            return
        body = json.dumps({"error": message}).encode()
        self.transport.write(
            b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\ncontent-length: %d\r\n"
            b"connection: close\r\n\r\n%s" % (status, _REASONS[status], len(body), body)
        )
        # A lingering close (as nginx's): the answer and the end of the stream go out, what the
        # client still sends is read and dropped, and the socket closes when the client does or
        # after LINGER_SECONDS; closing at once with its data unread would reset the
        # connection, and the client might never read the answer.
        if self.transport.can_write_eof():
            self.transport.write_eof()
            self.loop.call_later(LINGER_SECONDS, self.transport.close)
        else:
            self.transport.close()
        if self.cycle is not None and not self.cycle.response_complete:
            self.cycle.disconnected = True
            self.cycle.message_event.set()
