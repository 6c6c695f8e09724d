"""The HTTP protocol uvicorn runs, with Nagle's algorithm off on every connection.

asyncio turns Nagle off for the connections of a server it opens itself, but not for those of
a socket created elsewhere and handed to it, which is what uvicorn does when it runs several
worker processes. A small response (headers and body written separately) then waits for the
client's delayed acknowledgement, about 40 ms each. Setting TCP_NODELAY here makes one worker
and several behave alike.
"""

from __future__ import annotations

import asyncio
import socket

from uvicorn.protocols.http.auto import AutoHTTPProtocol


class NoDelayHTTPProtocol(AutoHTTPProtocol):  # type: ignore[misc, valid-type]
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().connection_made(transport)
