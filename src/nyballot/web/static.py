"""The pages' own static files (the font and its licence, the few small scripts), served by the
same process, so that no page asks another site for anything.

    /web/static/fonts/{name}     a file of nyballot/web/static/fonts (woff2, its licence)
    /web/static/scripts/{name}   a script of nyballot/web/static/scripts (every page works without)
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

from fastapi import APIRouter
from fastapi.responses import Response

from nyballot.filing.errors import NotFoundError
from nyballot.web.pages import error_page

router = APIRouter(include_in_schema=False)

FONTS = files("nyballot.web") / "static" / "fonts"
SCRIPTS = files("nyballot.web") / "static" / "scripts"
TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".woff2": "font/woff2",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
}
# The files never change within a release: a browser may keep them a day.
CACHE = "public, max-age=86400"


@router.get("/web/static/fonts/{name}", response_model=None)
def font(name: str) -> Response:
    """One font file or its licence, by name; any other name is not found."""
    return _served(FONTS, name, (".woff2", ".txt", ".md"))


@router.get("/web/static/scripts/{name}", response_model=None)
def script(name: str) -> Response:
    """One of the pages' scripts, by name."""
    return _served(SCRIPTS, name, (".js",))


def _served(folder: Traversable, name: str, suffixes: tuple[str, ...]) -> Response:
    suffix = name[name.rfind(".") :] if "." in name else ""
    item = folder / name
    if "/" in name or name.startswith(".") or suffix not in suffixes or not item.is_file():
        return error_page(NotFoundError(f"no static file '{name[:60]}'"))
    return Response(item.read_bytes(), media_type=TYPES[suffix], headers={"Cache-Control": CACHE})
