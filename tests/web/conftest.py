"""Fixtures: the real server and Debian's headless Chromium, driven by Playwright.

The server is uvicorn on a free 127.0.0.1 port in a background thread, over SQLite in a
temporary folder. The browser is the system's Chromium (``scripts/chromium`` installs it);
Playwright never downloads one. Without Chromium the browser tests are skipped, except with
CI=true, where that is a failure.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from desk.conftest import db_url  # noqa: F401 (a book on SQLite, then on PostgreSQL)
from petitions.conftest import golden_store, store  # noqa: F401 (the golden voter store)
from playwright.sync_api import Browser, Page, sync_playwright

from nyballot.filing.desk import Desk
from nyballot.filing.store import dispose_all
from nyballot.web import create_app
from nyballot.web.local import serve_locally

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


@pytest.fixture(scope="session")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """The application served by uvicorn, as the real process serves it, over a fresh desk;
    yields its base URL and a supervisor's token (a clerk's that may also enter late)."""
    folder: Path = tmp_path_factory.mktemp("web")
    url = f"sqlite:///{folder / 'web.sqlite3'}"
    token = Desk(url).create_token("Ann Clerk", "supervisor")
    try:
        with serve_locally(create_app(url)) as base:
            yield base, token
    finally:
        dispose_all()


@pytest.fixture(scope="session")
def server(served: tuple[str, str]) -> str:
    return served[0]


@pytest.fixture(scope="session")
def desk_token(served: tuple[str, str]) -> str:
    return served[1]


@pytest.fixture(scope="session")
def serve() -> Callable[[Any], AbstractContextManager[str]]:
    """``serve_locally``, for tests that serve an application of their own."""
    return serve_locally


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


WIDTHS = {"desktop": {"width": 1200, "height": 900}, "phone": {"width": 390, "height": 844}}
SHOTS = Path(os.environ.get("NYBALLOT_FAILED_SHOTS", "test-screenshots"))


@pytest.fixture(scope="session")
def pages(browser: Browser, server: str) -> Iterator[dict[str, Page]]:
    """One page per width (desktop, phone), shared by the tests that only read."""
    contexts = {
        name: browser.new_context(base_url=server, viewport=size) for name, size in WIDTHS.items()
    }
    try:
        opened = {}
        for name, context in contexts.items():
            context.set_default_timeout(10_000)
            opened[name] = context.new_page()
        yield opened
    finally:
        for context in contexts.values():
            context.close()


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    context = browser.new_context(base_url=server, viewport=WIDTHS["desktop"])
    context.set_default_timeout(10_000)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failing browser test saves what the browser showed, for looking at afterwards."""
    report = yield
    if report.when == "call" and report.failed:
        funcargs = getattr(item, "funcargs", {})
        shown = [funcargs["page"]] if "page" in funcargs else []
        shown += list(funcargs.get("pages", {}).values())
        SHOTS.mkdir(exist_ok=True)
        for n, open_page in enumerate(shown):
            name = "".join(c if c.isalnum() else "-" for c in item.name)[:120]
            try:
                open_page.screenshot(path=str(SHOTS / f"{name}-{n}.png"), full_page=True)
            except Exception:  # a screenshot must not hide the failure
                continue
    return report
