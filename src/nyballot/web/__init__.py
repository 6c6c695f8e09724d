"""The web interface, served by the API's own process: the HTML pages.

``router`` carries them; ``create_app`` is the site: the API (``nyballot.api.create_app``) with
these pages and their error pages added (the pages know the API; the API never the pages). The
calendar files the pages link to are part of the JSON API (``nyballot.api.downloads``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import Response

from nyballot.api.app import create_app as create_api
from nyballot.web import (
    calendars,
    coverage,
    desk,
    desk_reviews,
    elections,
    keying,
    overlays,
    pages,
    reference,
    reviews,
    static,
    tools,
)  # fmt: skip

router = APIRouter()
router.include_router(overlays.router)
router.include_router(pages.router)
router.include_router(coverage.router)
router.include_router(calendars.router)
router.include_router(reference.router)
router.include_router(tools.router)
router.include_router(reviews.router)
router.include_router(elections.router)
router.include_router(static.router)
router.include_router(desk.router)
router.include_router(desk_reviews.router)
router.include_router(keying.router)


class _Pages:
    """The pages as the API's error handlers see them (``nyballot.api.errors.Pages``)."""

    router = router
    uploads = desk_reviews.UPLOADS
    scans = keying.UPLOADS

    def is_page(self, request: Request) -> bool:
        return pages.is_page(request)

    def error_page_for(
        self, status: int, message: str, headers: Mapping[str, str] | None = None
    ) -> Response:
        return pages.error_page_for(status, message, headers)


PAGES = _Pages()


def create_app(database: str | None = None, *args: Any, **options: Any) -> FastAPI:
    """The site over one database: the API, its pages and their error pages (the options are
    ``nyballot.api.create_app``'s)."""
    return create_api(database, *args, pages=PAGES, **options)


__all__ = ["PAGES", "create_app", "router"]
