"""The HTTP protocol uvicorn runs, with Nagle's algorithm off on every connection.

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
