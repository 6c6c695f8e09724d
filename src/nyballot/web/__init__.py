"""The web interface, served by the API's own process: HTML pages and calendar downloads.

``router`` carries both; ``nyballot.api.create_app`` includes it ahead of its own routes, so
``/calendar/{year}.ics`` is matched before ``/calendar/{year}``.
"""

from __future__ import annotations

from fastapi import APIRouter

from nyballot.web import downloads, pages

router = APIRouter()
router.include_router(downloads.router)
router.include_router(pages.router)

__all__ = ["router"]
