"""The official ballot as § 7-106 describes it, and the proof a board checks before printing.

- ``official_html``: one page per ballot. The stub at the top carries "No. N" (§ 7-106(4)),
  parted from the ballot by a line of perforations; the endorsement (§ 7-106(5): the kind of
  election, county, district, ward where given, election district, the date, the
  commissioners' names; § 7-114(2)(a): the party); then the contests and candidates in the
  law's order, each name with one designating number. Nothing else is on the face: the law,
  the seed, the digest and the reasons are the proof's. A what-if ballot says so across its top,
  since no board prints one.
- ``proof_html``: the law and how it was chosen, the seed, the input digest, each contest's
  drawing steps with their citations, the readings taken, what is left off, the unverified
  words.

Both are laid out for US letter or legal paper; the type is sans serif (§ 7-104(1) speaks of
"sans serif print fonts") from the Noto families, which cover the scripts names are written in.
"""

from __future__ import annotations

import datetime as dt
import html
from collections.abc import Iterable

from nyballot.ballot.model import Ballot, Contest
from nyballot.ballot.render import WHAT_IF, law_line, line_html, shown_cite
from nyballot.errors import UsageError

PAPERS = ("letter", "legal")
FONTS = '"Noto Sans", "Noto Sans CJK SC", "Noto Sans Arabic", "Noto Sans Hebrew", sans-serif'
ENDORSED = ("county", "district", "election_district", "commissioners")


def _style(paper: str) -> str:
    return (
        f"@page{{size:{paper};margin:1.2cm}}"
        f"body{{font-family:{FONTS};font-size:11pt;margin:0}}"
        ".ballot{page-break-after:always}.ballot:last-child{page-break-after:auto}"
        ".stub{border-bottom:2px dashed #000;padding:.3em 0 .6em;margin-bottom:.8em;"
        "font-size:12pt}.endorsement{text-align:center;margin-bottom:1em}"
        ".endorsement p{margin:.15em 0}.title{font-size:15pt;font-weight:bold}"
        "section{border:2px solid #000;margin:.6em 0;padding:.3em .8em;break-inside:avoid}"
        "h2{font-size:12pt;margin:.1em 0;border-bottom:1px solid #000}"
        "ol{list-style:none;padding:0;margin:.3em 0}li{margin:.35em 0}"
        ".num{display:inline-block;width:2em;font-weight:bold}"
        ".oval{display:inline-block;width:1.3em;height:.75em;border:2px solid #000;"
        "border-radius:50%;margin-right:.5em;vertical-align:middle}"
        ".name{font-weight:bold}.sub{margin-left:4.3em}.note{font-size:9pt}"
        ".whatif{border:3px solid #000;padding:.3em;text-align:center;font-weight:bold}"
        "table{border-collapse:collapse}td{vertical-align:top;padding:.1em .4em}"
    )


def _page(title: str, paper: str, body: Iterable[str]) -> str:
    if paper not in PAPERS:
        raise UsageError(f"paper {paper[:20]!r}: one of {', '.join(PAPERS)}")
    head = (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{_style(paper)}</style></head><body>"
    )
    return head + "".join(body) + "</body></html>\n"


def missing_endorsement(ballot: Ballot) -> list[str]:
    """The keys of the ballot file the endorsement of § 7-106(5) needs and does not have."""
    gaps = [key for key in ENDORSED if not ballot.endorsement.get(key)]
    return gaps + ([] if ballot.date else ["date"])


def _check(ballot: Ballot) -> None:
    if not ballot.printed:
        raise UsageError(
            "the official ballot: no ballot is printed for this party (nothing contested)"
        )
    gaps = missing_endorsement(ballot)
    if gaps:
        raise UsageError(
            "the official ballot: its endorsement (§ 7-106(5)) needs "
            + ", ".join(f"'{g}'" for g in gaps)
            + " in the ballot file"
        )


def _endorsement(ballot: Ballot) -> str:
    e, esc = ballot.endorsement, html.escape
    day = dt.date.fromisoformat(ballot.date)
    rows = [
        '<p class="title">Official Ballot for Primary Election</p>',
        f"<p>{esc(ballot.party)} Party</p>",
        f"<p>County of {esc(e['county'])}</p>",
        f"<p>{esc(e['district'])}</p>",
        *([f"<p>{esc(e['ward'])}</p>"] if e.get("ward") else []),
        f"<p>Election District {esc(e['election_district'])}</p>",
        f"<p>{day:%B} {day.day}, {day.year}</p>",
        f"<p>{esc(', '.join(e['commissioners']))}, Commissioners of Elections</p>",
    ]
    return '<div class="endorsement">' + "".join(rows) + "</div>"


def _vote_for(c: Contest) -> str:
    return f"Vote for {'not more than ' if c.seats > 1 else ''}{'one' if c.seats == 1 else c.seats}"


def _contests(ballot: Ballot) -> str:
    parts = []
    number = 0
    for contest in ballot.contests:
        lines = []
        for line in contest.lines:
            number += 1
            lines.append(line_html(line, number, child_ovals=contest.kind == "president"))
        if contest.write_in:
            lines.append(
                '<li><span class="num"></span><span class="oval"></span>write-in ____</li>'
            )
        parts.append(
            f"<section><h2>{html.escape(contest.title)} "
            f'<span class="note">({_vote_for(contest)})</span></h2><ol>{"".join(lines)}</ol>'
            "</section>"
        )
    return "".join(parts)


def official_html(ballot: Ballot, numbers: Iterable[int], paper: str = "letter") -> str:
    """Numbered official ballots, one a page: the stub, the endorsement, the contests."""
    _check(ballot)
    whatif = f'<p class="whatif">{html.escape(WHAT_IF)}</p>' if ballot.what_if else ""
    face = _endorsement(ballot) + _contests(ballot)
    pages = (
        f'<div class="ballot"><div class="stub">No. {n}</div>{whatif}{face}</div>' for n in numbers
    )
    return _page(f"Official ballot - {ballot.party}", paper, pages)


def proof_html(ballot: Ballot, paper: str = "letter") -> str:
    """What a board checks and the voter never sees: the law, the seed, every step."""
    esc = html.escape
    body = [
        f"<h1>Proof of the primary ballot: {esc(ballot.party)}, {esc(ballot.place)}</h1>",
        f"<p>{esc(law_line(ballot))}</p>",
        *([f'<p class="whatif">{esc(WHAT_IF)}</p>'] if ballot.what_if else []),
        f"<p>Seed of the drawing: <code>{esc(ballot.seed or '(none)')}</code><br>"
        f"Input digest: sha256 <code>{esc(ballot.input_digest)}</code></p>",
    ]
    for contest in ballot.contests:
        steps = "".join(
            f"<li>{esc(s.text)}" + (f" [{esc(shown_cite(s.cite))}]" if s.cite else "") + "</li>"
            for s in contest.steps
        )
        body.append(f"<section><h2>{esc(contest.title)}</h2><ol>{steps}</ol></section>")
    lists = [
        ("Not on the ballot", [f"{x.office}: {x.who}: {x.reason} [{shown_cite(x.cite)}]"
                               for x in ballot.left_off]),
        ("Readings and notes", ballot.notes),
        ("Unverified words", ballot.unverified),
    ]  # fmt: skip
    for title, items in lists:
        if items:
            body.append(f"<h2>{title}</h2><ul>" + "".join(f"<li>{esc(i)}</li>" for i in items))
            body.append("</ul>")
    return _page(f"Proof - {ballot.party}", paper, body)
