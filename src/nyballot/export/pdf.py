"""PDF from the same HTML the pages serve, so a printed document never drifts from the page.

WeasyPrint lays the HTML out with its own CSS engine (``@page`` rules and a print stylesheet
apply); it needs the system's Pango library, which ``scripts/chromium`` installs beside the
browser. Nothing is fetched: a resource that is not inline (a ``data:`` URL) is skipped.
"""

from __future__ import annotations

from nyballot.errors import UsageError


def html_to_pdf(html: str) -> bytes:
    """The PDF rendering of ``html`` (a whole document), as bytes."""
    try:
        from weasyprint import HTML
        from weasyprint.urls import URLFetcher
    except OSError as exc:  # the Pango library is missing
        raise UsageError(
            f"PDF output needs the system's Pango library ({exc}); install it with "
            "'apt-get install libpango-1.0-0 libpangoft2-1.0-0' (scripts/chromium does)"
        ) from exc
    document = HTML(string=html, url_fetcher=URLFetcher(allowed_protocols=["data"]))
    pdf: bytes = document.write_pdf()
    return pdf
