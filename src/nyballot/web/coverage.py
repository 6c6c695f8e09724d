"""/web/coverage: the coverage checklist of a law version, as a printable page."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from nyballot.errors import NyballotError
from nyballot.export.coverage import SHORT, totals_line
from nyballot.law.coverage import STATUS_WORDS, coverage
from nyballot.law.loader import load_law
from nyballot.law.subdivisions import cite_of, with_sign
from nyballot.web.pages import Text, error_page
from nyballot.web.render import render

router = APIRouter(include_in_schema=False)


@router.get("/web/coverage", response_class=HTMLResponse)
def coverage_page(law: Text = None) -> HTMLResponse:
    """Every subdivision of the shipped texts of a version (?law=, default current), in statute
    order, with the rules that encode it or the reason none does."""
    try:
        report = coverage(law or "current")
    except NyballotError as exc:
        return error_page(exc)
    return render(
        "coverage.html",
        report=report,
        versions=list(load_law().versions.values()),
        totals=report.totals(),
        sections=[
            {"section": s.section, "totals": report.totals(s.section)} for s in report.sections
        ],
        statuses=[s for s in STATUS_WORDS if s != "unexplained"],
        totals_line=totals_line(report),
        short=SHORT,
        words=STATUS_WORDS,
        sign=lambda section: with_sign(cite_of(section, ())),
        with_sign=with_sign,
    )
