"""A volume of petition sheets as HTML and PDF: the cover sheet, then the numbered sheets.

Each sheet prints the form's words from the law data (``nyballot.paper.rules``) with the
party, the election's day and the candidates filled in; numbered signature lines; the
statement of a witness (or of a notary); and at its foot the sheet's number within its volume
(§ 6-134(2)), its identity as a QR code a scan reads back (``nyballot.paper.model``), the
signing period and the number needed, the law it follows and the words marked unverified. The
PDF is laid out by WeasyPrint from the HTML (``nyballot.export.pdf``), as the ballot's proof is.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup, escape

from nyballot.paper.rules import Words
from nyballot.paper.sheet import Plan, ordinal

_PAGES = Environment(
    loader=PackageLoader("nyballot.paper", "templates"),
    autoescape=select_autoescape(["html"]),
)
# The other scripts' families only when a name needs them: looking each run of text up in
# them makes the PDF several times slower to lay out (a volume of 10 sheets: 42 s against 6 s).
FONTS = '"Noto Sans", sans-serif'
FONTS_EVERY_SCRIPT = (
    '"Noto Sans", "Noto Sans CJK SC", "Noto Sans Arabic", "Noto Sans Hebrew", sans-serif'
)
_TIGHT = re.compile(r"^[;,.)]")  # a passage that begins with punctuation follows a fill closely


@dataclass(frozen=True)
class Paragraph:
    """One paragraph of a form, ready to print. A line to sign on (``sign``) is captioned by
    its words and led by a short passage before it ("Date:"), if one stands alone."""

    html: Markup
    sign: bool = False
    lead: Markup = field(default_factory=Markup)


_LEAD = 12  # characters: a passage as short as "Date:" leads the line to sign on


def day(value: dt.date) -> str:
    return f"{value:%B} {value.day}, {value.year}"


def _piece(fill: str, value: str) -> str:
    if value:
        return f' <span class="fill">{escape(value)}</span>'
    wide = " wide" if fill in ("committee", "body", "emblem") else ""
    return f' <span class="blank{wide}"></span>'


def paragraphs(words: Words, values: Mapping[str, str]) -> list[Paragraph]:
    """The form's passages and fills as paragraphs: a fill given prints its value, a fill not
    given a line to write on; ``break`` starts a paragraph, ``sign`` a line to sign on."""
    out: list[tuple[list[str], bool, str]] = [([], False, "")]
    for piece in words.pieces:
        parts = out[-1][0]
        if piece.fill == "sign":
            text = "".join(parts)
            short = len(re.sub(r"<[^>]+>", "", text).strip()) <= _LEAD and not out[-1][1]
            if short and parts:
                out.pop()
            out.append(([], True, text.strip() if short else ""))
        elif piece.fill == "break":
            out.append(([], False, ""))
        elif piece.fill:
            parts.append(_piece(piece.fill, values.get(piece.fill, "")))
        else:
            sep = "" if _TIGHT.match(piece.words) else " "
            parts.append(f'{sep}<span class="law">{escape(piece.words)}</span>')
    return [
        Paragraph(Markup("".join(parts).strip()), sign, Markup(lead))
        for parts, sign, lead in out
        if parts or sign
    ]


def _values(plan: Plan) -> dict[str, str]:
    asked = plan.request
    election = plan.election.day
    return {
        "party": plan.party,
        "primary": day(election),
        "election": f"{ordinal(election.day)} day of {election:%B}, {election.year}",
        "body": asked.body or "",
        "emblem": asked.emblem or "",
        "committee": "; ".join(asked.committee),
    }


def _latin(text: str) -> bool:
    return all(ord(ch) < 0x0250 for ch in text)  # Latin letters and their accents only


def shown(cite: str) -> str:
    return cite if not cite[:1].isdigit() else f"§\u00a0{cite}"  # never parted from its number


def volume_html(plan: Plan) -> str:
    """The whole volume: its cover sheet (unless left out), then its sheets."""
    from nyballot.paper.qr import qr_data_uri

    words = plan.words
    values = _values(plan)
    foot_words = words.witness if plan.request.witness_statement == "witness" else words.notary
    left_off = words.notary if foot_words is words.witness else words.witness
    unverified = [u for u in words.unverified() if u is not left_off]
    forms = {
        "statement": paragraphs(words.statement, values),
        "foot": paragraphs(foot_words, values),
        "committee": paragraphs(words.committee, values) if words.committee else [],
    }
    codes = [qr_data_uri(identity.payload()) for identity in plan.identities]
    filled = [*values.values(), *(f"{c.name}{c.residence}" for c in plan.candidates), plan.office]
    return _PAGES.get_template("volume.html").render(
        fonts=FONTS if all(_latin(t) for t in filled) else FONTS_EVERY_SCRIPT,
        p=plan, r=plan.request, w=words, forms=forms, foot_words=foot_words, codes=codes,
        day=day, shown=shown, unverified=unverified, cover_note=cover_note(words.law),
    )  # fmt: skip


def cover_note(version: str) -> str:
    """What the law's coverage says of § 6-134 and cover sheets (the same words ``law
    coverage`` prints), so the cover sheet says which words were not found."""
    from nyballot.law.coverage_data import coverage_data

    section = coverage_data(version).sections.get("6-134")
    return section.note if section else ""


def volume_pdf(plan: Plan) -> bytes:
    from nyballot.export.pdf import html_to_pdf

    return html_to_pdf(volume_html(plan))
