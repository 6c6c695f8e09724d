"""Every API connection has Nagle's algorithm off, however many workers serve it."""

import asyncio
import socket

from uvicorn.config import Config
from uvicorn.server import ServerState

from nyballot.api.tcp import NoDelayHTTPProtocol


class _Transport(asyncio.Transport):
    def __init__(self, sock: socket.socket) -> None:
        super().__init__()
        self._sock = sock

    def get_extra_info(self, name: str, default: object = None) -> object:
        return {
            "socket": self._sock,
            "peername": ("127.0.0.1", 1),
            "sockname": ("127.0.0.1", 2),
        }.get(name, default)

    def is_closing(self) -> bool:
        return False


def test_an_accepted_connection_gets_tcp_nodelay() -> None:
    # A socket made without IPPROTO_TCP (as uvicorn makes it for several workers) is the case
    # asyncio leaves alone.
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        with socket.create_connection(server.getsockname()) as client:
            accepted, _ = server.accept()
            with accepted:
                assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 0
                config = Config(app=lambda scope, receive, send: None, lifespan="off")
                config.load()
                loop = asyncio.new_event_loop()
                try:
                    protocol = NoDelayHTTPProtocol(
                        config=config, server_state=ServerState(), app_state={}, _loop=loop
                    )
                    protocol.connection_made(_Transport(accepted))
                finally:
                    loop.close()
                assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
                assert client.fileno() >= 0
