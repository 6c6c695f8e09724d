"""The API docs page in a real Chromium with the internet cut off: it needs nothing else, and
the server's Content-Security-Policy refuses nothing on it."""

from __future__ import annotations

from playwright.sync_api import Page, Route


def test_the_docs_page_works_without_internet(page: Page, server: str) -> None:
    refused: list[str] = []

    def local_only(route: Route) -> None:
        if route.request.url.startswith(server):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    page.route("**/*", local_only)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto("/docs")
    assert page.locator("h1").inner_text() == "nyballot 0.1.0 API"
    assert page.locator("section h3", has_text="/book/verify").count() == 1
    assert refused == [] and not [e for e in errors if "Content Security Policy" in e]
