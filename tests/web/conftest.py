"""Fixtures: the real server and Debian's headless Chromium, driven by Playwright.

The server is uvicorn on a free 127.0.0.1 port in a background thread, over SQLite in a
temporary folder. The browser is the system's Chromium (``scripts/chromium`` installs it);
Playwright never downloads one. Without Chromium the browser tests are skipped, except with
CI=true, where that is a failure.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, sync_playwright

from nyballot.api import create_app
from nyballot.filing.store import dispose_all

CHROMIUM = os.environ.get("NYBALLOT_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@contextmanager
def serving(app: Any) -> Iterator[str]:
    """Serve ``app`` with uvicorn on a free local port in a thread; yields its base URL."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off")
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not instance.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            pytest.fail("the web server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        instance.should_exit = True
        thread.join(10)
        sock.close()
        dispose_all()


@pytest.fixture(scope="session")
def serve() -> Callable[[Any], AbstractContextManager[str]]:
    """``serving``, for tests that serve an application of their own."""
    return serving


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The application served by uvicorn, as the real process serves it; yields its base URL."""
    folder: Path = tmp_path_factory.mktemp("web")
    with serving(create_app(f"sqlite:///{folder / 'web.sqlite3'}")) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        message = f"{CHROMIUM} not found (scripts/chromium installs Debian's chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{message}: CI must run the browser tests")
        pytest.skip(message)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    context = browser.new_context(base_url=server, viewport={"width": 1200, "height": 900})
    context.set_default_timeout(10_000)
    try:
        yield context.new_page()
    finally:
        context.close()
