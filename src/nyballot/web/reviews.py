"""The page of kept petition reviews (``/web/petitions``); each review's own page and its
override form are answered by ``nyballot.api.petitions`` with the review's JSON."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from nyballot.petitions import kept
from nyballot.web.render import render

router = APIRouter()


@router.get("/web/petitions", include_in_schema=False)
def review_index() -> HTMLResponse:
    """The kept reviews, newest first, linked to their pages."""
    from nyballot.voters.store import has_voter_file, opened
    from nyballot.voters.where import store_name

    if not has_voter_file(None):
        return render("petitions.html", reviews=[], store=store_name(None))
    with opened() as con:
        reviews = kept.listing(con)
    return render("petitions.html", reviews=reviews, store=store_name(None))
