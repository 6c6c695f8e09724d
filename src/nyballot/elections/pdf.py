"""An election's calendar as PDF: its text, laid out by the calendar's PDF writer."""

from __future__ import annotations

from html import escape

from nyballot.export.pdf import html_to_pdf


def text_pdf(text: str) -> bytes:
    html = (
        "<!doctype html><html><head><meta charset='utf-8'><style>"
        "@page{size:letter;margin:0.6in}pre{font:9pt monospace;white-space:pre-wrap}"
        f"</style></head><body><pre>{escape(text)}</pre></body></html>"
    )
    return html_to_pdf(html)
