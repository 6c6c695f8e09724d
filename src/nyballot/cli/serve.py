"""nyballot serve: the HTTP API (calendar, explain, holidays, and the filing desk)."""

from __future__ import annotations

import errno
import ipaddress
import socket
from typing import Any

import click

from nyballot.errors import UsageError


def _check_port(host: str, port: int) -> None:
    """Refuse, in one line, a port another program already listens on."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise UsageError(f"--host '{host}': {exc.strerror}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise UsageError(
                    f"--port {port}: already in use on {host} (another server is running "
                    "there); stop it or choose another port"
                ) from None
            raise UsageError(
                f"--host {host} --port {port}: cannot listen ({exc.strerror})"
            ) from None


def _proxy(value: str) -> str:
    """A proxy's address or network, as uvicorn matches it against the peer."""
    try:
        return str(ipaddress.ip_network(value.strip(), strict=False))
    except ValueError:
        raise UsageError(
            f"--trusted-proxy '{value[:60]}': expected an IP address or network, e.g. "
            "127.0.0.1 or 10.0.0.0/24"
        ) from None


def proxy_settings(trusted: tuple[str, ...]) -> dict[str, Any]:
    """uvicorn's settings for X-Forwarded-For: read only from the proxies named (uvicorn by
    itself trusts loopback, so any program on the host, or a proxy passing the client's own
    header on, could give every request a new address and escape the rate limit)."""
    if not trusted:
        return {"proxy_headers": False, "forwarded_allow_ips": ""}
    return {"proxy_headers": True, "forwarded_allow_ips": ",".join(_proxy(t) for t in trusted)}


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "--db",
    envvar="NYBALLOT_DATABASE_URL",
    metavar="URL",
    help="Database URL (default: $NYBALLOT_DATABASE_URL or sqlite:///nyballot.sqlite3).",
)
@click.option(
    "--voters-db",
    envvar="NYBALLOT_VOTERS_DB",
    metavar="PATH|URL",
    help="The voter store petition reviews read (default: $NYBALLOT_VOTERS_DB or "
    "./nyballot-voters.duckdb).",
)
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64))
@click.option(
    "--rate-limit",
    default=20.0,
    show_default=True,
    type=click.FloatRange(0),
    help="Requests a second per client address, in bursts of 100 (0: no limit); over it, 429.",
)
@click.option(
    "--page-cache",
    default=32,
    show_default=True,
    type=click.IntRange(0, 4096),
    metavar="MIB",
    help="Megabytes of the book's public pages (/book, /due, /web/book, /web/due) kept per "
    "worker and answered again until the book changes (0: none).",
)
@click.option(
    "--review-workers",
    default=1,
    show_default=True,
    type=click.IntRange(1, 16),
    help="Worker processes reviewing the public's petitions at once (a clerk's token's reviews "
    "have a worker of their own).",
)
@click.option(
    "--review-queue",
    default=3,
    show_default=True,
    type=click.IntRange(0, 100),
    help="The public's reviews that may wait for a worker; past them, 503 with Retry-After.",
)
@click.option(
    "--access-log",
    metavar="FILE",
    help="Append a Common Log Format line per request to FILE ('-': standard error).",
)
@click.option(
    "--trusted-proxy",
    "trusted_proxies",
    multiple=True,
    metavar="ADDR",
    help="A reverse proxy whose X-Forwarded-For names the client (an address or network; "
    "repeatable). None by default: the peer's own address is the client's.",
)
@click.option(
    "--signing-key",
    "key",
    envvar="NYBALLOT_SIGNING_KEY",
    metavar="FILE|env:NAME",
    help="The board's signing key: a PEM file (nyballot desk signing-key --new), or env:NAME, a "
    "variable holding it (default: $NYBALLOT_SIGNING_KEY). Without it records are unsigned.",
)
def serve(
    host: str,
    port: int,
    db: str | None,
    voters_db: str | None,
    workers: int,
    rate_limit: float,
    page_cache: int,
    review_workers: int,
    review_queue: int,
    access_log: str | None,
    trusted_proxies: tuple[str, ...],
    key: str | None,
) -> None:
    """Serve the HTTP API (OpenAPI document at /openapi.json, docs at /docs)."""
    import os

    import uvicorn

    if db:
        os.environ["NYBALLOT_DATABASE_URL"] = db
    if voters_db:
        os.environ["NYBALLOT_VOTERS_DB"] = voters_db  # the server's workers read it
    os.environ["NYBALLOT_RATE_LIMIT"] = str(rate_limit)
    os.environ["NYBALLOT_PAGE_CACHE"] = str(page_cache)
    os.environ["NYBALLOT_REVIEW_WORKERS"] = str(review_workers)
    os.environ["NYBALLOT_REVIEW_QUEUE"] = str(review_queue)
    if access_log:
        if access_log != "-":
            open(access_log, "a").close()  # a path that cannot be written fails here, in one line
        os.environ["NYBALLOT_ACCESS_LOG"] = access_log
    from nyballot.api.tcp import IDLE_SECONDS, GuardedHTTPProtocol, served_by
    from nyballot.filing.store import database_url, engine_for
    from nyballot.urls import shown
    from nyballot.voters.where import store_name

    proxies = proxy_settings(trusted_proxies)
    signing = "records unsigned (no --signing-key)"
    if key:
        from nyballot.filing.keys import load_key

        signing = f"signing with key {load_key(key).id}"
        os.environ["NYBALLOT_SIGNING_KEY"] = key
    _check_port(host, port)
    engine_for(db)  # create and migrate before the first request
    click.echo(
        f"nyballot: serving http://{host}:{port}/ (API docs at /docs; {served_by()}) on "
        f"{shown(database_url(db))}, {signing}, voter store {store_name()}; Ctrl-C stops it",
        err=True,
    )
    uvicorn.run(
        "nyballot.web.main:app",
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        access_log=False,
        http=GuardedHTTPProtocol,
        timeout_keep_alive=int(IDLE_SECONDS),
        **proxies,
    )
