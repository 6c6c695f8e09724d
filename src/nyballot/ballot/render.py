"""A ballot as plain text, as JSON, and as a simple printable HTML page."""

from __future__ import annotations

import html
from dataclasses import asdict
from typing import Any

from nyballot.ballot.model import Ballot, Contest, Line


def ballot_dict(ballot: Ballot) -> dict[str, Any]:
    data = asdict(ballot)
    for contest in data["contests"]:
        for step in contest["steps"]:
            step["cite"] = f"§ {step['cite']}" if step["cite"][:1].isdigit() else step["cite"]
    for left in data["left_off"]:
        left["cite"] = f"§ {left['cite']}" if left["cite"][:1].isdigit() else left["cite"]
    return data


def _vote_for(c: Contest) -> str:
    return f"vote for {'not more than ' if c.seats > 1 else ''}{c.seats}"


def shown_cite(cite: str) -> str:
    return f"§ {cite}" if cite[:1].isdigit() else cite


WHAT_IF = "WHAT-IF: read under a bill that was never enacted; not a ballot any board prints."


def _heading(ballot: Ballot) -> str:
    if not ballot.printed:
        return f"NO PRIMARY BALLOT PRINTED - {ballot.party.upper()} PARTY"
    return f"OFFICIAL PRIMARY BALLOT - {ballot.party.upper()} PARTY"


def law_line(ballot: Ballot) -> str:
    """Which law the ballot is read under, and how it was chosen: every output's first line."""
    mark = "WHAT-IF " if ballot.what_if else ""
    return f"{mark}Law: {ballot.law} ({ballot.law_title}); {ballot.law_chosen}"


def render_text(ballot: Ballot, *, steps: bool = True) -> str:
    out = [law_line(ballot), _heading(ballot), ballot.place]
    if ballot.what_if:
        out.append(WHAT_IF)
    if ballot.seed:
        out.append(f"Drawing seed: {ballot.seed!r}")
    out.append(f"Input digest: sha256 {ballot.input_digest}")
    out.append("")
    for contest in ballot.contests:
        out.append(f"{contest.title} ({_vote_for(contest)})")
        for n, line in enumerate(contest.lines, start=1):
            out.append(f"  {n}. {line.printed}")
            for child in line.children:
                out.append(f"       {child.label}: {child.printed}")
        if contest.write_in:
            out.append("  [write-in] ______________________")
        if steps:
            out.append("  Why this order:")
            for i, step in enumerate(contest.steps, start=1):
                cite = f"   [{shown_cite(step.cite)}]" if step.cite else ""
                out.append(f"    {i}. {step.text}{cite}")
        out.append("")
    if ballot.left_off:
        out.append("Not on the ballot:")
        for left in ballot.left_off:
            out.append(f"  - {left.office}: {left.who}: {left.reason}   [{shown_cite(left.cite)}]")
        out.append("")
    for note in ballot.notes:
        out.append(f"Note: {note}")
    for note in ballot.unverified:
        out.append(f"Unverified: {note}")
    return "\n".join(out).rstrip("\n") + "\n"


def line_html(line: Line, number: int | None = None, child_ovals: bool = True) -> str:
    """One printed line: its designating number (if any), an oval, the name, and the names in
    its row: each with an oval where voted apart (delegates), none where voted jointly."""
    esc = html.escape
    oval = '<span class="oval"></span>'
    children = "".join(
        f'<div class="sub">{oval if child_ovals else ""}{esc(c.label)}: '
        f'<span class="name">{esc(c.printed)}</span></div>'
        for c in line.children
    )
    num = f'<span class="num">{number}</span>' if number is not None else ""
    return f'<li>{num}{oval}<span class="name">{esc(line.printed)}</span>{children}</li>'


def render_html(ballot: Ballot) -> str:
    """A one-file page: contests boxed, ovals to fill, the reasoning in a smaller print below."""
    e = html.escape
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Primary ballot - {e(ballot.party)} - {e(ballot.place)}</title>",
        "<style>",
        "body{font-family:Arial,Helvetica,sans-serif;margin:2em;max-width:48em}",
        "h1{font-size:1.3em;margin:0}p.meta{font-size:.85em;color:#333}",
        "section{border:3px solid #000;margin:1em 0;padding:.5em 1em;break-inside:avoid}",
        "h2{font-size:1.05em;margin:.2em 0;border-bottom:1px solid #000}",
        "ol{list-style:none;padding:0}li{margin:.4em 0}",
        ".name{font-weight:bold}.sub{margin-left:2.2em;font-size:.95em}",
        ".oval{display:inline-block;width:1.4em;height:.8em;border:2px solid #000;",
        "border-radius:50%;margin-right:.6em;vertical-align:middle}",
        "details{font-size:.8em;color:#333}.whatif{border:2px dashed #000;padding:.3em}",
        "@page{size:letter;margin:1.5cm}@media print{details{display:none}}",
        "</style></head><body>",
        f"<h1>{'Official primary ballot' if ballot.printed else 'No primary ballot printed'}"
        f" &mdash; {e(ballot.party)} party</h1>",
        f'<p class="meta">{e(ballot.place)}<br>Law: {e(ballot.law)} ({e(ballot.law_title)})'
        + (f"<br>Drawing seed: <code>{e(ballot.seed)}</code>" if ballot.seed else "")
        + f"<br>Input digest: sha256 <code>{e(ballot.input_digest)}</code></p>",
    ]
    if ballot.what_if:
        parts.append(f'<p class="whatif"><strong>{e(WHAT_IF)}</strong></p>')
    for contest in ballot.contests:
        lines = "".join(line_html(line) for line in contest.lines)
        write_in = (
            '<li><span class="oval"></span>write-in: ______________________</li>'
            if contest.write_in
            else ""
        )
        steps = "".join(
            f"<li>{e(s.text)}"
            + (f" <em>[{e(shown_cite(s.cite))}]</em>" if s.cite else "")
            + "</li>"
            for s in contest.steps
        )
        parts.append(
            f"<section><h2>{e(contest.title)} <small>({_vote_for(contest)})</small></h2>"
            f"<ol>{lines}{write_in}</ol>"
            f"<details><summary>Why this order</summary><ol>{steps}</ol></details></section>"
        )
    if ballot.left_off:
        items = "".join(
            f"<li>{e(left.office)}: {e(left.who)}: {e(left.reason)} "
            f"[{e(shown_cite(left.cite))}]</li>"
            for left in ballot.left_off
        )
        parts.append(f"<details><summary>Not on the ballot</summary><ul>{items}</ul></details>")
    notes = [*ballot.notes, *(f"Unverified: {n}" for n in ballot.unverified)]
    if notes:
        parts.append('<p class="meta">' + "<br>".join(e(n) for n in notes) + "</p>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
