"""The web interface, served by the API's own process: the HTML pages.

``router`` carries them; ``nyballot.api.create_app`` includes it. The calendar files the pages
link to are part of the JSON API (``nyballot.api.downloads``).
"""

from __future__ import annotations

from fastapi import APIRouter

from nyballot.web import calendars, coverage, desk, pages, reference, static, tools

router = APIRouter()
router.include_router(pages.router)
router.include_router(coverage.router)
router.include_router(calendars.router)
router.include_router(reference.router)
router.include_router(tools.router)
router.include_router(static.router)
router.include_router(desk.router)

__all__ = ["router"]
